/* test-fabric.c: the switches between nodes, worked out by hand.
 *
 * 1 024 H100s make 128 nodes of 8 NICs of 400 Gb/s, 384 GB/s of payload a node
 * (docs/model.md §3). A leaf's uplinks carry L · 384 / R GB/s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-fabric.h"
#include "ring-test-numbers.h"

#define GIB 1073741824.0

static void
cluster (RingParams    *params,
         guint          gpus,
         RingAlgorithm  algorithm,
         const char    *ratio,
         const char    *placement)
{
  ring_params_init_default (params);
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_GPU, "h100", NULL));
  params->gpus = gpus;
  params->algorithm = algorithm;
  params->message_bytes = GIB;
  params->fabric_tiers = 2;
  params->nodes_per_leaf = 16;
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_OVERSUBSCRIPTION, ratio,
                                              NULL));
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_PLACEMENT, placement,
                                              NULL));
}

/* One switch, or every uplink at 1:1, changes no algorithm's time anywhere. */
static void
test_nonblocking_changes_nothing (void)
{
  const guint sizes[] = { 8, 16, 64, 1000, 1024, 4096 };

  for (RingAlgorithm a = 0; a < RING_N_ALGORITHMS; a++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (guint placement = 0; placement < RING_N_PLACEMENTS; placement++)
        {
          RingParams flat, tiered;
          RingResult one, three;

          cluster (&flat, sizes[i], a, "1:1", "packed");
          flat.fabric_tiers = 1;
          if (!ring_params_validate (&flat, NULL))
            continue;
          tiered = flat;
          tiered.fabric_tiers = 3;
          tiered.placement = placement;
          tiered.nodes_per_leaf = 4;
          ring_cost_evaluate_sweep (&flat, &one);
          ring_cost_evaluate_sweep (&tiered, &three);
          g_assert_cmpfloat (one.allreduce_time_s, ==, three.allreduce_time_s);
          g_assert_cmpint (three.fabric_bound_tier, ==,
                           sizes[i] > 8 ? RING_FABRIC_TIER_LEAF : RING_FABRIC_TIER_NONE);
        }
}

/* Scattered, a ring's neighbour is off the leaf with probability (128 − 16)/127: a leaf
 * sends 16 · 112/127 node rates into uplinks that carry 16/R of them. */
static void
test_scattered_ring (void)
{
  double crossing = 16.0 * 112 / 127;
  RingParams params;
  RingResult one, four;

  cluster (&params, 1024, RING_ALGORITHM_RING, "1:1", "scattered");
  ring_cost_evaluate_sweep (&params, &one);
  cluster (&params, 1024, RING_ALGORITHM_RING, "4:1", "scattered");
  ring_cost_evaluate_sweep (&params, &four);

  g_assert_cmpint (one.fabric_bound_tier, ==, RING_FABRIC_TIER_LEAF);
  ring_test_assert_relative (one.fabric_gbps, 384, 1e-12);
  g_assert_cmpint (four.fabric_bound_tier, ==, RING_FABRIC_TIER_SPINE);
  ring_test_assert_relative (four.fabric_gbps, 384 * 16 / (4 * crossing), 1e-12);
  /* The bytes' time grows as the spine's rate falls: 4 · 112/127 = 3.53×. */
  ring_test_assert_relative (four.bandwidth_time_s / one.bandwidth_time_s,
                             4 * crossing / 16, 0.02);
  g_assert_cmpfloat (four.fabric_time_share, >, one.fabric_time_share);
  g_assert_cmpfloat (four.fabric_time_share, <=, 1);
}

/* Packed, a ring crosses each leaf boundary once: one node rate into 16/R. */
static void
test_packed_ring (void)
{
  RingParams params;
  RingResult four, thirty_two;

  cluster (&params, 1024, RING_ALGORITHM_RING, "4:1", "packed");
  ring_cost_evaluate_sweep (&params, &four);
  cluster (&params, 1024, RING_ALGORITHM_RING, "32:1", "packed");
  ring_cost_evaluate_sweep (&params, &thirty_two);

  g_assert_cmpint (four.fabric_bound_tier, ==, RING_FABRIC_TIER_LEAF);
  ring_test_assert_relative (four.fabric_gbps, 384, 1e-12);
  g_assert_cmpint (thirty_two.fabric_bound_tier, ==, RING_FABRIC_TIER_SPINE);
  ring_test_assert_relative (thirty_two.fabric_gbps, 384 * 16.0 / 32, 1e-12);
}

/* Each tier's load, packed and scattered, at 1:1 and 4:1. A leaf's uplinks carry
 * 16 · 384 / R GB/s. Packed, a ring sends one node rate (384 GB/s) through them: loaded
 * R/16, 6.25 % and 25 %, bound by no uplink, the NICs at 100 %. Scattered, 16 · 112/127
 * node rates leave: R · 112/127 of the uplinks, 88.2 % at 1:1; at 4:1 they bind at 100 %
 * and each node gets 384 · 127/(4 · 112) GB/s. */
static void
test_tier_loads (void)
{
  static const char *ratios[] = { "1:1", "4:1" };
  static const char *placements[] = { "packed", "scattered" };

  for (guint p = 0; p < G_N_ELEMENTS (placements); p++)
    for (guint r = 0; r < G_N_ELEMENTS (ratios); r++)
      {
        double ratio = r == 0 ? 1 : 4;
        double capacity = 16 * 384 / ratio;
        double wanted = p == 0 ? 384 : 384 * 16 * 112.0 / 127;
        double spine = MIN (1, wanted / capacity);
        gboolean bound = p == 1 && r == 1;
        RingParams params;
        RingResult result;
        const RingFabricLoad *leaf = &result.fabric_loads[RING_FABRIC_TIER_LEAF];
        const RingFabricLoad *uplinks = &result.fabric_loads[RING_FABRIC_TIER_SPINE];

        cluster (&params, 1024, RING_ALGORITHM_RING, ratios[r], placements[p]);
        ring_cost_evaluate_sweep (&params, &result);

        g_assert_cmpint (result.fabric_bound_tier, ==,
                         bound ? RING_FABRIC_TIER_SPINE : RING_FABRIC_TIER_LEAF);
        ring_test_assert_relative (leaf->capacity_gbps, 384, 1e-12);
        ring_test_assert_relative (leaf->load, bound ? 127 / (4 * 112.0) : 1, 1e-12);
        ring_test_assert_relative (uplinks->capacity_gbps, capacity, 1e-12);
        ring_test_assert_relative (uplinks->demand_gbps, MIN (wanted, capacity), 1e-12);
        ring_test_assert_relative (uplinks->load, spine, 1e-12);
        g_assert_cmpfloat (result.fabric_loads[RING_FABRIC_TIER_CORE].capacity_gbps, ==, 0);
      }
}

/* The other placement's answer: packed at 4:1 would leave each node 384 GB/s that
 * scattered cuts to 384 · 127/(4 · 112). */
static void
test_other_placement (void)
{
  RingParams params;
  RingResult packed, scattered;

  cluster (&params, 1024, RING_ALGORITHM_RING, "4:1", "packed");
  ring_cost_evaluate_sweep (&params, &packed);
  cluster (&params, 1024, RING_ALGORITHM_RING, "4:1", "scattered");
  ring_cost_evaluate_sweep (&params, &scattered);

  g_assert_cmpint (packed.fabric_other_tier, ==, scattered.fabric_bound_tier);
  ring_test_assert_relative (packed.fabric_other_gbps, 384 * 127 / (4 * 112.0), 1e-12);
  g_assert_cmpint (scattered.fabric_other_tier, ==, packed.fabric_bound_tier);
  ring_test_assert_relative (scattered.fabric_other_gbps, 384, 1e-12);
}

/* NCCL's trees over 8 nodes in leaves of 4: tree one has edges 0–4, 4–2, 4–6, 2–1, 2–3,
 * 6–5, 6–7; its mirror 7–3, 3–5, 3–1, 5–6, 5–4, 1–2, 1–0. Four edges leave each leaf
 * (0–4, 2–4, 3–7, 3–5), each a quarter of a node's rate: one node rate into 4/R. */
static void
test_packed_tree (void)
{
  RingParams params;
  RingResult result;

  cluster (&params, 64, RING_ALGORITHM_TREE, "8:1", "packed");
  params.nodes_per_leaf = 4;
  ring_cost_evaluate_sweep (&params, &result);
  g_assert_cmpint (result.fabric_bound_tier, ==, RING_FABRIC_TIER_SPINE);
  ring_test_assert_relative (result.fabric_gbps, 384 * 4.0 / 8, 1e-12);

  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_OVERSUBSCRIPTION, "4:1",
                                              NULL));
  ring_cost_evaluate_sweep (&params, &result);
  g_assert_cmpint (result.fabric_bound_tier, ==, RING_FABRIC_TIER_LEAF);
  ring_test_assert_relative (result.fabric_gbps, 384, 1e-12);
}

