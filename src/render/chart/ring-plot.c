/* ring-plot.c: the page of a chart on a PLplot stream: the stream itself, the colour map
 * from the style, and the lines, fills and dots the charts draw, each a PLplot call in the
 * page's window (millimetres, y upwards) or in a panel's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

/* Colours. */

/* @amount of the way from @base to @color, opaque. */
RingColor
_ring_plot_mix (RingColor color,
                RingColor base,
                double    amount)
{
  RingColor mixed = ring_color_mix (base, color, amount);

  mixed.alpha = 1.0;

  return mixed;
}

/* Sets a slot of PLplot's colour map 0 (8 bits a channel), and keeps it for the window's
 * overlay and the tests. */
void
_ring_plot_set_color (RingPlotChart *chart,
                      int            slot,
                      RingColor      color)
{
  g_assert (slot >= 0 && slot < RING_PLOT_N_COLORS);

  chart->palette[slot] = (RingColor) {
    lround (CLAMP (color.red, 0, 1) * 255) / 255.0,
    lround (CLAMP (color.green, 0, 1) * 255) / 255.0,
    lround (CLAMP (color.blue, 0, 1) * 255) / 255.0,
    CLAMP (color.alpha, 0, 1),
  };
  _ring_plot_key_string ("plscol0a");
  _ring_plot_key (&slot, sizeof slot);
  _ring_plot_key (&chart->palette[slot], sizeof chart->palette[slot]);
  if (chart->stream_open)
    plscol0a (slot, lround (chart->palette[slot].red * 255),
              lround (chart->palette[slot].green * 255),
              lround (chart->palette[slot].blue * 255), chart->palette[slot].alpha);
}

/* Colour map 0 from the style; slot 0 is PLplot's background. */
static void
set_palette (RingPlotChart *chart)
{
  const RingStyle *style = chart->style;

  G_STATIC_ASSERT (RING_PLOT_COLOR_BACKGROUND == 0);

  _ring_plot_set_color (chart, RING_PLOT_COLOR_BACKGROUND, style->background);
  _ring_plot_set_color (chart, RING_PLOT_COLOR_FOREGROUND, style->foreground);
  _ring_plot_set_color (chart, RING_PLOT_COLOR_DIM, style->dim);
  /* Grid lines and shading are blended with the background, not translucent, so that
   * lines crossing them do not show through. */
  _ring_plot_set_color (chart, RING_PLOT_COLOR_GRID,
             _ring_plot_mix (style->dim, style->background, style->dark ? 0.45 : 0.35));
  _ring_plot_set_color (chart, RING_PLOT_COLOR_ACCENT, style->accent);
  _ring_plot_set_color (chart, RING_PLOT_COLOR_COMPUTE, style->compute);
  _ring_plot_set_color (chart, RING_PLOT_COLOR_COMMUNICATION, style->communication);
  for (int i = 0; i < 4; i++)
    _ring_plot_set_color (chart, RING_PLOT_COLOR_SERIES_0 + i, style->series[i]);
  _ring_plot_set_color (chart, RING_PLOT_COLOR_COMM_SHADE,
             _ring_plot_mix (style->communication, style->background, style->dark ? 0.22 : 0.11));
  _ring_plot_set_color (chart, RING_PLOT_COLOR_SUBTLE,
             _ring_plot_mix (style->foreground, style->background, 0.7));
  _ring_plot_set_color (chart, RING_PLOT_COLOR_GUIDE,
             _ring_plot_mix (style->accent, style->background, 0.5));
  for (int i = 0; i < RING_N_ALGORITHMS - 1; i++)
    _ring_plot_set_color (chart, RING_PLOT_COLOR_ALGORITHM + i, style->algorithms[i]);
  for (int i = RING_PLOT_COLOR_BAND; i <= RING_PLOT_COLOR_BAND_LAST; i++)
    _ring_plot_set_color (chart, i, style->background);
  for (int i = 0; i < 4; i++)
    _ring_plot_set_color (chart, RING_PLOT_COLOR_SCENARIO + i, style->scenarios[i]);
}

/* The stream. */

/* Opens a fresh stream for @chart on @device ("extcairo" for a cairo context, then
 * @cr; "svg" for a file, then @file), a page of @width × @height pixels at PLplot's
 * 72 dots per inch, and restores the caller's stream in _ring_plot_page_end(). */
