/* ring-chart-series-fabric.c: the series of the fabric's charts: our time against the
 * load of another job sharing the leaves' uplinks (docs/model.md, "Another job on the
 * fabric").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-chart-draw-private.h"

/* The other job's load swept: 0 to 100 % in steps of this many per cent. */
#define OTHER_JOB_LOAD_STEP 5

/* Why the two curves are one, or NULL where the other job can change our time. */
static char *
describe_no_effect (const RingChartData *data)
{
  if (data->params.other_job_gpus == 0)
    /* TRANSLATORS: under the other job's chart, where --other-job-gpus is 0. */
    return g_strdup (_("No other job on the fabric: set the other job’s GPUs to place one "
                       "on our leaves"));
  if (data->params.fabric_tiers < 2 || data->result.fabric_bound_tier == RING_FABRIC_TIER_NONE)
    /* TRANSLATORS: under the other job's chart, with one switch or one node. */
    return g_strdup (_("One non-blocking switch, or one node: another job crosses no "
                       "uplink of ours"));

  return NULL;
}

void
_ring_chart_build_other_job_load (RingChartData *data)
{
  const guint n_rows = 100 / OTHER_JOB_LOAD_STEP + 1;
  gboolean collective = data->result.collective;
  double *load, *with, *alone, *rate;
  char **tier;
  char *note;

  data->n_rows = n_rows;
  load = _ring_chart_data_add_column (data, g_strdup (_("Other job’s load")), "%");
  with = _ring_chart_data_add_column (data, g_strdup (collective
                                                      ? _("All-reduce time with the other job")
                                                      : _("Step time with the other job")),
                                      "s");
  alone = _ring_chart_data_add_column (data, g_strdup (collective
                                                       ? _("All-reduce time alone")
                                                       : _("Step time alone")),
                                       "s");
  rate = _ring_chart_data_add_column (data, g_strdup (_("Our rate through the fabric")),
                                      "GB/s");
  tier = _ring_chart_data_add_text_column (data, g_strdup (_("Bound tier")));
  _ring_chart_data_column (data, 3)->role = RING_SERIES_TABLE;
  _ring_chart_data_column (data, 4)->role = RING_SERIES_TABLE;

  for (guint i = 0; i < n_rows; i++)
    {
      RingParams swept = data->params;
      RingResult r;

      swept.other_job_load = i * OTHER_JOB_LOAD_STEP;
      _ring_chart_evaluate (&swept, &r);
      load[i] = swept.other_job_load;
      with[i] = collective ? r.allreduce_time_s : r.step_time_s;
      alone[i] = collective ? r.alone_allreduce_time_s : r.alone_step_time_s;
      rate[i] = r.fabric_gbps;
      tier[i] = g_strdup (ring_fabric_tier_to_string (r.fabric_bound_tier));
    }

  data->x_first = 0;
  data->x_last = 100;
  note = describe_no_effect (data);
  if (note != NULL)
    {
      g_free (data->note);
      data->note = note;
    }
}
