/* test-algorithm-schedule.c: every algorithm's schedule, played piece by piece.
 *
 * For every algorithm and every N from 1 to 64, on one node, on full nodes of 8, on nodes
 * of 3 (the last one partial) and on single-GPU nodes: every piece ends summed over every
 * GPU exactly once and held by every GPU; the steps and the bytes each GPU sends are the
 * cost model's; and at sizes up to 2^20 the counts hold in closed form.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-algorithm-schedule-private.h"
#include "ring-protocol-tuning-private.h"
#include "ring-schedule.h"
#include "ring-test-numbers.h"
#include "ring-test-params.h"

#define MAX_GPUS 64
#define BIG_BUFFER 28e9
#define SMALL_BUFFER 1048576.0

/* H100 nodes on InfiniBand with SHARP: every algorithm can run on some of them. */
static void
topology_for (RingTopology *topology,
              guint         gpus,
              guint         per_node)
{
  RingParams params;

  ring_test_params_sharp_cluster (&params, RING_ALGORITHM_AUTO, gpus, per_node);
  ring_topology_init (topology, &params, gpus);
}

static gboolean
is_power_of_two (guint n)
{
  return n > 0 && (n & (n - 1)) == 0;
}

/* The full piece set of N GPUs. */
static guint64
everyone (guint n)
{
  return n == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << n) - 1;
}

static void
check_transfers (const RingSchedule *schedule)
{
  guint endpoints = ring_schedule_get_n_endpoints (schedule);
  guint pieces = ring_schedule_get_n_pieces (schedule);

  for (guint step = 0; step < ring_schedule_get_n_steps (schedule); step++)
    for (guint from = 0; from < endpoints; from++)
      for (guint i = 0; i < ring_schedule_get_n_sends (schedule, step, from); i++)
        {
          RingTransfer t;

          ring_schedule_get_send (schedule, step, from, i, &t);
          g_assert_cmpuint (t.from, ==, from);
          g_assert_cmpuint (t.to, <, endpoints);
          g_assert_cmpuint (t.to, !=, from);
          g_assert_cmpuint (t.n_pieces, >=, 1);
          g_assert_cmpuint (t.first_piece + t.n_pieces, <=, pieces);
          g_assert_cmpuint (t.lane, <, ring_schedule_get_n_lanes (schedule));
          g_assert_cmpint (t.link, ==, ring_schedule_link_kind (schedule, t.from, t.to));
        }
}

static void
check_phases (const RingSchedule *schedule)
{
  guint next = 0;

  for (guint i = 0; i < ring_schedule_get_n_phases (schedule); i++)
    {
      const RingSchedulePhase *phase = ring_schedule_get_phase (schedule, i);

      g_assert_nonnull (phase->name);
      g_assert_nonnull (phase->description);
      /* The learning view's "why" for every phase of every algorithm. */
      g_assert_nonnull (phase->outcome);
      g_assert_cmpuint (strlen (phase->outcome), >, 20);
      g_assert_cmpuint (phase->first_step, ==, next);
      g_assert_cmpuint (phase->n_steps, >, 0);
      for (guint step = phase->first_step; step < phase->first_step + phase->n_steps; step++)
        g_assert_cmpuint (ring_schedule_get_step_phase (schedule, step), ==, i);
      next += phase->n_steps;
    }
  g_assert_cmpuint (next, ==, ring_schedule_get_n_steps (schedule));
}

/* Plays the schedule: no contribution counted twice, every GPU ends with every piece
 * summed over all; returns the mean bytes a GPU sent for a buffer of @bytes, and their
 * spread (largest − smallest). */
static double
play (const RingSchedule *schedule,
      double              bytes,
      double             *spread)
{
  g_autoptr(RingScheduleTrace) trace = ring_schedule_trace_new (schedule);
  guint n = ring_schedule_get_n_gpus (schedule);
  guint pieces = ring_schedule_get_n_pieces (schedule);
  double piece_bytes = bytes / pieces, total = 0, least = G_MAXDOUBLE, most = 0;

  while (ring_schedule_trace_advance (trace))
    ;

  g_assert_cmpuint (ring_schedule_trace_get_violations (trace), ==, 0);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      double sent = ring_schedule_trace_get_pieces_sent (trace, gpu) * piece_bytes;

      for (guint piece = 0; piece < pieces; piece++)
        if (ring_schedule_trace_get_held (trace, gpu, piece) != everyone (n))
          g_error ("%s, N = %u, %u per node: GPU %u ends with piece %u holding %#" G_GINT64_MODIFIER
                   "x", ring_algorithm_to_string (ring_schedule_get_algorithm (schedule)), n,
                   ring_schedule_get_gpus_per_node (schedule), gpu, piece,
                   ring_schedule_trace_get_held (trace, gpu, piece));
      total += sent;
      least = MIN (least, sent);
      most = MAX (most, sent);
    }

  *spread = most - least;

  return total / n;
}

