/* ring-chart-draw-sweeps.c: the charts over the ring size: utilization, step time, data moved
 * per GPU and cluster throughput against the number of GPUs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

static double
bytes_unit (double       max_bytes,
            const char **unit)
{
  static const char *units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
  int group = CLAMP ((int) floor (log10 (MAX (max_bytes, 1)) / 3), 0, 5);

  *unit = units[group];
  return pow (1000, group);
}

static double *
scaled_copy (const double *values,
             guint         n,
             double        divisor)
{
  double *copy = g_new (double, n);

  for (guint i = 0; i < n; i++)
    copy[i] = values[i] / divisor;

  return copy;
}

/* How one column of the chart's data is drawn, and named in the legend. Curves are solid,
 * told apart by colour (ring-style.c keeps them apart for colour-blind eyes), width and,
 * where colour would be all (the dark style's two other bandwidths are both orange),
 * marks: PLplot dashes in software, a line a dash. */
typedef struct
{
  guint       column;
  int         color;
  int         line_style;
  double      width;    /* in curve widths */
  const char *legend;   /* translated; NULL for the column's label */
  int         mark;     /* 0, or 1 + the marks' _ring_plot_curve_symbol() */
} Curve;

/* Marks along a curve, one every this many rows. */
#define MARK_EVERY 6

static void
legend_add_curves (const RingPlotChart *chart,
                   GArray              *legend,
                   const Curve         *curves,
                   guint                n_curves)
{
  for (guint i = 0; i < n_curves; i++)
    {
      const Curve *curve = &curves[i];
      const char *text = curve->legend;

      if (text == NULL)
        text = _ring_chart_data_column (chart->data, curve->column)->label;
      if (curve->mark > 0)
        _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKED_LINE, curve->color,
                               curve->mark - 1, chart->line_px * curve->width, text);
      else
        _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, curve->color,
                               curve->line_style, chart->line_px * curve->width, text);
    }
}

/* Draws @curve's column against the GPUs, divided by @divisor to the axis unit. */
static void
draw_gpu_curve (const RingPlotChart *chart,
                const RingPlotPanel *panel,
                const Curve         *curve,
                double               divisor)
{
  RingChartData *data = chart->data;
  g_autofree double *values = scaled_copy (_ring_chart_data_column (data, curve->column)->values,
                                           data->n_rows, divisor);

  /* The pinned scenarios under the curve they compare with. */
  _ring_plot_draw_scenario_curves (chart, panel, curve->column, divisor);
  _ring_plot_draw_curve (chart, panel, _ring_chart_data_column (data, 0)->values, values,
                         data->n_rows, curve->color, curve->line_style,
                         chart->line_px * curve->width);
  if (curve->mark > 0 && _ring_plot_use_panel (chart, panel))
    {
      const double *gpus = _ring_chart_data_column (data, 0)->values;

      _ring_plot_set_text_size (chart, 0.7);
      _ring_plot_set_text_color (curve->color);
      for (guint row = MARK_EVERY / 2; row < data->n_rows; row += MARK_EVERY)
        {
          double wx = _ring_plot_axis_world (&panel->x, gpus[row]);
          double wy = _ring_plot_axis_world (&panel->y, values[row]);

          if (!isfinite (wx) || !isfinite (wy) || wy < panel->y.min || wy > panel->y.max)
            continue;
          _ring_plot_key_text_state ();
          _ring_plot_key_string ("plstring");
          _ring_plot_key_double (wx);
          _ring_plot_key_double (wy);
          _ring_plot_key_string (_ring_plot_curve_symbol (curve->mark - 1));
          if (_ring_plot_draws ())
            plstring (1, &wx, &wy, _ring_plot_curve_symbol (curve->mark - 1));
        }
      _ring_plot_set_text_size (chart, 1.0);
    }
}

static void
legend_add_current (GArray *legend)
{
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));
}

/* Charts. */

