/* test-report.c: the JSON report is JSON, read by a strict parser, and every number in it
 * is the model's double to the last bit: on a grid of every parameter's minimum, default
 * and maximum, in the library and through the command line, in C and in German.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-parallelism.h"
#include "ring-report.h"
#include "ring-step.h"
#include "ring-test-cli.h"
#include "ring-test-json.h"
#include "ring-test-numbers.h"
#include "ring-units.h"

/* Past this many combinations the grid is sampled (check_grid()), so the test stays quick
 * as parameters are added. */
#define MAX_GRID_POINTS 50000

/* What a report holds beside the parameters: the derived values, each in the modes
 * where it means something (a training step, a single collective, or both). */
#define STEP       (1 << 0)
#define COLLECTIVE (1 << 1)
#define BOTH       (STEP | COLLECTIVE)

static const struct
{
  const char *key;
  gsize       offset;
  guint       modes;
} result_numbers[] = {
  { "gradient_buffer_bytes", G_STRUCT_OFFSET (RingResult, gradient_buffer_bytes), STEP },
  { "compute_time_s", G_STRUCT_OFFSET (RingResult, compute_time_s), STEP },
  { "backward_time_s", G_STRUCT_OFFSET (RingResult, backward_time_s), STEP },
  { "bytes_moved_per_gpu", G_STRUCT_OFFSET (RingResult, bytes_moved_per_gpu), BOTH },
  { "allreduce_time_s", G_STRUCT_OFFSET (RingResult, allreduce_time_s), BOTH },
  { "latency_time_s", G_STRUCT_OFFSET (RingResult, latency_time_s), BOTH },
  { "bandwidth_time_s", G_STRUCT_OFFSET (RingResult, bandwidth_time_s), BOTH },
  { "exposed_comm_s", G_STRUCT_OFFSET (RingResult, exposed_comm_s), STEP },
  { "step_time_s", G_STRUCT_OFFSET (RingResult, step_time_s), STEP },
  { "utilization", G_STRUCT_OFFSET (RingResult, utilization), STEP },
  { "algbw_gbps", G_STRUCT_OFFSET (RingResult, algbw_gbps), BOTH },
  { "busbw_gbps", G_STRUCT_OFFSET (RingResult, busbw_gbps), BOTH },
  { "tokens_per_s", G_STRUCT_OFFSET (RingResult, tokens_per_s), STEP },
  { "bandwidth_for_90pct_gbps", G_STRUCT_OFFSET (RingResult, bandwidth_for_90pct_gbps), STEP },
  { "fastest_allreduce_time_s", G_STRUCT_OFFSET (RingResult, fastest_allreduce_time_s),
    BOTH },
  { "symmetric_allreduce_time_s", G_STRUCT_OFFSET (RingResult, symmetric_allreduce_time_s),
    BOTH },
  { "sim_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_allreduce_time_s), BOTH },
  { "sim_uniform_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_uniform_allreduce_time_s),
    BOTH },
  { "uniform_allreduce_time_s", G_STRUCT_OFFSET (RingResult, uniform_allreduce_time_s), BOTH },
  { "uniform_busbw_gbps", G_STRUCT_OFFSET (RingResult, uniform_busbw_gbps), BOTH },
  { "uniform_step_time_s", G_STRUCT_OFFSET (RingResult, uniform_step_time_s), STEP },
  { "uniform_utilization", G_STRUCT_OFFSET (RingResult, uniform_utilization), STEP },
  { "uniform_tokens_per_s", G_STRUCT_OFFSET (RingResult, uniform_tokens_per_s), STEP },
  /* The step's timeline and memory (ring-step.h). */
  { "forward_time_s", G_STRUCT_OFFSET (RingResult, forward_time_s), STEP },
  { "recompute_time_s", G_STRUCT_OFFSET (RingResult, recompute_time_s), STEP },
  { "comm_time_s", G_STRUCT_OFFSET (RingResult, comm_time_s), STEP },
  { "slowdown_s", G_STRUCT_OFFSET (RingResult, slowdown_s), STEP },
  { "hidden_comm_s", G_STRUCT_OFFSET (RingResult, hidden_comm_s), STEP },
  { "comm_bytes_per_gpu", G_STRUCT_OFFSET (RingResult, comm_bytes_per_gpu), STEP },
  { "memory_per_gpu_bytes", G_STRUCT_OFFSET (RingResult, memory_per_gpu_bytes), STEP },
  { "usable_memory_bytes", G_STRUCT_OFFSET (RingResult, usable_memory_bytes), STEP },
};

/* One number of the report: JSON's null for no value, else exactly @expected. */
static void
check_number (GHashTable *members,
              const char *key,
              double      expected,
              const char *json)
{
  const char *raw = g_hash_table_lookup (members, key);
  char *end = NULL;
  double value;

  if (raw == NULL)
    g_error ("the report has no “%s”:\n%s", key, json);

  if (!isfinite (expected))
    {
      if (!g_str_equal (raw, "null"))
        g_error ("“%s” is %s, expected null:\n%s", key, raw, json);
      return;
    }

  value = g_ascii_strtod (raw, &end);
  if (*end != '\0' || value != expected)
    g_error ("“%s” is %s, which reads back as %.17g, not the model's %.17g",
             key, raw, value, expected);
}

/* The step's counts, the memory's parts and what would fit; returns how many keys. */
/* The parallel layout's keys (D = N in plain data parallelism). */
static guint
check_parallel (GHashTable       *members,
                const RingResult *result,
                const char       *json)
{
  const struct
  {
    const char *key;
    double      value;
  } numbers[] = {
    { "data_parallel", result->data_parallel },
    { "dp_time_s", result->dp_time_s },
    { "dp_exposed_s", result->dp_exposed_s },
    { "dp_bytes_per_gpu", result->dp_bytes_per_gpu },
    { "tp_time_s", result->tp_time_s },
    { "tp_bytes_per_gpu", result->tp_bytes_per_gpu },
    { "pp_time_s", result->pp_time_s },
    { "pp_bytes_per_gpu", result->pp_bytes_per_gpu },
    { "cp_time_s", result->cp_time_s },
    { "cp_bytes_per_gpu", result->cp_bytes_per_gpu },
    { "bubble_s", result->bubble_s },
    { "bubble_fraction", result->bubble_fraction },
    { "mfu", result->mfu },
  };

  for (guint i = 0; i < G_N_ELEMENTS (numbers); i++)
    check_number (members, numbers[i].key, numbers[i].value, json);
  if (result->data_parallel > 1)
    {
      g_autofree char *algorithm = g_strdup_printf ("\"%s\"",
                                                    ring_algorithm_to_string (result->dp_algorithm));

      g_assert_cmpstr (g_hash_table_lookup (members, "dp_algorithm"), ==, algorithm);
      g_assert_nonnull (g_hash_table_lookup (members, "dp_protocol"));
    }
  else
    g_assert_cmpstr (g_hash_table_lookup (members, "dp_algorithm"), ==, "null");

  return G_N_ELEMENTS (numbers) + 2;
}

static guint
check_step (GHashTable       *members,
            const RingParams *params,
            const RingResult *result,
            const char       *json)
{
  RingMemory memory;
  RingFitSuggestion suggestion;
  const char *raw;
  guint layers, hidden;

  check_number (members, "n_buckets", result->n_buckets, json);
  check_number (members, "n_collectives", result->n_collectives, json);
  ring_step_architecture (params, &layers, &hidden);
  check_number (members, "layers", layers, json);
  check_number (members, "hidden_size", hidden, json);
  ring_step_memory (params, params->gpus, &memory);
  if (ring_parallelism_is_active (params))
    {
      RingParallelStep step;

      ring_parallel_step (params, &step);
      memory = (RingMemory) { step.memory_parameters, step.memory_gradients,
                              step.memory_optimizer, step.memory_gathered,
                              step.memory_activations, step.memory_total, memory.usable,
                              step.memory_total <= memory.usable };
    }
  check_number (members, "memory_parameters_bytes", memory.parameters, json);
  check_number (members, "memory_gradients_bytes", memory.gradients, json);
  check_number (members, "memory_optimizer_bytes", memory.optimizer, json);
  check_number (members, "memory_gathered_bytes", memory.gathered, json);
  check_number (members, "memory_activations_bytes", memory.activations, json);
  g_assert_cmpfloat (memory.total, ==, result->memory_per_gpu_bytes);
  g_assert_cmpstr (g_hash_table_lookup (members, "fits"), ==, result->fits ? "true" : "false");

  ring_step_suggest (params, &suggestion);
  raw = g_hash_table_lookup (members, "fit_sharding");
  g_assert_nonnull (raw);
  if (suggestion.fits_now || !suggestion.possible || ring_parallelism_is_active (params))
    {
      g_assert_cmpstr (raw, ==, "null");
      check_number (members, "fit_gpus", NAN, json);
      g_assert_cmpstr (g_hash_table_lookup (members, "fit_activation_checkpointing"), ==, "null");
      check_number (members, "fit_step_time_s", NAN, json);
    }
  else
    {
      g_autofree char *sharding = g_strdup_printf ("\"%s\"",
                                                   ring_sharding_to_string (suggestion.sharding));

      g_assert_cmpstr (raw, ==, sharding);
      check_number (members, "fit_gpus", suggestion.gpus, json);
      g_assert_nonnull (g_hash_table_lookup (members, "fit_activation_checkpointing"));
      check_number (members, "fit_step_time_s", suggestion.step_time_s, json);
    }
  if (!ring_parallelism_is_active (params))
    g_assert_cmpint (suggestion.fits_now, ==, result->fits);

  return 14 + check_parallel (members, result, json);
}

/* @json is valid JSON, and each of its numbers is @model's to the last bit. */
static void
check_report (const char *json,
              RingModel  *model)
{
  const RingParams *params = ring_model_get_params (model);
  const RingResult *result = ring_model_get_result (model);
  g_autoptr(GHashTable) members = NULL;
  g_autofree char *problem = NULL;
  guint n_keys = 0;
  guint mode;

  members = ring_test_json_parse_strictly (json, &problem);
  if (members == NULL)
    g_error ("not JSON: %s\n%s", problem, json);

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      /* A withdrawn parameter (overlap) is no longer reported. */
      if (info->withdrawn)
        {
          g_assert_null (g_hash_table_lookup (members, info->json_key));
          continue;
        }
      if (info->kind == RING_PARAM_KIND_CHOICE)
        {
          guint choice = (guint) ring_params_get_value (params, id);
          g_autofree char *expected = g_strdup_printf ("\"%s\"",
                                                       ring_param_choice_name (id, choice));

          g_assert_cmpstr (g_hash_table_lookup (members, info->json_key), ==, expected);
        }
      else
        {
          double value = ring_params_get_value (params, id);

          /* The message size of a training step is null: no collective was asked. */
          check_number (members, info->json_key,
                        info->zero_is_none && value == 0 ? NAN : value, json);
        }
      n_keys++;
    }

  mode = result->collective ? COLLECTIVE : STEP;
  g_assert_cmpstr (g_hash_table_lookup (members, "mode"), ==,
                   result->collective ? "\"single-collective\"" : "\"training-step\"");
  n_keys++;

  for (guint i = 0; i < G_N_ELEMENTS (result_numbers); i++)
    {
      if (!(result_numbers[i].modes & mode))
        {
          if (g_hash_table_contains (members, result_numbers[i].key))
            g_error ("“%s” means nothing in this mode, yet is reported:\n%s",
                     result_numbers[i].key, json);
          continue;
        }
      check_number (members, result_numbers[i].key,
                    G_STRUCT_MEMBER (double, result, result_numbers[i].offset), json);
      n_keys++;
    }

  /* Whole numbers, names and a flag. */
  check_number (members, "nodes", result->nodes, json);
  check_number (members, "channels", result->channels, json);
  g_assert_cmpuint (result->nodes, ==, ring_params_get_nodes (params));
  n_keys += 2;

  /* What a node's network carries and what bounds it: nothing on one node. */
  {
    g_autofree char *bound = g_strdup_printf ("\"%s\"",
                                              ring_network_bound_to_string (result->network_bound));

    check_number (members, "network_gbps", result->network_gbps, json);
    g_assert_cmpstr (g_hash_table_lookup (members, "network_bound"), ==, bound);
    g_assert_true ((result->nodes > 1) == (result->network_bound != RING_NETWORK_BOUND_NONE));
    g_assert_true ((result->nodes > 1) == (result->network_gbps > 0));
    n_keys += 2;
  }

  /* The fabric's bound tier: none on one node, the leaf where no uplink binds. */
  {
    g_autofree char *tier = g_strdup_printf ("\"%s\"",
                                             ring_fabric_tier_to_string (result->fabric_bound_tier));

    g_assert_cmpstr (g_hash_table_lookup (members, "fabric_bound_tier"), ==, tier);
    check_number (members, "fabric_gbps", result->fabric_gbps, json);
    check_number (members, "fabric_time_share", result->fabric_time_share, json);
    /* The collective's group (the data-parallel one of a layout) may stay in a node. */
    if (result->fabric_bound_tier != RING_FABRIC_TIER_NONE)
      g_assert_cmpuint (result->nodes, >, 1);
    else
      g_assert_cmpfloat (result->fabric_gbps, ==, 0);
    n_keys += 3;

    /* Each tier from the leaf up, and the other placement's answer. */
    g_free (tier);
    tier = g_strdup_printf ("\"%s\"", ring_fabric_tier_to_string (result->fabric_other_tier));
    g_assert_cmpstr (g_hash_table_lookup (members, "fabric_other_bound_tier"), ==, tier);
    check_number (members, "fabric_other_gbps", result->fabric_other_gbps, json);
    g_assert_true (g_str_has_prefix (g_hash_table_lookup (members, "fabric_tier_loads"),
                                     result->fabric_bound_tier != RING_FABRIC_TIER_NONE
                                     ? "[\n    {\n      \"tier\" : \"leaf\"" : "[]"));
    n_keys += 3;

    /* Ours without the other job on the fabric. */
    check_number (members, "other_job_alone_allreduce_time_s", result->alone_allreduce_time_s,
                  json);
    n_keys++;
    if (!result->collective)
      {
        check_number (members, "other_job_alone_step_time_s", result->alone_step_time_s, json);
        n_keys++;
      }
  }

  if (params->gpus <= 1)
    {
      g_assert_cmpstr (g_hash_table_lookup (members, "algorithm_used"), ==, "null");
      g_assert_cmpstr (g_hash_table_lookup (members, "protocol"), ==, "null");
      g_assert_cmpstr (g_hash_table_lookup (members, "fastest_algorithm"), ==, "null");
      g_assert_cmpstr (g_hash_table_lookup (members, "fastest_protocol"), ==, "null");
    }
  else
    {
      const char *algorithm_name = ring_algorithm_to_string (result->algorithm_used);
      const char *protocol_name = ring_protocol_to_string (result->protocol_used);
      g_autofree char *algorithm = g_strdup_printf ("\"%s\"", algorithm_name);
      g_autofree char *protocol = g_strdup_printf ("\"%s\"", protocol_name);

      g_assert_cmpint (result->algorithm_used, !=, RING_ALGORITHM_AUTO);
      g_assert_cmpstr (g_hash_table_lookup (members, "algorithm_used"), ==, algorithm);
      g_assert_cmpstr (g_hash_table_lookup (members, "protocol"), ==, protocol);
      g_free (algorithm);
      g_free (protocol);
      algorithm = g_strdup_printf ("\"%s\"",
                                   ring_algorithm_to_string (result->fastest_algorithm));
      protocol = g_strdup_printf ("\"%s\"", ring_protocol_to_string (result->fastest_protocol));
      g_assert_cmpstr (g_hash_table_lookup (members, "fastest_algorithm"), ==, algorithm);
      g_assert_cmpstr (g_hash_table_lookup (members, "fastest_protocol"), ==, protocol);
      /* The model's fastest is never slower than what runs. */
      g_assert_cmpfloat (result->fastest_allreduce_time_s, <=, result->allreduce_time_s);
    }
  n_keys += 4;

  if (mode == STEP)
    {
      g_autofree char *link = g_strdup_printf ("\"%s\"", ring_sizing_link_to_string (
                                                 result->bandwidth_for_90pct_link));

      g_assert_cmpstr (g_hash_table_lookup (members, "comm_bound"), ==,
                       result->comm_bound ? "true" : "false");
      g_assert_cmpstr (g_hash_table_lookup (members, "bandwidth_for_90pct_link"), ==, link);
      n_keys += 2;
    }
  else
    g_assert_false (g_hash_table_contains (members, "comm_bound"));

  /* The step's counts, memory and fit: a single collective has none (the count below). */
  if (mode == STEP)
    n_keys += check_step (members, params, result, json);

  /* Nothing else, so a key added to the report is added here too. */
  g_assert_cmpuint (g_hash_table_size (members), ==, n_keys);
}

