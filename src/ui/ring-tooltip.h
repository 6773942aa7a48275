/* ring-tooltip.h: tooltips set without asking the display where the pointer is.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ring_tooltip_set_text (GtkWidget  *widget,
                            const char *text);

G_END_DECLS