void
_ring_plot_draw_utilization (RingPlotChart *chart)
{
  static const Curve curves[] = {
    { 1, RING_PLOT_COLOR_SERIES_1, RING_PLOT_LINE_SOLID, 1.0, NULL, 1 },
    { 2, RING_PLOT_COLOR_SERIES_0, RING_PLOT_LINE_SOLID, 1.3, NULL, 0 },
    { 3, RING_PLOT_COLOR_SERIES_2, RING_PLOT_LINE_SOLID, 1.0, NULL, 2 },
  };
  RingChartData *data = chart->data;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  RingPlotPanel panel = { 0 };

  legend_add_curves (chart, legend, curves, G_N_ELEMENTS (curves));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, RING_PLOT_COLOR_COMM_SHADE,
                         RING_PLOT_LINE_SOLID, 1,
                         _("Communication-bound: exposed communication > compute"));
  legend_add_current (legend);

  _ring_plot_axis_linear (&panel.y, 0, 100, 5);
  if (!_ring_plot_draw_gpu_frame (chart, legend, 0, &panel))
    return;
  /* A little headroom so the 100 % of one GPU does not sit on the frame. */
  panel.y.max = 103;

  /* Utilization below 50 % means exposed communication exceeds compute. */
  _ring_plot_fill_box (chart, panel.xmin_mm, panel.ymin_mm, panel.xmax_mm,
                       _ring_plot_panel_y_mm (&panel, RING_PLOT_COMM_BOUND_UTILIZATION * 100),
                       RING_PLOT_COLOR_COMM_SHADE, 1.0);
  _ring_plot_draw_grid (chart, &panel);

  for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
    draw_gpu_curve (chart, &panel, &curves[i], 1);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                               _("GPU utilization (%)"));

  /* TRANSLATORS: the marker at the current configuration: GPUs and utilization. */
  gpus_text = _ring_plot_format_gpus (data->params.gpus);
  marker = g_strdup_printf (_("%s: %.1f %%"), gpus_text, 100 * data->result.utilization);
  _ring_plot_draw_marker (chart, &panel, data->params.gpus, 100 * data->result.utilization,
                          marker, TRUE);
}

void
_ring_plot_draw_step_time (RingPlotChart *chart)
{
  static const Curve curves[] = {
    { 1, RING_PLOT_COLOR_COMPUTE, RING_PLOT_LINE_SOLID, 1.0, NULL },
    { 2, RING_PLOT_COLOR_COMMUNICATION, RING_PLOT_LINE_SOLID, 1.0, NULL },
    { 3, RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.3, NULL },
  };
  RingChartData *data = chart->data;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *y_title = NULL;
  g_autofree char *step_text = NULL;
  double scaled_max = _ring_chart_data_column_max (data, 3);
  double min_positive = MIN (_ring_chart_data_column_min_positive (data, 1),
                             _ring_chart_data_column_min_positive (data, 3));
  gboolean log_y = scaled_max / min_positive > 50;
  double divisor = 1;
  const char *unit = "s";
  RingPlotPanel panel = { 0 };

  legend_add_curves (chart, legend, curves, G_N_ELEMENTS (curves));
  legend_add_current (legend);

  /* A ring that spends far longer communicating than computing needs a log axis to keep
   * the compute time readable. */
  if (log_y)
    {
      _ring_plot_set_text_size (chart, 0.9);
      _ring_plot_axis_log (&panel.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_SECONDS,
                           log10 (min_positive) - RING_PLOT_LOG_PAD,
                           log10 (scaled_max) + RING_PLOT_LOG_PAD, 12);
      y_title = g_strdup (_("Time per step (log scale)"));
    }
  else
    {
      divisor = _ring_plot_time_unit (scaled_max, &unit);
      _ring_plot_axis_linear (&panel.y, 0, scaled_max / divisor * 1.05, 6);
      /* TRANSLATORS: %s is a unit of time such as "ms". */
      y_title = g_strdup_printf (_("Time per step (%s)"), unit);
    }

  if (!_ring_plot_draw_gpu_frame (chart, legend, 0, &panel))
    return;

  _ring_plot_draw_grid (chart, &panel);
  for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
    draw_gpu_curve (chart, &panel, &curves[i], divisor);
  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), y_title);

  step_text = ring_format_duration (data->result.step_time_s);
  _ring_plot_draw_gpu_marker (chart, &panel, data->result.step_time_s / divisor, step_text);
}

