/* test-window-learning.c: the learning view: the animation takes the main area beside a
 * text that says what each GPU does at this step and why, for every algorithm the
 * registry draws; previous and next step; remembered; whole at 800 × 600.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithms.h"
#include "ring-animation-private.h"
#include "ring-learning-panel.h"
#include "ring-schedule.h"
#include "ring-test-params.h"
#include "ring-test-window.h"

static RingLearningPanel *
panel_of (RingWindow *window)
{
  return RING_LEARNING_PANEL (window->learning_panel);
}

/* One ring step forward, played to its end. */
static void
next_step (RingWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.ring-step", NULL);
  _ring_animation_advance (RING_ANIMATION (window->animation), 30);
}

static void
test_toggle (RingWindowFixture *fixture,
             gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  gboolean learning;

  ring_test_resize_window (window, 1280, 800);
  g_assert_true (gtk_widget_get_mapped (window->chart_view));
  g_assert_false (gtk_widget_get_visible (window->learning_panel));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.learning-view", NULL);
  iterate_for (200);
  g_object_get (window, "learning-view", &learning, NULL);
  g_assert_true (learning);
  g_assert_true (g_settings_get_boolean (window->settings, "learning-view"));
  g_assert_true (gtk_widget_get_mapped (window->learning_panel));
  g_assert_false (gtk_widget_get_mapped (window->chart_view));
  g_assert_false (gtk_widget_get_mapped (window->metrics_grid));
  /* The ring grows past the 440 px it keeps beside the charts. */
  g_assert_cmpint (gtk_widget_get_width (window->animation), >, 500);

  /* The key brings it back, and takes it away. */
  g_settings_set_boolean (window->settings, "learning-view", FALSE);
  iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (window->chart_view));
  g_assert_false (gtk_widget_get_mapped (window->learning_panel));
  g_assert_cmpint (gtk_widget_get_width (window->animation), <=, 440);
  g_settings_set_boolean (window->settings, "learning-view", TRUE);
  iterate_for (200);
  g_assert_true (gtk_widget_get_mapped (window->learning_panel));
  g_settings_reset (window->settings, "learning-view");
}

/* The seed's ring: what each GPU does at each step and why, then back step by step. */
static void
test_ring_words (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingLearningPanel *panel = panel_of (window);

  g_object_set (window, "learning-view", TRUE, NULL);
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, _("Ready"));

  next_step (window);
  next_step (window);
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, "Scatter-reduce");
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 1), ==, "Step 3 of 7");
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 2), ==,
                   "Each GPU sends one chunk to the next GPU, which adds it to its own");
  g_assert_true (g_str_has_prefix (ring_learning_panel_get_text (panel, 3),
                                   "After N − 1 steps every GPU holds one fully reduced "
                                   "chunk"));

  for (guint i = 0; i < 6; i++)
    next_step (window);
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, "All-gather");
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 1), ==, "Step 2 of 7");
  g_assert_true (g_str_has_prefix (ring_learning_panel_get_text (panel, 3),
                                   "After N − 1 more steps every GPU holds all N"));

  /* Back: to the start of the scatter-reduce's last step, then to before the first. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-ring-step", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-ring-step", NULL);
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, "Scatter-reduce");
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 1), ==, "Step 7 of 7");
  for (guint i = 0; i < 7; i++)
    gtk_widget_activate_action (GTK_WIDGET (window), "win.previous-ring-step", NULL);
  g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, _("Ready"));
  g_assert_false (ring_animation_get_running (RING_ANIMATION (window->animation)));
}

/* Every algorithm explains every phase with its schedule's own words: no algorithm's
 * text is another's, and none is missing. */
static void
test_every_algorithm (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingLearningPanel *panel = panel_of (window);
  guint n_algorithms, explained = 0;
  const RingAlgorithmInfo *algorithms = ring_algorithms_get (&n_algorithms);

  g_object_set (window, "learning-view", TRUE, NULL);
  for (guint a = 0; a < n_algorithms; a++)
    {
      RingParams params;
      RingSimulation *simulation;
      const RingSchedule *schedule;
      guint n_steps;

      if (algorithms[a].schedule == NULL)
        continue;
      ring_test_params_sharp_cluster (&params, algorithms[a].algorithm, 16, 8);
      if (!ring_model_set_params (fixture->model, &params))
        continue;
      gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-animation", NULL);
      simulation = ring_model_get_simulation (fixture->model);
      schedule = ring_simulation_get_schedule (simulation);
      g_assert_cmpint (ring_schedule_get_algorithm (schedule), ==, algorithms[a].algorithm);
      n_steps = ring_schedule_get_n_steps (schedule);

      for (guint step = 0; step < n_steps; step++)
        {
          const RingSchedulePhase *phase =
            ring_schedule_get_phase (schedule, ring_schedule_get_step_phase (schedule, step));

          next_step (window);
          if (step + 1 == n_steps)
            break;
          /* Held at the start of step + 1. */
          phase = ring_schedule_get_phase (schedule,
                                           ring_schedule_get_step_phase (schedule, step + 1));
          g_assert_cmpstr (ring_learning_panel_get_text (panel, 0), ==, _(phase->name));
          g_assert_cmpstr (ring_learning_panel_get_text (panel, 2), ==, _(phase->description));
          g_assert_cmpstr (ring_learning_panel_get_text (panel, 3), ==, _(phase->outcome));
        }
      explained++;
    }
  /* ring, flat-ring, tree, nvls, nvls-tree, collnet, halving-doubling, hierarchical */
  g_assert_cmpuint (explained, >=, 8);
}

/* At 800 × 600 the ring and the text sit side by side, inside the window, and the text
 * wraps rather than run out of the panel. */
static void
test_800x600 (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  graphene_rect_t panel, animation;
  int width, height;

  ring_test_resize_window (window, 800, 600);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  g_object_set (window, "learning-view", TRUE, NULL);
  next_step (window);
  iterate_for (300);

  g_assert_true (gtk_widget_compute_bounds (window->learning_panel, GTK_WIDGET (window),
                                            &panel));
  g_assert_true (gtk_widget_compute_bounds (window->animation, GTK_WIDGET (window),
                                            &animation));
  g_assert_cmpfloat (animation.size.width, >=, 400);
  g_assert_cmpfloat (animation.size.height, >=, 400);
  g_assert_cmpfloat (panel.size.width, >=, 320);
  g_assert_cmpfloat (animation.origin.x + animation.size.width, <=, panel.origin.x);
  /* The view asks for no more room than the narrow window has. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
  g_assert_cmpfloat (panel.origin.x + panel.size.width, <=, width);
  g_assert_cmpfloat (panel.origin.y + panel.size.height, <=, height);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window-learning/toggle", test_toggle);
  add_window_test ("/ring/window-learning/ring-words", test_ring_words);
  add_window_test ("/ring/window-learning/every-algorithm", test_every_algorithm);
  add_window_test ("/ring/window-learning/800x600", test_800x600);

  return g_test_run ();
}
