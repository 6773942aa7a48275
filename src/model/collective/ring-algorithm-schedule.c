/* ring-algorithm-schedule.c: the schedules behind one interface, and their trace.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-algorithm-schedule-private.h"

RingSchedule *
ring_schedule_new (RingAlgorithm       algorithm,
                   const RingTopology *topology,
                   double              bytes)
{
  const RingAlgorithmInfo *info;
  RingSchedule *schedule;

  g_return_val_if_fail (algorithm > RING_ALGORITHM_AUTO && algorithm < RING_N_ALGORITHMS, NULL);
  g_return_val_if_fail (topology != NULL, NULL);

  info = ring_algorithm_info (algorithm);
  if (info->schedule == NULL || !ring_algorithm_can_run (algorithm, topology, NULL))
    return NULL;

  schedule = g_atomic_rc_box_new0 (RingSchedule);
  schedule->algorithm = algorithm;
  schedule->funcs = info->schedule;
  schedule->topology = *topology;
  schedule->bytes = bytes > 0 ? bytes : 1;
  schedule->n_gpus = MAX (topology->gpus, 1);
  schedule->gpus_per_node = CLAMP (topology->gpus_per_node, 1, schedule->n_gpus);
  schedule->n_nodes = (schedule->n_gpus + schedule->gpus_per_node - 1) / schedule->gpus_per_node;
  schedule->n_pieces = 1;
  schedule->n_lanes = 1;
  schedule->chunks = 1;

  if (schedule->n_gpus > 1)
    schedule->funcs->init (schedule);

  return schedule;
}

static void
schedule_clear (RingSchedule *schedule)
{
  g_free (schedule->table);
  g_free (schedule->groups);
}

RingSchedule *
ring_schedule_ref (RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, NULL);

  return g_atomic_rc_box_acquire (schedule);
}

void
ring_schedule_unref (RingSchedule *schedule)
{
  if (schedule != NULL)
    g_atomic_rc_box_release_full (schedule, (GDestroyNotify) schedule_clear);
}

RingAlgorithm
ring_schedule_get_algorithm (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, RING_ALGORITHM_RING);

  return schedule->algorithm;
}

const RingTopology *
ring_schedule_get_topology (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, NULL);

  return &schedule->topology;
}

guint
ring_schedule_get_n_gpus (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->n_gpus;
}

guint
ring_schedule_get_n_nodes (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->n_nodes;
}

guint
ring_schedule_get_gpus_per_node (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->gpus_per_node;
}

guint
ring_schedule_get_n_endpoints (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->n_gpus + schedule->n_nvswitches + (schedule->net_switch ? 1 : 0);
}

RingEndpointKind
ring_schedule_get_endpoint_kind (const RingSchedule *schedule,
                                 guint               endpoint)
{
  g_return_val_if_fail (schedule != NULL, RING_ENDPOINT_GPU);

  if (endpoint < schedule->n_gpus)
    return RING_ENDPOINT_GPU;
  if (endpoint < schedule->n_gpus + schedule->n_nvswitches)
    return RING_ENDPOINT_NVSWITCH;

  return RING_ENDPOINT_NET_SWITCH;
}

guint
ring_schedule_get_node (const RingSchedule *schedule,
                        guint               endpoint)
{
  g_return_val_if_fail (schedule != NULL, 0);

  if (endpoint < schedule->n_gpus)
    return endpoint / schedule->gpus_per_node;
  if (endpoint < schedule->n_gpus + schedule->n_nvswitches)
    return endpoint - schedule->n_gpus;

  return G_MAXUINT;
}

guint
ring_schedule_get_node_first (const RingSchedule *schedule,
                              guint               node)
{
  g_return_val_if_fail (schedule != NULL, 0);

  return node * schedule->gpus_per_node;
}

guint
ring_schedule_get_node_size (const RingSchedule *schedule,
                             guint               node)
{
  guint first;

  g_return_val_if_fail (schedule != NULL, 1);
  g_return_val_if_fail (node < schedule->n_nodes, 0);

  first = node * schedule->gpus_per_node;

  return MIN (schedule->gpus_per_node, schedule->n_gpus - first);
}

guint
ring_schedule_get_nvswitch (const RingSchedule *schedule,
                            guint               node)
{
  g_return_val_if_fail (schedule != NULL, G_MAXUINT);

  if (schedule->n_nvswitches == 0 || node >= schedule->n_nvswitches)
    return G_MAXUINT;

  return schedule->n_gpus + node;
}

guint
ring_schedule_get_net_switch (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, G_MAXUINT);

  return schedule->net_switch ? schedule->n_gpus + schedule->n_nvswitches : G_MAXUINT;
}

guint
ring_schedule_get_n_steps (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 0);

  return schedule->n_steps;
}

guint
ring_schedule_get_n_pieces (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->n_pieces;
}

guint
ring_schedule_get_n_lanes (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 1);

  return schedule->n_lanes;
}

guint
ring_schedule_get_n_phases (const RingSchedule *schedule)
{
  g_return_val_if_fail (schedule != NULL, 0);

  return schedule->n_phases;
}

const RingSchedulePhase *
ring_schedule_get_phase (const RingSchedule *schedule,
                         guint               phase)
{
  g_return_val_if_fail (schedule != NULL, NULL);
  g_return_val_if_fail (phase < schedule->n_phases, NULL);

  return &schedule->phases[phase];
}

guint
ring_schedule_get_step_phase (const RingSchedule *schedule,
                              guint               step)
{
  g_return_val_if_fail (schedule != NULL, 0);

  for (guint i = 0; i < schedule->n_phases; i++)
    {
      const RingSchedulePhase *phase = &schedule->phases[i];

      if (step < phase->first_step + phase->n_steps)
        return i;
    }

  return schedule->n_phases > 0 ? schedule->n_phases - 1 : 0;
}

guint
ring_schedule_get_n_sends (const RingSchedule *schedule,
                           guint               step,
                           guint               from)
{
  g_return_val_if_fail (schedule != NULL, 0);

  if (step >= schedule->n_steps || from >= ring_schedule_get_n_endpoints (schedule))
    return 0;

  return schedule->funcs->n_sends (schedule, step, from);
}

RingLinkKind
ring_schedule_link_kind (const RingSchedule *schedule,
                         guint               from,
                         guint               to)
{
  RingEndpointKind a, b;

  g_return_val_if_fail (schedule != NULL, RING_LINK_INTRA);

  a = ring_schedule_get_endpoint_kind (schedule, from);
  b = ring_schedule_get_endpoint_kind (schedule, to);
  if (a == RING_ENDPOINT_NET_SWITCH || b == RING_ENDPOINT_NET_SWITCH)
    return RING_LINK_NET_SWITCH;
  if (a == RING_ENDPOINT_NVSWITCH || b == RING_ENDPOINT_NVSWITCH)
    return RING_LINK_SWITCH;
  if (ring_schedule_get_node (schedule, from) != ring_schedule_get_node (schedule, to))
    return RING_LINK_NETWORK;

  return RING_LINK_INTRA;
}

void
ring_schedule_get_send (const RingSchedule *schedule,
                        guint               step,
                        guint               from,
                        guint               index,
                        RingTransfer       *transfer)
{
  g_return_if_fail (schedule != NULL);
  g_return_if_fail (transfer != NULL);
  g_return_if_fail (index < ring_schedule_get_n_sends (schedule, step, from));

  memset (transfer, 0, sizeof *transfer);
  transfer->from = from;
  schedule->funcs->send (schedule, step, from, index, transfer);
  transfer->link = ring_schedule_link_kind (schedule, transfer->from, transfer->to);
}

double
ring_schedule_step_time_s (const RingSchedule *schedule,
                           guint               step,
                           const double        rates_Bps[RING_N_LINK_KINDS],
                           const double        alpha_s[RING_N_LINK_KINDS],
                           double              bytes)
{
  g_return_val_if_fail (schedule != NULL, 0);
  g_return_val_if_fail (rates_Bps != NULL && alpha_s != NULL, 0);

  if (step >= schedule->n_steps)
    return 0;

  return schedule->funcs->step_time (schedule, step, rates_Bps, alpha_s, bytes);
}

/* Helpers for the algorithm files */

