/* test-cli-input.c: the command line's input, run as a user runs it, with no display: bad
 * values and combinations, the cluster's options, lists, stray arguments, help.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-test-cli.h"
#include "ring-test-json.h"

typedef struct
{
  const char *option;
  const char *value;
} BadValue;

/* Each rejected value: exit 2, the option named on stderr, nothing on stdout. */
static void
test_bad_values (void)
{
  const BadValue bad[] = {
    { "--gpus", "0" },
    { "--gpus", "-4" },
    { "--gpus", "2000000" },
    { "--gpus", "abc" },
    { "--gpus", "NaN" },
    { "--gpus", "3.5" },
    { "--model-params", "1e400" },
    { "--model-params", "12Q" },
    { "--bandwidth", "0" },
    { "--bandwidth", "-300" },
    { "--compute", "inf" },
    { "--tokens", "0" },
    { "--grad-bytes", "3" },
    { "--grad-bytes", "-4" },
    { "--grad-bytes", "1e30" },
    { "--grad-bytes", "2.5" },
    { "--latency", "-1" },
    { "--overlap", "0.5" },  /* withdrawn: an unknown option now */
    { "--algorithm", "butterfly" },
    { "--bucket-size", "512KiB" },
    { "--bucket-size", "5GiB" },
    { "--bucket-size", "-1" },
    { "--bucket-size", "many" },
    { "--comm-slowdown", "1.5" },
    { "--comm-slowdown", "-0.1" },
    { "--sharding", "zero4" },
    { "--sharding", "" },
    { "--activation-checkpointing", "half" },
    { "--fused-attention", "2" },
    { "--fused-attention", "0.5" },
    { "--algorithm", "ring2" },
    { "--gpu", "h300" },
    { "--gpu", "" },
    { "--gpus-per-node", "0" },
    { "--gpus-per-node", "1025" },
    { "--gpus-per-node", "2.5" },
    { "--gpus-per-node", "eight" },
    { "--nvlink-domain", "-1" },
    { "--nvlink-domain", "1025" },
    { "--nvlink-domain", "7.5" },
    { "--nvlink-domain", "rack" },
    { "--nccl-version", "2.17" },
    { "--nccl-version", "2.29" },
    { "--nccl-version", "2.8.4" },
    { "--nccl-version", "2.21.x" },
    { "--nccl-version", "2.21." },
    { "--nccl-version", "latest" },
    { "--pcie-gen", "2" },
    { "--pcie-gen", "7" },
    { "--pcie-gen", "5.5" },
    { "--pcie-gen", "gen5" },
    { "--nics-per-node", "-1" },
    { "--nics-per-node", "65" },
    { "--nics-per-node", "1.5" },
    { "--nic-speed", "0" },
    { "--nic-speed", "20000" },
    { "--nic-speed", "fast" },
    { "--nic-speed", "400Xb/s" },
    { "--nic-speed", "-400G" },
    { "--fabric", "myrinet" },
    { "--fabric", "" },
    { "--net-latency", "-1" },
    { "--net-latency", "10001" },
    { "--net-latency", "nan" },
    { "--net-latency", "1ms" },
    { "--fabric-tiers", "0" },
    { "--fabric-tiers", "4" },
    { "--fabric-tiers", "2.5" },
    { "--nodes-per-leaf", "0" },
    { "--nodes-per-leaf", "5000" },
    { "--oversubscription", "1:2" },
    { "--oversubscription", "0.5" },
    { "--oversubscription", "2:3" },
    { "--oversubscription", "65:1" },
    { "--oversubscription", "lots" },
    { "--other-job-gpus", "-1" },
    { "--other-job-gpus", "many" },
    { "--other-job-load", "101" },
    { "--other-job-load", "-5" },
    { "--rail-optimized", "2" },
    { "--placement", "random" },
    { "--message-size", "0" },
    { "--message-size", "lots" },
    { "--slow-link", "3" },
    { "--slow-link", "3:0" },
    { "--slow-link", "3:150%" },
    { "--slow-link", "8:0.5" },      /* no link 8 among the default 8 GPUs */
    { "--slow-gpu", "-1:0.5" },
    { "--slow-gpu", "2:half" },
    { "--tensor-parallel", "0" },
    { "--tensor-parallel", "1025" },
    { "--pipeline-parallel", "0" },
    { "--context-parallel", "1.5" },
    { "--micro-batches", "0" },
    { "--micro-batches", "65537" },
    { "--report", NULL },  /* filled below with a bad format */
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *joined = NULL;
      RingTestRun r;

      if (bad[i].value == NULL)
        {
          r = ring_test_run_cli (NULL, "--report=xml", NULL);
          joined = g_strdup ("--report=xml");
        }
      else
        {
          joined = g_strdup_printf ("%s=%s", bad[i].option, bad[i].value);
          r = ring_test_run_cli (NULL, joined, "--report", NULL);
        }

      if (r.status != 2)
        g_error ("%s: exit status %d, expected 2 (stderr: %s)", joined, r.status, r.err);
      if (strstr (r.err, bad[i].option) == NULL)
        g_error ("%s: stderr does not name the option: %s", joined, r.err);
      g_assert_cmpstr (r.out, ==, "");

      ring_test_run_clear (&r);

      /* Asking for the window, the value is refused in the terminal that started it,
       * before any window program runs (there is no display here to open one on). */
      if (bad[i].value != NULL)
        {
          r = ring_test_run_cli (NULL, joined, NULL);
          if (r.status != 2 || strstr (r.err, bad[i].option) == NULL)
            g_error ("%s without --report: exit status %d (stderr: %s)", joined, r.status,
                     r.err);
          ring_test_run_clear (&r);
        }
    }
}

