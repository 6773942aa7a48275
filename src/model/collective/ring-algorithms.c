/* ring-algorithms.c: the registry of all-reduce algorithms, and auto.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "algorithms/ring-algorithm-private.h"

static gboolean
auto_can_run (const RingTopology  *topology,
              const char         **why)
{
  return TRUE;
}

/* Auto has no cost of its own: ring_allreduce_cost() picks among NCCL's algorithms. */
static const RingAlgorithmInfo auto_info = {
  .algorithm = RING_ALGORITHM_AUTO,
  .name = "auto",
  .title = N_("Auto"),
  .chooses = TRUE,
  .protocols = RING_PROTOCOLS_ALL,
  .can_run = auto_can_run,
  .short_title = N_("Auto"),
  .picture = RING_PICTURE_NONE,
};

static const RingAlgorithmInfo *const registry[RING_N_ALGORITHMS] = {
  [RING_ALGORITHM_AUTO] = &auto_info,
  [RING_ALGORITHM_RING] = &_ring_algorithm_ring,
  [RING_ALGORITHM_TREE] = &_ring_algorithm_tree,
  [RING_ALGORITHM_NVLS] = &_ring_algorithm_nvls,
  [RING_ALGORITHM_NVLS_TREE] = &_ring_algorithm_nvls_tree,
  [RING_ALGORITHM_COLLNET] = &_ring_algorithm_collnet,
  [RING_ALGORITHM_HALVING_DOUBLING] = &_ring_algorithm_halving_doubling,
  [RING_ALGORITHM_HIERARCHICAL] = &_ring_algorithm_hierarchical,
  [RING_ALGORITHM_FLAT_RING] = &_ring_algorithm_flat_ring,
};

/* A plain array for callers that walk the registry. */
static RingAlgorithmInfo infos[RING_N_ALGORITHMS];

const RingAlgorithmInfo *
ring_algorithm_info (RingAlgorithm algorithm)
{
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, NULL);

  return registry[algorithm];
}

const RingAlgorithmInfo *
ring_algorithms_get (guint *n_algorithms)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      for (guint i = 0; i < RING_N_ALGORITHMS; i++)
        infos[i] = *registry[i];
      g_once_init_leave (&initialized, 1);
    }

  if (n_algorithms != NULL)
    *n_algorithms = RING_N_ALGORITHMS;

  return infos;
}

const char *
ring_algorithm_get_title (RingAlgorithm algorithm)
{
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, NULL);

  return _(registry[algorithm]->title);
}

const char *
ring_algorithm_get_short_title (RingAlgorithm algorithm)
{
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, NULL);

  return g_dgettext (GETTEXT_PACKAGE, registry[algorithm]->short_title);
}

char *
ring_algorithms_dup_names (void)
{
  g_autofree char *names = g_strdup (registry[0]->name);

  for (guint i = 1; i < RING_N_ALGORITHMS; i++)
    {
      g_autofree char *shorter = g_steal_pointer (&names);

      names = i + 1 < RING_N_ALGORITHMS
              ? g_strdup_printf ("%s, %s", shorter, registry[i]->name)
              /* Translators: the last two of a list, "hierarchical or flat-ring" */
              : g_strdup_printf (_("%s or %s"), shorter, registry[i]->name);
    }

  return g_steal_pointer (&names);
}

gboolean
ring_algorithm_can_run (RingAlgorithm        algorithm,
                        const RingTopology  *topology,
                        const char         **why)
{
  const char *reason = NULL;
  gboolean runs;

  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, FALSE);
  g_return_val_if_fail (topology != NULL, FALSE);

  runs = registry[algorithm]->can_run (topology, &reason);
  if (why != NULL)
    *why = runs ? NULL : reason;

  return runs;
}

void
ring_algorithm_fall_back (RingParams *params)
{
  RingTopology topology;

  g_return_if_fail (params != NULL);

  ring_topology_init (&topology, params, params->gpus);
  if (!ring_algorithm_can_run (params->algorithm, &topology, NULL))
    params->algorithm = RING_ALGORITHM_AUTO;
}

