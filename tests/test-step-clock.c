/* test-step-clock.c: the animation's clock maps the model's times to the screen and walks
 * the ring schedule, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-schedule.h"
#include "ring-step-clock.h"

/* A tick of 1/64 s: a power of two, so the sums below are exact in binary and a phase
 * ends on the tick the hand-computed duration says. */
#define TICK_S (1.0 / 64)

/* Where a rate is not a power of two (4/30 s a step is not exact in binary), a phase may
 * end one tick either side of the hand-computed one. */
#define assert_tick_near(tick, expected) \
  G_STMT_START { \
    g_assert_cmpuint ((tick), >=, (expected) - 1); \
    g_assert_cmpuint ((tick), <=, (expected) + 1); \
  } G_STMT_END

/* The time mapping (ring-step-clock.c), for the numbers below:
 *   compute = 6 · C / (C + A), ring = 6 · A / (C + A);
 *   ring ≥ min (2 (N − 1) · 0.25, 4), and when that floor lifts it,
 *   compute = min (floor · C / A, 8 − floor);
 *   compute ≥ 0.5; one GPU: compute 2, ring 0;
 *   a ring step alone (ring_step) lasts at least 0.5; playing pauses 1 s on the result. */

typedef struct
{
  guint ticks;                /* ticks played so far */
  guint first_completion;     /* the tick that first reported STEP_COMPLETED, 0 if none */
  guint n_completions;        /* ticks that reported STEP_COMPLETED */
  guint ring_ticks;           /* ticks whose frame was in the ring phase */
  guint last_ring_steps;      /* ring steps over at the last frame */
  guint64 steps_seen;         /* bit k: ring step k (k < 64) was on screen */
} Walk;

/* Plays @n_ticks ticks and checks each frame against the schedule: within a training step
 * the ring steps over never go back, and only a new step's compute phase starts again. */
static void
walk (RingStepClock *clock,
      guint          n_ticks,
      Walk          *walk)
{
  for (guint i = 0; i < n_ticks; i++)
    {
      RingStepClockChanges changes = ring_step_clock_advance (clock, TICK_S);
      RingFrame frame;
      guint ring_steps;

      walk->ticks++;
      ring_step_clock_get_frame (clock, &frame);
      ring_steps = ring_frame_get_completed_steps (&frame);

      if (changes & RING_STEP_CLOCK_STEP_COMPLETED)
        {
          if (walk->n_completions++ == 0)
            walk->first_completion = walk->ticks;
          g_assert_cmpint (frame.phase, ==, RING_FRAME_DONE);
          g_assert_cmpuint (ring_steps, ==, ring_schedule_n_steps (frame.n_gpus));
        }

      if (frame.phase == RING_FRAME_COMPUTE || frame.phase == RING_FRAME_IDLE)
        walk->last_ring_steps = 0;
      g_assert_cmpuint (ring_steps, >=, walk->last_ring_steps);
      walk->last_ring_steps = ring_steps;

      if (frame.phase == RING_FRAME_RING_STEP)
        {
          walk->ring_ticks++;
          g_assert_cmpuint (frame.step, <, ring_schedule_n_steps (frame.n_gpus));
          if (frame.step < 64)
            walk->steps_seen |= G_GUINT64_CONSTANT (1) << frame.step;
        }
    }
}

static RingFrame
frame_of (RingStepClock *clock)
{
  RingFrame frame;

  ring_step_clock_get_frame (clock, &frame);

  return frame;
}

static void
assert_durations (RingStepClock *clock,
                  guint          n_gpus,
                  double         compute_time_s,
                  double         allreduce_time_s,
                  double         compute_duration_s,
                  double         ring_duration_s)
{
  ring_step_clock_set_ring (clock, n_gpus, compute_time_s, allreduce_time_s);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_compute_duration (clock),
                                  compute_duration_s, 1e-9);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_ring_duration (clock),
                                  ring_duration_s, 1e-9);
}

