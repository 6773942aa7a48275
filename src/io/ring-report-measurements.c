/* ring-report-measurements.c: the loaded nccl-tests logs in the JSON report: per log its
 * points (measured, the model on the log's cluster, the error), the fit and the error
 * summary; and which values the model holds from a fit.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-measurement.h"
#include "ring-report-private.h"
#include "ring-units.h"

/* A nested object or array of the JSON, laid out as the rest of the report (two spaces a
 * level, " : " after a key). */
typedef struct
{
  GString *json;
  guint    depth;
  gboolean first[8];
} Writer;

static void
indent (Writer *w)
{
  g_string_append_c (w->json, '\n');
  for (guint i = 0; i < w->depth; i++)
    g_string_append (w->json, "  ");
}

/* Starts a member (@key) or an element (NULL) of the open object or array. */
static void
item (Writer     *w,
      const char *key)
{
  if (!w->first[w->depth])
    g_string_append_c (w->json, ',');
  w->first[w->depth] = FALSE;
  indent (w);
  if (key != NULL)
    g_string_append_printf (w->json, "\"%s\" : ", key);
}

static void
open_nested (Writer     *w,
             const char *key,
             char        bracket)
{
  item (w, key);
  g_string_append_c (w->json, bracket);
  w->depth++;
  g_assert (w->depth < G_N_ELEMENTS (w->first));
  w->first[w->depth] = TRUE;
}

static void
close_nested (Writer *w,
              char    bracket)
{
  gboolean empty = w->first[w->depth];

  w->depth--;
  if (!empty)
    indent (w);
  g_string_append_c (w->json, bracket);
}

static void
number (Writer     *w,
        const char *key,
        double      value)
{
  item (w, key);
  ring_report_append_json_number (w->json, value);
}

static void
boolean (Writer     *w,
         const char *key,
         gboolean    value)
{
  item (w, key);
  g_string_append (w->json, value ? "true" : "false");
}

static void
string (Writer     *w,
        const char *key,
        const char *value)
{
  item (w, key);
  if (value == NULL)
    g_string_append (w->json, "null");
  else
    ring_report_append_json_text (w->json, value);
}

static void
error_figures (Writer     *w,
               const char *key,
               double      geomean_pct,
               double      worst_pct)
{
  open_nested (w, key, '{');
  number (w, "geomean_pct", geomean_pct);
  number (w, "worst_pct", worst_pct);
  close_nested (w, '}');
}

static void
fit_values (Writer            *w,
            const RingNcclFit *fit)
{
  open_nested (w, "values", '[');
  for (guint j = 0; j < fit->n_values; j++)
    {
      const RingNcclFitValue *value = &fit->values[j];
      const RingParamInfo *info = ring_param_info (value->id);

      open_nested (w, NULL, '{');
      string (w, "name", info->json_key);
      string (w, "unit", info->unit);
      number (w, "value", value->value);
      number (w, "nominal", value->nominal);
      boolean (w, "determined", value->determined);
      close_nested (w, '}');
    }
  close_nested (w, ']');
}

/* The log against the reference library: what was compared, the published runs it was
 * compared with and their sources. */
static void
verdict_json (Writer            *w,
              const RingVerdict *verdict)
{
  g_autofree char *text = ring_verdict_describe (verdict);

  open_nested (w, "verdict", '{');
  string (w, "class", ring_verdict_class_name (verdict->verdict));
  string (w, "text", text);
  string (w, "gpu", ring_gpu_info (verdict->gpu)->name);
  number (w, "nodes", verdict->nodes);
  number (w, "gpus_per_node", verdict->gpus_per_node);
  number (w, "size_bytes", verdict->size_bytes);
  number (w, "busbw_gbps", verdict->busbw_gbps);
  number (w, "published_nodes", verdict->reference_nodes > 0 ? verdict->reference_nodes : NAN);
  number (w, "published_systems", verdict->n_systems);
  number (w, "published_low_gbps", verdict->low_gbps);
  number (w, "published_high_gbps", verdict->high_gbps);
  open_nested (w, "runs", '[');
  for (guint i = 0; i < verdict->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (verdict->runs, i);

      open_nested (w, NULL, '{');
      string (w, "system", run->system);
      string (w, "status", run->status);
      number (w, "nodes", run->nodes);
      number (w, "gpus_per_node", run->gpus_per_node);
      string (w, "fabric", ring_fabric_to_string (run->fabric));
      number (w, "size_bytes", run->size_bytes);
      number (w, "measured_us", run->measured_us);
      number (w, "busbw_gbps", ring_reference_run_busbw_gbps (run));
      string (w, "source", run->source);
      close_nested (w, '}');
    }
  close_nested (w, ']');
  close_nested (w, '}');
}

