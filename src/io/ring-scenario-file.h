/* ring-scenario-file.h: pinned scenarios as small JSON files, and as the text GSettings
 * keeps them in.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ring-scenario.h"

G_BEGIN_DECLS

/* The format's name and the newest version this program reads and writes. */
#define RING_SCENARIO_FORMAT  "ring-allreduce-scenario"
#define RING_SCENARIO_VERSION 1

/* One scenario is an object:
 *   { "format": "ring-allreduce-scenario", "version": 1, "name": "64 × H100, NDR",
 *     "parameters": { "gpu": "h100", "gpus": 64, … } }
 * with every parameter of the table under its JSON key (as in --report=json; choices by
 * name) and "message_size_bytes"; several are an array of such objects. A parameter left
 * out takes its default (a GPU's facts and a fabric's latency first, as on the command
 * line); an unknown one, a value of the wrong type or out of range, a newer version or a
 * name of only spaces refuses the whole text. */
char      *ring_scenario_file_to_json (RingScenario * const *scenarios,
                                       guint                 n_scenarios);
/* A GPtrArray of RingScenario (at least one), or NULL with @error saying what is wrong. */
GPtrArray *ring_scenario_file_parse   (const char           *text,
                                       gssize                length,
                                       GError              **error);
/* The same from a file, at most 1 MiB; the message names the file. */
GPtrArray *ring_scenario_file_load    (GFile                *file,
                                       GCancellable         *cancellable,
                                       GError              **error);
/* Writes as exports do (ring-file-writer.h): the old file stays whole on any failure. */
gboolean   ring_scenario_file_save    (GFile                *file,
                                       RingScenario * const *scenarios,
                                       guint                 n_scenarios,
                                       GCancellable         *cancellable,
                                       GError              **error);

G_END_DECLS