static void
test_durations (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();

  /* In proportion: N = 2, C = 2, A = 1: compute 6 · 2/3 = 4, ring 6 · 1/3 = 2, above the
   * ring floor 2 · 0.25 = 0.5. Swapped, the communication-bound step is longer in the ring. */
  assert_durations (clock, 2, 2, 1, 4, 2);
  assert_durations (clock, 2, 1, 2, 2, 4);

  /* The ring floor: N = 8 has 14 steps, floor min (3.5, 4) = 3.5. C = 3, A = 1: ring
   * 1.5 → 3.5, compute min (3.5 · 3, 8 − 3.5) = 4.5. C = A = 1: ring 3 → 3.5, compute
   * min (3.5, 4.5) = 3.5. */
  assert_durations (clock, 8, 3, 1, 4.5, 3.5);
  assert_durations (clock, 8, 1, 1, 3.5, 3.5);

  /* The floor's cap: 2 097 150 steps · 0.25 s is capped at 4; C = 1, A = 0.001: ring 4,
   * compute min (4000, 8 − 4) = 4. */
  assert_durations (clock, 1048576, 1, 0.001, 4, 4);

  /* The compute floor: N = 2, C = 0.01, A = 10: compute 6 · 0.01 / 10.01 ≈ 0.006 → 0.5,
   * ring 6 · 10 / 10.01. */
  assert_durations (clock, 2, 0.01, 10, 0.5, 60.0 / 10.01);

  /* No all-reduce time: the ring floor, and the compute phase takes the rest of 8 s. */
  assert_durations (clock, 8, 1, 0, 4.5, 3.5);
  /* No times at all, or nonsense ones, count as equal halves: 3.5 and 3.5 at N = 8. */
  assert_durations (clock, 8, 0, 0, 3.5, 3.5);
  assert_durations (clock, 8, -1, NAN, 3.5, 3.5);
  /* An infinite compute time counts as none: compute 0 → 0.5, ring 6 · 1/1 = 6. */
  assert_durations (clock, 8, INFINITY, 1, 0.5, 6);

  /* One GPU: a 2 s compute phase and no ring, whatever the times. */
  assert_durations (clock, 1, 5, 5, 2, 0);
  /* N = 0 is taken as one GPU. */
  assert_durations (clock, 0, 5, 5, 2, 0);
  g_assert_cmpuint (ring_step_clock_get_n_gpus (clock), ==, 1);
}

/* Of the step room's segments for @model: the step's end and the time some collective is
 * in flight. */
static void
timeline_of (RingModel *model,
             double    *step_s,
             double    *comm_busy_s)
{
  g_autoptr(GArray) segments = ring_step_segments (ring_model_get_params (model));

  *step_s = *comm_busy_s = 0;
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *segment = &g_array_index (segments, RingStepSegment, i);

      *step_s = MAX (*step_s, segment->end_s);
      if (segment->kind != RING_SEGMENT_FORWARD && segment->kind != RING_SEGMENT_BACKWARD)
        *comm_busy_s += segment->end_s - segment->start_s;
    }
}

/* The clock reads the real model: its step timeline to scale in 6 s, without floors. */
static void
test_durations_from_model (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingModel *model = ring_model_new ();
  double step_s, comm_s;
  RingFrame frame;

  /* Without a model: the default 8 GPUs, no times (equal halves, 3.5 s each), and no
   * timeline under the ring. */
  g_assert_cmpuint (ring_step_clock_get_n_gpus (clock), ==, 8);
  g_assert_cmpfloat (ring_step_clock_get_compute_duration (clock), ==, 3.5);
  g_assert_cmpfloat (ring_step_clock_get_ring_duration (clock), ==, 3.5);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_IDLE);
  g_assert_cmpfloat (frame.compute_time_s, ==, 0);
  g_assert_cmpfloat (frame.allreduce_time_s, ==, 0);
  g_assert_null (frame.segments);

  /* DESIGN.md's defaults with the seed's flat ring, in DDP's buckets: 6 s in all, the
   * collectives' share as long as some bucket is in flight. */
  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_step_clock_load_model (clock, model);
  timeline_of (model, &step_s, &comm_s);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_compute_duration (clock)
                                  + ring_step_clock_get_ring_duration (clock), 6, 1e-9);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_ring_duration (clock),
                                  6 * comm_s / step_s, 1e-9);
  frame = frame_of (clock);
  g_assert_nonnull (frame.segments);
  g_assert_cmpfloat_with_epsilon (frame.step_time_s,
                                  ring_model_get_result (model)->step_time_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (frame.compute_time_s, 0.43008, 1e-9);
  g_assert_cmpfloat_with_epsilon (frame.allreduce_time_s, 0.16340, 1e-5);

  /* One bucket: C = 0.43008 s, then A = 0.16340 s: 6 · 0.43008 / 0.59348 = 4.34805 s and
   * 6 · 0.16340 / 0.59348 = 1.65195 s. */
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  ring_step_clock_load_model (clock, model);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_compute_duration (clock), 4.34805, 1e-4);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_ring_duration (clock), 1.65195, 1e-4);

  /* At 1 GB/s: A = 14 · 5 µs + 49 GB / 1 GB/s = 49.00007 s against C = 0.43008 s: ring
   * 6 · 49.00007 / 49.43015 = 5.94780 s, compute 6 · 0.43008 / 49.43015 = 0.05220 s. */
  ring_model_set_value (model, RING_PARAM_BANDWIDTH, 1);
  ring_step_clock_load_model (clock, model);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_ring_duration (clock), 5.94780, 1e-5);
  g_assert_cmpfloat_with_epsilon (ring_step_clock_get_compute_duration (clock), 0.05220, 1e-5);

  /* The clock keeps no reference on the model. */
  g_assert_finalize_object (model);
}

