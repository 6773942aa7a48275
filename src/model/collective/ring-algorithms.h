/* ring-algorithms.h: the all-reduce algorithms behind one interface, and auto.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-topology.h"

G_BEGIN_DECLS

/* One all-reduce of a buffer, costed. Times in seconds, rates in GB/s (1e9 B/s). */
typedef struct
{
  RingAlgorithm algorithm;        /* what ran: auto's pick, or the algorithm asked for */
  RingProtocol  protocol;
  guint         channels;         /* NCCL channels (one CTA per GPU each) at this size */
  double        time_s;           /* latency_s + bandwidth_s */
  double        latency_s;        /* what a zero-byte call would cost */
  double        bandwidth_s;      /* what the bytes add: link rates and pipeline fill */
  double        algbw_gbps;       /* bytes / time */
  double        busbw_gbps;       /* algbw · 2 (N−1)/N, as nccl-tests reports it */
  double        bytes_per_gpu;    /* bytes a GPU sends, on average, over its links and its
                                     share of the NICs (the schedule's, ring-algorithm-schedule.h) */
  double        nccl_estimate_s;  /* NCCL's own estimate, which picks; 0 if not NCCL's */
  /* What this model prices fastest among the choices NCCL had (auto: NCCL's algorithms
   * and protocols; a given algorithm: its protocols). Where it is not what ran, NCCL's
   * tuning model picks otherwise than this model would (ring-algorithms.c). */
  RingAlgorithm fastest_algorithm;
  RingProtocol  fastest_protocol;
  double        fastest_time_s;
} RingAllreduceCost;

/* How the animation draws an algorithm's schedule. */
typedef enum
{
  RING_PICTURE_NONE,      /* auto: the picture of what it picks */
  RING_PICTURE_RING,      /* GPUs on one circle, a chunk on every link each step */
  RING_PICTURE_TREE,      /* two binary trees: reduce up, broadcast down */
  RING_PICTURE_SCHEDULE,  /* nodes, switches and the pieces of the schedule's own steps */
} RingAlgorithmPicture;

/* How a chart draws an algorithm's curve: NCCL's solid, the textbook ones dashed, so that
 * no two curves rely on colour alone. */
typedef enum
{
  RING_DASH_SOLID,
  RING_DASH_SHORT,
  RING_DASH_LONG,
} RingAlgorithmDash;

/* An algorithm's schedule (ring-algorithm-schedule-private.h). */
typedef struct _RingScheduleFuncs RingScheduleFuncs;

/* An algorithm: one static const entry in its own file (algorithms/ring-algorithm-*.c),
 * listed by the registry in ring-algorithms.c. */
typedef struct
{
  RingAlgorithm algorithm;
  const char   *name;             /* "nvls-tree", as typed after --algorithm */
  const char   *title;            /* for people; pass through _() */
  gboolean      nccl;             /* one of NCCL's own: auto picks among these */
  gboolean      chooses;          /* auto: no algorithm of its own, NCCL's pick */
  guint         protocols;        /* 1 << RingProtocol for each protocol it runs */
  /* Whether it runs on @topology; if not, *why says so in a short untranslated sentence
   * (N_() marked: pass it through _() for a tooltip). */
  gboolean    (*can_run)   (const RingTopology *topology,
                            const char        **why);
  /* Its cost with @protocol for @bytes (> 0, N > 1). Fills every field but algorithm,
   * which the caller sets. */
  void        (*cost)      (const RingTopology *topology,
                            RingProtocol        protocol,
                            double              bytes,
                            RingAllreduceCost  *cost);
  /* NCCL's own tuning-model estimate in seconds (NULL for the ones NCCL does not have). */
  double      (*estimate)  (const RingTopology *topology,
                            RingProtocol        protocol,
                            double              bytes);
  /* Its schedule: who sends which pieces to whom in each step (NULL for auto). */
  const RingScheduleFuncs *schedule;
  /* The rates its schedule runs at, per link kind (RingLinkKind), in bytes per second,
   * and the latency of one message on each: the same links its cost counts, without
   * NCCL's protocols, channels or pipeline fill (ring-simulation.c). */
  void        (*link_rates) (const RingTopology *topology,
                             double             *rates_Bps,
                             double             *alpha_s);
  /* Whether its cost uses α, the latency per hop (RingParams.latency_us): the flat ring
   * and the textbook algorithms. NCCL's own use NCCL's per-hop latencies instead. */
  gboolean      uses_hop_latency;
  /* Its cost is the seed's closed form over links that all run at B, 2 (N−1) α +
   * 2 (N−1)/N · S / B: the latency crossover and the 90 % bandwidth follow without a
   * search, and the animation labels its links with B. */
  gboolean      closed_form;

  /* What the pictures ask. */
  const char   *short_title;      /* a legend entry; pass through g_dgettext() */
  RingAlgorithmPicture picture;
  /* The pieces a GPU owns keep one colour in every chunk: the algorithms that cut the
   * buffer into one shard per GPU of a node. */
  gboolean      colour_by_shard;
  /* The GPUs of a node reach each other only through the NVSwitch: no direct links. */
  gboolean      switch_only_in_node;
  /* Its curves' colours as 0xRRGGBB on a light and a dark background (none for auto),
   * apart from every other curve's for colour-blind readers (tests/test-palette.c). */
  guint32       color_rgb;
  guint32       color_rgb_dark;
  RingAlgorithmDash dash;
} RingAlgorithmInfo;

