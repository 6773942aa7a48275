/* test-chart-series.c: what the charts compute: the GPU counts the sweeps sample, every
 * algorithm's time in the comparison, single-collective mode, and gaps where the model's
 * algorithm cannot run.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ring-chart-draw-private.h"
#include "ring-presets.h"

static void
check_counts (guint        gpus_per_node,
              const guint *expected,
              guint        n_expected)
{
  RingParams params;
  g_autoptr(GArray) counts = NULL;

  ring_params_init_default (&params);
  params.gpus_per_node = gpus_per_node;
  counts = _ring_chart_gpu_counts (&params, 1, 4);
  for (guint i = 0; i < n_expected; i++)
    g_assert_cmpuint (g_array_index (counts, guint, i), ==, expected[i]);
  /* Beyond one node, whole nodes only, rising. */
  for (guint i = 1; i < counts->len; i++)
    {
      guint n = g_array_index (counts, guint, i);

      g_assert_cmpuint (n, >, g_array_index (counts, guint, i - 1));
      g_assert_true (n <= gpus_per_node || n % gpus_per_node == 0);
    }
  g_assert_cmpuint (g_array_index (counts, guint, counts->len - 1), <=, 65536);
}

/* GPU sweeps: 1, 2, 4 … G inside a node, then whole nodes, evenly on the log axis. */
static void
test_node_steps (void)
{
  static const guint eight[] = { 1, 2, 4, 8, 16, 16 + 8, 32, 40, 48, 56, 64, 80 };
  static const guint seventy_two[] = { 1, 2, 4, 8, 16, 32, 64, 72, 144, 216, 288 };
  static const guint one[] = { 1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16 };

  check_counts (8, eight, G_N_ELEMENTS (eight));
  check_counts (72, seventy_two, G_N_ELEMENTS (seventy_two));
  check_counts (1, one, G_N_ELEMENTS (one));
}

/* The comparison holds every algorithm's time as the model costs it, nothing where one
 * cannot run, and auto's pick. */
static void
test_comparison (void)
{
  RingParams params;
  g_autoptr(RingChartData) data = NULL;
  const double *gpus;
  double bytes;
  gboolean nvls_in_node = FALSE, nvls_beyond = FALSE;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.nics_per_node = 8;
  params.nic_speed_gbit = 400;
  bytes = ring_cost_gradient_buffer_bytes (&params);
  data = _ring_chart_data_new (RING_CHART_ALGORITHM_COMPARISON, &params);
  gpus = _ring_chart_data_column (data, 0)->values;
  g_assert_cmpfloat (gpus[0], ==, 2);
  g_assert_cmpuint (data->n_curve_algorithms, >=, 5);
  g_assert_cmpuint (data->columns->len, ==, data->n_curve_algorithms + 3);

  for (guint c = 0; c < data->n_curve_algorithms; c++)
    {
      RingAlgorithm algorithm = data->curve_algorithm[c];
      const double *times = _ring_chart_data_column (data, c + 1)->values;

      g_assert_cmpint (algorithm, !=, RING_ALGORITHM_AUTO);
      for (guint i = 0; i < data->n_rows; i++)
        {
          RingAllreduceCost cost;

          if (ring_allreduce_cost_for (&params, (guint) gpus[i], algorithm, bytes, &cost))
            g_assert_cmpfloat (times[i], ==, cost.time_s);
          else
            g_assert_true (isnan (times[i]));
          if (algorithm == RING_ALGORITHM_NVLS && gpus[i] == 8)
            nvls_in_node = isfinite (times[i]);
          if (algorithm == RING_ALGORITHM_NVLS && gpus[i] == 16)
            nvls_beyond = isfinite (times[i]);
        }
    }
  /* NVLS runs inside an H100 node, not across nodes without SHARP. */
  g_assert_true (nvls_in_node);
  g_assert_false (nvls_beyond);

  for (guint i = 0; i < data->n_rows; i++)
    {
      RingAllreduceCost cost;
      const RingSeries *choice = _ring_chart_data_column (data, data->columns->len - 1);
      g_autofree char *expected = NULL;

      g_assert_true (ring_allreduce_cost_for (&params, (guint) gpus[i], RING_ALGORITHM_AUTO,
                                              bytes, &cost));
      g_assert_cmpint (data->chosen_algorithm[i], ==, cost.algorithm);
      expected = _ring_chart_describe_choice (cost.algorithm, cost.protocol);
      g_assert_cmpstr (choice->texts[i], ==, expected);
    }
}

