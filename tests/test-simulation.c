/* test-simulation.c: the event simulation against the schedules' closed forms, a slow
 * link and a slow GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-algorithm-schedule.h"
#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-model.h"
#include "ring-simulation.h"
#include "ring-test-numbers.h"
#include "ring-test-params.h"

#define BUFFER 28e9

/* H100 nodes on InfiniBand with SHARP, where every algorithm runs on some cluster. */
static void
params_for (RingParams    *params,
            RingAlgorithm  algorithm,
            guint          gpus,
            guint          per_node)
{
  ring_test_params_sharp_cluster (params, algorithm, gpus, per_node);
  params->message_bytes = BUFFER;
}

/* A walking simulation of @params, or NULL where the algorithm cannot run. */
static RingSimulation *
simulate (const RingParams *params,
          gboolean          walk,
          RingResult       *result)
{
  RingTopology topology;

  ring_topology_init (&topology, params, params->gpus);
  if (!ring_algorithm_can_run (params->algorithm, &topology, NULL))
    return NULL;
  ring_cost_evaluate_sweep (params, result);
  g_assert_cmpint (result->algorithm_used, ==, params->algorithm);

  return _ring_simulation_new_walking (params, result, walk);
}

/* The schedule's α-β time: the sum over its steps of what the busiest link takes. */
static double
closed_form_s (const RingSimulation *sim,
               const RingParams     *params)
{
  const RingSchedule *schedule = ring_simulation_get_schedule (sim);
  double rates[RING_N_LINK_KINDS], alpha[RING_N_LINK_KINDS], total = 0;
  RingTopology topology;

  ring_topology_init (&topology, params, params->gpus);
  ring_algorithm_info (params->algorithm)->link_rates (&topology, rates, alpha);
  for (guint step = 0; step < ring_schedule_get_n_steps (schedule); step++)
    total += ring_schedule_step_time_s (schedule, step, rates, alpha, BUFFER);

  return total;
}

static gboolean
sampled_size (guint n)
{
  return n <= 64 || n % 32 == 0 || n == 97 || n == 211 || n == 333 || n == 509;
}

/* Walking every transfer of every step of a uniform cluster gives the closed form, for
 * N = 2 … 512 (every N to 64, a spread beyond), on nodes of 8 (the last one partial where
 * 8 does not divide N) and on one node. */
static void
test_uniform_is_closed_form (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint checked = 0;

  for (guint n = 2; n <= 512; n++)
    {
      const guint per_node[] = { 8, n };

      if (!sampled_size (n))
        continue;
      for (guint i = 0; i < G_N_ELEMENTS (per_node); i++)
        {
          g_autoptr(RingSimulation) sim = NULL;
          RingParams params;
          RingResult result;

          if (i == 1 && (n > 64 || n == 8))
            continue;
          params_for (&params, algorithm, n, per_node[i]);
          sim = simulate (&params, TRUE, &result);
          if (sim == NULL)
            continue;
          ring_test_assert_relative (ring_simulation_get_allreduce_s (sim),
                                     closed_form_s (sim, &params),
                                     1e-12);
          ring_test_assert_relative (ring_simulation_get_uniform_allreduce_s (sim),
                                     ring_simulation_get_allreduce_s (sim), 1e-12);
          checked++;
        }
    }

  g_test_message ("%u clusters", checked);
  g_assert_cmpuint (checked, >=, 60);
}

/* The closed form plus the slow link's own transfers, which the application runs, gives
 * the same steps as walking every transfer, whichever link is slow. */
static void
test_fast_is_walking (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (guint n = 2; n <= 40; n += 3)
    for (guint slow = 0; slow < n; slow += 5)
      {
        g_autoptr(RingSimulation) walked = NULL;
        g_autoptr(RingSimulation) fast = NULL;
        RingParams params;
        RingResult result;

        params_for (&params, algorithm, n, 8);
        params.slow_link = slow;
        params.slow_link_fraction = 0.3;
        walked = simulate (&params, TRUE, &result);
        if (walked == NULL)
          continue;
        fast = simulate (&params, FALSE, &result);
        g_assert_cmpuint (ring_simulation_get_n_steps (fast), ==,
                          ring_simulation_get_n_steps (walked));
        for (guint step = 0; step < ring_simulation_get_n_steps (fast); step++)
          ring_test_assert_relative (ring_simulation_get_step_duration_s (fast, step),
                                     ring_simulation_get_step_duration_s (walked, step), 1e-12);
        ring_test_assert_relative (ring_simulation_get_uniform_allreduce_s (fast),
                                   ring_simulation_get_uniform_allreduce_s (walked), 1e-12);
      }
}

/* A link at half bandwidth: every ring step takes what that link takes. On one node every
 * link is alike, so the ring runs at the slow link's pace exactly; across nodes the slow
 * one is the network link out of node 0. */
