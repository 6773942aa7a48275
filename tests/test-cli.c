/* test-cli.c: the command-line contract, run as a user runs it, with no display.
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

static JsonObject *
parse_report (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));

  return json_object_ref (json_node_get_object (root));
}

/* The figures of DESIGN.md at the defaults, derived in test-cost.c: the seed's formula is
 * the flat-ring algorithm now (the default is auto). */
static void
test_report_defaults (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--bucket-size", "one",
                                     "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;
  const char *keys[] = {
    "gpus", "model_params", "bandwidth_gbps", "compute_tflops", "tokens_per_gpu",
    "gradient_bytes", "latency_us", "algorithm", "gradient_buffer_bytes",
    "compute_time_s", "backward_time_s", "bytes_moved_per_gpu", "allreduce_time_s",
    "exposed_comm_s", "step_time_s", "utilization", "algbw_gbps", "busbw_gbps",
    "tokens_per_s", "comm_bound", "bandwidth_for_90pct_gbps",
    /* Issue 9: the cluster, the mode and the collective that ran. */
    "gpu", "gpus_per_node", "nics_per_node", "nic_speed_gbit", "fabric", "net_latency_us",
    "mode", "nodes", "algorithm_used", "protocol", "channels", "bandwidth_time_s",
    /* Issue 12: the step's buckets, sharding and memory. */
    "bucket_size_bytes", "comm_slowdown", "sharding", "activation_checkpointing",
    "fused_attention", "forward_time_s", "comm_time_s", "n_buckets", "comm_bytes_per_gpu",
    "memory_per_gpu_bytes", "fits", "fit_sharding", "fit_gpus",
  };

  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  report = parse_report (r.out);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      if (!json_object_has_member (report, keys[i]))
        g_error ("report has no “%s”", keys[i]);
    }

  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 8);
  g_assert_cmpstr (json_object_get_string_member (report, "algorithm"), ==, "flat-ring");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  0.163403, 1e-6);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "compute_time_s"),
                                  0.43008, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "utilization"),
                                  0.72467, 1e-5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "busbw_gbps"),
                                  299.87, 0.005);
  g_assert_false (json_object_get_boolean_member (report, "comm_bound"));
  /* Names, not numbers: the seed's formula is the flat ring, whose only protocol is
   * Simple; eight GPUs of one node. */
  g_assert_cmpstr (json_object_get_string_member (report, "mode"), ==, "training-step");
  g_assert_cmpstr (json_object_get_string_member (report, "algorithm_used"), ==, "flat-ring");
  g_assert_cmpstr (json_object_get_string_member (report, "protocol"), ==, "simple");
  g_assert_cmpint (json_object_get_int_member (report, "nodes"), ==, 1);
  g_assert_true (json_object_get_null_member (report, "message_size_bytes"));

  ring_test_run_clear (&r);
}

static void
test_report_one_gpu (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--gpus", "1", "--report", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "allreduce_time_s"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (report, "utilization"), ==, 1);
  /* One GPU runs no collective: no algorithm and no protocol to name. */
  g_assert_true (json_object_get_null_member (report, "algorithm_used"));
  g_assert_true (json_object_get_null_member (report, "protocol"));

  ring_test_run_clear (&r);
}

/* Parameters with suffixes, as typed. 70B bf16 on 64 GPUs at 50 GB/s:
 *   S = 140e9; moved = 2 · 63/64 · 140e9 = 275.625e9; t = 126 · 5e-6 + 275.625e9/50e9
 *   = 0.00063 + 5.5125 = 5.51313 s */
static void
test_report_parameters (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--gpus", "64", "--model-params", "70B",
                                     "--grad-bytes", "2", "--bandwidth", "50",
                                     "--algorithm", "flat-ring", "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "model_params"), ==, 70e9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  5.51313, 1e-9);
  g_assert_true (json_object_get_boolean_member (report, "comm_bound"));

  ring_test_run_clear (&r);
}