/* Single-collective mode: the charts of a training step show the step of the model's
 * gradients and say so; the charts of the all-reduce show the message. */
static void
test_collective_mode (void)
{
  RingParams params, step;
  RingResult result;

  ring_params_init_default (&params);
  params.message_bytes = 1 << 20;
  step = params;
  step.message_bytes = 0;
  ring_cost_evaluate (&step, &result);

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      g_autoptr(RingChartData) data = _ring_chart_data_new (kind, &params);

      if (_ring_chart_kind_info (kind)->training_step)
        {
          g_assert_nonnull (data->note);
          g_assert_cmpfloat (data->params.message_bytes, ==, 0);
          g_assert_cmpfloat (data->result.utilization, ==, result.utilization);
        }
      else
        {
          /* A note of its own (no other job on the fabric) is not the step's. */
          g_assert_true (data->note == NULL || strstr (data->note, "training step") == NULL);
          g_assert_cmpfloat (data->params.message_bytes, ==, 1 << 20);
        }
    }
}

/* A sweep leaves a gap where the model's algorithm cannot run, rather than show another
 * algorithm's numbers under its name. */
static void
test_algorithm_gap (void)
{
  RingParams params;
  g_autoptr(RingChartData) data = NULL;
  const double *gpus, *utilization;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.nics_per_node = 8;
  params.nic_speed_gbit = 400;
  params.algorithm = RING_ALGORITHM_NVLS;
  data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS, &params);
  gpus = _ring_chart_data_column (data, 0)->values;
  utilization = _ring_chart_data_column (data, 2)->values;
  for (guint i = 0; i < data->n_rows; i++)
    g_assert_true (isfinite (utilization[i]) == (gpus[i] <= 8));
}

/* Across nodes the curves vary the NICs (issue 21, item 4). The seed's flat ring in one
 * bucket, nodes of 8, one 400 Gb/s NIC each: the ring crosses the NIC at 0.96 × 400/8 ×
 * f GB/s for the curves f = 0.5, 1, 2: 24, 48 and 96 GB/s, all below B = 300 and the
 * 8 × 24 GB/s PCIe the GPUs feed it with. At 64 GPUs: moved = 2 · 63/64 · 28e9 =
 * 55.125e9 B, latency 2 · 63 · 5e-6 = 6.3e-4 s, compute 0.43008 s, and nothing overlaps:
 * utilization = 0.43008 / (0.43008 + 6.3e-4 + 55.125e9 / rate). Before, the curves varied
 * B (150, 300, 600 GB/s) and all three were the same line beyond a node. */
static void
test_utilization_varies_nics (void)
{
  static const double rates_gbps[] = { 24e9, 48e9, 96e9 };
  static const char *const labels[] = {
    "Utilization with 200 Gb/s NICs", "Utilization with 400 Gb/s NICs",
    "Utilization with 800 Gb/s NICs",
  };
  RingParams params;
  g_autoptr(RingChartData) data = NULL;
  const double *gpus;
  guint row = G_MAXUINT;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  params.bucket_bytes = 0;
  params.nics_per_node = 1;
  params.gpus = 64;
  data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS, &params);
  gpus = _ring_chart_data_column (data, 0)->values;
  for (guint i = 0; i < data->n_rows; i++)
    if (gpus[i] == 64)
      row = i;
  g_assert_cmpuint (row, !=, G_MAXUINT);

  for (guint f = 0; f < G_N_ELEMENTS (rates_gbps); f++)
    {
      const RingSeries *curve = _ring_chart_data_column (data, f + 1);
      double expected = 0.43008 / (0.43008 + 6.3e-4 + 55.125e9 / rates_gbps[f]);

      g_assert_cmpstr (curve->label, ==, labels[f]);
      g_assert_cmpfloat (fabs (curve->values[row] - 100 * expected), <, 1e-9);
    }
}

/* Issue 21, item 5: on 8 DGX H100 nodes 400 and 800 Gb/s NICs draw one curve, since the
 * GPUs' PCIe links feed them no faster (test-cost's bandwidth-for-90pct-pcie): the labels
 * say so instead of two curves silently coinciding. */
