/* test-scenario.c: pinned scenarios on RingModel: pin, limit, rename, unpin, compare,
 * restore, and the names that describe a configuration.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-model.h"

static void
count_cb (RingModel *model,
          guint     *changed)
{
  (*changed)++;
}

static void
test_pin_and_limit (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(GError) error = NULL;
  guint changed = 0;

  g_signal_connect (model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 0);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, -1);

  /* Pinned under the description of the current configuration, one change each. */
  g_assert_true (ring_model_pin_scenario (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpstr (ring_model_get_scenario (model, 0)->name, ==, "8 GPUs, fp32");
  g_assert_cmpuint (ring_model_get_scenario (model, 0)->params.gpus, ==, 8);

  /* A snapshot: changing the model leaves the pinned parameters as they were. */
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  g_assert_cmpuint (ring_model_get_scenario (model, 0)->params.gpus, ==, 8);
  changed = 0;

  g_assert_true (ring_model_pin_scenario (model, "  Sixty-four  ", &error));
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "Sixty-four");
  g_assert_true (ring_model_pin_scenario (model, "three", &error));
  g_assert_true (ring_model_pin_scenario (model, "four", &error));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, RING_MAX_SCENARIOS);

  /* A fifth is refused, with a message, and nothing changes. */
  g_assert_false (ring_model_pin_scenario (model, "five", &error));
  g_assert_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FULL);
  g_assert_nonnull (strstr (error->message, "4"));
  g_assert_cmpuint (changed, ==, 3);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 4);
  g_clear_error (&error);

  /* An empty name is refused too. */
  ring_model_unpin_scenario (model, 3);
  g_assert_false (ring_model_pin_scenario (model, "   ", &error));
  g_assert_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_INVALID);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 3);

  g_assert_finalize_object (g_steal_pointer (&model));
}

static void
test_add_invalid (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(RingScenario) scenario = NULL;
  RingParams params;

  ring_params_init_default (&params);
  params.gpus = 0;
  scenario = ring_scenario_new ("none", &params);
  g_assert_false (ring_model_add_scenario (model, scenario, &error));
  g_assert_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_INVALID);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 0);
}

static void
test_rename_unpin_compare (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint changed = 0;

  g_assert_true (ring_model_pin_scenario (model, "a", NULL));
  g_assert_true (ring_model_pin_scenario (model, "b", NULL));
  g_assert_true (ring_model_pin_scenario (model, "c", NULL));
  g_signal_connect (model, "changed", G_CALLBACK (count_cb), &changed);

  g_assert_true (ring_model_rename_scenario (model, 1, "B, renamed"));
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "B, renamed");
  g_assert_cmpuint (changed, ==, 1);
  /* The same name changes nothing; only spaces are refused. */
  g_assert_true (ring_model_rename_scenario (model, 1, "B, renamed"));
  g_assert_false (ring_model_rename_scenario (model, 1, " \t"));
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "B, renamed");
  g_assert_cmpuint (changed, ==, 1);

  ring_model_set_compare_with (model, 2);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, 2);
  g_assert_cmpuint (changed, ==, 2);
  ring_model_set_compare_with (model, 2);
  g_assert_cmpuint (changed, ==, 2);

  /* Removing one before the compared one keeps comparing with the same scenario. */
  ring_model_unpin_scenario (model, 0);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, 1);
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "c");
  g_assert_cmpuint (changed, ==, 3);
  /* Removing the compared one ends the comparison. */
  ring_model_unpin_scenario (model, 1);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, -1);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 1);

  ring_model_clear_scenarios (model);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 0);
  g_assert_cmpuint (changed, ==, 5);
  ring_model_clear_scenarios (model);
  g_assert_cmpuint (changed, ==, 5);
}

static void
test_restore (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint changed = 0;

  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  g_assert_true (ring_model_pin_scenario (model, NULL, NULL));
  ring_model_reset (model);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 8);

  g_signal_connect (model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (ring_model_restore_scenario (model, 0));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 64);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_GPU), ==, RING_GPU_H100);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 1);
}

static void
test_describe (void)
{
  RingParams params;
  g_autofree char *defaults = NULL;
  g_autofree char *dgx = NULL;
  g_autofree char *nics = NULL;
  g_autofree char *pcie = NULL;
  g_autofree char *collective = NULL;
  g_autofree char *typed = NULL;

  ring_params_init_default (&params);
  defaults = ring_params_describe (&params);
  g_assert_cmpstr (defaults, ==, "8 GPUs, fp32");

  /* The example of issue 10: the network is named only past one node. */
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.gpus = 64;
  params.gradient_bytes = 2;
  dgx = ring_params_describe (&params);
  g_assert_cmpstr (dgx, ==, "64 × H100, 400 Gb/s NDR, bf16");

  params.nics_per_node = 4;
  params.nic_speed_gbit = 200;
  ring_params_apply_fabric (&params, RING_FABRIC_ROCE);
  params.gradient_bytes = 1;
  nics = ring_params_describe (&params);
  g_assert_cmpstr (nics, ==, "64 × H100, 4 × 200 Gb/s RoCE, fp8");

  /* Issue 21, item 14: a typed rate as people write it, not a raw %g. */
  params.nic_speed_gbit = 395.61234;
  typed = ring_params_describe (&params);
  g_assert_cmpstr (typed, ==, "64 × H100, 4 × 395.6 Gb/s RoCE, fp8");

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_A100_PCIE);
  params.sharding = RING_SHARDING_FSDP;
  pcie = ring_params_describe (&params);
  g_assert_cmpstr (pcie, ==, "8 × A100 PCIe, fp32, FSDP");

  ring_params_init_default (&params);
  params.message_bytes = 1048576;
  collective = ring_params_describe (&params);
  g_assert_cmpstr (collective, ==, "8 GPUs, fp32, 1 MiB");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/scenario/pin-and-limit", test_pin_and_limit);
  g_test_add_func ("/ring/scenario/add-invalid", test_add_invalid);
  g_test_add_func ("/ring/scenario/rename-unpin-compare", test_rename_unpin_compare);
  g_test_add_func ("/ring/scenario/restore", test_restore);
  g_test_add_func ("/ring/scenario/describe", test_describe);

  return g_test_run ();
}
