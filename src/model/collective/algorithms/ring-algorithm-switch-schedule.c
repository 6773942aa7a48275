/* ring-algorithm-switch-schedule.c: the schedules that reduce inside switches (NVLS,
 * NVLS-tree, CollNet), pipelined in chunks.
 *
 * The buffer is C chunks of G shards (G GPUs per node): piece c·G + j is shard j of chunk
 * c. In each node shard j belongs to one GPU, its owner (GPU j mod g of a node of g). A
 * chunk passes the stages one step after another, and chunk c + 1 follows one step
 * behind chunk c, so once the pipeline is full every stage works in every step.
 *
 * - NVLS (NVLink SHARP): every GPU sends the chunk to its node's NVSwitch, which adds it
 *   up and hands each owner the sum of its shard (multimem.ld_reduce); the owner then
 *   stores the shard through the switch, which copies it to every GPU (multimem.st).
 *   Across nodes (InfiniBand SHARP) the owners first add their node's sums in the network
 *   switch, which returns the total.
 * - NVLS-tree: the same in the node; across nodes the owners of a shard add their
 *   node's sums up a binary tree of nodes and pass the total down, half the shards on
 *   each tree of NCCL's double binary tree.
 * - CollNet (Direct): every GPU sends each shard to its owner in the node, which adds
 *   them; the owners add across nodes in the network switch (SHARP), which returns the
 *   sum; each owner sends it to every GPU of its node.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ring-algorithm-private.h"

typedef enum
{
  STAGE_SWITCH_REDUCE,    /* GPUs → NVSwitch (adds) → owners */
  STAGE_MULTICAST,        /* owners → NVSwitch → every GPU of the node */
  STAGE_NET_SWITCH,       /* owners → network switch (adds) → owners */
  STAGE_TREE_UP,          /* owners → parent node's owners, by level */
  STAGE_TREE_DOWN,        /* owners → child nodes' owners, by level */
  STAGE_SCATTER,          /* every GPU → owners in the node (adds) */
  STAGE_GATHER,           /* owners → every GPU of the node */
} StageKind;

#define STAGE(kind, level) ((kind) | ((level) << 8))
#define STAGE_KIND(stage)  ((StageKind) ((stage) & 0xff))
#define STAGE_LEVEL(stage) ((stage) >> 8)

/* Owners */

static guint
owned_count (const RingSchedule *schedule,
             guint               local,
             guint               size)
{
  return (schedule->gpus_per_node - local + size - 1) / size;
}

static guint
owner_of (const RingSchedule *schedule,
          guint               node,
          guint               shard)
{
  return ring_schedule_get_node_first (schedule, node)
         + shard % ring_schedule_get_node_size (schedule, node);
}

static void
locate (const RingSchedule *schedule,
        guint               gpu,
        guint              *node,
        guint              *local,
        guint              *size)
{
  *node = gpu / schedule->gpus_per_node;
  *local = gpu - ring_schedule_get_node_first (schedule, *node);
  *size = ring_schedule_get_node_size (schedule, *node);
}

/* The trees of nodes (NVLS-tree): shard j goes up tree j mod 2. */

static guint
build_node_trees (RingSchedule *schedule)
{
  guint nodes = schedule->n_nodes, levels[2];

  _ring_schedule_build_node_table (schedule, levels);
  for (guint tree = 0; tree < 2; tree++)
    {
      guint height_field = tree == 0 ? NODE_HEIGHT_0 : NODE_HEIGHT_1;
      guint depth_field = tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1;
      guint parent_field = tree == 0 ? NODE_PARENT_0 : NODE_PARENT_1;

      /* Heights from the deepest nodes up: each raises its parent's. */
      for (guint depth = levels[tree]; depth > 0; depth--)
        for (guint node = 0; node < nodes; node++)
          if (NODE (schedule, node, depth_field) == depth)
            {
              guint parent = NODE (schedule, node, parent_field);

              NODE (schedule, parent, height_field) =
                MAX (NODE (schedule, parent, height_field),
                     NODE (schedule, node, height_field) + 1);
            }
    }

  return MAX (levels[0], levels[1]);
}

/* The stages and phases */

static void
add_stage (RingSchedule *schedule,
           guint         stage)
{
  g_assert (schedule->n_stages < RING_SCHEDULE_MAX_STAGES);

  schedule->stages[schedule->n_stages++] = stage;
}

