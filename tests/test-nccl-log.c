/* test-nccl-log.c: reading nccl-tests all_reduce_perf logs, and refusing what is not one.
 *
 * The excerpts in tests/data/nccl-logs are read as a user would load them; each malformed
 * input below must give a RING_NCCL_LOG_ERROR that says what is wrong (and where, for a
 * line), never a crash, a hang or a log of wrong numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <json-glib/json-glib.h>

#include "ring-nccl-tests-log.h"

#define HEADER \
  "# nThread 1 nGpus 1 minBytes 8 maxBytes 1048576 step: 2(factor) warmup iters: 5 " \
  "iters: 20 agg iters: 1 validation: 1 graph: 0\n" \
  "#\n# Using devices\n"
#define COLUMNS \
  "#       size         count      type   redop    root     time   algbw   busbw #wrong" \
  "     time   algbw   busbw #wrong\n" \
  "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)" \
  "            (us)  (GB/s)  (GB/s)\n"
/* Two ranks on one host, and rows whose bandwidths are their size over their time. */
#define DEVICES_2 \
  "#  Rank  0 Group  0 Pid   1001 on     host-a device  0 [0x18] NVIDIA H100 80GB HBM3\n" \
  "#  Rank  1 Group  0 Pid   1002 on     host-a device  1 [0x2a] NVIDIA H100 80GB HBM3\n"
#define ROW_1K "        1024           256     float     sum      -1    20.48    0.05    0.05" \
  "      0    20.48    0.05    0.05      0\n"
#define ROW_1M "     1048576        262144     float     sum      -1    104.9   10.00   10.00" \
  "      0    104.9   10.00   10.00      0\n"

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", name, NULL);
}

static RingNcclLog *
load_data (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr(GError) error = NULL;
  RingNcclLog *log = ring_nccl_log_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (log);

  return log;
}

static const RingNcclPoint *
point_at (const RingNcclLog *log,
          guint              index)
{
  g_assert_cmpuint (index, <, log->points->len);

  return &g_array_index (log->points, RingNcclPoint, index);
}

static const RingNcclPoint *
last_point (const RingNcclLog *log)
{
  return point_at (log, log->points->len - 1);
}

/* --- Excerpts ---------------------------------------------------------------------- */

static void
test_single_node (void)
{
  g_autoptr(RingNcclLog) log = load_data ("h100-1node.log");
  const RingNcclPoint *first = point_at (log, 0);
  const RingNcclPoint *last = last_point (log);

  g_assert_cmpuint (log->points->len, ==, 31);
  g_assert_cmpuint (log->ranks, ==, 8);
  g_assert_cmpint (log->ranks_source, ==, RING_NCCL_RANKS_FROM_DEVICES);
  /* No "NCCL version" line: the fit costs it as the window's release. */
  g_assert_cmpuint (log->nccl_major, ==, 0);
  g_assert_cmpuint (log->nodes, ==, 1);
  g_assert_cmpuint (log->gpus_per_process, ==, 1);
  g_assert_cmpstr (log->gpu_name, ==, "NVIDIA H100 80GB HBM3");
  g_assert_true (log->gpu_matched);
  g_assert_cmpint (log->gpu, ==, RING_GPU_H100);
  g_assert_cmpstr (log->data_type, ==, "float");
  g_assert_cmpstr (log->redop, ==, "sum");
  g_assert_cmpfloat (log->avg_busbw_gbps, ==, 161.27);
  g_assert_cmpuint (log->cut_off_line, ==, 0);

  g_assert_cmpfloat (first->size_bytes, ==, 8);
  g_assert_cmpfloat (first->count, ==, 2);
  g_assert_cmpuint (first->type_bytes, ==, 4);
  g_assert_cmpfloat (first->time_us, ==, 16.62);
  g_assert_cmpfloat (first->in_place_time_us, ==, 16.45);
  g_assert_cmpint (first->wrong, ==, 0);
  g_assert_cmpuint (first->line, ==, 18);

  g_assert_cmpfloat (last->size_bytes, ==, 8589934592.0);
  g_assert_cmpfloat (last->count, ==, 2147483648.0);
  g_assert_cmpfloat (last->time_us, ==, 32331.8);
  g_assert_cmpfloat (last->algbw_gbps, ==, 265.68);
  g_assert_cmpfloat (last->busbw_gbps, ==, 464.94);
  g_assert_cmpfloat (last->in_place_time_us, ==, 31266.1);
  g_assert_cmpfloat (last->in_place_busbw_gbps, ==, 480.79);
}

static void
test_multi_node_info_lines (void)
{
  g_autoptr(RingNcclLog) log = load_data ("a100-2node-info.log");

  /* 31 rows from 8 B to 8 GiB, although NCCL WARN and INFO lines sit inside the table. */
  g_assert_cmpuint (log->points->len, ==, 31);
  g_assert_cmpuint (log->ranks, ==, 16);
  g_assert_cmpuint (log->nodes, ==, 2);
  g_assert_cmpint (log->gpu, ==, RING_GPU_A100);
  g_assert_cmpuint (log->skipped_lines, ==, 11);
  g_assert_cmpfloat (last_point (log)->size_bytes, ==, 8589934592.0);
  /* "NCCL version 2.18.5+cuda12.2": the release the fit costs it as. */
  g_assert_cmpuint (log->nccl_major, ==, 2);
  g_assert_cmpuint (log->nccl_minor, ==, 18);
}

static void
test_single_process (void)
{
  g_autoptr(RingNcclLog) log = load_data ("h100-g8-single-process.log");

  g_assert_cmpuint (log->points->len, ==, 25);
  g_assert_cmpuint (log->ranks, ==, 8);
  g_assert_cmpuint (log->nodes, ==, 1);
  g_assert_cmpuint (log->gpus_per_process, ==, 8);
  g_assert_cmpuint (log->threads, ==, 1);
}

/* The same log saved with CRLF line ends reads the same. */
static void
test_crlf (void)
{
  g_autoptr(RingNcclLog) unix_log = load_data ("h100-g8-single-process.log");
  g_autoptr(RingNcclLog) crlf_log = load_data ("h100-crlf.log");
  g_autofree char *path = data_path ("h100-crlf.log");
  g_autofree char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "\r\n"));

  g_assert_cmpuint (crlf_log->points->len, ==, unix_log->points->len);
  g_assert_cmpint (memcmp (crlf_log->points->data, unix_log->points->data,
                           unix_log->points->len * sizeof (RingNcclPoint)), ==, 0);
  g_assert_cmpstr (crlf_log->gpu_name, ==, unix_log->gpu_name);
  g_assert_cmpuint (crlf_log->gpus_per_process, ==, 8);
}

