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

/* What a widget keeps between frames: the parts of a frame that do not move (node boxes,
 * links, GPU cards, labels, the legend), drawn once per size, scale, style, parameters and
 * phase, and the step's transfers, read once per step. */
typedef struct _RingAnimationCache RingAnimationCache;

RingAnimationCache *ring_animation_cache_new             (void);
void                ring_animation_cache_free            (RingAnimationCache *cache);
/* Pixels per unit of the planes when the target is not an image surface but, as in a
 * GTK snapshot, a recording replayed later at the widget's scale factor; an image
 * target's own device scale is used otherwise. */
void                ring_animation_cache_set_scale_factor (RingAnimationCache *cache,
                                                           double              scale_factor);
/* With @prepare_ahead, as a playing widget wants it: the static parts of the phase that
 * follows the frame's are drawn on a worker thread while this one plays, and a frame whose
 * parts are not ready yet draws everything in place rather than stop to build them, so no
 * frame pays for a whole build. Without it (the default) a frame builds what it lacks. */
void                ring_animation_cache_set_prepare_ahead (RingAnimationCache *cache,
                                                            gboolean            prepare_ahead);
/* For tests and benchmarks: waits until the worker has drawn what was asked of it; the
 * next frame takes it. */
void                ring_animation_cache_wait_prepared   (RingAnimationCache *cache);
/* For tests and benchmarks: frames drawn in place because their planes were not ready. */
guint               ring_animation_cache_get_n_direct    (const RingAnimationCache *cache);
/* Forgets everything: the next frame draws the static parts again. */
void                ring_animation_cache_invalidate      (RingAnimationCache *cache);
/* For tests: how many times the static parts were drawn, the parts that change once a
 * step, and steps' transfers read. */
guint               ring_animation_cache_get_n_builds    (const RingAnimationCache *cache);
guint               ring_animation_cache_get_n_step_builds (const RingAnimationCache *cache);
guint               ring_animation_cache_get_n_walks     (const RingAnimationCache *cache);

/* The frame ring_animation_draw() draws, the same within antialiasing, at the cost of the
 * moving parts alone while @cache's key holds. @cr's user space must be its target's
 * pixels (a device scale and offset are fine); @cache NULL draws directly. */
void   ring_animation_draw_cached          (cairo_t            *cr,
                                            double              width,
                                            double              height,
                                            const RingFrame    *frame,
                                            const RingStyle    *style,
                                            RingAnimationCache *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingAnimationCache, ring_animation_cache_free)

G_END_DECLS