/* The grid: each parameter at its minimum, default and maximum. */

static double
grid_value (RingParamId id,
            guint       level)
{
  const RingParamInfo *info = ring_param_info (id);

  return level == 0 ? info->minimum : level == 1 ? info->default_value : info->maximum;
}

static guint64
grid_size (void)
{
  guint64 n = 1;

  for (guint id = 0; id < RING_N_PARAMS && n <= G_MAXUINT32; id++)
    n *= 3;

  return n;
}

/* The parameters of grid point @index (its digits in base 3, one per parameter); FALSE
 * when that combination is not a valid one. */
static gboolean
grid_point (guint64     index,
            RingParams *params)
{
  ring_params_init_default (params);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      ring_params_set_value (params, id, grid_value (id, index % 3));
      index /= 3;
    }

  return ring_params_validate (params, NULL);
}

static gboolean
check_point (RingModel *model,
             guint64    index)
{
  g_autofree char *json = NULL;
  RingParams params;

  if (!grid_point (index, &params))
    return FALSE;

  g_assert_true (ring_model_set_params (model, &params));
  json = ring_report_to_json (model);
  check_report (json, model);

  return TRUE;
}

static guint
n_off_default (guint64 index)
{
  guint n = 0;

  for (guint id = 0; id < RING_N_PARAMS; id++, index /= 3)
    n += index % 3 != 1;

  return n;
}

