/* ring-chart-draw-timeline.c: the training step's own charts: one step as a Gantt chart of
 * its two streams (compute, and the collectives on the communication stream), and
 * utilization against the gradient bucket size.
 *
 * The timeline's rows are y world units: the communication stream is centred on
 * RING_PLOT_TIMELINE_ROW_COMMUNICATION, the compute stream one unit above, and the y axis
 * has no tick in its range (its labels are the streams' names, drawn beside it).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

#define ROW_COMMUNICATION RING_PLOT_TIMELINE_ROW_COMMUNICATION
#define ROW_COMPUTE       (RING_PLOT_TIMELINE_ROW_COMMUNICATION + 1)
#define ROW_MIDDLE        (RING_PLOT_TIMELINE_ROW_COMMUNICATION + 0.5)
/* Half a row's bar, in y world units: bars fill 80 % of their row. */
#define BAR_HALF          0.4
/* A row's bar is at most this many text heights tall, so a tall chart is not all bars. */
#define BAR_MAX_TEXTS     10.0
/* An exposed piece of a collective is drawn at least this many pixels wide. */
#define EXPOSED_MIN_PX    3.0

/* Slots of the colour map for the timeline's fills, among those a chart sets itself. */
enum {
  COLOR_FORWARD = RING_PLOT_COLOR_BAND,
  COLOR_GRADIENTS_HIDDEN,
  COLOR_GATHER,
  COLOR_GATHER_HIDDEN,
};

typedef struct
{
  RingPlotChart *chart;
  RingPlotPanel  panel;
  double         divisor;   /* seconds per unit of the x axis: milliseconds */
  double         half_mm;   /* half a bar's height */
} Timeline;

static double
x_mm (const Timeline *t,
      double          seconds)
{
  return _ring_plot_panel_x_mm (&t->panel, CLAMP (seconds / t->divisor, t->panel.x.min,
                                                  t->panel.x.max));
}

static double
row_mm (const Timeline *t,
        double          row)
{
  return _ring_plot_panel_y_mm (&t->panel, row);
}

/* The time axis of both timelines: milliseconds from 0 to 3 % past @end_s, as many ticks
 * as labels as wide as @widest fit, the last label inside the page. */
static void
set_time_axis (Timeline   *t,
               double      end_s,
               const char *widest)
{
  RingPlotChart *chart = t->chart;

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_linear (&t->panel.x, 0, end_s / t->divisor * 1.03,
                          _ring_plot_labels_fitting (chart, t->panel.xmax_mm - t->panel.xmin_mm,
                                                     _ring_plot_text_width_mm (widest)));
  _ring_plot_set_text_size (chart, 1.0);
  t->panel.x.min = 0;
  _ring_plot_keep_last_label_inside (chart, &t->panel);
}

/* Where a row is along the panel's height, from 0 at the bottom to 1 at the top. */
static double
row_position (const Timeline *t,
              double          row)
{
  return (row - t->panel.y.min) / (t->panel.y.max - t->panel.y.min);
}

static void
set_colors (RingPlotChart *chart)
{
  const RingStyle *style = chart->style;
  double pale = style->dark ? 0.5 : 0.42;

  _ring_plot_set_color (chart, COLOR_FORWARD,
                        _ring_plot_mix (style->compute, style->background, 0.5));
  _ring_plot_set_color (chart, COLOR_GRADIENTS_HIDDEN,
                        _ring_plot_mix (style->communication, style->background, pale));
  _ring_plot_set_color (chart, COLOR_GATHER, style->series[0]);
  _ring_plot_set_color (chart, COLOR_GATHER_HIDDEN,
                        _ring_plot_mix (style->series[0], style->background, pale));
}

static int
segment_color (const RingStepSegment *segment)
{
  switch (segment->kind)
    {
    case RING_SEGMENT_FORWARD:
      return COLOR_FORWARD;
    case RING_SEGMENT_BACKWARD:
      return RING_PLOT_COLOR_COMPUTE;
    case RING_SEGMENT_ALL_GATHER:
      return segment->exposed ? COLOR_GATHER : COLOR_GATHER_HIDDEN;
    case RING_SEGMENT_ALLREDUCE:
    case RING_SEGMENT_REDUCE_SCATTER:
    default:
      return segment->exposed ? RING_PLOT_COLOR_COMMUNICATION : COLOR_GRADIENTS_HIDDEN;
    }
}

