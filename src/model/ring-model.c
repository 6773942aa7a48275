/* ring-model.c: the one object every view shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-model-private.h"
#include "ring-simulation.h"

struct _RingModel
{
  GObject         parent_instance;

  RingParams      params;
  RingResult      result;
  /* The event simulation behind result's sim_* values, run once per change. */
  RingSimulation *simulation;
  char           *straggler_summary;

  /* Pinned scenarios (ring-model-scenarios.c), of RingScenario, and the one the metrics
   * compare with (-1: none). */
  GPtrArray      *scenarios;
  int             compare_with;
};

enum {
  PROP_0,
  /* Parameters: PROP_FIRST_PARAM + RingParamId, one per row of the parameter table. */
  PROP_FIRST_PARAM,
  PROP_LAST_PARAM = PROP_FIRST_PARAM + RING_N_PARAMS - 1,
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
  PROP_NODES,
  PROP_ALGORITHM_USED,
  PROP_PROTOCOL_USED,
  PROP_CHANNELS,
  PROP_COLLECTIVE,
  PROP_FORWARD_TIME,
  PROP_COMM_TIME,
  PROP_HIDDEN_COMM,
  PROP_N_BUCKETS,
  PROP_COMM_BYTES_PER_GPU,
  PROP_MEMORY_PER_GPU,
  PROP_FITS,
  PROP_SIM_ALLREDUCE_TIME,
  PROP_SIM_UNIFORM_ALLREDUCE_TIME,
  PROP_UNIFORM_ALLREDUCE_TIME,
  PROP_UNIFORM_BUSBW,
  PROP_UNIFORM_STEP_TIME,
  PROP_UNIFORM_UTILIZATION,
  PROP_UNIFORM_TOKENS_PER_SECOND,
  PROP_STRAGGLER_SUMMARY,
  N_PROPS
};

enum {
  SIGNAL_CHANGED,
  N_SIGNALS
};

G_DEFINE_FINAL_TYPE (RingModel, ring_model, G_TYPE_OBJECT)

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

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
    { old->nodes, now->nodes, PROP_NODES },
    { old->algorithm_used, now->algorithm_used, PROP_ALGORITHM_USED },
    { old->protocol_used, now->protocol_used, PROP_PROTOCOL_USED },
    { old->channels, now->channels, PROP_CHANNELS },
    { old->collective, now->collective, PROP_COLLECTIVE },
    { old->forward_time_s, now->forward_time_s, PROP_FORWARD_TIME },
    { old->comm_time_s, now->comm_time_s, PROP_COMM_TIME },
    { old->hidden_comm_s, now->hidden_comm_s, PROP_HIDDEN_COMM },
    { old->n_buckets, now->n_buckets, PROP_N_BUCKETS },
    { old->comm_bytes_per_gpu, now->comm_bytes_per_gpu, PROP_COMM_BYTES_PER_GPU },
    { old->memory_per_gpu_bytes, now->memory_per_gpu_bytes, PROP_MEMORY_PER_GPU },
    { old->fits, now->fits, PROP_FITS },
    { old->sim_allreduce_time_s, now->sim_allreduce_time_s, PROP_SIM_ALLREDUCE_TIME },
    { old->sim_uniform_allreduce_time_s, now->sim_uniform_allreduce_time_s,
      PROP_SIM_UNIFORM_ALLREDUCE_TIME },
    { old->uniform_allreduce_time_s, now->uniform_allreduce_time_s,
      PROP_UNIFORM_ALLREDUCE_TIME },
    { old->uniform_busbw_gbps, now->uniform_busbw_gbps, PROP_UNIFORM_BUSBW },
    { old->uniform_step_time_s, now->uniform_step_time_s, PROP_UNIFORM_STEP_TIME },
    { old->uniform_utilization, now->uniform_utilization, PROP_UNIFORM_UTILIZATION },
    { old->uniform_tokens_per_s, now->uniform_tokens_per_s, PROP_UNIFORM_TOKENS_PER_SECOND },
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
  return ring_params_get_value (params, prop - PROP_FIRST_PARAM);
}

/* Every field is a parameter of the table (ring_params_init_default() sets them all), so
 * equal values are equal parameters, whatever the padding between them holds. */
static gboolean
params_equal (const RingParams *a,
              const RingParams *b)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (ring_params_get_value (a, id) != ring_params_get_value (b, id))
        return FALSE;
    }

  return TRUE;
}

/* What no single field's range says: several nodes have a network, and the algorithm is
 * one the hardware runs. */
