/* test-cost.c: the cost formulas against values computed by hand.
 *
 * These are the seed's formulas, kept as the flat-ring algorithm: every case below selects
 * it, and its numbers must not move. The other algorithms have test-algorithms.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-collectives.h"
#include "ring-cost.h"
#include "ring-presets.h"
#include "ring-topology.h"
#include "ring-test-numbers.h"

/* The defaults with the seed's flat ring and one bucket: the seed's step. */
static void
seed_params (RingParams *params)
{
  ring_params_init_default (params);
  params->algorithm = RING_ALGORITHM_FLAT_RING;
  params->bucket_bytes = 0;
}

static RingResult
evaluate_defaults_with_gpus (guint gpus)
{
  RingParams params;
  RingResult result;

  seed_params (&params);
  params.gpus = gpus;
  ring_cost_evaluate (&params, &result);

  return result;
}

/* Defaults: N = 8, P = 7e9, B = 300 GB/s, F = 400 TFLOP/s, T = 4096, b = 4, α = 5 µs.
 *   S         = 7e9 · 4                        = 28e9 B
 *   compute   = 6 · 7e9 · 4096 / 400e12        = 0.43008 s
 *   moved     = 2 · 7/8 · 28e9                 = 49e9 B
 *   allreduce = 2 · 7 · 5e-6 + 49e9 / 300e9    = 7e-5 + 0.163333… = 0.16340333… s
 *   util      = 0.43008 / (0.43008 + 0.16340333) = 0.724673…
 *   algbw     = 28e9 / 0.16340333 / 1e9        = 171.355… GB/s
 *   busbw     = algbw · 2 · 7/8                = 299.871… GB/s
 *   tokens/s  = 8 · 4096 / 0.59348333          = 55 213.008… */
static void
test_defaults (void)
{
  RingResult r = evaluate_defaults_with_gpus (8);

  ring_test_assert_close (r.gradient_buffer_bytes, 28e9, 1e-12);
  ring_test_assert_close (r.compute_time_s, 0.43008, 1e-12);
  ring_test_assert_close (r.backward_time_s, 0.28672, 1e-12);
  ring_test_assert_close (r.bytes_moved_per_gpu, 49e9, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 7e-5 + 49.0 / 300.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (r.allreduce_time_s, 0.163403, 1e-6);
  ring_test_assert_close (r.latency_time_s, 7e-5, 1e-12);
  ring_test_assert_close (r.exposed_comm_s, r.allreduce_time_s, 1e-12);
  ring_test_assert_close (r.step_time_s, 0.43008 + 0.1634033333333, 1e-11);
  g_assert_cmpfloat_with_epsilon (r.utilization, 0.72467, 1e-5);
  ring_test_assert_close (r.algbw_gbps, 28.0 / 0.1634033333333, 1e-10);
  g_assert_cmpfloat_with_epsilon (r.busbw_gbps, 299.87, 0.005);
  ring_test_assert_close (r.tokens_per_s, 8 * 4096 / (0.43008 + 0.1634033333333), 1e-10);
  g_assert_cmpfloat_with_epsilon (r.tokens_per_s, 55213.008, 1e-3);
  g_assert_false (r.comm_bound);
}

/* N = 1: no neighbour, no communication; utilization 1, no bandwidth figures. */
static void
test_one_gpu (void)
{
  RingResult r = evaluate_defaults_with_gpus (1);

  g_assert_cmpfloat (r.bytes_moved_per_gpu, ==, 0.0);
  g_assert_cmpfloat (r.allreduce_time_s, ==, 0.0);
  g_assert_cmpfloat (r.exposed_comm_s, ==, 0.0);
  g_assert_cmpfloat (r.utilization, ==, 1.0);
  g_assert_cmpfloat (r.busbw_gbps, ==, 0.0);
  g_assert_cmpfloat (r.algbw_gbps, ==, 0.0);
  ring_test_assert_close (r.step_time_s, 0.43008, 1e-12);
  ring_test_assert_close (r.tokens_per_s, 4096 / 0.43008, 1e-12);
  g_assert_false (r.comm_bound);
}

/* N = 2: each GPU sends one chunk of S/2 in each phase.
 *   moved = 2 · 1/2 · 28e9 = 28e9; allreduce = 2 · 5e-6 + 28e9 / 300e9 = 1e-5 + 0.0933… */
static void
test_two_gpus (void)
{
  RingResult r = evaluate_defaults_with_gpus (2);

  ring_test_assert_close (r.bytes_moved_per_gpu, 28e9, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 1e-5 + 28.0 / 300.0, 1e-12);
  /* busbw = S/t · 2·1/2 = S/t */
  ring_test_assert_close (r.busbw_gbps, r.algbw_gbps, 1e-12);
}

/* N = 1024 in one node (the seed's single ring): moved = 2 · 1023/1024 · 28e9 =
 *   55.9453125e9; allreduce = 2 · 1023 · 5e-6 + 55.9453125e9/300e9 = 0.01023 + 0.186484375
 *   = 0.196714375.
 * The same 1024 GPUs in nodes of 8 (the default): the ring crosses the NICs between the
 *   128 nodes (issue 21, item 7). The node's NICs carry 8 × 400 Gb/s × 0.96 (RDMA) = 384
 *   GB/s, but its 8 GPUs feed them through PCIe Gen4 x16 at 31.5 × 12/15.75 = 24 GB/s each,
 *   192 GB/s, below B = 300: allreduce = 0.01023 + 55.9453125e9/192e9 = 0.01023 +
 *   0.2913818359375 = 0.3016118359375. */
static void
test_1024_gpus (void)
{
  RingParams params;
  RingResult r;

  seed_params (&params);
  params.gpus = 1024;
  params.gpus_per_node = 1024;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.bytes_moved_per_gpu, 55.9453125e9, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 0.196714375, 1e-12);
  ring_test_assert_close (r.utilization, 0.43008 / (0.43008 + 0.196714375), 1e-12);
  ring_test_assert_close (r.tokens_per_s, 1024 * 4096 / (0.43008 + 0.196714375), 1e-12);

  r = evaluate_defaults_with_gpus (1024);
  ring_test_assert_close (r.bytes_moved_per_gpu, 55.9453125e9, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 0.3016118359375, 1e-12);
}

