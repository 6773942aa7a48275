/* bench-interaction.c: what one slider step costs, from the model to the pixels.
 *
 * A parameter change recomputes the model, then the window redraws the step bar, the ring
 * and the charts. This program does exactly that work at the sizes the widgets have in a
 * 1280×800 window (and at a wide window's two charts), and prints the time per change:
 * median, 95th percentile, mean and slowest, on the clock and in CPU time (the thread's),
 * which a busy machine disturbs less.
 * It never fails: timing is information, not a test.
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

#define CHANGES 80

typedef struct
{
  const char *name;
  int         ring_width, ring_height;
  int         chart_width, chart_height;
  guint       n_charts;
} Layout;

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* This thread's CPU time, in milliseconds. */
static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

static double
draw_once (RingModel       *model,
           const Layout    *layout,
           cairo_surface_t *ring_surface,
           cairo_surface_t *chart_surface,
           cairo_surface_t *bar_surface,
           const RingStyle *style)
{
  const RingResult *result = ring_model_get_result (model);
  RingFrame frame;
  cairo_t *cr;
  gint64 start = g_get_monotonic_time ();

  /* The step bar. */
  cr = cairo_create (bar_surface);
  ring_step_bar_draw (cr, 520, 28, result->compute_time_s, result->exposed_comm_s, style);
  cairo_destroy (cr);

  /* The ring, mid scatter-reduce. */
  ring_frame_init (&frame, ring_model_get_gpus (model));
  frame.phase = RING_FRAME_RING_STEP;
  frame.step = ring_model_get_gpus (model) > 2 ? 1 : 0;
  frame.progress = 0.5;
  frame.compute_time_s = result->compute_time_s;
  frame.allreduce_time_s = result->allreduce_time_s;
  if (ring_model_get_gpus (model) > 1)
    {
      cr = cairo_create (ring_surface);
      ring_animation_draw (cr, layout->ring_width, layout->ring_height, &frame, style);
      cairo_destroy (cr);
    }

  /* The visible charts. */
  for (guint i = 0; i < layout->n_charts; i++)
    {
      cr = cairo_create (chart_surface);
      ring_chart_draw (i == 0 ? RING_CHART_UTILIZATION_VS_GPUS : RING_CHART_STEP_TIME_VS_GPUS,
                      model, cr, layout->chart_width, layout->chart_height, style);
      cairo_destroy (cr);
    }

  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  const Layout layouts[] = {
    { "1280x800 window: ring + one chart", 480, 550, 380, 510, 1 },
    { "1920x1080 window: ring + two charts", 640, 780, 520, 740, 2 },
  };
  RingStyle style;

  if (!ring_chart_draw_is_available ())
    {
      g_print ("PLplot's extcairo device is missing; nothing to measure\n");
      return 0;
    }

  ring_style_init_light (&style);

  for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
    {
      const Layout *layout = &layouts[l];
      g_autoptr(RingModel) model = ring_model_new ();
      cairo_surface_t *ring_surface, *chart_surface, *bar_surface;
      double ms[CHANGES], cpu[CHANGES];
      double total = 0;

      ring_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                 layout->ring_width, layout->ring_height);
      chart_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                  layout->chart_width, layout->chart_height);
      bar_surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 520, 28);

      /* The first draw loads PLplot's driver; a running app has done that long before. */
      draw_once (model, layout, ring_surface, chart_surface, bar_surface, &style);

      /* A drag along the GPU slider: 1, 2, 4, … notches back and forth. */
      for (guint i = 0; i < CHANGES; i++)
        {
          gint64 start = g_get_monotonic_time ();
          double cpu_start = cpu_ms ();

          ring_model_set_gpus (model, 1u << (1 + i % 12));
          draw_once (model, layout, ring_surface, chart_surface, bar_surface, &style);
          ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i] = cpu_ms () - cpu_start;
          total += ms[i];
        }

      /* The target is a percentile: a slider step that is usually quick and sometimes
       * stutters still feels slow. */
      qsort (ms, CHANGES, sizeof *ms, compare_doubles);
      qsort (cpu, CHANGES, sizeof *cpu, compare_doubles);
      g_print ("%-38s median %.2f ms, p95 %.2f ms, mean %.2f ms, slowest %.2f ms "
               "(%d changes)\n",
               layout->name, (ms[CHANGES / 2 - 1] + ms[CHANGES / 2]) / 2,
               ms[CHANGES * 95 / 100 - 1], total / CHANGES, ms[CHANGES - 1], CHANGES);
      g_print ("%-38s CPU time: median %.2f ms, p95 %.2f ms\n", "",
               (cpu[CHANGES / 2 - 1] + cpu[CHANGES / 2]) / 2, cpu[CHANGES * 95 / 100 - 1]);

      cairo_surface_destroy (ring_surface);
      cairo_surface_destroy (chart_surface);
      cairo_surface_destroy (bar_surface);
    }

  return 0;
}
