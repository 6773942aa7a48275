/* test-window-import.c: nccl-tests logs into the window: the file the import dialog or a
 * drop hands over reaches the model, the panel and the message-size chart; a bad file
 * changes nothing; "Use Fitted Values" and removing a log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ring-chart-private.h"
#include "ring-measurement-group.h"
#include "ring-measurement.h"
#include "ring-window-private.h"

#define LOG_NAME "h100-2node-gj-aion.log"

static void
set_up (RingWindowFixture *fixture,
        gconstpointer      user_data)
{
  ring_window_fixture_open (fixture);
  ring_model_reset (fixture->model);
  ring_model_set_value (fixture->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 16);
  ring_chart_view_set_visible_kind (RING_CHART_VIEW (fixture->window->chart_view),
                                    RING_CHART_UTILIZATION_VS_GPUS);
  ring_chart_view_set_second_kind (RING_CHART_VIEW (fixture->window->chart_view),
                                   RING_CHART_STEP_TIME_VS_GPUS);
  ring_test_wait_for_rows (fixture->window);
}

#define add_import_test(path, test) \
  g_test_add ((path), RingWindowFixture, NULL, set_up, (test), ring_window_fixture_tear_down)

static GFile *
log_file (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", name, NULL);

  return g_file_new_for_path (path);
}


/* Imports @file as a drop does, and waits until it is read. */
static gboolean
import_and_wait (RingWindow *window,
                 GFile      *file)
{
  gboolean queued = _ring_window_import_file (window, file);

  ring_test_wait_for_imports (window);

  return queued;
}

static gboolean
is_measurement_group (GtkWidget     *widget,
                      gconstpointer  data)
{
  return RING_IS_MEASUREMENT_GROUP (widget);
}

static RingMeasurementGroup *
measurement_group (RingWindow *window)
{
  GtkWidget *group = ring_test_find_widget (window->parameter_panel, is_measurement_group,
                                            NULL);

  g_assert_nonnull (group);
  return RING_MEASUREMENT_GROUP (group);
}

/* The chart's readout at 1 MiB lists the log's measured time there. */
static double
read_measured_at_1mib (RingChart *chart)
{
  RingChartProbe *probe = _ring_chart_get_probe (chart);
  guint n = ring_chart_probe_get_n_points (probe);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(RingChartReadout) readout = ring_chart_probe_read_point (probe, i);

      if (readout->x != 1048576)
        continue;
      for (guint v = 0; v < readout->values->len; v++)
        {
          RingChartReadoutValue *value = &g_array_index (readout->values,
                                                         RingChartReadoutValue, v);

          if (g_str_equal (value->label, LOG_NAME " measured"))
            return value->value;
        }
    }

  return NAN;
}

/* A good log: one "changed", the log in the model and in the panel, the message-size
 * chart brought on screen with the log's rows on it; no parameter moved. */
static void
test_import_file (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChartView *view = RING_CHART_VIEW (window->chart_view);
  RingChart *chart = _ring_chart_view_get_chart (view, 0);
  RingMeasurementGroup *group = measurement_group (window);
  g_autoptr(GFile) file = log_file (LOG_NAME);
  RingParams before = *ring_model_get_params (fixture->model);
  ChartProbeWait wait = { chart, _ring_chart_get_render_count (chart) };
  guint changed = 0;

  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (group)));
  g_signal_connect_swapped (fixture->model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (import_and_wait (window, file));
  g_signal_handlers_disconnect_by_func (fixture->model, count_cb, &changed);

  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);
  g_assert_true (memcmp (&before, ring_model_get_params (fixture->model), sizeof before) == 0);

  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (group)));
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (_ring_measurement_group_get_row (group, 0))),
                   ==, LOG_NAME);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (_ring_measurement_group_get_row (group,
                                                                                         0)),
                            "16\u00a0ranks"));
  /* Under the figures, the published log against the published runs of its kind. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (_ring_measurement_group_get_row (group,
                                                                                         0)),
                            "\nYour 2 × 8 NVIDIA H100 SXM5 at 8 GiB: 466.7 GB/s busbw; "));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (_ring_measurement_group_get_row (group,
                                                                                         0)),
                            "— within the published range"));

  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==,
                   RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE);
  g_assert_true (iterate_until_s (chart_probed_since, &wait, 2));
  g_assert_cmpfloat (read_measured_at_1mib (chart), ==, 93.25);
}

/* A file the parser refuses, and one that is not there: nothing changes, not even the
 * chart shown. */
