/* ring-test-ui.h: what every ui test program shares: the display, and a window whose
 * lifetime each case checks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-metric-card.h"
#include "ring-metric-grid.h"
#include "ring-window-private.h"

G_BEGIN_DECLS

/* Opens the display the ui suite runs under (Xvfb, from build-aux/dev test). Without one
 * it says so in TAP and returns FALSE, so that main() returns 0 with the program skipped
 * instead of aborting in gtk_init(). */
gboolean ring_test_init_display   (void);
gboolean ring_test_init_ui        (int        *argc,
                                   char     ***argv);

/* Closes @window as its close button does (close-request, then destroy), runs the main
 * loop, and asserts that @window and @model (the model it showed, or NULL) are finalized:
 * nothing kept a reference or a cycle. The caller holds a reference to neither. */
void     ring_test_close_window   (GtkWindow *window,
                                   gpointer   model);
/* The same through gtk_window_destroy(), which asks nobody. */
void     ring_test_destroy_window (GtkWindow *window,
                                   gpointer   model);

/* The first widget under @root (@root included) that @match accepts, or NULL. */
typedef gboolean (*RingTestWidgetMatch) (GtkWidget     *widget,
                                         gconstpointer  data);
GtkWidget  *ring_test_find_widget  (GtkWidget           *root,
                                    RingTestWidgetMatch  match,
                                    gconstpointer        data);
/* The first GtkLabel under @root that reads @text, or NULL. */
GtkWidget  *ring_test_find_label   (GtkWidget           *root,
                                    const char          *text);

/* A metric card of @window, by the property it shows: a box of the title label and the
 * value label. */
GtkWidget  *ring_test_metric_card  (RingWindow          *window,
                                    const char          *property);
const char *ring_test_metric_title (RingWindow          *window,
                                    const char          *property);
const char *ring_test_metric_value (RingWindow          *window,
                                    const char          *property);

/* Runs the main loop until every file @window has queued (nccl-tests logs, scenario
 * files, the last session's) is read off the main thread and applied or refused, and
 * asserts that it was, within two minutes. */
void        ring_test_wait_for_imports (RingWindow       *window);
/* Runs the main loop until the sidebar has the rows its first frame left out (they come
 * once the window has painted), and asserts that they came without being asked for. */
void        ring_test_wait_for_rows    (RingWindow       *window);

/* Types @text into @spin and commits it, as Enter or leaving the field does. */
void        ring_test_type         (GtkSpinButton       *spin,
                                    const char          *text);

/* The application's window, presented. Use it with g_test_add(): every case then ends
 * with the window closed and the window and its model finalized. */
typedef struct
{
  RingWindow *window;
  RingModel  *model;      /* the window's own; the fixture holds no reference */
} RingWindowFixture;

/* The set-up's first half: the window presented, its first frame not painted yet. */
void     ring_window_fixture_open      (RingWindowFixture *fixture);
void     ring_window_fixture_set_up    (RingWindowFixture *fixture,
                                        gconstpointer      user_data);
void     ring_window_fixture_tear_down (RingWindowFixture *fixture,
                                        gconstpointer      user_data);

/* Registers @test on a RingWindowFixture. */
#define ring_test_add_window(path, test) \
  g_test_add ((path), RingWindowFixture, NULL, ring_window_fixture_set_up, (test), \
              ring_window_fixture_tear_down)

G_END_DECLS