/* N = 2, C = 2, A = 1: compute 4 s (256 ticks), then 2 ring steps of 1 s (64 ticks each):
 * the step completes on tick 384, once. */
static void
test_training_step (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;
  Walk w = { 0 };
  RingFrame frame;

  ring_step_clock_set_ring (clock, 2, 2, 1);

  changes = ring_step_clock_run_training_step (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_true (ring_step_clock_get_running (clock));
  g_assert_false (ring_step_clock_get_playing (clock));
  g_assert_cmpint (ring_step_clock_get_mode (clock), ==, RING_STEP_CLOCK_TRAINING_STEP);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_COMPUTE);
  g_assert_cmpfloat (frame.progress, ==, 0);

  /* Half the compute phase: 128 ticks, progress 0.5. */
  walk (clock, 128, &w);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_COMPUTE);
  g_assert_cmpfloat (frame.progress, ==, 0.5);

  /* Tick 256 ends the compute phase: ring step 0 begins. */
  walk (clock, 128, &w);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_false (frame.collapsed);

  /* Tick 352: ring step 1, half way (1 s per step, 1 step per second). */
  walk (clock, 96, &w);
  frame = frame_of (clock);
  g_assert_cmpuint (frame.step, ==, 1);
  g_assert_cmpfloat (frame.progress, ==, 0.5);
  g_assert_cmpuint (w.n_completions, ==, 0);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 0);

  /* Tick 384 completes it; then it holds however long the ticks go on. */
  walk (clock, 200, &w);
  g_assert_cmpuint (w.first_completion, ==, 384);
  g_assert_cmpuint (w.n_completions, ==, 1);
  g_assert_cmpuint (w.ring_ticks, ==, 128);
  g_assert_cmpuint (w.steps_seen, ==, 0x3);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_DONE);
  g_assert_false (ring_step_clock_get_running (clock));
  g_assert_cmpint (ring_step_clock_advance (clock, 100), ==, RING_STEP_CLOCK_NO_CHANGE);

  /* The step that completes says so, stops, and shows the averaged gradient. */
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 6 - TICK_S);
  changes = ring_step_clock_advance (clock, TICK_S);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_STEP_COMPLETED
                                | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 2);

  /* Mid-step, another run finishes the step under way rather than starting over. */
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 5);
  g_assert_cmpint (ring_step_clock_run_training_step (clock), ==, RING_STEP_CLOCK_NO_CHANGE);
  ring_step_clock_advance (clock, 1);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 3);
}

/* DESIGN.md's defaults (the flat ring) in one bucket through the model: 4.348 s of
 * compute, then 14 ring steps in 1.652 s (105.7 ticks): every step shows, in order, and
 * the step completes at 6 s (tick 384, ± one: the durations are not exact in binary). */
static void
test_schedule_order (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingModel *model = ring_model_new ();
  Walk w = { 0 };

  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  ring_step_clock_load_model (clock, model);
  ring_step_clock_run_training_step (clock);
  walk (clock, 600, &w);

  g_assert_cmpuint (w.n_completions, ==, 1);
  assert_tick_near (w.first_completion, 384);
  g_assert_cmpuint (w.steps_seen, ==, (1 << 14) - 1);
  assert_tick_near (w.ring_ticks, 106);
  g_assert_cmpuint (w.last_ring_steps, ==, 14);

  g_assert_finalize_object (model);
}

/* N = 8, C = A = 1: ring steps of 3.5 / 14 = 0.25 s, shown alone for at least 0.5 s. */
static void
test_ring_step (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;
  RingFrame frame;

  ring_step_clock_set_ring (clock, 8, 1, 1);

  /* From idle, the compute phase is skipped. */
  changes = ring_step_clock_ring_step (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_cmpint (ring_step_clock_get_mode (clock), ==, RING_STEP_CLOCK_RING_STEP);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_cmpfloat (frame.progress, ==, 0);

  /* 0.25 s is half of the 0.5 s one step takes alone. */
  ring_step_clock_advance (clock, 0.25);
  frame = frame_of (clock);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_cmpfloat (frame.progress, ==, 0.5);
  g_assert_true (ring_step_clock_get_running (clock));

  /* At 0.5 s it holds after exactly one ring step, however long it waits. */
  changes = ring_step_clock_advance (clock, 0.25);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);
  frame = frame_of (clock);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 1);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_cmpint (ring_step_clock_advance (clock, 10), ==, RING_STEP_CLOCK_NO_CHANGE);

  /* Each call one more step; the 14th completes the training step, once. */
  for (guint k = 1; k < 14; k++)
    {
      g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 0);
      ring_step_clock_ring_step (clock);
      changes = ring_step_clock_advance (clock, 10);
      frame = frame_of (clock);
      g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, k + 1);
      g_assert_cmpint (!!(changes & RING_STEP_CLOCK_STEP_COMPLETED), ==, k == 13);
    }
  g_assert_cmpint (frame.phase, ==, RING_FRAME_DONE);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);

  /* Mid-training-step: compute 3.5 s, then 0.625 s is 2.5 ring steps; a ring step goes
   * on to the end of step 2, the rest of it at 2 steps per second: 0.25 s. */
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 3.5 + 0.625);
  g_assert_cmpuint (frame_of (clock).step, ==, 2);
  ring_step_clock_ring_step (clock);
  ring_step_clock_advance (clock, 0.25 - TICK_S);
  g_assert_true (ring_step_clock_get_running (clock));
  ring_step_clock_advance (clock, TICK_S);
  g_assert_false (ring_step_clock_get_running (clock));
  frame = frame_of (clock);
  g_assert_cmpuint (frame.step, ==, 3);
  g_assert_cmpfloat (frame.progress, ==, 0);
}