static void
test_import_bad_file (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChartView *view = RING_CHART_VIEW (window->chart_view);
  const char *names[] = { "reduce.log", "all-gather.log", "no-such.log" };
  RingParams before = *ring_model_get_params (fixture->model);
  guint changed = 0;

  g_signal_connect_swapped (fixture->model, "changed", G_CALLBACK (count_cb), &changed);
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr(GFile) file = log_file (names[i]);

      /* A file that is not there is refused at once; the others once read. */
      g_assert_true (import_and_wait (window, file) == (i < 2));
    }
  g_signal_handlers_disconnect_by_func (fixture->model, count_cb, &changed);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 0);
  g_assert_true (memcmp (&before, ring_model_get_params (fixture->model), sizeof before) == 0);
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_UTILIZATION_VS_GPUS);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (measurement_group (window))));
}

/* Dropping files on the window imports each, as a file list or a single file. */
static void
test_drop (RingWindowFixture *fixture,
           gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (window));
  g_autoptr(GFile) first = log_file (LOG_NAME);
  g_autoptr(GFile) second = log_file ("h100-1node.log");
  GtkDropTarget *target = NULL;
  GSList *files = g_slist_append (NULL, first);
  g_auto(GValue) list_value = G_VALUE_INIT;
  g_auto(GValue) file_value = G_VALUE_INIT;
  gboolean accepted = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GObject) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_DROP_TARGET (controller))
        target = GTK_DROP_TARGET (controller);
    }
  g_assert_nonnull (target);

  g_value_init (&list_value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&list_value, gdk_file_list_new_from_list (files));
  g_slist_free (files);
  g_signal_emit_by_name (target, "drop", &list_value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  ring_test_wait_for_imports (window);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);

  g_value_init (&file_value, G_TYPE_FILE);
  g_value_set_object (&file_value, second);
  g_signal_emit_by_name (target, "drop", &file_value, 10.0, 10.0, &accepted);
  g_assert_true (accepted);
  ring_test_wait_for_imports (window);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 2);
}

/* "Use Fitted Values" puts in what ring_nccl_fit_apply() says, as one "changed", and the
 * panel names the values; removing the log hides the group. */
static void
test_use_fitted_values (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingMeasurementGroup *group = measurement_group (window);
  g_autoptr(GFile) file = log_file (LOG_NAME);
  RingMeasurement *measurement;
  RingParams expected;
  const char *description;
  guint changed = 0;

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 512);
  g_assert_true (import_and_wait (window, file));
  measurement = g_ptr_array_index (ring_model_get_measurements (fixture->model), 0);
  expected = *ring_model_get_params (fixture->model);
  ring_nccl_fit_apply (measurement->fit, &expected);

  g_signal_connect_swapped (fixture->model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.use-fitted-values", "u",
                                             0));
  g_signal_handlers_disconnect_by_func (fixture->model, count_cb, &changed);

  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (fixture->model, RING_PARAM_GPUS), ==, 512);
  for (guint j = 0; j < measurement->fit->n_values; j++)
    g_assert_cmpfloat (ring_params_get_value (ring_model_get_params (fixture->model),
                                              measurement->fit->values[j].id),
                       ==, ring_params_get_value (&expected, measurement->fit->values[j].id));
  description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (group));
  g_assert_true (g_str_has_prefix (description, "Fitted to " LOG_NAME ": net latency "));

  /* An index past the list (a stale toast's button) does nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-measurement", "u",
                                             7));
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-measurement", "u",
                                             0));
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (group)));
  /* The fitted values stay: removing the log is not undoing the fit. */
  g_assert_cmpfloat (ring_model_get_value (fixture->model, RING_PARAM_NET_LATENCY), ==, expected.net_latency_us);
}

/* A file's name is shown as it is, in the panel and in the toasts (whose titles are
 * markup: "&" and "<" would break them), a log of one size is compared, with no fitted
 * values to offer, and a file imported again replaces itself. */
