/* ring-plot-text.c: a chart's text, drawn by plptex() and plmtex() and measured in the
 * font PLplot's cairo driver draws it with, since PLplot reports no width.
 *
 * On a cairo context the text is measured as the driver lays it out: in a Pango context
 * updated from the same cairo_t (its matrix, which the driver has flipped, and its
 * surface's font options), so the fonts Pango loads to measure are the ones the driver
 * then draws with, hinted the same, and each size and weight costs one font match and
 * one set of glyphs, not two.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <plplot.h>
#include <string.h>

#include "ring-chart-draw-private.h"

/* Past this many kept widths, all are let go. */
#define MAX_KEPT_WIDTHS 2048
/* The svg device's text, which the viewer draws unhinted, is measured at one size and
 * scaled: each new size costs Pango a millisecond or more. Text drawn on a cairo context
 * is measured at its own size, in the fonts the driver then draws it with. */
#define MEASURE_POINTS 32

static struct
{
  const RingPlotChart  *chart;
  double                text_mm;
  double                scale;
  gboolean              bold;
  int                   color;

  double                points;

  /* Main thread only, as PLplot needs. The free context measures for the svg device,
   * the drawn one for a cairo context; layout is the current one's. */
  PangoContext         *free_context;
  PangoLayout          *free_layout;
  PangoContext         *drawn_context;
  PangoLayout          *drawn_layout;
  PangoLayout          *layout;
  /* What the widths measured in the current context depend on besides size and
   * weight. */
  char                  context_key[96];
  PangoFontDescription *font;
  GHashTable           *widths;
  GString              *key;
} text;

static void
update_font (void)
{
  /* The driver truncates to Pango units. */
  float points = (float) (text.text_mm * text.scale * 72.0 / 25.4);

  text.points = (int) (points * 1024.) / 1024.;
  pango_font_description_set_weight (text.font, text.bold ? PANGO_WEIGHT_BOLD
                                                          : PANGO_WEIGHT_NORMAL);
  if (text.chart != NULL && text.chart->stream_open)
    {
      plschr (text.text_mm, text.scale);
      plsfont (PL_FCI_SANS, PL_FCI_UPRIGHT, text.bold ? PL_FCI_BOLD : PL_FCI_MEDIUM);
    }
}

void
_ring_plot_set_text_size (const RingPlotChart *chart,
                          double               scale)
{
  text.text_mm = chart->text_mm;
  text.scale = scale;
  update_font ();
}

void
_ring_plot_set_bold (gboolean bold)
{
  text.bold = bold;
  update_font ();
}

void
_ring_plot_set_text_color (int color)
{
  g_assert (color >= 0 && color < RING_PLOT_N_COLORS);

  text.color = color;
  plcol0 (color);
}

void
_ring_plot_key_text_state (void)
{
  _ring_plot_key_string ("text");
  _ring_plot_key_double (text.text_mm);
  _ring_plot_key_double (text.scale);
  _ring_plot_key_double (text.points);
  _ring_plot_key (&text.bold, sizeof text.bold);
  _ring_plot_key (&text.color, sizeof text.color);
}

static PangoContext *
new_context (void)
{
  PangoContext *context = pango_font_map_create_context (pango_cairo_font_map_get_default ());

  /* The driver's points are at 72 dpi, its layouts at the font map's 96. */
  pango_cairo_context_set_resolution (context, 96);

  return context;
}

/* Measures in @cr's matrix and font options from now on (NULL: in neither). */
static void
use_context (cairo_t *cr)
{
  cairo_font_options_t *surface_options;
  cairo_font_options_t *context_options;
  cairo_matrix_t matrix;

  if (cr == NULL)
    {
      text.layout = text.free_layout;
      g_strlcpy (text.context_key, "free", sizeof text.context_key);
      return;
    }

  if (text.drawn_context == NULL)
    {
      text.drawn_context = new_context ();
      text.drawn_layout = pango_layout_new (text.drawn_context);
    }
  /* What pango_cairo_create_layout() gives the driver. */
  pango_cairo_update_context (cr, text.drawn_context);
  text.layout = text.drawn_layout;

  /* A width depends on the matrix and on the font options of the surface and the
   * context; not on the device scale, which Pango leaves out. */
  cairo_get_matrix (cr, &matrix);
  surface_options = cairo_font_options_create ();
  context_options = cairo_font_options_create ();
  cairo_surface_get_font_options (cairo_get_target (cr), surface_options);
  cairo_get_font_options (cr, context_options);
  g_snprintf (text.context_key, sizeof text.context_key, "%lx %lx %.9g %.9g %.9g %.9g",
              cairo_font_options_hash (surface_options),
              cairo_font_options_hash (context_options),
              matrix.xx, matrix.yx, matrix.xy, matrix.yy);
  cairo_font_options_destroy (context_options);
  cairo_font_options_destroy (surface_options);
}

