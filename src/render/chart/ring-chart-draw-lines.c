/* ring-chart-draw-lines.c: a chart's lines, fills and dots, drawn with cairo on the context
 * PLplot draws the text on, in the page millimetres the rest of the chart is laid out in.
 *
 * PLplot's cairo driver strokes every grid line and tick on its own, and dashes a line in
 * software, one stroke per dash: that was most of a chart's drawing time, and hundreds of
 * one-segment <path> elements in an SVG. Here a curve is one path stroked once and dashed
 * by cairo, and a grid, or a frame with its ticks, is one path too. The geometry follows
 * PLplot's (the same tick lengths and places, dash lengths, caps and joins), so the charts
 * look as they did.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-chart-draw-private.h"

/* PLplot's line styles 2 and 3: 1 mm and 2 mm marks and spaces. */
#define SHORT_DASH_MM 1.0
#define LONG_DASH_MM  2.0

/* The minor ticks of a log₁₀ decade, at 2 … 9. */
static const double log_minor_ticks[] = {
  0.301030, 0.477121, 0.602060, 0.698970, 0.778151, 0.845098, 0.903090, 0.954243,
};

static double
px (double mm)
{
  return mm * RING_PLOT_PX_PER_MM;
}

void
_ring_plot_set_source (const RingPlotChart *chart,
                       int                  color)
{
  const RingColor *rgba = &chart->palette[color];

  g_assert (color >= 0 && color < RING_PLOT_N_COLORS);

  ring_cairo_set_color (chart->cr, rgba, 1.0);
}

/* Pens. Between _ring_plot_stroke_begin() and _ring_plot_stroke_end() every segment added
 * goes into one path, stroked once. PLplot drew a polyline with butt caps and bevel joins,
 * and a single segment, and each piece of a dashed line, with round caps: so do the
 * POLYLINE and SEGMENTS pens. Horizontal and vertical rules (grids, frames, ticks, guides)
 * take square caps, as long as round ones, which cairo fills as boxes instead of scanning
 * a polygon: a third of the time, for the same look in lines a pixel or so wide. */

void
_ring_plot_stroke_begin (const RingPlotChart *chart,
                         int                  color,
                         int                  line_style,
                         double               width_px,
                         RingPlotPen          pen)
{
  cairo_t *cr = chart->cr;
  double dash_px, space_px;

  cairo_save (cr);
  cairo_new_path (cr);
  _ring_plot_set_source (chart, color);
  cairo_set_line_width (cr, width_px > 0 ? width_px : 1.0);

  switch (pen)
    {
    case RING_PLOT_PEN_POLYLINE:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
      break;
    case RING_PLOT_PEN_RULES:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_SQUARE);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      break;
    case RING_PLOT_PEN_SEGMENTS:
    default:
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_BEVEL);
      break;
    }

  if (line_style == RING_PLOT_LINE_SHORT_DASH || line_style == RING_PLOT_LINE_LONG_DASH)
    {
      dash_px = px (line_style == RING_PLOT_LINE_SHORT_DASH ? SHORT_DASH_MM : LONG_DASH_MM);
      /* Caps eat into the space between dashes: a line as wide as the space would read as
       * solid, so the gap left between caps is never under half the line's width. */
      space_px = MAX (dash_px, 1.5 * width_px);
      cairo_set_dash (cr, (double[]) { dash_px, space_px }, 2, 0);
      if (pen == RING_PLOT_PEN_RULES)
        return;
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      /* Hundreds of round-capped dashes are most of a chart's rasterizing; cairo's 4×4
       * sampling draws them three times faster and looks the same. Vector files have no
       * antialiasing to set. */
      cairo_set_antialias (cr, CAIRO_ANTIALIAS_FAST);
    }
}

void
_ring_plot_move_to (const RingPlotChart *chart,
                    double               x_mm,
                    double               y_mm)
{
  cairo_move_to (chart->cr, px (x_mm), px (y_mm));
}

void
_ring_plot_line_to (const RingPlotChart *chart,
                    double               x_mm,
                    double               y_mm)
{
  cairo_line_to (chart->cr, px (x_mm), px (y_mm));
}

