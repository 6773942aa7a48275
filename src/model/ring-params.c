/* ring-params.c: the parameter table, defaults and validation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-calibration.h"
#include "ring-enum-types.h"
#include "ring-params.h"
#include "ring-step.h"
#include "ring-topology.h"
#include "ring-units.h"

/* Ranges and defaults from DESIGN.md and issue 9. 1 048 576 GPUs is 2^20. The network
 * defaults describe a DGX-class node on InfiniBand NDR; with the default 8 GPUs and 8 per
 * node there is one node and the network does not matter. */
G_DEFINE_QUARK (ring-params-error-quark, ring_params_error)

#define NUMBER RING_PARAM_KIND_NUMBER
#define COUNT  RING_PARAM_KIND_COUNT
#define CHOICE RING_PARAM_KIND_CHOICE
#define TITLES(title_, short_title_) .title = title_, .short_title = short_title_
#define FIELD(field) .offset = G_STRUCT_OFFSET (RingParams, field)
#define CHOICES(get_type) .choice_type = get_type

static const RingParamInfo param_infos[RING_N_PARAMS] = {
  { RING_PARAM_GPU, "gpu", "gpu", "gpu", "", 0, RING_N_GPUS - 1, RING_GPU_CUSTOM, CHOICE,
    N_("The GPU: its compute, memory and links inside a node (“list” names them)"), "NAME",
    TITLES (N_("GPU"), N_("GPU")), FIELD (gpu), CHOICES (ring_gpu_id_get_type) },
  { RING_PARAM_GPUS, "gpus", "gpus", "gpus", "GPUs", 1, RING_MAX_GPUS, 8, COUNT,
    N_("GPUs in the ring (1 to 1048576)"), "N",
    TITLES (N_("GPUs in the ring"), N_("GPUs in the ring")), FIELD (gpus) },
  { RING_PARAM_GPUS_PER_NODE, "gpus-per-node", "gpus_per_node", "gpus-per-node", "GPUs",
    1, 1024, 8, COUNT,
    N_("GPUs in each node, joined by NVLink or PCIe (1 to 1024)"), "G",
    TITLES (N_("GPUs per node"), N_("GPUs per node")), FIELD (gpus_per_node) },
  /* 0: the host is the domain. NVL576 is the largest domain NVIDIA has announced. */
  { RING_PARAM_NVLINK_DOMAIN, "nvlink-domain", "nvlink_domain", "nvlink-domain", "GPUs",
    0, 1024, 0, COUNT,
    N_("GPUs sharing NVLink across nodes, such as 72 for NVL72 (0: each node)"), "D",
    TITLES (N_("NVLink domain"), N_("NVLink domain")), FIELD (nvlink_domain),
    .zero_is_none = TRUE },
  { RING_PARAM_NICS_PER_NODE, "nics-per-node", "nics_per_node", "nics-per-node", "NICs",
    0, 64, 8, COUNT,
    N_("Network cards in each node (0 to 64)"), "K",
    TITLES (N_("NICs per node"), N_("NICs")), FIELD (nics_per_node) },
  { RING_PARAM_NIC_SPEED, "nic-speed", "nic_speed_gbit", "nic-speed", "Gb/s",
    1, 10000, 400, NUMBER,
    N_("Speed of each network card: 400 (Gb/s), 400Gb/s, 400G or 50GB/s"), "RATE",
    TITLES (N_("NIC speed"), N_("NIC speed")), FIELD (nic_speed_gbit) },
  /* The catalogue's GPU sets it; the custom GPU's is Gen4, as an HGX A100's. */
  { RING_PARAM_PCIE_GENERATION, "pcie-gen", "pcie_generation", "pcie-gen", "", 3, 6, 4, COUNT,
    N_("PCIe generation of each GPU’s x16 link, through which it feeds the NICs (3 to 6)"),
    "GEN", TITLES (N_("PCIe generation"), N_("PCIe")), FIELD (pcie_generation) },
  { RING_PARAM_FABRIC, "fabric", "fabric", "fabric", "", 0, RING_N_FABRICS - 1,
    RING_FABRIC_INFINIBAND, CHOICE,
    N_("The network between nodes: infiniband, infiniband-sharp, roce or tcp"), "KIND",
    TITLES (N_("Fabric"), N_("fabric")), FIELD (fabric), CHOICES (ring_fabric_get_type) },
  /* About 1 µs: InfiniBand's one-way small-message latency, already inside NCCL's own
   * network constants; other fabrics add what they exceed it by. */
  { RING_PARAM_NET_LATENCY, "net-latency", "net_latency_us", "net-latency", "µs",
    0, 10000, 1, NUMBER,
    N_("One-way latency of the network between nodes, in µs"), "US",
    TITLES (N_("Network latency"), N_("network latency")), FIELD (net_latency_us) },
  /* The switches between nodes (ring-fabric.h). One tier is one non-blocking switch, as
   * every figure assumed before tiers; 32 nodes of 8 NICs fill a 256-port rail group. */
  { RING_PARAM_FABRIC_TIERS, "fabric-tiers", "fabric_tiers", "fabric-tiers", "tiers",
    1, 3, 1, COUNT,
    N_("Switch tiers between nodes: 1 (one switch), 2 (leaf–spine) or 3 (leaf–spine–core)"),
    "T", TITLES (N_("Switch tiers"), N_("switch tiers")), FIELD (fabric_tiers) },
  { RING_PARAM_NODES_PER_LEAF, "nodes-per-leaf", "nodes_per_leaf", "nodes-per-leaf", "nodes",
    1, 4096, 32, COUNT,
    N_("Nodes under one leaf switch (or rail group) (1 to 4096)"), "L",
    TITLES (N_("Nodes per leaf"), N_("nodes per leaf")), FIELD (nodes_per_leaf) },
  { RING_PARAM_OVERSUBSCRIPTION, "oversubscription", "oversubscription", "oversubscription",
    ":1", 1, 64, 1, NUMBER,
    N_("Oversubscription of each switch’s uplinks, such as 2:1 (1:1 to 64:1)"), "R:1",
    TITLES (N_("Oversubscription"), N_("oversubscription")), FIELD (oversubscription) },
  { RING_PARAM_RAIL_OPTIMIZED, "rail-optimized", "rail_optimized", "rail-optimized", "",
    0, 1, 1, COUNT,
    N_("1 if NIC i of every node meets NIC i of the others on its own leaf (rails), else 0"),
    "0|1", TITLES (N_("Rail-optimized"), N_("rail-optimized")), FIELD (rail_optimized) },
  { RING_PARAM_PLACEMENT, "placement", "placement", "placement", "",
    0, RING_N_PLACEMENTS - 1, RING_PLACEMENT_PACKED, CHOICE,
    N_("Where the job’s nodes sit among the leaves: packed or scattered"), "KIND",
    TITLES (N_("Placement"), N_("placement")), FIELD (placement),
    CHOICES (ring_placement_get_type) },
  { RING_PARAM_OTHER_JOB_GPUS, "other-job-gpus", "other_job_gpus", "other-job-gpus", "GPUs",
    0, RING_MAX_GPUS, 0, COUNT,
    N_("GPUs of another job placed on the same leaves (0: none)"), "N",
    TITLES (N_("Other job’s GPUs"), N_("other job’s GPUs")), FIELD (other_job_gpus) },
  { RING_PARAM_OTHER_JOB_LOAD, "other-job-load", "other_job_load", "other-job-load", "%",
    0, 100, 50, NUMBER,
    N_("Share of time the other job sends through the same uplinks, in % (0 to 100)"), "PCT",
    TITLES (N_("Other job’s load"), N_("other job’s load")), FIELD (other_job_load) },
  /* Fitted to a measurement (ring-nccl-tests-fit.c); the defaults leave the model unchanged.
   * Efficiencies are shares of the rates the topology derives, so 2 allows a system to
   * run up to twice the model's rate; a hop's latency never drops below 0. */
  { RING_PARAM_NET_EFFICIENCY, "net-efficiency", "net_efficiency", "net-efficiency", "",
    0.01, 2, 1, NUMBER,
    N_("Share of the network's modelled rate a measured system reaches (0.01 to 2)"), "F",
    TITLES (N_("Network efficiency"), N_("network efficiency")), FIELD (net_efficiency) },
  { RING_PARAM_LINK_LATENCY, "link-latency", "link_latency_us", "link-latency", "µs",
    -10, 10000, 0, NUMBER,
    N_("Latency added to each NVLink or PCIe hop, in µs (fitted to a measurement)"), "US",
    TITLES (N_("Added link latency"), N_("added link latency")), FIELD (link_latency_us) },
  { RING_PARAM_LINK_EFFICIENCY, "link-efficiency", "link_efficiency", "link-efficiency", "",
    0.01, 2, 1, NUMBER,
    N_("Share of the in-node links' modelled rate a measured system reaches (0.01 to 2)"),
    "F",
    TITLES (N_("In-node link efficiency"), N_("in-node link efficiency")), FIELD (link_efficiency) },
  { RING_PARAM_MODEL_PARAMS, "model-params", "model_params", "model-params", "parameters",
    1e6, 1e13, 7e9, NUMBER,
    N_("Model parameters, such as 7e9, 7B or 1.5T"), "P",
    TITLES (N_("Model size"), N_("model size")), FIELD (model_params) },
  { RING_PARAM_BANDWIDTH, "bandwidth", "bandwidth_gbps", "bandwidth", "GB/s",
    0.1, 10000, 300, NUMBER,
    N_("Bandwidth per GPU and direction inside a node, in GB/s"), "GBPS",
    TITLES (N_("In-node bandwidth"), N_("in-node bandwidth")), FIELD (bandwidth_gbps) },
  { RING_PARAM_COMPUTE, "compute", "compute_tflops", "compute", "TFLOP/s", 1, 10000, 400,
    NUMBER,
    N_("Achieved compute per GPU, in TFLOP/s"), "TFLOPS",
    TITLES (N_("Per-GPU compute"), N_("compute")), FIELD (compute_tflops) },
  { RING_PARAM_TOKENS_PER_GPU, "tokens-per-gpu", "tokens_per_gpu", "tokens", "tokens",
    1, 1e8, 4096, NUMBER,
    N_("Tokens each GPU processes per step"), "T",
    TITLES (N_("Tokens per GPU"), N_("tokens per GPU")), FIELD (tokens_per_gpu) },
  { RING_PARAM_GRADIENT_BYTES, "gradient-bytes", "gradient_bytes", "grad-bytes", "bytes",
    1, 4, 4, COUNT,
    N_("Bytes per gradient value: 4 (fp32), 2 (bf16) or 1 (fp8)"), "B",
    TITLES (N_("Gradient precision"), N_("gradient precision")), FIELD (gradient_bytes) },
  { RING_PARAM_LATENCY, "latency", "latency_us", "latency", "µs", 0, 10000, 5, NUMBER,
    N_("Latency per message hop of the flat ring and the textbook algorithms, in µs"), "US",
    TITLES (N_("Latency per hop"), N_("latency per hop")), FIELD (latency_us) },
  /* Withdrawn (issue 12): overlap follows from the gradient buckets now. */
  { RING_PARAM_OVERLAP, "overlap", "overlap", "overlap", "", 0, 1, 0, NUMBER,
    NULL, NULL, TRUE,
    TITLES (N_("Overlap"), N_("overlap")), FIELD (overlap) },
  { RING_PARAM_ALGORITHM, "algorithm", "algorithm", "algorithm", "",
    0, RING_ALGORITHM_LAST, RING_ALGORITHM_AUTO, CHOICE,
    NULL /* the registry's names (ring_algorithms_dup_names()) */, "NAME",
    TITLES (N_("Algorithm"), N_("algorithm")), FIELD (algorithm), CHOICES (ring_algorithm_get_type) },
  /* The newest release series modelled; "2.21.5" reads as its series (docs/model.md §4). */
  { RING_PARAM_NCCL_VERSION, "nccl-version", "nccl_version", "nccl-version", "",
    0, RING_NCCL_VERSION_LAST, RING_NCCL_VERSION_LAST, CHOICE,
    N_("The NCCL release: 2.18 to 2.28, such as 2.21 or 2.21.5"), "VERSION",
    TITLES (N_("NCCL version"), N_("NCCL version")), FIELD (nccl_version),
    CHOICES (ring_nccl_version_get_type) },
  /* The training step (issue 12). Bucket sizes are PyTorch DDP's (bucket_cap_mb = 25);
   * 0 is one bucket: no overlap. */
  { RING_PARAM_BUCKET_SIZE, "bucket-size", "bucket_size_bytes", "bucket-size", "bytes",
    0, RING_MAX_BUCKET_BYTES, RING_DEFAULT_BUCKET_BYTES, NUMBER,
    N_("Gradient bucket size, 1MiB to 4GiB, or 0 (“one”) for a single bucket"), "BYTES",
    TITLES (N_("Gradient bucket"), N_("gradient bucket")), FIELD (bucket_bytes) },
  { RING_PARAM_COMM_SLOWDOWN, "comm-slowdown", "comm_slowdown", "comm-slowdown", "",
    0, 1, 0, NUMBER,
    N_("How much slower compute runs while a collective runs beside it (0 to 1)"), "F",
    TITLES (N_("Compute slowdown beside NCCL"), N_("compute slowdown")), FIELD (comm_slowdown) },
  { RING_PARAM_SHARDING, "sharding", "sharding", "sharding", "",
    0, RING_N_SHARDINGS - 1, RING_SHARDING_DDP, CHOICE,
    N_("How data parallelism shards the model: ddp, zero1, zero2 or fsdp"), "KIND",
    TITLES (N_("Sharding"), N_("sharding")), FIELD (sharding), CHOICES (ring_sharding_get_type) },
  { RING_PARAM_CHECKPOINTING, "activation-checkpointing", "activation_checkpointing",
    "activation-checkpointing", "", 0, RING_N_CHECKPOINTINGS - 1, RING_CHECKPOINTING_NONE,
    CHOICE, N_("Activation checkpointing: none, selective or full"), "KIND",
    TITLES (N_("Activation checkpointing"), N_("activation checkpointing")), FIELD (checkpointing), CHOICES (ring_checkpointing_get_type) },
  { RING_PARAM_FUSED_ATTENTION, "fused-attention", "fused_attention", "fused-attention", "",
    0, 1, 1, COUNT,
    N_("1 if attention is fused (FlashAttention) and stores no scores, else 0"), "0|1",
    TITLES (N_("Fused attention"), N_("fused attention")), FIELD (fused_attention) },
  /* Parallelism around data parallelism (ring-parallelism.h); ranges bound what a
   * node (T) and a model's layers (P) allow, checked in validate_cluster(). */
  { RING_PARAM_TENSOR_PARALLEL, "tensor-parallel", "tensor_parallel", "tensor-parallel",
    "GPUs", 1, 1024, 1, COUNT,
    N_("Tensor-parallel GPUs, inside one node (1 to the GPUs per node)"), "T",
    TITLES (N_("Tensor parallelism"), N_("tensor parallelism")), FIELD (tensor_parallel) },
  { RING_PARAM_PIPELINE_PARALLEL, "pipeline-parallel", "pipeline_parallel",
    "pipeline-parallel", "stages", 1, 1024, 1, COUNT,
    N_("Pipeline stages (1 to the model's layers)"), "P",
    TITLES (N_("Pipeline parallelism"), N_("pipeline parallelism")), FIELD (pipeline_parallel) },
  { RING_PARAM_CONTEXT_PARALLEL, "context-parallel", "context_parallel", "context-parallel",
    "GPUs", 1, 1024, 1, COUNT,
    N_("Context-parallel GPUs, each with a part of every sequence (1 to 1024)"), "C",
    TITLES (N_("Context parallelism"), N_("context parallelism")), FIELD (context_parallel) },
  { RING_PARAM_MICRO_BATCHES, "micro-batches", "micro_batches", "micro-batches",
    "micro-batches", 1, 65536, 1, COUNT,
    N_("Micro-batches each pipeline runs per step (1 to 65536)"), "M",
    TITLES (N_("Micro-batches"), N_("micro-batches")), FIELD (micro_batches) },
  /* GPUs are numbered from 0; link I leaves GPU I (towards GPU I + 1 in the ring). */
  { RING_PARAM_SLOW_LINK, "slow-link", "slow_link", "slow-link", "",
    0, 1048575, 0, COUNT,
    N_("Slow down link I (what GPU I sends) to FRACTION of its bandwidth, "
       "such as 3:0.25 or 3:25%"), "I:FRACTION",
    TITLES (N_("Slow link"), N_("slow link")), FIELD (slow_link) },
  { RING_PARAM_SLOW_LINK_FRACTION, "slow-link-fraction", "slow_link_fraction", "slow-link", "",
    0.01, 1, 1, NUMBER, NULL, NULL, FALSE, TRUE,
    TITLES (N_("Slow link’s speed"), N_("slow link’s speed")), FIELD (slow_link_fraction) },
  { RING_PARAM_SLOW_GPU, "slow-gpu", "slow_gpu", "slow-gpu", "",
    0, 1048575, 0, COUNT,
    N_("Slow down GPU I to FRACTION of the others’ compute, such as 5:0.5 or 5:50%"),
    "I:FRACTION",
    TITLES (N_("Slow GPU"), N_("slow GPU")), FIELD (slow_gpu) },
  { RING_PARAM_SLOW_GPU_FRACTION, "slow-gpu-fraction", "slow_gpu_fraction", "slow-gpu", "",
    0.01, 1, 1, NUMBER, NULL, NULL, FALSE, TRUE,
    TITLES (N_("Slow GPU’s speed"), N_("slow GPU’s speed")), FIELD (slow_gpu_fraction) },
  /* nccl-tests sweeps 8 B to 16 GiB; a petabyte is far past any buffer a GPU holds. */
  { RING_PARAM_MESSAGE_SIZE, "message-size", "message_size_bytes", "message-size", "bytes",
    0, 1e15, 0, NUMBER,
    N_("All-reduce a buffer of this size instead of the gradients, such as 1MiB or 4GB"),
    "BYTES", TITLES (N_("Message size"), N_("message size")), FIELD (message_bytes),
    .zero_is_none = TRUE },
};

