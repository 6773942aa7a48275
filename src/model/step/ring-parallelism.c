/* ring-parallelism.c: a frontier job's step: tensor, pipeline and context parallelism
 * around data parallelism, each group's collectives costed on the cluster it sees.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-parallelism.h"
#include "ring-protocol-tuning-private.h"
#include "ring-step-private.h"

gboolean
ring_parallelism_is_active (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, FALSE);

  return params->tensor_parallel > 1 || params->pipeline_parallel > 1
         || params->context_parallel > 1 || params->micro_batches > 1;
}

static guint
model_parallel (const RingParams *params)
{
  return MAX (params->tensor_parallel, 1) * MAX (params->pipeline_parallel, 1)
         * MAX (params->context_parallel, 1);
}

guint
ring_parallelism_data (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, 1);

  return MAX (params->gpus / model_parallel (params), 1);
}

void
ring_parallelism_group (const RingParams *params,
                        guint             size,
                        guint             stride,
                        RingParams       *group)
{
  guint g = MAX (params->gpus_per_node, 1);
  guint per_node, sharing;

  g_return_if_fail (group != NULL);

  *group = *params;
  /* Rank r sits in node r / G, so ranks @stride apart share a node while they fit in it. */
  per_node = stride >= g ? 1 : MIN (size, g / stride);
  sharing = MAX (g / per_node, 1);
  group->gpus = size;
  group->gpus_per_node = per_node;
  /* The groups with ranks in a node use its NICs at once: rail-optimized, each its own. */
  if (params->nics_per_node % sharing == 0)
    group->nics_per_node = params->nics_per_node / sharing;
  else if (params->nics_per_node > 0)
    {
      group->nic_speed_gbit = params->nics_per_node * params->nic_speed_gbit / sharing;
      group->nics_per_node = 1;
    }
  group->tensor_parallel = group->pipeline_parallel = group->context_parallel = 1;
  group->micro_batches = 1;
  group->message_bytes = 0;
  group->slow_link = group->slow_gpu = 0;
  group->slow_link_fraction = group->slow_gpu_fraction = 1;
  ring_algorithm_fall_back (group);
}

/* A reduce-scatter or all-gather of @bytes (all ranks' together) in @group. */
static double
half_s (const RingParams *group,
        double            bytes)
{
  return group->gpus > 1 ? ring_step_half_collective_s (group, group->gpus, bytes) : 0;
}

/* Tensor parallelism with sequence parallelism (Korthikanti et al. 2022, 4.2.2): per
 * layer and micro-batch two reduce-scatter + all-gather pairs forward and two backward,
 * each of the micro-batch's activations; full recomputation repeats the forward's two. */
static void
tensor_parallel (const RingParams *params,
                 RingParallelStep *step,
                 double            b,
                 double           *per_micro_batch_s)
{
  RingParams group;
  double x = step->micro_batch_tokens * step->hidden_size * b;
  double pairs = params->checkpointing == RING_CHECKPOINTING_FULL ? 6 : 4;
  guint t = step->tensor;

  *per_micro_batch_s = 0;
  if (t <= 1)
    return;

  ring_parallelism_group (params, t, 1, &group);
  *per_micro_batch_s = step->stage_layers * pairs * 2 * half_s (&group, x);
  step->tp_time_s = step->micro_batches * *per_micro_batch_s;
  step->tp_bytes_per_gpu = step->micro_batches * step->stage_layers * pairs
                           * 2.0 * (t - 1) / t * x;
  step->n_collectives += step->micro_batches * step->stage_layers * (guint) pairs * 2;
}

/* Context parallelism as Llama 3 runs it (Dubey et al. 2024, 3.3.2): keys and values
 * all-gathered before attention, their gradients reduce-scattered after its backward;
 * every head's K and V (no grouped-query saving), split over T. */
