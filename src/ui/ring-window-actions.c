/* ring-window-actions.c: the window's actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-window-private.h"

static void
reset_parameters_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_model_reset (self->model);
}

void
_ring_window_class_actions_init (RingWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.reset-parameters", NULL,
                                   reset_parameters_action);
}
