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

/* How a message names a parameter: as the command line's option or a file's key. */
typedef enum
{
  RING_PARAM_NAMING_OPTION,
  RING_PARAM_NAMING_KEY,
} RingParamNaming;

/* Whether @params is a configuration the model can cost; otherwise @error says what is
 * wrong, naming the parameter by its option (ring_params_validate()) or as @naming says. */
gboolean             ring_params_validate      (const RingParams  *params,
                                                GError           **error);
gboolean             ring_params_validate_named (const RingParams  *params,
                                                 RingParamNaming    naming,
                                                 GError           **error);
/* Parses @text as typed on the command line or in a field ("7B", "1.5T", "300", "bf16",
 * "ring") and stores it if it is in range; otherwise @error says what was wrong and what
 * is accepted, naming the option. */
gboolean             ring_params_set_from_string (RingParams   *params,
                                                  RingParamId   id,
                                                  const char   *text,
                                                  GError      **error);
gboolean             ring_gradient_bytes_is_valid (guint           gradient_bytes);
/* The text of @id's option for @params, as ring_params_set_from_string() reads it back
 * ("3:0.25" for --slow-link); NULL for a row that is part of another's option, and for a
 * value that is "not asked" (zero_is_none), which no option gives. */
char                *ring_params_dup_option_value (const RingParams *params,
                                                   RingParamId       id);

/* TRUE in "single collective" mode: message_bytes > 0 is all-reduced, nccl-tests style,
 * and the training-step figures (utilization, tokens/s, the 90 % bandwidth) mean nothing. */
gboolean             ring_params_is_collective  (const RingParams *params);
/* The nodes the network joins, ⌈N/D⌉: NVLink domains of D GPUs (a host, or hosts
 * sharing NVLink), with the NICs of all their hosts. */
guint                ring_params_get_nodes      (const RingParams *params);
/* ⌈N/G⌉ */
guint                ring_params_get_hosts      (const RingParams *params);
/* The link that binds and that the sizing figures vary: the NICs on a cluster of several
 * nodes whose NICs carry no more than its GPUs' links (K · NIC ≤ G/(G − 1) · B: a ring's
 * bus bandwidth inside a node against the node's share of the network), else B. */
RingSizingLink       ring_params_get_sizing_link (const RingParams *params);
/* The rate of @link in GB/s (the NICs: per NIC), and setting it. */
double               ring_params_get_sizing_rate_gbps (const RingParams *params,
                                                       RingSizingLink    link);
void                 ring_params_set_sizing_rate_gbps (RingParams       *params,
                                                       RingSizingLink    link,
                                                       double            rate_gbps);
/* "in-node" or "nic", as the JSON report writes it. */
const char          *ring_sizing_link_to_string (RingSizingLink    link);
/* The bus bandwidth @link caps an all-reduce at, nominally: B inside a node; across nodes
 * each channel leaves and enters every node once, so the node's NICs together (K × the NIC
 * speed) bound a GPU's bus bandwidth. */
double               ring_params_get_sizing_bus_gbps (const RingParams *params,
                                                      RingSizingLink    link);
/* "none", "nics", "pcie", "sockets". */
const char          *ring_network_bound_to_string (RingNetworkBound bound);

/* Choice parameters (gpu, fabric, algorithm): how many choices, and the name of each. */
guint                ring_param_n_choices       (RingParamId       id);
const char          *ring_param_choice_name     (RingParamId       id,
                                                 guint             choice);
/* The choice @name names (as the command line takes it, aliases too: "ib", "zero3"),
 * or FALSE. */
gboolean             ring_param_choice_from_name (RingParamId      id,
                                                  const char      *name,
                                                  guint           *choice);

const char          *ring_algorithm_to_string   (RingAlgorithm     algorithm);
gboolean             ring_algorithm_from_string (const char       *name,
                                                 RingAlgorithm    *algorithm);
const char          *ring_checkpointing_to_string (RingCheckpointing checkpointing);
const char          *ring_protocol_to_string    (RingProtocol      protocol);
const char          *ring_fabric_to_string      (RingFabric        fabric);
/* The names people read, translated: "LL128", "Simple"; "InfiniBand with SHARP". */
const char          *ring_protocol_get_title    (RingProtocol      protocol);
const char          *ring_fabric_get_title      (RingFabric        fabric);
/* The gradients' precision by its bytes: "bf16". */
const char          *ring_precision_get_name    (guint             gradient_bytes);
/* Sets the GPU and the facts it carries: achieved compute, node bandwidth, GPUs per node. */
void                 ring_params_apply_gpu      (RingParams       *params,
                                                 RingGpuId         gpu);
/* A fabric's usual one-way latency, µs: InfiniBand 1, RoCE 3, TCP 30. */
double               ring_fabric_latency_us     (RingFabric        fabric);
/* Sets the fabric and its usual latency. */
void                 ring_params_apply_fabric   (RingParams       *params,
                                                 RingFabric        fabric);

G_END_DECLS
