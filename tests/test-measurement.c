/* test-measurement.c: nccl-tests logs loaded beside the model: the list, its "changed",
 * the comparison with the log's own cluster, and the fitted values applied.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-measurement.h"

static void
changed_cb (RingModel *model,
            guint     *changed)
{
  (*changed)++;
}

static RingNcclLog *
load_log (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", name, NULL);
  g_autoptr(GError) error = NULL;
  RingNcclLog *log = ring_nccl_log_load (path, &error);

  g_assert_no_error (error);
  return log;
}

/* Adding, removing and clearing: one "changed" each, the file's name kept, the fit made
 * against the model's parameters at the import. */
static void
test_list (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingNcclLog) one_node = load_log ("h100-1node.log");
  g_autoptr(RingNcclLog) two_nodes = load_log ("a100-2node-info.log");
  g_autoptr(GError) error = NULL;
  RingParams before = *ring_model_get_params (model);
  GPtrArray *list = ring_model_get_measurements (model);
  RingMeasurement *measurement;
  guint changed = 0;

  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), &changed);
  g_assert_cmpuint (list->len, ==, 0);

  g_assert_true (ring_model_add_measurement (model, "h100-1node.log", one_node, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (ring_model_add_measurement (model, "node2.log", two_nodes, &error));
  g_assert_cmpuint (changed, ==, 2);
  g_assert_cmpuint (list->len, ==, 2);

  measurement = g_ptr_array_index (list, 1);
  g_assert_cmpstr (measurement->name, ==, "node2.log");
  g_assert_cmpuint (measurement->log->ranks, ==, 16);
  g_assert_cmpuint (measurement->fit->params.gpus, ==, 16);
  g_assert_cmpuint (measurement->fit->points->len, ==, two_nodes->points->len);
  /* Importing changes no parameter. */
  g_assert_true (memcmp (&before, ring_model_get_params (model), sizeof before) == 0);

  ring_model_remove_measurement (model, 0);
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpstr (((RingMeasurement *) g_ptr_array_index (list, 0))->name, ==, "node2.log");

  ring_model_clear_measurements (model);
  g_assert_cmpuint (changed, ==, 4);
  g_assert_cmpuint (list->len, ==, 0);
  ring_model_clear_measurements (model);
  g_assert_cmpuint (changed, ==, 4);
}

/* A log the model cannot be compared with is refused with the file's name, and nothing
 * changes; so is a fifth log. */
static void
test_refused (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingNcclLog) single = ring_nccl_log_new ();
  g_autoptr(RingNcclLog) log = load_log ("h100-1node.log");
  g_autoptr(GError) error = NULL;
  guint changed = 0;

  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), &changed);
  g_assert_false (ring_model_add_measurement (model, "one.log", single, &error));
  g_assert_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_SINGLE_RANK);
  g_assert_true (g_str_has_prefix (error->message, "one.log: "));
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (ring_model_get_measurements (model)->len, ==, 0);
  g_clear_error (&error);

  for (guint i = 0; i < RING_MEASUREMENTS_MAX; i++)
    g_assert_true (ring_model_add_measurement (model, "log", log, NULL));
  g_assert_false (ring_model_add_measurement (model, "fifth.log", log, &error));
  g_assert_nonnull (error);
  g_assert_true (g_str_has_prefix (error->message, "fifth.log: "));
  g_assert_cmpuint (ring_model_get_measurements (model)->len, ==, RING_MEASUREMENTS_MAX);
  g_assert_cmpuint (changed, ==, RING_MEASUREMENTS_MAX);
}

/* The comparison costs the model on the log's cluster: 16 A100s, 8 a node, whatever the
 * model's GPU count; its errors are |ln (model / measured)| by hand. */
