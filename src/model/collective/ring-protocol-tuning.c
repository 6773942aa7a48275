/* ring-protocol-tuning.c: NCCL's documented constants (v2.30.7-1) and the mechanisms around them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-protocol-tuning-private.h"

/* tuning.cc, ncclTunerConstantsDefaults: baseLatencies {LL, LL128, Simple}, µs. NVLS and
 * NVLS-tree have none; CollNet none. */
static const double base_latency_us[RING_N_NCCL_ALGOS][RING_N_PROTOCOLS] = {
  [RING_NCCL_TREE] = { 6.8, 14.0, 8.4 },
  [RING_NCCL_RING] = { 6.6, 14.0, 8.4 },
};

/* tuning.cc, hwLatencies [NVLINK, PCI, NET][algorithm] {LL, LL128, Simple}, µs. */
static const double hop_latency_us[3][RING_N_NCCL_ALGOS][RING_N_PROTOCOLS] = {
  [RING_HOP_NVLINK] = {
    [RING_NCCL_TREE] = { 0.6, 1.25, 4.0 }, [RING_NCCL_RING] = { 0.6, 1.9, 3.4 },
    [RING_NCCL_COLLNET] = { 0, 0, 3.7 }, [RING_NCCL_NVLS] = { 0, 0, 25 },
    [RING_NCCL_NVLS_TREE] = { 0, 0, 25 },
  },
  [RING_HOP_PCI] = {
    [RING_NCCL_TREE] = { 1.0, 1.9, 4.0 }, [RING_NCCL_RING] = { 1.0, 2.5, 5.7 },
    [RING_NCCL_COLLNET] = { 0, 0, 3.7 },
  },
  [RING_HOP_NET] = {
    [RING_NCCL_TREE] = { 5.0, 8.5, 14 }, [RING_NCCL_RING] = { 2.7, 4.0, 14.0 },
    [RING_NCCL_COLLNET] = { 0, 0, 31 }, [RING_NCCL_NVLS] = { 0, 0, 18 },
    [RING_NCCL_NVLS_TREE] = { 0, 0, 20.9 },
  },
};

/* tuning.cc: per generation (Volta, Ampere, Hopper, Blackwell) and node count (1, 2, ≥3),
 * GB/s. llMaxBws' multi-node rows are NCCL's Intel-CPU row. */
static const double ll_max_gbps[4][3] = {
  { 39.0, 39.0, 20.4 }, { 87.7, 39.0, 20.4 }, { 141.0, 39.0, 20.4 }, { 282.0, 39.0, 20.4 },
};
static const double ring_ll128_per_ch[4][3] = {
  { 20.0, 20.0, 20.0 }, { 20.0, 20.0, 20.0 }, { 36.7, 36.7, 36.7 }, { 40.0, 40.0, 40.0 },
};
static const double tree_ll128_per_ch[4][3] = {
  { 20.0, 20.0, 20.0 }, { 20.0, 20.0, 20.0 }, { 36.7, 36.7, 29.0 }, { 55.6, 31.67, 20.0 },
};
static const double tree_per_ch[4][3] = {
  { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 }, { 38.7, 41.4, 36.0 }, { 70.0, 42.8, 24.0 },
};
static const double nvls_tree_per_ch[4][3] = {
  { 26.5, 18.5, 10.0 }, { 24.0, 23.6, 17.8 }, { 0.0, 57.7, 45.5 }, { 0.0, 96.0, 80.0 },
};
/* tuning.cc, nvlsEfficiency. */
static const double nvls_efficiency[4] = { 0.0, 0.0, 0.85, 0.74 };

