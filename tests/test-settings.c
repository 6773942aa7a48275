/* test-settings.c: settings survive a restart; corrupt stored values do no harm.
 *
 * Each case runs in a subprocess with its own keyfile backend, as separate launches of the
 * application would.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ring-application.h"
#include "ring-gpu.h"
#include "ring-measurement.h"
#include "ring-parameter-panel-private.h"
#include "ring-window-private.h"

static char *config_dir;

/* The logs of the first launch: the first is kept, the second is gone by the second. */
static const char * const log_names[] = { "kept & sound.log", "gone.log" };

static char *
keyfile_path (void)
{
  return g_build_filename (config_dir, "glib-2.0", "settings", "keyfile", NULL);
}

/* In the subprocess: the parent has checked that the display opens. */
static void
init_ui (void)
{
  g_assert_true (ring_test_init_display ());
}

/* Opens the window and waits until its remembered logs are read (off the main thread). */
static RingWindow *
open_window (void)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);

  gtk_window_present (GTK_WINDOW (window));
  ring_test_wait_for_imports (window);

  return window;
}

/* As a person closes it; the window and its model are gone after, and what the window
 * saved is on disk. */
static void
close_window (RingWindow *window)
{
  ring_test_close_window (GTK_WINDOW (window), window->model);
  g_settings_sync ();
}

/* First launch: change things and close. */
static void
first_launch (void)
{
  RingWindow *window;

  init_ui ();
  window = open_window ();
  /* Issue 9's parameters, the GPU first: its facts, then what overrides them. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_GPUS_PER_NODE, 4);
  ring_model_set_value (window->model, RING_PARAM_NICS_PER_NODE, 2);
  ring_model_set_value (window->model, RING_PARAM_NIC_SPEED, 100);
  ring_model_set_value (window->model, RING_PARAM_FABRIC, RING_FABRIC_ROCE);
  ring_model_set_value (window->model, RING_PARAM_NET_LATENCY, 12);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_TREE);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 512);
  ring_model_set_value (window->model, RING_PARAM_BANDWIDTH, 50);
  ring_model_set_value (window->model, RING_PARAM_GRADIENT_BYTES, 2);
  /* The fabric's rows (issue 23): leaves at 4:1 and another job on them. */
  ring_model_set_value (window->model, RING_PARAM_FABRIC_TIERS, 2);
  ring_model_set_value (window->model, RING_PARAM_OVERSUBSCRIPTION, 4);
  ring_model_set_value (window->model, RING_PARAM_OTHER_JOB_GPUS, 64);
  ring_model_set_value (window->model, RING_PARAM_OTHER_JOB_LOAD, 30);
  g_object_set (window->animation, "speed", 4.0, NULL);
  g_object_set (window->chart_view, "visible-kind", "utilization-map", NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  /* A pinned scenario and the comparison with it (issue 10). */
  g_assert_true (ring_model_pin_scenario (window->model, "Kept × 512", NULL));
  ring_model_set_compare_with (window->model, 0);
  /* Two nccl-tests logs; the parent removes the second before the next launch. */
  for (guint i = 0; i < G_N_ELEMENTS (log_names); i++)
    {
      g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                       "h100-1node.log", NULL);
      g_autofree char *path = g_build_filename (config_dir, log_names[i], NULL);
      g_autofree char *contents = NULL;
      g_autoptr(GError) error = NULL;

      g_assert_true (g_file_get_contents (source, &contents, NULL, NULL));
      g_assert_true (g_file_set_contents (path, contents, -1, NULL));
      g_assert_true (ring_model_import_measurement (window->model, path, &error));
      g_assert_no_error (error);
    }
  close_window (window);
}

