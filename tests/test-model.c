/* test-model.c: RingModel's properties, notifications and "changed" signal.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-cost.h"
#include "ring-model.h"

typedef struct
{
  guint changed;
  guint notify_gpus;
  guint notify_utilization;
  guint notify_compute_time;
  guint notify_total;
} Counts;

static void
changed_cb (RingModel *model,
            Counts    *counts)
{
  counts->changed++;
}

static void
notify_cb (RingModel  *model,
           GParamSpec *pspec,
           Counts     *counts)
{
  counts->notify_total++;
  if (g_str_equal (pspec->name, "gpus"))
    counts->notify_gpus++;
  else if (g_str_equal (pspec->name, "utilization"))
    counts->notify_utilization++;
  else if (g_str_equal (pspec->name, "compute-time"))
    counts->notify_compute_time++;
}

static RingModel *
model_with_counts (Counts *counts)
{
  RingModel *model = ring_model_new ();

  g_signal_connect (model, "changed", G_CALLBACK (changed_cb), counts);
  g_signal_connect (model, "notify", G_CALLBACK (notify_cb), counts);

  return model;
}

static void
test_defaults (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint gpus, gradient_bytes;
  double bandwidth, utilization, allreduce;
  RingAlgorithm algorithm;

  g_object_get (model,
                "gpus", &gpus,
                "gradient-bytes", &gradient_bytes,
                "bandwidth", &bandwidth,
                "algorithm", &algorithm,
                "utilization", &utilization,
                "allreduce-time", &allreduce,
                NULL);

  g_assert_cmpuint (gpus, ==, 8);
  g_assert_cmpuint (gradient_bytes, ==, 4);
  g_assert_cmpfloat (bandwidth, ==, 300);
  g_assert_cmpint (algorithm, ==, RING_ALGORITHM_AUTO);
  /* One node of 8: NCCL's ring with the Simple protocol for 28 GB. */
  g_assert_cmpint (ring_model_get_algorithm_used (model), ==, RING_ALGORITHM_RING);
  g_assert_cmpint (ring_model_get_protocol_used (model), ==, RING_PROTOCOL_SIMPLE);
  g_assert_cmpuint (ring_model_get_nodes (model), ==, 1);

  /* Gradients in PyTorch DDP's 25 MiB buckets, with nothing sharded. */
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BUCKET_SIZE), ==, 25 * 1048576.0);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_SHARDING), ==, RING_SHARDING_DDP);

  /* The seed's numbers, two clicks away: see test-cost.c for the derivation. */
  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  g_object_get (model, "utilization", &utilization, "allreduce-time", &allreduce, NULL);
  g_assert_cmpfloat_with_epsilon (utilization, 0.72467, 1e-5);
  g_assert_cmpfloat_with_epsilon (allreduce, 0.163403, 1e-6);
}

static void
test_notify_on_real_change (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);

  ring_model_set_value (model, RING_PARAM_GPUS, 16);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.notify_gpus, ==, 1);
  g_assert_cmpuint (counts.notify_utilization, ==, 1);
  /* Compute per GPU does not depend on N. */
  g_assert_cmpuint (counts.notify_compute_time, ==, 0);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 16);

  /* The same value again: nothing. */
  counts = (Counts) { 0 };
  ring_model_set_value (model, RING_PARAM_GPUS, 16);
  g_object_set (model, "gpus", 16, NULL);
  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_cmpuint (counts.notify_total, ==, 0);

  /* Through the property system, as a binding does. */
  g_object_set (model, "bandwidth", 150.0, NULL);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 150.0);
}

/* The result is a function of the parameters: setting the ones the model holds costs
 * nothing (the command line sets its parameters on a model made at the defaults, and
 * `--report` without options would otherwise cost the defaults twice), and a real change
 * costs one evaluation. */
