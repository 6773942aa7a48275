/* bench-animation-draw.c: how long one frame of the ring animation takes to draw.
 *
 * Renders frames onto an image surface as the widget does (with its cache of the static
 * planes), at several moments of a training step, and prints the mean and median
 * milliseconds per frame for each ring size; then the same for every algorithm's own
 * schedule on its topology (H100 nodes of 8 on InfiniBand with SHARP, a slow link), from 2
 * to 65 536 GPUs. Two sizes: the animation's area in a 1280 × 800 window (425 × 570) and
 * the whole 1280 × 800. The target is under 4 ms a frame; the numbers are printed, never
 * judged. RING_BENCH_DIRECT=1 times ring_animation_draw() without the cache (exports).
 *
 *   bench-animation-draw [FRAMES [ALGORITHM|plain|all [N|0 [WIDTHxHEIGHT]]]]
 *
 * `bench-animation-draw --target [FRAMES [ALGORITHM]]` measures issue 24's target instead: every
 * algorithm at 16, 64 and 1 024 GPUs at 1920 × 1080, FRAMES frames (600) of one whole
 * training step each (compute, then every step of the schedule: each phase change), from
 * a fresh cache as after a parameter change; it prints the slowest frame's thread CPU time
 * (p100, the budget 16.7 ms a frame at 60 Hz), its wall time, and how many frames drew
 * without their planes while a worker thread prepared them, as the widget's cache does.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>
#include <time.h>

#include "ring-animation-draw.h"
#include "ring-model.h"
#include "ring-schedule.h"
#include "ring-step-clock.h"
#include "ring-style.h"
#include "ring-test-numbers.h"

#define WARMUP_FRAMES 10

static const struct
{
  int width, height;
} sizes[] = { { 425, 570 }, { 1280, 800 } };

static gboolean direct;

/* The thread's CPU time: what a frame costs, whatever else the machine runs. */
static gint64
cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);

  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static double
median_of (double *values,
           guint   n)
{
  qsort (values, n, sizeof (double), ring_test_compare_doubles);

  return values[n / 2];
}

static void
draw (cairo_t            *cr,
      int                 width,
      int                 height,
      const RingFrame    *frame,
      const RingStyle    *style,
      RingAnimationCache *cache)
{
  if (direct)
    ring_animation_draw (cr, width, height, frame, style);
  else
    ring_animation_draw_cached (cr, width, height, frame, style, cache);
}


/* The frame @i of @n_frames, spread over a whole training step: compute, then ring steps
 * from the start to the end of the all-reduce, at varying progress inside each. */
static void
frame_at (RingFrame *frame,
          guint      n_gpus,
          guint      i,
          guint      n_frames)
{
  guint n_steps = ring_schedule_n_steps (n_gpus);
  double position = (i + 0.5) / n_frames;

  ring_frame_init (frame, n_gpus);
  frame->compute_time_s = 0.43008;
  frame->allreduce_time_s = 0.1634;

  if (position < 0.1)
    {
      frame->phase = RING_FRAME_COMPUTE;
      frame->progress = position / 0.1;
    }
  else
    {
      double ring_position = (position - 0.1) / 0.9 * n_steps;

      frame->phase = RING_FRAME_RING_STEP;
      frame->step = MIN ((guint) ring_position, n_steps - 1);
      frame->progress = ring_position - frame->step;
      frame->collapsed = n_gpus > RING_ANIMATION_MAX_CHUNK_GPUS;
    }
}

/* The frame @i of @n_frames through @model's schedule, as the clock would make it. */
static void
schedule_frame_at (RingFrame *frame,
                   RingModel *model,
                   guint      i,
                   guint      n_frames)
{
  RingSimulation *sim = ring_model_get_simulation (model);
  guint n_steps = ring_simulation_get_n_steps (sim);
  double position = (i + 0.5) / n_frames * n_steps;

  ring_frame_init (frame, ring_model_get_value (model, RING_PARAM_GPUS));
  frame->simulation = sim;
  frame->phase = RING_FRAME_RING_STEP;
  frame->step = MIN ((guint) position, n_steps - 1);
  frame->progress = position - frame->step;
  frame->collapsed = n_steps > 64;
  ring_step_clock_model_times (model, &frame->compute_time_s, &frame->allreduce_time_s);
}

