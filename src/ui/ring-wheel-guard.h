/* ring-wheel-guard.h: the mouse wheel over a control that has no focus scrolls the panel
 * around it, as in GNOME's settings, instead of changing the control's value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Gives @control a scroll controller in the capture phase, ahead of the control's own:
 * while the keyboard focus is elsewhere, the wheel scrolls the nearest GtkScrolledWindow
 * around @control and never reaches the control. With the focus in @control, the wheel
 * steps its value as before. */
void _ring_wheel_guard_attach (GtkWidget *control);

G_END_DECLS