/* The same step as test_training_step at 2×: 3 s, 192 ticks. */
static void
test_speed (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  Walk w = { 0 };

  ring_step_clock_set_ring (clock, 2, 2, 1);
  g_assert_cmpint (ring_step_clock_set_speed (clock, 2), ==, RING_STEP_CLOCK_NO_CHANGE);
  g_assert_cmpfloat (ring_step_clock_get_speed (clock), ==, 2);
  /* The durations are at 1×: the speed divides them as time passes. */
  g_assert_cmpfloat (ring_step_clock_get_compute_duration (clock), ==, 4);

  ring_step_clock_run_training_step (clock);
  walk (clock, 64, &w);
  g_assert_cmpfloat (frame_of (clock).progress, ==, 0.5);
  walk (clock, 200, &w);
  g_assert_cmpuint (w.first_completion, ==, 192);
  g_assert_cmpuint (w.n_completions, ==, 1);
  g_assert_cmpuint (w.ring_ticks, ==, 64);

  /* N = 8, C = A = 1: ring steps of 0.25 s are 4 a second, eased; at 8× 32 a second are
   * more than the 20 that can be followed, and the frame says to sample them. */
  ring_step_clock_set_ring (clock, 8, 1, 1);
  ring_step_clock_set_speed (clock, 1);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 3.6);
  g_assert_false (frame_of (clock).collapsed);
  g_assert_cmpint (ring_step_clock_set_speed (clock, 8), ==, RING_STEP_CLOCK_FRAME_CHANGED);
  g_assert_true (frame_of (clock).collapsed);

  /* A speed that is not positive is refused. */
  g_test_expect_message ("ring-render", G_LOG_LEVEL_CRITICAL, "*speed > 0*");
  g_assert_cmpint (ring_step_clock_set_speed (clock, 0), ==, RING_STEP_CLOCK_NO_CHANGE);
  g_test_assert_expected_messages ();
  g_assert_cmpfloat (ring_step_clock_get_speed (clock), ==, 8);
}

static void
test_play_and_pause (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;
  RingFrame before, after;
  Walk w = { 0 };

  /* N = 2, C = 2, A = 1: 6 s a step and 1 s on the result: completions at 6, 13 and 20 s,
   * ticks 384, 832 and 1280. */
  ring_step_clock_set_ring (clock, 2, 2, 1);
  changes = ring_step_clock_play (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_PLAYING_CHANGED
                                | RING_STEP_CLOCK_RUNNING_CHANGED);
  walk (clock, 1279, &w);
  g_assert_cmpuint (w.first_completion, ==, 384);
  g_assert_cmpuint (w.n_completions, ==, 2);
  walk (clock, 1, &w);
  g_assert_cmpuint (w.n_completions, ==, 3);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 3);
  g_assert_true (ring_step_clock_get_playing (clock));
  g_assert_true (ring_step_clock_get_running (clock));

  /* Pausing stops the clock where it is. */
  walk (clock, 300, &w);
  ring_step_clock_get_frame (clock, &before);
  changes = ring_step_clock_pause (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_PLAYING_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_cmpint (ring_step_clock_advance (clock, 5), ==, RING_STEP_CLOCK_NO_CHANGE);
  ring_step_clock_get_frame (clock, &after);
  g_assert_cmpint (before.phase, ==, after.phase);
  g_assert_cmpuint (before.step, ==, after.step);
  g_assert_cmpfloat (before.progress, ==, after.progress);
  g_assert_cmpint (ring_step_clock_pause (clock), ==, RING_STEP_CLOCK_NO_CHANGE);

  /* Playing again goes on from there. */
  changes = ring_step_clock_play (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_PLAYING_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);

  /* From a single step's result, play starts a new step. */
  ring_step_clock_reset (clock);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 6);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_DONE);
  ring_step_clock_play (clock);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_COMPUTE);
}

