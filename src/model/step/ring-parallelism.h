/* ring-parallelism.h: tensor, pipeline and context parallelism around data parallelism,
 * placed on nodes as Megatron-LM places them, and the step of one pipeline stage.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params-types.h"

G_BEGIN_DECLS

/* One GPU's step under T-way tensor, P-way pipeline, C-way context and D-way data
 * parallelism with m micro-batches (docs/model.md §5a). Times are one GPU's, in seconds;
 * bytes what one GPU sends in the step. */
typedef struct
{
  guint         tensor;           /* T */
  guint         pipeline;         /* P */
  guint         context;          /* C */
  guint         data;             /* D = N / (T · P · C) */
  guint         micro_batches;    /* m */
  guint         layers;           /* the model's L */
  guint         stage_layers;     /* ⌈L / P⌉: the first stage, which is on the critical path */
  guint         hidden_size;
  double        stage_params;     /* parameters one GPU holds: P_model / (T · P) */
  double        micro_batch_tokens; /* tokens of one micro-batch on one GPU (after C) */
  /* The data-parallel group as a cluster of its own (ring_parallelism_group()). */
  RingParams    dp_params;
  RingAlgorithm dp_algorithm;
  RingProtocol  dp_protocol;
  double        dp_gradient_bytes;  /* the stage's gradients, stage_params · b */
  double        dp_bytes_per_gpu;
  double        dp_time_s;        /* the sync's collectives end to end */
  double        dp_exposed_s;     /* what the first and last micro-batch do not hide */
  guint         dp_collectives;
  double        tp_bytes_per_gpu;
  double        tp_time_s;        /* never hidden: every layer waits for it */
  double        pp_bytes_per_gpu;
  double        pp_time_s;        /* the sends on the critical path */
  double        cp_bytes_per_gpu;
  double        cp_time_s;        /* all-gather based: attention waits for it */
  guint         n_collectives;
  double        compute_s;        /* the micro-batches' compute, recomputation in it */
  double        forward_s;        /* the forward passes' share of it */
  double        recompute_s;      /* activation checkpointing's share of it */
  double        model_compute_s;  /* 6 P T / F: the model's FLOPs only */
  double        bubble_s;         /* (P − 1) slots of the 1F1B schedule */
  double        bubble_fraction;  /* (P − 1) / (m + P − 1) */
  double        exposed_s;        /* TP + PP + CP on the critical path + DP exposed */
  double        step_s;           /* compute + bubble + exposed */
  double        mfu;              /* model FLOPs / (step · the GPU's dense peak) */
  /* Memory per GPU, bytes. */
  double        memory_parameters;
  double        memory_gradients;
  double        memory_optimizer;
  double        memory_gathered;  /* FSDP: the stage gathered for the step */
  double        memory_activations; /* the first stage's in-flight micro-batches */
  double        memory_total;
  guint         in_flight;        /* micro-batches whose activations the first stage keeps */
} RingParallelStep;

/* What a piece of the first stage's step is (ring_parallel_segments()). */
typedef enum
{
  RING_STAGE_FORWARD,
  RING_STAGE_BACKWARD,
  RING_STAGE_BUBBLE,               /* idle while the pipeline fills and drains */
  RING_STAGE_TENSOR,               /* a micro-batch's TP collectives in one pass */
  RING_STAGE_CONTEXT,              /* its CP all-gathers or reduce-scatters */
  RING_STAGE_PIPELINE,             /* its send to the next stage, or back */
  RING_STAGE_DATA_ALLREDUCE,       /* DDP's gradient sync */
  RING_STAGE_DATA_REDUCE_SCATTER,  /* ZeRO, FSDP: gradients */
  RING_STAGE_DATA_ALL_GATHER,      /* ZeRO: updated parameters; FSDP: the stage's */
  RING_N_STAGE_WORKS,
} RingStageWork;

/* The stream a piece runs on: compute, or the group whose collectives it is. */
typedef enum
{
  RING_STREAM_COMPUTE,
  RING_STREAM_TENSOR,
  RING_STREAM_CONTEXT,
  RING_STREAM_PIPELINE,
  RING_STREAM_DATA,
  RING_N_STREAMS,
} RingStageStream;

typedef struct
{
  double        start_s;
  double        end_s;
  RingStageWork work;
  gboolean      exposed;      /* communication with no compute beside it */
  guint         micro_batch;  /* from 1; 0 for the bubble and the DP sync */
} RingStageSegment;

/* TRUE where the step is not plain data parallelism: T · P · C > 1 or m > 1. */
gboolean ring_parallelism_is_active (const RingParams *params);
/* D = N / (T · P · C), at least 1. */
guint    ring_parallelism_data      (const RingParams *params);
/* @group: the cluster @size ranks @stride apart see, Megatron's order (TP innermost, then
 * CP, PP, DP): ranks of one node that are in the group, and the share of the node's NICs
 * the groups that share the node leave it. */
void     ring_parallelism_group     (const RingParams *params,
                                     guint             size,
                                     guint             stride,
                                     RingParams       *group);
void     ring_parallel_step         (const RingParams *params,
                                     RingParallelStep *step);
RingStageStream ring_stage_work_stream (RingStageWork work);
/* The first stage's step in the one-forward-one-backward schedule (Narayanan et al. 2021,
 * 2.2.1) as a new GArray of RingStageSegment in time order: the pieces of each stream
 * add up to ring_parallel_step()'s compute, bubble and exposed times, and the last ends
 * at its step_s. */
GArray  *ring_parallel_segments     (const RingParams *params);

G_END_DECLS
