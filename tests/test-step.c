/* test-step.c: the training step's timeline, sharding and memory against hand-worked
 * numbers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-presets.h"
#include "ring-step.h"
#include "ring-test-numbers.h"
#include "ring-test-params.h"
#include "ring-units.h"

#define MIB 1048576.0

/* One bucket is the seed's step with no overlap, to the last bit: at the defaults on the
 * flat ring, exposed = all-reduce = 0.16340333 s, step = 0.43008 + 0.16340333 s. */
static void
test_one_bucket (void)
{
  RingParams params;
  RingResult r;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  params.bucket_bytes = 0;
  ring_cost_evaluate (&params, &r);

  ring_test_assert_close (r.allreduce_time_s, 7e-5 + 49.0 / 300.0, 1e-12);
  g_assert_cmpfloat (r.exposed_comm_s, ==, r.allreduce_time_s);
  /* Compute 6 · 7e9 · 4096 · 8 / (8 · 400e12) = 0.43008 s; utilization 0.43008 / step. */
  ring_test_assert_close (r.step_time_s, 0.43008 + 7e-5 + 49.0 / 300.0, 1e-12);
  ring_test_assert_close (r.utilization, 0.43008 / (0.43008 + 7e-5 + 49.0 / 300.0), 1e-12);
  g_assert_cmpuint (r.n_buckets, ==, 1);
  g_assert_cmpfloat (r.comm_time_s, ==, r.allreduce_time_s);
  g_assert_cmpfloat (r.hidden_comm_s, ==, 0);
  ring_test_assert_close (r.comm_bytes_per_gpu, 49e9, 1e-12);

  /* "one" on the command line is 0. */
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_BUCKET_SIZE, "one", NULL));
  g_assert_cmpfloat (params.bucket_bytes, ==, 0);
}

/* Four buckets by hand. The flat ring on N = 2 GPUs: AR (x) = 2 α + x / B.
 *   P = 12 582 912 = 196 608 · 4³: L = 4 layers, h = √(P / 48) = 512; b = 4: S = 48 MiB,
 *   12 MiB of gradients per layer.
 *   B = 1.048576 GB/s: 1 MiB takes 1 ms; α = 5 µs: each bucket pays 10 µs.
 *   T = 4096, F = 6 P T / 0.06 s: compute 60 ms, forward 20, backward 40 (10 per layer).
 *   bucket-size 16 MiB: buckets 1, 16, 16, 15 MiB (ends 1, 17, 33, 48 MiB), costs 1.01,
 *   16.01, 16.01, 15.01 ms; ready after the backward's 1st, 2nd, 3rd, 4th layer (12, 24,
 *   36, 48 MiB produced) at 10, 20, 30, 40 ms from the backward's start.
 *   bucket 0: 10 → 11.01; bucket 1: 20 → 36.01; bucket 2: 36.01 → 52.02; bucket 3:
 *   52.02 → 67.03. The backward ends at 40: exposed = 27.03 ms, step = 87.03 ms,
 *   utilization = 60 / 87.03 = 0.689417…; one bucket instead: exposed 48.01 ms.
 * (ring_test_params_four_buckets() sets these.) */
static void
test_four_buckets (void)
{
  RingParams params;
  RingResult r;
  RingStepTimeline timeline;
  g_autoptr(GArray) segments = NULL;
  guint layers, hidden, comm = 0;

  ring_test_params_four_buckets (&params);
  ring_step_architecture (&params, &layers, &hidden);
  g_assert_cmpuint (layers, ==, 4);
  g_assert_cmpuint (hidden, ==, 512);

  ring_cost_evaluate (&params, &r);
  g_assert_cmpuint (r.n_buckets, ==, 4);
  ring_test_assert_close (r.compute_time_s, 0.06, 1e-12);
  ring_test_assert_close (r.comm_time_s, 0.04804, 1e-9);
  /* Hidden: bucket 0 and 1 whole (1.01 + 16.01) and bucket 2 until 40 ms (3.99). */
  ring_test_assert_close (r.hidden_comm_s, 0.02101, 1e-9);
  ring_test_assert_close (r.exposed_comm_s, 0.02703, 1e-9);
  ring_test_assert_close (r.step_time_s, 0.08703, 1e-9);
  ring_test_assert_close (r.utilization, 0.06 / 0.08703, 1e-9);

  /* The segments: 8 compute, and the buckets' pieces, exposed where the backward is over. */
  segments = ring_step_segments (&params);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);

      g_assert_cmpfloat (s->end_s, >, s->start_s);
      if (s->kind != RING_SEGMENT_ALLREDUCE)
        continue;
      comm++;
      /* Everything after 60 ms (20 forward + 40 backward) is exposed. */
      if (s->exposed)
        g_assert_cmpfloat (s->start_s, >=, 0.06 - 1e-12);
      else
        g_assert_cmpfloat (s->end_s, <=, 0.06 + 1e-12);
    }
  /* Buckets 0 and 1 hide whole; bucket 2 is split at 60 ms; bucket 3 is exposed. */
  g_assert_cmpuint (comm, ==, 5);

  ring_step_timeline (&params, &timeline, NULL);
  ring_test_assert_close (timeline.exposed_s, 0.02703, 1e-9);

  params.bucket_bytes = 0;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.exposed_comm_s, 0.04801, 1e-9);
}

