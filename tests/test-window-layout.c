/* test-window-layout.c: the window from 1280 × 800 down to 800 × 600: the sidebar folds
 * into an overlay that its button and F9 show, the cards take two columns, the second
 * chart goes, and no card cuts a value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

static void
test_wide (RingWindowFixture *fixture,
           gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_test_resize_window (window, 1280, 800);
  g_assert_false (_ring_window_get_sidebar_folded (window));
  g_assert_true (_ring_window_get_sidebar_shown (window));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->sidebar_button)));
  g_assert_true (gtk_widget_get_child_visible (window->sidebar));
  g_assert_true (gtk_widget_get_mapped (window->sidebar));
  g_assert_cmpuint (ring_metric_grid_get_columns (RING_METRIC_GRID (window->metrics_grid)),
                    ==, 4);
}

static void
test_800x600 (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_test_resize_window (window, 800, 600);
  ring_test_assert_narrow_layout (window);

  /* The widest values there are: a collective's cards, then a large cluster's. */
  ring_model_set_value (fixture->model, RING_PARAM_MESSAGE_SIZE, 64 * 1024 * 1024);
  iterate_for (200);
  ring_test_assert_narrow_layout (window);
  ring_model_set_value (fixture->model, RING_PARAM_MESSAGE_SIZE, 0);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 65536);
  iterate_for (200);
  ring_test_assert_narrow_layout (window);
}

static void
test_sidebar_overlay (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_test_resize_window (window, 800, 600);
  g_assert_false (_ring_window_get_sidebar_shown (window));

  /* The button shows the sidebar over the main area, F9 hides it again. */
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (window->sidebar_button), TRUE);
  iterate_for (300);
  g_assert_true (_ring_window_get_sidebar_shown (window));
  g_assert_true (_ring_window_get_sidebar_folded (window));
  g_assert_true (gtk_widget_get_mapped (window->sidebar));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL);
  iterate_for (300);
  g_assert_false (_ring_window_get_sidebar_shown (window));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->sidebar_button)));

  /* Wide again: the sidebar back beside the main area, where F9 hides it too. */
  ring_test_resize_window (window, 1280, 800);
  g_assert_false (_ring_window_get_sidebar_folded (window));
  g_assert_true (_ring_window_get_sidebar_shown (window));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->sidebar_button)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.toggle-sidebar", NULL);
  iterate_for (500);
  g_assert_false (_ring_window_get_sidebar_shown (window));
  g_assert_false (_ring_window_get_sidebar_folded (window));
}

/* The tour's first step is about the panel: on a narrow window it shows it over the
 * window, and the next step hides it again. */
static void
test_tour_shows_sidebar (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_test_resize_window (window, 800, 600);
  g_assert_false (_ring_window_get_sidebar_shown (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start-tour", NULL);
  iterate_for (300);
  g_assert_true (_ring_window_get_sidebar_shown (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-next", NULL);
  iterate_for (300);
  g_assert_false (_ring_window_get_sidebar_shown (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-skip", NULL);
}

/* A drag along the GPU slider changes the sentence under the step bar (what 90 %
 * utilization needs, and the notes after it), which wraps to one line or two: the ring
 * and the charts below it stay where they are, at the laptop's size and a narrower, taller
 * one (the tests' screen is 1280 × 1024). */
static void
test_steady_while_gpus_move (RingWindowFixture *fixture,
                             gconstpointer      user_data)
{
  static const int sizes[][2] = { { 1280, 800 }, { 1180, 1000 } };
  RingWindow *window = fixture->window;

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      graphene_rect_t first = { 0 };

      ring_test_resize_window (window, sizes[s][0], sizes[s][1]);
      for (guint k = 1; k <= 12; k++)
        {
          graphene_rect_t bounds;

          ring_model_set_value (fixture->model, RING_PARAM_GPUS, 1u << k);
          iterate_for (100);
          g_assert_true (gtk_widget_compute_bounds (window->chart_view, GTK_WIDGET (window),
                                                    &bounds));
          if (k == 1)
            first = bounds;
          if (!graphene_rect_equal (&bounds, &first))
            g_error ("at %ux%u, %u GPUs move the charts from %g,%g %gx%g to %g,%g %gx%g",
                     sizes[s][0], sizes[s][1], 1u << k, first.origin.x, first.origin.y,
                     first.size.width, first.size.height, bounds.origin.x, bounds.origin.y,
                     bounds.size.width, bounds.size.height);
        }
    }
}

/* Where four cards do not fit a row, two do, each at its natural width: nothing cut. */
static void
test_two_columns (void)
{
  GtkWindow *window = GTK_WINDOW (gtk_window_new ());
  GtkWidget *grid = g_object_new (RING_TYPE_METRIC_GRID, NULL);
  const char *values[] = { "430 ms", "213 ms", "78.8 %", "0", "230.1 GB/s",
                           "72.2 k tokens/s", "1 024", "Ring, Simple" };
  int natural;

  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      GtkWidget *card = g_object_new (RING_TYPE_METRIC_CARD, "metric", values[i],
                                      "title", "Cluster throughput", "value", values[i],
                                      NULL);

      gtk_widget_set_parent (card, grid);
    }
  gtk_window_set_child (window, grid);
  gtk_window_set_default_size (window, 420, 400);
  gtk_window_present (window);
  iterate_for (300);

  /* The grid asks for two whole cards a row, and lays out four rows. */
  gtk_widget_measure (grid, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (grid), <, natural);
  g_assert_cmpuint (ring_metric_grid_get_columns (RING_METRIC_GRID (grid)), ==, 2);
  g_assert_cmpuint (ring_test_expected_columns (grid), ==, 2);
  for (GtkWidget *card = gtk_widget_get_first_child (grid); card != NULL;
       card = gtk_widget_get_next_sibling (card))
    {
      GtkLabel *value = ring_metric_card_get_value_label (RING_METRIC_CARD (card));
      graphene_rect_t bounds;

      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (value)));
      g_assert_true (gtk_widget_compute_bounds (card, grid, &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, gtk_widget_get_width (grid));
    }
  g_assert_cmpint (gtk_widget_get_height (grid), >=,
                   4 * gtk_widget_get_height (gtk_widget_get_first_child (grid)));

  /* Wide enough for four: one row of four, then the next. */
  gtk_window_set_default_size (window, 1000, 400);
  iterate_for (300);
  g_assert_cmpuint (ring_metric_grid_get_columns (RING_METRIC_GRID (grid)), ==, 4);

  ring_test_destroy_window (window, NULL);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window-layout/wide", test_wide);
  add_window_test ("/ring/window-layout/800x600", test_800x600);
  add_window_test ("/ring/window-layout/sidebar-overlay", test_sidebar_overlay);
  add_window_test ("/ring/window-layout/tour-shows-sidebar", test_tour_shows_sidebar);
  add_window_test ("/ring/window-layout/steady-while-gpus-move", test_steady_while_gpus_move);
  g_test_add_func ("/ring/window-layout/two-columns", test_two_columns);

  return g_test_run ();
}
