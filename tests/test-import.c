/* test-import.c: nccl-tests logs on the command line: --import-nccl in the JSON and text
 * reports and the message-size CSV, --fit, and every way a log can be refused.
 *
 * The program runs as a user runs it; its numbers are checked against the same model run
 * here, on the log's own cluster, and against the log's own rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-measurement.h"
#include "ring-test-cli.h"
#include "ring-test-files.h"

static char *
log_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", name, NULL);
}

static JsonObject *
parse_report (const char  *text,
              JsonParser **parser)
{
  g_autoptr(GError) error = NULL;

  *parser = json_parser_new ();
  json_parser_load_from_data (*parser, text, -1, &error);
  g_assert_no_error (error);

  return json_node_get_object (json_parser_get_root (*parser));
}

/* The model the program runs, here: 64 H100s with the defaults. */
static RingModel *
model_with_log (const char *name)
{
  g_autofree char *path = log_path (name);
  RingModel *model = ring_model_new ();
  RingParams params = *ring_model_get_params (model);

  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.gpus = 64;
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_true (ring_model_import_measurement (model, path, NULL));

  return model;
}

/* Per log: the file, the cluster compared on, every row (measured as printed, the model
 * on the log's 16 ranks, the error between), the errors and the fit. */
static void
test_json (void)
{
  g_autofree char *path = log_path ("h100-2node-gj-aion.log");
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "64",
                                             "--import-nccl", path, "--report=json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(RingModel) model = model_with_log ("h100-2node-gj-aion.log");
  RingMeasurement *measurement = g_ptr_array_index (ring_model_get_measurements (model), 0);
  g_autoptr(RingNcclFit) comparison = NULL;
  static const double measured_us[] = { 93.25, 201.6, 477.2, 4497.4, 34508 };
  JsonObject *report, *entry, *error;
  JsonArray *measurements, *points, *values;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out, &parser);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 64);
  measurements = json_object_get_array_member (report, "measurements");
  g_assert_cmpuint (json_array_get_length (measurements), ==, 1);
  g_assert_true (json_object_get_null_member (report, "fitted_from"));

  entry = json_array_get_object_element (measurements, 0);
  g_assert_cmpstr (json_object_get_string_member (entry, "file"), ==,
                   "h100-2node-gj-aion.log");
  /* busbw / algbw = 1.875 = 2 (N − 1) / N: 16 ranks; no device lines, so no nodes. */
  g_assert_cmpint (json_object_get_int_member (entry, "ranks"), ==, 16);
  g_assert_true (json_object_get_null_member (entry, "nodes"));
  g_assert_false (json_object_get_boolean_member (entry, "same_cluster"));

  comparison = ring_measurement_compare (measurement, ring_model_get_params (model));
  points = json_object_get_array_member (entry, "points");
  g_assert_cmpuint (json_array_get_length (points), ==, G_N_ELEMENTS (measured_us));
  for (guint i = 0; i < G_N_ELEMENTS (measured_us); i++)
    {
      JsonObject *point = json_array_get_object_element (points, i);
      RingNcclFitPoint *expected = &g_array_index (comparison->points, RingNcclFitPoint, i);
      RingTopology topology;
      RingAllreduceCost cost;
      double model_us = json_object_get_double_member (point, "model_us");

      g_assert_cmpfloat (json_object_get_double_member (point, "measured_us"), ==,
                         measured_us[i]);
      /* The model on the log's cluster, 16 H100s, 8 a node, not the 64 of the report. */
      ring_topology_init (&topology, &comparison->params, 16);
      g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO,
                                          expected->size_bytes, &cost));
      g_assert_cmpfloat_with_epsilon (model_us, cost.time_s * 1e6, 1e-9 * model_us);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (point, "error_pct"),
                                      (model_us / measured_us[i] - 1) * 100, 1e-9);
    }

  error = json_object_get_object_member (entry, "error");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (error, "geomean_pct"),
                                  comparison->nominal_geomean_error_pct, 1e-9);
  g_assert_cmpfloat_with_epsilon (
    json_object_get_double_member (json_object_get_object_member (error, "after_fit"),
                                   "geomean_pct"),
    measurement->fit->geomean_error_pct, 1e-9);
  g_assert_cmpfloat (measurement->fit->geomean_error_pct, <,
                     measurement->fit->nominal_geomean_error_pct);

  values = json_object_get_array_member (json_object_get_object_member (entry, "fit"),
                                         "values");
  g_assert_cmpuint (json_array_get_length (values), ==, measurement->fit->n_values);
  for (guint j = 0; j < measurement->fit->n_values; j++)
    {
      JsonObject *value = json_array_get_object_element (values, j);

      g_assert_cmpstr (json_object_get_string_member (value, "name"), ==,
                       ring_param_info (measurement->fit->values[j].id)->json_key);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (value, "value"),
                                      measurement->fit->values[j].value, 1e-9);
    }
}