static void
context_parallel (const RingParams *params,
                  RingParallelStep *step,
                  double            b,
                  double           *per_micro_batch_s)
{
  RingParams group;
  guint c = step->context;
  double x = 2.0 * c * step->micro_batch_tokens * step->hidden_size * b / step->tensor;
  double calls = params->checkpointing == RING_CHECKPOINTING_FULL ? 3 : 2;

  *per_micro_batch_s = 0;
  if (c <= 1)
    return;

  ring_parallelism_group (params, c, step->tensor, &group);
  *per_micro_batch_s = step->stage_layers * calls * half_s (&group, x);
  step->cp_time_s = step->micro_batches * *per_micro_batch_s;
  step->cp_bytes_per_gpu = step->micro_batches * step->stage_layers * calls
                           * (c - 1.0) / c * x;
  step->n_collectives += step->micro_batches * step->stage_layers * (guint) calls;
}

/* Pipeline parallelism: per micro-batch a stage sends its activations forward and
 * receives their gradients back, 1/T of the tensor from each TP rank (Narayanan et al.
 * 2021, 4.1, scatter/gather), through the GPU's NIC share across nodes. */
static void
pipeline_parallel (const RingParams *params,
                   RingParallelStep *step,
                   double            b,
                   double           *per_micro_batch_s)
{
  RingParams group;
  RingTopology topology;
  double bytes = step->micro_batch_tokens * step->hidden_size * b / step->tensor;
  double latency_us, rate_gbps;

  *per_micro_batch_s = 0;
  if (step->pipeline <= 1)
    return;

  ring_parallelism_group (params, step->pipeline, step->tensor * step->context, &group);
  ring_topology_init (&topology, &group, group.gpus);
  latency_us = _ring_launch_gap_us (&topology);
  if (topology.nodes > 1)
    {
      latency_us += topology.net_latency_us;
      rate_gbps = topology.network_gbps / topology.gpus_per_node;
    }
  else
    {
      latency_us += MAX (topology.link_extra_us, 0);
      rate_gbps = topology.link_gbps;
    }

  *per_micro_batch_s = 2 * (latency_us * 1e-6 + bytes / (rate_gbps * 1e9));
  step->pp_time_s = step->micro_batches * *per_micro_batch_s;
  step->pp_bytes_per_gpu = step->micro_batches * 2.0 * bytes;
  step->n_collectives += 2 * step->micro_batches;
}

/* The stage's gradient sync in its DP group (one GPU per node on one rail when T · P · C
 * fills nodes): DDP all-reduces as its buckets fill during the last micro-batch's
 * backward; ZeRO reduce-scatters then and all-gathers the updated parameters after the
 * step; FSDP keeps the stage gathered for the step (Llama 3, 3.3.2: no reshard after the
 * forward), so it all-gathers it during the first micro-batch's forward. */
static void
data_parallel (const RingParams *params,
               RingParallelStep *step,
               double            forward_s,
               double            backward_s)
{
  RingParams *group = &step->dp_params;
  double s = step->dp_gradient_bytes;
  RingTopology topology;
  RingAllreduceCost cost;
  guint d = step->data;

  ring_parallelism_group (params, d, step->tensor * step->context * step->pipeline, group);
  ring_allreduce_cost_charged (group, d, s, &cost);
  step->dp_algorithm = cost.algorithm;
  step->dp_protocol = cost.protocol;
  if (d <= 1)
    return;

  if (params->sharding == RING_SHARDING_DDP)
    {
      step->dp_time_s = cost.time_s;
      step->dp_bytes_per_gpu = cost.bytes_per_gpu;
      step->dp_exposed_s = MAX (cost.time_s - backward_s, 0);
      step->dp_collectives = 1;
      return;
    }

  {
    RingAlgorithm algorithm;
    double rs = _ring_step_half_collective_s (group, d, s, &algorithm);
    double ag = rs;

    step->dp_algorithm = algorithm;
    ring_topology_init (&topology, group, d);
    if (ring_allreduce_cost (&topology, algorithm, s, &cost))
      step->dp_protocol = cost.protocol;
    step->dp_time_s = rs + ag;
    step->dp_bytes_per_gpu = 2.0 * (d - 1) / d * s;
    step->dp_collectives = 2;
    step->dp_exposed_s = MAX (rs - backward_s, 0)
                         + (params->sharding == RING_SHARDING_FSDP
                            ? MAX (ag - forward_s, 0) : ag);
  }
}

