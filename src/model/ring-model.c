/* ring-model.c: the one object every view shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-cost.h"
#include "ring-model.h"

struct _RingModel
{
  GObject    parent_instance;

  RingParams params;
  RingResult result;
};

enum {
  PROP_0,
  /* Parameters, in RingParamId order. */
  PROP_GPUS,
  PROP_MODEL_PARAMS,
  PROP_BANDWIDTH,
  PROP_COMPUTE,
  PROP_TOKENS_PER_GPU,
  PROP_GRADIENT_BYTES,
  PROP_LATENCY,
  PROP_OVERLAP,
  PROP_ALGORITHM,
  PROP_MESSAGE_SIZE,
  /* Derived, read-only. */
  PROP_GRADIENT_BUFFER_BYTES,
  PROP_COMPUTE_TIME,
  PROP_BACKWARD_TIME,
  PROP_BYTES_MOVED_PER_GPU,
  PROP_ALLREDUCE_TIME,
  PROP_EXPOSED_COMM,
  PROP_STEP_TIME,
  PROP_UTILIZATION,
  PROP_ALGBW,
  PROP_BUSBW,
  PROP_TOKENS_PER_SECOND,
  PROP_COMM_BOUND,
  PROP_BANDWIDTH_FOR_90PCT,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (RingModel, ring_model, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

GType
ring_algorithm_get_type (void)
{
  static gsize type_id = 0;

  if (g_once_init_enter (&type_id))
    {
      static const GEnumValue values[] = {
        { RING_ALGORITHM_RING, "RING_ALGORITHM_RING", "ring" },
        { 0, NULL, NULL },
      };
      GType type = g_enum_register_static (g_intern_static_string ("RingAlgorithm"), values);

      g_once_init_leave (&type_id, type);
    }

  return type_id;
}

/* Derived values that are the same number compare equal; NaN (no answer) equals NaN. */
static gboolean
same_value (double a,
            double b)
{
  return a == b || (isnan (a) && isnan (b));
}

static void
notify_changed_results (RingModel        *self,
                        const RingResult *old)
{
  const RingResult *now = &self->result;
  const struct {
    double before, after;
    guint  prop;
  } derived[] = {
    { old->gradient_buffer_bytes, now->gradient_buffer_bytes, PROP_GRADIENT_BUFFER_BYTES },
    { old->compute_time_s, now->compute_time_s, PROP_COMPUTE_TIME },
    { old->backward_time_s, now->backward_time_s, PROP_BACKWARD_TIME },
    { old->bytes_moved_per_gpu, now->bytes_moved_per_gpu, PROP_BYTES_MOVED_PER_GPU },
    { old->allreduce_time_s, now->allreduce_time_s, PROP_ALLREDUCE_TIME },
    { old->exposed_comm_s, now->exposed_comm_s, PROP_EXPOSED_COMM },
    { old->step_time_s, now->step_time_s, PROP_STEP_TIME },
    { old->utilization, now->utilization, PROP_UTILIZATION },
    { old->algbw_gbps, now->algbw_gbps, PROP_ALGBW },
    { old->busbw_gbps, now->busbw_gbps, PROP_BUSBW },
    { old->tokens_per_s, now->tokens_per_s, PROP_TOKENS_PER_SECOND },
    { old->comm_bound, now->comm_bound, PROP_COMM_BOUND },
    { old->bandwidth_for_90pct_gbps, now->bandwidth_for_90pct_gbps, PROP_BANDWIDTH_FOR_90PCT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (derived); i++)
    {
      if (!same_value (derived[i].before, derived[i].after))
        g_object_notify_by_pspec (G_OBJECT (self), properties[derived[i].prop]);
    }
}

static double
param_value (const RingParams *params,
             guint             prop)
{
  if (prop == PROP_MESSAGE_SIZE)
    return params->message_bytes;

  return ring_params_get_value (params, prop - PROP_GPUS);
}

/* Takes @params as the new state: recomputes, notifies each property whose value moved,
 * and emits "changed" once if anything did. */
static void
apply_params (RingModel        *self,
              const RingParams *params)
{
  RingParams old_params = self->params;
  RingResult old_result = self->result;
  gboolean any = FALSE;

  self->params = *params;
  ring_cost_evaluate (&self->params, &self->result);

  g_object_freeze_notify (G_OBJECT (self));

  for (guint prop = PROP_GPUS; prop <= PROP_MESSAGE_SIZE; prop++)
    {
      if (param_value (&old_params, prop) != param_value (&self->params, prop))
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
          any = TRUE;
        }
    }

  if (any)
    notify_changed_results (self, &old_result);

  g_object_thaw_notify (G_OBJECT (self));

  if (any)
    g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

/* Every value a setter receives lands inside the parameter's range: a slider's or a stored
 * setting's stray value must never put the model in a state the formulas do not cover. */
static double
clamp_param (RingParamId id,
             double      value)
{
  const RingParamInfo *info = ring_param_info (id);

  if (isnan (value))
    return info->default_value;

  value = CLAMP (value, info->minimum, info->maximum);

  /* 3 bytes per value is no precision: round up to the next real one. */
  if (id == RING_PARAM_GRADIENT_BYTES && !ring_gradient_bytes_is_valid ((guint) value))
    value = 4;

  return value;
}

static void
set_param (RingModel   *self,
           RingParamId  id,
           double       value)
{
  RingParams params = self->params;

  ring_params_set_value (&params, id, clamp_param (id, value));
  apply_params (self, &params);
}

static void
ring_model_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  RingModel *self = RING_MODEL (object);
  const RingResult *r = &self->result;

  switch (prop_id)
    {
    case PROP_GPUS:
      g_value_set_uint (value, self->params.gpus);
      break;
    case PROP_GRADIENT_BYTES:
      g_value_set_uint (value, self->params.gradient_bytes);
      break;
    case PROP_ALGORITHM:
      g_value_set_enum (value, self->params.algorithm);
      break;
    case PROP_MODEL_PARAMS:
    case PROP_BANDWIDTH:
    case PROP_COMPUTE:
    case PROP_TOKENS_PER_GPU:
    case PROP_LATENCY:
    case PROP_OVERLAP:
    case PROP_MESSAGE_SIZE:
      g_value_set_double (value, param_value (&self->params, prop_id));
      break;
    case PROP_GRADIENT_BUFFER_BYTES: g_value_set_double (value, r->gradient_buffer_bytes); break;
    case PROP_COMPUTE_TIME: g_value_set_double (value, r->compute_time_s); break;
    case PROP_BACKWARD_TIME: g_value_set_double (value, r->backward_time_s); break;
    case PROP_BYTES_MOVED_PER_GPU: g_value_set_double (value, r->bytes_moved_per_gpu); break;
    case PROP_ALLREDUCE_TIME: g_value_set_double (value, r->allreduce_time_s); break;
    case PROP_EXPOSED_COMM: g_value_set_double (value, r->exposed_comm_s); break;
    case PROP_STEP_TIME: g_value_set_double (value, r->step_time_s); break;
    case PROP_UTILIZATION: g_value_set_double (value, r->utilization); break;
    case PROP_ALGBW: g_value_set_double (value, r->algbw_gbps); break;
    case PROP_BUSBW: g_value_set_double (value, r->busbw_gbps); break;
    case PROP_TOKENS_PER_SECOND: g_value_set_double (value, r->tokens_per_s); break;
    case PROP_COMM_BOUND: g_value_set_boolean (value, r->comm_bound); break;
    case PROP_BANDWIDTH_FOR_90PCT:
      g_value_set_double (value, r->bandwidth_for_90pct_gbps);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_model_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  RingModel *self = RING_MODEL (object);

  switch (prop_id)
    {
    case PROP_GPUS:
      ring_model_set_gpus (self, g_value_get_uint (value));
      break;
    case PROP_GRADIENT_BYTES:
      ring_model_set_gradient_bytes (self, g_value_get_uint (value));
      break;
    case PROP_ALGORITHM:
      ring_model_set_algorithm (self, g_value_get_enum (value));
      break;
    case PROP_MESSAGE_SIZE:
      ring_model_set_message_size (self, g_value_get_double (value));
      break;
    case PROP_MODEL_PARAMS:
    case PROP_BANDWIDTH:
    case PROP_COMPUTE:
    case PROP_TOKENS_PER_GPU:
    case PROP_LATENCY:
    case PROP_OVERLAP:
      set_param (self, prop_id - PROP_GPUS, g_value_get_double (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static GParamSpec *
param_spec_for (RingParamId id)
{
  const RingParamInfo *info = ring_param_info (id);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  switch (id)
    {
    case RING_PARAM_GPUS:
    case RING_PARAM_GRADIENT_BYTES:
      return g_param_spec_uint (info->property, NULL, NULL,
                                info->minimum, info->maximum, info->default_value, flags);
    case RING_PARAM_ALGORITHM:
      return g_param_spec_enum (info->property, NULL, NULL,
                                RING_TYPE_ALGORITHM, info->default_value, flags);
    case RING_PARAM_MODEL_PARAMS:
    case RING_PARAM_BANDWIDTH:
    case RING_PARAM_COMPUTE:
    case RING_PARAM_TOKENS_PER_GPU:
    case RING_PARAM_LATENCY:
    case RING_PARAM_OVERLAP:
      return g_param_spec_double (info->property, NULL, NULL,
                                  info->minimum, info->maximum, info->default_value, flags);
    case RING_N_PARAMS:
    default:
      g_assert_not_reached ();
    }
}

static GParamSpec *
derived_double (const char *name)
{
  return g_param_spec_double (name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                              G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                              | G_PARAM_STATIC_STRINGS);
}

static void
ring_model_class_init (RingModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = ring_model_get_property;
  object_class->set_property = ring_model_set_property;

  for (guint id = 0; id < RING_N_PARAMS; id++)
    properties[PROP_GPUS + id] = param_spec_for (id);

  properties[PROP_MESSAGE_SIZE] =
    g_param_spec_double ("message-size", NULL, NULL, 0, 1e18, 0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_GRADIENT_BUFFER_BYTES] = derived_double ("gradient-buffer-bytes");
  properties[PROP_COMPUTE_TIME] = derived_double ("compute-time");
  properties[PROP_BACKWARD_TIME] = derived_double ("backward-time");
  properties[PROP_BYTES_MOVED_PER_GPU] = derived_double ("bytes-moved-per-gpu");
  properties[PROP_ALLREDUCE_TIME] = derived_double ("allreduce-time");
  properties[PROP_EXPOSED_COMM] = derived_double ("exposed-comm");
  properties[PROP_STEP_TIME] = derived_double ("step-time");
  properties[PROP_UTILIZATION] = derived_double ("utilization");
  properties[PROP_ALGBW] = derived_double ("algbw");
  properties[PROP_BUSBW] = derived_double ("busbw");
  properties[PROP_TOKENS_PER_SECOND] = derived_double ("tokens-per-second");
  properties[PROP_COMM_BOUND] =
    g_param_spec_boolean ("comm-bound", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* NaN when no bandwidth reaches 90 %. */
  properties[PROP_BANDWIDTH_FOR_90PCT] = derived_double ("bandwidth-for-90pct");

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * RingModel::changed:
   *
   * Emitted once per logical change, after every notify:: of that change.
   */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ring_model_init (RingModel *self)
{
  ring_params_init_default (&self->params);
  ring_cost_evaluate (&self->params, &self->result);
}

RingModel *
ring_model_new (void)
{
  return g_object_new (RING_TYPE_MODEL, NULL);
}

const RingParams *
ring_model_get_params (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  return &self->params;
}

const RingResult *
ring_model_get_result (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  return &self->result;
}

gboolean
ring_model_set_params (RingModel        *self,
                       const RingParams *params)
{
  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  if (!ring_params_validate (params, NULL))
    return FALSE;

  apply_params (self, params);

  return TRUE;
}

void
ring_model_reset (RingModel *self)
{
  RingParams params;

  g_return_if_fail (RING_IS_MODEL (self));

  ring_params_init_default (&params);
  apply_params (self, &params);
}

#define DEFINE_DOUBLE_PARAM(name, id, field)                      \
  double                                                          \
  ring_model_get_##name (RingModel *self)                         \
  {                                                               \
    g_return_val_if_fail (RING_IS_MODEL (self), 0);               \
    return self->params.field;                                    \
  }                                                               \
  void                                                            \
  ring_model_set_##name (RingModel *self,                         \
                         double     value)                        \
  {                                                               \
    g_return_if_fail (RING_IS_MODEL (self));                      \
    set_param (self, id, value);                                  \
  }

DEFINE_DOUBLE_PARAM (model_params, RING_PARAM_MODEL_PARAMS, model_params)
DEFINE_DOUBLE_PARAM (bandwidth, RING_PARAM_BANDWIDTH, bandwidth_gbps)
DEFINE_DOUBLE_PARAM (compute, RING_PARAM_COMPUTE, compute_tflops)
DEFINE_DOUBLE_PARAM (tokens_per_gpu, RING_PARAM_TOKENS_PER_GPU, tokens_per_gpu)
DEFINE_DOUBLE_PARAM (latency, RING_PARAM_LATENCY, latency_us)
DEFINE_DOUBLE_PARAM (overlap, RING_PARAM_OVERLAP, overlap)

#undef DEFINE_DOUBLE_PARAM

guint
ring_model_get_gpus (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->params.gpus;
}

void
ring_model_set_gpus (RingModel *self,
                     guint      gpus)
{
  g_return_if_fail (RING_IS_MODEL (self));

  set_param (self, RING_PARAM_GPUS, gpus);
}

guint
ring_model_get_gradient_bytes (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->params.gradient_bytes;
}

void
ring_model_set_gradient_bytes (RingModel *self,
                               guint      gradient_bytes)
{
  g_return_if_fail (RING_IS_MODEL (self));

  set_param (self, RING_PARAM_GRADIENT_BYTES, gradient_bytes);
}

RingAlgorithm
ring_model_get_algorithm (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), RING_ALGORITHM_RING);

  return self->params.algorithm;
}

void
ring_model_set_algorithm (RingModel     *self,
                          RingAlgorithm  algorithm)
{
  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (algorithm <= RING_ALGORITHM_LAST);

  set_param (self, RING_PARAM_ALGORITHM, algorithm);
}

double
ring_model_get_message_size (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->params.message_bytes;
}

void
ring_model_set_message_size (RingModel *self,
                             double     message_bytes)
{
  RingParams params;

  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (isfinite (message_bytes) && message_bytes >= 0);

  params = self->params;
  params.message_bytes = message_bytes;
  apply_params (self, &params);
}

double
ring_model_get_allreduce_time (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->result.allreduce_time_s;
}

double
ring_model_get_compute_time (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->result.compute_time_s;
}

double
ring_model_get_utilization (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), 0);

  return self->result.utilization;
}
