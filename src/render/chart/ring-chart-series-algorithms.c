/* ring-chart-series-algorithms.c: the series of the chart of every algorithm's time over the
 * GPUs, and the names the all-reduce charts give algorithms' choices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-simulation.h"

#define COMPARISON_PER_OCTAVE      3

/* "Ring · LL128" for NCCL's algorithms, which run a protocol; the name alone for the
 * textbook ones. */
char *
_ring_chart_describe_choice (RingAlgorithm algorithm,
                             RingProtocol  protocol)
{
  static const char *protocols[] = { "LL", "LL128", "Simple" };
  const RingAlgorithmInfo *info = ring_algorithm_info (algorithm);

  G_STATIC_ASSERT (G_N_ELEMENTS (protocols) == RING_N_PROTOCOLS);

  if (info == NULL || !info->nccl || protocol >= RING_N_PROTOCOLS)
    return g_strdup (ring_algorithm_get_short_title (algorithm));

  /* No-break spaces: a subtitle wraps between its parts at " · ", never inside this. */
  return g_strdup_printf ("%s\u00a0·\u00a0%s", ring_algorithm_get_short_title (algorithm),
                          protocols[protocol]);
}

/* Every algorithm that runs at some N of the sweep, its time at each N (NaN where it
 * cannot run), and auto's pick: one topology per N, no allocation per costing. */
void
_ring_chart_build_algorithm_comparison (RingChartData *data)
{
  const RingParams *p = &data->params;
  double buffer_bytes = ring_cost_gradient_buffer_bytes (p);
  g_autoptr(GArray) counts = _ring_chart_gpu_counts (p, 2, COMPARISON_PER_OCTAVE);
  g_autofree double *times = NULL;
  double *gpus, *auto_time;
  char **auto_choice;
  guint n = counts->len;

  data->n_rows = n;
  times = g_new (double, RING_N_ALGORITHMS * n);
  data->chosen_algorithm = g_new0 (RingAlgorithm, n);
  data->chosen_protocol = g_new0 (RingProtocol, n);
  for (guint i = 0; i < n; i++)
    {
      RingTopology topology;
      RingAllreduceCost cost;
      RingParams swept;

      _ring_chart_sweep_params (data, p, g_array_index (counts, guint, i), &swept);
      ring_topology_init (&topology, p, swept.gpus);
      for (guint a = 0; a < RING_N_ALGORITHMS; a++)
        {
          /* FALSE where the algorithm cannot run on this cluster. */
          if (!ring_allreduce_cost (&topology, a, buffer_bytes, &cost))
            {
              times[a * n + i] = NAN;
              continue;
            }
          /* The slow link as the headline all-reduce has it: as much slower as the event
           * simulation finds on this many GPUs (1 without a slow link among them). */
          times[a * n + i] = cost.time_s * ring_simulation_slowdown (&swept, cost.algorithm,
                                                                     buffer_bytes);
          if (ring_algorithm_info (a)->chooses)
            {
              data->chosen_algorithm[i] = cost.algorithm;
              data->chosen_protocol[i] = cost.protocol;
            }
        }
    }

  gpus = _ring_chart_data_add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");
  for (guint i = 0; i < n; i++)
    gpus[i] = g_array_index (counts, guint, i);

  data->n_curve_algorithms = 0;
  for (guint a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
    {
      gboolean runs = FALSE;
      double *column;

      for (guint i = 0; i < n && !runs; i++)
        runs = isfinite (times[a * n + i]);
      if (!runs)
        continue;

      data->curve_algorithm[data->n_curve_algorithms++] = a;
      column = _ring_chart_data_add_column (data, g_strdup (ring_algorithm_get_short_title (a)),
                                            "s");
      for (guint i = 0; i < n; i++)
        column[i] = times[a * n + i];
    }

  /* TRANSLATORS: CSV columns of the comparison: the time auto gives, and what it picked. */
  auto_time = _ring_chart_data_add_column (data, g_strdup (_("Auto")), "s");
  auto_choice = _ring_chart_data_add_text_column (data, g_strdup (_("Auto’s choice")));
  for (guint i = 0; i < n; i++)
    {
      auto_time[i] = times[RING_ALGORITHM_AUTO * n + i];
      auto_choice[i] = isfinite (auto_time[i])
                       ? _ring_chart_describe_choice (data->chosen_algorithm[i],
                                                      data->chosen_protocol[i])
                       : g_strdup ("");
    }

  data->x_first = gpus[0];
  data->x_last = _ring_plot_max_gpus (p);
}
