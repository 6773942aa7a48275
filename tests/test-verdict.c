/* test-verdict.c: an nccl-tests log against the reference library of published runs.
 *
 * The library is the validation set as the source tree holds it; the logs are the
 * published gj-aion run (NVIDIA/nccl-tests issue #309), as measured and slowed down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-measurement.h"
#include "ring-verdict.h"

static RingReferenceLibrary *
read_library (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-validation.tsv",
                                                 NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  RingReferenceLibrary *library;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  library = ring_reference_library_parse (text, &error);
  g_assert_no_error (error);

  return library;
}

/* The gj-aion log with every time multiplied by @slowdown. */
static RingNcclLog *
gj_aion_log (double slowdown)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "h100-2node-gj-aion.log", NULL);
  g_autoptr(GError) error = NULL;
  RingNcclLog *log = ring_nccl_log_load (path, &error);

  g_assert_no_error (error);
  for (guint i = 0; i < log->points->len; i++)
    g_array_index (log->points, RingNcclPoint, i).time_us *= slowdown;

  return log;
}

/* 2 nodes of 8 H100 over InfiniBand, as the window compares the log. */
static RingParams
h100_cluster (void)
{
  RingParams params;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.gpus = 16;
  params.gpus_per_node = 8;
  params.fabric = RING_FABRIC_INFINIBAND;

  return params;
}

/* Runs the library keeps and leaves out: a degraded, mis-tuned or tuned run is no measure
 * of what a cluster should give, nor is a row on another interconnect than its GPU's. */
static void
test_library (void)
{
  g_autoptr(RingReferenceLibrary) library = read_library ();
  gboolean gj_aion = FALSE;

  g_assert_cmpuint (library->runs->len, >, 100);
  for (guint i = 0; i < library->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (library->runs, i);

      g_assert_true (g_str_equal (run->status, "ok") || g_str_equal (run->status, "uncertain")
                     || g_str_equal (run->status, "derived"));
      g_assert_cmpstr (run->system, !=, "h100-pcie-pair");
      g_assert_cmpstr (run->system, !=, "rtx2080ti-nvlink");
      g_assert_cmpuint (strlen (run->source), >, 10);
      if (g_str_equal (run->system, "gj-aion-h100-ib") && run->size_bytes == 8589934592.0
          && run->nodes == 2)
        {
          /* 34 508 µs at 8 GiB on 16 ranks: 466.7 GB/s as nccl-tests printed it. */
          g_assert_cmpfloat_with_epsilon (ring_reference_run_busbw_gbps (run), 466.73, 0.01);
          gj_aion = TRUE;
        }
    }
  g_assert_true (gj_aion);
}

static void
test_parse_errors (void)
{
  static const char *bad[] = {
    "",
    "# only a comment\n",
    "system\tgpu\tnodes\n",
    "system\tgpu\tnodes\tgpus_per_node\tfabric\tbandwidth_gbps\tsize_bytes\tmeasured_us"
    "\tstatus\tsource\nx\th100\t2\t8\tinfiniband\t\t1024\n",
    "system\tgpu\tnodes\tgpus_per_node\tfabric\tbandwidth_gbps\tsize_bytes\tmeasured_us"
    "\tstatus\tsource\nx\tno-such-gpu\t2\t8\tinfiniband\t\t1024\t10\tok\tsomewhere\n",
    "system\tgpu\tnodes\tgpus_per_node\tfabric\tbandwidth_gbps\tsize_bytes\tmeasured_us"
    "\tstatus\tsource\nx\th100\t2\t8\tinfiniband\t\t1024\t-3\tok\tsomewhere\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(RingReferenceLibrary) library = ring_reference_library_parse (bad[i], &error);

      g_assert_null (library);
      g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
    }
}