/* A slow link and a slow GPU on the flat ring of the defaults: the link at 25 % makes
 * every step of S/8 = 3.5 GB take 14 × (5 µs + 3.5e9 / 75e9) s; the GPU at 50 % joins
 * 0.43008 s late. The calibrated figures stay as they are. */
static void
test_report_stragglers (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--slow-link", "3:25%",
                                     "--slow-gpu", "5:0.5", "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;
  double link_s = 14 * (5e-6 + 3.5e9 / 75e9);

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "slow_link"), ==, 3);
  g_assert_cmpfloat (json_object_get_double_member (report, "slow_link_fraction"), ==, 0.25);
  g_assert_cmpint (json_object_get_int_member (report, "slow_gpu"), ==, 5);
  g_assert_cmpfloat (json_object_get_double_member (report, "slow_gpu_fraction"), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "sim_allreduce_time_s"),
                                  link_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report,
                                                                 "sim_uniform_allreduce_time_s"),
                                  0.16340333333333333, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "sim_step_time_s"),
                                  2 * 0.43008 + link_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  0.16340333333333333, 1e-12);
  ring_test_run_clear (&r);

  /* The text report says what they cost. */
  r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--slow-link", "3:25%",
                         "--report=text", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Link 3 → 4 at 25 % makes the all-reduce 4.0× slower"));
  ring_test_run_clear (&r);
}

/* nccl-tests style: 1 MiB on 8 GPUs, t = 7e-5 + 2 · 7/8 · 1048576 / 300e9 s. */
static void
test_report_message_size (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--message-size", "1MiB", "--algorithm", "flat-ring",
                                     "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;
  double expected = 7e-5 + 1.75 * 1048576 / 300e9;

  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "message_size_bytes"), ==,
                     1048576);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  expected, 1e-12);
  ring_test_run_clear (&r);

  r = ring_test_run_cli (NULL, "--message-size", "4GB", "--report=json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "message_size_bytes"), ==, 4e9);
  ring_test_run_clear (&r);
}

/* Keys that only a training step has: left out of a single collective's report. */
static const char * const step_only_keys[] = {
  "gradient_buffer_bytes", "compute_time_s", "backward_time_s", "exposed_comm_s",
  "step_time_s", "utilization", "tokens_per_s", "comm_bound", "bandwidth_for_90pct_gbps",
};

/* Issue 9's example: 64 nodes of 8 H100 over 8 × 400 Gb/s, one 8 GiB all-reduce. The
 * report names the algorithm and protocol auto picked, and only the collective's figures. */
static void
test_report_collective_cluster (void)
{
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--report=json", "--gpu", "h100", "--gpus",
                                             "512", "--gpus-per-node", "8", "--nics-per-node",
                                             "8", "--nic-speed", "400", "--message-size",
                                             "8GiB", NULL);
  g_autoptr(JsonObject) report = NULL;
  const char *collective_keys[] = {
    "message_size_bytes", "bytes_moved_per_gpu", "allreduce_time_s", "latency_time_s",
    "bandwidth_time_s", "algbw_gbps", "busbw_gbps", "nodes", "algorithm_used", "protocol",
    "channels",
  };
  RingAlgorithm algorithm;
  double busbw;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  report = parse_report (r.out);

  g_assert_cmpstr (json_object_get_string_member (report, "mode"), ==, "single-collective");
  g_assert_cmpstr (json_object_get_string_member (report, "gpu"), ==, "h100");
  g_assert_cmpint (json_object_get_int_member (report, "nodes"), ==, 64);
  g_assert_cmpfloat (json_object_get_double_member (report, "message_size_bytes"), ==,
                     8589934592.0);
  /* Names of the registry's algorithms and NCCL's protocols, never auto: what ran. */
  g_assert_true (ring_algorithm_from_string (json_object_get_string_member (report,
                                                                            "algorithm_used"),
                                             &algorithm));
  g_assert_cmpint (algorithm, !=, RING_ALGORITHM_AUTO);
  g_assert_true (g_str_equal (json_object_get_string_member (report, "protocol"), "ll")
                 || g_str_equal (json_object_get_string_member (report, "protocol"), "ll128")
                 || g_str_equal (json_object_get_string_member (report, "protocol"), "simple"));
  g_assert_cmpint (json_object_get_int_member (report, "channels"), >, 0);
  /* Published runs of such clusters reach about 370 GB/s of bus bandwidth (issue 9). */
  busbw = json_object_get_double_member (report, "busbw_gbps");
  g_assert_cmpfloat (busbw, >, 250);
  g_assert_cmpfloat (busbw, <, 500);

  for (guint i = 0; i < G_N_ELEMENTS (collective_keys); i++)
    if (!json_object_has_member (report, collective_keys[i]))
      g_error ("the collective's report has no “%s”", collective_keys[i]);
  for (guint i = 0; i < G_N_ELEMENTS (step_only_keys); i++)
    if (json_object_has_member (report, step_only_keys[i]))
      g_error ("the collective's report has the training step's “%s”", step_only_keys[i]);
}