/* A slow link moves the step, and the buckets hide what they hide of the slower
 * collectives (issue 21, item 1). The four buckets above with link 0 at 50 %: on two GPUs
 * the flat ring's two steps each send half the buffer over both links, so the event
 * simulation finds 2 α + 2 x / B for a buffer x against 2 α + x / B at full speed, and the
 * calibrated all-reduce (the same α-β form) is made that much slower:
 *   buckets 1, 16, 16, 15 MiB cost 2.01, 32.01, 32.01, 30.01 ms; ready at 10, 20, 30, 40 ms
 *   from the backward's start as before: bucket 0: 10 → 12.01; bucket 1: 20 → 52.01;
 *   bucket 2: 52.01 → 84.02; bucket 3: 84.02 → 114.03. The backward ends at 40: exposed
 *   74.03 ms, step 60 + 74.03 = 134.03 ms (the simulation's own join model said 135.03).
 *   The whole buffer: 0.01 + 2 · 48 = 96.01 ms; busbw = S / 96.01 ms · 2 (N−1)/N, N = 2.
 * GPU 1 at 50 % too: every layer takes twice as long (forward 40, backward 80 ms, 20 a
 * layer), buckets ready at 20, 40, 60, 80 ms from the backward's start: bucket 0: 20 →
 * 22.01; bucket 1: 40 → 72.01; bucket 2: 72.01 → 104.02; bucket 3: 104.02 → 134.03. The
 * backward ends at 80: the step is 120 + 54.03 = 174.03 ms, 40 ms more than the slow link's
 * alone. Without either, the step is the 87.03 ms above. */
static void
test_straggler_buckets (void)
{
  const double S = 48 * MIB;
  RingParams params;
  RingResult r;
  g_autoptr(GArray) segments = NULL;
  double last_end = 0;

  ring_test_params_four_buckets (&params);
  params.slow_link = 0;
  params.slow_link_fraction = 0.5;
  ring_cost_evaluate (&params, &r);

  ring_test_assert_close (r.allreduce_time_s, 0.09601, 1e-9);
  ring_test_assert_close (r.uniform_allreduce_time_s, 0.04801, 1e-9);
  ring_test_assert_close (r.busbw_gbps, S / 0.09601 / 1e9, 1e-9);
  ring_test_assert_close (r.uniform_busbw_gbps, S / 0.04801 / 1e9, 1e-9);
  ring_test_assert_close (r.comm_time_s, 0.00201 + 0.03201 + 0.03201 + 0.03001, 1e-9);
  ring_test_assert_close (r.exposed_comm_s, 0.07403, 1e-9);
  ring_test_assert_close (r.step_time_s, 0.13403, 1e-9);
  ring_test_assert_close (r.utilization, 0.06 / 0.13403, 1e-9);
  ring_test_assert_close (r.tokens_per_s, 2 * 4096 / 0.13403, 1e-6);
  g_assert_true (r.comm_bound);
  ring_test_assert_close (r.uniform_step_time_s, 0.08703, 1e-9);
  ring_test_assert_close (r.uniform_utilization, 0.06 / 0.08703, 1e-9);
  g_assert_cmpfloat (r.slow_gpu_delay_s, ==, 0);

  /* The step bar and the step-timeline chart draw the same step. */
  segments = ring_step_segments (&params);
  for (guint i = 0; i < segments->len; i++)
    last_end = MAX (last_end, g_array_index (segments, RingStepSegment, i).end_s);
  ring_test_assert_close (last_end, 0.13403, 1e-9);

  params.slow_gpu = 1;
  params.slow_gpu_fraction = 0.5;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.step_time_s, 0.17403, 1e-9);
  ring_test_assert_close (r.exposed_comm_s, 0.17403 - 0.06, 1e-9);
  ring_test_assert_close (r.slow_gpu_delay_s, 0.04, 1e-9);
  ring_test_assert_close (r.uniform_step_time_s, 0.08703, 1e-9);

  /* A sweep's point is the same step (issue 21, item 1: a chart's curves pass through the
   * headline figures). At twice B, with the slow link slowing each collective as much, the
   * step is shorter, and still longer than without the slow GPU and link. */
  ring_cost_evaluate_point (&params, &r);
  ring_test_assert_close (r.step_time_s, 0.17403, 1e-9);
  /* The uniform step a simulation starts from leaves them out. */
  ring_cost_evaluate_sweep (&params, &r);
  ring_test_assert_close (r.step_time_s, 0.08703, 1e-9);
  ring_cost_evaluate_point (&params, &r);
  {
    const double rates_gbps[] = { params.bandwidth_gbps, 2 * params.bandwidth_gbps };
    RingResult at_rates[2];

    ring_cost_evaluate_sweep_rates (&params, RING_SIZING_LINK_IN_NODE, rates_gbps, 2,
                                    at_rates);
    ring_test_assert_close (at_rates[0].step_time_s, 0.17403, 1e-9);
    g_assert_cmpfloat (at_rates[1].step_time_s, <, at_rates[0].step_time_s);
    g_assert_cmpfloat (at_rates[1].step_time_s, >, r.uniform_step_time_s);
  }
}

