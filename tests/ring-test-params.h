/* ring-test-params.h: configurations that more than one test works out by hand, and a
 * case for each algorithm.
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

/* Adds @test once per algorithm that runs (every one but auto, which picks one of them),
 * as @prefix/<its command-line name>, with the RingAlgorithm in GUINT_TO_POINTER. */
void ring_test_add_per_algorithm    (const char    *prefix,
                                     GTestDataFunc  test);

G_END_DECLS
