/* ring-chart-draw-measured.c: loaded nccl-tests logs on the message-size chart: their
 * rows as open markers beside the model's curves, one shape a log, and a strip under the
 * plot with the model's error at each measured size.
 *
 * The error is the model of the chart's parameters on the log's own cluster (its ranks,
 * ranks per node and GPU) against the log: (t_model / t_measured − 1), in percent; the
 * legend gives its geometric mean, exp (mean |ln (t_model / t_measured)|) − 1, as the fit
 * reports it. The curves stay the current configuration's; when that is not the log's
 * cluster, the chart says so under its title.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

/* Error scales the strip rounds up to, in percent. */
static const double strip_limits[] = { 5, 10, 20, 25, 50, 100, 200, 500 };

/* A log's marker at a point of the page: its open shape drawn by plstring(). */
static void
draw_mark (const RingPlotChart *chart,
           double               x_mm,
           double               y_mm,
           guint                shape)
{
  _ring_plot_use_page (chart);
  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 0.7);
  _ring_plot_key_text_state ();
  _ring_plot_key_string ("plstring");
  _ring_plot_key_double (x_mm);
  _ring_plot_key_double (y_mm);
  _ring_plot_key (&shape, sizeof shape);
  if (_ring_plot_draws ())
    plstring (1, &x_mm, &y_mm, _ring_plot_measured_symbol (shape));
  _ring_plot_set_text_size (chart, 1.0);
}

/* "node2.log · model ±12 %", after the fit "node2.log · fitted ±3 %". */
void
_ring_plot_measured_legend (const RingPlotChart *chart,
                            GArray              *legend)
{
  RingChartData *data = chart->data;

  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);
      g_autofree char *text = NULL;

      /* TRANSLATORS: a legend entry: a log's file name and the model's geometric-mean
       * error against it, "node2.log · model ±12 %". */
      text = g_strdup_printf (_("%s · model ±%.0f %%"), measured->measurement->name,
                              measured->comparison->nominal_geomean_error_pct);
      _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MEASURED, RING_PLOT_COLOR_FOREGROUND,
                             (int) m, chart->line_px, text);
    }
}

/* Called for each row of each log: @log is the log's index, @gpus its ranks. */
typedef void (*MeasuredRowFunc) (const RingNcclFitPoint *point,
                                 guint                   gpus,
                                 guint                   log,
                                 gpointer                user_data);

static void
foreach_measured_row (RingChartData   *data,
                      MeasuredRowFunc  func,
                      gpointer         user_data)
{
  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);
      GArray *points = measured->comparison->points;

      for (guint i = 0; i < points->len; i++)
        func (&g_array_index (points, RingNcclFitPoint, i), measured->comparison->params.gpus,
              m, user_data);
    }
}

/* A row's bus bandwidth as nccl-tests reports an all-reduce's: algbw · 2 (N − 1) / N. */
static double
row_busbw_gbps (const RingNcclFitPoint *point,
                guint                   gpus)
{
  return point->size_bytes / (point->measured_us * 1e3) * 2.0 * (gpus - 1) / gpus;
}

typedef struct
{
  double *min_s;
  double *max_s;
  double *max_busbw_gbps;
} MeasuredRange;

static void
widen_range (const RingNcclFitPoint *point,
             guint                   gpus,
             guint                   log,
             gpointer                user_data)
{
  MeasuredRange *range = user_data;

  *range->min_s = MIN (*range->min_s, point->measured_us * 1e-6);
  *range->max_s = MAX (*range->max_s, point->measured_us * 1e-6);
  *range->max_busbw_gbps = MAX (*range->max_busbw_gbps, row_busbw_gbps (point, gpus));
}

/* Widens [*@min_s, *@max_s] to every measured time, and *@max_busbw to every measured
 * bus bandwidth. */
void
_ring_plot_measured_range (RingChartData *data,
                           double        *min_s,
                           double        *max_s,
                           double        *max_busbw_gbps)
{
  MeasuredRange range = { min_s, max_s, max_busbw_gbps };

  foreach_measured_row (data, widen_range, &range);
}

static void
draw_mark_at (const RingPlotChart *chart,
              const RingPlotPanel *panel,
              double               x_value,
              double               y_value,
              guint                shape)
{
  double wx = _ring_plot_axis_world (&panel->x, x_value);
  double wy = _ring_plot_axis_world (&panel->y, y_value);

  if (!isfinite (wx) || !isfinite (wy) || wx < panel->x.min || wx > panel->x.max)
    return;
  /* Past the panel's edge, the marker sits on it: a row out of range stays visible. */
  wy = CLAMP (wy, panel->y.min, panel->y.max);
  draw_mark (chart, _ring_plot_panel_x_mm (panel, wx), _ring_plot_panel_y_mm (panel, wy),
             shape);
}