/* ZeRO's buckets are DeepSpeed's (issue 21, item 6): reduce_bucket_size and
 * allgather_bucket_size of 5e8 elements, with no small first bucket, whatever DDP's
 * bucket-size says. By hand, the flat ring on N = 2 GPUs, where a reduce-scatter or
 * all-gather of x bytes takes (N−1) α + (N−1)/N · x / B = 5 µs + x / 200e9 s:
 *   P = 1.25e9 in bf16: S = 2.5e9 B, L = round (∛(1.25e9 / 196 608)) = 19 layers of
 *   2.5e9 / 19 B; buckets of 5e8 · 2 = 1e9 B: 1e9, 1e9, 0.5e9 (three, not DDP's hundred
 *   of 25 MiB), costing 5.005, 5.005 and 2.505 ms each way.
 *   Compute 57 ms: backward 38 ms, 2 ms a layer. The first bucket is complete after 8
 *   layers (8 · 2.5e9 / 19 ≥ 1e9 > 7 · …), the second after 16 (≥ 2e9), the last after 19:
 *   at 16, 32 and 38 ms into the backward pass; they end at 21.005, 37.005 and 40.505 ms.
 *   The all-gather of the three buckets follows: 40.505 + 12.515 = 53.02 ms. The backward
 *   pass ends at 38: exposed 15.02 ms, step 72.02 ms. */
static void
test_zero_buckets (void)
{
  RingParams params;
  RingResult r;
  double reduce_bytes, allgather_bytes;
  g_autoptr(GArray) segments = NULL;
  guint layers, hidden, gathers = 0;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  params.gpus = 2;
  params.model_params = 1.25e9;
  params.gradient_bytes = 2;
  params.bandwidth_gbps = 100;
  params.latency_us = 5;
  params.compute_tflops = 6.0 * 1.25e9 * 4096 / 0.057 / 1e12;
  params.sharding = RING_SHARDING_ZERO1;

  ring_step_zero_bucket_bytes (&params, &reduce_bytes, &allgather_bytes);
  g_assert_cmpfloat (reduce_bytes, ==, 1e9);
  g_assert_cmpfloat (allgather_bytes, ==, 1e9);
  ring_step_architecture (&params, &layers, &hidden);
  g_assert_cmpuint (layers, ==, 19);

  ring_cost_evaluate (&params, &r);
  g_assert_cmpuint (r.n_buckets, ==, 3);
  g_assert_cmpuint (r.n_collectives, ==, 6);
  ring_test_assert_close (r.compute_time_s, 0.057, 1e-12);
  ring_test_assert_close (r.comm_time_s, 2 * 0.012515, 1e-9);
  ring_test_assert_close (r.exposed_comm_s, 0.01502, 1e-9);
  ring_test_assert_close (r.step_time_s, 0.07202, 1e-9);
  ring_test_assert_close (r.comm_bytes_per_gpu, 2.5e9, 1e-12);

  /* The all-gather: the three buckets back to back after the reduce-scatters. */
  segments = ring_step_segments (&params);
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *segment = &g_array_index (segments, RingStepSegment, i);

      if (segment->kind != RING_SEGMENT_ALL_GATHER)
        continue;
      gathers++;
      g_assert_cmpuint (segment->count, ==, 3);
      ring_test_assert_close (segment->start_s, 0.019 + 0.040505, 1e-9);
      ring_test_assert_close (segment->end_s, 0.019 + 0.05302, 1e-9);
    }
  g_assert_cmpuint (gathers, ==, 1);

  /* DDP's bucket size is DDP's: ZeRO does not move with it. */
  params.bucket_bytes = 0;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.step_time_s, 0.07202, 1e-9);
}