/* Second launch: everything is back. */
static void
second_launch (void)
{
  RingWindow *window;
  RingParameterPanel *panel;
  GtkSpinButton *size;
  double speed;
  int width, height;
  g_autofree char *chart = NULL;

  init_ui ();
  window = open_window ();
  panel = RING_PARAMETER_PANEL (window->parameter_panel);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 512);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_BANDWIDTH), ==, 50);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GRADIENT_BYTES), ==, 2);
  /* The GPU and its facts, with the values stored after them winning: the bandwidth
   * stays 50 GB/s, the compute is the H100's. */
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_GPU), ==, RING_GPU_H100);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_COMPUTE), 395.6, 1e-9);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS_PER_NODE), ==, 4);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_NICS_PER_NODE), ==, 2);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_NIC_SPEED), ==, 100);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_FABRIC), ==, RING_FABRIC_ROCE);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_NET_LATENCY), ==, 12);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_TREE);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_FABRIC_TIERS), ==, 2);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_OVERSUBSCRIPTION), ==, 4);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_OTHER_JOB_GPUS), ==, 64);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_OTHER_JOB_LOAD), ==, 30);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (_ring_parameter_panel_get_spin (
                     panel, "other-job-gpus"))), ==, "64");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (_ring_parameter_panel_get_spin (
                     panel, "other-job-load"))), ==, "30 %");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (_ring_parameter_panel_get_spin (
                     panel, "oversubscription"))), ==, "4:1");
  /* The question too: a single collective of 1 MiB, shown as such. */
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 1048576);
  g_assert_true (gtk_toggle_button_get_active (_ring_parameter_panel_get_mode_button (panel,
                                                                                     TRUE)));
  size = _ring_parameter_panel_get_spin (panel, "message-size");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size)), ==, "1 MiB");
  g_object_get (window->animation, "speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 4.0);
  g_object_get (window->chart_view, "visible-kind", &chart, NULL);
  g_assert_cmpstr (chart, ==, "utilization-map");
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1200);
  g_assert_cmpint (height, ==, 760);
  g_assert_cmpuint (ring_model_get_n_scenarios (window->model), ==, 1);
  g_assert_cmpstr (ring_model_get_scenario (window->model, 0)->name, ==, "Kept × 512");
  g_assert_cmpuint (ring_model_get_scenario (window->model, 0)->params.gpus, ==, 512);
  g_assert_cmpfloat (ring_model_get_scenario (window->model, 0)->params.message_bytes, ==,
                     1048576);
  g_assert_cmpint (ring_model_get_compare_with (window->model), ==, 0);
  /* The log still there is read again, the other left out, and the key says so. */
  {
    GPtrArray *measurements = ring_model_get_measurements (window->model);
    g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
    g_auto(GStrv) stored = g_settings_get_strv (settings, "nccl-logs");
    g_autofree char *kept = g_build_filename (config_dir, log_names[0], NULL);
    g_autofree char *kept_uri = g_filename_to_uri (kept, NULL, NULL);

    g_assert_cmpuint (measurements->len, ==, 1);
    g_assert_cmpstr (((RingMeasurement *) g_ptr_array_index (measurements, 0))->name, ==,
                     log_names[0]);
    g_assert_cmpuint (g_strv_length (stored), ==, 1);
    g_assert_cmpstr (stored[0], ==, kept_uri);
  }
  close_window (window);
}

