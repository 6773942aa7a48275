/* ring-parameter-panel-private.h: for tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-parameter-panel.h"

G_BEGIN_DECLS

/* The slider and the typed field of a parameter, by property name ("gpus", …). */
GtkRange      *_ring_parameter_panel_get_scale (RingParameterPanel *self,
                                                const char         *property);
GtkSpinButton *_ring_parameter_panel_get_spin  (RingParameterPanel *self,
                                                const char         *property);

G_END_DECLS
