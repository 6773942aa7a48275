/* test-export.c: every chart in every format, through the library and the command line;
 * the files' contents, the report's pages, the CSV's numbers, and the failures.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-test-files.h"
#include "ring-export.h"
#include "ring-chart-series-private.h"
#include "ring-test-cli.h"

static const char *extensions[] = { "png", "svg", "pdf", "csv" };
static const RingExportFormat formats[] = {
  RING_EXPORT_FORMAT_PNG, RING_EXPORT_FORMAT_SVG, RING_EXPORT_FORMAT_PDF, RING_EXPORT_FORMAT_CSV,
};

/* Checks of each format. */

/* cairo writes each page as a "/Type /Page" object (the page tree is "/Type /Pages"), and
 * does not compress its object dictionaries. */
static guint
count_pdf_pages (const char *contents,
                 gsize       length)
{
  static const char needle[] = "/Type /Page";
  guint pages = 0;

  for (gsize i = 0; i + sizeof needle - 1 < length; i++)
    if (memcmp (contents + i, needle, sizeof needle - 1) == 0
        && contents[i + sizeof needle - 1] != 's')
      pages++;

  return pages;
}

static void
check_pdf (const char *path,
           guint       pages)
{
  g_autofree char *contents = NULL;
  gsize length;

  contents = ring_test_read_file (path, &length);
  g_assert_cmpuint (length, >, 1000);
  g_assert_true (g_str_has_prefix (contents, "%PDF-"));
  g_assert_cmpuint (count_pdf_pages (contents, length), ==, pages);
}

/* Splits one CSV line (RFC 4180 quoting). */
static GStrv
split_csv_line (const char *line)
{
  g_autoptr(GStrvBuilder) fields = g_strv_builder_new ();
  g_autoptr(GString) field = g_string_new (NULL);
  gboolean quoted = FALSE;

  for (const char *c = line; *c != '\0'; c++)
    {
      if (quoted && *c == '"' && c[1] == '"')
        {
          g_string_append_c (field, '"');
          c++;
        }
      else if (*c == '"')
        quoted = !quoted;
      else if (*c == ',' && !quoted)
        {
          g_strv_builder_add (fields, field->str);
          g_string_truncate (field, 0);
        }
      else
        g_string_append_c (field, *c);
    }
  g_strv_builder_add (fields, field->str);

  return g_strv_builder_end (fields);
}

/* The CSV holds the chart's series: its header names each with its unit, and each row
 * is one point, every field a number written with '.'. */
static void
check_csv (const char    *path,
           RingModel     *model,
           RingChartKind  kind)
{
  g_autoptr(RingChartData) data = _ring_chart_data_new (kind, ring_model_get_params (model));
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  guint n_lines;

  contents = ring_test_read_file (path, NULL);
  g_assert_true (g_str_has_suffix (contents, "\r\n"));
  lines = g_strsplit (contents, "\r\n", -1);
  n_lines = g_strv_length (lines);
  /* Header, one line per row, and the empty string after the last line break. */
  g_assert_cmpuint (n_lines, ==, data->n_rows + 2);
  g_assert_cmpstr (lines[n_lines - 1], ==, "");

  header = split_csv_line (lines[0]);
  g_assert_cmpuint (g_strv_length (header), ==, data->columns->len);
  for (guint c = 0; c < data->columns->len; c++)
    {
      RingSeries *series = _ring_chart_data_column (data, c);
      g_autofree char *expected = series->csv_header != NULL
                                  ? g_strdup (series->csv_header)
                                  : *series->unit != '\0'
                                  ? g_strdup_printf ("%s (%s)", series->label, series->unit)
                                  : g_strdup (series->label);

      g_assert_cmpstr (header[c], ==, expected);
    }

  for (guint row = 0; row < data->n_rows; row++)
    {
      g_auto(GStrv) fields = split_csv_line (lines[row + 1]);

      g_assert_cmpuint (g_strv_length (fields), ==, data->columns->len);
      for (guint c = 0; c < data->columns->len; c++)
        {
          RingSeries *series = _ring_chart_data_column (data, c);
          char *end = NULL;
          double value;

          /* A column of text ("Ring · LL128"), and an empty field where there is no
           * number (an algorithm that cannot run at that size). */
          if (series->texts != NULL)
            {
              g_assert_cmpstr (fields[c], ==, series->texts[row]);
              continue;
            }
          if (isnan (series->values[row]))
            {
              g_assert_cmpstr (fields[c], ==, "");
              continue;
            }
          value = g_ascii_strtod (fields[c], &end);
          g_assert_true (end != fields[c] && *end == '\0');
          g_assert_cmpfloat (value, ==, series->values[row]);
        }
    }
}

