/* test-validation.c: the model against published nccl-tests measurements.
 *
 * Every row of tests/data/nccl-validation.tsv is predicted from its hardware (the GPU
 * catalogue, nodes, NICs, fabric) and compared with the time it measured. The error of a
 * row is |ln (predicted / measured)|: symmetric, so 2× too slow and 2× too fast weigh the
 * same. Averages are geometric: exp (mean of the errors) − 1, shown as a percentage; the
 * median and worst turn back the same way. Rows whose status is not "ok" (an uncertain
 * network, a run its author called mis-tuned or degraded, a time derived from a printed
 * bandwidth, a tuned NCCL environment) are reported on their own, outside the average.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ring-algorithms.h"
#include "ring-units.h"
#include "ring-test-numbers.h"

/* The overall geometric-mean error this model reaches on the ok rows; the test fails if a
 * change makes it worse. docs/model.md has the table. */
#define OVERALL_GEOMEAN_LIMIT 0.145

enum {
  COL_SYSTEM, COL_GPU, COL_NODES, COL_GPUS_PER_NODE, COL_NICS, COL_NIC_GBIT, COL_FABRIC,
  COL_NET_LATENCY, COL_BANDWIDTH, COL_GPUS_PER_PROCESS, COL_ALGORITHM, COL_SIZE,
  COL_MEASURED_US, COL_BUSBW, COL_STATUS, COL_NOTE, COL_SOURCE, N_COLS
};

typedef struct
{
  char   *system;
  char   *status;
  double  error;        /* |ln (predicted / measured)| */
  double  nccl_error;   /* the same for NCCL's own estimate of what ran */
} Point;

static void
point_free (gpointer data)
{
  Point *point = data;

  g_free (point->system);
  g_free (point->status);
  g_free (point);
}

static void
set_or_die (RingParams  *params,
            RingParamId  id,
            const char  *text)
{
  g_autoptr(GError) error = NULL;

  if (!ring_params_set_from_string (params, id, text, &error))
    g_error ("%s", error->message);
}

/* The row's cluster, through the same parser the command line uses. */
static double
predict_us (char   **fields,
            double  *nccl_estimate_us)
{
  RingParams params;
  RingTopology topology;
  RingAlgorithm algorithm;
  RingAllreduceCost cost;
  g_autofree char *gpus = NULL;
  double bytes;

  ring_params_init_default (&params);
  set_or_die (&params, RING_PARAM_GPU, fields[COL_GPU]);
  gpus = g_strdup_printf ("%d", atoi (fields[COL_NODES]) * atoi (fields[COL_GPUS_PER_NODE]));
  set_or_die (&params, RING_PARAM_GPUS, gpus);
  set_or_die (&params, RING_PARAM_GPUS_PER_NODE, fields[COL_GPUS_PER_NODE]);
  set_or_die (&params, RING_PARAM_NICS_PER_NODE, fields[COL_NICS]);
  set_or_die (&params, RING_PARAM_NIC_SPEED, fields[COL_NIC_GBIT]);
  set_or_die (&params, RING_PARAM_FABRIC, fields[COL_FABRIC]);
  set_or_die (&params, RING_PARAM_NET_LATENCY, fields[COL_NET_LATENCY]);
  if (*fields[COL_BANDWIDTH] != '\0')
    set_or_die (&params, RING_PARAM_BANDWIDTH, fields[COL_BANDWIDTH]);
  g_assert_true (ring_algorithm_from_string (fields[COL_ALGORITHM], &algorithm));
  g_assert_true (ring_parse_double (fields[COL_SIZE], &bytes));

  ring_topology_init (&topology, &params, params.gpus);
  topology.gpus_per_process = atoi (fields[COL_GPUS_PER_PROCESS]);
  if (!ring_allreduce_cost (&topology, algorithm, bytes, &cost))
    g_error ("%s: %s cannot run", fields[COL_SYSTEM], fields[COL_ALGORITHM]);

  /* RING_VALIDATION_ROWS=1 shows every row's prediction. */
  if (g_getenv ("RING_VALIDATION_ROWS") != NULL)
    g_test_message ("%-18s %s %2sx%-2s %12s B  measured %10s µs  predicted %10.1f µs  %s/%s",
                    fields[COL_SYSTEM], fields[COL_STATUS], fields[COL_NODES],
                    fields[COL_GPUS_PER_NODE], fields[COL_SIZE], fields[COL_MEASURED_US],
                    cost.time_s * 1e6, ring_algorithm_to_string (cost.algorithm),
                    ring_protocol_to_string (cost.protocol));

  *nccl_estimate_us = cost.nccl_estimate_s * 1e6;

  return cost.time_s * 1e6;
}

