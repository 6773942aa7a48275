/* ring-step-clock.h: the clock of the ring animation, which plays one training step of a
 * model in a few seconds of wall time: the step room's timeline to scale, each bucket's
 * collective playing its schedule's steps in its own stretch of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ring-model.h"
#include "ring-frame.h"

G_BEGIN_DECLS

/* A widget feeds the clock the wall time and turns the changes it reports into
 * notifications and redraws; it needs GLib and the model, never cairo. */

typedef enum
{
  RING_STEP_CLOCK_HOLD,           /* nothing moves */
  RING_STEP_CLOCK_TRAINING_STEP,  /* to the end of this training step */
  RING_STEP_CLOCK_PLAY,
  RING_STEP_CLOCK_RING_STEP,      /* to the end of this ring step */
} RingStepClockMode;

/* What one call changed. */
typedef enum
{
  RING_STEP_CLOCK_NO_CHANGE       = 0,
  RING_STEP_CLOCK_FRAME_CHANGED   = 1 << 0,
  RING_STEP_CLOCK_STEP_COMPLETED  = 1 << 1,
  RING_STEP_CLOCK_COUNT_RESET     = 1 << 2,
  RING_STEP_CLOCK_PLAYING_CHANGED = 1 << 3,  /* entered or left PLAY */
  RING_STEP_CLOCK_RUNNING_CHANGED = 1 << 4,  /* entered or left HOLD */
} RingStepClockChanges;

typedef struct _RingStepClock RingStepClock;

/* Held, the default ring size, no model times, at 1×. */
RingStepClock       *ring_step_clock_new                  (void);
void                 ring_step_clock_free                 (RingStepClock *self);

/* The model's seconds (negative or non-finite: 0); a step under way restarts. */
RingStepClockChanges ring_step_clock_set_ring             (RingStepClock *self,
                                                           guint          n_gpus,
                                                           double         compute_time_s,
                                                           double         allreduce_time_s);
/* The slowest GPU's compute and the model's all-reduce. */
void                 ring_step_clock_model_times          (RingModel     *model,
                                                           double        *compute_time_s,
                                                           double        *allreduce_time_s);
/* With @model's GPUs, schedule, simulation and times; NULL: the defaults. */
RingStepClockChanges ring_step_clock_load_model           (RingStepClock *self,
                                                           RingModel     *model);
/* @speed > 0 divides every duration. */
RingStepClockChanges ring_step_clock_set_speed            (RingStepClock *self,
                                                           double         speed);

double               ring_step_clock_get_speed            (const RingStepClock *self);
guint                ring_step_clock_get_n_gpus           (const RingStepClock *self);
/* Wall-clock seconds at 1×: compute alone, and a collective in flight. */
double               ring_step_clock_get_compute_duration (const RingStepClock *self);
double               ring_step_clock_get_ring_duration    (const RingStepClock *self);
RingStepClockMode    ring_step_clock_get_mode             (const RingStepClock *self);
gboolean             ring_step_clock_get_playing          (const RingStepClock *self);
/* Unless HOLD: the clock wants the wall time. */
gboolean             ring_step_clock_get_running          (const RingStepClock *self);
guint                ring_step_clock_get_steps_completed  (const RingStepClock *self);
void                 ring_step_clock_get_frame            (const RingStepClock *self,
                                                           RingFrame           *frame);

/* One whole training step, then hold; mid-step, it finishes the step under way. */
RingStepClockChanges ring_step_clock_run_training_step    (RingStepClock *self);
/* Training steps back to back, until paused. */
RingStepClockChanges ring_step_clock_play                 (RingStepClock *self);
RingStepClockChanges ring_step_clock_pause                (RingStepClock *self);
/* Exactly one step of a collective's schedule, then hold (from compute, the next
 * collective starts; one GPU has no ring, so it runs its training step). */
RingStepClockChanges ring_step_clock_ring_step            (RingStepClock *self);
/* Holds at the start of the ring step under way, or of the one before when it stands
 * between two (the previous collective's last); before the first, idle. The steps
 * completed stay. */
RingStepClockChanges ring_step_clock_previous_ring_step   (RingStepClock *self);
/* Hold, idle, steps completed back to 0. */
RingStepClockChanges ring_step_clock_reset                (RingStepClock *self);
/* Moves the clock on by @seconds of wall time (the speed applies), across as many phases
 * as they cover. */
RingStepClockChanges ring_step_clock_advance              (RingStepClock *self,
                                                           double         seconds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingStepClock, ring_step_clock_free)

G_END_DECLS
