/* ring-chart-series-message-size.c: the all-reduce's time and bus bandwidth over the
 * message size, in nccl-tests' own columns, and the loaded logs beside them. When every
 * log measured one other collective (reduce_scatter_perf, all_gather_perf, …) the curves
 * are that collective's, in its busbw convention, so markers and curves are the same thing.
 *
 * The table reads like all_reduce_perf's out-of-place half (size, count, type, time in µs,
 * algbw, busbw), so a CSV export can be set beside a log row by row. Its rows are the
 * powers of two nccl-tests sweeps by default and every size a loaded log measured; each
 * log adds its measured time and bus bandwidth, the model's time on the log's own cluster
 * and the model's error there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"

#define MIN_BYTES_LOG2 3   /* 8 B, where nccl-tests starts */

static double *
add_column (RingChartData  *data,
            char           *label,
            const char     *unit,
            char           *csv_header,
            RingSeriesRole  role)
{
  double *values = _ring_chart_data_add_column (data, label, unit);
  RingSeries *series = _ring_chart_data_column (data, data->columns->len - 1);

  series->csv_header = csv_header;
  series->role = role;

  return values;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The sweep's powers of two and each size a log measured, ascending, each once. */
static GArray *
collect_sizes (RingChartData *data,
               double         max_bytes)
{
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (double));
  guint n = 0;

  for (double bytes = exp2 (MIN_BYTES_LOG2); bytes <= max_bytes; bytes *= 2)
    g_array_append_val (sizes, bytes);
  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);

      for (guint i = 0; i < measured->comparison->points->len; i++)
        {
          double bytes = g_array_index (measured->comparison->points, RingNcclFitPoint,
                                        i).size_bytes;

          if (bytes >= 1 && bytes <= max_bytes)
            g_array_append_val (sizes, bytes);
        }
    }

  g_array_sort (sizes, compare_doubles);
  for (guint i = 0; i < sizes->len; i++)
    if (n == 0 || g_array_index (sizes, double, i) != g_array_index (sizes, double, n - 1))
      g_array_index (sizes, double, n++) = g_array_index (sizes, double, i);
  g_array_set_size (sizes, n);

  return sizes;
}

/* nccl-tests' name of the gradients' type. */
static const char *
type_name (guint bytes,
           guint *type_bytes)
{
  *type_bytes = bytes;
  switch (bytes)
    {
    case 1: return "f8e4m3";
    case 2: return "bfloat16";
    default:
      *type_bytes = 4;
      return "float";
    }
}

/* The measured row of @bytes in @measured, or NULL. */
static const RingNcclFitPoint *
find_point (const RingChartMeasured *measured,
            double                   bytes)
{
  for (guint i = 0; i < measured->comparison->points->len; i++)
    {
      const RingNcclFitPoint *point = &g_array_index (measured->comparison->points,
                                                      RingNcclFitPoint, i);

      if (point->size_bytes == bytes)
        return point;
    }

  return NULL;
}

/* The log's own row of @bytes, as it printed it, or NULL. */
static const RingNcclPoint *
find_row (const RingNcclLog *log,
          double             bytes)
{
  for (guint i = 0; i < log->points->len; i++)
    {
      const RingNcclPoint *row = &g_array_index (log->points, RingNcclPoint, i);

      if (row->size_bytes == bytes)
        return row;
    }

  return NULL;
}

/* A log's four columns; NaN at the sizes it did not measure. */
static void
add_measured_columns (RingChartData           *data,
                      const RingChartMeasured *measured,
                      const double            *bytes)
{
  const char *name = measured->measurement->name;
  double *time_us, *busbw, *model_us, *error_pct;

  /* TRANSLATORS: a CSV column and a readout line; %s is the log's file name. */
  time_us = add_column (data, g_strdup_printf (_("%s measured"), name), "us",
                        g_strdup_printf ("%s time (us)", name), RING_SERIES_MEASURED);
  busbw = add_column (data, g_strdup_printf (_("%s measured"), name), "GB/s",
                      g_strdup_printf ("%s busbw (GB/s)", name), RING_SERIES_TABLE);
  model_us = add_column (data, g_strdup_printf (_("%s: model on its cluster"), name), "us",
                         g_strdup_printf ("%s model time (us)", name), RING_SERIES_TABLE);
  /* TRANSLATORS: a readout line; %s is the log's file name. */
  error_pct = add_column (data, g_strdup_printf (_("%s: model error"), name), "%",
                          g_strdup_printf ("%s model error (%%)", name),
                          RING_SERIES_MEASURED);

  for (guint i = 0; i < data->n_rows; i++)
    {
      const RingNcclFitPoint *point = find_point (measured, bytes[i]);
      const RingNcclPoint *row = point != NULL ? find_row (measured->measurement->log,
                                                           bytes[i]) : NULL;

      /* The log's numbers as it printed them, so the CSV diffs cleanly against it. */
      time_us[i] = row != NULL ? row->time_us : NAN;
      busbw[i] = row != NULL ? row->busbw_gbps : NAN;
      model_us[i] = point != NULL ? point->predicted_us : NAN;
      error_pct[i] = point != NULL ? (point->predicted_us / point->measured_us - 1) * 100
                                   : NAN;
    }
}

