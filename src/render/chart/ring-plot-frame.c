/* ring-plot-frame.c: curves, the marker, labels clear of the lines, title and subtitle.
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

/* Charts narrower than this get room for the last x tick label beyond the margin. */
#define NARROW_CHART_PX 600

static void
add_obstacle (const RingPlotChart *chart,
              double               x1_mm,
              double               y1_mm,
              double               x2_mm,
              double               y2_mm)
{
  RingPlotSegment segment = { x1_mm, y1_mm, x2_mm, y2_mm };

  g_array_append_val (chart->obstacles, segment);
}

static void
add_obstacles (const RingPlotChart *chart,
               const RingPlotPanel *panel,
               const double         *wx,
               const double         *wy,
               guint                n)
{
  for (guint i = 0; i + 1 < n; i++)
    add_obstacle (chart,
                  _ring_plot_panel_x_mm (panel, wx[i]),
                  _ring_plot_panel_y_mm (panel, wy[i]),
                  _ring_plot_panel_x_mm (panel, wx[i + 1]),
                  _ring_plot_panel_y_mm (panel, wy[i + 1]));
}

/* Liang–Barsky: the part of the segment inside the box, edges included; FALSE if none. */
static gboolean
clip_segment (double  left,
                         double  bottom,
                         double  right,
                         double  top,
                         double  x1,
                         double  y1,
                         double  x2,
                         double  y2,
                         double *enter,
                         double *leave)
{
  double dx = x2 - x1, dy = y2 - y1;
  double p[4] = { -dx, dx, -dy, dy };
  double q[4] = { x1 - left, right - x1, y1 - bottom, top - y1 };

  *enter = 0;
  *leave = 1;
  for (guint k = 0; k < 4; k++)
    {
      double t;

      if (p[k] == 0)
        {
          if (q[k] < 0)
            return FALSE;
          continue;
        }
      t = q[k] / p[k];
      if (p[k] < 0)
        *enter = MAX (*enter, t);
      else
        *leave = MIN (*leave, t);
    }

  return *enter <= *leave;
}

/* In millimetres of line. */
static double
box_overlap_mm (const RingPlotChart *chart,
                double               left_mm,
                double               bottom_mm,
                double               right_mm,
                double               top_mm)
{
  double covered_mm = 0;

  for (guint i = 0; i < chart->obstacles->len; i++)
    {
      const RingPlotSegment *segment = &g_array_index (chart->obstacles, RingPlotSegment, i);
      double enter, leave;

      if (MAX (segment->x1, segment->x2) < left_mm || MIN (segment->x1, segment->x2) > right_mm
          || MAX (segment->y1, segment->y2) < bottom_mm
          || MIN (segment->y1, segment->y2) > top_mm)
        continue;
      if (clip_segment (left_mm, bottom_mm, right_mm, top_mm, segment->x1,
                                   segment->y1, segment->x2, segment->y2, &enter, &leave))
        covered_mm += (leave - enter) * hypot (segment->x2 - segment->x1,
                                               segment->y2 - segment->y1);
    }

  return covered_mm;
}

/* Lines across the box, so any overlap counts. */
static void
add_box_obstacle (const RingPlotChart *chart,
                  double               left_mm,
                  double               bottom_mm,
                  double               right_mm,
                  double               top_mm)
{
  for (int k = 0; k <= 4; k++)
    {
      double y = bottom_mm + (top_mm - bottom_mm) * k / 4;

      add_obstacle (chart, left_mm, y, right_mm, y);
    }
}

/* On a box of the background's colour. */
void
_ring_plot_page_text_on_halo (const RingPlotChart *chart,
                              double               x_mm,
                              double               y_mm,
                              double               just,
                              const char          *text,
                              int                  color)
{
  double width_mm = _ring_plot_text_width_mm (text);
  double pad_mm = chart->text_mm * 0.25;
  double half_mm = _ring_plot_text_half_height_mm (chart);
  double left_mm = x_mm - just * width_mm - pad_mm;
  double right_mm = left_mm + width_mm + 2 * pad_mm;

  _ring_plot_fill_box (chart, left_mm, y_mm - half_mm, right_mm, y_mm + half_mm,
                       RING_PLOT_COLOR_BACKGROUND, 0.5);
  _ring_plot_set_text_color (color);
  _ring_plot_page_text (x_mm, y_mm, just, text);
  add_box_obstacle (chart, left_mm, y_mm - half_mm, right_mm, y_mm + half_mm);
}

