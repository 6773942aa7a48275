/* ring-params-types.h: the parameter and result structs, their enums and the parameter
 * table's row, which every room of the model reads.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-gpu.h"

G_BEGIN_DECLS

/* All values are SI inside the code: bytes, seconds, FLOP/s. Fields that are shown to
 * people in other units say so in their names (`_gbps`, `_tflops`, `_us`). */

/* The all-reduce algorithms, in the order the window lists them. `auto` picks among NCCL's
 * (ring … collnet) the way NCCL does; the textbook ones and the seed's flat ring are only
 * used when asked for. Each has a file in algorithms/ and an entry in ring-algorithms.c. */
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

/* NCCL's protocols: LL moves 8 bytes of data in each 16-byte line with a flag beside it,
 * LL128 120 bytes in each 128-byte line, Simple bulk data behind a flag per chunk. */
typedef enum
{
  RING_PROTOCOL_LL,
  RING_PROTOCOL_LL128,
  RING_PROTOCOL_SIMPLE,
} RingProtocol;

#define RING_N_PROTOCOLS (RING_PROTOCOL_SIMPLE + 1)

/* The network between nodes. */
typedef enum
{
  RING_FABRIC_INFINIBAND,
  RING_FABRIC_INFINIBAND_SHARP,  /* InfiniBand whose switches reduce (SHARP): CollNet */
  RING_FABRIC_ROCE,              /* RDMA over Converged Ethernet (and AWS EFA) */
  RING_FABRIC_TCP,               /* plain Ethernet through the kernel's TCP stack */
} RingFabric;

#define RING_N_FABRICS (RING_FABRIC_TCP + 1)

/* How data parallelism keeps the model state (Rajbhandari et al. 2020, "ZeRO: Memory
 * Optimizations Toward Training Trillion Parameter Models"; Zhao et al. 2023, "PyTorch
 * FSDP"): DDP replicates everything and all-reduces gradients; ZeRO-1 shards the optimizer
 * state, ZeRO-2 also the gradients (both reduce-scatter gradients and all-gather the updated
 * parameters); FSDP (ZeRO-3) also the parameters, all-gathered layer by layer. */
typedef enum
{
  RING_SHARDING_DDP,
  RING_SHARDING_ZERO1,
  RING_SHARDING_ZERO2,
  RING_SHARDING_FSDP,
} RingSharding;

#define RING_N_SHARDINGS (RING_SHARDING_FSDP + 1)

/* Activation checkpointing (Korthikanti et al. 2022, "Reducing Activation Recomputation in
 * Large Transformer Models"): none keeps every activation; selective recomputes the
 * attention scores; full keeps only each layer's input and recomputes the layer. */
typedef enum
{
  RING_CHECKPOINTING_NONE,
  RING_CHECKPOINTING_SELECTIVE,
  RING_CHECKPOINTING_FULL,
} RingCheckpointing;

#define RING_N_CHECKPOINTINGS (RING_CHECKPOINTING_FULL + 1)

/* PyTorch DDP's buckets: the first 1 MiB (dist._DEFAULT_FIRST_BUCKET_BYTES), the others
 * bucket_cap_mb = 25 MiB; bucket-size 0 means one bucket for all the gradients. */
#define RING_FIRST_BUCKET_BYTES   1048576.0
#define RING_MIN_BUCKET_BYTES     1048576.0
#define RING_MAX_BUCKET_BYTES     4294967296.0
#define RING_DEFAULT_BUCKET_BYTES 26214400.0
/* DeepSpeed ZeRO stages 1 and 2 bucket gradients for their reduce-scatter and updated
 * parameters for their all-gather by elements: reduce_bucket_size and allgather_bucket_size,
 * 5e8 each by default (DeepSpeed's configuration reference, "ZeRO Optimizations for FP16
 * Training"; deepspeed/runtime/zero/config.py). There is no small first bucket. */
#define RING_ZERO_REDUCE_BUCKET_ELEMENTS    5e8
#define RING_ZERO_ALLGATHER_BUCKET_ELEMENTS 5e8

#define RING_MAX_GPUS 1048576

