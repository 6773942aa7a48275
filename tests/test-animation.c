/* test-animation.c: the animation widget plays the model's schedule on the frame clock.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include <adwaita.h>

#include "ring-animation-private.h"
#include "ring-schedule.h"
#include "ring-simulation.h"

/* Ticks of a 60 Hz display. */
#define FRAME_S (1.0 / 60)

typedef struct
{
  RingModel     *model;
  GtkWindow     *window;
  RingAnimation *animation;
  guint          steps_notified;
} Fixture;

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  user_data)
{
  fixture->model = ring_model_new ();
  fixture->window = GTK_WINDOW (gtk_window_new ());
  fixture->animation = RING_ANIMATION (ring_animation_new (fixture->model));
  fixture->steps_notified = 0;

  g_signal_connect_swapped (fixture->animation, "notify::steps-completed",
                            G_CALLBACK (count_cb), &fixture->steps_notified);

  gtk_window_set_default_size (fixture->window, 800, 600);
  gtk_window_set_child (fixture->window, GTK_WIDGET (fixture->animation));
  gtk_window_present (fixture->window);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (fixture->animation)));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  user_data)
{
  RingModel *model = fixture->model;

  g_object_add_weak_pointer (G_OBJECT (fixture->animation), (gpointer *) &fixture->animation);

  /* The animation keeps the model alive until the window goes. */
  g_clear_object (&fixture->model);
  ring_test_destroy_window (fixture->window, model);

  /* The widget is gone and held no reference on the model. */
  g_assert_null (fixture->animation);
}

/* Advances @seconds in frame-sized ticks, as the frame clock would. */
static void
play_for (RingAnimation *animation,
          double         seconds)
{
  for (; seconds > FRAME_S; seconds -= FRAME_S)
    _ring_animation_advance (animation, FRAME_S);
  _ring_animation_advance (animation, MAX (seconds, 0));
}

static double
step_duration (RingAnimation *animation)
{
  return _ring_animation_get_compute_duration (animation)
         + _ring_animation_get_ring_duration (animation);
}

static RingFrame
current_frame (RingAnimation *animation)
{
  RingFrame frame;

  ring_animation_get_frame (animation, &frame);

  return frame;
}

/* The step plays as the model's step timeline does: the forward pass, then the backward
 * pass with the first bucket's all-reduce beside it, to the step's end. */
static void
test_training_step (Fixture       *fixture,
                    gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  double duration = step_duration (animation);
  RingFrame frame;

  g_assert_cmpfloat_with_epsilon (duration, 6, 1e-9);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);
  g_assert_false (_ring_animation_is_ticking (animation));
  g_assert_cmpstr (ring_animation_get_phase_label (animation), ==, "Ready");

  ring_animation_run_training_step (animation);
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_true (ring_animation_get_running (animation));
  g_assert_false (ring_animation_get_playing (animation));

  /* The forward pass first, ... */
  play_for (animation, 0.1);
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_COMPUTE);
  g_assert_cmpstr (ring_animation_get_phase_label (animation), ==, "Forward pass");

  /* ... then the first bucket's ring, while the backward pass goes on, ... */
  while (current_frame (animation).phase == RING_FRAME_COMPUTE)
    play_for (animation, FRAME_S / 4);
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_true (frame.computing);
  g_assert_cmpint (frame.compute_kind, ==, RING_SEGMENT_BACKWARD);
  g_assert_true (g_str_has_prefix (ring_animation_get_phase_label (animation), "Bucket"));
  g_assert_true (g_str_has_suffix (ring_animation_get_phase_label (animation),
                                   " · Scatter-reduce 1 / 7"));

  /* ... and the step counts only once it is over. */
  play_for (animation, duration - 0.05 - frame.time_s / frame.step_time_s * duration);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);
  g_assert_cmpuint (fixture->steps_notified, ==, 0);
  g_assert_true (_ring_animation_is_ticking (animation));

  play_for (animation, 0.1);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
  g_assert_cmpuint (fixture->steps_notified, ==, 1);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_DONE);
  g_assert_cmpstr (ring_animation_get_phase_label (animation), ==, "Averaged gradient ready");
  g_assert_false (ring_animation_get_running (animation));
  g_assert_false (_ring_animation_is_ticking (animation));

  /* One step, not a loop. */
  play_for (animation, 3 * duration);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
  g_assert_cmpuint (fixture->steps_notified, ==, 1);

  /* The next run is a whole new step. */
  ring_animation_run_training_step (animation);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_COMPUTE);
  _ring_animation_advance (animation, duration + 0.01);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 2);
}

