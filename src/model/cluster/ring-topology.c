/* ring-topology.c: from parameters to the links, channels and NICs the algorithms see.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-topology.h"

/* What SMs get out of a link, as NCCL counts it (src/graph/topo.h): an NVLink carries
 * 25 GB/s each way (50 on NVLink 5) but 20 (A100), 20.6 (H100) or 40.1 (B200) of payload
 * "with a 128B payload size" (S. Jeaugey, nccl-tests #149); PCIe Gen3 x16 is 12 GB/s of
 * its 15.75 (PCI_BW). */
static const double nvlink_efficiency[] = {
  [RING_GENERATION_VOLTA] = 20.0 / 25.0,
  [RING_GENERATION_AMPERE] = 20.0 / 25.0,
  [RING_GENERATION_HOPPER] = 20.6 / 25.0,
  [RING_GENERATION_BLACKWELL] = 40.1 / 50.0,
};
#define PCIE_EFFICIENCY (12.0 / 15.75)
/* xGMI carries 48 GB/s of a link's 64 per direction after CRC and protocol overheads:
 * RCCL's ncclTopoXGMISpeed (graph/topo.h) and AMD's "Understanding RCCL Bandwidth and
 * xGMI Performance on MI300X" (ROCm blogs, 2025). */
#define XGMI_EFFICIENCY (48.0 / 64.0)
/* Without peer-to-peer (NCCL's SHM transport) the data crosses PCIe twice, into host
 * memory and out again, and a path through the CPU costs NCCL 6/5 of its bandwidth
 * (INTEL_P2P_OVERHEAD, topo.h). */
#define HOST_PATH_DIVISOR (2.0 * 1.2)
/* PCIe x16 per direction, GB/s, by generation (PCI-SIG: 8, 16, 32, 64 GT/s per lane). */
static const double pcie_x16_gbps[] = { 0, 0.25 * 16, 0.5 * 16, 15.75, 31.5, 63.0, 126.0 };

/* The per-channel speeds NCCL's topology search tries inside a node (search.cc), by
 * generation: Volta and Ampere share one list, Hopper and Blackwell have their own. */
static const double speeds_sm80[] = { 40, 30, 20, 18, 15, 12, 10, 9, 7, 6, 5, 4, 3 };
static const double speeds_sm90[] = { 60, 50, 40, 30, 24, 20, 15, 12, 11, 6, 3 };
static const double speeds_sm100[] = { 90, 80, 70, 60, 50, 45, 40, 30, 24, 20, 19, 18 };
/* … and between nodes; one channel runs through one NIC. */
static const double speeds_inter[] = { 48, 45, 42, 40, 30, 24, 22, 20, 17.5, 15, 12, 6, 3,
                                       2.4, 1.2, 0.24, 0.12 };
/* The most channels one search graph holds before NCCL duplicates them: MAXCHANNELS / 2
 * (device.h: MAXCHANNELS 64). */
#define MAX_SEARCH_CHANNELS 32

/* What a NIC carries of its line rate. RDMA fabrics lose only packet headers: NCCL's own
 * search gives a 400 Gb/s (50 GB/s) NIC 48 GB/s per channel (speeds_inter), and nccl-tests
 * rings over 8 × 400 Gb/s reach 384–392 GB/s (tests/data). TCP over Ethernet's default
 * 1500-byte MTU carries 1448 bytes of payload (IPv4 20, TCP 20, timestamps 12) in 1538
 * bytes on the wire (header 14, FCS 4, preamble 8, gap 12). */
#define RDMA_EFFICIENCY 0.96
#define TCP_EFFICIENCY  (1448.0 / 1538.0)
/* NCCL's socket transport is CPU-bound: it has no GPUDirect (net_socket.cc: ptrSupport
 * NCCL_PTR_HOST), so every byte crosses host memory, and each network connection (one per
 * channel and direction) is driven by NCCL_SOCKET_NTHREADS helper threads, 1 by default
 * outside AWS (2) and GCP (4): NCCL's env.rst; net_socket.cc runs that one on the proxy
 * thread itself. The same document advises 4 threads for "generic 100G networks": on the
 * two channels NCCL builds over one 100 Gb/s NIC, one thread a connection falls short of
 * 12.5 GB/s and four fill it, so a thread moves between 12.5 / 8 and 12.5 / 2 GB/s; we
 * take the geometric middle, 3.125 GB/s (25 Gb/s). No trusted validation row checks it. */
