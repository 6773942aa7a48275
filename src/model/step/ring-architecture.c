/* ring-architecture.c: a model's layers and hidden size from its parameter count.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-step.h"

/* P ≈ 12 L h² (Kaplan et al. 2020, 2.1) with h = 128 L (Llama 3 8B: 4096 = 128 × 32). */
#define PARAMS_PER_LAYER_CUBE (12.0 * 128.0 * 128.0)
#define MAX_LAYERS            1024

/* The architectures the model presets train, from the papers: GPT-2 (Radford et al. 2019),
 * Llama 2 7B and 70B (Touvron et al. 2023), Llama 3 (Dubey et al. 2024), GPT-3 (Brown et
 * al. 2020), BLOOM (BigScience 2022), Megatron-LM's 1 T model (Narayanan et al. 2021,
 * table 1). */
static const struct
{
  double model_params;
  guint  layers;
  guint  hidden_size;
} published[] = {
  { 1.5e9, 48, 1600 },
  { 7e9, 32, 4096 },
  { 8e9, 32, 4096 },
  { 70e9, 80, 8192 },
  { 175e9, 96, 12288 },
  { 176e9, 70, 14336 },
  { 405e9, 126, 16384 },
  { 1008e9, 128, 25600 },
};

void
ring_step_architecture (const RingParams *params,
                        guint            *layers,
                        guint            *hidden_size)
{
  guint l;

  g_return_if_fail (params != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (published); i++)
    {
      if (published[i].model_params == params->model_params)
        {
          *layers = published[i].layers;
          *hidden_size = published[i].hidden_size;
          return;
        }
    }

  l = (guint) CLAMP (round (cbrt (params->model_params / PARAMS_PER_LAYER_CUBE)), 1, MAX_LAYERS);
  *layers = l;
  *hidden_size = (guint) MAX (1.0, round (sqrt (params->model_params / (12.0 * l))));
}