static void
test_survive_restart (void)
{
  if (g_test_subprocess ())
    {
      if (g_strcmp0 (g_getenv ("RING_TEST_LAUNCH"), "second") == 0)
        second_launch ();
      else
        first_launch ();
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();

  {
    g_autofree char *gone = g_build_filename (config_dir, log_names[1], NULL);

    g_assert_cmpint (g_remove (gone), ==, 0);
  }
  g_setenv ("RING_TEST_LAUNCH", "second", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_unsetenv ("RING_TEST_LAUNCH");
  g_test_trap_assert_passed ();
}

/* Replaces the stored settings with @lines under the application's group, as a hand
 * edit or a damaged disk would leave them. */
static void
write_keyfile (const char *lines)
{
  g_autofree char *path = keyfile_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree char *group = NULL;
  g_autofree char *contents = NULL;

  /* The keyfile backend's group is the schema's path without its outer slashes
   * (…/RingAllReduce/ or …/RingAllReduce/Devel/ in a development build). */
  schema = g_settings_schema_source_lookup (g_settings_schema_source_get_default (),
                                            APPLICATION_ID, TRUE);
  g_assert_nonnull (schema);
  group = g_strndup (g_settings_schema_get_path (schema) + 1,
                     strlen (g_settings_schema_get_path (schema)) - 2);
  contents = g_strdup_printf ("[%s]\n%s", group, lines);

  g_mkdir_with_parents (dir, 0700);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

/* A keyfile edited by hand or by an older version: values out of range, of the wrong type,
 * or not parseable at all. The window opens with the model inside its ranges. */
static void
test_corrupt_values (void)
{
  if (g_test_subprocess ())
    {
      RingWindow *window;
      const RingParams *params;
      g_autoptr(GError) error = NULL;

      init_ui ();
      window = open_window ();
      params = ring_model_get_params (window->model);
      g_assert_true (ring_params_validate (params, &error));
      g_assert_no_error (error);
      /* GSettings falls back to the schema's default for a value out of its range, of
       * the wrong type or not parseable; the model turns the impossible 3 bytes (inside
       * the schema's 1 … 4) into fp32. */
      /* The one sound value is read, so the file really was. */
      g_assert_cmpfloat (params->tokens_per_gpu, ==, 8192);
      g_assert_cmpuint (params->gpus, ==, 8);
      g_assert_cmpfloat (params->bandwidth_gbps, ==, 300);
      g_assert_cmpfloat (params->overlap, ==, 0);
      g_assert_cmpfloat (params->latency_us, ==, 5);
      g_assert_cmpuint (params->gradient_bytes, ==, 4);
      g_assert_cmpint (params->algorithm, ==, RING_ALGORITHM_AUTO);
      g_assert_cmpint (params->gpu, ==, RING_GPU_CUSTOM);
      g_assert_cmpuint (params->gpus_per_node, ==, 8);
      g_assert_cmpuint (params->nics_per_node, ==, 8);
      g_assert_cmpfloat (params->nic_speed_gbit, ==, 400);
      g_assert_cmpint (params->fabric, ==, RING_FABRIC_INFINIBAND);
      g_assert_cmpfloat (params->net_latency_us, ==, 1);
      g_assert_cmpfloat (params->message_bytes, ==, 0);
      close_window (window);
      return;
    }

  write_keyfile ("gpus=uint32 0\n"
                 "bandwidth='fast'\n"
                 "overlap=7.5\n"
                 "gradient-bytes=uint32 3\n"
                 "latency=not a variant at all\n"
                 "algorithm='butterfly'\n"
                 "animation-speed=-1.0\n"
                 "window-width='wide'\n"
                 "gpu='h300'\n"
                 "gpus-per-node=uint32 0\n"
                 "nics-per-node=uint32 65\n"
                 "nic-speed=-400.0\n"
                 "fabric='myrinet'\n"
                 "net-latency='slow'\n"
                 "message-size=-1.0\n"
                 "tokens-per-gpu=8192.0\n");

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Settings stored before a key the GPU sets existed (pcie-gen): the stored GPU gives it,
 * as choosing that GPU would, not the schema's default (Gen4); what is stored stays. */
static void
test_gpu_fact_not_stored (void)
{
  if (g_test_subprocess ())
    {
      RingWindow *window;
      const RingParams *params;

      init_ui ();
      window = open_window ();
      params = ring_model_get_params (window->model);
      g_assert_cmpint (params->gpu, ==, RING_GPU_H100);
      g_assert_cmpuint (ring_gpu_info (RING_GPU_H100)->pcie_generation, ==, 5);
      g_assert_cmpuint (params->pcie_generation, ==, 5);
      /* Stored by hand after the GPU, so kept; the rest as the GPU sets them. */
      g_assert_cmpuint (params->gpus_per_node, ==, 4);
      g_assert_cmpfloat (params->bandwidth_gbps, ==, ring_gpu_info (RING_GPU_H100)->intra_gbps);
      g_assert_cmpuint (params->gpus, ==, 64);
      close_window (window);
      return;
    }

  write_keyfile ("gpu='h100'\n"
                 "gpus-per-node=uint32 4\n"
                 "gpus=uint32 64\n");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Text that is not UTF-8 in a stored string (issue 8, defect 7). GLib 2.74's keyfile
 * backend, the one a Flatpak sandbox uses, hands it to g_variant_parse(), which raises a
 * critical instead of an error: the window resets such a value before reading it, and the
 * schema's default shows. */
static void
test_invalid_utf8 (void)
{
  if (g_test_subprocess ())
    {
      RingWindow *window;
      g_autofree char *visible = NULL, *second = NULL;

      init_ui ();
      window = open_window ();
      g_object_get (window->chart_view, "visible-kind", &visible, "second-kind", &second,
                    NULL);
      g_assert_cmpstr (visible, ==, "utilization-vs-gpus");
      g_assert_cmpstr (second, ==, "step-time-vs-gpus");
      g_assert_cmpint (ring_model_get_params (window->model)->algorithm, ==,
                       ring_param_info (RING_PARAM_ALGORITHM)->default_value);
      /* The sound value beside them is read, so the file really was. */
      g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 512);
      close_window (window);
      return;
    }

  /* Raw bytes that are not UTF-8, and escapes that name no character (a lone surrogate,
   * a number past U+10FFFF), which GLib 2.74 writes out as such bytes. */
  write_keyfile ("visible-chart='utilization\xff-map'\n"
                 "second-chart='step-time\\udc00'\n"
                 "algorithm='r\\U00110000ing'\n"
                 "gpus=uint32 512\n");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* Pinned scenarios stored as text that is no scenario file (hand-edited, cut off, or a
 * newer version's): the window pins none, says so in one warning, and forgets the text;
 * a comparison stored beside them goes too. */
static const char *corrupt_scenarios[] = {
  "scenarios='not json at all'\ncompare-scenario=1\n",
  "scenarios='[{\"format\": \"ring-allreduce-scenario\", \"version\": 1'\n",
  "scenarios='{\"format\": \"ring-allreduce-scenario\", \"version\": 9, \"name\": \"x\", "
  "\"parameters\": {}}'\n",
  "scenarios='{\"format\": \"ring-allreduce-scenario\", \"version\": 1, \"name\": \"x\", "
  "\"parameters\": {\"gpus\": 0}}'\n",
};

static void
test_corrupt_scenarios (gconstpointer data)
{
  g_autofree char *lines = NULL;

  if (g_test_subprocess ())
    {
      RingWindow *window;
      g_autofree char *stored = NULL;

      init_ui ();
      g_test_expect_message ("ring-ui", G_LOG_LEVEL_WARNING,
                             "The stored pinned scenarios cannot be read*");
      window = open_window ();
      g_test_assert_expected_messages ();
      g_assert_cmpuint (ring_model_get_n_scenarios (window->model), ==, 0);
      g_assert_cmpint (ring_model_get_compare_with (window->model), ==, -1);
      g_assert_true (gtk_widget_get_visible (window->scenarios_empty_label));
      stored = g_settings_get_string (window->settings, "scenarios");
      g_assert_cmpstr (stored, ==, "");
      /* The sound value beside it is read, so the file really was. */
      g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 32);
      close_window (window);
      return;
    }

  lines = g_strconcat (data, "gpus=uint32 32\n", NULL);
  write_keyfile (lines);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

/* NaN (and infinities) stored for a number fall back to the schema's default, silently,
 * like any other value GSettings cannot use (issue 8, defect 7). */
static void
test_not_a_number (void)
{
  if (g_test_subprocess ())
    {
      RingWindow *window;
      const RingParams *params;
      double speed;

      init_ui ();
      window = open_window ();
      params = ring_model_get_params (window->model);
      g_assert_cmpfloat (params->model_params, ==, 7e9);
      g_assert_cmpfloat (params->bandwidth_gbps, ==, 300);
      g_assert_cmpfloat (params->compute_tflops, ==, 400);
      g_assert_cmpfloat (params->tokens_per_gpu, ==, 4096);
      g_assert_cmpfloat (params->latency_us, ==, 5);
      g_assert_cmpfloat (params->overlap, ==, 0);
      g_object_get (window->animation, "speed", &speed, NULL);
      g_assert_cmpfloat (speed, ==, 1.0);
      g_assert_cmpfloat (params->nic_speed_gbit, ==, 400);
      g_assert_cmpfloat (params->net_latency_us, ==, 1);
      g_assert_cmpfloat (params->message_bytes, ==, 0);
      g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 512);
      close_window (window);
      return;
    }

  write_keyfile ("model-params=nan\n"
                 "bandwidth=nan\n"
                 "compute=-nan\n"
                 "tokens-per-gpu=nan\n"
                 "latency=nan\n"
                 "overlap=nan\n"
                 "animation-speed=nan\n"
                 "nic-speed=nan\n"
                 "net-latency=inf\n"
                 "message-size=nan\n"
                 "gpus=uint32 512\n");
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

typedef struct
{
  const char *stored;
  double      speed;
  const char *shown;
} SpeedCase;

/* A stored speed between the menu's choices (a hand edit, another version) plays and shows
 * as the nearest choice on the menu's doubling scale, so the menu never names a speed the
 * animation does not play (issue 8, defect 7: 3.0 used to show "4×" and play 3×). */
static const SpeedCase speed_cases[] = {
  { "3.0", 4.0, "4×" },
  { "0.3", 0.25, "0.25×" },
  { "1.2", 1.0, "1×" },
  { "6.5", 8.0, "8×" },
  { "2.0", 2.0, "2×" },
};

static void
test_speed_between_choices (gconstpointer data)
{
  const SpeedCase *speed_case = data;
  g_autofree char *line = NULL;

  if (g_test_subprocess ())
    {
      RingWindow *window;
      GtkStringObject *shown;
      double speed;

      init_ui ();
      window = open_window ();
      g_object_get (window->animation, "speed", &speed, NULL);
      g_assert_cmpfloat (speed, ==, speed_case->speed);
      shown = gtk_drop_down_get_selected_item (window->speed_dropdown);
      g_assert_cmpstr (gtk_string_object_get_string (shown), ==, speed_case->shown);
      close_window (window);
      return;
    }

  line = g_strdup_printf ("animation-speed=%s\n", speed_case->stored);
  write_keyfile (line);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static RingWindow *launched_window;
static RingModel *launched_model;

static void
check_and_quit_cb (GtkApplication *app)
{
  RingWindow *window = RING_WINDOW (gtk_application_get_active_window (app));
  RingModel *model = ring_window_get_model (window);

  launched_window = window;
  launched_model = model;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &launched_window);
  g_object_add_weak_pointer (G_OBJECT (model), (gpointer *) &launched_model);

  /* The option given, and every stored value the options did not mention. */
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_GPUS), ==, 64);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 50);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_MODEL_PARAMS), ==, 70e9);
  /* The log given replaces the last session's. */
  g_assert_cmpuint (ring_model_get_measurements (model)->len, ==, 1);
  g_assert_cmpstr (((RingMeasurement *) g_ptr_array_index (ring_model_get_measurements (model),
                                                           0))->name, ==, "h100-1node.log");

  /* As Ctrl+Q does: each window closes, and the application ends with the last. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
}

static void
window_added_cb (GtkApplication *app)
{
  g_idle_add_once ((GSourceOnceFunc) check_and_quit_cb, app);
}

/* 100 000 stored logs (issue 27: a toast 350 437 px wide, saved): the first four that
 * read are loaded, nothing past them is read, the toast names three and counts the rest,
 * and the key is written back with the four. */
static void
test_many_stored_logs (void)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GPtrArray) uris = g_ptr_array_new_with_free_func (g_free);
  const char *names[] = { "h100-1node.log", "a100-2node-info.log", "h100-crlf.log",
                          "h100-ansi.log", "inplace-missing.log" };
  g_auto(GStrv) stored = NULL;
  g_autofree char *message = NULL;
  const char *few[] = { "a.log", "b.log", NULL };
  RingWindow *window;

  for (guint i = 0; i < 100000; i++)
    g_ptr_array_add (uris, g_strdup_printf ("file:///nonexistent/ring-test/%06u.log", i));
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                     names[i], NULL);

      g_ptr_array_insert (uris, 1 + 2 * i, g_filename_to_uri (path, NULL, NULL));
    }
  g_ptr_array_add (uris, NULL);

  init_ui ();
  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_strv (settings, "nccl-logs", (const char * const *) uris->pdata);
  window = open_window ();
  g_assert_cmpuint (ring_model_get_measurements (window->model)->len, ==, 4);
  stored = g_settings_get_strv (settings, "nccl-logs");
  g_assert_cmpuint (g_strv_length (stored), ==, 4);
  close_window (window);
  g_settings_reset (settings, "nccl-logs");

  message = _ring_window_import_left_out_message ((const char * const *) uris->pdata,
                                                  100001, NULL);
  g_test_message ("%s", message);
  g_assert_cmpuint (strlen (message), <, 300);
  g_assert_nonnull (strstr (message, "100001 logs imported before were left out: "));
  g_assert_nonnull (strstr (message, "and 99998 more"));
  g_clear_pointer (&message, g_free);
  message = _ring_window_import_left_out_message (few, 2, NULL);
  g_assert_cmpstr (message, ==, "2 logs imported before were left out: a.log, b.log");
}

