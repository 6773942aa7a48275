/* ring-model-follow.h: the one way a view follows its model: a GSignalGroup made in
 * init, retargeted when the model changes, cleared first in dispose.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-model.h"

G_BEGIN_DECLS

/* The views' "model" property. */
GParamSpec   *_ring_model_follow_param_spec (void);
/* A signal group that calls @changed_cb (swapped: @view first) on the model's "changed". */
GSignalGroup *_ring_model_follow_new        (gpointer       view,
                                             GCallback      changed_cb);
/* Sets *@model_slot to @model and retargets @signals; FALSE when @model is already set. */
gboolean      _ring_model_follow_set        (RingModel    **model_slot,
                                             GSignalGroup  *signals,
                                             RingModel     *model);

G_END_DECLS