/* N = 2^20: the latency term alone is 2 · 1048575 · 5e-6 = 10.48575 s; the bytes term is
 * 2 · (1 − 2^-20) · 28e9 at the NICs' 192 GB/s (test_1024_gpus()) = 0.29166638… s.
 * Communication-bound. */
static void
test_million_gpus (void)
{
  RingResult r = evaluate_defaults_with_gpus (1048576);
  double bytes_s = 2.0 * (1048575.0 / 1048576.0) * 28e9 / 192e9;

  ring_test_assert_close (r.latency_time_s, 10.48575, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 10.48575 + bytes_s, 1e-12);
  g_assert_true (r.comm_bound);
  g_assert_cmpfloat (r.utilization, <, 0.04);
  /* Latency alone exceeds compute/9: no bandwidth reaches 90 %. */
  g_assert_true (isnan (r.bandwidth_for_90pct_gbps));
}

/* Precision, tokens, buckets, latency. */
static void
test_parameters (void)
{
  RingParams params;
  RingResult r;

  seed_params (&params);
  params.gradient_bytes = 2;    /* bf16: S = 14e9, moved = 24.5e9 */
  params.latency_us = 0;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.allreduce_time_s, 24.5e9 / 300e9, 1e-12);

  /* Doubling the tokens doubles compute and leaves communication alone. */
  params.tokens_per_gpu = 8192;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.compute_time_s, 0.86016, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 24.5e9 / 300e9, 1e-12);

  /* Buckets hide part of the all-reduce behind the backward pass: less exposed, never
   * less than nothing, never more than the collectives themselves. */
  params.bucket_bytes = 25 * 1048576.0;
  ring_cost_evaluate (&params, &r);
  g_assert_cmpfloat (r.exposed_comm_s, <, 24.5e9 / 300e9);
  g_assert_cmpfloat (r.exposed_comm_s, >=, 0.0);
  g_assert_cmpfloat (r.exposed_comm_s, <=, r.comm_time_s);
}

