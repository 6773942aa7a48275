/* ring-parameter-row.h: one parameter's row, its title and typed field above a slider.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-parameter-spec.h"

G_BEGIN_DECLS

#define RING_TYPE_PARAMETER_ROW (ring_parameter_row_get_type ())

G_DECLARE_FINAL_TYPE (RingParameterRow, ring_parameter_row, RING, PARAMETER_ROW,
                      AdwPreferencesRow)

/* The row of @spec (a slider parameter of the table): titled, ranged, its field reading
 * what a person types, one Tab stop. Its values are the field's and the slider's scales;
 * binding them to the model is the panel's. */
GtkWidget     *ring_parameter_row_new       (const ParameterSpec *spec);

RingParamId    ring_parameter_row_get_param (RingParameterRow    *self);
GtkSpinButton *ring_parameter_row_get_spin  (RingParameterRow    *self);
GtkRange      *ring_parameter_row_get_scale (RingParameterRow    *self);
/* What the field reads at 0 where 0 stands for a value derived from others ("8 (the
 * node)"), and reads back as 0; NULL: the spec's own text. */
void           ring_parameter_row_set_zero_text (RingParameterRow *self,
                                                 const char       *text);

G_END_DECLS