/* Text centred in the box from @left_mm to @right_mm of a row, if it fits there. */
static void
label_in_box (const Timeline *t,
              double          left_mm,
              double          right_mm,
              double          row,
              const char     *text,
              int             color)
{
  if (_ring_plot_text_width_mm (text) + t->chart->text_mm * 0.6 > right_mm - left_mm)
    return;

  _ring_plot_set_text_color (color);
  _ring_plot_page_text ((left_mm + right_mm) / 2, row_mm (t, row), 0.5, text);
}

/* How many adjacent layers a box of a pass shows: the fewest of 1, 2, 4, 5, 8, 10, 16 … that
 * leave room for a label such as "73–80" in each, so 80 layers never make 80 slivers; then
 * the nearest above that divides the layers. */
static guint
layers_per_group (const Timeline *t,
                  guint           layers,
                  double          pass_s)
{
  static const guint nice[] = { 1, 2, 4, 5, 8, 10, 16, 20, 25, 32, 40, 50, 64, 100, 128 };
  g_autofree char *widest = g_strdup_printf ("%u–%u", layers, layers);
  double wanted_mm = _ring_plot_text_width_mm (widest) + t->chart->text_mm * 0.8;
  double layer_mm = (x_mm (t, pass_s) - x_mm (t, 0)) / MAX (layers, 1);

  guint fitting = layers;

  for (guint i = 0; i < G_N_ELEMENTS (nice); i++)
    if (nice[i] >= layers || nice[i] * layer_mm >= wanted_mm)
      {
        fitting = MIN (nice[i], layers);
        break;
      }
  /* Groups of one size throughout read better: up to twice as many layers a group, one
   * that divides the layers (8 for 32 layers rather than 5, 6 for 126). */
  for (guint g = fitting; g <= 2 * fitting && g <= layers; g++)
    if (layers % g == 0)
      return g;

  return fitting;
}

/* A bar of @row from @left_mm to @right_mm, filled in @color; hatched in the background's
 * when @hatched. */
static void
add_box (const Timeline *t,
         double          left_mm,
         double          right_mm,
         double          row,
         int             color,
         gboolean        hatched)
{
  double bottom_mm = row_mm (t, row) - t->half_mm, top_mm = bottom_mm + 2 * t->half_mm;

  _ring_plot_fill_box (t->chart, left_mm, bottom_mm, right_mm, top_mm, color, 0);
  if (hatched)
    _ring_plot_hatch_box (t->chart, left_mm, bottom_mm, right_mm, top_mm,
                          RING_PLOT_COLOR_BACKGROUND, t->chart->text_mm * 1.6);
}

/* The pass's position of a compute segment's layer: forward 0, 1 …; backward from the
 * last layer. */
static guint
pass_position (const RingStepSegment *s,
               guint                  layers)
{
  return s->kind == RING_SEGMENT_BACKWARD ? layers - 1 - s->index : s->index;
}

/* Where the compute box that segment @i ends goes: its right edge, a hairline short of the
 * next group. FALSE while the box goes on (the next layer follows on without a gap). */
static gboolean
compute_box_ends (const Timeline *t,
                  const GArray   *segments,
                  guint           i,
                  guint           layers,
                  const guint     group[2],
                  double         *right_mm)
{
  const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);
  const RingStepSegment *next = i + 1 < segments->len
                                ? &g_array_index (segments, RingStepSegment, i + 1) : NULL;
  gboolean backward = s->kind == RING_SEGMENT_BACKWARD;
  guint position = pass_position (s, layers);
  gboolean group_ends = (position + 1) % group[backward] == 0 || position + 1 == layers;

  *right_mm = x_mm (t, s->end_s);
  if (group_ends && position + 1 < layers)
    *right_mm -= 1.0 / RING_PLOT_PX_PER_MM;

  return group_ends || next == NULL || !_ring_chart_segment_is_compute (next)
         || next->kind != s->kind || next->start_s > s->end_s;
}

/* The compute stream: each pass in its colour, its layers in groups parted by hairlines,
 * each group labelled with its layers, counted from 1. */
