/* ring-presets.c: named configurations. A hardware preset sets the GPU (and with it the
 * GPU's facts), the node and the network; a model preset sets the model. Neither touches
 * the other's parameters, and each lists what it sets.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-presets.h"

#define GPU(name)       { RING_PARAM_GPU, name }
#define PER_NODE(g)     { RING_PARAM_GPUS_PER_NODE, g }
#define NICS(k, speed)  { RING_PARAM_NICS_PER_NODE, k }, { RING_PARAM_NIC_SPEED, speed }
#define FABRIC(f, us)   { RING_PARAM_FABRIC, f }, { RING_PARAM_NET_LATENCY, us }
#define MODEL(p, bytes) { RING_PARAM_MODEL_PARAMS, p }, { RING_PARAM_GRADIENT_BYTES, bytes }

/* Network latencies, one way, as the fabric brings them (ring_fabric_latency_us()):
 * written out so that each preset reads whole. */
static const RingPreset presets[] = {
  /* DGX A100: 8 × A100 SXM4 and 8 × ConnectX-6 HDR 200 Gb/s (DGX A100 user guide). */
  { "dgx-a100", N_("DGX A100: 8 × A100, 8 × HDR InfiniBand 200 Gb/s"), RING_PRESET_HARDWARE,
    { GPU ("a100"), PER_NODE ("8"), NICS ("8", "200"), FABRIC ("infiniband", "1") } },
  /* DGX H100: 8 × H100 SXM5 and 8 × ConnectX-7 NDR 400 Gb/s (DGX H100 user guide). */
  { "dgx-h100", N_("DGX H100: 8 × H100, 8 × NDR InfiniBand 400 Gb/s"), RING_PRESET_HARDWARE,
    { GPU ("h100"), PER_NODE ("8"), NICS ("8", "400"), FABRIC ("infiniband", "1") } },
  /* HGX H200 reference: 8 × H200 SXM and 8 × ConnectX-7 400 Gb/s. */
  { "hgx-h200", N_("HGX H200: 8 × H200, 8 × NDR InfiniBand 400 Gb/s"), RING_PRESET_HARDWARE,
    { GPU ("h200"), PER_NODE ("8"), NICS ("8", "400"), FABRIC ("infiniband", "1") } },
  /* DGX B200: 8 × B200 and 8 × ConnectX-7 400 Gb/s (DGX B200 user guide). */
  { "dgx-b200", N_("DGX B200: 8 × B200, 8 × NDR InfiniBand 400 Gb/s"), RING_PRESET_HARDWARE,
    { GPU ("b200"), PER_NODE ("8"), NICS ("8", "400"), FABRIC ("infiniband", "1") } },
  /* GB200 NVL72: a rack, one NVLink domain of 72 GPUs on 18 compute trays of 4, each
   * tray with 4 × ConnectX-7 400 Gb/s to the compute fabric (GB200 NVL72 datasheet). */
  { "gb200-nvl72", N_("GB200 NVL72: 72 GPUs in one NVLink domain, 28.8 Tb/s of InfiniBand"),
    RING_PRESET_HARDWARE,
    { GPU ("gb200"), { RING_PARAM_GPUS, "72" }, PER_NODE ("4"),
      { RING_PARAM_NVLINK_DOMAIN, "72" }, NICS ("4", "400"), FABRIC ("infiniband", "1") } },
  { "l40s-ethernet", N_("8 × L40S on PCIe, 2 × 100 GbE RoCE per node"), RING_PRESET_HARDWARE,
    { GPU ("l40s"), PER_NODE ("8"), NICS ("2", "100"), FABRIC ("roce", "3") } },
  { "rtx4090-workstation", N_("8 × RTX 4090 workstation, PCIe without peer-to-peer"),
    RING_PRESET_HARDWARE,
    { GPU ("rtx4090"), PER_NODE ("8"), NICS ("1", "100"), FABRIC ("tcp", "30") } },
  /* A commodity cluster: the GPUs stay as they are, 8 per node, one 100 GbE NIC each,
   * over TCP. */
  { "commodity-100g", N_("Nodes of 8 GPUs over one 100 Gb Ethernet NIC (TCP)"),
    RING_PRESET_HARDWARE,
    { PER_NODE ("8"), NICS ("1", "100"), FABRIC ("tcp", "30") } },

  /* Models: parameters and the gradient precision people train them with (their layers:
   * ring-architecture.c). GPT-2 from before bf16 on GPUs keeps fp32, GPT-3 trained in
   * fp16, Llama 3 in bf16; the seed's llama-7b keeps fp32 and llama-70b bf16. */
  { "gpt2-1.5b", N_("GPT-2 1.5B, fp32 gradients"), RING_PRESET_MODEL,
    { MODEL ("1.5B", "fp32") } },
  { "llama3-8b", N_("Llama 3 8B, bf16 gradients"), RING_PRESET_MODEL,
    { MODEL ("8B", "bf16") } },
  { "llama3-70b", N_("Llama 3 70B, bf16 gradients"), RING_PRESET_MODEL,
    { MODEL ("70B", "bf16") } },
  { "llama3-405b", N_("Llama 3 405B, bf16 gradients"), RING_PRESET_MODEL,
    { MODEL ("405B", "bf16") } },
  { "gpt3-175b", N_("GPT-3 175B, fp16 gradients"), RING_PRESET_MODEL,
    { MODEL ("175B", "fp16") } },
  /* Megatron-LM's 1 T model (Narayanan et al. 2021, table 1: 128 × 25600, fp16) and
   * BLOOM (BigScience 2022: 176 B, 70 × 14336, bf16), for the published runs. */
  { "megatron-1t", N_("NVIDIA’s 1 trillion parameter model of 2021, fp16 gradients"),
    RING_PRESET_MODEL, { MODEL ("1008B", "fp16") } },
  { "bloom-176b", N_("BLOOM 176B, bf16 gradients"), RING_PRESET_MODEL,
    { MODEL ("176B", "bf16") } },
  /* Jobs as trained: the model with its parallel layout and batch (with dgx-h100 or
   * dgx-a100 for the hardware). Llama 3 405B on 16 384 H100 (Dubey et al. 2024, table 4):
   * TP 8, PP 16, DP 128, 16 M tokens a step in 16 sequences of 8 192 per DP group, FSDP,
   * activations recomputed in full: without, 1F1B's 16 micro-batches in flight on the
   * first stage keep 73 GB of activations, past an 80 GB H100's 71 GB usable.
   * GPT-3 175B as Megatron-LM trains it (Narayanan et al. 2021, 5.1; Megatron-LM's
   * examples/gpt3/train_gpt3_175b_distributed.sh): TP 8, PP 16, 1 536 sequences of
   * 2 048 in micro-batches of one, on 1 024 A100: DP 8, 192 micro-batches, full
   * recomputation. */
  { "llama3-405b-16k", N_("Llama 3 405B as trained on 16 384 GPUs: tensor 8 × pipeline 16 × data 128"),
    RING_PRESET_MODEL,
    { MODEL ("405B", "bf16"), { RING_PARAM_GPUS, "16384" }, { RING_PARAM_TENSOR_PARALLEL, "8" },
      { RING_PARAM_PIPELINE_PARALLEL, "16" }, { RING_PARAM_MICRO_BATCHES, "16" },
      { RING_PARAM_TOKENS_PER_GPU, "1024" }, { RING_PARAM_SHARDING, "fsdp" },
      { RING_PARAM_CHECKPOINTING, "full" } } },
  { "gpt3-175b-megatron", N_("GPT-3 175B on 1 024 GPUs: tensor 8 × pipeline 16 × data 8"),
    RING_PRESET_MODEL,
    { MODEL ("175B", "fp16"), { RING_PARAM_GPUS, "1024" }, { RING_PARAM_TENSOR_PARALLEL, "8" },
      { RING_PARAM_PIPELINE_PARALLEL, "16" }, { RING_PARAM_MICRO_BATCHES, "192" },
      { RING_PARAM_TOKENS_PER_GPU, "3072" }, { RING_PARAM_SHARDING, "ddp" },
      { RING_PARAM_CHECKPOINTING, "full" } } },
  { "llama-7b", N_("A 7 billion parameter model, fp32 gradients"), RING_PRESET_MODEL,
    { MODEL ("7B", "fp32") } },
  { "llama-70b", N_("A 70 billion parameter model, bf16 gradients"), RING_PRESET_MODEL,
    { MODEL ("70B", "bf16") } },
};