gboolean
ring_protocol_available (const RingTopology *topology,
                         RingProtocol        protocol)
{
  g_return_val_if_fail (topology != NULL, FALSE);

  if (protocol != RING_PROTOCOL_LL128)
    return TRUE;

  /* LL128 relies on 128-byte stores arriving whole: NVLink (or no intra-node hop at
   * all), Volta or newer, and GPUDirect RDMA for the network (tuning.cc). */
  if (!topology->nvlink && topology->gpus_per_node > 1)
    return FALSE;
  if (topology->nodes > 1 && topology->fabric == RING_FABRIC_TCP)
    return FALSE;
  /* NCCL enables LL128 by default only on the architectures it has tested (tuning.cc,
   * "Enable LL128 by default only on Volta/Ampere/Hopper+NVLink"): Blackwell joined the
   * list in 2.25 (SM 10.0 and 12.0; 2.27 dropped the list for "SM 7.0 and newer").
   * RCCL (xGMI) keeps its own list. */
  if (topology->generation == RING_GENERATION_BLACKWELL
      && topology->intra != RING_INTRA_XGMI_MESH
      && topology->nccl_version < RING_NCCL_2_25)
    return FALSE;

  return TRUE;
}

static gboolean
runs_protocol (const RingAlgorithmInfo *info,
               const RingTopology      *topology,
               RingProtocol             protocol)
{
  return (info->protocols & (1u << protocol)) != 0
         && ring_protocol_available (topology, protocol);
}

/* The protocol NCCL's estimate prefers for @info; Simple for algorithms NCCL lacks. */
static RingProtocol
pick_protocol (const RingAlgorithmInfo *info,
               const RingTopology      *topology,
               double                   bytes,
               double                  *estimate_s)
{
  RingProtocol best = RING_PROTOCOL_SIMPLE;
  double best_s = G_MAXDOUBLE;

  for (RingProtocol p = 0; p < RING_N_PROTOCOLS; p++)
    {
      double s;

      if (!runs_protocol (info, topology, p))
        continue;
      if (info->estimate == NULL)
        return p;
      s = info->estimate (topology, p, bytes);
      if (s < best_s)
        {
          best = p;
          best_s = s;
        }
    }

  *estimate_s = best_s == G_MAXDOUBLE ? -1 : best_s;

  return best;
}

/* Whether NCCL builds @info at all on @topology. NCCL 2.18 to 2.28.3 set up NVLS, and so
 * NVLS-tree, only for more than two GPUs in a node (ncclNvlsInit(): "gpuCount <= 2"
 * returns without it); two GPUs run a ring there. 2.28.7 lowered it to two ("gpuCount <
 * 2"), so the 2.28 series, modelled as its last release, builds it on two. 2.20 set NVLS
 * up only inside one node ("comm->nNodes > 1" returns): no NVLS-tree across nodes. An
 * explicit --algorithm nvls still runs on two. */
static gboolean
nccl_builds (RingAlgorithm       algorithm,
             const RingTopology *topology)
{
  if (algorithm == RING_ALGORITHM_NVLS || algorithm == RING_ALGORITHM_NVLS_TREE)
    {
      if (topology->nccl_version == RING_NCCL_2_20 && topology->nodes > 1)
        return FALSE;
      return topology->nccl_version >= RING_NCCL_2_28 ? topology->gpus_per_node >= 2
                                                      : topology->gpus_per_node > 2;
    }

  return TRUE;
}

/* NCCL's choice: the algorithm × protocol its own tuning model rates fastest; AUTO if
 * none of NCCL's can run. */
static RingAlgorithm
pick_algorithm (const RingTopology *topology,
                double              bytes,
                RingProtocol       *protocol,
                double             *estimate_s)
{
  RingAlgorithm best = RING_ALGORITHM_AUTO;
  double best_s = G_MAXDOUBLE;

  for (RingAlgorithm a = 0; a < RING_N_ALGORITHMS; a++)
    {
      const RingAlgorithmInfo *info = registry[a];
      RingProtocol p;
      double s;

      if (!info->nccl || !nccl_builds (info->algorithm, topology)
          || !info->can_run (topology, NULL))
        continue;
      p = pick_protocol (info, topology, bytes, &s);
      if (s < best_s)
        {
          best = a;
          best_s = s;
          *protocol = p;
        }
    }

  *estimate_s = best_s;

  return best;
}

void
_ring_cost_clear (RingAllreduceCost *cost)
{
  memset (cost, 0, sizeof *cost);
  cost->symmetric_time_s = NAN;
}

static void
no_communication (RingAlgorithm      algorithm,
                  RingAllreduceCost *cost)
{
  _ring_cost_clear (cost);
  cost->algorithm = algorithm == RING_ALGORITHM_AUTO ? RING_ALGORITHM_RING : algorithm;
  cost->protocol = RING_PROTOCOL_SIMPLE;
}