/* A model change mid-step restarts the step with the new ring; a held clock goes idle. */
static void
test_model_change_restarts (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;
  RingFrame frame;
  Walk w = { 0 };

  /* N = 8, C = A = 1: 3.5 s compute, ring steps of 0.25 s; 5.1 s is ring step 6. */
  ring_step_clock_set_ring (clock, 8, 1, 1);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 5.1);
  g_assert_cmpuint (frame_of (clock).step, ==, 6);

  /* N = 16: 30 steps, floor min (7.5, 4) = 4; C = A = 1: ring 3 → 4, compute
   * min (4, 8 − 4) = 4. */
  changes = ring_step_clock_set_ring (clock, 16, 1, 1);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED);
  g_assert_cmpfloat (ring_step_clock_get_compute_duration (clock), ==, 4);
  g_assert_cmpfloat (ring_step_clock_get_ring_duration (clock), ==, 4);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_COMPUTE);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_cmpuint (frame.n_gpus, ==, 16);
  g_assert_true (ring_step_clock_get_running (clock));
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 0);

  /* The restarted step plays the 16-GPU schedule, 8 s = 512 ticks, and counts once. */
  walk (clock, 600, &w);
  assert_tick_near (w.first_completion, 512);
  g_assert_cmpuint (w.n_completions, ==, 1);
  g_assert_cmpuint (w.last_ring_steps, ==, 30);

  /* Playing, it keeps playing the new ring from its compute phase. */
  ring_step_clock_play (clock);
  ring_step_clock_advance (clock, 6);
  changes = ring_step_clock_set_ring (clock, 4, 1, 1);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED);
  g_assert_true (ring_step_clock_get_playing (clock));
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_COMPUTE);
  ring_step_clock_pause (clock);

  /* Held mid-ring-step, a change goes back to idle and stops. */
  ring_step_clock_ring_step (clock);
  ring_step_clock_advance (clock, 0.1);
  changes = ring_step_clock_set_ring (clock, 8, 1, 1);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_IDLE);
  g_assert_false (ring_step_clock_get_running (clock));

  /* Idle, the same ring again changes nothing. */
  g_assert_cmpint (ring_step_clock_set_ring (clock, 8, 1, 1), ==, RING_STEP_CLOCK_NO_CHANGE);
  /* The completed steps survive a change. */
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);
}

/* One GPU: a 2 s compute phase (128 ticks) and nothing to send. */
static void
test_single_gpu (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingFrame frame;
  Walk w = { 0 };

  ring_step_clock_set_ring (clock, 1, 1, 0);
  ring_step_clock_run_training_step (clock);
  walk (clock, 200, &w);
  g_assert_cmpuint (w.first_completion, ==, 128);
  g_assert_cmpuint (w.n_completions, ==, 1);
  g_assert_cmpuint (w.ring_ticks, ==, 0);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_DONE);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 0);

  /* A ring step of one GPU is its whole training step. */
  ring_step_clock_ring_step (clock);
  g_assert_cmpint (ring_step_clock_get_mode (clock), ==, RING_STEP_CLOCK_TRAINING_STEP);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_COMPUTE);
  ring_step_clock_advance (clock, 10);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 2);
}

/* N = 1 048 576, C = A = 1: 2 097 150 ring steps in the capped 4 s floor, compute 4 s.
 * 524 287.5 steps a second, 8191.9921875 a tick, are sampled; the ring phase is ticks
 * 256 … 511, and the step completes on tick 512 at all 2 097 150 (4/2 097 150 s a step is
 * not exact in binary: one tick or one step either side). */
static void
test_million_gpus (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingFrame frame;
  Walk w = { 0 };

  ring_step_clock_set_ring (clock, 1048576, 1, 1);
  g_assert_cmpfloat (ring_step_clock_get_compute_duration (clock), ==, 4);
  g_assert_cmpfloat (ring_step_clock_get_ring_duration (clock), ==, 4);

  ring_step_clock_run_training_step (clock);
  walk (clock, 256 + 128, &w);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_true (frame.collapsed);
  /* 128 ticks · 8191.9921875 = 1 048 575 steps over: the first all-gather step, or the
   * last scatter-reduce step if the sum falls a hair short. */
  g_assert_cmpuint (frame.step, >=, 1048574);
  g_assert_cmpuint (frame.step, <=, 1048575);

  walk (clock, 200, &w);
  assert_tick_near (w.first_completion, 512);
  g_assert_cmpuint (w.n_completions, ==, 1);
  assert_tick_near (w.ring_ticks, 256);
  g_assert_cmpuint (w.last_ring_steps, ==, 2097150);
}

