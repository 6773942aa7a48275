/* ring-step.h: the training step as a timeline: compute, gradient buckets and the
 * sharding's collectives on one communication stream, and memory per GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

/* The passes' shares of a step's compute: 2 P and 4 P of its 6 P FLOPs per token (Kaplan
 * et al. 2020). */
#define RING_STEP_FORWARD_FRACTION  (1.0 / 3.0)
#define RING_STEP_BACKWARD_FRACTION (2.0 / 3.0)

/* What one stretch of the timeline is. Compute segments are layers (index = layer, 0 the
 * first layer of the forward pass); collective segments are buckets (DDP, ZeRO: index =
 * first bucket, count = buckets back to back) or layers (FSDP). */
typedef enum
{
  RING_SEGMENT_FORWARD,
  RING_SEGMENT_BACKWARD,
  RING_SEGMENT_ALLREDUCE,       /* DDP: a gradient bucket */
  RING_SEGMENT_REDUCE_SCATTER,  /* ZeRO, FSDP: gradients */
  RING_SEGMENT_ALL_GATHER,      /* ZeRO: updated parameters; FSDP: a layer's parameters */
} RingSegmentKind;

typedef struct
{
  double          start_s;      /* from the start of the forward pass */
  double          end_s;
  RingSegmentKind kind;
  /* Collectives: TRUE where no compute runs beside it (the exposed part); a collective
   * partly hidden is two segments. Compute: always FALSE. */
  gboolean        exposed;
  guint           index;
  guint           count;
} RingStepSegment;

typedef struct
{
  double forward_s;             /* planned compute: (1/3) · 6 P T / F */
  double backward_s;            /* (2/3) · 6 P T / F + recomputation */
  double comm_s;                /* every collective's cost, summed */
  double exposed_s;             /* step − planned compute: idle compute + slowdown */
  double slowdown_s;            /* compute lost while collectives ran beside it */
  double hidden_s;              /* collective time with compute running beside it:
                                   comm_s − (exposed_s − slowdown_s) */
  double step_s;
  guint  n_buckets;             /* gradient buckets (FSDP: layers) */
  guint  n_collectives;         /* collectives launched in the step */
  double comm_bytes_per_gpu;
} RingStepTimeline;

typedef struct
{
  double parameters;            /* bytes per GPU, each */
  double gradients;
  double optimizer;
  double gathered;              /* FSDP: unsharded layers in flight */
  double activations;
  double total;
  double usable;                /* the GPU's memory less the headroom */
  gboolean fits;
} RingMemory;

typedef struct
{
  gboolean          fits_now;
  gboolean          possible;   /* FALSE: nothing below fits (activations alone too big) */
  RingSharding      sharding;
  guint             gpus;       /* at least this many */
  RingCheckpointing checkpointing;
  double            step_time_s; /* the step so, recomputation in it; NAN if !possible */
} RingFitSuggestion;

/* The architecture: a model preset's layers and hidden size when model-params is one of
 * theirs, else L = round ((P / 196 608)^(1/3)) and h = √(P / 12 L): P ≈ 12 L h² with
 * Llama's h = 128 L. */
void     ring_step_architecture   (const RingParams   *params,
                                   guint              *layers,
                                   guint              *hidden_size);

/* FLOPs activation checkpointing adds to a step by recomputing activations in the
 * backward pass (Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
 * Transformer Models"): full repeats every layer's forward pass, 2 P T beside the step's
 * 6 P T (the compute × 4/3); selective repeats the attention core's forward, QKᵀ and the
 * scores times V, 2 T s h FLOPs each a layer (s the sequence, h the hidden size): 4 L T s h,
 * a share s / (18 h) of 6 P T when P = 12 L h². None: 0. */
double   ring_step_recompute_flops (const RingParams  *params);

/* ZeRO-1/2's buckets, as DeepSpeed sizes them: reduce_bucket_size and
 * allgather_bucket_size elements (RING_ZERO_*_BUCKET_ELEMENTS) of the gradients' precision,
 * in bytes. */
