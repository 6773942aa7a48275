/* bench-chart-draw.c: how long each chart kind takes to draw, at an export's size and at
 * the sizes a chart has in the window, and what one parameter change costs the window
 * (its two visible charts redrawn). A benchmark: it prints, never fails on timing.
 *
 * Medians and 95th percentiles, not means, and the thread's CPU time beside the clock's:
 * the development machines are shared, and one descheduled run says nothing about the
 * drawing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-bench"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "ring-chart-draw.h"
#include "ring-test-numbers.h"

#define ITERATIONS 40

typedef struct
{
  const char *name;
  int         width;
  int         height;
} Size;

static const Size sizes[] = {
  { "export", 1600, 1000 },
  { "1920x1080 window", 520, 740 },
  { "1280x800 window", 380, 510 },
};

/* The median and the 95th percentile of @n times, which it sorts. */
static void
summarize (double *ms,
           guint   n,
           double *median,
           double *p95)
{
  qsort (ms, n, sizeof *ms, ring_test_compare_doubles);
  *median = n % 2 ? ms[n / 2] : (ms[n / 2 - 1] + ms[n / 2]) / 2;
  *p95 = ms[MIN (n - 1, (guint) (0.95 * n + 0.5) - 1)];
}

/* This thread's CPU time, in milliseconds. */
static double
cpu_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

/* Draws a chart; returns the milliseconds it took, and its CPU time in @cpu. */
static double
render_ms (RingChartKind    kind,
           RingModel       *model,
           cairo_surface_t *surface,
           const Size      *size,
           const RingStyle *style,
           RingChartCache  *cache,
           double          *cpu)
{
  RingChartDrawOptions options = { .cache = cache };
  gint64 start = g_get_monotonic_time ();
  double cpu_start = cpu_ms ();
  cairo_t *cr = cairo_create (surface);

  ring_chart_draw_with_options (kind, model, cr, size->width, size->height, style, &options);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  if (cpu != NULL)
    *cpu = cpu_ms () - cpu_start;
  return (g_get_monotonic_time () - start) / 1000.0;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle styles[2];
  double ms[ITERATIONS], cpu[ITERATIONS];
  double median, p95, cpu_median, cpu_p95;

  if (!ring_chart_draw_is_available ())
    {
      printf ("PLplot's extcairo device is not installed: nothing to measure\n");
      return 0;
    }

  ring_style_init_light (&styles[0]);
  ring_style_init_dark (&styles[1]);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      const Size *size = &sizes[s];
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size->width,
                                                             size->height);

      /* The first draw loads PLplot's driver; it is reported apart. */
      if (s == 0)
        printf ("first draw (loads the driver): %.2f ms\n",
                render_ms (RING_CHART_UTILIZATION_VS_GPUS, model, surface, size, &styles[0],
                           NULL, NULL));

      printf ("%s, %d×%d: median (p95) of %d draws, light and dark alternating; CPU time\n",
              size->name, size->width, size->height, ITERATIONS);
      for (guint kind = 0; kind < RING_N_CHARTS; kind++)
        {
          for (int i = 0; i < ITERATIONS; i++)
            ms[i] = render_ms (kind, model, surface, size, &styles[i % 2], NULL, &cpu[i]);
          summarize (ms, ITERATIONS, &median, &p95);
          summarize (cpu, ITERATIONS, &cpu_median, &cpu_p95);
          printf ("  %-28s %6.2f ms (%.2f)   CPU %6.2f ms (%.2f)\n",
                  ring_chart_kind_to_string (kind), median, p95, cpu_median, cpu_p95);
        }
      cairo_surface_destroy (surface);
    }

  /* A slider step: the model changes, and the wide window's pair of charts redraws, each
   * keeping its body as the window's do. A step of the bandwidth changes every curve; a
   * step of the GPUs only the configuration and the marker. */
  for (guint step = 0; step < 2; step++)
    {
      const Size *size = &sizes[1];
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             size->width, size->height);
      g_autoptr(RingChartCache) utilization = ring_chart_cache_new ();
      g_autoptr(RingChartCache) step_time = ring_chart_cache_new ();
      guint hits = 0, more;

      ring_chart_draw_keep_points ();
      for (int i = 0; i < ITERATIONS; i++)
        {
          gint64 start = g_get_monotonic_time ();
          double cpu_start = cpu_ms ();

          if (step == 0)
            ring_model_set_value (model, RING_PARAM_BANDWIDTH, 100 + 10 * i);
          else
            ring_model_set_value (model, RING_PARAM_GPUS, 1u << (1 + i % 12));
          render_ms (RING_CHART_UTILIZATION_VS_GPUS, model, surface, size, &styles[0],
                     utilization, NULL);
          render_ms (RING_CHART_STEP_TIME_VS_GPUS, model, surface, size, &styles[0],
                     step_time, NULL);
          ms[i] = (g_get_monotonic_time () - start) / 1000.0;
          cpu[i] = cpu_ms () - cpu_start;
        }
      ring_chart_cache_get_counts (utilization, &hits, NULL);
      ring_chart_cache_get_counts (step_time, &more, NULL);
      summarize (ms, ITERATIONS, &median, &p95);
      summarize (cpu, ITERATIONS, &cpu_median, &cpu_p95);
      printf ("%s step -> two %d×%d charts redrawn: median %.2f ms (p95 %.2f), "
              "CPU %.2f ms (%.2f); %u of %d bodies kept\n",
              step == 0 ? "bandwidth" : "GPU", size->width, size->height, median, p95,
              cpu_median, cpu_p95, hits + more, 2 * ITERATIONS);
      cairo_surface_destroy (surface);
    }

  return 0;
}