static void
test_same_params_cost_nothing (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);
  RingParams params = *ring_model_get_params (model);
  RingResult before = *ring_model_get_result (model);
  guint evaluations = _ring_cost_count_evaluations ();

  g_assert_true (ring_model_set_params (model, &params));
  g_assert_cmpuint (_ring_cost_count_evaluations (), ==, evaluations);
  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_cmpuint (counts.notify_total, ==, 0);
  g_assert_cmpfloat (ring_model_get_result (model)->step_time_s, ==, before.step_time_s);
  g_assert_cmpfloat (ring_model_get_result (model)->utilization, ==, before.utilization);

  params.gpus = 64;
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_cmpuint (_ring_cost_count_evaluations (), >, evaluations);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 64);
  g_assert_cmpfloat (ring_model_get_result (model)->step_time_s, !=, before.step_time_s);

  /* And 64 GPUs again: nothing more. */
  evaluations = _ring_cost_count_evaluations ();
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_cmpuint (_ring_cost_count_evaluations (), ==, evaluations);
  g_assert_cmpuint (counts.changed, ==, 1);
}

static void
test_batch_change (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);
  RingParams params = *ring_model_get_params (model);

  params.gpus = 1024;
  params.bandwidth_gbps = 50;
  params.model_params = 70e9;
  params.gradient_bytes = 2;
  g_assert_true (ring_model_set_params (model, &params));

  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.notify_gpus, ==, 1);
  g_assert_cmpuint (counts.notify_utilization, ==, 1);
  g_assert_cmpuint (counts.notify_compute_time, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_MODEL_PARAMS), ==, 70e9);

  /* An invalid batch changes nothing. */
  counts = (Counts) { 0 };
  params.gradient_bytes = 3;
  g_assert_false (ring_model_set_params (model, &params));
  params.gradient_bytes = 2;
  params.overlap = NAN;
  g_assert_false (ring_model_set_params (model, &params));
  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GRADIENT_BYTES), ==, 2);

  /* Reset: one change back to the defaults. */
  ring_model_reset (model);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 8);
}

static void
test_clamped (void)
{
  g_autoptr(RingModel) model = ring_model_new ();

  ring_model_set_value (model, RING_PARAM_BANDWIDTH, 1e9);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 10000);
  ring_model_set_value (model, RING_PARAM_OVERLAP, -3);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_OVERLAP), ==, 0);
  ring_model_set_value (model, RING_PARAM_GPUS, 0);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 1);
  g_assert_cmpfloat (ring_model_get_utilization (model), ==, 1.0);
  ring_model_set_value (model, RING_PARAM_LATENCY, NAN);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_LATENCY), ==, 5);
  /* A stored 3 (no such precision) becomes fp32, never an invalid state. */
  g_object_set (model, "gradient-bytes", 3, NULL);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GRADIENT_BYTES), ==, 4);
  ring_model_set_value (model, RING_PARAM_GRADIENT_BYTES, 2);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GRADIENT_BYTES), ==, 2);
}

static void
test_derived_read_only (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  GParamSpec *pspec;
  const char *derived[] = {
    "gradient-buffer-bytes", "compute-time", "backward-time", "bytes-moved-per-gpu",
    "allreduce-time", "exposed-comm", "step-time", "utilization", "algbw", "busbw",
    "tokens-per-second", "comm-bound", "bandwidth-for-90pct", "nodes", "algorithm-used",
    "protocol-used", "channels", "collective",
  };

  for (guint i = 0; i < G_N_ELEMENTS (derived); i++)
    {
      pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (model), derived[i]);
      g_assert_nonnull (pspec);
      g_assert_false (pspec->flags & G_PARAM_WRITABLE);
    }

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (model), info->property);
      g_assert_nonnull (pspec);
      g_assert_true (pspec->flags & G_PARAM_WRITABLE);
      g_assert_true (pspec->flags & G_PARAM_EXPLICIT_NOTIFY);
    }
}

