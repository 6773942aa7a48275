/* ring-algorithm-hierarchical.c: reduce-scatter in the node, all-reduce across nodes,
 * all-gather in the node (the two-level ring of Horovod's hierarchical all-reduce and
 * of Jia et al. 2018, "Highly scalable deep learning training system with mixed-precision").
 *
 * Inside the node a ring over G GPUs leaves each GPU 1/G of the buffer reduced; the G
 * GPUs of a node then run G rings across the nodes at once, one per shard, through the
 * node's NICs; a last ring in the node gathers. α is the latency parameter per hop,
 * α + the network latency per hop between nodes; rates are the links' as NCCL counts them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

static void
hierarchical_cost (const RingTopology *topology,
                   RingProtocol        protocol,
                   double              bytes,
                   RingAllreduceCost  *cost)
{
  double g = topology->ranks_per_node;
  double nodes = topology->nodes;
  double alpha_s = topology->latency_us * 1e-6;
  double net_alpha_s = alpha_s + topology->net_latency_us * 1e-6;
  double link = topology->link_gbps * RING_GPU_EFFICIENCY * 1e9;
  double latency_s = 2 * (g - 1) * alpha_s;
  double bandwidth_s = 2 * (g - 1) / g * bytes / link;
  double inter_bytes = 0;

  if (nodes > 1)
    {
      /* A node's G shard-rings carry 2 (nodes−1)/nodes of the buffer through its NICs. */
      inter_bytes = 2 * (nodes - 1) / nodes * bytes;
      latency_s += 2 * (nodes - 1) * net_alpha_s;
      bandwidth_s += inter_bytes / (topology->network_gbps * 1e9);
    }

  cost->channels = 1;
  _ring_cost_finish (topology, bytes, latency_s, bandwidth_s,
                     2 * (g - 1) / g * bytes + inter_bytes / g, cost);
}

static gboolean
hierarchical_can_run (const RingTopology  *topology,
                      const char         **why)
{
  return _ring_network_can_run (topology, why);
}

const RingAlgorithmInfo _ring_algorithm_hierarchical = {
  RING_ALGORITHM_HIERARCHICAL, "hierarchical",
  N_("Hierarchical (ring in node, ring across nodes)"), FALSE, RING_PROTOCOLS_SIMPLE,
  hierarchical_can_run, hierarchical_cost, NULL,
};
