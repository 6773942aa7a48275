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
#include <string.h>

#include "ring-chart-draw-private.h"
#include "ring-units.h"

static gboolean
is_vector_target (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    case CAIRO_SURFACE_TYPE_IMAGE:
    case CAIRO_SURFACE_TYPE_XLIB:
    case CAIRO_SURFACE_TYPE_XCB:
    case CAIRO_SURFACE_TYPE_GLITZ:
    case CAIRO_SURFACE_TYPE_QUARTZ:
    case CAIRO_SURFACE_TYPE_WIN32:
    case CAIRO_SURFACE_TYPE_BEOS:
    case CAIRO_SURFACE_TYPE_DIRECTFB:
    case CAIRO_SURFACE_TYPE_OS2:
    case CAIRO_SURFACE_TYPE_WIN32_PRINTING:
    case CAIRO_SURFACE_TYPE_QUARTZ_IMAGE:
    case CAIRO_SURFACE_TYPE_QT:
    case CAIRO_SURFACE_TYPE_RECORDING:
    case CAIRO_SURFACE_TYPE_VG:
    case CAIRO_SURFACE_TYPE_GL:
    case CAIRO_SURFACE_TYPE_DRM:
    case CAIRO_SURFACE_TYPE_TEE:
    case CAIRO_SURFACE_TYPE_XML:
    case CAIRO_SURFACE_TYPE_SKIA:
    case CAIRO_SURFACE_TYPE_SUBSURFACE:
    case CAIRO_SURFACE_TYPE_COGL:
    default:
      return FALSE;
    }
}

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

/* The utilization grid on the page: column i at @x_mm[i], row j at @y_mm[j], values
 * @z[i][j] clamped to 0 … 100.
 *
 * The outline of where the map is at or above a level is traced through the grid's
 * vertices: its corners, and the points where the level crosses its edges, linearly as
 * plcont() and plshades() find them. Vertex v of corner (i, j) is 3 (j · nx + i); the
 * crossing on the edge from that corner to the right is v + 1, upwards v + 2.
 * @above[j · nx + i] says whether corner (i, j) is at or above the level being traced,
 * @next[v] is the vertex after v on its outline, or −1, @incoming[v] whether one comes
 * before it, and @linked lists the vertices with a next one. */
typedef struct
{
  cairo_t  *cr;
  double   *x_mm;
  double   *y_mm;
  double  **z;
  guint     nx;
  guint     ny;
  guint8   *above;
  int      *next;
  guint8   *incoming;
  GArray   *linked;
} MapGrid;

/* The corners of cell (i, j), counter-clockwise from its lower left. */
static const guint corner_di[4] = { 0, 1, 1, 0 };
static const guint corner_dj[4] = { 0, 0, 1, 1 };

static gboolean
is_above (const MapGrid *grid,
          guint          i,
          guint          j)
{
  return grid->above[j * grid->nx + i];
}

static int
corner_vertex (const MapGrid *grid,
               guint          i,
               guint          j)
{
  return 3 * (j * grid->nx + i);
}

/* The crossing on the grid edge between corners (@ai, @aj) and (@bi, @bj). */
static int
crossing_vertex (const MapGrid *grid,
                 guint          ai,
                 guint          aj,
                 guint          bi,
                 guint          bj)
{
  return corner_vertex (grid, MIN (ai, bi), MIN (aj, bj)) + (aj == bj ? 1 : 2);
}

static void
vertex_mm (const MapGrid *grid,
           int            vertex,
           double         level,
           double        *x_mm,
           double        *y_mm)
{
  guint corner = vertex / 3;
  guint i = corner % grid->nx, j = corner / grid->nx;
  guint bi = i + (vertex % 3 == 1), bj = j + (vertex % 3 == 2);
  double t = 0;

  /* Interpolated from the edge's lower corner, whichever cell asks. */
  if (vertex % 3 != 0)
    t = (level - grid->z[i][j]) / (grid->z[bi][bj] - grid->z[i][j]);
  *x_mm = grid->x_mm[i] + t * (grid->x_mm[bi] - grid->x_mm[i]);
  *y_mm = grid->y_mm[j] + t * (grid->y_mm[bj] - grid->y_mm[j]);
}