static void
test_ring_step (Fixture       *fixture,
                gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  guint n_steps = ring_schedule_n_steps (8);
  RingFrame frame;

  /* One bucket: its all-reduce ends the step. */
  ring_model_set_value (fixture->model, RING_PARAM_BUCKET_SIZE, 0);
  ring_animation_ring_step (animation);
  g_assert_true (_ring_animation_is_ticking (animation));
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 0);

  /* Part way, the chunks are on the links. */
  play_for (animation, 0.1);
  frame = current_frame (animation);
  g_assert_cmpuint (frame.step, ==, 0);
  g_assert_cmpfloat (frame.progress, >, 0);

  /* Then it holds after exactly one ring step, however long it waits. */
  play_for (animation, 10);
  frame = current_frame (animation);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 1);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_false (_ring_animation_is_ticking (animation));
  g_assert_false (ring_animation_get_running (animation));

  ring_animation_ring_step (animation);
  play_for (animation, 10);
  frame = current_frame (animation);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 2);
  g_assert_cmpstr (ring_animation_get_phase_label (animation), ==, "Scatter-reduce 3 / 7");

  /* The last ring step completes the training step. */
  for (guint k = 2; k < n_steps; k++)
    {
      g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);
      ring_animation_ring_step (animation);
      _ring_animation_advance (animation, 10);
    }
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_DONE);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
  g_assert_cmpuint (fixture->steps_notified, ==, 1);
}

static void
test_play_and_pause (Fixture       *fixture,
                     gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  guint playing_notified = 0;
  RingFrame before, after;

  g_signal_connect_swapped (animation, "notify::playing", G_CALLBACK (count_cb),
                            &playing_notified);

  ring_animation_play (animation);
  g_assert_true (ring_animation_get_playing (animation));
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpuint (playing_notified, ==, 1);

  /* Steps run back to back. */
  play_for (animation, 3 * step_duration (animation) + 5);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), >=, 2);
  g_assert_true (ring_animation_get_playing (animation));
  g_assert_true (_ring_animation_is_ticking (animation));

  ring_animation_pause (animation);
  g_assert_false (ring_animation_get_playing (animation));
  g_assert_false (_ring_animation_is_ticking (animation));
  g_assert_cmpuint (playing_notified, ==, 2);

  /* Paused, time does not move the animation. */
  ring_animation_get_frame (animation, &before);
  _ring_animation_advance (animation, 5);
  ring_animation_get_frame (animation, &after);
  g_assert_cmpint (before.phase, ==, after.phase);
  g_assert_cmpuint (before.step, ==, after.step);
  g_assert_cmpfloat (before.progress, ==, after.progress);

  /* The property works as the methods do. */
  g_object_set (animation, "playing", TRUE, NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  g_object_set (animation, "playing", FALSE, NULL);
  g_assert_false (_ring_animation_is_ticking (animation));
}

/* No ticking while the widget is off screen; it resumes when it comes back. */
static void
test_unmapped (Fixture       *fixture,
               gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;

  ring_animation_play (animation);
  g_assert_true (_ring_animation_is_ticking (animation));

  gtk_widget_set_visible (GTK_WIDGET (animation), FALSE);
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (animation)));
  g_assert_false (_ring_animation_is_ticking (animation));
  g_assert_true (ring_animation_get_playing (animation));

  gtk_widget_set_visible (GTK_WIDGET (animation), TRUE);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (animation)));
  g_assert_true (_ring_animation_is_ticking (animation));

  ring_animation_pause (animation);
  gtk_widget_set_visible (GTK_WIDGET (animation), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (animation), TRUE);
  g_assert_false (_ring_animation_is_ticking (animation));
}

