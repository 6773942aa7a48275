/* ring-step.c: the training step as a timeline, and memory per GPU.
 *
 * Two in-order streams, as PyTorch runs them: compute and one communication stream, each
 * collective waiting for the compute that produces its data (docs/model.md §5).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-algorithms.h"
#include "ring-sharding.h"
#include "ring-step-private.h"
#include "ring-units.h"

/* Memory headroom: the CUDA context, cuBLAS workspaces and NCCL's buffers take about 1 GB
 * before the model does, and PyTorch's caching allocator loses about a tenth to
 * fragmentation (PyTorch "CUDA semantics: memory management"; a common planning rule). */
#define CONTEXT_BYTES         1e9
#define FRAGMENTATION         0.10
/* Adam in mixed precision: fp32 master weights (4) and two fp32 moments (8) per parameter
 * (Rajbhandari et al. 2020, ZeRO, section 3.1: K = 12). Trained in fp32 there is no
 * separate master copy: 8. */
#define ADAM_MOMENT_BYTES     8.0
#define MASTER_WEIGHT_BYTES   4.0

double
_ring_step_optimizer_bytes (double gradient_bytes)
{
  return ADAM_MOMENT_BYTES + (gradient_bytes < 4 ? MASTER_WEIGHT_BYTES : 0);
}
/* Korthikanti et al. 2022, equation 1: a transformer layer stores s b h (34 + 5 a s / h)
 * bytes of activations in 16-bit precision; s b is the tokens T. The 5 a s / h part is the
 * attention scores, which fused attention and selective recomputation do not keep; full
 * recomputation keeps each layer's 2 s b h input and one layer's activations at a time. */
#define ACT_BYTES_PER_TOKEN_H 34.0
#define ACT_SCORES_FACTOR     5.0
#define ACT_CHECKPOINT_BYTES  2.0
/* Attention heads of 128 dimensions (Llama 3, GPT-3), sequences of at most 4096 tokens
 * (Llama 3's pre-training length): the scores are a · s² per sequence. */
#define HEAD_DIM              128.0
#define MAX_SEQUENCE          4096.0

double
ring_step_recompute_flops (const RingParams *params)
{
  guint layers, hidden;
  double t, sequence;

  g_return_val_if_fail (params != NULL, NAN);

  switch (params->checkpointing)
    {
    case RING_CHECKPOINTING_FULL:
      /* The forward pass again: 2 P T. */
      return 2.0 * params->model_params * params->tokens_per_gpu;
    case RING_CHECKPOINTING_SELECTIVE:
      /* QKᵀ and the scores times V, in every layer: 6 P T has no attention term. */
      ring_step_architecture (params, &layers, &hidden);
      t = params->tokens_per_gpu;
      sequence = MIN (t, MAX_SEQUENCE);
      return 4.0 * layers * t * sequence * hidden;
    case RING_CHECKPOINTING_NONE:
    default:
      return 0;
    }
}


typedef struct
{
  double          work_s;
  int             wait_comm;     /* the comm op that must be done first, or −1 */
  RingSegmentKind kind;
  guint           index;
} ComputeOp;

typedef struct
{
  double          duration_s;
  int             wait_compute;  /* the compute op that must be done first, or −1 */
  RingSegmentKind kind;
  guint           index;
  guint           count;
} CommOp;

typedef struct
{
  double idle_s;                 /* compute waiting while a collective runs */
  double lost_s;                 /* compute slowed by collectives beside it */
} SimResult;

static void
add_segment (GArray          *segments,
             double           start,
             double           end,
             RingSegmentKind  kind,
             gboolean         exposed,
             guint            index,
             guint            count)
{
  RingStepSegment segment = { start, end, kind, exposed, index, count };

  if (segments != NULL && end > start)
    g_array_append_val (segments, segment);
}

/* Plays both streams. Durations are kept as what remains, not as end times, so that one
 * bucket is exactly the unbucketed step. */
