/* ring-cli.c: what the command line does: the version, the lists, the report, the export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-cli"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-cli-private.h"
#include "ring-export.h"
#include "ring-file-writer.h"
#include "ring-measurement.h"
#include "ring-presets.h"
#include "ring-printable.h"
#include "ring-report.h"
#include "ring-scenario-file.h"
#include "ring-units.h"

#define DEFAULT_EXPORT_WIDTH  1600
#define DEFAULT_EXPORT_HEIGHT 1000

typedef enum
{
  REPORT_NONE,
  REPORT_JSON,
  REPORT_TEXT,
} ReportFormat;

/* An export, checked whole before anything is drawn or written. */
typedef struct
{
  const char       *path;
  RingExportFormat  format;
  gboolean          report;  /* --chart all: the PDF report */
  RingChartKind     kind;
  RingExportPaper   paper;     /* the report's */
  /* The canvas in points (pixels), and pixels per point for a PNG: 300 dpi for a figure
   * of a physical size. */
  RingExportOptions options;
} ExportRequest;

/* The smallest figure of a physical size, about 198 × 142 points: its text stays 6.5 pt
 * (a crowded legend shrinks to 0.7 of it, long axis titles to 0.75), and every chart
 * kind keeps room for its axes and plot (at 60 × 40 mm the legend could take it all). */
#define MIN_FIGURE_WIDTH_MM  70
#define MIN_FIGURE_HEIGHT_MM 50

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
list_charts (void)
{
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    g_print ("%s\t%s\n", ring_chart_kind_to_string (kind), ring_chart_kind_get_title (kind));

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

/* One side of a size: a whole number of pixels or points ("1600"), or a length with its
 * unit ("90mm", "9cm", "3.5in", "252pt"), in points; *@physical says which. */
static gboolean
parse_length (const char *text,
              double     *points,
              gboolean   *physical)
{
  static const struct
  {
    const char *unit;
    double      points;
  } units[] = {
    { "mm", 72 / 25.4 }, { "cm", 720 / 25.4 }, { "in", 72 }, { "pt", 1 },
  };
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  char *end = NULL;
  double value;

  value = g_ascii_strtod (stripped, &end);
  if (end == stripped || !isfinite (value) || value <= 0)
    return FALSE;
  if (*end == '\0')
    {
      *points = value;
      *physical = FALSE;
      return value == floor (value);
    }
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (g_strstrip (end), units[i].unit) == 0)
      {
        *points = value * units[i].points;
        *physical = TRUE;
        return TRUE;
      }

  return FALSE;
}

/* "1600x1000", "1600X1000" or "1600×1000", whole numbers; or a physical size with a unit
 * on each side, "90mmx60mm". The range is checked apart. */
static gboolean
parse_size (const char *text,
            double     *width,
            double     *height,
            gboolean   *physical)
{
  g_auto(GStrv) around = g_strsplit (text, "×", -1);
  g_autofree char *ascii = g_strjoinv ("x", around);
  g_auto(GStrv) parts = g_strsplit_set (ascii, "xX", -1);
  gboolean physical_height;

  return g_strv_length (parts) == 2
         && parse_length (parts[0], width, physical)
         && parse_length (parts[1], height, &physical_height)
         && *physical == physical_height;
}

/* The size of an export in @format, within what every chart draws legibly and what the
 * format can hold. Range before any cast: 1e11 does not fit an int. */
