/* ring-nccl-tests-fit-private.h: what the fit (ring-nccl-tests-fit.c) and its search
 * (ring-nccl-tests-fit-search.c) share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-collectives.h"
#include "ring-nccl-tests-fit.h"
#include "ring-params.h"
#include "ring-topology.h"

G_BEGIN_DECLS

/* How one free value is searched: efficiencies in log space, latencies in µs. */
typedef struct
{
  RingParamId   id;
  gboolean      logarithmic;
  double        low, high;       /* in the search's space */
  double        scale;           /* of the pull towards nominal, in the search's space */
  double        probe;           /* the step of the "determined" test */
  const double *grid;
  guint         n_grid;
  gboolean      low_is_physical; /* a value at @low is a finding (no latency), not a
                                  * search that ran out of room */
} Free;

/* One row to fit. */
typedef struct
{
  double size_bytes;
  double ln_measured;
  double measured_us;  /* as the log printed it */
  double weight;       /* 1 / the rows of its size: each size counts once */
} Sample;

typedef struct
{
  RingParams     params;           /* the cluster, changed by _ring_nccl_fit_set_free() */
  RingAlgorithm  algorithm;
  RingCollective collective;       /* the log's: the model costs the same collective */
  guint          gpus_per_process;
  const Free    *frees[RING_NCCL_FIT_MAX_VALUES];
  guint          n_free;
  double         nominal[RING_NCCL_FIT_MAX_VALUES];  /* in the search's space */
  const Sample  *samples;
  guint          n_samples;
} Problem;

double _ring_nccl_fit_to_space   (const Free        *free,
                                  double             value);
double _ring_nccl_fit_from_space (const Free        *free,
                                  double             x);
/* Puts @x (in the search's space) into problem->params. */
void   _ring_nccl_fit_set_free   (Problem           *problem,
                                  const double      *x);
/* The model's time for @bytes on the problem's cluster, µs; 0 if it cannot run. */
double _ring_nccl_fit_model_us   (const Problem     *problem,
                                  double             bytes,
                                  RingAllreduceCost *cost);
/* From @x (the nominal values, in the search's space) to the least objective found: a
 * grid, then the simplex twice. */
void   _ring_nccl_fit_minimise   (Problem           *problem,
                                  double            *x);

G_END_DECLS
