/* ring-export-tuner.h: the model's fastest choices as NCCL's example tuner plugin reads
 * them (NCCL_TUNER_CONFIG_FILE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ring-params.h"

G_BEGIN_DECLS

/* The file's text: for the all-reduce, each node count from 1 to twice @params' (powers of
 * two, and its own) at @params' GPUs per node, and each band of sizes from 8 B up where
 * the model's fastest choice stays the same, one CSV row
 * "allreduce,MIN,MAX,ALGORITHM,PROTOCOL,CHANNELS,NODES,RANKS", after a comment with NCCL's
 * own pick and the model's predicted gain over it. Lines stay under the reader's 256. */
char     *ring_nccl_tuner_config_dup  (const RingParams  *params);
/* Writes it to @file, whole or not at all. */
gboolean  ring_export_nccl_tuner      (const RingParams  *params,
                                       GFile             *file,
                                       GError           **error);
/* NCCL's name of @algorithm in the file ("nvls_tree"); NULL for one NCCL does not have. */
const char *ring_nccl_tuner_algorithm_name (RingAlgorithm algorithm);

G_END_DECLS
