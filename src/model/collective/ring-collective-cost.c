/* ring-collective-cost.c: the model's cost of the collectives nccl-tests measures.
 *
 * Every cost starts from the all-reduce the cluster runs (ring-algorithms.c), as NCCL's
 * own tuner does (src/graph/tuning.cc, ncclTopoTuneModel): a ring call takes nsteps hops
 * of latency, 2 (N − 1) for all-reduce, N − 1 for reduce-scatter and all-gather, N for a
 * broadcast, and moves its bytes at busBw · N / nsteps. Broadcast runs the ring only;
 * reduce-scatter and all-gather run the ring (or, for the textbook algorithms, the
 * all-reduce's own first or second half). Alltoall is no ring at all: nccl-tests issues
 * one send and one receive per peer in a group (src/alltoall.cu), NCCL runs them at once
 * over its peer-to-peer transport, and the pairwise exchange of Thakur, Rabenseifner and
 * Gropp (2005, "Optimization of collective communication operations in MPICH") moves
 * (N − 1)/N · S out of each GPU: the part bound for its own node over NVLink or PCIe, the
 * rest through its share of the node's NICs, both at once.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "algorithms/ring-algorithm-private.h"
#include "ring-collectives.h"
#include "ring-protocol-tuning-private.h"
#include "ring-topology.h"

/* The ring's all-reduce on @bytes, or the textbook algorithm's own where @algorithm is
 * one (its halves are its reduce-scatter and all-gather); the flat ring where the ring
 * cannot run (nodes without NICs). Also the part every call pays once, s. */
static gboolean
ring_pass_cost (const RingTopology *topology,
                RingAlgorithm       algorithm,
                double              bytes,
                RingAllreduceCost  *cost,
                double             *fixed_s)
{
  gboolean closed_form = ring_algorithm_info (algorithm)->closed_form;

  *fixed_s = 0;
  if ((closed_form || !ring_allreduce_cost (topology, RING_ALGORITHM_RING, bytes, cost))
      && !ring_allreduce_cost (topology,
                               closed_form ? algorithm : RING_ALGORITHM_FLAT_RING,
                               bytes, cost))
    return FALSE;
  if (ring_algorithm_info (cost->algorithm)->nccl)
    *fixed_s = (_ring_launch_gap_us (topology)
                + _ring_nccl_base_latency_us (RING_NCCL_RING, cost->protocol)) * 1e-6;
  *fixed_s = MIN (*fixed_s, cost->latency_s);

  return TRUE;
}

/* The pairwise exchange: Simple protocol, one hop's latency (the sends leave together),
 * the node's own share and the other nodes' share at once. */
static gboolean
alltoall_cost (const RingTopology *topology,
               double              bytes,
               RingAllreduceCost  *cost)
{
  double n = topology->gpus, g = MIN (topology->ranks_per_node, n);
  double intra_bytes = (g - 1) / n * bytes, inter_bytes = (n - g) / n * bytes;
  double intra_s = 0, inter_s = 0, hop_us;

  if (topology->nodes > 1 && !(topology->network_gbps > 0))
    return FALSE;
  if (intra_bytes > 0)
    intra_s = intra_bytes / (topology->link_gbps * 1e9);
  if (inter_bytes > 0)
    inter_s = inter_bytes / (topology->network_gbps / topology->ranks_per_node * 1e9);
  hop_us = topology->nodes > 1
           ? _ring_nccl_net_hop_us (topology, RING_NCCL_RING, RING_PROTOCOL_SIMPLE)
           : _ring_nccl_intra_hop_us (topology, _ring_nccl_intra_hop (topology),
                                      RING_NCCL_RING, RING_PROTOCOL_SIMPLE);

  /* No all-reduce algorithm runs it: NCCL's send/receive does. */
  cost->algorithm = RING_ALGORITHM_AUTO;
  cost->protocol = RING_PROTOCOL_SIMPLE;
  cost->channels = topology->channels;
  cost->latency_s = (_ring_launch_gap_us (topology)
                     + _ring_nccl_base_latency_us (RING_NCCL_RING, RING_PROTOCOL_SIMPLE)
                     + hop_us) * 1e-6;
  cost->bandwidth_s = MAX (intra_s, inter_s);
  cost->bytes_per_gpu = (n - 1) / n * bytes;

  return TRUE;
}

