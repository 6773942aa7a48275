/* ring-cli-options.c: the option table, generated from the parameter table, and the values
 * it collects.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-cli"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-printable.h"
#include "ring-algorithms.h"
#include "ring-cli-private.h"
#include "ring-presets.h"
#include "ring-units.h"

/* --report takes an optional value, which GOption offers only to a callback; one command
 * line is parsed per process, so it keeps what it saw here. */
static char *report_value = NULL;

static gboolean
report_option_cb (const char  *option_name,
                  const char  *value,
                  gpointer     data,
                  GError     **error)
{
  g_free (report_value);
  report_value = g_strdup (value != NULL ? value : "");

  return TRUE;
}

/* The algorithms the registry lists, by name. */
static const char *
algorithm_description (void)
{
  static char *description;

  if (description == NULL)
    {
      g_autofree char *names = ring_algorithms_dup_names ();

      description = g_strdup_printf (_("All-reduce algorithm: %s"), names);
    }

  return description;
}

/* The parameter rows' descriptions are N_() strings that GOption translates; a row added
 * without one still gets its option, described by its name and range. */
static const char *
param_description (const RingParamInfo *info)
{
  static char *generated[RING_N_PARAMS];

  if (info->id == RING_PARAM_ALGORITHM)
    return algorithm_description ();
  if (info->description != NULL)
    return info->description;

  if (generated[info->id] == NULL)
    generated[info->id] = g_strdup_printf ("%s (%.10g – %.10g%s%s)", info->property,
                                           info->minimum, info->maximum,
                                           *info->unit != '\0' ? " " : "", info->unit);

  return generated[info->id];
}

