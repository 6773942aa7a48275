/* ring-test-params.h: configurations that more than one test works out by hand.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

/* The four-bucket example (test-step.c works its numbers out): the flat ring on 2 GPUs,
 * B = 1.048576 GB/s (1 MiB takes 1 ms), α = 5 µs, 4 layers of 12 MiB of fp32 gradients,
 * 60 ms of compute, buckets of 16 MiB. */
void ring_test_params_four_buckets (RingParams *params);

/* H100 nodes of @per_node GPUs on InfiniBand with SHARP, where every algorithm runs across
 * nodes: @gpus of them running @algorithm, everything else at its default. */
void ring_test_params_sharp_cluster (RingParams    *params,
                                     RingAlgorithm  algorithm,
                                     guint          gpus,
                                     guint          per_node);

G_END_DECLS