/* One short line when the logs were measured on another cluster than the curves'. */
static char *
describe_other_cluster (RingChartData *data)
{
  RingChartMeasured *other = NULL;
  g_autofree char *gpu = NULL;
  guint n_other = 0;

  for (guint m = 0; m < data->measured->len; m++)
    {
      RingChartMeasured *measured = g_ptr_array_index (data->measured, m);

      if (!measured->same_cluster)
        {
          other = other != NULL ? other : measured;
          n_other++;
        }
    }

  if (n_other == 0)
    return NULL;
  if (n_other > 1)
    /* TRANSLATORS: under the message-size chart's title; %u is a GPU count. */
    return g_strdup_printf (_("Each log’s error is against the model on the log’s own "
                              "cluster; the curves are these %u GPUs"), data->params.gpus);

  gpu = g_ascii_strup (ring_gpu_info (other->comparison->params.gpu)->name, -1);
  /* TRANSLATORS: under the message-size chart's title: a file name, its GPUs, GPU per
   * node and GPU model, then the GPU count the curves show. */
  return g_strdup_printf (_("%s’s error is against the model on its cluster (%u × %s, %u "
                            "a node); the curves are these %u GPUs"),
                          other->measurement->name, other->comparison->params.gpus, gpu,
                          other->comparison->params.gpus_per_node, data->params.gpus);
}

/* The time column's name: the collective the curves cost, as the figure's title names it. */
static const char *
time_label (RingCollective collective)
{
  switch (collective)
    {
    /* TRANSLATORS: the message-size chart's time curve when a reduce_scatter_perf log is
     * loaded; also a CSV column and a legend entry. */
    case RING_COLLECTIVE_REDUCE_SCATTER: return _("Reduce-scatter time");
    case RING_COLLECTIVE_ALL_GATHER: return _("All-gather time");
    case RING_COLLECTIVE_BROADCAST: return _("Broadcast time");
    case RING_COLLECTIVE_ALLTOALL: return _("All-to-all time");
    case RING_COLLECTIVE_ALL_REDUCE:
    default: return _("All-reduce time");
    }
}

gboolean
_ring_chart_collective_cost (const RingParams  *p,
                  RingCollective     collective,
                  double             bytes,
                  RingAllreduceCost *cost)
{
  RingTopology topology;

  ring_topology_init (&topology, p, p->gpus);

  return ring_collective_cost (&topology, collective, p->algorithm, bytes, cost);
}

/* Where @collective's latency part stops exceeding its bandwidth part, between the two
 * swept sizes around it (geometrically), or 0 if it never does in the sweep. */
static double
collective_crossover (const RingParams *p,
                      RingCollective    collective,
                      const double     *bytes,
                      guint             n)
{
  double previous_ratio = NAN;

  for (guint i = 0; i < n; i++)
    {
      RingAllreduceCost cost;
      double ratio;

      if (!_ring_chart_collective_cost (p, collective, bytes[i], &cost) || !(cost.latency_s > 0))
        continue;
      ratio = cost.bandwidth_s / cost.latency_s;
      if (ratio >= 1)
        {
          double t;

          if (i == 0 || !(previous_ratio > 0) || previous_ratio >= 1)
            return bytes[i];
          /* log ratio is near-linear in log size between two sizes */
          t = -log (previous_ratio) / (log (ratio) - log (previous_ratio));
          return exp (log (bytes[i - 1]) + t * (log (bytes[i]) - log (bytes[i - 1])));
        }
      previous_ratio = ratio;
    }

  return 0;
}

