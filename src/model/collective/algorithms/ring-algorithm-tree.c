/* ring-algorithm-tree.c: NCCL's double binary tree.
 *
 * Inside a node the GPUs form a chain; across nodes two binary trees, each carrying half
 * the buffer, are arranged so that a node is an inner vertex in at most one of them
 * (Sanders, Speck and Träff 2009). Reduce goes up, broadcast comes down: log2 (nodes)
 * network hops each way instead of the ring's 2 (nodes − 1). A node sends the buffer
 * once per direction with two nodes (each tree's root and leaf swap roles), twice with
 * more (an inner vertex forwards to two children), so per NIC the tree is the ring's
 * equal beyond two nodes and twice it at two.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

static double
latency_us (const RingTopology *topology,
            RingProtocol        protocol)
{
  double intra = _ring_nccl_intra_hop_us (topology, _ring_nccl_intra_hop (topology),
                                          RING_NCCL_TREE, protocol);

  return _ring_nccl_base_latency_us (RING_NCCL_TREE, protocol)
         + 2.0 * ((topology->ranks_per_node - 1) * intra
                  + _ring_log2i (topology->nodes)
                    * _ring_nccl_net_hop_us (topology, RING_NCCL_TREE, protocol));
}

/* NCCL's estimate (tuning.cc): 92 % of the channels, capped per channel; LL at 1/3.8, LL128
 * at 7/9 in a node or 120/128 across; "bus" bandwidth there is twice the algorithm
 * bandwidth; and the size-dependent tree correction. */
static double
tree_estimate (const RingTopology *topology,
               RingProtocol        protocol,
               double              bytes)
{
  double channels = topology->channels;
  double busbw = MIN (channels * topology->channel_gbps * 0.92,
                      channels * _ring_nccl_tree_per_ch (topology));
  double algbw;

  if (protocol == RING_PROTOCOL_LL)
    busbw = MIN (busbw / 3.8, _ring_nccl_ll_max_gbps (topology));
  else if (protocol == RING_PROTOCOL_LL128)
    busbw = MIN (busbw * (topology->nodes == 1 ? 7.0 / 9.0 : 120.0 / 128.0),
                 channels * _ring_nccl_tree_ll128_per_ch (topology));

  algbw = busbw * 0.5 * _ring_nccl_tree_correction (protocol, bytes);

  return _ring_nccl_estimate_s (latency_us (topology, protocol), bytes, algbw);
}

/* The algorithm bandwidth the links allow: the chain sends the buffer up and down (twice
 * per GPU), the NICs once (two nodes) or twice (more). */
static double
bound_algbw (const RingTopology *topology)
{
  double algbw = _ring_intra_bound_gbps (topology) / 2;

  if (topology->nodes == 2)
    algbw = MIN (algbw, topology->network_gbps);
  else if (topology->nodes > 2)
    algbw = MIN (algbw, topology->network_gbps / 2);

  return algbw;
}

static double
channel_algbw (const RingTopology *topology,
               RingProtocol        protocol,
               double              threads)
{
  switch (protocol)
    {
    case RING_PROTOCOL_LL:
      return _ring_ll_channel_gbps (topology, threads) / 2;
    case RING_PROTOCOL_LL128:
      return _ring_nccl_tree_ll128_per_ch (topology) / 2;
    case RING_PROTOCOL_SIMPLE:
    default:
      return MIN (topology->channel_gbps * (topology->nodes > 1 ? 2 : 1),
                  _ring_nccl_tree_per_ch (topology)) / 2;
    }
}

/* NCCL's chunk for the tree (enqueue.cc, calcCollChunking): LL128 and Simple halve their
 * chunk while there are too few per channel for the tree's depth, which for Simple is
 * the chain in the node and the trees' height (N/nodes − 1 + log2 nodes, trees.cc). */
