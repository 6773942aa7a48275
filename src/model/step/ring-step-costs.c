/* ring-step-costs.c: what each collective of the training step costs: reduce-scatter and
 * all-gather on the ring, ZeRO's buckets, and how much slower a slow link makes each one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-protocol-tuning-private.h"
#include "ring-simulation.h"
#include "ring-step-private.h"

/* A ring all-reduce is a reduce-scatter then an all-gather, N − 1 steps each: each half
 * moves (N−1)/N · S per GPU, so it takes half the bandwidth term and half the per-hop
 * latency, but the whole per-call part (the launch and NCCL's base latency), which it
 * pays once as the all-reduce does. NCCL costs them so (tuning.cc: nsteps N − 1 instead
 * of 2 (N − 1)). The flat ring has no per-call part: (N−1) α + (N−1)/N · S / B. */
double
_ring_step_half_collective_s (const RingParams *params,
                              guint             gpus,
                              double            bytes,
                              RingAlgorithm    *algorithm)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double fixed = 0;

  *algorithm = params->algorithm == RING_ALGORITHM_FLAT_RING ? RING_ALGORITHM_FLAT_RING
                                                             : RING_ALGORITHM_RING;
  if (gpus <= 1 || bytes <= 0)
    return 0;

  ring_topology_init (&topology, params, gpus);
  if (params->algorithm == RING_ALGORITHM_FLAT_RING
      || !ring_allreduce_cost (&topology, RING_ALGORITHM_RING, bytes, &cost))
    ring_allreduce_cost (&topology, RING_ALGORITHM_FLAT_RING, bytes, &cost);
  *algorithm = cost.algorithm;
  if (cost.algorithm == RING_ALGORITHM_RING)
    fixed = (_ring_launch_gap_us (&topology)
             + _ring_nccl_base_latency_us (RING_NCCL_RING, cost.protocol)) * 1e-6;
  fixed = MIN (fixed, cost.latency_s);

  return fixed + (cost.latency_s - fixed) / 2 + cost.bandwidth_s / 2;
}

double
ring_step_half_collective_s (const RingParams *params,
                             guint             gpus,
                             double            bytes)
{
  RingAlgorithm algorithm;

  g_return_val_if_fail (params != NULL, NAN);

  return _ring_step_half_collective_s (params, gpus, bytes, &algorithm);
}

void
ring_step_straggler_init (RingStepStraggler *straggler,
                          const RingParams  *params)
{
  g_return_if_fail (straggler != NULL);
  g_return_if_fail (params != NULL);

  *straggler = (RingStepStraggler) { 0 };
  straggler->params = *params;
  straggler->compute_factor = params->slow_gpu_fraction < 1 && params->slow_gpu < params->gpus
                              ? 1.0 / params->slow_gpu_fraction : 1.0;
  /* Beyond RING_SIMULATION_MAX_GPUS no schedule is stepped: the slow link is left out. */
  straggler->slow_link = params->slow_link_fraction < 1 && params->slow_link < params->gpus
                         && params->gpus > 1 && params->gpus <= RING_SIMULATION_MAX_GPUS;
}

gboolean
ring_step_straggler_is_active (const RingStepStraggler *straggler)
{
  g_return_val_if_fail (straggler != NULL, FALSE);

  return straggler->slow_link || straggler->compute_factor != 1.0;
}

double
ring_step_straggler_comm_factor (RingStepStraggler *straggler,
                                 RingAlgorithm      algorithm,
                                 double             bytes)
{
  double factor;
  guint slot;

  g_return_val_if_fail (straggler != NULL, 1);

  if (!straggler->slow_link)
    return 1;

  for (guint i = 0; i < straggler->n_known; i++)
    {
      if (straggler->known_algorithm[i] == algorithm && straggler->known_bytes[i] == bytes)
        return straggler->known_factor[i];
    }

  factor = ring_simulation_slowdown (&straggler->params, algorithm, bytes);
  slot = straggler->next;
  straggler->next = (straggler->next + 1) % RING_STEP_STRAGGLER_KNOWN;
  straggler->n_known = MAX (straggler->n_known, slot + 1);
  straggler->known_algorithm[slot] = algorithm;
  straggler->known_bytes[slot] = bytes;
  straggler->known_factor[slot] = factor;

  return factor;
}

double
_ring_step_comm_factor (RingStepStraggler *straggler,
                        RingAlgorithm      algorithm,
                        double             bytes)
{
  return straggler != NULL ? ring_step_straggler_comm_factor (straggler, algorithm, bytes) : 1;
}

void
ring_step_zero_bucket_bytes (const RingParams *params,
                             double           *reduce_bytes,
                             double           *allgather_bytes)
{
  g_return_if_fail (params != NULL);

  *reduce_bytes = RING_ZERO_REDUCE_BUCKET_ELEMENTS * params->gradient_bytes;
  *allgather_bytes = RING_ZERO_ALLGATHER_BUCKET_ELEMENTS * params->gradient_bytes;
}
