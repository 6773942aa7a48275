/* ring-chart-series-scenarios.c: the pinned scenarios as extra columns of any chart: each
 * scenario's own series, computed by the kind's builder for its parameters, its main
 * column read at the chart's x values.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"

/* The column a kind draws a scenario as: the curve that answers the chart's question for
 * the configuration (utilization at its bandwidth, the step time, …); 0 when the kind
 * cannot show a second configuration (a map has one surface; the comparison's curves are
 * algorithms already). Kinds added later draw no scenarios until they say which. */
static guint
scenario_source_column (RingChartKind kind)
{
  switch (kind)
    {
    case RING_CHART_UTILIZATION_VS_GPUS: return 2;
    case RING_CHART_STEP_TIME_VS_GPUS: return 3;
    case RING_CHART_BYTES_MOVED_VS_GPUS: return 1;
    case RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE: return 1;
    case RING_CHART_THROUGHPUT_VS_GPUS: return 1;
    case RING_CHART_UTILIZATION_MAP:
    case RING_CHART_ALGORITHM_COMPARISON:
    case RING_N_CHARTS:
    default:
      return 0;
    }
}

/* @ys over @xs (ascending) read at @x: exact where @x was sampled, else linear between its
 * neighbours on the log axis; NaN outside the samples or beside a gap. */
static double
value_at (const double *xs,
          const double *ys,
          guint         n,
          double        x)
{
  for (guint i = 0; i < n; i++)
    {
      double t;

      if (xs[i] == x)
        return ys[i];
      if (xs[i] < x)
        continue;
      if (i == 0 || !(xs[i - 1] > 0) || !(x > 0))
        return NAN;
      t = (log (x) - log (xs[i - 1])) / (log (xs[i]) - log (xs[i - 1]));
      return ys[i - 1] + t * (ys[i] - ys[i - 1]);
    }

  return NAN;
}

static void
add_scenario_column (RingChartData      *data,
                     const RingScenario *scenario)
{
  g_autoptr(RingChartData) own = _ring_chart_data_new (data->kind, &scenario->params);
  RingSeries *source = _ring_chart_data_column (data, data->scenario_source);
  const double *xs = _ring_chart_data_column (data, 0)->values;
  const double *own_xs = _ring_chart_data_column (own, 0)->values;
  const double *own_ys = _ring_chart_data_column (own, data->scenario_source)->values;
  double *values = _ring_chart_data_add_column (data, g_strdup (scenario->name), source->unit);

  for (guint row = 0; row < data->n_rows; row++)
    values[row] = value_at (own_xs, own_ys, own->n_rows, xs[row]);
}

static void
add_note (RingChartData *data,
          const char    *note)
{
  char *joined = data->note != NULL ? g_strconcat (data->note, " · ", note, NULL)
                                    : g_strdup (note);

  g_free (data->note);
  data->note = joined;
}

RingChartData *
_ring_chart_data_new_for_model (RingChartKind  kind,
                                RingModel     *model)
{
  RingChartData *data;
  guint n_scenarios;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  data = _ring_chart_data_new (kind, ring_model_get_params (model));
  n_scenarios = ring_model_get_n_scenarios (model);
  if (n_scenarios == 0)
    return data;

  data->scenario_source = scenario_source_column (kind);
  if (data->scenario_source == 0 || data->scenario_source >= data->columns->len)
    {
      data->scenario_source = 0;
      /* TRANSLATORS: under the title of a chart that cannot show pinned scenarios. */
      add_note (data, _("Pinned scenarios are not drawn on this chart"));
      return data;
    }

  data->first_scenario_column = data->columns->len;
  for (guint i = 0; i < n_scenarios; i++)
    add_scenario_column (data, ring_model_get_scenario (model, i));
  data->n_scenarios = n_scenarios;

  return data;
}
