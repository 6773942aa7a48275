/* ring-step-bar.h: the step-timing bar.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_STEP_BAR (ring_step_bar_get_type ())

G_DECLARE_FINAL_TYPE (RingStepBar, ring_step_bar, RING, STEP_BAR, GtkWidget)

GtkWidget *ring_step_bar_new       (RingModel   *model);
void       ring_step_bar_set_model (RingStepBar *self,
                                    RingModel   *model);

G_END_DECLS
