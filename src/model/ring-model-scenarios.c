/* ring-model-scenarios.c: the scenarios a RingModel keeps pinned beside its parameters,
 * and the one the metrics compare with. Each change is one "changed" of the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-model-private.h"

gboolean
ring_model_add_scenario (RingModel           *self,
                         const RingScenario  *scenario,
                         GError             **error)
{
  GPtrArray *scenarios;
  g_autofree char *name = NULL;
  g_autoptr(GError) invalid = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (scenario != NULL && scenario->name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  scenarios = _ring_model_get_scenario_array (self);
  if (scenarios->len >= RING_MAX_SCENARIOS)
    {
      g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FULL,
                   /* TRANSLATORS: %d is the most scenarios that can be pinned, 4. */
                   _("At most %d scenarios can be pinned: remove one first"),
                   RING_MAX_SCENARIOS);
      return FALSE;
    }
  if (!ring_params_validate (&scenario->params, &invalid))
    {
      g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_INVALID,
                   "%s", invalid->message);
      return FALSE;
    }
  name = g_strstrip (g_strdup (scenario->name));
  if (*name == '\0')
    {
      g_set_error_literal (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_INVALID,
                           _("A scenario needs a name"));
      return FALSE;
    }
  if (!ring_scenario_name_is_valid (name))
    {
      g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_INVALID,
                   /* TRANSLATORS: %d is a number of characters. */
                   _("A scenario’s name is text of at most %d characters without control "
                     "characters"), RING_SCENARIO_MAX_NAME);
      return FALSE;
    }

  g_ptr_array_add (scenarios, ring_scenario_new (name, &scenario->params));
  _ring_model_emit_changed (self);

  return TRUE;
}

gboolean
ring_model_pin_scenario (RingModel   *self,
                         const char  *name,
                         GError     **error)
{
  g_autoptr(RingScenario) scenario = NULL;
  g_autofree char *described = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);

  if (name == NULL)
    name = described = ring_params_describe (ring_model_get_params (self));
  scenario = ring_scenario_new (name, ring_model_get_params (self));

  return ring_model_add_scenario (self, scenario, error);
}

guint
ring_model_get_n_scenarios (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return _ring_model_get_scenario_array (self)->len;
}

const RingScenario *
ring_model_get_scenario (RingModel *self,
                         guint      index)
{
  GPtrArray *scenarios;

  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  scenarios = _ring_model_get_scenario_array (self);
  g_return_val_if_fail (index < scenarios->len, NULL);

  return g_ptr_array_index (scenarios, index);
}

gboolean
ring_model_rename_scenario (RingModel  *self,
                            guint       index,
                            const char *name)
{
  GPtrArray *scenarios;
  RingScenario *scenario;
  g_autofree char *stripped = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  scenarios = _ring_model_get_scenario_array (self);
  g_return_val_if_fail (index < scenarios->len, FALSE);

  scenario = g_ptr_array_index (scenarios, index);
  stripped = g_strstrip (g_strdup (name));
  if (!ring_scenario_name_is_valid (stripped))
    return FALSE;
  if (g_strcmp0 (scenario->name, stripped) == 0)
    return TRUE;

  g_free (scenario->name);
  scenario->name = g_steal_pointer (&stripped);
  _ring_model_emit_changed (self);

  return TRUE;
}

void
ring_model_unpin_scenario (RingModel *self,
                           guint      index)
{
  GPtrArray *scenarios;
  int *compare_with;

  g_return_if_fail (RING_IS_MODEL (self));

  scenarios = _ring_model_get_scenario_array (self);
  g_return_if_fail (index < scenarios->len);

  /* The comparison follows its scenario, and ends with it. */
  compare_with = _ring_model_get_compare_slot (self);
  if (*compare_with == (int) index)
    *compare_with = -1;
  else if (*compare_with > (int) index)
    (*compare_with)--;

  g_ptr_array_remove_index (scenarios, index);
  _ring_model_emit_changed (self);
}

void
ring_model_clear_scenarios (RingModel *self)
{
  GPtrArray *scenarios;

  g_return_if_fail (RING_IS_MODEL (self));

  scenarios = _ring_model_get_scenario_array (self);
  if (scenarios->len == 0)
    return;

  g_ptr_array_set_size (scenarios, 0);
  *_ring_model_get_compare_slot (self) = -1;
  _ring_model_emit_changed (self);
}

int
ring_model_get_compare_with (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), -1);

  return *_ring_model_get_compare_slot (self);
}

void
ring_model_set_compare_with (RingModel *self,
                             int        index)
{
  int *compare_with;

  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (index >= -1 && index < (int) ring_model_get_n_scenarios (self));

  compare_with = _ring_model_get_compare_slot (self);
  if (*compare_with == index)
    return;

  *compare_with = index;
  _ring_model_emit_changed (self);
}

gboolean
ring_model_restore_scenario (RingModel *self,
                             guint      index)
{
  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (index < ring_model_get_n_scenarios (self), FALSE);

  return ring_model_set_params (self, &ring_model_get_scenario (self, index)->params);
}
