/* ring-chart-series.c: the series each chart draws, computed once from the cost model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-parallelism.h"
#include "ring-units.h"

/* Smooth curves, drawn in a few milliseconds. */
#define GPU_SAMPLES_PER_OCTAVE 4
#define MIN_GPU_SWEEP          65536.0
#define MAX_BYTES_LOG2         34   /* 16 GiB */
#define MAP_SAMPLES_PER_OCTAVE 3
#define MAP_GRID_Y             40
#define MAP_MIN_BANDWIDTH_GBPS 0.1
#define MAP_MAX_BANDWIDTH_GBPS 10000.0
#define MAP_MIN_NIC_GBIT       1.0
#define MAX_SWEEP_GPUS         (1u << 30)

static void
series_free (gpointer data)
{
  RingSeries *series = data;

  g_free (series->label);
  g_free (series->unit);
  g_free (series->csv_header);
  g_free (series->values);
  g_strfreev (series->texts);
  g_free (series);
}

double *
_ring_chart_data_add_column (RingChartData *data,
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

char **
_ring_chart_data_add_text_column (RingChartData *data,
                                  char          *label)
{
  double *values = _ring_chart_data_add_column (data, label, "");
  RingSeries *series = g_ptr_array_index (data->columns, data->columns->len - 1);

  for (guint i = 0; i < data->n_rows; i++)
    values[i] = NAN;
  series->texts = g_new0 (char *, data->n_rows + 1);

  return series->texts;
}

#define add_column _ring_chart_data_add_column

guint
_ring_plot_max_gpus (const RingParams *params)
{
  double wanted;

  g_return_val_if_fail (params != NULL, 1);

  wanted = MAX (MIN_GPU_SWEEP, 10.0 * params->gpus);
  /* A power of two: the axis ends on a labelled tick. */
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

GArray *
_ring_chart_gpu_counts (const RingParams *params,
                        guint             first,
                        guint             per_octave)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint));
  guint max_gpus = _ring_plot_max_gpus (params);
  guint node = CLAMP (params->gpus_per_node, 1, max_gpus);
  guint last = 0;

  for (guint gpus = 1; gpus < node; gpus *= 2)
    if (gpus >= first)
      {
        g_array_append_val (counts, gpus);
        last = gpus;
      }

  /* Whole nodes beyond: nobody builds a partial one. */
  for (guint k = 0;; k++)
    {
      double nodes = round (exp2 ((double) k / per_octave));
      double gpus = nodes * node;

      if (gpus > max_gpus)
        break;
      if (gpus <= last || gpus < first)
        continue;
      last = (guint) gpus;
      g_array_append_val (counts, last);
    }

  return counts;
}

/* FALSE, @results NaN, where the algorithm cannot run: a gap, not another's time. */
static gboolean
algorithm_runs (const RingParams *params,
                guint             gpus,
                RingResult       *results,
                guint             n_results)
{
  RingParams swept = *params;
  RingTopology topology;

  if (ring_algorithm_info (params->algorithm)->chooses || gpus <= 1)
    return TRUE;

  swept.gpus = gpus;
  ring_topology_init (&topology, &swept, gpus);
  if (ring_algorithm_can_run (params->algorithm, &topology, NULL))
    return TRUE;

  for (guint i = 0; i < n_results; i++)
    {
      RingResult none = {
        NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, NAN, FALSE, NAN,
      };

      results[i] = none;
    }

  return FALSE;
}

void
_ring_chart_sweep_params (RingChartData    *data,
                          const RingParams *params,
                          guint             gpus,
                          RingParams       *swept)
{
  *swept = *params;
  swept->gpus = gpus;
  if (gpus > RING_STEP_SWEEP_MAX_SIMULATED_GPUS && gpus != data->params.gpus
      && swept->slow_link_fraction < 1 && swept->slow_link < gpus)
    {
      swept->slow_link_fraction = 1;
      data->slow_link_left_out = TRUE;
    }
}

/* With the slow link and GPU; NaN where the algorithm cannot run. */
static gboolean
evaluate_with_gpus (RingChartData    *data,
                    const RingParams *params,
                    guint             gpus,
                    RingResult       *result)
{
  RingParams swept;

  _ring_chart_sweep_params (data, params, gpus, &swept);
  if (!algorithm_runs (params, gpus, result, 1))
    return FALSE;
  _ring_chart_evaluate_sweep (&swept, result);

  return TRUE;
}