/* Where it covers the least of what is drawn, inside @panel. */
static void
place_label (const RingPlotChart *chart,
             const RingPlotPanel *panel,
             double               x_mm,
             double               y_mm,
             const char          *text,
             int                  color)
{
  static const double offsets[][2] = {
    { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
    { 1, 2.2 }, { 1, -2.2 }, { -1, 2.2 }, { -1, -2.2 },
    { 2.5, 0 }, { -2.5, 0 },
  };
  double width_mm = _ring_plot_text_width_mm (text);
  double half_mm = _ring_plot_text_half_height_mm (chart);
  double best_score = HUGE_VAL, best_x = x_mm, best_y = y_mm, best_just = 0;

  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      double just = offsets[i][0] > 0 ? 0 : 1;
      double anchor_x = x_mm + offsets[i][0] * chart->text_mm * 0.9;
      double anchor_y = y_mm + offsets[i][1] * chart->text_mm * 1.1;
      double left = anchor_x - just * width_mm, right = left + width_mm;
      double score = box_overlap_mm (chart, left, anchor_y - half_mm, right, anchor_y + half_mm);

      if (left < panel->xmin_mm || right > panel->xmax_mm
          || anchor_y - half_mm < panel->ymin_mm || anchor_y + half_mm > panel->ymax_mm)
        score += 1000;
      score += i * 0.05;
      if (score < best_score)
        {
          best_score = score;
          best_x = anchor_x;
          best_y = anchor_y;
          best_just = just;
        }
    }

  /* No place wholly inside: slide it in. */
  if (best_score >= 1000)
    {
      double left = best_x - best_just * width_mm;
      double bottom = best_y - half_mm;

      left = MAX (panel->xmin_mm, MIN (left, panel->xmax_mm - width_mm));
      bottom = MAX (panel->ymin_mm, MIN (bottom, panel->ymax_mm - 2 * half_mm));
      best_x = left + best_just * width_mm;
      best_y = bottom + half_mm;
    }

  _ring_plot_page_text_on_halo (chart, best_x, best_y, best_just, text, color);
}

/* One plline() a run of points a log axis can show. */
void
_ring_plot_draw_curve (const RingPlotChart *chart,
                       const RingPlotPanel *panel,
                       const double        *xs,
                       const double        *ys,
                       guint                n,
                       int                  color,
                       int                  line_style,
                       double               line_px)
{
  g_autofree double *px = g_new (double, n);
  g_autofree double *py = g_new (double, n);
  double y_span = panel->y.max - panel->y.min;
  guint run = 0;

  if (!_ring_plot_use_panel (chart, panel))
    return;
  _ring_plot_pen (color, line_style, line_px);
  for (guint i = 0; i <= n; i++)
    {
      double wx = i < n ? _ring_plot_axis_world (&panel->x, xs[i]) : NAN;
      double wy = i < n ? _ring_plot_axis_world (&panel->y, ys[i]) : NAN;

      if (isfinite (wx) && isfinite (wy))
        {
          px[run] = CLAMP (wx, panel->x.min - 1e3, panel->x.max + 1e3);
          py[run] = CLAMP (wy, panel->y.min - 1e3 * y_span, panel->y.max + 1e3 * y_span);
          run++;
          continue;
        }
      if (run >= 2)
        {
          _ring_plot_key_string ("plline");
          _ring_plot_key (px, run * sizeof *px);
          _ring_plot_key (py, run * sizeof *py);
          if (_ring_plot_draws ())
            plline ((PLINT) run, px, py);
          add_obstacles (chart, panel, px, py, run);
        }
      run = 0;
    }
  pllsty (RING_PLOT_LINE_SOLID);
}

static void
draw_dot (const RingPlotChart *chart,
          double               x_mm,
          double               y_mm,
          double               radius_mm,
          int                  color)
{
  _ring_plot_fill_dot (chart, x_mm, y_mm, radius_mm * 1.5, RING_PLOT_COLOR_BACKGROUND);
  _ring_plot_fill_dot (chart, x_mm, y_mm, radius_mm, color);
}