/* At the defaults: exposed must be ≤ 0.43008/9 = 0.0477866… s; minus the 7e-5 s latency
 * leaves 0.0477166… s for 49e9 B, so B = 49e9 / 0.0477166… = 1026.89… GB/s. */
static void
test_bandwidth_for_90pct (void)
{
  RingParams params;
  RingResult r;
  double budget_s = 0.43008 / 9.0 - 7e-5;

  seed_params (&params);
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.bandwidth_for_90pct_gbps, 49e9 / budget_s / 1e9, 1e-12);

  /* And that bandwidth really gives 90 %. */
  params.bandwidth_gbps = r.bandwidth_for_90pct_gbps;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.utilization, 0.9, 1e-9);
}

/* Across nodes the NICs bind and the 90 % figure is their speed (issue 21, item 4). The
 * flat ring, one bucket, 64 GPUs in 8 nodes of 8 with one NIC each, P = 1e9 in fp32
 * (S = 4e9 B), T = 65536: compute = 6 · 1e9 · 65536 / 400e12 = 0.98304 s; exposed must be
 * ≤ 0.98304 / 9 = 0.109226… s, less the latency 2 · 63 · 5e-6 = 6.3e-4 s; moved =
 * 2 · 63/64 · 4e9 = 7.875e9 B, so the ring needs R = 7.875e9 / 0.108596… = 72.516… GB/s.
 * Its rate across nodes is the NICs' (below B = 300 and the 8 × 24 GB/s the GPUs' PCIe
 * feeds them): one NIC at 0.96 of its line rate, so R / 0.96 = 75.54 GB/s per NIC, 604 Gb/s.
 * Before, the figure varied B and said 72.5 GB/s of in-node bandwidth, which the NICs
 * would never carry. */
static void
test_bandwidth_for_90pct_nics (void)
{
  RingParams params;
  RingResult r;
  double needed_gbps = 7.875e9 / (0.98304 / 9.0 - 6.3e-4) / 1e9;

  seed_params (&params);
  params.gpus = 64;
  params.nics_per_node = 1;
  params.model_params = 1e9;
  params.tokens_per_gpu = 65536;
  ring_cost_evaluate (&params, &r);
  g_assert_cmpint (r.bandwidth_for_90pct_link, ==, RING_SIZING_LINK_NICS);
  g_assert_cmpstr (ring_sizing_link_to_string (r.bandwidth_for_90pct_link), ==, "nic");
  /* The search stops within 2^-24 of ln (10^4) of it. */
  ring_test_assert_relative (r.bandwidth_for_90pct_gbps, needed_gbps / 0.96, 1e-5);

  /* And NICs of that speed really give 90 %. */
  params.nic_speed_gbit = r.bandwidth_for_90pct_gbps * 8;
  ring_cost_evaluate (&params, &r);
  g_assert_cmpfloat (fabs (r.utilization - 0.9), <, 1e-5);

  /* In one node B binds, as before. */
  params.gpus = 8;
  g_assert_cmpint (ring_params_get_sizing_link (&params), ==, RING_SIZING_LINK_IN_NODE);
}

/* Issue 21, item 5: on 8 DGX H100 nodes the NICs (8 × 400 Gb/s at 0.96: 384 GB/s) and
 * the GPUs' PCIe Gen5 links to them (8 × NCCL's 48 GB/s: 384 GB/s) tie, so 800 Gb/s NICs
 * change nothing and no NIC speed reaches 90 %: the figure names the PCIe link instead of
 * the NICs. At 200 Gb/s the NICs bind alone. */
