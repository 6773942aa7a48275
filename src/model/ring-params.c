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
#include "ring-params.h"
#include "ring-topology.h"
#include "ring-units.h"

/* Ranges and defaults from DESIGN.md and issue 9. 1 048 576 GPUs is 2^20. The network
 * defaults describe a DGX-class node on InfiniBand NDR; with the default 8 GPUs and 8 per
 * node there is one node and the network does not matter. */
G_DEFINE_QUARK (ring-params-error-quark, ring_params_error)

#define NUMBER RING_PARAM_KIND_NUMBER
#define COUNT  RING_PARAM_KIND_COUNT
#define CHOICE RING_PARAM_KIND_CHOICE

static const RingParamInfo param_infos[RING_N_PARAMS] = {
  { RING_PARAM_GPU, "gpu", "gpu", "gpu", "", 0, RING_N_GPUS - 1, RING_GPU_CUSTOM, CHOICE,
    N_("The GPU: its compute, memory and links inside a node (“list” names them)"), "NAME" },
  { RING_PARAM_GPUS, "gpus", "gpus", "gpus", "GPUs", 1, 1048576, 8, COUNT,
    N_("GPUs in the ring (1 to 1048576)"), "N" },
  { RING_PARAM_GPUS_PER_NODE, "gpus-per-node", "gpus_per_node", "gpus-per-node", "GPUs",
    1, 1024, 8, COUNT,
    N_("GPUs in each node, joined by NVLink or PCIe (1 to 1024)"), "G" },
  { RING_PARAM_NICS_PER_NODE, "nics-per-node", "nics_per_node", "nics-per-node", "NICs",
    0, 64, 8, COUNT,
    N_("Network cards in each node (0 to 64)"), "K" },
  { RING_PARAM_NIC_SPEED, "nic-speed", "nic_speed_gbit", "nic-speed", "Gb/s",
    1, 10000, 400, NUMBER,
    N_("Speed of each network card: 400 (Gb/s), 400Gb/s, 400G or 50GB/s"), "RATE" },
  { RING_PARAM_FABRIC, "fabric", "fabric", "fabric", "", 0, RING_N_FABRICS - 1,
    RING_FABRIC_INFINIBAND, CHOICE,
    N_("The network between nodes: infiniband, infiniband-sharp, roce or tcp"), "KIND" },
  /* About 1 µs: InfiniBand's one-way small-message latency, already inside NCCL's own
   * network constants; other fabrics add what they exceed it by. */
  { RING_PARAM_NET_LATENCY, "net-latency", "net_latency_us", "net-latency", "µs",
    0, 10000, 1, NUMBER,
    N_("One-way latency of the network between nodes, in µs"), "US" },
  /* Fitted to a measurement (ring-nccl-fit.c); the defaults leave the model unchanged.
   * Efficiencies are shares of the rates the topology derives, so 2 allows a system to
   * run up to twice the model's rate; a hop's latency never drops below 0. */
  { RING_PARAM_NET_EFFICIENCY, "net-efficiency", "net_efficiency", "net-efficiency", "",
    0.01, 2, 1, NUMBER,
    N_("Share of the network's modelled rate a measured system reaches (0.01 to 2)"), "F" },
  { RING_PARAM_LINK_LATENCY, "link-latency", "link_latency_us", "link-latency", "µs",
    -10, 10000, 0, NUMBER,
    N_("Latency added to each NVLink or PCIe hop, in µs (fitted to a measurement)"), "US" },
  { RING_PARAM_LINK_EFFICIENCY, "link-efficiency", "link_efficiency", "link-efficiency", "",
    0.01, 2, 1, NUMBER,
    N_("Share of the in-node links' modelled rate a measured system reaches (0.01 to 2)"),
    "F" },
  { RING_PARAM_MODEL_PARAMS, "model-params", "model_params", "model-params", "parameters",
    1e6, 1e13, 7e9, NUMBER,
    N_("Model parameters, such as 7e9, 7B or 1.5T"), "P" },
  { RING_PARAM_BANDWIDTH, "bandwidth", "bandwidth_gbps", "bandwidth", "GB/s",
    0.1, 10000, 300, NUMBER,
    N_("Bandwidth per GPU and direction inside a node, in GB/s"), "GBPS" },
  { RING_PARAM_COMPUTE, "compute", "compute_tflops", "compute", "TFLOP/s", 1, 10000, 400,
    NUMBER,
    N_("Achieved compute per GPU, in TFLOP/s"), "TFLOPS" },
  { RING_PARAM_TOKENS_PER_GPU, "tokens-per-gpu", "tokens_per_gpu", "tokens", "tokens",
    1, 1e8, 4096, NUMBER,
    N_("Tokens each GPU processes per step"), "T" },
  { RING_PARAM_GRADIENT_BYTES, "gradient-bytes", "gradient_bytes", "grad-bytes", "bytes",
    1, 4, 4, COUNT,
    N_("Bytes per gradient value: 4 (fp32), 2 (bf16) or 1 (fp8)"), "B" },
  { RING_PARAM_LATENCY, "latency", "latency_us", "latency", "µs", 0, 10000, 5, NUMBER,
    N_("Latency per message hop of the flat ring and the textbook algorithms, in µs"), "US" },
  /* Withdrawn (issue 12): overlap follows from the gradient buckets now. */
  { RING_PARAM_OVERLAP, "overlap", "overlap", "overlap", "", 0, 1, 0, NUMBER,
    NULL, NULL, TRUE },
  { RING_PARAM_ALGORITHM, "algorithm", "algorithm", "algorithm", "",
    0, RING_ALGORITHM_LAST, RING_ALGORITHM_AUTO, CHOICE,
    N_("All-reduce algorithm: auto, ring, tree, nvls, nvls-tree, collnet, "
       "halving-doubling, hierarchical or flat-ring"), "NAME" },
  /* The training step (issue 12). Bucket sizes are PyTorch DDP's (bucket_cap_mb = 25);
   * 0 is one bucket: no overlap. */
  { RING_PARAM_BUCKET_SIZE, "bucket-size", "bucket_size_bytes", "bucket-size", "bytes",
    0, RING_MAX_BUCKET_BYTES, RING_DEFAULT_BUCKET_BYTES, NUMBER,
    N_("Gradient bucket size, 1MiB to 4GiB, or 0 (“one”) for a single bucket"), "BYTES" },
  { RING_PARAM_COMM_SLOWDOWN, "comm-slowdown", "comm_slowdown", "comm-slowdown", "",
    0, 1, 0, NUMBER,
    N_("How much slower compute runs while a collective runs beside it (0 to 1)"), "F" },
  { RING_PARAM_SHARDING, "sharding", "sharding", "sharding", "",
    0, RING_N_SHARDINGS - 1, RING_SHARDING_DDP, CHOICE,
    N_("How data parallelism shards the model: ddp, zero1, zero2 or fsdp"), "KIND" },
  { RING_PARAM_CHECKPOINTING, "activation-checkpointing", "activation_checkpointing",
    "activation-checkpointing", "", 0, RING_N_CHECKPOINTINGS - 1, RING_CHECKPOINTING_NONE,
    CHOICE, N_("Activation checkpointing: none, selective or full"), "KIND" },
  { RING_PARAM_FUSED_ATTENTION, "fused-attention", "fused_attention", "fused-attention", "",
    0, 1, 1, COUNT,
    N_("1 if attention is fused (FlashAttention) and stores no scores, else 0"), "0|1" },
  /* GPUs are numbered from 0; link I leaves GPU I (towards GPU I + 1 in the ring). */
  { RING_PARAM_SLOW_LINK, "slow-link", "slow_link", "slow-link", "",
    0, 1048575, 0, COUNT,
    N_("Slow down link I (what GPU I sends) to FRACTION of its bandwidth, "
       "such as 3:0.25 or 3:25%"), "I:FRACTION" },
  { RING_PARAM_SLOW_LINK_FRACTION, "slow-link-fraction", "slow_link_fraction", "slow-link", "",
    0.01, 1, 1, NUMBER, NULL, NULL, FALSE, TRUE },
  { RING_PARAM_SLOW_GPU, "slow-gpu", "slow_gpu", "slow-gpu", "",
    0, 1048575, 0, COUNT,
    N_("Slow down GPU I to FRACTION of the others’ compute, such as 5:0.5 or 5:50%"),
    "I:FRACTION" },
  { RING_PARAM_SLOW_GPU_FRACTION, "slow-gpu-fraction", "slow_gpu_fraction", "slow-gpu", "",
    0.01, 1, 1, NUMBER, NULL, NULL, FALSE, TRUE },
};

