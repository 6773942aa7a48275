/* test-fabric-charts.c: our time against another job's load on the same uplinks, worked
 * out by hand, and the chart's files from the command line.
 *
 * 8 nodes of 8 H100s (384 GB/s of payload a node) under leaves of 4 nodes at 4:1: a
 * leaf's uplinks carry 4/4 = 1 node rate. Packed, our ring sends one flow out of a leaf,
 * and so does the other job's: alone ours gets the node's whole rate. With the other job
 * at load λ the fair share is 1/2: below it (λ ≤ ½) ours gets what it leaves, 1 − λ;
 * above it both get ½. So 0 %: 1, 25 %: ¾, 50 %: ½, 100 %: ½ of 384 GB/s.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-test-cli.h"
#include "ring-test-files.h"
#include "ring-test-numbers.h"
#include "ring-chart-draw-private.h"

/* The chart's columns. */
enum { LOAD, WITH, ALONE, RATE, TIER, N_COLUMNS };

static void
set_shared_fabric (RingParams *params)
{
  ring_params_init_default (params);
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_GPU, "h100", NULL));
  params->gpus = 64;
  params->algorithm = RING_ALGORITHM_RING;
  params->fabric_tiers = 2;
  params->nodes_per_leaf = 4;
  params->oversubscription = 4;
  params->placement = RING_PLACEMENT_PACKED;
  params->other_job_gpus = 64;
  params->other_job_load = 50;
  g_assert_true (ring_params_validate (params, NULL));
}

/* The step of the same cluster on one non-blocking switch whose network runs at @share
 * of its rate: the fabric's narrowing worked out by hand, costed without the fabric. */
static double
step_at_share (const RingParams *shared,
               double            share)
{
  RingParams flat = *shared;
  RingResult result;

  flat.fabric_tiers = 1;
  flat.other_job_gpus = 0;
  flat.net_efficiency = share;
  ring_cost_evaluate (&flat, &result);

  return result.step_time_s;
}

static void
test_series (void)
{
  static const struct { double load, share; } points[] = {
    { 0, 1 }, { 25, 0.75 }, { 50, 0.5 }, { 100, 0.5 },
  };
  RingParams params;
  g_autoptr(RingChartData) data = NULL;
  double alone_s;

  set_shared_fabric (&params);
  data = _ring_chart_data_new (RING_CHART_OTHER_JOB_LOAD, &params);
  g_assert_cmpuint (data->columns->len, ==, N_COLUMNS);
  g_assert_cmpuint (data->n_rows, ==, 21);
  g_assert_null (data->note);
  g_assert_cmpstr (_ring_chart_data_column (data, LOAD)->unit, ==, "%");
  g_assert_cmpstr (_ring_chart_data_column (data, WITH)->label, ==,
                   "Step time with the other job");
  alone_s = step_at_share (&params, 1);

  for (guint p = 0; p < G_N_ELEMENTS (points); p++)
    {
      guint row = (guint) (points[p].load / 5);

      g_assert_cmpfloat (_ring_chart_data_column (data, LOAD)->values[row], ==,
                         points[p].load);
      ring_test_assert_relative (_ring_chart_data_column (data, RATE)->values[row],
                                 384 * points[p].share, 1e-12);
      ring_test_assert_relative (_ring_chart_data_column (data, WITH)->values[row],
                                 step_at_share (&params, points[p].share), 1e-12);
      ring_test_assert_relative (_ring_chart_data_column (data, ALONE)->values[row], alone_s,
                                 1e-12);
      g_assert_cmpstr (_ring_chart_data_column (data, TIER)->texts[row], ==,
                       points[p].share < 1 ? "spine" : "leaf");
    }
  /* The step grows with the load up to the fair share, and not past it. */
  g_assert_cmpfloat (_ring_chart_data_column (data, WITH)->values[10], >,
                     _ring_chart_data_column (data, WITH)->values[5]);
  g_assert_cmpfloat (_ring_chart_data_column (data, WITH)->values[5], >, alone_s);
  ring_test_assert_relative (_ring_chart_data_column (data, WITH)->values[20],
                             _ring_chart_data_column (data, WITH)->values[10], 1e-12);
  /* The marker's point is the model's own step at the current load. */
  ring_test_assert_relative (data->result.step_time_s,
                             _ring_chart_data_column (data, WITH)->values[10], 1e-12);
}

/* Without another job, or on one switch, the curves are one and the note says why. */
static void
test_no_effect (void)
{
  RingParams params;

  set_shared_fabric (&params);
  params.other_job_gpus = 0;
  {
    g_autoptr(RingChartData) data = _ring_chart_data_new (RING_CHART_OTHER_JOB_LOAD, &params);

    g_assert_nonnull (strstr (data->note, "No other job"));
    for (guint i = 0; i < data->n_rows; i++)
      g_assert_cmpfloat (_ring_chart_data_column (data, WITH)->values[i], ==,
                         _ring_chart_data_column (data, ALONE)->values[i]);
  }
  set_shared_fabric (&params);
  params.fabric_tiers = 1;
  {
    g_autoptr(RingChartData) data = _ring_chart_data_new (RING_CHART_OTHER_JOB_LOAD, &params);

    g_assert_nonnull (strstr (data->note, "non-blocking switch"));
    g_assert_cmpfloat (_ring_chart_data_column (data, WITH)->values[20], ==,
                       _ring_chart_data_column (data, ALONE)->values[20]);
  }
}

