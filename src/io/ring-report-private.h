/* ring-report-private.h: the parts of the reports kept in files of their own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-report.h"

G_BEGIN_DECLS

/* ring-report-measurements.c: the loaded nccl-tests logs, when there are any: members
 * "measurements" and "fitted_from" of the JSON object (their rows of the text and PDF
 * report are ring-report.c's, with the others). */
void _ring_report_append_measurements_json (GString   *json,
                                            RingModel *model);

G_END_DECLS
