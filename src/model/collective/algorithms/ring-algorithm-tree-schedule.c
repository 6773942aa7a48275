/* ring-algorithm-tree-schedule.c: the double binary tree's schedule, pipelined in chunks.
 *
 * NCCL's tree all-reduce (Sanders, Speck and Träff 2009; NCCL 2.4): inside each node the
 * GPUs form a chain; across nodes two binary trees, each carrying half the buffer, in which
 * a node that is inner in one is a leaf in the other (graph/trees.cc). Tree 0 enters a
 * node at its first GPU and runs down the chain 0 → 1 → …; tree 1 enters at its last GPU
 * and runs the chain the other way, so the two halves use opposite directions of every
 * link. Each half is cut into C chunks that follow one another up the tree (each GPU adds
 * what its children sent and passes the sum on) and then down (each GPU stores the sum
 * and passes it on). NCCL turns each chunk round at the root at once; here the broadcast
 * starts once the reduce is over, so the two phases can be told apart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ring-algorithm-private.h"

/* A kind of node for the closed form: nodes alike in all of these load their links alike. */
enum
{
  GROUP_SIZE,
  GROUP_HEIGHT_0,
  GROUP_DEPTH_0,
  GROUP_HEIGHT_1,
  GROUP_DEPTH_1,
  GROUP_ROOT_0,
  GROUP_ROOT_1,
  GROUP_CHILDREN_0,
  GROUP_CHILDREN_1,
  GROUP_STRIDE,
};

/* Heights grow from the leaves: visit nodes deepest first, bucketed by depth. */
static void
compute_heights (RingSchedule *schedule,
                 guint         tree)
{
  guint nodes = schedule->n_nodes;
  guint depth_field = tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1;
  guint height_field = tree == 0 ? NODE_HEIGHT_0 : NODE_HEIGHT_1;
  guint max_depth = 0;
  g_autofree guint *order = g_new (guint, nodes);
  g_autofree guint *start = NULL;

  for (guint node = 0; node < nodes; node++)
    max_depth = MAX (max_depth, NODE (schedule, node, depth_field));

  /* Counting sort by depth. */
  start = g_new0 (guint, max_depth + 2);
  for (guint node = 0; node < nodes; node++)
    start[NODE (schedule, node, depth_field) + 1]++;
  for (guint d = 0; d <= max_depth; d++)
    start[d + 1] += start[d];
  for (guint node = 0; node < nodes; node++)
    order[start[NODE (schedule, node, depth_field)]++] = node;

  for (guint i = nodes; i-- > 0;)
    {
      guint node = order[i];
      guint children[2];
      guint n = _ring_schedule_node_children (schedule, node, tree, children);
      guint height = ring_schedule_get_node_size (schedule, node) - 1;

      for (guint c = 0; c < n; c++)
        height = MAX (height, 1 + NODE (schedule, children[c], height_field));
      NODE (schedule, node, height_field) = height;
    }
}

static void
build_nodes (RingSchedule *schedule)
{
  _ring_schedule_build_node_table (schedule, NULL);
  for (guint tree = 0; tree < 2; tree++)
    compute_heights (schedule, tree);
}

static void
build_groups (RingSchedule *schedule)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_bytes_hash, g_bytes_equal,
                                                      (GDestroyNotify) g_bytes_unref, NULL);
  g_autoptr(GArray) groups = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint node = 0; node < schedule->n_nodes; node++)
    {
      guint children[2];
      guint group[GROUP_STRIDE] = {
        ring_schedule_get_node_size (schedule, node),
        NODE (schedule, node, NODE_HEIGHT_0), NODE (schedule, node, NODE_DEPTH_0),
        NODE (schedule, node, NODE_HEIGHT_1), NODE (schedule, node, NODE_DEPTH_1),
        NODE (schedule, node, NODE_PARENT_0) == G_MAXUINT,
        NODE (schedule, node, NODE_PARENT_1) == G_MAXUINT,
        _ring_schedule_node_children (schedule, node, 0, children),
        _ring_schedule_node_children (schedule, node, 1, children),
      };
      GBytes *key = g_bytes_new (group, sizeof group);

      if (g_hash_table_add (seen, key))
        g_array_append_vals (groups, group, GROUP_STRIDE);
    }

  schedule->group_stride = GROUP_STRIDE;
  schedule->n_groups = groups->len / GROUP_STRIDE;
  schedule->groups = (guint *) (void *) g_array_free (g_steal_pointer (&groups), FALSE);
}