GOptionEntry *
ring_cli_option_entries_new (RingCliArgs *args)
{
  /* Every value is taken as bytes (G_OPTION_ARG_FILENAME): GOption's own conversion from
   * the locale's encoding fails with "Invalid byte sequence in conversion input" and no
   * option named; _ring_cli_option_text() converts and names it. */
  const GOptionEntry other_entries[] = {
    { "preset", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, args ? &args->presets : NULL,
      N_("Start from a named hardware or model preset; “list” names them; repeatable "
         "(a hardware and a model preset)"), "NAME" },
    { "report", 0, G_OPTION_FLAG_OPTIONAL_ARG | G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK,
      report_option_cb,
      N_("Print every parameter and result, as json (the default) or text, and exit"),
      "json|text" },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, args ? &args->export_path : NULL,
      N_("Write a chart to FILE (.png, .svg, .pdf or .csv) and exit"), "FILE" },
    { "chart", 0, 0, G_OPTION_ARG_FILENAME, args ? &args->chart : NULL,
      N_("The chart to export; “list” names them, “all” writes a PDF report"), "KIND" },
    { "size", 0, 0, G_OPTION_ARG_FILENAME, args ? &args->size : NULL,
      N_("Exported chart size in pixels or points (default 1600x1000), or a figure’s "
         "physical size such as 90mmx60mm or 3.5inx2.5in"), "WxH" },
    { "paper", 0, 0, G_OPTION_ARG_FILENAME, args ? &args->paper : NULL,
      N_("Paper of the PDF report (--chart all): a4 or letter; the locale’s by default"),
      "a4|letter" },
    { "scenario", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, args ? &args->scenario_files : NULL,
      N_("Pin the scenarios of a scenario file (JSON) beside the configuration: exported "
         "charts draw them and the report compares with them; repeatable"), "FILE" },
    { "import-nccl", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, args ? &args->import_nccl : NULL,
      N_("Add an nccl-tests log (all_reduce_perf, reduce_scatter_perf, all_gather_perf, "
         "broadcast_perf or alltoall_perf; text or -J JSON) to the report and the "
         "message-size chart, compared with the model; repeatable"), "FILE" },
    { "fit", 0, 0, G_OPTION_ARG_NONE, args ? &args->fit : NULL,
      N_("Use the values fitted to the first --import-nccl log before reporting or "
         "exporting"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, args ? &args->version : NULL,
      N_("Print the version and exit"), NULL },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, args ? &args->stray : NULL,
      NULL, NULL },
  };
  GOptionEntry *entries;
  guint n = 0;

  entries = g_new0 (GOptionEntry, RING_N_PARAMS + G_N_ELEMENTS (other_entries) + 1);

  /* A row that is part of another's option (the fraction of --slow-link I:FRACTION) has
   * none of its own. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      if (info->withdrawn || info->option_part)
        continue;
      entries[n++] = (GOptionEntry) {
        info->option, 0, 0, G_OPTION_ARG_FILENAME,
        args != NULL ? &args->param_values[id] : NULL,
        param_description (info), info->arg_name != NULL ? info->arg_name : "VALUE",
      };
    }

  for (guint i = 0; i < G_N_ELEMENTS (other_entries); i++)
    entries[n++] = other_entries[i];

  return entries;
}

static void
take_bytestring (GVariantDict  *options,
                 const char    *key,
                 char         **value)
{
  const char *bytes;

  if (g_variant_dict_lookup (options, key, "^&ay", &bytes))
    {
      g_free (*value);
      *value = g_strdup (bytes);
    }
}

void
ring_cli_args_from_dict (RingCliArgs  *args,
                         GVariantDict *options)
{
  g_return_if_fail (args != NULL);
  g_return_if_fail (options != NULL);

  for (guint id = 0; id < RING_N_PARAMS; id++)
    if (!ring_param_info (id)->option_part)
      take_bytestring (options, ring_param_info (id)->option, &args->param_values[id]);
  g_clear_pointer (&args->presets, g_strfreev);
  g_variant_dict_lookup (options, "preset", "^aay", &args->presets);
  take_bytestring (options, "export", &args->export_path);
  take_bytestring (options, "chart", &args->chart);
  take_bytestring (options, "size", &args->size);
  take_bytestring (options, "paper", &args->paper);

  if (!g_variant_dict_lookup (options, "version", "b", &args->version))
    args->version = FALSE;
  g_clear_pointer (&args->import_nccl, g_strfreev);
  g_variant_dict_lookup (options, "import-nccl", "^aay", &args->import_nccl);
  if (!g_variant_dict_lookup (options, "fit", "b", &args->fit))
    args->fit = FALSE;

  g_clear_pointer (&args->stray, g_strfreev);
  g_variant_dict_lookup (options, G_OPTION_REMAINING, "^aay", &args->stray);
  g_clear_pointer (&args->scenario_files, g_strfreev);
  g_variant_dict_lookup (options, "scenario", "^aay", &args->scenario_files);

  g_free (args->report);
  args->report = g_strdup (report_value);
}

void
ring_cli_args_clear (RingCliArgs *args)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    g_clear_pointer (&args->param_values[id], g_free);
  g_clear_pointer (&args->presets, g_strfreev);
  g_clear_pointer (&args->report, g_free);
  g_clear_pointer (&args->export_path, g_free);
  g_clear_pointer (&args->chart, g_free);
  g_clear_pointer (&args->size, g_free);
  g_clear_pointer (&args->paper, g_free);
  g_clear_pointer (&args->stray, g_strfreev);
  g_clear_pointer (&args->scenario_files, g_strfreev);
  g_clear_pointer (&args->import_nccl, g_strfreev);
  args->version = FALSE;
  args->fit = FALSE;
}

const char *
ring_cli_get_summary (void)
{
  return _("Explore GPU gradient sync: how ring all-reduce trades compute against "
           "communication.");
}

const char *
ring_cli_get_description (void)
{
  return _("Without --report or --export, opens the window with the given parameters.");
}

/* Values. */

char *
_ring_cli_option_text (const char  *option,
                       const char  *raw,
                       GError     **error)
{
  g_autofree char *shown = NULL;
  const char *charset;
  char *text;

  /* People type UTF-8 even where the locale says otherwise (LANG=C in a UTF-8 terminal):
   * convert what the locale can describe, and take valid UTF-8 as it is. */
  if (!g_get_charset (&charset))
    {
      text = g_locale_to_utf8 (raw, -1, NULL, NULL, NULL);
      if (text != NULL)
        return text;
    }

  if (g_utf8_validate (raw, -1, NULL))
    return g_strdup (raw);

  shown = g_utf8_make_valid (raw, -1);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: an option, its value and the system's character set */
               _("--%s: “%s” is not text in this system’s encoding (%s)"),
               option, shown, charset);
  return NULL;
}

void
_ring_cli_print_error (const char *format,
                       ...)
{
  va_list args;
  g_autofree char *message = NULL;
  g_auto(GStrv) lines = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* A name that reached a message unescaped never reaches the terminal so: each line is
   * made printable ("\x1b" for an escape). */
  lines = g_strsplit (message, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char *line = ring_text_make_printable (lines[i]);

      g_free (lines[i]);
      lines[i] = line;
    }
  g_clear_pointer (&message, g_free);
  message = g_strjoinv ("\n", lines);

  g_printerr ("%s: %s\n", g_get_prgname (), message);
}