/* The large grid is sampled, not walked: each pair of parameters at their extremes is
 * 4 · C(n, 2) points, and each takes milliseconds (a report, parsed strictly). The sample
 * is fixed, so a failure repeats: every parameter at its minimum and at its maximum alone
 * and in at least MIN_PAIRS_EACH pairs; every kind of pair (number, count or choice with
 * each other, at each of the four combinations of extremes); and a regular sample of the
 * points that move more than two parameters. */
#define PAIR_OFFSETS_EACH   3
#define MIN_PAIRS_EACH      2
#define N_KINDS             (RING_PARAM_KIND_CHOICE + 1)
#define MAX_SAMPLED_POINTS  600

typedef struct
{
  RingModel *model;
  guint64    power[RING_N_PARAMS];
  guint64    defaults;
  guint      checked;
  /* [parameter][0: minimum, 1: maximum]: pairs checked with it there. */
  guint      pairs[RING_N_PARAMS][2];
  guint      valid_pairs[RING_N_PARAMS][2];
  /* [kind][kind][level][level], the lower parameter id first. */
  gboolean   kinds[N_KINDS][N_KINDS][2][2];
  gboolean   valid_kinds[N_KINDS][N_KINDS][2][2];
} GridSample;

/* Parameter @id at @high (its maximum) or its minimum, off grid point @index. */
static guint64
with_level (const GridSample *sample,
            guint64           index,
            guint             id,
            gboolean          high)
{
  return high ? index + sample->power[id] : index - sample->power[id];
}

