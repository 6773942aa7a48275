/* test-animation-cache.c: frames drawn with the widget's cache of static planes are the
 * frames drawn without it, and a frame re-simulates nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ring-animation-draw.h"
#include "ring-model.h"
#include "ring-simulation.h"
#include "ring-step-clock.h"
#include "ring-style.h"
#include "ring-test-files.h"
#include "ring-test-params.h"

/* The animation's area in a 1280 × 800 window. */
#define WIDTH  425
#define HEIGHT 570
/* Antialiasing: a channel may differ by this much where a plane's edges are composited
 * rather than drawn in place (8-bit rounding of the same coverage, twice where shapes of
 * one plane overlap); a part missing or misplaced differs by far more. */
#define TOLERANCE 8

static RingModel *
model_for (RingAlgorithm algorithm,
           guint         gpus)
{
  RingModel *model = ring_model_new ();
  RingParams params;

  ring_test_params_sharp_cluster (&params, algorithm, gpus, 8);
  params.slow_link = gpus > 3 ? 3 : 0;
  params.slow_link_fraction = 0.25;
  /* One bucket: a training step plays one all-reduce. */
  params.bucket_bytes = 0;
  if (!ring_model_set_params (model, &params))
    g_clear_object (&model);

  return model;
}

/* Pixels of @a and @b (same size) differing by more than TOLERANCE in some channel. */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  int width = cairo_image_surface_get_width (a), height = cairo_image_surface_get_height (a);
  guint differences = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 p = ring_test_pixel (a, x, y), q = ring_test_pixel (b, x, y);

        for (int shift = 0; shift < 32; shift += 8)
          if (abs ((int) ((p >> shift) & 0xff) - (int) ((q >> shift) & 0xff)) > TOLERANCE)
            {
              differences++;
              break;
            }
      }

  return differences;
}

/* @recorded: as GTK draws a widget, into a recording replayed at @scale afterwards. */
static cairo_surface_t *
render (const RingFrame    *frame,
        const RingStyle    *style,
        RingAnimationCache *cache,
        double              scale,
        gboolean            recorded)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH * scale,
                                                         HEIGHT * scale);
  cairo_surface_t *recording = NULL;
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  if (recorded)
    {
      recording = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                  &(cairo_rectangle_t) { 0, 0, WIDTH, HEIGHT });
      cr = cairo_create (recording);
      if (cache != NULL)
        ring_animation_cache_set_scale_factor (cache, scale);
    }
  else
    cr = cairo_create (surface);
  if (cache != NULL)
    ring_animation_draw_cached (cr, WIDTH, HEIGHT, frame, style, cache);
  else
    ring_animation_draw (cr, WIDTH, HEIGHT, frame, style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);

  if (recording != NULL)
    {
      cr = cairo_create (surface);
      cairo_set_source_surface (cr, recording, 0, 0);
      cairo_paint (cr);
      cairo_destroy (cr);
      cairo_surface_destroy (recording);
    }
  cairo_surface_flush (surface);

  return surface;
}

/* The frames of a training step: idle, computing, steps of the all-reduce at several
 * points of each, done. */
static guint
frames_of (RingFrame *frames,
           guint      max_frames,
           guint      n_gpus,
           RingModel *model)
{
  guint n = 0;
  guint n_steps;
  RingFrame frame;

  ring_frame_init (&frame, n_gpus);
  if (model != NULL)
    {
      frame.simulation = ring_model_get_simulation (model);
      ring_step_clock_model_times (model, &frame.compute_time_s, &frame.allreduce_time_s);
    }
  else
    {
      frame.compute_time_s = 0.43;
      frame.allreduce_time_s = 0.16;
    }
  n_steps = ring_frame_get_n_steps (&frame);

  frames[n++] = frame;
  frame.phase = RING_FRAME_COMPUTE;
  frame.progress = 0.6;
  frames[n++] = frame;
  for (guint i = 0; i < 4 && n_steps > 0; i++)
    {
      frame.phase = RING_FRAME_RING_STEP;
      frame.step = (guint) ((guint64) n_steps * i / 4);
      frame.progress = i % 2 ? 0.7 : 0.35;
      frames[n++] = frame;
    }
  frame.phase = RING_FRAME_DONE;
  frames[n++] = frame;
  g_assert_cmpuint (n, <=, max_frames);

  return n;
}