#undef NUMBER
#undef COUNT
#undef CHOICE
#undef TITLES
#undef FIELD
#undef CHOICES

/* Choices are held in enum fields, which GCC makes unsigned ints. */
G_STATIC_ASSERT (sizeof (RingAlgorithm) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingGpuId) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingFabric) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingPlacement) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingSharding) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingCheckpointing) == sizeof (guint));
G_STATIC_ASSERT (sizeof (RingNcclVersion) == sizeof (guint));

/* One-way small-message latencies: InfiniBand about 1 µs (the fabric NCCL's network
 * constants were measured on, so it adds nothing to them); the kernel's TCP stack tens of
 * µs (30, the seed's ethernet preset). RoCE's is a calibrated constant
 * (ring-calibration.h), as is AWS EFA's (entered as RoCE with --net-latency). */
static const double fabric_latency_us[RING_N_FABRICS] = { 1, 1, NAN, 30 };

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
}

double
ring_params_get_value (const RingParams *params,
                       RingParamId       id)
{
  const RingParamInfo *info;
  gconstpointer field;

  g_return_val_if_fail (params != NULL, NAN);
  g_return_val_if_fail (id < RING_N_PARAMS, NAN);

  info = &param_infos[id];
  field = G_STRUCT_MEMBER_P (params, info->offset);
  if (info->kind == RING_PARAM_KIND_NUMBER)
    return *(const double *) field;

  return *(const guint *) field;
}