static gboolean
check_size (const char         *text,
            RingExportFormat    format,
            RingExportOptions  *options,
            GError            **error)
{
  double w, h, pixels;
  gboolean physical = FALSE;

  if (!parse_size (text, &w, &h, &physical))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--size: “%s” is not a size like 1600x1000 or 90mmx60mm"), text);
      return FALSE;
    }

  if (physical && (w < MIN_FIGURE_WIDTH_MM * 72 / 25.4 - 1e-6
                   || h < MIN_FIGURE_HEIGHT_MM * 72 / 25.4 - 1e-6))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: the size typed, then the smallest width and height */
                   _("--size: %s is too small for a legible figure: the smallest is "
                     "%dmmx%dmm"), text, MIN_FIGURE_WIDTH_MM, MIN_FIGURE_HEIGHT_MM);
      return FALSE;
    }

  if (!physical && (w < RING_EXPORT_MIN_WIDTH || h < RING_EXPORT_MIN_HEIGHT))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: the size typed, then the smallest width and height */
                   _("--size: %s is too small for a legible chart: the smallest is %dx%d"),
                   text, RING_EXPORT_MIN_WIDTH, RING_EXPORT_MIN_HEIGHT);
      return FALSE;
    }

  if (w > RING_EXPORT_MAX_SIDE || h > RING_EXPORT_MAX_SIDE)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--size: %s is too large: at most %d a side"),
                   text, RING_EXPORT_MAX_SIDE);
      return FALSE;
    }

  options->png_scale = physical ? RING_EXPORT_FIGURE_PNG_SCALE : 1.0;
  pixels = w * h * options->png_scale * options->png_scale;
  if (format == RING_EXPORT_FORMAT_PNG && pixels > RING_EXPORT_MAX_PNG_PIXELS)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: the size typed, its megapixels, the most a PNG may have */
                   _("--size: %s is %.0f megapixels, and a PNG may have at most %d "
                     "(8000x5000); use .svg or .pdf for a larger chart"),
                   text, pixels / 1e6, RING_EXPORT_MAX_PNG_PIXELS / 1000000);
      return FALSE;
    }

  options->width_pt = w;
  options->height_pt = h;
  options->figure = physical;

  return TRUE;
}

/* Every part of an export is checked here, so that nothing is written for a command line
 * that goes on to fail. */
/* Whether @a and @b name one file that exists (links and other spellings included). */
static gboolean
same_file (const char *a,
           const char *b)
{
  g_autoptr(GFile) file_a = g_file_new_for_commandline_arg (a);
  g_autoptr(GFile) file_b = g_file_new_for_commandline_arg (b);
  g_autofree char *path_a = g_file_get_path (file_a);
  g_autofree char *path_b = g_file_get_path (file_b);
  GStatBuf sa, sb;

  return path_a != NULL && path_b != NULL && g_stat (path_a, &sa) == 0
         && g_stat (path_b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* An export never replaces a file it reads: a log or a scenario file given with it. */
static gboolean
check_export_inputs (const RingCliArgs  *args,
                     GError            **error)
{
  struct { const char *option; char **paths; } inputs[] = {
    { "--import-nccl", args->import_nccl }, { "--scenario", args->scenario_files },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    for (guint j = 0; inputs[i].paths != NULL && inputs[i].paths[j] != NULL; j++)
      if (same_file (args->export_path, inputs[i].paths[j]))
        {
          g_autofree char *shown = ring_filename_display (args->export_path);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: a file name, then an option such as --scenario. */
                       _("--export: “%s” is the file %s reads: choose another name"),
                       shown, inputs[i].option);
          return FALSE;
        }

  return TRUE;
}

static gboolean
check_export (const char     *path,
              const char     *chart,
              const char     *size,
              const char     *paper,
              ExportRequest  *request,
              GError        **error)
{
  g_autofree char *shown_path = ring_filename_display (path);

  request->path = path;
  request->report = FALSE;
  request->kind = RING_CHART_UTILIZATION_VS_GPUS;
  request->paper = ring_export_paper_default ();
  request->options = (RingExportOptions) {
    DEFAULT_EXPORT_WIDTH, DEFAULT_EXPORT_HEIGHT, 1.0, FALSE, NULL,
  };

  if (!ring_export_format_from_path (path, &request->format))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--export: cannot tell the format of “%s”: "
                     "use a name ending in .png, .svg, .pdf or .csv"), shown_path);
      return FALSE;
    }

  if (chart != NULL && g_str_equal (chart, "all"))
    {
      if (request->format != RING_EXPORT_FORMAT_PDF)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--chart: “all” writes a PDF report; “%s” is not a .pdf"),
                       shown_path);
          return FALSE;
        }
      request->report = TRUE;
    }
  else if (chart != NULL && !ring_chart_kind_from_string (chart, &request->kind))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--chart: unknown chart “%s” (see --chart list)"), chart);
      return FALSE;
    }

  /* The report's pages are paper, a chart's canvas is its size. */
  if (request->report && size != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--size: the report is printed on paper; choose it with --paper "
                     "a4 or --paper letter"));
      return FALSE;
    }
  if (paper != NULL && !request->report)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--paper goes with the report: --export FILE.pdf --chart all"));
      return FALSE;
    }
  if (paper != NULL && !ring_export_paper_from_string (paper, &request->paper))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--paper: unknown paper “%s” (use a4 or letter)"), paper);
      return FALSE;
    }

  return size == NULL || check_size (size, request->format, &request->options, error);
}