void
_ring_schedule_add_phase (RingSchedule *schedule,
                          const char   *name,
                          const char   *description,
                          const char   *outcome,
                          guint         n_steps)
{
  RingSchedulePhase *phase;

  g_assert (schedule->n_phases < RING_SCHEDULE_MAX_PHASES);

  if (n_steps == 0)
    return;

  phase = &schedule->phases[schedule->n_phases++];
  phase->name = name;
  phase->description = description;
  phase->outcome = outcome;
  phase->first_step = schedule->n_steps;
  phase->n_steps = n_steps;
  schedule->n_steps += n_steps;
}

double
_ring_schedule_hop_s (const double *rates_Bps,
                      const double *alpha_s,
                      RingLinkKind  link,
                      double        bytes)
{
  return alpha_s[link] + bytes / rates_Bps[link];
}

guint
_ring_schedule_chunks (double bytes)
{
  double chunks = ceil (bytes / RING_SCHEDULE_CHUNK_BYTES);

  return (guint) CLAMP (chunks, 1, RING_SCHEDULE_MAX_CHUNKS);
}

/* NCCL's ncclGetBtree: rank r's parent clears r's lowest set bit and sets the next one
 * (or only clears it, past the end); its children are r ± half its lowest bit. Rank 0 is
 * the root, with one child. */