static void
simulate (const ComputeOp *cops,
          guint            n_cops,
          const CommOp    *mops,
          guint            n_mops,
          double           slowdown,
          GArray          *segments,
          SimResult       *out)
{
  guint c_done = 0, m_done = 0;
  gboolean c_run = FALSE, m_run = FALSE, piece_exposed = FALSE;
  double c_rem = 0, m_rem = 0, t = 0, c_start = 0, piece_start = 0;
  double slow_rate = 1.0 / (1.0 + slowdown);

  out->idle_s = 0;
  out->lost_s = 0;

  for (;;)
    {
      double rate, dt_c, dt_m, dt;

      if (!c_run && c_done < n_cops
          && (cops[c_done].wait_comm < 0 || cops[c_done].wait_comm < (int) m_done))
        {
          c_run = TRUE;
          c_rem = cops[c_done].work_s;
          c_start = t;
        }
      if (!m_run && m_done < n_mops
          && (mops[m_done].wait_compute < 0 || mops[m_done].wait_compute < (int) c_done))
        {
          m_run = TRUE;
          m_rem = mops[m_done].duration_s;
          piece_start = t;
          piece_exposed = !c_run;
        }
      if (m_run && piece_exposed != !c_run)
        {
          const CommOp *m = &mops[m_done];

          add_segment (segments, piece_start, t, m->kind, piece_exposed, m->index, m->count);
          piece_start = t;
          piece_exposed = !c_run;
        }
      if (!c_run && !m_run)
        break;

      rate = m_run ? slow_rate : 1.0;
      dt_c = c_run ? c_rem / rate : INFINITY;
      dt_m = m_run ? m_rem : INFINITY;
      dt = MIN (dt_c, dt_m);

      if (c_run)
        {
          c_rem = dt == dt_c ? 0 : c_rem - dt * rate;
          out->lost_s += dt - dt * rate;
        }
      else
        {
          out->idle_s += dt;
        }
      if (m_run)
        m_rem = dt == dt_m ? 0 : m_rem - dt;
      t += dt;

      if (c_run && dt == dt_c)
        {
          const ComputeOp *c = &cops[c_done];

          add_segment (segments, c_start, t, c->kind, FALSE, c->index, 1);
          c_done++;
          c_run = FALSE;
        }
      if (m_run && dt == dt_m)
        {
          const CommOp *m = &mops[m_done];

          add_segment (segments, piece_start, t, m->kind, piece_exposed, m->index, m->count);
          m_done++;
          m_run = FALSE;
        }
    }

  g_warn_if_fail (c_done == n_cops && m_done == n_mops);
}

/* Buckets of the gradients as DDP fills them: the first RING_FIRST_BUCKET_BYTES, then
 * bucket_bytes each, the last what is left. ZeRO's have no small first one. */
typedef struct
{
  double total;                  /* S */
  double size;                   /* the middle buckets' size */
  double first;
  double last;
  guint  n;
} Buckets;

static void
buckets_init (Buckets *b,
              double   total,
              double   first_bytes,
              double   bucket_bytes)
{
  b->total = total;
  if (bucket_bytes <= 0 || total <= first_bytes)
    {
      b->n = 1;
      b->first = b->last = b->size = total;
      return;
    }

  b->first = first_bytes;
  b->size = bucket_bytes;
  b->n = 1 + (guint) MIN (ceil ((total - b->first) / bucket_bytes), G_MAXUINT - 1);
  b->last = total - b->first - (b->n - 2) * bucket_bytes;
  if (b->n == 2)
    b->last = total - b->first;
}

/* How many buckets are complete once the first @bytes of gradients exist. */
static guint
buckets_complete (const Buckets *b,
                  double         bytes)
{
  if (bytes >= b->total)
    return b->n;
  if (bytes < b->first)
    return 0;

  return MIN (b->n - 1, 1 + (guint) floor ((bytes - b->first) / b->size));
}

/* The cost of buckets [from, to) from the costs of the three sizes. */
static double
buckets_cost (const Buckets *b,
              guint          from,
              guint          to,
              const double   cost[3])
{
  double sum = 0;
  guint middle_from = MAX (from, 1), middle_to = MIN (to, b->n - 1);

  if (b->n == 1)
    return from < to ? cost[0] : 0;
  if (from == 0 && to > 0)
    sum += cost[0];
  if (middle_to > middle_from)
    sum += (middle_to - middle_from) * cost[1];
  if (to == b->n && from < b->n)
    sum += cost[2];

  return sum;
}

static void
build_compute (ComputeOp *cops,
               guint      layers,
               double     forward_s,
               double     backward_s)
{
  for (guint l = 0; l < layers; l++)
    {
      cops[l] = (ComputeOp) { forward_s / layers, -1, RING_SEGMENT_FORWARD, l };
      cops[layers + l] = (ComputeOp) { backward_s / layers, -1, RING_SEGMENT_BACKWARD,
                                       layers - 1 - l };
    }
}