/* Issue 9: `--message-size 1MiB --report=text` printed a utilization of 100 % and a
 * "bandwidth for 90 %" of 12 MB/s. A single collective has time, bandwidths, algorithm
 * and protocol; no step. */
static void
test_report_text_collective (void)
{
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--message-size", "1MiB", "--report=text",
                                             NULL);
  const char *absent[] = {
    "utilization", "90 %", "Step time", "Compute time", "Cluster throughput",
    "Exposed communication", "Communication-bound", "Model size", "Tokens per GPU",
  };
  const char *present[] = {
    "Single collective", "Message size", "1 MiB", "All-reduce time", "Algorithm bandwidth",
    "Bus bandwidth", "Algorithm in use", "Protocol", "Nodes",
  };

  g_assert_cmpint (r.status, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (absent); i++)
    if (strstr (r.out, absent[i]) != NULL)
      g_error ("“%s” in a single collective's report:\n%s", absent[i], r.out);
  for (guint i = 0; i < G_N_ELEMENTS (present); i++)
    if (strstr (r.out, present[i]) == NULL)
      g_error ("no “%s” in a single collective's report:\n%s", present[i], r.out);
}

static void
test_report_text (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--bucket-size", "0",
                                     "--report=text", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "GPU utilization"));
  g_assert_nonnull (strstr (r.out, "72.5 %"));
  g_assert_nonnull (strstr (r.out, "Training step"));
  g_assert_nonnull (strstr (r.out, "Algorithm in use"));
  ring_test_run_clear (&r);
}

/* Figures for people never carry an exponent ("3.33e-06 µs", "1.05e+05 TB/s"): at every
 * parameter's extremes each duration, size and rate is in a unit that fits. */
static void
test_report_text_units (void)
{
  const char *cases[][8] = {
    { "--model-params=1e6", "--compute=10000", "--tokens=1", "--latency=0.00001", "--gpus=2",
      "--bandwidth=10000", NULL },
    { "--model-params=1e6", "--compute=10000", "--tokens=1", "--latency=0", NULL },
    { "--model-params=1e13", "--compute=1", "--tokens=1e8", "--latency=10000",
      "--gpus=1048576", "--bandwidth=0.1", NULL },
    { "--message-size=1", "--latency=0", "--bandwidth=10000", NULL },
  };
  g_autoptr(GRegex) exponent = g_regex_new ("[0-9][eE][-+]?[0-9]", 0, 0, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new ();
      g_auto(RingTestRun) r = { 0, };

      for (guint a = 0; cases[i][a] != NULL; a++)
        g_ptr_array_add (args, (char *) cases[i][a]);
      g_ptr_array_add (args, (char *) "--report=text");
      g_ptr_array_add (args, NULL);

      r = ring_test_run_cli_full (NULL, NULL, (const char * const *) args->pdata);
      g_assert_cmpint (r.status, ==, 0);
      if (g_regex_match (exponent, r.out, 0, NULL))
        g_error ("an exponent in the text report:\n%s", r.out);
    }
}

