/* ring-chart-draw-text.c: a chart's text, measured and drawn with Pango where PLplot's cairo
 * driver drew it.
 *
 * PLplot drew each string through a new Pango context, parsed from markup, and laid it out
 * two or three times (to measure it for centring, to size it, and again after setting the
 * font options): half of a chart's drawing time once the lines were cairo paths. Here each
 * string is laid out once, and its layout kept for the next draw, which shows mostly the
 * same labels (Pango lays a kept layout out again by itself if the context it was made
 * for changes, as for another kind of target). Where and how a string
 * lands follows PLplot 5.15 exactly: plptex()'s and plmtex()'s reference points, snapped to
 * the driver's device units, the font ("sans" at the character height in points, at Pango's
 * 96 dots per inch), and the driver's offsets from that point, so the charts look as they
 * did.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ring-chart-draw-private.h"
#include "ring-chart-text-layer.h"

/* PLplot's cairo driver: 72 dots per inch, and a page of at most 32 767 × 24 576 device
 * units, the unit a whole fraction of a pixel. */
#define DRIVER_DPI      72.0
#define DEVICE_X_UNITS  32768
#define DEVICE_Y_UNITS  24576

/* Kept layouts, from draw to draw; past this many, they are all let go. */
#define MAX_KEPT_LAYOUTS 512

static struct
{
  /* The size, measured and drawn with the same layouts. */
  double                text_mm;
  double                scale;
  gboolean              bold;

  /* Drawing, on the chart's context; or recording, for an SVG file's text. */
  const RingPlotChart  *chart;
  RingTextLayer        *layer;
  char                 *family;          /* what Pango makes of "sans", for the layer */
  PangoFontDescription *font;
  int                   color;
  double                device_px;       /* pixels per device unit */
  double                units_per_mm;    /* device units per millimetre */

  /* Kept from draw to draw (charts are drawn on the main thread only, as PLplot needs):
   * the Pango context, updated for each chart's target, and its layouts by font and
   * string. */
  PangoContext         *context;
  GHashTable           *layouts;
  GString              *key;
  cairo_matrix_t        matrix;          /* the last target's, and its font options */
  cairo_font_options_t *target_options;
} text;