/* Over sizes, GPU counts, algorithms and slowdowns: exposed ≥ 0 and ≤ every collective of
 * the step end to end; more slowdown never makes the step shorter. */
static void
test_exposed_bounds (void)
{
  static const double sizes[] = { 0, MIB, 4 * MIB, 25 * MIB, 256 * MIB, 4096 * MIB };
  static const guint gpus[] = { 2, 8, 64, 1024 };
  static const RingAlgorithm algorithms[] = {
    RING_ALGORITHM_AUTO, RING_ALGORITHM_RING, RING_ALGORITHM_FLAT_RING,
  };

  for (guint s = 0; s < RING_N_SHARDINGS; s++)
    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
        for (guint a = 0; a < G_N_ELEMENTS (algorithms); a++)
          {
            RingParams params;
            RingResult r, slow;

            ring_params_init_default (&params);
            params.sharding = s;
            params.bucket_bytes = sizes[i];
            params.gpus = gpus[g];
            params.algorithm = algorithms[a];
            ring_cost_evaluate (&params, &r);
            g_assert_cmpfloat (r.exposed_comm_s, >=, 0);
            g_assert_cmpfloat (r.exposed_comm_s, <=, r.comm_time_s * (1 + 1e-12));
            g_assert_cmpfloat (r.utilization, <=, 1);

            params.comm_slowdown = 0.3;
            ring_cost_evaluate (&params, &slow);
            g_assert_cmpfloat (slow.step_time_s, >=, r.step_time_s * (1 - 1e-12));
            g_assert_cmpfloat (slow.exposed_comm_s, <=, slow.comm_time_s * (1 + 1e-12));
          }
}

/* Bytes each GPU sends, N = 8, S = 28e9 (the defaults), flat ring:
 *   DDP:      all-reduce                     2 (N−1)/N · S = 49e9
 *   ZeRO-1/2: reduce-scatter + all-gather    (N−1)/N · S · 2 = 49e9
 *   FSDP:     2 all-gathers + reduce-scatter (N−1)/N · S · 3 = 73.5e9 = 1.5 × DDP
 * Reduce-scatter of x: (N−1) α + (N−1)/N · x / B, half the all-reduce. */
static void
test_sharding_bytes (void)
{
  RingParams params;
  RingResult ddp, zero1, zero2, fsdp;
  guint layers, hidden;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  ring_step_architecture (&params, &layers, &hidden);
  g_assert_cmpuint (layers, ==, 32);  /* 7e9 is the llama-7b preset: 32 × 4096 */

  ring_cost_evaluate (&params, &ddp);
  params.sharding = RING_SHARDING_ZERO1;
  ring_cost_evaluate (&params, &zero1);
  params.sharding = RING_SHARDING_ZERO2;
  ring_cost_evaluate (&params, &zero2);
  params.sharding = RING_SHARDING_FSDP;
  ring_cost_evaluate (&params, &fsdp);

  ring_test_assert_close (ddp.comm_bytes_per_gpu, 49e9, 1e-12);
  ring_test_assert_close (zero1.comm_bytes_per_gpu, 49e9, 1e-12);
  ring_test_assert_close (zero2.comm_bytes_per_gpu, 49e9, 1e-12);
  ring_test_assert_close (fsdp.comm_bytes_per_gpu, 73.5e9, 1e-12);
  /* ZeRO in DeepSpeed's buckets of 5e8 fp32 values, 2e9 B: 28e9 / 2e9 = 14 each way. */
  g_assert_cmpuint (zero1.n_buckets, ==, 14);
  g_assert_cmpuint (zero1.n_collectives, ==, 28);
  g_assert_cmpuint (fsdp.n_buckets, ==, 32);
  g_assert_cmpuint (fsdp.n_collectives, ==, 96);

  /* FSDP's collectives: 96 of S/32 each at 7 · 5 µs + 7/8 · S/32 / B. */
  ring_test_assert_close (fsdp.comm_time_s, 96 * (35e-6 + 7.0 / 8 * 28e9 / 32 / 300e9), 1e-12);
  ring_test_assert_close (ring_step_half_collective_s (&params, 8, 28e9), 35e-6 + 24.5e9 / 300e9,
                          1e-12);
  /* ZeRO's all-gather after the step is never hidden. */
  g_assert_cmpfloat (zero1.exposed_comm_s, >, ddp.exposed_comm_s);

  /* NCCL's ring: the per-call latency once, half the rest. */
  params.algorithm = RING_ALGORITHM_RING;
  {
    RingAllreduceCost ar;
    double half = ring_step_half_collective_s (&params, 8, 1e9);

    g_assert_true (ring_allreduce_cost_for (&params, 8, RING_ALGORITHM_RING, 1e9, &ar));
    g_assert_cmpfloat (half, >, ar.time_s / 2);
    g_assert_cmpfloat (half, <, ar.time_s);
  }
}

