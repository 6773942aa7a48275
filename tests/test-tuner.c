/* test-tuner.c: the NCCL tuner configuration, read back as NCCL's example plugin reads
 * it (plugins/tuner/example/plugin.c: '#' lines skipped, fgets into 256 bytes, strtok on
 * ',', spaces and tabs trimmed, 8 to 10 fields, strtoull and atoi, the first row that
 * matches the collective, size, node and rank count wins).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-export-tuner.h"
#include "ring-test-cli.h"

typedef struct
{
  char     colltype[32];
  guint64  min_bytes;
  guint64  max_bytes;
  char     algorithm[32];
  char     protocol[32];
  int      channels;
  int      nodes;
  int      ranks;
} Row;

static char *
trim (char *token)
{
  char *end;

  while (*token == ' ' || *token == '\t')
    token++;
  end = token + strlen (token) - 1;
  while (end > token && (*end == ' ' || *end == '\t'))
    *end-- = '\0';

  return token;
}

/* The plugin's loadConfig(), line by line. */
static GArray *
read_config (const char *path)
{
  GArray *rows = g_array_new (FALSE, TRUE, sizeof (Row));
  char line[256];
  FILE *file = g_fopen (path, "r");

  g_assert_nonnull (file);
  while (fgets (line, sizeof line, file))
    {
      char *tokens[10];
      int count = 0;
      char *token;
      Row row = { 0 };

      /* A line the reader would split is a line it misreads. */
      g_assert_nonnull (strchr (line, '\n'));
      if (line[0] == '#' || line[0] == '\n')
        continue;
      line[strcspn (line, "\n")] = '\0';
      for (token = strtok (line, ","); token != NULL && count < 10; token = strtok (NULL, ","))
        tokens[count++] = trim (token);
      g_assert_cmpint (count, >=, 8);
      g_assert_cmpint (count, <=, 10);
      g_strlcpy (row.colltype, tokens[0], sizeof row.colltype);
      row.min_bytes = strtoull (tokens[1], NULL, 10);
      row.max_bytes = strtoull (tokens[2], NULL, 10);
      g_strlcpy (row.algorithm, tokens[3], sizeof row.algorithm);
      g_strlcpy (row.protocol, tokens[4], sizeof row.protocol);
      row.channels = atoi (tokens[5]);
      row.nodes = atoi (tokens[6]);
      row.ranks = atoi (tokens[7]);
      g_array_append_val (rows, row);
    }
  fclose (file);

  return rows;
}

/* pluginGetCollInfo(): the first row that matches. */
static const Row *
match (GArray  *rows,
       guint64  bytes,
       int      nodes,
       int      ranks)
{
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);

      if (g_str_equal (row->colltype, "allreduce") && bytes >= row->min_bytes
          && bytes <= row->max_bytes && (row->nodes == -1 || row->nodes == nodes)
          && (row->ranks == -1 || row->ranks == ranks))
        return row;
    }

  return NULL;
}

/* 2 × 8 H100s: every row names what the plugin knows, and at every size of nccl-tests'
 * sweep and between, for 1, 2 and 4 nodes, the row that matches is the model's fastest. */
static void
test_h100_two_nodes (void)
{
  static const char *algorithms[] = { "tree", "ring", "collnet_direct", "collnet_chain",
                                      "nvls", "nvls_tree", "pat" };
  static const char *protocols[] = { "ll", "ll128", "simple" };
  g_autofree char *dir = g_dir_make_tmp ("ring-tuner-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "tuner.conf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) rows = NULL;
  RingParams params;
  guint checked = 0;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  params.gpus = 16;
  g_assert_true (ring_export_nccl_tuner (&params, file, &error));
  g_assert_no_error (error);
  rows = read_config (path);
  g_assert_cmpuint (rows->len, >, 3);

  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);

      g_assert_true (g_strv_contains (algorithms, row->algorithm));
      g_assert_true (g_strv_contains (protocols, row->protocol));
      g_assert_cmpint (row->channels, >=, 1);
      g_assert_cmpint (row->ranks, ==, 8 * row->nodes);
      g_assert_cmpuint (row->min_bytes, <=, row->max_bytes);
    }

  for (int nodes = 1; nodes <= 4; nodes *= 2)
    {
      RingTopology topology;

      ring_topology_init (&topology, &params, 8 * nodes);
      for (guint64 bytes = 8; bytes <= (G_GUINT64_CONSTANT (1) << 34); bytes *= 2)
        {
          /* A band ends at a power of two and starts past the one before. */
          const guint64 sizes[] = { bytes, bytes / 2 + 1, bytes / 4 * 3 };
          RingAllreduceCost cost, fastest;

          g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, bytes, &cost));
          g_assert_true (ring_allreduce_cost_with (&topology, cost.fastest_algorithm,
                                                   cost.fastest_protocol, bytes, &fastest));
          for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
            {
              const Row *row = match (rows, bytes == 8 ? i : sizes[i], nodes, 8 * nodes);

              g_assert_nonnull (row);
              g_assert_cmpstr (row->algorithm, ==,
                               ring_nccl_tuner_algorithm_name (cost.fastest_algorithm));
              g_assert_cmpstr (row->protocol, ==,
                               ring_protocol_to_string (cost.fastest_protocol));
              g_assert_cmpint (row->channels, ==, fastest.channels);
              checked++;
            }
        }
    }
  /* Beyond 16 GiB the last band holds. */
  g_assert_nonnull (match (rows, G_GUINT64_CONSTANT (1) << 40, 2, 16));
  g_assert_cmpuint (checked, ==, 3 * 32 * 3);
  /* Nothing for a cluster the file was not written for. */
  g_assert_null (match (rows, 1024, 3, 24));

  g_unlink (path);
  g_rmdir (dir);
}

/* --export FILE.conf --chart nccl-tuner writes the same text; anything else is refused. */
static void
test_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ring-tuner-XXXXXX", NULL);
  g_autofree char *conf = g_build_filename (dir, "tuner.conf", NULL);
  g_autofree char *csv = g_build_filename (dir, "tuner.csv", NULL);
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  RingParams params;

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--gpu", "h100", "--gpus", "16",
                                                 "--export", conf, "--chart", "nccl-tuner",
                                                 NULL);

    g_assert_cmpint (run.status, ==, 0);
  }
  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  params.gpus = 16;
  expected = ring_nccl_tuner_config_dup (&params);
  g_assert_true (g_file_get_contents (conf, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", csv, "--chart",
                                                 "nccl-tuner", NULL);

    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--chart"));
    g_assert_false (g_file_test (csv, G_FILE_TEST_EXISTS));
  }
  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", conf, "--chart",
                                                 "nccl-tuner", "--size", "800x600", NULL);

    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--size"));
  }

  g_unlink (conf);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_cli (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ring/tuner/h100-two-nodes", test_h100_two_nodes);
  g_test_add_func ("/ring/tuner/cli", test_cli);

  return g_test_run ();
}