/* FALSE where the algorithm does not run on @n_gpus GPUs. */
static gboolean
check_frames (RingAlgorithm algorithm,
              guint         n_gpus)
{
  g_autoptr(RingModel) model = algorithm == RING_ALGORITHM_AUTO ? NULL
                                                                : model_for (algorithm, n_gpus);
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  RingFrame frames[8];
  guint n_frames;

  if (algorithm != RING_ALGORITHM_AUTO && model == NULL)
    return FALSE;
  n_frames = frames_of (frames, G_N_ELEMENTS (frames), n_gpus, model);

  /* Light on its own background, and dark on the widget's card (no background); at 1×,
   * a step of the all-reduce at 2×, and the same recorded as GTK does (at 1×: text
   * recorded and replayed at 2× is placed at 1× metrics, not what we compare). */
  for (guint variant = 0; variant < 4; variant++)
    {
      RingStyle style;
      double scale = variant == 2 ? 2 : 1;

      ring_style_init (&style, variant > 0);
      if (variant > 0)
        style.background.alpha = 0;

      for (guint i = variant >= 2 ? n_frames / 2 : 0;
           i < (variant >= 2 ? n_frames / 2 + 1 : n_frames); i++)
        {
          cairo_surface_t *direct = render (&frames[i], &style, NULL, scale, variant == 3);
          cairo_surface_t *cached = render (&frames[i], &style, cache, scale, variant == 3);
          guint differences = count_differences (direct, cached);

          if (differences > 0 && g_getenv ("RING_TEST_DUMP") != NULL)
            {
              cairo_surface_write_to_png (direct, "direct.png");
              cairo_surface_write_to_png (cached, "cached.png");
            }
          if (differences > 0)
            g_test_message ("%s, %u GPUs, variant %u, frame %u: %u pixels differ",
                            algorithm == RING_ALGORITHM_AUTO
                            ? "ring without schedule" : ring_algorithm_to_string (algorithm),
                            n_gpus, variant, i, differences);
          g_assert_cmpuint (differences, ==, 0);
          cairo_surface_destroy (direct);
          cairo_surface_destroy (cached);
        }
    }

  return TRUE;
}

/* Every algorithm at every tier (cards, dots, bands; the tree as trees and as a circle),
 * and the ring without a schedule. */
static void
test_cached_equals_direct (void)
{
  static const guint sizes[] = { 1, 2, 16, 64, 1024, 65536 };
  guint checked = 0;

  for (RingAlgorithm a = RING_ALGORITHM_AUTO; a < RING_N_ALGORITHMS; a++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      checked += check_frames (a, sizes[i]);
  g_assert_true (check_frames (RING_ALGORITHM_AUTO, 1048576));
  /* Of the 9 × 6 combinations, those an algorithm cannot run (NVLS-tree and CollNet on
   * one node, …) are passed over, but no more than a third. */
  g_test_message ("%u of %u combinations drawn", checked,
                  (guint) (RING_N_ALGORITHMS * G_N_ELEMENTS (sizes)));
  g_assert_cmpuint (checked, >=, 2 * RING_N_ALGORITHMS * G_N_ELEMENTS (sizes) / 3);
}

/* Frames of one step, one phase and one size draw the static planes once and read the
 * step's transfers once; a new size, style or model draws them again. */
static void
test_cache_reuse (void)
{
  g_autoptr(RingModel) model = model_for (RING_ALGORITHM_RING, 16);
  g_autoptr(RingModel) other = model_for (RING_ALGORITHM_RING, 8);
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 500);
  cairo_t *cr = cairo_create (surface);
  RingStyle style;
  RingFrame frame;

  ring_style_init (&style, FALSE);
  ring_frame_init (&frame, 16);
  frame.simulation = ring_model_get_simulation (model);
  frame.phase = RING_FRAME_RING_STEP;
  frame.step = 5;
  for (guint i = 0; i < 20; i++)
    {
      frame.progress = i / 20.0;
      ring_animation_draw_cached (cr, 600, 500, &frame, &style, cache);
    }
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 1);
  g_assert_cmpuint (ring_animation_cache_get_n_walks (cache), ==, 1);
  /* What the GPUs hold: once for the step. */
  g_assert_cmpuint (ring_animation_cache_get_n_step_builds (cache), ==, 1);

  /* The next step of the same phase: its transfers and holdings, the same planes. */
  frame.step = 6;
  ring_animation_draw_cached (cr, 600, 500, &frame, &style, cache);
  ring_animation_draw_cached (cr, 600, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 1);
  g_assert_cmpuint (ring_animation_cache_get_n_walks (cache), ==, 2);
  g_assert_cmpuint (ring_animation_cache_get_n_step_builds (cache), ==, 2);

  ring_animation_draw_cached (cr, 599, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 2);
  ring_style_init (&style, TRUE);
  ring_animation_draw_cached (cr, 599, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 3);
  frame.phase = RING_FRAME_DONE;
  ring_animation_draw_cached (cr, 599, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 4);

  ring_frame_init (&frame, 8);
  frame.simulation = ring_model_get_simulation (other);
  frame.phase = RING_FRAME_DONE;
  ring_animation_draw_cached (cr, 599, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 5);

  ring_animation_cache_invalidate (cache);
  ring_animation_draw_cached (cr, 599, 500, &frame, &style, cache);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 6);

  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* Preparing ahead, as the playing widget does: the first frame of a new key draws in
 * place, the worker draws its planes and the next phase's, and every later phase of the
 * step finds its planes ready; whatever the worker drew, the frames are the direct ones.
 * An invalidation drops what the worker draws for the old key. */
