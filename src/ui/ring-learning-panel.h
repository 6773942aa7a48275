/* ring-learning-panel.h: the learning view's side text and step controls.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-animation.h"

G_BEGIN_DECLS

#define RING_TYPE_LEARNING_PANEL (ring_learning_panel_get_type ())

G_DECLARE_FINAL_TYPE (RingLearningPanel, ring_learning_panel, RING, LEARNING_PANEL, GtkWidget)

/* Property: "animation", the RingAnimation whose frame the panel explains. Its buttons
 * run win.previous-ring-step, win.play and win.ring-step. */

RingAnimation *ring_learning_panel_get_animation (RingLearningPanel *self);
void           ring_learning_panel_set_animation (RingLearningPanel *self,
                                                  RingAnimation     *animation);
/* The texts shown: 0 the phase, 1 the step within it ("Step 3 of 7", or empty), 2 what
 * each GPU does, 3 why. */
const char    *ring_learning_panel_get_text      (RingLearningPanel *self,
                                                  guint              index);

G_END_DECLS
