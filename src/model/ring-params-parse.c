/* ring-params-parse.c: parameters read from text ("7B", "400Gb/s", "3:25%", "tree") and
 * written back, and the names of the choice parameters.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-params.h"
#include "ring-topology.h"
#include "ring-units.h"

static const char * const fabric_names[RING_N_FABRICS] = {
  "infiniband", "infiniband-sharp", "roce", "tcp",
};

static const char * const placement_names[RING_N_PLACEMENTS] = { "packed", "scattered" };

static const char * const checkpointing_names[RING_N_CHECKPOINTINGS] = {
  "none", "selective", "full",
};

/* As NCCL numbers its releases (NCCL_VERSION_CODE's major.minor); a release such as
 * 2.21.5 reads as its series. */
static const char * const nccl_version_names[RING_N_NCCL_VERSIONS] = {
  "2.18", "2.19", "2.20", "2.21", "2.22", "2.23", "2.24", "2.25", "2.26", "2.27", "2.28",
};

static const char * const protocol_names[RING_N_PROTOCOLS] = { "ll", "ll128", "simple" };

/* NCCL's own spelling of its protocols (NCCL_PROTO); the fabrics as their vendors write
 * them. */
static const char * const protocol_titles[RING_N_PROTOCOLS] = {
  /* Translators: NCCL's protocol names; usually kept as they are */
  N_("LL"), N_("LL128"), N_("Simple"),
};

static const char * const fabric_titles[RING_N_FABRICS] = {
  N_("InfiniBand"), N_("InfiniBand with SHARP"), N_("RoCE"), N_("TCP over Ethernet"),
};