#undef NUMBER
#undef COUNT
#undef CHOICE

static const char * const fabric_names[RING_N_FABRICS] = {
  "infiniband", "infiniband-sharp", "roce", "tcp",
};

/* One-way small-message latencies: InfiniBand about 1 µs (the fabric NCCL's network
 * constants were measured on, so it adds nothing to them); RoCE through Ethernet switches
 * about 3 µs; the kernel's TCP stack tens of µs (30, the seed's ethernet preset). RoCE's 3
 * and the 12 µs of AWS EFA (entered as RoCE with --net-latency 12) were checked against
 * the 8-byte rows of tests/data. */
static const double fabric_latency_us[RING_N_FABRICS] = { 1, 1, 3, 30 };

static const char * const sharding_names[RING_N_SHARDINGS] = {
  "ddp", "zero1", "zero2", "fsdp",
};

static const char * const checkpointing_names[RING_N_CHECKPOINTINGS] = {
  "none", "selective", "full",
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
    case RING_PARAM_GPU: return params->gpu;
    case RING_PARAM_GPUS: return params->gpus;
    case RING_PARAM_GPUS_PER_NODE: return params->gpus_per_node;
    case RING_PARAM_NICS_PER_NODE: return params->nics_per_node;
    case RING_PARAM_NIC_SPEED: return params->nic_speed_gbit;
    case RING_PARAM_NET_LATENCY: return params->net_latency_us;
    case RING_PARAM_FABRIC: return params->fabric;
    case RING_PARAM_NET_EFFICIENCY: return params->net_efficiency;
    case RING_PARAM_LINK_LATENCY: return params->link_latency_us;
    case RING_PARAM_LINK_EFFICIENCY: return params->link_efficiency;
    case RING_PARAM_MODEL_PARAMS: return params->model_params;
    case RING_PARAM_BANDWIDTH: return params->bandwidth_gbps;
    case RING_PARAM_COMPUTE: return params->compute_tflops;
    case RING_PARAM_TOKENS_PER_GPU: return params->tokens_per_gpu;
    case RING_PARAM_GRADIENT_BYTES: return params->gradient_bytes;
    case RING_PARAM_LATENCY: return params->latency_us;
    case RING_PARAM_OVERLAP: return params->overlap;
    case RING_PARAM_ALGORITHM: return params->algorithm;
    case RING_PARAM_BUCKET_SIZE: return params->bucket_bytes;
    case RING_PARAM_COMM_SLOWDOWN: return params->comm_slowdown;
    case RING_PARAM_SHARDING: return params->sharding;
    case RING_PARAM_CHECKPOINTING: return params->checkpointing;
    case RING_PARAM_FUSED_ATTENTION: return params->fused_attention;
    case RING_PARAM_SLOW_LINK: return params->slow_link;
    case RING_PARAM_SLOW_LINK_FRACTION: return params->slow_link_fraction;
    case RING_PARAM_SLOW_GPU: return params->slow_gpu;
    case RING_PARAM_SLOW_GPU_FRACTION: return params->slow_gpu_fraction;
    case RING_N_PARAMS:
    default:
      g_return_val_if_reached (NAN);
    }
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
  g_return_if_fail (params != NULL);

  switch (id)
    {
    case RING_PARAM_GPU: params->gpu = MIN (to_uint (value), RING_N_GPUS - 1); break;
    case RING_PARAM_GPUS: params->gpus = to_uint (value); break;
    case RING_PARAM_GPUS_PER_NODE: params->gpus_per_node = to_uint (value); break;
    case RING_PARAM_NICS_PER_NODE: params->nics_per_node = to_uint (value); break;
    case RING_PARAM_NIC_SPEED: params->nic_speed_gbit = value; break;
    case RING_PARAM_NET_LATENCY: params->net_latency_us = value; break;
    case RING_PARAM_FABRIC: params->fabric = MIN (to_uint (value), RING_N_FABRICS - 1); break;
    case RING_PARAM_NET_EFFICIENCY: params->net_efficiency = value; break;
    case RING_PARAM_LINK_LATENCY: params->link_latency_us = value; break;
    case RING_PARAM_LINK_EFFICIENCY: params->link_efficiency = value; break;
    case RING_PARAM_MODEL_PARAMS: params->model_params = value; break;
    case RING_PARAM_BANDWIDTH: params->bandwidth_gbps = value; break;
    case RING_PARAM_COMPUTE: params->compute_tflops = value; break;
    case RING_PARAM_TOKENS_PER_GPU: params->tokens_per_gpu = value; break;
    case RING_PARAM_GRADIENT_BYTES: params->gradient_bytes = to_uint (value); break;
    case RING_PARAM_LATENCY: params->latency_us = value; break;
    case RING_PARAM_OVERLAP: params->overlap = value; break;
    case RING_PARAM_ALGORITHM:
      params->algorithm = MIN (to_uint (value), RING_ALGORITHM_LAST);
      break;
    case RING_PARAM_BUCKET_SIZE: params->bucket_bytes = value; break;
    case RING_PARAM_COMM_SLOWDOWN: params->comm_slowdown = value; break;
    case RING_PARAM_SHARDING:
      params->sharding = MIN (to_uint (value), RING_N_SHARDINGS - 1);
      break;
    case RING_PARAM_CHECKPOINTING:
      params->checkpointing = MIN (to_uint (value), RING_N_CHECKPOINTINGS - 1);
      break;
    case RING_PARAM_FUSED_ATTENTION: params->fused_attention = to_uint (value); break;
    case RING_PARAM_SLOW_LINK: params->slow_link = to_uint (value); break;
    case RING_PARAM_SLOW_LINK_FRACTION: params->slow_link_fraction = value; break;
    case RING_PARAM_SLOW_GPU: params->slow_gpu = to_uint (value); break;
    case RING_PARAM_SLOW_GPU_FRACTION: params->slow_gpu_fraction = value; break;
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
ring_params_is_collective (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, FALSE);

  return params->message_bytes > 0;
}