static void
test_preset (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--gpus", "1024", "--preset", "h100-nvlink",
                                     "--report", NULL);
  g_autoptr(JsonObject) report = NULL;

  /* A node preset is a ring of 8 at NVLink 4's 450 GB/s; options still win over it. */
  g_assert_cmpint (r.status, ==, 0);
  report = parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 450);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 1024);
  ring_test_run_clear (&r);

  r = ring_test_run_cli (NULL, "--preset", "h100-nvlink", "--report", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 8);
  ring_test_run_clear (&r);

  /* A hardware preset keeps the ring size; h100-infiniband is dgx-h100 now, whose network
   * is its own parameters and whose bandwidth is the node's NVLink. */
  r = ring_test_run_cli (NULL, "--gpus", "512", "--preset", "h100-infiniband", "--report", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 512);
  g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 450);
  ring_test_run_clear (&r);

  r = ring_test_run_cli (NULL, "--preset", "nope", "--report", NULL);
  g_assert_cmpint (r.status, ==, 2);
  g_assert_nonnull (strstr (r.err, "--preset"));
  ring_test_run_clear (&r);

  /* `--preset list` names every preset, with what it is. */
  r = ring_test_run_cli (NULL, "--preset", "list", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "dgx-h100"));
  g_assert_nonnull (strstr (r.out, "DGX H100: 8 × H100, 8 × NDR InfiniBand 400 Gb/s"));
  g_assert_nonnull (strstr (r.out, "gpt3-175b"));
  ring_test_run_clear (&r);
}

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
    { "--message-size", "0" },
    { "--message-size", "lots" },
    { "--slow-link", "3" },
    { "--slow-link", "3:0" },
    { "--slow-link", "3:150%" },
    { "--slow-link", "8:0.5" },      /* no link 8 among the default 8 GPUs */
    { "--slow-gpu", "-1:0.5" },
    { "--slow-gpu", "2:half" },
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
    report = parse_report (nvls.out);
    g_assert_cmpstr (json_object_get_string_member (report, "algorithm_used"), ==, "nvls");
    g_assert_cmpint (collnet.status, ==, 0);
    g_clear_pointer (&report, json_object_unref);
    report = parse_report (collnet.out);
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
      report = parse_report (r.out);
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
  report = parse_report (r.out);
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
  report = parse_report (latency.out);
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
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("RING_ALLREDUCE_BIN") == NULL)
    {
      g_test_skip ("RING_ALLREDUCE_BIN is not set");
      return g_test_run ();
    }

  g_test_add_func ("/ring/cli/report-defaults", test_report_defaults);
  g_test_add_func ("/ring/cli/report-one-gpu", test_report_one_gpu);
  g_test_add_func ("/ring/cli/report-parameters", test_report_parameters);
  g_test_add_func ("/ring/cli/report-message-size", test_report_message_size);
  g_test_add_func ("/ring/cli/report-collective-cluster", test_report_collective_cluster);
  g_test_add_func ("/ring/cli/report-text-collective", test_report_text_collective);
  g_test_add_func ("/ring/cli/report-stragglers", test_report_stragglers);
  g_test_add_func ("/ring/cli/report-text", test_report_text);
  g_test_add_func ("/ring/cli/report-text-units", test_report_text_units);
  g_test_add_func ("/ring/cli/preset", test_preset);
  g_test_add_func ("/ring/cli/bad-values", test_bad_values);
  g_test_add_func ("/ring/cli/impossible-combinations", test_impossible_combinations);
  g_test_add_func ("/ring/cli/nic-speeds", test_nic_speeds);
  g_test_add_func ("/ring/cli/cluster-options", test_cluster_options);
  g_test_add_func ("/ring/cli/lists", test_lists);
  g_test_add_func ("/ring/cli/stray-arguments", test_stray_arguments);
  g_test_add_func ("/ring/cli/export-options-alone", test_export_options_alone);
  g_test_add_func ("/ring/cli/c-locale-values", test_c_locale_values);
  g_test_add_func ("/ring/cli/unknown-option", test_unknown_option);
  g_test_add_func ("/ring/cli/help", test_help);

  return g_test_run ();
}
