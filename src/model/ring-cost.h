/* ring-cost.h: pure cost functions, parameters to results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

void   ring_cost_evaluate              (const RingParams *params,
                                        RingResult       *result);

/* The pieces ring_cost_evaluate() is made of, for sweeps that vary one input. */
double ring_cost_gradient_buffer_bytes (const RingParams *params);
double ring_cost_compute_time_s        (const RingParams *params);
double ring_cost_bytes_moved_per_gpu   (guint             gpus,
                                        double            buffer_bytes);
double ring_cost_allreduce_time_s      (const RingParams *params,
                                        guint             gpus,
                                        double            buffer_bytes,
                                        double            bandwidth_gbps);

/* The message size at which the bandwidth term equals the latency term: below it the
 * all-reduce is latency-bound. */
double ring_cost_latency_crossover_bytes (const RingParams *params);

G_END_DECLS