/* Frame times of one configuration, in ms. */
typedef struct
{
  double mean, median, slowest, cpu_median;
} Timing;

/* Draws @n_frames frames (after a warm-up) that @make_frame makes from @data, through
 * @cache at @width × @height. */
static void
time_frames (void              (*make_frame) (RingFrame *, gpointer, guint, guint),
             gpointer            data,
             guint               n_frames,
             int                 width,
             int                 height,
             const RingStyle    *style,
             RingAnimationCache *cache,
             Timing             *timing)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autofree double *frame_ms = g_new (double, n_frames);
  g_autofree double *cpu_ms = g_new (double, n_frames);
  double total_ms = 0;

  for (guint i = 0; i < WARMUP_FRAMES + n_frames; i++)
    {
      RingFrame frame;
      gint64 start_us, start_cpu_us;
      double ms;

      make_frame (&frame, data, i % n_frames, n_frames);
      start_us = g_get_monotonic_time ();
      start_cpu_us = cpu_time_us ();
      draw (cr, width, height, &frame, style, cache);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start_us) / 1000.0;
      if (i >= WARMUP_FRAMES)
        {
          frame_ms[i - WARMUP_FRAMES] = ms;
          cpu_ms[i - WARMUP_FRAMES] = (cpu_time_us () - start_cpu_us) / 1000.0;
          total_ms += ms;
        }
    }

  timing->mean = total_ms / n_frames;
  timing->median = median_of (frame_ms, n_frames);
  timing->slowest = frame_ms[n_frames - 1];
  timing->cpu_median = median_of (cpu_ms, n_frames);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
make_schedule_frame (RingFrame *frame,
                     gpointer   model,
                     guint      i,
                     guint      n_frames)
{
  schedule_frame_at (frame, model, i, n_frames);
}

static void
make_ring_frame (RingFrame *frame,
                 gpointer   n_gpus,
                 guint      i,
                 guint      n_frames)
{
  frame_at (frame, GPOINTER_TO_UINT (n_gpus), i, n_frames);
}

static void
bench_algorithm (RingAlgorithm algorithm,
                 guint         n_gpus,
                 guint         n_frames,
                 int           width,
                 int           height)
{
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  g_autoptr(RingModel) model = ring_model_new ();
  RingParams params = *ring_model_get_params (model);
  RingStyle style;
  Timing t;

  ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL);
  ring_params_set_from_string (&params, RING_PARAM_FABRIC, "infiniband-sharp", NULL);
  params.gpus = n_gpus;
  params.algorithm = algorithm;
  params.slow_link = MIN (3, n_gpus - 1);
  params.slow_link_fraction = 0.25;
  if (!ring_model_set_params (model, &params))
    return;

  ring_style_init_light (&style);
  time_frames (make_schedule_frame, model, n_frames, width, height, &style, cache, &t);
  g_print ("%-16s N = %6u, %4dx%-3d: mean %5.2f ms, median %5.2f ms, slowest %6.2f ms "
           "per frame; CPU median %5.2f ms (%u builds)\n",
           ring_algorithm_to_string (algorithm), n_gpus, width, height, t.mean, t.median,
           t.slowest, t.cpu_median, ring_animation_cache_get_n_builds (cache));
}

static void
bench (guint    n_gpus,
       guint    n_frames,
       gboolean dark,
       int      width,
       int      height)
{
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  RingStyle style;
  Timing t;

  if (dark)
    ring_style_init_dark (&style);
  else
    ring_style_init_light (&style);

  time_frames (make_ring_frame, GUINT_TO_POINTER (n_gpus), n_frames, width, height, &style,
               cache, &t);
  g_print ("ring, no schedule N = %7u (%s), %4dx%-3d: mean %5.2f ms, median %5.2f ms, "
           "slowest %6.2f ms per frame; CPU median %5.2f ms (%u frames)\n",
           n_gpus, dark ? "dark" : "light", width, height, t.mean, t.median, t.slowest,
           t.cpu_median, n_frames);
}

/* The frame @i of @n_frames through a whole training step of @model: its compute phase,
 * then every step of its schedule, as the clock plays them. */
