/* ring-test-json.h: the JSON the programs write, read strictly or by json-glib.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* The members of the one object @json holds, each as its value's raw text (a string with
 * its quotes); NULL, with @problem set, when @json is not exactly one valid JSON object. */
GHashTable *ring_test_json_parse_strictly (const char  *json,
                                           char       **problem);

/* What the programs wrote as JSON, read by json-glib: an object, or the test fails. */
JsonObject *ring_test_parse_report        (const char  *json);

G_END_DECLS
