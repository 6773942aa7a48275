/* test-figure-files.c: chart files of a physical size (--size 90mmx60mm: 300 dpi PNG,
 * points in SVG and PDF) and the PDF report on A4 and Letter.
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
#include "ring-test-cli.h"

static void
png_size (const char *path,
          guint      *width,
          guint      *height)
{
  g_autofree char *contents = NULL;
  const guint8 *bytes;
  gsize length;

  contents = ring_test_read_file (path, &length);
  g_assert_cmpuint (length, >, 24);
  bytes = (const guint8 *) contents;
  *width = (guint) bytes[16] << 24 | bytes[17] << 16 | bytes[18] << 8 | bytes[19];
  *height = (guint) bytes[20] << 24 | bytes[21] << 16 | bytes[22] << 8 | bytes[23];
}

/* Every page's MediaBox: its size in points. */
static GArray *
pdf_pages (const char *path)
{
  g_autofree char *contents = NULL;
  GArray *sizes = g_array_new (FALSE, FALSE, sizeof (double) * 2);
  gsize length;

  static const char needle[] = "/MediaBox [";

  contents = ring_test_read_file (path, &length);
  /* A PDF holds binary streams: search every byte, not up to the first NUL. */
  for (gsize i = 0; i + sizeof needle < length; i++)
    {
      const char *at = contents + i;
      double box[4], size[2];

      if (memcmp (at, needle, sizeof needle - 1) != 0)
        continue;

      g_assert_cmpint (sscanf (at, "/MediaBox [ %lf %lf %lf %lf ]", &box[0], &box[1], &box[2],
                               &box[3]), ==, 4);
      size[0] = box[2] - box[0];
      size[1] = box[3] - box[1];
      g_array_append_vals (sizes, size, 1);
    }

  return sizes;
}

/* --size 90mmx60mm: 300 dpi in a PNG, points in an SVG and a PDF. */
static void
test_physical_size (void)
{
  g_autofree char *dir = NULL;
  static const char *bad[] = { "10mmx10mm", "90mmx60", "90furlongsx2in", "0mmx60mm" };

  if (ring_test_skip_without_plplot ())
    return;

  dir = ring_test_make_tmp_dir ();
  {
    g_autofree char *path = g_build_filename (dir, "figure.png", NULL);
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--export", path, "--chart",
                                                 "utilization-vs-gpus", "--size", "90mmx60mm",
                                                 NULL);
    guint width, height;

    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
    png_size (path, &width, &height);
    /* 90 mm and 60 mm at 300 dots per inch. */
    g_assert_cmpuint (width, ==, 1063);
    g_assert_cmpuint (height, ==, 709);
  }
  {
    g_autofree char *path = g_build_filename (dir, "figure.pdf", NULL);
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--export", path, "--chart",
                                                 "step-time-vs-gpus", "--size", "3.5inx2.5in",
                                                 NULL);
    g_autoptr(GArray) pages = NULL;

    g_assert_cmpint (run.status, ==, 0);
    pages = pdf_pages (path);
    g_assert_cmpuint (pages->len, ==, 1);
    g_assert_cmpfloat_with_epsilon (g_array_index (pages, double, 0), 252, 0.01);
    g_assert_cmpfloat_with_epsilon (g_array_index (pages, double, 1), 180, 0.01);
  }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *path = g_build_filename (dir, "bad.png", NULL);
      g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--export", path, "--size", bad[i],
                                                   NULL);

      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--size"));
      g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
    }
  ring_test_remove_tmp_dir (dir);
}

/* The page's background: the pixel value most of the image has. */
static guint32
most_common_pixel (cairo_surface_t *surface)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  guint32 best = 0;
  guint best_count = 0;

  for (int y = 0; y < height; y += 3)
    for (int x = 0; x < width; x += 3)
      {
        guint32 pixel = ring_test_pixel (surface, x, y);
        guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts,
                                                             GUINT_TO_POINTER (pixel))) + 1;

        g_hash_table_insert (counts, GUINT_TO_POINTER (pixel), GUINT_TO_POINTER (count));
        if (count > best_count)
          {
            best = pixel;
            best_count = count;
          }
      }

  return best;
}