static void
step_frame_at (RingFrame *frame,
               RingModel *model,
               guint      i,
               guint      n_frames)
{
  double position = (i + 0.5) / n_frames;

  if (position < 0.1)
    {
      ring_frame_init (frame, (guint) ring_model_get_value (model, RING_PARAM_GPUS));
      frame->simulation = ring_model_get_simulation (model);
      frame->phase = RING_FRAME_COMPUTE;
      frame->progress = position / 0.1;
      ring_step_clock_model_times (model, &frame->compute_time_s, &frame->allreduce_time_s);
      return;
    }
  schedule_frame_at (frame, model, (guint) ((position - 0.1) / 0.9 * n_frames), n_frames);
}

static void
make_step_frame (RingFrame *frame,
                 gpointer   model,
                 guint      i,
                 guint      n_frames)
{
  step_frame_at (frame, model, i, n_frames);
}

/* Issue 24's animation target for one algorithm and size; FALSE where it cannot run. */
static gboolean
bench_target (RingAlgorithm algorithm,
              guint         n_gpus,
              guint         n_frames,
              double       *slowest_cpu_ms)
{
  g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();
  g_autoptr(RingModel) model = ring_model_new ();
  RingParams params = *ring_model_get_params (model);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1920, 1080);
  cairo_t *cr = cairo_create (surface);
  g_autofree double *cpu_ms = g_new (double, n_frames);
  double slowest_wall_ms = 0;
  RingStyle style;

  ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL);
  ring_params_set_from_string (&params, RING_PARAM_FABRIC, "infiniband-sharp", NULL);
  params.gpus = n_gpus;
  params.algorithm = algorithm;
  params.slow_link = MIN (3, n_gpus - 1);
  params.slow_link_fraction = 0.25;
  if (!ring_model_set_params (model, &params))
    {
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
      return FALSE;
    }

  /* The window's surface exists long before it plays: its pages are mapped. */
  cairo_paint (cr);
  ring_style_init_light (&style);
  /* As the widget plays. */
  ring_animation_cache_set_prepare_ahead (cache, TRUE);
  for (guint i = 0; i < n_frames; i++)
    {
      RingFrame frame;
      gint64 start_us, start_cpu_us;

      make_step_frame (&frame, model, i, n_frames);
      start_us = g_get_monotonic_time ();
      start_cpu_us = cpu_time_us ();
      draw (cr, 1920, 1080, &frame, &style, cache);
      cairo_surface_flush (surface);
      cpu_ms[i] = (cpu_time_us () - start_cpu_us) / 1000.0;
      if (g_getenv ("RING_BENCH_VERBOSE") != NULL && cpu_ms[i] > 1000.0 / 60)
        g_print ("  frame %u (phase %d, step %u) at %.6f s: %.2f ms CPU; so far %u in place, "
                 "%u builds, %u step planes drawn in a frame, %u drawn ahead\n", i,
                 frame.phase, frame.step, start_us / 1e6, cpu_ms[i],
                 ring_animation_cache_get_n_direct (cache),
                 ring_animation_cache_get_n_builds (cache),
                 ring_animation_cache_get_n_step_builds (cache),
                 ring_animation_cache_get_n_step_prepared (cache));
      slowest_wall_ms = MAX (slowest_wall_ms, (g_get_monotonic_time () - start_us) / 1000.0);
    }
  qsort (cpu_ms, n_frames, sizeof (double), ring_test_compare_doubles);
  *slowest_cpu_ms = cpu_ms[n_frames - 1];
  g_print ("%-16s N = %4u, 1920x1080: p100 %6.2f ms CPU (%s), p50 %5.2f ms; slowest wall "
           "%6.2f ms; %u builds, %u frames without their planes, %u of %u step planes drawn "
           "ahead\n",
           ring_algorithm_to_string (algorithm), n_gpus, cpu_ms[n_frames - 1],
           cpu_ms[n_frames - 1] <= 1000.0 / 60 ? "within 16.7" : "OVER 16.7",
           cpu_ms[n_frames / 2], slowest_wall_ms, ring_animation_cache_get_n_builds (cache),
           ring_animation_cache_get_n_direct (cache),
           ring_animation_cache_get_n_step_prepared (cache),
           ring_animation_cache_get_n_step_prepared (cache)
           + ring_animation_cache_get_n_step_builds (cache));

  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return TRUE;
}