/* Whole-number and choice fields hold what fits; validation reports the rest. */
static guint
to_uint (double value)
{
  if (!(value >= 0))
    return 0;
  if (value > G_MAXUINT)
    return G_MAXUINT;

  return (guint) value;
}

void
ring_params_set_value (RingParams  *params,
                       RingParamId  id,
                       double       value)
{
  const RingParamInfo *info;
  gpointer field;

  g_return_if_fail (params != NULL);
  g_return_if_fail (id < RING_N_PARAMS);

  info = &param_infos[id];
  field = G_STRUCT_MEMBER_P (params, info->offset);
  if (info->kind == RING_PARAM_KIND_NUMBER)
    *(double *) field = value;
  else if (info->kind == RING_PARAM_KIND_CHOICE)
    *(guint *) field = MIN (to_uint (value), (guint) info->maximum);
  else
    *(guint *) field = to_uint (value);
}

const char *
ring_param_get_title (RingParamId id)
{
  g_return_val_if_fail (id < RING_N_PARAMS, NULL);

  return _(param_infos[id].title);
}

const char *
ring_param_get_short_title (RingParamId id)
{
  g_return_val_if_fail (id < RING_N_PARAMS, NULL);

  return _(param_infos[id].short_title);
}

gboolean
ring_gradient_bytes_is_valid (guint gradient_bytes)
{
  return gradient_bytes == 1 || gradient_bytes == 2 || gradient_bytes == 4;
}