void
_ring_plot_page_begin (RingPlotChart *chart,
                       cairo_t       *cr,
                       FILE          *file,
                       double         width,
                       double         height)
{
  g_assert ((cr != NULL) != (file != NULL));

  if (file != NULL)
    {
      chart->vector_output = TRUE;
    }
  else
    {
      cairo_surface_type_t type = cairo_surface_get_type (cairo_get_target (cr));

      chart->vector_output = type == CAIRO_SURFACE_TYPE_PDF || type == CAIRO_SURFACE_TYPE_SVG
                             || type == CAIRO_SURFACE_TYPE_PS;
    }

  plgstrm (&chart->previous_stream);
  plmkstrm (&chart->stream);
  plsdev (cr != NULL ? "extcairo" : "svg");
  if (file != NULL)
    plsfile (file);
  plspage (0, 0, (PLINT) lround (width), (PLINT) lround (height), 0, 0);
  /* PLplot paints slot 0 over the page; antialiased text and lines as the widget's. */
  /* Not while a page is drawn to learn its layout only (ring-plot-body.c). */
  if (cr != NULL)
    plsetopt ("drvopt", _ring_plot_draws ()
                        ? "set_background=1,text_anti_aliasing=0,graphics_anti_aliasing=0"
                        : "set_background=0,text_anti_aliasing=0,graphics_anti_aliasing=0");
  plscmap0n (RING_PLOT_N_COLORS);
  set_palette (chart);
  chart->stream_open = TRUE;
  for (int slot = 0; slot < RING_PLOT_N_COLORS; slot++)
    _ring_plot_set_color (chart, slot, chart->palette[slot]);
  plinit ();
  if (cr != NULL)
    pl_cmd (PLESC_DEVINIT, cr);
  pladv (0);
  _ring_plot_text_begin (chart, cr);
}

void
_ring_plot_page_end (RingPlotChart *chart)
{
  _ring_plot_text_end ();
  plend1 ();
  plsstrm (chart->previous_stream);
  chart->stream_open = FALSE;
}

/* The page's window: world coordinates are page millimetres. */
void
_ring_plot_use_page (const RingPlotChart *chart)
{
  plsvpa (0, chart->width_mm, 0, chart->height_mm);
  plwind (0, chart->width_mm, 0, chart->height_mm);
}

/* @panel's viewport and window: world coordinates are its axes', clipped to it. FALSE,
 * and nothing set, for an empty or degenerate panel, which plwind() would exit on. */
gboolean
_ring_plot_use_panel (const RingPlotChart *chart,
                      const RingPlotPanel *panel)
{
  if (!(panel->xmax_mm > panel->xmin_mm && panel->ymax_mm > panel->ymin_mm
        && panel->x.max > panel->x.min && panel->y.max > panel->y.min
        && isfinite (panel->x.min) && isfinite (panel->x.max)
        && isfinite (panel->y.min) && isfinite (panel->y.max)))
    return FALSE;

  plsvpa (panel->xmin_mm, panel->xmax_mm, panel->ymin_mm, panel->ymax_mm);
  plwind (panel->x.min, panel->x.max, panel->y.min, panel->y.max);
  _ring_plot_key_string ("panel");
  _ring_plot_key_panel (panel);

  return TRUE;
}

/* Pens. */

/* A pen of @color, PLplot line style @line_style and @width_px pixels. */
void
_ring_plot_pen (int    color,
                int    line_style,
                double width_px)
{
  g_assert (color >= 0 && color < RING_PLOT_N_COLORS);

  plcol0 (color);
  pllsty (line_style);
  plwidth (width_px);
  _ring_plot_key_string ("pen");
  _ring_plot_key (&color, sizeof color);
  _ring_plot_key (&line_style, sizeof line_style);
  _ring_plot_key_double (width_px);
}

/* A polyline through @n points in page millimetres. */
void
_ring_plot_page_line (const RingPlotChart *chart,
                      const double        *xs_mm,
                      const double        *ys_mm,
                      guint                n,
                      int                  color,
                      int                  line_style,
                      double               width_px)
{
  if (n < 2)
    return;

  _ring_plot_use_page (chart);
  _ring_plot_pen (color, line_style, width_px);
  _ring_plot_key_string ("plline");
  _ring_plot_key (xs_mm, n * sizeof *xs_mm);
  _ring_plot_key (ys_mm, n * sizeof *ys_mm);
  if (_ring_plot_draws ())
    plline ((PLINT) n, xs_mm, ys_mm);
  pllsty (RING_PLOT_LINE_SOLID);
}