static void
test_bandwidth_for_90pct_pcie (void)
{
  RingParams params;
  RingResult r, faster;

  ring_params_init_default (&params);
  ring_preset_apply (ring_preset_lookup ("dgx-h100"), &params);
  params.gpus = 64;
  g_assert_true (ring_topology_nics_pcie_bound (&params));
  ring_test_assert_relative (ring_topology_gpu_nic_gbps (&params), 63.0 * 12 / 15.75, 1e-12);
  ring_cost_evaluate (&params, &r);
  g_assert_true (isnan (r.bandwidth_for_90pct_gbps));
  g_assert_cmpint (r.bandwidth_for_90pct_link, ==, RING_SIZING_LINK_PCIE);
  g_assert_cmpstr (ring_sizing_link_to_string (r.bandwidth_for_90pct_link), ==, "pcie");
  /* One cap, one answer: the network's bound says the same at the tie. */
  g_assert_cmpint (r.network_bound, ==, RING_NETWORK_BOUND_PCIE);
  ring_test_assert_relative (r.network_gbps, 8 * 63.0 * 12 / 15.75, 1e-12);

  /* The reason: twice the NIC speed, the same step. */
  params.nic_speed_gbit = 800;
  ring_cost_evaluate (&params, &faster);
  g_assert_cmpfloat (faster.step_time_s, ==, r.step_time_s);

  params.nic_speed_gbit = 200;
  g_assert_false (ring_topology_nics_pcie_bound (&params));
  ring_cost_evaluate (&params, &r);
  g_assert_cmpint (r.bandwidth_for_90pct_link, ==, RING_SIZING_LINK_NICS);
  g_assert_cmpint (r.network_bound, ==, RING_NETWORK_BOUND_NICS);

  /* One node has no NICs in its all-reduce. */
  params.gpus = 8;
  params.nic_speed_gbit = 400;
  g_assert_false (ring_topology_nics_pcie_bound (&params));
}

/* --message-size replaces the gradients: 1 MiB over 8 GPUs.
 *   moved = 2 · 7/8 · 1048576 = 1835008 B; t = 7e-5 + 1835008/300e9 = 7.611669…e-5 s */
static void
test_message_size (void)
{
  RingParams params;
  RingResult r;

  seed_params (&params);
  params.message_bytes = 1048576;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.gradient_buffer_bytes, 1048576, 1e-12);
  ring_test_assert_close (r.allreduce_time_s, 7e-5 + 1835008.0 / 300e9, 1e-12);
  /* Latency-bound: busbw far below the link's 300 GB/s. */
  g_assert_cmpfloat (r.busbw_gbps, <, 30);
  /* Crossover: S = N · α · B = 8 · 5e-6 · 300e9 = 12e6 B. */
  ring_test_assert_close (ring_cost_latency_crossover_bytes (&params), 12e6, 1e-12);
}

/* Issue 21, item 5: twice the NIC speed that NCCL's search answers with another channel
 * count and a slower all-reduce is found and named; where the GPUs' PCIe links bind, or
 * on one node with twice B, it is not. 8 MI355X nodes over 8 × 200 Gb/s InfiniBand,
 * 64 KiB: the tree on 8 channels, 16 at 400 Gb/s, each channel's fill and LL's proxy
 * posts growing with them. */
static void
test_faster_link_slower (void)
{
  RingParams params;
  RingFasterLinkSlower slower;
  RingAllreduceCost now;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_MI355X);
  ring_params_apply_fabric (&params, RING_FABRIC_INFINIBAND);
  params.gpus = 64;
  params.nics_per_node = 8;
  params.nic_speed_gbit = 200;
  ring_allreduce_cost_charged (&params, params.gpus, 65536, &now);
  g_assert_cmpuint (now.channels, ==, 8);
  g_assert_true (ring_cost_faster_link_slower (&params, 65536, &slower));
  g_assert_cmpint (slower.link, ==, RING_SIZING_LINK_NICS);
  g_assert_cmpuint (slower.channels, ==, 16);
  g_assert_cmpfloat (slower.allreduce_time_s, >, now.time_s * 1.01);

  /* 16 A100 nodes of 2: their PCIe Gen4 links (2 × 24 GB/s) bind before 8 × 100 Gb/s. */
  ring_params_apply_gpu (&params, RING_GPU_A100);
  params.gpus = 32;
  params.gpus_per_node = 2;
  params.nic_speed_gbit = 100;
  g_assert_false (ring_cost_faster_link_slower (&params, 4 << 20, &slower));

  /* The defaults on one node: twice B keeps a faster all-reduce. */
  ring_params_init_default (&params);
  g_assert_false (ring_cost_faster_link_slower (&params, 28e9, &slower));
}

