/* ring-algorithm-schedule.h: each algorithm's own schedule, step by step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-topology.h"

G_BEGIN_DECLS

/* What an algorithm does, as a sequence of steps. The buffer is cut into equal pieces
 * (the ring's N chunks; a tree's pipelined chunks; a shard per GPU and node); in each
 * step some endpoints send some pieces to others, and the receiver either adds them to
 * its own (a reduce) or stores them (a copy). Endpoints are the GPUs 0 … N−1 and, for the
 * algorithms that reduce inside a switch, the switches after them: one NVSwitch per node
 * (NVLS), one network switch (SHARP).
 *
 * A step moves its data "at once", from what every endpoint held before the step; a
 * switch forwards in the same step what it received in it (it reduces on the fly, as
 * NVLS's multimem loads and SHARP do). Each algorithm file builds its schedule from the
 * topology; ring_schedule_new() is the one way in. GPU i sits in node i / G: nodes fill
 * up in order and the last one may hold fewer. */

typedef enum
{
  RING_TRANSFER_REDUCE,   /* the receiver adds the pieces into its own */
  RING_TRANSFER_COPY,     /* the receiver stores them in place of its own */
} RingTransferOp;

typedef enum
{
  RING_LINK_INTRA,        /* GPU to GPU inside a node: NVLink or PCIe */
  RING_LINK_NETWORK,      /* GPU to GPU across nodes, through the NICs */
  RING_LINK_SWITCH,       /* between a GPU and its node's NVSwitch (NVLS) */
  RING_LINK_NET_SWITCH,   /* between a GPU and the network switch (SHARP) */
} RingLinkKind;

#define RING_N_LINK_KINDS (RING_LINK_NET_SWITCH + 1)

typedef enum
{
  RING_ENDPOINT_GPU,
  RING_ENDPOINT_NVSWITCH,
  RING_ENDPOINT_NET_SWITCH,
} RingEndpointKind;

typedef struct
{
  guint          from;          /* endpoints: GPUs 0 … N−1, then switches */
  guint          to;
  guint          first_piece;
  guint          n_pieces;
  RingTransferOp op;
  RingLinkKind   link;
  guint          lane;          /* which tree or ring it belongs to, for colours (0, 1 …) */
} RingTransfer;

/* A named run of steps ("Reduce-scatter in each node"). The strings are N_() marked. */
typedef struct
{
  const char *name;
  const char *description;      /* one line: what each GPU does in it */
  const char *outcome;          /* in plain words: what holds after it, and why it pays */
  guint       first_step;
  guint       n_steps;
} RingSchedulePhase;

#define RING_SCHEDULE_MAX_PHASES 6

typedef struct _RingSchedule RingSchedule;

/* The schedule @algorithm (not auto: resolve it first) runs on @topology for a buffer of
 * @bytes (tree and NVLS pipeline it in chunks whose count depends on the size). NULL if
 * the algorithm cannot run there. N = 1 has no steps. */
RingSchedule     *ring_schedule_new               (RingAlgorithm        algorithm,
                                                   const RingTopology  *topology,
                                                   double               bytes);
RingSchedule     *ring_schedule_ref               (RingSchedule        *schedule);
void              ring_schedule_unref             (RingSchedule        *schedule);

RingAlgorithm     ring_schedule_get_algorithm     (const RingSchedule  *schedule);
const RingTopology *ring_schedule_get_topology    (const RingSchedule  *schedule);
guint             ring_schedule_get_n_gpus        (const RingSchedule  *schedule);
guint             ring_schedule_get_n_nodes       (const RingSchedule  *schedule);
guint             ring_schedule_get_gpus_per_node (const RingSchedule  *schedule);
/* GPUs, then switches. */
guint             ring_schedule_get_n_endpoints   (const RingSchedule  *schedule);
RingEndpointKind  ring_schedule_get_endpoint_kind (const RingSchedule  *schedule,
                                                   guint                endpoint);
/* The node a GPU or NVSwitch belongs to; the network switch belongs to none (G_MAXUINT). */
guint             ring_schedule_get_node          (const RingSchedule  *schedule,
                                                   guint                endpoint);
guint             ring_schedule_get_node_first    (const RingSchedule  *schedule,
                                                   guint                node);