/* A GPU's place in tree @tree, from its node's and its position in the chain. */
typedef struct
{
  guint height;
  guint depth;
  guint parent;          /* G_MAXUINT at the root */
  guint chain_child;     /* G_MAXUINT at the end of the chain */
  gboolean head;         /* the GPU through which the tree enters the node */
} Place;

static void
place_in_tree (const RingSchedule *schedule,
               guint               gpu,
               guint               tree,
               Place              *place)
{
  guint node = gpu / schedule->gpus_per_node;
  guint first = ring_schedule_get_node_first (schedule, node);
  guint size = ring_schedule_get_node_size (schedule, node);
  /* Position along the tree's chain: 0 at the head. */
  guint position = tree == 0 ? gpu - first : first + size - 1 - gpu;
  guint parent_node = NODE (schedule, node, tree == 0 ? NODE_PARENT_0 : NODE_PARENT_1);

  place->head = position == 0;
  place->depth = NODE (schedule, node, tree == 0 ? NODE_DEPTH_0 : NODE_DEPTH_1) + position;
  place->height = position == 0 ? NODE (schedule, node, tree == 0 ? NODE_HEIGHT_0
                                                                  : NODE_HEIGHT_1)
                                : size - 1 - position;
  place->chain_child = position + 1 < size ? (tree == 0 ? gpu + 1 : gpu - 1) : G_MAXUINT;

  if (!place->head)
    place->parent = tree == 0 ? gpu - 1 : gpu + 1;
  else if (parent_node == G_MAXUINT)
    place->parent = G_MAXUINT;
  else if (tree == 0)
    place->parent = ring_schedule_get_node_first (schedule, parent_node);
  else
    place->parent = ring_schedule_get_node_first (schedule, parent_node)
                    + ring_schedule_get_node_size (schedule, parent_node) - 1;
}

/* The head of node @node in tree @tree. */
static guint
head_of (const RingSchedule *schedule,
         guint               node,
         guint               tree)
{
  guint first = ring_schedule_get_node_first (schedule, node);

  return tree == 0 ? first : first + ring_schedule_get_node_size (schedule, node) - 1;
}

static guint
tree_height (const RingSchedule *schedule)
{
  guint height = 0;

  for (guint node = 0; node < schedule->n_nodes; node++)
    {
      if (NODE (schedule, node, NODE_PARENT_0) == G_MAXUINT)
        height = MAX (height, NODE (schedule, node, NODE_HEIGHT_0));
      if (NODE (schedule, node, NODE_PARENT_1) == G_MAXUINT)
        height = MAX (height, NODE (schedule, node, NODE_HEIGHT_1));
    }

  return height;
}

static void
tree_schedule_init (RingSchedule *schedule)
{
  guint chunks = _ring_schedule_chunks (schedule->bytes / 2);
  guint phase_steps;

  build_nodes (schedule);
  build_groups (schedule);

  schedule->chunks = chunks;
  schedule->n_lanes = 2;
  schedule->n_pieces = 2 * chunks;
  schedule->depth = tree_height (schedule);
  phase_steps = chunks + schedule->depth - 1;

  _ring_schedule_add_phase (schedule, N_("Reduce up the trees"),
                            N_("Each GPU adds what its children sent and passes the sum up; "
                               "the chunks follow one another"),
                            N_("When the last chunk reaches the top, each tree’s root holds the "
                               "sum over every GPU. A tree is only about log₂ N levels deep, so "
                               "it pays far fewer hops’ latency than a ring of many GPUs."),
                            phase_steps);
  _ring_schedule_add_phase (schedule, N_("Broadcast down the trees"),
                            N_("Each GPU stores the sum from its parent and passes it down "
                               "to its children"),
                            N_("When the last chunk reaches the leaves every GPU holds the whole "
                               "sum. Each of the two trees carries half the chunks, so every GPU "
                               "sends about as much as in a ring."),
                            phase_steps);
}

