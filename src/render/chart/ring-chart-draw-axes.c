/* ring-chart-draw-axes.c: the page of a chart: colours, text measured as PLplot draws it, tick
 * labels, log and linear axes, panels, the grid and the frame around the data.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <plplot.h>
#include <string.h>

#include "ring-chart-draw-private.h"

/* Colours. */

RingColor
_ring_plot_mix (RingColor color,
                RingColor base,
                double    amount)
{
  RingColor mixed;

  mixed.red = base.red + (color.red - base.red) * amount;
  mixed.green = base.green + (color.green - base.green) * amount;
  mixed.blue = base.blue + (color.blue - base.blue) * amount;
  mixed.alpha = 1.0;

  return mixed;
}

/* Sets a colour map 0 slot, and keeps the colour as PLplot stores it (8 bits a channel) for
 * what the chart draws with cairo, so both draw the same colour. */
static void
set_color (RingPlotChart *chart,
           int            slot,
           RingColor      color)
{
  PLINT red = (PLINT) lround (CLAMP (color.red, 0, 1) * 255);
  PLINT green = (PLINT) lround (CLAMP (color.green, 0, 1) * 255);
  PLINT blue = (PLINT) lround (CLAMP (color.blue, 0, 1) * 255);
  double alpha = CLAMP (color.alpha, 0, 1);

  plscol0a (slot, red, green, blue, alpha);
  chart->palette[slot] = (RingColor) { red / 255.0, green / 255.0, blue / 255.0, alpha };
}

void
_ring_plot_set_palette (RingPlotChart *chart)
{
  const RingStyle *style = chart->style;

  plscmap0n (RING_PLOT_N_COLORS);
  set_color (chart, RING_PLOT_COLOR_BACKGROUND, style->background);
  set_color (chart, RING_PLOT_COLOR_FOREGROUND, style->foreground);
  set_color (chart, RING_PLOT_COLOR_DIM, style->dim);
  /* Grid lines and shading are blended with the background, not translucent, so that
   * lines crossing them do not show through. */
  set_color (chart, RING_PLOT_COLOR_GRID,
             _ring_plot_mix (style->dim, style->background, style->dark ? 0.45 : 0.35));
  set_color (chart, RING_PLOT_COLOR_ACCENT, style->accent);
  set_color (chart, RING_PLOT_COLOR_COMPUTE, style->compute);
  set_color (chart, RING_PLOT_COLOR_COMMUNICATION, style->communication);
  for (int i = 0; i < 4; i++)
    set_color (chart, RING_PLOT_COLOR_SERIES_0 + i, style->series[i]);
  set_color (chart, RING_PLOT_COLOR_COMM_SHADE,
             _ring_plot_mix (style->communication, style->background, style->dark ? 0.22 : 0.11));
  set_color (chart, RING_PLOT_COLOR_SUBTLE,
             _ring_plot_mix (style->foreground, style->background, 0.7));
}

/* Text and numbers. */

/* PLplot's own string measure is private, so text is measured with cairo in the font
 * pango resolves "sans" to. PLplot asks pango for chrht · 72/25.4 points, which pango
 * renders at 96 pixels per inch. */
#define TEXT_PX_PER_MM (96.0 / 25.4)

static struct
{
  cairo_t *cr;
  double   text_mm;
  double   scale;
  gboolean bold;
} measure;