/* The smallest figure, 70 mm × 50 mm, still has a plot for every chart kind, also with
 * scenarios and a log: its legend shrinks, then leaves entries out, and its axis titles
 * fit, so the lower middle of the page is drawn on (at 60 × 40 mm, now refused, the
 * legend had taken the whole page). */
static void
test_smallest_figure (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *scenarios = NULL;
  g_autofree char *log = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  dir = ring_test_make_tmp_dir ();
  scenarios = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                     "dgx-h100-2-nodes.json", NULL);
  log = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs", "h100-2node-gj-aion.log",
                               NULL);
  /* Each kind plain, and with two scenarios and a log in its legend (and the error strip
   * the log brings), in German. */
  for (guint i = 0; i < 2 * RING_N_CHARTS; i++)
    {
      RingChartKind kind = i % RING_N_CHARTS;
      gboolean crowded = i >= RING_N_CHARTS;
      g_autofree char *path = g_build_filename (dir, "small.png", NULL);
      g_auto(RingTestRun) run = crowded
        ? ring_test_run_cli ("de_DE.UTF-8", "--export", path, "--chart",
                             ring_chart_kind_to_string (kind), "--size", "70mmx50mm",
                             "--scenario", scenarios, "--import-nccl", log, NULL)
        : ring_test_run_cli ("C.UTF-8", "--export", path, "--chart",
                             ring_chart_kind_to_string (kind), "--size", "70mmx50mm", NULL);
      cairo_surface_t *surface;
      int width, height;
      guint32 background;
      guint drawn = 0, total = 0;

      g_test_message ("%s%s", ring_chart_kind_to_string (kind), crowded ? ", crowded" : "");
      g_assert_cmpint (run.status, ==, 0);
      surface = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      width = cairo_image_surface_get_width (surface);
      height = cairo_image_surface_get_height (surface);
      background = most_common_pixel (surface);
      for (int y = height * 55 / 100; y < height * 80 / 100; y++)
        for (int x = width * 40 / 100; x < width * 90 / 100; x++, total++)
          drawn += ring_test_pixel (surface, x, y) != background;
      g_test_message ("%u of %u pixels drawn", drawn, total);
      g_assert_cmpuint (drawn, >, total / 20);
      cairo_surface_destroy (surface);
      g_remove (path);
    }
  {
    g_autofree char *path = g_build_filename (dir, "too-small.png", NULL);
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--export", path, "--size",
                                                 "60mmx40mm", NULL);

    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "70mmx50mm"));
  }
  ring_test_remove_tmp_dir (dir);
}

/* The report: A4 (595 × 842 pt) or Letter (612 × 792), a first page (or two) and a page per
 * chart. */