/* Checks parameters @a < @b at their extremes @high_a, @high_b; FALSE when that pair is
 * not a valid configuration. */
static gboolean
check_pair (GridSample *sample,
            guint       a,
            guint       b,
            gboolean    high_a,
            gboolean    high_b)
{
  guint64 index = with_level (sample, with_level (sample, sample->defaults, a, high_a), b,
                              high_b);

  g_assert (a < b);
  if (!check_point (sample->model, index))
    return FALSE;

  sample->checked++;
  sample->pairs[a][high_a]++;
  sample->pairs[b][high_b]++;
  sample->kinds[ring_param_info (a)->kind][ring_param_info (b)->kind][high_a][high_b] = TRUE;

  return TRUE;
}

static guint
check_grid (RingModel *model)
{
  guint64 n_points = grid_size ();
  GridSample sample = { model, };
  guint64 stride;

  /* A small grid: every point. */
  if (n_points <= MAX_GRID_POINTS)
    {
      for (guint64 index = 0; index < n_points; index++)
        sample.checked += check_point (model, index);
      return sample.checked;
    }

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      sample.power[id] = id == 0 ? 1 : sample.power[id - 1] * 3;
      sample.defaults += sample.power[id];
    }
  sample.checked += check_point (model, sample.defaults);

  /* Each parameter alone at each extreme. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    for (guint high = 0; high <= 1; high++)
      sample.checked += check_point (model, with_level (&sample, sample.defaults, id, high));

  /* Pairs on a cyclic design: each parameter with the ones 1, 2, 4… ids on, the four
   * combinations of extremes in turn. */
  for (guint k = 0; k < PAIR_OFFSETS_EACH; k++)
    for (guint a = 0; a < RING_N_PARAMS; a++)
      {
        guint b = (a + (1u << k)) % RING_N_PARAMS;
        guint turn = (a + k) % 4;

        if (a != b)
          check_pair (&sample, MIN (a, b), MAX (a, b), turn & 1, turn >> 1);
      }

  /* Then the first valid pair of each kind and combination not met yet, and of each
   * parameter and extreme in fewer than MIN_PAIRS_EACH pairs. */
  for (guint a = 0; a < RING_N_PARAMS; a++)
    for (guint b = a + 1; b < RING_N_PARAMS; b++)
      for (guint turn = 0; turn < 4; turn++)
        {
          gboolean high_a = turn & 1, high_b = turn >> 1;
          RingParamKind kind_a = ring_param_info (a)->kind, kind_b = ring_param_info (b)->kind;

          RingParams params;

          /* Validating is cheap beside a report: count the valid pairs there are. */
          if (!grid_point (with_level (&sample, with_level (&sample, sample.defaults, a, high_a),
                                       b, high_b), &params))
            continue;
          sample.valid_pairs[a][high_a]++;
          sample.valid_pairs[b][high_b]++;
          sample.valid_kinds[kind_a][kind_b][high_a][high_b] = TRUE;
          if (!sample.kinds[kind_a][kind_b][high_a][high_b]
              || sample.pairs[a][high_a] < MIN_PAIRS_EACH
              || sample.pairs[b][high_b] < MIN_PAIRS_EACH)
            check_pair (&sample, a, b, high_a, high_b);
        }

  /* What the pairs cannot show: many parameters at their extremes at once. */
  stride = n_points / MAX_SAMPLED_POINTS;
  for (guint64 index = 0; index < n_points; index += stride)
    {
      if (n_off_default (index) > 2)
        sample.checked += check_point (model, index);
    }

  g_test_message ("%u points, of which pairs cover every parameter's extremes and kinds",
                  sample.checked);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    for (guint high = 0; high <= 1; high++)
      {
        if (sample.pairs[id][high] < MIN (MIN_PAIRS_EACH, sample.valid_pairs[id][high]))
          g_error ("%s at its %s is in %u of its %u valid pairs",
                   ring_param_info (id)->property, high ? "maximum" : "minimum",
                   sample.pairs[id][high], sample.valid_pairs[id][high]);
      }
  for (guint a = 0; a < N_KINDS; a++)
    for (guint b = 0; b < N_KINDS; b++)
      for (guint turn = 0; turn < 4; turn++)
        {
          if (sample.valid_kinds[a][b][turn & 1][turn >> 1]
              && !sample.kinds[a][b][turn & 1][turn >> 1])
            g_error ("no pair of kinds %u and %u at extremes %u, %u", a, b, turn & 1,
                     turn >> 1);
        }

  return sample.checked;
}