static void
test_reset (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;

  /* Nothing to reset. */
  g_assert_cmpint (ring_step_clock_reset (clock), ==, RING_STEP_CLOCK_NO_CHANGE);

  ring_step_clock_set_ring (clock, 2, 2, 1);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 600);
  ring_step_clock_play (clock);
  ring_step_clock_advance (clock, 1);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);

  changes = ring_step_clock_reset (clock);
  g_assert_cmpint (changes, ==, RING_STEP_CLOCK_FRAME_CHANGED | RING_STEP_CLOCK_COUNT_RESET
                                | RING_STEP_CLOCK_PLAYING_CHANGED
                                | RING_STEP_CLOCK_RUNNING_CHANGED);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 0);
  g_assert_cmpint (ring_step_clock_get_mode (clock), ==, RING_STEP_CLOCK_HOLD);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_IDLE);
}

/* Back one ring step at a time: from done to before the last step, from mid-step to that
 * step's start, from the first step's start to idle; it holds, the count stays. */
static void
test_previous_ring_step (void)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStepClockChanges changes;
  RingFrame frame;

  ring_step_clock_set_ring (clock, 4, 1, 1);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, 100);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_DONE);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);

  changes = ring_step_clock_previous_ring_step (clock);
  g_assert_cmpint (changes & RING_STEP_CLOCK_FRAME_CHANGED, !=, 0);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.step, ==, 5);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_false (ring_step_clock_get_running (clock));
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);

  /* Forward half a step, then back to that step's start. */
  ring_step_clock_ring_step (clock);
  ring_step_clock_advance (clock, 0.25);
  g_assert_cmpfloat (frame_of (clock).progress, ==, 0.5);
  ring_step_clock_previous_ring_step (clock);
  frame = frame_of (clock);
  g_assert_cmpuint (frame.step, ==, 5);
  g_assert_cmpfloat (frame.progress, ==, 0);

  for (guint step = 5; step-- > 0;)
    {
      ring_step_clock_previous_ring_step (clock);
      g_assert_cmpuint (frame_of (clock).step, ==, step);
    }
  ring_step_clock_previous_ring_step (clock);
  g_assert_cmpint (frame_of (clock).phase, ==, RING_FRAME_IDLE);
  g_assert_cmpint (ring_step_clock_previous_ring_step (clock), ==, RING_STEP_CLOCK_NO_CHANGE);
}

/* One collective of the step: the step room's pieces of it joined, or the ticks a played
 * step showed it. */
typedef struct
{
  RingSegmentKind kind;
  guint           index;
  guint           count;
  double          start_s;
  double          end_s;
  double          screen_s;
} Collective;

static gint
compare_start (gconstpointer a,
               gconstpointer b)
{
  const RingStepSegment *x = a, *y = b;

  return (x->start_s > y->start_s) - (x->start_s < y->start_s);
}

/* The step room's collectives in order, its step and where its compute ends. */
static GArray *
step_room_collectives (RingModel *model,
                       double    *step_s,
                       double    *compute_end_s,
                       double    *compute_busy_s,
                       guint     *n_compute)
{
  g_autoptr(GArray) segments = ring_step_segments (ring_model_get_params (model));
  GArray *collectives = g_array_new (FALSE, FALSE, sizeof (Collective));
  gboolean last_exposed = FALSE;

  *step_s = *compute_end_s = *compute_busy_s = 0;
  *n_compute = 0;
  g_array_sort (segments, compare_start);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *segment = &g_array_index (segments, RingStepSegment, i);
      Collective *last = collectives->len > 0
                         ? &g_array_index (collectives, Collective, collectives->len - 1)
                         : NULL;

      *step_s = MAX (*step_s, segment->end_s);
      if (segment->kind == RING_SEGMENT_FORWARD || segment->kind == RING_SEGMENT_BACKWARD)
        {
          *compute_end_s = MAX (*compute_end_s, segment->end_s);
          *compute_busy_s += segment->end_s - segment->start_s;
          (*n_compute)++;
          continue;
        }
      /* A collective partly hidden comes as two pieces, back to back. */
      if (last != NULL && last->kind == segment->kind && last->index == segment->index
          && last->count == segment->count && last->end_s == segment->start_s
          && last_exposed != segment->exposed)
        last->end_s = segment->end_s;
      else
        g_array_append_val (collectives, ((Collective) { segment->kind, segment->index,
                                                         segment->count, segment->start_s,
                                                         segment->end_s, 0 }));
      last_exposed = segment->exposed;
    }

  return collectives;
}

#define PLAY_TICK_S (1.0 / 2048)

/* Plays one training step of @model and checks it against the step room's timeline: the
 * same collectives in the same order, each on screen for its share of the step, compute
 * on screen for the utilization's share, and the exposed tail after compute as long as
 * the timeline has it. Returns the ticks a collective ran beside compute. */