/* At @n rates of @link, one simulation of the slow link per collective. */
static void
evaluate_with_gpus_at_rates (RingChartData    *data,
                             const RingParams *params,
                             guint             gpus,
                             RingSizingLink    link,
                             const double     *rates_gbps,
                             guint             n,
                             RingResult       *results)
{
  RingParams swept;

  _ring_chart_sweep_params (data, params, gpus, &swept);
  if (algorithm_runs (params, gpus, results, n))
    ring_cost_evaluate_sweep_rates (&swept, link, rates_gbps, n, results);
}

static char *
format_bandwidth_label (const RingParams *params,
                        RingSizingLink    link,
                        double            rate_gbps)
{
  /* Four figures, as the window writes rates. */
  if (link == RING_SIZING_LINK_NICS)
    {
      RingParams varied = *params;

      ring_params_set_sizing_rate_gbps (&varied, link, rate_gbps);
      if (ring_topology_nics_pcie_bound (&varied))
        /* TRANSLATORS: a curve of the utilization chart; %g is each NIC's speed in Gb/s,
         * which the GPUs' PCIe links to the NICs cannot feed. */
        return g_strdup_printf (_("Utilization with %g Gb/s NICs, bound by PCIe"),
                                ring_round_figures (rate_gbps * 8, 4));
      /* TRANSLATORS: a curve of the utilization chart; %g is each NIC's speed in Gb/s. */
      return g_strdup_printf (_("Utilization with %g Gb/s NICs"),
                              ring_round_figures (rate_gbps * 8, 4));
    }

  /* TRANSLATORS: a curve of the utilization chart; %g is a bandwidth in GB/s. */
  return g_strdup_printf (_("Utilization at %g GB/s"), ring_round_figures (rate_gbps, 4));
}

static GArray *
fill_gpu_column (RingChartData *data)
{
  GArray *counts = _ring_chart_gpu_counts (&data->params, 1, GPU_SAMPLES_PER_OCTAVE);
  double *gpus;

  data->n_rows = counts->len;
  gpus = add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");

  for (guint i = 0; i < counts->len; i++)
    gpus[i] = g_array_index (counts, guint, i);
  data->x_first = gpus[0];
  data->x_last = _ring_plot_max_gpus (&data->params);

  return counts;
}

void
_ring_chart_build_utilization (RingChartData *data)
{
  g_autoptr(GArray) counts = NULL;
  static const double factors[] = { 0.5, 1.0, 2.0 };
  const RingParams *p = &data->params;
  double rates_gbps[G_N_ELEMENTS (factors)];
  double *utilization[G_N_ELEMENTS (factors)];

  /* Half, once and twice the link that binds. */
  RingSizingLink link = ring_params_get_sizing_link (p);

  counts = fill_gpu_column (data);
  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      rates_gbps[f] = ring_params_get_sizing_rate_gbps (p, link) * factors[f];
      utilization[f] = add_column (data, format_bandwidth_label (p, link, rates_gbps[f]), "%");
    }

  for (guint i = 0; i < counts->len; i++)
    {
      RingResult r[G_N_ELEMENTS (factors)];

      evaluate_with_gpus_at_rates (data, p, g_array_index (counts, guint, i), link, rates_gbps,
                                   G_N_ELEMENTS (factors), r);
      for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
        utilization[f][i] = 100.0 * r[f].utilization;
    }
}

typedef struct
{
  const char *label;
  const char *unit;
  gsize       offset;  /* of a double in RingResult */
  double      factor;
} ResultColumn;

#define RESULT_COLUMNS_MAX 3

static void
build_result_columns (RingChartData      *data,
                      const ResultColumn *columns,
                      guint               n_columns)
{
  g_autoptr(GArray) counts = fill_gpu_column (data);
  const RingParams *p = &data->params;
  double *values[RESULT_COLUMNS_MAX];

  g_assert (n_columns <= RESULT_COLUMNS_MAX);

  for (guint c = 0; c < n_columns; c++)
    values[c] = add_column (data, g_strdup (_(columns[c].label)), columns[c].unit);

  for (guint i = 0; i < counts->len; i++)
    {
      RingResult r;

      evaluate_with_gpus (data, p, g_array_index (counts, guint, i), &r);
      for (guint c = 0; c < n_columns; c++)
        values[c][i] = columns[c].factor * G_STRUCT_MEMBER (double, &r, columns[c].offset);
    }
}