#define SOCKET_THREADS_PER_CONNECTION 1
#define SOCKET_THREAD_GBPS            3.125
/* InfiniBand's one-way latency, already inside NCCL's network constants (which NVIDIA
 * measured on InfiniBand); a fabric adds what its latency exceeds this by. */
#define INFINIBAND_LATENCY_US 1.0

static void
speeds_for (RingGeneration  generation,
            const double  **speeds,
            guint          *n_speeds)
{
  switch (generation)
    {
    case RING_GENERATION_HOPPER:
      *speeds = speeds_sm90;
      *n_speeds = G_N_ELEMENTS (speeds_sm90);
      break;
    case RING_GENERATION_BLACKWELL:
      *speeds = speeds_sm100;
      *n_speeds = G_N_ELEMENTS (speeds_sm100);
      break;
    case RING_GENERATION_VOLTA:
    case RING_GENERATION_AMPERE:
    default:
      *speeds = speeds_sm80;
      *n_speeds = G_N_ELEMENTS (speeds_sm80);
    }
}

/* Like NCCL's search: the fastest per-channel speed whose channels carry the most of
 * @total_gbps, then channels doubled at half the speed where NCCL duplicates them. */
static void
search_channels (RingTopology *topology,
                 double        total_gbps)
{
  const double *speeds;
  guint n_speeds, best_channels = 1;
  double best_speed = MAX (total_gbps, 0.01), best_total = 0;

  speeds_for (topology->generation, &speeds, &n_speeds);
  for (guint i = 0; i < n_speeds; i++)
    {
      guint channels = MIN ((guint) floor (total_gbps / speeds[i]), MAX_SEARCH_CHANNELS);

      if (channels >= 1 && channels * speeds[i] > best_total + 1e-9)
        {
          best_channels = channels;
          best_speed = speeds[i];
          best_total = channels * speeds[i];
        }
    }

  /* search.cc, ncclTopoDupChannels. */
  if (best_speed >= 25.0
      && !(topology->generation >= RING_GENERATION_HOPPER && best_speed < 50.0
           && best_channels > 4))
    {
      best_channels *= 2;
      best_speed /= 2;
    }

  topology->channels = best_channels;
  topology->channel_gbps = best_speed;
}

/* Between nodes one channel goes through one NIC at most at the inter-node speed. */
static void
bound_channels_by_network (RingTopology *topology,
                           double        net_efficiency)
{
  double per_nic = 0.12;
  double total;

  for (guint i = 0; i < G_N_ELEMENTS (speeds_inter); i++)
    {
      if (speeds_inter[i] <= topology->nic_gbps)
        {
          per_nic = speeds_inter[i];
          break;
        }
    }
  per_nic *= net_efficiency;

  total = MIN (topology->channels * topology->channel_gbps,
               topology->nics_per_node * per_nic);
  topology->channel_gbps = total / topology->channels;
}

/* What the socket transport's threads move, for every channel's connection together;
 * NCCL's tuner reads the NICs' speed and does not know it. */
static void
bound_network_by_sockets (RingTopology *topology)
{
  double sockets_gbps = topology->channels * SOCKET_THREADS_PER_CONNECTION
                        * SOCKET_THREAD_GBPS * topology->net_efficiency;

  topology->socket_gbps = sockets_gbps;
  if (sockets_gbps < topology->network_gbps)
    topology->network_bound = RING_NETWORK_BOUND_SOCKETS;
  topology->network_gbps = MIN (topology->network_gbps, sockets_gbps);
  topology->channel_gbps = MIN (topology->channel_gbps, sockets_gbps / topology->channels);
}

/* The parameter's, within the table above. */
static guint
pcie_generation (const RingParams *params)
{
  return CLAMP (params->pcie_generation, 1, G_N_ELEMENTS (pcie_x16_gbps) - 1);
}

