/* bench-plot.c: how long each chart kind takes to render, and what one parameter change
 * costs the window (its two visible charts redrawn). A benchmark: it prints, never fails
 * on timing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-bench"

#include "config.h"

#include <stdio.h>

#include "ring-chart-draw.h"

#define WIDTH       1600
#define HEIGHT      1000
#define ITERATIONS  30

static double
render_ms (RingChartKind    kind,
           RingModel       *model,
           cairo_t         *cr,
           const RingStyle *style)
{
  gint64 start = g_get_monotonic_time ();

  ring_chart_draw (kind, model, cr, WIDTH, HEIGHT, style);
  cairo_surface_flush (cairo_get_target (cr));

  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RingModel) model = ring_model_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  RingStyle style;
  double total_ms = 0;

  if (!ring_chart_draw_is_available ())
    {
      printf ("PLplot's extcairo device is not installed: nothing to measure\n");
      return 0;
    }

  ring_style_init_light (&style);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cr = cairo_create (surface);

  /* The first draw loads PLplot's driver; it is reported apart. */
  printf ("first draw (loads the driver): %.2f ms\n",
          render_ms (RING_CHART_UTILIZATION_VS_GPUS, model, cr, &style));

  printf ("mean render time at %d×%d, %d runs each:\n", WIDTH, HEIGHT, ITERATIONS);
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      double sum_ms = 0, max_ms = 0;

      for (int i = 0; i < ITERATIONS; i++)
        {
          double ms = render_ms (kind, model, cr, &style);

          sum_ms += ms;
          max_ms = MAX (max_ms, ms);
        }
      printf ("  %-28s %6.2f ms (max %.2f)\n", ring_chart_kind_to_string (kind),
              sum_ms / ITERATIONS, max_ms);
    }

  /* A slider step: the model changes, and the window's default pair of charts redraws. */
  for (int i = 0; i < ITERATIONS; i++)
    {
      gint64 start = g_get_monotonic_time ();

      ring_model_set_bandwidth (model, 100 + 10 * i);
      render_ms (RING_CHART_UTILIZATION_VS_GPUS, model, cr, &style);
      render_ms (RING_CHART_STEP_TIME_VS_GPUS, model, cr, &style);
      total_ms += (g_get_monotonic_time () - start) / 1000.0;
    }
  printf ("parameter change -> two charts redrawn: %.2f ms\n", total_ms / ITERATIONS);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return 0;
}
