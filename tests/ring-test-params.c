/* ring-test-params.c: configurations that more than one test works out by hand, and a
 * case for each algorithm.
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

void
ring_test_params_sharp_cluster (RingParams    *params,
                                RingAlgorithm  algorithm,
                                guint          gpus,
                                guint          per_node)
{
  ring_params_init_default (params);
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_GPU, "h100", NULL));
  g_assert_true (ring_params_set_from_string (params, RING_PARAM_FABRIC, "infiniband-sharp",
                                              NULL));
  params->gpus = gpus;
  params->gpus_per_node = per_node;
  params->algorithm = algorithm;
}

void
ring_test_add_per_algorithm (const char    *prefix,
                             GTestDataFunc  test)
{
  for (RingAlgorithm a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
    {
      g_autofree char *path = g_strdup_printf ("%s/%s", prefix, ring_algorithm_to_string (a));

      g_test_add_data_func (path, GUINT_TO_POINTER (a), test);
    }
}