static void
check_file (const char       *path,
            RingModel        *model,
            RingChartKind     kind,
            RingExportFormat  format,
            int               width,
            int               height)
{
  switch (format)
    {
    case RING_EXPORT_FORMAT_PNG:
      ring_test_check_png (path, width, height);
      break;
    case RING_EXPORT_FORMAT_SVG:
      ring_test_check_svg (path);
      break;
    case RING_EXPORT_FORMAT_PDF:
      check_pdf (path, 1);
      break;
    case RING_EXPORT_FORMAT_CSV:
      check_csv (path, model, kind);
      break;
    default:
      g_assert_not_reached ();
    }
}

typedef enum
{
  EXPORT_THROUGH_LIBRARY,
  EXPORT_THROUGH_CLI,
} ExportRoute;

/* Writes every chart in every format into @dir at @width × @height by @route, and checks
 * each file. The command line must succeed silently. */
static void
export_every_kind_and_format (RingModel   *model,
                              const char  *dir,
                              ExportRoute  route,
                              int          width,
                              int          height)
{
  g_autofree char *size = g_strdup_printf ("%dx%d", width, height);

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        g_autofree char *name = g_strdup_printf ("%s.%s", ring_chart_kind_to_string (kind),
                                                 extensions[f]);
        g_autofree char *path = g_build_filename (dir, name, NULL);

        if (route == EXPORT_THROUGH_LIBRARY)
          ring_test_export_chart (model, kind, formats[f], path, width, height, 1.0);
        else
          {
            const char *chart = ring_chart_kind_to_string (kind);
            g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--chart", chart,
                                                         "--size", size, NULL);

            g_assert_cmpstr (run.err, ==, "");
            g_assert_cmpint (run.status, ==, 0);
          }
        check_file (path, model, kind, formats[f], width, height);
      }
}

/* Tests. */

static void
test_format_from_path (void)
{
  RingExportFormat format;

  g_assert_true (ring_export_format_from_path ("a.png", &format));
  g_assert_cmpint (format, ==, RING_EXPORT_FORMAT_PNG);
  g_assert_true (ring_export_format_from_path ("dir.d/A.SVG", &format));
  g_assert_cmpint (format, ==, RING_EXPORT_FORMAT_SVG);
  g_assert_true (ring_export_format_from_path ("/x/report.Pdf", &format));
  g_assert_cmpint (format, ==, RING_EXPORT_FORMAT_PDF);
  g_assert_true (ring_export_format_from_path ("data.csv", &format));
  g_assert_cmpint (format, ==, RING_EXPORT_FORMAT_CSV);

  g_assert_false (ring_export_format_from_path ("notes.txt", NULL));
  g_assert_false (ring_export_format_from_path ("png", NULL));
  g_assert_false (ring_export_format_from_path ("dir.png/file", NULL));
  g_assert_false (ring_export_format_from_path ("", NULL));
}