static void
test_prepare_ahead (void)
{
  g_autoptr(RingModel) model = model_for (RING_ALGORITHM_RING, 16);
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  RingFrame frames[8];
  guint n_frames = frames_of (frames, G_N_ELEMENTS (frames), 16, model);
  RingStyle style;

  ring_style_init (&style, FALSE);
  ring_animation_cache_set_prepare_ahead (cache, TRUE);

  for (guint i = 0; i < n_frames; i++)
    {
      cairo_surface_t *direct = render (&frames[i], &style, NULL, 1, FALSE);
      cairo_surface_t *cached = render (&frames[i], &style, cache, 1, FALSE);

      g_assert_cmpuint (count_differences (direct, cached), ==, 0);
      cairo_surface_destroy (direct);
      cairo_surface_destroy (cached);
      /* Only the very first frame found nothing ready. */
      g_assert_cmpuint (ring_animation_cache_get_n_direct (cache), ==, 1);
      if (i == 0)
        g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 0);
      ring_animation_cache_wait_prepared (cache);
    }
  /* Idle, compute, the scatter-reduce, the all-gather, done: each drawn once. */
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 5);

  ring_animation_cache_invalidate (cache);
  cairo_surface_destroy (render (&frames[1], &style, cache, 1, FALSE));
  ring_animation_cache_invalidate (cache);
  ring_animation_cache_wait_prepared (cache);
  cairo_surface_destroy (render (&frames[1], &style, cache, 1, FALSE));
  g_assert_cmpuint (ring_animation_cache_get_n_direct (cache), ==, 3);
  g_assert_cmpuint (ring_animation_cache_get_n_builds (cache), ==, 5);
}

/* Playing with the worker, each step's first frame finds the step planes (what the GPUs
 * hold, the step's lines) drawn ahead while the step before it played: no frame draws a
 * step plane itself, and the frames are the direct ones. The worker is waited for after
 * each frame, so what it prepared is counted, not timed. */
