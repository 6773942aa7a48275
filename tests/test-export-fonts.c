/* test-export-fonts.c: the command line's exports find their fonts without reading
 * fontconfig's files, and draw with the same font, pixel for pixel, as with them; the
 * user's own fontconfig configuration still counts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE  /* memmem() */
#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <cairo.h>
#include <fontconfig/fontconfig.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#include <string.h>

#include "ring-export-fonts.h"
#include "ring-test-cli.h"
#include "ring-test-files.h"

/* What fontconfig prints for each configuration file it reads with FC_DEBUG=1024. */
#define CONFIG_FILE_READ "Loading config file"

/* Whether fontconfig's own configuration resolves "sans" to DejaVu Sans, the font the
 * exports' configuration names: where it does not, the exports keep the system's. */
static gboolean
system_sans_is_dejavu (void)
{
  FcConfig *config = FcInitLoadConfigAndFonts ();
  FcPattern *pattern = FcNameParse ((const FcChar8 *) "sans");
  FcPattern *match;
  FcResult result;
  FcChar8 *family = NULL;
  gboolean dejavu;

  FcConfigSubstitute (config, pattern, FcMatchPattern);
  FcDefaultSubstitute (pattern);
  match = FcFontMatch (config, pattern, &result);
  dejavu = match != NULL
           && FcPatternGetString (match, FC_FAMILY, 0, &family) == FcResultMatch
           && g_strcmp0 ((const char *) family, "DejaVu Sans") == 0;
  if (match != NULL)
    FcPatternDestroy (match);
  FcPatternDestroy (pattern);
  FcConfigDestroy (config);

  return dejavu;
}

static gboolean
skip_without_dejavu (void)
{
  if (system_sans_is_dejavu ())
    return FALSE;
  g_test_skip ("fontconfig does not resolve sans to DejaVu Sans here: the exports keep "
               "the system's configuration");
  return TRUE;
}

/* Runs ring-allreduce with fontconfig telling which configuration files it reads, with
 * @home as HOME and @config_home as XDG_CONFIG_HOME: no configuration of the user's but
 * what the test puts there. */
static RingTestRun
run_export (const char *locale,
            const char *home,
            const char *config_home,
            const char *path,
            const char *chart)
{
  const char *args[] = { "--export", path, "--chart", chart, NULL };
  g_autofree char *home_variable = g_strconcat ("HOME=", home, NULL);
  g_autofree char *config_variable = g_strconcat ("XDG_CONFIG_HOME=", config_home, NULL);
  const char *environment[] = { "FC_DEBUG=1024", home_variable, config_variable, NULL };
  RingTestRunOptions options = { NULL, NULL, 0, environment };

  return ring_test_run_cli_full (locale, &options, args);
}

/* A user's folders under @dir: with fontconfig's folder and an empty conf.d in it when
 * @fontconfig (the system's configuration, whole, then counts), else empty. */
static char *
make_config_home (const char *dir,
                  gboolean    fontconfig)
{
  char *config_home = g_build_filename (dir, fontconfig ? "configured" : "plain", NULL);
  g_autofree char *conf_d = g_build_filename (config_home, "fontconfig", "conf.d", NULL);

  g_assert_cmpint (g_mkdir_with_parents (fontconfig ? conf_d : config_home, 0700), ==, 0);

  return config_home;
}

static void
remove_config_home (const char *config_home)
{
  g_autofree char *fontconfig = g_build_filename (config_home, "fontconfig", NULL);
  g_autofree char *conf_d = g_build_filename (fontconfig, "conf.d", NULL);

  g_rmdir (conf_d);
  g_rmdir (fontconfig);
  g_assert_cmpint (g_rmdir (config_home), ==, 0);
}

static void
assert_same_pixels (const char *path_a,
                    const char *path_b)
{
  cairo_surface_t *a = cairo_image_surface_create_from_png (path_a);
  cairo_surface_t *b = cairo_image_surface_create_from_png (path_b);
  int height = cairo_image_surface_get_height (a);
  int stride = cairo_image_surface_get_stride (a);

  g_assert_cmpint (cairo_surface_status (a), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_surface_status (b), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));
  g_assert_cmpint (stride, ==, cairo_image_surface_get_stride (b));
  g_assert_true (memcmp (cairo_image_surface_get_data (a), cairo_image_surface_get_data (b),
                         (size_t) stride * height) == 0);
  cairo_surface_destroy (a);
  cairo_surface_destroy (b);
}

/* The same bytes, but for a PDF's creation date, which cairo writes from the clock. */
static void
assert_same_bytes (const char *path_a,
                   const char *path_b)
{
  static const char date[] = "/CreationDate (D:";
  gsize length_a, length_b;
  g_autofree char *a = ring_test_read_file (path_a, &length_a);
  g_autofree char *b = ring_test_read_file (path_b, &length_b);
  /* memmem(): a PDF's streams hold NUL bytes. */
  char *date_a = memmem (a, length_a, date, sizeof date - 1);
  char *date_b = memmem (b, length_b, date, sizeof date - 1);

  g_assert_cmpuint (length_a, ==, length_b);
  g_assert_true ((date_a == NULL) == (date_b == NULL));
  if (date_a != NULL)
    {
      g_assert_cmpint (date_a - a, ==, date_b - b);
      memset (date_a, ' ', strcspn (date_a, ")"));
      memset (date_b, ' ', strcspn (date_b, ")"));
    }
  g_assert_true (memcmp (a, b, length_a) == 0);
}

