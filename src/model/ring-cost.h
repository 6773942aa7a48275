/* ring-cost.h: pure cost functions, parameters to results.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"
#include "ring-step.h"

G_BEGIN_DECLS

typedef struct _RingSimulation RingSimulation;

/* The utilization from which a step counts as compute-bound, and that
 * bandwidth_for_90pct_gbps aims for. */
#define RING_TARGET_UTILIZATION 0.9

void   ring_cost_evaluate              (const RingParams *params,
                                        RingResult       *result);
/* The same, keeping the event simulation behind the sim_* results (NULL beyond
 * RING_SIMULATION_MAX_GPUS) for the caller to unref. */
void   ring_cost_evaluate_simulated    (const RingParams *params,
                                        RingResult       *result,
                                        RingSimulation  **simulation);
/* The same without bandwidth_for_90pct_gbps and the simulation (left NaN): the 90 % bandwidth
 * only the flat ring has in closed form and the others search for with some 26 costings.
 * Every link and GPU at full speed: the uniform figures a simulation starts from. */
void   ring_cost_evaluate_sweep        (const RingParams *params,
                                        RingResult       *result);
/* A point of a chart's curve: ring_cost_evaluate_sweep() with the slow link and GPU in
 * every figure, as ring_cost_evaluate() has them, so that a curve passes through the
 * point the headline figures give. */
void   ring_cost_evaluate_point        (const RingParams *params,
                                        RingResult       *result);
/* ring_cost_evaluate_point() at each of @n rates of @link, into @results: the slow link
 * slows each collective as much at every rate as at @params' own (the search for the 90 %
 * bandwidth does the same), so one simulation per collective serves every rate. */
void   ring_cost_evaluate_sweep_rates  (const RingParams *params,
                                        RingSizingLink    link,
                                        const double     *rates_gbps,
                                        guint             n,
                                        RingResult       *results);

/* Tests: how many configurations this process has costed, by any of the three above. */
guint  _ring_cost_count_evaluations    (void);

/* Where twice the link that binds (ring_params_get_sizing_link(): B, or the NIC speed
 * across nodes) makes the all-reduce in use slower, because NCCL's search builds another
 * channel count for it (search.cc): that link, the channels then and the time. */
typedef struct
{
  RingSizingLink link;
  guint          channels;
  double         allreduce_time_s;
} RingFasterLinkSlower;

gboolean ring_cost_faster_link_slower (const RingParams     *params,
                                       double                bytes,
                                       RingFasterLinkSlower *slower);

/* The message size at which the bandwidth part equals the latency part: below it the
 * all-reduce is latency-bound (the flat ring's N · α · B; searched for the others). */
double ring_cost_latency_crossover_bytes (const RingParams *params);

G_END_DECLS
