/* ring-frame.h: what the ring animation shows at one instant. Plain GLib: the clock
 * produces frames and the drawing consumes them, and neither needs the other's library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ring-simulation.h"
#include "ring-step.h"

G_BEGIN_DECLS

typedef enum
{
  RING_FRAME_IDLE,       /* before a training step: empty gradient buffers */
  RING_FRAME_COMPUTE,    /* each GPU computes its own gradient */
  RING_FRAME_RING_STEP,  /* one ring step of the all-reduce is under way */
  RING_FRAME_DONE,       /* every GPU holds the averaged gradient */
} RingFramePhase;

typedef struct
{
  guint          n_gpus;            /* N, 1 … 1 048 576 */
  /* The algorithm's schedule and the steps' simulated times, borrowed from whoever made
   * the frame (the clock holds a reference); NULL: the ring of N GPUs, steps alike. */
  RingSimulation *simulation;
  RingFramePhase phase;
  guint          step;              /* step k of the schedule (the ring's 0 … 2N−3) */
  double         progress;          /* 0 … 1 through the compute phase or through the step */
  gboolean       collapsed;         /* many ring steps pass per frame: draw no easing */
  double         compute_time_s;    /* the model's times, for the timeline under the ring; */
  double         allreduce_time_s;  /* both 0 hides the timeline */
  /* The step room's timeline (RingStepSegment), borrowed like the simulation; NULL: the
   * compute phase, then one all-reduce. */
  GArray        *segments;
  double         step_time_s;
  double         time_s;            /* where the frame stands in the step */
  double         exposed_s;         /* the step's communication not hidden */
  /* With segments, in a ring step: the collective in flight, its buckets (index … index +
   * count − 1 of n_buckets; FSDP: layers), whether compute runs beside it. */
  RingSegmentKind collective;
  guint          bucket;
  guint          bucket_count;
  guint          n_buckets;
  RingSharding   sharding;
  gboolean       computing;
  RingSegmentKind compute_kind;     /* forward or backward, while computing */
} RingFrame;

/* An idle frame of @n_gpus GPUs with no timeline. */
void   ring_frame_init                (RingFrame       *frame,
                                       guint            n_gpus);
/* Ring steps over at @frame, as ring_schedule_contributions() counts them: 0 before the
 * ring phase, k during ring step k, 2 (N−1) once done. */
guint  ring_frame_get_completed_steps (const RingFrame *frame);
/* Steps in @frame's schedule: 2 (N − 1) for the ring. */
guint  ring_frame_get_n_steps         (const RingFrame *frame);
/* The translated headline of @frame: "Compute", "Scatter-reduce 3 / 7",
 * "All-gather 5 / 7", "Reduce up the trees 4 / 22", "Averaged gradient ready"; digit
 * groups are thin spaces. */
char  *ring_frame_dup_phase_label     (const RingFrame *frame);
/* The same with @separator between digit groups (for a font without a thin space). */
char  *ring_frame_dup_phase_label_full (const RingFrame *frame,
                                        const char      *separator);
/* With segments, in a ring step: "Bucket 3 / 12", "Layer 5 / 32", "Parameters"; else NULL. */
char  *ring_frame_dup_bucket_label    (const RingFrame *frame,
                                       const char      *separator);
/* What each GPU does at @frame, in one translated line: "Each GPU sends one chunk to
 * the next GPU, which adds it to its own". */
char  *ring_frame_dup_explanation     (const RingFrame *frame,
                                       const char      *separator);
/* The explanation as the animation's header shows it: in a step's collective, after the
 * algorithm and the collective, "Ring all-reduce: Each GPU sends …". */
char  *ring_frame_dup_caption         (const RingFrame *frame,
                                       const char      *separator);
/* In plain words, what holds once @frame's phase is over and why it matters (the schedule's
 * phase outcome, RingSchedulePhase); NULL for a ring step with no simulation. */
char  *ring_frame_dup_outcome         (const RingFrame *frame);
/* @frame made safe to draw: N ≥ 1, a ring step that exists, progress in 0 … 1, times
 * that are finite and not negative. */
RingFrame ring_frame_normalize        (const RingFrame *frame);

G_END_DECLS