static void
test_report_paper (void)
{
  static const struct
  {
    const char *locale;
    const char *paper;
    double      width, height;
  } cases[] = {
    { "C.UTF-8", NULL, 595, 842 },
    { "de_DE.UTF-8", NULL, 595, 842 },
    { "en_US.UTF-8", NULL, 612, 792 },
    { "en_US.UTF-8", "a4", 595, 842 },
    { "C.UTF-8", "letter", 612, 792 },
  };
  g_autofree char *dir = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  dir = ring_test_make_tmp_dir ();
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_build_filename (dir, "report.pdf", NULL);
      const char *args[] = { "--export", path, "--chart", "all", "--paper", cases[i].paper,
                             NULL };
      g_auto(RingTestRun) run = { 0 };
      g_autoptr(GArray) pages = NULL;

      if (cases[i].paper == NULL)
        args[4] = NULL;
      run = ring_test_run_cli_full (cases[i].locale, NULL, args);
      g_assert_cmpstr (run.err, ==, "");
      g_assert_cmpint (run.status, ==, 0);
      pages = pdf_pages (path);
      /* The first page's text flows onto a second where a language or the paper needs
       * it (German on Letter), never further. */
      g_assert_cmpuint (pages->len, >=, RING_N_CHARTS + 1);
      g_assert_cmpuint (pages->len, <=, RING_N_CHARTS + 2);
      for (guint p = 0; p < pages->len; p++)
        {
          const double *size = &g_array_index (pages, double, 2 * p);

          g_assert_cmpfloat (size[0], ==, cases[i].width);
          g_assert_cmpfloat (size[1], ==, cases[i].height);
        }
    }

  /* What goes with what. */
  {
    g_autofree char *pdf = g_build_filename (dir, "r.pdf", NULL);
    g_autofree char *png = g_build_filename (dir, "r.png", NULL);
    const char *bad[][7] = {
      { "--export", pdf, "--chart", "all", "--paper", "a5", NULL },
      { "--export", png, "--paper", "a4", NULL },
      { "--export", pdf, "--chart", "all", "--size", "800x600", NULL },
      { "--report", "--paper", "letter", NULL },
    };

    for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
      {
        g_auto(RingTestRun) run = ring_test_run_cli_full ("C.UTF-8", NULL, bad[i]);

        g_assert_cmpint (run.status, ==, 2);
        g_assert_true (strstr (run.err, "--paper") != NULL || strstr (run.err, "--size") != NULL);
      }
  }
  ring_test_remove_tmp_dir (dir);
}

