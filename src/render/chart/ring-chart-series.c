/* ring-chart-series.c: the series each chart draws, computed once from the cost model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-series-private.h"

/* Sample density: enough for smooth curves, few enough to draw in a few milliseconds. */
#define GPU_SAMPLES_PER_OCTAVE 4
#define MIN_GPU_SWEEP          65536.0
#define MIN_BYTES_LOG2         3    /* 8 B, where nccl-tests starts */
#define MAX_BYTES_LOG2         34   /* 16 GiB */
#define MAP_GRID_X             48
#define MAP_GRID_Y             40
#define MAP_MIN_BANDWIDTH_GBPS 0.1
#define MAP_MAX_BANDWIDTH_GBPS 10000.0
#define MAX_SWEEP_GPUS         (1u << 30)

static void
series_free (gpointer data)
{
  RingSeries *series = data;

  g_free (series->label);
  g_free (series->unit);
  g_free (series->values);
  g_free (series);
}

static double *
add_column (RingChartData *data,
            char          *label,
            const char    *unit)
{
  RingSeries *series = g_new0 (RingSeries, 1);

  series->label = label;
  series->unit = g_strdup (unit);
  series->values = g_new0 (double, data->n_rows);
  g_ptr_array_add (data->columns, series);

  return series->values;
}

guint
_ring_plot_max_gpus (const RingParams *params)
{
  double wanted;

  g_return_val_if_fail (params != NULL, 1);

  wanted = MAX (MIN_GPU_SWEEP, 10.0 * params->gpus);
  /* Round up to a power of two so the axis ends on a labelled tick. */
  wanted = exp2 (ceil (log2 (wanted)));

  return (guint) MIN (wanted, (double) MAX_SWEEP_GPUS);
}

double
_ring_plot_max_bytes (const RingParams *params)
{
  double buffer_bytes;

  g_return_val_if_fail (params != NULL, 1);

  buffer_bytes = ring_cost_gradient_buffer_bytes (params);
  if (!isfinite (buffer_bytes) || buffer_bytes < 1)
    buffer_bytes = 1;

  return exp2 (MAX (MAX_BYTES_LOG2, ceil (log2 (buffer_bytes))));
}

/* The distinct integer GPU counts at GPU_SAMPLES_PER_OCTAVE points per octave. */
static GArray *
gpu_counts (const RingParams *params)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint));
  guint max_gpus = _ring_plot_max_gpus (params);
  guint octaves = (guint) lround (log2 (max_gpus));
  guint last = 0;

  for (guint k = 0; k <= octaves * GPU_SAMPLES_PER_OCTAVE; k++)
    {
      guint gpus = (guint) lround (exp2 ((double) k / GPU_SAMPLES_PER_OCTAVE));

      if (gpus == last)
        continue;
      g_array_append_val (counts, gpus);
      last = gpus;
    }

  return counts;
}

static void
evaluate_with_gpus (const RingParams *params,
                    guint             gpus,
                    double            bandwidth_gbps,
                    RingResult       *result)
{
  RingParams swept = *params;

  swept.gpus = gpus;
  swept.bandwidth_gbps = bandwidth_gbps;
  ring_cost_evaluate_sweep (&swept, result);
}

static char *
format_bandwidth_label (double bandwidth_gbps)
{
  /* TRANSLATORS: a curve of the utilization chart; %g is a bandwidth in GB/s. */
  return g_strdup_printf (_("Utilization at %g GB/s"), bandwidth_gbps);
}

static void
fill_gpu_column (RingChartData *data,
                 GArray        *counts)
{
  double *gpus = add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");

  for (guint i = 0; i < counts->len; i++)
    gpus[i] = g_array_index (counts, guint, i);
  data->x_first = gpus[0];
  data->x_last = gpus[counts->len - 1];
}

static void
build_utilization (RingChartData *data,
                   GArray        *counts)
{
  static const double factors[] = { 0.5, 1.0, 2.0 };
  const RingParams *p = &data->params;

  fill_gpu_column (data, counts);
  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      double bandwidth_gbps = p->bandwidth_gbps * factors[f];
      double *utilization = add_column (data, format_bandwidth_label (bandwidth_gbps), "%");

      for (guint i = 0; i < counts->len; i++)
        {
          RingResult r;

          evaluate_with_gpus (p, g_array_index (counts, guint, i), bandwidth_gbps, &r);
          utilization[i] = 100.0 * r.utilization;
        }
    }
}

