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
  double kept;

  step->memory_parameters = sp * b / (sharding == RING_SHARDING_FSDP ? d : 1);
  step->memory_gradients = sp * b / (sharding >= RING_SHARDING_ZERO2 ? d : 1);
  step->memory_optimizer = sp * optimizer / (sharding >= RING_SHARDING_ZERO1 ? d : 1);
  step->memory_gathered = sharding == RING_SHARDING_FSDP ? sp * b * (d - 1) / d : 0;
  /* 1F1B: the first stage has started min (m, P) micro-batches before its first backward
   * (Narayanan et al. 2021, 2.2.1); sequence parallelism splits every activation over T.
   * With full recomputation a micro-batch in flight keeps its layers' inputs only, and
   * the one layer recomputed at a time belongs to the one micro-batch in its backward
   * (Korthikanti et al. 2022, 5: the recomputed layer's activations are transient). */
  step->in_flight = MIN (step->micro_batches, step->pipeline);
  kept = _ring_step_activation_bytes (params, step->micro_batch_tokens, step->stage_layers,
                                      step->hidden_size, params->checkpointing);
  if (params->checkpointing == RING_CHECKPOINTING_FULL)
    {
      double recomputed = _ring_step_activation_bytes (params, step->micro_batch_tokens, 1,
                                                       step->hidden_size,
                                                       RING_CHECKPOINTING_NONE);

      kept = step->in_flight * (kept - recomputed) + recomputed;
    }
  else
    {
      kept *= step->in_flight;
    }
  step->memory_activations = kept / step->tensor;
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

RingStageStream
ring_stage_work_stream (RingStageWork work)
{
  static const RingStageStream streams[] = {
    RING_STREAM_COMPUTE, RING_STREAM_COMPUTE, RING_STREAM_COMPUTE, RING_STREAM_TENSOR,
    RING_STREAM_CONTEXT, RING_STREAM_PIPELINE, RING_STREAM_DATA, RING_STREAM_DATA,
    RING_STREAM_DATA,
  };

  G_STATIC_ASSERT (G_N_ELEMENTS (streams) == RING_N_STAGE_WORKS);
  g_return_val_if_fail (work < RING_N_STAGE_WORKS, RING_STREAM_COMPUTE);

  return streams[work];
}

static void
add_segment (GArray        *segments,
             double         start_s,
             double         length_s,
             RingStageWork  work,
             gboolean       exposed,
             guint          micro_batch)
{
  RingStageSegment segment = { start_s, start_s + length_s, work, exposed, micro_batch };

  if (length_s > 0)
    g_array_append_val (segments, segment);
}

/* One micro-batch's pass from @t: its compute, then its TP, CP and PP traffic, which the
 * next layer or stage waits for. Returns its end. */
static double
add_pass (GArray        *segments,
          double         t,
          gboolean       backward,
          guint          micro_batch,
          const double   pass_s[4])
{
  static const RingStageWork works[] = {
    RING_STAGE_TENSOR, RING_STAGE_CONTEXT, RING_STAGE_PIPELINE,
  };

  add_segment (segments, t, pass_s[0], backward ? RING_STAGE_BACKWARD : RING_STAGE_FORWARD,
               FALSE, micro_batch);
  t += pass_s[0];
  for (guint i = 0; i < G_N_ELEMENTS (works); i++)
    {
      add_segment (segments, t, pass_s[i + 1], works[i], TRUE, micro_batch);
      t += pass_s[i + 1];
    }

  return t;
}

/* Idle from @t until @until, if that is later. */
static double
add_bubble (GArray *segments,
            double  t,
            double  until)
{
  add_segment (segments, t, until - t, RING_STAGE_BUBBLE, FALSE, 0);
  return MAX (t, until);
}

static int
compare_segments (gconstpointer a,
                  gconstpointer b)
{
  const RingStageSegment *x = a, *y = b;

  if (x->start_s != y->start_s)
    return x->start_s < y->start_s ? -1 : 1;

  return (int) ring_stage_work_stream (x->work) - (int) ring_stage_work_stream (y->work);
}