/* A single collective of each size, on the grid's points that move at most one
 * parameter off its default: nccl-tests' smallest and largest sizes, and the command
 * line's limits. */
static guint
check_collective_grid (RingModel *model)
{
  const double sizes[] = { 1, 8, 1048576, 8589934592.0, 17179869184.0, 1e15 };
  guint64 defaults = 0, power[RING_N_PARAMS];
  g_autoptr(GArray) points = g_array_new (FALSE, FALSE, sizeof (guint64));
  guint checked = 0;

  /* Enumerated, not searched for among the 3^RING_N_PARAMS points: the defaults, and each
   * parameter at its minimum and at its maximum. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      power[id] = id == 0 ? 1 : power[id - 1] * 3;
      defaults += power[id];
    }
  g_array_append_val (points, defaults);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      guint64 low = defaults - power[id], high = defaults + power[id];

      g_array_append_val (points, low);
      g_array_append_val (points, high);
    }

  for (guint p = 0; p < points->len; p++)
    {
      RingParams params;

      if (!grid_point (g_array_index (points, guint64, p), &params))
        continue;

      for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
        {
          g_autofree char *json = NULL;

          params.message_bytes = sizes[i];
          g_assert_true (ring_model_set_params (model, &params));
          g_assert_true (ring_model_is_collective (model));
          json = ring_report_to_json (model);
          check_report (json, model);
          checked++;
        }
    }

  return checked;
}

/* Tests. */

/* The checker is strict where json-glib is not: it refuses what json-glib 1.6 wrote. */
static void
test_strict_parser (void)
{
  const char *valid[] = {
    "{}", "{\"a\" : 1}", "{\"a\":-0.5e+10,\"b\":[1,{\"c\":null}],\"d\":\"\\u00e9\\n\"}",
    " {\"a\" : 6e-10 } ", "{\"a\":0}", "{\"a\":1E5}", "{\"a\":true,\"b\":false}",
  };
  const char *invalid[] = {
    "{\"a\" : 6e-10.0}", "{\"a\" : 01}", "{\"a\" : 1.}", "{\"a\" : .5}", "{\"a\" : NaN}",
    "{\"a\" : 1e}", "{\"a\" : +1}", "{\"a\" : 1,}", "{\"a\" : inf}", "{\"a\" : 0x10}",
    "{\"a\" : 1} x", "{\"a\" : 1, \"a\" : 2}", "{\"a\" : \"\t\"}", "{'a' : 1}", "[1]",
    "{\"a\" : 1,5}", "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_autofree char *problem = NULL;
      g_autoptr(GHashTable) members = ring_test_json_parse_strictly (valid[i], &problem);

      if (members == NULL)
        g_error ("refused valid JSON %s: %s", valid[i], problem);
    }

  for (guint i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_autofree char *problem = NULL;
      g_autoptr(GHashTable) members = ring_test_json_parse_strictly (invalid[i], &problem);

      if (members != NULL)
        g_error ("accepted invalid JSON %s", invalid[i]);
    }
}

static void
test_format_number (void)
{
  const struct
  {
    double      value;
    const char *text;
  } cases[] = {
    { 0.1, "0.1" }, { 6e-10, "6e-10" }, { 7e9, "7000000000" }, { 1e13, "10000000000000" },
    { 1e20, "1e+20" }, { 0.72467, "0.72467" }, { -2.5, "-2.5" }, { 1.0 / 3, "0.3333333333333333" },
  };
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_assert_cmpstr (ring_report_format_number (cases[i].value, buffer), ==, cases[i].text);

  g_assert_null (ring_report_format_number (NAN, buffer));
  g_assert_null (ring_report_format_number (INFINITY, buffer));
  g_assert_cmpstr (buffer, ==, "");
}

static void
test_grid (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint checked = check_grid (model);

  g_test_message ("%u reports checked", checked);
  g_assert_cmpuint (checked, >=, 3 * RING_N_PARAMS);
}

static void
test_collective_grid (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  guint checked = check_collective_grid (model);

  g_test_message ("%u collective reports checked", checked);
  g_assert_cmpuint (checked, >=, 2 * RING_N_PARAMS);
}

/* A locale with a decimal comma changes nothing. */
static void
test_grid_german (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *old_locale = g_strdup (setlocale (LC_ALL, NULL));

  if (setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed");
      return;
    }

  check_grid (model);
  check_collective_grid (model);
  setlocale (LC_ALL, old_locale);
}

/* The command line prints what the library writes: the extremes and the example of the
 * issue, in C and German. */
static void
test_cli (void)
{
  const char *locales[] = { "C.UTF-8", "de_DE.UTF-8" };
  guint levels[] = { 0, 2, 3 };

  if (g_getenv ("RING_ALLREDUCE_BIN") == NULL)
    {
      g_test_skip ("RING_ALLREDUCE_BIN is not set");
      return;
    }

  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    for (guint v = 0; v < G_N_ELEMENTS (levels); v++)
      {
        g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
        g_autoptr(RingModel) model = ring_model_new ();
        g_auto(RingTestRun) run = { 0, };
        RingParams params;

        ring_params_init_default (&params);
        for (guint id = 0; id < RING_N_PARAMS; id++)
          {
            const RingParamInfo *info = ring_param_info (id);
            double value;

            /* Level 3: the example, 1e6 parameters at 10000 TFLOP/s, one token. */
            if (levels[v] < 3)
              value = grid_value (id, levels[v]);
            else if (id == RING_PARAM_MODEL_PARAMS || id == RING_PARAM_TOKENS_PER_GPU)
              value = info->minimum;
            else if (id == RING_PARAM_COMPUTE)
              value = info->maximum;
            else
              value = info->default_value;

            /* A withdrawn parameter has no option; the library sees its default. */
            if (info->withdrawn)
              continue;
            ring_params_set_value (&params, id, value);
          }
        /* Each option once all rows are in, the fraction of --slow-link I:FRACTION with it. */
        for (guint id = 0; id < RING_N_PARAMS; id++)
          {
            g_autofree char *text = NULL;

            if (ring_param_info (id)->withdrawn)
              continue;
            text = ring_params_dup_option_value (&params, id);
            if (text != NULL)
              g_ptr_array_add (args, g_strdup_printf ("--%s=%s", ring_param_info (id)->option,
                                                      text));
          }
        /* The example of issue 9 as a single collective too: one 8 GiB all-reduce. */
        if (levels[v] == 3)
          {
            params.message_bytes = 8589934592.0;
            g_ptr_array_add (args, g_strdup ("--message-size=8GiB"));
          }
        g_ptr_array_add (args, g_strdup ("--report=json"));
        g_ptr_array_add (args, NULL);

        if (!ring_params_validate (&params, NULL))
          continue;
        g_assert_true (ring_model_set_params (model, &params));

        run = ring_test_run_cli_full (locales[l], NULL, (const char * const *) args->pdata);
        if (run.status != 0)
          g_error ("exit status %d: %s", run.status, run.err);
        check_report (run.out, model);
      }
}

/* With nccl-tests logs loaded, the report keeps being exactly one valid object, in a
 * language with a decimal comma too: the logs' points, errors and fit, nested. */
static void
test_measurements_strict (void)
{
  static const char *logs[] = { "h100-2node-gj-aion.log", "a100-2node-info.log" };
  static const char *locales[] = { "C.UTF-8", "de_DE.UTF-8" };

  for (guint l = 0; l < G_N_ELEMENTS (locales); l++)
    {
      g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GHashTable) members = NULL;
      g_autofree char *problem = NULL;
      g_auto(RingTestRun) run = { 0 };

      for (guint i = 0; i < G_N_ELEMENTS (logs); i++)
        {
          g_ptr_array_add (args, g_strdup ("--import-nccl"));
          g_ptr_array_add (args, g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                        logs[i], NULL));
        }
      /* On the log's GPU: on the default one the fit drives net efficiency to its bound
       * and --fit is refused (issue 27). */
      g_ptr_array_add (args, g_strdup ("--gpu"));
      g_ptr_array_add (args, g_strdup ("h100"));
      g_ptr_array_add (args, g_strdup ("--fit"));
      g_ptr_array_add (args, g_strdup ("--report=json"));
      g_ptr_array_add (args, NULL);
      run = ring_test_run_cli_full (locales[l], NULL, (const char * const *) args->pdata);
      g_assert_cmpint (run.status, ==, 0);
      members = ring_test_json_parse_strictly (run.out, &problem);
      if (members == NULL)
        g_error ("not JSON: %s\n%s", problem, run.out);
      g_assert_true (g_str_has_prefix (g_hash_table_lookup (members, "measurements"), "["));
      g_assert_true (g_str_has_prefix (g_hash_table_lookup (members, "fitted_from"), "{"));
    }
}

