/* test-window.c: the window's widgets really drive the model, and the model the labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include <adwaita.h>

#include "ring-animation-private.h"
#include "ring-chart-private.h"
#include "ring-parameter-panel-private.h"
#include "ring-window-private.h"

static RingWindow *
create_window (void)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);

  /* The memory settings backend lives as long as the process: start each case from the
   * defaults, whatever the case before it left behind, with the seed's flat ring whose
   * numbers the cases derive (test-cost.c). */
  ring_model_reset (window->model);
  ring_model_set_algorithm (window->model, RING_ALGORITHM_FLAT_RING);
  gtk_window_present (GTK_WINDOW (window));

  return window;
}

static void
destroy_window (RingWindow *window)
{
  gtk_window_destroy (GTK_WINDOW (window));
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

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
test_gpus_slider (void)
{
  RingWindow *window = create_window ();
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *scale = _ring_parameter_panel_get_scale (panel, "gpus");
  g_autofree char *before = g_strdup (metric_text (window, "utilization"));

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

  destroy_window (window);
}

static void
test_typed_values (void)
{
  RingWindow *window = create_window ();
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

  destroy_window (window);
}

static void
test_comm_bound_label (void)
{
  RingWindow *window = create_window ();

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

  destroy_window (window);
}

static void
test_run_training_step (void)
{
  RingWindow *window = create_window ();
  RingAnimation *animation = RING_ANIMATION (window->animation);

  g_assert_cmpstr (metric_text (window, "steps-completed"), ==, "0");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run-training-step", NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  /* Far more than one step takes at any speed; the step ends, it does not repeat. */
  _ring_animation_advance (animation, 600);
  g_assert_cmpstr (metric_text (window, "steps-completed"), ==, "1");
  g_assert_false (_ring_animation_is_ticking (animation));

  destroy_window (window);
}

static void
test_play_pause (void)
{
  RingWindow *window = create_window ();
  RingAnimation *animation = RING_ANIMATION (window->animation);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_true (ring_animation_get_playing (animation));
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (window->play_button)), ==,
                   "media-playback-pause-symbolic");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_false (ring_animation_get_playing (animation));
  g_assert_false (_ring_animation_is_ticking (animation));

  destroy_window (window);
}

static void
test_speed_dropdown (void)
{
  RingWindow *window = create_window ();
  double speed;

  g_assert_cmpuint (gtk_drop_down_get_selected (window->speed_dropdown), ==, 2);
  gtk_drop_down_set_selected (window->speed_dropdown, 5);
  g_object_get (window->animation, "speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 8.0);

  destroy_window (window);
}

static void
count_cb (guint *count)
{
  (*count)++;
}

static void
test_preset_and_reset (void)
{
  RingWindow *window = create_window ();
  guint changed = 0;

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-preset", "s", "gpt3-175b");
  /* One preset, one change: every view redraws once. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 175e9);
  g_assert_cmpuint (ring_model_get_gradient_bytes (window->model), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  g_assert_cmpfloat (ring_model_get_model_params (window->model), ==, 7e9);

  destroy_window (window);
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
test_charts_redraw_on_change_only (void)
{
  RingWindow *window = create_window ();
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

  destroy_window (window);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!ring_test_init_display ())
    return 0;

  g_test_add_func ("/ring/window/gpus-slider", test_gpus_slider);
  g_test_add_func ("/ring/window/typed-values", test_typed_values);
  g_test_add_func ("/ring/window/comm-bound-label", test_comm_bound_label);
  g_test_add_func ("/ring/window/run-training-step", test_run_training_step);
  g_test_add_func ("/ring/window/play-pause", test_play_pause);
  g_test_add_func ("/ring/window/speed", test_speed_dropdown);
  g_test_add_func ("/ring/window/preset-and-reset", test_preset_and_reset);
  g_test_add_func ("/ring/window/charts-redraw-on-change-only",
                   test_charts_redraw_on_change_only);

  return g_test_run ();
}