/* The other collectives nccl-tests measures, on the defaults' flat ring (N = 8,
 * B = 300 GB/s, α = 5 µs), S as nccl-tests' size column:
 *   reduce-scatter = all-gather = 7 α + 7/8 · S / B
 *     S = 1e6:  35 µs + 2.916… µs = 37.916… µs;  S = 1e9: 35 µs + 2916.6… µs
 *   broadcast (nsteps N: N/(2 (N−1)) of the all-reduce's 2 (N−1) α and its bytes)
 *     = 8 α + S / B;  S = 1e6: 40 + 3.333… µs;  S = 1e9: 40 + 3333.3… µs
 * busbw / algbw: 7/8, 7/8, 1. */
static void
test_collectives_flat_ring (void)
{
  static const struct {
    RingCollective collective;
    double         latency_us;
    double         per_byte_us;  /* µs per byte of S */
    double         factor;
  } cases[] = {
    { RING_COLLECTIVE_REDUCE_SCATTER, 35, 7.0 / 8 / 300e3, 7.0 / 8 },
    { RING_COLLECTIVE_ALL_GATHER, 35, 7.0 / 8 / 300e3, 7.0 / 8 },
    { RING_COLLECTIVE_BROADCAST, 40, 1.0 / 300e3, 1 },
  };
  RingParams params;
  RingTopology topology;

  seed_params (&params);
  ring_topology_init (&topology, &params, 8);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    for (double size = 1e6; size <= 1e9; size *= 1000)
      {
        RingAllreduceCost cost;

        g_assert_true (ring_collective_cost (&topology, cases[i].collective,
                                             RING_ALGORITHM_FLAT_RING, size, &cost));
        ring_test_assert_close (cost.time_s * 1e6,
                                cases[i].latency_us + size * cases[i].per_byte_us, 1e-9);
        ring_test_assert_close (cost.busbw_gbps / cost.algbw_gbps, cases[i].factor, 1e-12);
        ring_test_assert_close (cost.algbw_gbps, size / cost.time_s / 1e9, 1e-12);
        /* Symmetric-memory kernels run the all-reduce alone: no figure, not 0 s. */
        g_assert_true (isnan (cost.symmetric_time_s));
      }
  /* The all-reduce is the one it always was. */
  {
    RingAllreduceCost a, b;

    g_assert_true (ring_collective_cost (&topology, RING_COLLECTIVE_ALL_REDUCE,
                                         RING_ALGORITHM_FLAT_RING, 1e9, &a));
    g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_FLAT_RING, 1e9, &b));
    g_assert_cmpfloat (a.time_s, ==, b.time_s);
    ring_test_assert_close (a.time_s, 70e-6 + 2 * 7.0 / 8 * 1e9 / 300e9, 1e-12);
  }
}

/* Alltoall on the defaults (8 NICs of 200 Gb/s per node of 8): each GPU sends (N−1)/N · S,
 * the part for its own node over its links at NCCL's 0.8 of B (240 GB/s), the rest through
 * its share of the node's NICs, 8 × 25 GB/s × 0.96 / 8 = 24 GB/s, both at once.
 *   one node, N = 8:  7/8 · S / 240e9:   1e6 → 3.6458… µs, 1e9 → 3645.83… µs
 *   two nodes, N = 16: max (7/16 · S / 240e9, 8/16 · S / 24e9) = S / 48e9:
 *                     1e6 → 20.833… µs, 1e9 → 20 833.3… µs
 * and a zero-byte call's latency, the same at both sizes. */
