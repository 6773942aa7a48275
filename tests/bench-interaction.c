/* bench-interaction.c: what one slider step costs, from the model to the pixels.
 *
 * A parameter change recomputes the model, then the window redraws the step bar, the ring
 * and the charts. The first part does exactly that drawing at the sizes the widgets have in
 * a 1280×800 window and in a 1920×1080 one with two charts (as the second part prints
 * them), with no display. The second
 * part, when a display is at hand (xvfb-run), moves the GPU slider of a real 1920×1080
 * window showing two charts and times each step until the window's frame is painted:
 * binding, model, every view, layout, snapshot and GSK rendering, on the clock and in the
 * window's thread's CPU time, and the whole process's CPU time (the animation's worker
 * thread with it). Each prints the mean, the 95th percentile and the slowest time per
 * change. It never fails: timing is
 * information, not a test.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "ring-chart-draw.h"
#include "ring-animation-draw.h"
#include "ring-step-bar-draw.h"
#include "ring-chart-private.h"
#include "ring-parameter-panel-private.h"
#include "ring-renderer.h"
#include "ring-window-private.h"
#include "ring-test-numbers.h"

#define CHANGES        200
#define WINDOW_CHANGES 120
/* Between two steps in the window: more than a frame, so the frame clock never makes a
 * step wait for the next frame slot. */
#define SETTLE_US      (40 * 1000)

typedef struct
{
  const char *name;
  int         ring_width, ring_height;
  int         chart_width, chart_height;
  int         bar_width;
  guint       n_charts;
} Layout;

/* Mean, 95th percentile (nearest rank) and slowest of @n_samples times, in ms. */
static void
print_times (const char *name,
             double     *samples_ms,
             guint       n_samples)
{
  double total = 0;

  for (guint i = 0; i < n_samples; i++)
    total += samples_ms[i];
  qsort (samples_ms, n_samples, sizeof (double), ring_test_compare_doubles);

  g_print ("%-50s mean %6.2f ms, p95 %6.2f ms, slowest %6.2f ms per change (%u changes)\n",
           name, total / n_samples,
           samples_ms[(guint) ceil (0.95 * n_samples) - 1], samples_ms[n_samples - 1],
           n_samples);
}

/* The thread's CPU time: what a step costs, whatever else the machine runs. */
static gint64
cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);

  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

/* The process's CPU time, every thread's (the animation's worker too). */
static gint64
process_cpu_time_us (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);

  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static void
draw_once (RingModel       *model,
           const Layout    *layout,
           cairo_surface_t *ring_surface,
           cairo_surface_t *chart_surface,
           cairo_surface_t *bar_surface,
           RingChartCache **chart_caches,
           const RingStyle *style)
{
  const RingResult *result = ring_model_get_result (model);
  RingFrame frame;
  cairo_t *cr;

  /* The step bar. */
  cr = cairo_create (bar_surface);
  ring_step_bar_draw (cr, layout->bar_width, 28, result->compute_time_s, result->bubble_s,
                      result->exposed_comm_s, result->hidden_comm_s, style);
  cairo_destroy (cr);

  /* The ring, mid scatter-reduce. */
  ring_frame_init (&frame, ring_model_get_value (model, RING_PARAM_GPUS));
  frame.phase = RING_FRAME_RING_STEP;
  frame.step = ring_model_get_value (model, RING_PARAM_GPUS) > 2 ? 1 : 0;
  frame.progress = 0.5;
  frame.compute_time_s = result->compute_time_s;
  frame.allreduce_time_s = result->allreduce_time_s;
  if (ring_model_get_value (model, RING_PARAM_GPUS) > 1)
    {
      cr = cairo_create (ring_surface);
      ring_animation_draw (cr, layout->ring_width, layout->ring_height, &frame, style);
      cairo_destroy (cr);
    }

  /* The visible charts. */
  for (guint i = 0; i < layout->n_charts; i++)
    {
      RingChartDrawOptions options = { .cache = chart_caches[i] };

      cr = cairo_create (chart_surface);
      ring_chart_draw_with_options (i == 0 ? RING_CHART_UTILIZATION_VS_GPUS
                                           : RING_CHART_STEP_TIME_VS_GPUS,
                                    model, cr, layout->chart_width, layout->chart_height,
                                    style, &options);
      cairo_destroy (cr);
    }
}

