/* ring-params-types.h: the parameter and result structs, their enums and the parameter
 * table's row, which every room of the model reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-gpu.h"

G_BEGIN_DECLS

/* SI inside the code; a field in another unit says so in its name (`_gbps`, `_us`). */

/* In the window's order; `auto` picks among NCCL's (ring … collnet) as NCCL does. */
typedef enum
{
  RING_ALGORITHM_AUTO,
  RING_ALGORITHM_RING,
  RING_ALGORITHM_TREE,
  RING_ALGORITHM_NVLS,
  RING_ALGORITHM_NVLS_TREE,
  RING_ALGORITHM_COLLNET,
  RING_ALGORITHM_HALVING_DOUBLING,
  RING_ALGORITHM_HIERARCHICAL,
  RING_ALGORITHM_FLAT_RING,
} RingAlgorithm;

#define RING_ALGORITHM_LAST RING_ALGORITHM_FLAT_RING
#define RING_N_ALGORITHMS   (RING_ALGORITHM_LAST + 1)

/* NCCL's protocols (docs/model.md §3). */
typedef enum
{
  RING_PROTOCOL_LL,
  RING_PROTOCOL_LL128,
  RING_PROTOCOL_SIMPLE,
} RingProtocol;

#define RING_N_PROTOCOLS (RING_PROTOCOL_SIMPLE + 1)

typedef enum
{
  RING_FABRIC_INFINIBAND,
  RING_FABRIC_INFINIBAND_SHARP,  /* switches that reduce: CollNet */
  RING_FABRIC_ROCE,              /* and AWS EFA */
  RING_FABRIC_TCP,
} RingFabric;

#define RING_N_FABRICS (RING_FABRIC_TCP + 1)

/* Where the job's nodes sit among the leaves (ring-fabric.h): packed fills each leaf with
 * consecutive nodes, as a topology-aware scheduler does; scattered anywhere. */
typedef enum
{
  RING_PLACEMENT_PACKED,
  RING_PLACEMENT_SCATTERED,
} RingPlacement;

#define RING_N_PLACEMENTS (RING_PLACEMENT_SCATTERED + 1)

/* The tier whose links bound the network: the nodes' NICs to their leaf, the leaves'
 * uplinks, the spines'. */
typedef enum
{
  RING_FABRIC_TIER_NONE,   /* one node: no network */
  RING_FABRIC_TIER_LEAF,
  RING_FABRIC_TIER_SPINE,
  RING_FABRIC_TIER_CORE,
} RingFabricTier;

#define RING_N_FABRIC_TIERS (RING_FABRIC_TIER_CORE + 1)

/* One tier's links as the busiest group of it sees them, in GB/s: the leaf's are one
 * node's links, the spine's a leaf's uplinks, the core's a pod's. */
typedef struct
{
  double capacity_gbps;
  double demand_gbps;     /* what both jobs' traffic of the group sends through them */
  double our_demand_gbps; /* ours of it */
  double other_demand_gbps;  /* the other job's (--other-job-gpus) */
  double load;            /* demand over capacity, 1 where the tier binds */
} RingFabricLoad;

/* How data parallelism keeps the model state (docs/model.md §5). */
typedef enum
{
  RING_SHARDING_DDP,
  RING_SHARDING_ZERO1,
  RING_SHARDING_ZERO2,
  RING_SHARDING_FSDP,
} RingSharding;

#define RING_N_SHARDINGS (RING_SHARDING_FSDP + 1)

/* Activation checkpointing (Korthikanti et al. 2022; docs/model.md §5). */
typedef enum
{
  RING_CHECKPOINTING_NONE,
  RING_CHECKPOINTING_SELECTIVE,
  RING_CHECKPOINTING_FULL,
} RingCheckpointing;

#define RING_N_CHECKPOINTINGS (RING_CHECKPOINTING_FULL + 1)

/* The NCCL release series whose changes the model knows (docs/model.md §4, "NCCL
 * versions"); each stands for the last release of its series (2.28: 2.28.9). */
