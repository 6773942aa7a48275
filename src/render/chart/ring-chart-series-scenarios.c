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

/* The columns a kind draws a scenario as: the curves that answer the chart's question for
 * the configuration (utilization at its bandwidth, the step time, the all-reduce time and
 * bus bandwidth, …); none when the kind cannot show a second configuration (a map has one
 * surface; the comparison's curves are algorithms already; a timeline is one step; the
 * bucket sizes' one-bucket point sits at each configuration's own buffer). Kinds added later
 * draw no scenarios until they say which. */
static guint
scenario_source_columns (RingChartKind kind,
                         guint         columns[RING_CHART_MAX_SCENARIO_SOURCES])
{
  switch (kind)
    {
    case RING_CHART_UTILIZATION_VS_GPUS:
      columns[0] = 2;
      return 1;
    case RING_CHART_STEP_TIME_VS_GPUS:
      columns[0] = 3;
      return 1;
    case RING_CHART_BYTES_MOVED_VS_GPUS:
    case RING_CHART_THROUGHPUT_VS_GPUS:
      columns[0] = 1;
      return 1;
    case RING_CHART_MFU_VS_DATA_PARALLEL:
      /* Model FLOPs utilization at the same D: layouts compare on it. */
      columns[0] = 2;
      return 1;
    case RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE:
      columns[0] = RING_MESSAGE_SIZE_TIME_US;
      columns[1] = RING_MESSAGE_SIZE_BUSBW;
      return 2;
    case RING_CHART_UTILIZATION_MAP:
    case RING_CHART_ALGORITHM_COMPARISON:
    case RING_CHART_STEP_TIMELINE:
    case RING_CHART_UTILIZATION_VS_BUCKET_SIZE:
    case RING_CHART_OTHER_JOB_LOAD:
    case RING_N_CHARTS:
    default:
      return 0;
    }
}

guint
_ring_chart_data_scenario_column (RingChartData *data,
                                  guint          scenario,
                                  guint          source_column)
{
  g_return_val_if_fail (data != NULL, 0);

  if (scenario >= data->n_scenarios)
    return 0;
  for (guint k = 0; k < data->n_scenario_sources; k++)
    if (data->scenario_sources[k] == source_column)
      return data->first_scenario_column + scenario * data->n_scenario_sources + k;

  return 0;
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

/* A column for each of the kind's source columns: the scenario's own series, computed by
 * the kind's builder for its parameters, read at this chart's x values. */
static void
add_scenario_columns (RingChartData      *data,
                      const RingScenario *scenario)
{
  /* The curves of the collective this chart's logs measured, if it follows them. */
  g_autoptr(RingChartData) own = _ring_chart_data_new_for_collective (data->kind,
                                                                      &scenario->params,
                                                                      data->collective);
  const double *xs = _ring_chart_data_column (data, 0)->values;
  const double *own_xs = _ring_chart_data_column (own, 0)->values;

  for (guint k = 0; k < data->n_scenario_sources; k++)
    {
      guint source = data->scenario_sources[k];
      /* The scenario's own curve, named as its own chart names it (its NICs may be bound
       * by PCIe where this configuration's are not). */
      RingSeries *series = _ring_chart_data_column (own, source);
      const double *own_ys = series->values;
      /* TRANSLATORS: a CSV column: a pinned scenario's name and the curve, "64 × H100:
       * Step time". */
      char *label = g_strdup_printf (_("%s: %s"), scenario->name, series->label);
      double *values = _ring_chart_data_add_column (data, label, series->unit);

      for (guint row = 0; row < data->n_rows; row++)
        values[row] = value_at (own_xs, own_ys, own->n_rows, xs[row]);
    }
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

void
_ring_chart_data_add_scenarios (RingChartData *data,
                                RingModel     *model)
{
  guint n_scenarios;

  g_return_if_fail (data != NULL);
  g_return_if_fail (RING_IS_MODEL (model));

  n_scenarios = ring_model_get_n_scenarios (model);
  if (n_scenarios == 0)
    return;

  data->n_scenario_sources = scenario_source_columns (data->kind, data->scenario_sources);
  if (data->n_scenario_sources == 0)
    {
      /* TRANSLATORS: under the title of a chart that cannot show pinned scenarios. */
      add_note (data, _("Pinned scenarios are not drawn on this chart"));
      return;
    }

  data->first_scenario_column = data->columns->len;
  data->scenario_names = g_new0 (char *, n_scenarios + 1);
  for (guint i = 0; i < n_scenarios; i++)
    {
      const RingScenario *scenario = ring_model_get_scenario (model, i);

      add_scenario_columns (data, scenario);
      data->scenario_names[i] = g_strdup (scenario->name);
    }
  data->n_scenarios = n_scenarios;
}
