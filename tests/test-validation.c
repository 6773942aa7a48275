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
 * The figure that says how the model does on a cluster it has not seen is the
 * leave-one-system-out error: the constants no document gives (ring-calibration.h) are
 * chosen by ring_calibration_fit() on the ok rows of every system but one, and that one
 * system is predicted with them. The in-sample figures use the constants as shipped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ring-algorithms.h"
#include "ring-params.h"
#include "ring-calibration.h"
#include "ring-units.h"
#include "ring-test-numbers.h"

/* The geometric-mean error of the model on the ok rows, with the constants as shipped
 * (in-sample) and with each system predicted by constants chosen without it (LOSO); the
 * test fails if a change makes either worse. docs/validation.md has the tables. */
#define OVERALL_GEOMEAN_LIMIT 0.16
#define LOSO_GEOMEAN_LIMIT    0.20

enum {
  COL_SYSTEM, COL_GPU, COL_NODES, COL_GPUS_PER_NODE, COL_NICS, COL_NIC_GBIT, COL_FABRIC,
  COL_NET_LATENCY, COL_BANDWIDTH, COL_GPUS_PER_PROCESS, COL_ALGORITHM, COL_SIZE,
  COL_MEASURED_US, COL_BUSBW, COL_STATUS, COL_NOTE, COL_SOURCE, COL_NCCL_VERSION, N_COLS
};

typedef struct
{
  char               *system;
  char               *status;
  char               *label;       /* shape and size, for RING_VALIDATION_ROWS */
  RingCalibrationRow  row;
  double              error;       /* |ln (predicted / measured)|, constants as shipped */
  double              nccl_error;  /* the same for NCCL's own estimate of what ran */
  double              loso_error;  /* with constants fitted without this system (ok rows) */
} Point;

