/* ring-export-fonts.c: the fonts of the command line's exports. Every export that draws
 * text measures it with Pango, and fontconfig's own configuration is some fifty XML files
 * (/etc/fonts and its conf.d, and the templates beside them): reading them is 24 million
 * instructions, a third of an SVG export, for one font. The configuration here says what
 * they say about that font, in memory (fontconfig's FcConfigParseAndLoadFromMemory()), and
 * finds the fonts through the same binary caches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <fontconfig/fontconfig.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

#include "ring-export-fonts.h"

/* The family the charts ask for ("sans", ring-plot-text.c and PLplot's cairo driver) and
 * the one fontconfig's defaults resolve it to where it is installed (its 60-latin.conf
 * prefers it to every other sans-serif font). */
#define EXPORT_FONT_FAMILY "DejaVu Sans"

/* fontconfig's default folders and caches (its fonts.conf), the generic names as its
 * 45-latin.conf and 60-latin.conf resolve them, and the rendering its default conf.d sets:
 * slight hinting, greyscale antialiasing, the default LCD filter (10-hinting-slight,
 * 10-yes-antialias, 11-lcdfilter-default) and no hinting below 7.5 pixels for DejaVu Sans
 * (20-unhint-small-dejavu-sans). */
static const char own_config[] =
  "<?xml version=\"1.0\"?>\n"
  "<fontconfig>\n"
  "  <dir>/usr/share/fonts</dir>\n"
  "  <dir>/usr/local/share/fonts</dir>\n"
  "  <dir prefix=\"xdg\">fonts</dir>\n"
  "  <dir>~/.fonts</dir>\n"
  "  <cachedir>/var/cache/fontconfig</cachedir>\n"
  "  <cachedir>/usr/lib/fontconfig/cache</cachedir>\n"
  "  <cachedir prefix=\"xdg\">fontconfig</cachedir>\n"
  "  <cachedir>~/.fontconfig</cachedir>\n"
  "  <alias binding=\"same\"><family>sans</family>"
  "<prefer><family>sans-serif</family></prefer></alias>\n"
  "  <alias><family>sans-serif</family>"
  "<prefer><family>" EXPORT_FONT_FAMILY "</family></prefer></alias>\n"
  "  <match target=\"pattern\">"
  "<edit name=\"hintstyle\" mode=\"append\"><const>hintslight</const></edit></match>\n"
  "  <match target=\"pattern\">"
  "<edit name=\"antialias\" mode=\"append\"><bool>true</bool></edit></match>\n"
  "  <match target=\"pattern\">"
  "<edit name=\"lcdfilter\" mode=\"append\"><const>lcddefault</const></edit></match>\n"
  "  <match target=\"font\">"
  "<test name=\"family\"><string>" EXPORT_FONT_FAMILY "</string></test>"
  "<test compare=\"less\" name=\"pixelsize\"><double>7.5</double></test>"
  "<edit name=\"hinting\"><bool>false</bool></edit></match>\n"
  "</fontconfig>\n";

/* Whether the user or the environment chose fontconfig's configuration: then theirs is
 * the one that counts. */
static gboolean
fontconfig_is_configured (void)
{
  static const char *variables[] = { "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT",
                                     "PANGOCAIRO_BACKEND" };
  g_autofree char *user_file = g_build_filename (g_get_user_config_dir (), "fontconfig",
                                                 "fonts.conf", NULL);
  g_autofree char *user_dir = g_build_filename (g_get_user_config_dir (), "fontconfig",
                                                "conf.d", NULL);
  g_autofree char *old_file = g_build_filename (g_get_home_dir (), ".fonts.conf", NULL);
  g_autofree char *old_dir = g_build_filename (g_get_home_dir (), ".fonts.conf.d", NULL);
  const char *files[] = { user_file, user_dir, old_file, old_dir };

  for (guint i = 0; i < G_N_ELEMENTS (variables); i++)
    if (g_getenv (variables[i]) != NULL)
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    if (g_file_test (files[i], G_FILE_TEST_EXISTS))
      return TRUE;

  return FALSE;
}