static void
test_comm_bound_notify (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);
  gboolean comm_bound;

  ring_model_set_value (model, RING_PARAM_BANDWIDTH, 10);
  g_object_get (model, "comm-bound", &comm_bound, NULL);
  /* 49e9 B at 10 GB/s is 4.9 s of communication against 0.43 s of compute. */
  g_assert_true (comm_bound);
}

/* Choosing a GPU is one change: its facts arrive with it. */
static void
test_gpu_one_change (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);
  RingGpuId gpu;

  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (counts.notify_compute_time, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 450);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (model, RING_PARAM_COMPUTE), 395.6, 1e-9);

  /* Through the property system, as a GSettings binding does, by the GEnum. */
  counts = (Counts) { 0 };
  g_object_set (model, "gpu", RING_GPU_GB200, NULL);
  g_object_get (model, "gpu", &gpu, NULL);
  g_assert_cmpint (gpu, ==, RING_GPU_GB200);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS_PER_NODE), ==, 4);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_NVLINK_DOMAIN), ==, 72);

  /* The same GPU again changes nothing, and keeps what was typed over its facts. */
  ring_model_set_value (model, RING_PARAM_COMPUTE, 777);
  counts = (Counts) { 0 };
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_GB200);
  g_assert_cmpuint (counts.changed, ==, 0);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_COMPUTE), ==, 777);
}

/* A fabric is one change too, with its latency. */
static void
test_fabric_one_change (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);

  g_object_set (model, "fabric", RING_FABRIC_TCP, NULL);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_NET_LATENCY), ==, 30);
}

static void
test_preset_one_change (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);

  ring_model_apply_preset (model, ring_preset_lookup ("dgx-h100"));
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_GPU), ==, RING_GPU_H100);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_NICS_PER_NODE), ==, 8);

  counts = (Counts) { 0 };
  ring_model_apply_preset (model, ring_preset_lookup ("llama3-405b"));
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_MODEL_PARAMS), ==, 405e9);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_GPU), ==, RING_GPU_H100);

  /* Again: nothing moves, nothing is said. */
  counts = (Counts) { 0 };
  ring_model_apply_preset (model, ring_preset_lookup ("llama3-405b"));
  g_assert_cmpuint (counts.changed, ==, 0);
}

/* The model never holds what cannot run: NVLS on an A100 falls back to auto, and nodes
 * without NICs get one, each in the change that caused it. */
static void
test_stays_runnable (void)
{
  Counts counts = { 0 };
  g_autoptr(RingModel) model = model_with_counts (&counts);

  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_NVLS);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_NVLS);
  g_assert_cmpint (ring_model_get_algorithm_used (model), ==, RING_ALGORITHM_NVLS);

  counts = (Counts) { 0 };
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_A100);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_AUTO);

  /* Asking for it on the A100 again: refused the same way. */
  ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_NVLS);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_AUTO);

  ring_model_set_value (model, RING_PARAM_NICS_PER_NODE, 0);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_NICS_PER_NODE), ==, 0);
  counts = (Counts) { 0 };
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  g_assert_cmpuint (counts.changed, ==, 1);
  g_assert_cmpuint (ring_model_get_nodes (model), ==, 8);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_NICS_PER_NODE), ==, 1);
}

/* Collective mode: a message size, and the model says so. */
static void
test_collective (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  gboolean collective;

  g_assert_false (ring_model_is_collective (model));
  ring_model_set_value (model, RING_PARAM_MESSAGE_SIZE, 1 << 20);
  g_object_get (model, "collective", &collective, NULL);
  g_assert_true (collective);
  g_assert_true (ring_model_get_result (model)->collective);
}

