/* ring-gpu.c: the GPU catalogue.
 *
 * Bandwidths are per GPU and per direction, as the model's B: NVIDIA quotes NVLink
 * bidirectionally (A100 "600 GB/s" is 12 links × 25 GB/s each way = 300 GB/s). PCIe x16
 * carries 15.75 GB/s per direction at Gen3, 31.5 at Gen4, 63 at Gen5 (PCI-SIG base
 * specifications 3.0/4.0/5.0: 8, 16, 32 GT/s per lane, 128b/130b coding). Compute is the
 * dense tensor peak in bf16 (fp16 where the GPU has no bf16), without 2:4 sparsity.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-gpu.h"

static const RingGpuInfo gpus[RING_N_GPUS] = {
  /* The seed's defaults (400 TFLOP/s achieved = 0.4 × a 1000 TFLOP/s peak, 300 GB/s) on a
   * node like an HGX A100: NVSwitch, 8 per node, and Ampere's protocol limits (no NVLS). */
  { RING_GPU_CUSTOM, "custom", N_("Custom: the seed’s defaults, Ampere-class limits"),
    RING_GENERATION_AMPERE, 1000, 80, RING_INTRA_NVSWITCH, 3, 4, 300, 8 },
  /* V100 SXM2 32 GB: 125 TFLOP/s fp16 tensor (no bf16), six NVLink 2 links of 25 GB/s,
   * hybrid cube-mesh without NVSwitch in DGX-1 / p3dn (NVIDIA V100 datasheet, DGX-1 guide). */
  { RING_GPU_V100, "v100", N_("NVIDIA V100 SXM2, NVLink 2 cube-mesh"),
    RING_GENERATION_VOLTA, 125, 32, RING_INTRA_NVLINK_MESH, 2, 3, 150, 8 },
  /* A100 SXM4 80 GB: 312 TFLOP/s bf16, NVLink 3 12 × 25 GB/s, NVSwitch in HGX A100
   * (NVIDIA A100 datasheet). */
  { RING_GPU_A100, "a100", N_("NVIDIA A100 SXM4, NVLink 3 and NVSwitch"),
    RING_GENERATION_AMPERE, 312, 80, RING_INTRA_NVSWITCH, 3, 4, 300, 8 },
  /* A100 PCIe 80 GB: 312 TFLOP/s bf16; without the optional pair bridge the GPUs meet on
   * PCIe Gen4 with peer-to-peer (NVIDIA A100 datasheet). */
  { RING_GPU_A100_PCIE, "a100-pcie", N_("NVIDIA A100 PCIe, PCIe Gen4 peer-to-peer"),
    RING_GENERATION_AMPERE, 312, 80, RING_INTRA_PCIE_P2P, 0, 4, 31.5, 8 },
  /* H100 SXM5: 989 TFLOP/s bf16, NVLink 4 18 × 25 GB/s, NVSwitch (H100 datasheet). */
  { RING_GPU_H100, "h100", N_("NVIDIA H100 SXM5, NVLink 4 and NVSwitch"),
    RING_GENERATION_HOPPER, 989, 80, RING_INTRA_NVSWITCH, 4, 5, 450, 8 },
  /* H100 PCIe: 756 TFLOP/s bf16; pairs joined by three NVLink bridges, 600 GB/s both ways
   * (H100 datasheet); a ring of more than two still crosses PCIe Gen5. */
  { RING_GPU_H100_PCIE, "h100-pcie", N_("NVIDIA H100 PCIe, NVLink bridges in pairs"),
    RING_GENERATION_HOPPER, 756, 80, RING_INTRA_NVLINK_BRIDGE, 4, 5, 300, 8 },
  /* H200 SXM: 989 TFLOP/s bf16, 141 GB HBM3e, NVLink 4 as H100 (H200 datasheet). */
  { RING_GPU_H200, "h200", N_("NVIDIA H200 SXM, NVLink 4 and NVSwitch"),
    RING_GENERATION_HOPPER, 989, 141, RING_INTRA_NVSWITCH, 4, 5, 450, 8 },
  /* H20: 148 TFLOP/s bf16, 96 GB, NVLink 900 GB/s both ways (H20 product brief). */
  { RING_GPU_H20, "h20", N_("NVIDIA H20, NVLink 4 and NVSwitch"),
    RING_GENERATION_HOPPER, 148, 96, RING_INTRA_NVSWITCH, 4, 5, 450, 8 },
  /* B200: 2.25 PFLOP/s dense bf16 (DGX B200: 72 PFLOP/s fp8 dense for 8 GPUs), 180 GB,
   * NVLink 5 18 × 50 GB/s, NVSwitch (DGX B200 datasheet). */
  { RING_GPU_B200, "b200", N_("NVIDIA B200, NVLink 5 and NVSwitch"),
    RING_GENERATION_BLACKWELL, 2250, 180, RING_INTRA_NVSWITCH, 5, 5, 900, 8 },
  /* GB200 NVL72: 180 PFLOP/s dense bf16 for 72 GPUs = 2.5 each, 186 GB HBM3e each, one
   * NVLink 5 domain of 72 GPUs through NVLink switch trays, 18 compute trays of 4 GPUs
   * (GB200 NVL72 datasheet). */
  { RING_GPU_GB200, "gb200", N_("NVIDIA GB200, 72 GPUs in one NVLink domain"),
    RING_GENERATION_BLACKWELL, 2500, 186, RING_INTRA_NVSWITCH, 5, 6, 900, 4, 72 },
  /* L40S: 362 TFLOP/s bf16 dense, 48 GB, no NVLink, PCIe Gen4 x16 with peer-to-peer
   * (L40S datasheet). Ada is SM 8.9: NCCL gives it Ampere's limits. */
  { RING_GPU_L40S, "l40s", N_("NVIDIA L40S, PCIe Gen4 peer-to-peer"),
    RING_GENERATION_AMPERE, 362, 48, RING_INTRA_PCIE_P2P, 0, 4, 31.5, 8 },
  /* GeForce RTX 4090: 165 TFLOP/s bf16 with fp32 accumulate, 24 GB, PCIe Gen4; the
   * GeForce driver disables peer-to-peer, so NCCL goes through host memory (Ada
   * whitepaper; nccl issue #1530). */
  { RING_GPU_RTX4090, "rtx4090", N_("GeForce RTX 4090, PCIe Gen4 through host memory"),
    RING_GENERATION_AMPERE, 165, 24, RING_INTRA_PCIE_HOST, 0, 4, 31.5, 8 },
  /* GeForce RTX 2080 Ti: 53.8 TFLOP/s fp16 tensor with fp32 accumulate, 11 GB, PCIe Gen3
   * without peer-to-peer (Turing whitepaper). Turing is SM 7.5: Volta's limits. */
  { RING_GPU_RTX2080TI, "rtx2080ti", N_("GeForce RTX 2080 Ti, PCIe Gen3 through host memory"),
    RING_GENERATION_VOLTA, 53.8, 11, RING_INTRA_PCIE_HOST, 0, 3, 15.75, 2 },
  /* GB10 (DGX Spark): one Blackwell GPU per box, 128 GB unified memory, a ConnectX-7 at
   * 200 Gb/s; NVIDIA quotes 1 PFLOP/s fp4 with sparsity, so about 125 dense bf16 (÷2 for
   * sparsity, ÷4 from fp4 to bf16). The node bandwidth is unused with one GPU per node. */
  { RING_GPU_GB10, "gb10", N_("NVIDIA GB10 (DGX Spark), one GPU per box"),
    RING_GENERATION_BLACKWELL, 125, 128, RING_INTRA_PCIE_P2P, 0, 5, 63, 1 },
};