static void
draw_compute (const Timeline *t,
              const GArray   *segments,
              guint           layers)
{
  const RingPlotChart *chart = t->chart;
  const RingResult *r = &chart->data->result;
  guint group[2];

  group[0] = layers_per_group (t, layers, r->forward_time_s);
  group[1] = layers_per_group (t, layers, r->backward_time_s);

  for (guint pass = 0; pass < 2; pass++)
    {
      RingSegmentKind kind = pass == 0 ? RING_SEGMENT_FORWARD : RING_SEGMENT_BACKWARD;
      double left_mm = NAN, right_mm;

      for (guint i = 0; i < segments->len; i++)
        {
          const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);

          if (s->kind != kind)
            continue;
          if (isnan (left_mm))
            left_mm = x_mm (t, s->start_s);
          if (compute_box_ends (t, segments, i, layers, group, &right_mm))
            {
              add_box (t, left_mm, MAX (right_mm, left_mm), ROW_COMPUTE,
                       pass == 0 ? COLOR_FORWARD : RING_PLOT_COLOR_COMPUTE, FALSE);
              left_mm = NAN;
            }
        }
    }

  _ring_plot_set_text_size (chart, 0.8);
  for (guint i = 0, first = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, first);
      const RingStepSegment *e = &g_array_index (segments, RingStepSegment, i);
      gboolean backward = e->kind == RING_SEGMENT_BACKWARD;
      guint position = pass_position (e, layers);
      g_autofree char *text = NULL;

      if (!_ring_chart_segment_is_compute (e))
        break;
      if ((position + 1) % group[backward] != 0 && position + 1 != layers)
        continue;

      text = s->index == e->index ? g_strdup_printf ("%u", s->index + 1)
                                  : g_strdup_printf ("%u–%u", s->index + 1, e->index + 1);
      label_in_box (t, x_mm (t, s->start_s), x_mm (t, e->end_s), ROW_COMPUTE, text,
                    backward ? RING_PLOT_COLOR_BACKGROUND : RING_PLOT_COLOR_FOREGROUND);
      first = i + 1;
    }
  _ring_plot_set_text_size (chart, 1.0);
}

static gboolean
same_collective (const RingStepSegment *a,
                 const RingStepSegment *b)
{
  return a->kind == b->kind && a->index == b->index && a->count == b->count
         && fabs (a->end_s - b->start_s) <= 1e-12 * MAX (1.0, b->start_s);
}

/* Where the piece of a collective that segment @i is goes: a hairline short of the next
 * box if it ends one that has room for it, and an exposed piece never under
 * EXPOSED_MIN_PX wide. Returns whether it ends its box, and the box's start. */
static gboolean
comm_piece (const Timeline *t,
            const GArray   *segments,
            guint           i,
            double         *left_mm,
            double         *right_mm,
            double         *box_left_mm)
{
  const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);
  const RingStepSegment *next = i + 1 < segments->len
                                ? &g_array_index (segments, RingStepSegment, i + 1) : NULL;
  gboolean ends_box = next == NULL || !same_collective (s, next);
  double hairline_mm = 1.0 / RING_PLOT_PX_PER_MM;
  guint first = i;

  while (first > 0 && same_collective (&g_array_index (segments, RingStepSegment, first - 1),
                                       &g_array_index (segments, RingStepSegment, first)))
    first--;
  *box_left_mm = x_mm (t, g_array_index (segments, RingStepSegment, first).start_s);
  *left_mm = x_mm (t, s->start_s);
  *right_mm = x_mm (t, s->end_s);
  if (ends_box && *right_mm - *box_left_mm >= 4 * hairline_mm)
    *right_mm -= hairline_mm;
  if (s->exposed && *right_mm - *left_mm < EXPOSED_MIN_PX * hairline_mm)
    {
      double middle_mm = (*left_mm + *right_mm) / 2;

      *left_mm = MAX (t->panel.xmin_mm, middle_mm - EXPOSED_MIN_PX / 2 * hairline_mm);
      *right_mm = MIN (t->panel.xmax_mm, *left_mm + EXPOSED_MIN_PX * hairline_mm);
    }

  return ends_box;
}

/* The communication stream: each collective its own box (a collective partly hidden is
 * two pieces of one box), pale where compute runs beside it, strong and hatched where it
 * is exposed; wide boxes name their buckets (FSDP: their layer). */
