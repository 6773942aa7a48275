/* ring-step-clock.c: the training-step clock of the ring animation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include "ring-schedule.h"
#include "ring-simulation.h"
#include "ring-step-clock.h"

/* A step plays in TARGET_STEP_S split in proportion to the model's compute and
 * all-reduce times, so a communication-bound cluster visibly spends its step in the ring.
 * Floors keep each phase watchable; the ring's steps share their phase as the simulation
 * timed them; steps shorter than a frame are sampled. The speed divides all of it. */
#define TARGET_STEP_S       6.0
#define MAX_STEP_S          8.0
#define MIN_COMPUTE_S       0.5
#define MIN_RING_STEP_S     0.25
#define MAX_RING_FLOOR_S    4.0
/* One GPU has no ring phase; its compute phase alone. */
#define SINGLE_GPU_STEP_S   2.0
/* ring_step_clock_ring_step() shows one step for at least this long. */
#define SINGLE_RING_STEP_S  0.5
/* While playing, the averaged gradient stays on screen this long before the next step. */
#define DONE_PAUSE_S        1.0
/* Ring steps faster than this per second are sampled, not eased one by one. */
#define COLLAPSED_STEPS_PER_S 20.0

struct _RingStepClock
{
  /* The algorithm's schedule and its steps' times; NULL: the ring's, steps alike. */
  RingSimulation   *simulation;
  guint             n_gpus;
  double            compute_time_s;       /* the model's */
  double            allreduce_time_s;
  double            compute_duration_s;   /* on screen, at 1× */
  double            ring_duration_s;

  double            speed;
  RingStepClockMode mode;
  RingFramePhase    phase;
  /* Compute: 0 … 1. Ring: ring steps done, 0 … 2 (N − 1), fractional mid-step.
   * Done: seconds the result has been shown. */
  double            position;
  guint             ring_step_target;
  guint             steps_completed;
};

/* What a caller can see, taken before a change to report what the change did. */
typedef struct
{
  RingFrame frame;
  gboolean  playing;
  gboolean  running;
  guint     steps_completed;
} Observed;

/* Durations */

static guint
n_ring_steps (const RingStepClock *self)
{
  if (self->simulation != NULL)
    return ring_simulation_get_n_steps (self->simulation);

  return ring_schedule_n_steps (self->n_gpus);
}

/* How far through the ring phase the end of step @step is, 0 … 1. */
static double
ring_share_at_end (const RingStepClock *self,
                   guint                step)
{
  guint n_steps = n_ring_steps (self);
  double total;

  if (step + 1 >= n_steps)
    return 1.0;
  if (self->simulation == NULL
      || !((total = ring_simulation_get_allreduce_s (self->simulation)) > 0))
    return (step + 1.0) / n_steps;

  return ring_simulation_get_step_end_s (self->simulation, step) / total;
}

/* The ring phase's share at @position (ring steps over, fractional), and back. */
static double
ring_share_at (const RingStepClock *self,
               double               position)
{
  guint step = (guint) floor (position);
  double start;

  if (position <= 0)
    return 0;
  if (step >= n_ring_steps (self))
    return 1;

  start = step > 0 ? ring_share_at_end (self, step - 1) : 0;

  return start + (position - step) * (ring_share_at_end (self, step) - start);
}

static double
ring_position_at (const RingStepClock *self,
                  double               share)
{
  guint n_steps = n_ring_steps (self);
  guint low = 0, high = n_steps;
  double start, end;

  if (share <= 0)
    return 0;
  if (share >= 1)
    return n_steps;

  /* The first step that ends after @share. */
  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (ring_share_at_end (self, middle) <= share)
        low = middle + 1;
      else
        high = middle;
    }
  start = low > 0 ? ring_share_at_end (self, low - 1) : 0;
  end = ring_share_at_end (self, low);

  return low + (end > start ? (share - start) / (end - start) : 0);
}

/* How long step @step lasts on screen at 1×. */
static double
ring_step_duration (const RingStepClock *self,
                    guint                step)
{
  double start = step > 0 ? ring_share_at_end (self, step - 1) : 0;

  return (ring_share_at_end (self, step) - start) * self->ring_duration_s;
}

