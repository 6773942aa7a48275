/* ring-algorithm-hierarchical.c: reduce-scatter in the node, all-reduce across nodes,
 * all-gather in the node (the two-level ring of Horovod's hierarchical all-reduce and
 * of Jia et al. 2018, "Highly scalable deep learning training system with mixed-precision").
 *
 * Inside the node a ring over G GPUs leaves each GPU 1/G of the buffer reduced; the G
 * GPUs of a node then run G rings across the nodes at once, one per shard, through the
 * node's NICs; a last ring in the node gathers. α is the latency parameter per hop,
 * α + the network latency per hop between nodes; rates are the links' as NCCL counts them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"
#include "ring-schedule.h"

static void
hierarchical_cost (const RingTopology *topology,
                   RingProtocol        protocol,
                   double              bytes,
                   RingAllreduceCost  *cost)
{
  double g = topology->ranks_per_node;
  double nodes = topology->nodes;
  double alpha_s = topology->latency_us * 1e-6;
  double net_alpha_s = alpha_s + topology->net_latency_us * 1e-6;
  double link = topology->link_gbps * RING_GPU_EFFICIENCY * 1e9;
  double latency_s = 2 * (g - 1) * alpha_s;
  double bandwidth_s = 2 * (g - 1) / g * bytes / link;
  double inter_bytes = 0;

  if (nodes > 1)
    {
      /* A node's G shard-rings carry 2 (nodes−1)/nodes of the buffer through its NICs. */
      inter_bytes = 2 * (nodes - 1) / nodes * bytes;
      latency_s += 2 * (nodes - 1) * net_alpha_s;
      bandwidth_s += inter_bytes / (topology->network_gbps * 1e9);
    }

  cost->channels = 1;
  _ring_cost_finish (topology, bytes, latency_s, bandwidth_s,
                     2 * (g - 1) / g * bytes + inter_bytes / g, cost);
}

/* The schedule. The buffer is G shards (G GPUs per node), each cut into one piece per
 * node: piece s · nodes + j is part j of shard s. A node of g GPUs splits the G shards into
 * g contiguous groups (one shard each in a full node) and runs a ring reduce-scatter over
 * them, after which GPU r of the node holds group (r + 1) mod g summed over the node; for
 * every shard, a ring through its holders in each node then all-reduces it across the
 * nodes (G rings at once through each node's NICs); a ring all-gather in the node ends. */

/* The first shard of group @group when @size GPUs share the node's G shards. */
static guint
group_first (const RingSchedule *schedule,
             guint               group,
             guint               size)
{
  return group * schedule->gpus_per_node / size;
}

/* The group of shard @shard in a node of @size GPUs: ⌈(s + 1) g / G⌉ − 1. */
static guint
group_of_shard (const RingSchedule *schedule,
                guint               shard,
                guint               size)
{
  guint g = schedule->gpus_per_node;

  return ((shard + 1) * size + g - 1) / g - 1;
}

static void
hierarchical_schedule_init (RingSchedule *schedule)
{
  guint g = schedule->gpus_per_node;
  guint nodes = schedule->n_nodes;

  schedule->n_pieces = g * nodes;
  _ring_schedule_add_phase (schedule, N_("Reduce-scatter in each node"),
                            N_("Inside each node a ring sums the node’s gradients: "
                               "each GPU ends with one summed shard"),
                            N_("Each GPU now holds its node’s sum of one shard. The fast links "
                               "inside the node did this part."),
                            g - 1);
  _ring_schedule_add_phase (schedule, N_("All-reduce across nodes"),
                            N_("The GPUs holding the same shard in every node run a ring "
                               "across the nodes, all shards at once"),
                            N_("Each GPU now holds its shard summed over every node. Only one "
                               "shard per GPU crossed the slower network."),
                            2 * (nodes - 1));
  _ring_schedule_add_phase (schedule, N_("All-gather in each node"),
                            N_("Inside each node a ring hands every GPU the shards it lacks"),
                            N_("Every GPU now holds the whole reduced gradient."),
                            g - 1);
}

typedef enum
{
  STAGE_REDUCE_SCATTER,
  STAGE_ACROSS,
  STAGE_ALL_GATHER,
} Stage;

static Stage
stage_of (const RingSchedule *schedule,
          guint               step,
          guint              *stage_step)
{
  guint g = schedule->gpus_per_node;
  guint across = 2 * (schedule->n_nodes - 1);

  if (step < g - 1)
    {
      *stage_step = step;
      return STAGE_REDUCE_SCATTER;
    }
  if (step < g - 1 + across)
    {
      *stage_step = step - (g - 1);
      return STAGE_ACROSS;
    }
  *stage_step = step - (g - 1) - across;

  return STAGE_ALL_GATHER;
}

/* The shards GPU @gpu holds summed over its node after the reduce-scatter. */
static void
held_shards (const RingSchedule *schedule,
             guint               gpu,
             guint              *first,
             guint              *end)
{
  guint node = gpu / schedule->gpus_per_node;
  guint size = ring_schedule_get_node_size (schedule, node);
  guint local = gpu - ring_schedule_get_node_first (schedule, node);
  guint group = (local + 1) % size;

  *first = group_first (schedule, group, size);
  *end = group_first (schedule, group + 1, size);
}