void
_ring_plot_text_begin (const RingPlotChart *chart,
                       cairo_t             *cr)
{
  g_assert (text.chart == NULL);

  if (text.free_context == NULL)
    {
      text.free_context = new_context ();
      text.free_layout = pango_layout_new (text.free_context);
      text.font = pango_font_description_from_string ("sans");
      text.widths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      text.key = g_string_new (NULL);
    }
  use_context (cr);
  text.chart = chart;
  text.bold = FALSE;
  _ring_plot_set_text_size (chart, 1.0);
  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
}

void
_ring_plot_text_end (void)
{
  text.chart = NULL;
}

double
_ring_plot_text_width_mm (const char *string)
{
  PangoRectangle logical;
  gboolean scaled;
  int size;
  double *width;

  if (text.font == NULL)
    return 0.6 * text.text_mm * text.scale * g_utf8_strlen (string, -1);

  /* Only the svg device's text is measured apart from its drawing. */
  scaled = text.chart != NULL && text.chart->vector_output && text.layout == text.free_layout;
  size = scaled ? MEASURE_POINTS * PANGO_SCALE : (int) (text.points * PANGO_SCALE);
  g_string_printf (text.key, "%s %d %d %s", text.context_key, size, text.bold, string);
  width = g_hash_table_lookup (text.widths, text.key->str);
  if (width != NULL)
    return scaled ? *width * text.points / MEASURE_POINTS : *width;

  if (g_hash_table_size (text.widths) >= MAX_KEPT_WIDTHS)
    g_hash_table_remove_all (text.widths);
  pango_font_description_set_size (text.font, size);
  pango_layout_set_font_description (text.layout, text.font);
  pango_layout_set_text (text.layout, string, -1);
  pango_layout_get_extents (text.layout, NULL, &logical);
  width = g_new (double, 1);
  *width = logical.width / (double) PANGO_SCALE / RING_PLOT_PX_PER_MM;
  g_hash_table_insert (text.widths, g_strdup (text.key->str), width);

  return scaled ? *width * text.points / MEASURE_POINTS : *width;
}

double
_ring_plot_text_half_height_mm (const RingPlotChart *chart)
{
  return chart->text_mm * text.scale * 0.75;
}

static gboolean
has_alnum (const char *string)
{
  for (const char *c = string; *c != '\0'; c = g_utf8_next_char (c))
    {
      if (g_unichar_isalnum (g_utf8_get_char (c)))
        return TRUE;
    }

  return FALSE;
}

/* Greedily, into lines at most @max_width_mm wide. */
static void
wrap_pieces (GPtrArray  *lines,
             const char *string,
             const char *separator,
             double      max_width_mm)
{
  g_auto(GStrv) pieces = g_strsplit (string, separator, -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  GString *line = NULL;

  /* "%" stays with the word before it, a unit with its number. */
  for (guint i = 0; pieces[i] != NULL; i++)
    {
      char *previous = words->len > 0 ? g_ptr_array_index (words, words->len - 1) : NULL;

      if (previous != NULL
          && (!has_alnum (pieces[i]) || g_ascii_isdigit (previous[strlen (previous) - 1])))
        {
          words->pdata[words->len - 1] = g_strconcat (previous, separator, pieces[i], NULL);
          g_free (previous);
        }
      else
        {
          g_ptr_array_add (words, g_strdup (pieces[i]));
        }
    }

  for (guint i = 0; i < words->len; i++)
    {
      const char *word = g_ptr_array_index (words, i);
      g_autofree char *longer = NULL;

      if (line == NULL)
        {
          line = g_string_new (word);
          continue;
        }
      longer = g_strconcat (line->str, separator, word, NULL);
      if (_ring_plot_text_width_mm (longer) <= max_width_mm)
        {
          g_string_assign (line, longer);
          continue;
        }
      g_ptr_array_add (lines, g_string_free (line, FALSE));
      line = g_string_new (word);
    }
  if (line != NULL)
    g_ptr_array_add (lines, g_string_free (line, FALSE));
}

/* Broken at @separator, then between words; a word too wide stays whole. */
char **
_ring_plot_wrap_text (const char *string,
                      const char *separator,
                      double      max_width_mm)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *lines = g_ptr_array_new ();

  g_assert (string != NULL);
  g_assert (separator != NULL);

  if (_ring_plot_text_width_mm (string) <= max_width_mm)
    {
      g_ptr_array_add (lines, g_strdup (string));
      g_ptr_array_add (lines, NULL);
      return (char **) g_ptr_array_free (lines, FALSE);
    }

  wrap_pieces (parts, string, separator, max_width_mm);
  for (guint i = 0; i < parts->len; i++)
    {
      const char *part = g_ptr_array_index (parts, i);

      if (strcmp (separator, " ") != 0 && _ring_plot_text_width_mm (part) > max_width_mm)
        wrap_pieces (lines, part, " ", max_width_mm);
      else
        g_ptr_array_add (lines, g_strdup (part));
    }
  g_ptr_array_add (lines, NULL);

  return (char **) g_ptr_array_free (lines, FALSE);
}