static void
bench_drawing (void)
{
  const Layout layouts[] = {
    { "drawing only, 1280x800: ring + one chart", 425, 570, 444, 530, 583, 1 },
    { "drawing only, 1920x1080: ring + two charts", 440, 850, 528, 810, 1223, 2 },
  };
  RingStyle style;

  ring_style_init_light (&style);
  /* As the window's charts do. */
  ring_chart_draw_keep_points ();

  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    {
      const Layout *layout = &layouts[l];
      g_autoptr(RingModel) model = ring_model_new ();
      cairo_surface_t *ring_surface, *chart_surface, *bar_surface;
      /* Each chart keeps its body, as the window's do. */
      RingChartCache *chart_caches[2] = { ring_chart_cache_new (), ring_chart_cache_new () };
      double samples_ms[CHANGES], cpu_ms[CHANGES];
      g_autofree char *cpu_name = g_strdup_printf ("%s, CPU", layout->name);

      ring_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                 layout->ring_width, layout->ring_height);
      chart_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                  layout->chart_width, layout->chart_height);
      bar_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, layout->bar_width, 28);

      /* The first draw loads PLplot's driver; a running app has done that long before. */
      draw_once (model, layout, ring_surface, chart_surface, bar_surface, chart_caches,
                 &style);

      /* A drag along the GPU slider: 1, 2, 4, … notches back and forth. */
      for (guint i = 0; i < CHANGES; i++)
        {
          gint64 start = g_get_monotonic_time (), start_cpu = cpu_time_us ();

          ring_model_set_value (model, RING_PARAM_GPUS, 1u << (1 + i % 12));
          draw_once (model, layout, ring_surface, chart_surface, bar_surface, chart_caches,
                 &style);
          samples_ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          cpu_ms[i] = (cpu_time_us () - start_cpu) / 1000.0;
        }

      print_times (layout->name, samples_ms, CHANGES);
      print_times (cpu_name, cpu_ms, CHANGES);

      cairo_surface_destroy (ring_surface);
      cairo_surface_destroy (chart_surface);
      cairo_surface_destroy (bar_surface);
      ring_chart_cache_free (chart_caches[0]);
      ring_chart_cache_free (chart_caches[1]);
    }
}

/* The window part */

typedef struct
{
  gint64 before_paint_us;  /* the phases of the last frame, each at its end */
  gint64 layout_us;
  gint64 painted_us;
  gint64 before_paint_cpu_us;  /* and the thread's CPU time there */
  gint64 layout_cpu_us;
  gint64 painted_cpu_us;
  guint  n_frames;
} FrameWatch;

static void
before_paint_cb (GdkFrameClock *clock,
                 FrameWatch    *watch)
{
  watch->before_paint_us = g_get_monotonic_time ();
  watch->before_paint_cpu_us = cpu_time_us ();
}

static void
layout_cb (GdkFrameClock *clock,
           FrameWatch    *watch)
{
  watch->layout_us = g_get_monotonic_time ();
  watch->layout_cpu_us = cpu_time_us ();
}

static void
after_paint_cb (GdkFrameClock *clock,
                FrameWatch    *watch)
{
  watch->painted_us = g_get_monotonic_time ();
  watch->painted_cpu_us = cpu_time_us ();
  watch->n_frames++;
}

static void
iterate_for (gint64 microseconds)
{
  gint64 deadline = g_get_monotonic_time () + microseconds;

  while (g_get_monotonic_time () < deadline)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (500);
    }
}

static int
widget_width (gpointer widget)
{
  return gtk_widget_get_width (widget);
}