static void
test_compare (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingNcclLog) nccl_log = load_log ("a100-2node-info.log");
  g_autoptr(RingNcclFit) comparison = NULL;
  RingMeasurement *measurement;
  RingParams params;
  double sum = 0, worst = 0;

  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  g_assert_true (ring_model_add_measurement (model, "node2.log", nccl_log, NULL));
  measurement = g_ptr_array_index (ring_model_get_measurements (model), 0);
  g_assert_false (ring_measurement_same_cluster (measurement, ring_model_get_params (model)));

  comparison = ring_measurement_compare (measurement, ring_model_get_params (model));
  g_assert_cmpuint (comparison->params.gpus, ==, 16);
  g_assert_cmpuint (comparison->params.gpus_per_node, ==, 8);
  g_assert_cmpint (comparison->params.gpu, ==, RING_GPU_A100);
  for (guint i = 0; i < comparison->points->len; i++)
    {
      RingNcclFitPoint *point = &g_array_index (comparison->points, RingNcclFitPoint, i);
      RingAllreduceCost cost;
      RingTopology topology;
      double error;

      ring_topology_init (&topology, &comparison->params, 16);
      g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, point->size_bytes,
                                          &cost));
      g_assert_cmpfloat_with_epsilon (point->predicted_us, cost.time_s * 1e6,
                                      1e-9 * point->predicted_us);
      g_assert_cmpfloat (point->predicted_us, ==, point->nominal_us);
      error = fabs (log (point->predicted_us / point->measured_us));
      sum += error;
      worst = MAX (worst, error);
    }
  g_assert_cmpfloat_with_epsilon (comparison->nominal_geomean_error_pct,
                                  (exp (sum / comparison->points->len) - 1) * 100, 1e-9);
  g_assert_cmpfloat_with_epsilon (comparison->nominal_worst_error_pct,
                                  (exp (worst) - 1) * 100, 1e-9);
  /* At import the comparison is the fit's "before". */
  g_assert_cmpfloat_with_epsilon (comparison->nominal_geomean_error_pct,
                                  measurement->fit->nominal_geomean_error_pct, 1e-9);

  params = *ring_model_get_params (model);
  params.gpus = 16;
  params.gpu = RING_GPU_A100;
  params.gpus_per_node = 8;
  g_assert_true (ring_measurement_same_cluster (measurement, &params));
}

/* "Use fitted values": the values ring_nccl_fit_apply() puts in, one "changed", the GPU
 * count kept; the model then names the log until a fitted value moves. */
static void
test_use_fitted_values (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingNcclLog) log = load_log ("a100-2node-info.log");
  RingMeasurement *measurement;
  RingParams expected;
  guint changed = 0;

  ring_model_set_value (model, RING_PARAM_GPUS, 512);
  g_assert_true (ring_model_add_measurement (model, "node2.log", log, NULL));
  measurement = g_ptr_array_index (ring_model_get_measurements (model), 0);
  g_assert_null (ring_model_get_fitted_measurement (model));

  expected = *ring_model_get_params (model);
  ring_nccl_fit_apply (measurement->fit, &expected);
  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), &changed);
  ring_model_use_fitted_values (model, 0);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 512);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_GPU), ==, RING_GPU_A100);
  for (guint j = 0; j < measurement->fit->n_values; j++)
    g_assert_cmpfloat (ring_params_get_value (ring_model_get_params (model),
                                              measurement->fit->values[j].id),
                       ==, ring_params_get_value (&expected, measurement->fit->values[j].id));
  g_assert_true (ring_model_get_fitted_measurement (model) == measurement);

  ring_model_set_value (model, RING_PARAM_NET_EFFICIENCY, ring_model_get_value (model, RING_PARAM_NET_EFFICIENCY) * 0.5);
  g_assert_null (ring_model_get_fitted_measurement (model));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/measurement/list", test_list);
  g_test_add_func ("/ring/measurement/refused", test_refused);
  g_test_add_func ("/ring/measurement/compare", test_compare);
  g_test_add_func ("/ring/measurement/use-fitted-values", test_use_fitted_values);

  return g_test_run ();
}