static GPtrArray *
predict_all (void)
{
  g_autoptr(GPtrArray) table = ring_test_read_table ("nccl-validation.tsv", N_COLS);
  GPtrArray *points = g_ptr_array_new_with_free_func (point_free);

  for (guint i = 0; i < table->len; i++)
    {
      char **fields = table->pdata[i];
      Point *point;
      double measured_us, nccl_us;

      g_assert_true (ring_parse_double (fields[COL_MEASURED_US], &measured_us));

      point = g_new0 (Point, 1);
      point->system = g_strdup (fields[COL_SYSTEM]);
      point->status = g_strdup (fields[COL_STATUS]);
      point->error = fabs (log (predict_us (fields, &nccl_us) / measured_us));
      point->nccl_error = fabs (log (nccl_us / measured_us));
      g_ptr_array_add (points, point);
    }

  return points;
}

/* Geometric mean, median and worst of the errors, as percentages. */
static void
summarize (GArray *errors,
           double *geomean,
           double *median,
           double *worst)
{
  double sum = 0;
  guint n = errors->len;

  g_array_sort (errors, ring_test_compare_doubles);
  for (guint i = 0; i < n; i++)
    sum += g_array_index (errors, double, i);

  *geomean = exp (sum / n) - 1;
  *median = exp (n % 2 ? g_array_index (errors, double, n / 2)
                       : (g_array_index (errors, double, n / 2 - 1)
                          + g_array_index (errors, double, n / 2)) / 2) - 1;
  *worst = exp (g_array_index (errors, double, n - 1)) - 1;
}

/* Prints one line per group of the rows whose status is @status (or, with @status NULL,
 * every row not ok), grouped by system (@by_system) or else by status. */
static double
report (GPtrArray  *points,
        const char *status,
        gboolean    by_system,
        const char *title)
{
  g_autoptr(GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                        (GDestroyNotify) g_array_unref);
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GList) keys = NULL;
  double geomean, median, worst;

  for (guint i = 0; i < points->len; i++)
    {
      Point *point = g_ptr_array_index (points, i);
      const char *key = by_system ? point->system : point->status;
      GArray *group;

      if (status != NULL ? !g_str_equal (point->status, status)
                         : g_str_equal (point->status, "ok"))
        continue;
      group = g_hash_table_lookup (groups, key);
      if (group == NULL)
        {
          group = g_array_new (FALSE, FALSE, sizeof (double));
          g_hash_table_insert (groups, (gpointer) key, group);
        }
      g_array_append_val (group, point->error);
      g_array_append_val (all, point->error);
    }

  g_test_message ("%s", title);
  g_test_message ("%-20s %4s %9s %9s %9s", "", "rows", "geomean", "median", "worst");
  keys = g_list_sort (g_hash_table_get_keys (groups), (GCompareFunc) g_strcmp0);
  for (GList *l = keys; l != NULL; l = l->next)
    {
      GArray *group = g_hash_table_lookup (groups, l->data);

      summarize (group, &geomean, &median, &worst);
      g_test_message ("%-20s %4u %8.1f%% %8.1f%% %8.1f%%", (const char *) l->data, group->len,
                      100 * geomean, 100 * median, 100 * worst);
    }

  summarize (all, &geomean, &median, &worst);
  g_test_message ("%-20s %4u %8.1f%% %8.1f%% %8.1f%%", "overall", all->len,
                  100 * geomean, 100 * median, 100 * worst);

  return geomean;
}

/* For comparison: NCCL's own tuning-model estimate of what ran, taken as a prediction. */
static void
report_nccl_estimate (GPtrArray *points)
{
  g_autoptr(GArray) errors = g_array_new (FALSE, FALSE, sizeof (double));
  double geomean, median, worst;

  for (guint i = 0; i < points->len; i++)
    {
      Point *point = g_ptr_array_index (points, i);

      if (g_str_equal (point->status, "ok"))
        g_array_append_val (errors, point->nccl_error);
    }

  summarize (errors, &geomean, &median, &worst);
  g_test_message ("NCCL's own estimate on the same rows: geomean %.1f%%, median %.1f%%, "
                  "worst %.1f%%", 100 * geomean, 100 * median, 100 * worst);
}

static void
test_measured (void)
{
  g_autoptr(GPtrArray) points = predict_all ();
  double overall;

  g_assert_cmpuint (points->len, ==, 165);

  overall = report (points, "ok", TRUE, "Rows in the average (status ok), by system:");
  report (points, NULL, FALSE, "Rows kept out of the average, by status:");
  report (points, "uncertain", TRUE, "Uncertain rows, by system:");
  report_nccl_estimate (points);

  g_test_message ("overall geometric mean %.4f, limit %.4f", overall, OVERALL_GEOMEAN_LIMIT);
  g_assert_cmpfloat (overall, <=, OVERALL_GEOMEAN_LIMIT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/validation/measured", test_measured);

  return g_test_run ();
}
