/* ring-algorithm-schedule.h: each algorithm's own schedule, step by step.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-topology.h"

G_BEGIN_DECLS

/* An algorithm as steps over equal pieces of the buffer: in each step endpoints (GPUs
 * 0 … N−1, then any switches) send pieces that the receiver reduces or copies, from what
 * it held before the step; a switch forwards in the same step what it received. GPU i
 * sits in node i / G. */

typedef enum
{
  RING_TRANSFER_REDUCE,
  RING_TRANSFER_COPY,
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
  guint          from;
  guint          to;
  guint          first_piece;
  guint          n_pieces;
  RingTransferOp op;
  RingLinkKind   link;
  guint          lane;          /* which tree or ring, for colours */
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

/* Not for auto; NULL where @algorithm cannot run. @bytes sets the pipelined chunks. */
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
/* G_MAXUINT for the network switch. */
guint             ring_schedule_get_node          (const RingSchedule  *schedule,
                                                   guint                endpoint);
guint             ring_schedule_get_node_first    (const RingSchedule  *schedule,
                                                   guint                node);
guint             ring_schedule_get_node_size     (const RingSchedule  *schedule,
                                                   guint                node);
/* G_MAXUINT where the algorithm has none. */
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

/* The transfers @from starts in @step, each in O(1). */
guint             ring_schedule_get_n_sends       (const RingSchedule  *schedule,
                                                   guint                step,
                                                   guint                from);
void              ring_schedule_get_send          (const RingSchedule  *schedule,
                                                   guint                step,
                                                   guint                from,
                                                   guint                index,
                                                   RingTransfer        *transfer);
RingLinkKind      ring_schedule_link_kind         (const RingSchedule  *schedule,
                                                   guint                from,
                                                   guint                to);

/* The tree algorithm's shape: parent (G_MAXUINT at the root), depth, and a node's
 * in-order column. */
guint             ring_schedule_get_tree_parent   (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                gpu);
guint             ring_schedule_get_tree_depth    (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                gpu);
guint             ring_schedule_get_tree_column   (const RingSchedule  *schedule,
                                                   guint                lane,
                                                   guint                node);

/* The α-β time of @step's busiest link, from the structure (ring-simulation.c's walk
 * agrees). */
double            ring_schedule_step_time_s       (const RingSchedule  *schedule,
                                                   guint                step,
                                                   const double         rates_Bps[RING_N_LINK_KINDS],
                                                   const double         alpha_s[RING_N_LINK_KINDS],
                                                   double               bytes);

/* Which GPUs' contributions each endpoint holds in each piece, one bit a GPU; a reduce
 * of overlapping sets is a violation. */
typedef struct _RingScheduleTrace RingScheduleTrace;

#define RING_SCHEDULE_TRACE_MAX_GPUS 64

RingScheduleTrace *ring_schedule_trace_new           (const RingSchedule      *schedule);
void               ring_schedule_trace_free          (RingScheduleTrace       *trace);
/* FALSE once every step has been played. */
gboolean           ring_schedule_trace_advance       (RingScheduleTrace       *trace);
guint              ring_schedule_trace_get_completed (const RingScheduleTrace *trace);
guint64            ring_schedule_trace_get_held      (const RingScheduleTrace *trace,
                                                      guint                    endpoint,
                                                      guint                    piece);
guint              ring_schedule_trace_get_violations (const RingScheduleTrace *trace);
/* Weighted by transfers, not receivers. */
guint64            ring_schedule_trace_get_pieces_sent (const RingScheduleTrace *trace,
                                                        guint                    endpoint);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingSchedule, ring_schedule_unref)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingScheduleTrace, ring_schedule_trace_free)

G_END_DECLS
