/* ring-report.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stddef.h>

#include "ring-cost.h"
#include "ring-layout-fit.h"
#include "ring-measurement.h"
#include "ring-parallelism.h"
#include "ring-report-private.h"
#include "ring-step.h"
#include "ring-topology.h"
#include "ring-units.h"

const char *
ring_report_format_number (double value,
                           char   buffer[G_ASCII_DTOSTR_BUF_SIZE])
{
  static const char *formats[] = { "%.15g", "%.16g", "%.17g" };

  g_return_val_if_fail (buffer != NULL, NULL);

  if (!isfinite (value))
    {
      buffer[0] = '\0';
      return NULL;
    }

  /* 17 significant digits always read back as the same double; fewer often do, and read
   * better (0.1 rather than 0.10000000000000001). */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_ascii_formatd (buffer, G_ASCII_DTOSTR_BUF_SIZE, formats[i], value);
      if (g_ascii_strtod (buffer, NULL) == value)
        break;
    }

  return buffer;
}

/* JSON, written by hand: json-glib 1.6 writes some doubles as "6e-10.0", which no JSON
 * parser accepts. Laid out as json-glib's pretty printer did, so nothing downstream sees
 * a change but valid numbers. */

static void
append_json_key (GString    *json,
                 const char *key)
{
  if (json->len > 2)
    g_string_append (json, ",\n");
  g_string_append_printf (json, "  \"%s\" : ", key);
}

void
ring_report_append_json_number (GString *json,
                                double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  const char *number = ring_report_format_number (value, buffer);

  g_return_if_fail (json != NULL);

  g_string_append (json, number != NULL ? number : "null");
}

static void
append_json_number (GString    *json,
                    const char *key,
                    double      value)
{
  append_json_key (json, key);
  ring_report_append_json_number (json, value);
}

void
ring_report_append_json_text (GString    *json,
                              const char *value)
{
  g_string_append_c (json, '"');
  for (const char *c = value; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_printf (json, "\\%c", *c);
      else if ((guchar) *c < 0x20)
        g_string_append_printf (json, "\\u%04x", (guint) (guchar) *c);
      else
        g_string_append_c (json, *c);
    }
  g_string_append_c (json, '"');
}

static void
append_json_string (GString    *json,
                    const char *key,
                    const char *value)
{
  append_json_key (json, key);
  ring_report_append_json_text (json, value);
}

/* Which question a derived value answers: the training step's, the single collective's,
 * or both. A value that means nothing in the report's mode is left out of it. */
#define STEP       (1 << 0)
#define COLLECTIVE (1 << 1)
#define BOTH       (STEP | COLLECTIVE)

typedef enum
{
  VALUE_NUMBER,
  VALUE_COUNT,
  VALUE_FLAG,
  VALUE_ALGORITHM,  /* a RingAlgorithm, written as its name */
  VALUE_SIZING_LINK, /* a RingSizingLink, written as its name */
  VALUE_PROTOCOL,   /* a RingProtocol, written as its name */
  VALUE_NETWORK_BOUND, /* a RingNetworkBound, written as its name */
  VALUE_FABRIC_TIER,   /* a RingFabricTier, written as its name */
  VALUE_FABRIC_LOADS,  /* RingFabricLoad per tier of the fabric, an array */
} ValueKind;

/* The derived values, in the report's order. */
static const struct
{
  const char *key;
  gsize       offset;
  ValueKind   kind;
  guint       modes;
} result_values[] = {
  { "gradient_buffer_bytes", G_STRUCT_OFFSET (RingResult, gradient_buffer_bytes), VALUE_NUMBER,
    STEP },
  { "compute_time_s", G_STRUCT_OFFSET (RingResult, compute_time_s), VALUE_NUMBER, STEP },
  { "backward_time_s", G_STRUCT_OFFSET (RingResult, backward_time_s), VALUE_NUMBER, STEP },
  { "bytes_moved_per_gpu", G_STRUCT_OFFSET (RingResult, bytes_moved_per_gpu), VALUE_NUMBER,
    BOTH },
  { "allreduce_time_s", G_STRUCT_OFFSET (RingResult, allreduce_time_s), VALUE_NUMBER, BOTH },
  { "latency_time_s", G_STRUCT_OFFSET (RingResult, latency_time_s), VALUE_NUMBER, BOTH },
  { "bandwidth_time_s", G_STRUCT_OFFSET (RingResult, bandwidth_time_s), VALUE_NUMBER, BOTH },
  { "exposed_comm_s", G_STRUCT_OFFSET (RingResult, exposed_comm_s), VALUE_NUMBER, STEP },
  { "step_time_s", G_STRUCT_OFFSET (RingResult, step_time_s), VALUE_NUMBER, STEP },
  { "utilization", G_STRUCT_OFFSET (RingResult, utilization), VALUE_NUMBER, STEP },
  { "algbw_gbps", G_STRUCT_OFFSET (RingResult, algbw_gbps), VALUE_NUMBER, BOTH },
  { "busbw_gbps", G_STRUCT_OFFSET (RingResult, busbw_gbps), VALUE_NUMBER, BOTH },
  { "tokens_per_s", G_STRUCT_OFFSET (RingResult, tokens_per_s), VALUE_NUMBER, STEP },
  { "comm_bound", G_STRUCT_OFFSET (RingResult, comm_bound), VALUE_FLAG, STEP },
  { "bandwidth_for_90pct_gbps", G_STRUCT_OFFSET (RingResult, bandwidth_for_90pct_gbps),
    VALUE_NUMBER, STEP },
  /* Which link that is: "in-node" (B, per GPU) or "nic" (per NIC, Gb/s / 8). */
  { "bandwidth_for_90pct_link", G_STRUCT_OFFSET (RingResult, bandwidth_for_90pct_link),
    VALUE_SIZING_LINK, STEP },
  { "nodes", G_STRUCT_OFFSET (RingResult, nodes), VALUE_COUNT, BOTH },
  { "algorithm_used", G_STRUCT_OFFSET (RingResult, algorithm_used), VALUE_ALGORITHM, BOTH },
  { "protocol", G_STRUCT_OFFSET (RingResult, protocol_used), VALUE_PROTOCOL, BOTH },
  { "channels", G_STRUCT_OFFSET (RingResult, channels), VALUE_COUNT, BOTH },
  /* What a node's network carries across nodes (0 on one node), and what bounds it:
   * "none", "nics", "pcie" (the GPUs' links into the NICs), "sockets" (TCP's threads). */
  { "network_gbps", G_STRUCT_OFFSET (RingResult, network_gbps), VALUE_NUMBER, BOTH },
  { "network_bound", G_STRUCT_OFFSET (RingResult, network_bound), VALUE_NETWORK_BOUND, BOTH },
  /* The fabric's tier that bounds the all-reduce ("none" in one node, "leaf" where no
   * uplink binds, "spine", "core"), each node's rate through it and its share of time. */
  { "fabric_bound_tier", G_STRUCT_OFFSET (RingResult, fabric_bound_tier), VALUE_FABRIC_TIER,
    BOTH },
  { "fabric_gbps", G_STRUCT_OFFSET (RingResult, fabric_gbps), VALUE_NUMBER, BOTH },
  { "fabric_time_share", G_STRUCT_OFFSET (RingResult, fabric_time_share), VALUE_NUMBER, BOTH },
  /* Each tier from the leaf up: its links' capacity and demand (GB/s), load, bound. */
  { "fabric_tier_loads", G_STRUCT_OFFSET (RingResult, fabric_loads), VALUE_FABRIC_LOADS, BOTH },
  /* The same cluster under the other --placement. */
  { "fabric_other_bound_tier", G_STRUCT_OFFSET (RingResult, fabric_other_tier),
    VALUE_FABRIC_TIER, BOTH },
  { "fabric_other_gbps", G_STRUCT_OFFSET (RingResult, fabric_other_gbps), VALUE_NUMBER, BOTH },
  /* Ours without --other-job-gpus on the fabric. */
  { "other_job_alone_allreduce_time_s", G_STRUCT_OFFSET (RingResult, alone_allreduce_time_s),
    VALUE_NUMBER, BOTH },
  { "other_job_alone_step_time_s", G_STRUCT_OFFSET (RingResult, alone_step_time_s),
    VALUE_NUMBER, STEP },
  /* What the model prices fastest among NCCL's choices; where it differs from the above,
   * NCCL's tuner picks otherwise (docs/model.md). */
  { "fastest_algorithm", G_STRUCT_OFFSET (RingResult, fastest_algorithm), VALUE_ALGORITHM,
    BOTH },
  { "fastest_protocol", G_STRUCT_OFFSET (RingResult, fastest_protocol), VALUE_PROTOCOL, BOTH },
  { "fastest_allreduce_time_s", G_STRUCT_OFFSET (RingResult, fastest_allreduce_time_s),
    VALUE_NUMBER, BOTH },
  /* NCCL 2.27+'s symmetric-memory kernels, on buffers registered in a symmetric window
   * (nccl-tests -R 2); null where NCCL has none (docs/model.md §4). */
  { "symmetric_allreduce_time_s", G_STRUCT_OFFSET (RingResult, symmetric_allreduce_time_s),
    VALUE_NUMBER, BOTH },
  /* The event simulation: null beyond the sizes it steps. */
  { "sim_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_allreduce_time_s), VALUE_NUMBER,
    BOTH },
  { "sim_uniform_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_uniform_allreduce_time_s),
    VALUE_NUMBER, BOTH },
  /* A slow link and GPU are in the figures above; these are without them. */
  { "uniform_allreduce_time_s", G_STRUCT_OFFSET (RingResult, uniform_allreduce_time_s),
    VALUE_NUMBER, BOTH },
  { "uniform_busbw_gbps", G_STRUCT_OFFSET (RingResult, uniform_busbw_gbps), VALUE_NUMBER,
    BOTH },
  { "uniform_step_time_s", G_STRUCT_OFFSET (RingResult, uniform_step_time_s), VALUE_NUMBER,
    STEP },
  { "uniform_utilization", G_STRUCT_OFFSET (RingResult, uniform_utilization), VALUE_NUMBER,
    STEP },
  { "uniform_tokens_per_s", G_STRUCT_OFFSET (RingResult, uniform_tokens_per_s), VALUE_NUMBER,
    STEP },
};

