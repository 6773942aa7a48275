/* ring-export-tuner.c: NCCL's tuner configuration from the model's fastest choices.
 *
 * The format is the one NCCL's example tuner plugin reads (plugins/tuner/example/
 * plugin.c and nccl_tuner.conf in NVIDIA/nccl): lines starting with '#' are skipped,
 * fields are comma-separated, colltype,minbytes,maxbytes,algorithm,protocol,channels,
 * nNodes,nRanks, bytes inclusive at both ends, and the first row that matches wins.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-io"

#include "config.h"

#include <string.h>

#include "ring-algorithms.h"
#include "ring-export-tuner.h"
#include "ring-file-writer.h"

/* nccl-tests' sizes, 8 B to 16 GiB, in powers of two; the last band holds beyond. */
#define FIRST_SIZE_LOG2 3
#define LAST_SIZE_LOG2  34
/* The plugin's MAX_LINE_LENGTH is 256 with the newline. */
#define MAX_LINE        255

typedef struct
{
  RingAlgorithm algorithm;
  RingProtocol  protocol;
  guint         channels;
  RingAlgorithm nccl_algorithm;
  RingProtocol  nccl_protocol;
  double        gain;      /* NCCL's pick's time over the model's fastest */
} Choice;

const char *
ring_nccl_tuner_algorithm_name (RingAlgorithm algorithm)
{
  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, NULL);

  return ring_algorithm_info (algorithm)->nccl_tuner_name;
}

static void
choose (const RingTopology *topology,
        double              bytes,
        Choice             *choice)
{
  RingAllreduceCost picked, fastest;

  g_assert (ring_allreduce_cost (topology, RING_ALGORITHM_AUTO, bytes, &picked));
  choice->algorithm = picked.fastest_algorithm;
  choice->protocol = picked.fastest_protocol;
  choice->nccl_algorithm = picked.algorithm;
  choice->nccl_protocol = picked.protocol;
  choice->gain = picked.time_s / picked.fastest_time_s;
  g_assert (ring_allreduce_cost_with (topology, choice->algorithm, choice->protocol, bytes,
                                      &fastest));
  choice->channels = fastest.channels;
}

static void
append_band (GString       *text,
             const Choice  *choice,
             guint64        min_bytes,
             guint64        max_bytes,
             double         least_gain,
             double         most_gain,
             guint          nodes,
             guint          ranks)
{
  gsize start = text->len;

  g_string_append_printf (text, "# nNodes %u, nRanks %u: NCCL's own pick %s/%s takes "
                          "%.2f to %.2fx the time of the row below\n", nodes, ranks,
                          ring_nccl_tuner_algorithm_name (choice->nccl_algorithm),
                          ring_protocol_to_string (choice->nccl_protocol),
                          least_gain, most_gain);
  g_assert (text->len - start <= MAX_LINE);
  start = text->len;
  g_string_append_printf (text, "allreduce,%" G_GUINT64_FORMAT ",%" G_GUINT64_FORMAT
                          ",%s,%s,%u,%u,%u\n", min_bytes, max_bytes,
                          ring_nccl_tuner_algorithm_name (choice->algorithm),
                          ring_protocol_to_string (choice->protocol), choice->channels,
                          nodes, ranks);
  g_assert (text->len - start <= MAX_LINE);
}

static void
append_nodes (GString          *text,
              const RingParams *params,
              guint             nodes)
{
  guint per_node = MAX (MIN (params->gpus_per_node, params->gpus), 1);
  guint ranks = nodes * per_node;
  RingTopology topology;
  Choice band = { 0 };
  guint64 band_min = 0;
  double least_gain = 0, most_gain = 0;

  ring_topology_init (&topology, params, ranks);
  for (guint k = FIRST_SIZE_LOG2; k <= LAST_SIZE_LOG2; k++)
    {
      Choice here;
      gboolean same;

      choose (&topology, (double) (G_GUINT64_CONSTANT (1) << k), &here);
      same = k > FIRST_SIZE_LOG2 && here.algorithm == band.algorithm
             && here.protocol == band.protocol && here.channels == band.channels
             && here.nccl_algorithm == band.nccl_algorithm
             && here.nccl_protocol == band.nccl_protocol;
      if (k > FIRST_SIZE_LOG2 && !same)
        {
          guint64 band_max = (G_GUINT64_CONSTANT (1) << (k - 1));

          append_band (text, &band, band_min, band_max, least_gain, most_gain, nodes, ranks);
          band_min = band_max + 1;
        }
      if (!same)
        {
          band = here;
          least_gain = most_gain = here.gain;
        }
      least_gain = MIN (least_gain, here.gain);
      most_gain = MAX (most_gain, here.gain);
    }
  append_band (text, &band, band_min, G_MAXUINT64, least_gain, most_gain, nodes, ranks);
}

char *
ring_nccl_tuner_config_dup (const RingParams *params)
{
  GString *text;
  guint per_node, nodes, most_nodes;
  gboolean written = FALSE;

  g_return_val_if_fail (params != NULL, NULL);

  per_node = MAX (MIN (params->gpus_per_node, params->gpus), 1);
  nodes = ring_params_get_nodes (params);
  most_nodes = MIN (2 * nodes, 1048576 / per_node);

  text = g_string_new ("# NCCL tuner configuration (NCCL_TUNER_CONFIG_FILE) for NCCL's "
                       "example tuner plugin,\n"
                       "# written by Ring All-Reduce: the all-reduce's fastest algorithm, "
                       "protocol and channels\n"
                       "# by the model, for each band of sizes and node count.\n"
                       "# colltype,minbytes,maxbytes,algorithm,protocol,channels,nNodes,nRanks\n");
  for (guint n = 1; n <= most_nodes; n *= 2)
    {
      if (!written && nodes < n)
        {
          append_nodes (text, params, nodes);
          written = TRUE;
        }
      append_nodes (text, params, n);
      written = written || n == nodes;
    }
  if (!written)
    append_nodes (text, params, nodes);

  return g_string_free (text, FALSE);
}

gboolean
ring_export_nccl_tuner (const RingParams  *params,
                        GFile             *file,
                        GError           **error)
{
  g_autoptr(RingFileWriter) writer = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  writer = ring_file_writer_new (file, NULL, error);
  if (writer == NULL)
    return FALSE;
  text = ring_nccl_tuner_config_dup (params);
  ring_file_writer_write (writer, text, strlen (text));

  return ring_file_writer_commit (writer, error);
}