/* Llama 3 (Dubey et al. 2024, "The Llama 3 Herd of Models", table 3): 8B is 32 layers of
 * 4096, 70B 80 layers of 8192; trained in bf16. On H100 80 GB the usable memory is
 * 0.9 · 80e9 − 1e9 = 71e9 B. T = 4096 tokens, fused attention, no checkpointing:
 * activations 34 · T · h · L (Korthikanti et al. 2022).
 *   8B DDP: 8e9 · (2 + 2 + 12) = 128e9, + 34 · 4096 · 4096 · 32 = 18.253611008e9
 *           → 146.25e9 > 71e9: does not fit.
 *   8B FSDP on 64: 128e9 / 64 = 2e9, + gathered 3 · 8e9 · 2 / 32 = 1.5e9, + 18.25e9
 *           → 21.753611008e9: fits.
 *   70B FSDP on 64: 1120e9 / 64 = 17.5e9 + 5.25e9 + 34 · 4096 · 8192 · 80 = 91.27e9:
 *           does not fit; with full checkpointing the activations are
 *           80 · 2 · 4096 · 8192 + 34 · 4096 · 8192 = 6.509559808e9 → 29.26e9: fits.
 *   70B DDP on 8: the least that fits is FSDP, full checkpointing, on
 *           ⌈1120e9 / (71e9 − 5.25e9 − 6.51e9)⌉ = 19 GPUs. */
static void
apply_model (RingParams *params,
             const char *preset)
{
  ring_params_init_default (params);
  ring_params_apply_gpu (params, RING_GPU_H100);
  ring_preset_apply (ring_preset_lookup (preset), params);
}

