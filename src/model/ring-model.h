/* ring-model.h: the one object every view shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-params.h"

G_BEGIN_DECLS

#define RING_TYPE_ALGORITHM (ring_algorithm_get_type ())
GType ring_algorithm_get_type (void) G_GNUC_CONST;

#define RING_TYPE_MODEL (ring_model_get_type ())

G_DECLARE_FINAL_TYPE (RingModel, ring_model, RING, MODEL, GObject)

/* Parameters are read-write properties named as in RingParamInfo ("gpus", "model-params",
 * "bandwidth", "compute", "tokens-per-gpu", "gradient-bytes", "latency", "overlap",
 * "algorithm") plus "message-size" (0 = the model's gradients). Derived values are
 * read-only properties: "gradient-buffer-bytes", "compute-time", "backward-time",
 * "bytes-moved-per-gpu", "allreduce-time", "exposed-comm", "step-time", "utilization",
 * "algbw", "busbw", "tokens-per-second", "comm-bound", "bandwidth-for-90pct".
 *
 * Each property notifies only when its value really changes; the "changed" signal fires
 * once per logical change (one setter, or one ring_model_set_params() batch). */

RingModel        *ring_model_new              (void);

const RingParams *ring_model_get_params       (RingModel        *self);
const RingResult *ring_model_get_result       (RingModel        *self);
/* Sets every parameter at once, with a single "changed". Returns FALSE and changes
 * nothing if @params does not validate (ring_params_validate()). The single-value setters,
 * by contrast, clamp to the parameter's range. */
gboolean          ring_model_set_params       (RingModel        *self,
                                               const RingParams *params);
void              ring_model_reset            (RingModel        *self);

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
double            ring_model_get_message_size   (RingModel     *self);
void              ring_model_set_message_size   (RingModel     *self,
                                                 double         message_bytes);

double            ring_model_get_allreduce_time (RingModel     *self);
double            ring_model_get_compute_time   (RingModel     *self);
double            ring_model_get_utilization    (RingModel     *self);

G_END_DECLS
