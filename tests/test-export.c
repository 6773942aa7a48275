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

static guint
count_files (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (handle != NULL && g_dir_read_name (handle) != NULL)
    n++;

  return n;
}

/* Checks of each format. */

static void
check_png (const char *path,
           int         width,
           int         height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  cairo_surface_destroy (surface);
}

static void
svg_start_element_cb (GMarkupParseContext  *context,
                      const char           *element_name,
                      const char          **attribute_names,
                      const char          **attribute_values,
                      gpointer              user_data,
                      GError              **error)
{
  char **root = user_data;

  if (*root == NULL)
    *root = g_strdup (element_name);
}

static void
check_svg (const char *path)
{
  static const GMarkupParser parser = { svg_start_element_cb, NULL, NULL, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *root = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  contents = ring_test_read_file (path, &length);
  context = g_markup_parse_context_new (&parser, G_MARKUP_PREFIX_ERROR_POSITION, &root, NULL);
  g_markup_parse_context_parse (context, contents, length, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (root, ==, "svg");
}

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
      check_png (path, width, height);
      break;
    case RING_EXPORT_FORMAT_SVG:
      check_svg (path);
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

/* Exports @kind to @path through the library, which must succeed. */
static void
export_chart (RingModel        *model,
              RingChartKind     kind,
              RingExportFormat  format,
              const char       *path,
              int               width,
              int               height,
              double            scale)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  ring_export_chart (model, kind, format, file, width, height, scale, NULL, &error);
  g_assert_no_error (error);
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
          export_chart (model, kind, formats[f], path, width, height, 1.0);
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
  g_assert_cmpuint (count_files (dir), ==, RING_N_CHARTS * G_N_ELEMENTS (formats));
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

  export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_PNG, path,
                1600, 1000, 2.0);
  check_png (path, 3200, 2000);
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
        check_png (path, 640, 400);
      }
  }

  /* The default size is 1600 × 1000. */
  {
    g_autofree char *path = g_build_filename (dir, "default.png", NULL);
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path,
                                                 "--chart", "utilization-vs-gpus", NULL);

    g_assert_cmpint (run.status, ==, 0);
    check_png (path, 1600, 1000);
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

  export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, RING_EXPORT_FORMAT_CSV, path,
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

  export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_CSV, path, 800, 500, 1.0);

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

  export_chart (model, RING_CHART_UTILIZATION_MAP, RING_EXPORT_FORMAT_CSV, path, 800, 500, 1.0);
  setlocale (LC_NUMERIC, old_locale);
  check_csv (path, model, RING_CHART_UTILIZATION_MAP);

  ring_test_remove_tmp_dir (dir);
}

static void
test_unwritable (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *regular = g_build_filename (dir, "regular", NULL);
  g_autofree char *missing_dir = g_build_filename (dir, "missing", "chart.png", NULL);
  g_autofree char *under_file = g_build_filename (dir, "regular", "chart.svg", NULL);
  const char *paths[] = { missing_dir, under_file };

  if (ring_test_skip_without_plplot ())
    return;

  g_assert_true (g_file_set_contents (regular, "not a directory", -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr(GError) error = NULL;
      RingExportFormat format;

      g_assert_true (ring_export_format_from_path (paths[i], &format));
      g_assert_false (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, format, file,
                                         800, 500, 1.0, NULL, &error));
      g_assert_error (error, G_IO_ERROR, error->code);
      g_assert_nonnull (strstr (error->message, paths[i]));
      g_assert_false (g_file_test (paths[i], G_FILE_TEST_EXISTS));

      {
        g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", paths[i],
                                                     "--chart", "utilization-map", NULL);

        g_assert_cmpint (run.status, ==, 1);
        g_assert_nonnull (strstr (run.err, paths[i]));
        g_assert_false (g_file_test (paths[i], G_FILE_TEST_EXISTS));
      }
    }

  /* Nothing but the regular file was created. */
  g_assert_cmpuint (count_files (dir), ==, 1);
  ring_test_remove_tmp_dir (dir);
}

/* An existing file is replaced only by a complete new one, and kept on failure. */
static void
test_replace_existing (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));

  /* A failed export leaves the old file alone… */
  g_assert_false (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS,
                                     RING_EXPORT_FORMAT_PNG, file, 0, 0, 1.0, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, path));
  g_clear_error (&error);
  contents = ring_test_read_file (path, NULL);
  g_assert_cmpstr (contents, ==, "old contents");
  g_clear_pointer (&contents, g_free);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--size", "0x0", NULL);

    g_assert_cmpint (run.status, ==, 2);
    contents = ring_test_read_file (path, NULL);
    g_assert_cmpstr (contents, ==, "old contents");
    g_clear_pointer (&contents, g_free);
  }

  /* …and a successful one replaces it whole. */
  export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, RING_EXPORT_FORMAT_PNG, path,
                800, 500, 1.0);
  check_png (path, 800, 500);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--size", "480x300",
                                                 NULL);

    g_assert_cmpint (run.status, ==, 0);
    check_png (path, 480, 300);
  }

  g_assert_cmpuint (count_files (dir), ==, 1);
  ring_test_remove_tmp_dir (dir);
}

