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

/* Parameters are read-write properties named as in RingParamInfo ("gpu", "gpus",
 * "gpus-per-node", "nics-per-node", "nic-speed", "fabric", "net-latency", "net-efficiency",
 * "link-latency", "link-efficiency", "model-params",
 * "bandwidth", "compute", "tokens-per-gpu", "gradient-bytes", "latency", "overlap",
 * "algorithm", "bucket-size", "comm-slowdown", "sharding", "activation-checkpointing",
 * "fused-attention") plus "message-size" (0 = the model's gradients; > 0 = a single collective).
 * "gpu", "fabric" and "algorithm" are enums (RING_TYPE_GPU_ID, RING_TYPE_FABRIC,
 * RING_TYPE_ALGORITHM). Derived values are read-only properties: "gradient-buffer-bytes",
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

RingGpuId         ring_model_get_gpu            (RingModel     *self);
void              ring_model_set_gpu            (RingModel     *self,
                                                 RingGpuId      gpu);
guint             ring_model_get_gpus_per_node  (RingModel     *self);
void              ring_model_set_gpus_per_node  (RingModel     *self,
                                                 guint          gpus_per_node);
guint             ring_model_get_nics_per_node  (RingModel     *self);
void              ring_model_set_nics_per_node  (RingModel     *self,
                                                 guint          nics_per_node);
double            ring_model_get_nic_speed      (RingModel     *self);
void              ring_model_set_nic_speed      (RingModel     *self,
                                                 double         nic_speed_gbit);
RingFabric        ring_model_get_fabric         (RingModel     *self);
void              ring_model_set_fabric         (RingModel     *self,
                                                 RingFabric     fabric);
double            ring_model_get_net_latency    (RingModel     *self);
void              ring_model_set_net_latency    (RingModel     *self,
                                                 double         net_latency_us);
double            ring_model_get_net_efficiency (RingModel     *self);
void              ring_model_set_net_efficiency (RingModel     *self,
                                                 double         net_efficiency);
double            ring_model_get_link_latency   (RingModel     *self);
void              ring_model_set_link_latency   (RingModel     *self,
                                                 double         link_latency_us);
double            ring_model_get_link_efficiency (RingModel    *self);
void              ring_model_set_link_efficiency (RingModel    *self,
                                                  double        link_efficiency);
guint             ring_model_get_gpus           (RingModel     *self);
void              ring_model_set_gpus           (RingModel     *self,
                                                 guint          gpus);
double            ring_model_get_model_params   (RingModel     *self);
void              ring_model_set_model_params   (RingModel     *self,
                                                 double         model_params);
double            ring_model_get_bandwidth      (RingModel     *self);
void              ring_model_set_bandwidth      (RingModel     *self,
                                                 double         bandwidth_gbps);
double            ring_model_get_compute        (RingModel     *self);
void              ring_model_set_compute        (RingModel     *self,
                                                 double         compute_tflops);
double            ring_model_get_tokens_per_gpu (RingModel     *self);
void              ring_model_set_tokens_per_gpu (RingModel     *self,
                                                 double         tokens_per_gpu);
guint             ring_model_get_gradient_bytes (RingModel     *self);
void              ring_model_set_gradient_bytes (RingModel     *self,
                                                 guint          gradient_bytes);
double            ring_model_get_latency        (RingModel     *self);
void              ring_model_set_latency        (RingModel     *self,
                                                 double         latency_us);
double            ring_model_get_overlap        (RingModel     *self);
void              ring_model_set_overlap        (RingModel     *self,
                                                 double         overlap);
RingAlgorithm     ring_model_get_algorithm      (RingModel     *self);
void              ring_model_set_algorithm      (RingModel     *self,
                                                 RingAlgorithm  algorithm);
double            ring_model_get_bucket_size    (RingModel     *self);
void              ring_model_set_bucket_size    (RingModel     *self,
                                                 double         bucket_bytes);
double            ring_model_get_comm_slowdown  (RingModel     *self);
void              ring_model_set_comm_slowdown  (RingModel     *self,
                                                 double         comm_slowdown);
RingSharding      ring_model_get_sharding       (RingModel     *self);
void              ring_model_set_sharding       (RingModel     *self,
                                                 RingSharding   sharding);
RingCheckpointing ring_model_get_checkpointing  (RingModel     *self);
void              ring_model_set_checkpointing  (RingModel     *self,
                                                 RingCheckpointing checkpointing);
guint             ring_model_get_fused_attention (RingModel    *self);
void              ring_model_set_fused_attention (RingModel    *self,
                                                  guint         fused_attention);
double            ring_model_get_message_size   (RingModel     *self);
void              ring_model_set_message_size   (RingModel     *self,
                                                 double         message_bytes);
guint             ring_model_get_slow_link      (RingModel     *self);
void              ring_model_set_slow_link      (RingModel     *self,
                                                 guint          gpu);
double            ring_model_get_slow_link_fraction (RingModel *self);
void              ring_model_set_slow_link_fraction (RingModel *self,
                                                     double     fraction);
guint             ring_model_get_slow_gpu       (RingModel     *self);
void              ring_model_set_slow_gpu       (RingModel     *self,
                                                 guint          gpu);
double            ring_model_get_slow_gpu_fraction (RingModel  *self);
void              ring_model_set_slow_gpu_fraction (RingModel  *self,
                                                    double      fraction);
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