static RingTestRun
run_args (const char         *locale,
          const char * const *args)
{
  return ring_test_run_cli_full (locale, NULL, args);
}

/* Values fine one by one that no cluster can have together: refused with status 2, the
 * option named and the reason given, for a report and for the window alike. */
static void
test_impossible_combinations (void)
{
  const struct
  {
    const char *args[8];
    const char *named;
    const char *why;
  } cases[] = {
    /* NVLS reduces in NVSwitch, which Hopper brought. */
    { { "--algorithm", "nvls", "--gpu", "a100", NULL }, "--algorithm", "Hopper" },
    { { "--algorithm", "nvls", "--gpu", "h100-pcie", NULL }, "--algorithm", "NVSwitch" },
    { { "--gpu", "l40s", "--algorithm=nvls-tree", "--gpus", "64", NULL }, "--algorithm",
      "NVSwitch" },
    /* CollNet reduces in InfiniBand switches with SHARP. */
    { { "--algorithm", "collnet", "--gpus", "64", NULL }, "--algorithm", "SHARP" },
    { { "--algorithm", "collnet", "--fabric", "roce", "--gpus", "64", NULL }, "--algorithm",
      "SHARP" },
    /* Eight nodes and no network between them. */
    { { "--gpus", "64", "--nics-per-node", "0", NULL }, "--nics-per-node", "8 nodes" },
    /* Megatron's layout: T inside a node, P at most the layers, T · P · C dividing N. */
    { { "--gpus", "100", "--tensor-parallel", "8", NULL }, "--gpus", "8 × 1 × 1 = 8" },
    { { "--gpus", "64", "--tensor-parallel", "16", NULL }, "--tensor-parallel",
      "node of 8 GPUs" },
    { { "--preset", "llama3-8b", "--gpus", "64", "--pipeline-parallel", "64", NULL },
      "--pipeline-parallel", "32 layers" },
    /* An NVLink domain spans whole nodes, of GPUs that have NVLink. */
    { { "--gpu", "gb200", "--nvlink-domain", "70", NULL }, "--nvlink-domain",
      "whole number of nodes of 4" },
    { { "--gpu", "l40s", "--nvlink-domain", "16", NULL }, "--nvlink-domain", "no NVLink" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();

      for (guint a = 0; cases[i].args[a] != NULL; a++)
        g_ptr_array_add (args, (char *) cases[i].args[a]);
      g_test_message ("%s", cases[i].args[1]);

      for (guint window = 0; window < 2; window++)
        {
          g_auto(RingTestRun) r = { 0, };

          if (!window)
            g_ptr_array_add (args, (char *) "--report=json");
          g_ptr_array_add (args, NULL);
          r = run_args (NULL, (const char * const *) args->pdata);
          g_ptr_array_set_size (args, args->len - (window ? 1 : 2));

          g_assert_cmpint (r.status, ==, 2);
          g_assert_cmpstr (r.out, ==, "");
          if (strstr (r.err, cases[i].named) == NULL || strstr (r.err, cases[i].why) == NULL)
            g_error ("stderr names neither %s nor why (%s): %s", cases[i].named, cases[i].why,
                     r.err);
        }
    }

  /* What it can run, it runs: NVLS on one H100 node, CollNet on SHARP. */
  {
    g_auto(RingTestRun) nvls = ring_test_run_cli (NULL, "--gpu", "h100", "--algorithm", "nvls",
                                                  "--message-size", "1GiB", "--report", NULL);
    g_auto(RingTestRun) collnet = ring_test_run_cli (NULL, "--gpus", "64", "--fabric",
                                                     "infiniband-sharp", "--algorithm",
                                                     "collnet", "--report", NULL);
    g_autoptr(JsonObject) report = NULL;

    g_assert_cmpint (nvls.status, ==, 0);
    report = ring_test_parse_report (nvls.out);
    g_assert_cmpstr (json_object_get_string_member (report, "algorithm_used"), ==, "nvls");
    g_assert_cmpint (collnet.status, ==, 0);
    g_clear_pointer (&report, json_object_unref);
    report = ring_test_parse_report (collnet.out);
    g_assert_cmpstr (json_object_get_string_member (report, "algorithm_used"), ==, "collnet");
  }
}

/* A NIC's speed as NICs are sold (a bare number is Gb/s) or as people write it. */
static void
test_nic_speeds (void)
{
  const struct
  {
    const char *typed;
    double      gbit;
  } speeds[] = {
    { "400", 400 }, { "400Gb/s", 400 }, { "50GB/s", 400 }, { "400G", 400 },
    { "400 Gb/s", 400 }, { "400Gbps", 400 }, { "100GbE", 100 }, { "1.6T", 1600 },
    { "200", 200 }, { "12.5GB/s", 100 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
    {
      g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--nic-speed", speeds[i].typed,
                                                 "--report", NULL);
      g_autoptr(JsonObject) report = NULL;

      g_test_message ("%s", speeds[i].typed);
      g_assert_cmpint (r.status, ==, 0);
      report = ring_test_parse_report (r.out);
      g_assert_cmpfloat (json_object_get_double_member (report, "nic_speed_gbit"), ==,
                         speeds[i].gbit);
    }
}

/* Each new option reaches the report under its key; a GPU brings its facts, a fabric its
 * latency, and an option after them overrides either. */
static void
test_cluster_options (void)
{
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "b200", "--gpus", "100",
                                             "--gpus-per-node", "4", "--nics-per-node", "2",
                                             "--fabric", "roce", "--report", NULL);
  g_auto(RingTestRun) latency = ring_test_run_cli (NULL, "--net-latency", "12", "--fabric",
                                                   "roce", "--report", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
  g_assert_cmpstr (json_object_get_string_member (report, "gpu"), ==, "b200");
  /* DGX B200: 18 NVLink 5 links of 50 GB/s; 2250 dense TFLOP/s at 40 %. */
  g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 900);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "compute_tflops"),
                                  900, 1e-9);
  g_assert_cmpint (json_object_get_int_member (report, "gpus_per_node"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (report, "nics_per_node"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (report, "fabric"), ==, "roce");
  g_assert_cmpfloat (json_object_get_double_member (report, "net_latency_us"), ==, 3);
  /* ⌈100 / 4⌉ */
  g_assert_cmpint (json_object_get_int_member (report, "nodes"), ==, 25);

  /* The option wins over the fabric's usual latency, wherever it stands. */
  g_assert_cmpint (latency.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = ring_test_parse_report (latency.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "net_latency_us"), ==, 12);
}

/* `--gpu list` is "name<TAB>description" per catalogue entry, in catalogue order, as
 * `--preset list` and `--chart list` are. */
static void
test_lists (void)
{
  g_auto(RingTestRun) gpus = ring_test_run_cli (NULL, "--gpu", "list", NULL);
  g_auto(RingTestRun) presets = ring_test_run_cli (NULL, "--preset", "list", NULL);
  g_auto(RingTestRun) charts = ring_test_run_cli (NULL, "--chart", "list", NULL);
  g_auto(GStrv) lines = NULL;
  const RingGpuInfo *catalogue;
  guint n_gpus;

  g_assert_cmpint (gpus.status, ==, 0);
  g_assert_cmpstr (gpus.err, ==, "");
  catalogue = ring_gpus_get (&n_gpus);
  lines = g_strsplit (gpus.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, n_gpus + 1);
  g_assert_cmpstr (lines[n_gpus], ==, "");
  for (guint i = 0; i < n_gpus; i++)
    {
      g_autofree char *expected = g_strdup_printf ("%s\t%s", catalogue[i].name,
                                                   catalogue[i].description);

      g_assert_cmpstr (lines[i], ==, expected);
    }

  for (guint l = 0; l < 2; l++)
    {
      const RingTestRun *list = l == 0 ? &presets : &charts;
      g_auto(GStrv) rows = g_strsplit (list->out, "\n", -1);

      g_assert_cmpint (list->status, ==, 0);
      for (guint i = 0; rows[i] != NULL && rows[i][0] != '\0'; i++)
        {
          g_auto(GStrv) fields = g_strsplit (rows[i], "\t", -1);

          g_assert_cmpuint (g_strv_length (fields), ==, 2);
          g_assert_cmpstr (fields[0], !=, "");
          g_assert_null (strchr (fields[0], ' '));
          g_assert_cmpstr (fields[1], !=, "");
        }
    }
}

/* A list beside an export or a report would print the list and write nothing: refused
 * with status 2, nothing written (issue 27). */
static void
test_lists_beside_actions (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ring-test-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  const char *options[] = { "--gpu", "--preset", "--chart" };

  g_assert_nonnull (dir);
  for (guint o = 0; o < G_N_ELEMENTS (options); o++)
    for (guint action = 0; action < 2; action++)
      {
        g_auto(RingTestRun) r = action == 0
                                ? ring_test_run_cli (NULL, options[o], "list", "--report", NULL)
                                : ring_test_run_cli (NULL, options[o], "list", "--export", png,
                                                     NULL);
        g_autofree char *says = g_strdup_printf ("%s list only prints a list; it cannot go "
                                                 "with %s", options[o],
                                                 action == 0 ? "--report" : "--export");

        g_test_message ("%s", r.err);
        g_assert_cmpint (r.status, ==, 2);
        g_assert_cmpstr (r.out, ==, "");
        g_assert_nonnull (strstr (r.err, says));
        g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
      }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --import-nccl takes a file:// URI as --scenario and --export do; another scheme is
 * refused naming it. */
static void
test_import_uri (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "h100-1node.log", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_auto(RingTestRun) by_path = ring_test_run_cli (NULL, "--import-nccl", path,
                                                   "--report=json", NULL);
  g_auto(RingTestRun) by_uri = ring_test_run_cli (NULL, "--import-nccl", uri,
                                                  "--report=json", NULL);
  g_auto(RingTestRun) remote = ring_test_run_cli (NULL, "--import-nccl",
                                                  "http://example.com/h100.log", "--report",
                                                  NULL);

  g_assert_cmpstr (by_uri.err, ==, "");
  g_assert_cmpint (by_uri.status, ==, 0);
  g_assert_cmpstr (by_uri.out, ==, by_path.out);
  g_assert_cmpint (remote.status, ==, 2);
  g_assert_nonnull (strstr (remote.err, "http://example.com/h100.log is not a file on this "
                                        "computer"));
}

/* An argument that belongs to no option is refused with status 2, named, before anything
 * is printed or written, in every mode: report, export, list and window. */
static void
test_stray_arguments (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ring-cli-XXXXXX", &error);
  g_autofree char *svg = g_build_filename (dir, "r.svg", NULL);
  const struct
  {
    const char *stray;
    const char *args[6];
  } cases[] = {
    { "stray", { "stray", "--report", NULL } },
    { "stray", { "--export", svg, "stray", NULL } },
    /* GOption takes it as --report's optional value: refused all the same. */
    { "stray", { "--report", "stray", NULL } },
    { "16", { "--gpus", "8", "16", "--report=json", NULL } },
    { "stray", { "stray", NULL } },
    { "stray", { "--gpus", "8", "stray", NULL } },
    { "stray", { "--chart", "list", "stray", NULL } },
    { "--report", { "--", "--report", NULL } },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RingTestRun) r = run_args (NULL, cases[i].args);
      g_autofree char *named = g_strdup_printf ("“%s”", cases[i].stray);

      g_test_message ("case %u", i);
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, named));
      g_assert_cmpstr (r.out, ==, "");
      g_assert_false (g_file_test (svg, G_FILE_TEST_EXISTS));
    }

  g_rmdir (dir);
}