static void
update_durations (RingStepClock *self)
{
  guint n_steps = n_ring_steps (self);
  double compute_s = self->compute_time_s;
  double allreduce_s = self->allreduce_time_s;
  double ring_floor_s, total_s;

  if (n_steps == 0)
    {
      self->compute_duration_s = SINGLE_GPU_STEP_S;
      self->ring_duration_s = 0;
      return;
    }

  if (!(compute_s > 0) || !isfinite (compute_s))
    compute_s = 0;
  if (!(allreduce_s > 0) || !isfinite (allreduce_s))
    allreduce_s = 0;
  total_s = compute_s + allreduce_s;
  if (!(total_s > 0))
    {
      compute_s = allreduce_s = 1;
      total_s = 2;
    }

  ring_floor_s = MIN (n_steps * MIN_RING_STEP_S, MAX_RING_FLOOR_S);
  self->compute_duration_s = TARGET_STEP_S * compute_s / total_s;
  self->ring_duration_s = TARGET_STEP_S * allreduce_s / total_s;
  if (self->ring_duration_s < ring_floor_s)
    {
      self->ring_duration_s = ring_floor_s;
      self->compute_duration_s = allreduce_s > 0
                                   ? MIN (ring_floor_s * compute_s / allreduce_s,
                                          MAX_STEP_S - ring_floor_s)
                                   : MAX_STEP_S - ring_floor_s;
    }
  self->compute_duration_s = MAX (self->compute_duration_s, MIN_COMPUTE_S);
}

/* Ring steps a second around step @step, on screen at 1×. */
static double
ring_steps_per_second (const RingStepClock *self,
                       guint                step)
{
  double step_s = ring_step_duration (self, MIN (step, MAX (n_ring_steps (self), 1) - 1));

  if (self->mode == RING_STEP_CLOCK_RING_STEP)
    step_s = MAX (step_s, SINGLE_RING_STEP_S);

  return 1.0 / MAX (step_s, 1e-9);
}

/* Changes */

static void
observe (const RingStepClock *self,
         Observed            *observed)
{
  ring_step_clock_get_frame (self, &observed->frame);
  observed->playing = ring_step_clock_get_playing (self);
  observed->running = ring_step_clock_get_running (self);
  observed->steps_completed = self->steps_completed;
}

static gboolean
frame_equal (const RingFrame *a,
             const RingFrame *b)
{
  return a->n_gpus == b->n_gpus
         && a->simulation == b->simulation
         && a->phase == b->phase
         && a->step == b->step
         && a->progress == b->progress
         && a->collapsed == b->collapsed
         && a->compute_time_s == b->compute_time_s
         && a->allreduce_time_s == b->allreduce_time_s;
}

static RingStepClockChanges
changes_since (const RingStepClock *self,
               const Observed      *before)
{
  RingStepClockChanges changes = RING_STEP_CLOCK_NO_CHANGE;
  Observed now;

  observe (self, &now);

  if (!frame_equal (&before->frame, &now.frame))
    changes |= RING_STEP_CLOCK_FRAME_CHANGED;
  if (now.steps_completed > before->steps_completed)
    changes |= RING_STEP_CLOCK_STEP_COMPLETED;
  else if (now.steps_completed < before->steps_completed)
    changes |= RING_STEP_CLOCK_COUNT_RESET;
  if (now.playing != before->playing)
    changes |= RING_STEP_CLOCK_PLAYING_CHANGED;
  if (now.running != before->running)
    changes |= RING_STEP_CLOCK_RUNNING_CHANGED;

  return changes;
}

/* The state machine */

static void
start_training_step (RingStepClock *self)
{
  self->phase = RING_FRAME_COMPUTE;
  self->position = 0;
}

static void
finish_training_step (RingStepClock *self)
{
  self->phase = RING_FRAME_DONE;
  self->position = 0;
  self->steps_completed++;

  if (self->mode != RING_STEP_CLOCK_PLAY)
    self->mode = RING_STEP_CLOCK_HOLD;
}

static void
enter_ring_phase (RingStepClock *self)
{
  if (n_ring_steps (self) == 0)
    {
      finish_training_step (self);
      return;
    }

  self->phase = RING_FRAME_RING_STEP;
  self->position = 0;
}

