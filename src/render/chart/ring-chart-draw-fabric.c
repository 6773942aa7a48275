/* ring-chart-draw-fabric.c: the fabric's charts: our time against another job's load on
 * the same uplinks, with the line of our time alone.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

static void
draw_scaled_curve (const RingPlotChart *chart,
                   const RingPlotPanel *panel,
                   guint                column,
                   double               divisor,
                   int                  color,
                   int                  line_style,
                   double               line_px)
{
  RingChartData *data = chart->data;
  const double *loads = _ring_chart_data_column (data, 0)->values;
  const double *times = _ring_chart_data_column (data, column)->values;
  g_autofree double *scaled = g_new (double, data->n_rows);

  for (guint i = 0; i < data->n_rows; i++)
    scaled[i] = times[i] / divisor;
  _ring_plot_draw_curve (chart, panel, loads, scaled, data->n_rows, color, line_style, line_px);
}

/* Our time against the other job's load: the curve, the level of our time alone, and the
 * current load marked. */
void
_ring_plot_draw_other_job_load (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  gboolean collective = data->result.collective;
  double now_s = collective ? data->result.allreduce_time_s : data->result.step_time_s;
  double max_s = MAX (_ring_chart_data_column_max (data, 1),
                      _ring_chart_data_column_max (data, 2));
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *y_title = NULL;
  g_autofree char *now_text = NULL;
  g_autofree char *marker = NULL;
  const char *unit;
  double divisor;
  RingPlotPanel panel = { 0 };

  if (!(max_s > 0) || !isfinite (max_s))
    max_s = 1;
  divisor = _ring_plot_time_unit (max_s, &unit);
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_COMMUNICATION,
                         RING_PLOT_LINE_SOLID, chart->line_px * 1.3,
                         _ring_chart_data_column (data, 1)->label);
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_FOREGROUND,
                         RING_PLOT_LINE_LONG_DASH, chart->line_px,
                         _ring_chart_data_column (data, 2)->label);
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));

  _ring_plot_axis_linear (&panel.y, 0, max_s / divisor * 1.12, 6);
  _ring_plot_draw_frame (chart, legend, &panel.y, 0, &panel);
  _ring_plot_axis_linear (&panel.x, 0, 100, 6);
  _ring_plot_keep_last_label_inside (chart, &panel);
  if (!_ring_plot_panel_is_valid (&panel))
    return;

  _ring_plot_draw_grid (chart, &panel);
  draw_scaled_curve (chart, &panel, 2, divisor, RING_PLOT_COLOR_FOREGROUND,
                     RING_PLOT_LINE_LONG_DASH, chart->line_px);
  draw_scaled_curve (chart, &panel, 1, divisor, RING_PLOT_COLOR_COMMUNICATION,
                     RING_PLOT_LINE_SOLID, chart->line_px * 1.3);
  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  /* TRANSLATORS: %s is a unit of time such as "ms". */
  y_title = g_strdup_printf (collective ? _("All-reduce time (%s)") : _("Time per step (%s)"),
                             unit);
  _ring_plot_draw_axis_titles (chart, &panel,
                               _("Other job’s load: share of time it sends (%)"), y_title);

  now_text = ring_format_duration (now_s);
  /* TRANSLATORS: the marker at the other job's current load ("50") and our time. */
  marker = g_strdup_printf (_("%g %%: %s"), data->params.other_job_load, now_text);
  _ring_plot_draw_marker (chart, &panel, data->params.other_job_load, now_s / divisor, marker,
                          TRUE);
}
