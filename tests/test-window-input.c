/* test-window-input.c: the window never changes a value by itself (issue 21, items 9 to
 * 11 and 13): the wheel scrolls the panel past a control that has no focus, leaving a field
 * keeps its value, the keyboard works after a menu, and the first launch fits in memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "ring-parameter-panel-private.h"
#include "ring-presets.h"
#include "ring-step.h"
#include "ring-window-private.h"

/* Runs the scroll controllers a wheel event over @target meets, in GTK's order: the
 * capture phase from the window down to @target, @target's own, then the bubble phase back
 * up, until one claims the event. Returns whether one did. */
static gboolean
wheel_over (GtkWidget *target,
            double     delta_y)
{
  g_autoptr(GPtrArray) chain = g_ptr_array_new ();
  const GtkPropagationPhase phases[] = { GTK_PHASE_CAPTURE, GTK_PHASE_TARGET,
                                         GTK_PHASE_BUBBLE };

  for (GtkWidget *widget = target; widget != NULL; widget = gtk_widget_get_parent (widget))
    g_ptr_array_insert (chain, 0, widget);

  for (guint p = 0; p < G_N_ELEMENTS (phases); p++)
    for (guint step = 0; step < chain->len; step++)
      {
        /* Captured from the top down; bubbled from @target up. */
        guint i = phases[p] == GTK_PHASE_BUBBLE ? chain->len - 1 - step : step;
        GtkWidget *widget = g_ptr_array_index (chain, i);
        g_autoptr(GListModel) controllers = NULL;

        if (phases[p] == GTK_PHASE_TARGET && widget != target)
          continue;

        controllers = gtk_widget_observe_controllers (widget);
        for (guint c = 0; c < g_list_model_get_n_items (controllers); c++)
          {
            g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, c);
            gboolean handled = FALSE;

            if (!GTK_IS_EVENT_CONTROLLER_SCROLL (controller)
                || gtk_event_controller_get_propagation_phase (controller) != phases[p])
              continue;
            g_signal_emit_by_name (controller, "scroll", 0.0, delta_y, &handled);
            if (handled)
              return TRUE;
          }
      }

  return FALSE;
}

static GtkAdjustment *
sidebar_adjustment (RingWindow *window)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (window->parameter_panel,
                                                 GTK_TYPE_SCROLLED_WINDOW);

  g_assert_nonnull (scrolled);

  return gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
}

static gboolean
sidebar_scrolls (gpointer data)
{
  GtkAdjustment *adjustment = data;

  return gtk_adjustment_get_upper (adjustment) > gtk_adjustment_get_page_size (adjustment) + 1;
}

static GtkWidget *
combo_row (RingParameterPanel *panel,
           const char         *property)
{
  return GTK_WIDGET (_ring_parameter_panel_get_combo (panel, property));
}

/* Item 9: the wheel over a slider, a field or a drop-down that has not the focus scrolls
 * the sidebar and leaves the value (it took in-node bandwidth from 450 to 0.9 GB/s and the
 * NIC speed from 400 to 1 Gb/s); given the focus, the control takes the wheel. */