static void
make_consistent (RingParams *params)
{
  if (ring_params_get_nodes (params) > 1 && params->nics_per_node == 0)
    params->nics_per_node = 1;
  /* A slow link or GPU beyond the last one moves to the last one. */
  params->slow_link = MIN (params->slow_link, params->gpus - 1);
  params->slow_gpu = MIN (params->slow_gpu, params->gpus - 1);
  ring_algorithm_fall_back (params);
}

/* Takes @params as the new state: recomputes, notifies each property whose value moved,
 * and emits "changed" once if anything did. The result is a function of the parameters
 * alone, so the same parameters keep it: the command line sets its parameters on a model
 * that starts at the defaults, and `--report` without options would cost them twice. */
static void
apply_params (RingModel        *self,
              const RingParams *params)
{
  RingParams old_params = self->params;
  RingParams consistent = *params;
  RingResult old_result;
  g_autofree char *old_summary = NULL;
  gboolean any = FALSE;

  make_consistent (&consistent);
  if (params_equal (&consistent, &old_params))
    return;

  old_result = self->result;
  old_summary = g_steal_pointer (&self->straggler_summary);
  self->params = consistent;
  g_clear_pointer (&self->simulation, ring_simulation_unref);
  ring_cost_evaluate_simulated (&self->params, &self->result, &self->simulation);
  if (self->simulation != NULL)
    self->straggler_summary = ring_simulation_dup_summary (self->simulation, &self->result);

  g_object_freeze_notify (G_OBJECT (self));

  for (guint prop = PROP_FIRST_PARAM; prop <= PROP_LAST_PARAM; prop++)
    {
      if (param_value (&old_params, prop) != param_value (&self->params, prop))
        {
          g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
          any = TRUE;
        }
    }

  if (any)
    notify_changed_results (self, &old_result);
  if (any && g_strcmp0 (old_summary, self->straggler_summary) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRAGGLER_SUMMARY]);

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

  /* Between one bucket and the smallest bucket: the smallest bucket. */
  if (id == RING_PARAM_BUCKET_SIZE && value > 0 && value < RING_MIN_BUCKET_BYTES)
    value = RING_MIN_BUCKET_BYTES;

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

  value = clamp_param (id, value);
  /* A GPU brings its facts in the same change, a fabric its latency. */
  if (id == RING_PARAM_GPU && value != params.gpu)
    ring_params_apply_gpu (&params, (RingGpuId) value);
  else if (id == RING_PARAM_FABRIC && value != params.fabric)
    ring_params_apply_fabric (&params, (RingFabric) value);
  else
    ring_params_set_value (&params, id, value);
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

  if (prop_id >= PROP_FIRST_PARAM && prop_id <= PROP_LAST_PARAM)
    {
      const RingParamInfo *info = ring_param_info (prop_id - PROP_FIRST_PARAM);
      double v = param_value (&self->params, prop_id);

      if (info->kind == RING_PARAM_KIND_CHOICE)
        g_value_set_enum (value, (int) v);
      else if (info->kind == RING_PARAM_KIND_COUNT)
        g_value_set_uint (value, (guint) v);
      else
        g_value_set_double (value, v);
      return;
    }

  switch (prop_id)
    {
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
    case PROP_NODES: g_value_set_uint (value, r->nodes); break;
    case PROP_ALGORITHM_USED: g_value_set_enum (value, r->algorithm_used); break;
    case PROP_PROTOCOL_USED: g_value_set_enum (value, r->protocol_used); break;
    case PROP_CHANNELS: g_value_set_uint (value, r->channels); break;
    case PROP_COLLECTIVE: g_value_set_boolean (value, r->collective); break;
    case PROP_FORWARD_TIME: g_value_set_double (value, r->forward_time_s); break;
    case PROP_COMM_TIME: g_value_set_double (value, r->comm_time_s); break;
    case PROP_HIDDEN_COMM: g_value_set_double (value, r->hidden_comm_s); break;
    case PROP_N_BUCKETS: g_value_set_uint (value, r->n_buckets); break;
    case PROP_COMM_BYTES_PER_GPU: g_value_set_double (value, r->comm_bytes_per_gpu); break;
    case PROP_MEMORY_PER_GPU: g_value_set_double (value, r->memory_per_gpu_bytes); break;
    case PROP_FITS: g_value_set_boolean (value, r->fits); break;
    case PROP_SIM_ALLREDUCE_TIME: g_value_set_double (value, r->sim_allreduce_time_s); break;
    case PROP_SIM_UNIFORM_ALLREDUCE_TIME:
      g_value_set_double (value, r->sim_uniform_allreduce_time_s);
      break;
    case PROP_UNIFORM_ALLREDUCE_TIME:
      g_value_set_double (value, r->uniform_allreduce_time_s);
      break;
    case PROP_UNIFORM_BUSBW: g_value_set_double (value, r->uniform_busbw_gbps); break;
    case PROP_UNIFORM_STEP_TIME: g_value_set_double (value, r->uniform_step_time_s); break;
    case PROP_UNIFORM_UTILIZATION: g_value_set_double (value, r->uniform_utilization); break;
    case PROP_UNIFORM_TOKENS_PER_SECOND:
      g_value_set_double (value, r->uniform_tokens_per_s);
      break;
    case PROP_STRAGGLER_SUMMARY: g_value_set_string (value, self->straggler_summary); break;
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

  if (prop_id >= PROP_FIRST_PARAM && prop_id <= PROP_LAST_PARAM)
    {
      RingParamId id = prop_id - PROP_FIRST_PARAM;
      const RingParamInfo *info = ring_param_info (id);

      if (info->kind == RING_PARAM_KIND_CHOICE)
        set_param (self, id, g_value_get_enum (value));
      else if (info->kind == RING_PARAM_KIND_COUNT)
        set_param (self, id, g_value_get_uint (value));
      else
        set_param (self, id, g_value_get_double (value));
      return;
    }

  G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static GParamSpec *
param_spec_for (RingParamId id)
{
  const RingParamInfo *info = ring_param_info (id);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  switch (info->kind)
    {
    case RING_PARAM_KIND_COUNT:
      return g_param_spec_uint (info->property, NULL, NULL,
                                info->minimum, info->maximum, info->default_value, flags);
    case RING_PARAM_KIND_CHOICE:
      return g_param_spec_enum (info->property, NULL, NULL,
                                info->choice_type (), info->default_value, flags);
    case RING_PARAM_KIND_NUMBER:
    default:
      return g_param_spec_double (info->property, NULL, NULL,
                                  info->minimum, info->maximum, info->default_value, flags);
    }
}

#define DERIVED_FLAGS (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS)

static GParamSpec *
derived_double (const char *name)
{
  return g_param_spec_double (name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, DERIVED_FLAGS);
}

static void
install_derived (void)
{
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
    g_param_spec_boolean ("comm-bound", NULL, NULL, FALSE, DERIVED_FLAGS);
  /* NaN when no bandwidth reaches 90 %. */
  properties[PROP_BANDWIDTH_FOR_90PCT] = derived_double ("bandwidth-for-90pct");
  properties[PROP_NODES] =
    g_param_spec_uint ("nodes", NULL, NULL, 1, G_MAXUINT, 1, DERIVED_FLAGS);
  properties[PROP_ALGORITHM_USED] =
    g_param_spec_enum ("algorithm-used", NULL, NULL, RING_TYPE_ALGORITHM,
                       RING_ALGORITHM_RING, DERIVED_FLAGS);
  properties[PROP_PROTOCOL_USED] =
    g_param_spec_enum ("protocol-used", NULL, NULL, RING_TYPE_PROTOCOL,
                       RING_PROTOCOL_SIMPLE, DERIVED_FLAGS);
  properties[PROP_CHANNELS] =
    g_param_spec_uint ("channels", NULL, NULL, 0, G_MAXUINT, 0, DERIVED_FLAGS);
  /* TRUE when the model costs one collective of message-size bytes, not a step. */
  properties[PROP_COLLECTIVE] =
    g_param_spec_boolean ("collective", NULL, NULL, FALSE, DERIVED_FLAGS);
  /* The step's timeline and memory (ring-step.h). */
  properties[PROP_FORWARD_TIME] = derived_double ("forward-time");
  properties[PROP_COMM_TIME] = derived_double ("comm-time");
  /* The step bar's overlapped (hatched) part: collectives with compute beside them. */
  properties[PROP_HIDDEN_COMM] = derived_double ("hidden-comm");
  properties[PROP_N_BUCKETS] =
    g_param_spec_uint ("n-buckets", NULL, NULL, 0, G_MAXUINT, 0, DERIVED_FLAGS);
  properties[PROP_COMM_BYTES_PER_GPU] = derived_double ("comm-bytes-per-gpu");
  properties[PROP_MEMORY_PER_GPU] = derived_double ("memory-per-gpu");
  properties[PROP_FITS] = g_param_spec_boolean ("fits", NULL, NULL, TRUE, DERIVED_FLAGS);
  /* The event simulation (ring-simulation.h); NaN beyond RING_SIMULATION_MAX_GPUS. */
  properties[PROP_SIM_ALLREDUCE_TIME] = derived_double ("sim-allreduce-time");
  properties[PROP_SIM_UNIFORM_ALLREDUCE_TIME] = derived_double ("sim-uniform-allreduce-time");
  /* A slow link and GPU are in the figures above; these are the same without them. */
  properties[PROP_UNIFORM_ALLREDUCE_TIME] = derived_double ("uniform-allreduce-time");
  properties[PROP_UNIFORM_BUSBW] = derived_double ("uniform-busbw");
  properties[PROP_UNIFORM_STEP_TIME] = derived_double ("uniform-step-time");
  properties[PROP_UNIFORM_UTILIZATION] = derived_double ("uniform-utilization");
  properties[PROP_UNIFORM_TOKENS_PER_SECOND] = derived_double ("uniform-tokens-per-second");
  /* What the slow link and GPU cost, in a sentence; NULL when nothing is slow. */
  properties[PROP_STRAGGLER_SUMMARY] =
    g_param_spec_string ("straggler-summary", NULL, NULL, NULL, DERIVED_FLAGS);
}

static void
ring_model_finalize (GObject *object)
{
  RingModel *self = RING_MODEL (object);

  g_clear_pointer (&self->simulation, ring_simulation_unref);
  g_clear_pointer (&self->straggler_summary, g_free);
  g_clear_pointer (&self->scenarios, g_ptr_array_unref);

  G_OBJECT_CLASS (ring_model_parent_class)->finalize (object);
}

static void
ring_model_class_init (RingModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ring_model_finalize;
  object_class->get_property = ring_model_get_property;
  object_class->set_property = ring_model_set_property;

  for (guint id = 0; id < RING_N_PARAMS; id++)
    properties[PROP_FIRST_PARAM + id] = param_spec_for (id);

  install_derived ();

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
  ring_cost_evaluate_simulated (&self->params, &self->result, &self->simulation);
  if (self->simulation != NULL)
    self->straggler_summary = ring_simulation_dup_summary (self->simulation, &self->result);
  self->scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) ring_scenario_free);
  self->compare_with = -1;
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