/* `ring-allreduce --gpus 64 --import-nccl LOG` opens the window with 64 GPUs, the log
 * given (not the last session's), and everything else as it was left: an option changes
 * what it names and nothing more. */
static void
test_command_line_keeps_settings (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(RingApplication) app = NULL;
      g_autoptr(GSettings) settings = NULL;
      g_autofree char *remembered = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                           "h100-2node-gj-aion.log", NULL);
      g_autofree char *given = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                      "h100-1node.log", NULL);
      g_autofree char *remembered_uri = g_filename_to_uri (remembered, NULL, NULL);
      const char *stored_logs[] = { remembered_uri, NULL };
      char *args[] = { (char *) "ring-allreduce", (char *) "--gpus", (char *) "64",
                       (char *) "--import-nccl", given, NULL };

      settings = g_settings_new (APPLICATION_ID);
      g_settings_set_double (settings, "bandwidth", 50);
      g_settings_set_double (settings, "model-params", 70e9);
      g_settings_set_strv (settings, "nccl-logs", stored_logs);
      g_settings_sync ();

      app = ring_application_new ();
      g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);
      g_assert_cmpint (g_application_run (G_APPLICATION (app), G_N_ELEMENTS (args) - 1, args),
                       ==, 0);
      g_clear_object (&app);

      /* The window and its model are gone with the application. */
      while (g_main_context_pending (NULL))
        g_main_context_iteration (NULL, FALSE);
      g_assert_null (launched_window);
      g_assert_null (launched_model);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *base = NULL;
  int status;

  /* Before anything reads the user's folders: subprocesses inherit the parent's scratch
   * folder and the keyfile backend through the environment. */
  if (g_getenv ("RING_TEST_CONFIG_DIR") == NULL)
    {
      base = g_dir_make_tmp ("ring-settings-XXXXXX", NULL);
      g_setenv ("RING_TEST_CONFIG_DIR", base, TRUE);
      g_setenv ("XDG_CONFIG_HOME", base, TRUE);
      g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
    }
  config_dir = g_strdup (g_getenv ("RING_TEST_CONFIG_DIR"));

  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  g_test_add_func ("/ring/settings/survive-restart", test_survive_restart);
  g_test_add_func ("/ring/settings/corrupt-values", test_corrupt_values);
  g_test_add_func ("/ring/settings/invalid-utf8", test_invalid_utf8);
  g_test_add_func ("/ring/settings/gpu-fact-not-stored", test_gpu_fact_not_stored);
  g_test_add_func ("/ring/settings/not-a-number", test_not_a_number);
  g_test_add_func ("/ring/settings/many-stored-logs", test_many_stored_logs);
  for (guint i = 0; i < G_N_ELEMENTS (corrupt_scenarios); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ring/settings/corrupt-scenarios/%u", i);

      g_test_add_data_func (path, corrupt_scenarios[i], test_corrupt_scenarios);
    }
  for (guint i = 0; i < G_N_ELEMENTS (speed_cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ring/settings/speed-between-choices/%s",
                                               speed_cases[i].stored);

      g_test_add_data_func (path, &speed_cases[i], test_speed_between_choices);
    }
  g_test_add_func ("/ring/settings/command-line-keeps-settings",
                   test_command_line_keeps_settings);

  status = g_test_run ();

  if (base != NULL)
    {
      g_autofree char *path = keyfile_path ();
      g_autofree char *settings_dir = g_path_get_dirname (path);
      g_autofree char *glib_dir = g_path_get_dirname (settings_dir);

      g_remove (path);
      g_rmdir (settings_dir);
      g_rmdir (glib_dir);
      g_rmdir (base);
    }
  g_free (config_dir);

  return status;
}
