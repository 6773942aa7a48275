/* ring-cli.c: what the command line does: the version, the lists, the report, and, through
 * the export layer (ring-cli-export.c), the export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-cli"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-cli-private.h"
#include "ring-measurement.h"
#include "ring-presets.h"
#include "ring-printable.h"
#include "ring-report.h"
#include "ring-units.h"

typedef enum
{
  REPORT_NONE,
  REPORT_JSON,
  REPORT_TEXT,
} ReportFormat;

/* The lists are "name<TAB>description" lines: what `cut -f1` or `awk -F'\t'` expect. */
static int
list_presets (void)
{
  const RingPreset *presets;
  guint n_presets;

  presets = ring_presets_get (&n_presets);
  for (guint i = 0; i < n_presets; i++)
    g_print ("%s\t%s\n", presets[i].name, _(presets[i].description));

  return EXIT_SUCCESS;
}

static int
list_gpus (void)
{
  const RingGpuInfo *gpus;
  guint n_gpus;

  gpus = ring_gpus_get (&n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    g_print ("%s\t%s\n", gpus[i].name, _(gpus[i].description));

  return EXIT_SUCCESS;
}

static gboolean
parse_report_format (const RingCliArgs  *args,
                     ReportFormat       *format,
                     GError            **error)
{
  g_autofree char *text = NULL;

  *format = REPORT_NONE;
  if (args->report == NULL)
    return TRUE;

  text = _ring_cli_option_text ("report", args->report, error);
  if (text == NULL)
    return FALSE;

  if (*text == '\0' || g_str_equal (text, "json"))
    *format = REPORT_JSON;
  else if (g_str_equal (text, "text"))
    *format = REPORT_TEXT;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--report: unknown format “%s” (use --report=json or --report=text)"),
                   text);
      return FALSE;
    }

  return TRUE;
}

/* A fitted value typed back (9.6 µs for 9.64) agrees with the fit. */
#define FIT_AGREEMENT 0.01

static gboolean
agrees_with_fit (const RingParamInfo *info,
                 double               want,
                 double               have)
{
  if (want == have)
    return TRUE;
  if (info->kind == RING_PARAM_KIND_CHOICE || info->kind == RING_PARAM_KIND_COUNT)
    return FALSE;

  return fabs (want - have) <= FIT_AGREEMENT * fabs (have);
}

static void
set_fit_conflict (GError                **error,
                  const RingParamInfo    *info,
                  const RingParams       *fitted,
                  const RingMeasurement  *measurement,
                  const char             *given)
{
  g_autofree char *fit_text = NULL;

  fit_text = info->kind == RING_PARAM_KIND_CHOICE
             ? ring_params_dup_option_value (fitted, info->id)
             : g_strdup_printf ("%.3g", ring_params_get_value (fitted, info->id));
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* TRANSLATORS: an option, the value the fit sets (the log's own or fitted to
                * it), the log's file name, then what was given beside it ("--gpu a100",
                * "--preset dgx-h100") */
               _("--fit sets --%s to %s (from %s), but %s was given beside it; leave out "
                 "one of them"),
               info->option, fit_text, measurement->name, given);
}

/* An option or preset that asks for another value than the fit sets (@fitted) would be
 * lost without a word: refused, naming both. */
