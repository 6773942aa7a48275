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

/* Every chunk up to the first, a dot a GPU up to the second, then one band. */
#define RING_ANIMATION_MAX_CHUNK_GPUS 32
#define RING_ANIMATION_MAX_NODE_GPUS  1024

/* The background (none when its alpha is 0) and the frame, in @style's colours. */
void   ring_animation_draw                 (cairo_t         *cr,
                                            double           width,
                                            double           height,
                                            const RingFrame *frame,
                                            const RingStyle *style);

/* Link I (what GPU I sends) under (@x, @y), or G_MAXUINT; @cr only measures text. */
guint  ring_animation_draw_link_at         (cairo_t         *cr,
                                            double           width,
                                            double           height,
                                            const RingFrame *frame,
                                            const RingStyle *style,
                                            double           x,
                                            double           y);

/* What does not move, drawn once per size, scale, style, parameters and phase, and the
 * step's transfers, read once per step. */
typedef struct _RingAnimationCache RingAnimationCache;

RingAnimationCache *ring_animation_cache_new             (void);
void                ring_animation_cache_free            (RingAnimationCache *cache);
/* For a target that is not an image (a GTK snapshot's recording). */
void                ring_animation_cache_set_scale_factor (RingAnimationCache *cache,
                                                           double              scale_factor);
/* The next phase's planes and the next step's step planes drawn on a worker thread; a
 * frame whose planes are not ready draws in place instead of building them. */
void                ring_animation_cache_set_prepare_ahead (RingAnimationCache *cache,
                                                            gboolean            prepare_ahead);
/* With prepare-ahead, asks the worker for what ring_animation_draw_cached() of @frame at
 * @width × @height (a recording's user space, at the cache's scale factor) would ask it
 * for, drawing nothing: the frame's planes, the next phase's and the next step's. For a
 * caller that drew a frame without the cache while its parameters kept changing. */
void                ring_animation_cache_prepare         (RingAnimationCache *cache,
                                                          double              width,
                                                          double              height,
                                                          const RingFrame    *frame,
                                                          const RingStyle    *style);
/* Tests and benchmarks. */
void                ring_animation_cache_wait_prepared   (RingAnimationCache *cache);
guint               ring_animation_cache_get_n_direct    (const RingAnimationCache *cache);
void                ring_animation_cache_invalidate      (RingAnimationCache *cache);
/* Tests. */
guint               ring_animation_cache_get_n_builds    (const RingAnimationCache *cache);
guint               ring_animation_cache_get_n_step_builds (const RingAnimationCache *cache);
guint               ring_animation_cache_get_n_step_prepared (const RingAnimationCache *cache);
guint               ring_animation_cache_get_n_walks     (const RingAnimationCache *cache);

/* ring_animation_draw() within antialiasing, at the moving parts' cost while @cache's key
 * holds. @cr's user space is its target's pixels; @cache NULL draws directly. */
void   ring_animation_draw_cached          (cairo_t            *cr,
                                            double              width,
                                            double              height,
                                            const RingFrame    *frame,
                                            const RingStyle    *style,
                                            RingAnimationCache *cache);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingAnimationCache, ring_animation_cache_free)

G_END_DECLS
