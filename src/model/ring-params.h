/* ring-params.h: the plain parameter and result structs shared by the model layer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* All values are SI inside the code: bytes, seconds, FLOP/s. Fields that are shown to
 * people in other units say so in their names (`_gbps`, `_tflops`, `_us`). */

#define RING_PARAMS_ERROR (ring_params_error_quark ())

typedef enum
{
  RING_PARAMS_ERROR_OUT_OF_RANGE,
  RING_PARAMS_ERROR_INVALID,
} RingParamsError;

GQuark ring_params_error_quark (void);

typedef enum
{
  RING_ALGORITHM_RING,
} RingAlgorithm;

#define RING_ALGORITHM_LAST RING_ALGORITHM_RING

typedef struct
{
  guint         gpus;             /* N */
  double        model_params;     /* P */
  double        bandwidth_gbps;   /* B, GB/s (1e9 B/s) each GPU sends per direction */
  double        compute_tflops;   /* F, achieved TFLOP/s (1e12 FLOP/s) per GPU */
  double        tokens_per_gpu;   /* T, tokens each GPU processes per step */
  guint         gradient_bytes;   /* b, bytes per gradient value: 1, 2 or 4 */
  double        latency_us;       /* α, µs per message hop */
  double        overlap;          /* fraction of the backward pass comm can hide behind */
  RingAlgorithm algorithm;
  double        message_bytes;    /* > 0: all-reduce this buffer instead of the gradients */
} RingParams;

typedef struct
{
  double   gradient_buffer_bytes;     /* S = P · b, or the message size */
  double   compute_time_s;
  double   backward_time_s;
  double   bytes_moved_per_gpu;
  double   allreduce_time_s;
  double   latency_time_s;            /* the 2 (N−1) · α part of allreduce_time_s */
  double   exposed_comm_s;
  double   step_time_s;
  double   utilization;
  double   algbw_gbps;
  double   busbw_gbps;
  double   tokens_per_s;
  gboolean comm_bound;
  double   bandwidth_for_90pct_gbps;  /* NAN when no bandwidth reaches 90 % */
} RingResult;

/* One row per parameter: the property name, the command-line option, the range and the
 * default. The property, the option, the GSettings key and the UI all read this table. */
typedef enum
{
  RING_PARAM_GPUS,
  RING_PARAM_MODEL_PARAMS,
  RING_PARAM_BANDWIDTH,
  RING_PARAM_COMPUTE,
  RING_PARAM_TOKENS_PER_GPU,
  RING_PARAM_GRADIENT_BYTES,
  RING_PARAM_LATENCY,
  RING_PARAM_OVERLAP,
  RING_PARAM_ALGORITHM,
  RING_N_PARAMS,
} RingParamId;

typedef struct
{
  RingParamId  id;
  const char  *property;   /* "model-params" */
  const char  *json_key;   /* "model_params" */
  const char  *option;     /* "model-params" (as in --model-params) */
  const char  *unit;       /* shown after the value in messages, may be "" */
  double       minimum;
  double       maximum;
  double       default_value;
  /* For --help: a translatable description (marked N_(), shown translated) and the
   * argument's name ("N" in --gpus=N). Both programs generate the parameter options from
   * this table; a row without them gets a generic description and "VALUE". */
  const char  *description;
  const char  *arg_name;
} RingParamInfo;

const RingParamInfo *ring_param_info           (RingParamId        id);
const RingParamInfo *ring_param_info_by_option (const char        *option);

void                 ring_params_init_default  (RingParams        *params);
double               ring_params_get_value     (const RingParams  *params,
                                                RingParamId        id);
void                 ring_params_set_value     (RingParams        *params,
                                                RingParamId        id,
                                                double             value);
gboolean             ring_params_validate      (const RingParams  *params,
                                                GError           **error);
/* Parses @text as typed on the command line or in a field ("7B", "1.5T", "300", "bf16",
 * "ring") and stores it if it is in range; otherwise @error says what was wrong and what
 * is accepted, naming the option. */
gboolean             ring_params_set_from_string (RingParams   *params,
                                                  RingParamId   id,
                                                  const char   *text,
                                                  GError      **error);
gboolean             ring_gradient_bytes_is_valid (guint           gradient_bytes);

const char          *ring_algorithm_to_string   (RingAlgorithm     algorithm);
gboolean             ring_algorithm_from_string (const char       *name,
                                                 RingAlgorithm    *algorithm);

G_END_DECLS