static void
advance (RingStepClock *self,
         double         seconds)
{
  double remaining = MAX (seconds, 0.0) * self->speed;
  guint n_steps = n_ring_steps (self);

  /* Each turn of the loop finishes a phase or uses up the time; the bound only guards
   * against a bug turning this into a busy loop. */
  for (guint turn = 0;
       remaining > 0 && self->mode != RING_STEP_CLOCK_HOLD && turn < 100000;
       turn++)
    {
      switch (self->phase)
        {
        case RING_FRAME_IDLE:
          start_training_step (self);
          break;

        case RING_FRAME_COMPUTE:
          {
            double left_s = (1 - self->position) * self->compute_duration_s;

            if (remaining < left_s)
              {
                self->position += remaining / self->compute_duration_s;
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                enter_ring_phase (self);
              }
          }
          break;

        case RING_FRAME_RING_STEP:
          {
            gboolean one_step = self->mode == RING_STEP_CLOCK_RING_STEP;
            guint target = one_step ? self->ring_step_target : n_steps;
            double steps_per_s = ring_steps_per_second (self, target - 1);
            double left_s;

            /* One step alone runs at its own pace; a stream of them at each one's. */
            if (one_step)
              left_s = (target - self->position) / steps_per_s;
            else
              left_s = (1 - ring_share_at (self, self->position)) * self->ring_duration_s;

            if (remaining < left_s)
              {
                if (one_step)
                  self->position += remaining * steps_per_s;
                else
                  self->position = ring_position_at (self, ring_share_at (self, self->position)
                                                           + remaining / self->ring_duration_s);
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                self->position = target;
                if (target >= n_steps)
                  finish_training_step (self);
                else
                  self->mode = RING_STEP_CLOCK_HOLD;
              }
          }
          break;

        case RING_FRAME_DONE:
          if (self->mode != RING_STEP_CLOCK_PLAY)
            {
              self->mode = RING_STEP_CLOCK_HOLD;
            }
          else if (remaining < DONE_PAUSE_S - self->position)
            {
              self->position += remaining;
              remaining = 0;
            }
          else
            {
              remaining -= DONE_PAUSE_S - self->position;
              start_training_step (self);
            }
          break;

        default:
          g_assert_not_reached ();
        }
    }
}

/* Public API */

RingStepClock *
ring_step_clock_new (void)
{
  RingStepClock *self = g_new0 (RingStepClock, 1);

  self->speed = 1.0;
  self->mode = RING_STEP_CLOCK_HOLD;
  self->phase = RING_FRAME_IDLE;
  ring_step_clock_load_model (self, NULL);

  return self;
}

void
ring_step_clock_free (RingStepClock *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->simulation, ring_simulation_unref);
  g_free (self);
}

static RingStepClockChanges
set_ring (RingStepClock  *self,
          guint           n_gpus,
          double          compute_time_s,
          double          allreduce_time_s,
          RingSimulation *simulation)
{
  Observed before;

  observe (self, &before);

  g_clear_pointer (&self->simulation, ring_simulation_unref);
  if (simulation != NULL && ring_simulation_get_n_steps (simulation) > 0)
    self->simulation = ring_simulation_ref (simulation);
  self->n_gpus = MAX (n_gpus, 1);
  self->compute_time_s = compute_time_s;
  self->allreduce_time_s = allreduce_time_s;
  update_durations (self);

  /* A step under way restarts from its compute phase with the new ring: its schedule and
   * its times belonged to the old one. A single ring step has nothing left to finish. */
  if (self->mode == RING_STEP_CLOCK_RING_STEP)
    self->mode = RING_STEP_CLOCK_HOLD;

  if (self->mode != RING_STEP_CLOCK_HOLD)
    {
      start_training_step (self);
    }
  else
    {
      self->phase = RING_FRAME_IDLE;
      self->position = 0;
    }

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_set_ring (RingStepClock *self,
                          guint          n_gpus,
                          double         compute_time_s,
                          double         allreduce_time_s)
{
  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  return set_ring (self, n_gpus, compute_time_s, allreduce_time_s, NULL);
}

void
ring_step_clock_model_times (RingModel *model,
                             double    *compute_time_s,
                             double    *allreduce_time_s)
{
  const RingResult *result;
  RingSimulation *simulation;

  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (compute_time_s != NULL && allreduce_time_s != NULL);

  result = ring_model_get_result (model);
  simulation = ring_model_get_simulation (model);
  /* A single collective starts with its buffer ready: no compute to play. */
  *compute_time_s = result->collective ? 0 : result->compute_time_s;
  *allreduce_time_s = result->allreduce_time_s;

  /* The model's all-reduce is as much slower as the simulation finds the slow link
   * makes it; the compute phase is the slow GPU's. */
  if (simulation != NULL)
    {
      guint slow_gpu = ring_simulation_get_slow_gpu (simulation, NULL);

      if (slow_gpu != G_MAXUINT && !result->collective)
        *compute_time_s = ring_simulation_get_compute_s (simulation, slow_gpu);
    }
}

RingStepClockChanges
ring_step_clock_load_model (RingStepClock *self,
                            RingModel     *model)
{
  double compute_s, allreduce_s;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), RING_STEP_CLOCK_NO_CHANGE);

  if (model == NULL)
    return set_ring (self, (guint) ring_param_info (RING_PARAM_GPUS)->default_value, 0, 0,
                     NULL);

  ring_step_clock_model_times (model, &compute_s, &allreduce_s);

  return set_ring (self, ring_model_get_value (model, RING_PARAM_GPUS), compute_s, allreduce_s,
                   ring_model_get_simulation (model));
}