static void
test_half_bandwidth_link (void)
{
  const RingAlgorithm rings[] = { RING_ALGORITHM_RING, RING_ALGORITHM_FLAT_RING };

  for (guint a = 0; a < G_N_ELEMENTS (rings); a++)
    for (guint n = 2; n <= 128; n++)
      {
        gboolean across = n > 8;
        guint slow = across ? 7 : n / 2;
        RingLinkKind kind = across && rings[a] == RING_ALGORITHM_RING ? RING_LINK_NETWORK
                                                                      : RING_LINK_INTRA;
        double rates[RING_N_LINK_KINDS], alpha[RING_N_LINK_KINDS], link_s;
        g_autoptr(RingSimulation) sim = NULL;
        g_autoptr(GArray) transfers = g_array_new (FALSE, FALSE, sizeof (RingSimulatedTransfer));
        RingTopology topology;
        RingParams params;
        RingResult result;

        params_for (&params, rings[a], n, 8);
        params.slow_link = slow;
        params.slow_link_fraction = 0.5;
        sim = simulate (&params, TRUE, &result);
        ring_topology_init (&topology, &params, n);
        ring_algorithm_info (rings[a])->link_rates (&topology, rates, alpha);
        link_s = alpha[kind] + BUFFER / n / (0.5 * rates[kind]);

        for (guint step = 0; step < ring_simulation_get_n_steps (sim); step++)
          {
            ring_test_assert_relative (ring_simulation_get_step_duration_s (sim, step), link_s,
                                       1e-12);

            /* It is the slow link's transfer that arrives last. */
            g_array_set_size (transfers, 0);
            ring_simulation_get_step_transfers (sim, step, transfers);
            for (guint i = 0; i < transfers->len; i++)
              {
                const RingSimulatedTransfer *t = &g_array_index (transfers,
                                                                 RingSimulatedTransfer, i);

                g_assert_cmpint (t->slowed, ==, t->transfer.from == slow);
                if (t->slowed)
                  g_assert_cmpfloat (t->end_fraction, ==, 1.0);
                else if (t->transfer.link == kind)
                  g_assert_cmpfloat (t->end_fraction, <, 1.0);
              }
          }
        ring_test_assert_relative (ring_simulation_get_allreduce_s (sim), 2 * (n - 1) * link_s,
                                   1e-12);
      }
}

/* A slow GPU joins late, in every algorithm, wherever it sits. At full speed the step is
 * the bucketed step model's (the simulated all-reduce starts what the buckets hide,
 * compute + all-reduce − step, before compute ends); the slow GPU's backward pass, longer
 * by 1 / 0.4, hides that much more, and the step ends when the slow GPU and the
 * all-reduce have both finished. */
static void
test_slow_gpu (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint checked = 0, matched = 0;

  for (guint n = 2; n <= 48; n += 5)
    for (guint slow = 0; slow < n; slow += 3)
      {
        g_autoptr(RingSimulation) sim = NULL;
        RingParams params;
        RingResult result;
        double compute, hidden, start;

        params_for (&params, algorithm, n, 8);
        params.message_bytes = 0;
        params.slow_gpu = slow;
        params.slow_gpu_fraction = 0.4;
        sim = simulate (&params, FALSE, &result);
        if (sim == NULL)
          continue;
        checked++;
        compute = result.compute_time_s;
        hidden = CLAMP (compute + ring_simulation_get_uniform_allreduce_s (sim)
                        - result.step_time_s, 0, result.backward_time_s);
        start = MAX (compute - hidden, compute / 0.4 - hidden / 0.4);
        ring_test_assert_relative (ring_simulation_get_compute_s (sim, slow), compute / 0.4,
                                   1e-12);
        /* At full speed: the bucketed step itself, unless the whole backward pass hides
         * too little of one all-reduce, or many small buckets cost more than one. */
        ring_test_assert_relative (ring_simulation_get_uniform_step_s (sim),
                                   MAX (compute, compute - hidden
                                                 + ring_simulation_get_uniform_allreduce_s (sim)),
                                   1e-12);
        if (hidden < result.backward_time_s && hidden > 0)
          {
            ring_test_assert_relative (ring_simulation_get_uniform_step_s (sim),
                                       result.step_time_s, 1e-12);
            matched++;
          }
        ring_test_assert_relative (ring_simulation_get_start_s (sim), start, 1e-12);
        ring_test_assert_relative (ring_simulation_get_step_s (sim),
                                   MAX (compute / 0.4,
                                        start + ring_simulation_get_allreduce_s (sim)),
                                   1e-12);
      }
  /* Every algorithm runs on most of these clusters; where the buckets hide part of one
   * all-reduce (not all of the backward pass, not nothing), it is the step model's. */
  g_assert_cmpuint (checked, >=, 20);
  g_assert_cmpuint (matched, >, 0);
}