/* --fit: the first log's values in the parameters, the GPU count kept, and the report
 * says where they came from. Two logs are two entries. */
static void
test_fit (void)
{
  g_autofree char *path = log_path ("h100-2node-gj-aion.log");
  g_autofree char *other = log_path ("h100-1node.log");
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "64",
                                             "--import-nccl", path, "--import-nccl", other,
                                             "--fit", "--report=json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(RingModel) model = model_with_log ("h100-2node-gj-aion.log");
  RingMeasurement *measurement = g_ptr_array_index (ring_model_get_measurements (model), 0);
  JsonObject *report, *fitted;
  JsonArray *set;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out, &parser);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (report,
                                                                         "measurements")),
                    ==, 2);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 64);
  fitted = json_object_get_object_member (report, "fitted_from");
  g_assert_cmpstr (json_object_get_string_member (fitted, "file"), ==,
                   "h100-2node-gj-aion.log");
  /* The values the log determined are set and listed; the others keep their nominal
   * value (net efficiency, which a 2-node log of this size does not pin down). */
  set = json_object_get_array_member (fitted, "set");
  for (guint j = 0, listed = 0; j < measurement->fit->n_values; j++)
    {
      const RingNcclFitValue *value = &measurement->fit->values[j];
      const RingParamInfo *info = ring_param_info (value->id);

      if (value->determined)
        g_assert_cmpstr (json_array_get_string_element (set, listed++), ==, info->json_key);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, info->json_key),
                                      value->determined ? value->value : value->nominal, 1e-9);
      if (j + 1 == measurement->fit->n_values)
        g_assert_cmpuint (json_array_get_length (set), ==, listed);
    }
}

/* A fitted value typed back as the refusal or the report prints it agrees with the fit
 * (within 1 %): accepted, and the fit's own value stays. */
static void
test_fit_agrees (void)
{
  g_autofree char *path = log_path ("h100-1node.log");
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", path, "--fit",
                                             "--link-efficiency", "1.18", "--gpu", "h100",
                                             "--report=json", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *report;
  double efficiency;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out, &parser);
  efficiency = json_object_get_double_member (report, "link_efficiency");
  g_assert_cmpfloat (efficiency, !=, 1.18);
  g_assert_cmpfloat (fabs (efficiency - 1.18), <, 0.005);

  /* A value the fit is pulled towards comes out a hair apart: the report's 9.6 µs of the
   * two-node log given back is still the fitted latency. */
  {
    g_autofree char *two_nodes = log_path ("h100-2node-gj-aion.log");
    g_auto(RingTestRun) again = ring_test_run_cli (NULL, "--gpu", "h100", "--net-latency",
                                                   "9.6", "--import-nccl", two_nodes, "--fit",
                                                   "--report=json", NULL);

    g_assert_cmpstr (again.err, ==, "");
    g_assert_cmpint (again.status, ==, 0);
  }
}

