/* test-window.c: the window's widgets really drive the model, and the model the labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include <adwaita.h>
#include <math.h>

#include "ring-animation-private.h"
#include "ring-chart-private.h"
#include "ring-parameter-panel-private.h"
#include "ring-step-bar.h"
#include "ring-window-private.h"

/* The memory settings backend lives as long as the process: each case starts from the
 * defaults, whatever the case before it left behind, with the seed's flat ring and one
 * gradient bucket (nothing overlapped), whose numbers the cases derive (test-cost.c). */
static void
set_up (RingWindowFixture *fixture,
        gconstpointer      user_data)
{
  ring_window_fixture_set_up (fixture, user_data);
  ring_model_reset (fixture->model);
  ring_model_set_algorithm (fixture->model, RING_ALGORITHM_FLAT_RING);
  ring_model_set_bucket_size (fixture->model, 0);
}

#define add_window_test(path, test) \
  g_test_add ((path), RingWindowFixture, NULL, set_up, (test), ring_window_fixture_tear_down)

/* The value label of a metric card, by the property it shows. */
static const char *
metric_text (RingWindow *window,
             const char *property)
{
  for (GtkWidget *card = gtk_widget_get_first_child (GTK_WIDGET (window->metrics_grid));
       card != NULL; card = gtk_widget_get_next_sibling (card))
    {
      GtkWidget *value = gtk_widget_get_last_child (card);

      if (g_str_equal (gtk_widget_get_name (value), property))
        return gtk_label_get_label (GTK_LABEL (value));
    }

  g_assert_not_reached ();
}

static void
test_gpus_slider (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *scale = _ring_parameter_panel_get_scale (panel, "gpus");
  g_autofree char *before = NULL;

  before = g_strdup (metric_text (window, "utilization"));

  /* Defaults: 72.5 % (test-cost.c derives 0.72467). */
  g_assert_cmpstr (before, ==, "72.5 %");

  /* The GPU slider is log₂: notch 10 is 1024 GPUs. */
  gtk_range_set_value (scale, 10);
  g_assert_cmpuint (ring_model_get_gpus (window->model), ==, 1024);
  /* 0.43008 / (0.43008 + 0.196714375), from test-cost.c: 68.6 % */
  g_assert_cmpstr (metric_text (window, "utilization"), ==, "68.6 %");

  /* Between notches it snaps to a power of two. */
  gtk_range_set_value (scale, 4.4);
  g_assert_cmpuint (ring_model_get_gpus (window->model), ==, 16);

  /* And the model moves the slider back. */
  ring_model_set_gpus (window->model, 64);
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), 6, 1e-9);

}

static void
test_typed_values (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkSpinButton *gpus = _ring_parameter_panel_get_spin (panel, "gpus");
  GtkSpinButton *size = _ring_parameter_panel_get_spin (panel, "model-params");
  GtkSpinButton *overlap = _ring_parameter_panel_get_spin (panel, "overlap");

  /* Any integer is typeable, not only powers of two. */
  gtk_editable_set_text (GTK_EDITABLE (gpus), "100");
  gtk_spin_button_update (gpus);
  g_assert_cmpuint (ring_model_get_gpus (window->model), ==, 100);

  gtk_editable_set_text (GTK_EDITABLE (size), "70B");
  gtk_spin_button_update (size);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 70e9);

  /* Nonsense leaves the value alone. */
  gtk_editable_set_text (GTK_EDITABLE (size), "lots");
  gtk_spin_button_update (size);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 70e9);

  /* Overlap is typed in percent. */
  gtk_editable_set_text (GTK_EDITABLE (overlap), "25");
  gtk_spin_button_update (overlap);
  g_assert_cmpfloat_with_epsilon (ring_model_get_overlap (window->model), 0.25, 1e-12);

}

static void
test_comm_bound_label (RingWindowFixture *fixture,
                       gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Compute-bound");
  /* 49e9 B / (0.43008/9 − 7e-5 s) = 1026.89 GB/s (test-cost.c), 3.4× the 300 GB/s. */
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "90 % utilization needs 1027 GB/s per GPU, 3.4× this interconnect’s "
                   "300 GB/s.");
  /* 49e9 B at 10 GB/s: 4.9 s of communication against 0.43 s of compute. */
  ring_model_set_bandwidth (window->model, 10);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Communication-bound");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "comm-bound"));

  /* A million GPUs at 5 µs: 2 · 1048575 · 5e-6 = 10.5 s of latency, over compute/9. */
  ring_model_set_gpus (window->model, 1048576);
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "No bandwidth reaches 90 % utilization: the ring’s 2 (N − 1) hops of "
                   "latency alone take 10.5 s per step.");

}