static void
test_memory_llama3 (void)
{
  RingParams params;
  RingMemory memory;
  RingFitSuggestion suggestion;
  g_autofree char *text = NULL;
  g_autofree char *step = NULL;
  g_autofree char *expected = NULL;

  apply_model (&params, "llama3-8b");
  params.gpus = 64;
  ring_step_memory (&params, 64, &memory);
  ring_test_assert_close (memory.usable, 71e9, 1e-12);
  ring_test_assert_close (memory.parameters + memory.gradients + memory.optimizer, 128e9, 1e-12);
  ring_test_assert_close (memory.activations, 18.253611008e9, 1e-12);
  ring_test_assert_close (memory.total, 146.253611008e9, 1e-12);
  g_assert_false (memory.fits);

  params.sharding = RING_SHARDING_FSDP;
  ring_step_memory (&params, 64, &memory);
  ring_test_assert_close (memory.total, 21.753611008e9, 1e-12);
  g_assert_true (memory.fits);

  apply_model (&params, "llama3-70b");
  params.sharding = RING_SHARDING_FSDP;
  ring_step_memory (&params, 64, &memory);
  g_assert_false (memory.fits);
  params.checkpointing = RING_CHECKPOINTING_FULL;
  ring_step_memory (&params, 64, &memory);
  ring_test_assert_close (memory.activations, 6.509559808e9, 1e-12);
  ring_test_assert_close (memory.total, 17.5e9 + 5.25e9 + 6.509559808e9, 1e-12);
  g_assert_true (memory.fits);

  /* On 8 GPUs (apply_model's): with full checkpointing FSDP needs 1120e9 / n ≤ 71e9 −
   * 5.25e9 − 6.5096e9 = 59.24e9, n ≥ 18.9: 19, the fewest. */
  apply_model (&params, "llama3-70b");
  ring_step_suggest (&params, &suggestion);
  g_assert_false (suggestion.fits_now);
  g_assert_true (suggestion.possible);
  g_assert_cmpint (suggestion.sharding, ==, RING_SHARDING_FSDP);
  g_assert_cmpuint (suggestion.gpus, ==, 19);
  g_assert_cmpint (suggestion.checkpointing, ==, RING_CHECKPOINTING_FULL);
  text = ring_fit_suggestion_describe (&suggestion);
  step = ring_format_duration (suggestion.step_time_s);
  expected = g_strdup_printf ("needs FSDP across ≥ 19 GPUs with full activation checkpointing, "
                              "a %s step with its recomputation", step);
  g_assert_cmpstr (text, ==, expected);
  g_clear_pointer (&text, g_free);

  /* 8B on 8 GPUs: ZeRO-1 already fits (16 + 16 + 96/8 + 18.25 = 62.25e9), and the advice
   * names the fewest GPUs it fits on (issue 21, item 7): 16 + 16 + 96/n + 18.2536 ≤ 71
   * ⇔ n ≥ 96 / 20.7464 = 4.63, so 5 (before: the 8 there are). */
  apply_model (&params, "llama3-8b");
  ring_step_suggest (&params, &suggestion);
  g_assert_cmpint (suggestion.sharding, ==, RING_SHARDING_ZERO1);
  g_assert_cmpuint (suggestion.gpus, ==, 5);

  /* 70B on 512 GPUs: without checkpointing its activations alone are too big at any
   * count; with full checkpointing FSDP fits from 19 GPUs, as above. Before, the advice
   * said "≥ 512", the GPUs there are. */
  apply_model (&params, "llama3-70b");
  params.gpus = 512;
  ring_step_suggest (&params, &suggestion);
  g_assert_cmpint (suggestion.sharding, ==, RING_SHARDING_FSDP);
  g_assert_cmpint (suggestion.checkpointing, ==, RING_CHECKPOINTING_FULL);
  g_assert_cmpuint (suggestion.gpus, ==, 19);
  apply_model (&params, "llama3-8b");

  /* 10 T parameters in fp32: FSDP's gathered layers alone (3 · 4e13 / 370 = 324e9 B) are
   * more than an 80 GB GPU holds, at any count. */
  {
    RingParams huge;

    ring_params_init_default (&huge);
    huge.model_params = 1e13;
    ring_step_suggest (&huge, &suggestion);
  }
  g_assert_false (suggestion.fits_now);
  g_assert_false (suggestion.possible);
  text = ring_fit_suggestion_describe (&suggestion);
  g_assert_true (g_str_has_prefix (text, "does not fit on any number"));
  g_clear_pointer (&text, g_free);

  /* And the result carries it. */
  {
    RingResult r;

    params.gpus = 64;
    ring_cost_evaluate (&params, &r);
    g_assert_false (r.fits);
    params.sharding = RING_SHARDING_FSDP;
    ring_cost_evaluate (&params, &r);
    g_assert_true (r.fits);
    ring_test_assert_close (r.memory_per_gpu_bytes, 21.753611008e9, 1e-12);
  }
}

/* Activation checkpointing costs compute (issue 21, item 2). The defaults on the flat ring
 * in one bucket: 6 P T / F = 6 · 7e9 · 4096 / 400e12 = 0.43008 s, the all-reduce after the
 * backward pass 0.16340333 s.
 *   full: the forward pass again, 2 P T / F = 0.14336 s: compute 0.57344 s (× 4/3), the
 *         backward pass 0.28672 + 0.14336 = 0.43008 s, step 0.57344 + 0.16340333 s.
 *   selective: the attention core's forward again, QKᵀ and the scores times V, 2 T s h
 *         FLOPs each in each of L layers: llama-7b is 32 × 4096, T = s = 4096:
 *         4 · 32 · 4096³ / 400e12 = 0.02199023255552 s (5.1 % of 0.43008, s / (18 h) of
 *         6 P T with P = 12 L h²), step 0.43008 + 0.02199023 + 0.16340333 s.
 * And the advice: Llama 3 70B on 8 H100s needs FSDP on 19 with full checkpointing; its step
 * is the one the model gives those settings, recomputation in it: at least
 * 8 P T / F = 8 · 70e9 · 4096 / 395.6e12 = 5.798 s of compute (4.349 s without it). */
