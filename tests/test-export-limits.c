/* test-export-limits.c: exports that cannot be written, files replaced, the command line's
 * export options misused, the smallest legible size and the largest image.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#include "ring-test-files.h"
#include "ring-export.h"
#include "ring-chart-series-private.h"
#include "ring-test-cli.h"

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
  g_assert_cmpuint (ring_test_count_files (dir), ==, 1);
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
  ring_test_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, RING_EXPORT_FORMAT_PNG, path,
                800, 500, 1.0);
  ring_test_check_png (path, 800, 500);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, "--size", "480x300",
                                                 NULL);

    g_assert_cmpint (run.status, ==, 0);
    ring_test_check_png (path, 480, 300);
  }

  g_assert_cmpuint (ring_test_count_files (dir), ==, 1);
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
  g_assert_cmpuint (ring_test_count_files (dir), ==, 0);
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
      ring_test_check_png (path, RING_EXPORT_MIN_WIDTH, RING_EXPORT_MIN_HEIGHT);
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

  g_assert_cmpuint (ring_test_count_files (dir), ==, 0);
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
  g_assert_cmpuint (ring_test_count_files (dir), ==, 0);

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
    ring_test_check_svg (svg);
  }

  ring_test_remove_tmp_dir (dir);
}

/* An export never replaces what it reads: a log or a scenario file named as the file to
 * write, directly or through a link, is refused with exit 2 and stays as it was. */
static void
test_export_over_input (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *log_source = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                      "h100-1node.log", NULL);
  g_autofree char *scenario_source = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                           "dgx-h100-2-nodes.json", NULL);
  g_autofree char *log = g_build_filename (dir, "mylog.csv", NULL);
  g_autofree char *scenario = g_build_filename (dir, "mine.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *log_text = ring_test_read_file (log_source, NULL);
  g_autofree char *scenario_text = ring_test_read_file (scenario_source, NULL);
  struct { const char *option, *input, *output, *text; } cases[] = {
    { "--import-nccl", log, log, log_text },
    { "--import-nccl", log, link, log_text },
    { "--scenario", scenario, scenario, scenario_text },
  };

  g_assert_true (g_file_set_contents (log, log_text, -1, NULL));
  g_assert_true (g_file_set_contents (scenario, scenario_text, -1, NULL));
  g_assert_cmpint (symlink (log, link), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RingTestRun) run = ring_test_run_cli (NULL, cases[i].option, cases[i].input,
                                                   "--export", cases[i].output, "--chart",
                                                   "allreduce-vs-message-size", NULL);
      g_autofree char *after = ring_test_read_file (cases[i].input, NULL);

      g_assert_cmpint (run.status, ==, 2);
      g_assert_nonnull (strstr (run.err, "--export"));
      g_assert_nonnull (strstr (run.err, cases[i].option));
      g_assert_cmpstr (after, ==, cases[i].text);
    }
  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/export/unwritable", test_unwritable);
  g_test_add_func ("/ring/export/replace-existing", test_replace_existing);
  g_test_add_func ("/ring/export/cli-usage", test_cli_usage);
  g_test_add_func ("/ring/export/minimum-size", test_minimum_size);
  g_test_add_func ("/ring/export/pixel-cap", test_pixel_cap);
  g_test_add_func ("/ring/export/over-input", test_export_over_input);

  return g_test_run ();
}