static int
widget_height (gpointer widget)
{
  return gtk_widget_get_height (widget);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

static guint
total_renders (RingChartView *view)
{
  return _ring_chart_get_render_count (_ring_chart_view_get_chart (view, 0))
         + _ring_chart_get_render_count (_ring_chart_view_get_chart (view, 1));
}

/* How many of the charts' draws painted their kept body: hits and misses so far. */
static void
body_counts (RingChartView *view,
             guint         *hits,
             guint         *misses)
{
  *hits = *misses = 0;
  for (guint i = 0; i < 2; i++)
    {
      RingChartCache *cache = _ring_chart_get_body_cache (_ring_chart_view_get_chart (view, i));
      guint h = 0, m = 0;

      if (cache != NULL)
        ring_chart_cache_get_counts (cache, &h, &m);
      *hits += h;
      *misses += m;
    }
}

static void
bench_window (void)
{
  RingWindow *window;
  RingChartView *chart_view;
  GtkRange *gpus_scale;
  GdkFrameClock *clock;
  FrameWatch watch = { 0, };
  double samples_ms[WINDOW_CHANGES], cpu_ms[WINDOW_CHANGES], paint_cpu_ms[WINDOW_CHANGES];
  double signal_ms = 0, wait_ms = 0, layout_ms = 0, paint_ms = 0;
  guint renders_before, frames_before, slow_frames = 0, n_changed = 0;
  guint hits_before, misses_before, hits, misses;
  gint64 process_cpu_before;
  g_autofree char *name = NULL;

  window = g_object_new (RING_TYPE_WINDOW, NULL);
  ring_model_reset (window->model);
  gtk_window_set_default_size (GTK_WINDOW (window), 1920, 1080);
  gtk_window_present (GTK_WINDOW (window));
  chart_view = RING_CHART_VIEW (window->chart_view);
  gpus_scale = _ring_parameter_panel_get_scale (RING_PARAMETER_PANEL (window->parameter_panel),
                                                "gpus");

  /* Mapped, laid out, both charts drawn once. */
  iterate_for (G_USEC_PER_SEC);
  if (!ring_chart_view_get_showing_two (chart_view))
    g_print ("(the window shows one chart: give Xvfb a larger screen, "
             "xvfb-run -s '-screen 0 1920x1080x24')\n");

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  /* Connected after GTK's own handlers: each runs as its phase ends. */
  g_signal_connect (clock, "before-paint", G_CALLBACK (before_paint_cb), &watch);
  g_signal_connect (clock, "layout", G_CALLBACK (layout_cb), &watch);
  g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &watch);
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &n_changed);
  renders_before = total_renders (chart_view);
  body_counts (chart_view, &hits_before, &misses_before);
  process_cpu_before = process_cpu_time_us ();
  frames_before = watch.n_frames;

  for (guint i = 0; i < WINDOW_CHANGES; i++)
    {
      guint frames;
      gint64 start, changed, start_cpu;

      iterate_for (SETTLE_US);
      frames = watch.n_frames;
      watch.before_paint_us = watch.layout_us = watch.painted_us = 0;
      watch.layout_cpu_us = 0;
      start = g_get_monotonic_time ();
      start_cpu = cpu_time_us ();
      gtk_range_set_value (gpus_scale, 1 + (i + 3) % 12);
      changed = g_get_monotonic_time ();
      while (watch.n_frames == frames && g_get_monotonic_time () - start < G_USEC_PER_SEC)
        g_main_context_iteration (NULL, TRUE);
      samples_ms[i] = (watch.painted_us - start) / 1000.0;
      cpu_ms[i] = (watch.painted_cpu_us - start_cpu) / 1000.0;
      paint_cpu_ms[i] = (watch.painted_cpu_us
                         - (watch.layout_cpu_us != 0 ? watch.layout_cpu_us
                                                     : watch.before_paint_cpu_us)) / 1000.0;
      signal_ms += (changed - start) / 1000.0;
      wait_ms += (watch.before_paint_us - changed) / 1000.0;
      /* A frame with nothing to lay out has no layout phase. */
      layout_ms += MAX (watch.layout_us - watch.before_paint_us, 0) / 1000.0;
      paint_ms += (watch.painted_us - MAX (watch.layout_us, watch.before_paint_us)) / 1000.0;

      /* Anything painting again after the step (a second layout, a late redraw) counts. */
      iterate_for (SETTLE_US / 2);
      if (watch.n_frames > frames + 1)
        slow_frames++;
    }

  g_print ("window: %s, %d×%d; ring %d×%d, charts %d×%d and %d×%d, step bar %d×%d\n",
           G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
           widget_width (window), widget_height (window),
           widget_width (window->animation), widget_height (window->animation),
           widget_width (_ring_chart_view_get_chart (chart_view, 0)),
           widget_height (_ring_chart_view_get_chart (chart_view, 0)),
           ring_chart_view_get_showing_two (chart_view)
           ? widget_width (_ring_chart_view_get_chart (chart_view, 1)) : 0,
           ring_chart_view_get_showing_two (chart_view)
           ? widget_height (_ring_chart_view_get_chart (chart_view, 1)) : 0,
           widget_width (window->step_bar), widget_height (window->step_bar));
  name = g_strdup_printf ("in the window, %dx%d: slider → painted",
                          widget_width (window), widget_height (window));
  print_times (name, samples_ms, WINDOW_CHANGES);
  /* What the wall clock holds beyond these is the wait for a core (the X server, the
   * worker, other processes). */
  print_times ("  the same, the window's thread's CPU time", cpu_ms, WINDOW_CHANGES);
  print_times ("  of which snapshot and render, CPU", paint_cpu_ms, WINDOW_CHANGES);
  g_print ("%-50s mean %6.2f ms per change (every thread, between changes too)\n",
           "  the process's CPU time",
           (process_cpu_time_us () - process_cpu_before) / 1000.0 / WINDOW_CHANGES);
  g_print ("%-50s per change: %.2f \"changed\", %.2f chart renders, %.2f frames; "
           "%u changes painted twice\n",
           "", (double) n_changed / WINDOW_CHANGES,
           (double) (total_renders (chart_view) - renders_before) / WINDOW_CHANGES,
           (double) (watch.n_frames - frames_before) / WINDOW_CHANGES, slow_frames);
  body_counts (chart_view, &hits, &misses);
  /* A body is drawn again when the curves change, or the chart's size. */
  g_print ("%-50s the charts' kept bodies painted at %u of %u draws\n", "",
           hits - hits_before, hits - hits_before + misses - misses_before);

  g_print ("%-50s mean parts: %.2f ms model and views, %.2f ms to the frame, %.2f ms "
           "layout, %.2f ms snapshot and render\n", "",
           signal_ms / WINDOW_CHANGES, wait_ms / WINDOW_CHANGES, layout_ms / WINDOW_CHANGES,
           paint_ms / WINDOW_CHANGES);

  g_signal_handlers_disconnect_by_data (clock, &watch);
  gtk_window_destroy (GTK_WINDOW (window));
  iterate_for (SETTLE_US);
}

int
main (int   argc,
      char *argv[])
{
  /* The window binds its model to GSettings: never touch the user's. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);

  if (!ring_chart_draw_is_available ())
    {
      g_print ("PLplot's extcairo device is missing; nothing to measure\n");
      return 0;
    }

  /* `--window` measures the window only (for a profiler), `--drawing` the drawing only. */
  if (argc < 2 || g_strcmp0 (argv[1], "--drawing") == 0)
    bench_drawing ();
  if (argc >= 2 && g_strcmp0 (argv[1], "--drawing") == 0)
    return 0;

  /* The renderer the application would take here (cairo where no GPU render node
   * exists, as under Xvfb), unless GSK_RENDERER says otherwise. */
  ring_renderer_choose ("/dev/dri");
  if (!gtk_init_check ())
    {
      g_print ("no display: the window is not measured (run under xvfb-run)\n");
      return 0;
    }
  adw_init ();
  bench_window ();

  return 0;
}
