/* ring-chart-draw-comparison.c: the time of one all-reduce with every algorithm that can run
 * on the cluster, against the number of GPUs, and what Auto picks at each count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

static int
algorithm_line_style (RingAlgorithm algorithm)
{
  switch (ring_algorithm_info (algorithm)->dash)
    {
    case RING_DASH_SHORT:
      return RING_PLOT_LINE_SHORT_DASH;
    case RING_DASH_LONG:
      return RING_PLOT_LINE_LONG_DASH;
    case RING_DASH_SOLID:
    default:
      return RING_PLOT_LINE_SOLID;
    }
}

int
_ring_plot_algorithm_color (RingAlgorithm algorithm)
{
  g_assert (algorithm > RING_ALGORITHM_AUTO && algorithm < RING_N_ALGORITHMS);

  return RING_PLOT_COLOR_ALGORITHM + algorithm - 1;
}

/* Auto's pick at each count, thinned to dots at least six radii apart: one path of
 * background halos under all the dots, then one filled path per algorithm, so an SVG holds
 * a few paths, not one per dot. */
static void
draw_auto_dots (const RingPlotChart *chart,
                const RingPlotPanel *panel,
                const double        *gpus,
                const double        *auto_time,
                double               radius_mm)
{
  RingChartData *data = chart->data;
  g_autofree gboolean *shown = g_new0 (gboolean, data->n_rows);
  g_autofree double *x_mm = g_new (double, data->n_rows);
  g_autofree double *y_mm = g_new (double, data->n_rows);
  double last_mm = -HUGE_VAL;

  for (guint i = 0; i < data->n_rows; i++)
    {
      double wx = _ring_plot_axis_world (&panel->x, gpus[i]);
      double wy = _ring_plot_axis_world (&panel->y, auto_time[i]);

      if (!isfinite (wx) || !isfinite (wy) || wy < panel->y.min || wy > panel->y.max
          || ring_algorithm_info (data->chosen_algorithm[i])->chooses)
        continue;
      x_mm[i] = _ring_plot_panel_x_mm (panel, wx);
      y_mm[i] = _ring_plot_panel_y_mm (panel, wy);
      /* Every change of algorithm keeps its dot, wherever it falls. */
      shown[i] = x_mm[i] - last_mm >= 6 * radius_mm
                 || (i > 0 && data->chosen_algorithm[i] != data->chosen_algorithm[i - 1]);
      if (shown[i])
        last_mm = x_mm[i];
    }

  /* A ring of background round each dot, then the dot in its algorithm's colour. */
  for (guint i = 0; i < data->n_rows; i++)
    if (shown[i])
      _ring_plot_fill_dot (chart, x_mm[i], y_mm[i], radius_mm * 1.5, RING_PLOT_COLOR_BACKGROUND);
  for (guint i = 0; i < data->n_rows; i++)
    if (shown[i])
      _ring_plot_fill_dot (chart, x_mm[i], y_mm[i], radius_mm,
                           _ring_plot_algorithm_color (data->chosen_algorithm[i]));
}

void
_ring_plot_draw_algorithm_comparison (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  guint auto_column = data->n_curve_algorithms + 1;
  const double *auto_time = _ring_chart_data_column (data, auto_column)->values;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *buffer_text = NULL;
  g_autofree char *y_title = NULL;
  g_autofree char *time_text = NULL;
  double min_s = HUGE_VAL, max_s = -HUGE_VAL;
  RingPlotPanel panel = { 0 };

  for (guint c = 0; c < data->n_curve_algorithms; c++)
    {
      RingAlgorithm algorithm = data->curve_algorithm[c];

      _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, _ring_plot_algorithm_color (algorithm),
                             algorithm_line_style (algorithm),
                             chart->line_px * (algorithm == p->algorithm ? 1.5 : 1.0),
                             ring_algorithm_get_short_title (algorithm));
      min_s = MIN (min_s, _ring_chart_data_column_min_positive (data, c + 1));
      max_s = MAX (max_s, _ring_chart_data_column_max (data, c + 1));
    }
  /* A neutral sample: the dots themselves take their algorithm's colour. */
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_DIM,
                         RING_PLOT_LINE_SOLID, 1,
                         _("Auto’s pick (a dot in the colour of the algorithm it picks)"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));

  if (!(min_s < max_s))
    {
      min_s = 1e-6;
      max_s = 1;
    }
  _ring_plot_set_text_size (chart, 0.9);
  /* Whole decades around the curves, with no decade added for a margin alone: the
   * differences between algorithms are factors of two, not of ten. */
  _ring_plot_axis_log (&panel.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_SECONDS,
                       log10 (min_s) - 0.02, log10 (max_s) + 0.02, 10);
  _ring_plot_set_text_size (chart, 1.0);
  if (!_ring_plot_draw_gpu_frame (chart, legend, 0, &panel))
    return;

  _ring_plot_draw_grid (chart, &panel);
  for (guint c = 0; c < data->n_curve_algorithms; c++)
    {
      RingAlgorithm algorithm = data->curve_algorithm[c];

      _ring_plot_draw_curve (chart, &panel, gpus, _ring_chart_data_column (data, c + 1)->values,
                             data->n_rows, _ring_plot_algorithm_color (algorithm),
                             algorithm_line_style (algorithm),
                             chart->line_px * (algorithm == p->algorithm ? 1.5 : 1.0));
    }
  draw_auto_dots (chart, &panel, gpus, auto_time, chart->text_mm * 0.36);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  buffer_text = ring_format_bytes (data->result.gradient_buffer_bytes);
  /* TRANSLATORS: the y axis of the comparison; %s is the buffer's size, such as "28 GB". */
  y_title = g_strdup_printf (_("Time of one all-reduce of %s (log scale)"), buffer_text);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), y_title);

  if (p->gpus > 1)
    {
      time_text = ring_format_duration (data->result.allreduce_time_s);
      _ring_plot_draw_gpu_marker (chart, &panel, data->result.allreduce_time_s, time_text);
    }
}
