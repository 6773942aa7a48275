/* test-properties.c: what every answer of the model obeys, over a seeded grid of clusters.
 *
 * More bandwidth never makes a collective slower or a step less busy unless NCCL's channel
 * search builds another number of channels for it; a larger message never takes less
 * time under one algorithm and protocol; auto is never slower than an algorithm it could
 * have picked, by the model's own costs (issue 21, item 5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-topology.h"

/* At least 1 000 clusters, as the issue asks; the same ones on every run. */
#define N_CLUSTERS    1200
#define SEED          21
/* Times are compared to within rounding. */
#define RELATIVE_SLACK 1e-9
/* Violations printed before the count. */
#define MAX_SHOWN     2000

typedef struct
{
  guint failures;
  guint checks;
  /* Slower with more bandwidth where the search built another channel count. */
  guint searched_slower;
} Tally;

static const guint per_node_choices[] = { 1, 2, 4, 8, 8, 16, 72 };
static const guint node_choices[] = { 1, 1, 2, 3, 4, 8, 16, 64, 512 };
static const guint nic_choices[] = { 1, 2, 4, 8 };
static const double nic_speed_choices[] = { 10, 25, 100, 200, 400, 800 };

static void
random_cluster (GRand      *rand,
                RingParams *params)
{
  guint per_node, nodes;

  ring_params_init_default (params);
  ring_params_apply_gpu (params, g_rand_int_range (rand, 1, RING_N_GPUS));
  per_node = per_node_choices[g_rand_int_range (rand, 0, G_N_ELEMENTS (per_node_choices))];
  nodes = node_choices[g_rand_int_range (rand, 0, G_N_ELEMENTS (node_choices))];
  params->gpus_per_node = per_node;
  /* Now and then a last node that is not full. */
  params->gpus = MAX (2, nodes * per_node - (g_rand_boolean (rand) && nodes > 1 ? 1 : 0));
  params->nics_per_node = nic_choices[g_rand_int_range (rand, 0, G_N_ELEMENTS (nic_choices))];
  params->nic_speed_gbit = nic_speed_choices[g_rand_int_range (rand, 0,
                                                               G_N_ELEMENTS (nic_speed_choices))];
  ring_params_apply_fabric (params, g_rand_int_range (rand, 0, RING_N_FABRICS));
  params->latency_us = g_rand_double_range (rand, 0.5, 20);
}

static void
report (Tally      *tally,
        const char *what,
        const RingParams *params,
        RingAlgorithm algorithm,
        int         protocol,
        double      bytes,
        double      first,
        double      second)
{
  tally->failures++;
  if (tally->failures <= MAX_SHOWN)
    g_test_message ("%s: %s/%s %s, N %u, G %u, %u × %g Gb/s %s, B %g GB/s, %g B: %.6g then %.6g",
                    what, ring_algorithm_to_string (algorithm),
                    protocol < 0 ? "picked" : ring_protocol_to_string (protocol),
                    ring_gpus_get (NULL)[params->gpu].name, params->gpus,
                    params->gpus_per_node, params->nics_per_node, params->nic_speed_gbit,
                    ring_fabric_to_string (params->fabric), params->bandwidth_gbps, bytes,
                    first, second);
}

/* @later ≥ @earlier within rounding. */
static gboolean
not_less (double earlier,
          double later)
{
  return later >= earlier * (1 - RELATIVE_SLACK);
}

/* Sizes from 8 B to 16 GiB, three a factor of two. */
static guint
size_grid (double *sizes)
{
  guint n = 0;

  for (int k = 3; k <= 34; k++)
    {
      sizes[n++] = ldexp (1, k);
      sizes[n++] = ldexp (1.25, k);
      sizes[n++] = ldexp (1.6, k);
    }

  return n;
}

/* Under one algorithm and one protocol, and under auto, time never falls as the size
 * grows; auto is never slower than one of NCCL's algorithms it could have run. */