static void
test_wheel_scrolls_panel (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkAdjustment *sidebar = sidebar_adjustment (window);
  GtkWidget *controls[] = {
    GTK_WIDGET (_ring_parameter_panel_get_scale (panel, "bandwidth")),
    GTK_WIDGET (_ring_parameter_panel_get_spin (panel, "bandwidth")),
    GTK_WIDGET (_ring_parameter_panel_get_scale (panel, "nic-speed")),
    GTK_WIDGET (_ring_parameter_panel_get_spin (panel, "nic-speed")),
    GTK_WIDGET (_ring_parameter_panel_get_scale (panel, "gpus")),
    GTK_WIDGET (_ring_parameter_panel_get_spin (panel, "model-params")),
    combo_row (panel, "gpu"),
    combo_row (panel, "algorithm"),
  };
  GtkSpinButton *bandwidth_field = _ring_parameter_panel_get_spin (panel, "bandwidth");
  double before[RING_N_PARAMS];
  double step;

  ring_model_apply_preset (model, ring_preset_lookup ("dgx-h100"));
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 450);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_NIC_SPEED), ==, 400);
  g_assert_true (iterate_until (sidebar_scrolls, sidebar));
  gtk_root_set_focus (GTK_ROOT (window), NULL);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    before[id] = ring_params_get_value (ring_model_get_params (model), id);

  for (guint i = 0; i < G_N_ELEMENTS (controls); i++)
    {
      double top = gtk_adjustment_get_lower (sidebar);

      g_test_message ("%s %u", G_OBJECT_TYPE_NAME (controls[i]), i);
      gtk_adjustment_set_value (sidebar, top);
      g_assert_true (wheel_over (controls[i], 1));
      g_assert_cmpfloat (gtk_adjustment_get_value (sidebar), >, top);
      /* And back up. */
      g_assert_true (wheel_over (controls[i], -1));
      g_assert_cmpfloat_with_epsilon (gtk_adjustment_get_value (sidebar), top, 1e-9);
      for (guint id = 0; id < RING_N_PARAMS; id++)
        g_assert_cmpfloat (ring_params_get_value (ring_model_get_params (model), id), ==,
                           before[id]);
    }

  /* A field clicked into takes the wheel: one step up from 450 GB/s. */
  step = gtk_adjustment_get_step_increment (gtk_spin_button_get_adjustment (bandwidth_field));
  gtk_widget_grab_focus (GTK_WIDGET (bandwidth_field));
  gtk_adjustment_set_value (sidebar, gtk_adjustment_get_lower (sidebar));
  g_assert_true (wheel_over (GTK_WIDGET (bandwidth_field), -1));
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BANDWIDTH), ==, 450 + step);
  g_assert_cmpfloat (gtk_adjustment_get_value (sidebar), ==, gtk_adjustment_get_lower (sidebar));
}

/* Moves the focus as Tab does, from @spin's field to what comes after. */
static void
tab_through (RingWindow    *window,
             GtkSpinButton *spin)
{
  GtkWidget *focus;

  gtk_widget_grab_focus (GTK_WIDGET (spin));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (spin)));
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_false (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (spin)));
}

/* Item 10: tabbing through a field keeps the model's value, however many decimals it has
 * beyond what the field shows; the field writes it as a person would where it can. */
static void
test_focus_out_keeps_value (RingWindowFixture *fixture,
                            gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *gpu = _ring_parameter_panel_get_combo (panel, "gpu");
  GtkSpinButton *compute = _ring_parameter_panel_get_spin (panel, "compute");
  /* Values no field shows to the digit: a point of the log₁₀ bandwidth slider, and
   * fractions with more decimals than the fields' percent. */
  const struct
  {
    const char *property;
    double      value;
  } values[] = {
    { "bandwidth", 446.68359215096302 },   /* 10^2.65 */
    { "latency", 4.56789 },
    { "net-latency", 1.23456 },
    { "comm-slowdown", 0.123456 },
    { "slow-link-fraction", 0.333333 },
    { "nic-speed", 123.456789 },
    { "model-params", 7.123456e9 },
  };

  /* An H100 computes 0.4 · 989 = 395.6 TFLOP/s: the field says so, and keeps it. */
  adw_combo_row_set_selected (gpu, RING_GPU_H100);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_COMPUTE), ==, 0.4 * 989);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (compute)), ==, "395.6 TFLOP/s");
  tab_through (window, compute);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_COMPUTE), ==, 0.4 * 989);

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      GtkSpinButton *spin = _ring_parameter_panel_get_spin (panel, values[i].property);
      double kept;

      g_test_message ("%s = %.17g", values[i].property, values[i].value);
      g_object_set (model, values[i].property, values[i].value, NULL);
      tab_through (window, spin);
      g_object_get (model, values[i].property, &kept, NULL);
      g_assert_cmpfloat (kept, ==, values[i].value);
    }

  /* Typing still changes the value, to what was typed. */
  ring_test_type (compute, "395.64");
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_COMPUTE), ==, 395.64);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (compute)), ==, "395.64 TFLOP/s");
}