static void
test_ansi_colours (void)
{
  g_autoptr(RingNcclLog) log = load_data ("h100-ansi.log");

  g_assert_cmpuint (log->points->len, ==, 26);
  g_assert_cmpuint (log->ranks, ==, 8);
  g_assert_cmpfloat (point_at (log, 0)->time_us, ==, 15.65);
  g_assert_cmpfloat (log->avg_busbw_gbps, ==, 150.02);
}

static void
test_in_place_missing (void)
{
  g_autoptr(RingNcclLog) log = load_data ("inplace-missing.log");

  g_assert_cmpuint (log->points->len, ==, 21);
  g_assert_cmpstr (log->data_type, ==, "bfloat16");
  for (guint i = 0; i < log->points->len; i++)
    {
      const RingNcclPoint *point = point_at (log, i);

      g_assert_cmpuint (point->type_bytes, ==, 2);
      g_assert_true (isnan (point->in_place_time_us));
      g_assert_true (isnan (point->in_place_busbw_gbps));
      g_assert_cmpfloat (point->time_us, >, 0);
    }
}

static void
test_old_format (void)
{
  g_autoptr(RingNcclLog) log = load_data ("v100-old-no-root.log");
  const RingNcclPoint *first = point_at (log, 0);

  g_assert_cmpuint (log->points->len, ==, 27);
  g_assert_cmpuint (log->ranks, ==, 8);
  g_assert_cmpuint (log->gpus_per_process, ==, 8);
  g_assert_cmpint (log->gpu, ==, RING_GPU_V100);
  /* "error" was the largest difference, not a count. */
  g_assert_cmpint (first->wrong, ==, -1);
  g_assert_cmpfloat (first->size_bytes, ==, 8);
  g_assert_cmpfloat (first->in_place_time_us, >, 0);
}

static void
test_cut_off (void)
{
  g_autoptr(RingNcclLog) log = load_data ("cut-off.log");

  g_assert_cmpuint (log->points->len, ==, 23);
  g_assert_cmpuint (log->cut_off_line, ==, 47);
  g_assert_cmpfloat (last_point (log)->size_bytes, ==, 33554432);
}

static void
test_markdown_stripped (void)
{
  g_autoptr(RingNcclLog) log = load_data ("markdown-stripped.log");

  g_assert_cmpuint (log->points->len, ==, 22);
  g_assert_cmpuint (log->ranks, ==, 2);
  g_assert_cmpuint (log->nodes, ==, 2);
  /* An A10G is not in the catalogue: named, not matched. */
  g_assert_cmpstr (log->gpu_name, ==, "NVIDIA A10G");
  g_assert_false (log->gpu_matched);
  g_assert_cmpint (log->gpu, ==, RING_GPU_CUSTOM);
}

static void
test_mpi_tagged (void)
{
  g_autoptr(RingNcclLog) log = load_data ("mpi-tagged-4node.log");

  g_assert_cmpuint (log->points->len, ==, 13);
  g_assert_cmpuint (log->ranks, ==, 32);
  g_assert_cmpuint (log->nodes, ==, 4);
  g_assert_cmpfloat (point_at (log, 0)->size_bytes, ==, 1048576);
}

/* --- Inline logs ------------------------------------------------------------------- */

