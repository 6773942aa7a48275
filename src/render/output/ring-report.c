/* ring-report.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stddef.h>

#include "ring-report.h"
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

static void
append_json_number (GString    *json,
                    const char *key,
                    double      value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];
  const char *number = ring_report_format_number (value, buffer);

  append_json_key (json, key);
  g_string_append (json, number != NULL ? number : "null");
}

static void
append_json_string (GString    *json,
                    const char *key,
                    const char *value)
{
  append_json_key (json, key);
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

/* The derived values, in the report's order. */
static const struct
{
  const char *key;
  gsize       offset;
} result_numbers[] = {
  { "gradient_buffer_bytes", G_STRUCT_OFFSET (RingResult, gradient_buffer_bytes) },
  { "compute_time_s", G_STRUCT_OFFSET (RingResult, compute_time_s) },
  { "backward_time_s", G_STRUCT_OFFSET (RingResult, backward_time_s) },
  { "bytes_moved_per_gpu", G_STRUCT_OFFSET (RingResult, bytes_moved_per_gpu) },
  { "allreduce_time_s", G_STRUCT_OFFSET (RingResult, allreduce_time_s) },
  { "latency_time_s", G_STRUCT_OFFSET (RingResult, latency_time_s) },
  { "exposed_comm_s", G_STRUCT_OFFSET (RingResult, exposed_comm_s) },
  { "step_time_s", G_STRUCT_OFFSET (RingResult, step_time_s) },
  { "utilization", G_STRUCT_OFFSET (RingResult, utilization) },
  { "algbw_gbps", G_STRUCT_OFFSET (RingResult, algbw_gbps) },
  { "busbw_gbps", G_STRUCT_OFFSET (RingResult, busbw_gbps) },
  { "tokens_per_s", G_STRUCT_OFFSET (RingResult, tokens_per_s) },
  /* The event simulation: null beyond the sizes it steps. */
  { "sim_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_allreduce_time_s) },
  { "sim_uniform_allreduce_time_s", G_STRUCT_OFFSET (RingResult, sim_uniform_allreduce_time_s) },
  { "sim_step_time_s", G_STRUCT_OFFSET (RingResult, sim_step_time_s) },
  { "sim_uniform_step_time_s", G_STRUCT_OFFSET (RingResult, sim_uniform_step_time_s) },
};

char *
ring_report_to_json (RingModel *model)
{
  const RingParams *p;
  const RingResult *r;
  GString *json;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  p = ring_model_get_params (model);
  r = ring_model_get_result (model);
  json = g_string_new ("{\n");

  /* Parameters, as given: every row of the parameter table, so a new one is reported
   * without a change here. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      if (info->kind == RING_PARAM_KIND_CHOICE)
        append_json_string (json, info->json_key,
                            ring_param_choice_name (id, (guint) ring_params_get_value (p, id)));
      else
        append_json_number (json, info->json_key, ring_params_get_value (p, id));
    }
  append_json_number (json, "message_size_bytes", p->message_bytes > 0 ? p->message_bytes : NAN);

  /* Derived values. */
  for (guint i = 0; i < G_N_ELEMENTS (result_numbers); i++)
    append_json_number (json, result_numbers[i].key,
                        G_STRUCT_MEMBER (double, r, result_numbers[i].offset));
  append_json_key (json, "comm_bound");
  g_string_append (json, r->comm_bound ? "true" : "false");
  append_json_number (json, "bandwidth_for_90pct_gbps", r->bandwidth_for_90pct_gbps);

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

/* The event simulation's times, and what the slow link and GPU cost. */
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
  add_row (rows, _("Simulated step"), ring_format_duration (r->sim_step_time_s));
  add_row (rows, _("at full speed"), ring_format_duration (r->sim_uniform_step_time_s));
  if (summary != NULL)
    add_row (rows, _("Slow link and GPU"), g_strdup (summary));
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

  add_row (rows, _("GPUs in the ring"), g_strdup_printf ("%u", p->gpus));
  add_row (rows, _("Model size"), with_unit (ring_format_count (p->model_params),
                                             _("parameters")));
  add_row (rows, _("Interconnect bandwidth"), g_strdup_printf ("%g GB/s", p->bandwidth_gbps));
  add_row (rows, _("Per-GPU compute"), g_strdup_printf ("%g TFLOP/s", p->compute_tflops));
  add_row (rows, _("Tokens per GPU per step"), g_strdup_printf ("%.0f", p->tokens_per_gpu));
  add_row (rows, _("Gradient precision"),
           g_strdup (p->gradient_bytes == 4 ? "fp32" : p->gradient_bytes == 2 ? "bf16" : "fp8"));
  add_row (rows, _("Latency per hop"), ring_format_duration (p->latency_us * 1e-6));
  add_row (rows, _("Overlap with backward pass"), format_percent (p->overlap));
  add_row (rows, _("Algorithm"), g_strdup (ring_algorithm_to_string (p->algorithm)));
  if (p->message_bytes > 0)
    add_row (rows, _("Message size"), ring_format_bytes (p->message_bytes));
  if (p->slow_link_fraction < 1)
    /* Translators: the slow link's number, then its share of the bandwidth */
    add_row (rows, _("Slow link"), g_strdup_printf (_("%u at %.0f %%"), p->slow_link,
                                                     p->slow_link_fraction * 100));
  if (p->slow_gpu_fraction < 1)
    /* Translators: the slow GPU's number, then its share of the compute */
    add_row (rows, _("Slow GPU"), g_strdup_printf (_("%u at %.0f %%"), p->slow_gpu,
                                                    p->slow_gpu_fraction * 100));

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
  add_simulation_rows (rows, model);
  /* The label is no format string: "% u" only looks like one to xgettext. */
  if (p->gpus == 1)
    add_row (rows, _("Bandwidth for 90 % utilization"), g_strdup (_("not needed: one GPU")));
  else if (isnan (r->bandwidth_for_90pct_gbps))
    /* xgettext:no-c-format */
    add_row (rows, _("Bandwidth for 90 % utilization"), g_strdup (_("unreachable")));
  else
    /* xgettext:no-c-format */
    add_row (rows, _("Bandwidth for 90 % utilization"),
             ring_format_bandwidth (r->bandwidth_for_90pct_gbps * 1e9));

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