static int
run_target (guint       n_frames,
            const char *only)
{
  static const guint target_sizes[] = { 16, 64, 1024 };
  double worst_ms = 0;
  guint n_over = 0, n_runs = 0;

  g_print ("Issue 24, animation: every algorithm at 16, 64 and 1024 GPUs, %u frames of a "
           "step each from a fresh cache, thread CPU time per frame\n", n_frames);
  /* What a running window has done long before it plays: fonts loaded, glyphs cached. */
  {
    cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 480);
    cairo_t *cr = cairo_create (surface);
    RingStyle style;
    RingFrame frame;

    ring_style_init_light (&style);
    frame_at (&frame, 8, 300, 600);
    ring_animation_draw (cr, 640, 480, &frame, &style);
    cairo_destroy (cr);
    cairo_surface_destroy (surface);
  }
  for (RingAlgorithm a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
    for (guint i = 0; i < G_N_ELEMENTS (target_sizes); i++)
      {
        double slowest_ms;

        if ((only != NULL && g_strcmp0 (only, ring_algorithm_to_string (a)) != 0)
            || !bench_target (a, target_sizes[i], n_frames, &slowest_ms))
          continue;
        n_runs++;
        worst_ms = MAX (worst_ms, slowest_ms);
        n_over += slowest_ms > 1000.0 / 60;
      }
  g_print ("animation target: slowest frame %.2f ms CPU of a 16.7 ms budget; %u of %u "
           "configurations over it\n", worst_ms, n_over, n_runs);

  return EXIT_SUCCESS;
}

static gboolean
size_wanted (const char *only_size,
             guint       s)
{
  g_autofree char *name = g_strdup_printf ("%dx%d", sizes[s].width, sizes[s].height);

  return only_size == NULL || g_strcmp0 (only_size, name) == 0;
}

int
main (int   argc,
      char *argv[])
{
  static const guint ring_sizes[] = { 8, 1024, 1048576 };
  guint n_frames = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 200;

  static const guint algorithm_sizes[] = { 2, 16, 64, 1024, 65536 };
  /* An algorithm's name, or "plain" for the ring without a schedule: only those. */
  const char *only = argc > 2 && g_strcmp0 (argv[2], "all") != 0 ? argv[2] : NULL;
  guint only_n = argc > 3 ? (guint) g_ascii_strtoull (argv[3], NULL, 10) : 0;
  const char *only_size = argc > 4 ? argv[4] : NULL;

  n_frames = MAX (n_frames, 1);
  direct = g_strcmp0 (g_getenv ("RING_BENCH_DIRECT"), "1") == 0;
  if (argc > 1 && g_strcmp0 (argv[1], "--target") == 0)
    return run_target (argc > 2 ? MAX ((guint) g_ascii_strtoull (argv[2], NULL, 10), 1) : 600,
                       argc > 3 ? argv[3] : NULL);

  g_print ("%s\n", direct ? "Without the cache (ring_animation_draw, as exports draw)"
                          : "With the widget's cache (ring_animation_draw_cached)");
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (guint i = 0; i < G_N_ELEMENTS (ring_sizes); i++)
      {
        if (!size_wanted (only_size, s)
            || (only != NULL && g_strcmp0 (only, "plain") != 0)
            || (only_n > 0 && ring_sizes[i] != only_n))
          continue;
        bench (ring_sizes[i], n_frames, FALSE, sizes[s].width, sizes[s].height);
        bench (ring_sizes[i], n_frames, TRUE, sizes[s].width, sizes[s].height);
      }

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (RingAlgorithm a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
      for (guint i = 0; i < G_N_ELEMENTS (algorithm_sizes); i++)
        {
          if (!size_wanted (only_size, s)
              || (only != NULL && g_strcmp0 (only, ring_algorithm_to_string (a)) != 0)
              || (only_n > 0 && algorithm_sizes[i] != only_n))
            continue;
          bench_algorithm (a, algorithm_sizes[i], n_frames, sizes[s].width, sizes[s].height);
        }

  return EXIT_SUCCESS;
}