static void
draw_communication (const Timeline *t,
                    const GArray   *segments)
{
  static const int colors[] = {
    COLOR_GRADIENTS_HIDDEN, RING_PLOT_COLOR_COMMUNICATION, COLOR_GATHER_HIDDEN, COLOR_GATHER,
  };
  const RingPlotChart *chart = t->chart;
  double left_mm, right_mm, box_left_mm;

  for (guint c = 0; c < G_N_ELEMENTS (colors); c++)
    {
      for (guint i = 0; i < segments->len; i++)
        {
          const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);

          if (_ring_chart_segment_is_compute (s) || segment_color (s) != colors[c])
            continue;
          comm_piece (t, segments, i, &left_mm, &right_mm, &box_left_mm);
          add_box (t, left_mm, right_mm, ROW_COMMUNICATION, colors[c], s->exposed);
        }
    }

  _ring_plot_set_text_size (chart, 0.8);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);
      g_autofree char *text = NULL;

      if (_ring_chart_segment_is_compute (s) || s->exposed
          || !comm_piece (t, segments, i, &left_mm, &right_mm, &box_left_mm))
        continue;
      text = s->count > 1 ? g_strdup_printf ("%u–%u", s->index + 1, s->index + s->count)
                          : g_strdup_printf ("%u", s->index + 1);
      label_in_box (t, box_left_mm, right_mm, ROW_COMMUNICATION, text,
                    RING_PLOT_COLOR_FOREGROUND);
    }
  _ring_plot_set_text_size (chart, 1.0);
}

/* The end of the step: a rule across both rows, and its time above the bars. */
static void
draw_step_end (const Timeline *t)
{
  const RingPlotChart *chart = t->chart;
  const RingResult *r = &chart->data->result;
  double end_mm = x_mm (t, r->step_time_s);
  g_autofree char *time = ring_format_duration (r->step_time_s);
  g_autofree char *exposed = ring_format_duration (r->exposed_comm_s);
  /* TRANSLATORS: beside the line at the end of the step timeline: the step time, and how
   * much of it compute waited for communication (or was slowed by it). */
  g_autofree char *text = r->exposed_comm_s > 0
                          ? g_strdup_printf (_("step ends: %s, %s of it exposed"), time,
                                             exposed)
                          /* TRANSLATORS: the same with nothing exposed; %s is a time. */
                          : g_strdup_printf (_("step ends: %s"), time);
  const char *texts[] = { text, time };
  double gap_mm = chart->text_mm * 0.5;
  double text_mm, y_mm;

  _ring_plot_segment (chart, end_mm, t->panel.ymin_mm, end_mm, t->panel.ymax_mm,
                      RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.0);

  y_mm = MIN (row_mm (t, ROW_COMPUTE) + t->half_mm + chart->text_mm * 1.2,
              t->panel.ymax_mm - chart->text_mm * 0.8);
  /* Left of the line, where the step is; else right of it; else the time alone. */
  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_set_bold (TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      text_mm = _ring_plot_text_width_mm (texts[i]);
      if (end_mm - gap_mm - text_mm >= t->panel.xmin_mm)
        {
          _ring_plot_page_text_on_halo (chart, end_mm - gap_mm, y_mm, 1, texts[i],
                                        RING_PLOT_COLOR_FOREGROUND);
          break;
        }
      if (end_mm + gap_mm + text_mm <= t->panel.xmax_mm)
        {
          _ring_plot_page_text_on_halo (chart, end_mm + gap_mm, y_mm, 0, texts[i],
                                        RING_PLOT_COLOR_FOREGROUND);
          break;
        }
    }
  _ring_plot_set_bold (FALSE);
  _ring_plot_set_text_size (chart, 1.0);
}

/* A parallel layout: the first stage's streams a row each, compute on top; the bubble
 * hatched grey on the compute row, exposed traffic hatched, what compute hides pale. */

static int
stage_color (const RingStageSegment *s)
{
  if (s->work == RING_STAGE_FORWARD)
    return COLOR_FORWARD;
  if (s->work == RING_STAGE_BACKWARD)
    return RING_PLOT_COLOR_COMPUTE;
  if (s->work == RING_STAGE_BUBBLE)
    return RING_PLOT_COLOR_SUBTLE;
  if (s->work == RING_STAGE_DATA_ALL_GATHER)
    return s->exposed ? COLOR_GATHER : COLOR_GATHER_HIDDEN;

  return s->exposed ? RING_PLOT_COLOR_COMMUNICATION : COLOR_GRADIENTS_HIDDEN;
}