GArray *
ring_parallel_segments (const RingParams *params)
{
  RingParallelStep step;
  GArray *segments;
  double m, f, b, slot_f, slot_b, start, t, last_backward = 0, sync_s, hidden, exposed;
  double forward[4], backward[4];
  double tp_forward_share, cp_forward_share;
  guint p, warmup, next_forward = 1, next_backward = 1;
  RingStageWork sync;

  g_return_val_if_fail (params != NULL, NULL);

  ring_parallel_step (params, &step);
  segments = g_array_new (FALSE, FALSE, sizeof (RingStageSegment));
  m = step.micro_batches;
  p = step.pipeline;
  /* Full recomputation runs the forward's TP pairs and CP all-gather again in the
   * backward (tensor_parallel(), context_parallel()). */
  tp_forward_share = params->checkpointing == RING_CHECKPOINTING_FULL ? 1.0 / 3 : 0.5;
  cp_forward_share = params->checkpointing == RING_CHECKPOINTING_FULL ? 1.0 / 3 : 0.5;
  f = step.forward_s / m;
  b = (step.compute_s - step.forward_s) / m;
  forward[0] = f;
  forward[1] = step.tp_time_s / m * tp_forward_share;
  forward[2] = step.cp_time_s / m * cp_forward_share;
  forward[3] = step.pp_time_s / m / 2;
  backward[0] = b;
  backward[1] = step.tp_time_s / m - forward[1];
  backward[2] = step.cp_time_s / m - forward[2];
  backward[3] = step.pp_time_s / m / 2;
  slot_f = forward[0] + forward[1] + forward[2] + forward[3];
  slot_b = backward[0] + backward[1] + backward[2] + backward[3];

  /* FSDP gathers the stage during the first forward; what that does not hide comes first. */
  start = 0;
  if (params->sharding == RING_SHARDING_FSDP && step.data > 1)
    {
      double gather = step.dp_time_s / 2;

      start = MAX (gather - f, 0);
      add_segment (segments, 0, start, RING_STAGE_DATA_ALL_GATHER, TRUE, 0);
      add_segment (segments, start, gather - start, RING_STAGE_DATA_ALL_GATHER, FALSE, 0);
    }

  /* Stage 0 runs P − 1 forwards ahead, then a forward and a backward in turn, then the
   * backwards left. Its first backward waits for the micro-batch to pass every stage and
   * come back, P slots of forward and P − 1 of backward; each backward of the drain waits
   * a forward slot for the one behind it. */
  warmup = MIN (p - 1, step.micro_batches);
  t = start;
  for (guint i = 0; i < warmup; i++)
    t = add_pass (segments, t, FALSE, next_forward++, forward);
  while (next_backward <= step.micro_batches)
    {
      if (next_forward <= step.micro_batches)
        t = add_pass (segments, t, FALSE, next_forward++, forward);
      if (next_backward == 1)
        t = add_bubble (segments, t, start + p * slot_f + (p - 1) * slot_b);
      else if (next_forward > step.micro_batches && next_backward > step.micro_batches - warmup)
        t = add_bubble (segments, t, t + slot_f);
      last_backward = t;
      t = add_pass (segments, t, TRUE, next_backward++, backward);
    }

  /* The gradient sync starts with the last backward: the part it does not hide follows
   * the last pass; ZeRO then all-gathers the updated parameters. */
  if (step.data > 1)
    {
      sync = params->sharding == RING_SHARDING_DDP ? RING_STAGE_DATA_ALLREDUCE
                                                   : RING_STAGE_DATA_REDUCE_SCATTER;
      sync_s = params->sharding == RING_SHARDING_DDP ? step.dp_time_s : step.dp_time_s / 2;
      hidden = MIN (sync_s, b);
      exposed = sync_s - hidden;
      add_segment (segments, last_backward, hidden, sync, FALSE, 0);
      add_segment (segments, t, exposed, sync, TRUE, 0);
      t += exposed;
      if (params->sharding == RING_SHARDING_ZERO1 || params->sharding == RING_SHARDING_ZERO2)
        add_segment (segments, t, step.dp_time_s / 2, RING_STAGE_DATA_ALL_GATHER, TRUE, 0);
    }

  g_array_sort (segments, compare_segments);
  return segments;
}