static void
link_vertices (MapGrid *grid,
               int      from,
               int      to)
{
  grid->next[from] = to;
  grid->incoming[to] = TRUE;
  g_array_append_val (grid->linked, from);
}

/* Links each stretch of the contour at the level through a cell, leaving the region on
 * its left: walking the cell counter-clockwise, from where the walk leaves the region to
 * where it next comes back in (two stretches in a saddle cell). */
static void
link_contour (MapGrid *grid)
{
  guint nx = grid->nx;

  for (guint j = 0; j + 1 < grid->ny; j++)
    {
      const guint8 *row = grid->above + j * nx, *row_above = row + nx;

      for (guint i = 0; i + 1 < nx; i++)
        {
          /* The corners counter-clockwise from the lower left, as bits 0 to 3. */
          guint corners = row[i] | row[i + 1] << 1 | row_above[i + 1] << 2 | row_above[i] << 3;
          int crossings[4];
          gboolean leaves[4];
          guint n = 0;

          /* Most cells are wholly on one side. */
          if (corners == 0 || corners == 0xf)
            continue;

          for (guint c = 0; c < 4; c++)
            {
              guint next = (c + 1) % 4;
              gboolean here = (corners >> c) & 1;

              if (here == ((corners >> next) & 1))
                continue;
              crossings[n] = crossing_vertex (grid, i + corner_di[c], j + corner_dj[c],
                                              i + corner_di[next], j + corner_dj[next]);
              leaves[n] = here;
              n++;
            }
          for (guint k = 0; k < n; k++)
            if (leaves[k])
              link_vertices (grid, crossings[k], crossings[(k + 1) % n]);
        }
    }
}

/* Links the parts of the grid's border at or above the level, counter-clockwise. */
static void
link_border (MapGrid *grid)
{
  guint n_border = 2 * (grid->nx - 1) + 2 * (grid->ny - 1);
  guint previous_i = 0, previous_j = 0;

  for (guint k = 1; k <= n_border; k++)
    {
      guint along = k % n_border;
      guint i, j;
      int from, to;

      /* Along the bottom, up the right side, back along the top, down the left side. */
      if (along < grid->nx - 1)
        i = along, j = 0;
      else if ((along -= grid->nx - 1) < grid->ny - 1)
        i = grid->nx - 1, j = along;
      else if ((along -= grid->ny - 1) < grid->nx - 1)
        i = grid->nx - 1 - along, j = grid->ny - 1;
      else
        i = 0, j = grid->ny - 1 - (along - (grid->nx - 1));

      from = corner_vertex (grid, previous_i, previous_j);
      to = corner_vertex (grid, i, j);
      if (is_above (grid, previous_i, previous_j) != is_above (grid, i, j))
        {
          int crossing = crossing_vertex (grid, previous_i, previous_j, i, j);

          if (is_above (grid, previous_i, previous_j))
            link_vertices (grid, from, crossing);
          else
            link_vertices (grid, crossing, to);
        }
      else if (is_above (grid, i, j))
        {
          link_vertices (grid, from, to);
        }
      previous_i = i;
      previous_j = j;
    }
}

static void
path_vertex (const MapGrid *grid,
             int            vertex,
             double         level,
             gboolean       first)
{
  double x_mm, y_mm;

  vertex_mm (grid, vertex, level, &x_mm, &y_mm);
  if (first)
    cairo_move_to (grid->cr, x_mm * RING_PLOT_PX_PER_MM, y_mm * RING_PLOT_PX_PER_MM);
  else
    cairo_line_to (grid->cr, x_mm * RING_PLOT_PX_PER_MM, y_mm * RING_PLOT_PX_PER_MM);
}

