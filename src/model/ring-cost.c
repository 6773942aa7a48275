/* ring-cost.c: parameters to results: the step, and the all-reduce inside it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-parallelism.h"
#include "ring-step.h"
#include "ring-simulation.h"

/* Bisection steps for the 90 % bandwidth over the parameter's 0.1 – 10 000 GB/s: 2^-24 of
 * ln (10^5) is 7e-7, far below the precision anyone reads it with. */
#define BANDWIDTH_SEARCH_STEPS 24

double
ring_cost_latency_crossover_bytes (const RingParams *params)
{
  RingTopology topology;
  double low = 1, high = 1e15;

  g_return_val_if_fail (params != NULL, NAN);

  /* The closed form: 2 (N−1) α = 2 (N−1)/N · S / B  ⇔  S = N · α · B. */
  if (ring_algorithm_info (params->algorithm)->closed_form)
    return (double) MAX (params->gpus, 2) * params->latency_us * 1e-6
           * params->bandwidth_gbps * 1e9;

  ring_topology_init (&topology, params, MAX (params->gpus, 2));
  for (guint i = 0; i < 60; i++)
    {
      double middle = sqrt (low * high);
      RingAllreduceCost cost;

      if (!ring_allreduce_cost (&topology, params->algorithm, middle, &cost))
        ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, middle, &cost);
      if (cost.bandwidth_s < cost.latency_s)
        low = middle;
      else
        high = middle;
    }

  return sqrt (low * high);
}

/* The step's utilization with @link at @rate_gbps (the bucketed timeline), the slow link
 * slowing each collective as much as at the current rate. */
static double
utilization_at (const RingParams  *params,
                RingStepStraggler *straggler,
                RingSizingLink     link,
                double             rate_gbps)
{
  RingParams swept = *params;
  RingStepTimeline timeline;

  ring_params_set_sizing_rate_gbps (&swept, link, rate_gbps);
  if (ring_parallelism_is_active (&swept))
    {
      RingParallelStep step;

      ring_parallel_step (&swept, &step);
      return step.compute_s / step.step_s;
    }
  ring_step_timeline_with (&swept, straggler, &timeline, NULL);

  return (timeline.forward_s + timeline.backward_s) / timeline.step_s;
}

/* utilization ≥ 0.9 ⇔ exposed ≤ compute / 9. The link varied is the one that binds
 * (ring_params_get_sizing_link()): B inside a node, the NICs across nodes, whose speed
 * is searched over their parameter's range. With one DDP bucket on the flat ring in one
 * node nothing overlaps and the all-reduce itself must fit in compute / 9, in closed form;
 * otherwise the bucketed step is searched (its utilization rises with the link's rate,
 * up to what latency and the other links allow). */
static double
bandwidth_for_90pct_gbps (const RingParams  *params,
                          RingStepStraggler *straggler,
                          const RingResult  *result,
                          RingSizingLink     link)
{
  const RingParamInfo *info = ring_param_info (link == RING_SIZING_LINK_NICS
                                               ? RING_PARAM_NIC_SPEED : RING_PARAM_BANDWIDTH);
  /* The NIC speed's range is in Gb/s; the search runs in GB/s. */
  double unit = link == RING_SIZING_LINK_NICS ? 1.0 / 8.0 : 1.0;
  double budget_s = result->compute_time_s * (1.0 - RING_TARGET_UTILIZATION) / RING_TARGET_UTILIZATION;
  double low, high;

  if (params->gpus <= 1)
    return 0.0;
  /* A single collective has no step to be 90 % busy in. */
  if (ring_params_is_collective (params))
    return NAN;

  if (ring_algorithm_info (params->algorithm)->closed_form && params->bucket_bytes == 0
      && params->sharding == RING_SHARDING_DDP && params->comm_slowdown == 0
      && straggler == NULL && result->nodes == 1 && !ring_parallelism_is_active (params))
    {
      budget_s -= result->latency_time_s;
      return budget_s > 0 ? result->bytes_moved_per_gpu / budget_s / 1e9 : NAN;
    }

  low = log (info->minimum * unit);
  high = log (info->maximum * unit);
  if (utilization_at (params, straggler, link, exp (high)) < RING_TARGET_UTILIZATION)
    return NAN;
  if (utilization_at (params, straggler, link, exp (low)) >= RING_TARGET_UTILIZATION)
    return info->minimum * unit;

  for (guint i = 0; i < BANDWIDTH_SEARCH_STEPS; i++)
    {
      double middle = (low + high) / 2;

      if (utilization_at (params, straggler, link, exp (middle)) < RING_TARGET_UTILIZATION)
        low = middle;
      else
        high = middle;
    }

  return exp (high);
}

