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
/* What they return, having checked nothing, in a program without the export layer when
 * the options ask for it (an export, a chart list, a log or a scenario file): the
 * program runs the command line again in the export module (ring-cli-module.c). */
#define RING_CLI_LOAD_EXPORTS  (-2)

/* The options as given. Each value is the bytes of the command line, in the locale's
 * encoding, converted (with the option named on failure) only when it is used; NULL when
 * the option was not given. */
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

/* The option table of both programs: one option per row of the parameter table (its
 * option name, description and argument name), then --preset, --message-size, --report,
 * --export, --chart, --size and --version, and the stray arguments. With @args the
 * values are stored there, for a GOptionContext; with NULL they are left to
 * GApplication, which packs them into its options dictionary (see
 * ring_cli_args_from_dict()). Free the array with g_free(); its strings are static. */
GOptionEntry *ring_cli_option_entries_new (RingCliArgs         *args);
/* The values GApplication packed from ring_cli_option_entries_new (NULL). */
void          ring_cli_args_from_dict     (RingCliArgs         *args,
                                           GVariantDict        *options);
void          ring_cli_args_clear         (RingCliArgs         *args);

/* --help's texts, translated. */
const char   *ring_cli_get_summary        (void);
const char   *ring_cli_get_description    (void);

/* Applies the presets, then each parameter option, then --message-size to @params, so an
 * option overrides the presets and anything not given keeps its value. Presets compose
 * as in the window (a hardware and a model preset); two that set the same parameter are
 * refused, naming both. On a bad value @error names the option, the value and what is
 * accepted. */
gboolean      ring_cli_apply_params       (const RingCliArgs   *args,
                                           RingParams          *params,
                                           GError             **error);

/* --fit: puts the values fitted to log @index of @model into its parameters; or, with
 * nothing changed, FALSE and @error when the log determines no value or an option or
 * the preset of @args asks for another value than the fit sets (one that agrees within
 * 1 % is the fitted value). */
gboolean      ring_cli_use_fit            (const RingCliArgs   *args,
                                           RingModel           *model,
                                           guint                index,
                                           GError             **error);

/* Reads every --scenario file into a GPtrArray of RingScenario (empty when none was
 * given), or NULL with @error naming the file and the problem; more than
 * RING_MAX_SCENARIOS in all are refused. */
GPtrArray    *ring_cli_load_scenarios     (const RingCliArgs   *args,
                                           GError             **error);
/* Lets ring_cli_handle() draw, write and read files (ring-cli-export.c): the window program
 * and the export module call it; without it, such a command line returns
 * RING_CLI_LOAD_EXPORTS. */
void          ring_cli_use_export_layer   (void);
/* Checks every option, then prints the version, a list, the report or writes the export,
 * and returns the exit status; or RING_CLI_OPEN_WINDOW when none of those was asked for
 * and every value is good. Messages go to standard error, naming the option. */
int           ring_cli_handle             (const RingCliArgs   *args);

/* The whole command line of @argv (left untouched): parses it with the option table and
 * handles it as ring_cli_handle() does; --help prints and exits. */
int           ring_cli_run                (char               **argv);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RingCliArgs, ring_cli_args_clear)

G_END_DECLS