void
_ring_chart_build_step_time (RingChartData *data)
{
  static const ResultColumn columns[] = {
    { N_("Compute"), "s", G_STRUCT_OFFSET (RingResult, compute_time_s), 1.0 },
    { N_("Exposed communication"), "s", G_STRUCT_OFFSET (RingResult, exposed_comm_s), 1.0 },
    { N_("Step time"), "s", G_STRUCT_OFFSET (RingResult, step_time_s), 1.0 },
  };

  build_result_columns (data, columns, G_N_ELEMENTS (columns));
}

/* The asymptote, read off two GPUs as every collective moves (N − 1)/N of its share: 2S
 * for DDP and ZeRO, 3S for FSDP. */
void
_ring_chart_build_bytes_moved (RingChartData *data)
{
  g_autoptr(GArray) counts = fill_gpu_column (data);
  const RingParams *p = &data->params;
  double *moved, *asymptote;
  double limit_bytes, multiple;
  RingResult two;
  g_autofree char *asymptote_label = NULL;

  evaluate_with_gpus (data, p, 2, &two);
  limit_bytes = 2 * (two.collective ? two.bytes_moved_per_gpu : two.comm_bytes_per_gpu);
  multiple = limit_bytes / two.gradient_buffer_bytes;
  if (isfinite (multiple) && fabs (multiple - round (multiple)) < 1e-9)
    /* TRANSLATORS: the limit, a whole multiple of S ("2S", "3S"), that the data moved per
     * GPU approaches. */
    asymptote_label = g_strdup_printf (_("Asymptote %.0fS"), multiple);
  else
    asymptote_label = g_strdup (_("Asymptote"));

  moved = add_column (data, g_strdup (_("Data moved per GPU")), "B");
  asymptote = add_column (data, g_steal_pointer (&asymptote_label), "B");
  for (guint i = 0; i < counts->len; i++)
    {
      RingResult r;

      evaluate_with_gpus (data, p, g_array_index (counts, guint, i), &r);
      moved[i] = r.collective ? r.bytes_moved_per_gpu : r.comm_bytes_per_gpu;
      asymptote[i] = isnan (r.gradient_buffer_bytes) ? NAN : limit_bytes;
    }
}

void
_ring_chart_build_throughput (RingChartData *data)
{
  g_autoptr(GArray) counts = NULL;
  const RingParams *p = &data->params;
  double *tokens, *ideal, *efficiency;
  RingResult single;

  counts = fill_gpu_column (data);
  tokens = add_column (data, g_strdup (_("Cluster throughput")), "tokens/s");
  ideal = add_column (data, g_strdup (_("Ideal linear scaling")), "tokens/s");
  efficiency = add_column (data, g_strdup (_("Scaling efficiency")), "%");

  /* Linear scaling extrapolates one GPU, which has nothing to all-reduce. */
  evaluate_with_gpus (data, p, 1, &single);
  for (guint i = 0; i < counts->len; i++)
    {
      guint gpus = g_array_index (counts, guint, i);
      RingResult r;

      evaluate_with_gpus (data, p, gpus, &r);
      tokens[i] = r.tokens_per_s;
      ideal[i] = gpus * single.tokens_per_s;
      efficiency[i] = 100.0 * r.tokens_per_s / ideal[i];
    }
}

/* D = 1, 2, 4 … to ten times the layout's D (at least 65 536, as the GPU sweeps) and the
 * layout's own D, on D · T · P · C GPUs within the parameter's range. */
