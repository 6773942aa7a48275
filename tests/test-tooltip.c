/* test-tooltip.c: tooltips set without a pointer query (ring-tooltip.c): each widget gets
 * the tooltip it is given, keeps the visibility it had, and a tooltip set again to the
 * same text changes nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"
#include "ring-tooltip.h"

static void
count_cb (guint *count)
{
  (*count)++;
}

/* A widget in no window yet: the tooltip is set, and the widget is visible as before. */
static void
test_outside_window (void)
{
  GtkWidget *label = g_object_ref_sink (gtk_label_new ("GPUs"));
  GtkWidget *hidden = g_object_ref_sink (gtk_label_new ("NICs"));

  gtk_widget_set_visible (hidden, FALSE);

  ring_tooltip_set_text (label, "How many GPUs share the gradient");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (label), ==, "How many GPUs share the gradient");
  g_assert_true (gtk_widget_get_has_tooltip (label));
  g_assert_true (gtk_widget_get_visible (label));

  ring_tooltip_set_text (hidden, "Network cards each node has");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (hidden), ==, "Network cards each node has");
  g_assert_false (gtk_widget_get_visible (hidden));

  /* An empty text is none, as GTK's own setter has it. */
  ring_tooltip_set_text (label, "");
  g_assert_null (gtk_widget_get_tooltip_text (label));
  g_assert_false (gtk_widget_get_has_tooltip (label));
  g_assert_true (gtk_widget_get_visible (label));

  g_assert_finalize_object (label);
  g_assert_finalize_object (hidden);
}

/* In a shown window: set only when the text differs, so the same text notifies nothing
 * (a tooltip set again hides and shows a shown one). */
static void
test_in_window (void)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *button = gtk_button_new_with_label ("Run");
  guint notified = 0;

  gtk_window_set_child (GTK_WINDOW (window), button);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect_swapped (button, "notify::tooltip-text", G_CALLBACK (count_cb), &notified);

  ring_tooltip_set_text (button, "Play one all-reduce");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Play one all-reduce");
  g_assert_cmpuint (notified, ==, 1);

  ring_tooltip_set_text (button, "Play one all-reduce");
  g_assert_cmpuint (notified, ==, 1);

  ring_tooltip_set_text (button, "Play one whole step");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Play one whole step");
  g_assert_cmpuint (notified, ==, 2);

  ring_tooltip_set_text (button, NULL);
  g_assert_null (gtk_widget_get_tooltip_text (button));
  g_assert_cmpuint (notified, ==, 3);
  ring_tooltip_set_text (button, NULL);
  g_assert_cmpuint (notified, ==, 3);
  g_assert_true (gtk_widget_get_visible (button));

  ring_test_destroy_window (GTK_WINDOW (window), NULL);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  g_test_add_func ("/ring/tooltip/outside-window", test_outside_window);
  g_test_add_func ("/ring/tooltip/in-window", test_in_window);

  return g_test_run ();
}