static void
init_intra (RingTopology      *topology,
            const RingParams  *params,
            const RingGpuInfo *gpu)
{
  topology->intra = gpu->intra;
  topology->bandwidth_gbps = params->bandwidth_gbps;
  topology->intra_gbps = params->bandwidth_gbps;

  /* Bridged pairs: a ring of more than two crosses PCIe between the pairs. */
  if (topology->intra == RING_INTRA_NVLINK_BRIDGE && topology->gpus_per_node > 2)
    {
      topology->intra = RING_INTRA_PCIE_P2P;
      topology->intra_gbps = MIN (topology->intra_gbps, pcie_x16_gbps[pcie_generation (params)]);
    }

  /* A full mesh: a GPU reaches each peer through its own link, so rings over g GPUs use
   * g − 1 of its links at once (RCCL's rings are link-disjoint; with 4 of 8 MI300X its
   * search totals 3 × 48 GB/s, ROCm/rccl issue #1210). */
  if (topology->intra == RING_INTRA_XGMI_MESH)
    {
      guint links = MAX (gpu->gpus_per_node, 2) - 1;
      guint used = CLAMP (topology->gpus_per_node, 2, links + 1) - 1;

      topology->intra_gbps = topology->bandwidth_gbps / links * used;
    }

  topology->nvlink = ring_gpu_intra_is_nvlink (topology->intra);
  topology->nvswitch = topology->intra == RING_INTRA_NVSWITCH;

  if (topology->intra == RING_INTRA_XGMI_MESH)
    topology->link_gbps = topology->intra_gbps * XGMI_EFFICIENCY;
  else if (topology->nvlink)
    topology->link_gbps = topology->intra_gbps * nvlink_efficiency[topology->generation];
  else if (topology->intra == RING_INTRA_PCIE_P2P)
    topology->link_gbps = topology->intra_gbps * PCIE_EFFICIENCY;
  else
    topology->link_gbps = topology->intra_gbps * PCIE_EFFICIENCY / HOST_PATH_DIVISOR;
}

static void
init_network (RingTopology     *topology,
              const RingParams *params)
{
  double efficiency = params->fabric == RING_FABRIC_TCP ? TCP_EFFICIENCY : RDMA_EFFICIENCY;

  topology->nics_per_node = ring_params_get_domain_nics (params);
  topology->nic_gbps = params->nic_speed_gbit / 8.0;
  topology->fabric = params->fabric;
  topology->fabric_tiers = params->fabric_tiers;
  topology->nodes_per_leaf = MAX (params->nodes_per_leaf, 1);
  topology->oversubscription = MAX (params->oversubscription, 1);
  topology->rail_optimized = params->rail_optimized != 0;
  topology->placement = params->placement;
  topology->other_job_nodes = params->other_job_gpus == 0 ? 0
    : (params->other_job_gpus - 1) / MAX (ring_params_get_domain_gpus (params), 1) + 1;
  topology->other_job_load = CLAMP (params->other_job_load / 100, 0, 1);
  topology->network_gbps = topology->nics_per_node * topology->nic_gbps * efficiency;
  topology->net_latency_us = params->net_latency_us;
  topology->net_extra_us = params->net_latency_us - INFINIBAND_LATENCY_US;
}

/* What a measurement found, after NCCL's search: the channels stay the ones NCCL builds
 * from the hardware's nominal rates, and its tuner keeps seeing those (derived_*). */
static void
apply_measured (RingTopology     *topology,
                const RingParams *params,
                double            searched_channel_gbps)
{
  topology->derived_link_gbps = topology->link_gbps;
  topology->derived_channel_gbps = topology->channel_gbps;
  topology->derived_network_gbps = topology->network_gbps;

  topology->link_extra_us = params->link_latency_us;
  topology->link_efficiency = params->link_efficiency;
  topology->net_efficiency = params->net_efficiency;
  topology->link_gbps *= params->link_efficiency;
  topology->network_gbps *= params->net_efficiency;
  topology->channel_gbps = searched_channel_gbps * params->link_efficiency;
  if (topology->nodes > 1 && topology->nics_per_node > 0)
    bound_channels_by_network (topology, params->net_efficiency);
}

void
_ring_topology_nccl_view (const RingTopology *topology,
                          RingTopology       *view)
{
  *view = *topology;
  view->link_gbps = topology->derived_link_gbps;
  view->channel_gbps = topology->derived_channel_gbps;
  view->network_gbps = topology->derived_network_gbps;
  view->link_extra_us = 0;
  view->link_efficiency = view->net_efficiency = 1;
}

