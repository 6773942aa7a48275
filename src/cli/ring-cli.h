/* ring-cli.h: the command line of both programs, with no GTK.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-model.h"
#include "ring-params.h"

G_BEGIN_DECLS

/* Exit statuses of the command-line contract (DESIGN.md). */
#define RING_CLI_EXIT_IO_ERROR 1
#define RING_CLI_EXIT_USAGE    2
/* What ring_cli_handle() and ring_cli_run() return when the options ask for the window. */
#define RING_CLI_OPEN_WINDOW   (-1)
/* What they return, having checked nothing, without the export layer when the options
 * need it: run the command line again in the export module (ring-cli-module.c). */
#define RING_CLI_LOAD_EXPORTS  (-2)

/* The options as given: the command line's bytes, converted only when used; NULL when
 * not given. */
typedef struct
{
  char     *param_values[RING_N_PARAMS];  /* by RingParamId */
  char    **presets;      /* --preset NAME, repeatable: applied in the order given, or NULL */
  char     *report;       /* "" for a bare --report */
  char     *export_path;  /* a file name */
  char     *chart;
  char     *size;
  char     *paper;        /* the report's: "a4" or "letter" */
  gboolean  version;
  char    **import_nccl;  /* nccl-tests logs (file names), in the order given, or NULL */
  gboolean  fit;          /* use the first log's fitted values */
  char    **stray;        /* arguments that belong to no option */
  char    **scenario_files;  /* --scenario FILE, repeatable: scenario files to pin */
} RingCliArgs;

/* The option table of both programs, one option per parameter row, then the others. With
 * @args the values go there; with NULL, to GApplication's options dictionary
 * (ring_cli_args_from_dict()). Free with g_free(). */
GOptionEntry *ring_cli_option_entries_new (RingCliArgs         *args);
/* The values GApplication packed from ring_cli_option_entries_new (NULL). */
void          ring_cli_args_from_dict     (RingCliArgs         *args,
                                           GVariantDict        *options);
void          ring_cli_args_clear         (RingCliArgs         *args);

/* --help's texts, translated. */
const char   *ring_cli_get_summary        (void);
const char   *ring_cli_get_description    (void);

/* The presets, then each option, to @params; two presets that set one parameter are
 * refused. @error names the option, the value and what is accepted. */
gboolean      ring_cli_apply_params       (const RingCliArgs   *args,
                                           RingParams          *params,
                                           GError             **error);

/* --fit: the values fitted to log @index into @model; FALSE, nothing changed, when the
 * log determines none or an option asks for another value (beyond 1 %). */
gboolean      ring_cli_use_fit            (const RingCliArgs   *args,
                                           RingModel           *model,
                                           guint                index,
                                           GError             **error);

/* Every --scenario file as a GPtrArray of RingScenario, or NULL with @error naming the
 * file; more than RING_MAX_SCENARIOS are refused. */
GPtrArray    *ring_cli_load_scenarios     (const RingCliArgs   *args,
                                           GError             **error);
/* Lets ring_cli_handle() draw, write and read files (ring-cli-export.c): the window program
 * and the export module call it; without it, such a command line returns
 * RING_CLI_LOAD_EXPORTS. */
void          ring_cli_use_export_layer   (void);
/* Checks every option, then does what they ask and returns the exit status, or
 * RING_CLI_OPEN_WINDOW. Messages name the option. */
int           ring_cli_handle             (const RingCliArgs   *args);

/* Parses @argv (left untouched) and handles it as ring_cli_handle() does. */
int           ring_cli_run                (char               **argv);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RingCliArgs, ring_cli_args_clear)

G_END_DECLS