/* The published log itself reads within the published range of 2 × 8 H100 at 8 GiB. */
static void
test_healthy (void)
{
  g_autoptr(RingReferenceLibrary) library = read_library ();
  g_autoptr(RingNcclLog) log = gj_aion_log (1);
  RingParams cluster = h100_cluster ();
  g_autoptr(RingVerdict) verdict = ring_verdict_new (library, log, &cluster);
  g_autofree char *text = ring_verdict_describe (verdict);

  g_test_message ("%s", text);
  g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_WITHIN);
  g_assert_cmpfloat (verdict->size_bytes, ==, 8589934592.0);
  g_assert_cmpfloat_with_epsilon (verdict->busbw_gbps, 466.73, 0.01);
  g_assert_cmpuint (verdict->nodes, ==, 2);
  g_assert_cmpuint (verdict->reference_nodes, ==, 2);
  g_assert_cmpuint (verdict->n_systems, >=, 3);
  g_assert_cmpfloat (verdict->low_gbps, <=, verdict->busbw_gbps);
  for (guint i = 0; i < verdict->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (verdict->runs, i);

      g_assert_cmpuint (run->gpu, ==, RING_GPU_H100);
      g_assert_cmpuint (run->nodes, ==, 2);
      g_assert_cmpuint (run->gpus_per_node, ==, 8);
      g_assert_cmpint (run->fabric, !=, RING_FABRIC_TCP);
      g_assert_cmpfloat (run->size_bytes, ==, 8589934592.0);
    }
  g_assert_nonnull (strstr (text, "Your 2 × 8 "));
  g_assert_nonnull (strstr (text, "at 8 GiB"));
  g_assert_nonnull (strstr (text, "within the published range"));
}

/* Slowed down twice, the run is below the published ones; five times, far below them. */
static void
test_degraded (void)
{
  g_autoptr(RingReferenceLibrary) library = read_library ();
  RingParams cluster = h100_cluster ();
  static const struct { double slowdown; RingVerdictClass verdict; const char *says; } cases[] = {
    { 2, RING_VERDICT_BELOW, "— below them" },
    { 5, RING_VERDICT_FAR_BELOW, "— far below them" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(RingNcclLog) log = gj_aion_log (cases[i].slowdown);
      g_autoptr(RingVerdict) verdict = ring_verdict_new (library, log, &cluster);
      g_autofree char *text = ring_verdict_describe (verdict);

      g_test_message ("%s", text);
      g_assert_cmpint (verdict->verdict, ==, cases[i].verdict);
      g_assert_cmpfloat_with_epsilon (verdict->busbw_gbps, 466.73 / cases[i].slowdown, 0.01);
      g_assert_nonnull (strstr (text, cases[i].says));
    }
}

/* A cluster the library has no run of says so, and compares nothing. */
static void
test_no_neighbour (void)
{
  g_autoptr(RingReferenceLibrary) library = read_library ();
  g_autoptr(RingNcclLog) log = gj_aion_log (1);
  RingParams rtx = h100_cluster ();
  RingParams sockets = h100_cluster ();
  RingParams *clusters[] = { &rtx, &sockets };

  ring_params_apply_gpu (&rtx, RING_GPU_RTX5090);
  rtx.gpus_per_node = 8;
  sockets.fabric = RING_FABRIC_TCP;
  for (guint i = 0; i < G_N_ELEMENTS (clusters); i++)
    {
      g_autoptr(RingVerdict) verdict = ring_verdict_new (library, log, clusters[i]);
      g_autofree char *text = ring_verdict_describe (verdict);

      g_test_message ("%s", text);
      g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_NO_NEIGHBOUR);
      g_assert_cmpuint (verdict->runs->len, ==, 0);
      g_assert_true (isnan (verdict->busbw_gbps));
      g_assert_nonnull (strstr (text, "no published run"));
    }

  {
    g_autoptr(RingVerdict) verdict = ring_verdict_new (NULL, log, &rtx);
    g_autofree char *text = ring_verdict_describe (verdict);

    g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_NO_LIBRARY);
    g_assert_nonnull (strstr (text, "not installed"));
  }
}

/* The nearest node count, by ratio, within a factor of four stands in: 3 nodes read
 * against the 4-node runs, 64 nodes against none. */
