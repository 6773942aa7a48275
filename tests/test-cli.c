/* test-cli.c: the command-line contract, run as a user runs it, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-params.h"
#include "ring-test-cli.h"
#include "ring-test-json.h"

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
  report = ring_test_parse_report (r.out);

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

/* --help names the algorithms the registry has. */
static void
test_help_algorithms (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--help", NULL);
  g_autofree char *names = ring_algorithms_dup_names ();
  g_autofree char *line = g_strdup_printf ("All-reduce algorithm: %s\n", names);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, line));

  ring_test_run_clear (&r);
}

static void
test_report_one_gpu (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--gpus", "1", "--report", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
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
  report = ring_test_parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "model_params"), ==, 70e9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  5.51313, 1e-9);
  g_assert_true (json_object_get_boolean_member (report, "comm_bound"));

  ring_test_run_clear (&r);
}

/* A slow link and a slow GPU on the flat ring of the defaults, in one bucket (issue 21,
 * item 1: every figure follows them). The link at 25 % makes every step of S/8 = 3.5 GB
 * take 5 µs + 3.5e9 / 75e9 s instead of 5 µs + 3.5e9 / 300e9: the simulated all-reduce is
 * 14 such steps, and the calibrated one (the same α-β form, 0.16340333 s) is made as much
 * slower: 0.65340333 s. The GPU at 50 % computes 2 × 0.43008 s, and the one bucket goes
 * after its backward pass: step = 0.86016 + 0.65340333 s, utilization 0.43008 / step.
 * Without them: 0.43008 + 0.16340333 s. One step time in the report. */
/* What bounds a node's network is said: TCP's socket threads (two nodes of 8 H100 build 12
 * channels, one thread each at 3.125 GB/s), the GPUs' PCIe Gen5 links under 800 Gb/s NICs
 * (8 × 48 GB/s, so 400 and 800 Gb/s give the same time), the NICs otherwise. With
 * --pcie-gen 6 (ConnectX-8's link) each GPU feeds 96 GB/s: 800 Gb/s NICs double the rate. */
/* --nccl-version: a series or a release of it, reported as its series; what the 2.27
 * symmetric-memory kernels take on one node in the JSON and text reports (8 B over 8 H100:
 * NCCL's 4.5 µs LL kernel + the 2 µs launch gap, docs/model.md §4); none before 2.27. */
static void
test_report_nccl_version (void)
{
  g_auto(RingTestRun) newer = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "8",
                                                 "--message-size", "8", "--nccl-version",
                                                 "2.27.3", "--report=json", NULL);
  g_auto(RingTestRun) older = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "8",
                                                 "--message-size", "8", "--nccl-version",
                                                 "2.26", "--report=json", NULL);
  g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "8",
                                                "--message-size", "8", "--nccl-version",
                                                "2.27", "--report=text", NULL);
  g_auto(RingTestRun) plain = ring_test_run_cli (NULL, "--report=json", NULL);
  g_auto(RingTestRun) bad = ring_test_run_cli (NULL, "--nccl-version", "2.17", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (newer.status, ==, 0);
  report = ring_test_parse_report (newer.out);
  g_assert_cmpstr (json_object_get_string_member (report, "nccl_version"), ==, "2.27");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report,
                                                                 "symmetric_allreduce_time_s"),
                                  6.5e-6, 1e-8);
  g_assert_cmpfloat (json_object_get_double_member (report, "allreduce_time_s"), >, 15e-6);
  g_clear_pointer (&report, json_object_unref);

  g_assert_cmpint (older.status, ==, 0);
  report = ring_test_parse_report (older.out);
  g_assert_true (json_object_get_null_member (report, "symmetric_allreduce_time_s"));
  g_clear_pointer (&report, json_object_unref);

  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "NCCL version              2.27\n"));
  g_assert_nonnull (strstr (text.out, "Symmetric-memory kernels  6.5 µs"));

  /* The newest modelled by default. */
  g_assert_cmpint (plain.status, ==, 0);
  report = ring_test_parse_report (plain.out);
  g_assert_cmpstr (json_object_get_string_member (report, "nccl_version"), ==, "2.28");

  g_assert_cmpint (bad.status, ==, 2);
  g_assert_nonnull (strstr (bad.err, "--nccl-version: unknown value “2.17”"));
}

