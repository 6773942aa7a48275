/* ring-algorithm-collnet.c: CollNet, the reduction done inside InfiniBand switches (SHARP).
 *
 * Inside the node the GPUs reduce-scatter over NVLink, each sends its shard to the
 * network, the switches sum the shards of all nodes and return the result, and the GPUs
 * all-gather it. A node sends and receives the buffer once, whatever the node count, and
 * the network adds one round trip instead of a ring's 2 (nodes − 1) hops. Needs the
 * InfiniBand+SHARP fabric and more than one node. No row of the validation set ran it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

/* NCCL's CollNet Direct latency (tuning.cc): intra-node hops, 0.4 µs per GPU to serialise
 * on the network heads, and one network round trip. */
static double
latency_us (const RingTopology *topology)
{
  double ppn = topology->ranks_per_node;
  double intra = _ring_nccl_intra_hop_us (topology, _ring_nccl_intra_hop (topology),
                                          RING_NCCL_COLLNET, RING_PROTOCOL_SIMPLE);

  return 2.0 * (MIN (1.0, ppn - 1) * intra + (ppn - 1) * 0.4)
         + _ring_nccl_net_hop_us (topology, RING_NCCL_COLLNET, RING_PROTOCOL_SIMPLE);
}

/* The links allow: the NICs once each way; inside the node a reduce-scatter and an
 * all-gather, 2 (G−1)/G of the buffer per GPU. */
static double
bound_algbw (const RingTopology *topology)
{
  double g = topology->ranks_per_node;
  double algbw = topology->network_gbps;

  if (g > 1)
    algbw = MIN (algbw, topology->link_gbps * RING_GPU_EFFICIENCY * g / (2 * (g - 1)));

  return algbw;
}

/* NCCL's estimate for CollNet Direct on Hopper and newer takes 85 % of the rate. */
static double
collnet_estimate (const RingTopology *topology,
                  RingProtocol        protocol,
                  double              bytes)
{
  double algbw = bound_algbw (topology);

  if (topology->generation >= RING_GENERATION_HOPPER)
    algbw *= 0.85;

  return _ring_nccl_estimate_s (latency_us (topology), bytes, algbw);
}

static void
collnet_cost (const RingTopology *topology,
              RingProtocol        protocol,
              double              bytes,
              RingAllreduceCost  *cost)
{
  double g = topology->ranks_per_node;

  cost->channels = topology->channels;
  _ring_cost_finish (topology, bytes,
                     (_ring_launch_gap_us (topology) + latency_us (topology)) * 1e-6,
                     bytes / (bound_algbw (topology) * 1e9),
                     bytes * (2 * (g - 1) / g + 1 / g), cost);
}

static gboolean
collnet_can_run (const RingTopology  *topology,
                 const char         **why)
{
  const char *reason = NULL;

  if (topology->fabric != RING_FABRIC_INFINIBAND_SHARP)
    reason = N_("CollNet needs switches that reduce: the InfiniBand+SHARP fabric");
  else if (topology->nodes < 2)
    reason = N_("CollNet reduces in the network between nodes; this is one node");

  if (why != NULL)
    *why = reason;

  return reason == NULL && _ring_network_can_run (topology, why);
}

/* As the cost: each GPU's links for the scatter and the gather, the NICs together
 * into and out of the network switch; NCCL's CollNet Direct latencies, the network's
 * round trip in one step (the switch answers as the shards arrive). */
static void
collnet_link_rates (const RingTopology *topology,
                    double             *rates_Bps,
                    double             *alpha_s)
{
  double ppn = topology->ranks_per_node;
  double intra = _ring_nccl_hop_latency_us (_ring_nccl_intra_hop (topology), RING_NCCL_COLLNET,
                                            RING_PROTOCOL_SIMPLE);

  rates_Bps[RING_LINK_INTRA] = topology->link_gbps * RING_GPU_EFFICIENCY * 1e9;
  rates_Bps[RING_LINK_NETWORK] = topology->network_gbps * 1e9;
  rates_Bps[RING_LINK_SWITCH] = rates_Bps[RING_LINK_INTRA];
  rates_Bps[RING_LINK_NET_SWITCH] = rates_Bps[RING_LINK_NETWORK];
  alpha_s[RING_LINK_INTRA] = (MIN (1.0, ppn - 1) * intra + (ppn - 1) * 0.4) * 1e-6;
  alpha_s[RING_LINK_SWITCH] = alpha_s[RING_LINK_INTRA];
  alpha_s[RING_LINK_NETWORK] = _ring_nccl_net_hop_us (topology, RING_NCCL_COLLNET,
                                                      RING_PROTOCOL_SIMPLE) * 1e-6;
  alpha_s[RING_LINK_NET_SWITCH] = alpha_s[RING_LINK_NETWORK];
}

const RingAlgorithmInfo _ring_algorithm_collnet = {
  .algorithm = RING_ALGORITHM_COLLNET,
  .name = "collnet",
  .title = N_("CollNet (SHARP in-network reduction)"),
  .nccl = TRUE,
  /* CollNet Direct (docs/model.md §4). */
  .nccl_tuner_name = "collnet_direct",
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = collnet_can_run,
  .cost = collnet_cost,
  .estimate = collnet_estimate,
  .schedule = &_ring_schedule_collnet,
  .link_rates = collnet_link_rates,
  .fabric_pattern = RING_FABRIC_PATTERN_SWITCH,
  /* A name, the same in every language. */
  .short_title = "CollNet",
  .picture = RING_PICTURE_SCHEDULE,
  .colour_by_shard = TRUE,
  .color_rgb = 0xcc79a7,
  .color_rgb_dark = 0xed333b,
  .dash = RING_DASH_SOLID,
};