gboolean
ring_params_is_collective (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, FALSE);

  return params->message_bytes > 0;
}

guint
ring_params_get_hosts (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, 1);

  if (params->gpus_per_node == 0)
    return params->gpus;

  return (params->gpus + params->gpus_per_node - 1) / params->gpus_per_node;
}

guint
ring_params_get_nodes (const RingParams *params)
{
  guint domain;

  g_return_val_if_fail (params != NULL, 1);

  domain = ring_params_get_domain_gpus (params);

  return (params->gpus + domain - 1) / domain;
}

void
ring_params_apply_gpu (RingParams *params,
                       RingGpuId   gpu)
{
  const RingGpuInfo *info;

  g_return_if_fail (params != NULL);
  g_return_if_fail (gpu < RING_N_GPUS);

  info = ring_gpu_info (gpu);
  params->gpu = gpu;
  params->compute_tflops = ring_gpu_achieved_tflops (info);
  params->bandwidth_gbps = info->intra_gbps;
  params->gpus_per_node = info->gpus_per_node;
  params->nvlink_domain = info->nvlink_domain;
  params->pcie_generation = info->pcie_generation;
}

gboolean
ring_params_set_by_gpu (RingParamId id)
{
  g_return_val_if_fail (id < RING_N_PARAMS, FALSE);

  return id == RING_PARAM_COMPUTE || id == RING_PARAM_BANDWIDTH
         || id == RING_PARAM_GPUS_PER_NODE || id == RING_PARAM_NVLINK_DOMAIN
         || id == RING_PARAM_PCIE_GENERATION;
}

