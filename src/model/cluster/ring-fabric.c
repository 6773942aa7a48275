/* ring-fabric.c: leaf, spine and core switches, and the share of a node's network rate
 * each algorithm's traffic gets through their uplinks.
 *
 * A leaf holds nodes_per_leaf nodes (with rails, one switch per NIC index holds NIC i of
 * each); a spine tier joins the leaves, and a core tier joins pods of nodes_per_leaf
 * leaves, as a k-ary fat tree's pod holds k/2 leaves of k/2 hosts (Al-Fares et al. 2008).
 * Each switch's uplinks carry 1/R of what its downlinks do, so a leaf's uplinks carry
 * L · node / R and a pod's L² · node / R². The flows an algorithm sends out of a group
 * share its uplinks; the tier that leaves each flow the least bounds the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-fabric.h"

/* NCCL's binary tree over @n ranks (src/graph/trees.cc, ncclGetBtree): rank 0 is the
 * root; a rank's lowest set bit gives its level; parent and children follow by bits. */
static void
btree_neighbours (guint  n,
                  guint  rank,
                  gint64 neighbours[3])
{
  guint64 bit = 1;
  guint64 low;

  while (bit < n && !(bit & rank))
    bit <<= 1;

  neighbours[0] = neighbours[1] = neighbours[2] = -1;
  if (rank == 0)
    {
      if (n > 1)
        neighbours[2] = bit >> 1;
      return;
    }

  neighbours[0] = (rank ^ bit) | (bit << 1);
  if (neighbours[0] >= n)
    neighbours[0] = rank ^ bit;

  low = bit >> 1;
  if (low == 0)
    return;
  neighbours[1] = rank - low;
  while (low > 0 && rank + low >= n)
    low >>= 1;
  if (low > 0)
    neighbours[2] = rank + low;
}

/* The second tree (ncclGetDtree): the first mirrored for an even count, shifted by one
 * rank for an odd one. */
static void
dtree_neighbours (guint  n,
                  guint  rank,
                  gint64 neighbours[3])
{
  if (n % 2 == 1)
    {
      btree_neighbours (n, (rank + n - 1) % n, neighbours);
      for (guint i = 0; i < 3; i++)
        if (neighbours[i] >= 0)
          neighbours[i] = (neighbours[i] + 1) % n;
    }
  else
    {
      btree_neighbours (n, n - 1 - rank, neighbours);
      for (guint i = 0; i < 3; i++)
        if (neighbours[i] >= 0)
          neighbours[i] = n - 1 - neighbours[i];
    }
}

/* The most tree edges of both trees that leave one group of @group consecutive nodes.
 * A step's buckets and a chart's points ask again and again: the last answers are kept,
 * per thread, as the charts cost on a worker thread too. */
static guint
tree_edges_leaving (guint nodes,
                    guint group)
{
  static __thread struct { guint nodes, group, most; } kept[4];
  static __thread guint next;
  guint most = 0, count = 0;

  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    if (kept[i].nodes == nodes && kept[i].group == group)
      return kept[i].most;

  for (guint r = 0; r < nodes; r++)
    {
      gint64 neighbours[6];

      if (r % group == 0)
        count = 0;
      btree_neighbours (nodes, r, neighbours);
      dtree_neighbours (nodes, r, neighbours + 3);
      for (guint i = 0; i < 6; i++)
        if (neighbours[i] >= 0 && neighbours[i] / group != r / group)
          count++;
      most = MAX (most, count);
    }

  kept[next].nodes = nodes;
  kept[next].group = group;
  kept[next].most = most;
  next = (next + 1) % G_N_ELEMENTS (kept);

  return most;
}

/* Nodes of the first group whose partner at XOR distance @distance lies outside it. */
static guint
partners_leaving (guint nodes,
                  guint group,
                  guint distance)
{
  guint count = 0;

  for (guint r = 0; r < MIN (group, nodes); r++)
    {
      guint partner = r ^ distance;

      if (partner < nodes && partner >= group)
        count++;
    }

  return count;
}

/* The other job's flows out of one group of @group of our nodes: its nodes spread evenly
 * over ours, joined by a ring (packed: one flow leaves) or anywhere (scattered). */
static double
other_flows_leaving (const RingTopology *topology,
                     guint               group)
{
  double others = topology->other_job_nodes;
  double inside;

  if (others == 0 || topology->other_job_load == 0 || topology->nodes <= group)
    return 0;
  inside = others * group / topology->nodes;
  if (inside >= others)
    return 0;
  if (topology->placement == RING_PLACEMENT_SCATTERED)
    return others > 1 ? inside * (others - inside) / (others - 1) : 0;

  return 1;
}