/* tuning.cc, treeCorrectionFactor: powers of two from 64 B to 256 MiB. */
static const double tree_correction[RING_N_PROTOCOLS][24] = {
  { 1.0, 1.0, 1.0, 1.0, .9, .8, .7, .7, .7, .7, .6, .5, .4, .4, .5, .6, .7, .8, .9, 1.0, 1.0,
    1.0, 1.0, 1.0 },
  { 1.0, 1.0, 1.0, 1.0, 1.0, .9, .8, .8, .8, .7, .6, .6, .6, .6, .6, .6, .8, .9, .9, .9, .9,
    1.0, 1.0, 1.0 },
  { .9, .9, .9, .9, .9, .9, .9, .8, .7, .6, .6, .5, .5, .5, .5, .6, .7, .8, .7, .7, .8, .9,
    .9, .9 },
};

/* device.h: threads per channel; comm.h: bytes per thread before a channel is added. */
static const guint max_threads[RING_N_PROTOCOLS] = { 512, 640, 512 };
static const guint thread_threshold[RING_N_PROTOCOLS] = { 8, 8, 64 };

static guint
node_index (const RingTopology *topology)
{
  return topology->nodes <= 2 ? topology->nodes - 1 : 2;
}

double
_ring_nccl_base_latency_us (RingNcclAlgo algo,
                            RingProtocol protocol)
{
  return base_latency_us[algo][protocol];
}

double
_ring_nccl_hop_latency_us (RingHop      hop,
                           RingNcclAlgo algo,
                           RingProtocol protocol)
{
  return hop_latency_us[hop][algo][protocol];
}

RingHop
_ring_nccl_intra_hop (const RingTopology *topology)
{
  return topology->nvlink ? RING_HOP_NVLINK : RING_HOP_PCI;
}

double
_ring_nccl_intra_hop_us (const RingTopology *topology,
                         RingHop             hop,
                         RingNcclAlgo        algo,
                         RingProtocol        protocol)
{
  return MAX (0.0, hop_latency_us[hop][algo][protocol] + topology->link_extra_us);
}

double
_ring_nccl_net_hop_us (const RingTopology *topology,
                       RingNcclAlgo        algo,
                       RingProtocol        protocol)
{
  /* With one GPU per node NCCL takes the tree's network latency for every algorithm. */
  RingNcclAlgo row = topology->ranks_per_node <= 1 ? RING_NCCL_TREE : algo;

  return MAX (0.0, hop_latency_us[RING_HOP_NET][row][protocol] + topology->net_extra_us);
}

double
_ring_nccl_ll_max_gbps (const RingTopology *topology)
{
  return ll_max_gbps[topology->generation][node_index (topology)];
}

double
_ring_nccl_ring_ll128_per_ch (const RingTopology *topology)
{
  return ring_ll128_per_ch[topology->generation][node_index (topology)];
}

double
_ring_nccl_tree_ll128_per_ch (const RingTopology *topology)
{
  return tree_ll128_per_ch[topology->generation][node_index (topology)];
}

double
_ring_nccl_tree_per_ch (const RingTopology *topology)
{
  return tree_per_ch[topology->generation][node_index (topology)];
}

double
_ring_nccl_nvls_tree_per_ch (const RingTopology *topology)
{
  return nvls_tree_per_ch[topology->generation][node_index (topology)];
}

double
_ring_nccl_nvls_efficiency (RingGeneration generation)
{
  return nvls_efficiency[generation];
}

guint
_ring_log2i (double n)
{
  return n < 2 ? 0 : (guint) ilogb (n);
}

double
_ring_nccl_tree_correction (RingProtocol protocol,
                            double       bytes)
{
  guint index;

  if (bytes < 64)
    return 1.0;
  index = _ring_log2i (bytes / 64);

  return index < 23 ? tree_correction[protocol][index] : 1.0;
}

guint
_ring_nccl_nvls_channels (const RingTopology *topology)
{
  return topology->generation >= RING_GENERATION_BLACKWELL ? 24 : 16;
}