static void
test_run_training_step (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingAnimation *animation = RING_ANIMATION (window->animation);

  g_assert_cmpstr (metric_text (window, "steps-completed"), ==, "0");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run-training-step", NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  /* Far more than one step takes at any speed; the step ends, it does not repeat. */
  _ring_animation_advance (animation, 600);
  g_assert_cmpstr (metric_text (window, "steps-completed"), ==, "1");
  g_assert_false (_ring_animation_is_ticking (animation));

}

static void
test_play_pause (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingAnimation *animation = RING_ANIMATION (window->animation);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_true (ring_animation_get_playing (animation));
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (window->play_button)), ==,
                   "media-playback-pause-symbolic");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_false (ring_animation_get_playing (animation));
  g_assert_false (_ring_animation_is_ticking (animation));

}

static void
test_speed_dropdown (RingWindowFixture *fixture,
                     gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  double speed;

  g_assert_cmpuint (gtk_drop_down_get_selected (window->speed_dropdown), ==, 2);
  gtk_drop_down_set_selected (window->speed_dropdown, 5);
  g_object_get (window->animation, "speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 8.0);

}

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_preset_and_reset (RingWindowFixture *fixture,
                       gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  guint changed = 0;

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-preset", "s", "gpt3-175b");
  /* One preset, one change: every view redraws once. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 175e9);
  g_assert_cmpuint (ring_model_get_gradient_bytes (window->model), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 7e9);

}

/* Runs the main loop, frames included, until @done says so or a second has passed. */
static gboolean
iterate_until (gboolean (*done) (gpointer data),
               gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return done (data);
}

static gboolean
chart_has_rendered (gpointer data)
{
  return _ring_chart_get_render_count (data) > 0;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

typedef struct
{
  RingChart *chart;
  guint      count;
} RenderWait;

static gboolean
chart_rendered_again (gpointer data)
{
  RenderWait *wait = data;

  return _ring_chart_get_render_count (wait->chart) > wait->count;
}

/* The charts follow the model and nothing else: animation frames repaint the ring only,
 * a slider step redraws the chart once. */
static void
test_charts_redraw_on_change_only (RingWindowFixture *fixture,
                                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);
  RingAnimation *animation = RING_ANIMATION (window->animation);
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  RenderWait wait = { chart, 0 };

  g_assert_true (iterate_until (chart_has_rendered, chart));
  wait.count = _ring_chart_get_render_count (chart);

  /* A second of real frames with the animation playing. */
  ring_animation_play (animation);
  iterate_until (never, NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, wait.count);
  ring_animation_pause (animation);

  /* One notch of the GPU slider: the chart draws again, once. */
  gtk_range_set_value (_ring_parameter_panel_get_scale (panel, "gpus"), 6);
  g_assert_true (iterate_until (chart_rendered_again, &wait));
  g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, wait.count + 1);
}

/* Issue 8: a number field holding typed text that was never committed commits it when
 * the window goes away. Every field in turn, closed as a person closes it and destroyed
 * as the application may; no critical, no crash, and nothing left behind. */
static void
close_with_uncommitted_edit (const char *property,
                             gboolean    destroy)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);
  RingModel *model = window->model;
  GtkSpinButton *spin;
  GtkAdjustment *adjustment;
  GtkWidget *focus;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) saved = NULL;
  g_autofree char *text = NULL;
  double typed;
  GValue before = G_VALUE_INIT, after = G_VALUE_INIT;

  ring_model_reset (model);
  gtk_window_present (GTK_WINDOW (window));
  spin = _ring_parameter_panel_get_spin (RING_PARAMETER_PANEL (window->parameter_panel),
                                         property);
  adjustment = gtk_spin_button_get_adjustment (spin);

  /* Halfway along the field's range: valid, and never the default. */
  typed = round ((gtk_adjustment_get_lower (adjustment)
                  + gtk_adjustment_get_upper (adjustment)) / 2);
  text = g_strdup_printf ("%.0f", typed);
  g_object_get_property (G_OBJECT (model), property, &before);

  gtk_widget_grab_focus (GTK_WIDGET (spin));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (spin)));
  gtk_editable_set_text (GTK_EDITABLE (spin), text);

  /* Typed, not committed: the model has not seen it. */
  g_object_get_property (G_OBJECT (model), property, &after);
  g_assert_cmpint (g_param_values_cmp (g_object_class_find_property (G_OBJECT_GET_CLASS (model),
                                                                     property),
                                       &before, &after), ==, 0);
  g_value_unset (&before);
  g_value_unset (&after);

  if (destroy)
    ring_test_destroy_window (GTK_WINDOW (window), model);
  else
    ring_test_close_window (GTK_WINDOW (window), model);

  /* Closed as a person closes it, the typed value counts as if they had clicked elsewhere
   * first, and the next launch has it. Destroyed, the edit is dropped. */
  if (destroy)
    return;
  saved = g_settings_get_value (settings, property);
  if (g_str_equal (property, "overlap"))
    typed /= 100;  /* typed in percent */
  g_assert_cmpfloat_with_epsilon (g_variant_is_of_type (saved, G_VARIANT_TYPE_UINT32)
                                  ? g_variant_get_uint32 (saved) : g_variant_get_double (saved),
                                  typed, 1e-9);
}