/* Adds the chain of linked vertices from @start to the path, unlinking it: afterwards
 * @next and @incoming are as they were before it was linked. */
static void
add_chain (MapGrid *grid,
           int      start,
           double   level)
{
  int vertex = start;

  path_vertex (grid, vertex, level, TRUE);
  grid->incoming[vertex] = FALSE;
  while (grid->next[vertex] >= 0)
    {
      int next = grid->next[vertex];

      grid->next[vertex] = -1;
      vertex = next;
      grid->incoming[vertex] = FALSE;
      if (vertex == start)
        {
          cairo_close_path (grid->cr);
          return;
        }
      path_vertex (grid, vertex, level, FALSE);
    }
}

/* Adds the outline of where the map is at or above @level to the path, or only the
 * contour at @level when @contour_only: open lines from border to border first, then
 * closed loops. */
static void
add_outline (MapGrid  *grid,
             double    level,
             gboolean  contour_only)
{
  for (guint i = 0; i < grid->nx; i++)
    {
      const double *column = grid->z[i];

      for (guint j = 0; j < grid->ny; j++)
        grid->above[j * grid->nx + i] = column[j] >= level;
    }
  g_array_set_size (grid->linked, 0);
  link_contour (grid);
  if (!contour_only)
    link_border (grid);

  for (guint k = 0; k < grid->linked->len; k++)
    {
      int v = g_array_index (grid->linked, int, k);

      if (grid->next[v] >= 0 && !grid->incoming[v])
        add_chain (grid, v, level);
    }
  for (guint k = 0; k < grid->linked->len; k++)
    {
      int v = g_array_index (grid->linked, int, k);

      if (grid->next[v] >= 0)
        add_chain (grid, v, level);
    }
}

/* Where the map's contour at @level crosses the first column at or right of
 * @column_fraction of the axis, or the next one that it crosses, for the contour's label;
 * FALSE if it crosses none. @grid_x is a column, @grid_y a fractional row. */