/* Whether "sans", regular and bold, is a file of EXPORT_FONT_FAMILY in @config. */
static gboolean
finds_export_font (FcConfig *config)
{
  static const int weights[] = { FC_WEIGHT_REGULAR, FC_WEIGHT_BOLD };

  for (guint i = 0; i < G_N_ELEMENTS (weights); i++)
    {
      FcPattern *pattern = FcPatternBuild (NULL, FC_FAMILY, FcTypeString, "sans",
                                           FC_WEIGHT, FcTypeInteger, weights[i], NULL);
      FcPattern *match;
      FcResult result = FcResultNoMatch;
      FcChar8 *family = NULL;
      FcChar8 *file = NULL;
      int weight = FC_WEIGHT_REGULAR;
      gboolean found;

      FcConfigSubstitute (config, pattern, FcMatchPattern);
      FcDefaultSubstitute (pattern);
      match = FcFontMatch (config, pattern, &result);
      found = match != NULL && result == FcResultMatch
              && FcPatternGetString (match, FC_FAMILY, 0, &family) == FcResultMatch
              && FcPatternGetString (match, FC_FILE, 0, &file) == FcResultMatch
              && g_strcmp0 ((const char *) family, EXPORT_FONT_FAMILY) == 0
              && g_file_test ((const char *) file, G_FILE_TEST_IS_REGULAR)
              /* A bold file of its own, not the regular one emboldened. */
              && FcPatternGetInteger (match, FC_WEIGHT, 0, &weight) == FcResultMatch
              && weight >= weights[i];
      FcPatternDestroy (pattern);
      if (match != NULL)
        FcPatternDestroy (match);
      if (!found)
        return FALSE;
    }

  return TRUE;
}

static RingExportFonts
use_own_config (void)
{
  FcConfig *config;
  PangoFontMap *font_map;

  if (fontconfig_is_configured ())
    return RING_EXPORT_FONTS_SYSTEM;

  config = FcConfigCreate ();
  if (!FcConfigParseAndLoadFromMemory (config, (const FcChar8 *) own_config, FcFalse)
      || !FcConfigBuildFonts (config) || !finds_export_font (config))
    {
      g_debug ("%s not found with the exports' own fontconfig configuration: "
               "using the system's", EXPORT_FONT_FAMILY);
      FcConfigDestroy (config);
      return RING_EXPORT_FONTS_SYSTEM;
    }

  /* Current first, for cairo and PLplot, which ask fontconfig for its current
   * configuration, and for the thread a new Pango font map starts to initialise
   * fontconfig, which would read the system's files if none were current yet; then as
   * the font map's own. */
  if (!FcConfigSetCurrent (config))
    {
      FcConfigDestroy (config);
      return RING_EXPORT_FONTS_SYSTEM;
    }
  font_map = pango_cairo_font_map_new ();
  if (!PANGO_IS_FC_FONT_MAP (font_map))
    {
      /* Another backend finds fonts its own way (fontconfig_is_configured() lets the
       * system's configuration be when PANGOCAIRO_BACKEND asks for one). */
      g_object_unref (font_map);
      FcConfigDestroy (config);
      return RING_EXPORT_FONTS_SYSTEM;
    }
  pango_fc_font_map_set_config (PANGO_FC_FONT_MAP (font_map), config);
  pango_cairo_font_map_set_default (PANGO_CAIRO_FONT_MAP (font_map));
  g_object_unref (font_map);
  /* fontconfig and the font map hold it now. */
  FcConfigDestroy (config);

  return RING_EXPORT_FONTS_OWN;
}

RingExportFonts
ring_export_fonts_init (void)
{
  static RingExportFonts fonts = RING_EXPORT_FONTS_SYSTEM;
  static gboolean done = FALSE;

  if (!done)
    {
      fonts = use_own_config ();
      done = TRUE;
    }

  return fonts;
}