static void
memory (const RingParams *params,
        RingParallelStep *step)
{
  double sp = step->stage_params, b = params->gradient_bytes, d = step->data;
  double optimizer = _ring_step_optimizer_bytes (b);
  RingSharding sharding = params->sharding;

  step->memory_parameters = sp * b / (sharding == RING_SHARDING_FSDP ? d : 1);
  step->memory_gradients = sp * b / (sharding >= RING_SHARDING_ZERO2 ? d : 1);
  step->memory_optimizer = sp * optimizer / (sharding >= RING_SHARDING_ZERO1 ? d : 1);
  step->memory_gathered = sharding == RING_SHARDING_FSDP ? sp * b * (d - 1) / d : 0;
  /* 1F1B: the first stage has started min (m, P) micro-batches before its first backward
   * (Narayanan et al. 2021, 2.2.1); sequence parallelism splits every activation over T. */
  step->in_flight = MIN (step->micro_batches, step->pipeline);
  step->memory_activations = step->in_flight
                             * _ring_step_activation_bytes (params, step->micro_batch_tokens,
                                                            step->stage_layers,
                                                            step->hidden_size,
                                                            params->checkpointing)
                             / step->tensor;
  step->memory_total = step->memory_parameters + step->memory_gradients
                       + step->memory_optimizer + step->memory_gathered
                       + step->memory_activations;
}

void
ring_parallel_step (const RingParams *params,
                    RingParallelStep *step)
{
  double b, share, forward_s, backward_s, tp_s, cp_s, pp_s, slot_s, peak_flops;

  g_return_if_fail (params != NULL);
  g_return_if_fail (step != NULL);

  *step = (RingParallelStep) { 0 };
  step->tensor = MAX (params->tensor_parallel, 1);
  step->pipeline = MAX (params->pipeline_parallel, 1);
  step->context = MAX (params->context_parallel, 1);
  step->micro_batches = MAX (params->micro_batches, 1);
  step->data = ring_parallelism_data (params);
  ring_step_architecture (params, &step->layers, &step->hidden_size);
  step->stage_layers = (step->layers + step->pipeline - 1) / step->pipeline;
  /* The first stage holds ⌈L / P⌉ layers: its share of the model and of the compute. */
  share = (double) step->stage_layers * step->pipeline / step->layers;
  step->stage_params = params->model_params * share / (step->tensor * step->pipeline);
  /* A DP replica (T · P · C GPUs) runs T · P · C · tokens per step, in m micro-batches,
   * each split over C. */
  step->micro_batch_tokens = (double) step->tensor * step->pipeline * params->tokens_per_gpu
                             / step->micro_batches;
  b = params->gradient_bytes;
  step->dp_gradient_bytes = step->stage_params * b;

  step->compute_s = ring_cost_compute_time_s (params) * share;
  step->model_compute_s = ring_cost_forward_time_s (params) / RING_STEP_FORWARD_FRACTION;
  step->forward_s = ring_cost_forward_time_s (params) * share;
  step->recompute_s = ring_step_recompute_flops (params) / (params->compute_tflops * 1e12)
                      * share;
  forward_s = step->forward_s / step->micro_batches;
  backward_s = (step->compute_s - step->forward_s) / step->micro_batches;

  tensor_parallel (params, step, b, &tp_s);
  context_parallel (params, step, b, &cp_s);
  pipeline_parallel (params, step, b, &pp_s);
  data_parallel (params, step, forward_s, backward_s);
  step->n_collectives += step->dp_collectives;

  /* 1F1B (Narayanan et al. 2021, 2.2.1): m + P − 1 slots on the first stage's critical
   * path, P − 1 of them idle. */
  slot_s = forward_s + backward_s + tp_s + cp_s + pp_s;
  step->bubble_fraction = (step->pipeline - 1.0) / (step->micro_batches + step->pipeline - 1.0);
  step->bubble_s = (step->pipeline - 1) * slot_s;
  step->exposed_s = step->micro_batches * (tp_s + cp_s + pp_s) + step->dp_exposed_s;
  step->step_s = step->compute_s + step->bubble_s + step->exposed_s;
  peak_flops = ring_gpu_info (params->gpu)->dense_bf16_tflops * 1e12;
  step->mfu = step->model_compute_s * params->compute_tflops * 1e12 / (step->step_s * peak_flops);

  memory (params, step);
}