/* The longest start of @string that fits with "…" (at least one character). */
char *
_ring_plot_ellipsize_text (const char *string,
                           double      max_width_mm)
{
  glong lo = 1, hi = g_utf8_strlen (string, -1);

  if (_ring_plot_text_width_mm (string) <= max_width_mm)
    return g_strdup (string);

  while (lo < hi)
    {
      glong mid = (lo + hi + 1) / 2;
      g_autofree char *head = g_utf8_substring (string, 0, mid);
      g_autofree char *candidate = g_strconcat (g_strchomp (head), "…", NULL);

      if (_ring_plot_text_width_mm (candidate) <= max_width_mm)
        lo = mid;
      else
        hi = mid - 1;
    }

  {
    g_autofree char *head = g_utf8_substring (string, 0, lo);

    return g_strconcat (g_strchomp (head), "…", NULL);
  }
}

/* PLplot's escape character "#" doubled. */
static char *
escape (const char *string)
{
  g_auto(GStrv) pieces = g_strsplit (string, "#", -1);

  return g_strjoinv ("##", pieces);
}

/* @just 0 left, 0.5 centre, 1 right; @y the middle of the line. */
void
_ring_plot_page_text (double      x_mm,
                      double      y_mm,
                      double      just,
                      const char *string)
{
  g_autofree char *escaped = NULL;

  g_assert (text.chart != NULL);

  if (*string == '\0')
    return;
  escaped = escape (string);
  _ring_plot_use_page (text.chart);
  _ring_plot_key_text_state ();
  _ring_plot_key_string ("plptex");
  _ring_plot_key_double (x_mm);
  _ring_plot_key_double (y_mm);
  _ring_plot_key_double (just);
  _ring_plot_key_string (escaped);
  if (_ring_plot_draws ())
    plptex (x_mm, y_mm, 1, 0, just, escaped);
}

/* plmtex()'s @disp, @pos and @just; along the edge for the _ROTATED sides. */
void
_ring_plot_margin_text (const RingPlotPanel *panel,
                        RingPlotSide         side,
                        double               disp,
                        double               pos,
                        double               just,
                        const char          *string)
{
  static const char *sides[] = {
    [RING_PLOT_SIDE_BOTTOM] = "b",
    [RING_PLOT_SIDE_LEFT] = "lv",
    [RING_PLOT_SIDE_LEFT_ROTATED] = "l",
    [RING_PLOT_SIDE_RIGHT] = "rv",
    [RING_PLOT_SIDE_RIGHT_ROTATED] = "r",
  };
  g_autofree char *escaped = NULL;

  g_assert (text.chart != NULL);
  g_assert (side < G_N_ELEMENTS (sides));

  if (*string == '\0' || !(panel->xmax_mm > panel->xmin_mm && panel->ymax_mm > panel->ymin_mm))
    return;
  escaped = escape (string);
  plsvpa (panel->xmin_mm, panel->xmax_mm, panel->ymin_mm, panel->ymax_mm);
  _ring_plot_key_text_state ();
  _ring_plot_key_string ("plmtex");
  _ring_plot_key_panel (panel);
  _ring_plot_key_double (disp);
  _ring_plot_key_double (pos);
  _ring_plot_key_double (just);
  _ring_plot_key_string (sides[side]);
  _ring_plot_key_string (escaped);
  if (_ring_plot_draws ())
    plmtex (sides[side], disp, pos, just, escaped);
}