static double
chunk_bytes (const RingTopology *topology,
             RingProtocol        protocol,
             double              bytes,
             double              channels)
{
  double chunk = _ring_nccl_step_bytes (protocol);

  if (protocol == RING_PROTOCOL_LL)
    return 0;
  if (protocol == RING_PROTOCOL_LL128)
    {
      double ppn = topology->ranks_per_node;
      double steps = 1 + _ring_log2i (topology->nodes) + 0.1 * ppn;

      while (bytes / (channels * chunk) < steps * 64 / ppn && chunk > 131072)
        chunk /= 2;
      while (bytes / (channels * chunk) < steps * 16 / ppn && chunk > 32768)
        chunk /= 2;
    }
  else
    {
      double depth = topology->ranks_per_node - 1 + _ring_log2i (topology->nodes);

      while (bytes / (channels * chunk) < depth * 8 && chunk > 131072)
        chunk /= 2;
      while (bytes / (channels * chunk) < depth * 4 && chunk > 65536)
        chunk /= 2;
      while (bytes / (channels * chunk) < depth && chunk > 32768)
        chunk /= 2;
    }

  return MIN (chunk, bytes / channels);
}

static void
tree_cost (const RingTopology *topology,
           RingProtocol        protocol,
           double              bytes,
           RingAllreduceCost  *cost)
{
  double algbw = bound_algbw (topology) * _ring_protocol_wire_fraction (protocol);
  /* A chunk is stored and forwarded at every level: up the chain and the trees, down;
   * a hop of the chain at the chain's share of the node's links, a hop between nodes at
   * what the slowest part leaves each channel. */
  double chain_stages = 2.0 * (topology->ranks_per_node - 1);
  double net_stages = 2.0 * _ring_log2i (topology->nodes);
  double chain_algbw = _ring_intra_bound_gbps (topology) / 2
                       * _ring_protocol_wire_fraction (protocol);
  double chunk, busy_channels, busy_threads;
  guint channels;

  _ring_nccl_channels_for_size (topology, RING_NCCL_TREE, protocol, bytes, &channels,
                                &busy_channels, &busy_threads);
  algbw = MIN (algbw, busy_channels * channel_algbw (topology, protocol, busy_threads));
  chain_algbw = MAX (MIN (chain_algbw,
                          busy_channels * channel_algbw (topology, protocol, busy_threads)),
                     algbw);
  chunk = chunk_bytes (topology, protocol, bytes, busy_channels);

  cost->channels = channels;
  _ring_cost_finish (topology, bytes,
                     (_ring_launch_gap_us (topology) + latency_us (topology, protocol)) * 1e-6,
                     bytes / (algbw * 1e9)
                     + _ring_ll_proxy_queue_s (topology, protocol, channels)
                     + _ring_fill_s (chain_stages, chunk, chain_algbw / busy_channels)
                     + _ring_fill_s (net_stages, chunk, algbw / busy_channels),
                     _ring_bus_factor (topology) * bytes, cost);
}

/* As the cost: the chain's share of the node's links and the NICs together; NCCL's
 * Simple hop latencies of the tree. */
static void
tree_link_rates (const RingTopology *topology,
                 double             *rates_Bps,
                 double             *alpha_s)
{
  _ring_chain_link_rates (topology,
                          _ring_nccl_hop_latency_us (_ring_nccl_intra_hop (topology),
                                                     RING_NCCL_TREE, RING_PROTOCOL_SIMPLE),
                          RING_NCCL_TREE, rates_Bps, alpha_s);
}

const RingAlgorithmInfo _ring_algorithm_tree = {
  .algorithm = RING_ALGORITHM_TREE,
  .name = "tree",
  .title = N_("Tree"),
  .nccl = TRUE,
  .nccl_tuner_name = "tree",
  .protocols = RING_PROTOCOLS_ALL,
  .can_run = _ring_network_can_run,
  .cost = tree_cost,
  .estimate = tree_estimate,
  .schedule = &_ring_schedule_tree,
  .link_rates = tree_link_rates,
  .fabric_pattern = RING_FABRIC_PATTERN_TREE,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("Tree"),
  .picture = RING_PICTURE_TREE,
  .color_rgb = 0xe66100,
  .color_rgb_dark = 0xffbe6f,
  .dash = RING_DASH_SOLID,
};