static gboolean
is_item (GtkWidget     *widget,
         gconstpointer  text)
{
  g_autofree char *item_text = NULL;

  if (!g_str_equal (G_OBJECT_TYPE_NAME (widget), "GtkModelButton"))
    return FALSE;
  g_object_get (widget, "text", &item_text, NULL);
  /* A mnemonic's underscore is no part of what the item reads. */
  if (item_text != NULL)
    {
      char *from = item_text, *to = item_text;

      for (; *from != '\0'; from++)
        if (*from != '_')
          *to++ = *from;
      *to = '\0';
    }

  return g_strcmp0 (item_text, text) == 0;
}

static gboolean
is_primary_menu (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static gboolean
popover_shown (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
popover_gone (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

/* What a key pressed now reaches: the window's focus, shown, and not in a closed popover. */
static gboolean
keys_reach_window (gpointer data)
{
  RingWindow *window = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus != NULL && gtk_widget_get_mapped (focus)
         && gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) == NULL;
}

/* Item 11: a preset chosen from the main menu's Presets, with the keyboard in the menu,
 * leaves the keyboard with the window: its focus is a control on screen (the menu's
 * button), not a hidden item of the closed menu, which took every key (Tab, F10, Ctrl+R)
 * until a click; and Tab moves on from there. */
static void
test_keyboard_after_menu (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkMenuButton *button = GTK_MENU_BUTTON (ring_test_find_widget (GTK_WIDGET (window),
                                                                  is_primary_menu, NULL));
  const RingPreset *preset = ring_preset_lookup ("dgx-h100");
  GtkPopover *popover;
  GtkWidget *presets, *item;

  gtk_menu_button_popup (button);
  popover = gtk_menu_button_get_popover (button);
  g_assert_true (iterate_until (popover_shown, popover));
  item = ring_test_find_widget (GTK_WIDGET (popover), is_item, _(preset->description));
  g_assert_nonnull (item);

  /* Into the submenu, then the preset, chosen with the keyboard on each, as the arrows
   * and Enter or the pointer leave it. */
  presets = ring_test_find_widget (GTK_WIDGET (popover), is_item, _("Presets"));
  g_assert_nonnull (presets);
  gtk_widget_grab_focus (presets);
  g_signal_emit_by_name (presets, "clicked");
  gtk_widget_grab_focus (item);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == item);
  g_signal_emit_by_name (item, "clicked");
  g_assert_true (iterate_until (popover_gone, popover));
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_GPU), ==, RING_GPU_H100);

  g_assert_true (iterate_until_s (keys_reach_window, window, 5));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)),
                                         GTK_WIDGET (button)));

  /* Tab moves on from there, into the window. */
  g_assert_true (gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD));
  g_assert_true (keys_reach_window (window));
}

/* Item 13: the first launch, with nothing stored, trains without "Does not fit": the
 * command line's defaults (7 B parameters, fp32 gradients, DDP, 8 GPUs of 80 GB) need
 * 28 + 28 + 56 GB of parameters, gradients and optimizer state and 18.3 GB of activations,
 * 130 GB per GPU against 0.9 · 80 − 1 = 71 GB usable; the window starts from the least
 * change that fits, the one the line names: ZeRO-2 on the 8 GPUs shards the gradients and
 * the optimizer state, 28 + 3.5 + 7 + 18.3 = 56.8 GB. Kept as a setting from then on; Reset
 * Parameters goes back to it. */