guint
ring_params_get_nodes (const RingParams *params)
{
  g_return_val_if_fail (params != NULL, 1);

  if (params->gpus_per_node == 0)
    return params->gpus;

  return (params->gpus + params->gpus_per_node - 1) / params->gpus_per_node;
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
}

double
ring_fabric_latency_us (RingFabric fabric)
{
  g_return_val_if_fail (fabric < RING_N_FABRICS, NAN);

  return fabric_latency_us[fabric];
}

void
ring_params_apply_fabric (RingParams *params,
                          RingFabric  fabric)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (fabric < RING_N_FABRICS);

  params->fabric = fabric;
  params->net_latency_us = fabric_latency_us[fabric];
}

static gboolean
validate_ranges (const RingParams  *params,
                 GError           **error)
{
  for (guint i = 0; i < RING_N_PARAMS; i++)
    {
      const RingParamInfo *info = &param_infos[i];
      double value = ring_params_get_value (params, i);

      if (!isfinite (value) || value < info->minimum || value > info->maximum)
        {
          if (info->option_part)
            g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                         /* Translators: an option, then a fraction typed after its colon */
                         _("--%s: the fraction must be between 0.01 and 1 (1%% and 100%%), "
                           "not %g"), info->option, value);
          else
            g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                         /* Translators: a parameter name, its value, and its range */
                         _("%s must be between %.10g and %.10g, not %g"),
                         info->option, info->minimum, info->maximum, value);
          return FALSE;
        }
    }

  return TRUE;
}