static void
test_collectives_alltoall (void)
{
  static const struct {
    guint  gpus;
    double per_byte_us;
  } cases[] = {
    { 8, 7.0 / 8 / 240e3 },
    { 16, 1.0 / 48e3 },
  };
  RingParams params;

  ring_params_init_default (&params);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RingTopology topology;
      RingAllreduceCost small, large;

      ring_topology_init (&topology, &params, cases[i].gpus);
      g_assert_cmpfloat (topology.link_gbps, ==, 240);
      ring_test_assert_close (topology.network_gbps, 192, 1e-12);
      g_assert_true (ring_collective_cost (&topology, RING_COLLECTIVE_ALLTOALL,
                                           RING_ALGORITHM_AUTO, 1e6, &small));
      g_assert_true (ring_collective_cost (&topology, RING_COLLECTIVE_ALLTOALL,
                                           RING_ALGORITHM_AUTO, 1e9, &large));
      ring_test_assert_close (small.bandwidth_s * 1e6, 1e6 * cases[i].per_byte_us, 1e-12);
      ring_test_assert_close (large.bandwidth_s * 1e6, 1e9 * cases[i].per_byte_us, 1e-12);
      g_assert_cmpfloat (small.latency_s, ==, large.latency_s);
      g_assert_cmpfloat (small.latency_s, >, 0);
      ring_test_assert_close (large.busbw_gbps, large.algbw_gbps * (cases[i].gpus - 1)
                                                / cases[i].gpus, 1e-12);
    }

  /* Across nodes without NICs there is nothing to send through. */
  {
    RingTopology topology;
    RingAllreduceCost cost;

    params.nics_per_node = 0;
    ring_topology_init (&topology, &params, 16);
    if (!(topology.network_gbps > 0))
      g_assert_false (ring_collective_cost (&topology, RING_COLLECTIVE_ALLTOALL,
                                            RING_ALGORITHM_AUTO, 1e6, &cost));
  }
}

/* The registry: names unique, each found by its name and program, each costed. */
static void
test_collectives_registry (void)
{
  guint n;
  const RingCollectiveInfo *infos = ring_collectives_get (&n);
  RingParams params;
  RingTopology topology;

  ring_params_init_default (&params);
  ring_topology_init (&topology, &params, 16);
  g_assert_cmpuint (n, ==, RING_N_COLLECTIVES);
  for (guint i = 0; i < n; i++)
    {
      RingCollective found;
      RingAllreduceCost cost;

      g_assert_cmpint (infos[i].collective, ==, i);
      g_assert_true (ring_collective_from_name (infos[i].name, &found));
      g_assert_cmpint (found, ==, i);
      g_assert_true (ring_collective_from_name (infos[i].program, &found));
      g_assert_cmpint (found, ==, i);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (infos[i].name, !=, infos[j].name);
      g_assert_true (ring_collective_cost (&topology, i, RING_ALGORITHM_AUTO, 1 << 20, &cost));
      g_assert_cmpfloat (cost.time_s, >, 0);
    }
  g_assert_false (ring_collective_from_name ("reduce", &(RingCollective) { 0 }));
  g_assert_false (ring_collective_from_name ("sendrecv_perf", &(RingCollective) { 0 }));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/cost/defaults", test_defaults);
  g_test_add_func ("/ring/cost/collectives-flat-ring", test_collectives_flat_ring);
  g_test_add_func ("/ring/cost/collectives-alltoall", test_collectives_alltoall);
  g_test_add_func ("/ring/cost/collectives-registry", test_collectives_registry);
  g_test_add_func ("/ring/cost/one-gpu", test_one_gpu);
  g_test_add_func ("/ring/cost/two-gpus", test_two_gpus);
  g_test_add_func ("/ring/cost/1024-gpus", test_1024_gpus);
  g_test_add_func ("/ring/cost/million-gpus", test_million_gpus);
  g_test_add_func ("/ring/cost/parameters", test_parameters);
  g_test_add_func ("/ring/cost/bandwidth-for-90pct", test_bandwidth_for_90pct);
  g_test_add_func ("/ring/cost/bandwidth-for-90pct-nics", test_bandwidth_for_90pct_nics);
  g_test_add_func ("/ring/cost/bandwidth-for-90pct-pcie", test_bandwidth_for_90pct_pcie);
  g_test_add_func ("/ring/cost/message-size", test_message_size);
  g_test_add_func ("/ring/cost/faster-link-slower", test_faster_link_slower);

  return g_test_run ();
}