static void
test_close_with_uncommitted_edit (void)
{
  RingWindow *probe = g_object_new (RING_TYPE_WINDOW, NULL);
  RingParameterPanel *panel = RING_PARAMETER_PANEL (probe->parameter_panel);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();

  /* Every parameter that has a field to type into. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    if (_ring_parameter_panel_get_spin (panel, ring_param_info (id)->property) != NULL)
      g_ptr_array_add (fields, (gpointer) ring_param_info (id)->property);
  ring_test_destroy_window (GTK_WINDOW (probe), probe->model);
  g_assert_cmpuint (fields->len, >=, 7);

  for (guint i = 0; i < fields->len; i++)
    {
      const char *property = g_ptr_array_index (fields, i);

      g_test_message ("%s, closed", property);
      close_with_uncommitted_edit (property, FALSE);
      g_test_message ("%s, destroyed", property);
      close_with_uncommitted_edit (property, TRUE);
    }
}

/* Every view follows whichever model it is given, and lets go of the one before: each
 * view's groups move to the new model, and the old model finalizes once the test drops
 * its reference. A change to the old model reaches no view. */
static void
test_views_change_model (void)
{
  GType view_types[] = {
    RING_TYPE_PARAMETER_PANEL,
    RING_TYPE_STEP_BAR,
    RING_TYPE_ANIMATION,
    RING_TYPE_CHART,
    RING_TYPE_CHART_VIEW,
  };

  for (guint i = 0; i < G_N_ELEMENTS (view_types); i++)
    {
      RingModel *first = ring_model_new ();
      RingModel *second = ring_model_new ();
      GtkWindow *window = GTK_WINDOW (gtk_window_new ());
      GtkWidget *view;

      g_test_message ("%s", g_type_name (view_types[i]));
      view = g_object_new (view_types[i], "model", first, NULL);
      gtk_window_set_child (window, view);
      gtk_window_present (window);

      g_object_set (view, "model", second, NULL);
      ring_model_set_gpus (first, 64);
      ring_model_set_gpus (second, 16);
      if (RING_IS_PARAMETER_PANEL (view))
        {
          GtkRange *scale = _ring_parameter_panel_get_scale (RING_PARAMETER_PANEL (view),
                                                             "gpus");

          /* log₂ 16: the slider shows the second model, and moves only that one. */
          g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), 4, 1e-9);
          gtk_range_set_value (scale, 3);
          g_assert_cmpuint (ring_model_get_gpus (second), ==, 8);
          g_assert_cmpuint (ring_model_get_gpus (first), ==, 64);
        }
      g_assert_finalize_object (first);

      g_object_set (view, "model", NULL, NULL);
      ring_model_set_gpus (second, 32);
      g_object_set (view, "model", second, NULL);
      g_object_unref (second);
      ring_test_close_window (window, second);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!ring_test_init_display ())
    return 0;

  add_window_test ("/ring/window/gpus-slider", test_gpus_slider);
  add_window_test ("/ring/window/typed-values", test_typed_values);
  add_window_test ("/ring/window/comm-bound-label", test_comm_bound_label);
  add_window_test ("/ring/window/run-training-step", test_run_training_step);
  add_window_test ("/ring/window/play-pause", test_play_pause);
  add_window_test ("/ring/window/speed", test_speed_dropdown);
  add_window_test ("/ring/window/preset-and-reset", test_preset_and_reset);
  add_window_test ("/ring/window/charts-redraw-on-change-only",
                   test_charts_redraw_on_change_only);
  g_test_add_func ("/ring/window/views-change-model", test_views_change_model);
  g_test_add_func ("/ring/window/close-with-uncommitted-edit",
                   test_close_with_uncommitted_edit);

  return g_test_run ();
}
