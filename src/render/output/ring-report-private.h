/* ring-report-private.h: the parts of the reports kept in files of their own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-report.h"

G_BEGIN_DECLS

/* ring-report-measurements.c: the loaded nccl-tests logs, when there are any: members
 * "measurements" and "fitted_from" of the JSON object, rows of the text and PDF report. */
void _ring_report_append_measurements_json (GString   *json,
                                            RingModel *model);
void _ring_report_add_measurement_rows     (GPtrArray *rows,
                                            RingModel *model);

G_END_DECLS
