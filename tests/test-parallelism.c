/* test-parallelism.c: tensor, pipeline and context parallelism around data parallelism,
 * every term worked out by hand for 2 × 2 × 2 on two nodes of eight.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-parallelism.h"
#include "ring-presets.h"
#include "ring-protocol-tuning-private.h"
#include "ring-step.h"
#include "ring-test-numbers.h"

/* Llama 3 8B (32 × 4096, bf16) on 16 H100 in two nodes of 8 (8 × 400 Gb/s each), T = P =
 * C = 2, so D = 2; 1024 tokens per GPU in m = 4 micro-batches: a micro-batch is
 * T · P · 1024 / 4 = 1024 tokens on each GPU of its context group. */
static void
small_case (RingParams *params)
{
  ring_params_init_default (params);
  ring_preset_apply (ring_preset_lookup ("dgx-h100"), params);
  ring_preset_apply (ring_preset_lookup ("llama3-8b"), params);
  params->gpus = 16;
  params->tokens_per_gpu = 1024;
  params->tensor_parallel = params->pipeline_parallel = params->context_parallel = 2;
  params->micro_batches = 4;
}

/* A group built by hand: @size GPUs, @per_node of them in a node, with @nics NICs. */
static void
hand_group (const RingParams *params,
            guint             size,
            guint             per_node,
            guint             nics,
            RingParams       *group)
{
  *group = *params;
  group->gpus = size;
  group->gpus_per_node = per_node;
  group->nics_per_node = nics;
  group->tensor_parallel = group->pipeline_parallel = group->context_parallel = 1;
  group->micro_batches = 1;
}

static void
test_groups (void)
{
  RingParams params, group;

  small_case (&params);
  g_assert_true (ring_parallelism_is_active (&params));
  g_assert_cmpuint (ring_parallelism_data (&params), ==, 2);

  /* Ranks r = tp + 2 (cp + 2 (pp + 2 dp)): a DP group is ranks 8 apart, one per node, and
   * the eight DP groups of a node take one of its eight NICs each. */
  ring_parallelism_group (&params, 2, 8, &group);
  g_assert_cmpuint (group.gpus, ==, 2);
  g_assert_cmpuint (group.gpus_per_node, ==, 1);
  g_assert_cmpuint (group.nics_per_node, ==, 1);
  g_assert_cmpfloat (group.nic_speed_gbit, ==, 400);
  g_assert_cmpuint (ring_params_get_nodes (&group), ==, 2);
  /* TP: neighbours in one node; CP: 2 apart, both in one node, four groups a node. */
  ring_parallelism_group (&params, 2, 1, &group);
  g_assert_cmpuint (group.gpus_per_node, ==, 2);
  ring_parallelism_group (&params, 2, 2, &group);
  g_assert_cmpuint (group.gpus_per_node, ==, 2);
  g_assert_cmpuint (group.nics_per_node, ==, 2);
  /* Four NICs for eight groups: one NIC each at half its speed. */
  params.nics_per_node = 4;
  ring_parallelism_group (&params, 2, 8, &group);
  g_assert_cmpuint (group.nics_per_node, ==, 1);
  g_assert_cmpfloat (group.nic_speed_gbit, ==, 200);
}