static RingNcclLog *
parse_ok (const char *text)
{
  g_autoptr(GError) error = NULL;
  RingNcclLog *log = ring_nccl_log_parse (text, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (log);

  return log;
}

/* A bare table: busbw / algbw = 2 (N−1)/N = 1.875 says 16 ranks. */
static void
test_ranks_from_bandwidth (void)
{
  g_autoptr(RingNcclLog) log = parse_ok (
    "  1073741824     268435456     float     sum      -1   4497.4  238.75  447.65      0"
    "   4490.1  239.13  448.38      0\n");

  g_assert_cmpuint (log->ranks, ==, 16);
  g_assert_cmpint (log->ranks_source, ==, RING_NCCL_RANKS_FROM_BANDWIDTH);
  g_assert_cmpuint (log->nodes, ==, 0);
  g_assert_null (log->gpu_name);
}

static void
test_srun_labels (void)
{
  g_autoptr(RingNcclLog) log = parse_ok (
    "0: " HEADER
    "0: #  Rank  0 Group  0 Pid   1001 on     host-a device  0 [0x18] NVIDIA B200\n"
    "0: #  Rank  1 Group  0 Pid   2001 on     host-b device  0 [0x18] NVIDIA B200\n"
    "0: " ROW_1K "0: " ROW_1M);

  g_assert_cmpuint (log->points->len, ==, 2);
  g_assert_cmpuint (log->nodes, ==, 2);
  g_assert_cmpint (log->gpu, ==, RING_GPU_B200);
}

/* nccl-tests ≥ 2.19 with per-iteration timing: four more columns in each half. */
static void
test_per_iteration_columns (void)
{
  g_autoptr(RingNcclLog) log = parse_ok (
    HEADER DEVICES_2
    "#       size         count      type   redop    root     time   algbw   busbw #wrong"
    "    i_min    i_max    i_p99    i_cv%     time   algbw   busbw #wrong    i_min    i_max"
    "    i_p99    i_cv%\n"
    "     1048576        262144     float     sum      -1    104.9   10.00   10.00      0"
    "   101.20   110.40   110.10     2.10    99.86   10.50   10.50      0    98.00   104.00"
    "   103.90     1.90\n");

  g_assert_cmpuint (log->points->len, ==, 1);
  g_assert_cmpfloat (point_at (log, 0)->in_place_time_us, ==, 99.86);
}

/* Two runs of the same shape (the program started twice) are one set of points. */
static void
test_two_runs (void)
{
  g_autoptr(RingNcclLog) log = parse_ok (HEADER DEVICES_2 COLUMNS ROW_1K ROW_1M
                                         HEADER DEVICES_2 COLUMNS ROW_1K ROW_1M);

  g_assert_cmpuint (log->points->len, ==, 4);
  g_assert_cmpuint (log->ranks, ==, 2);
}

static void
test_copy (void)
{
  g_autoptr(RingNcclLog) log = load_data ("h100-1node.log");
  g_autoptr(RingNcclLog) copy = ring_nccl_log_copy (log);
  g_autoptr(RingNcclLog) empty = ring_nccl_log_new ();

  g_assert_true (G_TYPE_IS_BOXED (RING_TYPE_NCCL_LOG));
  g_assert_cmpuint (copy->points->len, ==, log->points->len);
  g_assert_true (copy->points != log->points);
  g_assert_cmpstr (copy->gpu_name, ==, log->gpu_name);
  g_assert_true (copy->gpu_name != log->gpu_name);
  g_assert_cmpuint (empty->points->len, ==, 0);
  g_assert_cmpuint (empty->ranks, ==, 1);
}

static void
test_device_names (void)
{
  const struct {
    const char *name;
    RingGpuId   id;
  } known[] = {
    { "NVIDIA H100 80GB HBM3", RING_GPU_H100 }, { "NVIDIA H100 PCIe", RING_GPU_H100_PCIE },
    { "NVIDIA H100 NVL", RING_GPU_H100_NVL }, { "NVIDIA A100-SXM4-40GB", RING_GPU_A100 },
    { "NVIDIA A100-SXM4-80GB", RING_GPU_A100 }, { "NVIDIA A100 80GB PCIe", RING_GPU_A100_PCIE },
    { "NVIDIA A100-PCIE-40GB", RING_GPU_A100_PCIE }, { "NVIDIA H200", RING_GPU_H200 },
    { "NVIDIA H20", RING_GPU_H20 }, { "NVIDIA B200", RING_GPU_B200 },
    { "NVIDIA GB200", RING_GPU_GB200 }, { "NVIDIA L40S", RING_GPU_L40S },
    { "NVIDIA GeForce RTX 4090", RING_GPU_RTX4090 },
    { "NVIDIA GeForce RTX 2080 Ti", RING_GPU_RTX2080TI },
    { "Tesla V100-SXM2-32GB", RING_GPU_V100 }, { "NVIDIA GB10", RING_GPU_GB10 },
    { "AMD Instinct MI300X", RING_GPU_MI300X }, { "AMD Instinct MI325X", RING_GPU_MI325X },
    { "AMD Instinct MI355X", RING_GPU_MI355X }, { "NVIDIA GeForce RTX 5090", RING_GPU_RTX5090 },
    { "NVIDIA B300 SXM6 AC", RING_GPU_B300 }, { "NVIDIA GB300", RING_GPU_GB300 },
  };
  const char *unknown[] = {
    "NVIDIA H800", "Tesla V100-PCIE-16GB", "NVIDIA A10G", "NVIDIA H200 NVL", "", "H",
    "Tesla T4", "AMD Instinct MI250X",
  };

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    {
      const RingGpuInfo *info = ring_gpu_lookup_device_name (known[i].name);

      g_test_message ("%s", known[i].name);
      g_assert_nonnull (info);
      g_assert_cmpint (info->id, ==, known[i].id);
    }
  for (guint i = 0; i < G_N_ELEMENTS (unknown); i++)
    g_assert_null (ring_gpu_lookup_device_name (unknown[i]));
}

/* The host a device line names ("Rank 3 … on HOST device 3"), or NULL for another line;
 * read apart from the reader. */
static char *
device_line_host (const char *line)
{
  const char *rank = strstr (line, "Rank ");
  const char *on = rank != NULL ? strstr (rank, " on ") : NULL;
  g_autofree char *after = NULL;
  g_auto(GStrv) words = NULL;

  if (on == NULL)
    return NULL;
  after = g_strchug (g_strdup (on + 4));
  words = g_strsplit (after, " ", 2);

  return g_strdup (words[0]);
}

/* How many hosts the device lines name, and how many lines the first host has. */
static guint
count_header_hosts (const char *text,
                    guint      *per_first_host)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GHashTable) hosts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *first = NULL;

  *per_first_host = 0;
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *host = device_line_host (lines[i]);

      if (host == NULL)
        continue;
      if (first == NULL)
        first = g_strdup (host);
      if (g_str_equal (first, host))
        (*per_first_host)++;
      g_hash_table_add (hosts, host);
    }

  return g_hash_table_size (hosts);
}

/* The device lines cut after the first host's, as nccl-tests cuts a long list. */
static char *
cut_after_first_host (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  g_autoptr(GString) cut = g_string_new (NULL);
  g_autofree char *first = NULL;
  gboolean cut_said = FALSE;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autofree char *host = device_line_host (lines[i]);

      if (host != NULL && first == NULL)
        first = g_strdup (host);
      if (host != NULL && !g_str_equal (host, first))
        {
          if (!cut_said)
            g_string_append (cut, "#  ...\n");
          cut_said = TRUE;
          continue;
        }
      g_string_append_printf (cut, "%s%s", lines[i], lines[i + 1] != NULL ? "\n" : "");
    }

  return g_string_free (g_steal_pointer (&cut), FALSE);
}

/* Every log here: its nodes are the hosts its device lines name; cut after the first
 * host, as nccl-tests cuts a long list with "...", the ranks over that host's ranks. */
static void
test_nodes_of_every_log (void)
{
  g_autofree char *folder = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;
  guint checked = 0, cut_checked = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);
      g_autofree char *text = NULL;
      g_autofree char *cut = NULL;
      g_autoptr(RingNcclLog) log = NULL;
      g_autoptr(RingNcclLog) cut_log = NULL;
      guint hosts, per_first_host;

      if (!g_str_has_suffix (name, ".log"))
        continue;
      g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
      log = ring_nccl_log_parse (text, -1, NULL);
      if (log == NULL)
        continue;  /* the logs of other collectives */
      hosts = count_header_hosts (text, &per_first_host);
      g_test_message ("%s: %u hosts, %u nodes read", name, hosts, log->nodes);
      g_assert_cmpuint (log->nodes, ==, hosts);
      checked++;

      if (hosts < 2)
        continue;
      cut = cut_after_first_host (text);
      cut_log = ring_nccl_log_parse (cut, -1, NULL);
      g_assert_nonnull (cut_log);
      g_assert_cmpuint (cut_log->ranks, ==, log->ranks);
      g_test_message ("%s cut: %u nodes read", name, cut_log->nodes);
      g_assert_cmpuint (cut_log->nodes, ==, (log->ranks + per_first_host - 1) / per_first_host);
      g_assert_cmpuint (cut_log->nodes, ==, hosts);
      cut_checked++;
    }
  g_assert_cmpuint (checked, >=, 10);
  g_assert_cmpuint (cut_checked, >=, 2);
}