/* @info's cost on the fabric: its network narrowed to what its traffic gets through the
 * switches' uplinks (ring-fabric.c), and which tier gives that. NCCL's tuner does not see
 * the fabric: it picks on the NICs. */
static void
fabric_cost (const RingAlgorithmInfo *info,
             const RingTopology      *topology,
             RingProtocol             protocol,
             double                   bytes,
             RingAllreduceCost       *cost)
{
  RingFabricCrossing crossing, other;
  RingTopology moved = *topology;
  double network_s;

  ring_fabric_crossing (topology, info->fabric_pattern, &crossing);
  moved.placement = topology->placement == RING_PLACEMENT_PACKED
                    ? RING_PLACEMENT_SCATTERED : RING_PLACEMENT_PACKED;
  ring_fabric_crossing (&moved, info->fabric_pattern, &other);
  if (crossing.share < 1)
    {
      RingTopology narrowed = *topology;

      ring_fabric_apply (&narrowed, crossing.share);
      info->cost (&narrowed, protocol, bytes, cost);
    }
  else
    {
      info->cost (topology, protocol, bytes, cost);
    }

  cost->fabric_tier = crossing.bound;
  cost->fabric_gbps = crossing.bound == RING_FABRIC_TIER_NONE
                      ? 0 : topology->network_gbps * crossing.share;
  cost->fabric_other_tier = other.bound;
  cost->fabric_other_gbps = other.bound == RING_FABRIC_TIER_NONE
                            ? 0 : topology->network_gbps * other.share;
  for (guint t = 0; t < RING_N_FABRIC_TIERS; t++)
    {
      RingFabricLoad *load = &cost->fabric_loads[t];

      load->capacity_gbps = crossing.tier_capacity[t] * topology->network_gbps;
      load->our_demand_gbps = crossing.tier_demand[t] * topology->network_gbps;
      load->other_demand_gbps = crossing.tier_other_demand[t] * topology->network_gbps;
      load->demand_gbps = load->our_demand_gbps + load->other_demand_gbps;
      load->load = load->capacity_gbps > 0 ? load->demand_gbps / load->capacity_gbps : 0;
    }
  network_s = cost->fabric_gbps > 0
              ? bytes * crossing.network_bytes / (cost->fabric_gbps * 1e9) : 0;
  cost->fabric_time_share = cost->time_s > 0 ? MIN (1.0, network_s / cost->time_s) : 0;
}

/* Runs @info's cost once its protocol is known; @estimate_s < 0: not yet estimated (on
 * @nccl_view, the topology NCCL's tuner sees). */
static void
run_cost (const RingAlgorithmInfo *info,
          const RingTopology      *topology,
          const RingTopology      *nccl_view,
          RingProtocol             protocol,
          double                   bytes,
          double                   estimate_s,
          RingAllreduceCost       *cost)
{
  if (topology->gpus <= 1 || !(bytes > 0))
    {
      no_communication (info->algorithm, cost);
      return;
    }

  fabric_cost (info, topology, protocol, bytes, cost);
  cost->algorithm = info->algorithm;
  cost->protocol = protocol;
  cost->symmetric_time_s = ring_symmetric_kernel_time_s (topology, bytes);
  if (info->estimate != NULL)
    cost->nccl_estimate_s = estimate_s >= 0 ? estimate_s
                                            : info->estimate (nccl_view, protocol, bytes);
}

gboolean
ring_allreduce_cost_with (const RingTopology *topology,
                          RingAlgorithm       algorithm,
                          RingProtocol        protocol,
                          double              bytes,
                          RingAllreduceCost  *cost)
{
  const RingAlgorithmInfo *info;
  RingTopology nccl_view;

  g_return_val_if_fail (topology != NULL, FALSE);
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, FALSE);
  g_return_val_if_fail (protocol < RING_N_PROTOCOLS, FALSE);
  g_return_val_if_fail (cost != NULL, FALSE);

  /* Auto chooses its protocol itself. */
  if (algorithm == RING_ALGORITHM_AUTO)
    return ring_allreduce_cost (topology, algorithm, bytes, cost);

  _ring_cost_clear (cost);
  info = registry[algorithm];
  if (!info->can_run (topology, NULL) || !runs_protocol (info, topology, protocol))
    return FALSE;

  _ring_topology_nccl_view (topology, &nccl_view);
  run_cost (info, topology, &nccl_view, protocol, bytes, -1, cost);

  return TRUE;
}