/* The chunk GPU @place works on in @step of its phase, or G_MAXUINT. */
static guint
chunk_at (const RingSchedule *schedule,
          guint               phase_step,
          guint               start)
{
  if (phase_step < start || phase_step - start >= schedule->chunks)
    return G_MAXUINT;

  return phase_step - start;
}

static gboolean
is_reduce_step (const RingSchedule *schedule,
                guint               step,
                guint              *phase_step)
{
  guint phase_steps = schedule->phases[0].n_steps;

  *phase_step = step < phase_steps ? step : step - phase_steps;

  return step < phase_steps;
}

/* What GPU @gpu sends in @step of tree @tree: G_MAXUINT chunk if nothing. */
static guint
tree_sends (const RingSchedule *schedule,
            guint               step,
            guint               gpu,
            guint               tree,
            Place              *place,
            guint              *chunk,
            guint               children[3])
{
  guint phase_step, n = 0;

  place_in_tree (schedule, gpu, tree, place);
  if (is_reduce_step (schedule, step, &phase_step))
    {
      *chunk = place->parent == G_MAXUINT ? G_MAXUINT
                                          : chunk_at (schedule, phase_step, place->height);
      if (*chunk == G_MAXUINT)
        return 0;
      children[0] = place->parent;
      return 1;
    }

  *chunk = chunk_at (schedule, phase_step, place->depth);
  if (*chunk == G_MAXUINT)
    return 0;
  if (place->chain_child != G_MAXUINT)
    children[n++] = place->chain_child;
  if (place->head)
    {
      guint nodes[2];
      guint node = gpu / schedule->gpus_per_node;
      guint n_nodes = _ring_schedule_node_children (schedule, node, tree, nodes);

      for (guint i = 0; i < n_nodes; i++)
        children[n++] = head_of (schedule, nodes[i], tree);
    }

  return n;
}

static guint
tree_schedule_n_sends (const RingSchedule *schedule,
                       guint               step,
                       guint               from)
{
  guint total = 0;

  if (from >= schedule->n_gpus)
    return 0;

  for (guint tree = 0; tree < 2; tree++)
    {
      Place place;
      guint chunk, to[3];

      total += tree_sends (schedule, step, from, tree, &place, &chunk, to);
    }

  return total;
}

static void
tree_schedule_send (const RingSchedule *schedule,
                    guint               step,
                    guint               from,
                    guint               index,
                    RingTransfer       *transfer)
{
  guint phase_step;
  gboolean reduce = is_reduce_step (schedule, step, &phase_step);

  for (guint tree = 0; tree < 2; tree++)
    {
      Place place;
      guint chunk, to[3];
      guint n = tree_sends (schedule, step, from, tree, &place, &chunk, to);

      if (index >= n)
        {
          index -= n;
          continue;
        }
      transfer->to = to[index];
      transfer->first_piece = tree * schedule->chunks + chunk;
      transfer->n_pieces = 1;
      transfer->op = reduce ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
      transfer->lane = tree;
      return;
    }

  g_assert_not_reached ();
}

/* Whether @start ≤ @phase_step < @start + C. */
static gboolean
busy (const RingSchedule *schedule,
      guint               phase_step,
      guint               start)
{
  return chunk_at (schedule, phase_step, start) != G_MAXUINT;
}

/* The closed form walks the kinds of node, not the nodes: along a node's chain GPU r of
 * g sends up tree 0 at steps g−1−r … and up tree 1 at steps r …, down tree 0 from its
 * depth D0 + r and down tree 1 from D1 + g−1−r; a head sends across the nodes to its
 * parent (up) or its child nodes (down). The busiest GPU link and the busiest NICs set
 * the step. */
