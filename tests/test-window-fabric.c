/* test-window-fabric.c: the fabric's rows in the window: the switches and another job on
 * them, typed into their fields, change our step time the window shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <string.h>

#include "ring-cost.h"
#include "ring-parameter-panel-private.h"
#include "ring-units.h"
#include "ring-window-private.h"

static const char *
fabric_line (RingWindow *window)
{
  return gtk_label_get_label (window->target_label);
}

/* 8 nodes of 8 H100s under leaves of 4 at 4:1, packed, ring: a leaf's uplinks carry one
 * node rate. Another job of 64 GPUs at 0 % leaves ours all of it; at 50 % the fair share,
 * half. The line under the cards names our step with it and alone, and the step grows. */
static void
test_other_job_rows (RingWindowFixture *fixture,
                     gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  RingResult idle, busy;
  g_autofree char *idle_step = NULL;
  g_autofree char *busy_step = NULL;
  g_autofree char *alone_step = NULL;

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_RING);
  ring_test_type (_ring_parameter_panel_get_spin (panel, "gpus"), "64");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "fabric-tiers"), "2");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "nodes-per-leaf"), "4");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "oversubscription"), "4:1");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "other-job-gpus"), "64");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "other-job-load"), "0");
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_FABRIC_TIERS), ==, 2);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_OVERSUBSCRIPTION), ==, 4);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_OTHER_JOB_GPUS), ==, 64);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_OTHER_JOB_LOAD), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (_ring_parameter_panel_get_spin (
                     panel, "oversubscription"))), ==, "4:1");
  iterate_for (50);
  ring_cost_evaluate (ring_model_get_params (window->model), &idle);
  g_assert_cmpfloat (idle.fabric_gbps, ==, idle.network_gbps);
  idle_step = ring_format_duration (idle.step_time_s);
  g_assert_nonnull (strstr (fabric_line (window), "Another job’s 64 GPUs at 0 % load"));
  g_assert_nonnull (strstr (fabric_line (window), idle_step));

  /* The load's slider, moved as a person drags it, to 50 %. */
  gtk_range_set_value (_ring_parameter_panel_get_scale (panel, "other-job-load"), 50);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_OTHER_JOB_LOAD), ==, 50);
  iterate_for (50);
  ring_cost_evaluate (ring_model_get_params (window->model), &busy);
  g_assert_cmpfloat (busy.fabric_gbps, ==, busy.network_gbps / 2);
  g_assert_cmpfloat (busy.step_time_s, >, idle.step_time_s);
  busy_step = ring_format_duration (busy.step_time_s);
  alone_step = ring_format_duration (busy.alone_step_time_s);
  g_assert_cmpstr (busy_step, !=, idle_step);
  g_assert_cmpstr (alone_step, ==, idle_step);
  g_assert_nonnull (strstr (fabric_line (window), "Another job’s 64 GPUs at 50 % load"));
  g_assert_nonnull (strstr (fabric_line (window), busy_step));
  g_assert_nonnull (strstr (fabric_line (window), "Spine uplinks bind at 4:1, the other job "
                                                  "taking 50 % of them"));

  /* No other job: the sentence goes. */
  ring_test_type (_ring_parameter_panel_get_spin (panel, "other-job-gpus"), "0");
  iterate_for (50);
  g_assert_null (strstr (fabric_line (window), "Another job"));
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window-fabric/other-job-rows", test_other_job_rows);

  return g_test_run ();
}