/* A pipeline of m stages over C chunks takes C + m − 1 steps: m − 1 filling, C − m + 1
 * with every stage at work (none if C < m), m − 1 draining. The phases say so. */
static void
add_pipeline_phases (RingSchedule *schedule,
                     const char   *filling,
                     const char   *filling_description,
                     const char   *filling_outcome,
                     const char   *full,
                     const char   *full_description,
                     const char   *full_outcome,
                     const char   *draining,
                     const char   *draining_description,
                     const char   *draining_outcome)
{
  guint chunks = schedule->chunks;
  guint m = schedule->n_stages;
  guint total = chunks + m - 1;
  guint fill = MIN (m - 1, total / 2);
  guint drain = MIN (m - 1, total - fill);

  if (chunks == 1)
    {
      /* One chunk: each stage is a step of its own. */
      fill = total / 2;
      drain = total - fill;
    }

  _ring_schedule_add_phase (schedule, filling, filling_description, filling_outcome, fill);
  _ring_schedule_add_phase (schedule, full, full_description, full_outcome,
                            total - fill - drain);
  _ring_schedule_add_phase (schedule, draining, draining_description, draining_outcome, drain);
}

static void
init_common (RingSchedule *schedule,
             gboolean      nvswitches,
             gboolean      net_switch)
{
  schedule->chunks = _ring_schedule_chunks (schedule->bytes);
  schedule->n_pieces = schedule->chunks * schedule->gpus_per_node;
  schedule->n_nvswitches = nvswitches ? schedule->n_nodes : 0;
  schedule->net_switch = net_switch;
}

static void
nvls_schedule_init (RingSchedule *schedule)
{
  gboolean across = schedule->n_nodes > 1;

  init_common (schedule, TRUE, across);
  add_stage (schedule, STAGE (STAGE_SWITCH_REDUCE, 0));
  if (across)
    add_stage (schedule, STAGE (STAGE_NET_SWITCH, 0));
  add_stage (schedule, STAGE (STAGE_MULTICAST, 0));

  add_pipeline_phases (schedule,
                       N_("Reduce in the switch"),
                       N_("Every GPU sends its chunk into the NVSwitch, which adds them up and "
                          "hands each GPU the sum of its shard"),
                       N_("The switch does the adding: each GPU sends its data into the "
                          "switch once and reads the sum once, however many GPUs there are."),
                       N_("Reduce and multicast, pipelined"),
                       N_("The switch sums the next chunk while each GPU stores the last "
                          "sum through it, to every GPU at once"),
                       N_("Every stage is busy: the switch reduces one chunk while it "
                          "multicasts the one before."),
                       N_("Multicast the sum"),
                       N_("Each GPU stores its shard of the sum through the switch, which "
                          "copies it to every GPU"),
                       N_("When the last chunk’s sum is stored every GPU holds the whole "
                          "reduced gradient."));
}

static void
nvls_tree_schedule_init (RingSchedule *schedule)
{
  guint levels;

  init_common (schedule, TRUE, FALSE);
  levels = build_node_trees (schedule);
  schedule->depth = levels;
  schedule->n_lanes = 2;
  add_stage (schedule, STAGE (STAGE_SWITCH_REDUCE, 0));
  for (guint level = 0; level < levels; level++)
    add_stage (schedule, STAGE (STAGE_TREE_UP, level));
  for (guint level = 0; level < levels; level++)
    add_stage (schedule, STAGE (STAGE_TREE_DOWN, level));
  add_stage (schedule, STAGE (STAGE_MULTICAST, 0));

  add_pipeline_phases (schedule,
                       N_("Reduce in each node’s switch"),
                       N_("Each node’s NVSwitch adds its GPUs’ chunks; each GPU then sends its "
                          "shard of the node’s sum up a tree of nodes"),
                       N_("Inside a node the switch adds; only the node’s sum goes onto the "
                          "network."),
                       N_("Switch, trees and multicast, pipelined"),
                       N_("Node sums go up two trees of nodes and the totals come down, "
                          "while the switches start on the next chunks"),
                       N_("Every stage is busy: switches, trees and multicast each work on a "
                          "different chunk."),
                       N_("Down the trees and multicast"),
                       N_("The totals come down the trees; each GPU stores its shard "
                          "through the switch, which copies it to every GPU"),
                       N_("When the last total is stored every GPU holds the whole reduced "
                          "gradient."));
}

