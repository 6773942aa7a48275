/* ring-verdict.h: an nccl-tests log placed against published runs of its kind.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-nccl-tests-log.h"
#include "ring-params.h"

G_BEGIN_DECLS

/* The reference library's files, installed in the package's data folder: all-reduce
 * runs, and the other collectives' runs beside them (a "collective" column). */
#define RING_REFERENCE_FILE "nccl-validation.tsv"
#define RING_REFERENCE_COLLECTIVES_FILE "nccl-validation-collectives.tsv"

/* One published point: a row of the reference library. */
typedef struct
{
  RingCollective collective;  /* all-reduce where the file has no "collective" column */
  char      *system;
  char      *status;
  char      *source;
  RingGpuId  gpu;
  guint      nodes;
  guint      gpus_per_node;
  RingFabric fabric;
  double     size_bytes;
  double     measured_us;
} RingReferenceRun;

typedef struct
{
  GPtrArray *runs;  /* RingReferenceRun */
} RingReferenceLibrary;

/* The published runs in @text (tab-separated, '#' comments, a header naming the columns,
 * an optional "collective" one: all_reduce, reduce_scatter, all_gather, broadcast,
 * alltoall); NULL and @error naming the line where it cannot be read. */
RingReferenceLibrary       *ring_reference_library_parse  (const char  *text,
                                                           GError     **error);
void                        ring_reference_library_free   (RingReferenceLibrary *library);
/* The installed library, read once: $RING_ALLREDUCE_REFERENCE, else the file beside the
 * program (a build tree), else the package's data folder; with the collectives' file
 * of the same folder where there is one. NULL if none can be read. */
const RingReferenceLibrary *ring_reference_library_get_default (void);

/* nccl-tests' bus bandwidth of @run, GB/s: size / time · its collective's factor
 * (2 (N − 1) / N for all-reduce). */
double ring_reference_run_busbw_gbps (const RingReferenceRun *run);

typedef enum
{
  RING_VERDICT_NO_LIBRARY,
  RING_VERDICT_NO_NEIGHBOUR,
  RING_VERDICT_FAR_BELOW,   /* under half the slowest published run */
  RING_VERDICT_BELOW,
  RING_VERDICT_WITHIN,      /* within the published range, ± RING_VERDICT_TOLERANCE */
  RING_VERDICT_ABOVE,
  RING_VERDICT_NO_COLLECTIVE, /* the library has no run of the log's collective */
} RingVerdictClass;

/* Run-to-run spread of one system's nccl-tests bus bandwidth, a few per cent. */
#define RING_VERDICT_TOLERANCE 0.10

typedef struct
{
  RingVerdictClass verdict;
  RingCollective   collective;  /* the log's: only runs of it are compared */
  /* The log's cluster. */
  RingGpuId        gpu;
  guint            nodes;
  guint            gpus_per_node;
  RingFabric       fabric;
  /* The size compared, the log's bus bandwidth there; NAN without a neighbour. */
  double           size_bytes;
  double           busbw_gbps;
  /* The published runs at that size, their node count and range of bus bandwidth. */
  GPtrArray       *runs;  /* RingReferenceRun, copies */
  guint            n_systems;
  guint            reference_nodes;
  double           low_gbps;
  double           high_gbps;
} RingVerdict;

/* @log, on @cluster (its GPU, GPUs, GPUs per node and fabric: the cluster it is compared
 * on), against the closest published runs of @library (NULL: none installed): the same
 * collective, GPU, GPUs per node and kind of link between nodes (one node, RDMA, sockets), the nearest
 * node count within a factor of four, at the largest size both measured. */
RingVerdict *ring_verdict_new      (const RingReferenceLibrary *library,
                                    const RingNcclLog          *log,
                                    const RingParams           *cluster);
RingVerdict *ring_verdict_copy     (const RingVerdict *verdict);
void         ring_verdict_free     (RingVerdict       *verdict);
/* "within the published range", "far below them", … (translated). */
const char  *ring_verdict_class_title (RingVerdictClass verdict);
/* The JSON name: "within", "far_below", "no_neighbour", … */
const char  *ring_verdict_class_name  (RingVerdictClass verdict);
/* The sentence, translated: "Your 2 × 8 NVIDIA H100 SXM5 at 8 GiB: 89 GB/s busbw;
 * 4 published runs of 2 × 8: 350–480 GB/s — far below them". */
char        *ring_verdict_describe (const RingVerdict *verdict);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingReferenceLibrary, ring_reference_library_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingVerdict, ring_verdict_free)

G_END_DECLS