void
_ring_plot_draw_bytes_moved (RingPlotChart *chart)
{
  const Curve curves[] = {
    { 1, RING_PLOT_COLOR_SERIES_0, RING_PLOT_LINE_SOLID, 1.3, NULL },
    { 2, RING_PLOT_COLOR_DIM, RING_PLOT_LINE_SOLID, 0.7,
      _("Limit 2S: twice the gradient buffer") },
  };
  RingChartData *data = chart->data;
  double limit_bytes = 2 * data->result.gradient_buffer_bytes;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *y_title = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *limit_label = NULL;
  g_auto(GStrv) limit_lines = NULL;
  guint n_lines;
  g_autofree char *moved_text = NULL;
  const char *unit;
  double divisor = bytes_unit (limit_bytes, &unit);
  RingPlotPanel panel = { 0 };

  legend_add_curves (chart, legend, curves, G_N_ELEMENTS (curves));
  legend_add_current (legend);

  _ring_plot_axis_linear (&panel.y, 0, limit_bytes / divisor * 1.12, 6);
  if (!_ring_plot_draw_gpu_frame (chart, legend, 0, &panel))
    return;

  /* The limit under the data it bounds. */
  _ring_plot_draw_grid (chart, &panel);
  draw_gpu_curve (chart, &panel, &curves[1], divisor);
  draw_gpu_curve (chart, &panel, &curves[0], divisor);
  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  /* TRANSLATORS: %s is a unit such as "GB". */
  y_title = g_strdup_printf (_("Data sent per GPU per step (%s)"), unit);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), y_title);

  /* The limit is the chart's point: more GPUs barely shrink each GPU's traffic. */
  limit_text = ring_format_bytes (limit_bytes);
  /* TRANSLATORS: label of the asymptote; %s is a size such as "56 GB". */
  limit_label = g_strdup_printf (_("2S = %s: each GPU sends almost 2S however many GPUs "
                                   "share the work"), limit_text);
  _ring_plot_set_text_size (chart, 0.9);
  /* Right-aligned above the limit; in a narrow chart it wraps upwards, clear of it. */
  limit_lines = _ring_plot_wrap_text (limit_label, " ",
                                      panel.xmax_mm - panel.xmin_mm - chart->text_mm * 1.6);
  n_lines = g_strv_length (limit_lines);
  /* A panel too short for the sentence (a small figure) keeps its first words. */
  if (n_lines > 1
      && _ring_plot_panel_y_mm (&panel, limit_bytes / divisor)
         + chart->text_mm * (1.1 + 1.5 * (n_lines - 1) + 0.6) > panel.ymax_mm)
    {
      g_strfreev (limit_lines);
      /* TRANSLATORS: the asymptote's label where there is no room for more; %s is a size
       * such as "56 GB" */
      limit_lines = g_new0 (char *, 2);
      limit_lines[0] = g_strdup_printf (_("2S = %s"), limit_text);
      n_lines = 1;
    }
  for (guint i = 0; i < n_lines; i++)
    _ring_plot_page_text_on_halo (chart, panel.xmax_mm - chart->text_mm * 0.8,
                                  _ring_plot_panel_y_mm (&panel, limit_bytes / divisor)
                                  + chart->text_mm * 1.1
                                  + (n_lines - 1 - i) * chart->text_mm * 1.5,
                                  1, limit_lines[i], RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 1.0);

  moved_text = ring_format_bytes (data->result.bytes_moved_per_gpu);
  _ring_plot_draw_gpu_marker (chart, &panel, data->result.bytes_moved_per_gpu / divisor,
                              moved_text);
}