static void
test_report_network_bound (void)
{
  static const struct
  {
    const char *gpu, *fabric, *nic_speed, *pcie, *bound;
    double      network_gbps;
  } cases[] = {
    { "h100", "tcp", "400", "5", "sockets", 37.5 },
    { "b200", "infiniband", "800", "5", "pcie", 384 },
    /* The tie: 8 × 400 Gb/s at 0.96 and 8 × 48 GB/s of PCIe Gen5 are both 384 GB/s, and
     * the sizing figure names PCIe too. */
    { "h100", "infiniband", "400", "5", "pcie", 384 },
    { "h100", "infiniband", "200", "5", "nics", 8 * 25 * 0.96 },
    { "b200", "infiniband", "400", "6", "nics", 8 * 50 * 0.96 },
    /* Tied again: 8 × 800 Gb/s at 0.96 and 8 × 96 GB/s of Gen6. */
    { "b200", "infiniband", "800", "6", "pcie", 8 * 100 * 0.96 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", cases[i].gpu, "--gpus", "16",
                                                 "--fabric", cases[i].fabric, "--nic-speed",
                                                 cases[i].nic_speed, "--pcie-gen",
                                                 cases[i].pcie, "--message-size", "1GiB",
                                                 "--report=json", NULL);
      g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--gpu", cases[i].gpu, "--gpus",
                                                    "16", "--fabric", cases[i].fabric,
                                                    "--nic-speed", cases[i].nic_speed,
                                                    "--pcie-gen", cases[i].pcie,
                                                    "--message-size", "1GiB", "--report=text",
                                                    NULL);
      g_autoptr(JsonObject) report = NULL;

      g_assert_cmpint (r.status, ==, 0);
      report = ring_test_parse_report (r.out);
      g_assert_cmpstr (json_object_get_string_member (report, "network_bound"), ==,
                       cases[i].bound);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "network_gbps"),
                                      cases[i].network_gbps, 1e-9);
      g_assert_cmpint (text.status, ==, 0);
      g_assert_nonnull (strstr (text.out, "Network per node"));
      g_assert_cmpint (json_object_get_int_member (report, "pcie_generation"), ==,
                       atoi (cases[i].pcie));
      if (g_str_equal (cases[i].bound, "pcie"))
        {
          g_autofree char *link = g_strdup_printf ("PCIe Gen%s x16 links", cases[i].pcie);

          g_assert_nonnull (strstr (text.out, link));
          g_assert_nonnull (strstr (text.out, "faster NICs change nothing"));
        }
      if (g_str_equal (cases[i].bound, "sockets"))
        g_assert_nonnull (strstr (text.out, "socket threads"));
    }

  /* The GPU sets the generation: Gen5 for B200, Gen6 for B300's ConnectX-8; a range
   * without a unit is said without one. */
  {
    g_auto(RingTestRun) bad = ring_test_run_cli (NULL, "--pcie-gen", "7", NULL);

    g_assert_cmpint (bad.status, ==, 2);
    g_assert_cmpstr (bad.err, ==, "ring-allreduce: --pcie-gen: 7 is out of range (3 – 6)\n");
  }
  {
    static const char * const gpus[] = { "b200", "b300" };

    for (guint i = 0; i < G_N_ELEMENTS (gpus); i++)
      {
        g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", gpus[i], "--report=json",
                                                   NULL);
        g_autoptr(JsonObject) report = NULL;

        g_assert_cmpint (r.status, ==, 0);
        report = ring_test_parse_report (r.out);
        g_assert_cmpint (json_object_get_int_member (report, "pcie_generation"), ==, 5 + i);
      }
  }

  /* One node has no network. */
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "8",
                                               "--message-size", "1GiB", "--report=json",
                                               NULL);
    g_autoptr(JsonObject) report = ring_test_parse_report (r.out);

    g_assert_cmpstr (json_object_get_string_member (report, "network_bound"), ==, "none");
    g_assert_cmpfloat (json_object_get_double_member (report, "network_gbps"), ==, 0);
  }
}