const RingAlgorithmInfo *ring_algorithm_info      (RingAlgorithm             algorithm);
/* Every algorithm, auto first, in RingAlgorithm order. */
const RingAlgorithmInfo *ring_algorithms_get      (guint                    *n_algorithms);
gboolean                 ring_algorithm_can_run   (RingAlgorithm             algorithm,
                                                   const RingTopology       *topology,
                                                   const char              **why);
/* An algorithm @params' cluster cannot run gives way to auto (NCCL's pick). */
void                     ring_algorithm_fall_back (RingParams               *params);
/* Whether @protocol is available to NCCL on @topology: LL128 needs NVLink inside nodes
 * and GPUDirect RDMA between them (tuning.cc). */
gboolean                 ring_protocol_available  (const RingTopology       *topology,
                                                   RingProtocol              protocol);

/* The all-reduce of @bytes with @algorithm on @topology: AUTO picks the algorithm and
 * protocol NCCL's tuning model rates fastest; a given algorithm runs with the protocol
 * NCCL would pick for it. The fastest_* fields say what this model prices fastest. Returns FALSE (and leaves @cost zeroed) if it cannot run.
 * No allocation: cheap enough for thousands of calls per chart. */
gboolean                 ring_allreduce_cost      (const RingTopology       *topology,
                                                   RingAlgorithm             algorithm,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* The same with the protocol forced (FALSE if the algorithm does not run it here). */
gboolean                 ring_allreduce_cost_with (const RingTopology       *topology,
                                                   RingAlgorithm             algorithm,
                                                   RingProtocol              protocol,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* Convenience for charts: the same, building the topology of @params with @gpus GPUs. */
gboolean                 ring_allreduce_cost_for  (const RingParams         *params,
                                                   guint                     gpus,
                                                   RingAlgorithm             algorithm,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* The all-reduce the model charges for @params with @gpus GPUs: the algorithm
 * params->algorithm names, auto's pick when that cannot run at this size of cluster, and
 * the flat ring when nothing runs (several nodes without NICs). */
void                     ring_allreduce_cost_charged (const RingParams      *params,
                                                      guint                  gpus,
                                                      double                 bytes,
                                                      RingAllreduceCost     *cost);

const char              *ring_algorithm_get_title (RingAlgorithm             algorithm);
/* Its legend entry, translated: "NVLS tree". */
const char              *ring_algorithm_get_short_title (RingAlgorithm       algorithm);
/* Every algorithm's name as typed after --algorithm, translated into a list:
 * "auto, ring, … or flat-ring". */
char                    *ring_algorithms_dup_names (void);
/* Whether α (--latency, "Latency per hop") changes anything for @params: only where the
 * algorithm that runs uses it (auto picks among NCCL's, which do not). */
gboolean                 ring_params_hop_latency_applies (const RingParams  *params);

G_END_DECLS
