/* ring-parameter-panel-private.h: for tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-parameter-panel.h"

G_BEGIN_DECLS

/* The rows the first frame does not show are added once it is painted; this adds them now
 * if they are not there yet. Every getter below calls it. */
void             _ring_parameter_panel_ensure_rows     (RingParameterPanel *self);
gboolean         _ring_parameter_panel_get_rows_complete (RingParameterPanel *self);

/* The slider and the typed field of a parameter, by property name ("gpus", …, and
 * "message-size"); NULL for a parameter without one. */
GtkRange        *_ring_parameter_panel_get_scale       (RingParameterPanel *self,
                                                        const char         *property);
GtkSpinButton   *_ring_parameter_panel_get_spin        (RingParameterPanel *self,
                                                        const char         *property);
/* The drop-down of a choice ("gpu", "fabric", "algorithm"); its items are RingChoice. */
AdwComboRow     *_ring_parameter_panel_get_combo       (RingParameterPanel *self,
                                                        const char         *property);
/* The question: the training step's button, or the single collective's. */
GtkToggleButton *_ring_parameter_panel_get_mode_button (RingParameterPanel *self,
                                                        gboolean            collective);
/* "cluster_group", "step_group", "collective_group", "network_group". */
GtkWidget       *_ring_parameter_panel_get_group       (RingParameterPanel *self,
                                                        const char         *name);

G_END_DECLS