/* The reproduction of issue 27: two nodes of eight, the second's lines cut. */
static void
test_cut_device_list (void)
{
  g_autofree char *path = data_path ("a100-2node-info.log");
  g_autofree char *text = NULL;
  g_autoptr(GString) cut = g_string_new (NULL);
  g_auto(GStrv) lines = NULL;
  g_autoptr(RingNcclLog) log = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      guint rank = 0;
      const char *at = strstr (lines[i], "Rank ");

      if (at != NULL && sscanf (at, "Rank %u", &rank) == 1 && rank >= 8)
        continue;
      g_string_append_printf (cut, "%s\n", lines[i]);
      if (at != NULL && rank == 7)
        g_string_append (cut, "#  ...\n");
    }

  log = ring_nccl_log_parse (cut->str, cut->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (log->ranks, ==, 16);
  g_assert_cmpuint (log->nodes, ==, 2);
}

/* --- Refused ----------------------------------------------------------------------- */

/* No log came, and @error is @code with a message that holds @needle. */
static void
assert_error_says (const RingNcclLog *log,
                   const GError      *error,
                   int                code,
                   const char        *needle)
{
  g_assert_null (log);
  g_assert_error (error, RING_NCCL_LOG_ERROR, code);
  /* Whatever the file holds, the message is text. */
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_test_message ("%s", error->message);
  if (strstr (error->message, needle) == NULL)
    g_error ("“%s” does not say “%s”", error->message, needle);
}

/* @text is refused with @code, and the message holds @needle. */
static void
assert_refused (const char *text,
                gssize      length,
                int         code,
                const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) log = ring_nccl_log_parse (text, length, &error);

  assert_error_says (log, error, code, needle);
}

static void
assert_file_refused (const char *path,
                     int         code,
                     const char *needle)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) log = ring_nccl_log_load (path, &error);

  g_test_message ("%s", path);
  assert_error_says (log, error, code, needle);
}

/* The collectives the model costs are read, each named by its program or its rows. */
static void
test_other_collectives (void)
{
  static const struct {
    const char         *file;
    RingCollective      collective;
    guint               ranks;
    guint               nodes;
    RingNcclRanksSource source;
    double              factor;  /* busbw / algbw */
  } files[] = {
    { "reduce-scatter.log", RING_COLLECTIVE_REDUCE_SCATTER, 16, 2, RING_NCCL_RANKS_FROM_DEVICES,
      15.0 / 16 },
    { "all-gather-named.log", RING_COLLECTIVE_ALL_GATHER, 8, 1, RING_NCCL_RANKS_FROM_DEVICES,
      7.0 / 8 },
    { "broadcast.log", RING_COLLECTIVE_BROADCAST, 8, 1, RING_NCCL_RANKS_FROM_DEVICES, 1 },
    { "alltoall-2node.log", RING_COLLECTIVE_ALLTOALL, 16, 2, RING_NCCL_RANKS_FROM_DEVICES,
      15.0 / 16 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autoptr(RingNcclLog) log = load_data (files[i].file);
      const RingNcclPoint *last = &g_array_index (log->points, RingNcclPoint,
                                                  log->points->len - 1);

      g_test_message ("%s", files[i].file);
      g_assert_cmpint (log->collective, ==, files[i].collective);
      g_assert_cmpuint (log->ranks, ==, files[i].ranks);
      g_assert_cmpuint (log->nodes, ==, files[i].nodes);
      g_assert_cmpint (log->ranks_source, ==, files[i].source);
      /* Printed with two decimals at 80 GB/s and more. */
      g_assert_cmpfloat (fabs (last->busbw_gbps / last->algbw_gbps - files[i].factor), <,
                         2e-4);
    }

  /* The size of reduce_scatter_perf, all_gather_perf and alltoall_perf is N × count
   * elements: 16384 B of 256 floats is 16 ranks, whatever the header's one GPU says. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(RingNcclLog) log =
      ring_nccl_log_parse (HEADER COLUMNS
                           "       16384           256     float     sum      -1    20.48"
                           "    0.80    0.75      0    20.48    0.80    0.75      0\n",
                           -1, &error);

    g_assert_no_error (error);
    g_assert_cmpint (log->collective, ==, RING_COLLECTIVE_REDUCE_SCATTER);
    g_assert_cmpuint (log->ranks, ==, 16);
    g_assert_cmpint (log->ranks_source, ==, RING_NCCL_RANKS_FROM_SIZES);
  }
  /* broadcast_perf: a root, no reduction, count × type. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(RingNcclLog) log =
      ring_nccl_log_parse (HEADER DEVICES_2 COLUMNS
                           "        1024           256     float    none       0    20.48"
                           "    0.05    0.05      0    20.48    0.05    0.05      0\n",
                           -1, &error);

    g_assert_no_error (error);
    g_assert_cmpint (log->collective, ==, RING_COLLECTIVE_BROADCAST);
    g_assert_cmpuint (log->ranks, ==, 2);
  }

  /* all_gather_perf and alltoall_perf print the same table: without a name, refused. */
  {
    g_autofree char *all_gather = data_path ("all-gather.log");

    assert_file_refused (all_gather, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,
                         "all_gather_perf or alltoall_perf, whose tables look the same");
  }
  /* Programs the model does not cost. */
  {
    g_autofree char *reduce = data_path ("reduce.log");

    assert_file_refused (reduce, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,
                         "line 2: this log measured reduce_perf; only all_reduce_perf");
  }
  assert_refused ("# Collective test starting: hypercube_perf\n" HEADER, -1,
                  RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE, "hypercube_perf");
  /* A name the rows contradict. */
  assert_refused ("# Collective test starting: broadcast_perf\n" HEADER DEVICES_2 COLUMNS
                  ROW_1K ROW_1M,
                  -1, RING_NCCL_LOG_ERROR_INCONSISTENT,
                  "line 1 names broadcast_perf, but the row at line 9 is one of all_reduce_perf");
  /* Rows of two programs in one table. */
  assert_refused (HEADER DEVICES_2 COLUMNS ROW_1K
                  "        1024           256     float    none       0    20.48    0.05    0.05"
                  "      0    20.48    0.05    0.05      0\n",
                  -1, RING_NCCL_LOG_ERROR_INCONSISTENT,
                  "line 9 is a row of broadcast_perf, line 8 one of all_reduce_perf");
  /* The program named, its table missing. */
  assert_refused ("# Collective test starting: alltoall_perf\n" HEADER, -1,
                  RING_NCCL_LOG_ERROR_NO_TABLE, "no nccl-tests results");
  /* sendrecv on two ranks prints all-reduce's table: only its command line tells. */
  assert_refused ("$ mpirun -np 2 ./build/sendrecv_perf -b 1K -e 1M\n"
                  HEADER DEVICES_2 COLUMNS ROW_1K ROW_1M,
                  -1, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE, "sendrecv_perf");
  /* On 8 ranks busbw = algbw is no all-reduce (whose busbw is 1.75 × algbw). */
  assert_refused (HEADER
                  "#  Rank  0 Pid 1 on h device 0 [0x1] G\n#  Rank  1 Pid 2 on h device 1 [0x2] G\n"
                  "#  Rank  2 Pid 3 on h device 2 [0x3] G\n#  Rank  3 Pid 4 on h device 3 [0x4] G\n"
                  "#  Rank  4 Pid 5 on h device 4 [0x5] G\n#  Rank  5 Pid 6 on h device 5 [0x6] G\n"
                  "#  Rank  6 Pid 7 on h device 6 [0x7] G\n#  Rank  7 Pid 8 on h device 7 [0x8] G\n"
                  COLUMNS ROW_1K ROW_1M,
                  -1, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE, "sendrecv_perf");
}

/* nccl-tests -J: the numbers of each result are the points', and the run's shape is the
 * text log's. */
static void
test_json_output (void)
{
  g_autofree char *path = data_path ("h100-all-reduce.json");
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) log = load_data ("h100-all-reduce.json");
  JsonArray *results;

  g_assert_true (json_parser_load_from_file (parser, path, &error));
  g_assert_no_error (error);
  results = json_object_get_array_member (json_node_get_object (json_parser_get_root (parser)),
                                          "results");
  g_assert_cmpint (log->collective, ==, RING_COLLECTIVE_ALL_REDUCE);
  g_assert_cmpuint (log->ranks, ==, 8);
  g_assert_cmpint (log->ranks_source, ==, RING_NCCL_RANKS_FROM_DEVICES);
  g_assert_cmpuint (log->nodes, ==, 1);
  g_assert_true (log->gpu_matched);
  g_assert_cmpint (log->gpu, ==, RING_GPU_H100);
  g_assert_cmpstr (log->data_type, ==, "float");
  g_assert_cmpstr (log->redop, ==, "sum");
  g_assert_false (isnan (log->avg_busbw_gbps));
  g_assert_cmpuint (log->points->len, ==, json_array_get_length (results));
  for (guint i = 0; i < log->points->len; i++)
    {
      const RingNcclPoint *point = &g_array_index (log->points, RingNcclPoint, i);
      JsonObject *row = json_array_get_object_element (results, i);
      JsonObject *out = json_object_get_object_member (row, "out_of_place");
      JsonObject *in = json_object_get_object_member (row, "in_place");

      g_assert_cmpfloat (point->size_bytes, ==, json_object_get_int_member (row, "size"));
      g_assert_cmpfloat (point->count, ==, json_object_get_int_member (row, "count"));
      g_assert_cmpfloat (point->time_us, ==, json_object_get_double_member (out, "time"));
      g_assert_cmpfloat (point->busbw_gbps, ==, json_object_get_double_member (out, "bus_bw"));
      g_assert_cmpfloat (point->in_place_time_us, ==,
                         json_object_get_double_member (in, "time"));
      g_assert_cmpint (point->wrong, ==, 0);
    }

  /* An alltoall on two hosts, written before nccl-tests fixed "average_bus_bandwidith". */
  {
    g_autoptr(RingNcclLog) alltoall = load_data ("alltoall-2node-2025.json");

    g_assert_cmpint (alltoall->collective, ==, RING_COLLECTIVE_ALLTOALL);
    g_assert_cmpuint (alltoall->ranks, ==, 8);
    g_assert_cmpuint (alltoall->nodes, ==, 2);
    g_assert_false (isnan (alltoall->avg_busbw_gbps));
  }
}