/* What a node's network carries and what bounds it, said where it binds. */
static void
fill_network (const RingParams *params,
              RingResult       *result)
{
  RingTopology topology;

  ring_topology_init (&topology, params, params->gpus);
  result->network_bound = topology.network_bound;
  result->network_gbps = topology.nodes > 1 ? topology.network_gbps : 0;
}

/* The collective runs on @group: the whole cluster, or the DP group of a parallel layout. */
static void
fill_collective (const RingParams *params,
                 const RingParams *group,
                 RingResult       *result)
{
  RingAllreduceCost cost;

  ring_allreduce_cost_charged (group, group->gpus, result->gradient_buffer_bytes, &cost);

  result->nodes = ring_params_get_nodes (params);
  fill_network (params, result);
  result->algorithm_used = cost.algorithm;
  result->protocol_used = cost.protocol;
  result->channels = cost.channels;
  result->allreduce_time_s = cost.time_s;
  result->latency_time_s = cost.latency_s;
  result->bandwidth_time_s = cost.bandwidth_s;
  result->fastest_algorithm = cost.fastest_algorithm;
  result->fastest_protocol = cost.fastest_protocol;
  result->fastest_allreduce_time_s = cost.fastest_time_s;
  result->symmetric_allreduce_time_s = cost.symmetric_time_s;
  result->fabric_bound_tier = cost.fabric_tier;
  result->fabric_gbps = cost.fabric_gbps;
  result->fabric_time_share = cost.fabric_time_share;
  result->fabric_other_tier = cost.fabric_other_tier;
  result->fabric_other_gbps = cost.fabric_other_gbps;
  memcpy (result->fabric_loads, cost.fabric_loads, sizeof result->fabric_loads);
  result->bytes_moved_per_gpu = group->gpus > 1 ? cost.bytes_per_gpu : 0.0;
  result->algbw_gbps = cost.algbw_gbps;
  result->busbw_gbps = cost.busbw_gbps;
}

/* The figures that follow from the step's times. */
static void
derive_step_figures (const RingParams *params,
                     RingResult       *result)
{
  result->step_time_s = result->compute_time_s + result->exposed_comm_s + result->bubble_s;
  result->utilization = result->compute_time_s / result->step_time_s;
  result->tokens_per_s = params->gpus * params->tokens_per_gpu / result->step_time_s;
  result->comm_bound = result->exposed_comm_s > result->compute_time_s;
  result->mfu = ring_cost_forward_time_s (params) / RING_STEP_FORWARD_FRACTION
                * params->compute_tflops / ring_gpu_info (params->gpu)->dense_bf16_tflops
                / result->step_time_s;
}

/* Plain data parallelism in the parallel layout's terms. */
static void
fill_data_parallel (const RingParams *params,
                    RingResult       *result)
{
  result->data_parallel = params->gpus;
  result->dp_algorithm = result->algorithm_used;
  result->dp_protocol = result->protocol_used;
  result->dp_time_s = result->comm_time_s;
  result->dp_exposed_s = result->exposed_comm_s;
  result->dp_bytes_per_gpu = result->comm_bytes_per_gpu;
}


static void
keep_uniform (RingResult *result)
{
  result->uniform_allreduce_time_s = result->allreduce_time_s;
  result->uniform_busbw_gbps = result->busbw_gbps;
  result->uniform_step_time_s = result->step_time_s;
  result->uniform_utilization = result->utilization;
  result->uniform_tokens_per_s = result->tokens_per_s;
  result->slow_gpu_delay_s = 0;
}

static void
take_timeline (RingResult             *result,
               const RingStepTimeline *timeline)
{
  result->exposed_comm_s = timeline->exposed_s;
  result->comm_time_s = timeline->comm_s;
  result->slowdown_s = timeline->slowdown_s;
  result->hidden_comm_s = timeline->hidden_s;
}

/* The slow link and GPU in every figure: the collective as much slower as the simulation
 * finds (its latency part is the calibrated one: a slow link slows bytes), and the step
 * derived again with every collective and the compute stream at their slowed pace. */
