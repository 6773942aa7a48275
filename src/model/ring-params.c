/* ring-params.c: the parameter table, defaults and validation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-params.h"
#include "ring-units.h"

/* Ranges and defaults from DESIGN.md. 1 048 576 GPUs is 2^20. */
G_DEFINE_QUARK (ring-params-error-quark, ring_params_error)

static const RingParamInfo param_infos[RING_N_PARAMS] = {
  { RING_PARAM_GPUS, "gpus", "gpus", "gpus", "GPUs", 1, 1048576, 8,
    N_("GPUs in the ring (1 to 1048576)"), "N" },
  { RING_PARAM_MODEL_PARAMS, "model-params", "model_params", "model-params", "parameters",
    1e6, 1e13, 7e9,
    N_("Model parameters, such as 7e9, 7B or 1.5T"), "P" },
  { RING_PARAM_BANDWIDTH, "bandwidth", "bandwidth_gbps", "bandwidth", "GB/s", 0.1, 10000, 300,
    N_("Interconnect bandwidth per GPU and direction, in GB/s"), "GBPS" },
  { RING_PARAM_COMPUTE, "compute", "compute_tflops", "compute", "TFLOP/s", 1, 10000, 400,
    N_("Achieved compute per GPU, in TFLOP/s"), "TFLOPS" },
  { RING_PARAM_TOKENS_PER_GPU, "tokens-per-gpu", "tokens_per_gpu", "tokens", "tokens",
    1, 1e8, 4096,
    N_("Tokens each GPU processes per step"), "T" },
  { RING_PARAM_GRADIENT_BYTES, "gradient-bytes", "gradient_bytes", "grad-bytes", "bytes",
    1, 4, 4,
    N_("Bytes per gradient value: 4 (fp32), 2 (bf16) or 1 (fp8)"), "B" },
  { RING_PARAM_LATENCY, "latency", "latency_us", "latency", "µs", 0, 10000, 5,
    N_("Latency per message hop, in µs"), "US" },
  { RING_PARAM_OVERLAP, "overlap", "overlap", "overlap", "", 0, 1, 0,
    N_("Fraction of the backward pass communication hides behind (0 to 1)"), "F" },
  { RING_PARAM_ALGORITHM, "algorithm", "algorithm", "algorithm", "",
    0, RING_ALGORITHM_LAST, RING_ALGORITHM_RING,
    N_("All-reduce algorithm: ring"), "NAME" },
};
const RingParamInfo *
ring_param_info (RingParamId id)
{
  g_return_val_if_fail (id < RING_N_PARAMS, NULL);

  return &param_infos[id];
}

const RingParamInfo *
ring_param_info_by_option (const char *option)
{
  g_return_val_if_fail (option != NULL, NULL);

  for (guint i = 0; i < RING_N_PARAMS; i++)
    {
      if (g_str_equal (param_infos[i].option, option))
        return &param_infos[i];
    }

  return NULL;
}

void
ring_params_init_default (RingParams *params)
{
  g_return_if_fail (params != NULL);

  for (guint i = 0; i < RING_N_PARAMS; i++)
    ring_params_set_value (params, i, param_infos[i].default_value);
  params->message_bytes = 0;
}

double
ring_params_get_value (const RingParams *params,
                       RingParamId       id)
{
  g_return_val_if_fail (params != NULL, NAN);

  switch (id)
    {
    case RING_PARAM_GPUS: return params->gpus;
    case RING_PARAM_MODEL_PARAMS: return params->model_params;
    case RING_PARAM_BANDWIDTH: return params->bandwidth_gbps;
    case RING_PARAM_COMPUTE: return params->compute_tflops;
    case RING_PARAM_TOKENS_PER_GPU: return params->tokens_per_gpu;
    case RING_PARAM_GRADIENT_BYTES: return params->gradient_bytes;
    case RING_PARAM_LATENCY: return params->latency_us;
    case RING_PARAM_OVERLAP: return params->overlap;
    case RING_PARAM_ALGORITHM: return params->algorithm;
    case RING_N_PARAMS:
    default:
      g_return_val_if_reached (NAN);
    }
}

void
ring_params_set_value (RingParams  *params,
                       RingParamId  id,
                       double       value)
{
  g_return_if_fail (params != NULL);

  switch (id)
    {
    case RING_PARAM_GPUS: params->gpus = (guint) value; break;
    case RING_PARAM_MODEL_PARAMS: params->model_params = value; break;
    case RING_PARAM_BANDWIDTH: params->bandwidth_gbps = value; break;
    case RING_PARAM_COMPUTE: params->compute_tflops = value; break;
    case RING_PARAM_TOKENS_PER_GPU: params->tokens_per_gpu = value; break;
    case RING_PARAM_GRADIENT_BYTES: params->gradient_bytes = (guint) value; break;
    case RING_PARAM_LATENCY: params->latency_us = value; break;
    case RING_PARAM_OVERLAP: params->overlap = value; break;
    case RING_PARAM_ALGORITHM: params->algorithm = (RingAlgorithm) value; break;
    case RING_N_PARAMS:
    default:
      g_return_if_reached ();
    }
}