static void
collnet_schedule_init (RingSchedule *schedule)
{
  init_common (schedule, FALSE, TRUE);
  add_stage (schedule, STAGE (STAGE_SCATTER, 0));
  add_stage (schedule, STAGE (STAGE_NET_SWITCH, 0));
  add_stage (schedule, STAGE (STAGE_GATHER, 0));

  add_pipeline_phases (schedule,
                       N_("Reduce-scatter in each node"),
                       N_("Every GPU sends each shard straight to the GPU that owns it, which "
                          "adds them"),
                       N_("Each GPU now owns one shard of its node’s sum: only that shard "
                          "goes onto the network."),
                       N_("Sum in the network switch, pipelined"),
                       N_("The owners send their node’s sums into the network switch, which "
                          "adds every node’s and returns the total"),
                       N_("The network switch adds in flight (SHARP), so each node’s data "
                          "crosses the network once up and once down."),
                       N_("All-gather in each node"),
                       N_("Each owner sends the total of its shard to every GPU of its node"),
                       N_("When every owner has sent its total, every GPU holds the whole "
                          "reduced gradient."));
}

/* The sends of one stage */

/* How many sends @from makes in @stage for a chunk, and the @index-th of them. */
static guint
stage_sends (const RingSchedule *schedule,
             guint               stage,
             guint               chunk,
             guint               from,
             guint               index,
             RingTransfer       *transfer)
{
  guint g = schedule->gpus_per_node;
  guint base = chunk * g;
  guint node, local, size, n = 0;

  if (from >= schedule->n_gpus)
    {
      RingEndpointKind kind = ring_schedule_get_endpoint_kind (schedule, from);

      if (kind == RING_ENDPOINT_NVSWITCH)
        {
          node = ring_schedule_get_node (schedule, from);
          size = ring_schedule_get_node_size (schedule, node);
          /* Reduce: the sum of shard j to its owner; multicast: all shards to every GPU. */
          if (STAGE_KIND (stage) == STAGE_SWITCH_REDUCE)
            n = g;
          else if (STAGE_KIND (stage) == STAGE_MULTICAST)
            n = size;
          if (transfer != NULL && index < n)
            {
              if (STAGE_KIND (stage) == STAGE_SWITCH_REDUCE)
                {
                  transfer->to = owner_of (schedule, node, index);
                  transfer->first_piece = base + index;
                  transfer->n_pieces = 1;
                }
              else
                {
                  transfer->to = ring_schedule_get_node_first (schedule, node) + index;
                  transfer->first_piece = base;
                  transfer->n_pieces = g;
                }
              transfer->op = RING_TRANSFER_COPY;
            }
          return n;
        }

      /* The network switch returns each shard's total to its owner in every node. */
      if (STAGE_KIND (stage) != STAGE_NET_SWITCH)
        return 0;
      n = schedule->n_nodes * g;
      if (transfer != NULL && index < n)
        {
          transfer->to = owner_of (schedule, index / g, index % g);
          transfer->first_piece = base + index % g;
          transfer->n_pieces = 1;
          transfer->op = RING_TRANSFER_COPY;
        }
      return n;
    }

  locate (schedule, from, &node, &local, &size);
  switch (STAGE_KIND (stage))
    {
    case STAGE_SWITCH_REDUCE:
      n = 1;
      if (transfer != NULL)
        {
          transfer->to = ring_schedule_get_nvswitch (schedule, node);
          transfer->first_piece = base;
          transfer->n_pieces = g;
          transfer->op = RING_TRANSFER_REDUCE;
        }
      return n;

    case STAGE_MULTICAST:
    case STAGE_NET_SWITCH:
      n = owned_count (schedule, local, size);
      if (transfer != NULL && index < n)
        {
          gboolean net = STAGE_KIND (stage) == STAGE_NET_SWITCH;

          transfer->to = net ? ring_schedule_get_net_switch (schedule)
                             : ring_schedule_get_nvswitch (schedule, node);
          transfer->first_piece = base + local + index * size;
          transfer->n_pieces = 1;
          transfer->op = net ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
        }
      return n;

    case STAGE_SCATTER:
      /* Every shard the GPU does not own, to its owner. */
      n = g - owned_count (schedule, local, size);
      if (transfer != NULL && index < n)
        {
          guint shard = 0;

          for (guint seen = 0;; shard++)
            if (shard % size != local && seen++ == index)
              break;
          transfer->to = owner_of (schedule, node, shard);
          transfer->first_piece = base + shard;
          transfer->n_pieces = 1;
          transfer->op = RING_TRANSFER_REDUCE;
        }
      return n;

    case STAGE_GATHER:
      /* Each owned shard to every other GPU of the node. */
      n = owned_count (schedule, local, size) * (size - 1);
      if (transfer != NULL && index < n)
        {
          guint shard = local + (index / (size - 1)) * size;
          guint other = index % (size - 1);

          transfer->to = ring_schedule_get_node_first (schedule, node)
                         + (other >= local ? other + 1 : other);
          transfer->first_piece = base + shard;
          transfer->n_pieces = 1;
          transfer->op = RING_TRANSFER_COPY;
        }
      return n;

    case STAGE_TREE_UP:
    case STAGE_TREE_DOWN:
    default:
      {
        guint level = STAGE_LEVEL (stage);
        gboolean up = STAGE_KIND (stage) == STAGE_TREE_UP;

        /* The owned shards whose tree puts this node at @level, times the receivers. */
        for (guint i = 0; i < owned_count (schedule, local, size); i++)
          {
            guint shard = local + i * size;
            guint tree = shard % 2;
            guint children[2];
            guint parent = NODE (schedule, node, tree == 0 ? NODE_PARENT_0 : NODE_PARENT_1);
            guint at = NODE (schedule, node, up ? (tree == 0 ? NODE_HEIGHT_0 : NODE_HEIGHT_1)
                                                : (tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1));
            guint receivers;

            if (at != level || (up && parent == G_MAXUINT))
              continue;
            receivers = up ? 1 : _ring_schedule_node_children (schedule, node, tree, children);
            if (up)
              children[0] = parent;
            if (transfer != NULL && index >= n && index < n + receivers)
              {
                transfer->to = owner_of (schedule, children[index - n], shard);
                transfer->first_piece = base + shard;
                transfer->n_pieces = 1;
                transfer->op = up ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
                transfer->lane = tree;
              }
            n += receivers;
          }
        return n;
      }
    }
}