static void
draw_stage_timeline (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingResult *r = &data->result;
  const GArray *segments = data->stage_segments;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  gboolean shown[RING_N_STREAMS] = { FALSE };
  gboolean any_bubble = FALSE, any_exposed = FALSE, any_hidden = FALSE;
  double row_of[RING_N_STREAMS];
  double end_s = r->step_time_s, labels_mm = 0;
  guint n_rows = 0;
  const char *x_title;
  Timeline t = { chart, { 0 }, 1e-3, 0 };

  set_colors (chart);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStageSegment *s = &g_array_index (segments, RingStageSegment, i);

      shown[ring_stage_work_stream (s->work)] = TRUE;
      any_bubble |= s->work == RING_STAGE_BUBBLE;
      any_exposed |= s->exposed;
      any_hidden |= ring_stage_work_stream (s->work) == RING_STREAM_DATA && !s->exposed;
      end_s = MAX (end_s, s->end_s);
    }
  shown[RING_STREAM_COMPUTE] = TRUE;

  _ring_plot_set_text_size (chart, 0.9);
  for (guint k = 0; k < RING_N_STREAMS; k++)
    if (shown[k])
      {
        row_of[k] = ROW_COMPUTE - n_rows++;
        labels_mm = MAX (labels_mm,
                         _ring_plot_text_width_mm (_ring_chart_stage_stream_title (k)));
      }
  labels_mm += chart->text_mm * 1.2;
  _ring_plot_set_text_size (chart, 1.0);

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_FORWARD, RING_PLOT_LINE_SOLID, 1,
                         _("Forward pass (micro-batches)"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, RING_PLOT_COLOR_COMPUTE,
                         RING_PLOT_LINE_SOLID, 1, _("Backward pass (micro-batches)"));
  if (any_bubble)
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_HATCHED_BOX, RING_PLOT_COLOR_SUBTLE,
                           RING_PLOT_LINE_SOLID, 1,
                           _("Bubble: the pipeline fills and drains"));
  if (any_hidden)
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_GRADIENTS_HIDDEN,
                           RING_PLOT_LINE_SOLID, 1,
                           _("Data-parallel sync beside compute"));
  if (any_exposed)
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_HATCHED_BOX,
                           RING_PLOT_COLOR_COMMUNICATION, RING_PLOT_LINE_SOLID, 1,
                           _("Exposed: nothing computes beside it"));
  _ring_plot_draw_frame_beside (chart, legend, labels_mm, 0, &t.panel);

  set_time_axis (&t, end_s, "00000");
  /* Rows one world unit apart, room for the step's end above the top one, and no y tick
   * in the range. */
  t.panel.y = (RingPlotAxis) { RING_PLOT_AXIS_LINEAR, RING_PLOT_FORMAT_NUMBER,
                               ROW_COMPUTE - n_rows + 0.4, ROW_COMPUTE + 1.1,
                               4 * RING_PLOT_TIMELINE_ROW_COMMUNICATION, 0, 0, FALSE };
  if (!_ring_plot_panel_is_valid (&t.panel))
    return;
  t.half_mm = row_mm (&t, ROW_COMPUTE + BAR_HALF * 0.9) - row_mm (&t, ROW_COMPUTE);

  _ring_plot_draw_grid (chart, &t.panel);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStageSegment *s = &g_array_index (segments, RingStageSegment, i);
      double left_mm = x_mm (&t, s->start_s), right_mm = x_mm (&t, s->end_s);

      /* A hairline between neighbours, where the box is wide enough to keep one. */
      if (right_mm - left_mm >= 4.0 / RING_PLOT_PX_PER_MM)
        right_mm -= 1.0 / RING_PLOT_PX_PER_MM;
      add_box (&t, left_mm, MAX (right_mm, left_mm + 1.0 / RING_PLOT_PX_PER_MM),
               row_of[ring_stage_work_stream (s->work)], stage_color (s),
               s->exposed || s->work == RING_STAGE_BUBBLE);
    }

  /* Micro-batches and the bubble named where their box has room. */
  _ring_plot_set_text_size (chart, 0.8);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStageSegment *s = &g_array_index (segments, RingStageSegment, i);
      g_autofree char *text = NULL;

      if (s->work == RING_STAGE_BUBBLE)
        text = g_strdup (_("bubble"));
      else if (s->work == RING_STAGE_FORWARD || s->work == RING_STAGE_BACKWARD)
        text = g_strdup_printf ("%u", s->micro_batch);
      else
        continue;
      label_in_box (&t, x_mm (&t, s->start_s), x_mm (&t, s->end_s), ROW_COMPUTE, text,
                    s->work == RING_STAGE_BACKWARD ? RING_PLOT_COLOR_BACKGROUND
                                                   : RING_PLOT_COLOR_FOREGROUND);
    }
  _ring_plot_set_text_size (chart, 1.0);
  draw_step_end (&t);

  _ring_plot_draw_axes (chart, &t.panel, TRUE, TRUE);
  x_title = _("Time from the start of the step, first pipeline stage (ms)");
  if (_ring_plot_text_width_mm (x_title) > t.panel.xmax_mm - t.panel.xmin_mm)
    x_title = _("Time (ms)");
  _ring_plot_draw_axis_titles (chart, &t.panel, x_title, NULL);
  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 0.9);
  for (guint k = 0; k < RING_N_STREAMS; k++)
    if (shown[k])
      _ring_plot_margin_text (&t.panel, RING_PLOT_SIDE_LEFT, 0.6, row_position (&t, row_of[k]),
                              1.0, _ring_chart_stage_stream_title (k));
  _ring_plot_set_text_size (chart, 1.0);
}

