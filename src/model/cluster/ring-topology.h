/* ring-topology.h: what the algorithms see of a cluster.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params-types.h"

G_BEGIN_DECLS

typedef struct _RingCalibration RingCalibration;

/* Derived once from the parameters (for a given N), then read by every algorithm's
 * cost: no allocation, so a chart can cost thousands of points per redraw. Rates are
 * GB/s (1e9 B/s) per direction. */
typedef struct
{
  guint          gpus;              /* N, the ranks */
  guint          gpus_per_node;     /* min (G, N) */
  guint          nodes;             /* ⌈N/G⌉ */
  double         ranks_per_node;    /* N / nodes */
  RingGeneration generation;
  /* The NCCL release series: what it builds and how (docs/model.md §4). */
  RingNcclVersion nccl_version;
  RingIntraKind  intra;
  gboolean       nvlink;            /* the intra-node path is NVLink */
  gboolean       nvswitch;
  double         bandwidth_gbps;    /* B as given (the flat ring's only rate) */
  double         intra_gbps;        /* each GPU's nominal rate in the node */
  double         link_gbps;         /* what one GPU's links carry from SMs (NCCL's view) */
  guint          channels;          /* NCCL's ring/tree channels on this topology */
  double         channel_gbps;      /* what one channel carries */
  guint          nics_per_node;
  double         nic_gbps;          /* one NIC's line rate in GB/s */
  RingFabric     fabric;
  /* The switches (RingParams, ring-fabric.h); one tier changes nothing. */
  guint          fabric_tiers;
  guint          nodes_per_leaf;
  double         oversubscription;
  gboolean       rail_optimized;
  RingPlacement  placement;
  guint          other_job_nodes;   /* a second job's nodes on our leaves */
  double         other_job_load;    /* the share of time it sends (0 to 1) */
  double         network_gbps;      /* what one node's NICs carry together */
  double         gpu_nic_gbps;      /* what one GPU's PCIe link feeds its NICs (GPUDirect) */
  double         net_latency_us;    /* the fabric's one-way latency */
  double         socket_gbps;       /* TCP across nodes: what the socket threads move, else 0 */
  RingNetworkBound network_bound;   /* what bounds network_gbps */
  double         net_extra_us;      /* the fabric's latency beyond InfiniBand's */
  double         latency_us;        /* α of the flat ring and the textbook algorithms */
  /* What a measurement found (RingParams): µs every hop inside a node adds to NCCL's
   * constants, and the shares of the derived rates the links and NICs achieve, already
   * applied to link_gbps, channel_gbps and network_gbps above. NCCL's tuner knows none of
   * it: it picks with the rates derived from the hardware, kept here. */
  double         link_extra_us;
  double         link_efficiency;
  double         net_efficiency;
  double         derived_link_gbps;
  double         derived_channel_gbps;
  double         derived_network_gbps;
  /* How many GPUs one host thread drives (nccl-tests -g): 1 in the application. */
  guint          gpus_per_process;
  /* The constants chosen on published runs (ring-calibration.h): NULL for the shipped
   * ones, a fold's own in the validation. */
  const RingCalibration *calibration;
} RingTopology;

/* The GPUs of an NVLink domain (a host, or whole hosts sharing NVLink) and their NICs. */
guint ring_params_get_domain_gpus (const RingParams *params);
guint ring_params_get_domain_nics (const RingParams *params);

void ring_topology_init (RingTopology     *topology,
                         const RingParams *params,
                         guint             gpus);

/* TRUE where @params' network_bound is RING_NETWORK_BOUND_PCIE: a faster NIC would
 * change nothing. */
gboolean ring_topology_nics_pcie_bound (const RingParams *params);
/* What one GPU's PCIe link feeds its NICs, GB/s (NCCL's payload rate of PCIe x16). */
double   ring_topology_gpu_nic_gbps    (const RingParams *params);

/* The topology as NCCL's tuner sees it: the rates derived from the hardware, without
 * what a measurement found (link_extra_us, the efficiencies). Auto picks with it. */
void     _ring_topology_nccl_view      (const RingTopology *topology,
                                        RingTopology       *view);

G_END_DECLS