/* The steps the cost model counts, where its formula counts them. */
static void
check_steps (const RingSchedule *schedule,
             const RingTopology *topology)
{
  guint n = topology->gpus, g = topology->gpus_per_node, nodes = topology->nodes;
  guint steps = ring_schedule_get_n_steps (schedule);
  guint log_p = _ring_log2i (n);
  guint chunks = ring_schedule_get_n_pieces (schedule);

  switch (ring_schedule_get_algorithm (schedule))
    {
    case RING_ALGORITHM_RING:
    case RING_ALGORITHM_FLAT_RING:
      g_assert_cmpuint (steps, ==, 2 * (n - 1));
      break;
    case RING_ALGORITHM_HIERARCHICAL:
      /* 2 (G − 1) α + 2 (nodes − 1) (α + network). */
      g_assert_cmpuint (steps, ==, 2 * (g - 1) + 2 * (nodes - 1));
      break;
    case RING_ALGORITHM_HALVING_DOUBLING:
      g_assert_cmpuint (steps, ==, 2 * log_p + (n > (1u << log_p) ? 2 : 0));
      break;
    case RING_ALGORITHM_TREE:
      /* One chunk per tree: a chunk goes up and comes down 2 (G − 1 + log2 nodes) hops,
       * as the cost's latency counts them. */
      chunks /= 2;
      if (chunks == 1 && n % g == 0 && is_power_of_two (nodes))
        g_assert_cmpuint (steps, ==, 2 * (g - 1 + _ring_log2i (nodes)));
      g_assert_cmpuint (steps % 2, ==, 0);
      break;
    case RING_ALGORITHM_NVLS:
      chunks /= g;
      g_assert_cmpuint (steps, ==, chunks + (nodes > 1 ? 2 : 1));
      break;
    case RING_ALGORITHM_COLLNET:
      chunks /= g;
      g_assert_cmpuint (steps, ==, chunks + 2);
      break;
    case RING_ALGORITHM_NVLS_TREE:
      chunks /= g;
      if (is_power_of_two (nodes))
        g_assert_cmpuint (steps, ==, chunks + 1 + 2 * _ring_log2i (nodes));
      break;
    case RING_ALGORITHM_AUTO:
    default:
      g_assert_not_reached ();
    }
}

static gboolean
check_algorithm_on (RingAlgorithm algorithm,
                    guint         n,
                    guint         per_node,
                    double        bytes)
{
  RingTopology topology;
  RingAllreduceCost cost;
  g_autoptr(RingSchedule) schedule = NULL;
  double mean, spread;

  topology_for (&topology, n, per_node);
  schedule = ring_schedule_new (algorithm, &topology, bytes);
  if (schedule == NULL)
    {
      g_assert_false (ring_algorithm_can_run (algorithm, &topology, NULL));
      return FALSE;
    }
  if (n == 1)
    {
      g_assert_cmpuint (ring_schedule_get_n_steps (schedule), ==, 0);
      return FALSE;
    }

  check_transfers (schedule);
  check_phases (schedule);
  mean = play (schedule, bytes, &spread);
  check_steps (schedule, &topology);

  /* The bytes the cost model counts: what a GPU sends, on average, over its links and
   * its share of the NICs; on full nodes exactly. */
  g_assert_true (ring_allreduce_cost (&topology, algorithm, bytes, &cost));
  if (n % topology.gpus_per_node == 0)
    ring_test_assert_relative (mean, cost.bytes_per_gpu, 1e-12);

  /* Where every GPU plays the same part, every GPU sends the same. */
  if (n % topology.gpus_per_node == 0
      && (algorithm == RING_ALGORITHM_RING || algorithm == RING_ALGORITHM_FLAT_RING
          || algorithm == RING_ALGORITHM_HIERARCHICAL || algorithm == RING_ALGORITHM_COLLNET
          || algorithm == RING_ALGORITHM_NVLS
          || (algorithm == RING_ALGORITHM_HALVING_DOUBLING && is_power_of_two (n))))
    g_assert_cmpfloat (spread, <=, 1e-6 * mean);

  return TRUE;
}

