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

/* Each row of the parameter table is a read-write property named by its @property; the
 * results are read-only properties, a slow link and GPU in them ("uniform-*": without).
 * A property notifies only when its value changes; "changed" fires once per logical
 * change. A GPU brings its facts, a fabric its latency; an algorithm the hardware cannot
 * run falls back to auto. */

RingModel        *ring_model_new              (void);

const RingParams *ring_model_get_params       (RingModel        *self);
const RingResult *ring_model_get_result       (RingModel        *self);
/* Every parameter at once; FALSE, nothing changed, if @params does not validate. */
gboolean          ring_model_set_params       (RingModel        *self,
                                               const RingParams *params);
void              ring_model_reset            (RingModel        *self);
/* As one change. */
void              ring_model_apply_preset     (RingModel        *self,
                                               const RingPreset *preset);
/* Any algorithm on the model's hardware, for charts: FALSE if it cannot run. */
gboolean          ring_model_cost_allreduce   (RingModel         *self,
                                               RingAlgorithm      algorithm,
                                               guint              gpus,
                                               double             bytes,
                                               RingAllreduceCost *cost);

/* A choice as its enum value; setting clamps to the row's range. */
double            ring_model_get_value          (RingModel     *self,
                                                 RingParamId    id);
void              ring_model_set_value          (RingModel     *self,
                                                 RingParamId    id,
                                                 double         value);
/* NULL beyond RING_SIMULATION_MAX_GPUS; owned by the model until its next change. */
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

/* Up to RING_MAX_SCENARIOS pinned configurations (ring-model-scenarios.c), one "changed"
 * each change. Pinning keeps the parameters under @name (NULL: described); one too many,
 * or one that does not validate, is a RING_SCENARIO_ERROR. */
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
/* The scenario's parameters into the model; the scenario stays. */
gboolean            ring_model_restore_scenario (RingModel           *self,
                                                 guint                index);

G_END_DECLS