/* What only makes sense across fields: several nodes need a network, and the algorithm
 * must be one that runs on this hardware. */
static gboolean
validate_cluster (const RingParams  *params,
                  GError           **error)
{
  guint nodes = ring_params_get_nodes (params);
  RingTopology topology;
  const char *why = NULL;

  if (nodes > 1 && params->nics_per_node == 0)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: %u are a number of nodes, of GPUs, of GPUs per node */
                   _("--nics-per-node: 0 NICs cannot connect %u nodes (%u GPUs, %u per node)"),
                   nodes, params->gpus, params->gpus_per_node);
      return FALSE;
    }

  if (params->slow_link >= params->gpus || params->slow_gpu >= params->gpus)
    {
      gboolean link = params->slow_link >= params->gpus;

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   link
                   /* Translators: a link or GPU number, then the number of GPUs, whose
                    * numbers run from 0 to one less */
                   ? _("--slow-link: there is no link %u among %u GPUs (0 to %u)")
                   : _("--slow-gpu: there is no GPU %u among %u GPUs (0 to %u)"),
                   link ? params->slow_link : params->slow_gpu, params->gpus,
                   params->gpus - 1);
      return FALSE;
    }

  ring_topology_init (&topology, params, params->gpus);
  if (!ring_algorithm_can_run (params->algorithm, &topology, &why))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_CANNOT_RUN,
                   /* Translators: an algorithm name, then why it cannot run */
                   _("--algorithm: %s cannot run on this cluster: %s"),
                   ring_algorithm_to_string (params->algorithm), _(why));
      return FALSE;
    }

  return TRUE;
}