/* The text report's block: the log, the fit, the values in use. */
static void
test_text (void)
{
  g_autofree char *path = log_path ("h100-2node-gj-aion.log");
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "64",
                                             "--import-nccl", path, "--fit", "--report=text",
                                             NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "h100-2node-gj-aion.log: 16 ranks, 5 sizes, model ±"));
  g_assert_nonnull (strstr (r.out, "Fitted values in use"));
  g_assert_nonnull (strstr (r.out, "from h100-2node-gj-aion.log: net latency "));
}

/* The gj-aion log at five times its published times. */
static char *
write_slowed_log (const char *dir)
{
  g_autofree char *path = log_path ("h100-2node-gj-aion.log");
  g_autofree char *text = ring_test_read_file (path, NULL);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  GString *slowed = g_string_new (NULL);
  char *out = g_build_filename (dir, "slow.log", NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit_set (g_strstrip (lines[i]), " ", -1);
      g_autoptr(GPtrArray) words = g_ptr_array_new ();

      for (guint j = 0; f[j] != NULL; j++)
        if (*f[j] != '\0')
          g_ptr_array_add (words, f[j]);
      if (lines[i][0] == '#' || words->len != 9)
        {
          g_string_append_printf (slowed, "%s\n", lines[i]);
          continue;
        }
      /* size count type redop root time algbw busbw #wrong */
      g_string_append_printf (slowed, "%s %s %s %s %s %.1f %.2f %.2f %s\n",
                              (char *) words->pdata[0], (char *) words->pdata[1],
                              (char *) words->pdata[2], (char *) words->pdata[3],
                              (char *) words->pdata[4],
                              g_ascii_strtod (words->pdata[5], NULL) * 5,
                              g_ascii_strtod (words->pdata[6], NULL) / 5,
                              g_ascii_strtod (words->pdata[7], NULL) / 5,
                              (char *) words->pdata[8]);
    }
  g_assert_true (g_file_set_contents (out, slowed->str, -1, NULL));
  g_string_free (slowed, TRUE);

  return out;
}

/* The log against the published runs of 2 × 8 H100 at 8 GiB, in the JSON with the runs
 * and their sources, and in the text report: the published log within them, the same
 * five times slower far below. */
static void
test_verdict (void)
{
  g_autofree char *healthy = log_path ("h100-2node-gj-aion.log");
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *slow = write_slowed_log (dir);
  g_auto(RingTestRun) json = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "64",
                                                "--import-nccl", healthy, "--import-nccl",
                                                slow, "--report=json", NULL);
  g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "64",
                                                "--import-nccl", slow, "--report=text", NULL);
  static const char * const classes[] = { "within", "far_below" };
  g_autoptr(JsonParser) parser = NULL;
  JsonArray *measurements;

  g_assert_cmpint (json.status, ==, 0);
  measurements = json_object_get_array_member (parse_report (json.out, &parser),
                                               "measurements");
  g_assert_cmpuint (json_array_get_length (measurements), ==, 2);
  for (guint m = 0; m < 2; m++)
    {
      JsonObject *verdict =
        json_object_get_object_member (json_array_get_object_element (measurements, m),
                                       "verdict");
      JsonArray *runs = json_object_get_array_member (verdict, "runs");

      g_assert_cmpstr (json_object_get_string_member (verdict, "class"), ==, classes[m]);
      g_assert_cmpstr (json_object_get_string_member (verdict, "gpu"), ==, "h100");
      g_assert_cmpint (json_object_get_int_member (verdict, "nodes"), ==, 2);
      g_assert_cmpfloat (json_object_get_double_member (verdict, "size_bytes"), ==,
                         8589934592.0);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (verdict, "busbw_gbps"),
                                      m == 0 ? 466.73 : 466.73 / 5, 0.05);
      g_assert_cmpuint (json_array_get_length (runs), >=, 3);
      for (guint i = 0; i < json_array_get_length (runs); i++)
        {
          JsonObject *run = json_array_get_object_element (runs, i);
          double busbw = json_object_get_double_member (run, "busbw_gbps");

          g_assert_cmpint (json_object_get_int_member (run, "nodes"), ==, 2);
          g_assert_cmpuint (strlen (json_object_get_string_member (run, "source")), >, 10);
          g_assert_cmpfloat (busbw, >=,
                             json_object_get_double_member (verdict, "published_low_gbps"));
          g_assert_cmpfloat (busbw, <=,
                             json_object_get_double_member (verdict, "published_high_gbps"));
        }
    }

  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "Against published runs"));
  g_assert_nonnull (strstr (text.out, "Your 2 × 8 NVIDIA H100 SXM5 at 8 GiB: 93."));
  g_assert_nonnull (strstr (text.out, "far below them"));
  ring_test_remove_tmp_dir (dir);
}

