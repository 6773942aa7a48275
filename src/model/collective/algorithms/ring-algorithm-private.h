/* ring-algorithm-private.h: what the algorithm files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithm-schedule-private.h"
#include "ring-algorithms.h"
#include "ring-protocol-tuning-private.h"

G_BEGIN_DECLS

#define RING_PROTOCOLS_ALL    ((1u << RING_PROTOCOL_LL) | (1u << RING_PROTOCOL_LL128) \
                               | (1u << RING_PROTOCOL_SIMPLE))
#define RING_PROTOCOLS_SIMPLE (1u << RING_PROTOCOL_SIMPLE)

/* The registry's entries, one per file. */
extern const RingAlgorithmInfo _ring_algorithm_ring;
extern const RingAlgorithmInfo _ring_algorithm_tree;
extern const RingAlgorithmInfo _ring_algorithm_nvls;
extern const RingAlgorithmInfo _ring_algorithm_nvls_tree;
extern const RingAlgorithmInfo _ring_algorithm_collnet;
extern const RingAlgorithmInfo _ring_algorithm_halving_doubling;
extern const RingAlgorithmInfo _ring_algorithm_hierarchical;
extern const RingAlgorithmInfo _ring_algorithm_flat_ring;

/* nccl-tests' bus-bandwidth factor, 2 (N−1)/N. */
double   _ring_bus_factor           (const RingTopology *topology);
/* The node's share of the links a multi-node ring or chain uses inside the node: of its
 * G GPUs' sends per channel, G − 1 go over NVLink or PCIe and one to a NIC. */
double   _ring_intra_bound_gbps     (const RingTopology *topology);
/* Several nodes need NICs; FALSE with a reason if they have none. */
gboolean _ring_network_can_run      (const RingTopology *topology,
                                     const char        **why);
/* Empties @cost: every figure 0, and no symmetric-memory time (NaN), as a cost that
 * cannot run leaves it. */
void     _ring_cost_clear           (RingAllreduceCost  *cost);
/* Fills the derived fields of @cost from its latency and bandwidth parts. */
void     _ring_cost_finish          (const RingTopology *topology,
                                     double              bytes,
                                     double              latency_s,
                                     double              bandwidth_s,
                                     double              bytes_per_gpu,
                                     RingAllreduceCost  *cost);

/* NCCL's estimate of a call (tuning.cc): @latency_us plus @bytes at @algbw_gbps, in s. */
static inline double
_ring_nccl_estimate_s (double latency_us,
                       double bytes,
                       double algbw_gbps)
{
  return (latency_us + bytes / (1000.0 * algbw_gbps)) * 1e-6;
}

/* The link rates of the textbook algorithms (halving-doubling, hierarchical): each GPU's
 * links, the node's NICs together, α per message plus the network's latency across. */
void     _ring_textbook_link_rates  (const RingTopology *topology,
                                     double             *rates_Bps,
                                     double             *alpha_s);

/* NVLS's and NVLS-tree's: the GPUs' ports into the NVSwitch at NVLS's efficiency. */
void     _ring_nvls_link_rates      (const RingTopology *topology,
                                     double             *rates_Bps,
                                     double             *alpha_s);
/* The rate, GB/s, at which NVLS moves a GPU's buffer through the NVSwitch on @channels. */
double   _ring_nvls_algbw           (const RingTopology *topology,
                                     guint               channels);
/* A step of NVLS's chunk size (enqueue.cc): @chunk while the buffer is under
 * @factor × the pipelines × the chunk so far. */
typedef struct
{
  double factor;
  double chunk;
} RingChunkStep;
/* The bandwidth part of an NVLS call: @bytes at @algbw_gbps, plus filling the two stages
 * that hold a chunk (the reducing load and the multicast store) on each of the pipelines,
 * one per channel and GPU (NCCL's NVLS "heads"). The chunk is 128 KiB, then each of
 * @steps' in turn; at most the buffer's share of a pipeline. */
double   _ring_nvls_bandwidth_s     (const RingTopology  *topology,
                                     guint                channels,
                                     double               algbw_gbps,
                                     const RingChunkStep *steps,
                                     guint                n_steps,
                                     double               bytes);
/* Why NVLS cannot run on these GPUs at all (no NVSwitch, older than Hopper), or NULL. */
const char *_ring_nvls_cannot_run   (const RingTopology *topology);

/* The ring's and the tree's (a chain through the node): the node's share of its links and
 * the NICs together, @intra_hop_us inside the node and @algo's Simple hop across. */
void     _ring_chain_link_rates     (const RingTopology *topology,
                                     double              intra_hop_us,
                                     RingNcclAlgo        algo,
                                     double             *rates_Bps,
                                     double             *alpha_s);

G_END_DECLS