/* GB200 NVL72 racks: 1 440 GPUs on hosts of 4 are 20 NVLink domains, each with the NICs
 * of its 18 hosts (72 × 400 Gb/s at RDMA's 0.96: 3 456 GB/s); inside a domain NVLink
 * (72 GPUs: one node, no network). The preset is the whole rack. */
static void
test_report_nvlink_domain (void)
{
  g_auto(RingTestRun) racks = ring_test_run_cli (NULL, "--gpu", "gb200", "--gpus", "1440",
                                                 "--nvlink-domain", "72", "--gpus-per-node",
                                                 "4", "--nics-per-node", "4",
                                                 "--message-size", "1GiB", "--report=json",
                                                 NULL);
  g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--gpu", "gb200", "--gpus", "1440",
                                                "--nvlink-domain", "72", "--gpus-per-node",
                                                "4", "--message-size", "1GiB",
                                                "--report=text", NULL);
  g_auto(RingTestRun) rack = ring_test_run_cli (NULL, "--preset", "gb200-nvl72",
                                                "--message-size", "8GiB", "--report=json",
                                                NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (racks.status, ==, 0);
  report = ring_test_parse_report (racks.out);
  g_assert_cmpint (json_object_get_int_member (report, "nodes"), ==, 20);
  g_assert_cmpint (json_object_get_int_member (report, "nvlink_domain"), ==, 72);
  g_assert_cmpstr (json_object_get_string_member (report, "network_bound"), ==, "nics");
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "network_gbps"),
                                  72 * 50 * 0.96, 1e-9);
  g_clear_pointer (&report, json_object_unref);

  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "72 GPUs over 18 nodes"));

  g_assert_cmpint (rack.status, ==, 0);
  {
    /* Two MI300X nodes over RoCE: the command. */
    g_auto(RingTestRun) amd = ring_test_run_cli (NULL, "--gpu", "mi300x", "--gpus", "16",
                                                 "--gpus-per-node", "8", "--fabric", "roce",
                                                 "--report=json", NULL);
    g_autoptr(JsonObject) amd_report = NULL;

    g_assert_cmpint (amd.status, ==, 0);
    amd_report = ring_test_parse_report (amd.out);
    g_assert_cmpstr (json_object_get_string_member (amd_report, "gpu"), ==, "mi300x");
    g_assert_cmpint (json_object_get_int_member (amd_report, "nodes"), ==, 2);
  }
  report = ring_test_parse_report (rack.out);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 72);
  g_assert_cmpint (json_object_get_int_member (report, "gpus_per_node"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (report, "nodes"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (report, "network_bound"), ==, "none");
}

static void
test_report_stragglers (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--slow-link", "3:25%",
                                     "--slow-gpu", "5:0.5", "--bucket-size", "one",
                                     "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;
  double link_s = 14 * (5e-6 + 3.5e9 / 75e9);
  double uniform_s = 0.16340333333333333;
  double step_s = 2 * 0.43008 + link_s;
  g_autofree char *step_line = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "slow_link"), ==, 3);
  g_assert_cmpfloat (json_object_get_double_member (report, "slow_link_fraction"), ==, 0.25);
  g_assert_cmpint (json_object_get_int_member (report, "slow_gpu"), ==, 5);
  g_assert_cmpfloat (json_object_get_double_member (report, "slow_gpu_fraction"), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "sim_allreduce_time_s"),
                                  link_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report,
                                                                 "sim_uniform_allreduce_time_s"),
                                  uniform_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  link_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "step_time_s"),
                                  step_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "utilization"),
                                  0.43008 / step_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "busbw_gbps"),
                                  28e9 / link_s * 1.75 / 1e9, 1e-9);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "tokens_per_s"),
                                  8 * 4096 / step_s, 1e-6);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report,
                                                                 "uniform_allreduce_time_s"),
                                  uniform_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "uniform_step_time_s"),
                                  0.43008 + uniform_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "uniform_utilization"),
                                  0.43008 / (0.43008 + uniform_s), 1e-12);
  g_assert_false (json_object_has_member (report, "sim_step_time_s"));
  ring_test_run_clear (&r);

  /* The text report says what they cost, with one step time. */
  r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--slow-link", "3:25%",
                         "--bucket-size", "one", "--report=text", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "Link 3 → 4 at 25 % makes the all-reduce 4.0× slower"));
  step_line = strstr (r.out, "\nStep time ");
  g_assert_nonnull (step_line);
  step_line = g_strndup (step_line + 1, strchr (step_line + 1, '\n') - step_line - 1);
  g_assert_true (g_str_has_suffix (step_line, "  1.08 s"));
  g_clear_pointer (&step_line, g_free);
  g_assert_nonnull (strstr (r.out, "step 593 ms, utilization 72.5 %, all-reduce 163 ms"));
  g_assert_null (strstr (r.out, "Simulated step"));
  ring_test_run_clear (&r);
}