/* The message-size CSV: nccl-tests' columns, then the log's, whose numbers are the log's
 * own as printed, at its own sizes only. */
static void
test_csv (void)
{
  g_autofree char *path = log_path ("h100-2node-gj-aion.log");
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *csv = g_build_filename (dir, "sizes.csv", NULL);
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "16",
                                             "--import-nccl", path, "--export", csv,
                                             "--chart", "allreduce-vs-message-size", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint measured_rows = 0;

  g_assert_cmpint (r.status, ==, 0);
  contents = ring_test_read_file (csv, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "size (B),count (elements),type,time (us),algbw (GB/s),busbw (GB/s),"
                   "Algorithm and protocol,h100-2node-gj-aion.log time (us),"
                   "h100-2node-gj-aion.log busbw (GB/s),h100-2node-gj-aion.log model time (us),"
                   "h100-2node-gj-aion.log model error (%)");
  g_assert_true (g_str_has_prefix (lines[1], "8,2,float,"));
  for (guint i = 1; lines[i] != NULL && *lines[i] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      double model_us, error_pct;

      g_assert_cmpuint (g_strv_length (fields), ==, 11);
      if (g_str_equal (fields[0], "16777216"))
        {
          g_assert_cmpstr (fields[1], ==, "4194304");
          g_assert_cmpstr (fields[7], ==, "201.6");
          g_assert_cmpstr (fields[8], ==, "156.07");
        }
      if (*fields[7] == '\0')
        {
          g_assert_cmpstr (fields[10], ==, "");
          continue;
        }
      measured_rows++;
      /* 16 H100s are the log's cluster: its model time is the curve's. */
      model_us = g_ascii_strtod (fields[9], NULL);
      g_assert_cmpfloat_with_epsilon (model_us, g_ascii_strtod (fields[3], NULL),
                                      1e-9 * model_us);
      error_pct = g_ascii_strtod (fields[10], NULL);
      g_assert_cmpfloat_with_epsilon (error_pct,
                                      (model_us / g_ascii_strtod (fields[7], NULL) - 1) * 100,
                                      1e-9);
    }
  g_assert_cmpuint (measured_rows, ==, 5);
  ring_test_remove_tmp_dir (dir);
}

/* A log of one size (a bandwidth check: -b 8G -e 8G) is compared, not fitted: its point
 * and the model's error in the report, no value determined, and --fit refused. A log whose
 * only row has wrong elements is refused. */
