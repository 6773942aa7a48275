/* ring-cli-export.c: the command line's export layer: the charts and the report it
 * writes, the chart list and the scenario files it reads, which need the render library
 * (cairo, Pango, PLplot, fontconfig) and json-glib. ring-allreduce loads it as a module
 * only for a command line that asks for one of them (see ring-cli-module.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-cli"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ring-cli-private.h"
#include "ring-export.h"
#include "ring-export-document.h"
#include "ring-export-fonts.h"
#include "ring-file-writer.h"
#include "ring-measurement.h"
#include "ring-printable.h"
#include "ring-scenario-file.h"

#define DEFAULT_EXPORT_WIDTH  1600
#define DEFAULT_EXPORT_HEIGHT 1000

/* An export, checked whole before anything is drawn or written. */
typedef struct
{
  const char       *path;
  RingExportFormat  format;
  const RingExportDocumentInfo *document;  /* --chart all, nccl-tuner; NULL: a chart */
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

static int
list_charts (void)
{
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    g_print ("%s\t%s\n", ring_chart_kind_to_string (kind), ring_chart_kind_get_title (kind));
  for (guint d = 0; d < RING_N_EXPORT_DOCUMENTS; d++)
    {
      const RingExportDocumentInfo *info = ring_export_document_info (d);

      /* TRANSLATORS: a document's title, then its file's extension ("Report (.pdf)") */
      g_print ("%s\t%s (.%s)\n", info->name, _(info->title), info->suffix);
    }

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

/* Every part of an export is checked here, so that nothing is written for a command line
 * that goes on to fail. */
static gboolean
check_export (const char     *path,
              const char     *chart,
              const char     *size,
              const char     *paper,
              ExportRequest  *request,
              GError        **error)
{
  g_autofree char *shown_path = ring_filename_display (path);
  RingExportDocument document;

  request->path = path;
  request->document = NULL;
  request->kind = RING_CHART_UTILIZATION_VS_GPUS;
  request->paper = ring_export_paper_default ();
  request->options = (RingExportOptions) {
    DEFAULT_EXPORT_WIDTH, DEFAULT_EXPORT_HEIGHT, 1.0, FALSE, NULL,
  };

  if (chart != NULL && ring_export_document_from_string (chart, &document))
    {
      request->document = ring_export_document_info (document);
      if (!ring_export_document_has_suffix (request->document, path))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       /* TRANSLATORS: a --chart name ("all"), what it writes ("Report"),
                        * its extension ("pdf"), a file name */
                       _("--chart: “%s” writes the %s, a .%s file; “%s” is not one"),
                       chart, _(request->document->title), request->document->suffix,
                       shown_path);
          return FALSE;
        }
      request->format = RING_EXPORT_FORMAT_PDF;
    }
  else if (!ring_export_format_from_path (path, &request->format))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--export: cannot tell the format of “%s”: "
                     "use a name ending in .png, .svg, .pdf or .csv"), shown_path);
      return FALSE;
    }
  else if (chart != NULL && !ring_chart_kind_from_string (chart, &request->kind))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--chart: unknown chart “%s” (see --chart list)"), chart);
      return FALSE;
    }

  /* A document's pages are paper, if printed; a chart's canvas is its size. */
  if (request->document != NULL && size != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   request->document->paper
                   ? _("--size: the report is printed on paper; choose it with --paper "
                       "a4 or --paper letter")
                   /* TRANSLATORS: a --chart name ("nccl-tuner") */
                   : _("--size goes with charts, not with --chart %s"), chart);
      return FALSE;
    }
  if (paper != NULL && (request->document == NULL || !request->document->paper))
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

  if ((request->document == NULL || request->document->paper)
      && !ring_chart_draw_is_available ())
    {
      _ring_cli_print_error (_("PLplot’s extcairo device is not installed: "
                               "charts cannot be drawn"));
      return RING_CLI_EXIT_IO_ERROR;
    }

  link_target = ring_file_writer_resolve_link (file);

  /* Before anything measures text: fonts found without reading fontconfig's files. A CSV
   * or the tuner's file draws nothing and touches no font. */
  if ((request->document == NULL && request->format != RING_EXPORT_FORMAT_CSV)
      || (request->document != NULL && request->document->paper))
    ring_export_fonts_init ();

  if (request->document != NULL)
    request->document->write (model, file, request->paper, &error);
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

/* Checks the export @args ask for, then writes it: the exit status. */
static int
check_and_write_export (const RingCliArgs *args,
                        RingModel         *model,
                        const char        *chart,
                        const char        *size,
                        const char        *paper)
{
  g_autoptr(GError) error = NULL;
  ExportRequest request;

  if (!check_export (args->export_path, chart, size, paper, &request, &error)
      || !check_export_inputs (args, &error))
    {
      _ring_cli_print_error ("%s", error->message);
      return RING_CLI_EXIT_USAGE;
    }

  return write_export (model, &request);
}

static const RingCliExportLayer export_layer = {
  list_charts,
  ring_cli_load_scenarios,
  import_logs,
  check_and_write_export,
};

void
ring_cli_use_export_layer (void)
{
  _ring_cli_set_export_layer (&export_layer);
  /* The export layer brings json-glib, and with it nccl-tests' -J files. */
  ring_nccl_log_enable_json ();
}