/* In single-collective mode the chart shows the all-reduce: at 1 GiB on the ring it is
 * the collective's time at the narrowed rate. */
static void
test_collective (void)
{
  RingParams params, flat;
  RingResult narrowed;
  g_autoptr(RingChartData) data = NULL;

  set_shared_fabric (&params);
  params.message_bytes = 1073741824.0;
  data = _ring_chart_data_new (RING_CHART_OTHER_JOB_LOAD, &params);
  g_assert_cmpstr (_ring_chart_data_column (data, WITH)->label, ==,
                   "All-reduce time with the other job");
  flat = params;
  flat.fabric_tiers = 1;
  flat.other_job_gpus = 0;
  flat.net_efficiency = 0.5;
  ring_cost_evaluate (&flat, &narrowed);
  ring_test_assert_relative (_ring_chart_data_column (data, WITH)->values[10],
                             narrowed.allreduce_time_s, 1e-12);
}

static const char * const shared_fabric_options[] = {
  "--gpu", "h100", "--gpus", "64", "--algorithm", "ring", "--fabric-tiers", "2",
  "--nodes-per-leaf", "4", "--oversubscription", "4:1", "--other-job-gpus", "64",
  "--other-job-load", "50",
};

static RingTestRun
export_chart (const char *path)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  g_ptr_array_add (argv, (gpointer) "--chart");
  g_ptr_array_add (argv, (gpointer) "other-job-load");
  g_ptr_array_add (argv, (gpointer) "--export");
  g_ptr_array_add (argv, (gpointer) path);
  for (guint i = 0; i < G_N_ELEMENTS (shared_fabric_options); i++)
    g_ptr_array_add (argv, (gpointer) shared_fabric_options[i]);
  g_ptr_array_add (argv, NULL);

  return ring_test_run_cli_full ("C.UTF-8", NULL, (const char * const *) argv->pdata);
}

/* The CSV's rows at 0, 50 and 100 % from the command line; the pictures open. */
static void
test_cli_files (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *csv = g_build_filename (dir, "other-job.csv", NULL);
  g_autofree char *png = g_build_filename (dir, "other-job.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "other-job.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "other-job.pdf", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *svg_text = NULL;
  g_auto(GStrv) lines = NULL;
  RingParams params;
  gsize length;

  if (ring_test_skip_without_plplot ())
    return;
  set_shared_fabric (&params);

  {
    g_auto(RingTestRun) run = export_chart (csv);

    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
  }
  contents = ring_test_read_file (csv, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "Other job’s load (%),Step time with the other job (s),"
                                 "Step time alone (s),Our rate through the fabric (GB/s),"
                                 "Bound tier");
  g_assert_cmpuint (g_strv_length (lines), >=, 22);
  for (guint row = 0; row <= 20; row += 10)
    {
      g_auto(GStrv) fields = g_strsplit (lines[1 + row], ",", -1);
      double share = row == 0 ? 1 : 0.5;

      g_assert_cmpuint (g_strv_length (fields), ==, N_COLUMNS);
      g_assert_cmpfloat (g_ascii_strtod (fields[LOAD], NULL), ==, row * 5);
      ring_test_assert_relative (g_ascii_strtod (fields[WITH], NULL),
                                 step_at_share (&params, share), 1e-12);
      ring_test_assert_relative (g_ascii_strtod (fields[RATE], NULL), 384 * share, 1e-12);
      g_assert_cmpstr (fields[TIER], ==, row == 0 ? "leaf" : "spine");
    }

  {
    g_auto(RingTestRun) run = export_chart (png);

    g_assert_cmpint (run.status, ==, 0);
  }
  ring_test_check_png (png, 1600, 1000);
  {
    g_auto(RingTestRun) run = export_chart (svg);

    g_assert_cmpint (run.status, ==, 0);
  }
  ring_test_check_svg (svg);
  contents = (g_free (contents), ring_test_read_file (svg, &length));
  svg_text = ring_test_svg_text (contents, length);
  g_assert_nonnull (strstr (svg_text, "Step time with the other job"));
  g_assert_nonnull (strstr (svg_text, "Step time alone"));
  {
    g_auto(RingTestRun) run = export_chart (pdf);

    g_assert_cmpint (run.status, ==, 0);
  }
  contents = (g_free (contents), ring_test_read_file (pdf, &length));
  g_assert_true (length > 5 && memcmp (contents, "%PDF-", 5) == 0);

  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/fabric-charts/series", test_series);
  g_test_add_func ("/ring/fabric-charts/no-effect", test_no_effect);
  g_test_add_func ("/ring/fabric-charts/collective", test_collective);
  g_test_add_func ("/ring/fabric-charts/cli-files", test_cli_files);

  return g_test_run ();
}
