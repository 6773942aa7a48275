/* ring-chart-draw-message-size.c: the all-reduce time and bus bandwidth over the message
 * size, in two panels sharing the size axis, shaded by what runs at each size.
 *
 * The size axis counts in powers of two, as nccl-tests sweeps it, so every size on the
 * figure is binary (KiB, MiB, GiB); rates stay GB/s (10⁹ B/s), as nccl-tests prints them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

/* Where latency stops dominating, across a whole panel. */
static void
draw_crossover_line (const RingPlotChart *chart,
                     const RingPlotPanel *panel,
                     double               world_x)
{
  double x_mm = _ring_plot_panel_x_mm (panel, world_x);

  _ring_plot_segment (chart, x_mm, panel->ymin_mm, x_mm, panel->ymax_mm,
                      RING_PLOT_COLOR_COMMUNICATION, RING_PLOT_LINE_SOLID, 1.0);
}

static void
draw_no_data (const RingPlotChart *chart,
              const RingPlotPanel *panel,
              const char          *message)
{
  _ring_plot_set_text_color (RING_PLOT_COLOR_DIM);
  _ring_plot_page_text ((panel->xmin_mm + panel->xmax_mm) / 2,
                        (panel->ymin_mm + panel->ymax_mm) / 2, 0.5, message);
}

/* Whether @title fits along @panel's height. */
static gboolean
fits_along (const RingPlotChart *chart,
            const RingPlotPanel *panel,
            const char          *title)
{
  return _ring_plot_text_width_mm (title) <= panel->ymax_mm - panel->ymin_mm;
}

/* The distinct algorithm-and-protocol pairs the sweep ran, each with its band colour: the
 * algorithm's hue, paler for the protocols that move less per line. */
typedef struct
{
  RingAlgorithm algorithm;
  RingProtocol  protocol;
  int           color;
} Band;

static guint
collect_bands (RingPlotChart *chart,
               Band           bands[],
               guint          max_bands)
{
  static const double light_amount[] = { 0.12, 0.22, 0.34 };
  static const double dark_amount[] = { 0.14, 0.22, 0.32 };
  RingChartData *data = chart->data;
  const RingStyle *style = chart->style;
  guint n = 0;

  for (guint i = 0; i < data->n_rows; i++)
    {
      RingAlgorithm algorithm = data->chosen_algorithm[i];
      RingProtocol protocol = data->chosen_protocol[i];
      gboolean seen = FALSE;
      double amount;

      if (ring_algorithm_info (algorithm)->chooses)
        continue;
      for (guint b = 0; b < n && !seen; b++)
        seen = bands[b].algorithm == algorithm && bands[b].protocol == protocol;
      if (seen || n == max_bands)
        continue;

      amount = (style->dark ? dark_amount : light_amount)[MIN (protocol, RING_PROTOCOL_SIMPLE)];
      bands[n] = (Band) { algorithm, protocol, RING_PLOT_COLOR_BAND + n };
      _ring_plot_set_color (chart, bands[n].color,
                            _ring_plot_mix (style->algorithms[algorithm - 1],
                                            style->background, amount));
      n++;
    }

  return n;
}

static int
band_color (const Band    bands[],
            guint         n_bands,
            RingAlgorithm algorithm,
            RingProtocol  protocol)
{
  for (guint b = 0; b < n_bands; b++)
    if (bands[b].algorithm == algorithm && bands[b].protocol == protocol)
      return bands[b].color;

  return RING_PLOT_COLOR_BACKGROUND;
}

/* Each run of sizes with the same choice, as a band across @panel from halfway (on the log
 * axis) to the size before it to halfway to the size after it. */
static void
draw_bands (const RingPlotChart *chart,
            const RingPlotPanel *panel,
            const Band           bands[],
            guint                n_bands)
{
  RingChartData *data = chart->data;
  const double *bytes = _ring_chart_data_column (data, 0)->values;
  guint start = 0;

  for (guint i = 1; i <= data->n_rows; i++)
    {
      double left, right;

      if (i < data->n_rows && data->chosen_algorithm[i] == data->chosen_algorithm[start]
          && data->chosen_protocol[i] == data->chosen_protocol[start])
        continue;

      left = start == 0 ? panel->x.min : (log2 (bytes[start - 1]) + log2 (bytes[start])) / 2;
      right = i == data->n_rows ? panel->x.max : (log2 (bytes[i - 1]) + log2 (bytes[i])) / 2;
      _ring_plot_fill_box (chart, _ring_plot_panel_x_mm (panel, MAX (left, panel->x.min)),
                           panel->ymin_mm,
                           _ring_plot_panel_x_mm (panel, MIN (right, panel->x.max)),
                           panel->ymax_mm,
                           band_color (bands, n_bands, data->chosen_algorithm[start],
                                       data->chosen_protocol[start]), 1.0);
      start = i;
    }
}

