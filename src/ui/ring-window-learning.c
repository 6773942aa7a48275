/* ring-window-learning.c: the learning view. The animation takes the main area, beside a
 * RingLearningPanel that says what happens at each step and why, with previous, play and
 * next; the metric cards, the step's figures and the charts step aside. The "learning-view"
 * key remembers it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-window-private.h"

/* The ring's width beside the charts; in the learning view it grows with the window. */
#define ANIMATION_MAX_WIDTH          440
#define LEARNING_ANIMATION_MAX_WIDTH 1600

static void
previous_ring_step_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_animation_previous_ring_step (RING_ANIMATION (self->animation));
}

gboolean
_ring_window_learning_set (RingWindow *self,
                           gboolean    learning_view)
{
  int max_width = learning_view ? LEARNING_ANIMATION_MAX_WIDTH : ANIMATION_MAX_WIDTH;

  g_assert (RING_IS_WINDOW (self));

  learning_view = !!learning_view;
  if (self->learning_view == learning_view)
    return FALSE;

  self->learning_view = learning_view;
  gtk_widget_set_visible (self->numbers_box, !learning_view);
  gtk_widget_set_visible (self->chart_view, !learning_view);
  gtk_widget_set_visible (self->learning_panel, learning_view);
  adw_clamp_set_maximum_size (self->animation_clamp, max_width);
  adw_clamp_set_tightening_threshold (self->animation_clamp, max_width);
  gtk_widget_set_hexpand (GTK_WIDGET (self->animation_clamp), learning_view);

  return TRUE;
}

void
_ring_window_learning_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_property_action (widget_class, "win.learning-view",
                                            "learning-view");
  gtk_widget_class_install_action (widget_class, "win.previous-ring-step", NULL,
                                   previous_ring_step_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK,
                                       "win.learning-view", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.previous-ring-step", NULL);
}