/* --size and --chart describe an export: without --export they are refused the same way
 * whatever else is asked (a report, the window). */
static void
test_export_options_alone (void)
{
  const char *cases[][4] = {
    { "--size", "800x500", NULL },
    { "--size", "800x500", "--report", NULL },
    { "--size", "800x500", "--report=text", NULL },
    { "--chart", "utilization-map", NULL },
    { "--chart", "utilization-map", "--report", NULL },
    { "--chart", "all", "--report=json", NULL },
    { "--size", "1x1", "--gpus=16", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RingTestRun) r = run_args (NULL, cases[i]);

      g_test_message ("%s %s %s", cases[i][0], cases[i][1], cases[i][2] ? cases[i][2] : "");
      g_assert_cmpint (r.status, ==, 2);
      g_assert_nonnull (strstr (r.err, cases[i][0]));
      g_assert_nonnull (strstr (r.err, "--export"));
      g_assert_cmpstr (r.out, ==, "");
    }
}

/* In the C locale, whose encoding is ASCII, GOption's own conversion used to reject
 * anything else with "Invalid byte sequence in conversion input" and no option named.
 * Each rejected value names its option; valid UTF-8 such as 1600×1000 is understood. */
static void
test_c_locale_values (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ring-cli-XXXXXX", &error);
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  const struct
  {
    const char *option;
    const char *args[6];
  } rejected[] = {
    { "--gpus", { "--gpus", "8×", "--report", NULL } },
    { "--gpus", { "--gpus=\377", "--report", NULL } },
    { "--bandwidth", { "--bandwidth", "½", "--report", NULL } },
    { "--model-params", { "--model-params", "7 Mrd.\366", "--report", NULL } },
    { "--preset", { "--preset", "grüne", "--report", NULL } },
    { "--message-size", { "--message-size", "1µB", "--report", NULL } },
    { "--report", { "--report=jsön", NULL } },
    { "--report", { "--report=\351", NULL } },
    { "--chart", { "--export", png, "--chart", "übersicht", NULL } },
    { "--size", { "--export", png, "--size", "1600×1000×2", NULL } },
    { "--size", { "--export", png, "--size", "\327", NULL } },
    { "--algorithm", { "--algorithm", "ring\342\200", "--report", NULL } },
  };

  g_assert_no_error (error);
  for (guint i = 0; i < G_N_ELEMENTS (rejected); i++)
    {
      g_auto(RingTestRun) r = run_args ("C", rejected[i].args);

      g_test_message ("%s", rejected[i].option);
      g_assert_cmpint (r.status, ==, 2);
      if (strstr (r.err, rejected[i].option) == NULL)
        g_error ("%s: stderr does not name the option: %s", rejected[i].option, r.err);
      g_assert_null (strstr (r.err, "Invalid byte sequence"));
      g_assert_cmpstr (r.out, ==, "");
    }
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));

  /* A CSV needs no PLplot, and checks its size all the same. */
  {
    g_autofree char *csv = g_build_filename (dir, "chart.csv", NULL);
    const char *args[] = { "--export", csv, "--size", "1600×1000", NULL };
    g_auto(RingTestRun) r = run_args ("C", args);

    g_assert_cmpint (r.status, ==, 0);
    g_assert_true (g_file_test (csv, G_FILE_TEST_IS_REGULAR));
    g_remove (csv);
  }

  g_rmdir (dir);
}