static void
btree (guint  n,
       guint  rank,
       guint *parent,
       guint  children[2])
{
  guint bit, low;
  guint up;

  children[0] = children[1] = G_MAXUINT;
  for (bit = 1; bit < n; bit <<= 1)
    if (bit & rank)
      break;

  if (rank == 0)
    {
      *parent = G_MAXUINT;
      if (n > 1)
        children[1] = bit >> 1;
      return;
    }

  up = (rank ^ bit) | (bit << 1);
  if (up >= n)
    up = rank ^ bit;
  *parent = up;

  low = bit >> 1;
  if (low == 0)
    return;
  children[0] = rank - low;
  /* The second child is the first of rank + low, rank + low/2 … that exists. */
  while (low > 0 && rank + low >= n)
    low >>= 1;
  if (low > 0)
    children[1] = rank + low;
}

void
_ring_schedule_btree (guint     n_ranks,
                      guint     rank,
                      gboolean  mirror,
                      guint    *parent,
                      guint     children[2])
{
  guint shifted, up, down[2];

  if (!mirror)
    {
      btree (n_ranks, rank, parent, children);
      return;
    }

  /* ncclGetDtree: the second tree is the first shifted by one (odd counts) or mirrored
   * (even counts), so that a rank inner in one tree is a leaf in the other. */
  if (n_ranks % 2 == 1)
    {
      shifted = (rank + n_ranks - 1) % n_ranks;
      btree (n_ranks, shifted, &up, down);
      *parent = up == G_MAXUINT ? G_MAXUINT : (up + 1) % n_ranks;
      for (guint i = 0; i < 2; i++)
        children[i] = down[i] == G_MAXUINT ? G_MAXUINT : (down[i] + 1) % n_ranks;
    }
  else
    {
      btree (n_ranks, n_ranks - 1 - rank, &up, down);
      *parent = up == G_MAXUINT ? G_MAXUINT : n_ranks - 1 - up;
      children[0] = down[1] == G_MAXUINT ? G_MAXUINT : n_ranks - 1 - down[1];
      children[1] = down[0] == G_MAXUINT ? G_MAXUINT : n_ranks - 1 - down[0];
    }
}

guint
_ring_schedule_node_children (const RingSchedule *schedule,
                              guint               node,
                              guint               tree,
                              guint               children[2])
{
  guint parent, found[2], n = 0;

  _ring_schedule_btree (schedule->n_nodes, node, tree == 1, &parent, found);
  for (guint i = 0; i < 2; i++)
    if (found[i] != G_MAXUINT)
      children[n++] = found[i];

  return n;
}

void
_ring_schedule_build_node_table (RingSchedule *schedule,
                                 guint         levels[2])
{
  guint nodes = schedule->n_nodes;

  schedule->table_stride = NODE_STRIDE;
  schedule->table = g_new0 (guint, (gsize) nodes * NODE_STRIDE);
  for (guint tree = 0; tree < 2; tree++)
    {
      guint tree_levels = 0;

      for (guint node = 0; node < nodes; node++)
        {
          guint parent, children[2], depth = 0;

          _ring_schedule_btree (nodes, node, tree == 1, &parent, children);
          NODE (schedule, node, tree == 0 ? NODE_PARENT_0 : NODE_PARENT_1) = parent;
          NODE (schedule, node, tree == 0 ? NODE_CHILDREN_0 : NODE_CHILDREN_1) =
            (children[0] != G_MAXUINT) + (children[1] != G_MAXUINT);
          for (guint up = parent; up != G_MAXUINT; depth++)
            _ring_schedule_btree (nodes, up, tree == 1, &up, children);
          NODE (schedule, node, tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1) = depth;
          tree_levels = MAX (tree_levels, depth);
        }
      if (levels != NULL)
        levels[tree] = tree_levels;
    }
}

/* The trace */

struct _RingScheduleTrace
{
  const RingSchedule *schedule;
  RingSchedule       *ref;
  guint               n_endpoints;
  guint               n_pieces;
  guint               completed;
  guint               violations;
  guint64            *held;          /* [endpoint * n_pieces + piece] */
  guint64            *pieces_sent;   /* per endpoint */
  GArray             *pending;       /* what the step's sends carry */
};

typedef struct
{
  RingTransfer transfer;
  guint        offset;               /* into the carried masks */
} Pending;