static void
test_step_planes_ahead (void)
{
  static const RingAlgorithm algorithms[] = { RING_ALGORITHM_RING, RING_ALGORITHM_NVLS,
                                              RING_ALGORITHM_TREE };

  for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
    {
      g_autoptr(RingModel) model = model_for (algorithms[a], 16);
      g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
      RingFrame frame;
      RingStyle style;
      guint n_steps, per_step = 0, total_walks = 0, step_taken = 0;

      g_assert_nonnull (model);
      ring_style_init (&style, FALSE);
      ring_animation_cache_set_prepare_ahead (cache, TRUE);
      ring_frame_init (&frame, 16);
      frame.simulation = ring_model_get_simulation (model);
      ring_step_clock_model_times (model, &frame.compute_time_s, &frame.allreduce_time_s);
      n_steps = ring_frame_get_n_steps (&frame);
      g_assert_cmpuint (n_steps, >=, 4);

      /* Two training steps: what the first one asked of the worker is not asked again. */
      for (guint round = 0; round < 2; round++)
      for (guint i = 0; i < 2 + 2 * n_steps; i++)
        {
          guint before = ring_animation_cache_get_n_step_prepared (cache);
          guint walks_before = ring_animation_cache_get_n_walks (cache);
          cairo_surface_t *direct, *cached;
          guint taken, walks;

          if (i == 0)
            {
              frame.phase = RING_FRAME_COMPUTE;
              frame.step = 0;
              frame.progress = 0;
            }
          else if (i == 1)
            frame.progress = 0.6;
          else if (i >= 2)
            {
              frame.phase = RING_FRAME_RING_STEP;
              frame.step = (i - 2) / 2;
              frame.progress = i % 2 ? 0.7 : 0.2;
            }
          direct = render (&frame, &style, NULL, 1, FALSE);
          cached = render (&frame, &style, cache, 1, FALSE);
          g_assert_cmpuint (count_differences (direct, cached), ==, 0);
          cairo_surface_destroy (direct);
          cairo_surface_destroy (cached);
          taken = ring_animation_cache_get_n_step_prepared (cache) - before;
          walks = ring_animation_cache_get_n_walks (cache) - walks_before;

          /* Only the first frame, after the change, drew without its planes. */
          g_assert_cmpuint (ring_animation_cache_get_n_direct (cache), ==, 1);
          g_assert_cmpuint (ring_animation_cache_get_n_step_builds (cache), ==, 0);
          if (i == 2)
            per_step = taken;
          if (i >= 2 && i % 2 == 0)
            {
              /* A step's first frame takes every step plane it shows from the worker. */
              g_test_message ("%s, training step %u, step %u: %u step planes drawn ahead",
                              ring_algorithm_to_string (algorithms[a]), round + 1,
                              frame.step, taken);
              g_assert_cmpuint (taken, >, 0);
              g_assert_cmpuint (taken, ==, per_step);
            }
          else if (i >= 2)
            g_assert_cmpuint (taken, ==, 0);
          if (i >= 2)
            step_taken += taken;
          /* Each step's transfers are walked once, by the frame before it, for the worker;
           * the step's own frames use that walk. */
          g_assert_cmpuint (walks, <=, 1);
          total_walks += walks;
          ring_animation_cache_wait_prepared (cache);
        }
      /* The second training step's steps too. */
      g_assert_cmpuint (step_taken, ==, 2 * per_step * n_steps);
      g_assert_cmpuint (total_walks, ==, 2 * n_steps);
    }
}

/* A whole training step of every algorithm, frame by frame as the clock makes them: the
 * model simulates once, when its parameters change; no frame runs the simulation or walks
 * a step's transfers more than once per step on screen. */
static void
test_no_simulation_per_frame (void)
{
  for (RingAlgorithm a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
    {
      g_autoptr(RingModel) model = model_for (a, 64);
      g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
      RingStepClock *clock = ring_step_clock_new ();
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
      cairo_t *cr = cairo_create (surface);
      guint runs, walks, frames = 0, steps_seen = 0, last_step = G_MAXUINT;
      RingStyle style;

      g_assert_nonnull (model);
      ring_style_init (&style, FALSE);
      ring_step_clock_load_model (clock, model);
      ring_step_clock_run_training_step (clock);
      runs = _ring_simulation_count_runs ();
      walks = _ring_simulation_count_walks ();

      /* 60 frames a second until the training step is over. */
      while (frames < 100000)
        {
          RingFrame frame;

          ring_step_clock_advance (clock, 1.0 / 60);
          ring_step_clock_get_frame (clock, &frame);
          ring_animation_draw_cached (cr, WIDTH, HEIGHT, &frame, &style, cache);
          frames++;
          if (frame.phase == RING_FRAME_RING_STEP && frame.step != last_step)
            {
              steps_seen++;
              last_step = frame.step;
            }
          if (frame.phase == RING_FRAME_DONE)
            break;
        }

      g_assert_cmpuint (steps_seen, >, 0);
      g_assert_cmpuint (frames, >, 2 * steps_seen);
      g_assert_cmpuint (_ring_simulation_count_runs (), ==, runs);
      g_assert_cmpuint (_ring_simulation_count_walks () - walks, ==, steps_seen);
      g_assert_cmpuint (ring_animation_cache_get_n_walks (cache), ==, steps_seen);

      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      ring_step_clock_free (clock);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/animation-cache/cached-equals-direct", test_cached_equals_direct);
  g_test_add_func ("/ring/animation-cache/reuse", test_cache_reuse);
  g_test_add_func ("/ring/animation-cache/prepare-ahead", test_prepare_ahead);
  g_test_add_func ("/ring/animation-cache/step-planes-ahead", test_step_planes_ahead);
  g_test_add_func ("/ring/animation-cache/no-simulation-per-frame",
                   test_no_simulation_per_frame);

  return g_test_run ();
}