void
_ring_plot_draw_step_timeline (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingResult *r = &data->result;
  const GArray *segments = data->segments;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  gboolean kinds[RING_SEGMENT_ALL_GATHER + 1] = { FALSE };
  gboolean any_exposed = FALSE, any_comm = FALSE;
  const char *compute_name = _("Compute");
  const char *comm_name = _("Communication");
  const char *x_title;
  double end_s = r->step_time_s, labels_mm, bar_mm, label_mm;
  guint layers, hidden;
  Timeline t = { chart, { 0 }, 1e-3, 0 };

  if (data->stage_segments != NULL)
    {
      draw_stage_timeline (chart);
      return;
    }

  set_colors (chart);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);

      kinds[s->kind] = TRUE;
      any_exposed |= s->exposed;
      any_comm |= !_ring_chart_segment_is_compute (s);
      end_s = MAX (end_s, s->end_s);
    }

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_FORWARD, RING_PLOT_LINE_SOLID, 1,
                         _("Forward pass (layers)"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, RING_PLOT_COLOR_COMPUTE,
                         RING_PLOT_LINE_SOLID, 1, _("Backward pass (layers)"));
  if (kinds[RING_SEGMENT_ALLREDUCE])
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_GRADIENTS_HIDDEN,
                           RING_PLOT_LINE_SOLID, 1, _("All-reduce of gradient buckets"));
  if (kinds[RING_SEGMENT_REDUCE_SCATTER])
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_GRADIENTS_HIDDEN,
                           RING_PLOT_LINE_SOLID, 1,
                           data->params.sharding == RING_SHARDING_FSDP
                           ? _("Reduce-scatter of a layer’s gradients")
                           : _("Reduce-scatter of gradient buckets"));
  if (kinds[RING_SEGMENT_ALL_GATHER])
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, COLOR_GATHER_HIDDEN,
                           RING_PLOT_LINE_SOLID, 1,
                           data->params.sharding == RING_SHARDING_FSDP
                           ? _("All-gather of a layer’s parameters")
                           : _("All-gather of updated parameters"));
  if (any_exposed)
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_HATCHED_BOX,
                           RING_PLOT_COLOR_COMMUNICATION, RING_PLOT_LINE_SOLID, 1,
                           _("Exposed: nothing computes beside it"));

  _ring_plot_set_text_size (chart, 0.9);
  labels_mm = MAX (_ring_plot_text_width_mm (compute_name), _ring_plot_text_width_mm (comm_name))
              + chart->text_mm * 1.2;
  _ring_plot_set_text_size (chart, 1.0);
  _ring_plot_draw_frame_beside (chart, legend, labels_mm, 0, &t.panel);

  set_time_axis (&t, end_s, "0000");
  /* Half a row of room above and below, and a step no tick of falls in the range (see
   * the top of the file). */
  t.panel.y = (RingPlotAxis) { RING_PLOT_AXIS_LINEAR, RING_PLOT_FORMAT_NUMBER, ROW_MIDDLE - 1,
                               ROW_MIDDLE + 1, 4 * RING_PLOT_TIMELINE_ROW_COMMUNICATION, 0, 0,
                               FALSE };
  if (!_ring_plot_panel_is_valid (&t.panel))
    return;

  /* Bars of at most BAR_MAX_TEXTS text heights; the rows closer, in the middle, when the
   * panel is taller than that needs. */
  bar_mm = chart->text_mm * BAR_MAX_TEXTS / 2;
  if (row_mm (&t, ROW_MIDDLE + BAR_HALF) - row_mm (&t, ROW_MIDDLE) > bar_mm)
    {
      double span = MIN ((t.panel.ymax_mm - t.panel.ymin_mm) / (bar_mm / BAR_HALF),
                         RING_PLOT_TIMELINE_ROW_COMMUNICATION);

      t.panel.y.min = ROW_MIDDLE - span / 2;
      t.panel.y.max = ROW_MIDDLE + span / 2;
    }
  /* Room above the compute row for the end of the step's label: a short panel (a figure)
   * gets y.max raised by d world units so that the room r (in world units of span S over
   * a height H) becomes the label's l millimetres: (r + d) H / (S + d) = l. */
  label_mm = chart->text_mm * 1.8;
  if (t.panel.ymax_mm - row_mm (&t, ROW_COMPUTE + BAR_HALF) < label_mm
      && t.panel.ymax_mm - t.panel.ymin_mm > 2 * label_mm)
    {
      double span = t.panel.y.max - t.panel.y.min;
      double height_mm = t.panel.ymax_mm - t.panel.ymin_mm;
      double room = t.panel.y.max - (ROW_COMPUTE + BAR_HALF);

      t.panel.y.max += (label_mm * span - room * height_mm) / (height_mm - label_mm);
    }
  t.half_mm = row_mm (&t, ROW_MIDDLE + BAR_HALF) - row_mm (&t, ROW_MIDDLE);

  _ring_plot_draw_grid (chart, &t.panel);
  ring_step_architecture (&data->params, &layers, &hidden);
  draw_compute (&t, segments, layers);
  draw_communication (&t, segments);
  if (!any_comm)
    {
      _ring_plot_set_text_color (RING_PLOT_COLOR_DIM);
      _ring_plot_page_text ((t.panel.xmin_mm + t.panel.xmax_mm) / 2,
                            row_mm (&t, ROW_COMMUNICATION), 0.5,
                            _("A single GPU has nothing to communicate"));
    }
  draw_step_end (&t);

  _ring_plot_draw_axes (chart, &t.panel, TRUE, TRUE);
  x_title = _("Time from the start of the forward pass (ms)");
  if (_ring_plot_text_width_mm (x_title) > t.panel.xmax_mm - t.panel.xmin_mm)
    /* TRANSLATORS: the step timeline's x axis title where the long one does not fit. */
    x_title = _("Time (ms)");
  _ring_plot_draw_axis_titles (chart, &t.panel, x_title, NULL);
  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_margin_text (&t.panel, RING_PLOT_SIDE_LEFT, 0.6, row_position (&t, ROW_COMPUTE),
                          1.0, compute_name);
  _ring_plot_margin_text (&t.panel, RING_PLOT_SIDE_LEFT, 0.6,
                          row_position (&t, ROW_COMMUNICATION), 1.0, comm_name);
  _ring_plot_set_text_size (chart, 1.0);
}