/* Every format that draws text reads no configuration file, and the files are those the
 * system's configuration gives: the same pixels, the same SVG and PDF bytes. */
static void
test_cli_same_files_without_config_files (void)
{
  static const struct
  {
    const char *chart;
    const char *extension;
  } exports[] = {
    { "utilization-vs-gpus", "png" }, { "step-timeline", "png" },
    { "algorithm-comparison", "png" }, { "utilization-vs-gpus", "svg" },
    { "utilization-vs-gpus", "pdf" }, { "all", "pdf" },
  };
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *plain = make_config_home (dir, FALSE);
  g_autofree char *configured = make_config_home (dir, TRUE);

  if (skip_without_dejavu ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (exports); i++)
    {
      g_autofree char *own_name = g_strdup_printf ("own-%u.%s", i, exports[i].extension);
      g_autofree char *system_name = g_strdup_printf ("system-%u.%s", i,
                                                      exports[i].extension);
      g_autofree char *own = g_build_filename (dir, own_name, NULL);
      g_autofree char *system = g_build_filename (dir, system_name, NULL);
      g_auto(RingTestRun) own_run = run_export (NULL, plain, plain, own, exports[i].chart);
      g_auto(RingTestRun) system_run = run_export (NULL, plain, configured, system,
                                                   exports[i].chart);

      g_test_message ("%s as %s", exports[i].chart, exports[i].extension);
      g_assert_cmpint (own_run.status, ==, 0);
      g_assert_cmpint (system_run.status, ==, 0);
      g_assert_null (strstr (own_run.out, CONFIG_FILE_READ));
      /* The user's folder is there: fontconfig's files are read, and the check above
       * can fail. */
      g_assert_nonnull (strstr (system_run.out, CONFIG_FILE_READ));
      if (strcmp (exports[i].extension, "png") == 0)
        assert_same_pixels (own, system);
      else
        assert_same_bytes (own, system);
    }

  /* In the C locale too, where Pango's thread that starts fontconfig ran first. */
  {
    g_autofree char *path = g_build_filename (dir, "c-locale.png", NULL);
    g_auto(RingTestRun) run = run_export ("C", plain, plain, path, "utilization-vs-gpus");

    g_assert_cmpint (run.status, ==, 0);
    g_assert_null (strstr (run.out, CONFIG_FILE_READ));
  }

  remove_config_home (plain);
  remove_config_home (configured);
  ring_test_remove_tmp_dir (dir);
}

/* A CSV draws nothing: no font, no configuration. */
static void
test_cli_csv_reads_no_fonts (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.csv", NULL);
  g_autofree char *configured = make_config_home (dir, TRUE);
  g_auto(RingTestRun) run = run_export (NULL, dir, configured, path,
                                                "utilization-vs-gpus");

  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  g_assert_null (strstr (run.out, CONFIG_FILE_READ));

  remove_config_home (configured);
  ring_test_remove_tmp_dir (dir);
}

/* In a process of its own: the font map it sets is this process's default. */
static void
test_own_config_in_memory (void)
{
  if (skip_without_dejavu ())
    return;

  if (g_test_subprocess ())
    {
      PangoFontMap *font_map;
      FcConfig *config;
      FcStrList *files;

      g_autofree char *dir = ring_test_make_tmp_dir ();

      g_unsetenv ("FONTCONFIG_FILE");
      g_unsetenv ("FONTCONFIG_PATH");
      g_unsetenv ("FONTCONFIG_SYSROOT");
      g_setenv ("HOME", dir, TRUE);
      g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
      g_assert_cmpint (ring_export_fonts_init (), ==, RING_EXPORT_FONTS_OWN);
      /* Once a process: a second call changes nothing. */
      g_assert_cmpint (ring_export_fonts_init (), ==, RING_EXPORT_FONTS_OWN);

      font_map = pango_cairo_font_map_get_default ();
      g_assert_true (PANGO_IS_FC_FONT_MAP (font_map));
      config = pango_fc_font_map_get_config (PANGO_FC_FONT_MAP (font_map));
      g_assert_true (config == FcConfigGetCurrent ());
      /* Made in memory: it names no file. */
      files = FcConfigGetConfigFiles (config);
      g_assert_null (FcStrListNext (files));
      FcStrListDone (files);
      ring_test_remove_tmp_dir (dir);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* FONTCONFIG_FILE says which configuration to read: the exports read it. */
static void
test_environment_keeps_system_config (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *dir = ring_test_make_tmp_dir ();
      g_autofree char *file = g_build_filename (dir, "fonts.conf", NULL);

      g_assert_true (g_file_set_contents (file, "<fontconfig/>", -1, NULL));
      g_setenv ("FONTCONFIG_FILE", file, TRUE);
      g_assert_cmpint (ring_export_fonts_init (), ==, RING_EXPORT_FONTS_SYSTEM);
      g_assert_cmpint (ring_export_fonts_init (), ==, RING_EXPORT_FONTS_SYSTEM);
      ring_test_remove_tmp_dir (dir);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  if (!ring_test_init_cli (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ring/export-fonts/own-config-in-memory", test_own_config_in_memory);
  g_test_add_func ("/ring/export-fonts/environment-keeps-system-config",
                   test_environment_keeps_system_config);
  g_test_add_func ("/ring/export-fonts/cli-same-files-without-config-files",
                   test_cli_same_files_without_config_files);
  g_test_add_func ("/ring/export-fonts/cli-csv-reads-no-fonts", test_cli_csv_reads_no_fonts);

  return g_test_run ();
}