void     ring_step_zero_bucket_bytes (const RingParams *params,
                                      double           *reduce_bytes,
                                      double           *allgather_bytes);

/* Reduce-scatter and all-gather of a @bytes buffer (the whole, unsharded size) on @gpus:
 * half the ring all-reduce's bandwidth term and its per-hop latency, the whole of its
 * per-call latency. */
double   ring_step_half_collective_s (const RingParams *params,
                                      guint             gpus,
                                      double            bytes);

/* A slow link and a slow GPU as the step's two streams meet them. The slow GPU computes
 * each layer 1 / fraction as long, and every collective waits for its gradients, so the
 * compute stream runs at its pace. Each collective takes as much longer as the event
 * simulation finds the slow link makes an all-reduce of its size on its algorithm
 * (ring_simulation_slowdown(): the ring's halves for ZeRO and FSDP). The buckets then hide
 * what they hide of the slower collectives: the step is derived again, not the uniform
 * step plus a delay. The simulations run for the parameters given to
 * ring_step_straggler_init() and are kept while a search varies the bandwidth (the slow
 * link is a fraction of it, so its slowdown stays). */
#define RING_STEP_STRAGGLER_KNOWN 8

typedef struct
{
  RingParams    params;
  double        compute_factor;   /* the slow GPU's compute time over the others' */
  gboolean      slow_link;        /* FALSE: every collective at its own cost */
  guint         n_known;
  guint         next;
  RingAlgorithm known_algorithm[RING_STEP_STRAGGLER_KNOWN];
  double        known_bytes[RING_STEP_STRAGGLER_KNOWN];
  double        known_factor[RING_STEP_STRAGGLER_KNOWN];
} RingStepStraggler;

void     ring_step_straggler_init (RingStepStraggler  *straggler,
                                   const RingParams   *params);
/* TRUE if a slow link or GPU changes anything. */
gboolean ring_step_straggler_is_active (const RingStepStraggler *straggler);
/* How many times as long a collective of @bytes on @algorithm takes. */
double   ring_step_straggler_comm_factor (RingStepStraggler *straggler,
                                          RingAlgorithm      algorithm,
                                          double             bytes);

/* The step with @params' slow link and GPU: totals, and if @segments is not NULL (a
 * GArray of RingStepSegment), the timeline appended to it in time order per stream. No
 * allocation without @segments. */
void     ring_step_timeline       (const RingParams   *params,
                                   RingStepTimeline   *timeline,
                                   GArray             *segments);
/* The same with @straggler's slowdowns (NULL: every link and GPU at full speed). */
void     ring_step_timeline_with  (const RingParams   *params,
                                   RingStepStraggler  *straggler,
                                   RingStepTimeline   *timeline,
                                   GArray             *segments);
/* A new GArray of RingStepSegment for the step-timeline chart and the step bar. */
GArray  *ring_step_segments       (const RingParams   *params);
/* Utilization (planned compute / step) at each of @n bucket sizes (0: one bucket), with the
 * slow GPU, and the slow link up to RING_STEP_SWEEP_MAX_SIMULATED_GPUS. */
#define RING_STEP_SWEEP_MAX_SIMULATED_GPUS 4096
void     ring_step_utilization_vs_bucket_size (const RingParams *params,
                                               const double     *bucket_bytes,
                                               double           *utilization,
                                               guint             n);

void     ring_step_memory         (const RingParams   *params,
                                   guint               gpus,
                                   RingMemory         *memory);
/* The least change that fits: the current sharding or a later one at the current GPU
 * count; else FSDP with the fewest GPUs; else FSDP with full checkpointing. */
void     ring_step_suggest        (const RingParams   *params,
                                   RingFitSuggestion  *suggestion);
/* "needs FSDP across ≥ 4 GPUs", translated; NULL when it fits now. */
char    *ring_fit_suggestion_describe (const RingFitSuggestion *suggestion);

G_END_DECLS