typedef struct
{
  const RingPlotChart *chart;
  const RingPlotPanel *time_panel;
  const RingPlotPanel *busbw_panel;
} MeasuredPanels;

static void
draw_row (const RingNcclFitPoint *point,
          guint                   gpus,
          guint                   log,
          gpointer                user_data)
{
  MeasuredPanels *panels = user_data;

  draw_mark_at (panels->chart, panels->time_panel, point->size_bytes,
                point->measured_us * 1e-6, log);
  draw_mark_at (panels->chart, panels->busbw_panel, point->size_bytes,
                row_busbw_gbps (point, gpus), log);
}

/* Every log's rows: their time on @time_panel, their bus bandwidth on @busbw_panel. */
void
_ring_plot_draw_measured_points (const RingPlotChart *chart,
                                 const RingPlotPanel *time_panel,
                                 const RingPlotPanel *busbw_panel)
{
  MeasuredPanels panels = { chart, time_panel, busbw_panel };

  foreach_measured_row (chart->data, draw_row, &panels);
}

/* The strip's symmetric range: the largest error, rounded up to a plain number. */
static double
strip_limit (RingChartData *data)
{
  double worst = 0;

  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);

      for (guint i = 0; i < measured->comparison->points->len; i++)
        {
          const RingNcclFitPoint *point = &g_array_index (measured->comparison->points,
                                                          RingNcclFitPoint, i);

          worst = MAX (worst, fabs (point->predicted_us / point->measured_us - 1) * 100);
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (strip_limits); i++)
    if (worst * 1.1 <= strip_limits[i])
      return strip_limits[i];

  return strip_limits[G_N_ELEMENTS (strip_limits) - 1];
}

/* Sets @strip's y axis (its x is the plot's). */
void
_ring_plot_measured_strip_axis (const RingPlotChart *chart,
                                RingPlotPanel       *strip)
{
  double limit = strip_limit (chart->data);

  _ring_plot_axis_linear (&strip->y, -limit, limit, 2);
  /* Labels at −limit, 0 and +limit: whole percentages, whatever nice step was chosen. */
  strip->y.min = -limit;
  strip->y.max = limit;
  strip->y.step = limit;
  strip->y.decimals = 0;
}

/* The model's error at each measured size, with a zero line; x labels and title under it. */
void
_ring_plot_draw_measured_strip (const RingPlotChart *chart,
                                const RingPlotPanel *strip,
                                const char          *x_title)
{
  RingChartData *data = chart->data;
  double zero_mm = _ring_plot_panel_y_mm (strip, 0);
  const char *title;

  _ring_plot_draw_grid (chart, strip);
  _ring_plot_segment (chart, strip->xmin_mm, zero_mm, strip->xmax_mm, zero_mm,
                      RING_PLOT_COLOR_DIM, RING_PLOT_LINE_SOLID, chart->line_px * 0.6);

  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);

      for (guint i = 0; i < measured->comparison->points->len; i++)
        {
          const RingNcclFitPoint *point = &g_array_index (measured->comparison->points,
                                                          RingNcclFitPoint, i);
          double error_pct = (point->predicted_us / point->measured_us - 1) * 100;
          double wx = _ring_plot_axis_world (&strip->x, point->size_bytes);
          double x_mm, y_mm;

          if (!isfinite (wx) || wx < strip->x.min || wx > strip->x.max)
            continue;
          x_mm = _ring_plot_panel_x_mm (strip, wx);
          y_mm = _ring_plot_panel_y_mm (strip, CLAMP (error_pct, strip->y.min, strip->y.max));
          /* A stem from zero, as residual plots draw them, then the log's marker. */
          _ring_plot_segment (chart, x_mm, zero_mm, x_mm, y_mm, RING_PLOT_COLOR_DIM,
                              RING_PLOT_LINE_SOLID, chart->line_px * 0.6);
          draw_mark (chart, x_mm, y_mm, m);
        }
    }

  _ring_plot_draw_axes (chart, strip, TRUE, TRUE);
  /* TRANSLATORS: the y axis of the strip under the message-size chart: how far the
   * model's time is from the measured one; three lengths for three strip heights. */
  title = _("Model error (%)");
  _ring_plot_set_text_size (chart, 1.0);
  if (_ring_plot_text_width_mm (title) > strip->ymax_mm - strip->ymin_mm)
    title = _("Error (%)");
  if (_ring_plot_text_width_mm (title) > strip->ymax_mm - strip->ymin_mm)
    title = "%";
  _ring_plot_draw_axis_titles (chart, strip, x_title, title);
}
