/* ring-algorithms.h: the all-reduce algorithms behind one interface, and auto.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-fabric.h"

G_BEGIN_DECLS

/* Times in seconds, rates in GB/s (1e9 B/s). */
typedef struct
{
  RingAlgorithm algorithm;        /* never auto */
  RingProtocol  protocol;
  guint         channels;
  double        time_s;           /* latency_s + bandwidth_s */
  double        latency_s;        /* a zero-byte call's */
  double        bandwidth_s;
  double        algbw_gbps;
  double        busbw_gbps;       /* as nccl-tests reports it */
  double        bytes_per_gpu;    /* sent, on average, by the schedule */
  double        nccl_estimate_s;  /* NCCL's own, which picks; 0 if not NCCL's */
  /* NCCL 2.27+'s symmetric-memory kernels on buffers registered in a symmetric window
   * (ring_symmetric_kernel_time_s()); NAN where NCCL has none for this call. */
  double        symmetric_time_s;
  /* What this model prices fastest among NCCL's choices (ring-algorithms.c). */
  RingAlgorithm fastest_algorithm;
  RingProtocol  fastest_protocol;
  double        fastest_time_s;
  /* The fabric's tier that bounds it, what each node's traffic gets through the fabric
   * (GB/s, 0 in one node) and the share of time_s its network crossing takes. */
  RingFabricTier fabric_tier;
  double        fabric_gbps;
  double        fabric_time_share;
  RingFabricLoad fabric_loads[RING_N_FABRIC_TIERS];
  /* Under the other placement (packed or scattered). */
  RingFabricTier fabric_other_tier;
  double        fabric_other_gbps;
} RingAllreduceCost;

typedef enum
{
  RING_PICTURE_NONE,      /* auto: what it picks */
  RING_PICTURE_RING,
  RING_PICTURE_TREE,
  RING_PICTURE_SCHEDULE,  /* nodes, switches and the schedule's pieces */
} RingAlgorithmPicture;

/* NCCL's solid, the others dashed: no two curves rely on colour alone. */
typedef enum
{
  RING_DASH_SOLID,
  RING_DASH_SHORT,
  RING_DASH_LONG,
} RingAlgorithmDash;

typedef struct _RingScheduleFuncs RingScheduleFuncs;

/* One static const entry in algorithms/, listed by the registry in ring-algorithms.c. */
typedef struct
{
  RingAlgorithm algorithm;
  const char   *name;             /* "nvls-tree", as typed after --algorithm */
  const char   *title;            /* N_() */
  gboolean      nccl;             /* one of NCCL's own: auto picks among these */
  /* Its name in NCCL's tuner configuration file (plugins/tuner/example); NULL if none. */
  const char   *nccl_tuner_name;
  gboolean      chooses;          /* auto: no algorithm of its own, NCCL's pick */
  guint         protocols;        /* 1 << RingProtocol for each protocol it runs */
  /* If not, *why says so (N_() marked). */
  gboolean    (*can_run)   (const RingTopology *topology,
                            const char        **why);
  /* For @bytes > 0 and N > 1; every field but algorithm. */
  void        (*cost)      (const RingTopology *topology,
                            RingProtocol        protocol,
                            double              bytes,
                            RingAllreduceCost  *cost);
  /* NCCL's tuning-model estimate; NULL for the others. */
  double      (*estimate)  (const RingTopology *topology,
                            RingProtocol        protocol,
                            double              bytes);
  /* NULL for auto. */
  const RingScheduleFuncs *schedule;
  /* Per RingLinkKind, the rate in B/s and a message's latency its cost counts, for
   * ring-simulation.c. */
  void        (*link_rates) (const RingTopology *topology,
                             double             *rates_Bps,
                             double             *alpha_s);
  /* Its cost uses α (RingParams.latency_us), not NCCL's hop latencies. */
  gboolean      uses_hop_latency;
  /* Its cost is 2 (N−1) α + 2 (N−1)/N · S / B over links at B. */
  gboolean      closed_form;
  /* Which nodes its inter-node transfers join: what the fabric's tiers see of it. */
  RingFabricPattern fabric_pattern;

  const char   *short_title;      /* a legend entry, N_() */
  RingAlgorithmPicture picture;
  /* A shard per GPU of a node: a GPU's pieces keep its colour. */
  gboolean      colour_by_shard;
  /* A node's GPUs meet only through the NVSwitch. */
  gboolean      switch_only_in_node;
  /* 0xRRGGBB on light and dark backgrounds, apart for colour-blind readers
   * (tests/test-palette.c). */
  guint32       color_rgb;
  guint32       color_rgb_dark;
  RingAlgorithmDash dash;
} RingAlgorithmInfo;

const RingAlgorithmInfo *ring_algorithm_info      (RingAlgorithm             algorithm);
/* In RingAlgorithm order. */
const RingAlgorithmInfo *ring_algorithms_get      (guint                    *n_algorithms);
gboolean                 ring_algorithm_can_run   (RingAlgorithm             algorithm,
                                                   const RingTopology       *topology,
                                                   const char              **why);
/* An algorithm @params' cluster cannot run gives way to auto (NCCL's pick). */
void                     ring_algorithm_fall_back (RingParams               *params);
/* LL128 needs NVLink inside nodes and GPUDirect RDMA between them (tuning.cc). */
gboolean                 ring_protocol_available  (const RingTopology       *topology,
                                                   RingProtocol              protocol);

/* Auto takes what NCCL's tuning model rates fastest; an algorithm runs with the protocol
 * NCCL would pick. FALSE, @cost zeroed, if it cannot run. No allocation. */
gboolean                 ring_allreduce_cost      (const RingTopology       *topology,
                                                   RingAlgorithm             algorithm,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* With the protocol forced. */
gboolean                 ring_allreduce_cost_with (const RingTopology       *topology,
                                                   RingAlgorithm             algorithm,
                                                   RingProtocol              protocol,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* On the topology of @params with @gpus GPUs. */
gboolean                 ring_allreduce_cost_for  (const RingParams         *params,
                                                   guint                     gpus,
                                                   RingAlgorithm             algorithm,
                                                   double                    bytes,
                                                   RingAllreduceCost        *cost);
/* params->algorithm, else auto's pick, else the flat ring (nodes without NICs). */
void                     ring_allreduce_cost_charged (const RingParams      *params,
                                                      guint                  gpus,
                                                      double                 bytes,
                                                      RingAllreduceCost     *cost);

const char              *ring_algorithm_get_title (RingAlgorithm             algorithm);
/* "NVLS tree", translated. */
const char              *ring_algorithm_get_short_title (RingAlgorithm       algorithm);
/* "auto, ring, … or flat-ring". */
char                    *ring_algorithms_dup_names (void);
/* The all-reduce of @bytes by NCCL's symmetric-memory kernels (NCCL 2.27 and newer, one
 * node, every GPU a direct peer), which NCCL runs instead of its algorithms when the
 * buffers are registered in a symmetric window (ncclCommWindowRegister, nccl-tests -R 2);
 * NAN where they cannot run. docs/model.md §4, "NCCL versions". */
double                   ring_symmetric_kernel_time_s (const RingTopology *topology,
                                                       double              bytes);
/* Whether α (--latency) changes anything for @params. */
gboolean                 ring_params_hop_latency_applies (const RingParams  *params);

G_END_DECLS
