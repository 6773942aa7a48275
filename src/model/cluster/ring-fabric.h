/* ring-fabric.h: the switches between nodes, and what each algorithm's traffic gets
 * through them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-topology.h"

G_BEGIN_DECLS

/* Which nodes an algorithm's inter-node transfers join (docs/model.md, "The fabric"). */
typedef enum
{
  RING_FABRIC_PATTERN_NONE,        /* never leaves the node */
  RING_FABRIC_PATTERN_NEIGHBOUR,   /* node n to n + 1, NIC i to NIC i: NCCL's rings */
  RING_FABRIC_PATTERN_CROSS_RAIL,  /* node n's last GPU to node n + 1's first: one ring */
  RING_FABRIC_PATTERN_TREE,        /* NCCL's double binary tree over the nodes */
  RING_FABRIC_PATTERN_DISTANCE,    /* partners at power-of-two distances */
  RING_FABRIC_PATTERN_SWITCH,      /* reduced in the switches (SHARP): one flow a leaf */
} RingFabricPattern;

typedef struct
{
  /* The share of a node's network rate its traffic gets through the fabric (0 to 1), and
   * the tier that gives the least: LEAF where no uplink binds, NONE on one node. */
  double         share;
  RingFabricTier bound;
  double         tier_share[RING_N_FABRIC_TIERS];
  /* Node rates the tier's busiest group can send out (capacity) and that its traffic
   * sends (demand, byte-weighted over halving-doubling's steps); the leaf's are 1. */
  double         tier_capacity[RING_N_FABRIC_TIERS];
  double         tier_demand[RING_N_FABRIC_TIERS];
  /* What the other job's flows send through the same uplinks, in node rates. */
  double         tier_other_demand[RING_N_FABRIC_TIERS];
  /* Bytes one node sends over the network per byte of the buffer. */
  double         network_bytes;
} RingFabricCrossing;

void ring_fabric_crossing (const RingTopology *topology,
                           RingFabricPattern   pattern,
                           RingFabricCrossing *crossing);
/* Narrows @topology's network and channels to @share of the network's rate. */
void ring_fabric_apply    (RingTopology       *topology,
                           double              share);

G_END_DECLS