/* @array: the report's fabric_tier_loads, leaf then spine. */
static void
check_spine_load (const char *array,
                  double      load,
                  double      capacity_gbps,
                  gboolean    bound)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonArray *tiers;
  JsonObject *leaf, *spine;

  g_assert_true (json_parser_load_from_data (parser, array, -1, NULL));
  tiers = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (tiers), ==, 2);
  leaf = json_array_get_object_element (tiers, 0);
  spine = json_array_get_object_element (tiers, 1);
  g_assert_cmpstr (json_object_get_string_member (leaf, "tier"), ==, "leaf");
  g_assert_cmpstr (json_object_get_string_member (spine, "tier"), ==, "spine");
  g_assert_true (json_object_get_boolean_member (leaf, "bound") == !bound);
  g_assert_true (json_object_get_boolean_member (spine, "bound") == bound);
  ring_test_assert_relative (json_object_get_double_member (spine, "load"), load, 1e-12);
  ring_test_assert_relative (json_object_get_double_member (spine, "capacity_gbps"),
                             capacity_gbps, 1e-12);
}

/* The command: 1 024 H100s in leaves of 16 nodes. Packed, NCCL's NVLS tree
 * sends about one node rate out of a leaf whose uplinks carry 16/R: the leaf bounds it at
 * 1:1 and 4:1 alike. Scattered, 16 · 112/127 node rates leave a leaf: the spine gives each
 * node 384 · 16 / (R · 16 · 112/127) GB/s, capped at the NICs' 384. */