/* The flat ring's hop between nodes goes from GPU 7 to GPU 0: NIC 7's rail to NIC 0's,
 * through the spine even between nodes of one leaf, 16 flows into 16/4. */
static void
test_flat_ring_rails (void)
{
  RingParams params;
  RingResult rails, one_leaf;

  cluster (&params, 1024, RING_ALGORITHM_FLAT_RING, "4:1", "packed");
  ring_cost_evaluate_sweep (&params, &rails);
  params.rail_optimized = 0;
  ring_cost_evaluate_sweep (&params, &one_leaf);

  g_assert_cmpint (rails.fabric_bound_tier, ==, RING_FABRIC_TIER_SPINE);
  ring_test_assert_relative (rails.fabric_gbps, 384 / 4.0, 1e-12);
  g_assert_cmpint (one_leaf.fabric_bound_tier, ==, RING_FABRIC_TIER_LEAF);
  /* The flat ring runs at min (B, the network): 384 GB/s on one leaf, 96 across rails. */
  ring_test_assert_relative (rails.bandwidth_time_s / one_leaf.bandwidth_time_s, 4, 1e-9);
}

/* Halving-doubling on 1 024 GPUs: steps at d = 8 … 64 GPUs (1 … 8 nodes) stay in the leaf,
 * d = 128, 256, 512 cross it whole; step bytes go as 1/d. */
