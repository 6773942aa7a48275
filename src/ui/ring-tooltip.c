/* ring-tooltip.c: tooltips set without asking the display where the pointer is.
 *
 * GTK looks for the widget under the pointer again whenever a visible widget's tooltip
 * is set, even to the text it has or to none, and even for a widget in no window yet:
 * on X11 that is two round trips to the server (XIGetClientPointer, XIQueryPointer).
 * Building the window set some 200 tooltips that way, most of them on rows of drop-down
 * lists nobody had opened, and the round trips were a fifth of the CPU time before the
 * first frame. A widget in no window cannot be under the pointer, and a hidden one is
 * not asked about, so such a widget gets its tooltip while hidden for that moment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-tooltip.h"

/* Sets @widget's tooltip to @text (NULL or "" for none) when it differs from the one it
 * has; a widget in no window yet gets it without a pointer query. */
void
ring_tooltip_set_text (GtkWidget  *widget,
                       const char *text)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (text != NULL && text[0] == '\0')
    text = NULL;
  if (g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0)
    return;

  if (gtk_widget_get_root (widget) == NULL && gtk_widget_get_visible (widget))
    {
      gtk_widget_set_visible (widget, FALSE);
      gtk_widget_set_tooltip_text (widget, text);
      gtk_widget_set_visible (widget, TRUE);
      return;
    }

  gtk_widget_set_tooltip_text (widget, text);
}
