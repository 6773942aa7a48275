/* ring-gpu.h: the GPU catalogue, one entry per GPU, each fact with its source.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Catalogue ids. Their nicks ("a100-pcie", "rtx4090") are the names people type; the
 * generated GEnum (ring-enum-types.h) and the catalogue table agree, a test checks it. */
typedef enum
{
  RING_GPU_CUSTOM,
  RING_GPU_V100,
  RING_GPU_A100,
  RING_GPU_A100_PCIE,
  RING_GPU_H100,
  RING_GPU_H100_PCIE,
  RING_GPU_H200,
  RING_GPU_H20,
  RING_GPU_B200,
  RING_GPU_GB200,
  RING_GPU_L40S,
  RING_GPU_RTX4090,
  RING_GPU_RTX2080TI,
  RING_GPU_GB10,
} RingGpuId;

#define RING_N_GPUS (RING_GPU_GB10 + 1)

/* The architecture generation: NCCL indexes its protocol limits by it (Volta = before
 * SM 8.0, Ampere = SM 8.x, Hopper = SM 9.0, Blackwell = SM 10.0 and later). */
typedef enum
{
  RING_GENERATION_VOLTA,
  RING_GENERATION_AMPERE,
  RING_GENERATION_HOPPER,
  RING_GENERATION_BLACKWELL,
} RingGeneration;

/* How the GPUs of one node reach each other. */
typedef enum
{
  RING_INTRA_NVSWITCH,       /* NVLink to NVSwitch: every pair at the full per-GPU rate */
  RING_INTRA_NVLINK_MESH,    /* NVLink point to point (DGX-1's hybrid cube-mesh) */
  RING_INTRA_NVLINK_BRIDGE,  /* NVLink bridges between pairs of PCIe cards */
  RING_INTRA_PCIE_P2P,       /* PCIe, peer-to-peer through the switch */
  RING_INTRA_PCIE_HOST,      /* PCIe without peer-to-peer: through host memory */
} RingIntraKind;

typedef struct
{
  RingGpuId      id;
  const char    *name;              /* "h100", as typed after --gpu */
  const char    *description;       /* untranslated; callers pass it through _() */
  RingGeneration generation;
  double         dense_bf16_tflops; /* peak dense tensor TFLOP/s (fp16 where no bf16) */
  double         memory_gb;
  RingIntraKind  intra;
  guint          nvlink_generation; /* 0: no NVLink */
  guint          pcie_generation;
  double         intra_gbps;        /* GB/s each GPU sends per direction inside the node */
  guint          gpus_per_node;     /* the usual host */
  guint          nvlink_domain;     /* GPUs sharing NVLink across hosts (NVL72), else 0 */
} RingGpuInfo;

/* Achieved compute is this fraction of the dense peak: about the model-FLOPs utilization
 * that large training runs report (Llama 3: 38–43 % on H100, Dubey et al. 2024, §3.3.4). */
#define RING_GPU_ACHIEVED_FRACTION 0.4

const RingGpuInfo *ring_gpu_info            (RingGpuId          id);
const RingGpuInfo *ring_gpu_lookup          (const char        *name);
/* The catalogue entry for a GPU as CUDA names it ("NVIDIA H100 80GB HBM3",
 * "NVIDIA A100-SXM4-40GB", "Tesla V100-SXM2-32GB", "NVIDIA GeForce RTX 4090"), as
 * nccl-tests prints it; NULL for a GPU the catalogue does not hold (an H800, a V100 PCIe). */
const RingGpuInfo *ring_gpu_lookup_device_name (const char     *device_name);
/* The whole catalogue in id order, for `--gpu list` and the window's drop-down. */
const RingGpuInfo *ring_gpus_get            (guint             *n_gpus);
double             ring_gpu_achieved_tflops (const RingGpuInfo *info);
gboolean           ring_gpu_intra_is_nvlink (RingIntraKind      intra);

G_END_DECLS