static void
test_fabric_cli (void)
{
  static const char *ratios[] = { "1:1", "2:1", "4:1" };
  static const char *placements[] = { "packed", "scattered" };

  for (guint p = 0; p < G_N_ELEMENTS (placements); p++)
    for (guint r = 0; r < G_N_ELEMENTS (ratios); r++)
      {
        g_autoptr(GHashTable) members = NULL;
        g_autofree char *problem = NULL;
        g_auto(RingTestRun) run = { 0 };
        double ratio = r == 0 ? 1 : 2 * r;
        double expected = p == 0 ? 384 : MIN (384, 384 * 127.0 / (ratio * 112));
        const char *tier = p == 1 && ratio > 1 ? "\"spine\"" : "\"leaf\"";

        run = ring_test_run_cli (NULL, "--report=json", "--gpu", "h100", "--gpus", "1024",
                                 "--fabric-tiers", "2", "--nodes-per-leaf", "16",
                                 "--oversubscription", ratios[r], "--placement",
                                 placements[p], "--message-size", "1GiB", NULL);
        g_assert_cmpint (run.status, ==, 0);
        members = ring_test_json_parse_strictly (run.out, &problem);
        if (members == NULL)
          g_error ("not JSON: %s\n%s", problem, run.out);
        g_assert_cmpstr (g_hash_table_lookup (members, "fabric_bound_tier"), ==, tier);
        ring_test_assert_relative (g_ascii_strtod (g_hash_table_lookup (members, "fabric_gbps"),
                                                   NULL), expected, 1e-12);
        g_assert_cmpfloat (g_ascii_strtod (g_hash_table_lookup (members, "fabric_time_share"),
                                           NULL), >, 0.5);
        check_spine_load (g_hash_table_lookup (members, "fabric_tier_loads"),
                          /* Packed: NCCL's two trees send 6 quarter node rates out of
                           * the busiest leaf; scattered, 16 · 112/127, capped at 1. */
                          MIN (1, ratio * (p == 0 ? 1.5 : 16 * 112.0 / 127) / 16),
                          16 * 384 / ratio, p == 1 && ratio > 1);
      }
}

