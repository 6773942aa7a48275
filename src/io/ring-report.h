/* ring-report.h: every parameter and derived figure, as JSON, as text, or as table rows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-model.h"

G_BEGIN_DECLS

typedef struct
{
  const char *label;   /* translated, for people */
  char       *value;   /* formatted for people, in the current locale */
} RingReportRow;

/* One object: every parameter and every derived value under DESIGN.md's snake_case names;
 * numbers are JSON numbers that read back as the same double (never locale-formatted),
 * an unreachable value is null. */
char      *ring_report_to_json (RingModel *model);
/* Aligned "label  value" lines for a terminal. */
char      *ring_report_to_text (RingModel *model);
/* The same figures as rows for a table (the PDF report's first page). Free with
 * ring_report_rows_free(). */
GPtrArray *ring_report_rows    (RingModel *model);

/* A sentence on the fabric's uplinks: the most loaded tier's load at its oversubscription,
 * the placement, and what the other placement would do; NULL on one node or one switch. */
char      *ring_report_describe_fabric (const RingParams *params,
                                        const RingResult *result);

/* A parallel layout's figure by its JSON key ("mfu", "bubble_s", "dp_time_s"…) as the
 * text report and the window's cards write it: "16.9 %", "Ring, 535 ms"; NULL for a key
 * with no such figure. */
char      *ring_report_format_layout_figure (RingModel  *model,
                                             const char *key);

/* The question the model answers: "training-step" or "single-collective" (the JSON's
 * "mode"), and its title for people, translated. */
const char *ring_report_mode_name  (RingModel *model);
const char *ring_report_mode_title (RingModel *model);

/* @value in the fewest significant digits (15, 16 or 17) that read back as the same
 * double with g_ascii_strtod(), '.' as the decimal point whatever the locale: valid in
 * JSON and CSV. NULL (and an empty @buffer) for NaN and infinities. */
const char *ring_report_format_number (double value,
                                       char   buffer[G_ASCII_DTOSTR_BUF_SIZE]);
/* @value as a JSON string, quoted, with quotes, backslashes and control characters
 * escaped; the report's and the scenario files' text. */
void        ring_report_append_json_text (GString    *json,
                                          const char *value);
/* @value as ring_report_format_number() writes it, or JSON's null where that has none; the
 * report's and the scenario files' numbers. */
void        ring_report_append_json_number (GString *json,
                                            double   value);

G_END_DECLS
