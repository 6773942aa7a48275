/* ring-step-clock.c: the training-step clock of the ring animation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include "ring-parallelism.h"
#include "ring-schedule.h"
#include "ring-simulation.h"
#include "ring-step-clock.h"

/* A training step plays the step room's timeline (ring_step_timeline()) to scale in
 * TARGET_STEP_S: compute alone, and each collective with its schedule's steps shared as the
 * simulation timed them. Without that timeline (no model, one GPU, a single collective) it
 * plays compute, then one all-reduce, in proportion, with floors that keep each watchable.
 * Steps shorter than a frame are sampled; the speed divides all of it. */
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

/* A stretch of the step: compute alone, or one collective (compute may run beside it). */
typedef struct
{
  double          start_s;        /* in the model's step */
  double          end_s;
  double          screen_s;       /* at 1× */
  gboolean        collective;
  RingSegmentKind kind;           /* a collective's */
  guint           index;
  guint           count;
  guint           first_step;     /* the schedule's steps it plays */
  guint           n_steps;
} Act;

struct _RingStepClock
{
  /* The algorithm's schedule and its steps' times; NULL: the ring's, steps alike. */
  RingSimulation   *simulation;
  GArray           *segments;             /* the step room's; NULL: compute, then one */
  GArray           *acts;
  guint             n_gpus;
  double            compute_time_s;       /* the model's */
  double            allreduce_time_s;
  double            step_time_s;
  double            compute_end_s;        /* where the compute stream ends */
  double            exposed_s;
  guint             n_buckets;
  RingSharding      sharding;
  double            compute_duration_s;   /* on screen, at 1× */
  double            ring_duration_s;