/* A parameter change mid-step restarts the step with the new ring. */
static void
test_model_change_restarts (Fixture       *fixture,
                            gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  RingFrame frame;

  /* One bucket: compute, then one all-reduce. */
  ring_model_set_value (fixture->model, RING_PARAM_BUCKET_SIZE, 0);
  ring_animation_run_training_step (animation);
  play_for (animation, _ring_animation_get_compute_duration (animation)
                       + _ring_animation_get_ring_duration (animation) / 2);
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.n_gpus, ==, 8);

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 16);
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_COMPUTE);
  g_assert_cmpfloat (frame.progress, ==, 0);
  g_assert_cmpuint (frame.n_gpus, ==, 16);
  g_assert_true (ring_animation_get_running (animation));
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);

  /* The restarted step plays the 16-GPU schedule to its end, and counts once. */
  play_for (animation, _ring_animation_get_compute_duration (animation) + 0.01);
  frame = current_frame (animation);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpstr (ring_animation_get_phase_label (animation), ==, "Scatter-reduce 1 / 15");
  play_for (animation, step_duration (animation));
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
  g_assert_cmpuint (current_frame (animation).n_gpus, ==, 16);

  /* Held mid-step, a change goes back to the start. */
  ring_animation_ring_step (animation);
  _ring_animation_advance (animation, 10);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_RING_STEP);
  ring_model_set_value (fixture->model, RING_PARAM_BANDWIDTH, 50);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_IDLE);
  g_assert_false (_ring_animation_is_ticking (animation));

  /* A new model is followed, the old one is not. */
  {
    RingModel *other = ring_model_new ();

    ring_model_set_value (other, RING_PARAM_GPUS, 4);
    ring_animation_set_model (animation, other);
    g_assert_cmpuint (current_frame (animation).n_gpus, ==, 4);
    ring_model_set_value (fixture->model, RING_PARAM_GPUS, 32);
    g_assert_cmpuint (current_frame (animation).n_gpus, ==, 4);
    ring_animation_set_model (animation, fixture->model);
    g_assert_finalize_object (other);
    g_assert_cmpuint (current_frame (animation).n_gpus, ==, 32);
  }
}

static void
test_speed (Fixture       *fixture,
            gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  double duration = step_duration (animation);

  ring_animation_set_speed (animation, 2.0);
  ring_animation_run_training_step (animation);
  play_for (animation, duration / 2 - 0.02);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);
  play_for (animation, 0.04);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);

  /* Out-of-range speeds are clamped to 0.25 … 8. */
  ring_animation_set_speed (animation, 100);
  g_assert_cmpfloat (ring_animation_get_speed (animation), ==, 8);
  ring_animation_set_speed (animation, 0);
  g_assert_cmpfloat (ring_animation_get_speed (animation), ==, 0.25);

  ring_animation_run_training_step (animation);
  play_for (animation, 4 * duration - 0.05);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
  play_for (animation, 0.1);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 2);
}

/* The step to scale in 6 s: a communication-bound cluster spends longer with a collective
 * in flight than computing alone; a compute-bound one the other way round. */
static void
test_phase_durations (Fixture       *fixture,
                      gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  double compute, ring;

  /* The defaults: compute 0.43 s, the buckets' all-reduces beside its backward two
   * thirds: at least the forward pass computes alone. */
  compute = _ring_animation_get_compute_duration (animation);
  ring = _ring_animation_get_ring_duration (animation);
  g_assert_cmpfloat (compute, >=, 6 * ring_model_get_compute_time (fixture->model) / 3
                                  / ring_model_get_result (fixture->model)->step_time_s);
  g_assert_cmpfloat_with_epsilon (compute + ring, 6, 1e-9);

  ring_model_set_value (fixture->model, RING_PARAM_BANDWIDTH, 1);
  compute = _ring_animation_get_compute_duration (animation);
  ring = _ring_animation_get_ring_duration (animation);
  g_assert_true (ring_model_get_allreduce_time (fixture->model)
                 > ring_model_get_compute_time (fixture->model));
  g_assert_cmpfloat (ring, >, 4 * compute);
  g_assert_cmpfloat_with_epsilon (compute + ring, 6, 1e-9);

  /* A million GPUs in one bucket still play every step, in a few seconds. */
  ring_model_set_value (fixture->model, RING_PARAM_BUCKET_SIZE, 0);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 1048576);
  ring = _ring_animation_get_ring_duration (animation);
  g_assert_cmpfloat (ring, <=, 8);
  ring_animation_run_training_step (animation);
  play_for (animation, _ring_animation_get_compute_duration (animation) + ring / 2);
  {
    RingFrame frame = current_frame (animation);

    g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
    g_assert_true (frame.collapsed);
    g_assert_cmpuint (frame.step, >, 1048575 - 2000);
    g_assert_cmpuint (frame.step, <, 1048575 + 2000);
  }
  play_for (animation, ring / 2 + 0.05);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);
}

/* One GPU: a compute phase and nothing to send. */
static void
test_single_gpu (Fixture       *fixture,
                 gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 1);
  g_assert_cmpfloat (_ring_animation_get_ring_duration (animation), ==, 0);

  ring_animation_run_training_step (animation);
  play_for (animation, _ring_animation_get_compute_duration (animation) - 0.02);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_COMPUTE);
  play_for (animation, 0.04);
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_DONE);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);

  /* A ring step of one GPU is its whole training step. */
  ring_animation_ring_step (animation);
  _ring_animation_advance (animation, 10);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 2);
}