typedef enum
{
  RING_NCCL_2_18, /*< nick=2.18 >*/
  RING_NCCL_2_19, /*< nick=2.19 >*/
  RING_NCCL_2_20, /*< nick=2.20 >*/
  RING_NCCL_2_21, /*< nick=2.21 >*/
  RING_NCCL_2_22, /*< nick=2.22 >*/
  RING_NCCL_2_23, /*< nick=2.23 >*/
  RING_NCCL_2_24, /*< nick=2.24 >*/
  RING_NCCL_2_25, /*< nick=2.25 >*/
  RING_NCCL_2_26, /*< nick=2.26 >*/
  RING_NCCL_2_27, /*< nick=2.27 >*/
  RING_NCCL_2_28, /*< nick=2.28 >*/
} RingNcclVersion;

#define RING_NCCL_VERSION_LAST RING_NCCL_2_28
#define RING_N_NCCL_VERSIONS   (RING_NCCL_VERSION_LAST + 1)

/* PyTorch DDP's buckets and DeepSpeed ZeRO's (docs/model.md §5); bucket-size 0: one. */
#define RING_FIRST_BUCKET_BYTES   1048576.0
#define RING_MIN_BUCKET_BYTES     1048576.0
#define RING_MAX_BUCKET_BYTES     4294967296.0
#define RING_DEFAULT_BUCKET_BYTES 26214400.0
#define RING_ZERO_REDUCE_BUCKET_ELEMENTS    5e8
#define RING_ZERO_ALLGATHER_BUCKET_ELEMENTS 5e8

#define RING_MAX_GPUS 1048576

typedef struct
{
  RingGpuId     gpu;
  guint         gpus;             /* N */
  guint         gpus_per_node;    /* G: GPUs per host */
  /* GPUs that share NVLink across hosts (NVL72: 72 GPUs on 18 hosts of 4), a whole number
   * of hosts; 0: each host is its own domain. The model's node is the NVLink domain. */
  guint         nvlink_domain;
  guint         nics_per_node;    /* K */
  double        nic_speed_gbit;   /* per NIC, as NICs are sold */
  guint         pcie_generation;  /* of each GPU's x16 link, through which it feeds NICs */
  double        net_latency_us;   /* one way */
  /* What a fit to nccl-tests logs sets; 1, 0, 1 leave the model as derived. */
  double        net_efficiency;
  double        link_latency_us;
  double        link_efficiency;
  RingFabric    fabric;
  /* The switches between nodes (ring-fabric.h): tiers, nodes under one leaf, uplinks
   * oversubscribed R:1, NICs on rails, where the job sits. */
  guint         fabric_tiers;
  guint         nodes_per_leaf;
  double        oversubscription;
  guint         rail_optimized;
  RingPlacement placement;
  /* A second job's GPUs on our leaves (0: none) and the share of time it sends. */
  guint         other_job_gpus;
  double        other_job_load;   /* % */
  double        model_params;     /* P */
  double        bandwidth_gbps;   /* B, per GPU and direction */
  double        compute_tflops;   /* F, achieved, per GPU */
  double        tokens_per_gpu;   /* T, per step */
  guint         gradient_bytes;   /* b: 1, 2 or 4 */
  double        latency_us;       /* α, per message hop (flat-ring and textbook) */
  /* Withdrawn: a property and GSettings key the cost ignores. */
  double        overlap;
  RingAlgorithm algorithm;
  RingNcclVersion nccl_version;   /* what NCCL builds and how (docs/model.md §4) */
  double        bucket_bytes;     /* DDP/ZeRO gradient bucket; 0: one bucket */
  double        comm_slowdown;    /* compute runs 1 + this slower beside a collective */
  RingSharding  sharding;
  RingCheckpointing checkpointing;
  guint         fused_attention;  /* 1: attention scores never stored */
  /* Megatron's parallelism around data parallelism D = N / (T · P · C) (ring-parallelism.h):
   * tensor (T), pipeline (P) and context (C) ranks, and the micro-batches of a step. */
  guint         tensor_parallel;
  guint         pipeline_parallel;
  guint         context_parallel;
  guint         micro_batches;
  double        message_bytes;    /* > 0: all-reduce this instead of the gradients */
  /* Link I (what GPU I sends) and GPU I at a fraction of their speed (ring-simulation.h). */
  guint         slow_link;
  double        slow_link_fraction;
  guint         slow_gpu;
  double        slow_gpu_fraction;
} RingParams;