RingScheduleTrace *
ring_schedule_trace_new (const RingSchedule *schedule)
{
  RingScheduleTrace *trace;
  guint n_gpus;

  g_return_val_if_fail (schedule != NULL, NULL);
  g_return_val_if_fail (schedule->n_gpus <= RING_SCHEDULE_TRACE_MAX_GPUS, NULL);

  trace = g_new0 (RingScheduleTrace, 1);
  trace->ref = ring_schedule_ref ((RingSchedule *) schedule);
  trace->schedule = trace->ref;
  trace->n_endpoints = ring_schedule_get_n_endpoints (schedule);
  trace->n_pieces = schedule->n_pieces;
  trace->held = g_new0 (guint64, (gsize) trace->n_endpoints * trace->n_pieces);
  trace->pieces_sent = g_new0 (guint64, trace->n_endpoints);
  trace->pending = g_array_new (FALSE, FALSE, sizeof (Pending));

  /* Every GPU starts with its own gradient in every piece; switches hold nothing. */
  n_gpus = schedule->n_gpus;
  for (guint gpu = 0; gpu < n_gpus; gpu++)
    for (guint piece = 0; piece < trace->n_pieces; piece++)
      trace->held[(gsize) gpu * trace->n_pieces + piece] = G_GUINT64_CONSTANT (1) << gpu;

  return trace;
}

void
ring_schedule_trace_free (RingScheduleTrace *trace)
{
  if (trace == NULL)
    return;

  ring_schedule_unref (trace->ref);
  g_free (trace->held);
  g_free (trace->pieces_sent);
  g_array_unref (trace->pending);
  g_free (trace);
}

/* Collects what the sends of endpoints of @kind (GPUs, or switches) carry in @step, read
 * from the holdings as they are now, then lands them. */
static void
play_sends (RingScheduleTrace *trace,
            guint              step,
            gboolean           switches)
{
  const RingSchedule *schedule = trace->schedule;
  g_autoptr(GArray) carried = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint first = switches ? schedule->n_gpus : 0;
  guint last = switches ? trace->n_endpoints : schedule->n_gpus;

  g_array_set_size (trace->pending, 0);
  for (guint from = first; from < last; from++)
    {
      guint n_sends = ring_schedule_get_n_sends (schedule, step, from);

      for (guint i = 0; i < n_sends; i++)
        {
          Pending pending;

          ring_schedule_get_send (schedule, step, from, i, &pending.transfer);
          g_assert (pending.transfer.to < trace->n_endpoints);
          g_assert (pending.transfer.first_piece + pending.transfer.n_pieces <= trace->n_pieces);
          pending.offset = carried->len;
          for (guint p = 0; p < pending.transfer.n_pieces; p++)
            {
              guint64 mask = trace->held[(gsize) from * trace->n_pieces
                                         + pending.transfer.first_piece + p];

              g_array_append_val (carried, mask);
            }
          trace->pieces_sent[from] += pending.transfer.n_pieces;
          g_array_append_val (trace->pending, pending);
        }
    }

  for (guint i = 0; i < trace->pending->len; i++)
    {
      const Pending *pending = &g_array_index (trace->pending, Pending, i);
      const RingTransfer *t = &pending->transfer;

      for (guint p = 0; p < t->n_pieces; p++)
        {
          guint64 mask = g_array_index (carried, guint64, pending->offset + p);
          guint64 *slot = &trace->held[(gsize) t->to * trace->n_pieces + t->first_piece + p];

          if (t->op == RING_TRANSFER_COPY)
            {
              *slot = mask;
            }
          else
            {
              if ((*slot & mask) != 0)
                trace->violations++;
              *slot |= mask;
            }
        }
    }
}

gboolean
ring_schedule_trace_advance (RingScheduleTrace *trace)
{
  g_return_val_if_fail (trace != NULL, FALSE);

  if (trace->completed >= trace->schedule->n_steps)
    return FALSE;

  /* GPUs send from what they held before the step; a switch then forwards what reached
   * it in the same step. */
  play_sends (trace, trace->completed, FALSE);
  play_sends (trace, trace->completed, TRUE);
  trace->completed++;

  return TRUE;
}

guint
ring_schedule_trace_get_completed (const RingScheduleTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);

  return trace->completed;
}

guint64
ring_schedule_trace_get_held (const RingScheduleTrace *trace,
                              guint                    endpoint,
                              guint                    piece)
{
  g_return_val_if_fail (trace != NULL, 0);
  g_return_val_if_fail (endpoint < trace->n_endpoints && piece < trace->n_pieces, 0);

  return trace->held[(gsize) endpoint * trace->n_pieces + piece];
}

guint
ring_schedule_trace_get_violations (const RingScheduleTrace *trace)
{
  g_return_val_if_fail (trace != NULL, 0);

  return trace->violations;
}

guint64
ring_schedule_trace_get_pieces_sent (const RingScheduleTrace *trace,
                                     guint                    endpoint)
{
  g_return_val_if_fail (trace != NULL, 0);
  g_return_val_if_fail (endpoint < trace->n_endpoints, 0);

  return trace->pieces_sent[endpoint];
}