double
ring_fabric_latency_us (RingFabric fabric)
{
  g_return_val_if_fail (fabric < RING_N_FABRICS, NAN);

  if (fabric == RING_FABRIC_ROCE)
    return ring_calibration_default ()->value[RING_CALIBRATION_ROCE_LATENCY];

  return fabric_latency_us[fabric];
}

void
ring_params_apply_fabric (RingParams *params,
                          RingFabric  fabric)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (fabric < RING_N_FABRICS);

  params->fabric = fabric;
  params->net_latency_us = ring_fabric_latency_us (fabric);
}

/* How a message names parameter @id: its option ("--grad-bytes") for the command line,
 * its key ("“gradient_bytes”") for a file. */
static char *
param_name (RingParamId      id,
            RingParamNaming  naming)
{
  const RingParamInfo *info = &param_infos[id];

  if (naming == RING_PARAM_NAMING_KEY)
    /* Translators: a parameter's key in a scenario file, quoted */
    return g_strdup_printf (C_("parameter key", "“%s”"), info->json_key);

  return g_strdup_printf ("--%s", info->option);
}

static gboolean
validate_ranges (const RingParams  *params,
                 RingParamNaming    naming,
                 GError           **error)
{
  for (guint i = 0; i < RING_N_PARAMS; i++)
    {
      const RingParamInfo *info = &param_infos[i];
      double value = ring_params_get_value (params, i);

      if (!isfinite (value) || value < info->minimum || value > info->maximum)
        {
          g_autofree char *name = param_name (i, naming);

          if (info->option_part && naming == RING_PARAM_NAMING_OPTION)
            g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                         /* Translators: an option, then a fraction typed after its colon */
                         _("%s: the fraction must be between 0.01 and 1 (1%% and 100%%), "
                           "not %g"), name, value);
          else
            g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                         /* Translators: a parameter's option or key, its range, its value */
                         _("%s must be between %.10g and %.10g, not %g"),
                         name, info->minimum, info->maximum, value);
          return FALSE;
        }
    }

  return TRUE;
}

