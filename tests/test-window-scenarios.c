/* test-window-scenarios.c: pinned scenarios in the window: pinned through the action and
 * listed, compared in the metric cards, restored and removed, kept across a close and a
 * new window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ring-test-ui.h"

static GtkWidget *
card_difference (RingWindow *window,
                 const char *property)
{
  for (guint i = 0; i < RING_WINDOW_N_METRICS; i++)
    if (g_str_equal (ring_metric_card_get_metric (RING_METRIC_CARD (window->metric_cards[i])),
                     property))
      return window->metric_differences[i];

  g_assert_not_reached ();
}

static guint
n_rows (RingWindow *window)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    n++;

  return n;
}

/* What each case leaves in the settings goes, so cases (and windows) start with none. */
static void
forget_scenarios (RingWindow *window)
{
  if (window->settings != NULL)
    {
      g_settings_reset (window->settings, "scenarios");
      g_settings_reset (window->settings, "compare-scenario");
    }
}

static void
test_pin_and_list (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *row;

  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);
  g_assert_true (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->scenarios_list)));

  ring_model_set_value (fixture->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 64);
  ring_model_set_value (fixture->model, RING_PARAM_GRADIENT_BYTES, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL));

  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 1);
  g_assert_cmpuint (n_rows (window), ==, 1);
  row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
  /* Named by what differs from the defaults: the window starts with ZeRO-2, which fits
   * them in memory (test-window-input.c). */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==,
                   "64 × H100, 400 Gb/s NDR, bf16, ZeRO-2");
  g_assert_false (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (window->scenarios_button)), ==,
                   "Scenarios (1)");
  /* The comparison offers it after "None". */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (window->compare_dropdown)),
                    ==, 2);

  /* Renaming in the row renames the scenario; a blank name keeps the old one. */
  gtk_editable_set_text (GTK_EDITABLE (row), "Baseline");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 0)->name, ==, "Baseline");
  row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
  gtk_editable_set_text (GTK_EDITABLE (row), "   ");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 0)->name, ==, "Baseline");

  /* Four at most: the action goes insensitive. */
  for (guint i = 1; i < RING_MAX_SCENARIOS; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL));
  g_assert_cmpuint (n_rows (window), ==, RING_MAX_SCENARIOS);
  g_assert_false (gtk_widget_is_sensitive (window->pin_button));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL);
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, RING_MAX_SCENARIOS);

  forget_scenarios (window);
}

static void
test_compare (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *allreduce;
  const char *text;

  ring_model_set_value (fixture->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 64);
  g_assert_true (ring_model_pin_scenario (fixture->model, "Eight NICs", NULL));
  allreduce = card_difference (window, "allreduce-time");
  g_assert_false (gtk_widget_get_visible (allreduce));

  /* Chosen in the popover, the comparison reaches the model and the cards. */
  gtk_drop_down_set_selected (window->compare_dropdown, 1);
  g_assert_cmpint (ring_model_get_compare_with (fixture->model), ==, 0);
  g_assert_true (gtk_widget_get_visible (allreduce));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (allreduce)), ==, "±0 %");
  /* The scenario is named once, under the window's title. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Compared with “Eight NICs”");

  /* Half the NICs: the all-reduce takes longer, worse, in words and in red. */
  ring_model_set_value (fixture->model, RING_PARAM_NICS_PER_NODE, 4);
  text = gtk_label_get_label (GTK_LABEL (allreduce));
  g_assert_true (g_str_has_prefix (text, "+"));
  g_assert_true (g_str_has_suffix (text, " %"));
  g_assert_true (gtk_widget_has_css_class (allreduce, "error"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (allreduce), "Worse"));
  /* Utilization falls: a minus sign, and worse too. */
  text = gtk_label_get_label (GTK_LABEL (card_difference (window, "utilization")));
  g_assert_true (g_str_has_prefix (text, "−"));
  g_assert_true (gtk_widget_has_css_class (card_difference (window, "utilization"), "error"));
  /* The steps played are no configuration's: nothing to compare. */
  g_assert_false (gtk_widget_get_visible (card_difference (window, "steps-completed")));

  /* Back to none: the lines go. */
  gtk_drop_down_set_selected (window->compare_dropdown, 0);
  g_assert_cmpint (ring_model_get_compare_with (fixture->model), ==, -1);
  g_assert_false (gtk_widget_get_visible (allreduce));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "");

  forget_scenarios (window);
}

static void
test_restore_and_remove (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 512);
  g_assert_true (ring_model_pin_scenario (fixture->model, NULL, NULL));
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 16);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-scenario", "u",
                                             0));
  g_assert_cmpuint (ring_model_get_value (fixture->model, RING_PARAM_GPUS), ==, 512);
  g_assert_cmpuint (n_rows (window), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-scenario", "u",
                                             0));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);
  g_assert_cmpuint (n_rows (window), ==, 0);
  g_assert_true (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (window->scenarios_button)), ==,
                   "Scenarios");

  forget_scenarios (window);
}

/* Closed and opened again (the memory backend keeps the settings for the process), the
 * window has the same scenarios and the same comparison; both windows and models are
 * finalized. */
static void
test_kept_across_windows (void)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);
  RingModel *model = ring_window_get_model (window);
  RingParams params;

  gtk_window_present (GTK_WINDOW (window));
  if (window->settings == NULL)
    {
      ring_test_close_window (GTK_WINDOW (window), model);
      g_test_skip ("the GSettings schema is not installed");
      return;
    }
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H200);
  ring_model_set_value (model, RING_PARAM_GPUS, 128);
  g_assert_true (ring_model_pin_scenario (model, "H200 × 128", NULL));
  ring_model_set_value (model, RING_PARAM_GPUS, 16);
  g_assert_true (ring_model_pin_scenario (model, "Sixteen", NULL));
  ring_model_set_compare_with (model, 1);
  params = ring_model_get_scenario (model, 0)->params;
  ring_test_close_window (GTK_WINDOW (window), model);

  window = g_object_new (RING_TYPE_WINDOW, NULL);
  model = ring_window_get_model (window);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 2);
  g_assert_cmpstr (ring_model_get_scenario (model, 0)->name, ==, "H200 × 128");
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "Sixteen");
  g_assert_cmpint (ring_model_get_scenario (model, 0)->params.gpu, ==, RING_GPU_H200);
  g_assert_cmpuint (ring_model_get_scenario (model, 0)->params.gpus, ==, 128);
  g_assert_cmpfloat (ring_model_get_scenario (model, 0)->params.compute_tflops, ==,
                     params.compute_tflops);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, 1);
  g_assert_cmpuint (n_rows (window), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->compare_dropdown), ==, 2);

  forget_scenarios (window);
  ring_test_close_window (GTK_WINDOW (window), model);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  ring_test_add_window ("/ring/window-scenarios/pin-and-list", test_pin_and_list);
  ring_test_add_window ("/ring/window-scenarios/compare", test_compare);
  ring_test_add_window ("/ring/window-scenarios/restore-and-remove", test_restore_and_remove);
  g_test_add_func ("/ring/window-scenarios/kept-across-windows", test_kept_across_windows);

  return g_test_run ();
}