static void
build_step_time (RingChartData *data,
                 GArray        *counts)
{
  const RingParams *p = &data->params;
  double *compute, *exposed, *step;

  fill_gpu_column (data, counts);
  compute = add_column (data, g_strdup (_("Compute")), "s");
  exposed = add_column (data, g_strdup (_("Exposed communication")), "s");
  step = add_column (data, g_strdup (_("Step time")), "s");

  for (guint i = 0; i < counts->len; i++)
    {
      RingResult r;

      evaluate_with_gpus (p, g_array_index (counts, guint, i), p->bandwidth_gbps, &r);
      compute[i] = r.compute_time_s;
      exposed[i] = r.exposed_comm_s;
      step[i] = r.step_time_s;
    }
}

static void
build_bytes_moved (RingChartData *data,
                   GArray        *counts)
{
  const RingParams *p = &data->params;
  double *moved, *asymptote;

  fill_gpu_column (data, counts);
  moved = add_column (data, g_strdup (_("Data moved per GPU")), "B");
  /* TRANSLATORS: the limit 2 S that the data moved per GPU approaches. */
  asymptote = add_column (data, g_strdup (_("Asymptote 2S")), "B");

  for (guint i = 0; i < counts->len; i++)
    {
      RingResult r;

      evaluate_with_gpus (p, g_array_index (counts, guint, i), p->bandwidth_gbps, &r);
      moved[i] = r.bytes_moved_per_gpu;
      asymptote[i] = 2.0 * r.gradient_buffer_bytes;
    }
}

static void
build_throughput (RingChartData *data,
                  GArray        *counts)
{
  const RingParams *p = &data->params;
  double *tokens, *ideal, *efficiency;
  RingResult single;

  fill_gpu_column (data, counts);
  tokens = add_column (data, g_strdup (_("Cluster throughput")), "tokens/s");
  ideal = add_column (data, g_strdup (_("Ideal linear scaling")), "tokens/s");
  efficiency = add_column (data, g_strdup (_("Scaling efficiency")), "%");

  /* Linear scaling extrapolates one GPU, which has nothing to all-reduce. */
  evaluate_with_gpus (p, 1, p->bandwidth_gbps, &single);
  for (guint i = 0; i < counts->len; i++)
    {
      guint gpus = g_array_index (counts, guint, i);
      RingResult r;

      evaluate_with_gpus (p, gpus, p->bandwidth_gbps, &r);
      tokens[i] = r.tokens_per_s;
      ideal[i] = gpus * single.tokens_per_s;
      efficiency[i] = 100.0 * r.tokens_per_s / ideal[i];
    }
}

static void
build_message_size (RingChartData *data)
{
  const RingParams *p = &data->params;
  double *bytes, *time_s, *busbw;
  int last_log2 = (int) lround (log2 (_ring_plot_max_bytes (p)));

  data->n_rows = last_log2 - MIN_BYTES_LOG2 + 1;
  /* TRANSLATORS: the x axis of the message-size chart, as nccl-tests calls it. */
  bytes = add_column (data, g_strdup (_("Message size")), "B");
  time_s = add_column (data, g_strdup (_("All-reduce time")), "s");
  busbw = add_column (data, g_strdup (_("Bus bandwidth")), "GB/s");

  /* Powers of two, as nccl-tests' all_reduce_perf sweeps them. */
  for (guint i = 0; i < data->n_rows; i++)
    {
      RingParams swept = *p;
      RingResult r;

      swept.message_bytes = exp2 (MIN_BYTES_LOG2 + (int) i);
      ring_cost_evaluate_sweep (&swept, &r);
      bytes[i] = swept.message_bytes;
      time_s[i] = r.allreduce_time_s;
      busbw[i] = r.busbw_gbps;
    }
  data->x_first = bytes[0];
  data->x_last = bytes[data->n_rows - 1];
}