void
_ring_chart_build_message_size (RingChartData *data)
{
  const RingParams *p = &data->params;
  g_autoptr(GArray) sizes = collect_sizes (data, _ring_plot_max_bytes (p));
  gboolean all_reduce = data->collective == RING_COLLECTIVE_ALL_REDUCE;
  double *bytes, *count, *time_us, *algbw, *busbw;
  char **type, **choice;
  const char *type_text;
  guint type_bytes;

  type_text = type_name (p->gradient_bytes, &type_bytes);
  data->n_rows = sizes->len;
  data->binary_bytes = TRUE;
  /* The first columns are nccl-tests' own, named as all_reduce_perf prints them (not
   * translated: they are that program's), in its units. */
  /* TRANSLATORS: the x axis of the message-size chart, as nccl-tests calls it. */
  bytes = add_column (data, g_strdup (_("Message size")), "B", g_strdup ("size (B)"),
                      RING_SERIES_CURVE);
  count = add_column (data, g_strdup ("count"), "elements", g_strdup ("count (elements)"),
                      RING_SERIES_TABLE);
  type = _ring_chart_data_add_text_column (data, g_strdup ("type"));
  _ring_chart_data_column (data, 2)->role = RING_SERIES_TABLE;
  time_us = add_column (data, g_strdup (time_label (data->collective)), "us",
                        g_strdup ("time (us)"), RING_SERIES_CURVE);
  algbw = add_column (data, g_strdup (_("Algorithm bandwidth")), "GB/s",
                      g_strdup ("algbw (GB/s)"), RING_SERIES_TABLE);
  busbw = add_column (data, g_strdup (_("Bus bandwidth")), "GB/s", g_strdup ("busbw (GB/s)"),
                      RING_SERIES_CURVE);
  /* TRANSLATORS: a CSV column: what ran at each message size, "Ring · LL128". */
  choice = _ring_chart_data_add_text_column (data, g_strdup (_("Algorithm and protocol")));
  data->chosen_algorithm = g_new0 (RingAlgorithm, data->n_rows);
  data->chosen_protocol = g_new0 (RingProtocol, data->n_rows);

  for (guint i = 0; i < data->n_rows; i++)
    {
      RingParams swept = *p;
      RingAllreduceCost cost = { .algorithm = RING_ALGORITHM_AUTO, .time_s = NAN,
                                 .algbw_gbps = NAN, .busbw_gbps = NAN };

      swept.message_bytes = g_array_index (sizes, double, i);
      bytes[i] = swept.message_bytes;
      count[i] = floor (swept.message_bytes / type_bytes);
      type[i] = g_strdup (type_text);
      /* The all-reduce as the model evaluates it (the slow link's simulation included),
       * another collective as ring_collective_cost() prices it on this cluster, in
       * nccl-tests' convention for it (the size is all ranks' buffer). */
      if (all_reduce)
        {
          RingResult r;

          _ring_chart_evaluate_sweep (&swept, &r);
          cost.time_s = r.allreduce_time_s;
          cost.algbw_gbps = r.algbw_gbps;
          cost.busbw_gbps = r.busbw_gbps;
          cost.algorithm = r.algorithm_used;
          cost.protocol = r.protocol_used;
        }
      else if (!_ring_chart_collective_cost (p, data->collective, swept.message_bytes, &cost))
        {
          cost.algorithm = RING_ALGORITHM_AUTO;
          cost.time_s = cost.algbw_gbps = cost.busbw_gbps = NAN;
        }
      time_us[i] = cost.time_s * 1e6;
      algbw[i] = cost.algbw_gbps;
      busbw[i] = cost.busbw_gbps;
      data->chosen_algorithm[i] = cost.algorithm;
      data->chosen_protocol[i] = cost.protocol;
      choice[i] = p->gpus > 1 && !ring_algorithm_info (data->chosen_algorithm[i])->chooses
                  ? _ring_chart_describe_choice (data->chosen_algorithm[i],
                                                 data->chosen_protocol[i])
                  : g_strdup ("");
    }
  data->x_first = bytes[0];
  data->x_last = bytes[data->n_rows - 1];
  if (!all_reduce && p->gpus > 1)
    data->collective_crossover_bytes = collective_crossover (p, data->collective, bytes,
                                                             data->n_rows);

  for (guint m = 0; m < data->measured->len; m++)
    add_measured_columns (data, g_ptr_array_index (data->measured, m), bytes);
  if (data->note == NULL)
    data->note = describe_other_cluster (data);
}