/* The text report says the uplinks' load and what the other placement would do. */
static void
test_fabric_text (void)
{
  g_auto(RingTestRun) run = { 0 };

  run = ring_test_run_cli ("C.UTF-8", "--report=text", "--gpu", "h100", "--gpus", "1024",
                           "--fabric-tiers", "2", "--nodes-per-leaf", "16",
                           "--oversubscription", "4:1", "--message-size", "1GiB", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.out, "Spine uplinks 38 % loaded at 4:1 — packed placement; "
                                     "scattered would bind the spine at 108.9 GB/s a node."));
}

/* The JSON report's uplinks count the other job's traffic, ours apart: packed at 2:1 and
 * 10 %, our ring's one node rate (384 GB/s) and its 38.4 GB/s in the leaf's 768. */
static void
test_other_job_loads_json (void)
{
  g_autoptr(GHashTable) members = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *problem = NULL;
  g_auto(RingTestRun) run = { 0 };
  JsonObject *spine;

  run = ring_test_run_cli (NULL, "--report=json", "--gpu", "h100", "--gpus", "64",
                           "--algorithm", "ring", "--fabric-tiers", "2", "--nodes-per-leaf",
                           "4", "--oversubscription", "2:1", "--other-job-gpus", "64",
                           "--other-job-load", "10", "--message-size", "1GiB", NULL);
  g_assert_cmpint (run.status, ==, 0);
  members = ring_test_json_parse_strictly (run.out, &problem);
  if (members == NULL)
    g_error ("not JSON: %s\n%s", problem, run.out);
  g_assert_true (json_parser_load_from_data (parser, g_hash_table_lookup (members,
                                                                          "fabric_tier_loads"),
                                             -1, NULL));
  spine = json_array_get_object_element (json_node_get_array (json_parser_get_root (parser)),
                                         1);
  ring_test_assert_relative (json_object_get_double_member (spine, "our_demand_gbps"), 384,
                             1e-12);
  ring_test_assert_relative (json_object_get_double_member (spine, "other_job_demand_gbps"),
                             38.4, 1e-12);
  ring_test_assert_relative (json_object_get_double_member (spine, "demand_gbps"), 422.4,
                             1e-12);
  ring_test_assert_relative (json_object_get_double_member (spine, "load"), 422.4 / 768,
                             1e-12);

  /* The text report says both. */
  {
    g_auto(RingTestRun) text = ring_test_run_cli ("C.UTF-8", "--report=text", "--gpu", "h100",
                                                  "--gpus", "64", "--algorithm", "ring",
                                                  "--fabric-tiers", "2", "--nodes-per-leaf",
                                                  "4", "--oversubscription", "2:1",
                                                  "--other-job-gpus", "64",
                                                  "--other-job-load", "10", "--message-size",
                                                  "1GiB", NULL);

    g_assert_cmpint (text.status, ==, 0);
    g_assert_nonnull (strstr (text.out, "Spine uplinks 55 % loaded (ours 50 %, the other "
                                        "job’s 5 %) at 2:1 — packed placement"));
  }
}

/* The fabric's line names another job and our time with it and alone. */
static void
test_other_job_line (void)
{
  RingParams params;
  RingResult result;
  g_autofree char *line = NULL;
  g_autofree char *with = NULL;
  g_autofree char *alone = NULL;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
  params.gpus = 64;
  params.message_bytes = 1073741824.0;
  params.fabric_tiers = 2;
  params.nodes_per_leaf = 4;
  params.oversubscription = 4;
  params.placement = RING_PLACEMENT_SCATTERED;
  params.other_job_gpus = 64;
  params.other_job_load = 50;
  ring_cost_evaluate (&params, &result);
  line = ring_report_describe_fabric (&params, &result);
  with = ring_format_duration (result.allreduce_time_s);
  alone = ring_format_duration (result.alone_allreduce_time_s);
  g_assert_cmpfloat (result.allreduce_time_s, >, result.alone_allreduce_time_s);
  g_assert_nonnull (strstr (line, "Another job’s 64 GPUs at 50 % load"));
  g_assert_nonnull (strstr (line, with));
  g_assert_nonnull (strstr (line, alone));

  /* Scattered at 4:1 and 50 % every flow gets the fair share and the uplinks are full,
   * half of them the other job's (its 16/7 flows of 7/32 a node rate in one). */
  g_assert_nonnull (strstr (line, "Spine uplinks bind at 4:1, the other job taking 50 % of "
                                  "them"));

  params.other_job_gpus = 0;
  ring_cost_evaluate (&params, &result);
  g_clear_pointer (&line, g_free);
  line = ring_report_describe_fabric (&params, &result);
  g_assert_null (strstr (line, "Another job"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/report/strict-parser", test_strict_parser);
  g_test_add_func ("/ring/report/other-job-line", test_other_job_line);
  g_test_add_func ("/ring/report/format-number", test_format_number);
  g_test_add_func ("/ring/report/measurements-strict", test_measurements_strict);
  g_test_add_func ("/ring/report/json-grid", test_grid);
  g_test_add_func ("/ring/report/json-collective-grid", test_collective_grid);
  g_test_add_func ("/ring/report/json-grid-german", test_grid_german);
  g_test_add_func ("/ring/report/json-cli", test_cli);
  g_test_add_func ("/ring/report/fabric-cli", test_fabric_cli);
  g_test_add_func ("/ring/report/fabric-text", test_fabric_text);
  g_test_add_func ("/ring/report/other-job-loads-json", test_other_job_loads_json);

  return g_test_run ();
}
