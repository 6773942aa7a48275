/* ring-chart-draw-map.c: utilization over the number of GPUs and the bandwidth per GPU, as a
 * shaded map with contours and a colour bar.
 *
 * The shades and contours are drawn with cairo, as PLplot's plshades() and plcont() drew
 * them (linear along the grid's edges, its colour map's 8-bit colours), but each shade is
 * one path rather than a polygon per cell and level, filled and stroked: the map was a
 * thousand <path> elements in an SVG and most of the chart's drawing time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

/* The colours PLplot's plscmap1l() spreads over 256 slots from three control points, at
 * 8 bits a channel, and plcol1()'s choice of a slot for a position in [0, 1]. */
#define COLORMAP_SIZE 256

static void
colormap_init (RingColor       colormap[COLORMAP_SIZE],
               const RingColor control[3])
{
  for (guint i = 0; i < COLORMAP_SIZE; i++)
    {
      double position = i / (COLORMAP_SIZE - 1.0);
      guint n = position <= 0.5 ? 0 : 1;
      double delta = (position - 0.5 * n) / 0.5;
      const RingColor *from = &control[n], *to = &control[n + 1];
      double rgb[3] = {
        from->red + (to->red - from->red) * delta,
        from->green + (to->green - from->green) * delta,
        from->blue + (to->blue - from->blue) * delta,
      };

      for (guint c = 0; c < 3; c++)
        rgb[c] = CLAMP ((int) (COLORMAP_SIZE * rgb[c]), 0, COLORMAP_SIZE - 1) / 255.0;
      colormap[i] = (RingColor) { rgb[0], rgb[1], rgb[2], 1.0 };
    }
}

static const RingColor *
colormap_at (const RingColor colormap[COLORMAP_SIZE],
             double          position)
{
  return &colormap[CLAMP ((int) (position * COLORMAP_SIZE), 0, COLORMAP_SIZE - 1)];
}

/* The utilization grid on the page: column i at @xs[i], row j at @ys[j] (world units),
 * values @z[i][j], clamped to 0 … 100. */
typedef struct
{
  const RingPlotChart *chart;
  const RingPlotPanel *panel;
  const PLFLT         *xs;
  const PLFLT         *ys;
  PLFLT              **z;
  guint                nx;
  guint                ny;
} MapGrid;

/* The corners of cell (i, j), counter-clockwise from its lower left. */
static const guint corner_di[4] = { 0, 1, 1, 0 };
static const guint corner_dj[4] = { 0, 0, 1, 1 };

static double
grid_x_mm (const MapGrid *grid,
           double         i)
{
  guint below = MIN ((guint) i, grid->nx - 2);

  return _ring_plot_panel_x_mm (grid->panel, grid->xs[below]
                                + (i - below) * (grid->xs[below + 1] - grid->xs[below]));
}

static double
grid_y_mm (const MapGrid *grid,
           double         j)
{
  guint below = MIN ((guint) j, grid->ny - 2);

  return _ring_plot_panel_y_mm (grid->panel, grid->ys[below]
                                + (j - below) * (grid->ys[below + 1] - grid->ys[below]));
}

static gboolean
is_above (const MapGrid *grid,
          guint          i,
          guint          j,
          double         level)
{
  return grid->z[i][j] >= level;
}

/* Where @level crosses the edge from corner @a to corner @b of cell (@i, @j), linearly,
 * in grid units; interpolated from the edge's lower corner, so that both cells sharing
 * an edge find the same point. */
static void
edge_crossing (const MapGrid *grid,
               guint          i,
               guint          j,
               guint          a,
               guint          b,
               double         level,
               double        *gi,
               double        *gj)
{
  guint ai = i + corner_di[a], aj = j + corner_dj[a];
  guint bi = i + corner_di[b], bj = j + corner_dj[b];
  double t;

  if (bj < aj || bi < ai)
    {
      guint swap_i = ai, swap_j = aj;

      ai = bi;
      aj = bj;
      bi = swap_i;
      bj = swap_j;
    }
  t = (level - grid->z[ai][aj]) / (grid->z[bi][bj] - grid->z[ai][aj]);
  *gi = ai + t * ((double) bi - ai);
  *gj = aj + t * ((double) bj - aj);
}