gboolean
ring_params_validate (const RingParams  *params,
                      GError           **error)
{
  g_return_val_if_fail (params != NULL, FALSE);

  if (!validate_ranges (params, error))
    return FALSE;

  if (!ring_gradient_bytes_is_valid (params->gradient_bytes))
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("grad-bytes must be 1, 2 or 4, not %u"), params->gradient_bytes);
      return FALSE;
    }

  if (params->bucket_bytes > 0 && params->bucket_bytes < RING_MIN_BUCKET_BYTES)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE,
                   _("bucket-size must be 0 (one bucket) or 1MiB to 4GiB, not %g"),
                   params->bucket_bytes);
      return FALSE;
    }

  if (!isfinite (params->message_bytes) || params->message_bytes < 0)
    {
      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   _("message-size must be a positive number of bytes"));
      return FALSE;
    }

  return validate_cluster (params, error);
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

static char *
choice_list (RingParamId id)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < ring_param_n_choices (id); i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", ring_param_choice_name (id, i));

  return g_string_free (names, FALSE);
}

static gboolean
parse_choice (RingParamId  id,
              const char  *text,
              double      *value)
{
  const RingGpuInfo *gpu;
  RingAlgorithm algorithm;
  RingFabric fabric;

  if (id == RING_PARAM_GPU)
    {
      if ((gpu = ring_gpu_lookup (text)) == NULL)
        return FALSE;
      *value = gpu->id;
      return TRUE;
    }
  if (id == RING_PARAM_FABRIC)
    {
      if (!ring_fabric_from_string (text, &fabric))
        return FALSE;
      *value = fabric;
      return TRUE;
    }
  if (id == RING_PARAM_SHARDING)
    {
      RingSharding sharding;

      if (!ring_sharding_from_string (text, &sharding))
        return FALSE;
      *value = sharding;
      return TRUE;
    }
  if (id == RING_PARAM_CHECKPOINTING)
    {
      for (guint i = 0; i < RING_N_CHECKPOINTINGS; i++)
        {
          if (g_ascii_strcasecmp (text, checkpointing_names[i]) == 0)
            {
              *value = i;
              return TRUE;
            }
        }
      return FALSE;
    }
  g_return_val_if_fail (id == RING_PARAM_ALGORITHM, FALSE);
  if (!ring_algorithm_from_string (text, &algorithm))
    return FALSE;
  *value = algorithm;

  return TRUE;
}