static int
write_export (RingModel           *model,
              const ExportRequest *request)
{
  g_autoptr(GFile) file = g_file_new_for_commandline_arg (request->path);
  g_autoptr(GError) error = NULL;
  g_autofree char *link_target = NULL;

  if (!ring_chart_draw_is_available ())
    {
      _ring_cli_print_error (_("PLplot’s extcairo device is not installed: "
                               "charts cannot be drawn"));
      return RING_CLI_EXIT_IO_ERROR;
    }

  link_target = ring_file_writer_resolve_link (file);

  if (request->report)
    ring_export_report (model, file, request->paper, NULL, &error);
  else
    ring_export_chart_with_options (model, request->kind, request->format, file,
                                    &request->options, NULL, &error);

  if (error != NULL)
    {
      _ring_cli_print_error ("%s", error->message);
      return RING_CLI_EXIT_IO_ERROR;
    }

  /* The link stays a link: what changed is the file it points to, which may be far from
   * where the user looked. */
  if (link_target != NULL)
    {
      g_autofree char *shown_path = ring_filename_display (request->path);
      g_autofree char *shown_target = ring_filename_display (link_target);

      _ring_cli_print_error (_("“%s” is a symbolic link: replaced its target “%s”"),
                             shown_path, shown_target);
    }

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

/* Within this share, an option's value is the fitted one: the fit is pulled a little
 * towards the values it starts from, so a fitted value typed back (9.6 µs from the report)
 * comes out a hair apart (9.64) once it is among them. */
#define FIT_AGREEMENT 0.01

/* Whether an option's value @want is what the fit sets, @have. */
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

  /* Three digits say a fitted value well enough to see why it differs. */
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

/* --fit puts the log's cluster and the fitted values into the parameters; an option given
 * beside it that asks for another value would be lost without a word, so it is refused,
 * naming both values. An option that agrees with the fit (--gpu h100 for an H100 log) or
 * that the fit leaves alone (--gpus) stays welcome; a preset may not bring another GPU
 * or node than the log's. @fitted: the parameters the fit would set. */
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
  /* Degenerate data: the fit says why it is not used. */
  if (measurement->fit->warning != RING_NCCL_FIT_WARNING_NONE)
    {
      g_autofree char *warning = ring_nccl_fit_describe_warning (measurement->fit);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* TRANSLATORS: a log's file name, then why its fit is not used */
                   _("--fit: %s: %s; leave out --fit to compare with it"),
                   measurement->name, warning);
      return FALSE;
    }
  /* Nothing fitted: the fit would only bring the log's cluster, which is not a fit. */
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

/* --import-nccl's logs into @model, each compared with its parameters, then --fit's values
 * from the first. A log that cannot be read or compared stops it, naming the file. */