guint             ring_schedule_get_node_size     (const RingSchedule  *schedule,
                                                   guint                node);
/* The endpoint number of node @node's NVSwitch, or of the network switch; G_MAXUINT if
 * the algorithm has none. */
guint             ring_schedule_get_nvswitch      (const RingSchedule  *schedule,
                                                   guint                node);
guint             ring_schedule_get_net_switch    (const RingSchedule  *schedule);

guint             ring_schedule_get_n_steps       (const RingSchedule  *schedule);
guint             ring_schedule_get_n_pieces      (const RingSchedule  *schedule);
/* How many trees or rings run side by side (the double binary tree: 2). */
guint             ring_schedule_get_n_lanes       (const RingSchedule  *schedule);
guint             ring_schedule_get_n_phases      (const RingSchedule  *schedule);
const RingSchedulePhase *ring_schedule_get_phase  (const RingSchedule  *schedule,
                                                   guint                phase);
/* The phase @step belongs to. */
guint             ring_schedule_get_step_phase    (const RingSchedule  *schedule,
                                                   guint                step);

/* The transfers endpoint @from starts in @step: how many, and each one (in O(1)). */
guint             ring_schedule_get_n_sends       (const RingSchedule  *schedule,
                                                   guint                step,
                                                   guint                from);
void              ring_schedule_get_send          (const RingSchedule  *schedule,
                                                   guint                step,
                                                   guint                from,
                                                   guint                index,
                                                   RingTransfer        *transfer);
/* The link between two endpoints. */
RingLinkKind      ring_schedule_link_kind         (const RingSchedule  *schedule,
                                                   guint                from,
                                                   guint                to);

/* The tree's shape (the tree algorithm only): GPU @gpu's parent in tree @lane (G_MAXUINT
 * at the root), its depth (hops from the root), and where node @node stands left to right
 * when tree @lane is drawn (its in-order place, 0 … nodes − 1). */
guint             ring_schedule_get_tree_parent   (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                gpu);
guint             ring_schedule_get_tree_depth    (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                gpu);
guint             ring_schedule_get_tree_column   (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                node);

/* The α-β time of step @step on a cluster whose every link of one kind runs at the same
 * rate (@rates_Bps in bytes per second per link kind, @alpha_s per message), for a buffer
 * of @bytes: what the step's busiest link takes, found from the algorithm's structure
 * without walking every transfer (ring-simulation.c walks them and must agree). */
double            ring_schedule_step_time_s       (const RingSchedule  *schedule,
                                                   guint                step,
                                                   const double         rates_Bps[RING_N_LINK_KINDS],
                                                   const double         alpha_s[RING_N_LINK_KINDS],
                                                   double               bytes);

/* Which GPUs' contributions every endpoint holds in every piece, stepped through the
 * schedule, for N ≤ 64 (one bit per GPU). A reduce adds the sender's set to the
 * receiver's, and counts a violation if they overlap (a contribution counted twice); a
 * copy replaces the receiver's set. */
typedef struct _RingScheduleTrace RingScheduleTrace;

#define RING_SCHEDULE_TRACE_MAX_GPUS 64

RingScheduleTrace *ring_schedule_trace_new           (const RingSchedule      *schedule);
void               ring_schedule_trace_free          (RingScheduleTrace       *trace);
/* Plays the next step; FALSE once every step has been played. */
gboolean           ring_schedule_trace_advance       (RingScheduleTrace       *trace);
guint              ring_schedule_trace_get_completed (const RingScheduleTrace *trace);
guint64            ring_schedule_trace_get_held      (const RingScheduleTrace *trace,
                                                      guint                    endpoint,
                                                      guint                    piece);
/* Reduces that would have counted a GPU's contribution twice, so far. */
guint              ring_schedule_trace_get_violations (const RingScheduleTrace *trace);
/* Pieces each endpoint has sent so far (weighted by transfers, not by receivers). */
guint64            ring_schedule_trace_get_pieces_sent (const RingScheduleTrace *trace,
                                                        guint                    endpoint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingSchedule, ring_schedule_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingScheduleTrace, ring_schedule_trace_free)

G_END_DECLS