static void
test_utilization_pcie_bound (void)
{
  static const char *const labels[] = {
    "Utilization with 200 Gb/s NICs", "Utilization with 400 Gb/s NICs, bound by PCIe",
    "Utilization with 800 Gb/s NICs, bound by PCIe",
  };
  RingParams params;
  g_autoptr(RingChartData) data = NULL;
  const double *twice, *same;

  ring_params_init_default (&params);
  ring_preset_apply (ring_preset_lookup ("dgx-h100"), &params);
  params.gpus = 64;
  data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS, &params);
  for (guint f = 0; f < G_N_ELEMENTS (labels); f++)
    g_assert_cmpstr (_ring_chart_data_column (data, f + 1)->label, ==, labels[f]);
  same = _ring_chart_data_column (data, 2)->values;
  twice = _ring_chart_data_column (data, 3)->values;
  for (guint i = 0; i < data->n_rows; i++)
    if (isfinite (same[i]))
      g_assert_cmpfloat (twice[i], ==, same[i]);
}

static guint
row_of (RingChartData *data,
        guint          column,
        double         value)
{
  const double *values = _ring_chart_data_column (data, column)->values;

  for (guint i = 0; i < data->n_rows; i++)
    if (values[i] == value)
      return i;
  g_error ("no row at %g", value);
}

/* Issue 21, item 1: with a slow link and a slow GPU every chart's curves pass through the
 * headline figures, which have them: the utilization and step time over N, the
 * comparison's algorithm, the message-size chart's time, and the map below the uniform
 * one. The slow link of the CLI's `--slow-link 3:25%` takes the defaults' step from
 * 454 ms to 1.18 s; before, every curve stayed at the uniform figures. */
static void
test_straggler_curves (void)
{
  RingParams params, uniform_params;
  RingResult result, uniform;
  g_autoptr(RingChartData) utilization = NULL;
  g_autoptr(RingChartData) step = NULL;
  g_autoptr(RingChartData) comparison = NULL;
  g_autoptr(RingChartData) map = NULL;
  g_autoptr(RingChartData) uniform_map = NULL;
  g_autoptr(RingChartData) sizes = NULL;
  guint row;
  gboolean compared = FALSE;

  ring_params_init_default (&params);
  params.slow_link = 3;
  params.slow_link_fraction = 0.25;
  params.slow_gpu = 5;
  params.slow_gpu_fraction = 0.8;
  uniform_params = params;
  uniform_params.slow_link_fraction = 1;
  uniform_params.slow_gpu_fraction = 1;
  ring_cost_evaluate (&params, &result);
  ring_cost_evaluate (&uniform_params, &uniform);
  g_assert_cmpfloat (result.utilization, <, uniform.utilization - 0.1);

  utilization = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS, &params);
  row = row_of (utilization, 0, params.gpus);
  g_assert_cmpfloat_with_epsilon (_ring_chart_data_column (utilization, 2)->values[row],
                                  100 * result.utilization, 1e-9);

  step = _ring_chart_data_new (RING_CHART_STEP_TIME_VS_GPUS, &params);
  row = row_of (step, 0, params.gpus);
  g_assert_cmpfloat_with_epsilon (_ring_chart_data_column (step, 3)->values[row],
                                  result.step_time_s, 1e-12);

  comparison = _ring_chart_data_new (RING_CHART_ALGORITHM_COMPARISON, &params);
  row = row_of (comparison, 0, params.gpus);
  for (guint c = 0; c < comparison->n_curve_algorithms; c++)
    if (comparison->curve_algorithm[c] == result.algorithm_used)
      {
        g_assert_cmpfloat_with_epsilon (_ring_chart_data_column (comparison, c + 1)->values[row],
                                        result.allreduce_time_s, 1e-12);
        compared = TRUE;
      }
  g_assert_true (compared);

  /* The map at the GPU count and the grid's bandwidth nearest B: lower with the slow link
   * and GPU, by nearly as much as the headline falls. */
  map = _ring_chart_data_new (RING_CHART_UTILIZATION_MAP, &params);
  uniform_map = _ring_chart_data_new (RING_CHART_UTILIZATION_MAP, &uniform_params);
  {
    const double *gpus = _ring_chart_data_column (map, 0)->values;
    const double *bandwidth = _ring_chart_data_column (map, 1)->values;
    guint nearest = G_MAXUINT;

    for (guint i = 0; i < map->n_rows; i++)
      if (gpus[i] == params.gpus
          && (nearest == G_MAXUINT
              || fabs (log (bandwidth[i] / 300)) < fabs (log (bandwidth[nearest] / 300))))
        nearest = i;
    g_assert_cmpuint (nearest, !=, G_MAXUINT);
    g_assert_cmpfloat (_ring_chart_data_column (map, 2)->values[nearest], <,
                       _ring_chart_data_column (uniform_map, 2)->values[nearest] - 10);
  }

  /* One all-reduce of 1 GiB: the message-size chart's time at that size is the
   * headline's. */
  params.message_bytes = 1 << 30;
  ring_cost_evaluate (&params, &result);
  sizes = _ring_chart_data_new (RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, &params);
  row = row_of (sizes, 0, params.message_bytes);
  g_assert_cmpfloat_with_epsilon (_ring_chart_data_column (sizes, RING_MESSAGE_SIZE_TIME_US)
                                    ->values[row] * 1e-6,
                                  result.allreduce_time_s, 1e-12);
  g_assert_cmpfloat (result.allreduce_time_s, >, 1.5 * result.uniform_allreduce_time_s);
}

