/* ring-cli-private.h: what the option table and the handling of the command line share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-cli.h"
#include "ring-presets.h"

G_BEGIN_DECLS

/* The value @raw of --@option as UTF-8, or NULL with @error naming the option. */
char *_ring_cli_option_text (const char  *option,
                             const char  *raw,
                             GError     **error);

/* "ring-allreduce: message" on standard error. */
void  _ring_cli_print_error (const char  *format,
                             ...) G_GNUC_PRINTF (1, 2);

/* More presets than there are kinds would always set a parameter twice. */
#define RING_CLI_MAX_PRESETS 8

/* The preset --preset @raw names, or NULL with @error naming the option and the known
 * presets. */
const RingPreset *_ring_cli_lookup_preset (const char         *raw,
                                           GError            **error);
/* Applies every --preset of @args in order; FALSE with @error naming both presets when
 * two set the same parameter. */
gboolean          _ring_cli_apply_presets (const RingCliArgs  *args,
                                           RingParams         *params,
                                           GError            **error);

/* What the command line does with the render library and json-glib: list the charts,
 * read scenario files and logs, write an export. Each returns as ring_cli_handle()'s
 * steps do: an exit status, or FALSE/NULL with @error for a usage error. */
typedef struct
{
  int        (*list_charts)    (void);
  GPtrArray *(*load_scenarios) (const RingCliArgs  *args,
                                GError            **error);
  gboolean   (*import_logs)    (const RingCliArgs  *args,
                                RingModel          *model,
                                GError            **error);
  int        (*write_export)   (const RingCliArgs  *args,
                                RingModel          *model,
                                const char         *chart,
                                const char         *size,
                                const char         *paper);
} RingCliExportLayer;

/* The layer ring_cli_handle() uses: NULL until ring_cli_use_export_layer() gives it. */
void _ring_cli_set_export_layer (const RingCliExportLayer *layer);

G_END_DECLS
