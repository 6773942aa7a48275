/* ring-plot-axes.c: a chart's ticks, labelled through plslabelfunc(), drawn by plbox()
 * and plmtex(). Log axes are linear in world coordinates of log units.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <plplot.h>
#include <string.h>

#include "ring-chart-draw-private.h"

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

    case RING_PLOT_FORMAT_GBITPS:
      if (exponent >= 3)
        return format_power (pow (10, exponent - 3), "Tb/s");
      return format_power (pow (10, exponent), "Gb/s");

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

/* "26.1 GiB", "512 B": one unit system with a size axis in powers of two. */
char *
_ring_plot_format_binary_bytes (double bytes)
{
  static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB" };
  guint group = 0;
  double scaled = bytes;
  int decimals;

  if (!isfinite (bytes))
    return g_strdup ("–");
  while (group + 1 < G_N_ELEMENTS (units) && fabs (scaled) >= 1023.95)
    {
      scaled /= 1024;
      group++;
    }
  decimals = group == 0 || scaled == floor (scaled) || fabs (scaled) >= 99.95 ? 0
             : fabs (scaled) >= 9.995 ? 1 : 2;

  return g_strdup_printf ("%.*f %s", decimals, scaled, units[group]);
}

char *
_ring_plot_axis_label (const RingPlotAxis *axis,
                       double              world)
{
  if (axis->format == RING_PLOT_FORMAT_NUMBER)
    return format_decimal (world, axis->decimals);

  return format_tick (axis->format, world);
}

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

/* Nudged outwards to whole steps. */
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