static void
test_checkpointing_compute (void)
{
  const double all_reduce = 7e-5 + 49.0 / 300.0;
  const double selective = 4.0 * 32 * 4096.0 * 4096.0 * 4096.0 / 400e12;
  RingParams params;
  RingResult r;
  RingFitSuggestion suggestion;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  params.bucket_bytes = 0;

  params.checkpointing = RING_CHECKPOINTING_FULL;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.compute_time_s, 0.57344, 1e-12);
  ring_test_assert_close (r.recompute_time_s, 0.14336, 1e-12);
  ring_test_assert_close (r.forward_time_s, 0.14336, 1e-12);
  ring_test_assert_close (r.backward_time_s, 0.43008, 1e-12);
  ring_test_assert_close (r.step_time_s, 0.57344 + all_reduce, 1e-12);
  ring_test_assert_close (r.tokens_per_s, 8 * 4096 / (0.57344 + all_reduce), 1e-9);

  params.checkpointing = RING_CHECKPOINTING_SELECTIVE;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (selective, 0.02199023255552, 1e-12);
  ring_test_assert_close (r.recompute_time_s, selective, 1e-12);
  ring_test_assert_close (r.compute_time_s, 0.43008 + selective, 1e-12);
  ring_test_assert_close (r.step_time_s, 0.43008 + selective + all_reduce, 1e-12);

  params.checkpointing = RING_CHECKPOINTING_NONE;
  ring_cost_evaluate (&params, &r);
  g_assert_cmpfloat (r.recompute_time_s, ==, 0);
  ring_test_assert_close (r.step_time_s, 0.43008 + all_reduce, 1e-12);

  apply_model (&params, "llama3-70b");
  ring_step_suggest (&params, &suggestion);
  g_assert_cmpint (suggestion.checkpointing, ==, RING_CHECKPOINTING_FULL);
  g_assert_cmpfloat (suggestion.step_time_s, >, 8 * 70e9 * 4096 / 395.6e12);
  params.sharding = suggestion.sharding;
  params.gpus = suggestion.gpus;
  params.checkpointing = suggestion.checkpointing;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (r.compute_time_s, 8 * 70e9 * 4096 / 395.6e12, 1e-12);
  g_assert_cmpfloat (suggestion.step_time_s, ==, r.step_time_s);

  /* With a slow link the advice's step has it too, as the report would once applied. */
  apply_model (&params, "llama3-70b");
  params.slow_link = 3;
  params.slow_link_fraction = 0.5;
  ring_step_suggest (&params, &suggestion);
  params.sharding = suggestion.sharding;
  params.gpus = suggestion.gpus;
  params.checkpointing = suggestion.checkpointing;
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (suggestion.step_time_s, r.step_time_s, 1e-12);
  g_assert_cmpfloat (r.step_time_s, >, r.uniform_step_time_s);
}

/* Smaller buckets hide more, until their latency dominates: at the defaults (auto, 8
 * GPUs) 25 MiB beats one bucket. */
static void
test_utilization_vs_bucket_size (void)
{
  static const double sizes[] = { 0, MIB, 25 * MIB, 4096 * MIB };
  double utilization[G_N_ELEMENTS (sizes)];
  RingParams params;
  RingResult r;

  ring_params_init_default (&params);
  ring_step_utilization_vs_bucket_size (&params, sizes, utilization, G_N_ELEMENTS (sizes));
  ring_cost_evaluate (&params, &r);
  ring_test_assert_close (utilization[2], r.utilization, 1e-12);
  g_assert_cmpfloat (utilization[2], >, utilization[0]);
  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    g_assert_cmpfloat (utilization[i], <=, 1);
}

/* The segments of every sharding: each stream runs one thing at a time, in time order;
 * compute adds up to the planned compute plus the slowdown; with FSDP each layer's
 * forward starts only after its all-gather has ended. */