/* Exports are light unless a style is given: a dark window's figure on request. */
static void
test_export_style (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  dir = ring_test_make_tmp_dir ();
  for (guint dark = 0; dark <= 1; dark++)
    {
      g_autofree char *path = g_build_filename (dir, "styled.png", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      RingStyle style;
      RingExportOptions options = { 800, 500, 1.0, FALSE, dark ? &style : NULL };
      cairo_surface_t *surface;
      const guint8 *pixel;

      ring_style_init (&style, TRUE);
      g_assert_true (ring_export_chart_with_options (model, RING_CHART_UTILIZATION_VS_GPUS,
                                                     RING_EXPORT_FORMAT_PNG, file, &options,
                                                     NULL, &error));
      g_assert_no_error (error);
      surface = cairo_image_surface_create_from_png (path);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      pixel = cairo_image_surface_get_data (surface);
      /* The top left corner is the background: white, or the dark style's #242424. */
      g_assert_cmpuint (pixel[0], ==, dark ? 0x24 : 0xff);
      cairo_surface_destroy (surface);
    }
  ring_test_remove_tmp_dir (dir);
}

/* pdftotext's text of page @page of @path. */
static char *
pdf_page_text_in (const char *pdftotext,
                  const char *path,
                  guint       page,
                  double      top,
                  double      width,
                  double      height)
{
  g_autofree char *number = g_strdup_printf ("%u", page);
  g_autofree char *y = g_strdup_printf ("%.0f", top);
  g_autofree char *w = g_strdup_printf ("%.0f", width);
  g_autofree char *h = g_strdup_printf ("%.0f", height);
  /* At pdftotext's 72 dpi a pixel is a point: the band from @top down, @height high. */
  const char *argv[] = { pdftotext, "-f", number, "-l", number, "-x", "0", "-y", y, "-W", w,
                         "-H", h, path, "-", NULL };
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                               NULL, &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_cmpint (status, ==, 0);

  return out;
}

static char *
pdf_page_text (const char *pdftotext,
               const char *path,
               guint       page)
{
  return pdf_page_text_in (pdftotext, path, page, 0, 10000, 10000);
}

/* A first page too long for the paper (German on Letter, four nccl-tests logs and two
 * scenarios in its table) flows onto the next: the table's rows and the paragraphs are
 * all there, none runs into the footer, and every footer counts the pages there are. */
static void
test_report_flows (void)
{
  g_autofree char *pdftotext = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *log = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                "h100-2node-gj-aion.log", NULL);
  g_autofree char *crlf = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "h100-crlf.log", NULL);
  g_autofree char *ansi = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "h100-ansi.log", NULL);
  g_autofree char *a100 = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "a100-2node-info.log", NULL);
  g_autofree char *scenarios = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                      "dgx-h100-2-nodes.json", NULL);
  g_autofree char *table = NULL;
  g_autoptr(GArray) pages = NULL;
  g_auto(RingTestRun) run = { 0 };
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  gboolean german = setlocale (LC_ALL, "de_DE.UTF-8") != NULL;

  /* The report is read in German: without the locale the C library runs it in C. */
  setlocale (LC_ALL, previous);
  if (!german)
    {
      g_test_skip ("the de_DE.UTF-8 locale is not generated");
      return;
    }
  pdftotext = ring_test_find_pdf_reader ();
  if (pdftotext == NULL)
    return;

  dir = ring_test_make_tmp_dir ();
  path = g_build_filename (dir, "report.pdf", NULL);
  {
    const char *args[] = { "--export", path, "--chart", "all", "--paper", "letter",
                           "--preset", "dgx-h100", "--gpus", "64", "--import-nccl", log,
                           "--import-nccl", crlf, "--import-nccl", ansi, "--import-nccl",
                           a100, "--scenario", scenarios, NULL };

    run = ring_test_run_cli_full ("de_DE.UTF-8", NULL, args);
  }
  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  pages = pdf_pages (path);
  g_assert_cmpuint (pages->len, ==, RING_N_CHARTS + 2);
  for (guint p = 1; p <= pages->len; p++)
    {
      g_autofree char *text = pdf_page_text (pdftotext, path, p);
      g_autofree char *footer = g_strdup_printf ("Seite %u von %u", p, pages->len);
      const char *at = strstr (text, footer);

      /* The footer is there; on the pages of text nothing reaches its band, the page's
       * last 40 points (the table's rows end at the bottom margin, 48 points up). */
      g_assert_nonnull (at);
      if (p <= 2)
        {
          double width = g_array_index (pages, double, 2 * (p - 1));
          double height = g_array_index (pages, double, 2 * (p - 1) + 1);
          g_autofree char *band = pdf_page_text_in (pdftotext, path, p, height - 40, width,
                                                    40);

          g_assert_true (g_str_has_suffix (g_strstrip (band), footer));
          g_assert_null (strchr (band, '\n'));
        }
      /* The table starts on the first page and fills it, the last paragraph is on the
       * second. */
      if (p == 1)
        {
          g_assert_nonnull (strstr (text, "h100-2node"));
          g_assert_null (strstr (text, "Annahmen."));
        }
      if (p == 2)
        g_assert_nonnull (strstr (text, "Annahmen."));
      if (p <= 2)
        {
          /* The first page's text, then the second's: the old string is freed. */
          char *joined = g_strconcat (table != NULL ? table : "", text, NULL);

          g_free (table);
          table = joined;
        }
    }
  /* Every row of the table is on the first pages: each log's, the last scenario's too. */
  g_assert_nonnull (strstr (table, "h100-2node"));
  g_assert_nonnull (strstr (table, "h100-crlf.log"));
  g_assert_nonnull (strstr (table, "h100-ansi.log"));
  g_assert_nonnull (strstr (table, "a100-2node"));
  g_assert_nonnull (strstr (table, "RoCE"));
  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/figure-files/physical-size", test_physical_size);
  g_test_add_func ("/ring/figure-files/smallest-figure", test_smallest_figure);
  g_test_add_func ("/ring/figure-files/report-paper", test_report_paper);
  g_test_add_func ("/ring/figure-files/export-style", test_export_style);
  g_test_add_func ("/ring/figure-files/report-flows", test_report_flows);

  return g_test_run ();
}