/* Whole hosts only, and only GPUs on NVLink switches share it across hosts. */
guint
ring_params_get_domain_gpus (const RingParams *params)
{
  guint host;

  g_return_val_if_fail (params != NULL, 1);

  host = MAX (params->gpus_per_node, 1);
  if (params->nvlink_domain <= host || params->gpu >= RING_N_GPUS
      || ring_gpu_info (params->gpu)->intra != RING_INTRA_NVSWITCH)
    return host;

  return params->nvlink_domain / host * host;
}

guint
ring_params_get_domain_nics (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, 0);

  return params->nics_per_node * (ring_params_get_domain_gpus (params)
                                  / MAX (params->gpus_per_node, 1));
}

void
ring_topology_init (RingTopology     *topology,
                    const RingParams *params,
                    guint             gpus)
{
  const RingGpuInfo *gpu;
  double gpu_nic_gbps;
  double searched_channel_gbps;

  g_return_if_fail (topology != NULL);
  g_return_if_fail (params != NULL);

  gpu = ring_gpu_info (MIN (params->gpu, RING_N_GPUS - 1));

  topology->gpus = MAX (gpus, 1);
  topology->gpus_per_node = CLAMP (ring_params_get_domain_gpus (params), 1, topology->gpus);
  topology->nodes = (topology->gpus + topology->gpus_per_node - 1) / topology->gpus_per_node;
  topology->ranks_per_node = (double) topology->gpus / topology->nodes;
  topology->generation = gpu->generation;
  topology->nccl_version = MIN (params->nccl_version, RING_NCCL_VERSION_LAST);
  topology->latency_us = params->latency_us;
  topology->gpus_per_process = 1;
  topology->calibration = NULL;
  topology->socket_gbps = 0;

  init_intra (topology, params, gpu);
  init_network (topology, params);
  /* GPUDirect RDMA: a GPU reaches its NICs through its own PCIe x16 link, at NCCL's
   * payload rate of it (PCI_BW: 12 GB/s per Gen3 x16, so 48 at Gen5). The node's NICs can
   * carry no more than its GPUs' links feed them. */
  gpu_nic_gbps = pcie_x16_gbps[pcie_generation (params)] * PCIE_EFFICIENCY;
  topology->gpu_nic_gbps = gpu_nic_gbps;
  /* The PCIe links bind at a tie too (within rounding: 8 × 400 Gb/s NICs at 0.96 and
   * 8 × NCCL's 48 GB/s of Gen5), as faster NICs add nothing there. */
  if (topology->nodes < 2)
    topology->network_bound = RING_NETWORK_BOUND_NONE;
  else if (topology->nics_per_node > 0
           && topology->gpus_per_node * gpu_nic_gbps <= topology->network_gbps * (1 + 1e-9))
    topology->network_bound = RING_NETWORK_BOUND_PCIE;
  else
    topology->network_bound = RING_NETWORK_BOUND_NICS;
  topology->network_gbps = MIN (topology->network_gbps,
                                topology->gpus_per_node * gpu_nic_gbps);
  /* Across nodes every channel leaves each node through a NIC, fed by a GPU's PCIe link,
   * so NCCL's search finds only the channels those carry (search.cc deducts each
   * channel's speed from the NICs' bandwidth); with one GPU per node they run from the
   * GPU straight to the NICs. */
  if (topology->nodes > 1 && topology->nics_per_node > 0)
    search_channels (topology,
                     MIN (topology->gpus_per_node == 1 ? gpu_nic_gbps : topology->link_gbps,
                          topology->nics_per_node * MIN (topology->nic_gbps, gpu_nic_gbps)));
  else
    search_channels (topology, topology->link_gbps);
  searched_channel_gbps = topology->channel_gbps;
  if (topology->nodes > 1 && topology->nics_per_node > 0)
    bound_channels_by_network (topology, 1);
  apply_measured (topology, params, searched_channel_gbps);
  if (topology->fabric == RING_FABRIC_TCP && topology->nodes > 1)
    bound_network_by_sockets (topology);
}

gboolean
ring_topology_nics_pcie_bound (const RingParams *params)
{
  RingTopology topology;

  g_return_val_if_fail (params != NULL, FALSE);

  ring_topology_init (&topology, params, params->gpus);

  return topology.network_bound == RING_NETWORK_BOUND_PCIE;
}

double
ring_topology_gpu_nic_gbps (const RingParams *params)
{
  RingTopology topology;

  g_return_val_if_fail (params != NULL, NAN);

  ring_topology_init (&topology, params, params->gpus);

  return topology.gpu_nic_gbps;
}