/* The fastest choice by the model's own costs, beside NCCL's pick in @cost: for auto the
 * algorithm NCCL builds here and its protocol, for a given algorithm its protocol. Auto
 * runs NCCL's pick, which is what clusters run (docs/model.md, "Auto and the model's
 * fastest"). */
static void
find_fastest (const RingTopology *topology,
              const RingTopology *nccl_view,
              RingAlgorithm       algorithm,
              double              bytes,
              RingAllreduceCost  *cost)
{
  cost->fastest_algorithm = cost->algorithm;
  cost->fastest_protocol = cost->protocol;
  cost->fastest_time_s = cost->time_s;

  for (RingAlgorithm a = 0; a < RING_N_ALGORITHMS; a++)
    {
      const RingAlgorithmInfo *info = registry[a];

      if (algorithm == RING_ALGORITHM_AUTO
          ? !info->nccl || !nccl_builds (info->algorithm, topology)
            || !info->can_run (topology, NULL)
          : a != algorithm)
        continue;
      for (RingProtocol p = 0; p < RING_N_PROTOCOLS; p++)
        {
          RingAllreduceCost candidate;

          if (!runs_protocol (info, topology, p))
            continue;
          fabric_cost (info, topology, p, bytes, &candidate);
          if (candidate.time_s < cost->fastest_time_s)
            {
              cost->fastest_algorithm = a;
              cost->fastest_protocol = p;
              cost->fastest_time_s = candidate.time_s;
            }
        }
    }
}

/* NCCL's symmetric kernels (symmetric.cc, 2.27.3): each rank reads and writes its peers'
 * registered buffers directly. Two of them do an all-reduce on any direct peers: a
 * one-shot LL kernel that stores the whole buffer to every peer in LL lines (8 bytes of
 * data in 16) and reduces what arrives, and a two-shot kernel that reduce-scatters with
 * loads and all-gathers with stores, moving 2 (N−1)/N of the buffer like a ring. NCCL's
 * base latency of each, µs, {before Blackwell, Blackwell}: LL 4.5 and 11, the other 7.8
 * and 19.5 (queryModel()). NCCL takes the one its estimate rates fastest; this takes the
 * one its own cost does. The NVLS (multimem) variants are left out: they win only at
 * sizes where NVLS itself does. */
static const double symmetric_ll_base_us[2] = { 4.5, 11 };
static const double symmetric_two_shot_base_us[2] = { 7.8, 19.5 };

double
ring_symmetric_kernel_time_s (const RingTopology *topology,
                              double              bytes)
{
  guint blackwell;
  double n, link_Bps, gap_us, one_shot_s, two_shot_s;

  g_return_val_if_fail (topology != NULL, NAN);

  /* init.cc: symmetricSupport needs one node whose GPUs are all direct peers (P2P or
   * NVLS), which RCCL's xGMI is not part of. */
  if (topology->nccl_version < RING_NCCL_2_27 || topology->nodes != 1
      || topology->gpus <= 1 || !(bytes > 0)
      || topology->intra == RING_INTRA_PCIE_HOST || topology->intra == RING_INTRA_XGMI_MESH)
    return NAN;

  blackwell = topology->generation >= RING_GENERATION_BLACKWELL;
  n = topology->gpus;
  link_Bps = topology->link_gbps * 1e9;
  gap_us = _ring_launch_gap_us (topology);
  one_shot_s = (gap_us + symmetric_ll_base_us[blackwell]) * 1e-6
               + (n - 1) * 2 * bytes / link_Bps;
  two_shot_s = (gap_us + symmetric_two_shot_base_us[blackwell]) * 1e-6
               + 2 * (n - 1) / n * bytes / link_Bps;

  return MIN (one_shot_s, two_shot_s);
}

