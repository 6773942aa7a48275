/* ring-report.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>

#include "ring-report.h"
#include "ring-units.h"

static void
add_number (JsonBuilder *builder,
            const char  *key,
            double       value)
{
  json_builder_set_member_name (builder, key);
  if (isfinite (value))
    json_builder_add_double_value (builder, value);
  else
    json_builder_add_null_value (builder);
}

static void
add_integer (JsonBuilder *builder,
             const char  *key,
             gint64       value)
{
  json_builder_set_member_name (builder, key);
  json_builder_add_int_value (builder, value);
}

char *
ring_report_to_json (RingModel *model)
{
  const RingParams *p;
  const RingResult *r;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  p = ring_model_get_params (model);
  r = ring_model_get_result (model);
  builder = json_builder_new ();

  json_builder_begin_object (builder);

  /* Parameters, as given. */
  add_integer (builder, "gpus", p->gpus);
  add_number (builder, "model_params", p->model_params);
  add_number (builder, "bandwidth_gbps", p->bandwidth_gbps);
  add_number (builder, "compute_tflops", p->compute_tflops);
  add_number (builder, "tokens_per_gpu", p->tokens_per_gpu);
  add_integer (builder, "gradient_bytes", p->gradient_bytes);
  add_number (builder, "latency_us", p->latency_us);
  add_number (builder, "overlap", p->overlap);
  json_builder_set_member_name (builder, "algorithm");
  json_builder_add_string_value (builder, ring_algorithm_to_string (p->algorithm));
  json_builder_set_member_name (builder, "message_size_bytes");
  if (p->message_bytes > 0)
    json_builder_add_double_value (builder, p->message_bytes);
  else
    json_builder_add_null_value (builder);

  /* Derived values. */
  add_number (builder, "gradient_buffer_bytes", r->gradient_buffer_bytes);
  add_number (builder, "compute_time_s", r->compute_time_s);
  add_number (builder, "backward_time_s", r->backward_time_s);
  add_number (builder, "bytes_moved_per_gpu", r->bytes_moved_per_gpu);
  add_number (builder, "allreduce_time_s", r->allreduce_time_s);
  add_number (builder, "latency_time_s", r->latency_time_s);
  add_number (builder, "exposed_comm_s", r->exposed_comm_s);
  add_number (builder, "step_time_s", r->step_time_s);
  add_number (builder, "utilization", r->utilization);
  add_number (builder, "algbw_gbps", r->algbw_gbps);
  add_number (builder, "busbw_gbps", r->busbw_gbps);
  add_number (builder, "tokens_per_s", r->tokens_per_s);
  json_builder_set_member_name (builder, "comm_bound");
  json_builder_add_boolean_value (builder, r->comm_bound);
  add_number (builder, "bandwidth_for_90pct_gbps", r->bandwidth_for_90pct_gbps);

  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_root (generator, root);

  return json_generator_to_data (generator, NULL);
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
  add_row (rows, _("Latency per hop"), g_strdup_printf ("%g µs", p->latency_us));
  add_row (rows, _("Overlap with backward pass"), format_percent (p->overlap));
  add_row (rows, _("Algorithm"), g_strdup (ring_algorithm_to_string (p->algorithm)));
  if (p->message_bytes > 0)
    add_row (rows, _("Message size"), ring_format_bytes (p->message_bytes));

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