void
_ring_chart_build_mfu_vs_data_parallel (RingChartData *data)
{
  const RingParams *p = &data->params;
  guint model_parallel = MAX (p->tensor_parallel, 1) * MAX (p->pipeline_parallel, 1)
                         * MAX (p->context_parallel, 1);
  guint current = ring_parallelism_data (p);
  guint max_d = MAX ((guint) ring_param_info (RING_PARAM_GPUS)->maximum / model_parallel, 1);
  guint last = (guint) MIN (exp2 (ceil (log2 (MAX (MIN_GPU_SWEEP, 10.0 * current)))), (double) max_d);
  g_autoptr(GArray) ds = g_array_new (FALSE, FALSE, sizeof (guint));
  double *d_column, *gpus, *mfu, *bubble, *exposed;

  for (guint d = 1; d <= last && d > 0; d *= 2)
    {
      guint previous = ds->len > 0 ? g_array_index (ds, guint, ds->len - 1) : 0;

      if (current > previous && current < d)
        g_array_append_val (ds, current);
      g_array_append_val (ds, d);
    }
  if (current > g_array_index (ds, guint, ds->len - 1))
    g_array_append_val (ds, current);

  data->n_rows = ds->len;
  /* TRANSLATORS: the x axis's column of the MFU chart's CSV */
  d_column = add_column (data, g_strdup (_("Data-parallel GPUs")), "GPUs");
  gpus = add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");
  _ring_chart_data_column (data, 1)->role = RING_SERIES_TABLE;
  mfu = add_column (data, g_strdup (_("Model FLOPs utilization")), "%");
  /* TRANSLATORS: the shares of the step in the MFU chart's legend and CSV */
  bubble = add_column (data, g_strdup (_("Pipeline bubble share of the step")), "%");
  exposed = add_column (data, g_strdup (_("Exposed communication share of the step")), "%");
  for (guint i = 0; i < ds->len; i++)
    {
      guint d = g_array_index (ds, guint, i);
      RingResult r;

      d_column[i] = d;
      gpus[i] = (double) d * model_parallel;
      if (!evaluate_with_gpus (data, p, d * model_parallel, &r))
        {
          mfu[i] = bubble[i] = exposed[i] = NAN;
          continue;
        }
      mfu[i] = 100.0 * r.mfu;
      bubble[i] = 100.0 * r.bubble_s / r.step_time_s;
      exposed[i] = 100.0 * r.exposed_comm_s / r.step_time_s;
    }

  data->x_first = 1;
  data->x_last = MAX (last, current);
}

void
_ring_chart_build_map (RingChartData *data)
{
  const RingParams *p = &data->params;
  RingSizingLink link = ring_params_get_sizing_link (p);
  gboolean nics = link == RING_SIZING_LINK_NICS;
  double current = nics ? p->nic_speed_gbit : p->bandwidth_gbps;
  double min_log10 = log10 (MIN (nics ? MAP_MIN_NIC_GBIT : MAP_MIN_BANDWIDTH_GBPS, current));
  double max_log10 = log10 (MAX (MAP_MAX_BANDWIDTH_GBPS, current));
  double axis_values[MAP_GRID_Y], rates_gbps[MAP_GRID_Y];
  double *gpus, *rate, *utilization;
  g_autoptr(GArray) counts = NULL;
  guint n_counts;

  /* From two GPUs: a map from one would draw contours between counts that do not exist. */
  counts = _ring_chart_gpu_counts (p, 2, MAP_SAMPLES_PER_OCTAVE);
  n_counts = counts->len;

  data->grid_x = n_counts;
  data->grid_y = MAP_GRID_Y;
  data->n_rows = n_counts * MAP_GRID_Y;
  data->map_link = link;
  gpus = add_column (data, g_strdup (_("GPUs in the ring")), "GPUs");
  if (nics)
    rate = add_column (data, g_strdup (_("NIC speed")), "Gb/s");
  else
    rate = add_column (data, g_strdup (_("Bandwidth")), "GB/s");
  utilization = add_column (data, g_strdup (_("Utilization")), "%");

  for (guint j = 0; j < MAP_GRID_Y; j++)
    {
      axis_values[j] = pow (10, min_log10 + (max_log10 - min_log10) * j / (MAP_GRID_Y - 1));
      rates_gbps[j] = nics ? axis_values[j] / 8.0 : axis_values[j];
    }

  for (guint i = 0; i < n_counts; i++)
    {
      guint n = g_array_index (counts, guint, i);
      RingResult r[MAP_GRID_Y];

      evaluate_with_gpus_at_rates (data, p, n, link, rates_gbps, MAP_GRID_Y, r);
      for (guint j = 0; j < MAP_GRID_Y; j++)
        {
          guint row = j * n_counts + i;

          gpus[row] = n;
          rate[row] = axis_values[j];
          utilization[row] = 100.0 * r[j].utilization;
        }
    }
  data->x_first = g_array_index (counts, guint, 0);
  data->x_last = g_array_index (counts, guint, n_counts - 1);
}