/* A -J file that is not one, or holds what no run printed: a message, never a log. */
static void
test_json_malformed (void)
{
  static const struct {
    const char *text;
    int         code;
    const char *needle;
  } cases[] = {
    { "{\"results\": [", RING_NCCL_LOG_ERROR_MALFORMED, "this JSON cannot be read" },
    { "{}", RING_NCCL_LOG_ERROR_MALFORMED, "not nccl-tests -J output: it has no “results” list" },
    { "  {\"results\": {}}", RING_NCCL_LOG_ERROR_MALFORMED, "no “results” list" },
    { "{\"results\": []}", RING_NCCL_LOG_ERROR_NO_TABLE, "no nccl-tests results" },
    { "{\"results\": [{\"size\": 1024}]}", RING_NCCL_LOG_ERROR_MALFORMED,
      "results[0] of the JSON has no size, count, type or out-of-place times" },
    { "{\"results\": [7]}", RING_NCCL_LOG_ERROR_MALFORMED, "results[0] of the JSON" },
    /* Found by fuzz-nccl-log: json-glib reads C's octal escape \703 as bytes that are not
     * UTF-8, and its message quoted them. */
    { "{\"version\": 3, \"args\": [\"(B.\\703, \"config\": {}}", RING_NCCL_LOG_ERROR_MALFORMED,
      "this JSON cannot be read" },
    { "{\"results\": [{\"size\": 1024, \"count\": 256, \"type\": \"float\", "
      "\"redop\": \"sum\", \"root\": \"    -1\", \"out_of_place\": {\"time\": 20.48, "
      "\"alg_bw\": 9.99, \"bus_bw\": 0.05, \"nwrong\": 0.0}}]}",
      RING_NCCL_LOG_ERROR_MALFORMED, "results[0] of the JSON, read as a text log: line 3: "
      "the out-of-place algbw 9.99 GB/s is not the size over the time" },
    { "{\"results\": [{\"size\": 1024, \"count\": 256, \"type\": \"float\", "
      "\"redop\": \"sum\", \"root\": \"    -1\", \"out_of_place\": {\"time\": \"nan\", "
      "\"alg_bw\": 0.05, \"bus_bw\": 0.05, \"nwrong\": null}}]}",
      RING_NCCL_LOG_ERROR_MALFORMED, "“nan” is not a number (the time column)" },
    { "{\"results\": [{\"size\": -8, \"count\": 2, \"type\": \"float\", "
      "\"out_of_place\": {\"time\": 1}}]}", RING_NCCL_LOG_ERROR_MALFORMED, "no size is negative" },
    { "{\"args\": [\"./build/scatter_perf\"], \"results\": [{\"size\": 1024, \"count\": 256, "
      "\"type\": \"float\", \"out_of_place\": {\"time\": 20.48, \"alg_bw\": 0.05, "
      "\"bus_bw\": 0.05}}]}", RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE, "scatter_perf" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    assert_refused (cases[i].text, -1, cases[i].code, cases[i].needle);

  /* A million brackets never reach the parser, which recurses. */
  {
    g_autoptr(GString) deep = g_string_new ("{\"results\": ");

    for (guint i = 0; i < 1000000; i++)
      g_string_append_c (deep, '[');
    assert_refused (deep->str, deep->len, RING_NCCL_LOG_ERROR_MALFORMED,
                    "it nests more than 32 levels deep");
  }
}

/* At least twenty malformed inputs, each with its own clear message. */
static void
test_malformed_text (void)
{
  const char junk[] = { 0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, (char) 0xff, (char) 0xfe };
  const char latin1[] = HEADER "#  Rank  0 Group  0 Pid 1 on h\xf6st device 0 [0x1] X\n";

  /* 6–17 and 19–21: lines of a log that are wrong. */
  static const struct
  {
    const char *text;
    int         code;
    const char *needle;
  } wrong[] = {
    /* 6: a row that stops short with rows after it. */
    { HEADER DEVICES_2 COLUMNS
      "        1024           256     float     sum      -1    20.48\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "line 8: the row ends after 6 of its" },
    /* 7: the only row is cut off. */
    { HEADER DEVICES_2 COLUMNS "        1024           256     float     sum",
      RING_NCCL_LOG_ERROR_NO_TABLE, "line 8, the only row of results, is cut off" },
    /* 8–9: numbers that overflow. */
    { HEADER DEVICES_2 COLUMNS
      "        1024           256     float     sum      -1    1e400    0.05    0.05"
      "      0    20.48    0.05    0.05      0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "line 8: 1e400 overflows a number" },
    { HEADER DEVICES_2 COLUMNS
      "  99999999999999999999999  256  float  sum  -1  20.48  0.05  0.05  0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "is not a whole number" },
    /* A negative size (issue 27: the row vanished). */
    { HEADER DEVICES_2 COLUMNS ROW_1K
      "       -1024           256     float     sum      -1    20.48    0.05    0.05"
      "      0    20.48    0.05    0.05      0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "line 9: a size of -1024 bytes; no size is negative" },
    /* 10–11: negative and zero times. */
    { HEADER DEVICES_2 COLUMNS
      "        1024           256     float     sum      -1   -20.48    0.05    0.05"
      "      0    20.48    0.05    0.05      0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "out-of-place time is -20.48 µs" },
    { HEADER DEVICES_2 COLUMNS ROW_1K
      "     1048576        262144     float     sum      -1    104.9   10.00   10.00"
      "      0     0.00    0.00    0.00      0\n",
      RING_NCCL_LOG_ERROR_MALFORMED, "line 9: the in-place time is 0 µs" },
    /* 11b: times no all-reduce takes, which printed errors of 155 digits. */
    { HEADER DEVICES_2 COLUMNS ROW_1K
      "     1048576        262144     float     sum      -1    1e308    0.00    0.00"
      "      0    104.9   10.00   10.00      0\n",
      RING_NCCL_LOG_ERROR_MALFORMED, "not a time of one all-reduce" },
    { HEADER DEVICES_2 COLUMNS ROW_1K
      "     1048576        262144     float     sum      -1   1e-300    0.00    0.00"
      "      0    104.9   10.00   10.00      0\n",
      RING_NCCL_LOG_ERROR_MALFORMED, "line 9: the out-of-place time is 1e-300 µs" },
    /* 12: a missing column: the row is short, or the others shift. */
    { HEADER DEVICES_2 COLUMNS
      "     1048576        262144     float     sum      -1    104.9   10.00      0"
      "    104.9   10.00   10.00      0\n" ROW_1K,
      RING_NCCL_LOG_ERROR_MALFORMED, "line 8: the row ends after 12 of its 13" },
    { HEADER DEVICES_2 COLUMNS
      "     1048576        262144     float     sum    104.9   10.00   10.00      0"
      "    104.9   10.00   10.00      0\n" ROW_1K,
      RING_NCCL_LOG_ERROR_MALFORMED, "a column is missing or out of place" },
    /* 13–14: NaN and infinity as text. */
    { HEADER DEVICES_2 COLUMNS
      "     1048576        262144     float     sum      -1    104.9     nan   10.00"
      "      0    104.9   10.00   10.00      0\n" ROW_1K,
      RING_NCCL_LOG_ERROR_MALFORMED, "“nan” is not a number (the algbw column)" },
    { HEADER DEVICES_2 COLUMNS
      "     1048576        262144     float     sum      -1      inf   10.00   10.00"
      "      0    104.9   10.00   10.00      0\n" ROW_1K,
      RING_NCCL_LOG_ERROR_MALFORMED, "“inf” is not a number" },
    /* 15: a negative bandwidth. */
    { HEADER DEVICES_2 COLUMNS
      "     1048576        262144     float     sum      -1    104.9   10.00  -10.00"
      "      0    104.9   10.00   10.00      0\n" ROW_1K,
      RING_NCCL_LOG_ERROR_MALFORMED, "negative bandwidth" },
    /* 16: a size that is not count × 4 bytes of float. */
    { HEADER DEVICES_2 COLUMNS
      "        1000           256     float     sum      -1    20.00    0.05    0.05"
      "      0    20.00    0.05    0.05      0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "1000 bytes is not 256 elements of 4 bytes" },
    /* 17: words where numbers go. */
    { HEADER DEVICES_2 COLUMNS
      "        1024           256     float     sum      -1    fast   slow   none"
      "      0\n" ROW_1M,
      RING_NCCL_LOG_ERROR_MALFORMED, "is not a number" },
    /* 19: one rank printed by two processes: nccl-tests built without MPI under mpirun. */
    { HEADER "#  Rank  0 Group  0 Pid 1 on a device 0 [0x1] NVIDIA H100\n"
      HEADER "#  Rank  0 Group  0 Pid 7 on b device 0 [0x1] NVIDIA H100\n"
      COLUMNS ROW_1K,
      RING_NCCL_LOG_ERROR_INCONSISTENT, "built without MPI=1" },
    /* 20: two runs of different shapes. */
    { HEADER DEVICES_2 COLUMNS ROW_1K ROW_1M
      HEADER "#  Rank  0 Group  0 Pid 1 on a device 0 [0x1] NVIDIA H100\n" COLUMNS
      "     1048576        262144     float     sum      -1    104.9   10.00    0.00"
      "      0    104.9   10.00    0.00      0\n",
      RING_NCCL_LOG_ERROR_INCONSISTENT, "load them one at a time" },
    /* 21: devices and bandwidths that disagree on the ranks. */
    { HEADER DEVICES_2 COLUMNS
      "  1073741824     268435456     float     sum      -1   4497.4  238.75  447.65"
      "      0   4490.1  239.13  448.38      0\n",
      RING_NCCL_LOG_ERROR_INCONSISTENT, "list 2 ranks, but busbw / algbw says 16" },
  };

  /* 1–3: nothing, blank, prose. */
  assert_refused ("", 0, RING_NCCL_LOG_ERROR_NO_TABLE, "empty");
  assert_refused ("\n\n   \n\t\n", -1, RING_NCCL_LOG_ERROR_NO_TABLE, "no nccl-tests results");
  /* A JSON object is read as nccl-tests -J output. */
  assert_refused ("{\"results\": [1, 2, 3]}\nThe quick brown fox.\n", -1,
                  RING_NCCL_LOG_ERROR_MALFORMED, "this JSON cannot be read");
  /* 4–5: binary junk, and a log with a byte that is not UTF-8 on line 4. */
  assert_refused (junk, sizeof junk, RING_NCCL_LOG_ERROR_NOT_TEXT, "line 1 holds a NUL byte");
  assert_refused (latin1, -1, RING_NCCL_LOG_ERROR_NOT_TEXT, "line 4 is not UTF-8");
  for (guint i = 0; i < G_N_ELEMENTS (wrong); i++)
    assert_refused (wrong[i].text, -1, wrong[i].code, wrong[i].needle);

  /* 18: a row-like line far longer than any nccl-tests prints. */
  {
    g_autofree char *long_row = g_strnfill (5000, '7');

    assert_refused (long_row, -1, RING_NCCL_LOG_ERROR_MALFORMED, "line 1 is 5000 bytes long");
  }
}

/* What fuzzing and review found, kept fixed. */
static void
test_fuzz_findings (void)
{
  g_autoptr(RingNcclLog) wrong = NULL;
  g_autoptr(RingNcclLog) escaped = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) none = NULL;
  g_autofree char *row = NULL;

  /* #wrong counts near 2^63 in both halves: their sum saturates instead of overflowing
   * (libFuzzer and UBSan, tests/fuzz/corpus-nccl-log/finding-wrong-overflow.log). */
  wrong = parse_ok (HEADER DEVICES_2 COLUMNS
                    "     1048576        262144     float     sum      -1    104.9   10.00   10.00"
                    "      2    104.9   10.00   10.00  14347467612885206804\n");
  g_assert_cmpint (point_at (wrong, 0)->wrong, ==, G_MAXINT64);

  /* An escape before a multi-byte character drops the escape, not half the character. */
  escaped = parse_ok (HEADER
                      "#  Rank  0 Group  0 Pid   1001 on     host-a device  0 [0x18] Caf\033\303\251\n"
                      "#  Rank  1 Group  0 Pid   1002 on     host-a device  1 [0x2a] Caf\303\251\n"
                      COLUMNS ROW_1K ROW_1M);
  g_assert_cmpstr (escaped->gpu_name, ==, "Café");

  /* A long word quoted in a message is cut between characters, not inside one. */
  row = g_strdup_printf (HEADER DEVICES_2 COLUMNS "  1024  256  float  sum  -1  x%s  0.05  0.05"
                         "  0\n", "éééééééééééééééééééééééééabababababab");
  none = ring_nccl_log_parse (row, -1, &error);
  g_assert_null (none);
  g_assert_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED);
  g_test_message ("%s", error->message);
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
  g_assert_nonnull (strstr (error->message, "…” is not a number"));
}

/* The 100 MB line, never committed: refused for its size before anything is read. */
static void
test_too_large (void)
{
  gsize size = 100 * 1000 * 1000;
  g_autofree char *line = g_malloc (size);
  g_autofree char *dir = g_dir_make_tmp ("ring-nccl-log-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "huge.log", NULL);

  memset (line, '8', size);
  assert_refused (line, size, RING_NCCL_LOG_ERROR_TOO_LARGE, "95.4 MiB");

  /* A file that big is refused by its size: written sparse, it costs no disk. */
  g_assert_true (g_file_set_contents (path, "", 0, NULL));
  g_assert_cmpint (truncate (path, size), ==, 0);
  assert_file_refused (path, RING_NCCL_LOG_ERROR_TOO_LARGE, "more than 64 MiB");
  g_assert_cmpint (g_remove (path), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);

  /* A long NCCL INFO line from a host named by its address is a message, not a row. */
  {
    g_autofree char *channels = g_strnfill (6000, '7');
    g_autofree char *text = NULL;
    g_autoptr(RingNcclLog) log = NULL;

    memcpy (channels, "10.1.2.3:4051:4102 [0] NCCL INFO Channel 00/32 :", 47);
    text = g_strconcat (channels, "\n" HEADER DEVICES_2 COLUMNS ROW_1K ROW_1M, NULL);
    log = parse_ok (text);

    g_assert_cmpuint (log->points->len, ==, 2);
    g_assert_cmpuint (log->skipped_lines, ==, 1);
  }
  /* NULL with no length is the empty log. */
  assert_refused (NULL, 0, RING_NCCL_LOG_ERROR_NO_TABLE, "empty");

  /* Just under the limit, one line is read in linear time and refused as no row. */
  line[60 * 1000 * 1000] = '\0';
  assert_refused (line, -1, RING_NCCL_LOG_ERROR_MALFORMED, "line 1 is 60000000 bytes long");
  memset (line, 'x', 60 * 1000 * 1000);
  assert_refused (line, -1, RING_NCCL_LOG_ERROR_NO_TABLE, "no nccl-tests results");
}

typedef struct
{
  gsize cancel_at;   /* 0: never */
  gsize bytes_read;  /* the most told */
  gsize bytes_total;
  guint calls;
} Progress;

static gboolean
progress_cb (gsize    bytes_read,
             gsize    bytes_total,
             gpointer user_data)
{
  Progress *progress = user_data;

  g_assert_cmpuint (bytes_read, >, progress->bytes_read);
  g_assert_cmpuint (bytes_read, <=, bytes_total);
  progress->bytes_read = bytes_read;
  progress->bytes_total = bytes_total;
  progress->calls++;

  return progress->cancel_at == 0 || bytes_read < progress->cancel_at;
}

/* Issue 27: a read of a 64 MiB log stopped at 4 MiB ends there, refused as cancelled,
 * having read nothing past the point it was told; a read left alone tells its progress up
 * to the whole text. */
static void
test_cancelled_read (void)
{
  g_autoptr(GString) text = g_string_sized_new (RING_NCCL_LOG_MAX_BYTES);
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) whole = NULL;
  RingNcclLog *log;
  Progress progress = { 4 * 1048576, 0, 0, 0 };
  Progress small = { 0, 0, 0, 0 };
  const char *tail = COLUMNS ROW_1K ROW_1M;

  g_string_append (text, HEADER DEVICES_2);
  while (text->len + strlen (tail) + 100 < RING_NCCL_LOG_MAX_BYTES)
    g_string_append_printf (text, "host-a:1001:1001 [0] NCCL INFO Channel %02u/32 : 0 1\n",
                            (guint) (text->len % 32));
  g_string_append (text, tail);

  log = ring_nccl_log_parse_with_progress (text->str, text->len, progress_cb, &progress,
                                           &error);
  g_assert_null (log);
  g_assert_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_CANCELLED);
  g_test_message ("stopped after %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes: %s",
                  progress.bytes_read, progress.bytes_total, error->message);
  g_assert_cmpuint (progress.bytes_total, ==, text->len);
  g_assert_cmpuint (progress.bytes_read, >=, progress.cancel_at);
  g_assert_cmpuint (progress.bytes_read, <,
                    progress.cancel_at + RING_NCCL_LOG_PROGRESS_BYTES + 4096);
  g_assert_cmpuint (progress.calls, <=, progress.cancel_at / RING_NCCL_LOG_PROGRESS_BYTES + 1);
  g_clear_error (&error);

  /* Read to the end, the same kind of text tells it read everything. */
  g_string_truncate (text, 0);
  g_string_append (text, HEADER DEVICES_2);
  while (text->len < 3 * RING_NCCL_LOG_PROGRESS_BYTES)
    g_string_append (text, "host-a:1001:1001 [0] NCCL INFO Channel 00/32 : 0 1\n");
  g_string_append (text, tail);
  whole = ring_nccl_log_parse_with_progress (text->str, text->len, progress_cb, &small,
                                             &error);
  g_assert_no_error (error);
  g_assert_cmpuint (whole->points->len, ==, 2);
  g_assert_cmpuint (small.bytes_read, ==, text->len);
  g_assert_cmpuint (small.calls, >=, 3);
}

/* Paths that are not regular files are refused before anything could block. */
static void
test_not_regular (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ring-nccl-log-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (dir, "pipe.log", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.log", NULL);
  g_autofree char *link = g_build_filename (dir, "link.log", NULL);
  g_autofree char *target = data_path ("h100-1node.log");
  g_autoptr(RingNcclLog) through_link = NULL;

  g_assert_nonnull (dir);
  assert_file_refused (dir, RING_NCCL_LOG_ERROR_NOT_REGULAR, "is a folder");
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  assert_file_refused (fifo, RING_NCCL_LOG_ERROR_NOT_REGULAR, "not a regular file");
  assert_file_refused ("/dev/null", RING_NCCL_LOG_ERROR_NOT_REGULAR, "not a regular file");
  assert_file_refused (missing, RING_NCCL_LOG_ERROR_IO, "missing.log");

  /* A link to a log is the log. */
  g_assert_cmpint (symlink (target, link), ==, 0);
  through_link = ring_nccl_log_load (link, NULL);
  g_assert_nonnull (through_link);
  g_assert_cmpuint (through_link->points->len, ==, 31);

  g_assert_cmpint (g_remove (link), ==, 0);
  g_assert_cmpint (g_remove (fifo), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  ring_nccl_log_enable_json ();

  g_test_add_func ("/ring/nccl-log/single-node", test_single_node);
  g_test_add_func ("/ring/nccl-log/multi-node-info-lines", test_multi_node_info_lines);
  g_test_add_func ("/ring/nccl-log/single-process", test_single_process);
  g_test_add_func ("/ring/nccl-log/crlf", test_crlf);
  g_test_add_func ("/ring/nccl-log/ansi-colours", test_ansi_colours);
  g_test_add_func ("/ring/nccl-log/in-place-missing", test_in_place_missing);
  g_test_add_func ("/ring/nccl-log/old-format", test_old_format);
  g_test_add_func ("/ring/nccl-log/cut-off", test_cut_off);
  g_test_add_func ("/ring/nccl-log/markdown-stripped", test_markdown_stripped);
  g_test_add_func ("/ring/nccl-log/mpi-tagged", test_mpi_tagged);
  g_test_add_func ("/ring/nccl-log/ranks-from-bandwidth", test_ranks_from_bandwidth);
  g_test_add_func ("/ring/nccl-log/srun-labels", test_srun_labels);
  g_test_add_func ("/ring/nccl-log/per-iteration-columns", test_per_iteration_columns);
  g_test_add_func ("/ring/nccl-log/two-runs", test_two_runs);
  g_test_add_func ("/ring/nccl-log/copy", test_copy);
  g_test_add_func ("/ring/nccl-log/nodes-of-every-log", test_nodes_of_every_log);
  g_test_add_func ("/ring/nccl-log/cut-device-list", test_cut_device_list);
  g_test_add_func ("/ring/nccl-log/device-names", test_device_names);
  g_test_add_func ("/ring/nccl-log/other-collectives", test_other_collectives);
  g_test_add_func ("/ring/nccl-log/json-output", test_json_output);
  g_test_add_func ("/ring/nccl-log/json-malformed", test_json_malformed);
  g_test_add_func ("/ring/nccl-log/malformed-text", test_malformed_text);
  g_test_add_func ("/ring/nccl-log/fuzz-findings", test_fuzz_findings);
  g_test_add_func ("/ring/nccl-log/too-large", test_too_large);
  g_test_add_func ("/ring/nccl-log/not-regular", test_not_regular);
  g_test_add_func ("/ring/nccl-log/cancelled-read", test_cancelled_read);

  return g_test_run ();
}