  double            speed;
  RingStepClockMode mode;
  RingFramePhase    phase;
  guint             act;
  /* Compute: 0 … 1 through the act. Ring: the schedule's steps done, fractional mid-step,
   * within the act's. Done: seconds the result has been shown. */
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

static const Act *
act_at (const RingStepClock *self,
        guint                i)
{
  return &g_array_index (self->acts, Act, MIN (i, self->acts->len - 1));
}

static const Act *
current_act (const RingStepClock *self)
{
  return act_at (self, self->act);
}

/* How far through the whole schedule the end of step @step is, 0 … 1. */
static double
schedule_share_at_end (const RingStepClock *self,
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

/* How far through @act's steps the end of step @step is, 0 … 1. */
static double
ring_share_at_end (const Act           *act,
                   const RingStepClock *self,
                   guint                step)
{
  double start, end;

  if (step + 1 >= act->first_step + act->n_steps)
    return 1.0;
  start = act->first_step > 0 ? schedule_share_at_end (self, act->first_step - 1) : 0;
  end = schedule_share_at_end (self, act->first_step + act->n_steps - 1);
  if (!(end > start))
    return (step + 1.0 - act->first_step) / act->n_steps;

  return (schedule_share_at_end (self, step) - start) / (end - start);
}

/* @act's share at @position (steps over, fractional), and back. */
static double
ring_share_at (const Act           *act,
               const RingStepClock *self,
               double               position)
{
  guint step = (guint) floor (position);
  double start;

  if (position <= act->first_step)
    return 0;
  if (step >= act->first_step + act->n_steps)
    return 1;

  start = step > act->first_step ? ring_share_at_end (act, self, step - 1) : 0;

  return start + (position - step) * (ring_share_at_end (act, self, step) - start);
}

static double
ring_position_at (const Act           *act,
                  const RingStepClock *self,
                  double               share)
{
  guint low = act->first_step, high = act->first_step + act->n_steps;
  double start, end;

  if (share <= 0)
    return act->first_step;
  if (share >= 1)
    return high;

  /* The first step that ends after @share. */
  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      if (ring_share_at_end (act, self, middle) <= share)
        low = middle + 1;
      else
        high = middle;
    }
  start = low > act->first_step ? ring_share_at_end (act, self, low - 1) : 0;
  end = ring_share_at_end (act, self, low);

  return low + (end > start ? (share - start) / (end - start) : 0);
}

/* How long step @step of @act lasts on screen at 1×. */
static double
ring_step_duration (const Act           *act,
                    const RingStepClock *self,
                    guint                step)
{
  double start = step > act->first_step ? ring_share_at_end (act, self, step - 1) : 0;

  return (ring_share_at_end (act, self, step) - start) * act->screen_s;
}

/* Compute, then one all-reduce: in proportion, with floors. */
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

static void
add_act (RingStepClock *self,
         const Act     *act)
{
  if (act->screen_s > 0)
    g_array_append_val (self->acts, *act);
}

static void
build_plain_acts (RingStepClock *self)
{
  double compute_s = isfinite (self->compute_time_s) ? MAX (self->compute_time_s, 0) : 0;
  double allreduce_s = isfinite (self->allreduce_time_s) ? MAX (self->allreduce_time_s, 0) : 0;

  update_durations (self);
  add_act (self, &(Act) { 0, compute_s, self->compute_duration_s });
  add_act (self, &(Act) { compute_s, compute_s + allreduce_s, self->ring_duration_s, TRUE,
                          RING_SEGMENT_ALLREDUCE, 0, 1, 0, n_ring_steps (self) });
  self->step_time_s = compute_s + allreduce_s;
  self->exposed_s = allreduce_s;
  self->n_buckets = 1;
}

/* The schedule's steps a collective plays: an all-reduce all of them; a reduce-scatter the
 * first half of its phases, an all-gather the rest (the ring: scatter-reduce, all-gather). */
static void
collective_steps (const RingStepClock *self,
                  RingSegmentKind      kind,
                  guint               *first_step,
                  guint               *n_steps)
{
  guint total = n_ring_steps (self), split = total / 2;

  if (self->simulation != NULL)
    {
      const RingSchedule *schedule = ring_simulation_get_schedule (self->simulation);
      guint n_phases = ring_schedule_get_n_phases (schedule);

      split = n_phases > 1 ? ring_schedule_get_phase (schedule, n_phases / 2)->first_step : 0;
    }

  *first_step = 0;
  *n_steps = total;
  if (split == 0 || kind == RING_SEGMENT_ALLREDUCE)
    return;
  if (kind == RING_SEGMENT_REDUCE_SCATTER)
    *n_steps = split;
  else
    {
      *first_step = split;
      *n_steps = total - split;
    }
}

static gint
compare_start (gconstpointer a,
               gconstpointer b)
{
  const RingStepSegment *x = a, *y = b;

  return (x->start_s > y->start_s) - (x->start_s < y->start_s);
}

/* The step room's segments as acts: each collective (its hidden and exposed pieces one),
 * compute alone between them, all to scale. */
static void
build_timeline_acts (RingStepClock *self)
{
  g_autoptr(GArray) comms = g_array_new (FALSE, FALSE, sizeof (RingStepSegment));
  double t = 0, end_s = 0, scale;

  for (guint i = 0; i < self->segments->len; i++)
    {
      const RingStepSegment *segment = &g_array_index (self->segments, RingStepSegment, i);

      end_s = MAX (end_s, segment->end_s);
      if (segment->kind != RING_SEGMENT_FORWARD && segment->kind != RING_SEGMENT_BACKWARD)
        g_array_append_val (comms, *segment);
      else
        self->compute_end_s = MAX (self->compute_end_s, segment->end_s);
    }
  g_array_sort (comms, compare_start);
  self->step_time_s = end_s;
  scale = end_s > 0 ? TARGET_STEP_S / end_s : 0;

  for (guint i = 0; i < comms->len; i++)
    {
      const RingStepSegment *piece = &g_array_index (comms, RingStepSegment, i);
      Act act = { piece->start_s, piece->end_s, 0, TRUE, piece->kind, piece->index,
                  piece->count };
      gboolean exposed = piece->exposed;

      /* The pieces of one collective follow each other, hidden and exposed in turn. */
      while (i + 1 < comms->len)
        {
          const RingStepSegment *next = &g_array_index (comms, RingStepSegment, i + 1);

          if (next->kind != piece->kind || next->index != piece->index
              || next->count != piece->count || next->exposed == exposed
              || next->start_s > act.end_s)
            break;
          act.end_s = next->end_s;
          exposed = next->exposed;
          i++;
        }

      if (act.start_s > t)
        add_act (self, &(Act) { t, act.start_s, (act.start_s - t) * scale });
      collective_steps (self, act.kind, &act.first_step, &act.n_steps);
      act.screen_s = (act.end_s - act.start_s) * scale;
      add_act (self, &act);
      t = MAX (t, act.end_s);
    }
  if (end_s > t)
    add_act (self, &(Act) { t, end_s, (end_s - t) * scale });

  self->compute_duration_s = self->ring_duration_s = 0;
  for (guint i = 0; i < self->acts->len; i++)
    {
      const Act *act = act_at (self, i);

      if (act->collective)
        self->ring_duration_s += act->screen_s;
      else
        self->compute_duration_s += act->screen_s;
    }
}

/* Ring steps a second around step @step of the act under way, on screen at 1×. */
static double
ring_steps_per_second (const RingStepClock *self,
                       guint                step)
{
  const Act *act = current_act (self);
  double step_s = ring_step_duration (act, self,
                                      CLAMP (step, act->first_step,
                                             act->first_step + MAX (act->n_steps, 1) - 1));

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
         && a->allreduce_time_s == b->allreduce_time_s
         && a->segments == b->segments
         && a->time_s == b->time_s
         && a->collective == b->collective
         && a->bucket == b->bucket
         && a->computing == b->computing
         && a->compute_kind == b->compute_kind;
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
enter_act (RingStepClock *self)
{
  const Act *act = current_act (self);

  self->phase = act->collective ? RING_FRAME_RING_STEP : RING_FRAME_COMPUTE;
  self->position = act->collective ? act->first_step : 0;
}

static void
start_training_step (RingStepClock *self)
{
  self->act = 0;
  enter_act (self);
}

static void
finish_training_step (RingStepClock *self)
{
  self->phase = RING_FRAME_DONE;
  self->position = 0;
  self->act = self->acts->len - 1;
  self->steps_completed++;

  if (self->mode != RING_STEP_CLOCK_PLAY)
    self->mode = RING_STEP_CLOCK_HOLD;
}

static void
next_act (RingStepClock *self)
{
  if (self->act + 1 >= self->acts->len)
    {
      finish_training_step (self);
      return;
    }

  self->act++;
  enter_act (self);
}

static void
advance (RingStepClock *self,
         double         seconds)
{
  double remaining = MAX (seconds, 0.0) * self->speed;

  /* Each turn of the loop finishes an act or uses up the time; the bound only guards
   * against a bug turning this into a busy loop. */
  for (guint turn = 0;
       remaining > 0 && self->mode != RING_STEP_CLOCK_HOLD && turn < 1000000;
       turn++)
    {
      const Act *act = current_act (self);

      switch (self->phase)
        {
        case RING_FRAME_IDLE:
          start_training_step (self);
          break;

        case RING_FRAME_COMPUTE:
          {
            double left_s = (1 - self->position) * act->screen_s;

            if (remaining < left_s)
              {
                self->position += remaining / act->screen_s;
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                next_act (self);
              }
          }
          break;

        case RING_FRAME_RING_STEP:
          {
            gboolean one_step = self->mode == RING_STEP_CLOCK_RING_STEP;
            guint end = act->first_step + act->n_steps;
            guint target = one_step ? self->ring_step_target : end;
            double steps_per_s = ring_steps_per_second (self, target - 1);
            double left_s;

            /* One step alone runs at its own pace; a stream of them at each one's. */
            if (one_step)
              left_s = (target - self->position) / steps_per_s;
            else
              left_s = (1 - ring_share_at (act, self, self->position)) * act->screen_s;

            if (remaining < left_s)
              {
                if (one_step)
                  self->position += remaining * steps_per_s;
                else
                  self->position = ring_position_at (act, self,
                                                     ring_share_at (act, self, self->position)
                                                     + remaining / act->screen_s);
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                self->position = target;
                if (target >= end)
                  next_act (self);
                if (one_step)
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

  self->acts = g_array_new (FALSE, FALSE, sizeof (Act));
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
  g_clear_pointer (&self->segments, g_array_unref);
  g_clear_pointer (&self->acts, g_array_unref);
  g_free (self);
}

/* @segments: the step room's timeline of the step (NULL: compute, then one all-reduce). */
static RingStepClockChanges
set_ring (RingStepClock  *self,
          guint           n_gpus,
          double          compute_time_s,
          double          allreduce_time_s,
          RingSimulation *simulation,
          GArray         *segments)
{
  Observed before;

  observe (self, &before);

  g_clear_pointer (&self->simulation, ring_simulation_unref);
  g_clear_pointer (&self->segments, g_array_unref);
  if (simulation != NULL && ring_simulation_get_n_steps (simulation) > 0)
    self->simulation = ring_simulation_ref (simulation);
  self->n_gpus = MAX (n_gpus, 1);
  self->compute_time_s = compute_time_s;
  self->allreduce_time_s = allreduce_time_s;

  g_array_set_size (self->acts, 0);
  self->compute_end_s = 0;
  if (segments != NULL && n_ring_steps (self) > 0)
    {
      self->segments = g_array_ref (segments);
      build_timeline_acts (self);
    }
  if (self->acts->len == 0)
    {
      g_clear_pointer (&self->segments, g_array_unref);
      build_plain_acts (self);
    }
  if (self->acts->len == 0)
    add_act (self, &(Act) { 0, 0, SINGLE_GPU_STEP_S });

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
      self->act = 0;
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

  return set_ring (self, n_gpus, compute_time_s, allreduce_time_s, NULL, NULL);
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
  const RingParams *params;
  g_autoptr(GArray) segments = NULL;
  RingStepClockChanges changes;
  double compute_s, allreduce_s;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), RING_STEP_CLOCK_NO_CHANGE);

  if (model == NULL)
    return set_ring (self, (guint) ring_param_info (RING_PARAM_GPUS)->default_value, 0, 0,
                     NULL, NULL);

  ring_step_clock_model_times (model, &compute_s, &allreduce_s);
  params = ring_model_get_params (model);
  /* The frontier job's step is the pipeline's, which the step room's timeline is not. */
  if (!ring_model_get_result (model)->collective && !ring_parallelism_is_active (params))
    segments = ring_step_segments (params);

  self->sharding = params->sharding;
  /* With a layout the ring is the DP group's (ring_cost_evaluate_simulated()). */
  changes = set_ring (self, ring_parallelism_data (params), compute_s,
                      allreduce_s, ring_model_get_simulation (model), segments);
  if (self->segments != NULL)
    {
      const RingResult *result = ring_model_get_result (model);

      self->exposed_s = result->exposed_comm_s;
      self->n_buckets = result->n_buckets;
    }

  return changes;
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

/* The compute segment running at @time_s, or NULL. */
static const RingStepSegment *
compute_at (const RingStepClock *self,
            double               time_s)
{
  if (self->segments == NULL)
    return NULL;

  for (guint i = 0; i < self->segments->len; i++)
    {
      const RingStepSegment *segment = &g_array_index (self->segments, RingStepSegment, i);

      if ((segment->kind == RING_SEGMENT_FORWARD || segment->kind == RING_SEGMENT_BACKWARD)
          && segment->start_s <= time_s && time_s < segment->end_s)
        return segment;
    }

  return NULL;
}

void
ring_step_clock_get_frame (const RingStepClock *self,
                           RingFrame           *frame)
{
  const Act *act;
  const RingStepSegment *computing;

  g_return_if_fail (self != NULL);
  g_return_if_fail (frame != NULL);

  act = current_act (self);
  ring_frame_init (frame, self->n_gpus);
  frame->simulation = self->simulation;
  frame->phase = self->phase;
  frame->compute_time_s = self->compute_time_s;
  frame->allreduce_time_s = self->allreduce_time_s;
  frame->segments = self->segments;
  frame->step_time_s = self->step_time_s;
  frame->exposed_s = self->exposed_s;
  frame->n_buckets = self->n_buckets;
  frame->sharding = self->sharding;

  switch (self->phase)
    {
    case RING_FRAME_COMPUTE:
      frame->progress = CLAMP (self->position, 0.0, 1.0);
      frame->time_s = act->start_s + frame->progress * (act->end_s - act->start_s);
      /* The gradients fill in over the whole compute stream, not each stretch of it. */
      if (self->segments != NULL && self->compute_end_s > 0)
        frame->progress = CLAMP (frame->time_s / self->compute_end_s, 0.0, 1.0);
      break;

    case RING_FRAME_RING_STEP:
      if (act->n_steps == 0)
        {
          frame->phase = RING_FRAME_DONE;
          frame->time_s = self->step_time_s;
          break;
        }
      frame->step = MIN ((guint) floor (self->position), act->first_step + act->n_steps - 1);
      frame->progress = CLAMP (self->position - frame->step, 0.0, 1.0);
      frame->collapsed = ring_steps_per_second (self, frame->step) * self->speed
                         > COLLAPSED_STEPS_PER_S;
      frame->time_s = act->start_s + ring_share_at (act, self, self->position)
                                     * (act->end_s - act->start_s);
      frame->collective = act->kind;
      frame->bucket = act->index;
      frame->bucket_count = act->count;
      break;

    case RING_FRAME_DONE:
      frame->time_s = self->step_time_s;
      break;

    case RING_FRAME_IDLE:
    default:
      break;
    }

  computing = frame->phase == RING_FRAME_COMPUTE || frame->phase == RING_FRAME_RING_STEP
              ? compute_at (self, frame->time_s) : NULL;
  frame->computing = computing != NULL;
  frame->compute_kind = computing != NULL ? computing->kind : RING_SEGMENT_FORWARD;
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

/* The first collective act from @from on, else G_MAXUINT. */
static guint
next_collective (const RingStepClock *self,
                 guint                from)
{
  for (guint i = from; i < self->acts->len; i++)
    if (act_at (self, i)->collective)
      return i;

  return G_MAXUINT;
}

/* The last collective act before @before, else G_MAXUINT. */
static guint
previous_collective (const RingStepClock *self,
                     guint                before)
{
  for (guint i = MIN (before, self->acts->len); i > 0; i--)
    if (act_at (self, i - 1)->collective)
      return i - 1;

  return G_MAXUINT;
}

RingStepClockChanges
ring_step_clock_ring_step (RingStepClock *self)
{
  const Act *act;
  guint n_steps;
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  n_steps = n_ring_steps (self);
  if (n_steps == 0 || next_collective (self, 0) == G_MAXUINT)
    return ring_step_clock_run_training_step (self);

  observe (self, &before);

  if (self->phase != RING_FRAME_RING_STEP)
    {
      /* The next collective starts now: from compute, the one after it; else the step's
       * first. */
      guint next = self->phase == RING_FRAME_COMPUTE ? next_collective (self, self->act)
                                                     : G_MAXUINT;

      self->act = next != G_MAXUINT ? next : next_collective (self, 0);
      enter_act (self);
    }

  act = current_act (self);
  self->ring_step_target = MIN ((guint) floor (self->position) + 1,
                                act->first_step + act->n_steps);
  self->mode = RING_STEP_CLOCK_RING_STEP;

  return changes_since (self, &before);
}

RingStepClockChanges
ring_step_clock_previous_ring_step (RingStepClock *self)
{
  guint previous = G_MAXUINT;
  Observed before;

  g_return_val_if_fail (self != NULL, RING_STEP_CLOCK_NO_CHANGE);

  observe (self, &before);
  self->mode = RING_STEP_CLOCK_HOLD;

  if (self->phase == RING_FRAME_RING_STEP)
    {
      double back_to = ceil (self->position) - 1;

      if (back_to >= current_act (self)->first_step)
        {
          self->position = back_to;
          return changes_since (self, &before);
        }
      previous = previous_collective (self, self->act);
    }
  else if (self->phase == RING_FRAME_COMPUTE)
    previous = previous_collective (self, self->act);
  else if (self->phase == RING_FRAME_DONE)
    previous = previous_collective (self, self->acts->len);

  if (previous == G_MAXUINT)
    {
      self->phase = RING_FRAME_IDLE;
      self->act = 0;
      self->position = 0;
    }
  else
    {
      const Act *act = act_at (self, previous);

      self->act = previous;
      self->phase = RING_FRAME_RING_STEP;
      self->position = act->first_step + act->n_steps - 1;
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
  self->act = 0;
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
