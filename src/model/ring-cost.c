/* ring-cost.c: the α-β cost of ring all-reduce and the step time it leaves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-cost.h"

/* Training FLOPs per token: 2 P forward + 4 P backward (Kaplan et al. 2020, "Scaling Laws
 * for Neural Language Models", section 2.1). The backward pass is two thirds of it. */
#define FLOPS_PER_PARAM_TOKEN 6.0
#define BACKWARD_FRACTION     (2.0 / 3.0)
#define TARGET_UTILIZATION    0.9

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

  return FLOPS_PER_PARAM_TOKEN * params->model_params * params->tokens_per_gpu
         / (params->compute_tflops * 1e12);
}

/* Each GPU sends 2 (N−1) chunks of S/N bytes: the bandwidth lower bound of any all-reduce
 * (Patarasuk and Yuan 2009, "Bandwidth optimal all-reduce algorithms"). */
double
ring_cost_bytes_moved_per_gpu (guint  gpus,
                               double buffer_bytes)
{
  if (gpus <= 1)
    return 0.0;

  return 2.0 * (gpus - 1) / gpus * buffer_bytes;
}

double
ring_cost_allreduce_time_s (const RingParams *params,
                            guint             gpus,
                            double            buffer_bytes,
                            double            bandwidth_gbps)
{
  double latency_s;

  g_return_val_if_fail (params != NULL, NAN);

  /* One GPU has nobody to talk to. */
  if (gpus <= 1)
    return 0.0;

  latency_s = params->latency_us * 1e-6;

  return 2.0 * (gpus - 1) * latency_s
         + ring_cost_bytes_moved_per_gpu (gpus, buffer_bytes) / (bandwidth_gbps * 1e9);
}

double
ring_cost_latency_crossover_bytes (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, NAN);

  /* 2 (N−1) α = 2 (N−1)/N · S / B  ⇔  S = N · α · B */
  return (double) MAX (params->gpus, 2) * params->latency_us * 1e-6
         * params->bandwidth_gbps * 1e9;
}

void
ring_cost_evaluate (const RingParams *params,
                    RingResult       *result)
{
  guint n;
  double budget_s;

  g_return_if_fail (params != NULL);
  g_return_if_fail (result != NULL);

  n = params->gpus;

  result->gradient_buffer_bytes = ring_cost_gradient_buffer_bytes (params);
  result->compute_time_s = ring_cost_compute_time_s (params);
  result->backward_time_s = BACKWARD_FRACTION * result->compute_time_s;
  result->bytes_moved_per_gpu = ring_cost_bytes_moved_per_gpu (n, result->gradient_buffer_bytes);
  result->allreduce_time_s = ring_cost_allreduce_time_s (params, n,
                                                         result->gradient_buffer_bytes,
                                                         params->bandwidth_gbps);
  result->latency_time_s = n > 1 ? 2.0 * (n - 1) * params->latency_us * 1e-6 : 0.0;
  result->exposed_comm_s = MAX (0.0, result->allreduce_time_s
                                     - params->overlap * result->backward_time_s);
  result->step_time_s = result->compute_time_s + result->exposed_comm_s;
  result->utilization = result->compute_time_s / result->step_time_s;

  if (result->allreduce_time_s > 0)
    {
      result->algbw_gbps = result->gradient_buffer_bytes / result->allreduce_time_s / 1e9;
      /* nccl-tests' bus bandwidth for all-reduce: algbw · 2 (N−1)/N. */
      result->busbw_gbps = result->algbw_gbps * 2.0 * (n - 1) / n;
    }
  else
    {
      result->algbw_gbps = 0.0;
      result->busbw_gbps = 0.0;
    }

  result->tokens_per_s = n * params->tokens_per_gpu / result->step_time_s;
  result->comm_bound = result->exposed_comm_s > result->compute_time_s;

  /* utilization ≥ 0.9 ⇔ exposed ≤ compute / 9, so the all-reduce may take at most
   * compute/9 + overlap · backward; what the latency term leaves must carry the bytes. */
  if (n <= 1)
    {
      result->bandwidth_for_90pct_gbps = 0.0;
    }
  else
    {
      budget_s = result->compute_time_s * (1.0 - TARGET_UTILIZATION) / TARGET_UTILIZATION
                 + params->overlap * result->backward_time_s
                 - result->latency_time_s;
      if (budget_s > 0)
        result->bandwidth_for_90pct_gbps = result->bytes_moved_per_gpu / budget_s / 1e9;
      else
        result->bandwidth_for_90pct_gbps = NAN;
    }
}