static void
test_awkward_names (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingMeasurementGroup *group = measurement_group (window);
  g_autoptr(GFile) source = log_file ("h100-1node.log");
  g_autofree char *dir = g_dir_make_tmp ("ring-import-XXXXXX", NULL);
  g_autofree char *awkward = g_build_filename (dir, "a&b <1>.log", NULL);
  g_autofree char *one_size = g_build_filename (dir, "one & only.log", NULL);
  g_autofree char *link = g_build_filename (dir, "link.log", NULL);
  g_autoptr(GFile) link_file = g_file_new_for_path (link);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) awkward_file = g_file_new_for_path (awkward);
  g_autoptr(GFile) one_size_file = g_file_new_for_path (one_size);
  g_autoptr(GFile) missing_file = g_file_new_for_path ("no <such> & file.log");

  g_assert_nonnull (dir);
  g_assert_true (g_file_load_contents (source, NULL, &contents, NULL, NULL, NULL));
  g_assert_true (g_file_set_contents (awkward, contents, -1, NULL));
  g_assert_true (g_file_set_contents (one_size,
                                      "#  Rank  0 Group  0 Pid  1 on h device  0 [0x07] "
                                      "NVIDIA H100 80GB HBM3\n"
                                      "#  Rank  1 Group  0 Pid  2 on h device  1 [0x0f] "
                                      "NVIDIA H100 80GB HBM3\n"
                                      "#       size         count      type   redop    root "
                                      "    time   algbw   busbw #wrong\n"
                                      "  8589934592  2147483648     float     sum      -1 "
                                      " 24000.0  357.91  357.91       0\n", -1, NULL));

  g_assert_true (_ring_window_import_file (window, awkward_file));
  g_assert_true (_ring_window_import_file (window, one_size_file));
  g_assert_false (_ring_window_import_file (window, missing_file));
  /* The same file again is read again in its place, not shown twice. */
  g_assert_true (import_and_wait (window, awkward_file));
  g_assert_cmpint (ring_model_find_measurement (fixture->model, awkward), ==, 0);
  iterate_for (50);

  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 2);
  g_assert_cmpstr (adw_preferences_row_get_title (
                     ADW_PREFERENCES_ROW (_ring_measurement_group_get_row (group, 0))),
                   ==, "a&b <1>.log");
  /* One size: counted in the singular, nothing fitted to use, and the parameters are not
   * said to be fitted to it although nothing differs from its (nominal) values. */
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (_ring_measurement_group_get_row (group,
                                                                                         1)),
                            "1\u00a0size ·"));
  g_assert_false (gtk_widget_get_visible (g_object_get_data (
                    G_OBJECT (_ring_measurement_group_get_row (group, 1)), "use-fit")));
  g_assert_true (gtk_widget_get_visible (g_object_get_data (
                   G_OBJECT (_ring_measurement_group_get_row (group, 0)), "use-fit")));
  g_assert_null (ring_model_get_fitted_measurement (fixture->model));
  /* Rows nccl-tests found wrong are said to be left out under the log's name. */
  {
    g_autofree char *wrong = g_build_filename (dir, "wrong.log", NULL);
    g_autoptr(GFile) wrong_file = g_file_new_for_path (wrong);
    const char *subtitle;

    g_assert_true (g_file_set_contents (wrong,
                                        "#  Rank  0 Group  0 Pid  1 on h device  0 [0x07] "
                                        "NVIDIA H100 80GB HBM3\n"
                                        "#  Rank  1 Group  0 Pid  2 on h device  1 [0x0f] "
                                        "NVIDIA H100 80GB HBM3\n"
                                        "#       size         count      type   redop    "
                                        "root     time   algbw   busbw #wrong\n"
                                        "  1073741824  268435456     float     sum      -1 "
                                        "  3000.0  357.91  357.91       0\n"
                                        "  2147483648  536870912     float     sum      -1 "
                                        "  6000.0  357.91  357.91       4\n"
                                        "  4294967296 1073741824     float     sum      -1 "
                                        " 12000.0  357.91  357.91       0\n", -1, NULL));
    g_assert_true (import_and_wait (window, wrong_file));
    subtitle = adw_action_row_get_subtitle (_ring_measurement_group_get_row (group, 2));
    g_assert_nonnull (strstr (subtitle, "2\u00a0sizes"));
    g_assert_nonnull (strstr (subtitle, "1\u00a0wrong row left out"));
    g_remove (wrong);
  }
  /* Through a link, the file replaces itself too, named as it was read the last time. */
  g_assert_cmpint (symlink (awkward, link), ==, 0);
  g_assert_true (import_and_wait (window, link_file));
  g_assert_cmpint (ring_model_find_measurement (fixture->model, link), ==, 0);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 3);
  {
    g_autoptr(AdwToast) toast = _ring_window_new_toast ("a&b <1>.log");

    g_assert_cmpstr (adw_toast_get_title (toast), ==, "a&amp;b &lt;1&gt;.log");
  }

  g_remove (link);
  g_remove (awkward);
  g_remove (one_size);
  g_rmdir (dir);
}