/* Activation checkpointing costs compute (issue 21, item 2), from the command line: the
 * defaults on the flat ring in one bucket, 6 P T / F = 0.43008 s and the all-reduce
 * 0.16340333 s after the backward pass; full checkpointing runs the forward pass again,
 * 2 P T / F = 0.14336 s, so the step is 0.57344 + 0.16340333 s (test-step.c has selective). */
static void
test_report_checkpointing (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--bucket-size", "one",
                                     "--activation-checkpointing", "full", "--report=json",
                                     NULL);
  g_autoptr(JsonObject) report = NULL;
  double step_s = 0.57344 + 0.16340333333333333;

  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "step_time_s"),
                                  step_s, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "compute_time_s"),
                                  0.57344, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "tokens_per_s"),
                                  8 * 4096 / step_s, 1e-6);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "recompute_time_s"),
                                  0.14336, 1e-12);
  ring_test_run_clear (&r);
}

/* ZeRO's buckets are DeepSpeed's 5e8 values (issue 21, item 6), from the command line: the
 * case test-step.c works by hand (two GPUs on the flat ring, 1.25e9 parameters in bf16,
 * 57 ms of compute): buckets of 1e9, 1e9 and 0.5e9 B each way, step 72.02 ms. */
static void
test_report_zero_buckets (void)
{
  g_autofree char *compute = g_strdup_printf ("%.17g", 6.0 * 1.25e9 * 4096 / 0.057 / 1e12);
  RingTestRun r = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--gpus", "2",
                                     "--model-params", "1.25e9", "--grad-bytes", "2",
                                     "--bandwidth", "100", "--latency", "5", "--compute",
                                     compute, "--sharding", "zero1", "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "n_buckets"), ==, 3);
  g_assert_cmpint (json_object_get_int_member (report, "n_collectives"), ==, 6);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "step_time_s"),
                                  0.07202, 1e-9);
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
  report = ring_test_parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "message_size_bytes"), ==,
                     1048576);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "allreduce_time_s"),
                                  expected, 1e-12);
  ring_test_run_clear (&r);

  r = ring_test_run_cli (NULL, "--message-size", "4GB", "--report=json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = ring_test_parse_report (r.out);
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
  report = ring_test_parse_report (r.out);

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

/* Issue 21, item 14: typed values as people write them, four figures, never a raw %g
 * ("0.448934 GB/s"); the bucket size in MiB as the window's field and PyTorch's
 * bucket_cap_mb write it, not "26.2 MB". */
static void
test_report_text_typed (void)
{
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--bandwidth=0.448934",
                                             "--nic-speed=395.61234", "--gpus=16",
                                             "--compute=989.456", "--report=text", NULL);
  g_auto(RingTestRun) bucket = ring_test_run_cli (NULL, "--report=text", NULL);

  g_assert_cmpint (r.status, ==, 0);
  g_assert_nonnull (strstr (r.out, "0.4489 GB/s"));
  g_assert_null (strstr (r.out, "0.448934"));
  g_assert_nonnull (strstr (r.out, "395.6 Gb/s"));
  g_assert_null (strstr (r.out, "395.612"));
  g_assert_nonnull (strstr (r.out, "989.5 TFLOP/s"));
  g_assert_null (strstr (r.out, "989.456"));

  g_assert_cmpint (bucket.status, ==, 0);
  g_assert_nonnull (strstr (bucket.out, "25 MiB"));
  g_assert_null (strstr (bucket.out, "26.2 MB"));

  /* Issue 21, item 6: ZeRO's row names ZeRO's buckets (5e8 fp32 elements, 2e9 B), FSDP's
   * none; neither shows DDP's 25 MiB, which they do not use. */
  {
    g_auto(RingTestRun) zero = ring_test_run_cli (NULL, "--sharding=zero1", "--report=text",
                                                  NULL);
    g_auto(RingTestRun) fsdp = ring_test_run_cli (NULL, "--sharding=fsdp", "--report=text",
                                                  NULL);

    g_assert_cmpint (zero.status, ==, 0);
    g_assert_nonnull (strstr (zero.out, "500 M elements (1.86 GiB): DeepSpeed’s reduce and "
                                        "all-gather buckets"));
    g_assert_null (strstr (zero.out, "25 MiB"));
    g_assert_cmpint (fsdp.status, ==, 0);
    g_assert_nonnull (strstr (fsdp.out, "none: FSDP gathers and reduces layer by layer"));
    g_assert_null (strstr (fsdp.out, "25 MiB"));
  }
}