static void
test_first_launch_fits (void)
{
  RingWindowFixture fixture;
  RingParams defaults;
  RingFitSuggestion suggestion;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autofree char *stored = NULL;

  ring_params_init_default (&defaults);
  ring_step_suggest (&defaults, &suggestion);
  g_assert_false (suggestion.fits_now);
  g_assert_cmpint (suggestion.sharding, ==, RING_SHARDING_ZERO2);

  ring_window_fixture_set_up (&fixture, NULL);
  g_assert_true (ring_model_get_fits (fixture.model));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (fixture.window->fit_label)));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (fixture.window->bound_label),
                                            "does-not-fit"));
  g_assert_cmpint (ring_model_get_value (fixture.model, RING_PARAM_SHARDING), ==, suggestion.sharding);
  g_assert_cmpuint (ring_model_get_value (fixture.model, RING_PARAM_GPUS), ==, defaults.gpus);
  g_assert_cmpfloat (ring_model_get_value (fixture.model, RING_PARAM_MODEL_PARAMS), ==, defaults.model_params);
  stored = g_settings_get_string (settings, "sharding");
  g_assert_cmpstr (stored, ==, "zero2");

  /* Chosen otherwise, it stays so at the next launch: a first launch happens once. */
  ring_model_set_value (fixture.model, RING_PARAM_SHARDING, RING_SHARDING_DDP);
  ring_test_close_window (GTK_WINDOW (fixture.window), fixture.model);
  fixture.window = g_object_new (RING_TYPE_WINDOW, NULL);
  fixture.model = fixture.window->model;
  gtk_window_present (GTK_WINDOW (fixture.window));
  g_assert_cmpint (ring_model_get_value (fixture.model, RING_PARAM_SHARDING), ==, RING_SHARDING_DDP);
  g_assert_false (ring_model_get_fits (fixture.model));

  gtk_widget_activate_action (GTK_WIDGET (fixture.window), "win.reset-parameters", NULL);
  g_assert_true (ring_model_get_fits (fixture.model));
  g_assert_cmpint (ring_model_get_value (fixture.model, RING_PARAM_SHARDING), ==, suggestion.sharding);
  ring_window_fixture_tear_down (&fixture, NULL);
}

/* Item 13: "Does not fit" greys the pill; it no longer sits green beside the line. */
static void
test_no_fit_greys_pill (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *pill = GTK_WIDGET (window->bound_label);
  const char *colours[] = { "compute-bound", "comm-limited", "comm-bound" };

  /* The fixture's seed: DDP with fp32 gradients, which does not fit. */
  g_assert_false (ring_model_get_fits (window->model));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->fit_label)));
  g_assert_true (gtk_widget_has_css_class (pill, "does-not-fit"));
  for (guint i = 0; i < G_N_ELEMENTS (colours); i++)
    g_assert_false (gtk_widget_has_css_class (pill, colours[i]));

  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_ZERO2);
  g_assert_true (ring_model_get_fits (window->model));
  g_assert_false (gtk_widget_has_css_class (pill, "does-not-fit"));
  g_assert_true (gtk_widget_has_css_class (pill, "comm-limited")
                 || gtk_widget_has_css_class (pill, "comm-bound")
                 || gtk_widget_has_css_class (pill, "compute-bound"));

  /* A single collective has no memory to fit: its pill is hidden with the step's box. */
  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_DDP);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  g_assert_false (gtk_widget_has_css_class (pill, "does-not-fit"));
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window-input/wheel-scrolls-panel", test_wheel_scrolls_panel);
  add_window_test ("/ring/window-input/focus-out-keeps-value", test_focus_out_keeps_value);
  add_window_test ("/ring/window-input/keyboard-after-menu", test_keyboard_after_menu);
  add_window_test ("/ring/window-input/no-fit-greys-pill", test_no_fit_greys_pill);
  g_test_add_func ("/ring/window-input/first-launch-fits", test_first_launch_fits);

  return g_test_run ();
}