static guint
hierarchical_schedule_n_sends (const RingSchedule *schedule,
                               guint               step,
                               guint               from)
{
  guint node, size, stage_step, first, end;

  if (from >= schedule->n_gpus)
    return 0;

  node = from / schedule->gpus_per_node;
  size = ring_schedule_get_node_size (schedule, node);
  switch (stage_of (schedule, step, &stage_step))
    {
    case STAGE_ACROSS:
      held_shards (schedule, from, &first, &end);
      return end - first;
    case STAGE_REDUCE_SCATTER:
    case STAGE_ALL_GATHER:
    default:
      /* A smaller node finishes its ring sooner. */
      return stage_step + 1 < size ? 1 : 0;
    }
}

static void
hierarchical_schedule_send (const RingSchedule *schedule,
                            guint               step,
                            guint               from,
                            guint               index,
                            RingTransfer       *transfer)
{
  guint nodes = schedule->n_nodes;
  guint node = from / schedule->gpus_per_node;
  guint node_first = ring_schedule_get_node_first (schedule, node);
  guint size = ring_schedule_get_node_size (schedule, node);
  guint local = from - node_first;
  guint stage_step, group, first, end;
  Stage stage = stage_of (schedule, step, &stage_step);

  if (stage == STAGE_ACROSS)
    {
      guint shard, next, next_size;

      held_shards (schedule, from, &first, &end);
      shard = first + index;
      next = (node + 1) % nodes;
      next_size = ring_schedule_get_node_size (schedule, next);
      /* The GPU of the next node that holds the shard: its group's predecessor. */
      transfer->to = ring_schedule_get_node_first (schedule, next)
                     + (group_of_shard (schedule, shard, next_size) + next_size - 1) % next_size;
      transfer->first_piece = shard * nodes + ring_schedule_send_chunk (nodes, stage_step, node);
      transfer->n_pieces = 1;
      transfer->op = stage_step < nodes - 1 ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
      return;
    }

  /* The rings inside the node, over its groups of shards, as the ring's chunks. */
  if (stage == STAGE_REDUCE_SCATTER)
    group = (local + size - stage_step % size) % size;
  else
    group = (local + 1 + size - stage_step % size) % size;
  first = group_first (schedule, group, size);
  end = group_first (schedule, group + 1, size);
  transfer->to = node_first + (local + 1) % size;
  transfer->first_piece = first * nodes;
  transfer->n_pieces = (end - first) * nodes;
  transfer->op = stage == STAGE_REDUCE_SCATTER ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
}

/* Inside the nodes each GPU sends one group a step: one shard of S/G in a full node,
 * ⌈G/g⌉ in a last node of g GPUs while its ring lasts. Across the nodes each node's NICs
 * carry one part of every shard, S/nodes, shared by its GPUs. */
static double
hierarchical_schedule_step_time (const RingSchedule *schedule,
                                 guint               step,
                                 const double       *rates_Bps,
                                 const double       *alpha_s,
                                 double              bytes)
{
  guint g = schedule->gpus_per_node;
  guint last_size = ring_schedule_get_node_size (schedule, schedule->n_nodes - 1);
  guint stage_step, shards = 0;
  Stage stage = stage_of (schedule, step, &stage_step);

  if (stage == STAGE_ACROSS)
    return _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK,
                                 bytes / schedule->n_nodes);

  if (schedule->n_nodes > 1 || last_size == g)
    shards = 1;
  if (stage_step + 1 < last_size)
    shards = MAX (shards, (g + last_size - 1) / last_size);

  return _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_INTRA, shards * bytes / g);
}

static const RingScheduleFuncs hierarchical_schedule = {
  hierarchical_schedule_init, hierarchical_schedule_n_sends, hierarchical_schedule_send,
  hierarchical_schedule_step_time,
};

/* As the cost: each GPU's links, the NICs together, α per hop plus the network's. */
void
_ring_textbook_link_rates (const RingTopology *topology,
                           double             *rates_Bps,
                           double             *alpha_s)
{
  double alpha = topology->latency_us * 1e-6;

  rates_Bps[RING_LINK_INTRA] = topology->link_gbps * RING_GPU_EFFICIENCY * 1e9;
  rates_Bps[RING_LINK_NETWORK] = topology->network_gbps * 1e9;
  rates_Bps[RING_LINK_SWITCH] = rates_Bps[RING_LINK_INTRA];
  rates_Bps[RING_LINK_NET_SWITCH] = rates_Bps[RING_LINK_NETWORK];
  alpha_s[RING_LINK_INTRA] = alpha;
  alpha_s[RING_LINK_NETWORK] = alpha + topology->net_latency_us * 1e-6;
  alpha_s[RING_LINK_SWITCH] = alpha;
  alpha_s[RING_LINK_NET_SWITCH] = alpha_s[RING_LINK_NETWORK];
}

const RingAlgorithmInfo _ring_algorithm_hierarchical = {
  .algorithm = RING_ALGORITHM_HIERARCHICAL,
  .name = "hierarchical",
  .title = N_("Hierarchical (ring in node, ring across nodes)"),
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = _ring_network_can_run,
  .cost = hierarchical_cost,
  .schedule = &hierarchical_schedule,
  .link_rates = _ring_textbook_link_rates,
  .uses_hop_latency = TRUE,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("Hierarchical"),
  .picture = RING_PICTURE_SCHEDULE,
  .color_rgb = 0x986a44,
  .color_rgb_dark = 0xff7800,
  .dash = RING_DASH_SHORT,
};