static void
apply_straggler (const RingParams  *params,
                 RingStepStraggler *straggler,
                 RingResult        *result)
{
  double factor = ring_step_straggler_comm_factor (straggler, result->algorithm_used,
                                                   result->gradient_buffer_bytes);
  RingStepTimeline timeline;

  if (params->gpus > 1)
    {
      result->allreduce_time_s *= factor;
      result->bandwidth_time_s = result->allreduce_time_s - result->latency_time_s;
      result->algbw_gbps /= factor;
      result->busbw_gbps /= factor;
    }

  if (result->collective)
    {
      result->exposed_comm_s = result->comm_time_s = result->allreduce_time_s;
      derive_step_figures (params, result);
      return;
    }

  ring_step_timeline_with (params, straggler, &timeline, NULL);
  take_timeline (result, &timeline);
  derive_step_figures (params, result);

  /* The slow GPU's share: the same step with every GPU at full speed. */
  if (straggler->compute_factor != 1.0)
    {
      RingStepStraggler link_only = *straggler;

      link_only.compute_factor = 1.0;
      ring_step_timeline_with (params, &link_only, &timeline, NULL);
      result->slow_gpu_delay_s = result->step_time_s - (result->compute_time_s
                                                        + timeline.exposed_s);
    }
}

/* A frontier job (ring-parallelism.h): the first pipeline stage's step, its gradient
 * sync on the DP group. Slow links and GPUs are left out. */
static void
evaluate_parallel (const RingParams *params,
                   RingResult       *result)
{
  RingParallelStep step;
  RingMemory memory;

  ring_parallel_step (params, &step);
  result->gradient_buffer_bytes = step.dp_gradient_bytes;
  result->compute_time_s = step.compute_s;
  result->forward_time_s = step.forward_s;
  result->backward_time_s = step.compute_s - step.forward_s;
  result->recompute_time_s = step.recompute_s;
  result->collective = FALSE;
  fill_collective (params, &step.dp_params, result);
  result->exposed_comm_s = step.exposed_s;
  result->bubble_s = step.bubble_s;
  result->bubble_fraction = step.bubble_fraction;
  result->comm_time_s = step.tp_time_s + step.cp_time_s + step.pp_time_s + step.dp_time_s;
  result->hidden_comm_s = step.dp_time_s - step.dp_exposed_s;
  result->slowdown_s = 0;
  result->n_buckets = 1;
  result->n_collectives = step.n_collectives;
  result->comm_bytes_per_gpu = step.tp_bytes_per_gpu + step.cp_bytes_per_gpu
                               + step.pp_bytes_per_gpu + step.dp_bytes_per_gpu;
  ring_step_memory (params, params->gpus, &memory);
  result->memory_per_gpu_bytes = step.memory_total;
  result->usable_memory_bytes = memory.usable;
  result->fits = step.memory_total <= memory.usable;
  derive_step_figures (params, result);
  result->data_parallel = step.data;
  result->dp_algorithm = step.dp_algorithm;
  result->dp_protocol = step.dp_protocol;
  result->dp_time_s = step.dp_time_s;
  result->dp_exposed_s = step.dp_exposed_s;
  result->dp_bytes_per_gpu = step.dp_bytes_per_gpu;
  result->tp_time_s = step.tp_time_s;
  result->tp_bytes_per_gpu = step.tp_bytes_per_gpu;
  result->pp_time_s = step.pp_time_s;
  result->pp_bytes_per_gpu = step.pp_bytes_per_gpu;
  result->cp_time_s = step.cp_time_s;
  result->cp_bytes_per_gpu = step.cp_bytes_per_gpu;
  keep_uniform (result);
}

/* For tests: the configurations costed (evaluate() below), by the whole process. */
static guint n_evaluations;

guint
_ring_cost_count_evaluations (void)
{
  return (guint) g_atomic_int_get (&n_evaluations);
}