/* Names the seed's README used, and the presets they are now. */
static const struct {
  const char *old_name;
  const char *name;
} aliases[] = {
  { "h100-nvlink", "dgx-h100" },
  { "a100-nvlink", "dgx-a100" },
  { "h100-infiniband", "dgx-h100" },
  { "ethernet-100g", "commodity-100g" },
};

const RingPreset *
ring_presets_get (guint *n_presets)
{
  if (n_presets != NULL)
    *n_presets = G_N_ELEMENTS (presets);

  return presets;
}

static const RingPreset *
find (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (presets); i++)
    {
      if (g_ascii_strcasecmp (presets[i].name, name) == 0)
        return &presets[i];
    }

  return NULL;
}

const RingPreset *
ring_preset_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    {
      if (g_ascii_strcasecmp (aliases[i].old_name, name) == 0)
        return find (aliases[i].name);
    }

  return find (name);
}

void
ring_preset_apply (const RingPreset *preset,
                   RingParams       *params)
{
  g_return_if_fail (preset != NULL);
  g_return_if_fail (params != NULL);

  for (guint i = 0; i < RING_PRESET_MAX_SETTINGS && preset->settings[i].value != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      /* The table is ours: a setting that does not parse is a bug, caught by the tests. */
      if (!ring_params_set_from_string (params, preset->settings[i].id,
                                        preset->settings[i].value, &error))
        g_critical ("preset %s: %s", preset->name, error->message);
    }
}

