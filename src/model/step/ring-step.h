/* ring-step.h: the training step as a timeline: compute, gradient buckets and the
 * sharding's collectives on one communication stream, and memory per GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params-types.h"

G_BEGIN_DECLS

/* The passes' shares of a step's compute: 2 P and 4 P of its 6 P FLOPs per token (Kaplan
 * et al. 2020). */
#define RING_STEP_FORWARD_FRACTION  (1.0 / 3.0)
#define RING_STEP_BACKWARD_FRACTION (2.0 / 3.0)

/* Compute segments count layers; collectives count buckets (DDP, ZeRO) or layers (FSDP). */
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
  /* A collective with no compute beside it; one partly hidden is two segments. */
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

/* The papers' layers and hidden size for a known model size, else P ≈ 12 L h², h = 128 L. */
void     ring_step_architecture   (const RingParams   *params,
                                   guint              *layers,
                                   guint              *hidden_size);

/* FLOPs activation checkpointing recomputes in the backward pass: full 2 P T, selective
 * 4 L T s h (Korthikanti et al. 2022; docs/model.md §5). */
double   ring_step_recompute_flops (const RingParams  *params);

/* The step's pieces ring_cost_evaluate() is made of, for sweeps that vary one input. */
double ring_cost_gradient_buffer_bytes (const RingParams *params);
/* The step's compute: 6 P T / F, and what activation checkpointing recomputes
 * (ring_step_recompute_flops()) in the backward pass. */
double ring_cost_compute_time_s        (const RingParams *params);
/* The forward pass, 2 P T / F, and the backward pass, 4 P T / F and the recomputation. */
double ring_cost_forward_time_s        (const RingParams *params);
double ring_cost_backward_time_s       (const RingParams *params);
double ring_cost_bytes_moved_per_gpu   (guint             gpus,
                                        double            buffer_bytes);

/* ZeRO-1/2's bucket bytes: DeepSpeed's reduce_bucket_size and allgather_bucket_size. */
void     ring_step_zero_bucket_bytes (const RingParams *params,
                                      double           *reduce_bytes,
                                      double           *allgather_bytes);

/* A reduce-scatter or all-gather of @bytes (unsharded) on @gpus: half a ring all-reduce,
 * with its whole per-call latency. */
double   ring_step_half_collective_s (const RingParams *params,
                                      guint             gpus,
                                      double            bytes);

/* A slow link and a slow GPU as the step meets them (docs/model.md §9): compute at the
 * slow GPU's pace, each collective slowed as the simulation finds for its size and
 * algorithm, and the step derived again. The simulations are kept while a search varies
 * the bandwidth, of which the slow link is a fraction. */
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

/* The step's totals, and its RingStepSegments appended to @segments (or NULL) in time
 * order per stream. */
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
/* Utilization at each of @n bucket sizes (0: one bucket); the slow link up to
 * RING_STEP_SWEEP_MAX_SIMULATED_GPUS. */
#define RING_STEP_SWEEP_MAX_SIMULATED_GPUS 4096
void     ring_step_utilization_vs_bucket_size (const RingParams *params,
                                               const double     *bucket_bytes,
                                               double           *utilization,
                                               guint             n);

void     ring_step_memory         (const RingParams   *params,
                                   guint               gpus,
                                   RingMemory         *memory);
/* The least change that fits: a later sharding, then FSDP on more GPUs, then with full
 * checkpointing. */
void     ring_step_suggest        (const RingParams   *params,
                                   RingFitSuggestion  *suggestion);
/* "needs FSDP across ≥ 4 GPUs", translated; NULL when it fits now. */
char    *ring_fit_suggestion_describe (const RingFitSuggestion *suggestion);

G_END_DECLS