/* The step's timeline and memory, after them. */
static const struct
{
  const char *key;
  gsize       offset;
} step_numbers[] = {
  { "forward_time_s", G_STRUCT_OFFSET (RingResult, forward_time_s) },
  { "recompute_time_s", G_STRUCT_OFFSET (RingResult, recompute_time_s) },
  { "comm_time_s", G_STRUCT_OFFSET (RingResult, comm_time_s) },
  { "slowdown_s", G_STRUCT_OFFSET (RingResult, slowdown_s) },
  { "hidden_comm_s", G_STRUCT_OFFSET (RingResult, hidden_comm_s) },
  { "comm_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, comm_bytes_per_gpu) },
  { "memory_per_gpu_bytes", G_STRUCT_OFFSET (RingResult, memory_per_gpu_bytes) },
  { "usable_memory_bytes", G_STRUCT_OFFSET (RingResult, usable_memory_bytes) },
};

/* The parallel layout (ring-parallelism.h): the DP group's sync, the other traffic, the
 * pipeline's bubble and model FLOPs utilization. */
static const struct
{
  const char *key;
  gsize       offset;
} parallel_numbers[] = {
  { "dp_time_s", G_STRUCT_OFFSET (RingResult, dp_time_s) },
  { "dp_exposed_s", G_STRUCT_OFFSET (RingResult, dp_exposed_s) },
  { "dp_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, dp_bytes_per_gpu) },
  { "tp_time_s", G_STRUCT_OFFSET (RingResult, tp_time_s) },
  { "tp_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, tp_bytes_per_gpu) },
  { "pp_time_s", G_STRUCT_OFFSET (RingResult, pp_time_s) },
  { "pp_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, pp_bytes_per_gpu) },
  { "cp_time_s", G_STRUCT_OFFSET (RingResult, cp_time_s) },
  { "cp_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, cp_bytes_per_gpu) },
  { "bubble_s", G_STRUCT_OFFSET (RingResult, bubble_s) },
  { "bubble_fraction", G_STRUCT_OFFSET (RingResult, bubble_fraction) },
  { "mfu", G_STRUCT_OFFSET (RingResult, mfu) },
};

static void
append_json_parallel (GString          *json,
                      const RingResult *r)
{
  append_json_number (json, "data_parallel", r->data_parallel);
  if (r->data_parallel > 1)
    {
      append_json_string (json, "dp_algorithm", ring_algorithm_to_string (r->dp_algorithm));
      append_json_string (json, "dp_protocol", ring_protocol_to_string (r->dp_protocol));
    }
  else
    {
      append_json_number (json, "dp_algorithm", NAN);
      append_json_number (json, "dp_protocol", NAN);
    }
  for (guint i = 0; i < G_N_ELEMENTS (parallel_numbers); i++)
    append_json_number (json, parallel_numbers[i].key,
                        G_STRUCT_MEMBER (double, r, parallel_numbers[i].offset));
}

static void
append_json_step (GString          *json,
                  const RingParams *p,
                  const RingResult *r)
{
  RingMemory memory;
  RingFitSuggestion suggestion;
  guint layers, hidden;

  for (guint i = 0; i < G_N_ELEMENTS (step_numbers); i++)
    append_json_number (json, step_numbers[i].key,
                        G_STRUCT_MEMBER (double, r, step_numbers[i].offset));
  append_json_number (json, "n_buckets", r->n_buckets);
  append_json_number (json, "n_collectives", r->n_collectives);

  ring_step_architecture (p, &layers, &hidden);
  append_json_number (json, "layers", layers);
  append_json_number (json, "hidden_size", hidden);

  ring_step_memory (p, p->gpus, &memory);
  if (ring_parallelism_is_active (p))
    {
      RingParallelStep step;

      ring_parallel_step (p, &step);
      memory.parameters = step.memory_parameters;
      memory.gradients = step.memory_gradients;
      memory.optimizer = step.memory_optimizer;
      memory.gathered = step.memory_gathered;
      memory.activations = step.memory_activations;
    }
  append_json_number (json, "memory_parameters_bytes", memory.parameters);
  append_json_number (json, "memory_gradients_bytes", memory.gradients);
  append_json_number (json, "memory_optimizer_bytes", memory.optimizer);
  append_json_number (json, "memory_gathered_bytes", memory.gathered);
  append_json_number (json, "memory_activations_bytes", memory.activations);
  append_json_key (json, "fits");
  g_string_append (json, r->fits ? "true" : "false");

  /* What would fit: the least change (ring_step_suggest), or nulls when it fits already
   * or nothing does. Names, not sentences: the JSON is the same in every language. */
  ring_step_suggest (p, &suggestion);
  /* The suggestion searches plain data parallelism only. */
  if (!suggestion.fits_now && suggestion.possible && !ring_parallelism_is_active (p))
    {
      append_json_string (json, "fit_sharding", ring_sharding_to_string (suggestion.sharding));
      append_json_number (json, "fit_gpus", suggestion.gpus);
      append_json_string (json, "fit_activation_checkpointing",
                          ring_checkpointing_to_string (suggestion.checkpointing));
      append_json_number (json, "fit_step_time_s", suggestion.step_time_s);
    }
  else
    {
      append_json_number (json, "fit_sharding", NAN);
      append_json_number (json, "fit_gpus", NAN);
      append_json_number (json, "fit_activation_checkpointing", NAN);
      append_json_number (json, "fit_step_time_s", NAN);
    }
  append_json_parallel (json, r);
}

static void
append_json_null (GString    *json,
                  const char *key)
{
  append_json_key (json, key);
  g_string_append (json, "null");
}

static void
append_json_fabric_loads (GString          *json,
                          const char       *key,
                          const RingParams *params,
                          const RingResult *result)
{
  guint top = result->fabric_bound_tier == RING_FABRIC_TIER_NONE
              ? 0 : MIN (params->fabric_tiers, RING_N_FABRIC_TIERS - 1);

  append_json_key (json, key);
  g_string_append (json, top > 0 ? "[" : "[]");
  for (guint t = RING_FABRIC_TIER_LEAF; t <= top; t++)
    {
      const RingFabricLoad *load = &result->fabric_loads[t];

      g_string_append_printf (json, "%s\n    {\n      \"tier\" : \"%s\"",
                              t > RING_FABRIC_TIER_LEAF ? "," : "",
                              ring_fabric_tier_to_string (t));
      g_string_append (json, ",\n      \"capacity_gbps\" : ");
      ring_report_append_json_number (json, load->capacity_gbps);
      g_string_append (json, ",\n      \"demand_gbps\" : ");
      ring_report_append_json_number (json, load->demand_gbps);
      g_string_append (json, ",\n      \"our_demand_gbps\" : ");
      ring_report_append_json_number (json, load->our_demand_gbps);
      g_string_append (json, ",\n      \"other_job_demand_gbps\" : ");
      ring_report_append_json_number (json, load->other_demand_gbps);
      g_string_append (json, ",\n      \"load\" : ");
      ring_report_append_json_number (json, load->load);
      g_string_append_printf (json, ",\n      \"bound\" : %s\n    }",
                              t == result->fabric_bound_tier ? "true" : "false");
    }
  if (top > 0)
    g_string_append (json, "\n  ]");
}

static void
append_result_value (GString          *json,
                     const RingParams *params,
                     const RingResult *result,
                     guint             i)
{
  const char *key = result_values[i].key;
  gsize offset = result_values[i].offset;

  switch (result_values[i].kind)
    {
    case VALUE_NUMBER:
      append_json_number (json, key, G_STRUCT_MEMBER (double, result, offset));
      break;
    case VALUE_COUNT:
      append_json_number (json, key, G_STRUCT_MEMBER (guint, result, offset));
      break;
    case VALUE_FLAG:
      append_json_key (json, key);
      g_string_append (json, G_STRUCT_MEMBER (gboolean, result, offset) ? "true" : "false");
      break;
    case VALUE_ALGORITHM:
    case VALUE_PROTOCOL:
      /* One GPU runs no collective: no algorithm, no protocol. */
      if (params->gpus <= 1)
        append_json_null (json, key);
      else if (result_values[i].kind == VALUE_ALGORITHM)
        append_json_string (json, key,
                            ring_algorithm_to_string (G_STRUCT_MEMBER (RingAlgorithm, result,
                                                                       offset)));
      else
        append_json_string (json, key,
                            ring_protocol_to_string (G_STRUCT_MEMBER (RingProtocol, result,
                                                                      offset)));
      break;
    case VALUE_FABRIC_TIER:
      append_json_string (json, key,
                          ring_fabric_tier_to_string (G_STRUCT_MEMBER (RingFabricTier, result,
                                                                       offset)));
      break;
    case VALUE_FABRIC_LOADS:
      append_json_fabric_loads (json, key, params, result);
      break;
    case VALUE_NETWORK_BOUND:
      append_json_string (json, key,
                          ring_network_bound_to_string (G_STRUCT_MEMBER (RingNetworkBound,
                                                                         result, offset)));
      break;
    case VALUE_SIZING_LINK:
      append_json_string (json, key,
                          ring_sizing_link_to_string (G_STRUCT_MEMBER (RingSizingLink, result,
                                                                       offset)));
      break;
    default:
      g_assert_not_reached ();
    }
}

const char *
ring_report_mode_name (RingModel *model)
{
  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  return ring_model_is_collective (model) ? "single-collective" : "training-step";
}

/* Pinned scenarios: each one's main results and how the current configuration differs
 * from it, as current / scenario − 1 (−0.23: the current step is 23 % shorter). */
static void
append_scenario_number (GString    *json,
                        const char *key,
                        double      value)
{
  g_string_append_printf (json, ",\n      \"%s\" : ", key);
  ring_report_append_json_number (json, value);
}

static void
append_json_scenarios (GString   *json,
                       RingModel *model)
{
  const RingResult *current = ring_model_get_result (model);
  guint n = ring_model_get_n_scenarios (model);

  append_json_key (json, "scenarios");
  g_string_append (json, n > 0 ? "[" : "[]");
  for (guint i = 0; i < n; i++)
    {
      const RingScenario *scenario = ring_model_get_scenario (model, i);
      gboolean collective = ring_params_is_collective (&scenario->params);
      gboolean compare_step = !collective && !current->collective;
      RingResult r;

      ring_cost_evaluate (&scenario->params, &r);
      g_string_append (json, i > 0 ? ",\n    {\n" : "\n    {\n");
      g_string_append (json, "      \"name\" : ");
      ring_report_append_json_text (json, scenario->name);
      g_string_append_printf (json, ",\n      \"mode\" : \"%s\"",
                              collective ? "single-collective" : "training-step");
      append_scenario_number (json, "step_time_s", collective ? NAN : r.step_time_s);
      append_scenario_number (json, "utilization", collective ? NAN : r.utilization);
      append_scenario_number (json, "allreduce_time_s", r.allreduce_time_s);
      append_scenario_number (json, "step_time_change",
                              compare_step ? current->step_time_s / r.step_time_s - 1 : NAN);
      append_scenario_number (json, "utilization_change",
                              compare_step ? current->utilization / r.utilization - 1 : NAN);
      append_scenario_number (json, "allreduce_time_change",
                              current->allreduce_time_s / r.allreduce_time_s - 1);
      g_string_append (json, "\n    }");
    }
  if (n > 0)
    g_string_append (json, "\n  ]");
}

char *
ring_report_to_json (RingModel *model)
{
  const RingParams *p;
  const RingResult *r;
  GString *json;
  guint mode;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  p = ring_model_get_params (model);
  r = ring_model_get_result (model);
  mode = r->collective ? COLLECTIVE : STEP;
  json = g_string_new ("{\n");

  /* Parameters, as given: every row of the parameter table, so a new one is reported
   * without a change here; the training step's too in collective mode, since they are
   * what was asked. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);
      double value;

      if (info->withdrawn)
        continue;
      value = ring_params_get_value (p, id);
      if (info->kind == RING_PARAM_KIND_CHOICE)
        append_json_string (json, info->json_key, ring_param_choice_name (id, (guint) value));
      else
        append_json_number (json, info->json_key,
                            info->zero_is_none && value == 0 ? NAN : value);
    }
  append_json_string (json, "mode", ring_report_mode_name (model));

  /* Derived values, those that mean something in this mode. */
  for (guint i = 0; i < G_N_ELEMENTS (result_values); i++)
    {
      if (result_values[i].modes & mode)
        append_result_value (json, p, r, i);
    }
  if (mode == STEP)
    append_json_step (json, p, r);
  _ring_report_append_measurements_json (json, model);
  if (ring_model_get_n_scenarios (model) > 0)
    append_json_scenarios (json, model);

  g_string_append (json, "\n}");

  return g_string_free (json, FALSE);
}

static void
add_row (GPtrArray  *rows,
         const char *label,
         char       *value)
{
  RingReportRow *row = g_new0 (RingReportRow, 1);

  row->label = label;
  row->value = value;
  g_ptr_array_add (rows, row);
}

/* The loaded nccl-tests logs, when there are any: each with the model's error, what the
 * fit found, the rows left out; then the log whose fitted values are in use. */
static void
add_measurement_rows (GPtrArray *rows,
                      RingModel *model)
{
  GPtrArray *measurements = ring_model_get_measurements (model);
  RingMeasurement *fitted = ring_model_get_fitted_measurement (model);

  for (guint m = 0; m < measurements->len; m++)
    {
      RingMeasurement *measurement = g_ptr_array_index (measurements, m);
      g_autoptr(RingNcclFit) comparison = ring_measurement_compare (measurement,
                                                                   ring_model_get_params (model));
      g_autofree char *fit = ring_measurement_describe_fit (measurement->fit);
      guint n_wrong = ring_nccl_log_count_wrong (measurement->log);

      if (comparison == NULL)
        continue;
      add_row (rows, _("nccl-tests log"),
               g_strdup_printf (/* TRANSLATORS: a file name, its ranks, its rows, the
                                 * model's geometric-mean and worst error against it */
                                g_dngettext (GETTEXT_PACKAGE,
                                             "%s: %u ranks, %u size, model ±%.0f %% "
                                             "(worst %.0f %%)",
                                             "%s: %u ranks, %u sizes, model ±%.0f %% "
                                             "(worst %.0f %%)",
                                             comparison->n_sizes),
                                measurement->name, measurement->log->ranks,
                                comparison->n_sizes,
                                comparison->nominal_geomean_error_pct,
                                comparison->nominal_worst_error_pct));
      if (n_wrong > 0)
        add_row (rows, _("Left out"),
                 g_strdup_printf (/* TRANSLATORS: rows of an nccl-tests log whose results
                                   * nccl-tests found wrong (its #wrong column) */
                                  g_dngettext (GETTEXT_PACKAGE,
                                               "%u row with wrong elements",
                                               "%u rows with wrong elements", n_wrong),
                                  n_wrong));
      add_row (rows, _("Fit"),
               /* TRANSLATORS: the fitted values, then the error after the fit */
               g_strdup_printf (_("%s; ±%.0f %% (worst %.0f %%)"), fit,
                                measurement->fit->geomean_error_pct,
                                measurement->fit->worst_error_pct));
      /* TRANSLATORS: a report's label: the log against published runs of its kind */
      add_row (rows, _("Against published runs"), ring_verdict_describe (measurement->verdict));
    }

  if (fitted != NULL)
    {
      g_autofree char *fit = ring_measurement_describe_fit (fitted->fit);

      add_row (rows, _("Fitted values in use"),
               /* TRANSLATORS: a file name, then the values fitted to it */
               g_strdup_printf (_("from %s: %s"), fitted->name, fit));
    }
}

static void
report_row_free (gpointer data)
{
  RingReportRow *row = data;

  g_free (row->value);
  g_free (row);
}

static char *
format_percent (double fraction)
{
  return g_strdup_printf ("%.1f %%", fraction * 100.0);
}

static char *
with_unit (char       *number,
           const char *unit)
{
  char *text = g_strdup_printf ("%s %s", number, unit);

  g_free (number);
  return text;
}

/* A figure of a parallel layout by its JSON key, as the text report and the window's
 * cards write it; NULL for a key this does not know. */
static char *
format_layout_figure (const RingParams *p,
                      const RingResult *r,
                      const char       *key)
{
  if (g_str_equal (key, "mfu"))
    return format_percent (r->mfu);
  if (g_str_equal (key, "step_time_s"))
    return ring_format_duration (r->step_time_s);
  if (g_str_equal (key, "exposed_comm_s"))
    return ring_format_duration (r->exposed_comm_s);
  if (g_str_equal (key, "bubble_s"))
    {
      g_autofree char *bubble = ring_format_duration (r->bubble_s);

      /* TRANSLATORS: the pipeline's idle time, then its share of the step */
      return g_strdup_printf (_("%s, %.1f %%"), bubble, r->bubble_fraction * 100);
    }
  if (g_str_equal (key, "data_parallel"))
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU", "%u GPUs",
                                         r->data_parallel), r->data_parallel);
  if (g_str_equal (key, "dp_time_s"))
    {
      g_autofree char *time = ring_format_duration (r->dp_time_s);

      if (r->data_parallel <= 1)
        return g_strdup ("—");
      /* TRANSLATORS: the data-parallel group's algorithm, then its sync's time */
      return g_strdup_printf (_("%s, %s"), ring_algorithm_get_title (r->dp_algorithm), time);
    }
  if (g_str_equal (key, "tp_time_s"))
    return p->tensor_parallel > 1 ? ring_format_duration (r->tp_time_s) : g_strdup ("—");
  if (g_str_equal (key, "pp_time_s"))
    return p->pipeline_parallel > 1 ? ring_format_duration (r->pp_time_s) : g_strdup ("—");
  if (g_str_equal (key, "cp_time_s"))
    return p->context_parallel > 1 ? ring_format_duration (r->cp_time_s) : g_strdup ("—");
  if (g_str_equal (key, "memory_per_gpu_bytes"))
    return ring_format_bytes (r->memory_per_gpu_bytes);

  return NULL;
}

char *
ring_report_format_layout_figure (RingModel  *model,
                                  const char *key)
{
  g_return_val_if_fail (RING_IS_MODEL (model), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return format_layout_figure (ring_model_get_params (model), ring_model_get_result (model),
                               key);
}

/* A frontier job: its DP group's sync, the other traffic, the bubble, MFU and memory. */
static void
add_parallel_rows (GPtrArray        *rows,
                   const RingParams *p,
                   const RingResult *r,
                   RingMemory       *memory)
{
  RingParallelStep step;
  RingLayoutFit fit;
  char *advice;
  g_autofree char *dp_time = ring_format_duration (r->dp_time_s);
  g_autofree char *dp_exposed = ring_format_duration (r->dp_exposed_s);
  g_autofree char *dp_bytes = ring_format_bytes (r->dp_bytes_per_gpu);

  ring_parallel_step (p, &step);
  if (r->data_parallel > 1)
    add_row (rows, _("Data-parallel sync"),
             /* TRANSLATORS: the DP group's size, its algorithm and protocol, the sync's
              * time, what of it is exposed, the bytes each GPU sends */
             g_strdup_printf (_("%u GPUs, one per node on a rail: %s, %s, %s (%s exposed), "
                                "%s per GPU"),
                              r->data_parallel, ring_algorithm_get_title (r->dp_algorithm),
                              ring_protocol_get_title (r->dp_protocol), dp_time, dp_exposed,
                              dp_bytes));
  else
    add_row (rows, _("Data-parallel sync"), g_strdup (_("none: one replica")));
  if (step.tensor > 1)
    {
      g_autofree char *time = ring_format_duration (r->tp_time_s);
      g_autofree char *bytes = ring_format_bytes (r->tp_bytes_per_gpu);

      /* TRANSLATORS: time and bytes of tensor parallelism's collectives, never hidden */
      add_row (rows, _("Tensor-parallel traffic"),
               g_strdup_printf (_("%s, %s per GPU, in NVLink, exposed"), time, bytes));
    }
  if (step.pipeline > 1)
    {
      g_autofree char *time = ring_format_duration (r->pp_time_s);
      g_autofree char *bytes = ring_format_bytes (r->pp_bytes_per_gpu);

      add_row (rows, _("Pipeline sends"),
               /* TRANSLATORS: time and bytes of the pipeline's point-to-point sends */
               g_strdup_printf (_("%s, %s per GPU, exposed"), time, bytes));
    }
  if (step.context > 1)
    {
      g_autofree char *time = ring_format_duration (r->cp_time_s);
      g_autofree char *bytes = ring_format_bytes (r->cp_bytes_per_gpu);

      add_row (rows, _("Context-parallel traffic"),
               /* TRANSLATORS: time and bytes of the keys' and values' all-gathers */
               g_strdup_printf (_("%s, %s per GPU, exposed"), time, bytes));
    }
  {
    g_autofree char *bubble = ring_format_duration (r->bubble_s);

    /* TRANSLATORS: the pipeline's idle time, then its share of the step */
    add_row (rows, _("Pipeline bubble"), g_strdup_printf (_("%s, %.1f %% of the step"),
                                                          bubble, r->bubble_fraction * 100));
  }
  add_row (rows, _("Model FLOPs utilization"), format_layout_figure (p, r, "mfu"));
  add_row (rows, _("Memory: parameters"), ring_format_bytes (step.memory_parameters));
  add_row (rows, _("Memory: gradients"), ring_format_bytes (step.memory_gradients));
  add_row (rows, _("Memory: optimizer state"), ring_format_bytes (step.memory_optimizer));
  if (step.memory_gathered > 0)
    add_row (rows, _("Memory: gathered stage"), ring_format_bytes (step.memory_gathered));
  {
    g_autofree char *activations = ring_format_bytes (step.memory_activations);

    add_row (rows, _("Memory: activations"),
             /* TRANSLATORS: bytes, then how many micro-batches they are for */
             g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %u micro-batch in flight",
                                           "%s, %u micro-batches in flight", step.in_flight),
                              activations, step.in_flight));
  }
  add_row (rows, _("Memory per GPU"), format_layout_figure (p, r, "memory_per_gpu_bytes"));
  add_row (rows, _("Usable GPU memory"), ring_format_bytes (memory->usable));

  ring_layout_fit_suggest (p, &fit);
  advice = ring_layout_fit_describe (&fit);
  add_row (rows, _("Fits in GPU memory"),
           advice != NULL ? g_strdup_printf (_("no: %s"), advice) : g_strdup (_("yes")));
  g_free (advice);
}

static void
add_step_rows (GPtrArray        *rows,
               const RingParams *p,
               const RingResult *r)
{
  RingMemory memory;
  RingFitSuggestion suggestion;
  char *advice;

  add_row (rows, _("Forward pass"), ring_format_duration (r->forward_time_s));
  add_row (rows, _("Backward pass"), ring_format_duration (r->backward_time_s));
  if (r->recompute_time_s > 0)
    add_row (rows, _("of which recomputation"), ring_format_duration (r->recompute_time_s));
  add_row (rows, _("Collectives / step"), g_strdup_printf ("%u", r->n_collectives));
  add_row (rows, _("Communication / step"), ring_format_duration (r->comm_time_s));
  add_row (rows, _("Compute lost to slowdown"), ring_format_duration (r->slowdown_s));
  add_row (rows, _("Sent per GPU / step"), ring_format_bytes (r->comm_bytes_per_gpu));

  ring_step_memory (p, p->gpus, &memory);
  if (ring_parallelism_is_active (p))
    {
      add_parallel_rows (rows, p, r, &memory);
      return;
    }
  add_row (rows, _("Memory: parameters"), ring_format_bytes (memory.parameters));
  add_row (rows, _("Memory: gradients"), ring_format_bytes (memory.gradients));
  add_row (rows, _("Memory: optimizer state"), ring_format_bytes (memory.optimizer));
  if (memory.gathered > 0)
    add_row (rows, _("Memory: gathered layers"), ring_format_bytes (memory.gathered));
  add_row (rows, _("Memory: activations"), ring_format_bytes (memory.activations));
  add_row (rows, _("Memory per GPU"), ring_format_bytes (memory.total));
  add_row (rows, _("Usable GPU memory"), ring_format_bytes (memory.usable));

  ring_step_suggest (p, &suggestion);
  advice = ring_fit_suggestion_describe (&suggestion);
  add_row (rows, _("Fits in GPU memory"),
           advice != NULL ? g_strdup_printf (_("no: %s"), advice) : g_strdup (_("yes")));
  g_free (advice);
}

const char *
ring_report_mode_title (RingModel *model)
{
  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  return ring_model_is_collective (model) ? _("Single collective") : _("Training step");
}

/* The cluster: what both questions share. */
static void
add_cluster_rows (GPtrArray        *rows,
                  const RingParams *p,
                  gboolean          step)
{
  add_row (rows, _("GPU"), g_strdup (_(ring_gpu_info (p->gpu)->description)));
  add_row (rows, _("GPUs in the ring"), g_strdup_printf ("%u", p->gpus));
  add_row (rows, _("GPUs per node"), g_strdup_printf ("%u", p->gpus_per_node));
  if (ring_params_get_domain_gpus (p) > p->gpus_per_node)
    add_row (rows, _("NVLink domain"),
             /* TRANSLATORS: GPUs sharing NVLink, then the nodes they span */
             g_strdup_printf (_("%u GPUs over %u nodes"), ring_params_get_domain_gpus (p),
                              ring_params_get_domain_gpus (p) / p->gpus_per_node));
  add_row (rows, _("NICs per node"), g_strdup_printf ("%u", p->nics_per_node));
  add_row (rows, _("NIC speed"), ring_format_figures (p->nic_speed_gbit, "Gb/s"));
  add_row (rows, _("Network fabric"), g_strdup (ring_fabric_get_title (p->fabric)));
  add_row (rows, _("Network latency"), ring_format_duration (p->net_latency_us * 1e-6));
  if (step)
    add_row (rows, _("Model size"), with_unit (ring_format_count (p->model_params),
                                               _("parameters")));
  add_row (rows, _("In-node bandwidth"), ring_format_figures (p->bandwidth_gbps, "GB/s"));
  if (step)
    {
      add_row (rows, _("Per-GPU compute"), ring_format_figures (p->compute_tflops, "TFLOP/s"));
      add_row (rows, _("Tokens per GPU per step"), g_strdup_printf ("%.0f", p->tokens_per_gpu));
      add_row (rows, _("Gradient precision"),
               g_strdup (ring_precision_get_name (p->gradient_bytes)));
    }
  add_row (rows, _("Latency per hop"), ring_format_duration (p->latency_us * 1e-6));
  if (step)
    {
      add_row (rows, _("Sharding"), g_strdup (ring_sharding_get_title (p->sharding)));
      if (p->sharding == RING_SHARDING_FSDP)
        add_row (rows, _("Gradient bucket size"),
                 g_strdup (_("none: FSDP gathers and reduces layer by layer")));
      else if (p->sharding != RING_SHARDING_DDP)
        {
          /* ZeRO's own, by elements, as DeepSpeed's configuration writes them. */
          double reduce_bytes, allgather_bytes;
          g_autofree char *elements = ring_format_count (RING_ZERO_REDUCE_BUCKET_ELEMENTS);
          g_autofree char *size = NULL;

          ring_step_zero_bucket_bytes (p, &reduce_bytes, &allgather_bytes);
          size = ring_format_binary_bytes (reduce_bytes);
          add_row (rows, _("Gradient bucket size"),
                   /* TRANSLATORS: "500 M elements (1.86 GiB): DeepSpeed’s reduce and
                    * all-gather buckets" */
                   g_strdup_printf (_("%s elements (%s): DeepSpeed’s reduce and all-gather "
                                      "buckets"), elements, size));
        }
      else if (p->bucket_bytes > 0)
        /* In MiB, as PyTorch's bucket_cap_mb and the window's field write it. */
        add_row (rows, _("Gradient bucket size"), ring_format_binary_bytes (p->bucket_bytes));
      else
        add_row (rows, _("Gradient bucket size"), g_strdup (_("one bucket")));
      add_row (rows, _("Compute slowdown beside NCCL"), format_percent (p->comm_slowdown));
      add_row (rows, _("Activation checkpointing"),
               g_strdup (ring_checkpointing_to_string (p->checkpointing)));
      add_row (rows, _("Fused attention"), g_strdup (p->fused_attention ? _("yes") : _("no")));
      if (ring_parallelism_is_active (p))
        add_row (rows, _("Parallelism"),
                 /* TRANSLATORS: tensor × pipeline × context × data parallelism, then the
                  * micro-batches of a step */
                 g_strdup_printf (_("tensor %u × pipeline %u × context %u × data %u, "
                                    "%u micro-batches"),
                                  p->tensor_parallel, p->pipeline_parallel,
                                  p->context_parallel, ring_parallelism_data (p),
                                  p->micro_batches));
    }
  add_row (rows, _("Algorithm"), g_strdup (ring_algorithm_get_title (p->algorithm)));
  add_row (rows, _("NCCL version"),
           g_strdup (ring_param_choice_name (RING_PARAM_NCCL_VERSION, p->nccl_version)));
}

static const char *
placement_title (RingPlacement placement)
{
  /* TRANSLATORS: how a job's nodes sit among the fabric's leaves (--placement) */
  return placement == RING_PLACEMENT_PACKED ? _("packed") : _("scattered");
}

static const char *
uplinks_title (RingFabricTier tier)
{
  /* TRANSLATORS: the links from a fabric's leaf switches up to its spines */
  return tier == RING_FABRIC_TIER_SPINE ? _("Spine uplinks")
  /* TRANSLATORS: the links from a fabric's spine switches up to its core */
                                        : _("Core uplinks");
}

static const char *
tier_title (RingFabricTier tier)
{
  /* TRANSLATORS: a fabric's tier of switches, as in "would bind the spine at 109 GB/s" */
  return tier == RING_FABRIC_TIER_SPINE ? _("the spine") : _("the core");
}

char *
ring_report_describe_fabric (const RingParams *params,
                             const RingResult *result)
{
  RingFabricTier top = MIN (params->fabric_tiers, RING_N_FABRIC_TIERS - 1);
  RingFabricTier busiest = RING_FABRIC_TIER_SPINE;
  RingPlacement other = params->placement == RING_PLACEMENT_PACKED
                        ? RING_PLACEMENT_SCATTERED : RING_PLACEMENT_PACKED;
  const RingFabricLoad *busiest_load;
  double other_share;
  g_autofree char *load = NULL;
  g_autofree char *then = NULL;

  g_return_val_if_fail (params != NULL && result != NULL, NULL);

  if (result->fabric_bound_tier == RING_FABRIC_TIER_NONE || top < RING_FABRIC_TIER_SPINE)
    return NULL;

  for (RingFabricTier t = RING_FABRIC_TIER_SPINE; t <= top; t++)
    if (t == result->fabric_bound_tier
        || (result->fabric_bound_tier == RING_FABRIC_TIER_LEAF
            && result->fabric_loads[t].load > result->fabric_loads[busiest].load))
      busiest = t;

  busiest_load = &result->fabric_loads[busiest];
  other_share = busiest_load->capacity_gbps > 0
                ? busiest_load->other_demand_gbps / busiest_load->capacity_gbps : 0;
  if (busiest == result->fabric_bound_tier && other_share > 0)
    {
      g_autofree char *rate = ring_format_bandwidth (result->fabric_gbps * 1e9);

      /* TRANSLATORS: "Spine uplinks", the oversubscription ("4"), the share of them the
       * other job's traffic takes ("50"), a rate ("109 GB/s"), the placement */
      load = g_strdup_printf (_("%s bind at %g:1, the other job taking %.0f %% of them, each "
                                "node gets %s — %s placement"),
                              uplinks_title (busiest), params->oversubscription,
                              100 * other_share, rate, placement_title (params->placement));
    }
  else if (busiest == result->fabric_bound_tier)
    {
      g_autofree char *rate = ring_format_bandwidth (result->fabric_gbps * 1e9);

      /* TRANSLATORS: "Spine uplinks", the oversubscription ("4"), a rate ("109 GB/s"),
       * the placement ("scattered") */
      load = g_strdup_printf (_("%s bind at %g:1, each node gets %s — %s placement"),
                              uplinks_title (busiest), params->oversubscription, rate,
                              placement_title (params->placement));
    }
  else if (other_share > 0)
    {
      /* TRANSLATORS: "Spine uplinks", their load ("63"), ours of it ("38"), the other
       * job's ("25"), the oversubscription ("4"), the placement ("packed") */
      load = g_strdup_printf (_("%s %.0f %% loaded (ours %.0f %%, the other job’s %.0f %%) "
                                "at %g:1 — %s placement"),
                              uplinks_title (busiest), 100 * busiest_load->load,
                              100 * busiest_load->our_demand_gbps / busiest_load->capacity_gbps,
                              100 * other_share, params->oversubscription,
                              placement_title (params->placement));
    }
  else
    {
      /* TRANSLATORS: "Spine uplinks", a load ("25"), the oversubscription ("4"), the
       * placement ("packed") */
      load = g_strdup_printf (_("%s %.0f %% loaded at %g:1 — %s placement"),
                              uplinks_title (busiest),
                              100 * result->fabric_loads[busiest].load,
                              params->oversubscription, placement_title (params->placement));
    }

  if (result->fabric_other_tier == RING_FABRIC_TIER_SPINE
      || result->fabric_other_tier == RING_FABRIC_TIER_CORE)
    {
      g_autofree char *rate = ring_format_bandwidth (result->fabric_other_gbps * 1e9);

      /* TRANSLATORS: the other placement ("scattered"), a tier ("the spine"), a rate */
      then = g_strdup_printf (_("%s would bind %s at %s a node"), placement_title (other),
                              tier_title (result->fabric_other_tier), rate);
    }
  else if (busiest == result->fabric_bound_tier)
    {
      g_autofree char *rate = ring_format_bandwidth (result->fabric_other_gbps * 1e9);

      /* TRANSLATORS: the other placement ("packed"), a rate ("384 GB/s") */
      then = g_strdup_printf (_("%s would leave each node its %s"), placement_title (other),
                              rate);
    }
  else
    {
      /* TRANSLATORS: the other placement ("scattered") */
      then = g_strdup_printf (_("%s would not bind either"), placement_title (other));
    }

  if (params->other_job_gpus > 0)
    {
      g_autofree char *with = ring_format_duration (result->collective
                                                    ? result->allreduce_time_s
                                                    : result->step_time_s);
      g_autofree char *alone = ring_format_duration (result->collective
                                                     ? result->alone_allreduce_time_s
                                                     : result->alone_step_time_s);

      /* TRANSLATORS: the uplinks' load and placement; what the other placement would do;
       * another job's GPUs ("64"), its load ("50"), our time with it and alone */
      return g_strdup_printf (_("%s; %s. Another job’s %u GPUs at %g %% load: %s, alone %s."),
                              load, then, params->other_job_gpus, params->other_job_load,
                              with, alone);
    }

  /* TRANSLATORS: the uplinks' load and placement; what the other placement would do */
  return g_strdup_printf (_("%s; %s."), load, then);
}

/* The collective that ran, in both questions. */
static void
add_collective_rows (GPtrArray        *rows,
                     const RingParams *p,
                     const RingResult *r)
{
  add_row (rows, _("Nodes"), g_strdup_printf ("%u", r->nodes));
  if (r->network_bound != RING_NETWORK_BOUND_NONE)
    {
      g_autofree char *rate = ring_format_bandwidth (r->network_gbps * 1e9);
      g_autofree char *pcie_reason = NULL;
      const char *reason;

      switch (r->network_bound)
        {
        case RING_NETWORK_BOUND_PCIE:
          /* TRANSLATORS: why a node's network carries less than its NICs' line rate; %u
           * is the PCIe generation */
          pcie_reason = g_strdup_printf (_("bound by the GPUs’ PCIe Gen%u x16 links, through "
                                           "which GPUDirect RDMA feeds the NICs: faster NICs "
                                           "change nothing"), p->pcie_generation);
          reason = pcie_reason;
          break;
        case RING_NETWORK_BOUND_SOCKETS:
          reason = _("bound by NCCL’s socket threads: TCP copies every byte through host "
                     "memory, one thread per connection");
          break;
        case RING_NETWORK_BOUND_NICS:
        case RING_NETWORK_BOUND_NONE:
        default:
          reason = _("the NICs’ line rate");
          break;
        }
      /* TRANSLATORS: a rate and what bounds it, "384 GB/s, the NICs’ line rate" */
      add_row (rows, _("Network per node"), g_strdup_printf (_("%s, %s"), rate, reason));
    }
  if (r->fabric_bound_tier != RING_FABRIC_TIER_NONE && p->fabric_tiers > 1)
    add_row (rows, _("Fabric uplinks"), ring_report_describe_fabric (p, r));
  if (p->gpus <= 1)
    {
      add_row (rows, _("Algorithm in use"), g_strdup (_("none: one GPU")));
      return;
    }
  add_row (rows, _("Algorithm in use"), g_strdup (ring_algorithm_get_title (r->algorithm_used)));
  add_row (rows, _("Protocol"), g_strdup (ring_protocol_get_title (r->protocol_used)));
  add_row (rows, _("Channels"), g_strdup_printf ("%u", r->channels));
  {
    RingFasterLinkSlower slower;

    if (ring_cost_faster_link_slower (p, r->gradient_buffer_bytes, &slower))
      {
        g_autofree char *time = ring_format_duration (slower.allreduce_time_s);

        add_row (rows, _("Twice the bandwidth"),
                 g_strdup_printf (slower.link == RING_SIZING_LINK_NICS
                                  /* TRANSLATORS: a channel count and an all-reduce time */
                                  ? _("slower: at twice the NIC speed NCCL’s channel search "
                                      "(search.cc) builds %u channels and this all-reduce "
                                      "takes %s; NCCL_MIN_NCHANNELS and NCCL_MAX_NCHANNELS set "
                                      "the count (NVIDIA/nccl issue 652)")
                                  /* TRANSLATORS: a channel count and an all-reduce time */
                                  : _("slower: at twice the in-node bandwidth NCCL’s channel "
                                      "search (search.cc) builds %u channels and this "
                                      "all-reduce takes %s; NCCL_MIN_NCHANNELS and "
                                      "NCCL_MAX_NCHANNELS set the count (NVIDIA/nccl issue "
                                      "652)"),
                                  slower.channels, time));
      }
  }
  if (r->fastest_allreduce_time_s < r->allreduce_time_s)
    {
      g_autofree char *time = ring_format_duration (r->fastest_allreduce_time_s);

      /* TRANSLATORS: an algorithm, a protocol and an all-reduce time, "Ring, Simple in
       * 12 ms"; the note says why the faster choice is not the one in use */
      add_row (rows, _("Faster by this model"),
               g_strdup_printf (_("%s, %s in %s (NCCL’s tuner, tuning.cc, picks the one in "
                                  "use; the published runs follow its pick)"),
                                ring_algorithm_get_title (r->fastest_algorithm),
                                ring_protocol_get_title (r->fastest_protocol), time));
    }
  if (isfinite (r->symmetric_allreduce_time_s))
    {
      g_autofree char *time = ring_format_duration (r->symmetric_allreduce_time_s);

      /* TRANSLATORS: an all-reduce time; NCCL's symmetric-memory kernels run only on
       * buffers registered with ncclCommWindowRegister (nccl-tests -R 2) */
      add_row (rows, _("Symmetric-memory kernels"),
               g_strdup_printf (_("%s on buffers registered in a symmetric window (NCCL 2.27 "
                                  "and newer, one node; nccl-tests -R 2)"), time));
    }
}

/* The event simulation's all-reduce on its own schedule, and what the slow link and GPU
 * cost. The step is the report's one step time, which has them. */
static void
add_simulation_rows (GPtrArray *rows,
                     RingModel *model)
{
  const RingResult *r = ring_model_get_result (model);
  const char *summary = ring_model_get_straggler_summary (model);

  if (isnan (r->sim_allreduce_time_s))
    return;

  add_row (rows, _("Simulated all-reduce"), ring_format_duration (r->sim_allreduce_time_s));
  add_row (rows, _("at full speed"), ring_format_duration (r->sim_uniform_allreduce_time_s));
  if (summary != NULL)
    add_row (rows, _("Slow link and GPU"), g_strdup (summary));
}

/* The figures above without the slow link and GPU, when there is one. */
static void
add_uniform_row (GPtrArray        *rows,
                 const RingParams *p,
                 const RingResult *r)
{
  g_autofree char *allreduce = NULL;
  g_autofree char *busbw = NULL;
  g_autofree char *step = NULL;
  g_autofree char *utilization = NULL;
  const char *label;

  if (p->slow_link_fraction >= 1 && p->slow_gpu_fraction >= 1)
    return;

  allreduce = ring_format_duration (r->uniform_allreduce_time_s);
  busbw = ring_format_bandwidth (r->uniform_busbw_gbps * 1e9);
  if (r->collective)
    {
      /* Translators: an all-reduce time, then a bus bandwidth */
      add_row (rows, _("Without the slow link"),
               g_strdup_printf (_("all-reduce %s, bus bandwidth %s"), allreduce, busbw));
      return;
    }

  step = ring_format_duration (r->uniform_step_time_s);
  utilization = format_percent (r->uniform_utilization);
  if (p->slow_gpu_fraction >= 1)
    label = _("Without the slow link");
  else if (p->slow_link_fraction >= 1)
    label = _("Without the slow GPU");
  else
    label = _("Without the slow link and GPU");
  /* Translators: a step time, a utilization, an all-reduce time, a bus bandwidth */
  add_row (rows, label,
           g_strdup_printf (_("step %s, utilization %s, all-reduce %s, bus bandwidth %s"),
                            step, utilization, allreduce, busbw));
}

/* A row per pinned scenario: its step (or all-reduce) time and the current configuration's
 * difference from it, as the window's cards show it. */
static void
add_scenario_rows (GPtrArray *rows,
                   RingModel *model)
{
  const RingResult *mine = ring_model_get_result (model);

  for (guint i = 0; i < ring_model_get_n_scenarios (model); i++)
    {
      const RingScenario *scenario = ring_model_get_scenario (model, i);
      g_autofree char *allreduce = NULL;
      g_autofree char *allreduce_change = NULL;
      RingResult r;

      ring_cost_evaluate (&scenario->params, &r);
      allreduce = ring_format_duration (r.allreduce_time_s);
      allreduce_change = ring_format_change (mine->allreduce_time_s / r.allreduce_time_s - 1);
      /* A step and a single all-reduce answer different questions: no difference. */
      if (mine->collective != r.collective)
        /* Translators: a pinned scenario's name and its all-reduce time, in a report of
         * the other question (a step against a single all-reduce) */
        add_row (rows, _("Scenario"), g_strdup_printf (_("%s: all-reduce %s (another question)"),
                                                       scenario->name, allreduce));
      else if (mine->collective)
        /* Translators: a pinned scenario's name, its all-reduce time, and how much
         * longer the current configuration's is ("+12 %") */
        add_row (rows, _("Scenario"), g_strdup_printf (_("%s: all-reduce %s (now %s)"),
                                                       scenario->name, allreduce,
                                                       allreduce_change));
      else
        {
          g_autofree char *step = ring_format_duration (r.step_time_s);
          g_autofree char *step_change = ring_format_change (mine->step_time_s / r.step_time_s
                                                               - 1);

          /* Translators: a pinned scenario's name, its step time, how much longer the
           * current step is, its all-reduce time, and how much longer the current one is */
          add_row (rows, _("Scenario"),
                   g_strdup_printf (_("%s: step %s (now %s), all-reduce %s (now %s)"),
                                    scenario->name, step, step_change, allreduce,
                                    allreduce_change));
        }
    }
}

GPtrArray *
ring_report_rows (RingModel *model)
{
  const RingParams *p;
  const RingResult *r;
  GPtrArray *rows;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  p = ring_model_get_params (model);
  r = ring_model_get_result (model);
  rows = g_ptr_array_new_with_free_func (report_row_free);

  add_row (rows, _("Mode"), g_strdup (ring_report_mode_title (model)));
  if (p->slow_link_fraction < 1)
    /* Translators: the slow link's number, then its share of the bandwidth */
    add_row (rows, _("Slow link"), g_strdup_printf (_("%u at %.0f %%"), p->slow_link,
                                                     p->slow_link_fraction * 100));
  if (p->slow_gpu_fraction < 1)
    /* Translators: the slow GPU's number, then its share of the compute */
    add_row (rows, _("Slow GPU"), g_strdup_printf (_("%u at %.0f %%"), p->slow_gpu,
                                                    p->slow_gpu_fraction * 100));

  /* nccl-tests' question: how long one all-reduce of this buffer takes, and at what
   * bandwidth. The step's figures (compute, utilization, throughput) mean nothing here. */
  if (r->collective)
    {
      add_cluster_rows (rows, p, FALSE);
      add_row (rows, _("Message size"), ring_format_message_size (p->message_bytes));
      add_collective_rows (rows, p, r);
      add_row (rows, _("All-reduce time"), ring_format_duration (r->allreduce_time_s));
      add_row (rows, _("of which latency"), ring_format_duration (r->latency_time_s));
      add_row (rows, _("Data moved per GPU"), ring_format_bytes (r->bytes_moved_per_gpu));
      add_row (rows, _("Algorithm bandwidth"), ring_format_bandwidth (r->algbw_gbps * 1e9));
      add_row (rows, _("Bus bandwidth"), ring_format_bandwidth (r->busbw_gbps * 1e9));
      add_uniform_row (rows, p, r);
      add_scenario_rows (rows, model);
      return rows;
    }

  add_cluster_rows (rows, p, TRUE);
  add_collective_rows (rows, p, r);
  add_row (rows, _("Gradient buffer"), ring_format_bytes (r->gradient_buffer_bytes));
  add_row (rows, _("Compute time / step"), ring_format_duration (r->compute_time_s));
  add_row (rows, _("All-reduce time / step"), ring_format_duration (r->allreduce_time_s));
  add_row (rows, _("of which latency"), ring_format_duration (r->latency_time_s));
  add_row (rows, _("Exposed communication / step"), ring_format_duration (r->exposed_comm_s));
  add_row (rows, _("Step time"), ring_format_duration (r->step_time_s));
  add_row (rows, _("GPU utilization"), format_percent (r->utilization));
  add_row (rows, _("Data moved per GPU"), ring_format_bytes (r->bytes_moved_per_gpu));
  add_row (rows, _("Algorithm bandwidth"), ring_format_bandwidth (r->algbw_gbps * 1e9));
  add_row (rows, _("Bus bandwidth"), ring_format_bandwidth (r->busbw_gbps * 1e9));
  add_row (rows, _("Cluster throughput"), ring_format_rate (r->tokens_per_s, _("tokens")));
  add_row (rows, _("Communication-bound"), g_strdup (r->comm_bound ? _("yes") : _("no")));
  add_uniform_row (rows, p, r);
  if (!r->collective)
    add_step_rows (rows, p, r);
  add_simulation_rows (rows, model);
  /* The label is no format string: "% u" only looks like one to xgettext. */
  if (p->gpus == 1)
    add_row (rows, _("Bandwidth for 90 % utilization"), g_strdup (_("not needed: one GPU")));
  else if (isnan (r->bandwidth_for_90pct_gbps)
           && r->bandwidth_for_90pct_link == RING_SIZING_LINK_PCIE)
    {
      g_autofree char *pcie = ring_format_bandwidth (ring_topology_gpu_nic_gbps (p) * 1e9);

      /* xgettext:no-c-format */
      add_row (rows, _("Bandwidth for 90 % utilization"),
               /* TRANSLATORS: %s is what one GPU's PCIe link carries, "48 GB/s" */
               g_strdup_printf (_("unreachable: each GPU’s PCIe link to its NICs carries %s, "
                                  "which these NICs already fill"), pcie));
    }
  else if (isnan (r->bandwidth_for_90pct_gbps))
    /* xgettext:no-c-format */
    add_row (rows, _("Bandwidth for 90 % utilization"), g_strdup (_("unreachable")));
  else if (r->bandwidth_for_90pct_link == RING_SIZING_LINK_NICS)
    /* xgettext:no-c-format */
    add_row (rows, _("Bandwidth for 90 % utilization"),
             /* TRANSLATORS: the speed each NIC needs, in Gb/s, then the NICs per node */
             g_strdup_printf (_("NICs of %.3g Gb/s (%u per node)"),
                              r->bandwidth_for_90pct_gbps * 8, p->nics_per_node));
  else
    /* xgettext:no-c-format */
    add_row (rows, _("Bandwidth for 90 % utilization"),
             ring_format_bandwidth (r->bandwidth_for_90pct_gbps * 1e9));
  add_measurement_rows (rows, model);
  add_scenario_rows (rows, model);

  return rows;
}

char *
ring_report_to_text (RingModel *model)
{
  g_autoptr(GPtrArray) rows = NULL;
  GString *text;
  int width = 0;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  rows = ring_report_rows (model);
  for (guint i = 0; i < rows->len; i++)
    {
      const RingReportRow *row = g_ptr_array_index (rows, i);

      width = MAX (width, (int) g_utf8_strlen (row->label, -1));
    }

  text = g_string_new (NULL);
  for (guint i = 0; i < rows->len; i++)
    {
      const RingReportRow *row = g_ptr_array_index (rows, i);
      int pad = width - (int) g_utf8_strlen (row->label, -1);

      g_string_append_printf (text, "%s%*s  %s\n", row->label, pad, "", row->value);
    }

  return g_string_free (text, FALSE);
}