guint
ring_preset_list_changes (const RingPreset *preset,
                          RingParamId      *ids)
{
  gboolean changes[RING_N_PARAMS] = { FALSE, };
  guint n = 0;

  g_return_val_if_fail (preset != NULL, 0);
  g_return_val_if_fail (ids != NULL, 0);

  for (guint i = 0; i < RING_PRESET_MAX_SETTINGS && preset->settings[i].value != NULL; i++)
    {
      changes[preset->settings[i].id] = TRUE;
      /* ring_params_apply_gpu()'s facts, ring_params_apply_fabric()'s latency. */
      if (preset->settings[i].id == RING_PARAM_GPU)
        changes[RING_PARAM_COMPUTE] = changes[RING_PARAM_BANDWIDTH]
          = changes[RING_PARAM_GPUS_PER_NODE] = changes[RING_PARAM_PCIE_GENERATION] = TRUE;
      if (preset->settings[i].id == RING_PARAM_FABRIC)
        changes[RING_PARAM_NET_LATENCY] = TRUE;
    }

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (changes[id])
        ids[n++] = id;
    }

  return n;
}

gboolean
ring_preset_shares_param (const RingPreset *a,
                          const RingPreset *b,
                          RingParamId      *param)
{
  RingParamId ids_a[RING_N_PARAMS], ids_b[RING_N_PARAMS];
  guint n_a, n_b;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  n_a = ring_preset_list_changes (a, ids_a);
  n_b = ring_preset_list_changes (b, ids_b);
  for (guint i = 0; i < n_a; i++)
    for (guint j = 0; j < n_b; j++)
      if (ids_a[i] == ids_b[j])
        {
          if (param != NULL)
            *param = ids_a[i];
          return TRUE;
        }

  return FALSE;
}