static void
chart_measured_free (gpointer pointer)
{
  RingChartMeasured *measured = pointer;

  ring_measurement_unref (measured->measurement);
  ring_nccl_fit_free (measured->comparison);
  g_free (measured);
}

static GPtrArray *
compare_measurements (GPtrArray        *measurements,
                      const RingParams *params)
{
  GPtrArray *measured = g_ptr_array_new_with_free_func (chart_measured_free);

  for (guint i = 0; measurements != NULL && i < measurements->len; i++)
    {
      RingMeasurement *measurement = g_ptr_array_index (measurements, i);
      RingNcclFit *comparison = ring_measurement_compare (measurement, params);
      RingChartMeasured *entry;

      /* Left off, never drawn half. */
      if (comparison == NULL)
        continue;
      entry = g_new0 (RingChartMeasured, 1);
      entry->measurement = ring_measurement_ref (measurement);
      entry->comparison = comparison;
      entry->same_cluster = ring_measurement_same_cluster (measurement, params);
      g_ptr_array_add (measured, entry);
    }

  return measured;
}

/* The one collective every log measured, or all-reduce: logs of several collectives (or
 * none) leave the chart the all-reduce's, each log's own model column still its own. */
static RingCollective
common_collective (GPtrArray *measured)
{
  RingCollective collective = RING_COLLECTIVE_ALL_REDUCE;

  for (guint m = 0; m < measured->len; m++)
    {
      RingChartMeasured *entry = g_ptr_array_index (measured, m);
      RingCollective own = entry->measurement->log->collective;

      if (m > 0 && own != collective)
        return RING_COLLECTIVE_ALL_REDUCE;
      collective = own;
    }

  return collective;
}

static RingChartData *
chart_data_new (RingChartKind     kind,
                const RingParams *params,
                GPtrArray        *measurements,
                RingCollective    collective)
{
  const RingChartKindInfo *info;
  RingChartData *data;

  info = _ring_chart_kind_info (kind);
  data = g_new0 (RingChartData, 1);
  data->kind = kind;
  data->params = *params;
  data->measured = kind == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE
                   ? compare_measurements (measurements, params)
                   : g_ptr_array_new_with_free_func (chart_measured_free);
  data->collective = data->measured->len > 0 ? common_collective (data->measured)
                                             : collective;
  /* A chart of a step's figures shows the gradients' step, and says so. */
  if (info->training_step && ring_params_is_collective (params))
    {
      g_autofree char *size = NULL;

      data->params.message_bytes = 0;
      size = ring_format_bytes (ring_cost_gradient_buffer_bytes (&data->params));
      /* TRANSLATORS: under a chart's title in single-collective mode; %s is a size. */
      data->note = g_strdup_printf (_("Single-collective mode has no training step: this "
                                      "chart shows the step of the model’s %s of gradients"),
                                    size);
    }
  /* The flat ring collapses at scale, where real libraries switch: said, not drawn as a
   * cluster's. */
  else if (info->training_step && ring_algorithm_info (params->algorithm)->closed_form)
    {
      data->note = g_strdup (_("Flat ring: the textbook formula of one ring at one bandwidth; "
                               "real libraries switch to trees and hierarchical rings long "
                               "before its latency grows this large"));
    }
  _ring_chart_evaluate (&data->params, &data->result);
  data->columns = g_ptr_array_new_with_free_func (series_free);
  info->build (data);
  if (data->slow_link_left_out && data->note == NULL)
    {
      g_autofree char *gpus = _ring_plot_format_gpus (RING_STEP_SWEEP_MAX_SIMULATED_GPUS);

      /* TRANSLATORS: under a chart's title; %s is a number of GPUs, "4096 GPUs". */
      data->note = g_strdup_printf (_("Beyond %s the curves leave the slow link out: each "
                                      "point would need a simulation of its own"), gpus);
    }

  return data;
}