static void
evaluate (const RingParams  *params,
          RingStepStraggler *straggler,
          RingResult        *result)
{
  RingMemory memory;
  guint n;

  g_atomic_int_inc (&n_evaluations);
  result->bubble_s = result->bubble_fraction = 0;
  result->tp_time_s = result->tp_bytes_per_gpu = result->pp_time_s = 0;
  result->pp_bytes_per_gpu = result->cp_time_s = result->cp_bytes_per_gpu = 0;
  if (!ring_params_is_collective (params) && ring_parallelism_is_active (params))
    {
      evaluate_parallel (params, result);
      return;
    }

  n = params->gpus;

  result->gradient_buffer_bytes = ring_cost_gradient_buffer_bytes (params);
  result->compute_time_s = ring_cost_compute_time_s (params);
  result->backward_time_s = ring_cost_backward_time_s (params);
  result->recompute_time_s = ring_step_recompute_flops (params)
                             / (params->compute_tflops * 1e12);
  result->collective = ring_params_is_collective (params);
  fill_collective (params, params, result);

  if (result->collective)
    {
      /* One collective, nccl-tests style: nothing to overlap with. */
      result->forward_time_s = result->compute_time_s - result->backward_time_s;
      result->exposed_comm_s = result->allreduce_time_s;
      result->comm_time_s = result->allreduce_time_s;
      result->slowdown_s = 0;
      result->hidden_comm_s = 0;
      result->n_buckets = result->n_collectives = 1;
      result->comm_bytes_per_gpu = result->bytes_moved_per_gpu;
    }
  else
    {
      RingStepTimeline timeline;

      ring_step_timeline_with (params, NULL, &timeline, NULL);
      result->forward_time_s = timeline.forward_s;
      take_timeline (result, &timeline);
      result->n_buckets = timeline.n_buckets;
      result->n_collectives = timeline.n_collectives;
      result->comm_bytes_per_gpu = timeline.comm_bytes_per_gpu;
    }
  ring_step_memory (params, n, &memory);
  result->memory_per_gpu_bytes = memory.total;
  result->usable_memory_bytes = memory.usable;
  result->fits = memory.fits;

  derive_step_figures (params, result);
  fill_data_parallel (params, result);
  keep_uniform (result);

  if (straggler != NULL)
    apply_straggler (params, straggler, result);
}

/* Our all-reduce and step with the fabric to ourselves. */
static void
evaluate_alone (const RingParams  *params,
                RingStepStraggler *straggler,
                RingResult        *result)
{
  RingParams alone;
  RingResult without;

  result->alone_allreduce_time_s = result->allreduce_time_s;
  result->alone_step_time_s = result->step_time_s;
  if (params->other_job_gpus == 0)
    return;
  alone = *params;
  alone.other_job_gpus = 0;
  evaluate (&alone, straggler, &without);
  result->alone_allreduce_time_s = without.allreduce_time_s;
  result->alone_step_time_s = without.step_time_s;
}

gboolean
ring_cost_faster_link_slower (const RingParams     *params,
                              double                bytes,
                              RingFasterLinkSlower *slower)
{
  RingParams faster;
  RingTopology topology, faster_topology;
  RingAllreduceCost now, cost;
  RingSizingLink link;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (slower != NULL, FALSE);

  link = ring_params_get_sizing_link (params);
  if (params->gpus < 2 || ring_parallelism_is_active (params)
      || link == RING_SIZING_LINK_PCIE)
    return FALSE;
  faster = *params;
  if (link == RING_SIZING_LINK_NICS)
    faster.nic_speed_gbit *= 2;
  else
    faster.bandwidth_gbps *= 2;
  ring_topology_init (&topology, params, params->gpus);
  ring_topology_init (&faster_topology, &faster, faster.gpus);
  /* Where the GPUs' PCIe links bind, the report says faster NICs change nothing. */
  if (faster_topology.channels == topology.channels
      || topology.network_bound == RING_NETWORK_BOUND_PCIE)
    return FALSE;
  ring_allreduce_cost_charged (params, params->gpus, bytes, &now);
  ring_allreduce_cost_charged (&faster, faster.gpus, bytes, &cost);
  /* Slower by more than rounding and noise: 1 %. */
  if (cost.time_s <= now.time_s * 1.01)
    return FALSE;

  slower->link = link;
  slower->channels = cost.channels;
  slower->allreduce_time_s = cost.time_s;
  return TRUE;
}

static void
no_simulation (RingResult *result)
{
  result->sim_allreduce_time_s = NAN;
  result->sim_uniform_allreduce_time_s = NAN;
}