void
_ring_plot_draw_message_size (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *bytes = _ring_chart_data_column (data, 0)->values;
  const double *time_us = _ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US)->values;
  const double *busbw = _ring_chart_data_column (data, RING_MESSAGE_SIZE_BUSBW)->values;
  g_autofree double *time_s = g_new (double, data->n_rows);
  gboolean measured = data->measured->len > 0;
  gboolean all_reduce = data->collective == RING_COLLECTIVE_ALL_REDUCE;
  const char *time_title = _ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US)->label;
  double crossover_bytes = all_reduce ? ring_cost_latency_crossover_bytes (p)
                                      : data->collective_crossover_bytes;
  double marker_time_s = data->result.allreduce_time_s;
  double marker_busbw = data->result.busbw_gbps;
  double buffer_bytes = data->result.gradient_buffer_bytes;
  gboolean has_data = p->gpus > 1;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *crossover_text = NULL;
  g_autofree char *crossover_label = NULL;
  g_autofree char *time_marker = NULL;
  g_autofree char *busbw_marker = NULL;
  g_autofree char *buffer_text = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *link_label = NULL;
  RingPlotPanel top = { 0 }, bottom = { 0 }, strip = { 0 };
  double base_mm;
  RingPlotAxis y_axis;
  Band bands[RING_PLOT_COLOR_BAND_LAST - RING_PLOT_COLOR_BAND + 1];
  guint n_bands = has_data ? collect_bands (chart, bands, G_N_ELEMENTS (bands)) : 0;
  double split_mm, gap_mm, crossover_world, line_mm, label_mm, busbw_max;
  double time_min_s = HUGE_VAL, time_max_s = -HUGE_VAL;
  RingSizingLink link = ring_params_get_sizing_link (p);
  double link_gbps = ring_params_get_sizing_bus_gbps (p, link);

  for (guint i = 0; i < data->n_rows; i++)
    time_s[i] = time_us[i] * 1e-6;

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_SERIES_0,
                         RING_PLOT_LINE_SOLID, chart->line_px * 1.3, time_title);
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_SERIES_1,
                         RING_PLOT_LINE_SOLID, chart->line_px * 1.3, _("Bus bandwidth"));
  /* The link that binds, as the sizing figures name it: across nodes the NICs. */
  if (link == RING_SIZING_LINK_NICS)
    /* TRANSLATORS: the line bus bandwidth approaches across nodes: the NICs per node, each
     * NIC's speed in Gb/s and what they carry together in GB/s. */
    link_label = g_strdup_printf (_("NICs %u × %g Gb/s = %g GB/s"), p->nics_per_node,
                                  ring_round_figures (p->nic_speed_gbit, 4),
                                  ring_round_figures (link_gbps, 4));
  else
    /* TRANSLATORS: %g is the link bandwidth in GB/s, which bus bandwidth approaches. */
    link_label = g_strdup_printf (_("Link bandwidth B = %g GB/s"),
                                  ring_round_figures (link_gbps, 4));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_DIM,
                         RING_PLOT_LINE_SOLID, chart->line_px * 0.7, link_label);
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_COMMUNICATION,
                         RING_PLOT_LINE_SOLID, 1.0, _("Latency stops dominating"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1,
                         p->message_bytes > 0 ? _("Current message")
                                              : _("Current gradient buffer"));
  /* What runs where, as the model picks it. */
  for (guint b = 0; b < n_bands; b++)
    {
      g_autofree char *choice = _ring_chart_describe_choice (bands[b].algorithm,
                                                             bands[b].protocol);

      _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, bands[b].color, RING_PLOT_LINE_SOLID,
                             1, choice);
    }
  _ring_plot_measured_legend (chart, legend);

  /* Bus bandwidth on a linear axis from zero: the hundreds of GB/s that large messages
   * reach are the part worth reading, and a log axis gave them a sliver. */
  busbw_max = has_data ? MAX (_ring_chart_data_column_max (data, RING_MESSAGE_SIZE_BUSBW),
                              link_gbps) : 100;
  if (has_data)
    {
      time_min_s = _ring_chart_data_column_min_positive (data, RING_MESSAGE_SIZE_TIME_US) * 1e-6;
      time_max_s = _ring_chart_data_column_max (data, RING_MESSAGE_SIZE_TIME_US) * 1e-6;
      _ring_plot_measured_range (data, &time_min_s, &time_max_s, &busbw_max);
    }
  _ring_plot_set_text_size (chart, 0.9);
  if (has_data)
    _ring_plot_axis_log (&top.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_SECONDS,
                         log10 (time_min_s) - RING_PLOT_LOG_PAD,
                         log10 (time_max_s) + RING_PLOT_LOG_PAD, 8);
  else
    _ring_plot_axis_log (&top.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_SECONDS, -6, 0, 8);
  _ring_plot_axis_linear (&bottom.y, 0, busbw_max * 1.08, 4);
  /* Both panels share a margin wide enough for the wider set of labels. */
  if (_ring_plot_axis_label_width_mm (&top.y) > _ring_plot_axis_label_width_mm (&bottom.y))
    y_axis = top.y;
  else
    y_axis = bottom.y;
  _ring_plot_draw_frame (chart, legend, &y_axis, 0, &top);

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&top.x, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_BYTES,
                       log2 (data->x_first), log2 (data->x_last),
                       _ring_plot_labels_fitting (chart, top.xmax_mm - top.xmin_mm,
                                                  _ring_plot_text_width_mm ("512 KiB")));
  /* Room right of the current buffer for its marker, which may sit past the last power
   * of two swept. */
  top.x.max = MAX (top.x.max, log2 (MAX (buffer_bytes, 1)) + 0.6);
  _ring_plot_set_text_size (chart, 1.0);
  _ring_plot_panel_share_x (&bottom, &top);
  bottom.ymin_mm = top.ymin_mm;
  gap_mm = chart->text_mm * 1.2;
  /* The logs' errors in a strip under both, a fifth of the height, sharing x; where the
   * three do not fit (a small figure), the markers go without it. */
  base_mm = top.ymin_mm;
  for (int with_strip = measured && has_data; with_strip >= 0; with_strip--)
    {
      bottom.ymin_mm = top.ymin_mm = base_mm;
      strip = (RingPlotPanel) { 0 };
      if (with_strip)
        {
          _ring_plot_panel_share_x (&strip, &top);
          strip.ymin_mm = base_mm;
          strip.ymax_mm = strip.ymin_mm + (top.ymax_mm - base_mm) * 0.2;
          bottom.ymin_mm = top.ymin_mm = strip.ymax_mm + gap_mm;
        }
      split_mm = top.ymin_mm + (top.ymax_mm - top.ymin_mm) * 0.45;
      bottom.ymax_mm = split_mm - gap_mm / 2;
      /* A strip too low to draw (_ring_plot_panel_is_valid()) leaves its room to the
       * panels. */
      if (_ring_plot_panel_is_valid (&bottom) && top.ymax_mm - split_mm - gap_mm / 2 > 5
          && (!with_strip || strip.ymax_mm - strip.ymin_mm > 5))
        break;
    }
  top.ymin_mm = split_mm + gap_mm / 2;
  if (!_ring_plot_panel_is_valid (&top) || !_ring_plot_panel_is_valid (&bottom))
    return;
  if (strip.ymax_mm > strip.ymin_mm)
    _ring_plot_measured_strip_axis (chart, &strip);
  /* As many labelled ticks as the panels' heights hold. */
  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&top.y, top.y.scale, top.y.format, top.y.min, top.y.max,
                       MIN (8, _ring_plot_labels_fitting (chart, top.ymax_mm - top.ymin_mm,
                                                          chart->text_mm * 0.2)));
  if (_ring_plot_labels_fitting (chart, bottom.ymax_mm - bottom.ymin_mm, chart->text_mm * 0.2)
      < 5)
    _ring_plot_axis_linear (&bottom.y, 0, busbw_max * 1.08, 2);
  _ring_plot_set_text_size (chart, 1.0);

  if (n_bands > 0)
    {
      draw_bands (chart, &top, bands, n_bands);
      draw_bands (chart, &bottom, bands, n_bands);
    }
  _ring_plot_draw_grid (chart, &top);
  _ring_plot_draw_grid (chart, &bottom);

  crossover_world = crossover_bytes > 0 ? log2 (crossover_bytes) : -HUGE_VAL;
  if (has_data && crossover_world > top.x.min && crossover_world < top.x.max)
    {
      draw_crossover_line (chart, &top, crossover_world);
      draw_crossover_line (chart, &bottom, crossover_world);
      crossover_text = _ring_plot_format_binary_bytes (crossover_bytes);
      /* TRANSLATORS: beside the crossover line; %s is a message size. */
      crossover_label = g_strdup_printf (_("latency-bound below %s"), crossover_text);
      _ring_plot_set_text_size (chart, 0.85);
      line_mm = _ring_plot_panel_x_mm (&top, crossover_world);
      label_mm = _ring_plot_text_width_mm (crossover_label);
      /* Left of the line; right of it if only the right has room; else left, wrapped. */
      if (line_mm - chart->text_mm * 0.5 - label_mm < top.xmin_mm
          && line_mm + chart->text_mm * 0.5 + label_mm <= top.xmax_mm)
        {
          _ring_plot_page_text_on_halo (chart, line_mm + chart->text_mm * 0.5,
                                        top.ymax_mm - chart->text_mm * 1.0, 0,
                                        crossover_label, RING_PLOT_COLOR_COMMUNICATION);
        }
      else
        {
          double room_mm = line_mm - chart->text_mm * 0.8 - top.xmin_mm;
          g_auto(GStrv) lines = _ring_plot_wrap_text (crossover_label, " ", room_mm);

          /* A panel too short for the wrapped sentence (a small figure) shows the size. */
          if (g_strv_length (lines) > 1
              && (g_strv_length (lines) + 0.5) * chart->text_mm * 1.45
                 > (top.ymax_mm - top.ymin_mm) / 2)
            {
              g_strfreev (lines);
              lines = g_new0 (char *, 2);
              lines[0] = g_strdup (crossover_text);
            }
          for (guint i = 0; lines[i] != NULL; i++)
            _ring_plot_page_text_on_halo (chart, line_mm - chart->text_mm * 0.5,
                                          top.ymax_mm - chart->text_mm * 1.0
                                          - i * chart->text_mm * 1.45,
                                          1, lines[i], RING_PLOT_COLOR_COMMUNICATION);
        }
      _ring_plot_set_text_size (chart, 1.0);
    }

  if (has_data)
    {
      double link_line[2] = { link_gbps, link_gbps };
      double ends[2] = { data->x_first, data->x_last };

      _ring_plot_draw_curve (chart, &bottom, ends, link_line, 2, RING_PLOT_COLOR_DIM,
                             RING_PLOT_LINE_SOLID, chart->line_px * 0.7);
      /* The time column is nccl-tests' µs; the top panel's axis is in seconds. */
      _ring_plot_draw_scenario_curves (chart, &top, RING_MESSAGE_SIZE_TIME_US, 1e6);
      _ring_plot_draw_scenario_curves (chart, &bottom, RING_MESSAGE_SIZE_BUSBW, 1);
      _ring_plot_draw_curve (chart, &top, bytes, time_s, data->n_rows, RING_PLOT_COLOR_SERIES_0,
                             RING_PLOT_LINE_SOLID, chart->line_px * 1.3);
      _ring_plot_draw_curve (chart, &bottom, bytes, busbw, data->n_rows,
                             RING_PLOT_COLOR_SERIES_1, RING_PLOT_LINE_SOLID,
                             chart->line_px * 1.3);
      _ring_plot_draw_measured_points (chart, &top, &bottom);
    }

  _ring_plot_draw_axes (chart, &top, FALSE, TRUE);
  _ring_plot_draw_axes (chart, &bottom, !_ring_plot_panel_is_valid (&strip), TRUE);
  /* Short panels get short titles, so the two do not run into each other. */
  _ring_plot_draw_axis_titles (chart, &top, NULL,
                               fits_along (chart, &top, time_title) ? time_title : _("Time"));
  if (_ring_plot_panel_is_valid (&strip))
    _ring_plot_draw_measured_strip (chart, &strip, _("Message size (log scale)"));
  _ring_plot_draw_axis_titles (chart, &bottom,
                               _ring_plot_panel_is_valid (&strip)
                               ? NULL : _("Message size (log scale)"),
                               fits_along (chart, &bottom, _("Bus bandwidth (GB/s)"))
                               ? _("Bus bandwidth (GB/s)")
                               /* TRANSLATORS: bus bandwidth, short, as nccl-tests names it */
                               : _("busbw (GB/s)"));

  if (!has_data)
    {
      draw_no_data (chart, &top, _("A single GPU has nothing to all-reduce"));
      return;
    }

  /* The current message as the curves' collective moves it. */
  if (!all_reduce)
    {
      RingAllreduceCost cost;

      if (!_ring_chart_collective_cost (p, data->collective, buffer_bytes, &cost))
        return;
      marker_time_s = cost.time_s;
      marker_busbw = cost.busbw_gbps;
    }
  buffer_text = _ring_plot_format_binary_bytes (buffer_bytes);
  time_text = ring_format_duration (marker_time_s);
  time_marker = g_strdup_printf ("%s: %s", buffer_text, time_text);
  busbw_marker = g_strdup_printf ("%.1f GB/s", marker_busbw);
  _ring_plot_draw_marker (chart, &top, buffer_bytes, marker_time_s, time_marker, FALSE);
  _ring_plot_draw_marker (chart, &bottom, buffer_bytes, marker_busbw, busbw_marker, FALSE);
}