static void
check_sizes (const RingParams *params,
             Tally            *tally)
{
  RingTopology topology;
  double sizes[128];
  guint n_sizes = size_grid (sizes);

  ring_topology_init (&topology, params, params->gpus);
  for (RingAlgorithm a = RING_ALGORITHM_RING; a < RING_N_ALGORITHMS; a++)
    for (int p = -1; p < RING_N_PROTOCOLS; p++)
      {
        double previous = 0;

        for (guint i = 0; i < n_sizes; i++)
          {
            RingAllreduceCost cost;
            gboolean runs = p < 0 ? ring_allreduce_cost (&topology, a, sizes[i], &cost)
                                  : ring_allreduce_cost_with (&topology, a, p, sizes[i], &cost);

            double time_s;

            if (!runs)
              break;
            /* With the protocol left to NCCL, the fastest of the algorithm's protocols:
             * NCCL's own switch between protocols may make a larger size faster. */
            time_s = p < 0 ? cost.fastest_time_s : cost.time_s;
            tally->checks++;
            if (!not_less (previous, time_s))
              report (tally, "larger message, less time", params, a, p, sizes[i], previous,
                      time_s);
            previous = time_s;
          }
      }

  /* What the model prices fastest among auto's choices is no slower than any of them, and
   * grows with the size too; where NCCL's pick is slower, it names another choice. */
  {
    double previous = 0;

    for (guint i = 0; i < n_sizes; i++)
      {
        RingAllreduceCost picked;

        if (!ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, sizes[i], &picked))
          break;
        tally->checks++;
        if (!not_less (previous, picked.fastest_time_s))
          report (tally, "larger message, less time at the fastest", params,
                  picked.fastest_algorithm, picked.fastest_protocol, sizes[i], previous,
                  picked.fastest_time_s);
        previous = picked.fastest_time_s;
        if (picked.fastest_time_s < picked.time_s
            && picked.fastest_algorithm == picked.algorithm
            && picked.fastest_protocol == picked.protocol)
          report (tally, "a faster choice that names NCCL's pick", params, picked.algorithm,
                  picked.protocol, sizes[i], picked.time_s, picked.fastest_time_s);

        for (RingAlgorithm a = RING_ALGORITHM_RING; a < RING_N_ALGORITHMS; a++)
          for (RingProtocol p = 0; p < RING_N_PROTOCOLS && i % 4 == 0; p++)
            {
              RingAllreduceCost cost;

              if (!ring_algorithm_info (a)->nccl
                  || !ring_allreduce_cost_with (&topology, a, p, sizes[i], &cost))
                continue;
              /* NCCL builds NVLS only with more than two GPUs in a node (ring-algorithms.c). */
              if ((a == RING_ALGORITHM_NVLS || a == RING_ALGORITHM_NVLS_TREE)
                  && topology.gpus_per_node <= 2)
                continue;
              tally->checks++;
              if (!not_less (picked.fastest_time_s, cost.time_s))
                report (tally, "fastest slower than a choice auto had", params, a, p,
                        sizes[i], picked.fastest_time_s, cost.time_s);
            }
      }
  }
}

/* Twice the in-node bandwidth, or twice the NIC speed, never slows a collective whose
 * channels stay the same. Where NCCL's search (search.cc) answers a faster link with
 * another channel count, the time may rise, as on real clusters (docs/model.md,
 * "Monotonicity"). */
static void
check_bandwidth (const RingParams *params,
                 Tally            *tally)
{
  RingParams faster[2] = { *params, *params };
  RingTopology topology, faster_topology[2];
  double sizes[128];
  guint n_sizes = size_grid (sizes);

  faster[0].bandwidth_gbps *= 2;
  faster[1].nic_speed_gbit *= 2;
  ring_topology_init (&topology, params, params->gpus);
  for (guint f = 0; f < 2; f++)
    ring_topology_init (&faster_topology[f], &faster[f], params->gpus);

  for (RingAlgorithm a = RING_ALGORITHM_AUTO; a < RING_N_ALGORITHMS; a++)
    for (int p = -1; p < RING_N_PROTOCOLS; p++)
      for (guint i = 0; i < n_sizes; i += 3)
        for (guint f = 0; f < 2; f++)
          {
            RingAllreduceCost slow, fast;
            gboolean runs;

            if (a == RING_ALGORITHM_AUTO && p >= 0)
              continue;
            runs = p < 0 ? ring_allreduce_cost (&topology, a, sizes[i], &slow)
                         : ring_allreduce_cost_with (&topology, a, p, sizes[i], &slow);
            if (!runs)
              continue;
            runs = p < 0 ? ring_allreduce_cost (&faster_topology[f], a, sizes[i], &fast)
                         : ring_allreduce_cost_with (&faster_topology[f], a, p, sizes[i],
                                                     &fast);
            if (!runs)
              continue;
            tally->checks++;
            if (p < 0 ? not_less (fast.fastest_time_s, slow.fastest_time_s)
                      : not_less (fast.time_s, slow.time_s))
              continue;
            if (faster_topology[f].channels != topology.channels)
              tally->searched_slower++;
            else
              report (tally, f == 0 ? "twice B, more time" : "twice the NIC speed, more time",
                      params, a, p, sizes[i], p < 0 ? slow.fastest_time_s : slow.time_s,
                      p < 0 ? fast.fastest_time_s : fast.time_s);
          }
}