/* Issue 21, item 5: where the GPUs' PCIe links to the NICs bind (8 DGX H100 nodes), the
 * 90 % figure names that link instead of a bare "unreachable". */
static void
test_report_pcie_bound (void)
{
  g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--preset", "dgx-h100", "--gpus", "64",
                                                "--report=text", NULL);
  g_auto(RingTestRun) json = ring_test_run_cli (NULL, "--preset", "dgx-h100", "--gpus", "64",
                                                "--report=json", NULL);
  g_autoptr(JsonObject) report = NULL;

  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "unreachable: each GPU’s PCIe link to its NICs carries "
                                      "48 GB/s, which these NICs already fill"));
  g_assert_cmpint (json.status, ==, 0);
  report = ring_test_parse_report (json.out);
  g_assert_cmpstr (json_object_get_string_member (report, "bandwidth_for_90pct_link"), ==,
                   "pcie");
  g_assert_true (json_object_get_null_member (report, "bandwidth_for_90pct_gbps"));
}

/* Issue 21, item 5: where twice the NIC speed makes NCCL's search build another channel
 * count and the all-reduce slower (8 MI355X nodes over 8 × 200 Gb/s InfiniBand, 64 KiB:
 * the tree on 8 channels; at 400 Gb/s on 16, each with its pipeline fill and LL's proxy
 * posts), the report says so; the defaults on one node do not. */