typedef struct
{
  RingGpuId     gpu;              /* the catalogue entry the GPU facts came from */
  guint         gpus;             /* N */
  guint         gpus_per_node;    /* G: GPUs per host */
  /* GPUs that share NVLink across hosts (NVL72: 72 GPUs on 18 hosts of 4), a whole number
   * of hosts; 0: each host is its own domain. The model's node is the NVLink domain. */
  guint         nvlink_domain;
  guint         nics_per_node;    /* K */
  double        nic_speed_gbit;   /* Gb/s (1e9 bit/s) per NIC, as NICs are sold */
  double        net_latency_us;   /* one-way latency of the fabric between nodes, µs */
  /* What a measured system leaves free (a fit to nccl-tests logs sets them; 1, 0, 1 keep
   * the model as derived from the catalogue): the share of the modelled NIC rate the
   * network achieves, the µs each hop inside a node costs beyond NCCL's constants, and
   * the share of the modelled NVLink or PCIe rate the node achieves. */
  double        net_efficiency;
  double        link_latency_us;
  double        link_efficiency;
  RingFabric    fabric;
  double        model_params;     /* P */
  double        bandwidth_gbps;   /* B, GB/s (1e9 B/s) each GPU sends per direction */
  double        compute_tflops;   /* F, achieved TFLOP/s (1e12 FLOP/s) per GPU */
  double        tokens_per_gpu;   /* T, tokens each GPU processes per step */
  guint         gradient_bytes;   /* b, bytes per gradient value: 1, 2 or 4 */
  double        latency_us;       /* α, µs per message hop (flat-ring and textbook) */
  /* Withdrawn and ignored by the cost model since the step is a bucketed timeline; kept
   * as a property and GSettings key only until the window's overlap slider goes (no
   * command-line option, no JSON field). */
  double        overlap;
  RingAlgorithm algorithm;
  double        bucket_bytes;     /* DDP/ZeRO gradient bucket; 0: one bucket */
  double        comm_slowdown;    /* compute runs 1 + this slower while a collective runs */
  RingSharding  sharding;
  RingCheckpointing checkpointing;
  guint         fused_attention;  /* 1: attention scores are never stored (FlashAttention) */
  double        message_bytes;    /* > 0: all-reduce this buffer instead of the gradients */
  /* One slow link and one slow GPU (ring-simulation.h): link I carries what GPU I sends
   * (in the ring, to GPU I + 1) at a fraction of its bandwidth; GPU I computes at a
   * fraction of the others' speed. A fraction of 1 slows nothing. */
  guint         slow_link;
  double        slow_link_fraction;
  guint         slow_gpu;
  double        slow_gpu_fraction;
} RingParams;

/* The link the sizing figures vary (bandwidth_for_90pct_gbps, the charts' B/2, B, 2B):
 * the one that binds. Inside one node that is the GPUs' own links (B); across nodes, the
 * NICs, where they carry less than the node's links (ring_params_get_sizing_link()). */
typedef enum
{
  RING_SIZING_LINK_IN_NODE,   /* B, GB/s per GPU and direction */
  RING_SIZING_LINK_NICS,      /* the NIC speed, here in GB/s per NIC (Gb/s / 8) */
  /* Only in a result's bandwidth_for_90pct_link, where no NIC speed reaches the target:
   * each GPU's PCIe link to its NICs (GPUDirect RDMA) carries no more than the NICs, so
   * faster NICs change nothing. Not a parameter: the GPU's PCIe generation sets it. */
  RING_SIZING_LINK_PCIE,
} RingSizingLink;

/* What bounds the rate a node's network carries across nodes (docs/model.md §3). */
typedef enum
{
  RING_NETWORK_BOUND_NONE,     /* one node: no network */
  RING_NETWORK_BOUND_NICS,     /* the NICs' line rate */
  RING_NETWORK_BOUND_PCIE,     /* the GPUs' PCIe links, through which GPUDirect feeds the NICs */
  RING_NETWORK_BOUND_SOCKETS,  /* NCCL's socket transport's threads (TCP) */
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
  double   bandwidth_for_90pct_gbps;  /* NAN when no bandwidth reaches 90 %, and for a
                                         single collective; of the link below */
  RingSizingLink bandwidth_for_90pct_link;  /* which link it is the rate of */
  /* The cluster and the collective that ran. */
  guint         nodes;                /* ⌈N/G⌉ */
  RingAlgorithm algorithm_used;       /* never AUTO: what auto picked, or what was asked */
  RingProtocol  protocol_used;
  guint         channels;             /* NCCL channels (CTAs per GPU) at this size */
  double        network_gbps;         /* what a node's network carries, GB/s; 0 on one node */
  RingNetworkBound network_bound;     /* and what bounds it */
  double        bandwidth_time_s;     /* the size-dependent part of allreduce_time_s */
  /* What this model prices fastest among the choices NCCL had for one all-reduce (the
   * gradients' or the message's): where it is not what ran, NCCL's tuner picks otherwise
   * (ring-algorithms.c says why the pick stays NCCL's). */
  RingAlgorithm fastest_algorithm;
  RingProtocol  fastest_protocol;
  double        fastest_allreduce_time_s;
  gboolean      collective;           /* a single collective of message_bytes, not a step */
  /* The step as a timeline (ring-step.h): compute, the collectives on the communication
   * stream, and what did not hide behind the backward pass. */
  double        forward_time_s;
  double        recompute_time_s;     /* activation checkpointing's, in compute_time_s */
  double        comm_time_s;          /* every collective of the step, end to end */
  double        slowdown_s;           /* compute lost to NCCL kernels running beside it */
  double        hidden_comm_s;        /* collective time hidden behind compute */
  guint         n_buckets;            /* gradient buckets (FSDP: layers) */
  guint         n_collectives;        /* collectives in the step */
  double        comm_bytes_per_gpu;   /* what each GPU sends in the step */
  /* Memory per GPU, and whether it fits the GPU's memory less the headroom. */
  double        memory_per_gpu_bytes;
  double        usable_memory_bytes;
  gboolean      fits;
  /* The event simulation of the algorithm's own schedule (ring-simulation.h); NAN beyond
   * RING_SIMULATION_MAX_GPUS and in sweeps. "uniform": every link at full speed. */
  double        sim_allreduce_time_s;
  double        sim_uniform_allreduce_time_s;
  /* A slow link or GPU is in every figure above (ring-step.h, RingStepStraggler); these
   * are the same figures without them, every link and GPU at full speed (equal to the
   * ones above when nothing is slow, and in sweeps, which leave stragglers out). */
  double        uniform_allreduce_time_s;
  double        uniform_busbw_gbps;
  double        uniform_step_time_s;
  double        uniform_utilization;
  double        uniform_tokens_per_s;
  /* What the slow GPU adds to the step beside the slow link: 0 without one. */
  double        slow_gpu_delay_s;
} RingResult;