static void
point_free (gpointer data)
{
  Point *point = data;

  g_free (point->system);
  g_free (point->status);
  g_free (point->label);
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

/* The release the row's source states, as the option reads it; one older than the
 * modelled series (2.8.4) as the oldest, a newer one (2.31.2) as the newest; "unknown":
 * the default, the newest. */
static void
set_nccl_version (RingParams *params,
                  const char *version)
{
  g_auto(GStrv) parts = g_strsplit (version, ".", 3);
  guint newest = RING_NCCL_VERSION_LAST;

  if (g_str_equal (version, "unknown"))
    return;
  g_assert_cmpuint (g_strv_length (parts), >=, 2);
  g_assert_cmpint (atoi (parts[0]), ==, 2);
  if (atoi (parts[1]) < 18)
    set_or_die (params, RING_PARAM_NCCL_VERSION,
                ring_param_choice_name (RING_PARAM_NCCL_VERSION, 0));
  else if (atoi (parts[1]) > 28)
    set_or_die (params, RING_PARAM_NCCL_VERSION,
                ring_param_choice_name (RING_PARAM_NCCL_VERSION, newest));
  else
    set_or_die (params, RING_PARAM_NCCL_VERSION, version);
}

/* The row's cluster, through the same parser the command line uses. */
static void
read_row (char              **fields,
          RingCalibrationRow *row)
{
  g_autofree char *gpus = NULL;

  ring_params_init_default (&row->params);
  set_or_die (&row->params, RING_PARAM_GPU, fields[COL_GPU]);
  gpus = g_strdup_printf ("%d", atoi (fields[COL_NODES]) * atoi (fields[COL_GPUS_PER_NODE]));
  set_or_die (&row->params, RING_PARAM_GPUS, gpus);
  set_or_die (&row->params, RING_PARAM_GPUS_PER_NODE, fields[COL_GPUS_PER_NODE]);
  set_or_die (&row->params, RING_PARAM_NICS_PER_NODE, fields[COL_NICS]);
  set_or_die (&row->params, RING_PARAM_NIC_SPEED, fields[COL_NIC_GBIT]);
  set_or_die (&row->params, RING_PARAM_FABRIC, fields[COL_FABRIC]);
  row->latency = RING_ROW_LATENCY_GIVEN;
  if (g_str_equal (fields[COL_NET_LATENCY], "roce"))
    row->latency = RING_ROW_LATENCY_ROCE;
  else if (g_str_equal (fields[COL_NET_LATENCY], "efa"))
    row->latency = RING_ROW_LATENCY_EFA;
  else
    set_or_die (&row->params, RING_PARAM_NET_LATENCY, fields[COL_NET_LATENCY]);
  if (*fields[COL_BANDWIDTH] != '\0')
    set_or_die (&row->params, RING_PARAM_BANDWIDTH, fields[COL_BANDWIDTH]);
  set_nccl_version (&row->params, fields[COL_NCCL_VERSION]);
  row->gpus_per_process = atoi (fields[COL_GPUS_PER_PROCESS]);
  g_assert_true (ring_algorithm_from_string (fields[COL_ALGORITHM], &row->algorithm));
  g_assert_true (ring_parse_double (fields[COL_SIZE], &row->size_bytes));
  g_assert_true (ring_parse_double (fields[COL_MEASURED_US], &row->measured_us));
}

static double
row_error (const RingCalibration *calibration,
           Point                 *point,
           double                *nccl_error)
{
  RingAllreduceCost cost;
  double predicted_us = ring_calibration_predict_us (calibration, &point->row, &cost);

  if (predicted_us <= 0)
    g_error ("%s: %s cannot run", point->system, point->label);
  if (nccl_error != NULL)
    *nccl_error = fabs (log (cost.nccl_estimate_s * 1e6 / point->row.measured_us));

  /* RING_VALIDATION_ROWS=1 shows every row's prediction with the shipped constants. */
  if (nccl_error != NULL && g_getenv ("RING_VALIDATION_ROWS") != NULL)
    g_test_message ("%-18s %s %s  measured %10.2f µs  predicted %10.1f µs  %s/%s",
                    point->system, point->status, point->label, point->row.measured_us,
                    predicted_us, ring_algorithm_to_string (cost.algorithm),
                    ring_protocol_to_string (cost.protocol));

  return fabs (log (predicted_us / point->row.measured_us));
}

static GPtrArray *
read_points (void)
{
  g_autoptr(GPtrArray) table = ring_test_read_table ("nccl-validation.tsv", N_COLS);
  GPtrArray *points = g_ptr_array_new_with_free_func (point_free);

  for (guint i = 0; i < table->len; i++)
    {
      char **fields = table->pdata[i];
      Point *point = g_new0 (Point, 1);

      point->system = g_strdup (fields[COL_SYSTEM]);
      point->status = g_strdup (fields[COL_STATUS]);
      point->label = g_strdup_printf ("%2sx%-2s %12s B", fields[COL_NODES],
                                      fields[COL_GPUS_PER_NODE], fields[COL_SIZE]);
      read_row (fields, &point->row);
      point->error = row_error (ring_calibration_default (), point, &point->nccl_error);
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
 * every row not ok), grouped by system (@by_system) or else by status, of the error at
 * @error_offset in each Point. */
static double
report (GPtrArray  *points,
        const char *status,
        gboolean    by_system,
        gsize       error_offset,
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
      double error = G_STRUCT_MEMBER (double, point, error_offset);
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
      g_array_append_val (group, error);
      g_array_append_val (all, error);
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

static void
print_calibration (const char            *title,
                   const RingCalibration *calibration,
                   const gboolean        *determined)
{
  g_autoptr(GString) line = g_string_new (title);

  for (guint id = 0; id < RING_N_CALIBRATION; id++)
    g_string_append_printf (line, " %s %.3g%s", ring_calibration_info (id)->name,
                            calibration->value[id],
                            determined != NULL && !determined[id] ? " (no row: fallback)" : "");
  g_test_message ("%s", line->str);
}

/* The ok rows of @points, except those of @left_out (NULL: all of them). */
static GPtrArray *
trusted_rows (GPtrArray  *points,
              const char *left_out)
{
  GPtrArray *rows = g_ptr_array_new ();

  for (guint i = 0; i < points->len; i++)
    {
      Point *point = g_ptr_array_index (points, i);

      if (g_str_equal (point->status, "ok")
          && (left_out == NULL || !g_str_equal (point->system, left_out)))
        g_ptr_array_add (rows, &point->row);
    }

  return rows;
}

/* Fits the calibration without each system in turn and predicts that system's ok rows. */
static void
leave_one_system_out (GPtrArray *points)
{
  g_autoptr(GHashTable) done = g_hash_table_new (g_str_hash, g_str_equal);

  g_test_message ("Constants chosen without each system (leave one system out):");
  for (guint i = 0; i < points->len; i++)
    {
      Point *point = g_ptr_array_index (points, i);
      g_autoptr(GPtrArray) rows = NULL;
      RingCalibration calibration;
      gboolean determined[RING_N_CALIBRATION];
      g_autofree char *title = NULL;

      if (!g_str_equal (point->status, "ok") || g_hash_table_contains (done, point->system))
        continue;
      g_hash_table_add (done, point->system);

      rows = trusted_rows (points, point->system);
      ring_calibration_fit (&calibration, (const RingCalibrationRow *const *) rows->pdata,
                            rows->len, determined);
      title = g_strdup_printf ("  without %-18s", point->system);
      print_calibration (title, &calibration, determined);

      for (guint j = 0; j < points->len; j++)
        {
          Point *held_out = g_ptr_array_index (points, j);

          if (g_str_equal (held_out->status, "ok")
              && g_str_equal (held_out->system, point->system))
            held_out->loso_error = row_error (&calibration, held_out, NULL);
        }
    }
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
  g_autoptr(GPtrArray) points = read_points ();
  double overall;

  g_assert_cmpuint (points->len, ==, 199);

  overall = report (points, "ok", TRUE, G_STRUCT_OFFSET (Point, error),
                    "In-sample, constants as shipped: rows in the average (status ok), "
                    "by system:");
  report (points, NULL, FALSE, G_STRUCT_OFFSET (Point, error),
          "Rows kept out of the average, by status:");
  report (points, "uncertain", TRUE, G_STRUCT_OFFSET (Point, error),
          "Uncertain rows, by system:");
  report_nccl_estimate (points);

  g_test_message ("overall geometric mean %.4f, limit %.4f", overall, OVERALL_GEOMEAN_LIMIT);
  g_assert_cmpfloat (overall, <=, OVERALL_GEOMEAN_LIMIT);
}

/* The procedure on every ok row finds constants at least as good as the shipped ones on
 * those rows (it minimises that error), and says so. */
static void
test_calibration_fit (void)
{
  g_autoptr(GPtrArray) points = read_points ();
  g_autoptr(GPtrArray) rows = trusted_rows (points, NULL);
  const RingCalibrationRow *const *pdata = (const RingCalibrationRow *const *) rows->pdata;
  RingCalibration calibration;
  gboolean determined[RING_N_CALIBRATION];
  double shipped, fitted;

  ring_calibration_fit (&calibration, pdata, rows->len, determined);
  shipped = ring_calibration_error (ring_calibration_default (), pdata, rows->len);
  fitted = ring_calibration_error (&calibration, pdata, rows->len);

  print_calibration ("Shipped constants:", ring_calibration_default (), NULL);
  print_calibration ("Fitted on all ok rows:", &calibration, determined);
  g_test_message ("geometric mean on the ok rows: shipped %.1f%%, fitted %.1f%%",
                  100 * (exp (shipped) - 1), 100 * (exp (fitted) - 1));

  for (guint id = 0; id < RING_N_CALIBRATION; id++)
    g_assert_true (determined[id]);
  g_assert_cmpfloat (fitted, <=, shipped + 1e-9);
}

/* A constant the rows do not depend on is not "fitted": it takes its fallback. */
static void
test_calibration_undetermined (void)
{
  g_autoptr(GPtrArray) points = read_points ();
  g_autoptr(GPtrArray) rows = g_ptr_array_new ();
  RingCalibration calibration;
  gboolean determined[RING_N_CALIBRATION];

  /* One node: no network latency enters. */
  for (guint i = 0; i < points->len; i++)
    {
      Point *point = g_ptr_array_index (points, i);

      if (g_str_equal (point->status, "ok") && point->row.params.gpus <= point->row.params.gpus_per_node)
        g_ptr_array_add (rows, &point->row);
    }
  ring_calibration_fit (&calibration, (const RingCalibrationRow *const *) rows->pdata,
                        rows->len, determined);

  g_assert_true (determined[RING_CALIBRATION_LAUNCH_GAP]);
  g_assert_false (determined[RING_CALIBRATION_ROCE_LATENCY]);
  g_assert_false (determined[RING_CALIBRATION_EFA_LATENCY]);
  g_assert_cmpfloat (calibration.value[RING_CALIBRATION_EFA_LATENCY], ==,
                     calibration.value[RING_CALIBRATION_ROCE_LATENCY]);
}

static void
test_leave_one_system_out (void)
{
  g_autoptr(GPtrArray) points = read_points ();
  double in_sample, loso;

  leave_one_system_out (points);
  in_sample = report (points, "ok", TRUE, G_STRUCT_OFFSET (Point, error),
                      "In-sample (constants as shipped), ok rows by system:");
  loso = report (points, "ok", TRUE, G_STRUCT_OFFSET (Point, loso_error),
                 "Leave one system out (constants fitted without the system), "
                 "ok rows by system:");

  g_test_message ("ok rows: in-sample %.1f%%, leave one system out %.1f%% (limit %.0f%%)",
                  100 * in_sample, 100 * loso, 100 * LOSO_GEOMEAN_LIMIT);
  g_assert_cmpfloat (loso, <=, LOSO_GEOMEAN_LIMIT);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/validation/measured", test_measured);
  g_test_add_func ("/ring/validation/calibration-fit", test_calibration_fit);
  g_test_add_func ("/ring/validation/calibration-undetermined", test_calibration_undetermined);
  g_test_add_func ("/ring/validation/leave-one-system-out", test_leave_one_system_out);

  return g_test_run ();
}