gboolean
ring_allreduce_cost (const RingTopology *topology,
                     RingAlgorithm       algorithm,
                     double              bytes,
                     RingAllreduceCost  *cost)
{
  RingProtocol protocol = RING_PROTOCOL_SIMPLE;
  RingAlgorithm asked = algorithm;
  RingTopology nccl_view;
  double estimate_s = -1;

  g_return_val_if_fail (topology != NULL, FALSE);
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, FALSE);
  g_return_val_if_fail (cost != NULL, FALSE);

  _ring_cost_clear (cost);
  if (!registry[algorithm]->can_run (topology, NULL))
    return FALSE;

  if (topology->gpus <= 1 || !(bytes > 0))
    {
      no_communication (algorithm, cost);
      cost->fastest_algorithm = cost->algorithm;
      cost->fastest_protocol = cost->protocol;
      return TRUE;
    }

  /* NCCL picks with its own view of the hardware, not with what a measurement found. */
  _ring_topology_nccl_view (topology, &nccl_view);
  if (algorithm == RING_ALGORITHM_AUTO)
    {
      algorithm = pick_algorithm (&nccl_view, bytes, &protocol, &estimate_s);
      /* Several nodes without NICs: none of NCCL's algorithms runs. */
      if (algorithm == RING_ALGORITHM_AUTO)
        return FALSE;
    }
  else
    {
      protocol = pick_protocol (registry[algorithm], &nccl_view, bytes, &estimate_s);
    }

  run_cost (registry[algorithm], topology, &nccl_view, protocol, bytes, estimate_s, cost);
  find_fastest (topology, &nccl_view, asked, bytes, cost);

  return TRUE;
}

gboolean
ring_allreduce_cost_for (const RingParams  *params,
                         guint              gpus,
                         RingAlgorithm      algorithm,
                         double             bytes,
                         RingAllreduceCost *cost)
{
  RingTopology topology;

  g_return_val_if_fail (params != NULL, FALSE);

  ring_topology_init (&topology, params, gpus);

  return ring_allreduce_cost (&topology, algorithm, bytes, cost);
}

void
ring_allreduce_cost_charged (const RingParams  *params,
                             guint              gpus,
                             double             bytes,
                             RingAllreduceCost *cost)
{
  RingTopology topology;

  g_return_if_fail (params != NULL);
  g_return_if_fail (cost != NULL);

  ring_topology_init (&topology, params, gpus);
  if (ring_allreduce_cost (&topology, params->algorithm, bytes, cost))
    return;
  if (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, bytes, cost))
    return;
  ring_allreduce_cost (&topology, RING_ALGORITHM_FLAT_RING, bytes, cost);
}

gboolean
ring_params_hop_latency_applies (const RingParams *params)
{
  RingAllreduceCost cost;

  g_return_val_if_fail (params != NULL, FALSE);

  if (params->algorithm != RING_ALGORITHM_AUTO)
    return registry[params->algorithm]->uses_hop_latency;

  /* Auto runs one of NCCL's; only where none runs does the model fall back on the flat
   * ring (ring_allreduce_cost_charged()). */
  ring_allreduce_cost_charged (params, MAX (params->gpus, 2), 1.0, &cost);

  return registry[cost.algorithm]->uses_hop_latency;
}

/* Helpers the algorithm files share. */

double
_ring_bus_factor (const RingTopology *topology)
{
  return 2.0 * (topology->gpus - 1) / topology->gpus;
}

double
_ring_intra_bound_gbps (const RingTopology *topology)
{
  double link = topology->link_gbps * RING_GPU_EFFICIENCY;
  double g = topology->ranks_per_node;

  if (topology->nodes == 1)
    return link;
  if (g <= 1)
    return G_MAXDOUBLE;

  return link * g / (g - 1);
}

gboolean
_ring_network_can_run (const RingTopology  *topology,
                       const char         **why)
{
  if (topology->nodes > 1 && !(topology->network_gbps > 0))
    {
      if (why != NULL)
        *why = N_("the nodes have no NICs between them");
      return FALSE;
    }

  return TRUE;
}

void
_ring_cost_finish (const RingTopology *topology,
                   double              bytes,
                   double              latency_s,
                   double              bandwidth_s,
                   double              bytes_per_gpu,
                   RingAllreduceCost  *cost)
{
  /* A host thread driving several GPUs launches each one's share in turn. */
  double host_s = topology->gpus_per_process * _ring_host_launch_us (topology) * 1e-6;

  cost->latency_s = MAX (latency_s, host_s - bandwidth_s);
  cost->bandwidth_s = bandwidth_s;
  cost->time_s = cost->latency_s + cost->bandwidth_s;
  cost->bytes_per_gpu = bytes_per_gpu;
  cost->algbw_gbps = cost->time_s > 0 ? bytes / cost->time_s / 1e9 : 0;
  cost->busbw_gbps = cost->algbw_gbps * _ring_bus_factor (topology);
}