/* A log of @mib MiB: h100-1node.log with NCCL's INFO lines before its table, as a run
 * with NCCL_DEBUG=INFO writes them. */
static char *
write_large_log (const char *dir,
                 const char *name,
                 guint       mib)
{
  g_autofree char *source_path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                        "h100-1node.log", NULL);
  g_autofree char *source = NULL;
  g_autoptr(GString) text = NULL;
  char *table;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_get_contents (source_path, &source, NULL, NULL));
  table = strstr (source, "#                                                              out");
  g_assert_nonnull (table);
  text = g_string_sized_new (mib * 1048576 + strlen (source));
  g_string_append_len (text, source, table - source);
  for (guint i = 0; text->len < mib * 1048576; i++)
    g_string_append_printf (text, "dgx-h100-07:41230:41%03u [%u] NCCL INFO Channel %02u/32 : "
                            "0 1 2 3 4 5 6 7 via P2P/CUMEM/read\n", i % 1000, i % 8, i % 32);
  g_string_append (text, table);
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));

  return path;
}

/* Issue 27: a large log is read and fitted off the main thread, so the window keeps
 * drawing frames meanwhile, and the progress row shows until the log is in. */
static void
test_frames_while_loading (RingWindowFixture *fixture,
                           gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *dir = g_dir_make_tmp ("ring-import-XXXXXX", NULL);
  g_autofree char *path = write_large_log (dir, "large.log", 48);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkWidget *cancel = _ring_window_import_get_cancel_button (window);
  guint ticks = 0, tick_id;

  iterate_for (100);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), count_tick_cb, &ticks, NULL);
  g_assert_true (_ring_window_import_file (window, file));
  g_assert_true (_ring_window_import_busy (window));
  g_assert_true (gtk_revealer_get_reveal_child (
                   GTK_REVEALER (gtk_widget_get_ancestor (cancel, GTK_TYPE_REVEALER))));
  ring_test_wait_for_imports (window);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);

  g_test_message ("%u frame clock ticks while the log was read", ticks);
  g_assert_false (_ring_window_import_busy (window));
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);
  g_assert_cmpuint (ticks, >=, 3);
  g_assert_false (gtk_revealer_get_reveal_child (
                    GTK_REVEALER (gtk_widget_get_ancestor (cancel, GTK_TYPE_REVEALER))));

  g_remove (path);
  g_rmdir (dir);
}

/* Cancel while a log is read: nothing of it is applied, now or when the thread ends. */
static void
test_cancel (RingWindowFixture *fixture,
             gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *dir = g_dir_make_tmp ("ring-import-XXXXXX", NULL);
  g_autofree char *path = write_large_log (dir, "cancelled.log", 32);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) small = log_file (LOG_NAME);
  GtkWidget *cancel = _ring_window_import_get_cancel_button (window);
  RingParams before = *ring_model_get_params (fixture->model);
  RingMeasurement *measurement;
  guint changed = 0;

  g_signal_connect_swapped (fixture->model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (_ring_window_import_file (window, file));
  g_assert_true (_ring_window_import_file (window, small));
  g_assert_true (_ring_window_import_busy (window));
  g_signal_emit_by_name (cancel, "clicked");
  g_assert_false (_ring_window_import_busy (window));
  /* Long enough for the cancelled read to end on its thread. */
  iterate_for (3000);
  g_signal_handlers_disconnect_by_func (fixture->model, count_cb, &changed);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 0);
  g_assert_true (memcmp (&before, ring_model_get_params (fixture->model), sizeof before) == 0);
  g_assert_false (gtk_revealer_get_reveal_child (
                    GTK_REVEALER (gtk_widget_get_ancestor (cancel, GTK_TYPE_REVEALER))));

  /* An import after it runs as usual. */
  g_assert_true (import_and_wait (window, small));
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);
  measurement = g_ptr_array_index (ring_model_get_measurements (fixture->model), 0);
  g_assert_cmpstr (measurement->name, ==, LOG_NAME);

  g_remove (path);
  g_rmdir (dir);
}

/* The same bytes again (a second import, a remembered log) take the fit made the first
 * time; other bytes under the same name are read and fitted again. */