static guint
assert_plays_step_timeline (RingModel *model)
{
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  g_autoptr(GArray) expected = NULL;
  g_autoptr(GArray) played = g_array_new (FALSE, FALSE, sizeof (Collective));
  const RingResult *result = ring_model_get_result (model);
  double step_s, compute_end_s, compute_busy_s, screen_s, per_s;
  double elapsed_s = 0, computing_s = 0, tail_s = 0, last_time_s = 0;
  guint overlap_ticks = 0, n_compute;
  gboolean was_collective = FALSE;

  expected = step_room_collectives (model, &step_s, &compute_end_s, &compute_busy_s,
                                    &n_compute);
  ring_step_clock_load_model (clock, model);
  screen_s = ring_step_clock_get_compute_duration (clock)
             + ring_step_clock_get_ring_duration (clock);
  g_assert_cmpfloat_with_epsilon (screen_s, 6, 1e-9);
  per_s = screen_s / step_s;

  ring_step_clock_run_training_step (clock);
  for (guint tick = 0; tick < 100000; tick++)
    {
      RingFrame frame;

      ring_step_clock_advance (clock, PLAY_TICK_S);
      elapsed_s += PLAY_TICK_S;
      ring_step_clock_get_frame (clock, &frame);
      if (frame.phase == RING_FRAME_DONE)
        break;

      /* The frame's place in the model's step is the screen's time, to scale. */
      g_assert_cmpfloat (frame.time_s, >=, last_time_s);
      g_assert_cmpfloat (fabs (frame.time_s * per_s - elapsed_s), <=, 1e-9);
      last_time_s = frame.time_s;

      if (frame.computing)
        computing_s += PLAY_TICK_S;
      if (frame.phase != RING_FRAME_RING_STEP)
        {
          g_assert_true (frame.computing);
          was_collective = FALSE;
          continue;
        }

      if (frame.computing)
        overlap_ticks++;
      else if (frame.time_s >= compute_end_s)
        tail_s += PLAY_TICK_S;
      if (!was_collective
          || g_array_index (played, Collective, played->len - 1).kind != frame.collective
          || g_array_index (played, Collective, played->len - 1).index != frame.bucket)
        g_array_append_val (played, ((Collective) { frame.collective, frame.bucket,
                                                    frame.bucket_count, frame.time_s,
                                                    frame.time_s, 0 }));
      g_array_index (played, Collective, played->len - 1).screen_s += PLAY_TICK_S;
      was_collective = TRUE;
    }
  g_assert_cmpfloat (fabs (elapsed_s - screen_s), <=, 2 * PLAY_TICK_S);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 1);

  /* Same collectives, same order, each for its share of the step. */
  g_assert_cmpuint (played->len, ==, expected->len);
  for (guint i = 0; i < expected->len; i++)
    {
      const Collective *want = &g_array_index (expected, Collective, i);
      const Collective *got = &g_array_index (played, Collective, i);

      g_assert_cmpint (got->kind, ==, want->kind);
      g_assert_cmpuint (got->index, ==, want->index);
      g_assert_cmpuint (got->count, ==, want->count);
      g_assert_cmpfloat (fabs (got->screen_s - (want->end_s - want->start_s) * per_s), <=,
                         2 * PLAY_TICK_S);
    }

  /* Compute on screen for the utilization card's share (each of its segments sampled to
   * a tick); the tail after compute. */
  g_assert_cmpfloat (fabs (compute_busy_s - result->compute_time_s), <=, 1e-9 * step_s);
  g_assert_cmpfloat (fabs (computing_s - screen_s * result->utilization), <=,
                     (n_compute + 2) * PLAY_TICK_S);
  g_assert_cmpfloat (fabs (tail_s - (step_s - compute_end_s) * per_s), <=, 2 * PLAY_TICK_S);

  return overlap_ticks;
}

static RingModel *
step_model (RingSharding sharding,
            double       bucket_bytes)
{
  RingModel *model = ring_model_new ();

  ring_model_set_value (model, RING_PARAM_BANDWIDTH, 50);
  ring_model_set_value (model, RING_PARAM_SHARDING, sharding);
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, bucket_bytes);

  return model;
}

/* DDP's buckets, ZeRO's and FSDP's collectives, and one bucket: the animation plays the
 * step room's timeline, not compute and then the whole all-reduce. */
