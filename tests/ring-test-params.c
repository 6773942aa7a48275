/* ring-test-params.c: configurations that more than one test works out by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-params.h"

#define MIB 1048576.0

void
ring_test_params_four_buckets (RingParams *params)
{
  ring_params_init_default (params);
  params->algorithm = RING_ALGORITHM_FLAT_RING;
  params->gpus = 2;
  params->model_params = 12582912;
  params->gradient_bytes = 4;
  params->bandwidth_gbps = 1.048576;
  params->latency_us = 5;
  params->tokens_per_gpu = 4096;
  params->compute_tflops = 6.0 * 12582912 * 4096 / 0.06 / 1e12;
  params->bucket_bytes = 16 * MIB;
}