static gboolean
check_fit_overrides (const RingCliArgs      *args,
                     const RingParams       *fitted,
                     const RingMeasurement  *measurement,
                     GError                **error)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);
      g_autofree char *text = NULL;
      g_autofree char *given = NULL;
      RingParams asked = *fitted;

      if (args->param_values[id] == NULL)
        continue;

      text = _ring_cli_option_text (info->option, args->param_values[id], error);
      if (text == NULL || !ring_params_set_from_string (&asked, id, text, error))
        return FALSE;
      if (agrees_with_fit (info, ring_params_get_value (&asked, id),
                           ring_params_get_value (fitted, id)))
        continue;

      given = g_strdup_printf ("--%s %s", info->option, text);
      set_fit_conflict (error, info, fitted, measurement, given);
      return FALSE;
    }

  for (guint p = 0; args->presets != NULL && args->presets[p] != NULL; p++)
    {
      const RingPreset *preset = _ring_cli_lookup_preset (args->presets[p], error);

      if (preset == NULL)
        return FALSE;
      for (guint i = 0; preset->settings[i].value != NULL; i++)
        {
          const RingPresetSetting *setting = &preset->settings[i];
          RingParams asked = *fitted;

          if (setting->id != RING_PARAM_GPU && setting->id != RING_PARAM_GPUS_PER_NODE)
            continue;
          ring_params_set_from_string (&asked, setting->id, setting->value, NULL);
          if (ring_params_get_value (&asked, setting->id)
              != ring_params_get_value (fitted, setting->id))
            {
              g_autofree char *given = g_strdup_printf ("--preset %s", preset->name);

              set_fit_conflict (error, ring_param_info (setting->id), fitted, measurement,
                                given);
              return FALSE;
            }
        }
    }

  return TRUE;
}

gboolean
ring_cli_use_fit (const RingCliArgs  *args,
                  RingModel          *model,
                  guint               index,
                  GError            **error)
{
  const RingMeasurement *measurement;
  RingParams fitted;

  g_return_val_if_fail (args != NULL, FALSE);
  g_return_val_if_fail (RING_IS_MODEL (model), FALSE);
  g_return_val_if_fail (index < ring_model_get_measurements (model)->len, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  measurement = g_ptr_array_index (ring_model_get_measurements (model), index);
  if (measurement->fit->warning != RING_NCCL_FIT_WARNING_NONE)
    {
      g_autofree char *warning = ring_nccl_fit_describe_warning (measurement->fit);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: a log's file name, then why its fit is not used */
                   _("--fit: %s: %s; leave out --fit to compare with it"),
                   measurement->name, warning);
      return FALSE;
    }
  if (!ring_nccl_fit_determines_any (measurement->fit))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: %s is a log's file name */
                   _("--fit: %s determines no value to fit (it needs two sizes or more "
                     "that load the links); leave out --fit to compare with it"),
                   measurement->name);
      return FALSE;
    }

  fitted = *ring_model_get_params (model);
  ring_nccl_fit_apply (measurement->fit, &fitted);
  if (!check_fit_overrides (args, &fitted, measurement, error))
    return FALSE;

  ring_model_use_fitted_values (model, index);
  return TRUE;
}

static const RingCliExportLayer *export_layer;

void
_ring_cli_set_export_layer (const RingCliExportLayer *layer)
{
  export_layer = layer;
}

static gboolean
needs_export_layer (const RingCliArgs *args)
{
  return args->export_path != NULL || args->chart != NULL || args->size != NULL
         || args->paper != NULL || args->scenario_files != NULL || args->import_nccl != NULL
         || args->fit;
}

static int
usage_error (GError *error)
{
  _ring_cli_print_error ("%s", error->message);

  return RING_CLI_EXIT_USAGE;
}

/* *@text stays NULL where the option was not given. */
static gboolean
given_option_text (const char  *option,
                   const char  *raw,
                   char       **text,
                   GError     **error)
{
  if (raw == NULL)
    return TRUE;

  *text = _ring_cli_option_text (option, raw, error);

  return *text != NULL;
}

