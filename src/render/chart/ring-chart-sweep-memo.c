/* ring-chart-sweep-memo.c: the model's figures at each point the charts sweep, kept while
 * a document of several charts is drawn (the PDF report), so that a point two charts share
 * is computed once: the GPU sweep at the model's bandwidth is the utilization chart's
 * middle curve, the step time, the data moved and the throughput; every chart's marker is
 * the model's own configuration. Charts are drawn on the main thread only (PLplot needs
 * it), and only there is a memo begun.
 *
 * The window keeps its memo from one draw to the next (ring_chart_draw_keep_points()): a
 * step of the GPU slider moves the charts' markers, but every point of their sweeps over
 * GPUs has the parameters it had at the step before, so a redraw costs only the points
 * that are new. A point is found by all of its parameters, so a kept point is exactly the
 * one the model would compute again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <string.h>

#include "ring-chart-draw-private.h"

/* A kept memo lets go of its points past this many in a table: some megabytes. */
#define MAX_KEPT_POINTS 2048
/* Rates a batch over rates is kept for (the utilization chart has three). */
#define MAX_BATCH_RATES 4

static struct
{
  GHashTable *sweep;  /* RingParams → RingResult of ring_cost_evaluate_point() */
  GHashTable *full;   /* RingParams → RingResult of ring_cost_evaluate() */
  GHashTable *rates;  /* RatesKey → RingResult[n] of ring_cost_evaluate_sweep_rates() */
  guint       depth;  /* memos begun and not ended */
  gboolean    kept;   /* the window's: never ended */
} memo;

/* A batch over rates: zeroed first, so that equal batches are equal bytes. */
typedef struct
{
  RingParams     params;
  RingSizingLink link;
  guint          n;
  double         rates_gbps[MAX_BATCH_RATES];
} RatesKey;

/* For tests: the points computed through a memo, by the whole process. */
static guint n_memo_points;

/* Keys are plain numbers: equal bytes are equal keys (a copy keeps its padding, so two
 * copies of one configuration compare equal). */
static guint
bytes_hash (gconstpointer key,
            gsize         size)
{
  const guchar *bytes = key;
  guint hash = 5381;

  for (gsize i = 0; i < size; i++)
    hash = hash * 33 + bytes[i];

  return hash;
}

static guint
params_hash (gconstpointer key)
{
  return bytes_hash (key, sizeof (RingParams));
}

static gboolean
params_equal (gconstpointer a,
              gconstpointer b)
{
  return memcmp (a, b, sizeof (RingParams)) == 0;
}

static guint
rates_key_hash (gconstpointer key)
{
  return bytes_hash (key, sizeof (RatesKey));
}

static gboolean
rates_key_equal (gconstpointer a,
                 gconstpointer b)
{
  return memcmp (a, b, sizeof (RatesKey)) == 0;
}

static void
memo_create (void)
{
  if (memo.sweep != NULL)
    return;

  memo.sweep = g_hash_table_new_full (params_hash, params_equal, g_free, g_free);
  memo.full = g_hash_table_new_full (params_hash, params_equal, g_free, g_free);
  memo.rates = g_hash_table_new_full (rates_key_hash, rates_key_equal, g_free, g_free);
}

/* A report drawn from the window shares the window's kept memo. */
void
_ring_chart_sweep_memo_begin (void)
{
  memo.depth++;
  memo_create ();
}

void
_ring_chart_sweep_memo_end (void)
{
  g_assert (memo.depth > 0);

  if (--memo.depth > 0 || memo.kept)
    return;

  g_clear_pointer (&memo.sweep, g_hash_table_unref);
  g_clear_pointer (&memo.full, g_hash_table_unref);
  g_clear_pointer (&memo.rates, g_hash_table_unref);
}

void
ring_chart_draw_keep_points (void)
{
  memo.kept = TRUE;
  memo_create ();
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
      if (g_hash_table_size (table) >= MAX_KEPT_POINTS)
        g_hash_table_remove_all (table);
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

void
_ring_chart_evaluate_sweep_rates (const RingParams *params,
                                  RingSizingLink    link,
                                  const double     *rates_gbps,
                                  guint             n,
                                  RingResult       *results)
{
  g_autofree RatesKey *key = NULL;
  RingResult *kept;

  if (memo.rates == NULL || n > MAX_BATCH_RATES)
    {
      ring_cost_evaluate_sweep_rates (params, link, rates_gbps, n, results);
      return;
    }

  key = g_new0 (RatesKey, 1);
  memcpy (&key->params, params, sizeof *params);
  key->link = link;
  key->n = n;
  memcpy (key->rates_gbps, rates_gbps, n * sizeof *rates_gbps);

  kept = g_hash_table_lookup (memo.rates, key);
  if (kept == NULL)
    {
      if (g_hash_table_size (memo.rates) >= MAX_KEPT_POINTS / MAX_BATCH_RATES)
        g_hash_table_remove_all (memo.rates);
      kept = g_new (RingResult, n);
      ring_cost_evaluate_sweep_rates (params, link, rates_gbps, n, kept);
      g_hash_table_insert (memo.rates, g_steal_pointer (&key), kept);
      n_memo_points += n;
    }
  memcpy (results, kept, n * sizeof *results);
}
