/* ring-test-window.h: what the window's test programs (test-window*.c) share: the seed's
 * window, waiting for frames, and counting what each view draws.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-chart.h"
#include "ring-style.h"
#include "ring-test-ui.h"

G_BEGIN_DECLS

/* The memory settings backend lives as long as the process: each case starts from the
 * defaults, whatever the case before it left behind, with the seed's flat ring and one
 * gradient bucket (nothing overlapped), whose numbers the cases derive (test-cost.c). */
void     ring_seed_window_fixture_set_up (RingWindowFixture *fixture,
                                          gconstpointer      user_data);

#define add_window_test(path, test) \
  g_test_add ((path), RingWindowFixture, NULL, ring_seed_window_fixture_set_up, (test), \
              ring_window_fixture_tear_down)

/* Counts emissions: connect it swapped, with a guint as its data. */
void     count_cb      (guint *count);
/* Counts frame clock ticks: a tick callback with a guint as its data. */
gboolean count_tick_cb (GtkWidget     *widget,
                        GdkFrameClock *frame_clock,
                        gpointer       user_data);

/* Whether the pixel at @x, @y of @surface (ARGB32) is @color, within 2 of 255 a channel. */
gboolean pixel_is      (cairo_surface_t *surface,
                        int              x,
                        int              y,
                        const RingColor *color);

/* Runs the main loop, frames included, until @done says so or a second has passed. */
gboolean iterate_until (gboolean (*done) (gpointer data),
                        gpointer   data);
/* The same, with @seconds instead of one. */
gboolean iterate_until_s (gboolean (*done) (gpointer data),
                          gpointer   data,
                          guint      seconds);
/* Runs the main loop, frames included, for @ms milliseconds. */
void     iterate_for   (guint ms);

/* For iterate_until(): @chart drew again since it had drawn @count times, and has a probe. */
typedef struct
{
  RingChart *chart;
  guint      count;
} ChartProbeWait;

gboolean chart_probed_since (gpointer data);

/* What each view has drawn so far: the chart through PLplot, the step bar and the ring. */
typedef struct
{
  RingWindow *window;
  guint       chart;
  guint       step_bar;
  guint       animation;
} ViewDraws;

/* Until every view has drawn what the window shows now, and then some frames more: the
 * counts before a change. */
void     settle_views               (RingWindow      *window,
                                     ViewDraws       *draws);
/* After one change: each view draws again, once, and no more in the frames after. */
void     assert_each_view_drew_once (const ViewDraws *before);

/* Resizes @window as a user would, and waits until it has that size and has laid out. */
void     ring_test_resize_window        (RingWindow *window,
                                         int         width,
                                         int         height);
/* The columns the metric cards of @grid take at its width: four when every visible card's
 * natural width fits a quarter of the row (8 px apart), two otherwise. */
guint    ring_test_expected_columns     (GtkWidget  *grid);
/* At 800 × 600: the sidebar folded into an overlay and hidden, the cards in the columns
 * they fit, one chart, and every visible card's title and value whole. */
void     ring_test_assert_narrow_layout (RingWindow *window);

G_END_DECLS
