/* ring-ring-draw.h: one frame of the ring all-reduce animation, drawn onto any cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "ring-style.h"

G_BEGIN_DECLS

/* Up to this many GPUs every gradient chunk of every GPU is drawn; up to
 * RING_DRAW_MAX_NODE_GPUS each GPU is a dot; beyond, the ring is an aggregate band whose
 * cost does not depend on N. */
#define RING_DRAW_MAX_CHUNK_GPUS 32
#define RING_DRAW_MAX_NODE_GPUS  1024

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
  RingFramePhase phase;
  guint          step;              /* ring step k = 0 … 2N−3, during RING_FRAME_RING_STEP */
  double         progress;          /* 0 … 1 through the compute phase or through the step */
  gboolean       collapsed;         /* many ring steps pass per frame: draw no easing */
  double         compute_time_s;    /* the model's times, for the timeline under the ring; */
  double         allreduce_time_s;  /* both 0 hides the timeline */
} RingFrame;

/* An idle frame of @n_gpus GPUs with no timeline. */
void   ring_frame_init                (RingFrame       *frame,
                                       guint            n_gpus);
/* Ring steps over at @frame, as ring_schedule_contributions() counts them: 0 before the
 * ring phase, k during ring step k, 2 (N−1) once done. */
guint  ring_frame_get_completed_steps (const RingFrame *frame);
/* The translated headline of @frame: "Compute", "Scatter-reduce 3 / 7",
 * "All-gather 5 / 7", "Averaged gradient ready". */
char  *ring_frame_dup_phase_label     (const RingFrame *frame);

/* Paints the background of @width × @height (none when its alpha is 0) and the whole
 * frame; every colour comes from @style. Costs O(N) up to RING_DRAW_MAX_NODE_GPUS and O(1)
 * in N beyond. */
void   ring_ring_draw                 (cairo_t         *cr,
                                       double           width,
                                       double           height,
                                       const RingFrame *frame,
                                       const RingStyle *style);

G_END_DECLS
