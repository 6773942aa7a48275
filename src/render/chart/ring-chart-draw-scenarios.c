/* ring-chart-draw-scenarios.c: the pinned scenarios' curves and legend entries, the same on
 * every chart that draws them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include "ring-chart-draw-private.h"

/* Dashed, a little thinner than the current configuration's curve, each in its own
 * colour of the style (ring-style.c), which stays apart from the curve it is compared
 * with for colour-blind eyes; short and long dashes alternate so that two scenarios
 * differ in more than hue. */
static const int scenario_line_styles[RING_MAX_SCENARIOS] = {
  RING_PLOT_LINE_LONG_DASH, RING_PLOT_LINE_SHORT_DASH,
  RING_PLOT_LINE_LONG_DASH, RING_PLOT_LINE_SHORT_DASH,
};

G_STATIC_ASSERT (RING_PLOT_COLOR_SCENARIO_LAST - RING_PLOT_COLOR_SCENARIO + 1
                 == RING_MAX_SCENARIOS);

#define SCENARIO_WIDTH 1.1

void
_ring_plot_legend_add_scenarios (const RingPlotChart *chart,
                                 GArray              *legend)
{
  RingChartData *data = chart->data;

  for (guint i = 0; i < data->n_scenarios && i < RING_MAX_SCENARIOS; i++)
    _ring_plot_legend_add (legend, RING_PLOT_LEGEND_LINE, RING_PLOT_COLOR_SCENARIO + i,
                           scenario_line_styles[i], chart->line_px * SCENARIO_WIDTH,
                           data->scenario_names[i]);
}

void
_ring_plot_draw_scenario_curves (const RingPlotChart *chart,
                                 const RingPlotPanel *panel,
                                 guint                source_column,
                                 double               divisor)
{
  RingChartData *data = chart->data;
  const double *xs = _ring_chart_data_column (data, 0)->values;

  for (guint i = 0; i < data->n_scenarios && i < RING_MAX_SCENARIOS; i++)
    {
      guint column = _ring_chart_data_scenario_column (data, i, source_column);
      const double *values;
      g_autofree double *scaled = NULL;

      if (column == 0)
        continue;
      values = _ring_chart_data_column (data, column)->values;
      scaled = g_new (double, data->n_rows);

      for (guint row = 0; row < data->n_rows; row++)
        scaled[row] = values[row] / divisor;
      _ring_plot_draw_curve (chart, panel, xs, scaled, data->n_rows, RING_PLOT_COLOR_SCENARIO + i,
                             scenario_line_styles[i], chart->line_px * SCENARIO_WIDTH);
    }
}
