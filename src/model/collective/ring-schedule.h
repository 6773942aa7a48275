/* ring-schedule.h: the exact chunk schedule of ring all-reduce.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The gradient buffer is split into N chunks c = 0 … N−1 of S/N bytes. GPU i always sends
 * to GPU (i + 1) mod N. A whole all-reduce is 2 (N−1) ring steps, numbered k = 0 … 2N−3:
 * the first N−1 are scatter-reduce, the last N−1 all-gather. */

typedef enum
{
  RING_PHASE_SCATTER_REDUCE,
  RING_PHASE_ALL_GATHER,
} RingPhase;

guint     ring_schedule_n_steps         (guint n_gpus);
RingPhase ring_schedule_step_phase      (guint n_gpus,
                                         guint step);
/* The step's number inside its phase, 0 … N−2. */
guint     ring_schedule_phase_step      (guint n_gpus,
                                         guint step);
guint     ring_schedule_send_peer       (guint n_gpus,
                                         guint gpu);
/* The chunk GPU @gpu sends during ring step @step. */
guint     ring_schedule_send_chunk      (guint n_gpus,
                                         guint step,
                                         guint gpu);
/* How many GPUs' contributions GPU @gpu holds in chunk @chunk once @completed_steps ring
 * steps are over: 1 (its own) … N (fully reduced). O(1), from the schedule's closed form. */
guint     ring_schedule_contributions   (guint n_gpus,
                                         guint completed_steps,
                                         guint gpu,
                                         guint chunk);

/* A step-by-step simulation of the same schedule: it moves real contribution counts from
 * sender to receiver, so tests can check the closed form against it. */
typedef struct _RingScheduleState RingScheduleState;

RingScheduleState *ring_schedule_state_new           (guint                    n_gpus);
void               ring_schedule_state_free          (RingScheduleState       *state);
guint              ring_schedule_state_get_n_gpus    (const RingScheduleState *state);
guint              ring_schedule_state_get_completed (const RingScheduleState *state);
void               ring_schedule_state_advance       (RingScheduleState       *state);
guint              ring_schedule_state_contributions (const RingScheduleState *state,
                                                      guint                    gpu,
                                                      guint                    chunk);
/* Bytes GPU @gpu has sent so far, for a buffer of @buffer_bytes. */
double             ring_schedule_state_bytes_sent    (const RingScheduleState *state,
                                                      guint                    gpu,
                                                      double                   buffer_bytes);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingScheduleState, ring_schedule_state_free)

G_END_DECLS