/* Stage s works on chunk step − s. */
static guint
switch_schedule_n_sends (const RingSchedule *schedule,
                         guint               step,
                         guint               from)
{
  guint total = 0;

  for (guint s = 0; s < schedule->n_stages; s++)
    if (step >= s && step - s < schedule->chunks)
      total += stage_sends (schedule, schedule->stages[s], step - s, from, 0, NULL);

  return total;
}

static void
switch_schedule_send (const RingSchedule *schedule,
                      guint               step,
                      guint               from,
                      guint               index,
                      RingTransfer       *transfer)
{
  for (guint s = 0; s < schedule->n_stages; s++)
    {
      guint n;

      if (step < s || step - s >= schedule->chunks)
        continue;
      n = stage_sends (schedule, schedule->stages[s], step - s, from, 0, NULL);
      if (index < n)
        {
          stage_sends (schedule, schedule->stages[s], step - s, from, index, transfer);
          return;
        }
      index -= n;
    }

  g_assert_not_reached ();
}

/* The closed form: every link's load, in pieces, from the stages at work. */

typedef struct
{
  guint to_switch;      /* a GPU's link into its NVSwitch */
  guint from_switch;    /* the NVSwitch's link into a GPU */
  guint intra;          /* a GPU's links to the other GPUs of its node */
  guint nics;           /* a node's NICs, out */
  guint into_node;      /* the network switch's links into a node */
} Loads;

static gboolean
stage_busy (const RingSchedule *schedule,
            guint               step,
            guint               stage)
{
  return step >= stage && step - stage < schedule->chunks;
}

/* The tree stages' load on one node's NICs in @step. */
static guint
tree_nic_load (const RingSchedule *schedule,
               guint               step,
               guint               node)
{
  guint g = schedule->gpus_per_node;
  guint levels = schedule->depth;
  guint load = 0;

  for (guint tree = 0; tree < 2; tree++)
    {
      guint shards = tree == 0 ? (g + 1) / 2 : g / 2;
      guint children = NODE (schedule, node, tree == 0 ? NODE_CHILDREN_0 : NODE_CHILDREN_1);
      guint height = NODE (schedule, node, tree == 0 ? NODE_HEIGHT_0 : NODE_HEIGHT_1);
      guint depth = NODE (schedule, node, tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1);
      gboolean root = NODE (schedule, node, tree == 0 ? NODE_PARENT_0 : NODE_PARENT_1)
                      == G_MAXUINT;

      /* Stage 0 reduces in the switch; up levels are 1 … L, down levels L + 1 … 2L. */
      if (!root && height < levels && stage_busy (schedule, step, 1 + height))
        load += shards;
      if (depth < levels && stage_busy (schedule, step, 1 + levels + depth))
        load += shards * children;
    }

  return load;
}