/* What the export dialog writes for a typed name, whatever filter it offered. */
static void
test_resolve_name (void)
{
  static const struct
  {
    const char       *typed;
    RingExportFormat  default_format;
    const char       *name;
    RingExportFormat  format;
    double            scale;
  } cases[] = {
    /* A known extension wins over the default, in any case. */
    { "chart.png", RING_EXPORT_FORMAT_SVG, "chart.png", RING_EXPORT_FORMAT_PNG, 1 },
    { "chart.svg", RING_EXPORT_FORMAT_PNG, "chart.svg", RING_EXPORT_FORMAT_SVG, 1 },
    { "Chart.PDF", RING_EXPORT_FORMAT_PNG, "Chart.PDF", RING_EXPORT_FORMAT_PDF, 1 },
    { "table.csv", RING_EXPORT_FORMAT_PDF, "table.csv", RING_EXPORT_FORMAT_CSV, 1 },
    /* A bare name gets the default's extension. */
    { "chart", RING_EXPORT_FORMAT_SVG, "chart.svg", RING_EXPORT_FORMAT_SVG, 1 },
    { "chart", RING_EXPORT_FORMAT_PNG, "chart.png", RING_EXPORT_FORMAT_PNG, 1 },
    { "chart", RING_EXPORT_FORMAT_PDF, "chart.pdf", RING_EXPORT_FORMAT_PDF, 1 },
    { "chart", RING_EXPORT_FORMAT_CSV, "chart.csv", RING_EXPORT_FORMAT_CSV, 1 },
    /* So does one with an extension the exporter does not write. */
    { "notes.txt", RING_EXPORT_FORMAT_SVG, "notes.txt.svg", RING_EXPORT_FORMAT_SVG, 1 },
    { "v1.2", RING_EXPORT_FORMAT_PNG, "v1.2.png", RING_EXPORT_FORMAT_PNG, 1 },
    /* "@2x" asks for twice the pixels, typed with or without the extension. */
    { "chart@2x.png", RING_EXPORT_FORMAT_PNG, "chart@2x.png", RING_EXPORT_FORMAT_PNG, 2 },
    { "chart@2x.PNG", RING_EXPORT_FORMAT_SVG, "chart@2x.PNG", RING_EXPORT_FORMAT_PNG, 2 },
    { "chart@2x", RING_EXPORT_FORMAT_PNG, "chart@2x.png", RING_EXPORT_FORMAT_PNG, 2 },
    { "chart@2X.png", RING_EXPORT_FORMAT_PNG, "chart@2X.png", RING_EXPORT_FORMAT_PNG, 2 },
    /* …but only of a PNG. */
    { "chart@2x", RING_EXPORT_FORMAT_SVG, "chart@2x.svg", RING_EXPORT_FORMAT_SVG, 1 },
    { "chart@2x.pdf", RING_EXPORT_FORMAT_PNG, "chart@2x.pdf", RING_EXPORT_FORMAT_PDF, 1 },
    { "chart@2xpng", RING_EXPORT_FORMAT_PNG, "chart@2xpng.png", RING_EXPORT_FORMAT_PNG, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = NULL;
      RingExportFormat format = RING_EXPORT_FORMAT_CSV + 1;
      double scale = 0;

      g_test_message ("%s", cases[i].typed);
      name = ring_export_resolve_name (cases[i].typed, cases[i].default_format, &format,
                                       &scale);
      g_assert_cmpstr (name, ==, cases[i].name);
      g_assert_cmpint (format, ==, cases[i].format);
      g_assert_cmpfloat (scale, ==, cases[i].scale);
    }

  /* The outputs are optional. */
  {
    g_autofree char *name = ring_export_resolve_name ("chart", RING_EXPORT_FORMAT_PDF,
                                                      NULL, NULL);

    g_assert_cmpstr (name, ==, "chart.pdf");
  }
}

static void
test_library_every_kind_and_format (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();

  if (ring_test_skip_without_plplot ())
    return;

  export_every_kind_and_format (model, dir, EXPORT_THROUGH_LIBRARY, 800, 500);

  /* No temporary files are left beside them. */
  g_assert_cmpuint (ring_test_count_files (dir), ==, RING_N_CHARTS * G_N_ELEMENTS (formats));
  ring_test_remove_tmp_dir (dir);
}

static void
test_library_png_scale (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart@2x.png", NULL);

  if (ring_test_skip_without_plplot ())
    return;

  ring_test_export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_PNG, path,
                1600, 1000, 2.0);
  ring_test_check_png (path, 3200, 2000);
  ring_test_remove_tmp_dir (dir);
}