static void
measurement_json (Writer                *w,
                  const RingMeasurement *measurement,
                  const RingParams      *params)
{
  g_autoptr(RingNcclFit) comparison = ring_measurement_compare (measurement, params);
  const RingNcclLog *log = measurement->log;
  const RingNcclFit *fit = measurement->fit;
  g_autofree char *warning = NULL;

  open_nested (w, NULL, '{');
  string (w, "file", measurement->name);
  /* nccl-tests' program without "_perf": "all_reduce", "all_gather", … */
  string (w, "collective", ring_collective_info (log->collective)->name);
  number (w, "ranks", log->ranks);
  number (w, "sizes", comparison != NULL ? comparison->n_sizes : NAN);
  number (w, "rows_with_wrong_elements", ring_nccl_log_count_wrong (log));
  number (w, "nodes", log->nodes > 0 ? log->nodes : NAN);
  string (w, "gpu_name", log->gpu_name);
  /* The cluster the model is compared on: the log's, with the model's other values. */
  string (w, "gpu", ring_gpu_info (fit->params.gpu)->name);
  number (w, "gpus_per_node", fit->params.gpus_per_node);
  boolean (w, "same_cluster", ring_measurement_same_cluster (measurement, params));

  open_nested (w, "points", '[');
  for (guint i = 0; comparison != NULL && i < comparison->points->len; i++)
    {
      const RingNcclFitPoint *point = &g_array_index (comparison->points, RingNcclFitPoint, i);

      open_nested (w, NULL, '{');
      number (w, "size_bytes", point->size_bytes);
      number (w, "measured_us", point->measured_us);
      number (w, "model_us", point->predicted_us);
      number (w, "error_pct", (point->predicted_us / point->measured_us - 1) * 100);
      close_nested (w, '}');
    }
  close_nested (w, ']');

  /* The model as it is now; the fit's before (the parameters at the import) and after. */
  open_nested (w, "error", '{');
  number (w, "geomean_pct", comparison != NULL ? comparison->nominal_geomean_error_pct : NAN);
  number (w, "worst_pct", comparison != NULL ? comparison->nominal_worst_error_pct : NAN);
  error_figures (w, "before_fit", fit->nominal_geomean_error_pct,
                 fit->nominal_worst_error_pct);
  error_figures (w, "after_fit", fit->geomean_error_pct, fit->worst_error_pct);
  close_nested (w, '}');

  open_nested (w, "fit", '{');
  fit_values (w, fit);
  warning = ring_nccl_fit_describe_warning (fit);
  string (w, "warning", warning);
  close_nested (w, '}');
  verdict_json (w, measurement->verdict);
  close_nested (w, '}');
}

void
_ring_report_append_measurements_json (GString   *json,
                                       RingModel *model)
{
  GPtrArray *measurements = ring_model_get_measurements (model);
  RingMeasurement *fitted = ring_model_get_fitted_measurement (model);
  Writer w = { json, 1, { FALSE, FALSE, } };

  if (measurements->len == 0)
    return;

  open_nested (&w, "measurements", '[');
  for (guint m = 0; m < measurements->len; m++)
    measurement_json (&w, g_ptr_array_index (measurements, m), ring_model_get_params (model));
  close_nested (&w, ']');

  /* Which log's fitted values the parameters above hold, and which those are. */
  if (fitted == NULL)
    {
      item (&w, "fitted_from");
      g_string_append (json, "null");
      return;
    }
  open_nested (&w, "fitted_from", '{');
  string (&w, "file", fitted->name);
  /* Only what the log determined: the rest kept its value (ring_nccl_fit_apply). */
  open_nested (&w, "set", '[');
  for (guint j = 0; j < fitted->fit->n_values; j++)
    if (fitted->fit->values[j].determined)
      string (&w, NULL, ring_param_info (fitted->fit->values[j].id)->json_key);
  close_nested (&w, ']');
  close_nested (&w, '}');
}
