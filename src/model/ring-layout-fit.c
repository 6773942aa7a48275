/* ring-layout-fit.c: the least change that fits a parallel layout in the GPU's memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-layout-fit.h"
#include "ring-parallelism.h"
#include "ring-sharding.h"
#include "ring-step.h"
#include "ring-units.h"

static const RingParamId changes[] = {
  RING_PARAM_SHARDING,
  RING_PARAM_CHECKPOINTING,
  RING_PARAM_MICRO_BATCHES,
  RING_PARAM_CONTEXT_PARALLEL,
  RING_PARAM_PIPELINE_PARALLEL,
  RING_PARAM_TENSOR_PARALLEL,
};

/* The next value of @id to try: choices one by one, counts doubling. */
static double
next_value (RingParamId id,
            double      value)
{
  return ring_param_info (id)->kind == RING_PARAM_KIND_CHOICE ? value + 1 : value * 2;
}

static gboolean
fits (const RingParams *params,
      double            usable,
      double           *step_s)
{
  RingParallelStep step;

  ring_parallel_step (params, &step);
  *step_s = step.step_s;
  return step.memory_total <= usable;
}

void
ring_layout_fit_suggest (const RingParams *params,
                         RingLayoutFit    *fit)
{
  RingMemory memory;
  double step_s;

  g_return_if_fail (params != NULL);
  g_return_if_fail (fit != NULL);

  *fit = (RingLayoutFit) { FALSE, FALSE, RING_N_PARAMS, NAN, NAN };
  ring_step_memory (params, params->gpus, &memory);
  if (fits (params, memory.usable, &step_s))
    {
      fit->fits_now = fit->possible = TRUE;
      fit->step_time_s = step_s;
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (changes); i++)
    {
      const RingParamInfo *info = ring_param_info (changes[i]);
      RingParams changed = *params;
      double value = ring_params_get_value (params, changes[i]);

      for (value = next_value (changes[i], value); value <= info->maximum;
           value = next_value (changes[i], value))
        {
          ring_params_set_value (&changed, changes[i], value);
          /* Only a layout the parameters accept: T in a node, P within the layers, T · P ·
           * C dividing N, and a micro-batch of at least one token. */
          if (!ring_params_validate (&changed, NULL)
              || changed.micro_batches > (double) changed.tensor_parallel
                                         * changed.pipeline_parallel * changed.tokens_per_gpu)
            break;
          if (fits (&changed, memory.usable, &step_s))
            {
              if (!fit->possible || step_s < fit->step_time_s)
                *fit = (RingLayoutFit) { FALSE, TRUE, changes[i], value, step_s };
              break;
            }
        }
    }
}

char *
ring_layout_fit_describe (const RingLayoutFit *fit)
{
  g_autofree char *step = NULL;

  g_return_val_if_fail (fit != NULL, NULL);

  if (fit->fits_now)
    return NULL;
  if (!fit->possible)
    return g_strdup (_("no single change of sharding, checkpointing, micro-batches or "
                       "parallelism fits"));

  step = ring_format_duration (fit->step_time_s);
  if (fit->param == RING_PARAM_SHARDING)
    /* Translators: a sharding ("FSDP"), then the step time that would take */
    return g_strdup_printf (_("needs %s, a %s step"),
                            ring_sharding_get_title ((RingSharding) fit->value), step);
  if (fit->param == RING_PARAM_CHECKPOINTING)
    return g_strdup_printf (fit->value == RING_CHECKPOINTING_FULL
                            /* Translators: the step time, the recomputed forward in it */
                            ? _("needs full activation checkpointing, a %s step with its "
                                "recomputation")
                            : _("needs selective activation checkpointing, a %s step with "
                                "its recomputation"), step);
  if (fit->param == RING_PARAM_MICRO_BATCHES)
    /* Translators: micro-batches per step (at least 2), then the step time */
    return g_strdup_printf (_("needs %u micro-batches, a %s step"), (guint) fit->value, step);

  /* Translators: "pipeline parallelism", its value, then the step time */
  return g_strdup_printf (_("needs %s of %u, a %s step"),
                          ring_param_get_short_title (fit->param), (guint) fit->value, step);
}
