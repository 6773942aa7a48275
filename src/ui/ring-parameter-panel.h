/* ring-parameter-panel.h: a widget per model parameter, bound to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_PARAMETER_PANEL (ring_parameter_panel_get_type ())

G_DECLARE_FINAL_TYPE (RingParameterPanel, ring_parameter_panel, RING, PARAMETER_PANEL, AdwBin)

GtkWidget *ring_parameter_panel_new       (RingModel          *model);
RingModel *ring_parameter_panel_get_model (RingParameterPanel *self);
void       ring_parameter_panel_set_model (RingParameterPanel *self,
                                           RingModel          *model);

G_END_DECLS