static void
build_map (RingChartData *data)
{
  const RingParams *p = &data->params;
  double max_log2 = log2 (_ring_plot_max_gpus (p));
  double min_log10 = log10 (MIN (MAP_MIN_BANDWIDTH_GBPS, p->bandwidth_gbps));
  double max_log10 = log10 (MAX (MAP_MAX_BANDWIDTH_GBPS, p->bandwidth_gbps));
  double *gpus, *bandwidth, *utilization;
  guint counts[MAP_GRID_X];
  guint n_counts = 0;

  /* Columns even in log₂ N, the axis they are drawn on, rounded to whole numbers of GPUs,
   * the only counts the model knows; where rounding makes two columns the same count (1,
   * 2, 3 …), the map keeps one, so no row of the table repeats. */
  for (guint i = 0; i < MAP_GRID_X; i++)
    {
      guint n = (guint) lround (exp2 (max_log2 * i / (MAP_GRID_X - 1)));

      if (n_counts == 0 || n > counts[n_counts - 1])
        counts[n_counts++] = n;
    }

  data->grid_x = n_counts;
  data->grid_y = MAP_GRID_Y;
  data->n_rows = n_counts * MAP_GRID_Y;
  gpus = add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");
  bandwidth = add_column (data, g_strdup (_("Bandwidth")), "GB/s");
  utilization = add_column (data, g_strdup (_("Utilization")), "%");

  for (guint j = 0; j < MAP_GRID_Y; j++)
    {
      double bandwidth_gbps = pow (10, min_log10 + (max_log10 - min_log10) * j / (MAP_GRID_Y - 1));

      for (guint i = 0; i < n_counts; i++)
        {
          guint row = j * n_counts + i;
          RingResult r;

          evaluate_with_gpus (p, counts[i], bandwidth_gbps, &r);
          gpus[row] = counts[i];
          bandwidth[row] = bandwidth_gbps;
          utilization[row] = 100.0 * r.utilization;
        }
    }
  data->x_first = 1;
  data->x_last = counts[n_counts - 1];
}

RingChartData *
_ring_chart_data_new (RingChartKind     kind,
                      const RingParams *params)
{
  RingChartData *data;
  g_autoptr(GArray) counts = NULL;

  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  data = g_new0 (RingChartData, 1);
  data->kind = kind;
  data->params = *params;
  ring_cost_evaluate (params, &data->result);
  data->columns = g_ptr_array_new_with_free_func (series_free);

  switch (kind)
    {
    case RING_CHART_UTILIZATION_VS_GPUS:
    case RING_CHART_STEP_TIME_VS_GPUS:
    case RING_CHART_BYTES_MOVED_VS_GPUS:
    case RING_CHART_THROUGHPUT_VS_GPUS:
      counts = gpu_counts (params);
      data->n_rows = counts->len;
      break;
    case RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE:
    case RING_CHART_UTILIZATION_MAP:
    case RING_N_CHARTS:
    default:
      break;
    }

  switch (kind)
    {
    case RING_CHART_UTILIZATION_VS_GPUS:
      build_utilization (data, counts);
      break;
    case RING_CHART_STEP_TIME_VS_GPUS:
      build_step_time (data, counts);
      break;
    case RING_CHART_BYTES_MOVED_VS_GPUS:
      build_bytes_moved (data, counts);
      break;
    case RING_CHART_THROUGHPUT_VS_GPUS:
      build_throughput (data, counts);
      break;
    case RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE:
      build_message_size (data);
      break;
    case RING_CHART_UTILIZATION_MAP:
      build_map (data);
      break;
    case RING_N_CHARTS:
    default:
      g_assert_not_reached ();
    }

  return data;
}

void
_ring_chart_data_free (RingChartData *data)
{
  if (data == NULL)
    return;

  g_ptr_array_unref (data->columns);
  g_free (data);
}

/* The largest finite value of @column, or −∞ if it has none. */
double
_ring_chart_data_column_max (RingChartData *data,
                             guint          column)
{
  RingSeries *series;
  double max = -HUGE_VAL;

  g_return_val_if_fail (data != NULL, -HUGE_VAL);
  g_return_val_if_fail (column < data->columns->len, -HUGE_VAL);

  series = _ring_chart_data_column (data, column);
  for (guint i = 0; i < data->n_rows; i++)
    if (isfinite (series->values[i]))
      max = MAX (max, series->values[i]);

  return max;
}

/* The smallest positive finite value of @column, for a log axis; +∞ if it has none. */
double
_ring_chart_data_column_min_positive (RingChartData *data,
                                      guint          column)
{
  RingSeries *series;
  double min = HUGE_VAL;

  g_return_val_if_fail (data != NULL, HUGE_VAL);
  g_return_val_if_fail (column < data->columns->len, HUGE_VAL);

  series = _ring_chart_data_column (data, column);
  for (guint i = 0; i < data->n_rows; i++)
    if (isfinite (series->values[i]) && series->values[i] > 0)
      min = MIN (min, series->values[i]);

  return min;
}