static void
path_point (const MapGrid *grid,
            gboolean       first,
            double         gi,
            double         gj)
{
  if (first)
    _ring_plot_move_to (grid->chart, grid_x_mm (grid, gi), grid_y_mm (grid, gj));
  else
    _ring_plot_line_to (grid->chart, grid_x_mm (grid, gi), grid_y_mm (grid, gj));
}

/* Adds where the map is at or above @level to the path: runs of whole cells as
 * rectangles, and in a cell the contour crosses, the polygon of its corners above and the
 * crossings between them. All counter-clockwise, so the union fills without seams. */
static void
add_region_above (const MapGrid *grid,
                  double         level)
{
  for (guint j = 0; j + 1 < grid->ny; j++)
    {
      guint i = 0;

      while (i + 1 < grid->nx)
        {
          guint n_above = 0;

          for (guint c = 0; c < 4; c++)
            n_above += is_above (grid, i + corner_di[c], j + corner_dj[c], level);

          if (n_above == 4)
            {
              guint end = i + 1;

              while (end + 1 < grid->nx && is_above (grid, end + 1, j, level)
                     && is_above (grid, end + 1, j + 1, level))
                end++;
              path_point (grid, TRUE, i, j);
              path_point (grid, FALSE, end, j);
              path_point (grid, FALSE, end, j + 1);
              path_point (grid, FALSE, i, j + 1);
              cairo_close_path (grid->chart->cr);
              i = end;
              continue;
            }

          if (n_above > 0)
            {
              gboolean first = TRUE;

              for (guint c = 0; c < 4; c++)
                {
                  guint next = (c + 1) % 4;
                  gboolean here = is_above (grid, i + corner_di[c], j + corner_dj[c], level);
                  gboolean there = is_above (grid, i + corner_di[next], j + corner_dj[next],
                                             level);
                  double gi, gj;

                  if (here)
                    {
                      path_point (grid, first, i + corner_di[c], j + corner_dj[c]);
                      first = FALSE;
                    }
                  if (here != there)
                    {
                      edge_crossing (grid, i, j, c, next, level, &gi, &gj);
                      path_point (grid, first, gi, gj);
                      first = FALSE;
                    }
                }
              cairo_close_path (grid->chart->cr);
            }
          i++;
        }
    }
}

/* Adds @level's contour to the path: in each cell it crosses, a segment between the
 * crossings on its edges (two pairs in a saddle cell). */
static void
add_contour (const MapGrid *grid,
             double         level)
{
  for (guint j = 0; j + 1 < grid->ny; j++)
    for (guint i = 0; i + 1 < grid->nx; i++)
      {
        double gi[4], gj[4];
        guint n = 0;

        for (guint c = 0; c < 4; c++)
          {
            guint next = (c + 1) % 4;

            if (is_above (grid, i + corner_di[c], j + corner_dj[c], level)
                != is_above (grid, i + corner_di[next], j + corner_dj[next], level))
              {
                edge_crossing (grid, i, j, c, next, level, &gi[n], &gj[n]);
                n++;
              }
          }
        for (guint k = 0; k + 1 < n; k += 2)
          {
            path_point (grid, TRUE, gi[k], gj[k]);
            path_point (grid, FALSE, gi[k + 1], gj[k + 1]);
          }
      }
}

/* Where the map's contour at @level crosses the first column at or right of
 * @column_fraction of the axis, or the next one that it crosses, for the contour's label;
 * FALSE if it crosses none. @grid_x is a column, @grid_y a fractional row. */