/* Each bucket size's cost: DDP's all-reduce on the algorithm that runs it, ZeRO's
 * reduce-scatter or all-gather on the ring; and the bytes each GPU sends. */
static void
buckets_costs (const RingParams  *params,
               RingStepStraggler *straggler,
               const Buckets     *b,
               gboolean           half,
               double             cost[3],
               double             bytes[3])
{
  const double sizes[3] = { b->first, b->size, b->last };

  for (guint i = 0; i < 3; i++)
    {
      RingAllreduceCost ar;
      RingAlgorithm algorithm;

      if (half)
        {
          cost[i] = _ring_step_half_collective_s (params, params->gpus, sizes[i], &algorithm)
                    * _ring_step_comm_factor (straggler, algorithm, sizes[i]);
          bytes[i] = ring_cost_bytes_moved_per_gpu (params->gpus, sizes[i]) / 2;
          continue;
        }
      ring_allreduce_cost_charged (params, params->gpus, sizes[i], &ar);
      cost[i] = ar.time_s * _ring_step_comm_factor (straggler, ar.algorithm, sizes[i]);
      bytes[i] = ar.bytes_per_gpu;
    }
}

/* DDP and ZeRO-1/2: buckets of gradients as the backward pass completes them, all-reduced
 * (DDP, in its own bucket size) or reduce-scattered (ZeRO, in DeepSpeed's reduce buckets);
 * ZeRO then all-gathers the updated parameters after the step, in its all-gather
 * buckets. */
static guint
build_bucketed (const RingParams  *params,
                RingStepStraggler *straggler,
                guint              layers,
                double             grad_bytes,
                CommOp            *mops,
                RingStepTimeline  *timeline)
{
  gboolean zero = params->sharding != RING_SHARDING_DDP;
  guint n_mops = 0, done = 0;
  double cost[3], bytes[3], gather_cost[3], gather_bytes[3];
  Buckets b, gather;

  if (zero)
    {
      double reduce_bytes, allgather_bytes;

      ring_step_zero_bucket_bytes (params, &reduce_bytes, &allgather_bytes);
      buckets_init (&b, grad_bytes, reduce_bytes, reduce_bytes);
      buckets_init (&gather, grad_bytes, allgather_bytes, allgather_bytes);
      buckets_costs (params, straggler, &gather, TRUE, gather_cost, gather_bytes);
    }
  else
    {
      buckets_init (&b, grad_bytes, RING_FIRST_BUCKET_BYTES, params->bucket_bytes);
    }
  buckets_costs (params, straggler, &b, zero, cost, bytes);

  for (guint j = 0; j < layers; j++)
    {
      double produced = j + 1 == layers ? grad_bytes : grad_bytes * (j + 1) / layers;
      guint now = buckets_complete (&b, produced);

      if (now > done)
        mops[n_mops++] = (CommOp) { buckets_cost (&b, done, now, cost), (int) (layers + j),
                                    zero ? RING_SEGMENT_REDUCE_SCATTER : RING_SEGMENT_ALLREDUCE,
                                    done, now - done };
      done = now;
    }
  timeline->n_buckets = b.n;
  timeline->n_collectives = b.n;
  timeline->comm_bytes_per_gpu = buckets_cost (&b, 0, b.n, bytes);
  if (zero)
    {
      mops[n_mops++] = (CommOp) { buckets_cost (&gather, 0, gather.n, gather_cost),
                                  (int) (2 * layers - 1), RING_SEGMENT_ALL_GATHER, 0,
                                  gather.n };
      timeline->n_collectives += gather.n;
      timeline->comm_bytes_per_gpu += buckets_cost (&gather, 0, gather.n, gather_bytes);
    }

  return n_mops;
}

/* FSDP: each layer's parameters all-gathered before its forward (prefetched one layer
 * ahead) and again before its backward (prefetched: the next layer's all-gather is queued
 * before this layer's reduce-scatter, as BACKWARD_PRE does), its gradients
 * reduce-scattered after its backward. */