static gboolean
parse_gradient_bytes (const char *text,
                      double     *value)
{
  static const struct {
    const char *name;
    guint       bytes;
  } precisions[] = {
    { "fp32", 4 }, { "float32", 4 },
    { "bf16", 2 }, { "fp16", 2 }, { "float16", 2 }, { "bfloat16", 2 },
    { "fp8", 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    {
      if (g_ascii_strcasecmp (text, precisions[i].name) == 0)
        {
          *value = precisions[i].bytes;
          return TRUE;
        }
    }

  return ring_parse_double (text, value);
}

static char *
choice_list (RingParamId id)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < ring_param_n_choices (id); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", ring_param_choice_name (id, i));

  return g_string_free (names, FALSE);
}

/* The names people use for some choices too. */
static const struct {
  RingParamId  id;
  const char  *name;
  guint        choice;
} choice_aliases[] = {
  { RING_PARAM_FABRIC, "ib", RING_FABRIC_INFINIBAND },
  { RING_PARAM_FABRIC, "ib-sharp", RING_FABRIC_INFINIBAND_SHARP },
  { RING_PARAM_FABRIC, "sharp", RING_FABRIC_INFINIBAND_SHARP },
  { RING_PARAM_FABRIC, "efa", RING_FABRIC_ROCE },
  { RING_PARAM_FABRIC, "ethernet", RING_FABRIC_TCP },
  /* ZeRO-3 is FSDP. */
  { RING_PARAM_SHARDING, "zero3", RING_SHARDING_FSDP },
};

/* The choice of @id named @name, in any case, by its own name or an alias: its index in
 * *@choice. */
gboolean
ring_param_choice_from_name (RingParamId  id,
                             const char  *name,
                             guint       *choice)
{
  for (guint i = 0; i < ring_param_n_choices (id); i++)
    {
      if (g_ascii_strcasecmp (name, ring_param_choice_name (id, i)) == 0)
        {
          *choice = i;
          return TRUE;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (choice_aliases); i++)
    {
      if (choice_aliases[i].id == id && g_ascii_strcasecmp (name, choice_aliases[i].name) == 0)
        {
          *choice = choice_aliases[i].choice;
          return TRUE;
        }
    }

  /* A release, "2.21.5": its series, if the patch is a whole number. */
  if (id == RING_PARAM_NCCL_VERSION)
    {
      const char *patch = strrchr (name, '.');
      g_autofree char *series = NULL;

      if (patch == NULL || patch == name || patch[1] == '\0'
          || strspn (patch + 1, "0123456789") != strlen (patch + 1))
        return FALSE;
      series = g_strndup (name, patch - name);
      for (guint i = 0; i < RING_N_NCCL_VERSIONS; i++)
        {
          if (g_str_equal (series, nccl_version_names[i]))
            {
              *choice = i;
              return TRUE;
            }
        }
    }

  return FALSE;
}

static gboolean
set_choice_from_string (RingParams   *params,
                        RingParamId   id,
                        const char   *text,
                        GError      **error)
{
  const RingParamInfo *info = ring_param_info (id);
  guint choice;

  if (!ring_param_choice_from_name (id, text, &choice))
    {
      g_autofree char *known = choice_list (id);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option, the value typed, the accepted names */
                   _("--%s: unknown value “%s” (known: %s)"), info->option, text, known);
      return FALSE;
    }

  /* A GPU brings its facts, a fabric its latency; options given after override them. */
  if (id == RING_PARAM_GPU)
    ring_params_apply_gpu (params, (RingGpuId) choice);
  else if (id == RING_PARAM_FABRIC)
    ring_params_apply_fabric (params, (RingFabric) choice);
  else
    ring_params_set_value (params, id, choice);

  return TRUE;
}

/* "R:1", as switch vendors write oversubscription, or R alone. */
static gboolean
parse_ratio (const char *text,
             double     *value)
{
  g_auto(GStrv) parts = g_strsplit (text, ":", 3);
  double below;

  if (g_strv_length (parts) == 1)
    return ring_parse_double (g_strstrip (parts[0]), value);

  return g_strv_length (parts) == 2
         && ring_parse_double (g_strstrip (parts[0]), value)
         && ring_parse_double (g_strstrip (parts[1]), &below)
         && below == 1;
}

static gboolean
parse_number (RingParamId  id,
              const char  *text,
              double      *value)
{
  if (id == RING_PARAM_GRADIENT_BYTES)
    return parse_gradient_bytes (text, value);
  if (id == RING_PARAM_MODEL_PARAMS || id == RING_PARAM_TOKENS_PER_GPU)
    return ring_parse_count (text, value);
  if (id == RING_PARAM_NIC_SPEED)
    return ring_parse_nic_speed (text, value);
  if (id == RING_PARAM_MESSAGE_SIZE)
    return ring_parse_bytes (text, value);
  if (id == RING_PARAM_OVERSUBSCRIPTION)
    return parse_ratio (text, value);
  if (id == RING_PARAM_BUCKET_SIZE)
    {
      if (g_ascii_strcasecmp (text, "one") == 0)
        {
          *value = 0;
          return TRUE;
        }
      return ring_parse_bytes (text, value);
    }

  return ring_parse_double (text, value);
}

/* A fraction as "0.25", "25%" or "25 %", within the fraction rows' 0.01 … 1. */
static gboolean
parse_fraction (const char *text,
                double     *value)
{
  g_autofree char *number = g_strstrip (g_strdup (text));
  gsize length = strlen (number);
  double scale = 1;

  if (length > 0 && number[length - 1] == '%')
    {
      number[length - 1] = '\0';
      g_strchomp (number);
      scale = 0.01;
    }
  if (!ring_parse_double (number, value))
    return FALSE;
  *value *= scale;

  return *value >= 0.01 - 1e-12 && *value <= 1;
}

/* "I:FRACTION" for a slow link or GPU: the index row @id and the fraction row after it. */
static gboolean
set_slow_from_string (RingParams   *params,
                      RingParamId   id,
                      const char   *text,
                      GError      **error)
{
  const RingParamInfo *info = ring_param_info (id);
  g_auto(GStrv) parts = g_strsplit (text, ":", 2);
  double index, fraction;

  if (g_strv_length (parts) != 2 || !ring_parse_double (g_strstrip (parts[0]), &index)
      || index != floor (index) || index < info->minimum || index > info->maximum
      || !parse_fraction (parts[1], &fraction))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option, then the value typed */
                   _("--%s: “%s” is not INDEX:FRACTION, a GPU number from 0 and a fraction "
                     "from 0.01 to 1 or 1%% to 100%% (such as 3:0.25 or 3:25%%)"),
                   info->option, text);
      return FALSE;
    }

  /* Clamped against rounding: 1% read as 0.00999… is 1 %. */
  ring_params_set_value (params, id, index);
  ring_params_set_value (params, id + 1, CLAMP (fraction, 0.01, 1.0));

  return TRUE;
}