static void
update_font (void)
{
  /* The driver's point size, truncated to Pango units as it does. */
  float points = (float) (text.text_mm * text.scale * DRIVER_DPI / 25.4);

  if (text.font != NULL)
    {
      pango_font_description_set_size (text.font, (int) (points * 1024.));
      pango_font_description_set_weight (text.font, text.bold ? PANGO_WEIGHT_BOLD
                                                              : PANGO_WEIGHT_NORMAL);
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
}

/* Updates the kept context for @cr's target, only if it differs from the last: Pango
 * counts any update as a change, and lays every kept layout out again. */
static void
update_context (cairo_t *cr)
{
  cairo_font_options_t *options = cairo_font_options_create ();
  cairo_matrix_t matrix;

  cairo_get_matrix (cr, &matrix);
  cairo_surface_get_font_options (cairo_get_target (cr), options);
  if (matrix.xx != text.matrix.xx || matrix.yx != text.matrix.yx
      || matrix.xy != text.matrix.xy || matrix.yy != text.matrix.yy
      || !cairo_font_options_equal (options, text.target_options)
      || g_hash_table_size (text.layouts) == 0)
    {
      pango_cairo_update_context (cr, text.context);
      text.matrix = matrix;
      cairo_font_options_destroy (text.target_options);
      text.target_options = options;
      return;
    }
  cairo_font_options_destroy (options);
}

/* Starts a chart's text, on @chart's context once PLplot has set it up (a pixel a unit, y
 * upwards), for a page of @width × @height pixels. */
void
_ring_plot_text_begin (const RingPlotChart *chart,
                       int                  width,
                       int                  height)
{
  cairo_font_options_t *options;

  g_assert (text.chart == NULL);

  text.chart = chart;
  text.bold = FALSE;
  text.color = RING_PLOT_COLOR_FOREGROUND;
  text.device_px = width > height ? width / (double) (DEVICE_X_UNITS - 1)
                                  : height / (double) DEVICE_Y_UNITS;
  text.units_per_mm = DRIVER_DPI / 25.4 / text.device_px;

  /* As the driver's layouts: with the antialiasing left to the target, and made for the
   * context as PLplot leaves it. */
  if (text.context == NULL)
    {
      text.context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
      options = cairo_font_options_create ();
      cairo_font_options_set_antialias (options, CAIRO_ANTIALIAS_DEFAULT);
      pango_cairo_context_set_font_options (text.context, options);
      cairo_font_options_destroy (options);
      text.layouts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      text.key = g_string_new (NULL);
      text.target_options = cairo_font_options_create ();
    }
  update_context (chart->cr);
  text.font = pango_font_description_from_string ("sans");
  _ring_plot_set_text_size (chart, 1.0);

  text.layer = ring_text_layer_get (chart->cr);
  if (text.layer != NULL)
    {
      PangoFont *font = pango_context_load_font (text.context, text.font);
      PangoFontDescription *resolved = font != NULL ? pango_font_describe (font) : NULL;

      text.family = g_strdup (resolved != NULL ? pango_font_description_get_family (resolved)
                                               : "sans-serif");
      g_clear_pointer (&resolved, pango_font_description_free);
      g_clear_object (&font);
    }
}

void
_ring_plot_text_end (void)
{
  g_clear_pointer (&text.font, pango_font_description_free);
  g_clear_pointer (&text.family, g_free);
  text.layer = NULL;
  text.chart = NULL;
}

/* The layout of @string in the current font, kept or made. */
static PangoLayout *
get_layout (const char *string)
{
  PangoLayout *layout;

  g_string_printf (text.key, "%d %d %s", pango_font_description_get_size (text.font),
                   (int) pango_font_description_get_weight (text.font), string);
  layout = g_hash_table_lookup (text.layouts, text.key->str);
  if (layout != NULL)
    return layout;

  if (g_hash_table_size (text.layouts) >= MAX_KEPT_LAYOUTS)
    g_hash_table_remove_all (text.layouts);
  layout = pango_layout_new (text.context);
  pango_layout_set_font_description (layout, text.font);
  pango_layout_set_text (layout, string, -1);
  g_hash_table_insert (text.layouts, g_strdup (text.key->str), layout);

  return layout;
}

/* The width of @string at the current size, in page millimetres. */
double
_ring_plot_text_width_mm (const char *string)
{
  PangoRectangle logical;

  if (text.chart == NULL)
    return 0.6 * text.text_mm * text.scale * g_utf8_strlen (string, -1);

  /* The layout that will draw it: with the fonts Pango falls back to for what "sans"
   * lacks (Chinese, Thai, emoji), which cairo's own font cannot measure. */
  pango_layout_get_extents (get_layout (string), NULL, &logical);
  return logical.width / (double) PANGO_SCALE / RING_PLOT_PX_PER_MM;
}

/* Half the height of a text's background box at the current size. */
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

/* Greedily joins the pieces of @string between @separators into lines at most
 * @max_width_mm wide at the current size. */
static void
wrap_pieces (GPtrArray  *lines,
             const char *string,
             const char *separator,
             double      max_width_mm)
{
  g_auto(GStrv) pieces = g_strsplit (string, separator, -1);
  g_autoptr(GPtrArray) words = g_ptr_array_new_with_free_func (g_free);
  GString *line = NULL;

  /* A lone symbol such as "%" or ">" stays with the word before it, and a unit with its
   * number. */
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

/* @string in lines at most @max_width_mm wide at the current size: broken at @separator
 * (" · " between the parts of a description, say) and, where a part is still too wide,
 * between words. A single word wider than @max_width_mm stays whole. */
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

/* The longest start of @string that fits @max_width_mm with "…" after it (at least the
 * first character): a name too long for its place keeps its beginning. */
char *
_ring_plot_ellipsize_text (const char *string,
                           double      max_width_mm)
{
  glong lo = 1, hi = g_utf8_strlen (string, -1);

  if (_ring_plot_text_width_mm (string) <= max_width_mm)
    return g_strdup (string);

  /* Widths grow with the characters kept: the last count that fits, by halving. */
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

/* @string wrapped between words as _ring_plot_wrap_text() does, on @max_lines lines at
 * the most: the last one kept ends in "…" where more was cut, and a word wider than
 * @max_width_mm is cut too. For names a user chose, whose length nothing bounds. */
char **
_ring_plot_wrap_lines (const char *string,
                       double      max_width_mm,
                       guint       max_lines)
{
  g_auto(GStrv) lines = _ring_plot_wrap_text (string, " ", max_width_mm);
  guint n_lines = g_strv_length (lines);
  GPtrArray *kept = g_ptr_array_new ();

  g_assert (max_lines > 0);

  for (guint k = 0; k < MIN (n_lines, max_lines); k++)
    {
      g_autofree char *rest = NULL;

      /* The last line kept carries what does not fit, to be cut with "…". */
      if (k + 1 == max_lines && n_lines > max_lines)
        rest = g_strjoinv (" ", lines + k);
      g_ptr_array_add (kept, _ring_plot_ellipsize_text (rest != NULL ? rest : lines[k],
                                                        max_width_mm));
    }
  g_ptr_array_add (kept, NULL);

  return (char **) g_ptr_array_free (kept, FALSE);
}

/* Drawing. */

/* PLplot's ROUND(): half away from zero. */
static int
round_half_away (double value)
{
  return (int) (value < 0 ? value - 0.5 : value + 0.5);
}

/* Records @string for an SVG file's text layer instead of drawing it: its baseline is
 * @baseline_px below the reference point, the current point of @cr in the string's own
 * frame (y down, along the text). */
static void
record_text (cairo_t    *cr,
             double      just,
             double      baseline_px,
             const char *string)
{
  const RingColor *color = &text.chart->palette[text.color];
  double x, y, dx = 1, dy = 0, ux = 0, uy = 1;
  double size_px = pango_font_description_get_size (text.font) / (double) PANGO_SCALE
                   * 96.0 / 72.0;

  cairo_get_current_point (cr, &x, &y);
  y += baseline_px;
  cairo_user_to_device (cr, &x, &y);
  cairo_user_to_device_distance (cr, &dx, &dy);
  cairo_user_to_device_distance (cr, &ux, &uy);
  ring_text_layer_add (text.layer, x, y, atan2 (dy, dx) * 180 / G_PI, text.family,
                       size_px * hypot (ux, uy), text.bold, color->red, color->green,
                       color->blue, just, string);
}

/* Draws @string with its reference point at (@x_mm, @y_mm) on the page, as the driver's
 * proc_str() draws it: the point snapped to device units, the string @just of its width
 * to the left of it, its baseline half the point size below it; turned a quarter to the
 * left when @rotated. */
static void
show_text (double      x_mm,
           double      y_mm,
           double      just,
           gboolean    rotated,
           const char *string)
{
  cairo_t *cr = text.chart->cr;
  const RingColor *color = &text.chart->palette[text.color];
  float points = (float) (text.text_mm * text.scale * DRIVER_DPI / 25.4);
  double rotation = rotated ? G_PI / 2 : 0;
  PangoLayout *layout;
  cairo_matrix_t matrix;
  int width, height, baseline;

  if (*string == '\0')
    return;
  layout = get_layout (string);
  pango_layout_get_pixel_size (layout, &width, &height);
  baseline = pango_layout_get_baseline (layout);

  cairo_save (cr);
  ring_cairo_set_color (cr, color, 1.0);
  cairo_move_to (cr, text.device_px * round_half_away (x_mm * text.units_per_mm),
                 text.device_px * round_half_away (y_mm * text.units_per_mm));
  cairo_matrix_init (&matrix, 1, 0, 0, -1, 0, 0);
  cairo_transform (cr, &matrix);
  /* The driver's rotation matrix, with no shear and a unit stride. */
  cairo_matrix_init (&matrix, cos (rotation), -sin (rotation), sin (rotation), cos (rotation),
                     0, 0);
  cairo_transform (cr, &matrix);
  if (text.layer != NULL)
    {
      record_text (cr, just, 0.5 * points, string);
      cairo_restore (cr);
      return;
    }
  cairo_rel_move_to (cr, -just * width, 0.5 * points - baseline / 1024.0);
  pango_cairo_show_layout (cr, layout);
  cairo_restore (cr);
}

/* Text at a point in page millimetres, as plptex() in the page's window puts it: @just 0
 * left, 0.5 centre, 1 right; @y is the middle of the line. */
void
_ring_plot_page_text (double      x_mm,
                      double      y_mm,
                      double      just,
                      const char *string)
{
  g_assert (text.chart != NULL);

  /* plwind() widens the page's window by a hundred-thousandth at each end, and maps it
   * onto the page from its origin. */
  show_text (x_mm / (1 + 2e-5), y_mm / (1 + 2e-5), just, FALSE, string);
}

/* Text beside @panel, as plmtex() puts it: @disp character heights outside the @side
 * edge, at @pos of the edge's length, @just of its width before that point; upright, or
 * along the edge for the _ROTATED sides. */
void
_ring_plot_margin_text (const RingPlotPanel *panel,
                        RingPlotSide         side,
                        double               disp,
                        double               pos,
                        double               just,
                        const char          *string)
{
  double chrht_mm = text.text_mm * text.scale;
  double x_mm, y_mm;

  g_assert (text.chart != NULL);

  switch (side)
    {
    case RING_PLOT_SIDE_BOTTOM:
      x_mm = panel->xmin_mm + (panel->xmax_mm - panel->xmin_mm) * pos;
      y_mm = panel->ymin_mm - disp * chrht_mm;
      break;
    case RING_PLOT_SIDE_LEFT:
    case RING_PLOT_SIDE_LEFT_ROTATED:
      x_mm = panel->xmin_mm - disp * chrht_mm;
      y_mm = panel->ymin_mm + (panel->ymax_mm - panel->ymin_mm) * pos;
      break;
    case RING_PLOT_SIDE_RIGHT:
    case RING_PLOT_SIDE_RIGHT_ROTATED:
      x_mm = panel->xmax_mm + disp * chrht_mm;
      y_mm = panel->ymin_mm + (panel->ymax_mm - panel->ymin_mm) * pos;
      break;
    default:
      g_assert_not_reached ();
    }

  show_text (x_mm, y_mm, just,
             side == RING_PLOT_SIDE_LEFT_ROTATED || side == RING_PLOT_SIDE_RIGHT_ROTATED,
             string);
}