static guint
build_fsdp (const RingParams  *params,
            RingStepStraggler *straggler,
            guint              layers,
            double             grad_bytes,
            ComputeOp         *cops,
            CommOp            *mops,
            RingStepTimeline  *timeline)
{
  double layer_bytes = grad_bytes / layers;
  RingAlgorithm half_algorithm;
  double half = _ring_step_half_collective_s (params, params->gpus, layer_bytes, &half_algorithm);
  guint n = 0;

  half *= _ring_step_comm_factor (straggler, half_algorithm, layer_bytes);

  for (guint l = 0; l < layers; l++)
    {
      cops[l].wait_comm = (int) n;
      mops[n++] = (CommOp) { half, (int) l - 2, RING_SEGMENT_ALL_GATHER, l, 1 };
    }

  cops[layers].wait_comm = (int) n;
  mops[n++] = (CommOp) { half, (int) layers - 2, RING_SEGMENT_ALL_GATHER, layers - 1, 1 };
  for (guint i = 0; i < layers; i++)
    {
      if (i + 1 < layers)
        {
          cops[layers + i + 1].wait_comm = (int) n;
          mops[n++] = (CommOp) { half, (int) (layers + i) - 1, RING_SEGMENT_ALL_GATHER,
                                 layers - 2 - i, 1 };
        }
      mops[n++] = (CommOp) { half, (int) (layers + i), RING_SEGMENT_REDUCE_SCATTER,
                             layers - 1 - i, 1 };
    }

  timeline->n_buckets = layers;
  timeline->n_collectives = 3 * layers;
  /* Two all-gathers and a reduce-scatter: one and a half all-reduces' traffic. */
  timeline->comm_bytes_per_gpu = 1.5 * ring_cost_bytes_moved_per_gpu (params->gpus,
                                                                      grad_bytes);

  return n;
}

void
ring_step_timeline_with (const RingParams  *params,
                         RingStepStraggler *straggler,
                         RingStepTimeline  *timeline,
                         GArray            *segments)
{
  g_autofree ComputeOp *cops = NULL;
  g_autofree CommOp *mops = NULL;
  double compute_s, grad_bytes;
  double pace = straggler != NULL ? straggler->compute_factor : 1.0;
  guint layers, hidden, n_mops = 0;
  SimResult sim;

  g_return_if_fail (params != NULL);
  g_return_if_fail (timeline != NULL);

  ring_step_architecture (params, &layers, &hidden);
  compute_s = ring_cost_compute_time_s (params);
  grad_bytes = params->model_params * params->gradient_bytes;

  /* Recomputation runs in the backward pass, layer by layer before each layer's own. */
  *timeline = (RingStepTimeline) { 0 };
  timeline->forward_s = ring_cost_forward_time_s (params);
  timeline->backward_s = ring_cost_backward_time_s (params);

  cops = g_new (ComputeOp, 2 * layers);
  mops = g_new (CommOp, 3 * layers + 1);
  /* The compute stream runs at the slowest GPU's pace: each collective waits for every
   * GPU's part of its data. */
  build_compute (cops, layers, pace * timeline->forward_s, pace * timeline->backward_s);

  if (params->gpus > 1)
    {
      if (params->sharding == RING_SHARDING_FSDP)
        n_mops = build_fsdp (params, straggler, layers, grad_bytes, cops, mops, timeline);
      else
        n_mops = build_bucketed (params, straggler, layers, grad_bytes, mops, timeline);
    }

  for (guint i = 0; i < n_mops; i++)
    timeline->comm_s += mops[i].duration_s;

  simulate (cops, 2 * layers, mops, n_mops, params->comm_slowdown, segments, &sim);
  timeline->slowdown_s = sim.lost_s;
  timeline->hidden_s = MAX (0.0, timeline->comm_s - sim.idle_s);
  /* What the step adds to the planned compute: waiting for collectives, compute they slow
   * down, and the others' wait for a slow GPU. */
  timeline->exposed_s = (pace - 1) * compute_s + sim.idle_s + sim.lost_s;
  timeline->step_s = compute_s + timeline->exposed_s;
}

void
ring_step_timeline (const RingParams *params,
                    RingStepTimeline *timeline,
                    GArray           *segments)
{
  RingStepStraggler straggler;

  g_return_if_fail (params != NULL);
  g_return_if_fail (timeline != NULL);

  ring_step_straggler_init (&straggler, params);
  ring_step_timeline_with (params, ring_step_straggler_is_active (&straggler) ? &straggler : NULL,
                           timeline, segments);
}

GArray *
ring_step_segments (const RingParams *params)
{
  GArray *segments = g_array_new (FALSE, FALSE, sizeof (RingStepSegment));
  RingStepTimeline timeline;

  ring_step_timeline (params, &timeline, segments);

  return segments;
}

