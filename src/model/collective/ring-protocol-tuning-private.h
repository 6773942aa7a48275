/* ring-protocol-tuning-private.h: NCCL's documented constants and the mechanisms built on them.
 *
 * The numbers are NCCL's own, read from NVIDIA/nccl v2.30.7-1 (BSD-3-Clause; see
 * the team's reading of NCCL's tuning model and docs/model.md): src/graph/tuning.cc for
 * latencies and per-channel limits, src/include/device.h for buffers and threads,
 * src/graph/search.cc for channel speeds. They are cited, not copied: the tables below
 * hold the values, the code around them is this project's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-calibration.h"
#include "ring-topology.h"

G_BEGIN_DECLS

/* Where a step's hop runs: NCCL's hwLatencies rows. */
typedef enum
{
  RING_HOP_NVLINK,
  RING_HOP_PCI,
  RING_HOP_NET,
} RingHop;

/* NCCL's algorithm rows in its tables. */
typedef enum
{
  RING_NCCL_TREE,
  RING_NCCL_RING,
  RING_NCCL_COLLNET,
  RING_NCCL_NVLS,
  RING_NCCL_NVLS_TREE,
  RING_N_NCCL_ALGOS,
} RingNcclAlgo;

/* µs: the fixed cost of one call (baseLatencies) and of one hop (hwLatencies). */
double _ring_nccl_base_latency_us (RingNcclAlgo algo,
                                   RingProtocol protocol);
double _ring_nccl_hop_latency_us  (RingHop      hop,
                                   RingNcclAlgo algo,
                                   RingProtocol protocol);
/* The hop row of the intra-node links. */
RingHop _ring_nccl_intra_hop      (const RingTopology *topology);
/* A hop inside the node (@hop: NVLink or PCIe): NCCL's constant plus what a measurement
 * found the node's hops add (link_extra_us), never below 0. */
double _ring_nccl_intra_hop_us    (const RingTopology *topology,
                                   RingHop             hop,
                                   RingNcclAlgo        algo,
                                   RingProtocol        protocol);
/* A network hop: NCCL's constant plus what this fabric's latency adds. */
double _ring_nccl_net_hop_us      (const RingTopology *topology,
                                   RingNcclAlgo        algo,
                                   RingProtocol        protocol);

/* GB/s limits NCCL's tuner uses, indexed by generation and by 1, 2, ≥ 3 nodes. */
double _ring_nccl_ll_max_gbps          (const RingTopology *topology);
double _ring_nccl_ring_ll128_per_ch    (const RingTopology *topology);
double _ring_nccl_tree_ll128_per_ch    (const RingTopology *topology);
double _ring_nccl_tree_per_ch          (const RingTopology *topology);
double _ring_nccl_nvls_tree_per_ch     (const RingTopology *topology);
double _ring_nccl_nvls_efficiency      (RingGeneration      generation);
/* NCCL's "trees do not stick to the model at medium sizes" factor (tuning.cc). */
double _ring_nccl_tree_correction      (RingProtocol        protocol,
                                        double              bytes);
/* The channels NVLS runs on (src/transport/nvls.cc: 16 on Hopper, 24 on Blackwell). */
guint  _ring_nccl_nvls_channels        (const RingTopology *topology);

/* Per call, NCCL uses fewer channels (CTAs) and threads for small sizes so that each
 * thread has enough work (enqueue.cc): the channels it keeps for @bytes, and the channels
 * and threads per channel the work keeps busy, as real numbers that grow with @bytes
 * (NCCL's whole numbers would make a larger size faster; see ring-protocol-tuning.c). */
void   _ring_nccl_channels_for_size    (const RingTopology *topology,
                                        RingNcclAlgo        algo,
                                        RingProtocol        protocol,
                                        double              bytes,
                                        guint              *channels,
                                        double             *busy_channels,
                                        double             *busy_threads);

/* Bytes of data one protocol step carries per channel: LL 32 KiB (8 lines of 16 B per
 * thread, 512 threads, half of it flags), LL128 ≈ 563 KiB (120 of each 128 bytes), Simple
 * 512 KiB (a 4 MiB buffer in 8 steps). device.h, enqueue.cc. */
double _ring_nccl_step_bytes           (RingProtocol        protocol);

/* The wire: LL carries 8 of 16 bytes, LL128 120 of 128, Simple all of them. */
double _ring_protocol_wire_fraction    (RingProtocol        protocol);

/* One LL channel keeps one 8-byte line in flight per thread: a store to the peer and the
 * peer's poll of its flag, a round trip of two hop latencies, before the thread goes on.
 * (The round trip's hops are a calibrated constant, ring-calibration.h.)
 * So a channel moves threads × 8 B per round trip, far below the link for most sizes.
 * (NVLink or PCIe: taking the network hop's round trip across nodes made the 2-node
 * rows of tests/data far worse, so the lines are paced by the GPUs' side.) */
double _ring_ll_channel_gbps           (const RingTopology *topology,
                                        double              threads);

/* NCCL's per-post overhead of the network proxy, µs (tuning.cc, getNetOverhead: 1 µs on
 * x86, three times that for Simple). */
#define RING_NET_OVERHEAD_US 1.0
double _ring_net_overhead_us           (RingProtocol        protocol);

/* LL across nodes: the proxy posts every channel's network step in turn, so a step leaves
 * only once the posts of the channels ahead of it are done (see ring-protocol-tuning.c). */
double _ring_ll_proxy_queue_s          (const RingTopology *topology,
                                        RingProtocol        protocol,
                                        guint               channels);

/* Kernel-to-kernel gap of back-to-back launches on one stream, µs: beyond NCCL's base
 * latency, paid by every call (a calibrated constant, ring-calibration.h). */
static inline const RingCalibration *
_ring_calibration_of (const RingTopology *topology)
{
  return topology->calibration != NULL ? topology->calibration : ring_calibration_default ();
}

static inline double
_ring_launch_gap_us (const RingTopology *topology)
{
  return _ring_calibration_of (topology)->value[RING_CALIBRATION_LAUNCH_GAP];
}
/* What one host thread spends launching one GPU's share of a call (enqueue and kernel
 * launch), µs. A process driving several GPUs (nccl-tests -g) pays it once per GPU. */
static inline double
_ring_host_launch_us (const RingTopology *topology)
{
  return _ring_calibration_of (topology)->value[RING_CALIBRATION_HOST_LAUNCH];
}
/* The share of the links' rate the GPU sustains while reducing: A100 reaches ~230 of the
 * 240 GB/s its twelve links carry ("other bottlenecks on the GPU", S. Jeaugey, NVIDIA,
 * nccl-tests issue #149). */
#define RING_GPU_EFFICIENCY 0.96

/* Time for the pipeline to fill and drain: @stages store-and-forward stages, each holding
 * one chunk of @chunk_bytes that moves at @rate_gbps. */
double _ring_fill_s                    (double              stages,
                                        double              chunk_bytes,
                                        double              rate_gbps);
/* log2 of n rounded down, as NCCL's log2i. */
guint  _ring_log2i                     (double              n);

G_END_DECLS