char *
ring_params_dup_option_value (const RingParams *params,
                              RingParamId       id)
{
  const RingParamInfo *info;
  char index[G_ASCII_DTOSTR_BUF_SIZE], fraction[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (id < RING_N_PARAMS, NULL);

  info = ring_param_info (id);
  if (info->option_part || (info->zero_is_none && ring_params_get_value (params, id) == 0))
    return NULL;
  if (info->kind == RING_PARAM_KIND_CHOICE)
    return g_strdup (ring_param_choice_name (id, (guint) ring_params_get_value (params, id)));

  g_ascii_formatd (index, sizeof index, "%.17g", ring_params_get_value (params, id));
  if (id + 1 < RING_N_PARAMS && ring_param_info (id + 1)->option_part)
    {
      g_ascii_formatd (fraction, sizeof fraction, "%.17g",
                       ring_params_get_value (params, id + 1));
      return g_strdup_printf ("%s:%s", index, fraction);
    }

  return g_strdup (index);
}

gboolean
ring_params_set_from_string (RingParams  *params,
                             RingParamId  id,
                             const char  *text,
                             GError     **error)
{
  const RingParamInfo *info;
  double value = 0;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (id < RING_N_PARAMS, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  info = ring_param_info (id);

  if (info->kind == RING_PARAM_KIND_CHOICE)
    return set_choice_from_string (params, id, text, error);
  if (id + 1 < RING_N_PARAMS && ring_param_info (id + 1)->option_part)
    return set_slow_from_string (params, id, text, error);
  if (info->option_part)
    {
      if (!parse_fraction (text, &value))
        {
          g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                       _("--%s: the fraction must be between 0.01 and 1 (1%% and 100%%), "
                         "not %s"), info->option, text);
          return FALSE;
        }
      ring_params_set_value (params, id, CLAMP (value, 0.01, 1.0));
      return TRUE;
    }

  if (id == RING_PARAM_GRADIENT_BYTES)
    {
      /* Range and wholeness first: casting 1e30 or −4 to guint is undefined. */
      if (!parse_gradient_bytes (text, &value) || value < 1 || value > 4
          || value != floor (value) || !ring_gradient_bytes_is_valid ((guint) value))
        {
          g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                       _("--%s: “%s” is not a gradient precision "
                         "(1 or fp8, 2 or bf16, 4 or fp32)"),
                       info->option, text);
          return FALSE;
        }
    }
  else if (id == RING_PARAM_MESSAGE_SIZE)
    {
      /* Typed, a size asks the question: 0 (a training step) is only the default. */
      if (!parse_number (id, text, &value) || value < 1 || value > info->maximum)
        {
          g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                       _("--message-size: “%s” is not a size between 1 B and 1 PB "
                         "(for example 1MiB or 4GB)"), text);
          return FALSE;
        }
    }
  else if (!parse_number (id, text, &value))
    {
      if (id == RING_PARAM_NIC_SPEED)
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     _("--%s: “%s” is not a NIC speed (such as 400, 400Gb/s, 400G or 50GB/s)"),
                     info->option, text);
      else if (id == RING_PARAM_OVERSUBSCRIPTION)
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     _("--%s: “%s” is not a ratio R:1 (such as 2:1, 3.5:1 or 4)"),
                     info->option, text);
      else
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     _("--%s: “%s” is not a number"), info->option, text);
      return FALSE;
    }

  if (id == RING_PARAM_BUCKET_SIZE
      && (value < 0 || (value > 0 && value < RING_MIN_BUCKET_BYTES) || value > info->maximum))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                   _("--%s: %s is out of range (1MiB – 4GiB, or 0 or “one” for one bucket)"),
                   info->option, text);
      return FALSE;
    }

  if (value < info->minimum || value > info->maximum)
    {
      if (*info->unit == '\0')
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                     /* Translators: option, value, minimum, maximum */
                     _("--%s: %s is out of range (%.10g – %.10g)"),
                     info->option, text, info->minimum, info->maximum);
      else
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                     /* Translators: option, value, minimum, maximum, unit */
                     _("--%s: %s is out of range (%.10g – %.10g %s)"),
                     info->option, text, info->minimum, info->maximum, info->unit);
      return FALSE;
    }

  if (info->kind == RING_PARAM_KIND_COUNT && value != floor (value))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option, the value typed, what it counts */
                   _("--%s: “%s” is not a whole number of %s"), info->option, text, info->unit);
      return FALSE;
    }

  ring_params_set_value (params, id, value);

  return TRUE;
}