/* The link that binds, which the sizing figures vary (ring_params_get_sizing_link()). */
typedef enum
{
  RING_SIZING_LINK_IN_NODE,   /* B */
  RING_SIZING_LINK_NICS,      /* GB/s per NIC here */
  /* Only in a result, where the GPUs' PCIe links feed the NICs no faster. */
  RING_SIZING_LINK_PCIE,
} RingSizingLink;

/* What bounds the rate a node's network carries across nodes (docs/model.md §3). */
typedef enum
{
  RING_NETWORK_BOUND_NONE,     /* one node */
  RING_NETWORK_BOUND_NICS,
  RING_NETWORK_BOUND_PCIE,     /* GPUDirect through the GPUs' PCIe links */
  RING_NETWORK_BOUND_SOCKETS,  /* NCCL's socket threads (TCP) */
} RingNetworkBound;

typedef struct
{
  double   gradient_buffer_bytes;     /* S = P · b, or the message size */
  double   compute_time_s;
  double   backward_time_s;
  double   bytes_moved_per_gpu;
  double   allreduce_time_s;
  double   latency_time_s;            /* the 2 (N−1) · α part of allreduce_time_s */
  double   exposed_comm_s;
  double   step_time_s;
  double   utilization;
  double   algbw_gbps;
  double   busbw_gbps;
  double   tokens_per_s;
  gboolean comm_bound;
  double   bandwidth_for_90pct_gbps;  /* of the link below; NAN when none reaches 90 % */
  RingSizingLink bandwidth_for_90pct_link;
  guint         nodes;
  RingAlgorithm algorithm_used;       /* never AUTO */
  RingProtocol  protocol_used;
  guint         channels;
  double        network_gbps;         /* a node's; 0 on one node */
  RingNetworkBound network_bound;
  /* The fabric tier that bounds the all-reduce that ran, what a node's traffic gets
   * through it (0 on one node) and the share of the all-reduce's time its crossing takes. */
  RingFabricTier fabric_bound_tier;
  double        fabric_gbps;
  double        fabric_time_share;
  RingFabricLoad fabric_loads[RING_N_FABRIC_TIERS];   /* [NONE] unused */
  /* The same under the other placement: its bound tier and a node's rate. */
  RingFabricTier fabric_other_tier;
  double        fabric_other_gbps;
  /* The all-reduce and step without the other job on the fabric. */
  double        alone_allreduce_time_s;
  double        alone_step_time_s;
  double        bandwidth_time_s;     /* the size-dependent part of allreduce_time_s */
  /* What this model prices fastest among NCCL's choices (ring-algorithms.c). */
  RingAlgorithm fastest_algorithm;
  RingProtocol  fastest_protocol;
  double        fastest_allreduce_time_s;
  /* NCCL 2.27+'s symmetric-memory kernels on registered buffers; NAN where none run. */
  double        symmetric_allreduce_time_s;
  gboolean      collective;           /* a single collective, not a step */
  /* The step as a timeline (ring-step.h). */
  double        forward_time_s;
  double        recompute_time_s;     /* in compute_time_s */
  double        comm_time_s;
  double        slowdown_s;           /* compute lost beside NCCL's kernels */
  double        hidden_comm_s;
  guint         n_buckets;            /* FSDP: layers */
  guint         n_collectives;
  double        comm_bytes_per_gpu;
  double        memory_per_gpu_bytes;
  double        usable_memory_bytes;
  gboolean      fits;
  /* The event simulation (ring-simulation.h); NAN beyond RING_SIMULATION_MAX_GPUS. */
  double        sim_allreduce_time_s;
  double        sim_uniform_allreduce_time_s;
  /* Without the slow link and GPU the figures above have. */
  double        uniform_allreduce_time_s;
  double        uniform_busbw_gbps;
  double        uniform_step_time_s;
  double        uniform_utilization;
  double        uniform_tokens_per_s;
  /* 0 without a slow GPU. */
  double        slow_gpu_delay_s;
  /* The parallel layout (ring-parallelism.h). Plain data parallelism: D = N, the DP sync
   * is the step's collectives, no TP, PP or CP traffic and no bubble. */
  guint         data_parallel;        /* D = N / (T · P · C) */
  RingAlgorithm dp_algorithm;
  RingProtocol  dp_protocol;
  double        dp_time_s;
  double        dp_exposed_s;
  double        dp_bytes_per_gpu;
  double        tp_time_s;
  double        tp_bytes_per_gpu;
  double        pp_time_s;
  double        pp_bytes_per_gpu;
  double        cp_time_s;
  double        cp_bytes_per_gpu;
  double        bubble_s;             /* in step_time_s, beside compute and exposed_comm_s */
  double        bubble_fraction;
  double        mfu;                  /* model FLOPs / (step · the GPU's dense peak) */
} RingResult;