static void
test_one_size (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *one_size = g_build_filename (dir, "one-size.log", NULL);
  g_autofree char *all_wrong = g_build_filename (dir, "all-wrong.log", NULL);
  const char *header = "#  Rank  0 Group  0 Pid  1 on h device  0 [0x07] NVIDIA H100 80GB HBM3\n"
                       "#  Rank  1 Group  0 Pid  2 on h device  1 [0x0f] NVIDIA H100 80GB HBM3\n"
                       "#       size         count      type   redop    root     time   algbw"
                       "   busbw #wrong\n";
  g_autofree char *good_text = g_strconcat (header, "  8589934592  2147483648     float     sum"
                                            "      -1  24000.0  357.91  357.91       0\n", NULL);
  g_autofree char *wrong_text = g_strconcat (header, "  8589934592  2147483648     float     sum"
                                             "      -1  24000.0  357.91  357.91      12\n", NULL);
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *report, *measurement;
  JsonArray *values;

  g_assert_true (g_file_set_contents (one_size, good_text, -1, NULL));
  g_assert_true (g_file_set_contents (all_wrong, wrong_text, -1, NULL));

  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--import-nccl", one_size,
                                               "--report=json", NULL);

    g_assert_cmpint (r.status, ==, 0);
    report = parse_report (r.out, &parser);
    measurement = json_array_get_object_element (json_object_get_array_member (report,
                                                                               "measurements"),
                                                 0);
    g_assert_cmpint (json_object_get_int_member (measurement, "ranks"), ==, 2);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (measurement,
                                                                           "points")), ==, 1);
    values = json_object_get_array_member (json_object_get_object_member (measurement, "fit"),
                                           "values");
    g_assert_cmpuint (json_array_get_length (values), >, 0);
    for (guint j = 0; j < json_array_get_length (values); j++)
      g_assert_false (json_object_get_boolean_member (json_array_get_object_element (values, j),
                                                      "determined"));
    g_assert_true (json_object_get_null_member (report, "fitted_from"));
  }
  /* --fit on it is refused: it would only bring the log's cluster. */
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", one_size, "--fit",
                                               "--report=json", NULL);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "--fit: one-size.log determines no value to fit"));
    g_assert_cmpstr (r.out, ==, "");
  }
  /* A wrong row beside a good one: left out of the comparison, and said so. */
  {
    g_autofree char *mixed_text = g_strconcat (good_text,
                                               "  4294967296  1073741824     float     sum"
                                               "      -1  12000.0  357.91  357.91       3\n",
                                               NULL);
    g_autofree char *mixed = g_build_filename (dir, "mixed.log", NULL);
    g_autoptr(JsonParser) mixed_parser = NULL;
    g_auto(RingTestRun) json = { 0 };
    g_auto(RingTestRun) text = { 0 };

    g_assert_true (g_file_set_contents (mixed, mixed_text, -1, NULL));
    json = ring_test_run_cli (NULL, "--gpu", "h100", "--import-nccl", mixed, "--report=json",
                              NULL);
    g_assert_cmpint (json.status, ==, 0);
    measurement = json_array_get_object_element (
      json_object_get_array_member (parse_report (json.out, &mixed_parser), "measurements"), 0);
    g_assert_cmpint (json_object_get_int_member (measurement, "rows_with_wrong_elements"), ==,
                     1);
    g_assert_cmpuint (json_array_get_length (json_object_get_array_member (measurement,
                                                                           "points")), ==, 1);
    text = ring_test_run_cli (NULL, "--gpu", "h100", "--import-nccl", mixed, "--report=text",
                              NULL);
    g_assert_cmpint (text.status, ==, 0);
    g_assert_nonnull (strstr (text.out, "mixed.log: 2 ranks, 1 size, model ±"));
    g_assert_nonnull (strstr (text.out, "1 row with wrong elements"));
    g_remove (mixed);
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", all_wrong,
                                               "--report=json", NULL);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "all-wrong.log: the log has no usable row"));
  }

  g_remove (one_size);
  g_remove (all_wrong);
  ring_test_remove_tmp_dir (dir);
}

/* Refused with status 2, the file named (and the line, for its contents), and nothing
 * written: a missing file, a folder, a collective the model does not cost, a one-rank log, --fit alone, and
 * --fit beside an option it would overrule (an A100 log with --gpu h100; a net latency the
 * fit determines). */
