/* ring-presets.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-presets.h"

/* Bandwidths are per direction, as the model's B. Achieved compute is roughly 40 % of the
 * dense bf16 peak, a typical model-FLOPs utilization of large training runs.
 * - H100 SXM: NVLink 4, 900 GB/s bidirectional → 450 GB/s each way; 989 TFLOP/s dense bf16
 *   (NVIDIA H100 Tensor Core GPU datasheet).
 * - A100 SXM: NVLink 3, 600 GB/s bidirectional → 300 GB/s; 312 TFLOP/s dense bf16
 *   (NVIDIA A100 datasheet).
 * - InfiniBand NDR: 400 Gb/s per port → 50 GB/s (NVIDIA ConnectX-7).
 * - 100 Gb Ethernet: 12.5 GB/s, with a higher per-hop latency through the kernel stack.
 * - Model sizes: Llama 2 7B and 70B (Touvron et al. 2023), GPT-3 175B (Brown et al. 2020). */
static const RingPreset presets[] = {
  /* A node preset is a whole ring of 8; a fabric or a model preset keeps the ring size. */
  { "h100-nvlink", N_("8× H100 in one node, NVLink 4"), 8, 450, 400, 3, 0, 0 },
  { "a100-nvlink", N_("8× A100 in one node, NVLink 3"), 8, 300, 125, 5, 0, 0 },
  { "h100-infiniband", N_("H100 nodes over InfiniBand NDR"), 0, 50, 400, 8, 0, 0 },
  { "ethernet-100g", N_("GPUs over 100 Gb Ethernet"), 0, 12.5, 125, 30, 0, 0 },
  { "llama-7b", N_("A 7 billion parameter model, fp32 gradients"), 0, 0, 0, -1, 7e9, 4 },
  { "llama-70b", N_("A 70 billion parameter model, bf16 gradients"), 0, 0, 0, -1, 70e9, 2 },
  { "gpt3-175b", N_("A 175 billion parameter model, bf16 gradients"), 0, 0, 0, -1, 175e9, 2 },
};

const RingPreset *
ring_presets_get (guint *n_presets)
{
  if (n_presets != NULL)
    *n_presets = G_N_ELEMENTS (presets);

  return presets;
}

const RingPreset *
ring_preset_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      if (g_ascii_strcasecmp (presets[i].name, name) == 0)
        return &presets[i];
    }

  return NULL;
}

void
ring_preset_apply (const RingPreset *preset,
                   RingParams       *params)
{
  g_return_if_fail (preset != NULL);
  g_return_if_fail (params != NULL);

  if (preset->gpus > 0)
    params->gpus = preset->gpus;
  if (preset->bandwidth_gbps > 0)
    params->bandwidth_gbps = preset->bandwidth_gbps;
  if (preset->compute_tflops > 0)
    params->compute_tflops = preset->compute_tflops;
  if (preset->latency_us >= 0)
    params->latency_us = preset->latency_us;
  if (preset->model_params > 0)
    params->model_params = preset->model_params;
  if (preset->gradient_bytes > 0)
    params->gradient_bytes = preset->gradient_bytes;
}