/* The current configuration: a dot, guides to the axes and a label. */
void
_ring_plot_draw_marker (const RingPlotChart *chart,
                        const RingPlotPanel *panel,
                        double               x_value,
                        double               y_value,
                        const char          *label,
                        gboolean             guides)
{
  double wx = _ring_plot_axis_world (&panel->x, x_value);
  double wy = _ring_plot_axis_world (&panel->y, y_value);
  double x_mm, y_mm;

  /* What follows the first marker is drawn at every draw. */
  _ring_plot_body_end ();
  if (!isfinite (wx) || !isfinite (wy)
      || wx < panel->x.min - 1e-9 || wx > panel->x.max + 1e-9
      || wy < panel->y.min - 1e-9 || wy > panel->y.max + 1e-9)
    return;

  x_mm = _ring_plot_panel_x_mm (panel, wx);
  y_mm = _ring_plot_panel_y_mm (panel, wy);

  if (guides)
    {
      const double guide_x[] = { x_mm, x_mm, panel->xmin_mm };
      const double guide_y[] = { panel->ymin_mm, y_mm, y_mm };

      _ring_plot_page_line (chart, guide_x, guide_y, G_N_ELEMENTS (guide_x),
                            RING_PLOT_COLOR_GUIDE, RING_PLOT_LINE_SOLID, 1.0);
      add_obstacle (chart, x_mm, panel->ymin_mm, x_mm, y_mm);
      add_obstacle (chart, panel->xmin_mm, y_mm, x_mm, y_mm);
    }
  draw_dot (chart, x_mm, y_mm, chart->text_mm * 0.42, RING_PLOT_COLOR_ACCENT);

  if (label == NULL)
    return;

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_set_bold (TRUE);
  place_label (chart, panel, x_mm, y_mm, label, RING_PLOT_COLOR_ACCENT);
  _ring_plot_set_bold (FALSE);
  _ring_plot_set_text_size (chart, 1.0);
}

/* "64 GPUs: 1.2 s". */
void
_ring_plot_draw_gpu_marker (const RingPlotChart *chart,
                            const RingPlotPanel *panel,
                            double               y_value,
                            const char          *value_text)
{
  guint gpus = chart->data->params.gpus;
  g_autofree char *gpus_text = _ring_plot_format_gpus (gpus);
  g_autofree char *marker = g_strdup_printf ("%s: %s", gpus_text, value_text);

  _ring_plot_draw_marker (chart, panel, gpus, y_value, marker, TRUE);
}