/* One straight line in page millimetres. */
void
_ring_plot_segment (const RingPlotChart *chart,
                    double               x1_mm,
                    double               y1_mm,
                    double               x2_mm,
                    double               y2_mm,
                    int                  color,
                    int                  line_style,
                    double               width_px)
{
  const double xs[] = { x1_mm, x2_mm };
  const double ys[] = { y1_mm, y2_mm };

  _ring_plot_page_line (chart, xs, ys, 2, color, line_style, width_px);
}

/* Fills. */

void
_ring_plot_fill_box (const RingPlotChart *chart,
                     double               left_mm,
                     double               bottom_mm,
                     double               right_mm,
                     double               top_mm,
                     int                  color,
                     double               edge_px)
{
  const double xs[] = { left_mm, right_mm, right_mm, left_mm };
  const double ys[] = { bottom_mm, bottom_mm, top_mm, top_mm };

  _ring_plot_fill_polygon (chart, xs, ys, G_N_ELEMENTS (xs), color, edge_px);
}

/* plfill() with the current pen and pattern, described in the body's key. */
void
_ring_plot_fill (const double *xs,
                 const double *ys,
                 guint         n)
{
  _ring_plot_key_string ("plfill");
  _ring_plot_key (xs, n * sizeof *xs);
  _ring_plot_key (ys, n * sizeof *ys);
  if (_ring_plot_draws ())
    plfill ((PLINT) n, xs, ys);
}

/* A polygon in page millimetres; PLplot's cairo driver strokes its edge at the pen's
 * width, @edge_px. */
void
_ring_plot_fill_polygon (const RingPlotChart *chart,
                         const double        *xs_mm,
                         const double        *ys_mm,
                         guint                n,
                         int                  color,
                         double               edge_px)
{
  _ring_plot_use_page (chart);
  _ring_plot_pen (color, RING_PLOT_LINE_SOLID, edge_px);
  plpsty (0);
  _ring_plot_fill (xs_mm, ys_mm, n);
}

/* Diagonals across the box, @spacing_px apart, in @color: PLplot's area pattern. */
void
_ring_plot_hatch_box (const RingPlotChart *chart,
                      double               left_mm,
                      double               bottom_mm,
                      double               right_mm,
                      double               top_mm,
                      int                  color,
                      double               spacing_px)
{
  const double xs[] = { left_mm, right_mm, right_mm, left_mm };
  const double ys[] = { bottom_mm, bottom_mm, top_mm, top_mm };
  /* Tenths of a degree, and micrometres between lines. */
  PLINT inclination = 450;
  PLINT spacing_um = (PLINT) lround (spacing_px / RING_PLOT_PX_PER_MM * 1000);

  if (fabs (right_mm - left_mm) * RING_PLOT_PX_PER_MM < 0.5
      || fabs (top_mm - bottom_mm) * RING_PLOT_PX_PER_MM < 0.5 || spacing_um < 100)
    return;

  _ring_plot_use_page (chart);
  _ring_plot_pen (color, RING_PLOT_LINE_SOLID, MAX (1.0, spacing_px * 0.3));
  plpat (1, &inclination, &spacing_um);
  _ring_plot_key_string ("plpat");
  _ring_plot_key (&spacing_um, sizeof spacing_um);
  _ring_plot_fill (xs, ys, G_N_ELEMENTS (xs));
  plpsty (0);
}

/* A filled circle in page millimetres (the page's window has the same scale on both
 * axes). */
void
_ring_plot_fill_dot (const RingPlotChart *chart,
                     double               x_mm,
                     double               y_mm,
                     double               radius_mm,
                     int                  color)
{
  _ring_plot_use_page (chart);
  _ring_plot_pen (color, RING_PLOT_LINE_SOLID, 0);
  _ring_plot_key_string ("plarc");
  _ring_plot_key_double (x_mm);
  _ring_plot_key_double (y_mm);
  _ring_plot_key_double (radius_mm);
  if (_ring_plot_draws ())
    plarc (x_mm, y_mm, radius_mm, radius_mm, 0, 360, 0, TRUE);
}
