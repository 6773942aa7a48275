/* ring-measurement-group.h: the loaded nccl-tests logs in the parameter panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_MEASUREMENT_GROUP (ring_measurement_group_get_type ())

G_DECLARE_FINAL_TYPE (RingMeasurementGroup, ring_measurement_group, RING, MEASUREMENT_GROUP,
                      AdwPreferencesGroup)

/* Property "model". One row a log: its name, its ranks and sizes, the model's error; a
 * button for its fitted values and one that removes it (the window's actions
 * win.use-fitted-values and win.remove-measurement, with the log's index). The group's
 * description names the fitted values the model holds. Hidden while no log is loaded. */
GtkWidget *ring_measurement_group_new       (void);
void       ring_measurement_group_set_model (RingMeasurementGroup *self,
                                             RingModel            *model);

/* For tests: the @index-th log's row, or NULL. */
AdwActionRow *_ring_measurement_group_get_row (RingMeasurementGroup *self,
                                               guint                 index);

G_END_DECLS