static void
test_every_algorithm (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint played = 0;

  for (guint n = 1; n <= MAX_GPUS; n++)
    {
      const guint per_node[] = { n, 8, 3, 1 };

      for (guint i = 0; i < G_N_ELEMENTS (per_node); i++)
        {
          played += check_algorithm_on (algorithm, n, per_node[i], BIG_BUFFER);
          played += check_algorithm_on (algorithm, n, per_node[i], SMALL_BUFFER);
        }
    }

  /* CollNet and NVLS-tree need two nodes: they play on fewer clusters. */
  g_test_message ("%u clusters played", played);
  g_assert_cmpuint (played, >=, 200);
}

/* The ring schedule is the one ring-schedule.h has in closed form. */
static void
test_ring_is_the_ring (void)
{
  for (guint n = 2; n <= MAX_GPUS; n++)
    {
      RingTopology topology;
      g_autoptr(RingSchedule) schedule = NULL;

      topology_for (&topology, n, 8);
      schedule = ring_schedule_new (RING_ALGORITHM_RING, &topology, BIG_BUFFER);
      for (guint step = 0; step < ring_schedule_n_steps (n); step++)
        for (guint gpu = 0; gpu < n; gpu++)
          {
            RingTransfer t;

            g_assert_cmpuint (ring_schedule_get_n_sends (schedule, step, gpu), ==, 1);
            ring_schedule_get_send (schedule, step, gpu, 0, &t);
            g_assert_cmpuint (t.to, ==, (gpu + 1) % n);
            g_assert_cmpuint (t.first_piece, ==, ring_schedule_send_chunk (n, step, gpu));
            g_assert_cmpint (t.link, ==, gpu / 8 == t.to / 8 ? RING_LINK_INTRA
                                                            : RING_LINK_NETWORK);
          }
    }
}

/* NCCL's double binary tree: each tree a tree, every node inner in at most one of them
 * from four nodes on. */
static void
test_double_binary_tree (void)
{
  for (guint nodes = 1; nodes <= 300; nodes++)
    {
      g_autofree guint *inner = g_new0 (guint, nodes);

      for (guint tree = 0; tree < 2; tree++)
        {
          guint roots = 0;

          for (guint node = 0; node < nodes; node++)
            {
              guint parent, children[2], up_children[2], parent_of_parent;

              _ring_schedule_btree (nodes, node, tree == 1, &parent, children);
              if (parent == G_MAXUINT)
                roots++;
              else
                {
                  _ring_schedule_btree (nodes, parent, tree == 1, &parent_of_parent, up_children);
                  g_assert_true (up_children[0] == node || up_children[1] == node);
                }
              for (guint c = 0; c < 2; c++)
                {
                  guint back, grand[2];

                  if (children[c] == G_MAXUINT)
                    continue;
                  g_assert_cmpuint (children[c], <, nodes);
                  _ring_schedule_btree (nodes, children[c], tree == 1, &back, grand);
                  g_assert_cmpuint (back, ==, node);
                  inner[node]++;
                }
            }
          g_assert_cmpuint (roots, ==, 1);
        }

      /* A node with children in both trees only where the counts leave no choice. */
      if (nodes >= 4 && nodes % 2 == 0)
        for (guint node = 0; node < nodes; node++)
          {
            guint parent, c0[2], c1[2];
            gboolean inner0, inner1;

            _ring_schedule_btree (nodes, node, FALSE, &parent, c0);
            _ring_schedule_btree (nodes, node, TRUE, &parent, c1);
            inner0 = c0[0] != G_MAXUINT || c0[1] != G_MAXUINT;
            inner1 = c1[0] != G_MAXUINT || c1[1] != G_MAXUINT;
            g_assert_false (inner0 && inner1);
          }
    }
}

/* The pieces one GPU sends over the whole schedule, from the O(1) sends alone. */
static guint64
pieces_sent_by (const RingSchedule *schedule,
                guint               gpu)
{
  guint64 pieces = 0;

  for (guint step = 0; step < ring_schedule_get_n_steps (schedule); step++)
    for (guint i = 0; i < ring_schedule_get_n_sends (schedule, step, gpu); i++)
      {
        RingTransfer t;

        ring_schedule_get_send (schedule, step, gpu, i, &t);
        pieces += t.n_pieces;
      }

  return pieces;
}