void
_ring_plot_segment (const RingPlotChart *chart,
                    double               x1_mm,
                    double               y1_mm,
                    double               x2_mm,
                    double               y2_mm)
{
  _ring_plot_move_to (chart, x1_mm, y1_mm);
  _ring_plot_line_to (chart, x2_mm, y2_mm);
}

void
_ring_plot_stroke_end (const RingPlotChart *chart)
{
  cairo_stroke (chart->cr);
  cairo_restore (chart->cr);
}

/* Where the segment from (@x1, @y1) to (@x2, @y2) is inside the box, edges included
 * (Liang–Barsky): between the fractions @enter and @leave of its length. FALSE if it
 * misses the box. */
gboolean
_ring_plot_clip_segment (double  left,
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

/* Adds the part of the segment from (@x1, @y1) to (@x2, @y2) inside @panel's frame to the
 * path, as PLplot clips lines to the viewport. @joined says the path's current point is
 * (@x1, @y1); returns whether it is (@x2, @y2) afterwards. */
gboolean
_ring_plot_clipped_segment (const RingPlotChart *chart,
                            const RingPlotPanel *panel,
                            double               x1_mm,
                            double               y1_mm,
                            double               x2_mm,
                            double               y2_mm,
                            gboolean             joined)
{
  double enter, leave;

  if (!_ring_plot_clip_segment (panel->xmin_mm, panel->ymin_mm, panel->xmax_mm, panel->ymax_mm,
                                x1_mm, y1_mm, x2_mm, y2_mm, &enter, &leave))
    return FALSE;

  if (!joined || enter > 0)
    _ring_plot_move_to (chart, x1_mm + enter * (x2_mm - x1_mm),
                        y1_mm + enter * (y2_mm - y1_mm));
  _ring_plot_line_to (chart, x1_mm + leave * (x2_mm - x1_mm), y1_mm + leave * (y2_mm - y1_mm));

  return leave == 1;
}

/* Fills. PLplot's cairo driver strokes the edge of every polygon it fills, with the
 * current line width, and the charts' boxes have always had that edge: a box grown by half
 * of @edge_px draws the same pixels with one path instead of two. */
void
_ring_plot_fill_box_color (const RingPlotChart *chart,
                           double               left_mm,
                           double               bottom_mm,
                           double               right_mm,
                           double               top_mm,
                           const RingColor     *color,
                           double               edge_px)
{
  double grow_px = edge_px / 2;

  ring_cairo_set_color (chart->cr, color, 1.0);
  cairo_new_path (chart->cr);
  cairo_rectangle (chart->cr, px (MIN (left_mm, right_mm)) - grow_px,
                   px (MIN (bottom_mm, top_mm)) - grow_px,
                   px (fabs (right_mm - left_mm)) + 2 * grow_px,
                   px (fabs (top_mm - bottom_mm)) + 2 * grow_px);
  cairo_fill (chart->cr);
}

void
_ring_plot_fill_box (const RingPlotChart *chart,
                     double               left_mm,
                     double               bottom_mm,
                     double               right_mm,
                     double               top_mm,
                     int                  color,
                     double               edge_px)
{
  g_assert (color >= 0 && color < RING_PLOT_N_COLORS);

  _ring_plot_fill_box_color (chart, left_mm, bottom_mm, right_mm, top_mm,
                             &chart->palette[color], edge_px);
}

void
_ring_plot_hatch_box (const RingPlotChart *chart,
                      double               left_mm,
                      double               bottom_mm,
                      double               right_mm,
                      double               top_mm,
                      int                  color,
                      double               spacing_px)
{
  cairo_t *cr = chart->cr;
  double left = px (MIN (left_mm, right_mm)), right = px (MAX (left_mm, right_mm));
  double bottom = px (MIN (bottom_mm, top_mm)), top = px (MAX (bottom_mm, top_mm));
  double height = top - bottom;

  if (right - left < 0.5 || height < 0.5 || !(spacing_px >= 1))
    return;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_rectangle (cr, left, bottom, right - left, height);
  cairo_clip (cr);
  _ring_plot_set_source (chart, color);
  cairo_set_line_width (cr, MAX (1.0, spacing_px * 0.3));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* One path of diagonals, each from the bottom edge up to the right, started in step
   * with the page so that neighbouring boxes' hatches line up. */
  for (double x = floor ((left - height) / spacing_px) * spacing_px; x < right;
       x += spacing_px)
    {
      cairo_move_to (cr, x, bottom);
      cairo_line_to (cr, x + height, top);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
_ring_plot_fill_dot (const RingPlotChart *chart,
                     double               x_mm,
                     double               y_mm,
                     double               radius_mm,
                     int                  color)
{
  _ring_plot_set_source (chart, color);
  cairo_new_path (chart->cr);
  cairo_arc (chart->cr, px (x_mm), px (y_mm), px (radius_mm), 0, 2 * G_PI);
  cairo_fill (chart->cr);
}

/* Grids, frames and ticks, where plbox() put them. */

/* plwind() widens the window by a hundred-thousandth of its span, so that ticks and labels
 * at its ends count as inside. */
static void
axis_window (const RingPlotAxis *axis,
             double             *low,
             double             *high)
{
  double pad = (axis->max - axis->min) * 1e-5;

  *low = axis->min - pad;
  *high = axis->max + pad;
}

static gboolean
is_between (double value,
            double low,
            double high)
{
  return value >= low && value <= high;
}

/* Whether @step divides the axis into a sane number of intervals to walk. */
static gboolean
step_is_usable (const RingPlotAxis *axis,
                double              step)
{
  return step > 0 && isfinite (step) && (axis->max - axis->min) / step < 10000;
}

/* pldtik()'s number of minor intervals when none is asked for: from the span's leading
 * digits. */
static int
default_minor_intervals (double low,
                         double high)
{
  double digits = log10 (fabs (high - low));

  digits -= floor (digits);
  if (digits > 0.7781512503)
    return 4;
  if (digits > 0.1760912591)
    return 5;

  return 4;
}

static double
axis_position_mm (const RingPlotPanel *panel,
                  gboolean             x_axis,
                  double               world)
{
  return x_axis ? _ring_plot_panel_x_mm (panel, world) : _ring_plot_panel_y_mm (panel, world);
}

/* One tick of @length_mm into the panel from the edge at @edge_mm. */
static void
add_tick (const RingPlotChart *chart,
          gboolean             x_axis,
          double               at_mm,
          double               edge_mm,
          double               length_mm)
{
  if (x_axis)
    _ring_plot_segment (chart, at_mm, edge_mm, at_mm, edge_mm + length_mm);
  else
    _ring_plot_segment (chart, edge_mm, at_mm, edge_mm + length_mm, at_mm);
}

/* The ticks of @axis along one edge of @panel, as plbox() walks them: minor ticks between
 * the multiples of the step, then the major tick ending each interval. @inward_mm is +1 or
 * −1 mm, the direction into the panel. */
static void
add_axis_ticks (const RingPlotChart *chart,
                const RingPlotPanel *panel,
                gboolean             x_axis,
                const char          *options,
                int                  n_sub,
                double               edge_mm,
                double               inward)
{
  const RingPlotAxis *axis = x_axis ? &panel->x : &panel->y;
  gboolean log_minor = strchr (options, 'l') != NULL;
  gboolean minor = strchr (options, 's') != NULL;
  /* PLplot sizes ticks to the page: 3 mm and 1.5 mm on a 200 mm page, in proportion to
   * the mean of its sides. */
  double page_scale = 0.5 * (chart->width_mm + chart->height_mm) / 200.0;
  double major_mm = 3.0 * page_scale * inward, minor_mm = 1.5 * page_scale * inward;
  double step = log_minor ? 1.0 : axis->step;
  double low, high, previous;

  axis_window (axis, &low, &high);
  if (!step_is_usable (axis, step))
    return;
  if (n_sub <= 0)
    n_sub = default_minor_intervals (low, high);

  for (previous = step * floor (low / step);; previous += step)
    {
      double next = previous + step;

      if (minor && log_minor)
        {
          for (guint i = 0; i < G_N_ELEMENTS (log_minor_ticks); i++)
            if (is_between (previous + log_minor_ticks[i], low, high))
              add_tick (chart, x_axis,
                        axis_position_mm (panel, x_axis, previous + log_minor_ticks[i]),
                        edge_mm, minor_mm);
        }
      else if (minor)
        {
          for (int i = 1; i < n_sub; i++)
            {
              double tick = previous + i * step / n_sub;

              if (is_between (tick, low, high))
                add_tick (chart, x_axis, axis_position_mm (panel, x_axis, tick), edge_mm,
                          minor_mm);
            }
        }
      if (!is_between (next, low, high))
        break;
      add_tick (chart, x_axis, axis_position_mm (panel, x_axis, next), edge_mm, major_mm);
    }
}

/* The frame and ticks plbox() draws for @x_options and @y_options ('b' and 'c': the lower
 * and upper edges; 't' and 's': major and minor ticks; 'l': a log₁₀ axis's minor ticks),
 * as one path in @color. The numeric labels are PLplot's, apart. */
void
_ring_plot_draw_box_lines (const RingPlotChart *chart,
                           const RingPlotPanel *panel,
                           const char          *x_options,
                           int                  x_sub,
                           const char          *y_options,
                           int                  y_sub,
                           int                  color)
{
  const char *options[2] = { x_options, y_options };
  int n_sub[2] = { x_sub, y_sub };

  _ring_plot_stroke_begin (chart, color, RING_PLOT_LINE_SOLID, 1.0, RING_PLOT_PEN_RULES);
  for (guint a = 0; a < 2; a++)
    {
      gboolean x_axis = a == 0;

      for (guint side = 0; side < 2; side++)
        {
          gboolean upper = side == 1;
          gboolean ticks = strchr (options[a], 't') != NULL;
          double edge_mm;

          if (strchr (options[a], upper ? 'c' : 'b') == NULL)
            continue;
          if (x_axis)
            {
              edge_mm = upper ? panel->ymax_mm : panel->ymin_mm;
              _ring_plot_segment (chart, panel->xmin_mm, edge_mm, panel->xmax_mm, edge_mm);
            }
          else
            {
              edge_mm = upper ? panel->xmax_mm : panel->xmin_mm;
              _ring_plot_segment (chart, edge_mm, panel->ymin_mm, edge_mm, panel->ymax_mm);
            }
          if (ticks)
            add_axis_ticks (chart, panel, x_axis, options[a], n_sub[a], edge_mm,
                            upper ? -1.0 : 1.0);
        }
    }
  _ring_plot_stroke_end (chart);
}

/* Grid lines at the major ticks of both axes, as plbox()'s "g" draws them (none within a
 * tenth of a step of the frame), as one path. */
void
_ring_plot_draw_grid (const RingPlotChart *chart,
                      const RingPlotPanel *panel)
{
  _ring_plot_stroke_begin (chart, RING_PLOT_COLOR_GRID, RING_PLOT_LINE_SOLID, 1.0,
                           RING_PLOT_PEN_RULES);
  for (guint a = 0; a < 2; a++)
    {
      gboolean x_axis = a == 0;
      const RingPlotAxis *axis = x_axis ? &panel->x : &panel->y;
      double step = axis->log_minor ? 1.0 : axis->step;
      double margin = step * 0.1;
      double low, high;

      axis_window (axis, &low, &high);
      if (!step_is_usable (axis, step))
        continue;
      for (double tick = step * floor (low / step); tick <= high; tick += step)
        {
          double at_mm;

          if (!is_between (tick, low + margin, high - margin))
            continue;
          at_mm = axis_position_mm (panel, x_axis, tick);
          if (x_axis)
            _ring_plot_segment (chart, at_mm, panel->ymin_mm, at_mm, panel->ymax_mm);
          else
            _ring_plot_segment (chart, panel->xmin_mm, at_mm, panel->xmax_mm, at_mm);
        }
    }
  _ring_plot_stroke_end (chart);
}