/* Any algorithm, any size, any GPU count on the model's hardware, for the charts. */
static void
test_cost_any_algorithm (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingAllreduceCost ring, flat;

  ring_model_apply_preset (model, ring_preset_lookup ("dgx-h100"));
  g_assert_true (ring_model_cost_allreduce (model, RING_ALGORITHM_RING, 64, 1e9, &ring));
  g_assert_true (ring_model_cost_allreduce (model, RING_ALGORITHM_FLAT_RING, 64, 1e9, &flat));
  g_assert_cmpfloat (ring.time_s, >, 0);
  g_assert_cmpfloat (flat.time_s, >, 0);
  /* NVLS needs one node: 64 GPUs are 8. */
  g_assert_false (ring_model_cost_allreduce (model, RING_ALGORITHM_NVLS, 64, 1e9, &ring));
  g_assert_true (ring_model_cost_allreduce (model, RING_ALGORITHM_NVLS, 8, 1e9, &ring));
}

static void
test_finalize (void)
{
  RingModel *model = ring_model_new ();

  ring_model_set_value (model, RING_PARAM_GPUS, 4);
  g_assert_finalize_object (model);
}

static void
count_notify (guint *count)
{
  (*count)++;
}

/* The step's parameters are properties like the others, and "fits" notifies when the
 * sharding makes Llama 3 8B fit on 64 H100s (test-step.c has the numbers). */
static void
test_step_properties (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint fits_changed = 0, changed = 0;
  double bucket, memory;
  RingSharding sharding;

  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  ring_model_apply_preset (model, ring_preset_lookup ("llama3-8b"));
  g_assert_false (ring_model_get_fits (model));

  g_signal_connect_swapped (model, "notify::fits", G_CALLBACK (count_notify), &fits_changed);
  g_signal_connect_swapped (model, "changed", G_CALLBACK (count_notify), &changed);
  g_object_set (model, "sharding", RING_SHARDING_FSDP, NULL);
  g_assert_cmpuint (fits_changed, ==, 1);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (ring_model_get_fits (model));
  g_object_get (model, "sharding", &sharding, "memory-per-gpu", &memory, NULL);
  g_assert_cmpint (sharding, ==, RING_SHARDING_FSDP);
  g_assert_cmpfloat_with_epsilon (memory, 21.753611008e9, 1e3);

  /* A bucket between one and the smallest becomes the smallest; 0 stays one bucket. */
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 1000);
  g_object_get (model, "bucket-size", &bucket, NULL);
  g_assert_cmpfloat (bucket, ==, 1048576);
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BUCKET_SIZE), ==, 0);

  /* The withdrawn overlap changes nothing but itself. */
  changed = 0;
  {
    double step_before, step_after;

    g_object_get (model, "step-time", &step_before, NULL);
    ring_model_set_value (model, RING_PARAM_OVERLAP, 0.5);
    g_object_get (model, "step-time", &step_after, NULL);
    g_assert_cmpfloat (step_before, ==, step_after);
  }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/model/defaults", test_defaults);
  g_test_add_func ("/ring/model/notify-on-real-change", test_notify_on_real_change);
  g_test_add_func ("/ring/model/batch-change", test_batch_change);
  g_test_add_func ("/ring/model/same-params-cost-nothing", test_same_params_cost_nothing);
  g_test_add_func ("/ring/model/clamped", test_clamped);
  g_test_add_func ("/ring/model/derived-read-only", test_derived_read_only);
  g_test_add_func ("/ring/model/comm-bound", test_comm_bound_notify);
  g_test_add_func ("/ring/model/gpu-one-change", test_gpu_one_change);
  g_test_add_func ("/ring/model/fabric-one-change", test_fabric_one_change);
  g_test_add_func ("/ring/model/preset-one-change", test_preset_one_change);
  g_test_add_func ("/ring/model/stays-runnable", test_stays_runnable);
  g_test_add_func ("/ring/model/collective", test_collective);
  g_test_add_func ("/ring/model/cost-any-algorithm", test_cost_any_algorithm);
  g_test_add_func ("/ring/model/finalize", test_finalize);
  g_test_add_func ("/ring/model/step-properties", test_step_properties);

  return g_test_run ();
}