/* Up to 2^20 GPUs: the steps in closed form, and a few GPUs' bytes from their sends. */
static void
test_large_sizes (void)
{
  const guint sizes[] = { 4096, 65536, 1048576 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      guint n = sizes[i];
      const guint sampled[] = { 0, 7, 8, n / 2 + 3, n - 1 };
      const RingAlgorithm algorithms[] = {
        RING_ALGORITHM_RING, RING_ALGORITHM_HIERARCHICAL, RING_ALGORITHM_HALVING_DOUBLING,
        RING_ALGORITHM_NVLS, RING_ALGORITHM_COLLNET,
      };

      for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
        {
          RingTopology topology;
          RingAllreduceCost cost;
          g_autoptr(RingSchedule) schedule = NULL;
          double piece;

          /* Walking every step of a ring of a million GPUs takes a while: sample fewer. */
          if (algorithms[a] == RING_ALGORITHM_RING && n > 65536)
            continue;

          topology_for (&topology, n, 8);
          schedule = ring_schedule_new (algorithms[a], &topology, BIG_BUFFER);
          g_assert_nonnull (schedule);
          check_steps (schedule, &topology);
          g_assert_true (ring_allreduce_cost (&topology, algorithms[a], BIG_BUFFER, &cost));
          piece = BIG_BUFFER / ring_schedule_get_n_pieces (schedule);
          for (guint s = 0; s < G_N_ELEMENTS (sampled); s++)
            ring_test_assert_relative (pieces_sent_by (schedule, sampled[s]) * piece,
                                       cost.bytes_per_gpu,
                                       1e-12);
        }

      /* The tree: its steps from its height, G − 1 down the chain and log2 nodes. */
      {
        RingTopology topology;
        g_autoptr(RingSchedule) schedule = NULL;
        guint chunks;

        topology_for (&topology, n, 8);
        schedule = ring_schedule_new (RING_ALGORITHM_TREE, &topology, BIG_BUFFER);
        chunks = ring_schedule_get_n_pieces (schedule) / 2;
        g_assert_cmpuint (ring_schedule_get_n_steps (schedule), ==,
                          2 * (chunks + 7 + _ring_log2i (n / 8) - 1));
      }
    }

  /* A ring of 2^20: GPU 0's and the last GPU's sends over all 2 (N − 1) steps. */
  {
    RingTopology topology;
    g_autoptr(RingSchedule) schedule = NULL;
    guint n = 1048576;

    topology_for (&topology, n, 8);
    schedule = ring_schedule_new (RING_ALGORITHM_RING, &topology, BIG_BUFFER);
    g_assert_cmpuint (ring_schedule_get_n_steps (schedule), ==, 2 * (n - 1));
    g_assert_cmpuint (pieces_sent_by (schedule, 0), ==, 2 * (n - 1));
    g_assert_cmpuint (pieces_sent_by (schedule, n - 1), ==, 2 * (n - 1));
  }
}

/* NVLS on one node and on two: in every step of every phase each GPU sends to a switch or
 * receives from one, so the animation links every GPU to its switch throughout. */
static void
test_nvls_links_every_gpu (void)
{
  const guint sizes[] = { 8, 16 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      guint n = sizes[i];
      RingTopology topology;
      g_autoptr(RingSchedule) schedule = NULL;
      guint endpoints;

      topology_for (&topology, n, 8);
      schedule = ring_schedule_new (RING_ALGORITHM_NVLS, &topology, BIG_BUFFER);
      g_assert_nonnull (schedule);
      endpoints = ring_schedule_get_n_endpoints (schedule);
      g_assert_cmpuint (endpoints, >, n);

      for (guint step = 0; step < ring_schedule_get_n_steps (schedule); step++)
        {
          g_autofree gboolean *linked = g_new0 (gboolean, n);

          for (guint from = 0; from < endpoints; from++)
            for (guint k = 0; k < ring_schedule_get_n_sends (schedule, step, from); k++)
              {
                RingTransfer t;

                ring_schedule_get_send (schedule, step, from, k, &t);
                if (t.from < n && t.to >= n)
                  linked[t.from] = TRUE;
                if (t.from >= n && t.to < n)
                  linked[t.to] = TRUE;
              }
          for (guint gpu = 0; gpu < n; gpu++)
            if (!linked[gpu])
              g_error ("NVLS on %u GPUs, step %u: GPU %u has no link to a switch", n, step, gpu);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ring_test_add_per_algorithm ("/ring/algorithm-schedule", test_every_algorithm);
  g_test_add_func ("/ring/algorithm-schedule/ring-is-the-ring", test_ring_is_the_ring);
  g_test_add_func ("/ring/algorithm-schedule/double-binary-tree", test_double_binary_tree);
  g_test_add_func ("/ring/algorithm-schedule/large-sizes", test_large_sizes);
  g_test_add_func ("/ring/algorithm-schedule/nvls-links-every-gpu", test_nvls_links_every_gpu);

  return g_test_run ();
}