static void
test_reset (Fixture       *fixture,
            gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;

  ring_animation_run_training_step (animation);
  _ring_animation_advance (animation, 600);
  ring_animation_play (animation);
  _ring_animation_advance (animation, 1);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 1);

  ring_animation_reset (animation);
  g_assert_cmpuint (ring_animation_get_steps_completed (animation), ==, 0);
  g_assert_cmpuint (fixture->steps_notified, ==, 2);
  g_assert_false (ring_animation_get_playing (animation));
  g_assert_false (_ring_animation_is_ticking (animation));
  g_assert_cmpint (current_frame (animation).phase, ==, RING_FRAME_IDLE);
}

/* It draws, in light and in dark, without warnings. */
static void
test_draws (Fixture       *fixture,
            gconstpointer  user_data)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();
  GtkWidget *widget = GTK_WIDGET (fixture->animation);
  gint64 deadline_us = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  /* Let the window lay itself out once. */
  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < deadline_us)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);

  for (guint dark = 0; dark <= 1; dark++)
    {
      g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
      g_autoptr(GskRenderNode) node = NULL;
      graphene_rect_t bounds;

      adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                        : ADW_COLOR_SCHEME_FORCE_LIGHT);
      g_assert_cmpint (adw_style_manager_get_dark (manager), ==, dark);

      ring_animation_ring_step (fixture->animation);
      _ring_animation_advance (fixture->animation, 0.2);

      GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
      node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
      g_assert_nonnull (node);
      gsk_render_node_get_bounds (node, &bounds);
      g_assert_cmpfloat (bounds.size.width, ==, gtk_widget_get_width (widget));
      g_assert_cmpfloat (bounds.size.height, ==, gtk_widget_get_height (widget));
    }

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

/* Draws the widget as GTK would, into a snapshot. */
static void
snapshot_widget (GtkWidget *widget)
{
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;

  GTK_WIDGET_GET_CLASS (widget)->snapshot (widget, snapshot);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
}

/* A training step of 16 GPUs, drawn at every tick: the model's simulation runs only when
 * a parameter changes, and the frame's static parts are drawn once per phase, not per
 * frame, ahead of the phase by the cache's worker, so no frame of the step draws in
 * place; a new parameter or style draws them again, the first frame in place. */
static void
test_frames_reuse_the_cache (Fixture       *fixture,
                             gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  GtkWidget *widget = GTK_WIDGET (animation);
  AdwStyleManager *manager = adw_style_manager_get_default ();
  RingParams params = *ring_model_get_params (fixture->model);
  gint64 deadline_us = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint runs, builds, direct, frames = 0;

  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < deadline_us)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);

  params.gpus = 16;
  runs = _ring_simulation_count_runs ();
  g_assert_true (ring_model_set_params (fixture->model, &params));
  g_assert_cmpuint (_ring_simulation_count_runs (), ==, runs + 1);
  runs = _ring_simulation_count_runs ();

  /* Idle, the parameters at rest: its planes and compute's, drawn by the worker, taken by
   * the next frame. */
  snapshot_widget (widget);
  g_assert_true (_ring_animation_settle (animation));
  _ring_animation_wait_prepared (animation);
  snapshot_widget (widget);
  builds = _ring_animation_get_cache_builds (animation);
  direct = _ring_animation_get_cache_direct (animation);
  ring_animation_run_training_step (animation);
  while (ring_animation_get_running (animation) && frames < 100000)
    {
      _ring_animation_advance (animation, FRAME_S);
      snapshot_widget (widget);
      /* A worker slower than the frames would draw some in place: not what this tests. */
      _ring_animation_wait_prepared (animation);
      frames++;
    }
  g_assert_false (ring_animation_get_running (animation));

  /* Compute, the scatter-reduce, the all-gather, done: a build each, ahead of its phase,
   * however many buckets pass through them. */
  g_assert_cmpuint (_ring_simulation_count_runs (), ==, runs);
  g_assert_cmpuint (_ring_animation_get_cache_builds (animation) - builds, <=, 4);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct);
  /* Many frames on those few builds: the step plays for seconds at 60 frames a second
   * (16 GPUs' compute and all-reduce at the default speed); 40 is two thirds of one. */
  g_assert_cmpuint (frames, >, 40);

  /* A parameter: one simulation, the planes again once it rests. */
  builds = _ring_animation_get_cache_builds (animation);
  params.gpus = 8;
  g_assert_true (ring_model_set_params (fixture->model, &params));
  g_assert_cmpuint (_ring_simulation_count_runs (), ==, runs + 1);
  direct = _ring_animation_get_cache_direct (animation);
  snapshot_widget (widget);
  g_assert_true (_ring_animation_settle (animation));
  _ring_animation_wait_prepared (animation);
  snapshot_widget (widget);
  snapshot_widget (widget);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct);
  /* Its planes and the next phase's. */
  g_assert_cmpuint (_ring_animation_get_cache_builds (animation), ==, builds + 2);

  /* The style. */
  adw_style_manager_set_color_scheme (manager,
                                      adw_style_manager_get_dark (manager)
                                      ? ADW_COLOR_SCHEME_FORCE_LIGHT
                                      : ADW_COLOR_SCHEME_FORCE_DARK);
  snapshot_widget (widget);
  _ring_animation_wait_prepared (animation);
  snapshot_widget (widget);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct + 1);
  g_assert_cmpuint (_ring_animation_get_cache_builds (animation), ==, builds + 4);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