static void
node_loads (const RingSchedule *schedule,
            guint               step,
            guint               size,
            Loads              *loads)
{
  guint g = schedule->gpus_per_node;

  for (guint s = 0; s < schedule->n_stages; s++)
    {
      if (!stage_busy (schedule, step, s))
        continue;
      switch (STAGE_KIND (schedule->stages[s]))
        {
        case STAGE_SWITCH_REDUCE:
          loads->to_switch += g;
          loads->from_switch += owned_count (schedule, 0, size);
          break;
        case STAGE_MULTICAST:
          loads->to_switch += owned_count (schedule, 0, size);
          loads->from_switch += g;
          break;
        case STAGE_NET_SWITCH:
          loads->nics += g;
          loads->into_node += g;
          break;
        case STAGE_SCATTER:
        case STAGE_GATHER:
        case STAGE_TREE_UP:
        case STAGE_TREE_DOWN:
        default:
          break;
        }
    }

  /* CollNet's direct scatter and gather share each GPU's links; the GPU that owns the
   * most shards sends the most in the gather and the least in the scatter. */
  for (guint local = 0; local < size; local++)
    {
      guint load = 0, owned = owned_count (schedule, local, size);

      for (guint s = 0; s < schedule->n_stages; s++)
        {
          if (!stage_busy (schedule, step, s))
            continue;
          if (STAGE_KIND (schedule->stages[s]) == STAGE_SCATTER)
            load += g - owned;
          else if (STAGE_KIND (schedule->stages[s]) == STAGE_GATHER)
            load += owned * (size - 1);
        }
      loads->intra = MAX (loads->intra, load);
    }
}

static double
switch_schedule_step_time (const RingSchedule *schedule,
                           guint               step,
                           const double       *rates_Bps,
                           const double       *alpha_s,
                           double              bytes)
{
  double piece = bytes / schedule->n_pieces;
  guint last = schedule->n_nodes - 1;
  guint sizes[2] = { schedule->gpus_per_node, ring_schedule_get_node_size (schedule, last) };
  Loads loads = { 0 };
  double step_s = 0;
  const struct {
    guint        *load;
    RingLinkKind  link;
  } links[] = {
    { &loads.to_switch, RING_LINK_SWITCH },
    { &loads.from_switch, RING_LINK_SWITCH },
    { &loads.intra, RING_LINK_INTRA },
    { &loads.nics, RING_LINK_NET_SWITCH },
    { &loads.into_node, RING_LINK_NET_SWITCH },
  };

  for (guint i = 0; i < (sizes[1] == sizes[0] ? 1u : 2u); i++)
    {
      Loads node = { 0 };

      node_loads (schedule, step, sizes[i], &node);
      loads.to_switch = MAX (loads.to_switch, node.to_switch);
      loads.from_switch = MAX (loads.from_switch, node.from_switch);
      loads.intra = MAX (loads.intra, node.intra);
      loads.nics = MAX (loads.nics, node.nics);
      loads.into_node = MAX (loads.into_node, node.into_node);
    }

  for (guint i = 0; i < G_N_ELEMENTS (links); i++)
    if (*links[i].load > 0)
      step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, links[i].link,
                                                  *links[i].load * piece));

  /* The trees of nodes: their NICs carry the shards going up and coming down. */
  if (schedule->table != NULL)
    {
      guint busiest = 0;

      for (guint node = 0; node < schedule->n_nodes; node++)
        busiest = MAX (busiest, tree_nic_load (schedule, step, node));
      if (busiest > 0)
        step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK,
                                                    busiest * piece));
    }

  return step_s;
}

const RingScheduleFuncs _ring_schedule_nvls = {
  nvls_schedule_init, switch_schedule_n_sends, switch_schedule_send,
  switch_schedule_step_time,
};

const RingScheduleFuncs _ring_schedule_nvls_tree = {
  nvls_tree_schedule_init, switch_schedule_n_sends, switch_schedule_send,
  switch_schedule_step_time,
};

const RingScheduleFuncs _ring_schedule_collnet = {
  collnet_schedule_init, switch_schedule_n_sends, switch_schedule_send,
  switch_schedule_step_time,
};