static void
test_cli_every_kind_and_format (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();

  if (ring_test_skip_without_plplot ())
    return;

  export_every_kind_and_format (model, dir, EXPORT_THROUGH_CLI, 640, 400);

  /* The size as people write it, with a multiplication sign or a capital X. */
  {
    const char *sizes[] = { "640×400", "640X400" };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_autofree char *path = g_build_filename (dir, "sized.png", NULL);
        g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--size", sizes[i],
                                                     NULL);

        g_assert_cmpint (run.status, ==, 0);
        ring_test_check_png (path, 640, 400);
      }
  }

  /* The default size is 1600 × 1000. */
  {
    g_autofree char *path = g_build_filename (dir, "default.png", NULL);
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path,
                                                 "--chart", "utilization-vs-gpus", NULL);

    g_assert_cmpint (run.status, ==, 0);
    ring_test_check_png (path, 1600, 1000);
  }

  ring_test_remove_tmp_dir (dir);
}

static void
test_report (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *library_path = g_build_filename (dir, "library.pdf", NULL);
  g_autofree char *cli_path = g_build_filename (dir, "cli.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (library_path);
  g_autoptr(GError) error = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  /* The table, then one page per chart. */
  ring_export_report (model, file, RING_EXPORT_PAPER_A4, NULL, &error);
  g_assert_no_error (error);
  check_pdf (library_path, RING_N_CHARTS + 1);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", cli_path, "--chart", "all",
                                                 NULL);

    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
    check_pdf (cli_path, RING_N_CHARTS + 1);
  }

  ring_test_remove_tmp_dir (dir);
}

/* The report's charts share points of their sweeps (the GPU sweep at the model's bandwidth
 * is four charts' curves, the model's own configuration every chart's marker): it costs
 * fewer configurations than its charts drawn one by one. */
static void
test_report_evaluates_each_point_once (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  RingStyle style;
  guint one_by_one = 0;
  guint evaluations, points;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      guint before = _ring_cost_count_evaluations ();

      ring_chart_draw (kind, model, cr, 523, 350, &style);
      one_by_one += _ring_cost_count_evaluations () - before;
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  evaluations = _ring_cost_count_evaluations ();
  points = _ring_chart_sweep_memo_count_points ();
  ring_export_report (model, file, RING_EXPORT_PAPER_A4, NULL, &error);
  g_assert_no_error (error);
  evaluations = _ring_cost_count_evaluations () - evaluations;
  points = _ring_chart_sweep_memo_count_points () - points;

  g_test_message ("%u evaluations in the report, %u distinct points, %u chart by chart",
                  evaluations, points, one_by_one);
  g_assert_cmpuint (points, >, 0);
  g_assert_cmpuint (evaluations, <, one_by_one);

  ring_test_remove_tmp_dir (dir);
}

/* The numbers in the CSV are the cost model's, to the last bit. */
static void
test_csv_values (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "utilization.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_auto(GStrv) header = NULL;
  RingParams params = *ring_model_get_params (model);
  RingResult expected;
  gboolean found = FALSE;

  ring_test_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, RING_EXPORT_FORMAT_CSV, path,
                800, 500, 1.0);

  contents = ring_test_read_file (path, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  header = split_csv_line (lines[0]);
  g_assert_cmpuint (g_strv_length (header), ==, 4);
  g_assert_cmpstr (header[0], ==, "GPUs in the ring (GPUs)");
  g_assert_cmpstr (header[1], ==, "Utilization at 150 GB/s (%)");
  g_assert_cmpstr (header[2], ==, "Utilization at 300 GB/s (%)");
  g_assert_cmpstr (header[3], ==, "Utilization at 600 GB/s (%)");

  for (guint row = 1; lines[row] != NULL && lines[row][0] != '\0'; row++)
    {
      g_auto(GStrv) fields = split_csv_line (lines[row]);

      if (g_ascii_strtod (fields[0], NULL) != 64)
        continue;

      params.gpus = 64;
      params.bandwidth_gbps = 600;
      ring_cost_evaluate (&params, &expected);
      g_assert_cmpfloat (g_ascii_strtod (fields[3], NULL), ==, 100 * expected.utilization);
      found = TRUE;
    }
  g_assert_true (found);

  /* At the model's own N, the current-bandwidth column is the model's utilization. */
  g_assert_nonnull (strstr (contents, "\r\n8,"));

  ring_test_remove_tmp_dir (dir);
}