static void
test_cache (RingWindowFixture *fixture,
            gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *dir = g_dir_make_tmp ("ring-import-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "cached.log", NULL);
  g_autofree char *source_path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                        LOG_NAME, NULL);
  g_autofree char *contents = NULL;
  g_autofree char *changed_contents = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RingMeasurement *first;
  guint hits;

  g_assert_true (g_file_get_contents (source_path, &contents, NULL, NULL));
  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
  hits = _ring_measurement_count_cache_hits ();
  g_assert_true (import_and_wait (window, file));
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits);
  first = g_ptr_array_index (ring_model_get_measurements (fixture->model), 0);
  ring_measurement_ref (first);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-measurement", "u",
                                             0));
  g_assert_true (import_and_wait (window, file));
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits + 1);
  g_assert_true (g_ptr_array_index (ring_model_get_measurements (fixture->model), 0) == first);

  /* One byte more: read again. */
  changed_contents = g_strconcat (contents, "#\n", NULL);
  g_assert_true (g_file_set_contents (path, changed_contents, -1, NULL));
  g_assert_true (import_and_wait (window, file));
  g_assert_cmpuint (_ring_measurement_count_cache_hits (), ==, hits + 1);
  g_assert_true (g_ptr_array_index (ring_model_get_measurements (fixture->model), 0) != first);
  g_assert_cmpuint (ring_model_get_measurements (fixture->model)->len, ==, 1);

  ring_measurement_unref (first);
  g_remove (path);
  g_rmdir (dir);
}

typedef struct
{
  RingWindow *window;
  gboolean    painted;
  gboolean    busy;
  guint       n_logs;
  guint       n_scenarios;
} FirstFrame;

static void
first_paint_cb (GdkFrameClock *frame_clock,
                FirstFrame    *first)
{
  g_signal_handlers_disconnect_by_func (frame_clock, first_paint_cb, first);
  first->painted = TRUE;
  first->busy = _ring_window_import_busy (first->window);
  first->n_logs = ring_model_get_measurements (ring_window_get_model (first->window))->len;
  first->n_scenarios = ring_model_get_n_scenarios (ring_window_get_model (first->window));
}

static void
first_map_cb (GtkWidget  *window,
              FirstFrame *first)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (first_paint_cb), first);
}

static gboolean
first_painted (gpointer data)
{
  return ((FirstFrame *) data)->painted;
}

/* Issue 27: the window paints its first frame before it reads the last session's logs and
 * pinned scenarios; both come in after it. */
static void
test_first_frame_first (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ring-import-XXXXXX", NULL);
  g_autofree char *path = write_large_log (dir, "remembered.log", 16);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  const char *logs[] = { uri, NULL };
  FirstFrame first = { NULL, };
  RingWindow *window;
  RingModel *model;

  schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE)
                          : NULL;
  if (schema == NULL)
    {
      g_test_skip ("the GSettings schema is not installed");
      return;
    }
  settings = g_settings_new (APPLICATION_ID);
  g_settings_set_strv (settings, "nccl-logs", logs);
  g_settings_set_string (settings, "scenarios",
                         "[{ \"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                         "\"name\": \"One\", \"parameters\": { \"gpus\": 8 } },"
                         " { \"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                         "\"name\": \"Two\", \"parameters\": { \"gpus\": 16 } }]");

  window = g_object_new (RING_TYPE_WINDOW, NULL);
  model = ring_window_get_model (window);
  first.window = window;
  g_signal_connect (window, "map", G_CALLBACK (first_map_cb), &first);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (iterate_until_s (first_painted, &first, 60));
  g_assert_true (first.busy);
  g_assert_cmpuint (first.n_logs, ==, 0);
  g_assert_cmpuint (first.n_scenarios, ==, 0);

  ring_test_wait_for_imports (window);
  g_assert_cmpuint (ring_model_get_measurements (model)->len, ==, 1);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 2);
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "Two");

  ring_test_close_window (GTK_WINDOW (window), model);
  g_settings_reset (settings, "nccl-logs");
  g_settings_reset (settings, "scenarios");
  g_remove (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_import_test ("/ring/window-import/file", test_import_file);
  add_import_test ("/ring/window-import/bad-file", test_import_bad_file);
  add_import_test ("/ring/window-import/drop", test_drop);
  add_import_test ("/ring/window-import/use-fitted-values", test_use_fitted_values);
  add_import_test ("/ring/window-import/awkward-names", test_awkward_names);
  add_import_test ("/ring/window-import/frames-while-loading", test_frames_while_loading);
  add_import_test ("/ring/window-import/cancel", test_cancel);
  add_import_test ("/ring/window-import/cache", test_cache);
  g_test_add_func ("/ring/window-import/first-frame-first", test_first_frame_first);

  return g_test_run ();
}
