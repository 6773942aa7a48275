/* ring-labels.c: short names for people, taken from the model's longer ones.
 *
 * The catalogue, the presets and the registry describe each entry in one translated
 * sentence whose first phrase names it; narrow places (a drop-down's closed row, a metric
 * card, a toast) show that phrase alone, in every language that keeps the punctuation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ring-labels.h"

static char *
before_any (const char         *text,
            const char * const *separators)
{
  const char *end = text + strlen (text);

  for (guint i = 0; separators[i] != NULL; i++)
    {
      const char *found = strstr (text, separators[i]);

      if (found != NULL && found > text && found < end)
        end = found;
    }

  return g_strndup (text, end - text);
}

char *
ring_labels_lead (const char *text)
{
  static const char * const separators[] = { ", ", ": ", NULL };

  g_return_val_if_fail (text != NULL, NULL);

  return before_any (text, separators);
}

char *
ring_labels_algorithm (RingAlgorithm algorithm)
{
  static const char * const separators[] = { " (", NULL };

  g_return_val_if_fail (algorithm < RING_N_ALGORITHMS, NULL);

  return before_any (ring_algorithm_get_title (algorithm), separators);
}

char *
ring_labels_collective (RingModel *model)
{
  g_autofree char *algorithm = NULL;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  if (ring_model_get_value (model, RING_PARAM_GPUS) <= 1)
    return g_strdup ("—");

  algorithm = ring_labels_algorithm (ring_model_get_algorithm_used (model));
  /* The flat ring and the textbook algorithms have no NCCL protocol. */
  if (!ring_algorithm_info (ring_model_get_algorithm_used (model))->nccl)
    return g_steal_pointer (&algorithm);

  /* Translators: an all-reduce algorithm and the NCCL protocol it runs with */
  return g_strdup_printf (C_("collective", "%s, %s"), algorithm,
                          ring_protocol_get_title (ring_model_get_protocol_used (model)));
}

const char *
ring_labels_param (RingParamId id)
{
  g_return_val_if_fail (id < RING_N_PARAMS, NULL);

  return ring_param_get_short_title (id);
}
