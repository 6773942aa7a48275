/* ring-choice-row.h: a combo row offering the choices of a choice parameter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* An AdwComboRow of RingChoice items for the choice parameter @param_id (a RingParamId):
 * the closed row shows the chosen entry's summary, the open list each entry's title and,
 * for one that cannot run here, the reason, dimmed and insensitive. *choices receives the
 * list (a new reference) so the caller can update what is available. */
GtkWidget *ring_choice_row_new (guint        param_id,
                                const char  *title,
                                const char  *tooltip,
                                GListStore **choices);

G_END_DECLS
