/* ring-wheel-guard.c: the wheel scrolls the panel unless the control under it has the
 * focus.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <math.h>

#include "ring-wheel-guard.h"

/* Whether the keyboard focus is @control or inside it: a spin button's focus is its text
 * field. The window's focus widget counts even while the window is not active, so that a
 * field clicked into keeps the wheel. */
static gboolean
has_keyboard_focus (GtkWidget *control)
{
  GtkRoot *root = gtk_widget_get_root (control);
  GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;

  return focus != NULL && (focus == control || gtk_widget_is_ancestor (focus, control));
}

/* Moves @scrolled as its own scroll controller would: a wheel's click by the page size to
 * the power 2/3 (GtkScrolledWindow's step), a touchpad's delta in pixels. */
static void
scroll_by (GtkScrolledWindow *scrolled,
           GdkScrollUnit      unit,
           double             delta_y)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scrolled);
  double page_size = gtk_adjustment_get_page_size (adjustment);
  double step = unit == GDK_SCROLL_UNIT_WHEEL ? pow (page_size, 2.0 / 3.0) : 1.0;
  double lowest = gtk_adjustment_get_lower (adjustment);
  double highest = gtk_adjustment_get_upper (adjustment) - page_size;
  double value = gtk_adjustment_get_value (adjustment) + delta_y * step;

  gtk_adjustment_set_value (adjustment, CLAMP (value, lowest, MAX (lowest, highest)));
}

static gboolean
ring_wheel_guard_scroll_cb (GtkEventControllerScroll *controller,
                            double                    delta_x,
                            double                    delta_y,
                            gpointer                  user_data)
{
  GtkWidget *control = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (controller));
  GtkWidget *scrolled;

  if (has_keyboard_focus (control))
    return GDK_EVENT_PROPAGATE;

  scrolled = gtk_widget_get_ancestor (control, GTK_TYPE_SCROLLED_WINDOW);
  if (scrolled != NULL && delta_y != 0)
    scroll_by (GTK_SCROLLED_WINDOW (scrolled),
               gtk_event_controller_scroll_get_unit (controller), delta_y);

  /* Claimed even with nothing to scroll: the value never moves without the focus. */
  return GDK_EVENT_STOP;
}

void
_ring_wheel_guard_attach (GtkWidget *control)
{
  GtkEventController *controller;

  g_return_if_fail (GTK_IS_WIDGET (control));

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  gtk_event_controller_set_name (controller, "ring-wheel-guard");
  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  g_signal_connect (controller, "scroll", G_CALLBACK (ring_wheel_guard_scroll_cb), NULL);
  gtk_widget_add_controller (control, controller);
}