static void
test_report_faster_link_slower (void)
{
  g_auto(RingTestRun) text = ring_test_run_cli (NULL, "--gpu", "mi355x", "--gpus", "64",
                                                "--nics-per-node", "8", "--nic-speed", "200",
                                                "--fabric", "infiniband", "--message-size",
                                                "64KiB", "--report=text", NULL);
  g_auto(RingTestRun) defaults = ring_test_run_cli (NULL, "--report=text", NULL);

  g_assert_cmpint (text.status, ==, 0);
  g_assert_nonnull (strstr (text.out, "slower: at twice the NIC speed NCCL’s channel search "
                                      "(search.cc) builds 16 channels"));
  g_assert_nonnull (strstr (text.out, "NCCL_MAX_NCHANNELS"));
  g_assert_cmpint (defaults.status, ==, 0);
  g_assert_null (strstr (defaults.out, "Twice the bandwidth"));
}

static void
test_preset (void)
{
  RingTestRun r = ring_test_run_cli (NULL, "--gpus", "1024", "--preset", "h100-nvlink",
                                     "--report", NULL);
  g_autoptr(JsonObject) report = NULL;

  /* A node preset is a ring of 8 at NVLink 4's 450 GB/s; options still win over it. */
  g_assert_cmpint (r.status, ==, 0);
  report = ring_test_parse_report (r.out);
  g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 450);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 1024);
  ring_test_run_clear (&r);

  r = ring_test_run_cli (NULL, "--preset", "h100-nvlink", "--report", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = ring_test_parse_report (r.out);
  g_assert_cmpint (json_object_get_int_member (report, "gpus"), ==, 8);
  ring_test_run_clear (&r);

  /* A hardware preset keeps the ring size; h100-infiniband is dgx-h100 now, whose network
   * is its own parameters and whose bandwidth is the node's NVLink. */
  r = ring_test_run_cli (NULL, "--gpus", "512", "--preset", "h100-infiniband", "--report", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_clear_pointer (&report, json_object_unref);
  report = ring_test_parse_report (r.out);
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

/* Presets compose as in the window: dgx-h100 sets the GPU (H100: 450 GB/s NVLink 4, 395.6
 * achieved TFLOP/s from the catalogue), 8 per node and its NICs; llama3-70b sets the model,
 * 70e9 parameters in bf16 (2 bytes), so S = 70e9 · 2 = 1.4e11 B. Either order gives the
 * same. Two hardware presets both set the GPUs per node: refused, naming both. */
static void
test_preset_compose (void)
{
  const char *orders[][2] = { { "dgx-h100", "llama3-70b" }, { "llama3-70b", "dgx-h100" } };

  for (guint i = 0; i < G_N_ELEMENTS (orders); i++)
    {
      g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--preset", orders[i][0],
                                                 "--preset", orders[i][1], "--report",
                                                 NULL);
      g_autoptr(JsonObject) report = NULL;

      g_assert_cmpint (r.status, ==, 0);
      report = ring_test_parse_report (r.out);
      g_assert_cmpstr (json_object_get_string_member (report, "gpu"), ==, "h100");
      g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 450);
      g_assert_cmpint (json_object_get_int_member (report, "nics_per_node"), ==, 8);
      g_assert_cmpfloat (json_object_get_double_member (report, "nic_speed_gbit"), ==, 400);
      g_assert_cmpfloat (json_object_get_double_member (report, "model_params"), ==, 70e9);
      g_assert_cmpint (json_object_get_int_member (report, "gradient_bytes"), ==, 2);
      g_assert_cmpfloat (json_object_get_double_member (report, "gradient_buffer_bytes"),
                         ==, 1.4e11);
    }

  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--preset", "dgx-h100", "--preset",
                                               "commodity-100g", "--report", NULL);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_null (strstr (r.out, "{"));
    g_assert_nonnull (strstr (r.err, "dgx-h100"));
    g_assert_nonnull (strstr (r.err, "commodity-100g"));
    g_assert_nonnull (strstr (r.err, "--gpus-per-node"));
  }
  {
    /* Two model presets both set the parameter count. */
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--preset", "llama3-8b", "--preset",
                                               "gpt3-175b", "--report", NULL);

    g_assert_cmpint (r.status, ==, 2);
    g_assert_nonnull (strstr (r.err, "llama3-8b"));
    g_assert_nonnull (strstr (r.err, "gpt3-175b"));
  }
}