/* The sentence the window shows, with the model's step beside the step without them. The
 * flat ring of the defaults in one bucket (nothing overlaps): compute C = 430.08 ms, the
 * all-reduce 14 steps of 5 µs + 3.5 GB over 300 GB/s, U = 163.40 ms, and over link 3 at
 * 75 GB/s, 14 × (5 µs + 46.67 ms) = 653.40 ms: 4.0× slower. The step is C + the
 * all-reduce: 1.08 s against 593 ms. GPU 5 at 50 %: its compute, 2 C = 860.16 ms, comes
 * first and the all-reduce after it: 1.51 s, 430 ms more than with the slow link alone;
 * without the slow link, 860.16 + 163.40 = 1.02 s, 430 ms more than 593. */
static void
test_summary (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  const char *summary;

  g_assert_null (ring_model_get_straggler_summary (model));

  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  ring_model_set_value (model, RING_PARAM_SLOW_LINK, 3);
  ring_model_set_value (model, RING_PARAM_SLOW_LINK_FRACTION, 0.25);
  summary = ring_model_get_straggler_summary (model);
  g_assert_nonnull (summary);
  g_assert_cmpstr (summary, ==, "Link 3 → 4 at 25 % makes the all-reduce 4.0× slower: "
                                "the step takes 1.08 s, 593 ms without the slow link");

  ring_model_set_value (model, RING_PARAM_SLOW_GPU, 5);
  ring_model_set_value (model, RING_PARAM_SLOW_GPU_FRACTION, 0.5);
  summary = ring_model_get_straggler_summary (model);
  g_assert_cmpstr (summary, ==, "Link 3 → 4 at 25 % makes the all-reduce 4.0× slower; "
                                "GPU 5 at 50 % compute adds 430 ms to every step: "
                                "the step takes 1.51 s, 593 ms without them");

  ring_model_set_value (model, RING_PARAM_SLOW_LINK_FRACTION, 1.0);
  g_assert_cmpstr (ring_model_get_straggler_summary (model), ==,
                   "GPU 5 at 50 % compute adds 430 ms to every step: "
                   "the step takes 1.02 s, 593 ms without the slow GPU");
}

/* The model: the new parameters notify and reach the results; an index beyond the last
 * GPU moves to the last GPU; the command line's form reads back. */
static void
test_model_parameters (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingParams params;
  g_autoptr(GError) error = NULL;
  const char *bad[] = { "3", "3:", ":0.5", "3:0", "3:2", "3:0.001", "-1:0.5", "x:0.5",
                        "2.5:0.5", "3:abc", "3:150%" };
  double before = ring_model_get_result (model)->sim_allreduce_time_s;

  ring_model_set_value (model, RING_PARAM_SLOW_LINK_FRACTION, 0.5);
  g_assert_cmpfloat (ring_model_get_result (model)->sim_allreduce_time_s, >, before);
  ring_model_set_value (model, RING_PARAM_SLOW_LINK, 7);
  ring_model_set_value (model, RING_PARAM_GPUS, 4);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_SLOW_LINK), ==, 3);

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, "3:25%", NULL));
  g_assert_cmpuint (params.slow_link, ==, 3);
  g_assert_cmpfloat (params.slow_link_fraction, ==, 0.25);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_GPU, "5:0.5", NULL));
  g_assert_cmpuint (params.slow_gpu, ==, 5);
  g_assert_cmpfloat (params.slow_gpu_fraction, ==, 0.5);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, "0:1%", NULL));
  g_assert_cmpfloat (params.slow_link_fraction, ==, 0.01);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_clear_error (&error);
      ring_params_init_default (&params);
      g_assert_false (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, bad[i],
                                                   &error));
      g_assert_nonnull (strstr (error->message, "--slow-link"));
      g_assert_cmpfloat (params.slow_link_fraction, ==, 1.0);
    }

  /* No link 8 among 8 GPUs. */
  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, "8:0.5", NULL));
  g_clear_error (&error);
  g_assert_false (ring_params_validate (&params, &error));
  g_assert_nonnull (strstr (error->message, "--slow-link"));

  /* Beyond the sizes it steps, nothing is simulated. */
  ring_model_set_value (model, RING_PARAM_GPUS, RING_SIMULATION_MAX_GPUS + 1);
  g_assert_true (isnan (ring_model_get_result (model)->sim_allreduce_time_s));
  g_assert_null (ring_model_get_simulation (model));
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  ring_test_add_per_algorithm ("/ring/simulation/uniform", test_uniform_is_closed_form);
  ring_test_add_per_algorithm ("/ring/simulation/fast", test_fast_is_walking);
  ring_test_add_per_algorithm ("/ring/simulation/slow-gpu", test_slow_gpu);
  g_test_add_func ("/ring/simulation/half-bandwidth-link", test_half_bandwidth_link);
  g_test_add_func ("/ring/simulation/summary", test_summary);
  g_test_add_func ("/ring/simulation/model-parameters", test_model_parameters);

  return g_test_run ();
}