static gboolean
set_choice_from_string (RingParams   *params,
                        RingParamId   id,
                        const char   *text,
                        GError      **error)
{
  const RingParamInfo *info = &param_infos[id];
  double value;

  if (!parse_choice (id, text, &value))
    {
      g_autofree char *known = choice_list (id);

      g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                   /* Translators: an option, the value typed, the accepted names */
                   _("--%s: unknown value “%s” (known: %s)"), info->option, text, known);
      return FALSE;
    }

  /* A GPU brings its facts, a fabric its latency; options given after override them. */
  if (id == RING_PARAM_GPU)
    ring_params_apply_gpu (params, (RingGpuId) value);
  else if (id == RING_PARAM_FABRIC)
    ring_params_apply_fabric (params, (RingFabric) value);
  else
    ring_params_set_value (params, id, value);

  return TRUE;
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
  const RingParamInfo *info = &param_infos[id];
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

  info = &param_infos[id];
  if (info->option_part)
    return NULL;
  if (info->kind == RING_PARAM_KIND_CHOICE)
    return g_strdup (ring_param_choice_name (id, (guint) ring_params_get_value (params, id)));

  g_ascii_formatd (index, sizeof index, "%.17g", ring_params_get_value (params, id));
  if (id + 1 < RING_N_PARAMS && param_infos[id + 1].option_part)
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

  info = &param_infos[id];

  if (info->kind == RING_PARAM_KIND_CHOICE)
    return set_choice_from_string (params, id, text, error);
  if (id + 1 < RING_N_PARAMS && param_infos[id + 1].option_part)
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
  else if (!parse_number (id, text, &value))
    {
      if (id == RING_PARAM_NIC_SPEED)
        g_set_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_INVALID,
                     _("--%s: “%s” is not a NIC speed (such as 400, 400Gb/s, 400G or 50GB/s)"),
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
  if (id == RING_PARAM_CHECKPOINTING)
    return RING_N_CHECKPOINTINGS;

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
    return sharding_names[choice];
  if (id == RING_PARAM_CHECKPOINTING)
    return checkpointing_names[choice];

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

const char *
ring_sharding_to_string (RingSharding sharding)
{
  g_return_val_if_fail (sharding < RING_N_SHARDINGS, NULL);

  return sharding_names[sharding];
}

gboolean
ring_sharding_from_string (const char   *name,
                           RingSharding *sharding)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < RING_N_SHARDINGS; i++)
    {
      /* ZeRO-3 is FSDP. */
      if (g_ascii_strcasecmp (name, sharding_names[i]) == 0
          || (i == RING_SHARDING_FSDP && g_ascii_strcasecmp (name, "zero3") == 0))
        {
          if (sharding != NULL)
            *sharding = i;
          return TRUE;
        }
    }

  return FALSE;
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
ring_fabric_to_string (RingFabric fabric)
{
  g_return_val_if_fail (fabric < RING_N_FABRICS, NULL);

  return fabric_names[fabric];
}

gboolean
ring_fabric_from_string (const char *name,
                         RingFabric *fabric)
{
  /* The names people use for them too. */
  static const struct {
    const char *name;
    RingFabric  fabric;
  } aliases[] = {
    { "ib", RING_FABRIC_INFINIBAND }, { "ib-sharp", RING_FABRIC_INFINIBAND_SHARP },
    { "sharp", RING_FABRIC_INFINIBAND_SHARP }, { "efa", RING_FABRIC_ROCE },
    { "ethernet", RING_FABRIC_TCP },
  };

  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < RING_N_FABRICS; i++)
    {
      if (g_ascii_strcasecmp (name, fabric_names[i]) == 0)
        {
          if (fabric != NULL)
            *fabric = i;
          return TRUE;
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (aliases); i++)
    {
      if (g_ascii_strcasecmp (name, aliases[i].name) == 0)
        {
          if (fabric != NULL)
            *fabric = aliases[i].fabric;
          return TRUE;
        }
    }

  return FALSE;
}