gboolean
ring_gradient_bytes_is_valid (guint gradient_bytes)
{
  return gradient_bytes == 1 || gradient_bytes == 2 || gradient_bytes == 4;
}

gboolean
ring_params_validate (const RingParams  *params,
                      GError           **error)
{
  g_return_val_if_fail (params != NULL, FALSE);

  for (guint i = 0; i < RING_N_PARAMS; i++)
    {
      const RingParamInfo *info = &param_infos[i];
      double value = ring_params_get_value (params, i);

      if (!isfinite (value) || value < info->minimum || value > info->maximum)
        {
          g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                       /* Translators: a parameter name, its value, and its range */
                       _("%s must be between %.10g and %.10g, not %g"),
                       info->option, info->minimum, info->maximum, value);
          return FALSE;
        }
    }

  if (!ring_gradient_bytes_is_valid (params->gradient_bytes))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("grad-bytes must be 1, 2 or 4, not %u"), params->gradient_bytes);
      return FALSE;
    }

  if (!isfinite (params->message_bytes) || params->message_bytes < 0)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("message-size must be a positive number of bytes"));
      return FALSE;
    }

  return TRUE;
}

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

gboolean
ring_params_set_from_string (RingParams  *params,
                             RingParamId  id,
                             const char  *text,
                             GError     **error)
{
  const RingParamInfo *info;
  double value = 0;
  gboolean parsed;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (id < RING_N_PARAMS, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  info = &param_infos[id];

  switch (id)
    {
    case RING_PARAM_ALGORITHM:
      {
        RingAlgorithm algorithm;

        if (!ring_algorithm_from_string (text, &algorithm))
          {
            g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                         _("--%s: unknown algorithm “%s” (known: %s)"),
                         info->option, text, "ring");
            return FALSE;
          }
        params->algorithm = algorithm;
        return TRUE;
      }

    case RING_PARAM_GRADIENT_BYTES:
      parsed = parse_gradient_bytes (text, &value);
      /* Range and wholeness first: casting 1e30 or −4 to guint is undefined. */
      if (!parsed || value < 1 || value > 4 || value != floor (value)
          || !ring_gradient_bytes_is_valid ((guint) value))
        {
          g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                       _("--%s: “%s” is not a gradient precision "
                         "(1 or fp8, 2 or bf16, 4 or fp32)"),
                       info->option, text);
          return FALSE;
        }
      break;

    case RING_PARAM_MODEL_PARAMS:
    case RING_PARAM_TOKENS_PER_GPU:
      parsed = ring_parse_count (text, &value);
      break;

    case RING_PARAM_GPUS:
    case RING_PARAM_BANDWIDTH:
    case RING_PARAM_COMPUTE:
    case RING_PARAM_LATENCY:
    case RING_PARAM_OVERLAP:
      parsed = ring_parse_double (text, &value);
      break;

    case RING_N_PARAMS:
    default:
      g_return_val_if_reached (FALSE);
    }

  if (!parsed)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("--%s: “%s” is not a number"), info->option, text);
      return FALSE;
    }

  if (value < info->minimum || value > info->maximum)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                   /* Translators: option, value, minimum, maximum, unit */
                   _("--%s: %s is out of range (%.10g – %.10g %s)"),
                   info->option, text, info->minimum, info->maximum, info->unit);
      return FALSE;
    }

  if (id == RING_PARAM_GPUS && value != floor (value))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("--%s: “%s” is not a whole number of GPUs"), info->option, text);
      return FALSE;
    }

  ring_params_set_value (params, id, value);

  return TRUE;
}

const char *
ring_algorithm_to_string (RingAlgorithm algorithm)
{
  switch (algorithm)
    {
    case RING_ALGORITHM_RING:
      return "ring";
    default:
      g_return_val_if_reached (NULL);
    }
}

gboolean
ring_algorithm_from_string (const char    *name,
                            RingAlgorithm *algorithm)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i <= RING_ALGORITHM_LAST; i++)
    {
      if (g_ascii_strcasecmp (name, ring_algorithm_to_string (i)) == 0)
        {
          if (algorithm != NULL)
            *algorithm = i;
          return TRUE;
        }
    }

  return FALSE;
}