void
ring_step_utilization_vs_bucket_size (const RingParams *params,
                                      const double     *bucket_bytes,
                                      double           *utilization,
                                      guint             n)
{
  RingStepStraggler straggler;
  RingParams swept;

  g_return_if_fail (params != NULL);

  swept = *params;
  ring_step_straggler_init (&straggler, params);
  /* Simulating every bucket size beyond a few thousand GPUs takes a second a curve. */
  if (params->gpus > RING_STEP_SWEEP_MAX_SIMULATED_GPUS)
    straggler.slow_link = FALSE;
  for (guint i = 0; i < n; i++)
    {
      RingStepTimeline timeline;

      swept.bucket_bytes = bucket_bytes[i];
      ring_step_timeline_with (&swept, ring_step_straggler_is_active (&straggler) ? &straggler
                                                                                 : NULL,
                               &timeline, NULL);
      utilization[i] = (timeline.forward_s + timeline.backward_s) / timeline.step_s;
    }
}

double
_ring_step_activation_bytes (const RingParams  *params,
                             double             t,
                             guint              layers,
                             guint              hidden,
                             RingCheckpointing  checkpointing)
{
  double h = hidden;
  double heads = MAX (1.0, round (h / HEAD_DIM));
  double sequence = MIN (t, MAX_SEQUENCE);
  double scores = params->fused_attention ? 0 : ACT_SCORES_FACTOR * heads * sequence * t;
  double layer = ACT_BYTES_PER_TOKEN_H * t * h + scores;

  switch (checkpointing)
    {
    case RING_CHECKPOINTING_SELECTIVE:
      return layers * ACT_BYTES_PER_TOKEN_H * t * h;
    case RING_CHECKPOINTING_FULL:
      return layers * ACT_CHECKPOINT_BYTES * t * h + layer;
    case RING_CHECKPOINTING_NONE:
    default:
      return layers * layer;
    }
}

static void
memory_for (const RingParams  *params,
            guint              gpus,
            RingSharding       sharding,
            RingCheckpointing  checkpointing,
            RingMemory        *memory)
{
  const RingGpuInfo *gpu = ring_gpu_info (params->gpu);
  double p = params->model_params, b = params->gradient_bytes, n = MAX (gpus, 1);
  double optimizer = _ring_step_optimizer_bytes (b);
  guint layers, hidden;

  ring_step_architecture (params, &layers, &hidden);

  memory->parameters = p * b / (sharding == RING_SHARDING_FSDP ? n : 1);
  memory->gradients = p * b / (sharding >= RING_SHARDING_ZERO2 ? n : 1);
  memory->optimizer = p * optimizer / (sharding >= RING_SHARDING_ZERO1 ? n : 1);
  /* Two layers' parameters gathered (this one and the prefetched next) and one layer's
   * full gradients before its reduce-scatter. */
  memory->gathered = sharding == RING_SHARDING_FSDP && gpus > 1 ? 3.0 * p * b / layers : 0;
  memory->activations = _ring_step_activation_bytes (params, params->tokens_per_gpu, layers,
                                                     hidden, checkpointing);
  memory->total = memory->parameters + memory->gradients + memory->optimizer
                  + memory->gathered + memory->activations;
  memory->usable = gpu->memory_gb * 1e9 * (1.0 - FRAGMENTATION) - CONTEXT_BYTES;
  memory->fits = memory->total <= memory->usable;
}

void
ring_step_memory (const RingParams *params,
                  guint             gpus,
                  RingMemory       *memory)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (memory != NULL);

  memory_for (params, gpus, params->sharding, params->checkpointing, memory);
}

/* The fewest GPUs @sharding fits on with @checkpointing, or 0 if none up to the maximum. */
static guint
gpus_needed (const RingParams  *params,
             RingSharding       sharding,
             RingCheckpointing  checkpointing)
{
  const guint max_gpus = RING_MAX_GPUS;
  guint low = 1, high = max_gpus;
  RingMemory memory;

  memory_for (params, max_gpus, sharding, checkpointing, &memory);
  if (!memory.fits)
    return 0;

  /* Memory falls as GPUs are added (the gathered layers do not depend on N). */
  while (low < high)
    {
      guint middle = low + (high - low) / 2;

      memory_for (params, middle, sharding, checkpointing, &memory);
      if (memory.fits)
        high = middle;
      else
        low = middle + 1;
    }

  return low;
}

/* The step the suggestion would run, with what its checkpointing recomputes (without the
 * slow link and GPU: the suggestion may have fewer GPUs than they name). */
