/* ring-algorithm-schedule-private.h: what an algorithm file fills in to give its schedule.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithm-schedule.h"
#include "ring-algorithms.h"

G_BEGIN_DECLS

#define RING_SCHEDULE_MAX_STAGES 72

struct _RingSchedule
{
  RingAlgorithm            algorithm;
  const RingScheduleFuncs *funcs;
  RingTopology             topology;
  double                   bytes;

  guint                    n_gpus;
  guint                    gpus_per_node;  /* G: GPU i is in node i / G */
  guint                    n_nodes;
  guint                    n_nvswitches;   /* 0, or one per node */
  gboolean                 net_switch;     /* a network switch after the NVSwitches */

  guint                    n_steps;
  guint                    n_pieces;
  guint                    n_lanes;
  guint                    n_phases;
  RingSchedulePhase        phases[RING_SCHEDULE_MAX_PHASES];

  /* The algorithm's own: sizes it derived, tables it built (freed with g_free). */
  guint                    chunks;         /* pipelined chunks (tree, NVLS), else 1 */
  guint                    depth;          /* a tree's height, in hops */
  guint                   *table;          /* per node, table_stride values */
  guint                    table_stride;
  guint                   *groups;         /* distinct kinds of node, group_stride each */
  guint                    group_stride;
  guint                    n_groups;
  /* A pipelined schedule's stages, in the order a chunk passes them. */
  guint                    stages[RING_SCHEDULE_MAX_STAGES];
  guint                    n_stages;
};

/* How many chunks a pipelined schedule (tree, NVLS, CollNet) cuts @bytes into: one per
 * RING_SCHEDULE_CHUNK_BYTES, at most RING_SCHEDULE_MAX_CHUNKS. NCCL pipelines 512 KiB
 * chunks by the thousand; a picture shows a handful, and its pipeline takes longer to
 * fill than NCCL's. */
#define RING_SCHEDULE_CHUNK_BYTES (4.0 * 1024 * 1024)
#define RING_SCHEDULE_MAX_CHUNKS  16
guint  _ring_schedule_chunks        (double        bytes);

/* The schedule hook of an algorithm (RingAlgorithmInfo.schedule). */
struct _RingScheduleFuncs
{
  /* Sets steps, pieces, lanes, phases and switches from schedule->topology and ->bytes. */
  void   (*init)      (RingSchedule       *schedule);
  guint  (*n_sends)   (const RingSchedule *schedule,
                       guint               step,
                       guint               from);
  /* Fills from, to, pieces, op and lane; the link kind is derived from the endpoints. */
  void   (*send)      (const RingSchedule *schedule,
                       guint               step,
                       guint               from,
                       guint               index,
                       RingTransfer       *transfer);
  /* The step's α-β time in closed form (ring_schedule_step_time_s()). */
  double (*step_time) (const RingSchedule *schedule,
                       guint               step,
                       const double       *rates_Bps,
                       const double       *alpha_s,
                       double              bytes);
};

/* Helpers the schedules share. */
void   _ring_schedule_add_phase     (RingSchedule *schedule,
                                     const char   *name,
                                     const char   *description,
                                     const char   *outcome,
                                     guint         n_steps);
/* α + bytes / rate of one link kind. */
double _ring_schedule_hop_s         (const double *rates_Bps,
                                     const double *alpha_s,
                                     RingLinkKind  link,
                                     double        bytes);
/* The nodes' btree of NCCL (graph/trees.cc, ncclGetBtree): node @rank's parent (G_MAXUINT
 * for the root) and up to two children. @mirror gives the second tree of the double binary
 * tree (ncclGetDtree: shifted by one for an odd count, mirrored for an even one). */
void   _ring_schedule_btree         (guint         n_ranks,
                                     guint         rank,
                                     gboolean      mirror,
                                     guint        *parent,
                                     guint         children[2]);
/* The table of a schedule over the nodes' double binary tree (tree, NVLS-tree): per node,
 * in each of the two trees, its height (the schedule's to set), its depth, its parent
 * (G_MAXUINT for the root) and how many children it has. */
enum
{
  NODE_HEIGHT_0,
  NODE_DEPTH_0,
  NODE_HEIGHT_1,
  NODE_DEPTH_1,
  NODE_PARENT_0,
  NODE_PARENT_1,
  NODE_CHILDREN_0,
  NODE_CHILDREN_1,
  NODE_STRIDE,
};

#define NODE(schedule, node, field) ((schedule)->table[(gsize) (node) * NODE_STRIDE + (field)])

/* Makes schedule->table and fills all but the heights; @levels (or NULL) gets each tree's
 * depth. */
void   _ring_schedule_build_node_table (RingSchedule *schedule,
                                        guint         levels[2]);
/* The children of @node in tree @tree (0 or 1) of the nodes' double binary tree, packed
 * at the front of @children; returns how many (0 to 2). */
guint  _ring_schedule_node_children (const RingSchedule *schedule,
                                     guint               node,
                                     guint               tree,
                                     guint               children[2]);

/* The ring's schedule, shared by ring and flat-ring; the tree's; the switches'. */
extern const RingScheduleFuncs _ring_schedule_ring;
extern const RingScheduleFuncs _ring_schedule_tree;
extern const RingScheduleFuncs _ring_schedule_nvls;
extern const RingScheduleFuncs _ring_schedule_nvls_tree;
extern const RingScheduleFuncs _ring_schedule_collnet;

G_END_DECLS