/* α (--latency) is the flat ring's 2 (N − 1) · α: at N = 8, α = 20 µs, the latency part is
 * 2 · 7 · 20e-6 = 2.8e-4 s, and the command says nothing more. Under auto (NCCL's
 * algorithms, which use NCCL's own hop latencies) the same option changes no figure, and
 * the command says so on standard error, still exiting 0. */
static void
test_latency_applies (void)
{
  g_auto(RingTestRun) flat = ring_test_run_cli (NULL, "--algorithm", "flat-ring", "--latency",
                                                "20", "--report", NULL);
  g_auto(RingTestRun) with_auto = ring_test_run_cli (NULL, "--latency", "20", "--report",
                                                     NULL);
  g_auto(RingTestRun) plain = ring_test_run_cli (NULL, "--report", NULL);
  g_autoptr(JsonObject) flat_report = NULL;

  g_assert_cmpint (flat.status, ==, 0);
  g_assert_cmpstr (flat.err, ==, "");
  flat_report = ring_test_parse_report (flat.out);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (flat_report,
                                                                 "latency_time_s"),
                                  2.8e-4, 1e-15);

  g_assert_cmpint (with_auto.status, ==, 0);
  g_assert_nonnull (strstr (with_auto.err, "--latency changes nothing"));
  g_assert_nonnull (strstr (with_auto.err, "flat-ring"));
  /* Nothing but the parameter itself differs. */
  g_assert_cmpint (plain.status, ==, 0);
  {
    g_autoptr(JsonObject) a = ring_test_parse_report (with_auto.out);
    g_autoptr(JsonObject) b = ring_test_parse_report (plain.out);

    g_assert_cmpfloat (json_object_get_double_member (a, "allreduce_time_s"), ==,
                       json_object_get_double_member (b, "allreduce_time_s"));
    g_assert_cmpfloat (json_object_get_double_member (a, "step_time_s"), ==,
                       json_object_get_double_member (b, "step_time_s"));
  }
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_cli (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ring/cli/report-defaults", test_report_defaults);
  g_test_add_func ("/ring/cli/report-one-gpu", test_report_one_gpu);
  g_test_add_func ("/ring/cli/help-algorithms", test_help_algorithms);
  g_test_add_func ("/ring/cli/report-parameters", test_report_parameters);
  g_test_add_func ("/ring/cli/report-message-size", test_report_message_size);
  g_test_add_func ("/ring/cli/report-collective-cluster", test_report_collective_cluster);
  g_test_add_func ("/ring/cli/report-text-collective", test_report_text_collective);
  g_test_add_func ("/ring/cli/report-stragglers", test_report_stragglers);
  g_test_add_func ("/ring/cli/report-network-bound", test_report_network_bound);
  g_test_add_func ("/ring/cli/report-nccl-version", test_report_nccl_version);
  g_test_add_func ("/ring/cli/report-nvlink-domain", test_report_nvlink_domain);
  g_test_add_func ("/ring/cli/report-checkpointing", test_report_checkpointing);
  g_test_add_func ("/ring/cli/report-zero-buckets", test_report_zero_buckets);
  g_test_add_func ("/ring/cli/report-text", test_report_text);
  g_test_add_func ("/ring/cli/report-text-units", test_report_text_units);
  g_test_add_func ("/ring/cli/report-text-typed", test_report_text_typed);
  g_test_add_func ("/ring/cli/report-pcie-bound", test_report_pcie_bound);
  g_test_add_func ("/ring/cli/report-faster-link-slower", test_report_faster_link_slower);
  g_test_add_func ("/ring/cli/preset", test_preset);
  g_test_add_func ("/ring/cli/preset-compose", test_preset_compose);
  g_test_add_func ("/ring/cli/latency-applies", test_latency_applies);

  return g_test_run ();
}