void
ring_model_apply_preset (RingModel        *self,
                         const RingPreset *preset)
{
  RingParams params;

  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (preset != NULL);

  params = self->params;
  ring_preset_apply (preset, &params);
  apply_params (self, &params);
}

gboolean
ring_model_cost_allreduce (RingModel         *self,
                           RingAlgorithm      algorithm,
                           guint              gpus,
                           double             bytes,
                           RingAllreduceCost *cost)
{
  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);

  return ring_allreduce_cost_for (&self->params, gpus, algorithm, bytes, cost);
}

double
ring_model_get_value (RingModel   *self,
                      RingParamId  id)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NAN);
  g_return_val_if_fail (id < RING_N_PARAMS, NAN);

  return ring_params_get_value (&self->params, id);
}

void
ring_model_set_value (RingModel   *self,
                      RingParamId  id,
                      double       value)
{
  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (id < RING_N_PARAMS);

  set_param (self, id, value);
}

#define DEFINE_RESULT(type, name, field)                          \
  type                                                            \
  ring_model_get_##name (RingModel *self)                         \
  {                                                               \
    g_return_val_if_fail (RING_IS_MODEL (self), 0);               \
    return self->result.field;                                    \
  }

DEFINE_RESULT (double, allreduce_time, allreduce_time_s)
DEFINE_RESULT (double, compute_time, compute_time_s)
DEFINE_RESULT (double, utilization, utilization)
DEFINE_RESULT (guint, nodes, nodes)
DEFINE_RESULT (RingAlgorithm, algorithm_used, algorithm_used)
DEFINE_RESULT (RingProtocol, protocol_used, protocol_used)
DEFINE_RESULT (double, memory_per_gpu, memory_per_gpu_bytes)
DEFINE_RESULT (gboolean, fits, fits)

#undef DEFINE_RESULT

RingSimulation *
ring_model_get_simulation (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  return self->simulation;
}

const char *
ring_model_get_straggler_summary (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  return self->straggler_summary;
}

gboolean
ring_model_is_collective (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);

  return self->result.collective;
}

/* Pinned scenarios: the list operations are in ring-model-scenarios.c. */

GPtrArray *
_ring_model_get_scenario_array (RingModel *self)
{
  g_assert (RING_IS_MODEL (self));

  return self->scenarios;
}

int *
_ring_model_get_compare_slot (RingModel *self)
{
  g_assert (RING_IS_MODEL (self));

  return &self->compare_with;
}

void
_ring_model_emit_changed (RingModel *self)
{
  g_assert (RING_IS_MODEL (self));

  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}