/* PAT (NCCL 2.23: "Parallel Aggregated Trees", a variation of Bruck's algorithm) runs
 * all-gather and reduce-scatter with a logarithmic number of network steps, but only with
 * one GPU per node (tuning.cc, ncclPatEnable: "PAT only supports 1 GPU per node"), on
 * Simple. Its latency is NCCL's own: 8 µs, log2 (nodes) network hops at 1/3.5 of the
 * hop, and 2.8 µs per rank ("still a linear part"); it carries 0.75 of the ring's bus
 * bandwidth (busBw *= .75). NCCL takes it where its estimate beats the ring's; the model
 * where its cost does. The cost keeps the ring's name: PAT is no all-reduce algorithm of
 * the registry. */
static void
take_pat_if_faster (const RingTopology *topology,
                    double              bytes,
                    RingAllreduceCost  *cost)
{
  RingAllreduceCost ring;
  double latency_us, bandwidth_s;

  if (topology->nccl_version < RING_NCCL_2_23 || topology->gpus_per_node != 1
      || topology->nodes < 2
      || !ring_allreduce_cost_with (topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE,
                                    bytes, &ring))
    return;

  latency_us = _ring_launch_gap_us (topology) + 8
               + log2 (topology->nodes)
                 * _ring_nccl_net_hop_us (topology, RING_NCCL_TREE, RING_PROTOCOL_SIMPLE) / 3.5
               + 2.8 * topology->gpus;
  bandwidth_s = ring.bandwidth_s / 2 / 0.75;
  if (latency_us * 1e-6 + bandwidth_s >= cost->latency_s + cost->bandwidth_s)
    return;

  cost->latency_s = latency_us * 1e-6;
  cost->bandwidth_s = bandwidth_s;
  cost->protocol = RING_PROTOCOL_SIMPLE;
}

gboolean
ring_collective_cost (const RingTopology *topology,
                      RingCollective      collective,
                      RingAlgorithm       algorithm,
                      double              bytes,
                      RingAllreduceCost  *cost)
{
  double n, fixed_s;

  g_return_val_if_fail (topology != NULL, FALSE);
  g_return_val_if_fail (collective < RING_N_COLLECTIVES, FALSE);
  g_return_val_if_fail (cost != NULL, FALSE);

  if (collective == RING_COLLECTIVE_ALL_REDUCE)
    return ring_allreduce_cost (topology, algorithm, bytes, cost);

  _ring_cost_clear (cost);
  n = topology->gpus;
  if (n < 2 || !(bytes > 0))
    return FALSE;

  if (collective == RING_COLLECTIVE_ALLTOALL)
    {
      if (!alltoall_cost (topology, bytes, cost))
        {
          _ring_cost_clear (cost);
          return FALSE;
        }
    }
  else
    {
      /* Broadcast runs NCCL's ring whatever NCCL's all-reduce runs (a textbook
       * algorithm's own ring where that is the cluster's). */
      if (!ring_pass_cost (topology,
                           collective == RING_COLLECTIVE_BROADCAST
                           && !ring_algorithm_info (algorithm)->closed_form
                           ? RING_ALGORITHM_RING : algorithm,
                           bytes, cost, &fixed_s))
        {
          _ring_cost_clear (cost);
          return FALSE;
        }
      cost->nccl_estimate_s = 0;
      if (collective == RING_COLLECTIVE_BROADCAST)
        {
          /* nsteps N instead of 2 (N − 1); each link carries S, not 2 (N − 1)/N · S. */
          cost->latency_s = fixed_s + (cost->latency_s - fixed_s) * n / (2 * (n - 1));
          cost->bandwidth_s *= n / (2 * (n - 1));
          cost->bytes_per_gpu = bytes;
        }
      else
        {
          cost->latency_s = fixed_s + (cost->latency_s - fixed_s) / 2;
          cost->bandwidth_s /= 2;
          cost->bytes_per_gpu /= 2;
          if (!ring_algorithm_info (algorithm)->closed_form)
            take_pat_if_faster (topology, bytes, cost);
        }
    }

  /* Symmetric-memory kernels are NCCL's all-reduce's alone. */
  cost->symmetric_time_s = NAN;
  cost->time_s = cost->latency_s + cost->bandwidth_s;
  cost->algbw_gbps = bytes / cost->time_s / 1e9;
  cost->busbw_gbps = cost->algbw_gbps * ring_collective_busbw_factor (collective,
                                                                      topology->gpus);
  cost->fastest_algorithm = cost->algorithm;
  cost->fastest_protocol = cost->protocol;
  cost->fastest_time_s = cost->time_s;

  return TRUE;
}
