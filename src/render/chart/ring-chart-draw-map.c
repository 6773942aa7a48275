/* ring-chart-draw-map.c: utilization over the number of GPUs and the bandwidth per GPU, as a
 * shaded map with contours and a colour bar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

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
  PLFLT levels[11];
  PLFLT positions[3] = { 0, 0.5, 1 };
  PLFLT reds[3], greens[3], blues[3];
  RingColor low, middle, high;
  PLcGrid cgrid;
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
  low = chart->style->communication;
  middle = _ring_plot_mix (chart->style->dim, chart->style->background, 0.25);
  high = chart->style->compute;
  reds[0] = low.red; greens[0] = low.green; blues[0] = low.blue;
  reds[1] = middle.red; greens[1] = middle.green; blues[1] = middle.blue;
  reds[2] = high.red; greens[2] = high.green; blues[2] = high.blue;
  plscmap1n (256);
  plscmap1l (TRUE, 3, positions, reds, greens, blues, NULL);

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

  /* Whole GPU counts are not evenly spaced in log₂ N: both the shades and the contours
   * place grid column i at its real count through pltr1. */
  cgrid.xg = grid_xs;
  cgrid.yg = grid_ys;
  cgrid.zg = NULL;
  cgrid.nx = nx;
  cgrid.ny = ny;

  _ring_plot_use_panel (&panel);
  plwidth (1.0);
  /* PLplot's cairo driver strokes the edge of every shade polygon to hide antialiasing
   * seams, which costs most of the chart's time. A raster target without antialiasing
   * tiles the polygons exactly, so only vector files need the strokes. */
  if (!is_vector_target (chart->cr))
    cairo_set_antialias (chart->cr, CAIRO_ANTIALIAS_NONE);
  plshades ((PLFLT_MATRIX) grid, nx, ny, NULL, panel.x.min, panel.x.max,
            panel.y.min, panel.y.max, levels, G_N_ELEMENTS (levels), 1.0, 0, 0,
            plfill, TRUE, pltr1, &cgrid);
  cairo_set_antialias (chart->cr, CAIRO_ANTIALIAS_DEFAULT);

  plcol0 (RING_PLOT_COLOR_FOREGROUND);
  plwidth (1.6);
  pl_setcontlabelparam (0.006, 0.3, 0.1, 0);
  plcont ((PLFLT_MATRIX) grid, nx, ny, 1, nx, 1, ny, contours, G_N_ELEMENTS (contours),
          pltr1, &cgrid);
  plwidth (1.0);

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
    PLFLT bar_x[4], bar_y[4];

    bar.xmin_mm = panel.xmax_mm + bar_gap_mm;
    bar.xmax_mm = bar.xmin_mm + chart->text_mm * 1.6;
    bar.ymin_mm = panel.ymin_mm;
    bar.ymax_mm = panel.ymax_mm;
    _ring_plot_axis_linear (&bar.x, 0, 1, 1);
    _ring_plot_axis_linear (&bar.y, 0, 100, 5);
    _ring_plot_use_panel (&bar);
    for (guint k = 0; k + 1 < G_N_ELEMENTS (levels); k++)
      {
        bar_x[0] = bar_x[3] = 0;
        bar_x[1] = bar_x[2] = 1;
        bar_y[0] = bar_y[1] = levels[k];
        bar_y[2] = bar_y[3] = levels[k + 1];
        plcol1 ((levels[k] + 5.0) / 100.0);
        plfill (4, bar_x, bar_y);
      }
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
