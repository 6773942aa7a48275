/* ring-algorithm-ring.c: NCCL's ring, across NVLink, PCIe and the nodes' NICs.
 *
 * Each channel is a ring through every GPU; reduce-scatter then all-gather take 2 (N−1)
 * steps, each GPU sending 2 (N−1)/N of the buffer. Across nodes each channel leaves and
 * enters every node once, so the node's NICs together carry 2 (N−1)/N of the buffer: the
 * bus bandwidth is bounded by K × NIC rate, not by a GPU's share of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"
#include "ring-schedule.h"

/* Steps that cross a node boundary: two per node, one in each phase. */
static double
inter_steps (const RingTopology *topology)
{
  return topology->nodes == 1 ? 0 : 2.0 * (topology->nodes - 1);
}

/* The intra-node hop; across nodes NCCL charges at least its network overhead per step
 * (getNetOverhead: 1 µs, 3 µs for Simple, on x86). */
static double
intra_hop_us (const RingTopology *topology,
              RingProtocol        protocol)
{
  double hop = _ring_nccl_intra_hop_us (topology, _ring_nccl_intra_hop (topology),
                                        RING_NCCL_RING, protocol);

  if (topology->nodes > 1)
    hop = MAX (hop, _ring_net_overhead_us (protocol));

  return hop;
}

static double
latency_us (const RingTopology *topology,
            RingProtocol        protocol)
{
  double steps = 2.0 * (topology->gpus - 1);
  double inter = inter_steps (topology);

  return _ring_nccl_base_latency_us (RING_NCCL_RING, protocol)
         + (steps - inter) * intra_hop_us (topology, protocol)
         + inter * _ring_nccl_net_hop_us (topology, RING_NCCL_RING, protocol);
}

/* NCCL's estimate (tuning.cc): bus bandwidth of the search's channels, LL halved and
 * capped, LL128 at 92 %, and the multi-node Simple ring's "plateau" latency. */
static double
ring_estimate (const RingTopology *topology,
               RingProtocol        protocol,
               double              bytes)
{
  double busbw = topology->channels * topology->channel_gbps;
  double lat = latency_us (topology, protocol);
  double algbw;

  if (protocol == RING_PROTOCOL_LL)
    busbw = MIN (_ring_nccl_ll_max_gbps (topology), busbw * 0.5);
  else if (protocol == RING_PROTOCOL_LL128)
    busbw = MIN (busbw * 0.92, topology->channels * _ring_nccl_ring_ll128_per_ch (topology));

  if (protocol == RING_PROTOCOL_SIMPLE && topology->nodes > 1
      && bytes / (topology->channels * 2.0 * topology->gpus) >= 64)
    lat *= topology->generation == RING_GENERATION_VOLTA ? 1.9 : 1.4;

  algbw = busbw / _ring_bus_factor (topology);

  return _ring_nccl_estimate_s (lat, bytes, algbw);
}

/* What one channel moves, as bus bandwidth. Across nodes NCCL runs twice the search's
 * channels (connect.cc), each at the search's per-channel rate. */
static double
channel_busbw (const RingTopology *topology,
               RingProtocol        protocol,
               double              threads)
{
  switch (protocol)
    {
    case RING_PROTOCOL_LL:
      return _ring_ll_channel_gbps (topology, threads);
    case RING_PROTOCOL_LL128:
      return _ring_nccl_ring_ll128_per_ch (topology);
    case RING_PROTOCOL_SIMPLE:
    default:
      return topology->channel_gbps * (topology->nodes > 1 ? 2 : 1);
    }
}

static void
ring_cost (const RingTopology *topology,
           RingProtocol        protocol,
           double              bytes,
           RingAllreduceCost  *cost)
{
  double factor = _ring_bus_factor (topology);
  double busbw = _ring_intra_bound_gbps (topology);
  double algbw, chunk, busy_channels, busy_threads, lat_us;
  guint channels;

  if (topology->nodes > 1)
    busbw = MIN (busbw, topology->network_gbps);
  busbw *= _ring_protocol_wire_fraction (protocol);

  _ring_nccl_channels_for_size (topology, RING_NCCL_RING, protocol, bytes, &channels,
                                &busy_channels, &busy_threads);
  busbw = MIN (busbw, busy_channels * channel_busbw (topology, protocol, busy_threads));
  algbw = busbw / factor;

  /* LL128 and Simple forward whole chunks: the last one drains after the rest. */
  chunk = 0;
  if (protocol != RING_PROTOCOL_LL)
    chunk = MIN (_ring_nccl_step_bytes (protocol) * (protocol == RING_PROTOCOL_SIMPLE ? 4 : 1),
                 bytes / (busy_channels * topology->gpus));

  lat_us = latency_us (topology, protocol);
  if (protocol == RING_PROTOCOL_SIMPLE && topology->nodes > 1
      && bytes / (topology->channels * 2.0 * topology->gpus) >= 64)
    lat_us *= topology->generation == RING_GENERATION_VOLTA ? 1.9 : 1.4;
  cost->channels = channels;
  _ring_cost_finish (topology, bytes,
                     (_ring_launch_gap_us (topology) + lat_us) * 1e-6,
                     bytes / (algbw * 1e9) + _ring_fill_s (1, chunk, algbw / busy_channels)
                     + _ring_ll_proxy_queue_s (topology, protocol, channels),
                     factor * bytes, cost);
}