static void
test_terms (void)
{
  RingParams params, tp, cp, dp;
  RingParallelStep step;
  RingTopology topology;
  RingAllreduceCost cost;
  const double h = 4096, b = 2, m = 4, layers = 16, tokens = 1024;
  double x, p2p_bytes, p2p_s, forward_s, backward_s, slot_s, compute_s;

  small_case (&params);
  ring_parallel_step (&params, &step);
  g_assert_cmpuint (step.stage_layers, ==, 16);
  ring_test_assert_close (step.micro_batch_tokens, tokens, 1e-12);
  /* The stage's parameters: 8e9 / (T · P). */
  ring_test_assert_close (step.stage_params, 8e9 / 4, 1e-12);

  /* Compute: 6 P T / F per GPU, a third forward, in m micro-batches. */
  compute_s = 6 * 8e9 * 1024 / (params.compute_tflops * 1e12);
  ring_test_assert_close (step.compute_s, compute_s, 1e-12);
  forward_s = compute_s / 3 / m;
  backward_s = compute_s * 2 / 3 / m;

  /* TP: per layer and micro-batch four reduce-scatter + all-gather pairs of the
   * micro-batch's activations, 1024 · 4096 · 2 bytes, each half (T−1)/T of it. */
  x = tokens * h * b;
  hand_group (&params, 2, 2, 2, &tp);
  ring_test_assert_close (step.tp_time_s,
                          m * layers * 4 * 2 * ring_step_half_collective_s (&tp, 2, x), 1e-12);
  ring_test_assert_close (step.tp_bytes_per_gpu, m * layers * 4 * 2 * 0.5 * x, 1e-12);

  /* CP: keys and values of the micro-batch (2 · C · 1024 · 4096 · 2 / T bytes in all)
   * all-gathered forward and reduce-scattered backward in every layer. */
  x = 2 * 2 * tokens * h * b / 2;
  hand_group (&params, 2, 2, 2, &cp);
  ring_test_assert_close (step.cp_time_s,
                          m * layers * 2 * ring_step_half_collective_s (&cp, 2, x), 1e-12);
  ring_test_assert_close (step.cp_bytes_per_gpu, m * layers * 2 * 0.5 * x, 1e-12);

  /* PP: ranks 4 apart, in one node: each micro-batch sends 1024 · 4096 · 2 / T bytes
   * forward and as much back over NVLink, after a launch. */
  p2p_bytes = tokens * h * b / 2;
  {
    RingParams pp;

    hand_group (&params, 2, 2, 2, &pp);
    ring_topology_init (&topology, &pp, 2);
    p2p_s = _ring_launch_gap_us (&topology) * 1e-6 + p2p_bytes / (topology.link_gbps * 1e9);
  }
  ring_test_assert_close (step.pp_time_s, m * 2 * p2p_s, 1e-12);
  ring_test_assert_close (step.pp_bytes_per_gpu, m * 2 * p2p_bytes, 1e-12);

  /* DDP: the stage's 4 GB of gradients all-reduced by the registry on the DP group (one
   * GPU per node, one NIC each) during the last micro-batch's backward. */
  hand_group (&params, 2, 1, 1, &dp);
  ring_allreduce_cost_charged (&dp, 2, 4e9, &cost);
  g_assert_cmpint (step.dp_algorithm, ==, cost.algorithm);
  ring_test_assert_close (step.dp_time_s, cost.time_s, 1e-12);
  ring_test_assert_close (step.dp_exposed_s, MAX (cost.time_s - backward_s, 0), 1e-12);

  /* 1F1B: m + P − 1 = 5 slots, one idle: the bubble is 1/5. */
  slot_s = forward_s + backward_s + (step.tp_time_s + step.cp_time_s + step.pp_time_s) / m;
  ring_test_assert_close (step.bubble_fraction, 1.0 / 5, 1e-12);
  ring_test_assert_close (step.bubble_s, slot_s, 1e-12);
  ring_test_assert_close (step.step_s, compute_s + slot_s
                                       + step.tp_time_s + step.cp_time_s + step.pp_time_s
                                       + step.dp_exposed_s, 1e-12);
  /* MFU: 6 P T over the step at the H100's 989 TFLOP/s. */
  ring_test_assert_close (step.mfu, 6 * 8e9 * 1024 / (step.step_s * 989e12), 1e-12);
}

