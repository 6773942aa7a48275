/* ring-test-window.c: what the window's test programs share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <math.h>
#include <stdlib.h>

#include "ring-animation-private.h"
#include "ring-chart-private.h"
#include "ring-step-bar-private.h"

void
ring_seed_window_fixture_set_up (RingWindowFixture *fixture,
                                 gconstpointer      user_data)
{
  /* Seeded before the first frame, so that the views' first drawing shows the seed. */
  ring_window_fixture_open (fixture);
  ring_model_reset (fixture->model);
  ring_model_set_value (fixture->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (fixture->model, RING_PARAM_BUCKET_SIZE, 0);
  ring_test_wait_for_rows (fixture->window);
}

void
count_cb (guint *count)
{
  (*count)++;
}

gboolean
count_tick_cb (GtkWidget     *widget,
               GdkFrameClock *frame_clock,
               gpointer       user_data)
{
  guint *ticks = user_data;

  (*ticks)++;

  return G_SOURCE_CONTINUE;
}

gboolean
pixel_is (cairo_surface_t *surface,
          int              x,
          int              y,
          const RingColor *color)
{
  const guint8 *row = cairo_image_surface_get_data (surface)
                      + y * cairo_image_surface_get_stride (surface);
  guint32 pixel = ((const guint32 *) (const void *) row)[x];

  return abs ((int) ((pixel >> 16) & 0xff) - (int) round (color->red * 255)) <= 2
         && abs ((int) ((pixel >> 8) & 0xff) - (int) round (color->green * 255)) <= 2
         && abs ((int) (pixel & 0xff) - (int) round (color->blue * 255)) <= 2;
}

gboolean
iterate_until_s (gboolean (*done) (gpointer data),
                 gpointer   data,
                 guint      seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return done (data);
}

gboolean
iterate_until (gboolean (*done) (gpointer data),
               gpointer   data)
{
  return iterate_until_s (done, data, 1);
}

void
iterate_for (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

gboolean
chart_probed_since (gpointer data)
{
  ChartProbeWait *wait = data;

  return _ring_chart_get_render_count (wait->chart) > wait->count
         && _ring_chart_get_probe (wait->chart) != NULL;
}

static void
count_draws (RingWindow *window,
             ViewDraws  *draws)
{
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);

  draws->window = window;
  draws->chart = _ring_chart_get_render_count (chart);
  draws->step_bar = _ring_step_bar_get_draw_count (RING_STEP_BAR (window->step_bar));
  draws->animation = _ring_animation_get_draw_count (RING_ANIMATION (window->animation));
}

static gboolean
all_drawn_since (gpointer data)
{
  const ViewDraws *before = data;
  ViewDraws now;

  count_draws (before->window, &now);

  return now.chart > before->chart && now.step_bar > before->step_bar
         && now.animation > before->animation;
}

/* As iterate_until(), with time for a busy machine: what is counted is the frames, not
 * how soon they come. */
static gboolean
iterate_until_drawn (const ViewDraws *before)
{
  return iterate_until_s (all_drawn_since, (gpointer) before, 10);
}

void
settle_views (RingWindow *window,
              ViewDraws  *draws)
{
  ViewDraws none = { window, 0, 0, 0 };

  g_assert_true (iterate_until_drawn (&none));
  iterate_for (300);
  count_draws (window, draws);
}

void
assert_each_view_drew_once (const ViewDraws *before)
{
  ViewDraws after;

  g_assert_true (iterate_until_drawn (before));
  iterate_for (300);
  count_draws (before->window, &after);
  g_assert_cmpuint (after.chart, ==, before->chart + 1);
  g_assert_cmpuint (after.step_bar, ==, before->step_bar + 1);
  g_assert_cmpuint (after.animation, ==, before->animation + 1);
}

typedef struct
{
  GtkWidget *window;
  int        width, height;
} SizeWait;

/* The window's size as the display has it, its frame included. */
static void
window_size (GtkWidget *window,
             int       *width,
             int       *height)
{
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (window));

  *width = gdk_surface_get_width (surface);
  *height = gdk_surface_get_height (surface);
}

static gboolean
window_has_size (gpointer data)
{
  SizeWait *wait = data;
  int width, height;

  window_size (wait->window, &width, &height);
  return width == wait->width && height == wait->height;
}

void
ring_test_resize_window (RingWindow *window,
                         int         width,
                         int         height)
{
  SizeWait wait = { GTK_WIDGET (window), width, height };

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  if (!iterate_until_s (window_has_size, &wait, 5))
    {
      int shown_width, shown_height;

      int minimum_width;

      window_size (wait.window, &shown_width, &shown_height);
      gtk_widget_measure (wait.window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum_width, NULL,
                          NULL, NULL);
      g_error ("the window is %d × %d, not %d × %d; it needs %d px", shown_width,
               shown_height, width, height, minimum_width);
    }
  /* The folding and the reflow settle in the frames after the new size. */
  iterate_for (300);
}

static void
assert_label_whole (GtkLabel   *label,
                    const char *what)
{
  if (pango_layout_is_ellipsized (gtk_label_get_layout (label)))
    g_error ("%s “%s” is cut: %d px for it", what, gtk_label_get_label (label),
             gtk_widget_get_width (GTK_WIDGET (label)));
}

guint
ring_test_expected_columns (GtkWidget *grid)
{
  int quarter = (gtk_widget_get_width (grid) - 3 * 8) / 4;

  for (GtkWidget *card = gtk_widget_get_first_child (grid); card != NULL;
       card = gtk_widget_get_next_sibling (card))
    {
      int natural;

      if (!gtk_widget_get_visible (card))
        continue;
      gtk_widget_measure (card, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      if (natural > quarter)
        return 2;
    }

  return 4;
}

void
ring_test_assert_narrow_layout (RingWindow *window)
{
  int width, height, minimum_width, minimum_height;
  guint cards = 0;

  /* 800 × 600 on the display, and the window's content fits in it. */
  window_size (GTK_WIDGET (window), &width, &height);
  g_assert_cmpint (width, ==, 800);
  g_assert_cmpint (height, ==, 600);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1,
                      &minimum_width, NULL, NULL, NULL);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_VERTICAL,
                      gtk_widget_get_width (GTK_WIDGET (window)),
                      &minimum_height, NULL, NULL, NULL);
  g_assert_cmpint (minimum_width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (minimum_height, <=, gtk_widget_get_height (GTK_WIDGET (window)));

  /* The sidebar folded away, its button in the header bar. */
  g_assert_true (_ring_window_get_sidebar_folded (window));
  g_assert_false (_ring_window_get_sidebar_shown (window));
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (window->sidebar_button)));

  /* One chart; the cards in four columns where each card's natural width fits a
   * quarter of the row, in two otherwise. */
  g_assert_false (ring_chart_view_get_showing_two (RING_CHART_VIEW (window->chart_view)));
  g_assert_cmpuint (ring_metric_grid_get_columns (RING_METRIC_GRID (window->metrics_grid)),
                    ==, ring_test_expected_columns (window->metrics_grid));

  /* No card cuts its title or its value. */
  for (GtkWidget *card = gtk_widget_get_first_child (window->metrics_grid); card != NULL;
       card = gtk_widget_get_next_sibling (card))
    {
      RingMetricCard *metric_card = RING_METRIC_CARD (card);

      if (!gtk_widget_get_visible (card))
        continue;
      assert_label_whole (ring_metric_card_get_value_label (metric_card), "the value");
      assert_label_whole (ring_metric_card_get_title_label (metric_card), "the title");
      cards++;
    }
  g_assert_cmpuint (cards, ==, 8);
}