void
_ring_plot_draw_throughput (RingPlotChart *chart)
{
  const Curve curves[] = {
    { 1, RING_PLOT_COLOR_SERIES_0, RING_PLOT_LINE_SOLID, 1.3, NULL },
    { 2, RING_PLOT_COLOR_DIM, RING_PLOT_LINE_SOLID, 0.7, NULL },
    { 3, RING_PLOT_COLOR_SERIES_1, RING_PLOT_LINE_SOLID, 1.0,
      _("Scaling efficiency (right axis)") },
  };
  RingChartData *data = chart->data;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *rate_text = NULL;
  RingPlotPanel panel = { 0 }, right = { 0 };
  double right_mm;

  legend_add_curves (chart, legend, curves, G_N_ELEMENTS (curves));
  legend_add_current (legend);

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&panel.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_RATE,
                       log10 (MIN (_ring_chart_data_column_min_positive (data, 1),
                                   _ring_chart_data_column_min_positive (data, 2)))
                       - RING_PLOT_LOG_PAD,
                       log10 (MAX (_ring_chart_data_column_max (data, 1),
                                   _ring_chart_data_column_max (data, 2)))
                       + RING_PLOT_LOG_PAD,
                       10);
  _ring_plot_axis_linear (&right.y, 0, 100, 5);
  right_mm = _ring_plot_text_width_mm ("100") + chart->text_mm * 3.6;
  _ring_plot_set_text_size (chart, 1.0);

  if (!_ring_plot_draw_gpu_frame (chart, legend, right_mm, &panel))
    return;
  _ring_plot_panel_share_x (&right, &panel);
  right.ymin_mm = panel.ymin_mm;
  right.ymax_mm = panel.ymax_mm;
  if (!_ring_plot_panel_is_valid (&right))
    return;

  /* The ideal line and the efficiency under the throughput itself. */
  _ring_plot_draw_grid (chart, &panel);
  draw_gpu_curve (chart, &panel, &curves[1], 1);
  draw_gpu_curve (chart, &right, &curves[2], 1);
  draw_gpu_curve (chart, &panel, &curves[0], 1);
  _ring_plot_draw_axes (chart, &panel, TRUE, FALSE);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                               _("Cluster throughput (tokens/s, log scale)"));

  /* The efficiency axis on the right, in the efficiency curve's colour. */
  _ring_plot_draw_right_axis (chart, &right, "", "cmstvo", 0, RING_PLOT_COLOR_SERIES_1,
                              _("Scaling efficiency (%)"));

  rate_text = ring_format_rate (data->result.tokens_per_s, _("tokens"));
  _ring_plot_draw_gpu_marker (chart, &panel, data->result.tokens_per_s, rate_text);
}

/* MFU against D, and the shares of the step the bubble and exposed communication take. */
void
_ring_plot_draw_mfu_vs_data_parallel (RingPlotChart *chart)
{
  static const Curve curves[] = {
    { 3, RING_PLOT_COLOR_SERIES_1, RING_PLOT_LINE_SOLID, 1.0, NULL, 1 },
    { 4, RING_PLOT_COLOR_COMMUNICATION, RING_PLOT_LINE_SOLID, 1.0, NULL, 2 },
    { 2, RING_PLOT_COLOR_SERIES_0, RING_PLOT_LINE_SOLID, 1.3, NULL, 0 },
  };
  RingChartData *data = chart->data;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *marker = NULL;
  RingPlotPanel panel = { 0 };

  legend_add_curves (chart, legend, curves, G_N_ELEMENTS (curves));
  legend_add_current (legend);

  _ring_plot_axis_linear (&panel.y, 0, 100, 5);
  if (!_ring_plot_draw_gpu_frame (chart, legend, 0, &panel))
    return;
  panel.y.max = 103;
  _ring_plot_draw_grid (chart, &panel);
  for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
    draw_gpu_curve (chart, &panel, &curves[i], 1);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("Data-parallel GPUs D (log scale)"),
                               _("Share of the step (%)"));

  /* TRANSLATORS: the marker at the current configuration: D and its MFU. */
  marker = g_strdup_printf (_("D = %u: %.1f %%"), data->result.data_parallel,
                            100 * data->result.mfu);
  _ring_plot_draw_marker (chart, &panel, data->result.data_parallel, 100 * data->result.mfu,
                          marker, TRUE);
}