static double
suggested_step_s (const RingParams        *params,
                  const RingFitSuggestion *suggestion)
{
  RingParams suggested = *params;
  RingStepTimeline timeline;

  suggested.sharding = suggestion->sharding;
  suggested.gpus = suggestion->gpus;
  suggested.checkpointing = suggestion->checkpointing;
  ring_algorithm_fall_back (&suggested);
  ring_step_timeline (&suggested, &timeline, NULL);

  return timeline.step_s;
}

/* The least that fits: more sharding on the GPUs there are, else the fewest GPUs any
 * sharding fits on, checkpointing as little as that allows; a count past the least would
 * send people to buy GPUs they do not need. */
static void
find_suggestion (const RingParams  *params,
                 RingFitSuggestion *suggestion)
{
  RingMemory memory;

  memory_for (params, params->gpus, params->sharding, params->checkpointing, &memory);
  if (memory.fits)
    {
      suggestion->fits_now = suggestion->possible = TRUE;
      return;
    }

  for (guint c = params->checkpointing; c < RING_N_CHECKPOINTINGS; c++)
    {
      guint best_gpus = 0;
      RingSharding best_sharding = params->sharding;

      for (guint s = params->sharding; s < RING_N_SHARDINGS; s++)
        {
          guint gpus = gpus_needed (params, s, c);

          /* More sharding on the GPUs there are comes before more GPUs. */
          if (gpus > 0 && gpus <= params->gpus && s != params->sharding
              && c == params->checkpointing)
            {
              best_gpus = gpus;
              best_sharding = s;
              break;
            }
          if (gpus > 0 && (best_gpus == 0 || gpus < best_gpus))
            {
              best_gpus = gpus;
              best_sharding = s;
            }
        }

      if (best_gpus > 0)
        {
          suggestion->possible = TRUE;
          suggestion->sharding = best_sharding;
          suggestion->gpus = best_gpus;
          suggestion->checkpointing = c;
          return;
        }
    }
}

void
ring_step_suggest (const RingParams  *params,
                   RingFitSuggestion *suggestion)
{
  g_return_if_fail (params != NULL);
  g_return_if_fail (suggestion != NULL);

  *suggestion = (RingFitSuggestion) { FALSE, FALSE, params->sharding, params->gpus,
                                      params->checkpointing, NAN };
  find_suggestion (params, suggestion);
  if (suggestion->possible)
    suggestion->step_time_s = suggested_step_s (params, suggestion);
}

char *
ring_fit_suggestion_describe (const RingFitSuggestion *suggestion)
{
  g_autofree char *needs = NULL;
  g_autofree char *step = NULL;

  g_return_val_if_fail (suggestion != NULL, NULL);

  if (suggestion->fits_now)
    return NULL;
  if (!suggestion->possible)
    /* The activations, or FSDP's gathered layers, alone are too big. */
    return g_strdup (_("does not fit on any number of these GPUs: fewer tokens per GPU or "
                       "smaller layers needed"));
  if (suggestion->checkpointing == RING_CHECKPOINTING_FULL)
    /* Translators: a sharding (FSDP) and a number of GPUs */
    needs = g_strdup_printf (_("needs %s across ≥ %u GPUs with full activation checkpointing"),
                             ring_sharding_get_title (suggestion->sharding), suggestion->gpus);
  else if (suggestion->checkpointing == RING_CHECKPOINTING_SELECTIVE)
    needs = g_strdup_printf (_("needs %s across ≥ %u GPUs with selective activation "
                               "checkpointing"),
                             ring_sharding_get_title (suggestion->sharding), suggestion->gpus);
  else
    needs = g_strdup_printf (_("needs %s across ≥ %u GPUs"),
                             ring_sharding_get_title (suggestion->sharding), suggestion->gpus);

  /* The step it would take, with what checkpointing computes again. */
  step = ring_format_duration (suggestion->step_time_s);
  if (suggestion->checkpointing != RING_CHECKPOINTING_NONE)
    /* Translators: "needs FSDP across ≥ 19 GPUs with full activation checkpointing", then
     * the step time that would take, the recomputed forward pass in it */
    return g_strdup_printf (_("%s, a %s step with its recomputation"), needs, step);

  /* Translators: "needs FSDP across ≥ 4 GPUs", then the step time that would take */
  return g_strdup_printf (_("%s, a %s step"), needs, step);
}