static void
measure_update_font (void)
{
  if (measure.cr == NULL)
    return;

  cairo_select_font_face (measure.cr, "sans", CAIRO_FONT_SLANT_NORMAL,
                          measure.bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (measure.cr, measure.text_mm * measure.scale * TEXT_PX_PER_MM);
}

void
_ring_plot_set_text_size (const RingPlotChart *chart,
                          double               scale)
{
  plschr (chart->text_mm, scale);
  measure.text_mm = chart->text_mm;
  measure.scale = scale;
  measure_update_font ();
}

void
_ring_plot_set_bold (gboolean bold)
{
  plsfont (PL_FCI_SANS, PL_FCI_UPRIGHT, bold ? PL_FCI_BOLD : PL_FCI_MEDIUM);
  measure.bold = bold;
  measure_update_font ();
}

void
_ring_plot_text_begin (void)
{
  cairo_surface_t *surface;

  g_assert (measure.cr == NULL);

  surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  measure.cr = cairo_create (surface);
  measure.bold = FALSE;
  cairo_surface_destroy (surface);
}

void
_ring_plot_text_end (void)
{
  g_clear_pointer (&measure.cr, cairo_destroy);
}

/* The width of @text at the current size, in page millimetres. */
double
_ring_plot_text_width_mm (const char *text)
{
  cairo_text_extents_t extents;

  if (measure.cr == NULL)
    return 0.6 * measure.text_mm * measure.scale * g_utf8_strlen (text, -1);

  cairo_text_extents (measure.cr, text, &extents);
  return extents.x_advance / RING_PLOT_PX_PER_MM;
}

static gboolean
has_alnum (const char *text)
{
  for (const char *c = text; *c != '\0'; c = g_utf8_next_char (c))
    {
      if (g_unichar_isalnum (g_utf8_get_char (c)))
        return TRUE;
    }

  return FALSE;
}

/* Greedily joins the pieces of @text between @separators into lines at most @max_width_mm
 * wide at the current size. */
static void
wrap_pieces (GPtrArray  *lines,
             const char *text,
             const char *separator,
             double      max_width_mm)
{
  g_auto(GStrv) pieces = g_strsplit (text, separator, -1);
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

/* @text in lines at most @max_width_mm wide at the current size: broken at @separator
 * (" · " between the parts of a description, say) and, where a part is still too wide,
 * between words. A single word wider than @max_width_mm stays whole. */
char **
_ring_plot_wrap_text (const char *text,
                      const char *separator,
                      double      max_width_mm)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  GPtrArray *lines = g_ptr_array_new ();

  g_assert (text != NULL);
  g_assert (separator != NULL);

  if (_ring_plot_text_width_mm (text) <= max_width_mm)
    {
      g_ptr_array_add (lines, g_strdup (text));
      g_ptr_array_add (lines, NULL);
      return (char **) g_ptr_array_free (lines, FALSE);
    }

  wrap_pieces (parts, text, separator, max_width_mm);
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

/* Half the height of a text's background box at the current size. */
double
_ring_plot_text_half_height_mm (const RingPlotChart *chart)
{
  return chart->text_mm * measure.scale * 0.75;
}

/* Text at a point in page millimetres: @just 0 left, 0.5 centre, 1 right; @y is the
 * middle of the line. */
void
_ring_plot_page_text (double      x_mm,
                      double      y_mm,
                      double      just,
                      const char *text)
{
  plptex (x_mm, y_mm, 1.0, 0.0, just, text);
}

static char *
format_decimal (double value,
                int    decimals)
{
  if (fabs (value) < 0.5 * pow (10, -decimals))
    value = 0;

  return g_strdup_printf ("%.*f", decimals, value);
}

static char *
format_power (double      value,
              const char *unit)
{
  if (value >= 1 || value == 0)
    return g_strdup_printf ("%.0f %s", value, unit);

  return g_strdup_printf ("%g %s", value, unit);
}

/* "10⁴ s", for powers too large for plain digits. */
static char *
format_superscript_power (int         exponent,
                          const char *unit)
{
  static const char *digits[] = { "⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹" };
  g_autofree char *decimal = g_strdup_printf ("%d", ABS (exponent));
  GString *text = g_string_new ("10");

  if (exponent < 0)
    g_string_append (text, "⁻");
  for (const char *c = decimal; *c != '\0'; c++)
    g_string_append (text, digits[*c - '0']);
  g_string_append_printf (text, " %s", unit);

  return g_string_free (text, FALSE);
}

/* Labels for log ticks, from the exponent. */
static char *
format_tick (RingPlotAxisFormat format,
             double             world)
{
  static const char *binary_units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  static const char *count_units[] = { "", "K", "M", "G" };
  static const char *time_units[] = { "ns", "µs", "ms", "s" };
  static const char *rate_units[] = { "", "K", "M", "G", "T", "P", "E" };
  int exponent = (int) lround (world);
  int group;

  switch (format)
    {
    case RING_PLOT_FORMAT_COUNT:
      group = CLAMP (exponent / 10, 0, (int) G_N_ELEMENTS (count_units) - 1);
      return g_strdup_printf ("%.0f%s", exp2 (exponent - 10 * group), count_units[group]);

    case RING_PLOT_FORMAT_BYTES:
      group = CLAMP (exponent / 10, 0, (int) G_N_ELEMENTS (binary_units) - 1);
      return g_strdup_printf ("%.0f %s", exp2 (exponent - 10 * group), binary_units[group]);

    case RING_PLOT_FORMAT_SECONDS:
      /* 10^e s in ns (e < −6), µs, ms or s (e ≥ 0). */
      group = CLAMP ((int) floor ((exponent + 9) / 3.0), 0, 3);
      if (exponent >= 4)
        return format_superscript_power (exponent, "s");
      if (exponent >= 0)
        return g_strdup_printf ("%.0f s", pow (10, exponent));
      if (exponent < -9)
        return format_superscript_power (exponent, "s");
      return format_power (pow (10, exponent + 9 - 3 * group), time_units[group]);

    case RING_PLOT_FORMAT_GBPS:
      if (exponent >= 3)
        return format_power (pow (10, exponent - 3), "TB/s");
      return format_power (pow (10, exponent), "GB/s");

    case RING_PLOT_FORMAT_RATE:
      if (exponent < 0)
        return g_strdup_printf ("%g", pow (10, exponent));
      group = CLAMP (exponent / 3, 0, (int) G_N_ELEMENTS (rate_units) - 1);
      return g_strdup_printf ("%.0f%s", pow (10, exponent - 3 * group), rate_units[group]);

    case RING_PLOT_FORMAT_NUMBER:
    default:
      return format_decimal (world, 0);
    }
}

char *
_ring_plot_axis_label (const RingPlotAxis *axis,
                       double              world)
{
  if (axis->format == RING_PLOT_FORMAT_NUMBER)
    return format_decimal (world, axis->decimals);

  return format_tick (axis->format, world);
}

static void
label_cb (PLINT      axis_id,
          PLFLT      value,
          char      *label,
          PLINT      length,
          PLPointer  user_data)
{
  const RingPlotAxis *axis = user_data;
  g_autofree char *text = _ring_plot_axis_label (axis, value);

  g_strlcpy (label, text, length);
}

/* Axes. */

/* A 1-2-2.5-5 step giving about @n_wanted intervals over @span. */
static double
nice_step (double span,
           double n_wanted)
{
  double raw = span / MAX (n_wanted, 1);
  double magnitude = pow (10, floor (log10 (raw)));
  double fraction = raw / magnitude;

  if (fraction <= 1)
    return magnitude;
  if (fraction <= 2)
    return 2 * magnitude;
  if (fraction <= 2.5)
    return 2.5 * magnitude;
  if (fraction <= 5)
    return 5 * magnitude;

  return 10 * magnitude;
}

/* A linear axis from @min to @max (nudged outwards to whole steps), @n_wanted ticks. */
void
_ring_plot_axis_linear (RingPlotAxis *axis,
                        double        min,
                        double        max,
                        double        n_wanted)
{
  if (!isfinite (min) || !isfinite (max))
    {
      min = 0;
      max = 1;
    }
  if (max - min < 1e-12 * MAX (fabs (min), fabs (max)) || max <= min)
    {
      double pad = fabs (max) > 0 ? fabs (max) * 0.5 : 1;

      min -= pad;
      max += pad;
    }

  axis->scale = RING_PLOT_AXIS_LINEAR;
  axis->format = RING_PLOT_FORMAT_NUMBER;
  axis->step = nice_step (max - min, n_wanted);
  axis->min = floor (min / axis->step + 1e-9) * axis->step;
  axis->max = ceil (max / axis->step - 1e-9) * axis->step;
  axis->n_sub = 0;
  axis->decimals = MAX (0, (int) -floor (log10 (axis->step) + 1e-9));
  if (axis->step / pow (10, floor (log10 (axis->step))) == 2.5)
    axis->decimals++;
  axis->log_minor = FALSE;
}

/* A log axis over [@min, @max] in world units (log₂ or log₁₀ of the values), with labelled
 * ticks at whole powers, at most @max_labels of them. */
void
_ring_plot_axis_log (RingPlotAxis       *axis,
                     RingPlotAxisScale   scale,
                     RingPlotAxisFormat  format,
                     double              min,
                     double              max,
                     int                 max_labels)
{
  static const int steps[] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 30 };
  double span;

  if (!isfinite (min) || !isfinite (max))
    {
      min = 0;
      max = 1;
    }
  min = floor (min + 1e-9);
  max = ceil (max - 1e-9);
  if (max <= min)
    max = min + 1;

  axis->scale = scale;
  axis->format = format;
  axis->min = min;
  axis->max = max;
  span = max - min;
  axis->step = steps[G_N_ELEMENTS (steps) - 1];
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    {
      if (span / steps[i] + 1 <= MAX (max_labels, 2))
        {
          axis->step = steps[i];
          break;
        }
    }
  axis->n_sub = (int) axis->step;
  axis->decimals = 0;
  axis->log_minor = scale == RING_PLOT_AXIS_LOG10 && axis->step == 1;
}

double
_ring_plot_axis_world (const RingPlotAxis *axis,
                       double              value)
{
  switch (axis->scale)
    {
    case RING_PLOT_AXIS_LOG2:
      return value > 0 ? log2 (value) : -HUGE_VAL;
    case RING_PLOT_AXIS_LOG10:
      return value > 0 ? log10 (value) : -HUGE_VAL;
    case RING_PLOT_AXIS_LINEAR:
    default:
      return value;
    }
}

/* The widest tick label, to size the margin beside a y axis. */
double
_ring_plot_axis_label_width_mm (const RingPlotAxis *axis)
{
  double widest = 0;
  double first = ceil (axis->min / axis->step - 1e-9) * axis->step;

  for (double tick = first; tick <= axis->max + 1e-9 * axis->step; tick += axis->step)
    {
      g_autofree char *text = _ring_plot_axis_label (axis, tick);

      widest = MAX (widest, _ring_plot_text_width_mm (text));
    }

  return widest;
}

double
_ring_plot_panel_x_mm (const RingPlotPanel *panel,
                       double               world)
{
  return panel->xmin_mm
         + (world - panel->x.min) / (panel->x.max - panel->x.min)
           * (panel->xmax_mm - panel->xmin_mm);
}

double
_ring_plot_panel_y_mm (const RingPlotPanel *panel,
                       double               world)
{
  return panel->ymin_mm
         + (world - panel->y.min) / (panel->y.max - panel->y.min)
           * (panel->ymax_mm - panel->ymin_mm);
}


gboolean
_ring_plot_panel_is_valid (const RingPlotPanel *panel)
{
  return panel->xmax_mm - panel->xmin_mm > 5 && panel->ymax_mm - panel->ymin_mm > 5
         && panel->x.max > panel->x.min && panel->y.max > panel->y.min
         && isfinite (panel->x.min) && isfinite (panel->x.max)
         && isfinite (panel->y.min) && isfinite (panel->y.max);
}

/* A panel above or below @from, or over it with another y axis: the same x axis and
 * width. */
void
_ring_plot_panel_share_x (RingPlotPanel       *panel,
                          const RingPlotPanel *from)
{
  panel->x = from->x;
  panel->xmin_mm = from->xmin_mm;
  panel->xmax_mm = from->xmax_mm;
}

/* Coordinates: data in a panel, or millimetres anywhere on the page. */

void
_ring_plot_use_panel (const RingPlotPanel *panel)
{
  plsvpa (panel->xmin_mm, panel->xmax_mm, panel->ymin_mm, panel->ymax_mm);
  plwind (panel->x.min, panel->x.max, panel->y.min, panel->y.max);
}

void
_ring_plot_use_page (const RingPlotChart *chart)
{
  plsvpa (0, chart->width_mm, 0, chart->height_mm);
  plwind (0, chart->width_mm, 0, chart->height_mm);
}

static void
axis_options (const RingPlotAxis *axis,
              const char         *base,
              char               *options,
              gsize               size)
{
  g_strlcpy (options, base, size);
  if (axis->log_minor)
    g_strlcat (options, "l", size);
}

/* The numeric labels of plbox() @options ('n' below or left, 'm' above or right; 'v', 'o',
 * 'l'), drawn by PLplot at the major ticks without the ticks themselves ('x'). */
static void
draw_labels (const RingPlotAxis *axis,
             gboolean            x_axis,
             const char         *options)
{
  char labels[16] = "x";

  if (strchr (options, 'n') == NULL && strchr (options, 'm') == NULL)
    return;
  for (const char *option = "nmvol"; *option != '\0'; option++)
    {
      if (strchr (options, *option) != NULL)
        g_strlcat (labels, (char[]) { *option, '\0' }, sizeof labels);
    }

  plslabelfunc (label_cb, (PLPointer) axis);
  if (x_axis)
    plbox (labels, axis->step, 0, "", 0, 0);
  else
    plbox ("", 0, 0, labels, axis->step, 0);
  plslabelfunc (NULL, NULL);
}

/* The frame, ticks and tick labels, over the data. */
void
_ring_plot_draw_axes (const RingPlotChart *chart,
                      const RingPlotPanel *panel,
                      gboolean             x_labels,
                      gboolean             right_frame)
{
  char x_options[16], y_options[16];

  axis_options (&panel->x, x_labels ? "bcstno" : "bcst", x_options, sizeof x_options);
  axis_options (&panel->y, right_frame ? "bcstnvo" : "bstnvo", y_options, sizeof y_options);
  _ring_plot_draw_box_lines (chart, panel, x_options, panel->x.n_sub, y_options,
                             panel->y.n_sub, RING_PLOT_COLOR_FOREGROUND);

  _ring_plot_use_panel (panel);
  plcol0 (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 0.9);
  draw_labels (&panel->x, TRUE, x_options);
  draw_labels (&panel->y, FALSE, y_options);
  _ring_plot_set_text_size (chart, 1.0);
}

void
_ring_plot_draw_axis_titles (const RingPlotChart *chart,
                             const RingPlotPanel *panel,
                             const char          *x_title,
                             const char          *y_title)
{
  _ring_plot_use_panel (panel);
  plcol0 (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 1.0);
  if (x_title != NULL)
    plmtex ("b", 3.2, 0.5, 0.5, x_title);
  if (y_title != NULL)
    {
      double label_mm = _ring_plot_axis_label_width_mm (&panel->y);

      plmtex ("l", label_mm / chart->text_mm + 1.9, 0.5, 0.5, y_title);
    }
}

/* How many tick labels of this kind fit along @length_mm. */
int
_ring_plot_labels_fitting (const RingPlotChart *chart,
                           double               length_mm,
                           double               label_mm)
{
  return MAX (2, (int) floor (length_mm / (label_mm + chart->text_mm * 2.5)));
}

/* A y axis on the right of @panel, labelled like the others, in @color: a second scale or
 * a colour bar's. */
void
_ring_plot_draw_right_axis (const RingPlotChart *chart,
                            const RingPlotPanel *panel,
                            const char          *x_options,
                            const char          *y_options,
                            int                  y_sub,
                            int                  color,
                            const char          *title)
{
  _ring_plot_draw_box_lines (chart, panel, x_options, 0, y_options, y_sub, color);

  _ring_plot_use_panel (panel);
  plcol0 (color);
  _ring_plot_set_text_size (chart, 0.9);
  draw_labels (&panel->y, FALSE, y_options);
  _ring_plot_set_text_size (chart, 1.0);
  plmtex ("r", _ring_plot_text_width_mm ("100") / chart->text_mm + 1.6, 0.5, 0.5, title);
}