/* A slider dragged with nothing playing: each step of it draws its frame, and the cache's
 * worker draws nothing for frames the next step throws away; once the parameters rest it
 * draws the last one's planes and the next phase's, which the frames then take. Playing
 * does not wait: its frames ask the worker as they go. */
static void
test_rests_before_preparing (Fixture       *fixture,
                             gconstpointer  user_data)
{
  RingAnimation *animation = fixture->animation;
  GtkWidget *widget = GTK_WIDGET (animation);
  RingParams params = *ring_model_get_params (fixture->model);
  gint64 deadline_us = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint builds, direct, draws;

  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < deadline_us)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
  snapshot_widget (widget);
  _ring_animation_settle (animation);
  _ring_animation_wait_prepared (animation);

  /* Eight steps of a drag: eight frames, nothing drawn ahead. */
  builds = _ring_animation_get_cache_builds (animation);
  direct = _ring_animation_get_cache_direct (animation);
  draws = _ring_animation_get_draw_count (animation);
  for (guint gpus = 9; gpus <= 16; gpus++)
    {
      params.gpus = gpus;
      g_assert_true (ring_model_set_params (fixture->model, &params));
      g_assert_true (_ring_animation_get_moving (animation));
      snapshot_widget (widget);
      _ring_animation_wait_prepared (animation);
    }
  g_assert_cmpuint (_ring_animation_get_draw_count (animation), ==, draws + 8);
  g_assert_cmpuint (_ring_animation_get_cache_builds (animation), ==, builds);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct);

  /* At rest, by itself: the last step's planes and compute's; the next frame paints them. */
  while (_ring_animation_get_moving (animation) && g_get_monotonic_time () < deadline_us)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (_ring_animation_get_moving (animation));
  g_assert_false (_ring_animation_settle (animation));
  _ring_animation_wait_prepared (animation);
  snapshot_widget (widget);
  g_assert_cmpuint (_ring_animation_get_cache_builds (animation), ==, builds + 2);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct);

  /* Playing, a change restarts the step at once, drawn with the cache. */
  ring_animation_run_training_step (animation);
  g_assert_true (ring_animation_get_running (animation));
  params.gpus = 12;
  g_assert_true (ring_model_set_params (fixture->model, &params));
  g_assert_true (ring_animation_get_running (animation));
  g_assert_false (_ring_animation_get_moving (animation));
  snapshot_widget (widget);
  g_assert_cmpuint (_ring_animation_get_cache_direct (animation), ==, direct + 1);

  /* A change while moving, then Run before the rest: no waiting either. */
  ring_animation_set_playing (animation, FALSE);
  ring_animation_reset (animation);
  g_assert_false (ring_animation_get_running (animation));
  params.gpus = 14;
  g_assert_true (ring_model_set_params (fixture->model, &params));
  g_assert_true (_ring_animation_get_moving (animation));
  ring_animation_run_training_step (animation);
  g_assert_false (_ring_animation_get_moving (animation));
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

#define ADD(path, func) \
  g_test_add ("/ring/animation/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("training-step", test_training_step);
  ADD ("ring-step", test_ring_step);
  ADD ("play-and-pause", test_play_and_pause);
  ADD ("unmapped", test_unmapped);
  ADD ("model-change-restarts", test_model_change_restarts);
  ADD ("speed", test_speed);
  ADD ("phase-durations", test_phase_durations);
  ADD ("single-gpu", test_single_gpu);
  ADD ("reset", test_reset);
  ADD ("draws", test_draws);
  ADD ("frames-reuse-the-cache", test_frames_reuse_the_cache);
  ADD ("rests-before-preparing", test_rests_before_preparing);

#undef ADD

  return g_test_run ();
}