RingStepClockChanges
ring_step_clock_set_speed (RingStepClock *self,
                           double         speed)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);
  g_return_val_if_fail (speed > 0 && isfinite (speed), RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);
  self->speed = speed;

  /* Only whether ring steps are sampled can change: the frame says so. */
  return changes_since (self, &before);
}

double
ring_step_clock_get_speed (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, 1.0);

  return self->speed;
}

guint
ring_step_clock_get_n_gpus (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, 1);

  return self->n_gpus;
}

double
ring_step_clock_get_compute_duration (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->compute_duration_s;
}

double
ring_step_clock_get_ring_duration (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->ring_duration_s;
}

RingStepClockMode
ring_step_clock_get_mode (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_HOLD);

  return self->mode;
}

gboolean
ring_step_clock_get_playing (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->mode == RING_STEP_CLOCK_PLAY;
}

gboolean
ring_step_clock_get_running (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->mode != RING_STEP_CLOCK_HOLD;
}

guint
ring_step_clock_get_steps_completed (const RingStepClock *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->steps_completed;
}

void
ring_step_clock_get_frame (const RingStepClock *self,
                           RingFrame           *frame)
{
  guint n_steps;

  g_return_if_fail (self != NULL);
  g_return_if_fail (frame != NULL);

  n_steps = n_ring_steps (self);
  ring_frame_init (frame, self->n_gpus);
  frame->simulation = self->simulation;
  frame->phase = self->phase;
  frame->compute_time_s = self->compute_time_s;
  frame->allreduce_time_s = self->allreduce_time_s;

  switch (self->phase)
    {
    case RING_FRAME_COMPUTE:
      frame->progress = CLAMP (self->position, 0.0, 1.0);
      break;

    case RING_FRAME_RING_STEP:
      if (n_steps == 0)
        {
          frame->phase = RING_FRAME_DONE;
          break;
        }
      frame->step = MIN ((guint) floor (self->position), n_steps - 1);
      frame->progress = CLAMP (self->position - frame->step, 0.0, 1.0);
      frame->collapsed = ring_steps_per_second (self, frame->step) * self->speed
                         > COLLAPSED_STEPS_PER_S;
      break;

    case RING_FRAME_IDLE:
    case RING_FRAME_DONE:
    default:
      break;
    }
}

RingStepClockChanges
ring_step_clock_run_training_step (RingStepClock *self)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);

  if (self->phase == RING_FRAME_IDLE || self->phase == RING_FRAME_DONE)
    start_training_step (self);
  self->mode = RING_STEP_CLOCK_TRAINING_STEP;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_play (RingStepClock *self)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);

  /* Playing from a finished step shows a new one; a step under way plays on. */
  if (self->phase == RING_FRAME_IDLE
      || (self->phase == RING_FRAME_DONE && self->mode != RING_STEP_CLOCK_PLAY))
    start_training_step (self);
  self->mode = RING_STEP_CLOCK_PLAY;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_pause (RingStepClock *self)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);
  self->mode = RING_STEP_CLOCK_HOLD;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_ring_step (RingStepClock *self)
{
  guint n_steps;
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  n_steps = n_ring_steps (self);
  if (n_steps == 0)
    return ring_step_clock_run_training_step (self);

  observe (self, &before);

  if (self->phase != RING_FRAME_RING_STEP)
    {
      /* The gradients are taken as computed: the ring starts now. */
      self->phase = RING_FRAME_RING_STEP;
      self->position = 0;
    }

  self->ring_step_target = MIN ((guint) floor (self->position) + 1, n_steps);
  self->mode = RING_STEP_CLOCK_RING_STEP;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_previous_ring_step (RingStepClock *self)
{
  guint n_steps;
  double back_to;
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);
  n_steps = n_ring_steps (self);
  self->mode = RING_STEP_CLOCK_HOLD;

  if (self->phase == RING_FRAME_DONE && n_steps > 0)
    back_to = n_steps - 1;
  else if (self->phase == RING_FRAME_RING_STEP)
    back_to = ceil (self->position) - 1;
  else
    back_to = -1;

  if (back_to < 0)
    {
      self->phase = RING_FRAME_IDLE;
      self->position = 0;
    }
  else
    {
      self->phase = RING_FRAME_RING_STEP;
      self->position = back_to;
    }

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_reset (RingStepClock *self)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);

  self->mode = RING_STEP_CLOCK_HOLD;
  self->phase = RING_FRAME_IDLE;
  self->position = 0;
  self->steps_completed = 0;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_advance (RingStepClock *self,
                         double         seconds)
{
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);
  advance (self, seconds);

  return changes_since (self, &before);
}
