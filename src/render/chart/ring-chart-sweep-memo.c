/* ring-chart-sweep-memo.c: the model's figures at each point the charts sweep, kept while
 * a document of several charts is drawn (the PDF report), so that a point two charts share
 * is computed once: the GPU sweep at the model's bandwidth is the utilization chart's
 * middle curve, the step time, the data moved and the throughput; every chart's marker is
 * the model's own configuration. Charts are drawn on the main thread only (PLplot needs
 * it), and only there is a memo begun.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <string.h>

#include "ring-chart-draw-private.h"

static struct
{
  GHashTable *sweep;  /* RingParams → RingResult of ring_cost_evaluate_point() */
  GHashTable *full;   /* RingParams → RingResult of ring_cost_evaluate() */
} memo;

/* For tests: the points computed through a memo, by the whole process. */
static guint n_memo_points;

/* Parameters are plain numbers: equal bytes are equal parameters (a copy keeps its
 * padding, so two copies of one configuration compare equal). */
static guint
params_hash (gconstpointer key)
{
  const guchar *bytes = key;
  guint hash = 5381;

  for (gsize i = 0; i < sizeof (RingParams); i++)
    hash = hash * 33 + bytes[i];

  return hash;
}

static gboolean
params_equal (gconstpointer a,
              gconstpointer b)
{
  return memcmp (a, b, sizeof (RingParams)) == 0;
}

void
_ring_chart_sweep_memo_begin (void)
{
  g_assert (memo.sweep == NULL);

  memo.sweep = g_hash_table_new_full (params_hash, params_equal, g_free, g_free);
  memo.full = g_hash_table_new_full (params_hash, params_equal, g_free, g_free);
}

void
_ring_chart_sweep_memo_end (void)
{
  g_clear_pointer (&memo.sweep, g_hash_table_unref);
  g_clear_pointer (&memo.full, g_hash_table_unref);
}

guint
_ring_chart_sweep_memo_count_points (void)
{
  return n_memo_points;
}

static void
evaluate_through (GHashTable       *table,
                  void            (*evaluate) (const RingParams *params,
                                               RingResult       *result),
                  const RingParams *params,
                  RingResult       *result)
{
  RingResult *kept;

  if (table == NULL)
    {
      evaluate (params, result);
      return;
    }

  kept = g_hash_table_lookup (table, params);
  if (kept == NULL)
    {
      kept = g_new (RingResult, 1);
      evaluate (params, kept);
      g_hash_table_insert (table, g_memdup2 (params, sizeof *params), kept);
      n_memo_points++;
    }
  *result = *kept;
}

void
_ring_chart_evaluate_sweep (const RingParams *params,
                            RingResult       *result)
{
  evaluate_through (memo.sweep, ring_cost_evaluate_point, params, result);
}

void
_ring_chart_evaluate (const RingParams *params,
                      RingResult       *result)
{
  evaluate_through (memo.full, ring_cost_evaluate, params, result);
}