/* What each of our @flows gets of a group's uplinks (@group nodes' rates over @ratio),
 * shared max-min fairly with the other job's flows, each asking its load of a node's
 * rate: what they leave when their ask is below the fair share, else the fair share. */
static double
share_of (const RingTopology *topology,
          double              group,
          double              ratio,
          double              flows)
{
  double capacity = group / ratio;
  double others = other_flows_leaving (topology, (guint) group);
  double load = topology->other_job_load;
  double fair;

  if (flows <= 0)
    return 1.0;
  fair = capacity / (flows + others);
  if (fair >= load)
    return MIN (1.0, (capacity - others * load) / flows);

  return MIN (1.0, fair);
}

/* What the other job's flows send through a group's uplinks (in node rates) when each of
 * our @flows gets @ours: what they ask, or what ours leave them, as max-min sharing gives
 * a flow no more than it asks and leaves no capacity idle that a flow still wants. */
static double
other_demand_of (const RingTopology *topology,
                 double              group,
                 double              ratio,
                 double              flows,
                 double              ours)
{
  double others = other_flows_leaving (topology, (guint) group);
  double left;

  if (others <= 0)
    return 0;
  left = MAX (0.0, group / ratio - flows * ours);

  return MIN (others * topology->other_job_load, left);
}

/* Halving-doubling's steps between nodes carry S/2, S/4 … of a GPU's buffer at partner
 * distances d = G, 2G …: a tier slows the steps whose partners it separates, and the
 * share is the byte-weighted harmonic mean over the steps. */
static double
distance_share (const RingTopology *topology,
                const guint        *groups,
                const double       *ratios,
                guint               n_tiers,
                double             *tier_share,
                double             *tier_demand,
                double             *tier_other_demand)
{
  guint g = topology->gpus_per_node;
  guint p = 1;
  double bytes = 0, time = 0;
  double tier_bytes = 0, tier_time[RING_N_FABRIC_TIERS] = { 0 };

  while (p * 2 <= topology->gpus)
    p *= 2;

  for (guint d = g; d < p; d *= 2)
    {
      double weight = 1.0 / d;
      double step = 1;
      double flows[2];

      if (d % g != 0)
        break;

      for (guint t = 0; t < n_tiers; t++)
        {
          double s;

          flows[t] = topology->placement == RING_PLACEMENT_SCATTERED
                     ? groups[t] * (topology->nodes > groups[t]
                                    ? (double) (topology->nodes - groups[t])
                                      / (topology->nodes - 1) : 0)
                     : partners_leaving (topology->nodes, groups[t], d / g);
          s = share_of (topology, groups[t], ratios[t], flows[t]);
          tier_time[t] += weight / s;
          step = MIN (step, s);
        }
      for (guint t = 0; t < n_tiers; t++)
        {
          tier_demand[t] += weight * flows[t] * step;
          tier_other_demand[t] += weight * other_demand_of (topology, groups[t], ratios[t],
                                                            flows[t], step);
        }
      bytes += weight;
      time += weight / step;
    }
  tier_bytes = bytes;

  for (guint t = 0; t < n_tiers; t++)
    {
      tier_share[t] = tier_bytes > 0 ? tier_bytes / tier_time[t] : 1;
      tier_demand[t] = tier_bytes > 0 ? tier_demand[t] / tier_bytes : 0;
      tier_other_demand[t] = tier_bytes > 0 ? tier_other_demand[t] / tier_bytes : 0;
    }

  return bytes > 0 ? bytes / time : 1;
}

/* The flows (in nodes' network rates) that leave the busiest group of @group nodes. */
static double
flows_leaving (const RingTopology *topology,
               RingFabricPattern   pattern,
               guint               group,
               gboolean            leaf_uplinks)
{
  guint nodes = topology->nodes;
  gboolean cross_rail = pattern == RING_FABRIC_PATTERN_CROSS_RAIL && topology->rail_optimized
                        && topology->gpus_per_node > 1 && topology->nics_per_node > 1;
  /* Each node sends one node's rate in all; a double binary tree spreads it over four
   * edge directions (two trees, up and down) beyond two nodes, two with two. */
  double tree_edge = nodes == 2 ? 0.5 : 0.25;

  /* Across rails the hop climbs above the leaf even between neighbours on one leaf. */
  if (cross_rail && leaf_uplinks)
    return MIN (group, nodes);
  if (nodes <= group)
    return 0;
  if (pattern == RING_FABRIC_PATTERN_SWITCH)
    return 1;
  if (topology->placement == RING_PLACEMENT_SCATTERED)
    return group * (double) (nodes - group) / (nodes - 1);
  if (pattern == RING_FABRIC_PATTERN_TREE)
    return tree_edges_leaving (nodes, group) * tree_edge;

  return 1;
}