/* The schedule: one ring through GPUs 0, 1 … N−1, node after node. The last GPU of a
 * node sends to the first of the next through the NICs (NCCL's channels rotate which GPU
 * that is; one ring here). Shared with flat-ring. */

static void
ring_schedule_init (RingSchedule *schedule)
{
  guint n = schedule->n_gpus;

  schedule->n_pieces = n;
  _ring_schedule_add_phase (schedule, N_("Scatter-reduce"),
                            N_("Each GPU sends one chunk to the next GPU, which adds it to its "
                               "own"),
                            N_("After N − 1 steps every GPU holds one fully reduced chunk, a "
                               "different one on each GPU. Every link carries one chunk in every "
                               "step, so no link waits however many GPUs there are."),
                            n - 1);
  _ring_schedule_add_phase (schedule, N_("All-gather"),
                            N_("Each GPU passes a reduced chunk on; the next GPU stores it"),
                            N_("After N − 1 more steps every GPU holds all N reduced chunks. "
                               "Each GPU sent 2 (N − 1) chunks, just under twice its gradient: "
                               "the bytes hardly grow with N, the 2 (N − 1) hops’ latency does."),
                            n - 1);
}

static guint
ring_schedule_n_sends (const RingSchedule *schedule,
                       guint               step,
                       guint               from)
{
  return from < schedule->n_gpus ? 1 : 0;
}

static void
ring_schedule_send (const RingSchedule *schedule,
                    guint               step,
                    guint               from,
                    guint               index,
                    RingTransfer       *transfer)
{
  guint n = schedule->n_gpus;

  transfer->to = ring_schedule_send_peer (n, from);
  transfer->first_piece = ring_schedule_send_chunk (n, step, from);
  transfer->n_pieces = 1;
  transfer->op = step < n - 1 ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
}

/* Every link carries one chunk of S/N a step: inside the nodes (if a node holds two
 * GPUs) and, one per node, across them. The step waits for the slower kind. */
static double
ring_schedule_step_time (const RingSchedule *schedule,
                         guint               step,
                         const double       *rates_Bps,
                         const double       *alpha_s,
                         double              bytes)
{
  double chunk = bytes / schedule->n_gpus;
  double step_s = 0;

  if (schedule->gpus_per_node > 1)
    step_s = _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_INTRA, chunk);
  if (schedule->n_nodes > 1)
    step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK, chunk));

  return step_s;
}

const RingScheduleFuncs _ring_schedule_ring = {
  ring_schedule_init, ring_schedule_n_sends, ring_schedule_send, ring_schedule_step_time,
};

/* The links as the cost counts them: the node's share of its links (G/(G−1) across
 * nodes) and the NICs together; NCCL's Simple hop latencies. */
static void
ring_link_rates (const RingTopology *topology,
                 double             *rates_Bps,
                 double             *alpha_s)
{
  _ring_chain_link_rates (topology, intra_hop_us (topology, RING_PROTOCOL_SIMPLE),
                          RING_NCCL_RING, rates_Bps, alpha_s);
}

void
_ring_chain_link_rates (const RingTopology *topology,
                        double              intra_hop_us,
                        RingNcclAlgo        algo,
                        double             *rates_Bps,
                        double             *alpha_s)
{
  rates_Bps[RING_LINK_INTRA] = _ring_intra_bound_gbps (topology) * 1e9;
  rates_Bps[RING_LINK_NETWORK] = topology->network_gbps * 1e9;
  rates_Bps[RING_LINK_SWITCH] = rates_Bps[RING_LINK_INTRA];
  rates_Bps[RING_LINK_NET_SWITCH] = rates_Bps[RING_LINK_NETWORK];
  alpha_s[RING_LINK_INTRA] = intra_hop_us * 1e-6;
  alpha_s[RING_LINK_NETWORK] = _ring_nccl_net_hop_us (topology, algo, RING_PROTOCOL_SIMPLE)
                               * 1e-6;
  alpha_s[RING_LINK_SWITCH] = alpha_s[RING_LINK_INTRA];
  alpha_s[RING_LINK_NET_SWITCH] = alpha_s[RING_LINK_NETWORK];
}

const RingAlgorithmInfo _ring_algorithm_ring = {
  .algorithm = RING_ALGORITHM_RING,
  .name = "ring",
  .title = N_("Ring"),
  .nccl = TRUE,
  .nccl_tuner_name = "ring",
  .protocols = RING_PROTOCOLS_ALL,
  .can_run = _ring_network_can_run,
  .cost = ring_cost,
  .estimate = ring_estimate,
  .schedule = &_ring_schedule_ring,
  .link_rates = ring_link_rates,
  .fabric_pattern = RING_FABRIC_PATTERN_NEIGHBOUR,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("Ring"),
  .picture = RING_PICTURE_RING,
  .color_rgb = 0x1c71d8,
  .color_rgb_dark = 0x99c1f1,
  .dash = RING_DASH_SOLID,
};