/* Megatron's layout: T inside a node, P at most the layers, T · P · C dividing N. */
static gboolean
validate_parallelism (const RingParams  *params,
                      RingParamNaming    naming,
                      GError           **error)
{
  guint model_parallel = params->tensor_parallel * params->pipeline_parallel
                         * params->context_parallel;
  guint layers, hidden;

  if (params->tensor_parallel > params->gpus_per_node)
    {
      g_autofree char *name = param_name (RING_PARAM_TENSOR_PARALLEL, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option or key, its value, then the GPUs per node */
                   _("%s: %u tensor-parallel GPUs do not fit in a node of %u GPUs"),
                   name, params->tensor_parallel, params->gpus_per_node);
      return FALSE;
    }

  ring_step_architecture (params, &layers, &hidden);
  if (params->pipeline_parallel > layers)
    {
      g_autofree char *name = param_name (RING_PARAM_PIPELINE_PARALLEL, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option or key, its value, then the model's layers */
                   _("%s: %u pipeline stages are more than the model’s %u layers"),
                   name, params->pipeline_parallel, layers);
      return FALSE;
    }

  if (params->gpus % model_parallel != 0)
    {
      g_autofree char *name = param_name (RING_PARAM_GPUS, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option or key, the GPUs, then tensor × pipeline ×
                    * context parallelism and their product */
                   _("%s: %u GPUs do not divide into data-parallel groups of "
                     "tensor × pipeline × context = %u × %u × %u = %u GPUs"),
                   name, params->gpus, params->tensor_parallel, params->pipeline_parallel,
                   params->context_parallel, model_parallel);
      return FALSE;
    }

  return TRUE;
}