void
_ring_nccl_channels_for_size (const RingTopology *topology,
                              RingNcclAlgo        algo,
                              RingProtocol        protocol,
                              double              bytes,
                              guint              *channels,
                              double             *busy_channels,
                              double             *busy_threads)
{
  guint nc = topology->channels;
  guint nt = max_threads[protocol];
  guint fewest_threads = nt;
  double threshold = thread_threshold[protocol];
  double lanes;

  /* The ring's LL threshold grows with the ranks (tuning.cc). */
  if (algo == RING_NCCL_RING && protocol == RING_PROTOCOL_LL)
    threshold *= topology->gpus;

  /* One channel fewer while the threads would have less than their threshold each. */
  if (bytes < nc * nt * threshold)
    nc = (guint) CLAMP (floor (bytes / (nt * threshold)), 1, nc);
  while (fewest_threads % 128 == 0 && fewest_threads > 64)
    fewest_threads /= 2;
  /* Never fewer than three warps. */
  fewest_threads = MAX (fewest_threads, 3 * 32);
  *channels = nc;

  /* NCCL's whole channels and halved thread counts make the time of small sizes a saw:
   * one byte more than a threshold adds a channel (or doubles the threads) and the call
   * gets up to twice as fast, so a larger message would take less time. The work is
   * spread over threads that each get their threshold's worth, as many as the size has,
   * counted as a real number: the lower edge of the saw, which never falls. */
  lanes = bytes / threshold;
  if (lanes >= max_threads[protocol])
    {
      *busy_channels = CLAMP (lanes / max_threads[protocol], 1.0, topology->channels);
      *busy_threads = max_threads[protocol];
    }
  else
    {
      *busy_channels = 1.0;
      *busy_threads = MAX (lanes, fewest_threads);
    }
}

double
_ring_nccl_step_bytes (RingProtocol protocol)
{
  switch (protocol)
    {
    case RING_PROTOCOL_LL:
      return 8.0 * 512 * 16 / 2;
    case RING_PROTOCOL_LL128:
      return 120.0 * 640 * 8 / 128 * 120;
    case RING_PROTOCOL_SIMPLE:
    default:
      return (4 << 20) / 8.0;
    }
}

double
_ring_protocol_wire_fraction (RingProtocol protocol)
{
  switch (protocol)
    {
    case RING_PROTOCOL_LL:
      return 0.5;
    case RING_PROTOCOL_LL128:
      return 120.0 / 128.0;
    case RING_PROTOCOL_SIMPLE:
    default:
      return 1.0;
    }
}

double
_ring_ll_channel_gbps (const RingTopology *topology,
                       double              threads)
{
  double hop_us = _ring_nccl_intra_hop_us (topology, _ring_nccl_intra_hop (topology),
                                           RING_NCCL_RING, RING_PROTOCOL_LL);

  /* A hop fitted down to nothing still takes a few tens of ns. */
  return threads * 8.0 / (_ring_calibration_of (topology)->value[RING_CALIBRATION_LL_ROUND_TRIP]
                         * MAX (hop_us, 0.05) * 1e3);
}

double
_ring_net_overhead_us (RingProtocol protocol)
{
  return RING_NET_OVERHEAD_US * (protocol == RING_PROTOCOL_SIMPLE ? 3 : 1);
}

/* A network step of LL waits behind the proxy's posts for the channels ahead of it,
 * (channels − 1) × netOverhead, once up and once down whatever the depth; LL128 and Simple
 * signal with one counter a step and pay nothing (docs/model.md §4, "LL across nodes"). */
double
_ring_ll_proxy_queue_s (const RingTopology *topology,
                        RingProtocol        protocol,
                        guint               channels)
{
  if (topology->nodes < 2 || protocol != RING_PROTOCOL_LL || channels < 2)
    return 0.0;

  return 2.0 * (channels - 1) * _ring_net_overhead_us (protocol) * 1e-6;
}

double
_ring_fill_s (double stages,
              double chunk_bytes,
              double rate_gbps)
{
  if (stages <= 0 || chunk_bytes <= 0 || rate_gbps <= 0)
    return 0.0;

  return stages * chunk_bytes / (rate_gbps * 1e9);
}
