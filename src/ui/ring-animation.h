/* ring-animation.h: the ring all-reduce animation widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-frame.h"
#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_ANIMATION (ring_animation_get_type ())

G_DECLARE_FINAL_TYPE (RingAnimation, ring_animation, RING, ANIMATION, GtkWidget)

/* Properties: "model" (RingModel), "speed" (0.25 … 8, default 1), "playing" (training
 * steps back to back), "running" (read-only: the animation is moving, whatever started
 * it), "steps-completed" (read-only: whole training steps played), "phase-label"
 * (read-only: "Scatter-reduce 3 / 7"). */

GtkWidget *ring_animation_new                 (RingModel     *model);

RingModel *ring_animation_get_model           (RingAnimation *self);
void       ring_animation_set_model           (RingAnimation *self,
                                               RingModel     *model);
double     ring_animation_get_speed           (RingAnimation *self);
void       ring_animation_set_speed           (RingAnimation *self,
                                               double         speed);
gboolean   ring_animation_get_playing         (RingAnimation *self);
void       ring_animation_set_playing         (RingAnimation *self,
                                               gboolean       playing);
gboolean   ring_animation_get_running         (RingAnimation *self);
guint      ring_animation_get_steps_completed (RingAnimation *self);
const char *ring_animation_get_phase_label    (RingAnimation *self);
/* The frame the widget draws now: what a text beside it explains. */
void       ring_animation_get_frame           (RingAnimation *self,
                                               RingFrame     *frame);

/* One whole training step: compute, the 2 (N − 1) ring steps, the averaged gradient; then
 * it stops. Mid-step, it finishes the step under way. */
void       ring_animation_run_training_step   (RingAnimation *self);
/* Training steps back to back, until paused. */
void       ring_animation_play                (RingAnimation *self);
void       ring_animation_pause               (RingAnimation *self);
/* Plays exactly one ring step and holds there (from idle, the compute phase is skipped). */
void       ring_animation_ring_step           (RingAnimation *self);
/* Holds at the start of the ring step under way, or of the one before. */
void       ring_animation_previous_ring_step  (RingAnimation *self);
/* Stops, empties the buffers and sets steps-completed back to 0. */
void       ring_animation_reset               (RingAnimation *self);

G_END_DECLS