static gboolean
import_logs (const RingCliArgs  *args,
             RingModel          *model,
             GError            **error)
{
  if (args->fit && (args->import_nccl == NULL || args->import_nccl[0] == NULL))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--fit needs a log to fit to: add --import-nccl FILE"));
      return FALSE;
    }

  for (guint i = 0; args->import_nccl != NULL && args->import_nccl[i] != NULL; i++)
    {
      g_autoptr(GError) import_error = NULL;
      /* A file:// URI as --scenario and --export take it, or a path. */
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (args->import_nccl[i]);
      g_autofree char *path = g_file_get_path (file);

      if (path == NULL)
        {
          g_autofree char *shown = ring_text_make_printable (args->import_nccl[i]);

          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: %s is a file's address (a URI) */
                       _("--import-nccl: %s is not a file on this computer"), shown);
          return FALSE;
        }
      if (!ring_model_import_measurement (model, path, &import_error))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--import-nccl: %s",
                       import_error->message);
          return FALSE;
        }
    }

  if (args->fit)
    return ring_cli_use_fit (args, model, 0, error);

  return TRUE;
}

static int
usage_error (GError *error)
{
  _ring_cli_print_error ("%s", error->message);

  return RING_CLI_EXIT_USAGE;
}

GPtrArray *
ring_cli_load_scenarios (const RingCliArgs  *args,
                         GError            **error)
{
  g_autoptr(GPtrArray) scenarios = NULL;

  g_return_val_if_fail (args != NULL, NULL);

  scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) ring_scenario_free);
  for (guint i = 0; args->scenario_files != NULL && args->scenario_files[i] != NULL; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (args->scenario_files[i]);
      g_autoptr(GPtrArray) loaded = ring_scenario_file_load (file, NULL, error);

      if (loaded == NULL)
        {
          g_prefix_error (error, "--scenario: ");
          return NULL;
        }
      g_ptr_array_extend_and_steal (scenarios, g_steal_pointer (&loaded));
    }
  if (scenarios->len > RING_MAX_SCENARIOS)
    {
      g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FULL,
                   /* TRANSLATORS: %u counts scenarios in the files given, %d is 4. */
                   _("--scenario: the files hold %u scenarios; at most %d can be pinned"),
                   scenarios->len, RING_MAX_SCENARIOS);
      return NULL;
    }

  return g_steal_pointer (&scenarios);
}

/* The value of --@option as UTF-8 in *@text, where the option was given (*@text stays
 * NULL where it was not); FALSE with @error for a value that cannot be read. */
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
  ExportRequest request;
  ReportFormat report;
  RingParams params;

  g_return_val_if_fail (args != NULL, RING_CLI_EXIT_USAGE);

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

  /* A list is all such a command line does: beside an export or a report, which it would
   * leave unwritten without a word, it is refused. */
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
    return list_charts ();
  if (list_of_presets)
    return list_presets ();
  if (gpu != NULL && g_str_equal (gpu, "list"))
    return list_gpus ();

  /* Every value is checked here, in the process that was started, so a bad one is
   * reported on its terminal with status 2 and never reaches a window. */
  ring_params_init_default (&params);
  if (!ring_cli_apply_params (args, &params, &error))
    return usage_error (error);
  /* α is the flat ring's and the textbook algorithms'; NCCL's use NCCL's own hop
   * latencies. A value that changes nothing is said so, and still accepted. */
  if (args->param_values[RING_PARAM_LATENCY] != NULL
      && !ring_params_hop_latency_applies (&params))
    _ring_cli_print_error (_("note: --latency changes nothing here: %s runs NCCL’s "
                             "algorithms, which use NCCL’s own latency per hop; it applies "
                             "to flat-ring, halving-doubling and hierarchical"),
                           ring_algorithm_to_string (params.algorithm));
  /* Scenario files too: a bad one is refused before anything is written. */
  scenarios = ring_cli_load_scenarios (args, &error);
  if (scenarios == NULL)
    return usage_error (error);

  model = ring_model_new ();
  ring_model_set_params (model, &params);
  /* Read here even for the window, so a bad log is told on this terminal. */
  if (!import_logs (args, model, &error))
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
  else if (!check_export (args->export_path, chart, size, paper, &request, &error)
           || !check_export_inputs (args, &error))
    return usage_error (error);

  if (args->export_path != NULL)
    {
      int status = write_export (model, &request);

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