static void
test_cli_usage (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "chart.png", NULL);
  g_autofree char *txt = g_build_filename (dir, "chart.txt", NULL);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--chart", "list", NULL);

    g_assert_cmpint (run.status, ==, 0);
    for (guint kind = 0; kind < RING_N_CHARTS; kind++)
      g_assert_nonnull (strstr (run.out, ring_chart_kind_to_string (kind)));
  }
  /* Each rejected command line: exit 2, and stderr names what was wrong. */
  {
    const struct
    {
      const char *args[4];
      const char *named[2];
    } rejected[] = {
      { { "--export", png, "--chart", "nope" }, { "--chart", "nope" } },
      { { "--export", txt }, { "chart.txt" } },
      { { "--export", png, "--size", "0x0" }, { "--size" } },
      { { "--export", png, "--size", "abc" }, { "--size" } },
      /* Past what an int holds: rejected by its range before any cast to int. */
      { { "--export", png, "--size", "99999999999x1000" }, { "--size" } },
      /* A report is a PDF. */
      { { "--export", png, "--chart", "all" }, { NULL } },
    };

    for (guint i = 0; i < G_N_ELEMENTS (rejected); i++)
      {
        const char * const *args = rejected[i].args;
        g_auto(RingTestRun) run = ring_test_run_cli (NULL, args[0], args[1], args[2], args[3],
                                                     NULL);

        g_test_message ("%s %s %s", args[0], args[1], args[2] != NULL ? args[2] : "");
        g_assert_cmpint (run.status, ==, 2);
        for (guint n = 0; n < G_N_ELEMENTS (rejected[i].named); n++)
          if (rejected[i].named[n] != NULL)
            g_assert_nonnull (strstr (run.err, rejected[i].named[n]));
      }
  }

  /* None of these wrote anything. */
  g_assert_cmpuint (count_files (dir), ==, 0);
  ring_test_remove_tmp_dir (dir);
}

/* The share of @path's pixels that differ from its corner, which every chart paints with
 * its background. */
static double
ink_fraction (const char *path)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 background = *(const guint32 *) (const void *) data;
  guint64 inked = 0;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      inked += ((const guint32 *) (const void *) (data + y * stride))[x] != background;
  cairo_surface_destroy (surface);

  return (double) inked / ((double) width * height);
}

/* Every chart kind draws at the smallest size the command line accepts (before, sizes up
 * to 159×109 exported blank images); one pixel less either way is refused, naming the
 * smallest size, and writes nothing. */
static void
test_minimum_size (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *minimum = g_strdup_printf ("%dx%d", RING_EXPORT_MIN_WIDTH,
                                              RING_EXPORT_MIN_HEIGHT);

  if (ring_test_skip_without_plplot ())
    return;

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      const char *chart = ring_chart_kind_to_string (kind);
      g_autofree char *name = g_strdup_printf ("%s.png", chart);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--chart", chart,
                                                   "--size", minimum, NULL);
      double ink;

      g_assert_cmpint (run.status, ==, 0);
      check_png (path, RING_EXPORT_MIN_WIDTH, RING_EXPORT_MIN_HEIGHT);
      ink = ink_fraction (path);
      g_test_message ("%s at %s: %.1f %% of the pixels drawn", chart, minimum, 100 * ink);
      g_assert_cmpfloat (ink, >, 0.05);
      g_remove (path);
    }

  {
    g_autofree char *path = g_build_filename (dir, "small.png", NULL);
    const char *sizes[] = { "479x300", "480x299", "16x16", "159x109" };

    for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
      {
        g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--size", sizes[i],
                                                     NULL);

        g_assert_cmpint (run.status, ==, 2);
        g_assert_nonnull (strstr (run.err, "--size"));
        g_assert_nonnull (strstr (run.err, minimum));
      }
  }

  g_assert_cmpuint (count_files (dir), ==, 0);
  ring_test_remove_tmp_dir (dir);
}

/* A PNG holds its pixels in memory: past 40 megapixels it is refused at once, with the
 * limit named, by the command line (status 2) and the library; a vector chart may be
 * larger. */
static void
test_pixel_cap (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *png = g_build_filename (dir, "huge.png", NULL);
  g_autofree char *svg = g_build_filename (dir, "huge.svg", NULL);
  RingTestRunOptions options = { NULL, NULL, 10 };

  if (ring_test_skip_without_plplot ())
    return;

  {
    const char *args[] = { "--export", png, "--size", "20000x20000", NULL };
    g_auto(RingTestRun) run = ring_test_run_cli_full (NULL, &options, args);

    g_assert_false (run.timed_out);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--size"));
    g_assert_nonnull (strstr (run.err, "400 megapixels"));
    g_assert_nonnull (strstr (run.err, "40"));
  }

  {
    const char *args[] = { "--export", png, "--size", "8001x5000", NULL };
    g_auto(RingTestRun) run = ring_test_run_cli_full (NULL, &options, args);

    g_assert_cmpint (run.status, ==, 2);
  }
  g_assert_cmpuint (count_files (dir), ==, 0);

  {
    g_autoptr(GFile) file = g_file_new_for_path (png);
    g_autoptr(GError) error = NULL;

    g_assert_false (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS,
                                       RING_EXPORT_FORMAT_PNG, file, 8000, 5000, 1.001, NULL,
                                       &error));
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, "40"));
  }

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", svg, "--size", "8001x5000",
                                                 NULL);

    g_assert_cmpint (run.status, ==, 0);
    check_svg (svg);
  }

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
  g_test_add_func ("/ring/export/csv-values", test_csv_values);
  g_test_add_func ("/ring/export/csv-map-unique", test_csv_map_unique);
  g_test_add_func ("/ring/export/csv-decimal-point", test_csv_decimal_point);
  g_test_add_func ("/ring/export/unwritable", test_unwritable);
  g_test_add_func ("/ring/export/replace-existing", test_replace_existing);
  g_test_add_func ("/ring/export/cli-usage", test_cli_usage);
  g_test_add_func ("/ring/export/minimum-size", test_minimum_size);
  g_test_add_func ("/ring/export/pixel-cap", test_pixel_cap);

  return g_test_run ();
}
