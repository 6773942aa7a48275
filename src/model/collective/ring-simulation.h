/* ring-simulation.h: a small event simulation of one training step's all-reduce, stepping
 * the algorithm's own schedule over links of their own bandwidth and latency and GPUs of
 * their own compute.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithm-schedule.h"

G_BEGIN_DECLS

/* The schedules are stepped up to the sizes the animation draws step by step. */
#define RING_SIMULATION_MAX_GPUS 65536

/* The all-reduce starts when the last GPU joins (NCCL's few 512 KiB slots stall the
 * others within microseconds); step k starts when step k − 1 has ended, and ends when its
 * slowest transfer arrives. Links run at the algorithm's rates (link_rates), without
 * NCCL's protocols, channels or pipeline fill: at full speed the result is the schedule's
 * α-β time in closed form (docs/model.md §9). */

typedef struct _RingSimulation RingSimulation;

typedef struct
{
  RingTransfer transfer;
  double       seconds;        /* how long it takes */
  double       end_fraction;   /* when it arrives, as a fraction of its step (0 … 1] */
  gboolean     slowed;         /* sent over the slow link */
} RingSimulatedTransfer;

/* Simulates @params' step with the algorithm @result ran (result->algorithm_used) on the
 * buffer it costed. NULL if there is nothing to step: N > RING_SIMULATION_MAX_GPUS. */
RingSimulation   *ring_simulation_new                (const RingParams       *params,
                                                      const RingResult       *result);
RingSimulation   *ring_simulation_ref                (RingSimulation         *self);
void              ring_simulation_unref              (RingSimulation         *self);

const RingSchedule *ring_simulation_get_schedule     (const RingSimulation   *self);
/* The all-reduce, from its start to the last GPU holding the average; with every link at
 * full speed; the whole training step, with the slow GPU and link and without. */
double            ring_simulation_get_allreduce_s     (const RingSimulation  *self);
double            ring_simulation_get_uniform_allreduce_s (const RingSimulation *self);
double            ring_simulation_get_step_s          (const RingSimulation  *self);
double            ring_simulation_get_uniform_step_s  (const RingSimulation  *self);
/* When the all-reduce starts: the last GPU joins. */
double            ring_simulation_get_start_s         (const RingSimulation  *self);
/* GPU @gpu's compute time. */
double            ring_simulation_get_compute_s       (const RingSimulation  *self,
                                                       guint                  gpu);

/* The slow link's GPU and fraction; G_MAXUINT when every link runs at full speed. */
guint             ring_simulation_get_slow_link       (const RingSimulation  *self,
                                                       double                *fraction);
guint             ring_simulation_get_slow_gpu        (const RingSimulation  *self,
                                                       double                *fraction);

guint             ring_simulation_get_n_steps         (const RingSimulation  *self);
double            ring_simulation_get_step_duration_s (const RingSimulation  *self,
                                                       guint                  step);
/* When step @step ends, counted from the all-reduce's start. */
double            ring_simulation_get_step_end_s      (const RingSimulation  *self,
                                                       guint                  step);
/* The transfers of @step, each with its time (appended to @transfers, an array of
 * RingSimulatedTransfer). O(transfers of the step): for drawing one step. */
void              ring_simulation_get_step_transfers  (const RingSimulation  *self,
                                                       guint                  step,
                                                       GArray                *transfers);

/* The rate (bytes per second per link) and latency the simulation gives links of @kind. */
double            ring_simulation_get_link_rate_Bps   (const RingSimulation  *self,
                                                       RingLinkKind           kind);
double            ring_simulation_get_link_alpha_s    (const RingSimulation  *self,
                                                       RingLinkKind           kind);

/* Up to this many GPUs the simulation keeps, for every step, how many GPUs' gradients
 * each GPU holds in each piece (the animation draws every piece of every GPU). */
#define RING_SIMULATION_MAX_HELD_GPUS 32

/* How many GPUs' contributions @gpu holds in @piece once @completed steps are over, 1 … N;
 * 0 where the simulation keeps no such table (N > RING_SIMULATION_MAX_HELD_GPUS). */
guint             ring_simulation_get_held            (const RingSimulation  *self,
                                                       guint                  completed,
                                                       guint                  gpu,
                                                       guint                  piece);

/* How many times as long @params' slow link makes an all-reduce of @bytes on @algorithm;
 * 1 where nothing is simulated (no slow link, one GPU, past RING_SIMULATION_MAX_GPUS). */
double            ring_simulation_slowdown            (const RingParams       *params,
                                                       RingAlgorithm           algorithm,
                                                       double                  bytes);

/* One sentence for people on what the slow link and GPU cost, with @result's step (the
 * model's, which has them) beside the step without them: "Link 3 → 4 at 25 % makes the
 * all-reduce 3.6× slower; GPU 5 at 50 % compute adds 430 ms to every step: the step takes
 * 1.2 s, 454 ms without them". Translated; NULL when nothing is slow. */
char             *ring_simulation_dup_summary         (const RingSimulation  *self,
                                                       const RingResult      *result);

/* Tests: the same simulation, walking every transfer of every step (@walk TRUE) rather
 * than taking the closed form plus the slow link's own transfers (FALSE, the default). */
RingSimulation   *_ring_simulation_new_walking        (const RingParams       *params,
                                                       const RingResult       *result,
                                                       gboolean                walk);

/* Tests: how many simulations this process has run, and how many steps' transfers it has
 * walked (each run walks its steps; ring_simulation_get_step_transfers() walks one). */
guint             _ring_simulation_count_runs         (void);
guint             _ring_simulation_count_walks        (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingSimulation, ring_simulation_unref)

G_END_DECLS