/* The step: twice B or twice the NIC speed never lowers the utilization, but where the
 * search builds another channel count (see check_bandwidth()). */
static void
check_step (const RingParams *params,
            Tally            *tally)
{
  /* The algorithms whose protocol is not NCCL's pick: NCCL's tuner may pick another
   * algorithm or protocol at twice B, slower by the model (docs/model.md, "Auto and the
   * model's fastest"). */
  static const RingAlgorithm algorithms[] = {
    RING_ALGORITHM_FLAT_RING, RING_ALGORITHM_HALVING_DOUBLING, RING_ALGORITHM_HIERARCHICAL,
    RING_ALGORITHM_NVLS, RING_ALGORITHM_COLLNET,
  };

  for (guint i = 0; i < G_N_ELEMENTS (algorithms); i++)
    for (guint f = 0; f < 2; f++)
      {
        RingParams slow = *params, fast;
        RingResult slow_result, fast_result;
        RingTopology topology, fast_topology;

        slow.algorithm = algorithms[i];
        /* A 1B model in 4 buckets: quick to cost, and buckets that overlap. */
        slow.model_params = 1e9;
        slow.bucket_bytes = 1e9;
        ring_topology_init (&topology, &slow, slow.gpus);
        if (!ring_algorithm_can_run (slow.algorithm, &topology, NULL))
          continue;
        fast = slow;
        if (f == 0)
          fast.bandwidth_gbps *= 2;
        else
          fast.nic_speed_gbit *= 2;
        ring_topology_init (&fast_topology, &fast, fast.gpus);
        ring_cost_evaluate_sweep (&slow, &slow_result);
        ring_cost_evaluate_sweep (&fast, &fast_result);
        tally->checks++;
        if (not_less (slow_result.utilization, fast_result.utilization))
          continue;
        if (fast_topology.channels != topology.channels)
          tally->searched_slower++;
        else
          report (tally, f == 0 ? "twice B, lower utilization"
                                : "twice the NIC speed, lower utilization",
                  &slow, slow.algorithm, -1, 0, slow_result.utilization,
                  fast_result.utilization);
      }
}

static void
test_properties (gconstpointer data)
{
  void (*check) (const RingParams *, Tally *) = data;
  g_autoptr(GRand) rand = g_rand_new_with_seed (SEED);
  Tally tally = { 0, 0, 0 };

  for (guint c = 0; c < N_CLUSTERS; c++)
    {
      RingParams params;

      random_cluster (rand, &params);
      check (&params, &tally);
    }

  g_test_message ("%u clusters, %u checks, %u failed, %u slower on another channel count",
                  N_CLUSTERS, tally.checks, tally.failures, tally.searched_slower);
  g_assert_cmpuint (tally.checks, >, N_CLUSTERS);
  g_assert_cmpuint (tally.failures, ==, 0);
  /* The search's effect stays a corner of the grid, not the rule. */
  g_assert_cmpuint (tally.searched_slower, <, tally.checks / 100);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/ring/properties/larger-message-more-time", check_sizes,
                        test_properties);
  g_test_add_data_func ("/ring/properties/more-bandwidth-less-time", check_bandwidth,
                        test_properties);
  g_test_add_data_func ("/ring/properties/more-bandwidth-busier-step", check_step,
                        test_properties);

  return g_test_run ();
}