const RingPreset *
_ring_cli_lookup_preset (const char  *raw,
                         GError     **error)
{
  g_autofree char *name = _ring_cli_option_text ("preset", raw, error);
  g_autoptr(GString) names = NULL;
  const RingPreset *preset;
  const RingPreset *presets;
  guint n_presets;

  if (name == NULL)
    return NULL;

  preset = ring_preset_lookup (name);
  if (preset != NULL)
    return preset;

  names = g_string_new (NULL);
  presets = ring_presets_get (&n_presets);
  for (guint i = 0; i < n_presets; i++)
    g_string_append_printf (names, "%s%s", i ? ", " : "", presets[i].name);
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("--preset: unknown preset “%s” (known: %s)"), name, names->str);

  return NULL;
}

/* Each preset sets its own parameters, as the window's hardware and model menus do, so
 * they compose in any order; two that set the same one would leave the last word to the
 * order of the options, which is refused. */
gboolean
_ring_cli_apply_presets (const RingCliArgs  *args,
                         RingParams         *params,
                         GError            **error)
{
  const RingPreset *presets[RING_CLI_MAX_PRESETS];
  guint n = 0;

  for (guint i = 0; args->presets != NULL && args->presets[i] != NULL; i++)
    {
      const RingPreset *preset = _ring_cli_lookup_preset (args->presets[i], error);
      RingParamId shared;

      if (preset == NULL)
        return FALSE;
      for (guint j = 0; j < n; j++)
        {
          if (presets[j] == preset)
            break;
          if (ring_preset_shares_param (presets[j], preset, &shared))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           /* TRANSLATORS: two preset names, then the option both set */
                           _("--preset: “%s” and “%s” both set --%s; give one of them, "
                             "or the option itself"),
                           presets[j]->name, preset->name, ring_param_info (shared)->option);
              return FALSE;
            }
        }
      if (n == RING_CLI_MAX_PRESETS)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--preset: at most %d presets (a hardware and a model preset)"),
                       RING_CLI_MAX_PRESETS);
          return FALSE;
        }
      presets[n++] = preset;
    }

  for (guint i = 0; i < n; i++)
    ring_preset_apply (presets[i], params);

  return TRUE;
}

gboolean
ring_cli_apply_params (const RingCliArgs  *args,
                       RingParams         *params,
                       GError            **error)
{
  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!_ring_cli_apply_presets (args, params, error))
    return FALSE;

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);
      g_autofree char *text = NULL;

      if (args->param_values[id] == NULL)
        continue;

      text = _ring_cli_option_text (info->option, args->param_values[id], error);
      if (text != NULL && info->kind != RING_PARAM_KIND_CHOICE)
        ring_text_accept_locale_decimal (text);
      if (text == NULL || !ring_params_set_from_string (params, id, text, error))
        return FALSE;
    }

  /* The model's rule: an algorithm the options did not name, left over from the preset
   * or from what an open window shows, gives way to auto on hardware it cannot run on;
   * one they did name is refused with the reason. */
  if (args->param_values[RING_PARAM_ALGORITHM] == NULL)
    ring_algorithm_fall_back (params);

  /* What no single value shows: a slow link beyond the last GPU, an algorithm these GPUs
   * cannot run, nodes without NICs. A model refuses such parameters, and would silently
   * report its defaults. */
  return ring_params_validate (params, error);
}

int
ring_cli_run (char **argv)
{
  g_auto(RingCliArgs) args = { { NULL, }, };
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree GOptionEntry *entries = NULL;
  g_auto(GStrv) arguments = NULL;

  g_return_val_if_fail (argv != NULL, RING_CLI_EXIT_USAGE);

  entries = ring_cli_option_entries_new (&args);
  context = g_option_context_new (NULL);
  g_option_context_set_translation_domain (context, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_set_summary (context, ring_cli_get_summary ());
  g_option_context_set_description (context, ring_cli_get_description ());

  /* On a copy: the window, if it opens, gets the command line as it was typed. */
  arguments = g_strdupv (argv);
  if (!g_option_context_parse_strv (context, &arguments, &error))
    {
      _ring_cli_print_error ("%s", error->message);
      g_printerr (_("Try “%s --help” for the options.\n"), g_get_prgname ());
      return RING_CLI_EXIT_USAGE;
    }

  args.report = g_strdup (report_value);

  return ring_cli_handle (&args);
}
