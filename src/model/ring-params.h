/* ring-params.h: the parameter table, its validation and parsing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-params-types.h"
#include "ring-topology.h"
#include "ring-sharding.h"

G_BEGIN_DECLS

#define RING_PARAMS_ERROR (ring_params_error_quark ())

typedef enum
{
  RING_PARAMS_ERROR_OUT_OF_RANGE,
  RING_PARAMS_ERROR_INVALID,
  RING_PARAMS_ERROR_CANNOT_RUN,   /* the algorithm cannot run on this hardware */
} RingParamsError;

GQuark ring_params_error_quark (void);

const RingParamInfo *ring_param_info           (RingParamId        id);
const RingParamInfo *ring_param_info_by_option (const char        *option);

void                 ring_params_init_default  (RingParams        *params);
double               ring_params_get_value     (const RingParams  *params,
                                                RingParamId        id);
void                 ring_params_set_value     (RingParams        *params,
                                                RingParamId        id,
                                                double             value);
/* The row's titles, translated. */
const char          *ring_param_get_title      (RingParamId        id);
const char          *ring_param_get_short_title (RingParamId       id);

typedef enum
{
  RING_PARAM_NAMING_OPTION,
  RING_PARAM_NAMING_KEY,
} RingParamNaming;

/* Whether the model can cost @params; @error names the parameter by its option or key. */
gboolean             ring_params_validate      (const RingParams  *params,
                                                GError           **error);
gboolean             ring_params_validate_named (const RingParams  *params,
                                                 RingParamNaming    naming,
                                                 GError           **error);
/* "7B", "300", "bf16", "ring" as typed; @error names the option and what is accepted. */
gboolean             ring_params_set_from_string (RingParams   *params,
                                                  RingParamId   id,
                                                  const char   *text,
                                                  GError      **error);
gboolean             ring_gradient_bytes_is_valid (guint           gradient_bytes);
/* What ring_params_set_from_string() reads back ("3:0.25"); NULL for an option_part row
 * and a value "not asked". */
char                *ring_params_dup_option_value (const RingParams *params,
                                                   RingParamId       id);

/* message_bytes > 0: one all-reduce, nccl-tests style, and no training step. */
gboolean             ring_params_is_collective  (const RingParams *params);
/* ⌈N/D⌉ NVLink domains of D GPUs, which the network joins. */
guint                ring_params_get_nodes      (const RingParams *params);
/* ⌈N/G⌉ */
guint                ring_params_get_hosts      (const RingParams *params);
/* The NICs where K · NIC ≤ G/(G − 1) · B across nodes, else B (docs/model.md §3). */
RingSizingLink       ring_params_get_sizing_link (const RingParams *params);
/* GB/s (the NICs: per NIC). */
double               ring_params_get_sizing_rate_gbps (const RingParams *params,
                                                       RingSizingLink    link);
void                 ring_params_set_sizing_rate_gbps (RingParams       *params,
                                                       RingSizingLink    link,
                                                       double            rate_gbps);
const char          *ring_sizing_link_to_string (RingSizingLink    link);
/* The bus bandwidth @link caps an all-reduce at: B, or K × the NIC speed. */
double               ring_params_get_sizing_bus_gbps (const RingParams *params,
                                                      RingSizingLink    link);
const char          *ring_network_bound_to_string (RingNetworkBound bound);

guint                ring_param_n_choices       (RingParamId       id);
const char          *ring_param_choice_name     (RingParamId       id,
                                                 guint             choice);
/* Aliases too ("ib", "zero3"). */
gboolean             ring_param_choice_from_name (RingParamId      id,
                                                  const char      *name,
                                                  guint           *choice);

const char          *ring_algorithm_to_string   (RingAlgorithm     algorithm);
gboolean             ring_algorithm_from_string (const char       *name,
                                                 RingAlgorithm    *algorithm);
const char          *ring_checkpointing_to_string (RingCheckpointing checkpointing);
const char          *ring_protocol_to_string    (RingProtocol      protocol);
const char          *ring_fabric_to_string      (RingFabric        fabric);
/* "none", "leaf", "spine", "core", as the JSON report writes it. */
const char          *ring_fabric_tier_to_string (RingFabricTier    tier);
/* Translated. */
const char          *ring_protocol_get_title    (RingProtocol      protocol);
const char          *ring_fabric_get_title      (RingFabric        fabric);
const char          *ring_placement_get_title   (RingPlacement     placement);
const char          *ring_precision_get_name    (guint             gradient_bytes);
/* With its compute, bandwidth, GPUs per node, NVLink domain and PCIe generation. */
void                 ring_params_apply_gpu      (RingParams       *params,
                                                 RingGpuId         gpu);
/* Whether ring_params_apply_gpu() sets @id. */
gboolean             ring_params_set_by_gpu     (RingParamId       id);
/* One way: InfiniBand 1, RoCE 3, TCP 30. */
double               ring_fabric_latency_us     (RingFabric        fabric);
void                 ring_params_apply_fabric   (RingParams       *params,
                                                 RingFabric        fabric);

G_END_DECLS