/* An all_reduce_perf log of 8 ranks on one host, a row for each (size, time). */
static void
write_log (const char   *path,
           const double *sizes,
           const double *times_us,
           guint         n_rows)
{
  g_autoptr(GString) text = g_string_new ("# nThread 1 nGpus 1 minBytes 8 maxBytes 8 step: "
                                          "2(factor) warmup iters: 5 iters: 20\n");

  for (guint r = 0; r < 8; r++)
    g_string_append_printf (text, "#  Rank %2u Group  0 Pid %6u on     host-a device %2u "
                            "[0x%02x] NVIDIA H100 80GB HBM3\n", r, 1000 + r, r, r);
  g_string_append (text, "#       size         count      type   redop    root     time   "
                   "algbw   busbw #wrong\n");
  for (guint i = 0; i < n_rows; i++)
    {
      double algbw = sizes[i] / (times_us[i] * 1e3);

      g_string_append_printf (text, "%12.0f  %12.0f     float     sum      -1  %8.2f  %6.2f  "
                              "%6.2f      0\n", sizes[i], sizes[i] / 4, times_us[i], algbw,
                              algbw * 2 * 7 / 8);
    }
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
}

/* Issue 27: times that fall as sizes grow are compared, fitted to nothing, and --fit is
 * refused saying why; thirty copies of one row are one size. */
static void
test_degenerate (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *falling = g_build_filename (dir, "falling.log", NULL);
  g_autofree char *repeated = g_build_filename (dir, "repeated.log", NULL);
  double sizes[30], times[30];
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *report, *entry, *fit;

  for (guint i = 0; i < 11; i++)
    {
      sizes[i] = 1024.0 * (1 << i);
      times[i] = round (100000 / pow (10, i / 5.0)) / 100;
    }
  write_log (falling, sizes, times, 11);
  for (guint i = 0; i < 30; i++)
    {
      sizes[i] = 1048576;
      times[i] = 50;
    }
  write_log (repeated, sizes, times, 30);

  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", falling, "--fit",
                                               "--report=json", NULL);

    g_test_message ("%s", r.err);
    g_assert_cmpint (r.status, ==, 2);
    g_assert_cmpstr (r.out, ==, "");
    g_assert_nonnull (strstr (r.err, "--fit: falling.log: its times fall as the sizes grow"));
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", falling, "--report=json",
                                               NULL);

    g_assert_cmpint (r.status, ==, 0);
    report = parse_report (r.out, &parser);
    entry = json_array_get_object_element (json_object_get_array_member (report,
                                                                         "measurements"), 0);
    g_assert_cmpint (json_object_get_int_member (entry, "sizes"), ==, 11);
    fit = json_object_get_object_member (entry, "fit");
    g_assert_nonnull (strstr (json_object_get_string_member (fit, "warning"), "fall"));
    g_assert_true (json_object_get_null_member (report, "fitted_from"));
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", repeated, "--report=text",
                                               NULL);

    g_assert_cmpint (r.status, ==, 0);
    g_assert_nonnull (strstr (r.out, "repeated.log: 8 ranks, 1 size, model"));
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", repeated, "--fit",
                                               "--report", NULL);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "repeated.log determines no value"));
  }

  g_remove (falling);
  g_remove (repeated);
  ring_test_remove_tmp_dir (dir);
}