static void
test_nearest_nodes (void)
{
  g_autoptr(RingReferenceLibrary) library = read_library ();
  g_autoptr(RingNcclLog) log = gj_aion_log (1);
  RingParams three = h100_cluster ();
  RingParams many = h100_cluster ();
  g_autoptr(RingVerdict) near = NULL;
  g_autoptr(RingVerdict) far = NULL;

  three.gpus = 24;
  many.gpus = 512;
  near = ring_verdict_new (library, log, &three);
  far = ring_verdict_new (library, log, &many);
  g_assert_cmpuint (near->nodes, ==, 3);
  g_assert_cmpuint (near->reference_nodes, ==, 4);
  g_assert_cmpuint (near->runs->len, >, 0);
  g_assert_cmpuint (far->nodes, ==, 64);
  g_assert_cmpint (far->verdict, ==, RING_VERDICT_NO_NEIGHBOUR);
}

/* A log added to a model carries its verdict against the installed library. */
static void
test_measurement (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingNcclLog) log = gj_aion_log (1);
  RingParams params = h100_cluster ();
  RingMeasurement *measurement;

  g_assert_nonnull (ring_reference_library_get_default ());
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_true (ring_model_add_measurement (model, "gj-aion.log", log, NULL));
  measurement = g_ptr_array_index (ring_model_get_measurements (model), 0);
  g_assert_nonnull (measurement->verdict);
  g_assert_cmpint (measurement->verdict->verdict, ==, RING_VERDICT_WITHIN);
}

/* An alltoall log of 4 H100 in one host, at the published row's 500 MiB (nccl issue
 * #2169: 1174.14 µs, busbw 334.90 GB/s), taking @time_us: busbw = size / time · 3/4. */
static RingNcclLog *
alltoall_log (double time_us)
{
  double algbw_gbps = 524288000 / (time_us * 1e3);
  g_autofree char *text =
    g_strdup_printf ("# Collective test starting: alltoall_perf\n"
                     "# nThread 1 nGpus 1 minBytes 524288000 maxBytes 524288000\n"
                     "#  Rank  0 Group  0 Pid 1 on node device  0 [0x4e] NVIDIA H100 80GB HBM3\n"
                     "#  Rank  1 Group  0 Pid 2 on node device  1 [0x5f] NVIDIA H100 80GB HBM3\n"
                     "#  Rank  2 Group  0 Pid 3 on node device  2 [0xcb] NVIDIA H100 80GB HBM3\n"
                     "#  Rank  3 Group  0 Pid 4 on node device  3 [0xdb] NVIDIA H100 80GB HBM3\n"
                     "#       size         count      type   redop    root     time   algbw "
                     "  busbw #wrong     time   algbw   busbw #wrong\n"
                     "   524288000      32768000     float    none      -1  %.2f  %.2f  %.2f"
                     "       0  %.2f  %.2f  %.2f       0\n",
                     time_us, algbw_gbps, algbw_gbps * 3 / 4,
                     time_us, algbw_gbps, algbw_gbps * 3 / 4);
  g_autoptr(GError) error = NULL;
  RingNcclLog *log = ring_nccl_log_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_cmpint (log->collective, ==, RING_COLLECTIVE_ALLTOALL);

  return log;
}

/* The collectives' file: runs of other collectives, judged with their own factor, and
 * only against logs of the same collective. */