static void
test_unknown_option (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--frobnicate", NULL);

  g_assert_cmpint (r.status, !=, 0);
  g_assert_cmpint (r.status, !=, -1);
  g_assert_nonnull (strstr (r.err, "frobnicate"));
  g_assert_nonnull (strstr (r.err, "--help"));

  ring_test_run_clear (&r);
}

static void
test_help (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--help", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "--gpus"));
  g_assert_nonnull (strstr (r.out, "--report"));
  g_assert_nonnull (strstr (r.out, "--export"));

  ring_test_run_clear (&r);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_cli (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ring/cli/bad-values", test_bad_values);
  g_test_add_func ("/ring/cli/impossible-combinations", test_impossible_combinations);
  g_test_add_func ("/ring/cli/nic-speeds", test_nic_speeds);
  g_test_add_func ("/ring/cli/cluster-options", test_cluster_options);
  g_test_add_func ("/ring/cli/lists", test_lists);
  g_test_add_func ("/ring/cli/lists-beside-actions", test_lists_beside_actions);
  g_test_add_func ("/ring/cli/import-uri", test_import_uri);
  g_test_add_func ("/ring/cli/stray-arguments", test_stray_arguments);
  g_test_add_func ("/ring/cli/export-options-alone", test_export_options_alone);
  g_test_add_func ("/ring/cli/c-locale-values", test_c_locale_values);
  g_test_add_func ("/ring/cli/unknown-option", test_unknown_option);
  g_test_add_func ("/ring/cli/help", test_help);

  return g_test_run ();
}