static void
test_refused (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *chart = g_build_filename (dir, "chart.csv", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.log", NULL);
  g_autofree char *single = g_build_filename (dir, "single.log", NULL);
  g_autofree char *reduce = log_path ("reduce.log");
  g_autofree char *good = log_path ("h100-1node.log");
  g_autofree char *two_nodes = log_path ("h100-2node-gj-aion.log");
  g_autofree char *a100 = log_path ("a100-2node-info.log");
  const struct
  {
    const char *args[8];
    const char *message[2];
  } cases[] = {
    { { "--import-nccl", missing }, { "missing.log", "No such file" } },
    { { "--import-nccl", dir }, { "is a folder", NULL } },
    { { "--import-nccl", reduce }, { "reduce.log: line ", "reduce_perf" } },
    { { "--import-nccl", single }, { "single.log: ", "one rank" } },
    { { "--import-nccl", good, "--import-nccl", missing }, { "missing.log", NULL } },
    { { "--fit" }, { "--fit needs a log to fit to", NULL } },
    { { "--gpu", "h100", "--import-nccl", a100, "--fit" },
      { "--fit sets --gpu to a100 (from a100-2node-info.log)", "--gpu h100 was given" } },
    { { "--preset", "dgx-h100", "--import-nccl", a100, "--fit" },
      { "--fit sets --gpu to a100 (from a100-2node-info.log), but --preset dgx-h100 was "
        "given", NULL } },
    { { "--import-nccl", good, "--fit", "--link-efficiency", "1.2" },
      { "--fit sets --link-efficiency to 1.18 (from h100-1node.log)",
        "--link-efficiency 1.2 was given" } },
    { { "--gpu", "h100", "--net-latency", "4", "--import-nccl", two_nodes, "--fit" },
      { "--fit sets --net-latency to 9.63 (from h100-2node-gj-aion.log)",
        "--net-latency 4 was given" } },
  };

  g_assert_true (g_file_set_contents (single,
                                      "#  Rank  0 Group  0 Pid  1 on h device  0 [0x07] "
                                      "NVIDIA H100 80GB HBM3\n"
                                      "#       size         count      type   redop    root "
                                      "    time   algbw   busbw #wrong\n"
                                      "     1048576        262144     float     sum      -1 "
                                      "   10.00  104.86    0.00       0\n"
                                      "     2097152        524288     float     sum      -1 "
                                      "   20.00  104.86    0.00       0\n", -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_auto(RingTestRun) r = { 0 };

      for (guint a = 0; cases[i].args[a] != NULL; a++)
        g_ptr_array_add (args, (gpointer) cases[i].args[a]);
      g_ptr_array_add (args, (gpointer) "--export");
      g_ptr_array_add (args, chart);
      g_ptr_array_add (args, NULL);
      r = ring_test_run_cli_full (NULL, NULL, (const char * const *) args->pdata);
      g_test_message ("%s", r.err);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_true (g_str_has_prefix (r.err, "ring-allreduce: "));
      g_assert_cmpuint (strlen (r.err) - strlen (g_strchomp (r.err)), <=, 1);
      for (guint k = 0; k < G_N_ELEMENTS (cases[i].message) && cases[i].message[k]; k++)
        g_assert_nonnull (strstr (r.err, cases[i].message[k]));
      g_assert_false (g_file_test (chart, G_FILE_TEST_EXISTS));
    }
  g_remove (single);
  ring_test_remove_tmp_dir (dir);
}

/* A log read again with the same bytes and parameters takes the fit made before, in
 * any model; other parameters fit again, and so do other bytes. */
static void
test_load_cache (void)
{
  g_autofree char *path = log_path ("a100-2node-info.log");
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingMeasurement) first = NULL;
  g_autoptr(RingMeasurement) again = NULL;
  g_autoptr(RingMeasurement) other = NULL;
  RingParams params = *ring_model_get_params (model);
  guint hits = _ring_measurement_count_cache_hits ();

  first = ring_measurement_load (path, &params, NULL, NULL, NULL);
  g_assert_nonnull (first);
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits);
  again = ring_measurement_load (path, &params, NULL, NULL, NULL);
  g_assert_true (again == first);
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits + 1);
  g_assert_true (ring_model_insert_measurement (model, again, NULL));
  g_assert_true (g_ptr_array_index (ring_model_get_measurements (model), 0) == first);

  params.net_latency_us += 1;
  other = ring_measurement_load (path, &params, NULL, NULL, NULL);
  g_assert_true (other != first);
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits + 1);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/import/json", test_json);
  g_test_add_func ("/ring/import/load-cache", test_load_cache);
  g_test_add_func ("/ring/import/fit", test_fit);
  g_test_add_func ("/ring/import/fit-agrees", test_fit_agrees);
  g_test_add_func ("/ring/import/text", test_text);
  g_test_add_func ("/ring/import/verdict", test_verdict);
  g_test_add_func ("/ring/import/csv", test_csv);
  g_test_add_func ("/ring/import/one-size", test_one_size);
  g_test_add_func ("/ring/import/refused", test_refused);
  g_test_add_func ("/ring/import/degenerate", test_degenerate);

  return g_test_run ();
}
