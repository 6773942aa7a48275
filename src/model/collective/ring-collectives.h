/* ring-collectives.h: the collectives nccl-tests measures, costed by the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithms.h"

G_BEGIN_DECLS

typedef enum
{
  RING_COLLECTIVE_ALL_REDUCE,
  RING_COLLECTIVE_REDUCE_SCATTER,
  RING_COLLECTIVE_ALL_GATHER,
  RING_COLLECTIVE_BROADCAST,
  RING_COLLECTIVE_ALLTOALL,
} RingCollective;

#define RING_N_COLLECTIVES (RING_COLLECTIVE_ALLTOALL + 1)

/* One static const entry per collective, listed by ring_collectives_get(). */
typedef struct
{
  RingCollective collective;
  const char    *name;      /* "all_gather": the JSON's and the reference library's */
  const char    *program;   /* "all_gather_perf", nccl-tests' program */
  const char    *title;     /* "all-gather", marked for translation */
  /* nccl-tests' busbw / algbw on N ranks (its doc/PERFORMANCE.md). */
  double       (*busbw_factor) (guint gpus);
} RingCollectiveInfo;

const RingCollectiveInfo *ring_collective_info    (RingCollective  collective);
/* In RingCollective order. */
const RingCollectiveInfo *ring_collectives_get    (guint          *n_collectives);
/* "all_gather" or "all_gather_perf" → TRUE and *collective; FALSE for any other. */
gboolean                  ring_collective_from_name (const char     *name,
                                                     RingCollective *collective);
/* "all-gather", translated. */
const char               *ring_collective_get_title (RingCollective  collective);
double                    ring_collective_busbw_factor (RingCollective collective,
                                                        guint          gpus);

/* The model's time for one call of @collective on @bytes as nccl-tests counts them (its
 * "size" column: the whole buffer of all ranks for reduce-scatter, all-gather and
 * alltoall, the root's buffer for a broadcast). @algorithm is the all-reduce algorithm
 * the cluster runs (auto: NCCL's pick); the other collectives run what NCCL runs them
 * with (docs/model.md §9). FALSE, @cost zeroed, if it cannot run. */
gboolean ring_collective_cost (const RingTopology *topology,
                               RingCollective      collective,
                               RingAlgorithm       algorithm,
                               double              bytes,
                               RingAllreduceCost  *cost);

G_END_DECLS