const RingGpuInfo *
ring_gpu_info (RingGpuId id)
{
  g_return_val_if_fail (id < RING_N_GPUS, NULL);

  return &gpus[id];
}

const RingGpuInfo *
ring_gpu_lookup (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < RING_N_GPUS; i++)
    {
      if (g_ascii_strcasecmp (gpus[i].name, name) == 0)
        return &gpus[i];
    }

  return NULL;
}

/* CUDA's device names, as words: the first rule whose words are all in the name (and
 * none of its excluded words) names the entry. Order matters: H200 before H20, the PCIe
 * and NVL (PCIe cards with bridges) variants before their SXM siblings. */
static const struct {
  RingGpuId   id;
  const char *words[3];
  const char *excluded;
} device_rules[] = {
  { RING_GPU_GB200, { "GB200" }, NULL },
  { RING_GPU_GB10, { "GB10" }, NULL },
  { RING_GPU_B200, { "B200" }, NULL },
  { RING_GPU_H200, { "H200" }, "NVL" },
  { RING_GPU_H20, { "H20" }, NULL },
  { RING_GPU_H100_PCIE, { "H100", "PCIE" }, NULL },
  { RING_GPU_H100_PCIE, { "H100", "NVL" }, NULL },
  { RING_GPU_H100, { "H100" }, NULL },
  { RING_GPU_A100_PCIE, { "A100", "PCIE" }, NULL },
  { RING_GPU_A100, { "A100" }, NULL },
  { RING_GPU_L40S, { "L40S" }, NULL },
  { RING_GPU_RTX4090, { "RTX", "4090" }, NULL },
  { RING_GPU_RTX2080TI, { "RTX", "2080", "TI" }, NULL },
  { RING_GPU_RTX2080TI, { "RTX", "2080TI" }, NULL },
  { RING_GPU_V100, { "V100", "SXM2" }, NULL },
};

static gboolean
has_word (char * const *words,
          const char   *word)
{
  return word == NULL || g_strv_contains ((const char * const *) words, word);
}

const RingGpuInfo *
ring_gpu_lookup_device_name (const char *device_name)
{
  g_autofree char *upper = NULL;
  g_auto(GStrv) words = NULL;

  g_return_val_if_fail (device_name != NULL, NULL);

  /* "NVIDIA A100-SXM4-40GB" → NVIDIA, A100, SXM4, 40GB. */
  upper = g_ascii_strup (device_name, -1);
  g_strdelimit (upper, "-_/,()", ' ');
  words = g_strsplit_set (upper, " \t", -1);

  for (guint i = 0; i < G_N_ELEMENTS (device_rules); i++)
    {
      const char * const *rule = device_rules[i].words;

      if (has_word (words, rule[0]) && has_word (words, rule[1]) && has_word (words, rule[2])
          && (device_rules[i].excluded == NULL || !has_word (words, device_rules[i].excluded)))
        return &gpus[device_rules[i].id];
    }

  return NULL;
}

const RingGpuInfo *
ring_gpus_get (guint *n_gpus)
{
  if (n_gpus != NULL)
    *n_gpus = RING_N_GPUS;

  return gpus;
}

double
ring_gpu_achieved_tflops (const RingGpuInfo *info)
{
  g_return_val_if_fail (info != NULL, 0);

  return info->dense_bf16_tflops * RING_GPU_ACHIEVED_FRACTION;
}

gboolean
ring_gpu_intra_is_nvlink (RingIntraKind intra)
{
  return intra == RING_INTRA_NVSWITCH || intra == RING_INTRA_NVLINK_MESH
         || intra == RING_INTRA_NVLINK_BRIDGE;
}
