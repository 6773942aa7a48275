/* ring-animation-draw.h: one frame of the ring all-reduce animation, drawn onto any cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "ring-frame.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* Up to this many GPUs every gradient chunk of every GPU is drawn; up to
 * RING_ANIMATION_MAX_NODE_GPUS each GPU is a dot; beyond, the ring is an aggregate band whose
 * cost does not depend on N. */
#define RING_ANIMATION_MAX_CHUNK_GPUS 32
#define RING_ANIMATION_MAX_NODE_GPUS  1024

/* Paints the background of @width × @height (none when its alpha is 0) and the whole
 * frame; every colour comes from @style. Costs O(N) up to RING_ANIMATION_MAX_NODE_GPUS and O(1)
 * in N beyond. */
void   ring_animation_draw                 (cairo_t         *cr,
                                            double           width,
                                            double           height,
                                            const RingFrame *frame,
                                            const RingStyle *style);

/* The link a click at (@x, @y) of the frame @ring_animation_draw() would draw means: the
 * ring's link from GPU I to GPU I + 1 (near it on the ring, or on GPU I), or in the other
 * algorithms' circle GPU I (its links are link I); G_MAXUINT elsewhere, and where GPUs are
 * drawn otherwise (the trees). @cr only measures text. */
guint  ring_animation_draw_link_at         (cairo_t         *cr,
                                            double           width,
                                            double           height,
                                            const RingFrame *frame,
                                            const RingStyle *style,
                                            double           x,
                                            double           y);

G_END_DECLS
