/* ring-test-window.c: what the window's test programs share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include "ring-animation-private.h"
#include "ring-chart-private.h"
#include "ring-step-bar-private.h"

void
ring_seed_window_fixture_set_up (RingWindowFixture *fixture,
                                 gconstpointer      user_data)
{
  ring_window_fixture_set_up (fixture, user_data);
  ring_model_reset (fixture->model);
  ring_model_set_value (fixture->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (fixture->model, RING_PARAM_BUCKET_SIZE, 0);
}

void
count_cb (guint *count)
{
  (*count)++;
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