void
ring_cost_evaluate_simulated (const RingParams  *params,
                              RingResult        *result,
                              RingSimulation   **simulation)
{
  g_autoptr(RingSimulation) sim = NULL;
  RingStepStraggler straggler;
  gboolean slow;
  RingResult uniform;

  g_return_if_fail (params != NULL);
  g_return_if_fail (result != NULL);

  ring_step_straggler_init (&straggler, params);
  slow = ring_step_straggler_is_active (&straggler);
  evaluate (params, slow ? &straggler : NULL, result);
  evaluate_alone (params, slow ? &straggler : NULL, result);
  result->bandwidth_for_90pct_link = ring_params_get_sizing_link (params);
  result->bandwidth_for_90pct_gbps = bandwidth_for_90pct_gbps (params, slow ? &straggler : NULL,
                                                               result,
                                                               result->bandwidth_for_90pct_link);
  /* No NIC speed reaches the target, and these NICs already carry what the GPUs' PCIe
   * links feed them: that link binds, not the NICs (8 DGX H100 nodes at 400 Gb/s). */
  if (isnan (result->bandwidth_for_90pct_gbps)
      && result->bandwidth_for_90pct_link == RING_SIZING_LINK_NICS
      && ring_topology_nics_pcie_bound (params))
    result->bandwidth_for_90pct_link = RING_SIZING_LINK_PCIE;

  /* The animation's simulation starts from the step without the slow link and GPU, and
   * finds what they do to it. */
  uniform = *result;
  uniform.allreduce_time_s = result->uniform_allreduce_time_s;
  uniform.step_time_s = result->uniform_step_time_s;
  no_simulation (result);
  if (ring_parallelism_is_active (params))
    {
      RingParams group;

      /* The DP group's ring: one rail across nodes, the DP sync's algorithm and bytes. */
      ring_parallelism_group (params, ring_parallelism_data (params),
                              params->gpus / ring_parallelism_data (params), &group);
      uniform.algorithm_used = result->dp_algorithm;
      sim = ring_simulation_new (&group, &uniform);
    }
  else
    sim = ring_simulation_new (params, &uniform);
  if (sim != NULL)
    {
      result->sim_allreduce_time_s = ring_simulation_get_allreduce_s (sim);
      result->sim_uniform_allreduce_time_s = ring_simulation_get_uniform_allreduce_s (sim);
    }

  if (simulation != NULL)
    *simulation = g_steal_pointer (&sim);
}

void
ring_cost_evaluate (const RingParams *params,
                    RingResult       *result)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (result != NULL);

  ring_cost_evaluate_simulated (params, result, NULL);
}

static void
evaluate_sweep (const RingParams  *params,
                RingStepStraggler *straggler,
                RingResult        *result)
{
  evaluate (params, ring_step_straggler_is_active (straggler) ? straggler : NULL, result);
  evaluate_alone (params, ring_step_straggler_is_active (straggler) ? straggler : NULL,
                  result);
  result->bandwidth_for_90pct_gbps = NAN;
  result->bandwidth_for_90pct_link = ring_params_get_sizing_link (params);
  no_simulation (result);
}

void
ring_cost_evaluate_sweep (const RingParams *params,
                          RingResult       *result)
{
  RingStepStraggler none;

  g_return_if_fail (params != NULL);
  g_return_if_fail (result != NULL);

  ring_step_straggler_init (&none, params);
  none.slow_link = FALSE;
  none.compute_factor = 1.0;
  evaluate_sweep (params, &none, result);
}

void
ring_cost_evaluate_point (const RingParams *params,
                          RingResult       *result)
{
  RingStepStraggler straggler;

  g_return_if_fail (params != NULL);
  g_return_if_fail (result != NULL);

  ring_step_straggler_init (&straggler, params);
  evaluate_sweep (params, &straggler, result);
}

void
ring_cost_evaluate_sweep_rates (const RingParams *params,
                                RingSizingLink    link,
                                const double     *rates_gbps,
                                guint             n,
                                RingResult       *results)
{
  RingStepStraggler straggler;

  g_return_if_fail (params != NULL);
  g_return_if_fail (n == 0 || (rates_gbps != NULL && results != NULL));

  ring_step_straggler_init (&straggler, params);
  for (guint i = 0; i < n; i++)
    {
      RingParams swept = *params;

      ring_params_set_sizing_rate_gbps (&swept, link, rates_gbps[i]);
      evaluate_sweep (&swept, &straggler, &results[i]);
    }
}