static void
test_plays_step_timeline (void)
{
  g_autoptr(RingModel) ddp = step_model (RING_SHARDING_DDP, 25e6);
  g_autoptr(RingModel) zero = step_model (RING_SHARDING_ZERO2, 25e6);
  g_autoptr(RingModel) fsdp = step_model (RING_SHARDING_FSDP, 25e6);
  g_autoptr(RingModel) one = step_model (RING_SHARDING_DDP, 0);
  double step_s, compute_end_s, compute_busy_s;
  guint n_compute;
  g_autoptr(GArray) collectives = NULL;

  /* Buckets overlap the backward pass, and some of them are left after it. */
  collectives = step_room_collectives (ddp, &step_s, &compute_end_s, &compute_busy_s,
                                         &n_compute);
  g_assert_cmpuint (collectives->len, >, 4);
  g_assert_cmpfloat (step_s, >, compute_end_s);
  g_assert_cmpuint (assert_plays_step_timeline (ddp), >, 0);
  g_clear_pointer (&collectives, g_array_unref);

  collectives = step_room_collectives (zero, &step_s, &compute_end_s, &compute_busy_s,
                                         &n_compute);
  g_assert_cmpint (g_array_index (collectives, Collective, 0).kind, ==,
                   RING_SEGMENT_REDUCE_SCATTER);
  g_assert_cmpint (g_array_index (collectives, Collective, collectives->len - 1).kind, ==,
                   RING_SEGMENT_ALL_GATHER);
  g_assert_cmpuint (assert_plays_step_timeline (zero), >, 0);
  g_clear_pointer (&collectives, g_array_unref);

  collectives = step_room_collectives (fsdp, &step_s, &compute_end_s, &compute_busy_s,
                                         &n_compute);
  g_assert_cmpuint (collectives->len, >, 3 * 8);
  g_assert_cmpuint (assert_plays_step_timeline (fsdp), >, 0);
  g_clear_pointer (&collectives, g_array_unref);

  /* One bucket waits for the whole backward pass: nothing overlaps, the whole all-reduce
   * is the tail. */
  collectives = step_room_collectives (one, &step_s, &compute_end_s, &compute_busy_s,
                                         &n_compute);
  g_assert_cmpuint (collectives->len, ==, 1);
  g_assert_cmpuint (assert_plays_step_timeline (one), ==, 0);
}

/* The step-by-step controls walk one collective's schedule at a time: from compute, next
 * starts the next bucket's; past its last step, the step goes on; back from a bucket's
 * first step is the previous bucket's last. */
static void
test_steps_through_buckets (void)
{
  g_autoptr(RingModel) model = step_model (RING_SHARDING_DDP, 25e6);
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  double step_s, compute_end_s, compute_busy_s;
  guint n_compute;
  g_autoptr(GArray) collectives = step_room_collectives (model, &step_s, &compute_end_s,
                                                         &compute_busy_s, &n_compute);
  const Collective *first = &g_array_index (collectives, Collective, 0);
  const Collective *second = &g_array_index (collectives, Collective, 1);
  RingFrame frame;

  ring_step_clock_load_model (clock, model);
  ring_step_clock_ring_step (clock);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.bucket, ==, first->index);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_cmpfloat (frame.time_s, ==, first->start_s);

  /* 14 steps of the first bucket's all-reduce, one at a time. */
  for (guint k = 1; k < 14; k++)
    {
      ring_step_clock_ring_step (clock);
      ring_step_clock_advance (clock, 10);
      frame = frame_of (clock);
      g_assert_cmpuint (frame.bucket, ==, first->index);
      g_assert_cmpuint (frame.step, ==, k);
      g_assert_false (ring_step_clock_get_running (clock));
    }
  ring_step_clock_ring_step (clock);
  ring_step_clock_advance (clock, 10);
  frame = frame_of (clock);
  g_assert_true (frame.time_s >= first->end_s);
  g_assert_true (frame.phase == RING_FRAME_COMPUTE || frame.bucket == second->index);

  /* Next from there: the second bucket's first step. */
  if (frame.phase == RING_FRAME_COMPUTE)
    ring_step_clock_ring_step (clock);
  frame = frame_of (clock);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.bucket, ==, second->index);
  g_assert_cmpuint (frame.step, ==, 0);

  /* Back: the first bucket's last step. */
  ring_step_clock_pause (clock);
  ring_step_clock_previous_ring_step (clock);
  frame = frame_of (clock);
  g_assert_cmpuint (frame.bucket, ==, first->index);
  g_assert_cmpuint (frame.step, ==, 13);
  g_assert_cmpuint (ring_step_clock_get_steps_completed (clock), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/step-clock/durations", test_durations);
  g_test_add_func ("/ring/step-clock/durations-from-model", test_durations_from_model);
  g_test_add_func ("/ring/step-clock/training-step", test_training_step);
  g_test_add_func ("/ring/step-clock/schedule-order", test_schedule_order);
  g_test_add_func ("/ring/step-clock/ring-step", test_ring_step);
  g_test_add_func ("/ring/step-clock/speed", test_speed);
  g_test_add_func ("/ring/step-clock/play-and-pause", test_play_and_pause);
  g_test_add_func ("/ring/step-clock/model-change-restarts", test_model_change_restarts);
  g_test_add_func ("/ring/step-clock/single-gpu", test_single_gpu);
  g_test_add_func ("/ring/step-clock/million-gpus", test_million_gpus);
  g_test_add_func ("/ring/step-clock/reset", test_reset);
  g_test_add_func ("/ring/step-clock/previous-ring-step", test_previous_ring_step);
  g_test_add_func ("/ring/step-clock/plays-step-timeline", test_plays_step_timeline);
  g_test_add_func ("/ring/step-clock/steps-through-buckets", test_steps_through_buckets);

  return g_test_run ();
}