/* Issue 21, item 4: across nodes, where the NICs bind, the utilization map's axis is each
 * NIC's speed over its parameter's range (1 to 10 000 Gb/s), and utilization rises along
 * it beyond a node; inside one node it stays B. */
static void
test_map_varies_nics (void)
{
  RingParams params;
  g_autoptr(RingChartData) map = NULL;
  g_autoptr(RingChartData) in_node = NULL;
  const RingSeries *rate;
  const double *gpus, *utilization;
  double slowest = NAN, fastest = NAN;

  ring_params_init_default (&params);
  params.gpus = 64;
  params.nics_per_node = 4;
  g_assert_cmpint (ring_params_get_sizing_link (&params), ==, RING_SIZING_LINK_NICS);
  map = _ring_chart_data_new (RING_CHART_UTILIZATION_MAP, &params);
  rate = _ring_chart_data_column (map, 1);
  g_assert_cmpstr (rate->label, ==, "NIC speed");
  g_assert_cmpstr (rate->unit, ==, "Gb/s");
  g_assert_cmpfloat_with_epsilon (rate->values[0], 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (rate->values[map->n_rows - 1], 10000, 1e-6);

  gpus = _ring_chart_data_column (map, 0)->values;
  utilization = _ring_chart_data_column (map, 2)->values;
  for (guint i = 0; i < map->n_rows; i++)
    if (gpus[i] == 64)
      {
        if (isnan (slowest))
          slowest = utilization[i];
        fastest = utilization[i];
      }
  g_assert_cmpfloat (slowest, <, 10);
  g_assert_cmpfloat (fastest, >, 50);

  params.gpus = 8;
  in_node = _ring_chart_data_new (RING_CHART_UTILIZATION_MAP, &params);
  g_assert_cmpstr (_ring_chart_data_column (in_node, 1)->label, ==, "Bandwidth");
  g_assert_cmpstr (_ring_chart_data_column (in_node, 1)->unit, ==, "GB/s");
}

/* With FSDP each GPU sends the step's bytes: a reduce-scatter of the gradients and two
 * all-gathers of the parameters, 3 (N − 1)/N · S, not the all-reduce's 2 (N − 1)/N · S
 * (issue 21, item 7). The seed's S = 28e9 B at N = 4: 3 · 3/4 · 28e9 = 63e9 B (DDP:
 * 42e9), approaching 3S = 84e9 B (DDP: 2S = 56e9). */
static void
test_bytes_moved_sharding (void)
{
  static const struct {
    RingSharding sharding;
    double       moved;
    const char  *asymptote_label;
    double       asymptote;
  } cases[] = {
    { RING_SHARDING_DDP, 42e9, "Asymptote 2S", 56e9 },
    { RING_SHARDING_FSDP, 63e9, "Asymptote 3S", 84e9 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      RingParams params;
      g_autoptr(RingChartData) data = NULL;
      const double *gpus;
      gboolean seen = FALSE;

      ring_params_init_default (&params);
      params.sharding = cases[c].sharding;
      data = _ring_chart_data_new (RING_CHART_BYTES_MOVED_VS_GPUS, &params);
      gpus = _ring_chart_data_column (data, 0)->values;
      g_assert_cmpstr (_ring_chart_data_column (data, 2)->label, ==,
                       cases[c].asymptote_label);
      for (guint i = 0; i < data->n_rows; i++)
        if (gpus[i] == 4)
          {
            g_assert_cmpfloat (_ring_chart_data_column (data, 1)->values[i], ==,
                               cases[c].moved);
            g_assert_cmpfloat (_ring_chart_data_column (data, 2)->values[i], ==,
                               cases[c].asymptote);
            seen = TRUE;
          }
      g_assert_true (seen);
    }
}

/* Issue 21, item 14: the legend names the B/2, B and 2B curves as people write bandwidths,
 * four figures at most: a bandwidth a slider left at 0.897868 GB/s, or 28.393, never shows
 * its raw double (0.448934, 14.1965). */
static void
test_bandwidth_labels (void)
{
  const struct
  {
    double      bandwidth_gbps;
    const char *labels[3];
  } cases[] = {
    { 0.897868, { "Utilization at 0.4489 GB/s", "Utilization at 0.8979 GB/s",
                  "Utilization at 1.796 GB/s" } },
    { 28.393, { "Utilization at 14.2 GB/s", "Utilization at 28.39 GB/s",
                "Utilization at 56.79 GB/s" } },
    { 300, { "Utilization at 150 GB/s", "Utilization at 300 GB/s",
             "Utilization at 600 GB/s" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RingParams params;
      g_autoptr(RingChartData) data = NULL;

      ring_params_init_default (&params);
      params.bandwidth_gbps = cases[i].bandwidth_gbps;
      data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS, &params);
      for (guint c = 0; c < 3; c++)
        g_assert_cmpstr (_ring_chart_data_column (data, c + 1)->label, ==, cases[i].labels[c]);
    }
}

/* A log of another collective sets the message-size chart's curves to that collective,
 * in its own busbw convention, so its markers sit on the thing they measure; logs of two
 * collectives leave it the all-reduce's. Pinned scenarios follow the curves. */
static void
test_message_size_follows_collective (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *rs_path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                    "reduce-scatter.log", NULL);
  g_autofree char *ag_path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                    "all-gather-named.log", NULL);
  g_autoptr(RingChartData) data = NULL;
  g_autoptr(RingChartData) all_reduce = NULL;
  g_autoptr(RingChartData) mixed = NULL;
  RingParams params;
  const double *bytes, *time_us, *algbw, *busbw, *scenario_us;
  guint checked = 0;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  params.gpus = 16;
  params.message_bytes = 64.0 * 1024 * 1024;
  ring_model_set_params (model, &params);
  g_assert_true (ring_model_pin_scenario (model, "pinned", &error));
  g_assert_no_error (error);
  params.gpus = 32;
  ring_model_set_params (model, &params);
  g_assert_true (ring_model_import_measurement (model, rs_path, &error));
  g_assert_no_error (error);

  data = _ring_chart_data_new_for_model (RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, model);
  all_reduce = _ring_chart_data_new (RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, &params);
  g_assert_cmpint (data->collective, ==, RING_COLLECTIVE_REDUCE_SCATTER);
  g_assert_cmpstr (_ring_chart_data_get_title (data), ==,
                   "Reduce-scatter time and bus bandwidth vs. message size");
  g_assert_cmpstr (_ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US)->label, ==,
                   "Reduce-scatter time");
  /* nccl-tests' header stays its own. */
  g_assert_cmpstr (_ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US)->csv_header, ==,
                   "time (us)");
  g_assert_cmpint (all_reduce->collective, ==, RING_COLLECTIVE_ALL_REDUCE);
  g_assert_cmpstr (_ring_chart_data_get_title (all_reduce), ==,
                   ring_chart_kind_get_title (RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE));

  bytes = _ring_chart_data_column (data, 0)->values;
  time_us = _ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US)->values;
  algbw = _ring_chart_data_column (data, RING_MESSAGE_SIZE_TIME_US + 1)->values;
  busbw = _ring_chart_data_column (data, RING_MESSAGE_SIZE_BUSBW)->values;
  scenario_us = _ring_chart_data_column (data, _ring_chart_data_scenario_column (
                                                 data, 0, RING_MESSAGE_SIZE_TIME_US))->values;
  for (guint i = 0; i < data->n_rows; i++)
    {
      const double *ar_bytes = _ring_chart_data_column (all_reduce, 0)->values;
      const double *ar_us = _ring_chart_data_column (all_reduce,
                                                     RING_MESSAGE_SIZE_TIME_US)->values;
      RingParams pinned = params;
      RingTopology topology;
      RingAllreduceCost cost;

      /* The model's reduce-scatter on these 32 GPUs, as a log's model column has it. */
      ring_topology_init (&topology, &params, params.gpus);
      g_assert_true (ring_collective_cost (&topology, RING_COLLECTIVE_REDUCE_SCATTER,
                                           params.algorithm, bytes[i], &cost));
      g_assert_cmpfloat_with_epsilon (time_us[i], cost.time_s * 1e6, 1e-9 * time_us[i]);
      /* nccl-tests' reduce-scatter convention: busbw = algbw · (N − 1)/N. */
      g_assert_cmpfloat_with_epsilon (algbw[i], bytes[i] / (time_us[i] * 1e-6) / 1e9,
                                      1e-9 * algbw[i]);
      g_assert_cmpfloat_with_epsilon (busbw[i], algbw[i] * 31.0 / 32.0, 1e-9 * busbw[i]);
      /* Not the all-reduce's curve: where bandwidth rules (256 MiB and up) a
       * reduce-scatter, which carries half what an all-reduce does, is the faster. */
      for (guint j = 0; j < all_reduce->n_rows; j++)
        if (ar_bytes[j] == bytes[i])
          {
            g_assert_cmpfloat (time_us[i], !=, ar_us[j]);
            if (bytes[i] >= 256.0 * 1024 * 1024)
              g_assert_cmpfloat (time_us[i], <, ar_us[j]);
            checked++;
          }
      /* The pinned 16 GPUs, costed the same way. */
      pinned.gpus = 16;
      ring_topology_init (&topology, &pinned, pinned.gpus);
      g_assert_true (ring_collective_cost (&topology, RING_COLLECTIVE_REDUCE_SCATTER,
                                           pinned.algorithm, bytes[i], &cost));
      g_assert_cmpfloat_with_epsilon (scenario_us[i], cost.time_s * 1e6,
                                      1e-6 * scenario_us[i]);
    }
  g_assert_cmpuint (checked, >, 20);
  g_assert_cmpfloat (data->collective_crossover_bytes, >, 1024);
  g_assert_cmpfloat (data->collective_crossover_bytes, <, 1e9);

  /* A second log of another collective: the all-reduce's curves again. */
  g_assert_true (ring_model_import_measurement (model, ag_path, &error));
  g_assert_no_error (error);
  mixed = _ring_chart_data_new_for_model (RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, model);
  g_assert_cmpint (mixed->collective, ==, RING_COLLECTIVE_ALL_REDUCE);
  g_assert_cmpstr (_ring_chart_data_column (mixed, RING_MESSAGE_SIZE_TIME_US)->label, ==,
                   "All-reduce time");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/chart-series/node-steps", test_node_steps);
  g_test_add_func ("/ring/chart-series/comparison", test_comparison);
  g_test_add_func ("/ring/chart-series/collective-mode", test_collective_mode);
  g_test_add_func ("/ring/chart-series/algorithm-gap", test_algorithm_gap);
  g_test_add_func ("/ring/chart-series/utilization-varies-nics", test_utilization_varies_nics);
  g_test_add_func ("/ring/chart-series/bytes-moved-sharding", test_bytes_moved_sharding);
  g_test_add_func ("/ring/chart-series/bandwidth-labels", test_bandwidth_labels);
  g_test_add_func ("/ring/chart-series/straggler-curves", test_straggler_curves);
  g_test_add_func ("/ring/chart-series/map-varies-nics", test_map_varies_nics);
  g_test_add_func ("/ring/chart-series/utilization-pcie-bound", test_utilization_pcie_bound);
  g_test_add_func ("/ring/chart-series/message-size-follows-collective",
                   test_message_size_follows_collective);

  return g_test_run ();
}