guint
ring_param_n_choices (RingParamId id)
{
  if (id == RING_PARAM_GPU)
    return RING_N_GPUS;
  if (id == RING_PARAM_FABRIC)
    return RING_N_FABRICS;
  if (id == RING_PARAM_ALGORITHM)
    return RING_N_ALGORITHMS;
  if (id == RING_PARAM_SHARDING)
    return RING_N_SHARDINGS;
  if (id == RING_PARAM_PLACEMENT)
    return RING_N_PLACEMENTS;
  if (id == RING_PARAM_CHECKPOINTING)
    return RING_N_CHECKPOINTINGS;
  if (id == RING_PARAM_NCCL_VERSION)
    return RING_N_NCCL_VERSIONS;

  return 0;
}

const char *
ring_param_choice_name (RingParamId id,
                        guint       choice)
{
  g_return_val_if_fail (choice < ring_param_n_choices (id), NULL);

  if (id == RING_PARAM_GPU)
    return ring_gpu_info (choice)->name;
  if (id == RING_PARAM_FABRIC)
    return fabric_names[choice];
  if (id == RING_PARAM_SHARDING)
    return ring_sharding_to_string (choice);
  if (id == RING_PARAM_PLACEMENT)
    return placement_names[choice];
  if (id == RING_PARAM_CHECKPOINTING)
    return checkpointing_names[choice];
  if (id == RING_PARAM_NCCL_VERSION)
    return nccl_version_names[choice];

  return ring_algorithm_to_string (choice);
}

const char *
ring_algorithm_to_string (RingAlgorithm algorithm)
{
  const RingAlgorithmInfo *info = ring_algorithm_info (algorithm);

  g_return_val_if_fail (info != NULL, NULL);

  return info->name;
}

gboolean
ring_algorithm_from_string (const char    *name,
                            RingAlgorithm *algorithm)
{
  guint choice;

  g_return_val_if_fail (name != NULL, FALSE);

  if (!ring_param_choice_from_name (RING_PARAM_ALGORITHM, name, &choice))
    return FALSE;
  if (algorithm != NULL)
    *algorithm = choice;

  return TRUE;
}

const char *
ring_checkpointing_to_string (RingCheckpointing checkpointing)
{
  g_return_val_if_fail (checkpointing < RING_N_CHECKPOINTINGS, NULL);

  return checkpointing_names[checkpointing];
}

const char *
ring_protocol_to_string (RingProtocol protocol)
{
  g_return_val_if_fail (protocol < RING_N_PROTOCOLS, NULL);

  return protocol_names[protocol];
}

const char *
ring_protocol_get_title (RingProtocol protocol)
{
  g_return_val_if_fail (protocol < RING_N_PROTOCOLS, NULL);

  return _(protocol_titles[protocol]);
}

const char *
ring_fabric_get_title (RingFabric fabric)
{
  g_return_val_if_fail (fabric < RING_N_FABRICS, NULL);

  return _(fabric_titles[fabric]);
}

const char *
ring_placement_get_title (RingPlacement placement)
{
  g_return_val_if_fail (placement < RING_N_PLACEMENTS, NULL);

  /* TRANSLATORS: where a job's nodes sit among the fabric's leaves, as the window's
   * drop-down offers it */
  return placement == RING_PLACEMENT_PACKED ? _("Packed") : _("Scattered");
}

const char *
ring_precision_get_name (guint gradient_bytes)
{
  switch (gradient_bytes)
    {
    case 1: return "fp8";
    case 2: return "bf16";
    default: return "fp32";
    }
}

const char *
ring_fabric_to_string (RingFabric fabric)
{
  g_return_val_if_fail (fabric < RING_N_FABRICS, NULL);

  return fabric_names[fabric];
}

const char *
ring_fabric_tier_to_string (RingFabricTier tier)
{
  static const char *const names[] = { "none", "leaf", "spine", "core" };

  g_return_val_if_fail (tier < G_N_ELEMENTS (names), NULL);

  return names[tier];
}