static void
test_collectives (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data",
                                                 "nccl-validation-collectives.tsv", NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RingReferenceLibrary) library = NULL;
  g_autoptr(RingNcclLog) healthy = alltoall_log (1200);
  g_autoptr(RingNcclLog) degraded = alltoall_log (4000);
  RingParams cluster;
  guint alltoall_runs = 0;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  library = ring_reference_library_parse (text, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < library->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (library->runs, i);

      g_assert_cmpint (run->collective, !=, RING_COLLECTIVE_ALL_REDUCE);
      alltoall_runs += run->collective == RING_COLLECTIVE_ALLTOALL;
      /* 524288000 B in 1174.14 µs on 4 GPUs: 446.53 · 3/4 = 334.90 GB/s, as printed. */
      if (g_str_equal (run->system, "nccl2169-h100-alltoall"))
        g_assert_cmpfloat (fabs (ring_reference_run_busbw_gbps (run) - 334.90), <, 0.005);
    }
  /* The degraded V100 runs are left out, as in the all-reduce file. */
  g_assert_cmpuint (alltoall_runs, ==, 2);

  ring_params_init_default (&cluster);
  ring_params_apply_gpu (&cluster, RING_GPU_H100);
  cluster.gpus = 4;
  cluster.gpus_per_node = 4;
  {
    g_autoptr(RingVerdict) verdict = ring_verdict_new (library, healthy, &cluster);
    g_autofree char *description = ring_verdict_describe (verdict);

    g_test_message ("%s", description);
    g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_WITHIN);
    g_assert_cmpint (verdict->collective, ==, RING_COLLECTIVE_ALLTOALL);
    /* 524288000 / 1200 µs = 436.91 GB/s algbw, · 3/4 = 327.68 GB/s busbw. */
    g_assert_cmpfloat (fabs (verdict->busbw_gbps - 524288000 / 1200e3 * 0.75), <, 1e-9);
    g_assert_cmpuint (verdict->runs->len, ==, 1);
    g_assert_nonnull (strstr (description, "(alltoall) at 500 MiB"));
  }
  {
    g_autoptr(RingVerdict) verdict = ring_verdict_new (library, degraded, &cluster);

    g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_FAR_BELOW);
  }
  /* The same GPUs and size in the all-reduce file are no neighbours of an alltoall. */
  {
    g_autoptr(RingReferenceLibrary) all_reduce = read_library ();
    g_autoptr(RingVerdict) verdict = ring_verdict_new (all_reduce, healthy, &cluster);
    g_autofree char *description = ring_verdict_describe (verdict);

    g_assert_cmpint (verdict->verdict, ==, RING_VERDICT_NO_COLLECTIVE);
    g_assert_cmpstr (ring_verdict_class_name (verdict->verdict), ==, "no_collective");
    g_assert_nonnull (strstr (description, "no published run of this collective"));
  }
  /* A collective the file cannot name is an error naming its line. */
  {
    g_autoptr(GError) bad_error = NULL;
    g_autoptr(RingReferenceLibrary) bad =
      ring_reference_library_parse ("system\tgpu\tnodes\tgpus_per_node\tfabric\tbandwidth_gbps"
                                    "\tsize_bytes\tmeasured_us\tstatus\tsource\tcollective\n"
                                    "x\th100\t1\t4\tinfiniband\t\t1024\t10\tok\ts\tgather\n",
                                    &bad_error);

    g_assert_null (bad);
    g_assert_error (bad_error, G_FILE_ERROR, G_FILE_ERROR_INVAL);
    g_assert_nonnull (strstr (bad_error->message, "line 2: “gather” is not a collective"));
  }
  /* The installed library holds both files. */
  {
    const RingReferenceLibrary *installed = ring_reference_library_get_default ();
    guint collectives = 0;

    g_assert_nonnull (installed);
    for (guint i = 0; i < installed->runs->len; i++)
      collectives += ((RingReferenceRun *) g_ptr_array_index (installed->runs, i))->collective
                     != RING_COLLECTIVE_ALL_REDUCE;
    g_assert_cmpuint (collectives, ==, library->runs->len);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/verdict/library", test_library);
  g_test_add_func ("/ring/verdict/parse-errors", test_parse_errors);
  g_test_add_func ("/ring/verdict/healthy", test_healthy);
  g_test_add_func ("/ring/verdict/degraded", test_degraded);
  g_test_add_func ("/ring/verdict/no-neighbour", test_no_neighbour);
  g_test_add_func ("/ring/verdict/nearest-nodes", test_nearest_nodes);
  g_test_add_func ("/ring/verdict/measurement", test_measurement);
  g_test_add_func ("/ring/verdict/collectives", test_collectives);

  return g_test_run ();
}
