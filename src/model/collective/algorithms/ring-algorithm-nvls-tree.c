/* ring-algorithm-nvls-tree.c: NVLS inside each node, a tree between the nodes.
 *
 * The switch reduces each node's buffer (as nvls), the nodes combine their sums over a
 * tree of NICs, and a multicast store hands the result back to every GPU. The NICs carry
 * the buffer once (two nodes) or twice (more), as the tree's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

/* NCCL's selection latency: the NVLS call and the NVLS-tree's network hops. */
static double
latency_us (const RingTopology *topology)
{
  return _ring_nccl_intra_hop_us (topology, RING_HOP_NVLINK, RING_NCCL_NVLS_TREE,
                                  RING_PROTOCOL_SIMPLE)
         + 2.0 * _ring_log2i (topology->nodes)
           * _ring_nccl_net_hop_us (topology, RING_NCCL_NVLS_TREE, RING_PROTOCOL_SIMPLE);
}

/* What it takes: the network hops are the tree's own (the same proxies and NICs carry
 * them), which NCCL 2.19–2.23 also charged NVLS-tree (14 µs); v2.30 raised its selection
 * constant to 20.9 µs to pick NVLS-tree less often, not because the hop got slower. */
static double
real_latency_us (const RingTopology *topology)
{
  return _ring_nccl_intra_hop_us (topology, RING_HOP_NVLINK, RING_NCCL_NVLS_TREE,
                                  RING_PROTOCOL_SIMPLE)
         + 2.0 * _ring_log2i (topology->nodes)
           * _ring_nccl_net_hop_us (topology, RING_NCCL_TREE, RING_PROTOCOL_SIMPLE);
}

/* The NICs' bound on the algorithm bandwidth, as the tree's. */
static double
network_algbw (const RingTopology *topology)
{
  return topology->nodes == 2 ? topology->network_gbps : topology->network_gbps / 2;
}

/* NCCL's estimate (tuning.cc): the NVLS rate (×2 for all-reduce), the network doubled on
 * two nodes, and a per-channel cap. */
static double
nvls_tree_estimate (const RingTopology *topology,
                    RingProtocol        protocol,
                    double              bytes)
{
  double channels = _ring_nccl_nvls_channels (topology);
  double intra = topology->link_gbps / channels * _ring_nccl_nvls_efficiency (topology->generation)
                 * (channels - 1) / channels * 2.0;
  double inter = topology->network_gbps / channels * (topology->nodes <= 2 ? 2 : 1);
  double per_channel = MIN (MIN (intra, inter), _ring_nccl_nvls_tree_per_ch (topology));
  double algbw = channels * per_channel / _ring_bus_factor (topology);

  return _ring_nccl_estimate_s (latency_us (topology), bytes, algbw);
}

static void
nvls_tree_cost (const RingTopology *topology,
                RingProtocol        protocol,
                double              bytes,
                RingAllreduceCost  *cost)
{
  double g = topology->gpus_per_node;
  guint channels = _ring_nccl_nvls_channels (topology);
  double algbw = MIN (_ring_nvls_algbw (topology, channels), network_algbw (topology));
  /* enqueue.cc, calcCollChunking for NVLS-tree. */
  static const RingChunkStep steps[] = { { 4, 65536 }, { 1, 32768 } };

  cost->channels = channels;
  /* Into the switch and out, as nvls; and each shard's trip up and down its tree of
   * nodes, 2 (nodes − 1) shards of every shard, shared by the N GPUs. */
  _ring_cost_finish (topology, bytes,
                     (_ring_launch_gap_us (topology) + real_latency_us (topology)) * 1e-6,
                     _ring_nvls_bandwidth_s (topology, channels, algbw,
                                             steps, G_N_ELEMENTS (steps), bytes),
                     bytes * (1 + 1 / g) + 2.0 * (topology->nodes - 1) * bytes / topology->gpus,
                     cost);
}

static gboolean
nvls_tree_can_run (const RingTopology  *topology,
                   const char         **why)
{
  const char *reason = _ring_nvls_cannot_run (topology);

  if (reason == NULL && topology->nodes < 2)
    reason = N_("NVLS-tree joins several nodes; in one node nvls does the work");

  if (why != NULL)
    *why = reason;

  return reason == NULL && _ring_network_can_run (topology, why);
}

const RingAlgorithmInfo _ring_algorithm_nvls_tree = {
  .algorithm = RING_ALGORITHM_NVLS_TREE,
  .name = "nvls-tree",
  .title = N_("NVLS tree (switch in node, tree across)"),
  .nccl = TRUE,
  .nccl_tuner_name = "nvls_tree",
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = nvls_tree_can_run,
  .cost = nvls_tree_cost,
  .estimate = nvls_tree_estimate,
  .schedule = &_ring_schedule_nvls_tree,
  .link_rates = _ring_nvls_link_rates,
  .fabric_pattern = RING_FABRIC_PATTERN_TREE,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("NVLS tree"),
  .picture = RING_PICTURE_SCHEDULE,
  .colour_by_shard = TRUE,
  .switch_only_in_node = TRUE,
  .color_rgb = 0x613583,
  .color_rgb_dark = 0xc061cb,
  .dash = RING_DASH_SOLID,
};