static double
network_bytes (const RingTopology *topology,
               RingFabricPattern   pattern)
{
  guint p = 1;

  switch (pattern)
    {
    case RING_FABRIC_PATTERN_NEIGHBOUR:
    case RING_FABRIC_PATTERN_CROSS_RAIL:
      return 2.0 * (topology->gpus - 1) / topology->gpus;
    case RING_FABRIC_PATTERN_TREE:
      return topology->nodes == 2 ? 1 : 2;
    case RING_FABRIC_PATTERN_DISTANCE:
      while (p * 2 <= topology->gpus)
        p *= 2;
      return MAX (0.0, 2.0 * (1.0 - (double) topology->gpus_per_node / p));
    case RING_FABRIC_PATTERN_SWITCH:
      return 1;
    case RING_FABRIC_PATTERN_NONE:
    default:
      return 0;
    }
}

void
ring_fabric_crossing (const RingTopology *topology,
                      RingFabricPattern   pattern,
                      RingFabricCrossing *crossing)
{
  guint groups[2];
  double ratios[2];
  guint n_tiers;
  double tier_share[2] = { 1, 1 };
  double tier_demand[2] = { 0, 0 };
  double tier_other_demand[2] = { 0, 0 };

  g_return_if_fail (topology != NULL);
  g_return_if_fail (crossing != NULL);

  crossing->share = 1;
  for (guint t = 0; t < RING_N_FABRIC_TIERS; t++)
    {
      crossing->tier_share[t] = 1;
      crossing->tier_capacity[t] = 0;
      crossing->tier_demand[t] = 0;
      crossing->tier_other_demand[t] = 0;
    }
  crossing->network_bytes = network_bytes (topology, pattern);
  crossing->bound = topology->nodes > 1 && pattern != RING_FABRIC_PATTERN_NONE
                    ? RING_FABRIC_TIER_LEAF : RING_FABRIC_TIER_NONE;
  if (crossing->bound == RING_FABRIC_TIER_NONE)
    return;
  crossing->tier_capacity[RING_FABRIC_TIER_LEAF] = 1;
  crossing->tier_demand[RING_FABRIC_TIER_LEAF] = 1;
  if (topology->fabric_tiers < 2)
    return;

  n_tiers = MIN (topology->fabric_tiers, 3) - 1;
  groups[0] = topology->nodes_per_leaf;
  ratios[0] = topology->oversubscription;
  groups[1] = MIN ((guint64) topology->nodes_per_leaf * topology->nodes_per_leaf, G_MAXUINT);
  ratios[1] = topology->oversubscription * topology->oversubscription;

  if (pattern == RING_FABRIC_PATTERN_DISTANCE)
    {
      crossing->share = distance_share (topology, groups, ratios, n_tiers, tier_share,
                                        tier_demand, tier_other_demand);
    }
  else
    {
      for (guint t = 0; t < n_tiers; t++)
        {
          tier_demand[t] = flows_leaving (topology, pattern, groups[t], t == 0);
          tier_share[t] = share_of (topology, groups[t], ratios[t], tier_demand[t]);
          crossing->share = MIN (crossing->share, tier_share[t]);
        }
      for (guint t = 0; t < n_tiers; t++)
        {
          tier_other_demand[t] = other_demand_of (topology, groups[t], ratios[t],
                                                  tier_demand[t], crossing->share);
          tier_demand[t] *= crossing->share;
        }
    }

  crossing->tier_demand[RING_FABRIC_TIER_LEAF] = crossing->share;
  for (guint t = 0; t < n_tiers; t++)
    {
      crossing->tier_capacity[RING_FABRIC_TIER_SPINE + t] = groups[t] / ratios[t];
      crossing->tier_demand[RING_FABRIC_TIER_SPINE + t] = tier_demand[t];
      crossing->tier_other_demand[RING_FABRIC_TIER_SPINE + t] = tier_other_demand[t];
      crossing->tier_share[RING_FABRIC_TIER_SPINE + t] = tier_share[t];
      if (tier_share[t] < 1 && tier_share[t] <= crossing->share * (1 + 1e-12)
          && crossing->bound == RING_FABRIC_TIER_LEAF)
        crossing->bound = RING_FABRIC_TIER_SPINE + t;
    }
}

void
ring_fabric_apply (RingTopology *topology,
                   double        share)
{
  g_return_if_fail (topology != NULL);

  if (!(share < 1))
    return;

  topology->network_gbps *= share;
  if (topology->channels * topology->channel_gbps > topology->network_gbps)
    topology->channel_gbps = topology->network_gbps / topology->channels;
}