/* The DP group and its bytes for every sharding: always D = 2 GPUs and the stage's 4 GB. */
static void
test_shardings (void)
{
  const double s = 4e9, d = 2, sp = 2e9;

  for (RingSharding sharding = 0; sharding < RING_N_SHARDINGS; sharding++)
    {
      RingParams params;
      RingParallelStep step;
      RingResult result;
      double half_s, backward_s, forward_s;

      small_case (&params);
      params.sharding = sharding;
      ring_parallel_step (&params, &step);
      g_test_message ("%s", ring_sharding_to_string (sharding));
      g_assert_cmpuint (step.data, ==, 2);
      g_assert_cmpuint (step.dp_params.gpus, ==, 2);
      ring_test_assert_close (step.dp_gradient_bytes, s, 1e-12);
      /* Every sharding's collectives move 2 (D−1)/D S: an all-reduce, or a reduce-scatter
       * and an all-gather. */
      ring_test_assert_close (step.dp_bytes_per_gpu, 2 * (d - 1) / d * s, 1e-12);

      backward_s = step.compute_s * 2 / 3 / 4;
      forward_s = step.compute_s / 3 / 4;
      half_s = ring_step_half_collective_s (&step.dp_params, 2, s);
      switch (sharding)
        {
        case RING_SHARDING_DDP:
          g_assert_cmpuint (step.dp_collectives, ==, 1);
          break;
        case RING_SHARDING_ZERO1:
        case RING_SHARDING_ZERO2:
          /* The all-gather of the updated parameters after the step is exposed. */
          g_assert_cmpuint (step.dp_collectives, ==, 2);
          ring_test_assert_close (step.dp_time_s, 2 * half_s, 1e-12);
          ring_test_assert_close (step.dp_exposed_s, MAX (half_s - backward_s, 0) + half_s,
                                  1e-12);
          break;
        case RING_SHARDING_FSDP:
        default:
          /* The stage gathered during the first micro-batch's forward. */
          g_assert_cmpuint (step.dp_collectives, ==, 2);
          ring_test_assert_close (step.dp_exposed_s, MAX (half_s - backward_s, 0)
                                                     + MAX (half_s - forward_s, 0), 1e-12);
          break;
        }

      /* Memory: the stage's 2e9 parameters, bf16, Adam's 12 bytes; ZeRO and FSDP by D. */
      ring_test_assert_close (step.memory_parameters,
                              sp * 2 / (sharding == RING_SHARDING_FSDP ? d : 1), 1e-12);
      ring_test_assert_close (step.memory_gradients,
                              sp * 2 / (sharding >= RING_SHARDING_ZERO2 ? d : 1), 1e-12);
      ring_test_assert_close (step.memory_optimizer,
                              sp * 12 / (sharding >= RING_SHARDING_ZERO1 ? d : 1), 1e-12);
      ring_test_assert_close (step.memory_gathered,
                              sharding == RING_SHARDING_FSDP ? sp * 2 / d : 0, 1e-12);
      /* 1F1B keeps min (m, P) = 2 micro-batches of 16 layers, 34 bytes per token and
       * hidden unit (fused attention), split over T = 2. */
      g_assert_cmpuint (step.in_flight, ==, 2);
      ring_test_assert_close (step.memory_activations, 2 * 16 * 34 * 1024 * 4096.0 / 2,
                              1e-12);

      /* The report's figures are the step's. */
      ring_cost_evaluate (&params, &result);
      g_assert_cmpuint (result.data_parallel, ==, 2);
      ring_test_assert_close (result.dp_bytes_per_gpu, step.dp_bytes_per_gpu, 1e-12);
      ring_test_assert_close (result.step_time_s, step.step_s, 1e-12);
      ring_test_assert_close (result.bubble_s, step.bubble_s, 1e-12);
      ring_test_assert_close (result.memory_per_gpu_bytes, step.memory_total, 1e-12);
      ring_test_assert_close (result.gradient_buffer_bytes, s, 1e-12);
    }
}

/* T = P = C = m = 1 is plain data parallelism: D = N and the DP figures are the step's. */
static void
test_plain (void)
{
  RingParams params;
  RingResult result;

  ring_params_init_default (&params);
  ring_preset_apply (ring_preset_lookup ("dgx-h100"), &params);
  params.gpus = 64;
  g_assert_false (ring_parallelism_is_active (&params));
  ring_cost_evaluate (&params, &result);
  g_assert_cmpuint (result.data_parallel, ==, 64);
  g_assert_cmpfloat (result.bubble_s, ==, 0);
  g_assert_cmpfloat (result.tp_time_s, ==, 0);
  ring_test_assert_close (result.dp_time_s, result.comm_time_s, 1e-15);
  ring_test_assert_close (result.mfu, result.utilization * params.compute_tflops / 989, 1e-12);
}

/* Megatron's layout refused where it cannot be: the message names the option. */
static void
test_refusals (void)
{
  const struct
  {
    guint       gpus, t, p, c;
    const char *named;
  } cases[] = {
    { 100, 8, 1, 1, "--gpus" },
    { 64, 16, 1, 1, "--tensor-parallel" },
    { 64, 1, 33, 1, "--pipeline-parallel" },
    { 96, 2, 2, 16, "--gpus" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      RingParams params;

      ring_params_init_default (&params);
      ring_preset_apply (ring_preset_lookup ("llama3-8b"), &params);
      params.gpus = cases[i].gpus;
      params.tensor_parallel = cases[i].t;
      params.pipeline_parallel = cases[i].p;
      params.context_parallel = cases[i].c;
      g_assert_false (ring_params_validate (&params, &error));
      g_assert_nonnull (strstr (error->message, cases[i].named));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/parallelism/groups", test_groups);
  g_test_add_func ("/ring/parallelism/terms", test_terms);
  g_test_add_func ("/ring/parallelism/shardings", test_shardings);
  g_test_add_func ("/ring/parallelism/plain", test_plain);
  g_test_add_func ("/ring/parallelism/refusals", test_refusals);

  return g_test_run ();
}