/* Utilization against the bucket size. */

void
_ring_plot_draw_bucket_size (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const double *bytes = _ring_chart_data_column (data, 0)->values;
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  guint one = data->n_rows - 1;
  double current_bytes = data->params.bucket_bytes > 0 ? data->params.bucket_bytes : bytes[one];
  double one_x_mm, one_y_mm, text_mm, current_mm;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree char *size_text = NULL;
  g_autofree char *one_size = NULL;
  g_autofree char *one_label = NULL;
  g_autofree char *one_short = NULL;
  g_autofree char *marker = NULL;
  RingPlotPanel panel = { 0 };

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_SERIES_0,
                         RING_PLOT_LINE_SOLID, chart->line_px * 1.3,
                         _("Utilization with buckets of this size"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_DIM,
                         RING_PLOT_LINE_SOLID, chart->line_px * 0.7,
                         _("One bucket: no overlap"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_BOX, RING_PLOT_COLOR_COMM_SHADE,
                         RING_PLOT_LINE_SOLID, 1,
                         _("Communication-bound: exposed communication > compute"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));

  _ring_plot_axis_linear (&panel.y, 0, 100, 5);
  _ring_plot_draw_frame (chart, legend, &panel.y, 0, &panel);
  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&panel.x, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_BYTES,
                       log2 (data->x_first), MAX (log2 (data->x_last), log2 (bytes[one])),
                       _ring_plot_labels_fitting (chart, panel.xmax_mm - panel.xmin_mm,
                                                  _ring_plot_text_width_mm ("512 MiB")));
  _ring_plot_set_text_size (chart, 1.0);
  /* Room around the ends: the first size and the one bucket are not on the frame. */
  panel.x.min -= 0.3;
  panel.x.max += 0.5;
  panel.y.max = 103;
  _ring_plot_keep_last_label_inside (chart, &panel);
  if (!_ring_plot_panel_is_valid (&panel))
    return;

  _ring_plot_fill_box (chart, panel.xmin_mm, panel.ymin_mm, panel.xmax_mm,
                       _ring_plot_panel_y_mm (&panel, RING_PLOT_COMM_BOUND_UTILIZATION * 100),
                       RING_PLOT_COLOR_COMM_SHADE, 1.0);
  _ring_plot_draw_grid (chart, &panel);

  /* One bucket: a thin level across the chart and a square at S, apart from the curve. */
  one_x_mm = _ring_plot_panel_x_mm (&panel, log2 (bytes[one]));
  one_y_mm = _ring_plot_panel_y_mm (&panel, utilization[one]);
  _ring_plot_segment (chart, panel.xmin_mm, one_y_mm, panel.xmax_mm, one_y_mm,
                      RING_PLOT_COLOR_DIM, RING_PLOT_LINE_SOLID, chart->line_px * 0.7);
  _ring_plot_draw_curve (chart, &panel, bytes, utilization, one, RING_PLOT_COLOR_SERIES_0,
                         RING_PLOT_LINE_SOLID, chart->line_px * 1.3);
  _ring_plot_fill_box (chart, one_x_mm - chart->text_mm * 0.45, one_y_mm - chart->text_mm * 0.45,
                       one_x_mm + chart->text_mm * 0.45, one_y_mm + chart->text_mm * 0.45,
                       RING_PLOT_COLOR_FOREGROUND, 1.0);
  one_size = _ring_plot_format_binary_bytes (bytes[one]);
  /* TRANSLATORS: beside the one-bucket point: its size S and its utilization. */
  one_label = g_strdup_printf (_("one bucket of %s: %.1f %%"), one_size, utilization[one]);
  /* TRANSLATORS: the same, short, where the long one would cover the current marker. */
  one_short = g_strdup_printf (_("one bucket: %.1f %%"), utilization[one]);
  _ring_plot_set_text_size (chart, 0.9);
  current_mm = _ring_plot_panel_x_mm (&panel, log2 (current_bytes));
  text_mm = _ring_plot_text_width_mm (one_label);
  if (one_x_mm - chart->text_mm - text_mm < current_mm + chart->text_mm * 0.5
      && current_mm < one_x_mm)
    {
      text_mm = _ring_plot_text_width_mm (one_short);
      g_free (g_steal_pointer (&one_label));
      one_label = g_steal_pointer (&one_short);
    }
  /* Under the level, left of the square, where the curve (above it) is not. */
  _ring_plot_page_text_on_halo (chart,
                                MAX (one_x_mm - chart->text_mm, panel.xmin_mm + text_mm
                                     + chart->text_mm * 0.5),
                                one_y_mm - chart->text_mm * 1.3, 1, one_label,
                                RING_PLOT_COLOR_FOREGROUND);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("Gradient bucket size (log scale)"),
                               _("GPU utilization (%)"));

  size_text = data->params.bucket_bytes > 0
              ? _ring_plot_format_binary_bytes (data->params.bucket_bytes)
              : g_strdup (_("one bucket"));
  /* TRANSLATORS: the marker at the current bucket size: a size and a utilization. */
  marker = g_strdup_printf (_("%s: %.1f %%"), size_text, 100 * data->result.utilization);
  _ring_plot_draw_marker (chart, &panel, current_bytes, 100 * data->result.utilization, marker,
                          TRUE);
}