static void
test_packed_halving_doubling (void)
{
  double in_leaf = 1.0 / 8 + 1.0 / 16 + 1.0 / 32 + 1.0 / 64;
  double across = 1.0 / 128 + 1.0 / 256 + 1.0 / 512;
  RingParams params;
  RingTopology topology;
  RingFabricCrossing crossing;

  cluster (&params, 1024, RING_ALGORITHM_HALVING_DOUBLING, "4:1", "packed");
  ring_topology_init (&topology, &params, 1024);
  ring_fabric_crossing (&topology, RING_FABRIC_PATTERN_DISTANCE, &crossing);
  g_assert_cmpint (crossing.bound, ==, RING_FABRIC_TIER_SPINE);
  ring_test_assert_relative (crossing.share, (in_leaf + across) / (in_leaf + 4 * across),
                             1e-12);
}

/* A core tier: pods of 16 leaves of 16 nodes, uplinks 4:1 at each tier; 512 nodes
 * scattered send 256 · 256/511 node rates out of a pod into 256/16. */
static void
test_core (void)
{
  RingParams params;
  RingResult result;

  cluster (&params, 4096, RING_ALGORITHM_RING, "4:1", "scattered");
  params.fabric_tiers = 3;
  ring_cost_evaluate_sweep (&params, &result);
  g_assert_cmpint (result.fabric_bound_tier, ==, RING_FABRIC_TIER_CORE);
  ring_test_assert_relative (result.fabric_gbps, 384 * 511.0 / (16 * 256), 1e-12);
}

/* 8 nodes of 8 H100s, 4 a leaf at 4:1, scattered: 4 · 4/7 = 16/7 of our flows leave a
 * leaf whose uplinks carry 1 node rate, so each gets 7/16 alone. 64 GPUs of another job
 * send 16/7 flows more. At 10 % they ask less than the fair 1/(32/7) = 7/32 and leave
 * (1 − 16/70)/(16/7) = 7/16 − 1/10 = 0.3375; at 50 % all share 7/32. */
