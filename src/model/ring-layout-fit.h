/* ring-layout-fit.h: the least change that fits a parallel layout in the GPU's memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

typedef struct
{
  gboolean    fits_now;
  gboolean    possible;     /* FALSE: no single change below fits */
  RingParamId param;        /* the one parameter changed */
  double      value;        /* its first value that fits */
  double      step_time_s;  /* the step so; NAN if !possible */
} RingLayoutFit;

/* Each of sharding, activation checkpointing, micro-batches, context, pipeline and tensor
 * parallelism raised alone to its first value that fits and is a valid layout; of those
 * that fit, the one whose step is shortest. */
void  ring_layout_fit_suggest  (const RingParams    *params,
                                RingLayoutFit       *fit);
/* "needs 32 micro-batches, a 15.1 s step", translated; NULL when it fits now. */
char *ring_layout_fit_describe (const RingLayoutFit *fit);

G_END_DECLS
