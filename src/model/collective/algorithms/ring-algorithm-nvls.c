/* ring-algorithm-nvls.c: NVLink SHARP, the reduction done inside the NVSwitch.
 *
 * Each GPU reduces its 1/G of the buffer with one multimem load that the switch answers
 * with the sum over all GPUs, then stores the result with one multicast store. A GPU
 * sends its whole buffer once to the switch plus its reduced shard, and receives as
 * much: S (1 + 1/G) each way, against the ring's 2 (N−1)/N · S. Hopper and newer, with
 * NVSwitch, in one node (across nodes: nvls-tree, or CollNet with SHARP).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

/* NCCL's per-call latency of NVLS (tuning.cc hwLatencies, NVLink row), µs. */
static double
latency_us (const RingTopology *topology)
{
  double lat = _ring_nccl_intra_hop_us (topology, RING_HOP_NVLINK, RING_NCCL_NVLS,
                                        RING_PROTOCOL_SIMPLE);

  if (topology->nodes > 1)
    lat += _ring_nccl_net_hop_us (topology, RING_NCCL_NVLS, RING_PROTOCOL_SIMPLE);

  return lat;
}

/* NCCL's estimate: the links at nvlsEfficiency, one channel in reserve, and "AllReduce
 * pipelines two operations" (×2, tuning.cc). */
static double
nvls_estimate (const RingTopology *topology,
               RingProtocol        protocol,
               double              bytes)
{
  double channels = _ring_nccl_nvls_channels (topology);
  double busbw = topology->link_gbps * _ring_nccl_nvls_efficiency (topology->generation)
                 * (channels - 1) / channels * 2.0;
  double algbw = busbw / _ring_bus_factor (topology);

  return _ring_nccl_estimate_s (latency_us (topology), bytes, algbw);
}

/* The GPUs' ports into the switch at NVLS's efficiency, one channel in reserve, G/(G+1) of
 * them for the buffer (the reduced shard takes the rest). */
double
_ring_nvls_algbw (const RingTopology *topology,
                  guint               channels)
{
  double g = topology->gpus_per_node;

  return topology->link_gbps * g / (g + 1) * _ring_nccl_nvls_efficiency (topology->generation)
         * (channels - 1.0) / channels;
}

double
_ring_nvls_bandwidth_s (const RingTopology  *topology,
                        guint                channels,
                        double               algbw_gbps,
                        const RingChunkStep *steps,
                        guint                n_steps,
                        double               bytes)
{
  double pipelines = channels * (double) topology->gpus_per_node;
  double chunk = 128 * 1024;

  for (guint i = 0; i < n_steps; i++)
    if (bytes < steps[i].factor * pipelines * chunk)
      chunk = steps[i].chunk;
  chunk = MIN (chunk, bytes / pipelines);

  return bytes / (algbw_gbps * 1e9) + _ring_fill_s (2, chunk, algbw_gbps / pipelines);
}

const char *
_ring_nvls_cannot_run (const RingTopology *topology)
{
  if (!topology->nvswitch)
    return N_("NVLS needs NVSwitch, and these GPUs have none");
  if (topology->generation < RING_GENERATION_HOPPER)
    return N_("NVLS needs a Hopper or newer GPU");

  return NULL;
}

static void
nvls_cost (const RingTopology *topology,
           RingProtocol        protocol,
           double              bytes,
           RingAllreduceCost  *cost)
{
  double g = topology->gpus_per_node;
  guint channels = _ring_nccl_nvls_channels (topology);
  double algbw = _ring_nvls_algbw (topology, channels);
  /* enqueue.cc: smaller chunks while the buffer is small against the pipelines. */
  static const RingChunkStep steps[] = { { 64, 65536 }, { 8, 32768 }, { 2, 16384 } };

  if (topology->nodes > 1)
    algbw = MIN (algbw, topology->network_gbps);

  cost->channels = channels;
  /* Each GPU sends its buffer into the switch and its shard of the sum out through it;
   * across nodes (SHARP) the shard also goes to the network switch. */
  _ring_cost_finish (topology, bytes,
                     (_ring_launch_gap_us (topology) + latency_us (topology)) * 1e-6,
                     _ring_nvls_bandwidth_s (topology, channels, algbw,
                                             steps, G_N_ELEMENTS (steps), bytes),
                     bytes * (1 + (topology->nodes > 1 ? 2 : 1) / g), cost);
}

static gboolean
nvls_can_run (const RingTopology  *topology,
              const char         **why)
{
  const char *reason = _ring_nvls_cannot_run (topology);

  if (reason == NULL && topology->nodes > 1 && topology->fabric != RING_FABRIC_INFINIBAND_SHARP)
    reason = N_("NVLS spans several nodes only with InfiniBand SHARP; nvls-tree does");

  if (why != NULL)
    *why = reason;

  return reason == NULL && _ring_network_can_run (topology, why);
}

/* As the cost: each GPU's port into the switch at NVLS's efficiency, one channel in
 * reserve; NCCL's NVLS latency split between the reducing load and the multicast store;
 * across nodes the NICs together and the network's hop. */
void
_ring_nvls_link_rates (const RingTopology *topology,
                       double             *rates_Bps,
                       double             *alpha_s)
{
  double channels = _ring_nccl_nvls_channels (topology);

  rates_Bps[RING_LINK_INTRA] = topology->link_gbps * RING_GPU_EFFICIENCY * 1e9;
  rates_Bps[RING_LINK_NETWORK] = topology->network_gbps * 1e9;
  rates_Bps[RING_LINK_SWITCH] = topology->link_gbps
                                * _ring_nccl_nvls_efficiency (topology->generation)
                                * (channels - 1) / channels * 1e9;
  rates_Bps[RING_LINK_NET_SWITCH] = rates_Bps[RING_LINK_NETWORK];
  alpha_s[RING_LINK_INTRA] = _ring_nccl_hop_latency_us (RING_HOP_NVLINK, RING_NCCL_NVLS,
                                                        RING_PROTOCOL_SIMPLE) * 1e-6 / 2;
  alpha_s[RING_LINK_SWITCH] = alpha_s[RING_LINK_INTRA];
  alpha_s[RING_LINK_NETWORK] = _ring_nccl_net_hop_us (topology, RING_NCCL_TREE,
                                                      RING_PROTOCOL_SIMPLE) * 1e-6;
  alpha_s[RING_LINK_NET_SWITCH] = _ring_nccl_net_hop_us (topology, RING_NCCL_NVLS,
                                                         RING_PROTOCOL_SIMPLE) * 1e-6;
}

const RingAlgorithmInfo _ring_algorithm_nvls = {
  .algorithm = RING_ALGORITHM_NVLS,
  .name = "nvls",
  .title = N_("NVLS (in-switch reduction)"),
  .nccl = TRUE,
  .nccl_tuner_name = "nvls",
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = nvls_can_run,
  .cost = nvls_cost,
  .estimate = nvls_estimate,
  .schedule = &_ring_schedule_nvls,
  .link_rates = _ring_nvls_link_rates,
  .fabric_pattern = RING_FABRIC_PATTERN_NONE,
  /* A name, the same in every language. */
  .short_title = "NVLS",
  .picture = RING_PICTURE_SCHEDULE,
  .colour_by_shard = TRUE,
  .switch_only_in_node = TRUE,
  .color_rgb = 0x009e73,
  .color_rgb_dark = 0x8ff0a4,
  .dash = RING_DASH_SOLID,
};
