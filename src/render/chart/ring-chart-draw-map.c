/* ring-chart-draw-map.c: utilization over the number of GPUs and the bandwidth per GPU, as a
 * map shaded by plshades() with labelled plcont() contours, and a colour bar.
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

/* Shades every 10 %, contours at the levels that matter. */
#define N_LEVELS 11
static const double contours[] = { 50, 80, 90 };

/* Colour map 1 from three control points: a diverging map centred on 50 %, where
 * communication starts to dominate. */
static void
set_colormap (const RingPlotChart *chart)
{
  const RingStyle *style = chart->style;
  RingColor control[3] = {
    style->communication,
    _ring_plot_mix (style->dim, style->background, 0.25),
    style->compute,
  };
  PLFLT position[3] = { 0, 0.5, 1 }, red[3], green[3], blue[3];

  for (guint i = 0; i < 3; i++)
    {
      red[i] = control[i].red;
      green[i] = control[i].green;
      blue[i] = control[i].blue;
    }
  plscmap1n (256);
  plscmap1l (TRUE, 3, position, red, green, blue, NULL);
  _ring_plot_key_string ("plscmap1l");
  _ring_plot_key (red, sizeof red);
  _ring_plot_key (green, sizeof green);
  _ring_plot_key (blue, sizeof blue);
}

void
_ring_plot_draw_map (RingPlotChart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  /* B in GB/s, or each NIC's speed in Gb/s where the NICs bind. */
  const double *bandwidth = _ring_chart_data_column (data, 1)->values;
  gboolean nics = data->map_link == RING_SIZING_LINK_NICS;
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  g_autoptr(GArray) legend = _ring_plot_legend_new ();
  g_autofree double **grid = NULL;
  g_autofree double *cells = NULL;
  g_autofree double *grid_xs = NULL;
  g_autofree double *grid_ys = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  double levels[N_LEVELS];
  PLcGrid coordinates;
  RingPlotPanel panel = { 0 };
  double bar_mm, bar_gap_mm, x_max_world;
  guint nx = data->grid_x, ny = data->grid_y;

  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_FOREGROUND,
                         RING_PLOT_LINE_SOLID, 1.6, _("Utilization contours: 50 %, 80 %, 90 %"));
  _ring_plot_legend_add (legend, RING_PLOT_LEGEND_MARKER, RING_PLOT_COLOR_ACCENT,
                         RING_PLOT_LINE_SOLID, 1, _("Current configuration"));

  _ring_plot_set_text_size (chart, 0.9);
  _ring_plot_axis_log (&panel.y, RING_PLOT_AXIS_LOG10,
                       nics ? RING_PLOT_FORMAT_GBITPS : RING_PLOT_FORMAT_GBPS,
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

  set_colormap (chart);
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
  for (guint k = 0; k < N_LEVELS; k++)
    levels[k] = 10.0 * k;

  /* Whole GPU counts are not evenly spaced in log₂ N: column i sits at its real count,
   * through pltr1()'s rectilinear grid. */
  coordinates.xg = grid_xs;
  coordinates.yg = grid_ys;
  coordinates.nx = (PLINT) nx;
  coordinates.ny = (PLINT) ny;
  if (!_ring_plot_use_panel (chart, &panel))
    return;
  plpsty (0);
  _ring_plot_key_string ("plshades");
  _ring_plot_key (cells, nx * ny * sizeof *cells);
  _ring_plot_key (grid_xs, nx * sizeof *grid_xs);
  _ring_plot_key (grid_ys, ny * sizeof *grid_ys);
  if (_ring_plot_draws ())
    plshades ((PLFLT_MATRIX) grid, (PLINT) nx, (PLINT) ny, NULL, panel.x.min, panel.x.max,
              panel.y.min, panel.y.max, levels, N_LEVELS, 1, 0, 0, plfill, TRUE, pltr1,
              &coordinates);

  /* The contours, labelled in bold where they cross the map. */
  _ring_plot_set_text_size (chart, 0.85);
  _ring_plot_set_bold (TRUE);
  _ring_plot_pen (RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6);
  pl_setcontlabelformat (3, 2);
  pl_setcontlabelparam (0.006, 0.85, 0.3, 1);
  _ring_plot_key_text_state ();
  _ring_plot_key_string ("plcont");
  if (_ring_plot_draws ())
    plcont ((PLFLT_MATRIX) grid, (PLINT) nx, (PLINT) ny, 1, (PLINT) nx, 1, (PLINT) ny,
            contours, G_N_ELEMENTS (contours), pltr1, &coordinates);
  pl_setcontlabelparam (0.006, 0.3, 0.1, 0);
  _ring_plot_set_bold (FALSE);
  _ring_plot_set_text_size (chart, 1.0);

  _ring_plot_draw_axes (chart, &panel, TRUE, TRUE);
  _ring_plot_draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                               nics ? _("Speed of each NIC (log scale)")
                                    : _("Bandwidth per GPU (log scale)"));

  /* The colour bar, drawn as a panel of its own so its labels match the axes. */
  {
    RingPlotPanel bar = { 0 };

    bar.xmin_mm = panel.xmax_mm + bar_gap_mm;
    bar.xmax_mm = bar.xmin_mm + chart->text_mm * 1.6;
    bar.ymin_mm = panel.ymin_mm;
    bar.ymax_mm = panel.ymax_mm;
    _ring_plot_axis_linear (&bar.x, 0, 1, 1);
    _ring_plot_axis_linear (&bar.y, 0, 100, 5);
    for (guint k = 0; k + 1 < N_LEVELS; k++)
      {
        const double xs[] = { bar.xmin_mm, bar.xmax_mm, bar.xmax_mm, bar.xmin_mm };
        const double ys[] = {
          _ring_plot_panel_y_mm (&bar, levels[k]), _ring_plot_panel_y_mm (&bar, levels[k]),
          _ring_plot_panel_y_mm (&bar, levels[k + 1]), _ring_plot_panel_y_mm (&bar, levels[k + 1]),
        };

        /* The colour plshades() gave shade k. */
        _ring_plot_use_page (chart);
        plcol1 (k / (N_LEVELS - 2.0));
        _ring_plot_key_string ("plcol1");
        _ring_plot_key (&k, sizeof k);
        _ring_plot_fill (xs, ys, G_N_ELEMENTS (xs));
      }
    for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
      _ring_plot_segment (chart, bar.xmin_mm, _ring_plot_panel_y_mm (&bar, contours[k]),
                          bar.xmax_mm, _ring_plot_panel_y_mm (&bar, contours[k]),
                          RING_PLOT_COLOR_FOREGROUND, RING_PLOT_LINE_SOLID, 1.6);
    _ring_plot_draw_right_axis (chart, &bar, "bc", "bcmtvo", 1, RING_PLOT_COLOR_FOREGROUND,
                                _("GPU utilization (%)"));
  }

  gpus_text = _ring_plot_format_gpus (p->gpus);
  if (nics)
    /* TRANSLATORS: the map's current point: "64 GPUs, 400 Gb/s NICs: 93.1 %". */
    marker = g_strdup_printf (_("%s, %g Gb/s NICs: %.1f %%"), gpus_text,
                              ring_round_figures (p->nic_speed_gbit, 4),
                              100 * data->result.utilization);
  else
    marker = g_strdup_printf (_("%s, %g GB/s: %.1f %%"), gpus_text,
                              ring_round_figures (p->bandwidth_gbps, 4),
                              100 * data->result.utilization);
  _ring_plot_draw_marker (chart, &panel, p->gpus, nics ? p->nic_speed_gbit : p->bandwidth_gbps,
                          marker, FALSE);
}