char *
_ring_plot_format_gpus (guint gpus)
{
  /* TRANSLATORS: the ring size at the current configuration's marker. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU", "%u GPUs", gpus), gpus);
}

static gboolean
shows_sharding (const RingChartData *data)
{
  if (data->kind == RING_CHART_STEP_TIMELINE
      || data->kind == RING_CHART_UTILIZATION_VS_BUCKET_SIZE)
    return TRUE;

  return _ring_chart_kind_info (data->kind)->training_step
         && data->params.sharding != RING_SHARDING_DDP;
}

/* Under the title, joined by " · ": only what the chart's mode and algorithm use. */
static char *
describe_configuration (const RingChartData *data)
{
  const RingParams *p = &data->params;
  const RingResult *r = &data->result;
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *gpus = _ring_plot_format_gpus (p->gpus);
  guint nodes = ring_params_get_nodes (p);
  gboolean shows_alpha = ring_algorithm_info (p->algorithm)->uses_hop_latency;

  if (nodes > 1)
    /* TRANSLATORS: "64 GPUs in 8 nodes"; %s is "64 GPUs", %u the number of nodes. */
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s in %u node",
                                                          "%s in %u nodes", nodes),
                                             gpus, nodes));
  else
    g_ptr_array_add (parts, g_strdup (gpus));

  if (ring_params_is_collective (p))
    {
      g_autofree char *size = data->binary_bytes
                              ? _ring_plot_format_binary_bytes (p->message_bytes)
                              : ring_format_bytes (p->message_bytes);

      /* TRANSLATORS: single-collective mode; %s is a message size such as "1 MB". */
      g_ptr_array_add (parts, g_strdup_printf (_("one all-reduce of %s"), size));
    }
  else
    {
      g_autofree char *params = ring_format_count (p->model_params);
      const char *precision = ring_precision_get_name (p->gradient_bytes);

      /* TRANSLATORS: %s are a model size such as "7 B" and a precision such as "bf16". */
      g_ptr_array_add (parts, g_strdup_printf (_("%s parameters (%s gradients)"), params,
                                               precision));
    }

  /* TRANSLATORS: the bandwidth each GPU has inside its node. */
  g_ptr_array_add (parts, g_strdup_printf (_("%g GB/s per GPU"),
                                           ring_round_figures (p->bandwidth_gbps, 4)));
  if (nodes > 1)
    /* TRANSLATORS: "8 × 400 Gb/s NICs per node": a count and a line rate in Gb/s. */
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "%u × %g Gb/s NIC per node",
                                                          "%u × %g Gb/s NICs per node",
                                                          p->nics_per_node),
                                             p->nics_per_node,
                                             ring_round_figures (p->nic_speed_gbit, 4)));
  if (!ring_params_is_collective (p))
    {
      g_ptr_array_add (parts, g_strdup_printf ("%g TFLOP/s",
                                               ring_round_figures (p->compute_tflops, 4)));
      /* FSDP has no buckets, and these charts neither depend on them nor write MiB. */
      if (p->sharding == RING_SHARDING_FSDP || data->kind == RING_CHART_BYTES_MOVED_VS_GPUS
          || data->kind == RING_CHART_ALGORITHM_COMPARISON)
        ;
      else if (p->sharding != RING_SHARDING_DDP)
        {
          double reduce_bytes, allgather_bytes;
          g_autofree char *bucket = NULL;

          ring_step_zero_bucket_bytes (p, &reduce_bytes, &allgather_bytes);
          bucket = _ring_plot_format_binary_bytes (reduce_bytes);
          g_ptr_array_add (parts, g_strdup_printf (_("%s buckets"), bucket));
        }
      else if (p->bucket_bytes > 0)
        {
          g_autofree char *bucket = _ring_plot_format_binary_bytes (p->bucket_bytes);

          /* TRANSLATORS: the gradient bucket size, "25 MiB buckets" */
          g_ptr_array_add (parts, g_strdup_printf (_("%s buckets"), bucket));
        }
      else
        g_ptr_array_add (parts, g_strdup (_("one gradient bucket")));
    }
  if (!ring_params_is_collective (p) && shows_sharding (data))
    g_ptr_array_add (parts, g_strdup (ring_sharding_get_title (p->sharding)));
  if (shows_alpha)
    g_ptr_array_add (parts, g_strdup_printf ("α = %g µs",
                                             ring_round_figures (p->latency_us, 4)));

  if (ring_algorithm_info (p->algorithm)->chooses && p->gpus > 1)
    {
      g_autofree char *choice = _ring_chart_describe_choice (r->algorithm_used,
                                                             r->protocol_used);

      /* TRANSLATORS: what auto picked, as "Auto: Ring · Simple". */
      g_ptr_array_add (parts, g_strdup_printf (_("Auto: %s"), choice));
    }
  else
    {
      g_ptr_array_add (parts, g_strdup (ring_algorithm_get_short_title (p->algorithm)));
    }

  g_ptr_array_add (parts, NULL);
  return g_strjoinv (" · ", (char **) parts->pdata);
}

/* The title and, under it, the configuration, from @y_mm down. */
static void
draw_title (const RingPlotChart *chart,
            double               text_width_mm,
            const char          *subtitle,
            double              *y_mm_inout)
{
  double margin_mm = chart->text_mm * 1.3;
  double y_mm = *y_mm_inout;
  g_auto(GStrv) title_lines = NULL;
  g_auto(GStrv) subtitle_lines = NULL;

  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 1.3);
  _ring_plot_set_bold (TRUE);
  y_mm -= chart->text_mm * 0.65;
  title_lines = _ring_plot_wrap_text (_ring_chart_data_get_title (chart->data), " ",
                                      text_width_mm);
  for (guint i = 0; title_lines[i] != NULL; i++)
    {
      if (i > 0)
        y_mm -= chart->text_mm * 2.2;
      _ring_plot_page_text (margin_mm, y_mm, 0, title_lines[i]);
    }
  _ring_plot_set_bold (FALSE);

  _ring_plot_set_text_size (chart, 0.85);
  _ring_plot_set_text_color (RING_PLOT_COLOR_DIM);
  y_mm -= chart->text_mm * 1.6;
  subtitle_lines = _ring_plot_wrap_text (subtitle, " · ", text_width_mm);
  for (guint i = 0; subtitle_lines[i] != NULL; i++)
    {
      if (i > 0)
        y_mm -= chart->text_mm * 1.45;
      _ring_plot_page_text (margin_mm, y_mm, 0, subtitle_lines[i]);
    }
  *y_mm_inout = y_mm;
}

