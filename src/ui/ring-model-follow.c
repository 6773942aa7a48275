/* ring-model-follow.c: the one way a view follows its model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-model-follow.h"

GParamSpec *
_ring_model_follow_param_spec (void)
{
  return g_param_spec_object ("model", NULL, NULL, RING_TYPE_MODEL,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY
                              | G_PARAM_STATIC_STRINGS);
}

GSignalGroup *
_ring_model_follow_new (gpointer  view,
                        GCallback changed_cb)
{
  GSignalGroup *signals = g_signal_group_new (RING_TYPE_MODEL);

  g_return_val_if_fail (G_IS_OBJECT (view), signals);

  g_signal_group_connect_object (signals, "changed", changed_cb, view, G_CONNECT_SWAPPED);

  return signals;
}

gboolean
_ring_model_follow_set (RingModel    **model_slot,
                        GSignalGroup  *signals,
                        RingModel     *model)
{
  g_return_val_if_fail (model_slot != NULL, FALSE);
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), FALSE);

  if (!g_set_object (model_slot, model))
    return FALSE;

  if (signals != NULL)
    g_signal_group_set_target (signals, model);

  return TRUE;
}
