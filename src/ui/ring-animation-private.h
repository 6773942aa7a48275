/* ring-animation-private.h: test hooks of the animation widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-animation.h"
#include "ring-animation-draw.h"

G_BEGIN_DECLS

/* Moves the animation's clock on by @seconds of wall time, exactly as frame-clock ticks
 * would (the speed applies). */
void     _ring_animation_advance             (RingAnimation *self,
                                              double         seconds);
/* TRUE while a tick callback is installed. */
gboolean _ring_animation_is_ticking          (RingAnimation *self);
/* Wall-clock seconds of one training step at 1×, compute and ring phases. */
double   _ring_animation_get_compute_duration (RingAnimation *self);
double   _ring_animation_get_ring_duration    (RingAnimation *self);
/* How many times the widget has drawn a frame (snapshots; repaints of a cached one do not
 * count). */
guint    _ring_animation_get_draw_count       (RingAnimation *self);

/* How many times the widget's cache has drawn the static parts of its frames. */
guint    _ring_animation_get_cache_builds     (RingAnimation *self);
/* How many frames it drew in place, their static parts not drawn yet. */
guint    _ring_animation_get_cache_direct     (RingAnimation *self);
/* TRUE while the parameters move with nothing playing: frames are drawn without the
 * cache until they rest. */
gboolean _ring_animation_get_moving           (RingAnimation *self);
/* What the parameters coming to rest does at once: asks the cache's worker for the
 * planes of the frames drawn without the cache while they moved. FALSE if they were not
 * moving (nothing playing, changed less than a rest ago). */
gboolean _ring_animation_settle               (RingAnimation *self);
/* Waits for the static parts its cache's worker is drawing ahead. */
void     _ring_animation_wait_prepared        (RingAnimation *self);

G_END_DECLS