/* What only makes sense across fields: several nodes need a network, and the algorithm
 * must be one that runs on this hardware. */
static gboolean
validate_cluster (const RingParams  *params,
                  RingParamNaming    naming,
                  GError           **error)
{
  guint nodes = ring_params_get_nodes (params);
  RingTopology topology;
  const char *why = NULL;

  if (nodes > 1 && params->nics_per_node == 0)
    {
      g_autofree char *name = param_name (RING_PARAM_NICS_PER_NODE, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option or key, then a number of nodes, of GPUs, of
                    * GPUs per node */
                   _("%s: 0 NICs cannot connect %u nodes (%u GPUs, %u per node)"),
                   name, nodes, params->gpus, ring_params_get_domain_gpus (params));
      return FALSE;
    }

  if (params->nvlink_domain > params->gpus_per_node
      && (ring_params_get_domain_gpus (params) != params->nvlink_domain))
    {
      g_autofree char *name = param_name (RING_PARAM_NVLINK_DOMAIN, naming);
      const RingGpuInfo *gpu = ring_gpu_info (MIN (params->gpu, RING_N_GPUS - 1));

      if (gpu->intra != RING_INTRA_NVSWITCH)
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     /* Translators: an option or key, then a GPU's name */
                     _("%s: %s GPUs have no NVLink switches to share across nodes"),
                     name, gpu->name);
      else
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     /* Translators: an option or key, a number of GPUs, then GPUs per
                      * node */
                     _("%s: %u GPUs are not a whole number of nodes of %u GPUs"),
                     name, params->nvlink_domain, params->gpus_per_node);
      return FALSE;
    }

  if (params->slow_link >= params->gpus || params->slow_gpu >= params->gpus)
    {
      gboolean link = params->slow_link >= params->gpus;
      g_autofree char *name = param_name (link ? RING_PARAM_SLOW_LINK : RING_PARAM_SLOW_GPU,
                                          naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   link
                   /* Translators: an option or key, a link or GPU number, then the
                    * number of GPUs, whose numbers run from 0 to one less */
                   ? _("%s: there is no link %u among %u GPUs (0 to %u)")
                   : _("%s: there is no GPU %u among %u GPUs (0 to %u)"),
                   name, link ? params->slow_link : params->slow_gpu, params->gpus,
                   params->gpus - 1);
      return FALSE;
    }

  if (!validate_parallelism (params, naming, error))
    return FALSE;

  ring_topology_init (&topology, params, params->gpus);
  if (!ring_algorithm_can_run (params->algorithm, &topology, &why))
    {
      g_autofree char *name = param_name (RING_PARAM_ALGORITHM, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_CANNOT_RUN,
                   /* Translators: an option or key, an algorithm name, then why it cannot
                    * run */
                   _("%s: %s cannot run on this cluster: %s"),
                   name, ring_algorithm_info (params->algorithm)->name, _(why));
      return FALSE;
    }

  return TRUE;
}