/* One row per parameter: the property name, the command-line option, the range and the
 * default. The property, the option, the GSettings key and the UI all read this table. */
typedef enum
{
  /* The GPU comes first: it sets compute, bandwidth and GPUs per node, and whatever is
   * given after it (a later option, a stored setting) overrides those. The fabric comes
   * before the network latency for the same reason: it brings its usual latency. */
  RING_PARAM_GPU,
  RING_PARAM_GPUS,
  RING_PARAM_GPUS_PER_NODE,
  RING_PARAM_NVLINK_DOMAIN,
  RING_PARAM_NICS_PER_NODE,
  RING_PARAM_NIC_SPEED,
  RING_PARAM_FABRIC,
  RING_PARAM_NET_LATENCY,
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
  RING_PARAM_BUCKET_SIZE,
  RING_PARAM_COMM_SLOWDOWN,
  RING_PARAM_SHARDING,
  RING_PARAM_CHECKPOINTING,
  RING_PARAM_FUSED_ATTENTION,
  /* A slow link and a slow GPU: an index and a fraction each, one option each
   * (--slow-link I:FRACTION): the fraction rows are parts of their index row's option. */
  RING_PARAM_SLOW_LINK,
  RING_PARAM_SLOW_LINK_FRACTION,
  RING_PARAM_SLOW_GPU,
  RING_PARAM_SLOW_GPU_FRACTION,
  /* > 0: all-reduce a buffer of this many bytes instead of the gradients (nccl-tests'
   * question); 0: a training step. */
  RING_PARAM_MESSAGE_SIZE,
  RING_N_PARAMS,
} RingParamId;

/* How a parameter's value is held: a double, a whole number, or one of named choices
 * (the value is the choice's index; ring_param_choice_name() names it). */
typedef enum
{
  RING_PARAM_KIND_NUMBER,
  RING_PARAM_KIND_COUNT,
  RING_PARAM_KIND_CHOICE,
} RingParamKind;

typedef struct
{
  RingParamId  id;
  const char  *property;   /* "model-params": the property and the GSettings key */
  const char  *json_key;   /* "model_params": the report's and a scenario file's key */
  const char  *option;     /* "model-params" (as in --model-params) */
  const char  *unit;       /* shown after the value in messages, may be "" */
  double       minimum;
  double       maximum;
  double       default_value;
  RingParamKind kind;
  /* For --help: a translatable description (marked N_(), shown translated) and the
   * argument's name ("N" in --gpus=N). Both programs generate the parameter options from
   * this table; a row without them gets a generic description and "VALUE". */
  const char  *description;
  const char  *arg_name;
  /* Withdrawn: still a property and a GSettings key (the window's slider binds it until
   * it goes), but no command-line option, no report key, and the model ignores it. */
  gboolean     withdrawn;
  /* TRUE for a value given as the second half of the row before's option (the fraction
   * of --slow-link I:FRACTION): it has no option of its own; @option names the one that
   * sets it. */
  gboolean     option_part;
  /* What people read (marked N_(), ring_param_get_title() translates): the control's and
   * the report's name ("GPUs in the ring"), and the short one that follows a preset's
   * name in a list of what it changes ("GPUs in the ring", "model size"). */
  const char  *title;
  const char  *short_title;
  /* Where the value lives in RingParams: a double (NUMBER), a guint (COUNT) or an enum
   * (CHOICE, of @choice_type's values 0 … @maximum). */
  gsize        offset;
  GType      (*choice_type) (void);
  /* TRUE where 0 means "not asked" (the message size: a training step): the JSON report
   * writes null for it. */
  gboolean     zero_is_none;
} RingParamInfo;

G_END_DECLS