/* Title, subtitle and legend; returns the panel below them, room left for @y_axis. */
void
_ring_plot_draw_frame (const RingPlotChart *chart,
                       GArray              *legend,
                       const RingPlotAxis  *y_axis,
                       double               right_mm,
                       RingPlotPanel       *panel)
{
  _ring_plot_set_text_size (chart, 1.0);
  _ring_plot_draw_frame_beside (chart, legend,
                                _ring_plot_axis_label_width_mm (y_axis) + chart->text_mm * 2.9,
                                right_mm, panel);
}

void
_ring_plot_draw_frame_beside (const RingPlotChart *chart,
                              GArray              *legend,
                              double               labels_mm,
                              double               right_mm,
                              RingPlotPanel       *panel)
{
  double margin_mm = chart->text_mm * 1.3;
  double y_mm = chart->height_mm - margin_mm;
  double left_mm;
  double text_width_mm = chart->width_mm - 2 * margin_mm;
  g_autofree char *subtitle = describe_configuration (chart->data);

  _ring_plot_legend_add_scenarios (chart, legend);
  _ring_plot_set_text_size (chart, 1.0);
  left_mm = margin_mm + labels_mm;

  if (!chart->untitled)
    draw_title (chart, text_width_mm, subtitle, &y_mm);
  else
    y_mm += chart->text_mm * 1.2;
  /* A figure's caption says it instead. */
  _ring_plot_set_text_size (chart, 0.85);
  if (chart->data->note != NULL && !chart->untitled)
    {
      g_auto(GStrv) note_lines = _ring_plot_wrap_text (chart->data->note, " ", text_width_mm);

      _ring_plot_set_text_color (RING_PLOT_COLOR_COMMUNICATION);
      for (guint i = 0; note_lines[i] != NULL; i++)
        {
          y_mm -= chart->text_mm * 1.45;
          _ring_plot_page_text (margin_mm, y_mm, 0, note_lines[i]);
        }
    }
  _ring_plot_set_text_size (chart, 1.0);

  /* Below the title and configuration: what a change of the configuration alone leaves
   * as it was, the legend first. */
  _ring_plot_body_begin (chart);

  y_mm -= chart->text_mm * 2.0;
  y_mm -= _ring_plot_draw_legend (chart, legend, chart->untitled ? margin_mm : left_mm,
                                  chart->width_mm - margin_mm - right_mm, y_mm,
                                  y_mm - (margin_mm + chart->text_mm * 4.2));

  panel->xmin_mm = left_mm;
  panel->xmax_mm = chart->width_mm - margin_mm - right_mm;
  panel->ymax_mm = y_mm + chart->text_mm * 0.2;
  panel->ymin_mm = margin_mm + chart->text_mm * 4.2;
}

/* With the GPUs on a log₂ x axis; FALSE when the panel has no room. */
gboolean
_ring_plot_draw_gpu_frame (const RingPlotChart *chart,
                           GArray              *legend,
                           double               right_mm,
                           RingPlotPanel       *panel)
{
  double length_mm;

  _ring_plot_draw_frame (chart, legend, &panel->y, right_mm, panel);
  length_mm = panel->xmax_mm - panel->xmin_mm;
  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&panel->x, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_COUNT, 0,
                       log2 (chart->data->x_last),
                       _ring_plot_labels_fitting (chart, length_mm,
                                                  _ring_plot_text_width_mm ("512K")));
  /* Room for the half of the last tick label past a narrow chart's edge. */
  if (right_mm == 0 && chart->width_mm * RING_PLOT_PX_PER_MM < NARROW_CHART_PX
      && fmod (panel->x.max - panel->x.min, panel->x.step) == 0)
    {
      g_autofree char *last = _ring_plot_axis_label (&panel->x, panel->x.max);
      double overhang_mm = panel->xmax_mm + _ring_plot_text_width_mm (last) / 2
                           + chart->text_mm * 0.5 - chart->width_mm;

      if (overhang_mm > 0)
        panel->xmax_mm -= overhang_mm;
    }
  _ring_plot_set_text_size (chart, 1.0);

  return _ring_plot_panel_is_valid (panel);
}
