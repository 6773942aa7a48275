/* ring-step-costs.c: what the training step costs: its compute, the buffer it all-reduces,
 * and each of its collectives: reduce-scatter and all-gather on the ring, ZeRO's buckets,
 * and how much slower a slow link makes each one.
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

/* Training FLOPs per token: 2 P forward + 4 P backward (Kaplan et al. 2020, "Scaling Laws
 * for Neural Language Models", section 2.1); RING_STEP_FORWARD_FRACTION is the forward's
 * share. Activation checkpointing adds what it recomputes (ring_step_recompute_flops()). */
#define FLOPS_PER_PARAM_TOKEN 6.0
double
ring_cost_gradient_buffer_bytes (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, NAN);

  if (params->message_bytes > 0)
    return params->message_bytes;

  return params->model_params * params->gradient_bytes;
}

double
ring_cost_compute_time_s (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, NAN);

  return (FLOPS_PER_PARAM_TOKEN * params->model_params * params->tokens_per_gpu
          + ring_step_recompute_flops (params))
         / (params->compute_tflops * 1e12);
}

/* 6 P T / F: the model's FLOPs without recomputation. */
static double
model_compute_s (const RingParams *params)
{
  return FLOPS_PER_PARAM_TOKEN * params->model_params * params->tokens_per_gpu
         / (params->compute_tflops * 1e12);
}

double
ring_cost_forward_time_s (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, NAN);

  return RING_STEP_FORWARD_FRACTION * model_compute_s (params);
}

double
ring_cost_backward_time_s (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, NAN);

  return RING_STEP_BACKWARD_FRACTION * model_compute_s (params)
         + ring_step_recompute_flops (params) / (params->compute_tflops * 1e12);
}

/* Each GPU sends 2 (N−1) chunks of S/N bytes: the bandwidth lower bound of any all-reduce
 * over point-to-point links (Patarasuk and Yuan 2009, "Bandwidth optimal all-reduce
 * algorithms"). In-switch reduction (NVLS, SHARP) goes below it. */
double
ring_cost_bytes_moved_per_gpu (guint  gpus,
                               double buffer_bytes)
{
  if (gpus <= 1)
    return 0.0;

  return 2.0 * (gpus - 1) / gpus * buffer_bytes;
}


/* A ring all-reduce is a reduce-scatter then an all-gather, N − 1 steps each: each half
 * moves (N−1)/N · S per GPU, so it takes half the bandwidth term and half the per-hop
 * latency, but the whole per-call part (the launch and NCCL's base latency), which it
 * pays once as the all-reduce does. NCCL costs them so (tuning.cc: nsteps N − 1 instead
 * of 2 (N − 1)). The flat ring has no per-call part: (N−1) α + (N−1)/N · S / B. */
/* PAT (NCCL 2.23: "Parallel Aggregated Trees", a variation of Bruck's algorithm) runs
 * all-gather and reduce-scatter with a logarithmic number of network steps, but only with
 * one GPU per node (tuning.cc, ncclPatEnable: "PAT only supports 1 GPU per node"), on
 * Simple. Its latency is NCCL's own: 8 µs, log2 (nodes) network hops at 1/3.5 of the
 * hop, and 2.8 µs per rank ("still a linear part"); it carries 0.75 of the ring's bus
 * bandwidth (busBw *= .75). NCCL takes it where its estimate beats the ring's; the model
 * where its cost does. NAN where NCCL has no PAT. */
static double
pat_half_collective_s (const RingTopology *topology,
                       double              bytes)
{
  RingAllreduceCost ring;
  double latency_us;

  if (topology->nccl_version < RING_NCCL_2_23 || topology->gpus_per_node != 1
      || topology->nodes < 2
      || !ring_allreduce_cost_with (topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE,
                                    bytes, &ring))
    return NAN;

  latency_us = _ring_launch_gap_us (topology) + 8
               + log2 (topology->nodes)
                 * _ring_nccl_net_hop_us (topology, RING_NCCL_TREE, RING_PROTOCOL_SIMPLE) / 3.5
               + 2.8 * topology->gpus;

  return latency_us * 1e-6 + ring.bandwidth_s / 2 / 0.75;
}

double
_ring_step_half_collective_s (const RingParams *params,
                              guint             gpus,
                              double            bytes,
                              RingAlgorithm    *algorithm)
{
  RingTopology topology;
  RingAllreduceCost cost;
  gboolean closed_form = ring_algorithm_info (params->algorithm)->closed_form;
  double fixed = 0;
  double half_s, pat_s;

  *algorithm = closed_form ? params->algorithm : RING_ALGORITHM_RING;
  if (gpus <= 1 || bytes <= 0)
    return 0;

  ring_topology_init (&topology, params, gpus);
  if (closed_form || !ring_allreduce_cost (&topology, RING_ALGORITHM_RING, bytes, &cost))
    ring_allreduce_cost (&topology, closed_form ? params->algorithm : RING_ALGORITHM_FLAT_RING,
                         bytes, &cost);
  *algorithm = cost.algorithm;
  if (ring_algorithm_info (cost.algorithm)->nccl)
    fixed = (_ring_launch_gap_us (&topology)
             + _ring_nccl_base_latency_us (RING_NCCL_RING, cost.protocol)) * 1e-6;
  fixed = MIN (fixed, cost.latency_s);
  half_s = fixed + (cost.latency_s - fixed) / 2 + cost.bandwidth_s / 2;
  /* The report still names the ring: PAT is no all-reduce algorithm of the registry. */
  pat_s = closed_form ? NAN : pat_half_collective_s (&topology, bytes);

  return isnan (pat_s) ? half_s : MIN (half_s, pat_s);
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
