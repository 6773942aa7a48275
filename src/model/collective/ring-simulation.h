/* ring-simulation.h: a small event simulation of one training step's all-reduce, stepping
 * the algorithm's own schedule over links of their own bandwidth and latency and GPUs of
 * their own compute.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithm-schedule.h"

G_BEGIN_DECLS

#define RING_SIMULATION_MAX_GPUS 65536

/* Step by step from the last GPU's arrival, each step ending with its slowest transfer,
 * links at the algorithm's link_rates (docs/model.md §9). */

typedef struct _RingSimulation RingSimulation;

typedef struct
{
  RingTransfer transfer;
  double       seconds;
  double       end_fraction;   /* of its step, (0 … 1] */
  gboolean     slowed;
} RingSimulatedTransfer;

/* The fabric above the nodes as @result's collective met it (ring-fabric.h). */
typedef struct
{
  guint          tiers;            /* 1: one switch */
  guint          nodes_per_leaf;
  double         oversubscription;
  RingPlacement  placement;
  RingFabricTier bound;
  double         node_gbps;        /* what each node's traffic gets through it */
  RingFabricLoad loads[RING_N_FABRIC_TIERS];
} RingSimulationFabric;

/* With result->algorithm_used; NULL beyond RING_SIMULATION_MAX_GPUS. */
RingSimulation   *ring_simulation_new                (const RingParams       *params,
                                                      const RingResult       *result);
RingSimulation   *ring_simulation_ref                (RingSimulation         *self);
void              ring_simulation_unref              (RingSimulation         *self);

const RingSchedule *ring_simulation_get_schedule     (const RingSimulation   *self);
const RingSimulationFabric *ring_simulation_get_fabric (const RingSimulation  *self);
/* "uniform": every link and GPU at full speed. */
double            ring_simulation_get_allreduce_s     (const RingSimulation  *self);
double            ring_simulation_get_uniform_allreduce_s (const RingSimulation *self);
double            ring_simulation_get_step_s          (const RingSimulation  *self);
double            ring_simulation_get_uniform_step_s  (const RingSimulation  *self);
double            ring_simulation_get_start_s         (const RingSimulation  *self);
double            ring_simulation_get_compute_s       (const RingSimulation  *self,
                                                       guint                  gpu);

/* G_MAXUINT when none is slow. */
guint             ring_simulation_get_slow_link       (const RingSimulation  *self,
                                                       double                *fraction);
guint             ring_simulation_get_slow_gpu        (const RingSimulation  *self,
                                                       double                *fraction);

guint             ring_simulation_get_n_steps         (const RingSimulation  *self);
double            ring_simulation_get_step_duration_s (const RingSimulation  *self,
                                                       guint                  step);
/* From the all-reduce's start. */
double            ring_simulation_get_step_end_s      (const RingSimulation  *self,
                                                       guint                  step);
/* Appends @step's RingSimulatedTransfer to @transfers. */
void              ring_simulation_get_step_transfers  (const RingSimulation  *self,
                                                       guint                  step,
                                                       GArray                *transfers);

double            ring_simulation_get_link_rate_Bps   (const RingSimulation  *self,
                                                       RingLinkKind           kind);
double            ring_simulation_get_link_alpha_s    (const RingSimulation  *self,
                                                       RingLinkKind           kind);

/* Up to this many GPUs ring_simulation_get_held() answers. */
#define RING_SIMULATION_MAX_HELD_GPUS 32

/* How many GPUs' contributions @gpu holds in @piece after @completed steps; 0 beyond
 * RING_SIMULATION_MAX_HELD_GPUS. */
guint             ring_simulation_get_held            (const RingSimulation  *self,
                                                       guint                  completed,
                                                       guint                  gpu,
                                                       guint                  piece);

/* How many times as long the slow link makes the all-reduce; 1 where nothing is simulated. */
double            ring_simulation_slowdown            (const RingParams       *params,
                                                       RingAlgorithm           algorithm,
                                                       double                  bytes);

/* What the slow link and GPU cost, one translated sentence; NULL when nothing is slow. */
char             *ring_simulation_dup_summary         (const RingSimulation  *self,
                                                       const RingResult      *result);

/* Tests: @walk every transfer instead of the closed form and the slow link's. */
RingSimulation   *_ring_simulation_new_walking        (const RingParams       *params,
                                                       const RingResult       *result,
                                                       gboolean                walk);

/* Tests: simulations run and steps walked by this process. */
guint             _ring_simulation_count_runs         (void);
guint             _ring_simulation_count_walks        (void);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingSimulation, ring_simulation_unref)

G_END_DECLS