static gboolean
find_contour_label (RingChartData *data,
                    const double   *grid_xs,
                    double         level,
                    double         column_fraction,
                    double         min_x,
                    double         max_x,
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

      /* The label must fit inside the map. */
      if (grid_xs[i] < min_x || grid_xs[i] > max_x)
        continue;
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
  g_autofree double **grid = NULL;
  g_autofree double *cells = NULL;
  g_autofree double *grid_xs = NULL;
  g_autofree double *grid_ys = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  RingColor colormap[COLORMAP_SIZE];
  RingColor control[3];
  double levels[11];
  g_autofree double *column_mm = NULL;
  g_autofree double *row_mm = NULL;
  g_autofree guint8 *above = NULL;
  g_autofree int *next = NULL;
  g_autofree guint8 *incoming = NULL;
  g_autoptr(GArray) linked = NULL;
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
      || x_max_world <= log2 (data->x_first))
    return;
  /* The grid spans exactly the axes: from 2 GPUs, since one has nothing to all-reduce. */
  panel.x.min = log2 (data->x_first);
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

  cells = g_new (double, nx * ny);
  grid = g_new (double *, nx);
  grid_xs = g_new (double, nx);
  grid_ys = g_new (double, ny);
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
  column_mm = g_new (double, nx);
  row_mm = g_new (double, ny);
  above = g_new (guint8, nx * ny);
  next = g_new (int, 3 * nx * ny);
  memset (next, 0xff, 3 * nx * ny * sizeof *next);
  incoming = g_new0 (guint8, 3 * nx * ny);
  linked = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < nx; i++)
    column_mm[i] = _ring_plot_panel_x_mm (&panel, grid_xs[i]);
  for (guint j = 0; j < ny; j++)
    row_mm[j] = _ring_plot_panel_y_mm (&panel, grid_ys[j]);
  map = (MapGrid) { chart->cr, column_mm, row_mm, grid, nx, ny, above, next, incoming, linked };

  /* Shade k covers levels k to k + 1, coloured as plshades() colours it. Painted in
   * order, each shade is filled up to level k + 2, under the next one: neighbouring shades
   * meet on that one's antialiased edge, not on two edges that let the background
   * through, and no pixel is painted more than twice. The outline above level k + 2 cuts
   * its hole in the outline above level k. */
  cairo_save (chart->cr);
  cairo_set_fill_rule (chart->cr, CAIRO_FILL_RULE_EVEN_ODD);
  /* Antialiasing the shades' edges costs more than the rest of the chart; on a raster
   * target the map has always been drawn without. */
  if (!is_vector_target (chart->cr))
    cairo_set_antialias (chart->cr, CAIRO_ANTIALIAS_NONE);
  for (guint k = 0; k + 1 < G_N_ELEMENTS (levels); k++)
    {
      const RingColor *color = colormap_at (colormap, k / (G_N_ELEMENTS (levels) - 2.0));

      cairo_new_path (chart->cr);
      add_outline (&map, levels[k], FALSE);
      if (k + 2 < G_N_ELEMENTS (levels) - 1)
        add_outline (&map, levels[k + 2], FALSE);
      ring_cairo_set_color (chart->cr, color, 1.0);
      cairo_fill (chart->cr);
    }
  cairo_restore (chart->cr);

  _ring_plot_stroke_begin (chart, RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6,
                           RING_PLOT_PEN_SEGMENTS);
  for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
    add_outline (&map, contours[k], TRUE);
  _ring_plot_stroke_end (chart);

  /* Each contour labelled where it crosses the upper part of the map. */
  _ring_plot_set_text_size (chart, 0.85);
  _ring_plot_set_bold (TRUE);
  for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
    {
      guint gx;
      double gy;
      g_autofree char *text = g_strdup_printf ("%.0f %%", contours[k]);
      double margin_world = (_ring_plot_text_width_mm (text) / 2 + chart->text_mm * 0.4)
                            / (panel.xmax_mm - panel.xmin_mm) * (panel.x.max - panel.x.min);

      if (!find_contour_label (data, grid_xs, contours[k], 0.42 + 0.14 * k,
                               panel.x.min + margin_world, panel.x.max - margin_world,
                               &gx, &gy))
        continue;
      {
        double x_mm = _ring_plot_panel_x_mm (&panel, grid_xs[gx]);
        double y_mm = _ring_plot_panel_y_mm (&panel,
                                             grid_ys[0] + (grid_ys[ny - 1] - grid_ys[0])
                                                          * gy / (ny - 1));
        double half_w = _ring_plot_text_width_mm (text) / 2 + chart->text_mm * 0.3;
        double half_h = chart->text_mm * 0.6;

        _ring_plot_fill_box (chart, x_mm - half_w, y_mm - half_h, x_mm + half_w, y_mm + half_h,
                             RING_PLOT_COLOR_BACKGROUND, 1.0);
        _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
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
    _ring_plot_stroke_begin (chart, RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6,
                             RING_PLOT_PEN_RULES);
    for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
      _ring_plot_segment (chart, bar.xmin_mm, _ring_plot_panel_y_mm (&bar, contours[k]),
                          bar.xmax_mm, _ring_plot_panel_y_mm (&bar, contours[k]));
    _ring_plot_stroke_end (chart);
    _ring_plot_draw_right_axis (chart, &bar, "bc", "bcmtvo", 1, RING_PLOT_COLOR_FOREGROUND,
                                _("GPU utilization (%)"));
  }

  gpus_text = _ring_plot_format_gpus (p->gpus);
  marker = g_strdup_printf (_("%s, %g GB/s: %.1f %%"), gpus_text,
                            ring_round_figures (p->bandwidth_gbps, 4),
                            100 * data->result.utilization);
  _ring_plot_draw_marker (chart, &panel, p->gpus, p->bandwidth_gbps, marker, FALSE);
}