gboolean
ring_params_validate_named (const RingParams  *params,
                            RingParamNaming    naming,
                            GError           **error)
{
  g_return_val_if_fail (params != NULL, FALSE);

  if (!validate_ranges (params, naming, error))
    return FALSE;

  if (!ring_gradient_bytes_is_valid (params->gradient_bytes))
    {
      g_autofree char *name = param_name (RING_PARAM_GRADIENT_BYTES, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option or key, then the value given */
                   _("%s must be 1, 2 or 4, not %u"), name, params->gradient_bytes);
      return FALSE;
    }

  if (params->bucket_bytes > 0 && params->bucket_bytes < RING_MIN_BUCKET_BYTES)
    {
      g_autofree char *name = param_name (RING_PARAM_BUCKET_SIZE, naming);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                   /* Translators: an option or key, then the value given */
                   _("%s must be 0 (one bucket) or 1MiB to 4GiB, not %g"), name,
                   params->bucket_bytes);
      return FALSE;
    }

  return validate_cluster (params, naming, error);
}

gboolean
ring_params_validate (const RingParams  *params,
                      GError           **error)
{
  return ring_params_validate_named (params, RING_PARAM_NAMING_OPTION, error);
}

RingSizingLink
ring_params_get_sizing_link (const RingParams *params)
{
  double g;

  g_return_val_if_fail (params != NULL, RING_SIZING_LINK_IN_NODE);

  if (ring_params_get_nodes (params) <= 1 || params->nics_per_node == 0)
    return RING_SIZING_LINK_IN_NODE;

  /* One GPU per node has no link inside it: the NICs carry everything. */
  g = MIN (ring_params_get_domain_gpus (params), params->gpus);
  if (g <= 1)
    return RING_SIZING_LINK_NICS;

  return ring_params_get_domain_nics (params) * params->nic_speed_gbit / 8.0
         <= params->bandwidth_gbps * g / (g - 1)
         ? RING_SIZING_LINK_NICS : RING_SIZING_LINK_IN_NODE;
}

double
ring_params_get_sizing_rate_gbps (const RingParams *params,
                                  RingSizingLink    link)
{
  g_return_val_if_fail (params != NULL, NAN);

  return link == RING_SIZING_LINK_NICS ? params->nic_speed_gbit / 8.0 : params->bandwidth_gbps;
}

void
ring_params_set_sizing_rate_gbps (RingParams     *params,
                                  RingSizingLink  link,
                                  double          rate_gbps)
{
  g_return_if_fail (params != NULL);

  if (link == RING_SIZING_LINK_NICS)
    params->nic_speed_gbit = rate_gbps * 8.0;
  else
    params->bandwidth_gbps = rate_gbps;
}

double
ring_params_get_sizing_bus_gbps (const RingParams *params,
                                 RingSizingLink    link)
{
  g_return_val_if_fail (params != NULL, NAN);

  if (link == RING_SIZING_LINK_NICS)
    return ring_params_get_domain_nics (params) * params->nic_speed_gbit / 8.0;

  return params->bandwidth_gbps;
}

const char *
ring_network_bound_to_string (RingNetworkBound bound)
{
  static const char *const names[] = { "none", "nics", "pcie", "sockets" };

  g_return_val_if_fail (bound < G_N_ELEMENTS (names), NULL);

  return names[bound];
}

const char *
ring_sizing_link_to_string (RingSizingLink link)
{
  switch (link)
    {
    case RING_SIZING_LINK_NICS:
      return "nic";
    case RING_SIZING_LINK_PCIE:
      return "pcie";
    case RING_SIZING_LINK_IN_NODE:
    default:
      return "in-node";
    }
}