static void
test_other_job (void)
{
  const double loads[] = { 0, 10, 50, 100 };
  const double shares[] = { 7.0 / 16, 0.3375, 7.0 / 32, 7.0 / 32 };
  RingParams params;
  RingResult alone;

  cluster (&params, 64, RING_ALGORITHM_RING, "4:1", "scattered");
  params.nodes_per_leaf = 4;
  ring_cost_evaluate (&params, &alone);
  ring_test_assert_relative (alone.fabric_gbps, alone.network_gbps * 7 / 16, 1e-12);

  for (guint i = 0; i < G_N_ELEMENTS (loads); i++)
    {
      RingResult shared;

      params.other_job_gpus = 64;
      params.other_job_load = loads[i];
      ring_cost_evaluate (&params, &shared);
      ring_test_assert_relative (shared.fabric_gbps, alone.network_gbps * shares[i], 1e-12);
      ring_test_assert_relative (shared.alone_allreduce_time_s, alone.allreduce_time_s,
                                 1e-12);
      g_assert_cmpint (shared.fabric_bound_tier, ==, RING_FABRIC_TIER_SPINE);
      if (loads[i] > 0)
        g_assert_cmpfloat (shared.allreduce_time_s, >, alone.allreduce_time_s);
    }

  /* On one switch it crosses no uplink. */
  params.fabric_tiers = 1;
  ring_cost_evaluate (&params, &alone);
  g_assert_cmpfloat (alone.allreduce_time_s, ==, alone.alone_allreduce_time_s);
}

/* The uplinks' load counts the other job's traffic, ours apart. 8 nodes of 8 H100s, 4 a
 * leaf, packed: our ring and the other job's each send one flow out of a leaf.
 * At 2:1 the uplinks carry 2 node rates (768 GB/s): at 10 % the other job sends 38.4 GB/s,
 * ours its whole 384, 422.4 in all, 55 % loaded, bound by no uplink. At 4:1 (384 GB/s) and
 * 25 % ours gets what it leaves, 288, and with its 96 the uplinks are full: bound.
 * Scattered at 4:1 and 10 % (test_other_job): ours 16/7 · 0.3375 node rates, its 16/70. */
static void
test_other_job_loads (void)
{
  static const struct {
    const char *ratio, *placement;
    double load, ours, others;
    gboolean bound;
  } cases[] = {
    { "2:1", "packed", 10, 384, 38.4, FALSE },
    { "4:1", "packed", 25, 288, 96, TRUE },
    { "4:1", "scattered", 10, 384 * 16 / 7.0 * 0.3375, 384 * 16 / 70.0, TRUE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RingParams params;
      RingResult result;
      const RingFabricLoad *uplinks = &result.fabric_loads[RING_FABRIC_TIER_SPINE];
      double capacity = 4 * 384 / (cases[i].ratio[0] == '2' ? 2.0 : 4.0);

      cluster (&params, 64, RING_ALGORITHM_RING, cases[i].ratio, cases[i].placement);
      params.nodes_per_leaf = 4;
      params.other_job_gpus = 64;
      params.other_job_load = cases[i].load;
      ring_cost_evaluate (&params, &result);

      ring_test_assert_relative (uplinks->capacity_gbps, capacity, 1e-12);
      ring_test_assert_relative (uplinks->our_demand_gbps, cases[i].ours, 1e-12);
      ring_test_assert_relative (uplinks->other_demand_gbps, cases[i].others, 1e-12);
      ring_test_assert_relative (uplinks->demand_gbps, cases[i].ours + cases[i].others,
                                 1e-12);
      ring_test_assert_relative (uplinks->load, (cases[i].ours + cases[i].others) / capacity,
                                 1e-12);
      g_assert_cmpint (result.fabric_bound_tier, ==,
                       cases[i].bound ? RING_FABRIC_TIER_SPINE : RING_FABRIC_TIER_LEAF);
      /* A node's own links carry only ours. */
      g_assert_cmpfloat (result.fabric_loads[RING_FABRIC_TIER_LEAF].other_demand_gbps, ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/fabric/nonblocking-changes-nothing", test_nonblocking_changes_nothing);
  g_test_add_func ("/ring/fabric/scattered-ring", test_scattered_ring);
  g_test_add_func ("/ring/fabric/other-job", test_other_job);
  g_test_add_func ("/ring/fabric/other-job-loads", test_other_job_loads);
  g_test_add_func ("/ring/fabric/packed-ring", test_packed_ring);
  g_test_add_func ("/ring/fabric/packed-tree", test_packed_tree);
  g_test_add_func ("/ring/fabric/tier-loads", test_tier_loads);
  g_test_add_func ("/ring/fabric/other-placement", test_other_placement);
  g_test_add_func ("/ring/fabric/flat-ring-rails", test_flat_ring_rails);
  g_test_add_func ("/ring/fabric/packed-halving-doubling", test_packed_halving_doubling);
  g_test_add_func ("/ring/fabric/core", test_core);

  return g_test_run ();
}