/* A row of the parameter table each (ring-params.c). */
typedef enum
{
  /* A parameter another sets (the GPU's facts, the fabric's latency) comes after it. */
  RING_PARAM_GPU,
  RING_PARAM_GPUS,
  RING_PARAM_GPUS_PER_NODE,
  RING_PARAM_NVLINK_DOMAIN,
  RING_PARAM_NICS_PER_NODE,
  RING_PARAM_NIC_SPEED,
  RING_PARAM_PCIE_GENERATION,
  RING_PARAM_FABRIC,
  RING_PARAM_NET_LATENCY,
  RING_PARAM_FABRIC_TIERS,
  RING_PARAM_NODES_PER_LEAF,
  RING_PARAM_OVERSUBSCRIPTION,
  RING_PARAM_RAIL_OPTIMIZED,
  RING_PARAM_PLACEMENT,
  RING_PARAM_OTHER_JOB_GPUS,
  RING_PARAM_OTHER_JOB_LOAD,
  RING_PARAM_NET_EFFICIENCY,
  RING_PARAM_LINK_LATENCY,
  RING_PARAM_LINK_EFFICIENCY,
  RING_PARAM_MODEL_PARAMS,
  RING_PARAM_BANDWIDTH,
  RING_PARAM_COMPUTE,
  RING_PARAM_TOKENS_PER_GPU,
  RING_PARAM_GRADIENT_BYTES,
  RING_PARAM_LATENCY,
  RING_PARAM_OVERLAP,
  RING_PARAM_ALGORITHM,
  RING_PARAM_NCCL_VERSION,
  RING_PARAM_BUCKET_SIZE,
  RING_PARAM_COMM_SLOWDOWN,
  RING_PARAM_SHARDING,
  RING_PARAM_CHECKPOINTING,
  RING_PARAM_FUSED_ATTENTION,
  RING_PARAM_TENSOR_PARALLEL,
  RING_PARAM_PIPELINE_PARALLEL,
  RING_PARAM_CONTEXT_PARALLEL,
  RING_PARAM_MICRO_BATCHES,
  /* --slow-link I:FRACTION: the fraction is part of the index row's option. */
  RING_PARAM_SLOW_LINK,
  RING_PARAM_SLOW_LINK_FRACTION,
  RING_PARAM_SLOW_GPU,
  RING_PARAM_SLOW_GPU_FRACTION,
  RING_PARAM_MESSAGE_SIZE,
  RING_N_PARAMS,
} RingParamId;

/* A double, a whole number, or a choice's index (ring_param_choice_name()). */
typedef enum
{
  RING_PARAM_KIND_NUMBER,
  RING_PARAM_KIND_COUNT,
  RING_PARAM_KIND_CHOICE,
} RingParamKind;

typedef struct
{
  RingParamId  id;
  const char  *property;   /* and the GSettings key */
  const char  *json_key;   /* the report's and a scenario file's */
  const char  *option;
  const char  *unit;       /* in messages; may be "" */
  double       minimum;
  double       maximum;
  double       default_value;
  RingParamKind kind;
  /* --help's N_() description and argument name ("N" in --gpus=N). */
  const char  *description;
  const char  *arg_name;
  /* A property and GSettings key only, which the model ignores. */
  gboolean     withdrawn;
  /* The second half of the row before's option; @option names it. */
  gboolean     option_part;
  /* N_(): the control's and report's name, and the short one a list of changes uses. */
  const char  *title;
  const char  *short_title;
  /* Of a double, a guint or an enum of @choice_type in RingParams. */
  gsize        offset;
  GType      (*choice_type) (void);
  /* 0 means "not asked": null in JSON. */
  gboolean     zero_is_none;
} RingParamInfo;

G_END_DECLS