static gboolean
find_contour_label (RingChartData *data,
                    const PLFLT   *grid_xs,
                    double         level,
                    double         column_fraction,
                    guint         *grid_x,
                    double        *grid_y)
{
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  guint first_column = 0;

  while (first_column + 1 < data->grid_x
         && grid_xs[first_column] < column_fraction * grid_xs[data->grid_x - 1])
    first_column++;

  for (guint attempt = 0; attempt < data->grid_x; attempt++)
    {
      guint i = (first_column + attempt) % data->grid_x;

      for (guint j = 1; j < data->grid_y; j++)
        {
          double above = utilization[j * data->grid_x + i];
          double below = utilization[(j - 1) * data->grid_x + i];

          if ((below - level) * (above - level) <= 0 && below != above)
            {
              *grid_x = i;
              *grid_y = j - 1 + (level - below) / (above - below);
              return TRUE;
            }
        }
    }

  return FALSE;
}

void
_ring_plot_draw_map (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  const double *bandwidth = _ring_chart_data_column (data, 1)->values;
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  static const double contours[] = { 50, 80, 90 };
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree PLFLT **grid = NULL;
  g_autofree PLFLT *cells = NULL;
  g_autofree PLFLT *grid_xs = NULL;
  g_autofree PLFLT *grid_ys = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  RingColor colormap[COLORMAP_SIZE];
  RingColor control[3];
  PLFLT levels[11];
  MapGrid map;
  RingPlotPanel panel = { 0 };
  double bar_mm, bar_gap_mm, x_max_world;
  guint nx = data->grid_x, ny = data->grid_y;

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_FOREGROUND,
                         RING_PLOT_LINE_SOLID, 1.6, _("Utilization contours: 50 %, 80 %, 90 %"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&panel.y, RING_PLOT_AXIS_LOG10, RING_PLOT_FORMAT_GBPS,
                       log10 (bandwidth[0]), log10 (bandwidth[data->n_rows - 1]), 8);
  bar_gap_mm = chart->text_mm * 1.6;
  bar_mm = chart->text_mm * 1.6 + _ring_plot_text_width_mm ("100") + chart->text_mm * 3.2;
  _ring_plot_set_text_size (chart, 1.0);

  x_max_world = log2 (data->x_last);
  if (!_ring_plot_draw_gpu_frame (chart, legend, bar_gap_mm + bar_mm, &panel)
      || x_max_world <= 0)
    return;
  /* The grid spans exactly the axes. */
  panel.x.min = 0;
  panel.x.max = x_max_world;
  panel.y.min = log10 (bandwidth[0]);
  panel.y.max = log10 (bandwidth[data->n_rows - 1]);
  if (!_ring_plot_panel_is_valid (&panel))
    return;

  /* A diverging map centred on 50 %, where communication starts to dominate. */
  control[0] = chart->style->communication;
  control[1] = _ring_plot_mix (chart->style->dim, chart->style->background, 0.25);
  control[2] = chart->style->compute;
  colormap_init (colormap, control);

  cells = g_new (PLFLT, nx * ny);
  grid = g_new (PLFLT *, nx);
  grid_xs = g_new (PLFLT, nx);
  grid_ys = g_new (PLFLT, ny);
  for (guint i = 0; i < nx; i++)
    {
      grid[i] = cells + i * ny;
      grid_xs[i] = log2 (gpus[i]);
      for (guint j = 0; j < ny; j++)
        grid[i][j] = CLAMP (utilization[j * nx + i], 0, 100);
    }
  for (guint j = 0; j < ny; j++)
    grid_ys[j] = log10 (bandwidth[j * nx]);
  for (guint k = 0; k < G_N_ELEMENTS (levels); k++)
    levels[k] = 10.0 * k;

  /* Whole GPU counts are not evenly spaced in log₂ N: column i sits at its real count. */
  map = (MapGrid) { chart, &panel, grid_xs, grid_ys, grid, nx, ny };

  /* Shade k covers levels k to k + 1, coloured as plshades() colours it. Each is painted
   * over the last as everything at or above its lower level, so neighbouring shades meet
   * on one antialiased edge, not two that let the background through. */
  _ring_plot_fill_box_color (chart, panel.xmin_mm, panel.ymin_mm, panel.xmax_mm, panel.ymax_mm,
                             colormap_at (colormap, 0), 0);
  for (guint k = 1; k + 1 < G_N_ELEMENTS (levels); k++)
    {
      const RingColor *color = colormap_at (colormap, k / (G_N_ELEMENTS (levels) - 2.0));

      cairo_new_path (chart->cr);
      add_region_above (&map, levels[k]);
      cairo_set_source_rgba (chart->cr, color->red, color->green, color->blue, color->alpha);
      cairo_fill (chart->cr);
    }

  _ring_plot_stroke_begin (chart, RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6, FALSE);
  for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
    add_contour (&map, contours[k]);
  _ring_plot_stroke_end (chart);

  /* Each contour labelled where it crosses the upper part of the map. */
  _ring_plot_set_text_size (chart, 0.85);
  _ring_plot_set_bold (TRUE);
  for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
    {
      guint gx;
      double gy;
      g_autofree char *text = NULL;

      if (!find_contour_label (data, grid_xs, contours[k], 0.42 + 0.14 * k, &gx, &gy))
        continue;
      text = g_strdup_printf ("%.0f %%", contours[k]);
      _ring_plot_use_page (chart);
      {
        double x_mm = _ring_plot_panel_x_mm (&panel, grid_xs[gx]);
        double y_mm = _ring_plot_panel_y_mm (&panel,
                                             grid_ys[0] + (grid_ys[ny - 1] - grid_ys[0])
                                                          * gy / (ny - 1));
        double half_w = _ring_plot_text_width_mm (text) / 2 + chart->text_mm * 0.3;
        double half_h = chart->text_mm * 0.6;

        _ring_plot_fill_box (chart, x_mm - half_w, y_mm - half_h, x_mm + half_w, y_mm + half_h,
                             RING_PLOT_COLOR_BACKGROUND, 1.0);
        plcol0 (RING_PLOT_COLOR_FOREGROUND);
        _ring_plot_page_text (x_mm, y_mm, 0.5, text);
      }
    }
  _ring_plot_set_bold (FALSE);
  _ring_plot_set_text_size (chart, 1.0);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                               _("Bandwidth per GPU (log scale)"));

  /* The colour bar, drawn as a panel of its own so its labels match the axes. */
  {
    RingPlotPanel bar = { 0 };

    bar.xmin_mm = panel.xmax_mm + bar_gap_mm;
    bar.xmax_mm = bar.xmin_mm + chart->text_mm * 1.6;
    bar.ymin_mm = panel.ymin_mm;
    bar.ymax_mm = panel.ymax_mm;
    _ring_plot_axis_linear (&bar.x, 0, 1, 1);
    _ring_plot_axis_linear (&bar.y, 0, 100, 5);
    for (guint k = 0; k + 1 < G_N_ELEMENTS (levels); k++)
      _ring_plot_fill_box_color (chart, bar.xmin_mm, _ring_plot_panel_y_mm (&bar, levels[k]),
                                 bar.xmax_mm, _ring_plot_panel_y_mm (&bar, levels[k + 1]),
                                 colormap_at (colormap, (levels[k] + 5.0) / 100.0), 1.0);
    _ring_plot_stroke_begin (chart, RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6, FALSE);
    for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
      _ring_plot_segment (chart, bar.xmin_mm, _ring_plot_panel_y_mm (&bar, contours[k]),
                          bar.xmax_mm, _ring_plot_panel_y_mm (&bar, contours[k]));
    _ring_plot_stroke_end (chart);
    _ring_plot_draw_right_axis (chart, &bar, "bc", "bcmtvo", 1, RING_PLOT_COLOR_FOREGROUND,
                                _("GPU utilization (%)"));
  }

  gpus_text = _ring_plot_format_gpus (p->gpus);
  marker = g_strdup_printf (_("%s, %g GB/s: %.1f %%"), gpus_text, p->bandwidth_gbps,
                            100 * data->result.utilization);
  panel.x.min = 0;
  _ring_plot_draw_marker (chart, &panel, p->gpus, p->bandwidth_gbps, marker, FALSE);
}
