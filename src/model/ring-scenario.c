/* ring-scenario.c: a pinned scenario and the short description that names it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-algorithms.h"
#include "ring-printable.h"
#include "ring-scenario.h"
#include "ring-units.h"

G_DEFINE_QUARK (ring-scenario-error-quark, ring_scenario_error)

gboolean
ring_scenario_name_is_valid (const char *name)
{
  gboolean blank = TRUE;
  glong length;

  if (name == NULL || !g_utf8_validate (name, -1, NULL))
    return FALSE;
  length = g_utf8_strlen (name, -1);
  if (length == 0 || length > RING_SCENARIO_MAX_NAME)
    return FALSE;
  for (const char *c = name; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);

      if (!ring_unichar_is_printable (u))
        return FALSE;
      if (!g_unichar_isspace (u))
        blank = FALSE;
    }

  return !blank;
}

RingScenario *
ring_scenario_new (const char       *name,
                   const RingParams *params)
{
  RingScenario *scenario;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  scenario = g_new0 (RingScenario, 1);
  scenario->name = g_strdup (name);
  scenario->params = *params;

  return scenario;
}

void
ring_scenario_free (RingScenario *scenario)
{
  if (scenario == NULL)
    return;

  g_free (scenario->name);
  g_free (scenario);
}

/* "H100", "A100 PCIe", "RTX4090": the catalogue's name as it is printed on the card. */
static char *
describe_gpu (RingGpuId gpu)
{
  g_autofree char *upper = g_ascii_strup (ring_gpu_info (gpu)->name, -1);
  g_auto(GStrv) parts = g_strsplit (upper, "-PCIE", 2);

  if (parts[1] != NULL)
    return g_strconcat (parts[0], " PCIe", parts[1], NULL);

  return g_steal_pointer (&upper);
}

/* InfiniBand's generations by their line rate; other rates and fabrics by the fabric. */
static const char *
describe_fabric (const RingParams *params)
{
  static const struct {
    double      gbit;
    const char *name;
  } generations[] = {
    { 100, "EDR" }, { 200, "HDR" }, { 400, "NDR" }, { 800, "XDR" },
  };

  if (params->fabric == RING_FABRIC_INFINIBAND || params->fabric == RING_FABRIC_INFINIBAND_SHARP)
    for (guint i = 0; i < G_N_ELEMENTS (generations); i++)
      if (params->nic_speed_gbit == generations[i].gbit)
        return params->fabric == RING_FABRIC_INFINIBAND_SHARP
               ? (i == 2 ? "NDR SHARP" : "InfiniBand SHARP") : generations[i].name;

  return ring_fabric_get_title (params->fabric);
}

char *
ring_params_describe (const RingParams *params)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *gpu = NULL;

  g_return_val_if_fail (params != NULL, NULL);

  if (params->gpu == RING_GPU_CUSTOM)
    /* TRANSLATORS: a scenario's name: a number of GPUs of no catalogue model. */
    g_string_append_printf (text, ngettext ("%u GPU", "%u GPUs", params->gpus), params->gpus);
  else
    {
      gpu = describe_gpu (params->gpu);
      /* TRANSLATORS: a scenario's name: a number of GPUs and the GPU, "64 × H100". */
      g_string_append_printf (text, _("%u × %s"), params->gpus, gpu);
    }

  if (ring_params_get_nodes (params) > 1)
    {
      g_string_append (text, ", ");
      if (params->nics_per_node != params->gpus_per_node)
        g_string_append_printf (text, "%u × ", params->nics_per_node);
      /* TRANSLATORS: a scenario's name: each NIC's line rate and the network, "400 Gb/s NDR". */
      g_string_append_printf (text, _("%g Gb/s %s"),
                              ring_round_figures (params->nic_speed_gbit, 4),
                              describe_fabric (params));
    }

  g_string_append_printf (text, ", %s", ring_precision_get_name (params->gradient_bytes));
  if (!ring_algorithm_info (params->algorithm)->chooses)
    g_string_append_printf (text, ", %s", ring_algorithm_get_title (params->algorithm));
  if (params->sharding != RING_SHARDING_DDP)
    g_string_append_printf (text, ", %s", ring_sharding_get_title (params->sharding));
  if (ring_params_is_collective (params))
    {
      g_autofree char *size = ring_format_message_size (params->message_bytes);

      g_string_append_printf (text, ", %s", size);
    }

  return g_string_free (g_steal_pointer (&text), FALSE);
}