int
ring_cli_handle (const RingCliArgs *args)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RingModel) model = NULL;
  g_autofree char *chart = NULL;
  g_autofree char *size = NULL;
  g_autofree char *paper = NULL;
  g_autofree char *gpu = NULL;
  gboolean list_of_presets = FALSE;
  g_autoptr(GPtrArray) scenarios = NULL;
  const RingCliExportLayer *exports;
  ReportFormat report;
  RingParams params;

  g_return_val_if_fail (args != NULL, RING_CLI_EXIT_USAGE);

  /* A program without the export layer hands such a command line on whole, before
   * anything is checked, so that every message and status is the export layer's. */
  exports = export_layer;
  if (exports == NULL && needs_export_layer (args))
    return RING_CLI_LOAD_EXPORTS;

  /* A value typed without its option would otherwise be silently ignored. */
  if (args->stray != NULL && args->stray[0] != NULL)
    {
      g_autofree char *shown = ring_filename_display (args->stray[0]);

      _ring_cli_print_error (_("unexpected argument “%s”: every value follows its option, "
                               "as in --gpus 64 (see --help)"), shown);
      return RING_CLI_EXIT_USAGE;
    }

  if (args->version)
    {
      g_print ("%s %s\n", g_get_prgname (), PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  if (!parse_report_format (args, &report, &error)
      || !given_option_text ("chart", args->chart, &chart, &error)
      || !given_option_text ("size", args->size, &size, &error)
      || !given_option_text ("paper", args->paper, &paper, &error)
      || !given_option_text ("gpu", args->param_values[RING_PARAM_GPU], &gpu, &error))
    return usage_error (error);

  for (guint i = 0; args->presets != NULL && args->presets[i] != NULL; i++)
    {
      g_autofree char *preset = NULL;

      if (!given_option_text ("preset", args->presets[i], &preset, &error))
        return usage_error (error);
      list_of_presets |= g_str_equal (preset, "list");
    }

  /* A list beside an export or a report would leave them unwritten. */
  if ((args->export_path != NULL || report != REPORT_NONE)
      && ((chart != NULL && g_str_equal (chart, "list"))
          || list_of_presets
          || (gpu != NULL && g_str_equal (gpu, "list"))))
    {
      const char *option = chart != NULL && g_str_equal (chart, "list") ? "--chart"
                           : list_of_presets ? "--preset"
                           : "--gpu";

      /* TRANSLATORS: an option such as --preset, then --export or --report */
      _ring_cli_print_error (_("%s list only prints a list; it cannot go with %s"), option,
                             args->export_path != NULL ? "--export" : "--report");
      return RING_CLI_EXIT_USAGE;
    }
  if (chart != NULL && g_str_equal (chart, "list"))
    return exports->list_charts ();
  if (list_of_presets)
    return list_presets ();
  if (gpu != NULL && g_str_equal (gpu, "list"))
    return list_gpus ();

  /* Checked here, so a bad value never reaches a window. */
  ring_params_init_default (&params);
  if (!ring_cli_apply_params (args, &params, &error))
    return usage_error (error);
  /* Accepted, with a note, where it changes nothing. */
  if (args->param_values[RING_PARAM_LATENCY] != NULL
      && !ring_params_hop_latency_applies (&params))
    _ring_cli_print_error (_("note: --latency changes nothing here: %s runs NCCL’s "
                             "algorithms, which use NCCL’s own latency per hop; it applies "
                             "to flat-ring, halving-doubling and hierarchical"),
                           ring_algorithm_to_string (params.algorithm));
  /* Without the export layer there are none (nor logs): needs_export_layer(). */
  scenarios = exports != NULL ? exports->load_scenarios (args, &error)
                              : g_ptr_array_new_with_free_func ((GDestroyNotify) ring_scenario_free);
  if (scenarios == NULL)
    return usage_error (error);

  model = ring_model_new ();
  ring_model_set_params (model, &params);
  /* Even for the window, so a bad log is told on this terminal. */
  if (exports != NULL && !exports->import_logs (args, model, &error))
    return usage_error (error);
  for (guint i = 0; i < scenarios->len; i++)
    if (!ring_model_add_scenario (model, scenarios->pdata[i], &error))
      return usage_error (error);

  if (args->export_path == NULL)
    {
      /* With a report too: these options mean nothing without a file to write. */
      if (chart != NULL || size != NULL || paper != NULL)
        {
          _ring_cli_print_error (_("--chart, --size and --paper go with --export FILE"));
          return RING_CLI_EXIT_USAGE;
        }

      if (report == REPORT_NONE)
        return RING_CLI_OPEN_WINDOW;
    }
  else
    {
      int status = exports->write_export (args, model, chart, size, paper);

      if (status != EXIT_SUCCESS)
        return status;
    }

  if (report != REPORT_NONE)
    {
      g_autofree char *text = report == REPORT_JSON ? ring_report_to_json (model)
                                                    : ring_report_to_text (model);

      g_print ("%s%s", text, g_str_has_suffix (text, "\n") ? "" : "\n");
    }

  return EXIT_SUCCESS;
}