static void
test_segments (void)
{
  for (guint s = 0; s < RING_N_SHARDINGS; s++)
    {
      g_autoptr(GArray) segments = NULL;
      RingParams params;
      RingStepTimeline timeline;
      double compute_end = 0, comm_end = 0, compute_sum = 0;
      double gathered[64] = { 0 };

      ring_params_init_default (&params);
      params.sharding = s;
      params.comm_slowdown = 0.2;
      params.gpus = 64;
      segments = g_array_new (FALSE, FALSE, sizeof (RingStepSegment));
      ring_step_timeline (&params, &timeline, segments);

      for (guint i = 0; i < segments->len; i++)
        {
          const RingStepSegment *seg = &g_array_index (segments, RingStepSegment, i);
          gboolean compute = seg->kind == RING_SEGMENT_FORWARD
                             || seg->kind == RING_SEGMENT_BACKWARD;

          g_assert_cmpfloat (seg->end_s, >, seg->start_s);
          g_assert_cmpfloat (seg->end_s, <=, timeline.step_s * (1 + 1e-12));
          if (compute)
            {
              g_assert_cmpfloat (seg->start_s, >=, compute_end * (1 - 1e-12));
              compute_end = seg->end_s;
              compute_sum += seg->end_s - seg->start_s;
              g_assert_false (seg->exposed);
              if (s == RING_SHARDING_FSDP && seg->kind == RING_SEGMENT_FORWARD)
                g_assert_cmpfloat (seg->start_s, >=, gathered[seg->index] * (1 - 1e-12));
            }
          else
            {
              g_assert_cmpfloat (seg->start_s, >=, comm_end * (1 - 1e-12));
              comm_end = seg->end_s;
              if (seg->kind == RING_SEGMENT_ALL_GATHER && seg->index < G_N_ELEMENTS (gathered)
                  && gathered[seg->index] == 0)
                gathered[seg->index] = seg->end_s;
            }
        }
      ring_test_assert_close (compute_sum,
                              timeline.forward_s + timeline.backward_s + timeline.slowdown_s,
                              1e-9);
      ring_test_assert_close (MAX (compute_end, comm_end), timeline.step_s, 1e-9);
    }
}

/* PAT (NCCL 2.23) reduce-scatters and all-gathers with one GPU per node in log2 (nodes)
 * network hops: 16 nodes of one H100 on InfiniBand, 8 KiB. NCCL's PAT latency: 2 µs launch
 * gap + 8 + log2 16 · 14 / 3.5 + 2.8 · 16 = 70.8 µs, and 7/8 of the ring's Simple bandwidth
 * time / 2 / 0.75. 2.22 has only the ring, whose LL pays 2 · 15 network hops. */
static void
test_pat (void)
{
  RingParams params;
  RingTopology topology;
  RingAllreduceCost ring;
  double before, after;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  params.gpus = 16;
  params.gpus_per_node = 1;
  params.algorithm = RING_ALGORITHM_AUTO;
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NCCL_VERSION, "2.22", NULL));
  before = ring_step_half_collective_s (&params, 16, 8192);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NCCL_VERSION, "2.23.4",
                                              NULL));
  after = ring_step_half_collective_s (&params, 16, 8192);

  ring_topology_init (&topology, &params, 16);
  g_assert_true (ring_allreduce_cost_with (&topology, RING_ALGORITHM_RING,
                                           RING_PROTOCOL_SIMPLE, 8192, &ring));
  g_test_message ("16 × 1 H100, 8 KiB: ring %.1f µs, PAT %.1f µs", before * 1e6, after * 1e6);
  ring_test_assert_close (after, 70.8e-6 + ring.bandwidth_s / 2 / 0.75, 1e-12);
  g_assert_cmpfloat (after, <, before);

  /* Two GPUs a node: no PAT, the ring's as before. */
  params.gpus_per_node = 2;
  after = ring_step_half_collective_s (&params, 16, 8192);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NCCL_VERSION, "2.22", NULL));
  ring_test_assert_close (after, ring_step_half_collective_s (&params, 16, 8192), 1e-12);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/step/one-bucket", test_one_bucket);
  g_test_add_func ("/ring/step/four-buckets", test_four_buckets);
  g_test_add_func ("/ring/step/straggler-buckets", test_straggler_buckets);
  g_test_add_func ("/ring/step/checkpointing-compute", test_checkpointing_compute);
  g_test_add_func ("/ring/step/zero-buckets", test_zero_buckets);
  g_test_add_func ("/ring/step/exposed-bounds", test_exposed_bounds);
  g_test_add_func ("/ring/step/sharding-bytes", test_sharding_bytes);
  g_test_add_func ("/ring/step/memory-llama3", test_memory_llama3);
  g_test_add_func ("/ring/step/utilization-vs-bucket-size", test_utilization_vs_bucket_size);
  g_test_add_func ("/ring/step/segments", test_segments);
  g_test_add_func ("/ring/step/pat", test_pat);

  return g_test_run ();
}