/* The map's table has each (GPUs, bandwidth) point once; its columns start at 2 GPUs (one
 * has nothing to all-reduce, and a map interpolated from 1 to 2 would draw contours over
 * fractional GPU counts) and step by whole nodes beyond one node. */
static void
test_csv_map_unique (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "map.csv", NULL);
  g_autoptr(GHashTable) points = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  double previous_gpus = 0;
  guint n_gpus = 0, n_rows = 0;

  ring_test_export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_CSV, path, 800, 500, 1.0);

  contents = ring_test_read_file (path, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  for (guint row = 1; lines[row] != NULL && lines[row][0] != '\0'; row++)
    {
      g_auto(GStrv) fields = split_csv_line (lines[row]);
      double gpus = g_ascii_strtod (fields[0], NULL);

      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      if (!g_hash_table_add (points, g_strconcat (fields[0], ",", fields[1], NULL)))
        g_error ("row %u repeats GPUs %s at %s GB/s", row, fields[0], fields[1]);

      /* GPUs vary fastest and rise along a bandwidth's row, from 2 GPUs; past the node
       * of 8, whole nodes. */
      g_assert_true (gpus <= 8 || fmod (gpus, 8) == 0);
      if (gpus <= previous_gpus)
        {
          g_assert_cmpfloat (gpus, ==, 2);
          if (n_gpus == 0)
            n_gpus = n_rows;
          g_assert_cmpuint (n_rows % n_gpus, ==, 0);
        }
      previous_gpus = gpus;
      n_rows++;
    }

  /* 2, 4, 8, 16 are all there, 1 and 3 are not, and the map is still a full grid. */
  for (guint n = 1; n <= 16; n++)
    {
      g_autofree char *first = g_strdup_printf ("%u,0.1", n);

      g_assert_true (g_hash_table_contains (points, first) == (n == 2 || n == 4 || n == 8
                                                               || n == 16));
    }
  g_assert_cmpuint (n_gpus, >=, 20);
  g_assert_cmpuint (n_rows % n_gpus, ==, 0);

  ring_test_remove_tmp_dir (dir);
}

/* A locale with a decimal comma changes nothing in the file. */
static void
test_csv_decimal_point (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "map.csv", NULL);
  g_autofree char *old_locale = g_strdup (setlocale (LC_NUMERIC, NULL));

  if (setlocale (LC_NUMERIC, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not installed");
      ring_test_remove_tmp_dir (dir);
      return;
    }

  ring_test_export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_CSV, path, 800, 500, 1.0);
  setlocale (LC_NUMERIC, old_locale);
  check_csv (path, model, RING_CHART_UTILIZATION_MAP);

  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/export/format-from-path", test_format_from_path);
  g_test_add_func ("/ring/export/resolve-name", test_resolve_name);
  g_test_add_func ("/ring/export/library", test_library_every_kind_and_format);
  g_test_add_func ("/ring/export/png-scale", test_library_png_scale);
  g_test_add_func ("/ring/export/cli", test_cli_every_kind_and_format);
  g_test_add_func ("/ring/export/report", test_report);
  g_test_add_func ("/ring/export/report-evaluates-once", test_report_evaluates_each_point_once);
  g_test_add_func ("/ring/export/csv-values", test_csv_values);
  g_test_add_func ("/ring/export/csv-map-unique", test_csv_map_unique);
  g_test_add_func ("/ring/export/csv-decimal-point", test_csv_decimal_point);

  return g_test_run ();
}