RingChartData *
_ring_chart_data_new (RingChartKind     kind,
                      const RingParams *params)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  return chart_data_new (kind, params, NULL, RING_COLLECTIVE_ALL_REDUCE);
}

RingChartData *
_ring_chart_data_new_for_collective (RingChartKind     kind,
                                     const RingParams *params,
                                     RingCollective    collective)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);
  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (collective < RING_N_COLLECTIVES, NULL);

  return chart_data_new (kind, params, NULL,
                         kind == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE
                         ? collective : RING_COLLECTIVE_ALL_REDUCE);
}

const char *
_ring_chart_data_get_title (RingChartData *data)
{
  g_return_val_if_fail (data != NULL, NULL);

  if (data->kind == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE)
    switch (data->collective)
      {
      case RING_COLLECTIVE_REDUCE_SCATTER:
        return _("Reduce-scatter time and bus bandwidth vs. message size");
      case RING_COLLECTIVE_ALL_GATHER:
        return _("All-gather time and bus bandwidth vs. message size");
      case RING_COLLECTIVE_BROADCAST:
        return _("Broadcast time and bus bandwidth vs. message size");
      case RING_COLLECTIVE_ALLTOALL:
        return _("All-to-all time and bus bandwidth vs. message size");
      case RING_COLLECTIVE_ALL_REDUCE:
      default:
        break;
      }

  return ring_chart_kind_get_title (data->kind);
}

RingChartData *
_ring_chart_data_new_for_model (RingChartKind  kind,
                                RingModel     *model)
{
  RingChartData *data;

  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);
  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  data = chart_data_new (kind, ring_model_get_params (model),
                         ring_model_get_measurements (model), RING_COLLECTIVE_ALL_REDUCE);
  _ring_chart_data_add_scenarios (data, model);

  return data;
}

void
_ring_chart_data_free (RingChartData *data)
{
  if (data == NULL)
    return;

  g_ptr_array_unref (data->columns);
  g_ptr_array_unref (data->measured);
  g_free (data->note);
  g_free (data->chosen_algorithm);
  g_free (data->chosen_protocol);
  g_clear_pointer (&data->segments, g_array_unref);
  g_clear_pointer (&data->stage_segments, g_array_unref);
  g_strfreev (data->scenario_names);
  g_free (data);
}

/* The largest finite value of @column and of its scenarios' copies, or, with
 * @smallest_positive, the smallest positive one; −∞ or +∞ if there is none. */
static double
column_extreme (RingChartData *data,
                guint          column,
                gboolean       smallest_positive)
{
  RingSeries *series = _ring_chart_data_column (data, column);
  double extreme = smallest_positive ? HUGE_VAL : -HUGE_VAL;

  for (guint i = 0; i < data->n_rows; i++)
    {
      double value = series->values[i];

      if (!isfinite (value) || (smallest_positive && value <= 0))
        continue;
      extreme = smallest_positive ? MIN (extreme, value) : MAX (extreme, value);
    }
  for (guint s = 0; s < data->n_scenarios; s++)
    {
      guint copy = _ring_chart_data_scenario_column (data, s, column);
      double copy_extreme;

      if (copy == 0)
        continue;
      copy_extreme = column_extreme (data, copy, smallest_positive);
      extreme = smallest_positive ? MIN (extreme, copy_extreme) : MAX (extreme, copy_extreme);
    }

  return extreme;
}

/* The largest finite value of @column, or −∞ if it has none. */
double
_ring_chart_data_column_max (RingChartData *data,
                             guint          column)
{
  g_return_val_if_fail (data != NULL, -HUGE_VAL);
  g_return_val_if_fail (column < data->columns->len, -HUGE_VAL);

  return column_extreme (data, column, FALSE);
}

/* The smallest positive finite value of @column, for a log axis; +∞ if it has none. */
double
_ring_chart_data_column_min_positive (RingChartData *data,
                                      guint          column)
{
  g_return_val_if_fail (data != NULL, HUGE_VAL);
  g_return_val_if_fail (column < data->columns->len, HUGE_VAL);

  return column_extreme (data, column, TRUE);
}