/* Labelled ticks at whole powers, at most @max_labels. */
void
_ring_plot_axis_log (RingPlotAxis       *axis,
                     RingPlotAxisScale   scale,
                     RingPlotAxisFormat  format,
                     double              min,
                     double              max,
                     int                 max_labels)
{
  static const int steps[] = { 1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 16, 20, 30 };
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

/* The widest tick label. */
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


void
_ring_plot_keep_last_label_inside (const RingPlotChart *chart,
                                   RingPlotPanel       *panel)
{
  double last = floor (panel->x.max / panel->x.step + 1e-9) * panel->x.step;
  g_autofree char *label = _ring_plot_axis_label (&panel->x, last);
  double overhang_mm;

  _ring_plot_set_text_size (chart, 0.9);
  overhang_mm = _ring_plot_panel_x_mm (panel, last) + _ring_plot_text_width_mm (label) / 2
                + chart->text_mm * 0.5 - chart->width_mm;
  _ring_plot_set_text_size (chart, 1.0);
  if (overhang_mm > 0)
    panel->xmax_mm -= overhang_mm;
}

gboolean
_ring_plot_panel_is_valid (const RingPlotPanel *panel)
{
  return panel->xmax_mm - panel->xmin_mm > 5 && panel->ymax_mm - panel->ymin_mm > 5
         && panel->x.max > panel->x.min && panel->y.max > panel->y.min
         && isfinite (panel->x.min) && isfinite (panel->x.max)
         && isfinite (panel->y.min) && isfinite (panel->y.max);
}

/* The same x axis and width as @from. */
void
_ring_plot_panel_share_x (RingPlotPanel       *panel,
                          const RingPlotPanel *from)
{
  panel->x = from->x;
  panel->xmin_mm = from->xmin_mm;
  panel->xmax_mm = from->xmax_mm;
}

/* 'l': PLplot's 2…9 minor ticks a decade; 'o': labels by label_cb(). */
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

static void
label_cb (PLINT     axis_number,
          PLFLT     world,
          char     *label,
          PLINT     length,
          PLPointer user_data)
{
  const RingPlotPanel *panel = user_data;
  g_autofree char *text = _ring_plot_axis_label (axis_number == PL_X_AXIS ? &panel->x
                                                                          : &panel->y,
                                                 world);

  g_strlcpy (label, text, length);
}

static double
axis_step (const RingPlotAxis *axis)
{
  return axis->log_minor ? 1.0 : axis->step;
}

/* Whether @axis has a sane number of ticks for plbox() to walk. */
static gboolean
axis_is_walkable (const RingPlotAxis *axis)
{
  double step = axis_step (axis);

  return step > 0 && isfinite (step) && (axis->max - axis->min) / step < 1000;
}

static void
plot_box (const RingPlotChart *chart,
          const RingPlotPanel *panel,
          const char          *x_options,
          int                  x_sub,
          const char          *y_options,
          int                  y_sub,
          int                  color,
          double               text_scale)
{
  if (!axis_is_walkable (&panel->x) || !axis_is_walkable (&panel->y)
      || !_ring_plot_use_panel (chart, panel))
    return;

  _ring_plot_pen (color, RING_PLOT_LINE_SOLID, 1.0);
  _ring_plot_set_text_size (chart, text_scale);
  _ring_plot_key_text_state ();
  _ring_plot_key_string ("plbox");
  _ring_plot_key_panel (panel);
  _ring_plot_key_string (x_options);
  _ring_plot_key (&x_sub, sizeof x_sub);
  _ring_plot_key_string (y_options);
  _ring_plot_key (&y_sub, sizeof y_sub);
  if (_ring_plot_draws ())
    {
      plslabelfunc (label_cb, (PLPointer) panel);
      plbox (x_options, axis_step (&panel->x), x_sub, y_options, axis_step (&panel->y),
             y_sub);
      plslabelfunc (NULL, NULL);
    }
  _ring_plot_set_text_size (chart, 1.0);
}

/* Under the data. */
void
_ring_plot_draw_grid (const RingPlotChart *chart,
                      const RingPlotPanel *panel)
{
  char x_options[8], y_options[8];

  axis_options (&panel->x, "g", x_options, sizeof x_options);
  axis_options (&panel->y, "g", y_options, sizeof y_options);
  plot_box (chart, panel, x_options, 0, y_options, 0, RING_PLOT_COLOR_GRID, 1.0);
}

/* Over the data. */
void
_ring_plot_draw_axes (const RingPlotChart *chart,
                      const RingPlotPanel *panel,
                      gboolean             x_labels,
                      gboolean             right_frame)
{
  char x_options[16], y_options[16];

  if (chart->layout != NULL && !chart->layout->valid)
    {
      chart->layout->valid = TRUE;
      chart->layout->panel = *panel;
    }
  else if (chart->layout != NULL)
    {
      chart->layout->panel.ymin_mm = MIN (chart->layout->panel.ymin_mm, panel->ymin_mm);
      chart->layout->panel.ymax_mm = MAX (chart->layout->panel.ymax_mm, panel->ymax_mm);
    }

  axis_options (&panel->x, x_labels ? "bcstno" : "bcst", x_options, sizeof x_options);
  axis_options (&panel->y, right_frame ? "bcstnvo" : "bstnvo", y_options, sizeof y_options);
  plot_box (chart, panel, x_options, panel->x.n_sub, y_options, panel->y.n_sub,
            RING_PLOT_COLOR_FOREGROUND, 0.9);
}

/* Where the side is short, smaller down to three quarters, then cut with "…". */
static void
draw_side_title (const RingPlotChart *chart,
                 const RingPlotPanel *panel,
                 RingPlotSide         side,
                 double               disp,
                 const char          *title)
{
  double centre_mm = (panel->xmin_mm + panel->xmax_mm) / 2;
  /* Along the bottom: centred on the panel, and inside the page on both sides. */
  double length_mm = side == RING_PLOT_SIDE_BOTTOM
                     ? MIN (panel->xmax_mm - panel->xmin_mm + chart->text_mm * 4,
                            2 * MIN (centre_mm, chart->width_mm - centre_mm)
                            - chart->text_mm)
                     : panel->ymax_mm - panel->ymin_mm + chart->text_mm * 2;
  g_autofree char *shown = NULL;
  double scale = 1.0;

  _ring_plot_set_text_size (chart, scale);
  while (scale > 0.75 && _ring_plot_text_width_mm (title) > length_mm)
    {
      scale -= 0.05;
      _ring_plot_set_text_size (chart, scale);
    }
  shown = _ring_plot_ellipsize_text (title, length_mm);
  _ring_plot_margin_text (panel, side, disp / scale, 0.5, 0.5, shown);
  _ring_plot_set_text_size (chart, 1.0);
}

void
_ring_plot_draw_axis_titles (const RingPlotChart *chart,
                             const RingPlotPanel *panel,
                             const char          *x_title,
                             const char          *y_title)
{
  _ring_plot_set_text_color (RING_PLOT_COLOR_FOREGROUND);
  _ring_plot_set_text_size (chart, 1.0);
  if (x_title != NULL)
    draw_side_title (chart, panel, RING_PLOT_SIDE_BOTTOM, 3.2, x_title);
  if (y_title != NULL)
    {
      double label_mm = _ring_plot_axis_label_width_mm (&panel->y);

      draw_side_title (chart, panel, RING_PLOT_SIDE_LEFT_ROTATED,
                       label_mm / chart->text_mm + 1.9, y_title);
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

/* A second scale or a colour bar's. */
void
_ring_plot_draw_right_axis (const RingPlotChart *chart,
                            const RingPlotPanel *panel,
                            const char          *x_options,
                            const char          *y_options,
                            int                  y_sub,
                            int                  color,
                            const char          *title)
{
  plot_box (chart, panel, x_options, 0, y_options, y_sub, color, 0.9);
  _ring_plot_set_text_color (color);
  _ring_plot_set_text_size (chart, 0.9);
  draw_side_title (chart, panel, RING_PLOT_SIDE_RIGHT_ROTATED,
                   _ring_plot_text_width_mm ("100") / chart->text_mm + 1.6, title);
  _ring_plot_set_text_size (chart, 1.0);
}

/* "163 ms" style units for a linear time axis up to @max_s: the factor to divide
 * seconds by, and its unit. */
double
_ring_plot_time_unit (double       max_s,
                      const char **unit)
{
  if (max_s < 1e-3)
    {
      *unit = "µs";
      return 1e-6;
    }
  if (max_s < 1)
    {
      *unit = "ms";
      return 1e-3;
    }
  *unit = "s";
  return 1;
}