static double
tree_schedule_step_time (const RingSchedule *schedule,
                         guint               step,
                         const double       *rates_Bps,
                         const double       *alpha_s,
                         double              bytes)
{
  double piece = bytes / schedule->n_pieces;
  guint phase_step, intra = 0, network = 0;
  gboolean reduce = is_reduce_step (schedule, step, &phase_step);
  double step_s = 0;

  for (guint i = 0; i < schedule->n_groups; i++)
    {
      const guint *group = &schedule->groups[i * GROUP_STRIDE];
      guint size = group[GROUP_SIZE];
      guint across = 0;

      for (guint r = 0; r < size; r++)
        {
          guint load = 0;

          if (reduce)
            {
              /* Tree 0 goes up the chain from r ≥ 1, tree 1 from r ≤ g − 2. */
              load += r >= 1 && busy (schedule, phase_step, size - 1 - r);
              load += r + 1 < size && busy (schedule, phase_step, r);
            }
          else
            {
              load += r + 1 < size && busy (schedule, phase_step, group[GROUP_DEPTH_0] + r);
              load += r >= 1 && busy (schedule, phase_step, group[GROUP_DEPTH_1] + size - 1 - r);
            }
          intra = MAX (intra, load);
        }

      if (reduce)
        {
          across += !group[GROUP_ROOT_0] && busy (schedule, phase_step, group[GROUP_HEIGHT_0]);
          across += !group[GROUP_ROOT_1] && busy (schedule, phase_step, group[GROUP_HEIGHT_1]);
        }
      else
        {
          across += busy (schedule, phase_step, group[GROUP_DEPTH_0]) * group[GROUP_CHILDREN_0];
          across += busy (schedule, phase_step, group[GROUP_DEPTH_1]) * group[GROUP_CHILDREN_1];
        }
      network = MAX (network, across);
    }

  if (intra > 0)
    step_s = _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_INTRA, intra * piece);
  if (network > 0)
    step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK,
                                                network * piece));

  return step_s;
}

const RingScheduleFuncs _ring_schedule_tree = {
  tree_schedule_init, tree_schedule_n_sends, tree_schedule_send, tree_schedule_step_time,
};

/* The shape, for drawing */

/* The public getters' place of @gpu in tree @lane; FALSE for what is no tree's GPU. */
static gboolean
checked_place (const RingSchedule *schedule,
               guint               lane,
               guint               gpu,
               Place              *place)
{
  g_return_val_if_fail (schedule != NULL && schedule->algorithm == RING_ALGORITHM_TREE, FALSE);
  g_return_val_if_fail (lane < 2 && gpu < schedule->n_gpus, FALSE);

  place_in_tree (schedule, gpu, lane, place);

  return TRUE;
}

guint
ring_schedule_get_tree_parent (const RingSchedule *schedule,
                               guint               lane,
                               guint               gpu)
{
  Place place;

  return checked_place (schedule, lane, gpu, &place) ? place.parent : G_MAXUINT;
}

guint
ring_schedule_get_tree_depth (const RingSchedule *schedule,
                              guint               lane,
                              guint               gpu)
{
  Place place;

  return checked_place (schedule, lane, gpu, &place) ? place.depth : 0;
}

/* NCCL's btree is in order: a node's first child has a lower rank, its second a higher
 * one. The second tree renumbers the nodes (mirrored, or shifted by one), so its order is
 * theirs renumbered back. */
guint
ring_schedule_get_tree_column (const RingSchedule *schedule,
                               guint               lane,
                               guint               node)
{
  guint nodes;

  g_return_val_if_fail (schedule != NULL && schedule->algorithm == RING_ALGORITHM_TREE, 0);
  g_return_val_if_fail (lane < 2 && node < schedule->n_nodes, 0);

  nodes = schedule->n_nodes;
  if (lane == 0)
    return node;
  if (nodes % 2 == 1)
    return (node + nodes - 1) % nodes;

  return nodes - 1 - node;
}
