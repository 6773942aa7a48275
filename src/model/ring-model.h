/* ring-model.h: the one object every view shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-algorithms.h"
#include "ring-enum-types.h"
#include "ring-params.h"
#include "ring-presets.h"
#include "ring-scenario.h"
#include "ring-simulation.h"

G_BEGIN_DECLS

#define RING_TYPE_MODEL (ring_model_get_type ())

G_DECLARE_FINAL_TYPE (RingModel, ring_model, RING, MODEL, GObject)

/* Each row of the parameter table (RingParamInfo) is a read-write property of its
 * @property name: a double, a guint, or an enum of the row's @choice_type. The message size
 * is one of them: 0 is a training step, > 0 a single collective of that many bytes.
 * Derived values are read-only properties: "gradient-buffer-bytes",
 * "compute-time", "backward-time", "bytes-moved-per-gpu", "allreduce-time", "exposed-comm",
 * "step-time", "utilization", "algbw", "busbw", "tokens-per-second", "comm-bound",
 * "bandwidth-for-90pct", "nodes", "algorithm-used" (never auto), "protocol-used"
 * (RING_TYPE_PROTOCOL), "channels", "collective", and the step's "forward-time",
 * "comm-time", "hidden-comm", "n-buckets", "comm-bytes-per-gpu", "memory-per-gpu" (bytes), "fits".
 * "overlap" is deprecated and changes nothing: the step is a bucketed timeline now.
 * A slow link and GPU are in every derived value; "uniform-allreduce-time",
 * "uniform-busbw", "uniform-step-time", "uniform-utilization" and
 * "uniform-tokens-per-second" are the same without them. The event simulation's
 * "sim-allreduce-time" and "sim-uniform-allreduce-time" (its schedule's own times, NaN
 * beyond RING_SIMULATION_MAX_GPUS) and "straggler-summary" (what the slow link and GPU
 * cost, one translated sentence; NULL when nothing is slow).
 * The parameters "slow-link", "slow-link-fraction", "slow-gpu" and "slow-gpu-fraction"
 * name one link (what GPU I sends) and one GPU, slowed to a fraction; an index beyond the
 * last GPU moves to the last GPU.
 *
 * Each property notifies only when its value really changes; the "changed" signal fires
 * once per logical change (one setter, a GPU with its facts, a preset, or one
 * ring_model_set_params() batch). Setting the GPU applies its facts (compute, bandwidth,
 * GPUs per node); setting the fabric, its usual latency. The model never holds an algorithm that cannot run on its hardware:
 * a change that makes it impossible (another GPU, more nodes) falls back to auto, and
 * several nodes always have at least one NIC each. */

RingModel        *ring_model_new              (void);

const RingParams *ring_model_get_params       (RingModel        *self);
const RingResult *ring_model_get_result       (RingModel        *self);
/* Sets every parameter at once, with a single "changed". Returns FALSE and changes
 * nothing if @params does not validate (ring_params_validate()). The single-value setters,
 * by contrast, clamp to the parameter's range. */
gboolean          ring_model_set_params       (RingModel        *self,
                                               const RingParams *params);
void              ring_model_reset            (RingModel        *self);
/* Applies what the preset sets (ring_preset_list_changes() names it), as one change. */
void              ring_model_apply_preset     (RingModel        *self,
                                               const RingPreset *preset);
/* Costs any algorithm (or auto) for any size and GPU count on the model's hardware, for
 * charts: FALSE if it cannot run there. No allocation. */
gboolean          ring_model_cost_allreduce   (RingModel         *self,
                                               RingAlgorithm      algorithm,
                                               guint              gpus,
                                               double             bytes,
                                               RingAllreduceCost *cost);

/* A parameter's value (a choice as its enum value); setting it clamps it to the row's
 * range, a GPU brings its facts and a fabric its latency, as one change. */
double            ring_model_get_value          (RingModel     *self,
                                                 RingParamId    id);
void              ring_model_set_value          (RingModel     *self,
                                                 RingParamId    id,
                                                 double         value);
/* The event simulation of the current parameters (NULL beyond RING_SIMULATION_MAX_GPUS),
 * owned by the model until its next change: ref it to keep it. */
RingSimulation   *ring_model_get_simulation     (RingModel     *self);
const char       *ring_model_get_straggler_summary (RingModel  *self);

double            ring_model_get_allreduce_time (RingModel     *self);
double            ring_model_get_compute_time   (RingModel     *self);
double            ring_model_get_utilization    (RingModel     *self);
guint             ring_model_get_nodes          (RingModel     *self);
RingAlgorithm     ring_model_get_algorithm_used (RingModel     *self);
RingProtocol      ring_model_get_protocol_used  (RingModel     *self);
gboolean          ring_model_is_collective      (RingModel     *self);
double            ring_model_get_memory_per_gpu (RingModel     *self);
gboolean          ring_model_get_fits           (RingModel     *self);

/* Pinned scenarios (ring-model-scenarios.c): up to RING_MAX_SCENARIOS configurations kept
 * beside the current one, which every chart draws and the metrics compare with. Each
 * change below is one "changed". Pinning keeps the current parameters under @name (NULL:
 * ring_params_describe()); a fifth, or a scenario whose parameters do not validate, is
 * refused with a RING_SCENARIO_ERROR. */
gboolean            ring_model_pin_scenario     (RingModel           *self,
                                                 const char          *name,
                                                 GError             **error);
gboolean            ring_model_add_scenario     (RingModel           *self,
                                                 const RingScenario  *scenario,
                                                 GError             **error);
guint               ring_model_get_n_scenarios  (RingModel           *self);
const RingScenario *ring_model_get_scenario     (RingModel           *self,
                                                 guint                index);
/* FALSE, changing nothing, for a name of only spaces. */
gboolean            ring_model_rename_scenario  (RingModel           *self,
                                                 guint                index,
                                                 const char          *name);
void                ring_model_unpin_scenario   (RingModel           *self,
                                                 guint                index);
void                ring_model_clear_scenarios  (RingModel           *self);
/* The scenario the metrics show their differences to, or -1. */
int                 ring_model_get_compare_with (RingModel           *self);
void                ring_model_set_compare_with (RingModel           *self,
                                                 int                  index);
/* Loads the scenario's parameters into the model (one "changed"); the scenario stays. */
gboolean            ring_model_restore_scenario (RingModel           *self,
                                                 guint                index);

G_END_DECLS
