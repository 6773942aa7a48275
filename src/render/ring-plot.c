/* ring-plot.c: the scaling charts, drawn with PLplot's extcairo device onto any cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-plot-private.h"
#include "ring-units.h"

/* Below this size a chart has no room for its axes: only the background is painted. */
#define MIN_WIDTH  160.0
#define MIN_HEIGHT 110.0

/* Decades of room around curves on log axes, so none runs along the frame. */
#define LOG_PAD 0.1

/* PLplot's cairo driver works at 72 dots per inch: one millimetre is this many pixels. */
#define PX_PER_MM (72.0 / 25.4)

/* Colour map 0 slots, every one set from the RingStyle before drawing. */
enum {
  COLOR_BACKGROUND,
  COLOR_FOREGROUND,
  COLOR_DIM,
  COLOR_GRID,
  COLOR_ACCENT,
  COLOR_COMPUTE,
  COLOR_COMMUNICATION,
  COLOR_SERIES_0,
  COLOR_SERIES_1,
  COLOR_SERIES_2,
  COLOR_SERIES_3,
  COLOR_COMM_SHADE,
  COLOR_SUBTLE,
  N_COLORS,
};

/* PLplot's predefined line styles. */
enum {
  LINE_SOLID = 1,
  LINE_SHORT_DASH = 2,
  LINE_LONG_DASH = 3,
};

typedef enum
{
  AXIS_LINEAR,
  AXIS_LOG2,
  AXIS_LOG10,
} AxisScale;

typedef enum
{
  FORMAT_NUMBER,     /* linear, plain numbers; the unit is in the axis title */
  FORMAT_COUNT,      /* log₂ GPU counts: 1 8 64 512 4K 32K */
  FORMAT_BYTES,      /* log₂ bytes: 8 B, 1 KiB, 1 MiB, 1 GiB */
  FORMAT_SECONDS,    /* log₁₀: 1 µs, 10 ms, 1 s */
  FORMAT_GBPS,       /* log₁₀: 0.1 GB/s, 100 GB/s, 1 TB/s */
  FORMAT_RATE,       /* log₁₀: 1K, 10M */
} AxisFormat;

typedef struct
{
  AxisScale   scale;
  AxisFormat  format;
  double      min;        /* in world coordinates: log₂ or log₁₀ of the value when log */
  double      max;
  double      step;       /* between labelled ticks, in world coordinates */
  int         n_sub;      /* minor intervals per step; 0 lets PLplot choose */
  int         decimals;   /* FORMAT_NUMBER */
  gboolean    log_minor;  /* decades with PLplot's 2…9 minor ticks */
} Axis;

/* A chart's drawing area, in millimetres of the page with y upwards, and its axes. */
typedef struct
{
  double xmin_mm, xmax_mm, ymin_mm, ymax_mm;
  Axis   x;
  Axis   y;
} Panel;

typedef struct
{
  const RingStyle *style;
  RingChartData   *data;
  cairo_t         *cr;
  double           width_mm;
  double           height_mm;
  double           text_mm;     /* height of ordinary text */
  double           line_px;     /* width of a curve */
  GArray          *obstacles;   /* of Segment: what labels should not cover */
} Chart;

/* A drawn line, in page millimetres. */
typedef struct
{
  double x1, y1, x2, y2;
} Segment;

typedef enum
{
  LEGEND_LINE,
  LEGEND_BOX,
  LEGEND_MARKER,
} LegendSampleKind;

typedef struct
{
  LegendSampleKind kind;
  int              color;
  int              line_style;
  double           line_px;
  char            *text;
} LegendEntry;

/* Chart kinds, in RingChartKind order. */
static const struct
{
  const char *name;
  const char *title;
} chart_kinds[] = {
  { "utilization-vs-gpus", N_("GPU utilization vs. ring size") },
  { "step-time-vs-gpus", N_("Step time vs. ring size") },
  { "bytes-moved-vs-gpus", N_("Data moved per GPU vs. ring size") },
  { "allreduce-vs-message-size", N_("All-reduce time and bus bandwidth vs. message size") },
  { "throughput-vs-gpus", N_("Cluster throughput vs. ring size") },
  { "utilization-map", N_("Utilization over GPUs and bandwidth") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (chart_kinds) == RING_N_CHARTS);

const char *
ring_chart_kind_to_string (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return chart_kinds[kind].name;
}

gboolean
ring_chart_kind_from_string (const char    *name,
                             RingChartKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < RING_N_CHARTS; i++)
    {
      if (g_ascii_strcasecmp (name, chart_kinds[i].name) == 0)
        {
          if (kind != NULL)
            *kind = i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
ring_chart_kind_get_title (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return g_dgettext (GETTEXT_PACKAGE, chart_kinds[kind].title);
}

gboolean
ring_plot_is_available (void)
{
  static int available = -1;

  /* plinit() with a missing device asks on standard input and then exits, so look first. */
  if (available < 0)
    {
      const char *menus[128];
      const char *devices[128];
      const char **menu_list = menus;
      const char **device_list = devices;
      int n_devices = G_N_ELEMENTS (devices);

      available = 0;
      plgDevs (&menu_list, &device_list, &n_devices);
      for (int i = 0; i < n_devices; i++)
        {
          if (g_strcmp0 (devices[i], "extcairo") == 0)
            available = 1;
        }
    }

  return available == 1;
}

/* Colours. */

static RingColor
mix (RingColor color,
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

static void
set_color (int       slot,
           RingColor color)
{
  plscol0a (slot,
            (PLINT) lround (CLAMP (color.red, 0, 1) * 255),
            (PLINT) lround (CLAMP (color.green, 0, 1) * 255),
            (PLINT) lround (CLAMP (color.blue, 0, 1) * 255),
            CLAMP (color.alpha, 0, 1));
}

static void
set_palette (const RingStyle *style)
{
  plscmap0n (N_COLORS);
  set_color (COLOR_BACKGROUND, style->background);
  set_color (COLOR_FOREGROUND, style->foreground);
  set_color (COLOR_DIM, style->dim);
  /* Grid lines and shading are blended with the background, not translucent: PLplot's
   * cairo driver strokes the edge of every fill, which would show a translucent seam. */
  set_color (COLOR_GRID, mix (style->dim, style->background, style->dark ? 0.45 : 0.35));
  set_color (COLOR_ACCENT, style->accent);
  set_color (COLOR_COMPUTE, style->compute);
  set_color (COLOR_COMMUNICATION, style->communication);
  for (int i = 0; i < 4; i++)
    set_color (COLOR_SERIES_0 + i, style->series[i]);
  set_color (COLOR_COMM_SHADE,
             mix (style->communication, style->background, style->dark ? 0.22 : 0.11));
  set_color (COLOR_SUBTLE, mix (style->foreground, style->background, 0.7));
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

static void
set_text_size (const Chart *chart,
               double       scale)
{
  plschr (chart->text_mm, scale);
  measure.text_mm = chart->text_mm;
  measure.scale = scale;
  measure_update_font ();
}

static void
set_bold (gboolean bold)
{
  plsfont (PL_FCI_SANS, PL_FCI_UPRIGHT, bold ? PL_FCI_BOLD : PL_FCI_MEDIUM);
  measure.bold = bold;
  measure_update_font ();
}

/* The width of @text at the current size, in page millimetres. */
static double
text_width_mm (const char *text)
{
  cairo_text_extents_t extents;

  if (measure.cr == NULL)
    return 0.6 * measure.text_mm * measure.scale * g_utf8_strlen (text, -1);

  cairo_text_extents (measure.cr, text, &extents);
  return extents.x_advance / PX_PER_MM;
}

/* Text at a point in page millimetres: @just 0 left, 0.5 centre, 1 right; @y is the
 * middle of the line. */
static void
page_text (double      x_mm,
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
format_tick (AxisFormat format,
             double     world)
{
  static const char *binary_units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  static const char *count_units[] = { "", "K", "M", "G" };
  static const char *time_units[] = { "ns", "µs", "ms", "s" };
  static const char *rate_units[] = { "", "K", "M", "G", "T", "P", "E" };
  int exponent = (int) lround (world);
  int group;

  switch (format)
    {
    case FORMAT_COUNT:
      group = CLAMP (exponent / 10, 0, (int) G_N_ELEMENTS (count_units) - 1);
      return g_strdup_printf ("%.0f%s", exp2 (exponent - 10 * group), count_units[group]);

    case FORMAT_BYTES:
      group = CLAMP (exponent / 10, 0, (int) G_N_ELEMENTS (binary_units) - 1);
      return g_strdup_printf ("%.0f %s", exp2 (exponent - 10 * group), binary_units[group]);

    case FORMAT_SECONDS:
      /* 10^e s in ns (e < −6), µs, ms or s (e ≥ 0). */
      group = CLAMP ((int) floor ((exponent + 9) / 3.0), 0, 3);
      if (exponent >= 4)
        return format_superscript_power (exponent, "s");
      if (exponent >= 0)
        return g_strdup_printf ("%.0f s", pow (10, exponent));
      if (exponent < -9)
        return format_superscript_power (exponent, "s");
      return format_power (pow (10, exponent + 9 - 3 * group), time_units[group]);

    case FORMAT_GBPS:
      if (exponent >= 3)
        return format_power (pow (10, exponent - 3), "TB/s");
      return format_power (pow (10, exponent), "GB/s");

    case FORMAT_RATE:
      if (exponent < 0)
        return g_strdup_printf ("%g", pow (10, exponent));
      group = CLAMP (exponent / 3, 0, (int) G_N_ELEMENTS (rate_units) - 1);
      return g_strdup_printf ("%.0f%s", pow (10, exponent - 3 * group), rate_units[group]);

    case FORMAT_NUMBER:
    default:
      return format_decimal (world, 0);
    }
}

static char *
axis_label (const Axis *axis,
            double      world)
{
  if (axis->format == FORMAT_NUMBER)
    return format_decimal (world, axis->decimals);

  return format_tick (axis->format, world);
}

static void
label_cb (PLINT     axis_id,
          PLFLT     value,
          char     *label,
          PLINT     length,
          PLPointer user_data)
{
  const Axis *axis = user_data;
  g_autofree char *text = axis_label (axis, value);

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
static void
axis_linear (Axis   *axis,
             double  min,
             double  max,
             double  n_wanted)
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

  axis->scale = AXIS_LINEAR;
  axis->format = FORMAT_NUMBER;
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
static void
axis_log (Axis       *axis,
          AxisScale   scale,
          AxisFormat  format,
          double      min,
          double      max,
          int         max_labels)
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
  axis->log_minor = scale == AXIS_LOG10 && axis->step == 1;
}

static double
axis_world (const Axis *axis,
            double      value)
{
  switch (axis->scale)
    {
    case AXIS_LOG2:
      return value > 0 ? log2 (value) : -HUGE_VAL;
    case AXIS_LOG10:
      return value > 0 ? log10 (value) : -HUGE_VAL;
    case AXIS_LINEAR:
    default:
      return value;
    }
}

/* The widest tick label, to size the margin beside a y axis. */
static double
axis_label_width_mm (const Axis *axis)
{
  double widest = 0;
  double first = ceil (axis->min / axis->step - 1e-9) * axis->step;

  for (double tick = first; tick <= axis->max + 1e-9 * axis->step; tick += axis->step)
    {
      g_autofree char *text = axis_label (axis, tick);

      widest = MAX (widest, text_width_mm (text));
    }

  return widest;
}

static double
panel_x_mm (const Panel *panel,
            double       world)
{
  return panel->xmin_mm
         + (world - panel->x.min) / (panel->x.max - panel->x.min)
           * (panel->xmax_mm - panel->xmin_mm);
}

static double
panel_y_mm (const Panel *panel,
            double       world)
{
  return panel->ymin_mm
         + (world - panel->y.min) / (panel->y.max - panel->y.min)
           * (panel->ymax_mm - panel->ymin_mm);
}

/* Coordinates: data in a panel, or millimetres anywhere on the page. */

static gboolean
panel_is_valid (const Panel *panel)
{
  return panel->xmax_mm - panel->xmin_mm > 5 && panel->ymax_mm - panel->ymin_mm > 5
         && panel->x.max > panel->x.min && panel->y.max > panel->y.min
         && isfinite (panel->x.min) && isfinite (panel->x.max)
         && isfinite (panel->y.min) && isfinite (panel->y.max);
}

static void
use_panel (const Panel *panel)
{
  plsvpa (panel->xmin_mm, panel->xmax_mm, panel->ymin_mm, panel->ymax_mm);
  plwind (panel->x.min, panel->x.max, panel->y.min, panel->y.max);
}

static void
use_page (const Chart *chart)
{
  plsvpa (0, chart->width_mm, 0, chart->height_mm);
  plwind (0, chart->width_mm, 0, chart->height_mm);
}

static void
axis_options (const Axis *axis,
              const char *base,
              char       *options,
              gsize       size)
{
  g_strlcpy (options, base, size);
  if (axis->log_minor)
    g_strlcat (options, "l", size);
}

/* The grid, under the data. */
static void
draw_grid (const Panel *panel)
{
  char x_options[16], y_options[16];

  use_panel (panel);
  plcol0 (COLOR_GRID);
  plwidth (1.0);
  pllsty (LINE_SOLID);
  axis_options (&panel->x, "g", x_options, sizeof x_options);
  axis_options (&panel->y, "g", y_options, sizeof y_options);
  plbox (x_options, panel->x.step, 0, y_options, panel->y.step, 0);
}

/* The frame, ticks and tick labels, over the data. */
static void
draw_axes (const Chart *chart,
           const Panel *panel,
           gboolean     x_labels,
           gboolean     right_frame)
{
  char x_options[16], y_options[16];
  int x_sub = panel->x.n_sub, y_sub = panel->y.n_sub;

  use_panel (panel);
  plcol0 (COLOR_FOREGROUND);
  plwidth (1.0);
  pllsty (LINE_SOLID);
  set_text_size (chart, 0.9);

  axis_options (&panel->x, x_labels ? "bcstno" : "bcst", x_options, sizeof x_options);
  axis_options (&panel->y, right_frame ? "bcstnvo" : "bstnvo", y_options, sizeof y_options);
  /* A log₂ axis without minor ticks between labelled powers would be hard to read. */
  if (panel->x.n_sub == 1)
    x_sub = 1;
  if (panel->y.n_sub == 1)
    y_sub = 1;

  plslabelfunc (label_cb, (PLPointer) &panel->x);
  plbox (x_options, panel->x.step, x_sub, "", 0, 0);
  plslabelfunc (label_cb, (PLPointer) &panel->y);
  plbox ("", 0, 0, y_options, panel->y.step, y_sub);
  plslabelfunc (NULL, NULL);
  set_text_size (chart, 1.0);
}

static void
draw_axis_titles (const Chart *chart,
                  const Panel *panel,
                  const char  *x_title,
                  const char  *y_title)
{
  use_panel (panel);
  plcol0 (COLOR_FOREGROUND);
  set_text_size (chart, 1.0);
  if (x_title != NULL)
    plmtex ("b", 3.2, 0.5, 0.5, x_title);
  if (y_title != NULL)
    {
      double label_mm = axis_label_width_mm (&panel->y);

      plmtex ("l", label_mm / chart->text_mm + 1.9, 0.5, 0.5, y_title);
    }
}

static void
add_obstacle (const Chart *chart,
              double       x1_mm,
              double       y1_mm,
              double       x2_mm,
              double       y2_mm)
{
  Segment segment = { x1_mm, y1_mm, x2_mm, y2_mm };

  g_array_append_val (chart->obstacles, segment);
}

static void
add_obstacles (const Chart  *chart,
               const Panel  *panel,
               const PLFLT  *wx,
               const PLFLT  *wy,
               guint         n)
{
  for (guint i = 0; i + 1 < n; i++)
    add_obstacle (chart, panel_x_mm (panel, wx[i]), panel_y_mm (panel, wy[i]),
                  panel_x_mm (panel, wx[i + 1]), panel_y_mm (panel, wy[i + 1]));
}

/* How much of the drawn lines a box would cover, in millimetres of line. */
static double
box_overlap_mm (const Chart *chart,
                double       left_mm,
                double       bottom_mm,
                double       right_mm,
                double       top_mm)
{
  double covered_mm = 0;

  for (guint i = 0; i < chart->obstacles->len; i++)
    {
      const Segment *segment = &g_array_index (chart->obstacles, Segment, i);
      double length_mm = hypot (segment->x2 - segment->x1, segment->y2 - segment->y1);
      int samples = MAX (1, (int) ceil (length_mm / 0.5));

      for (int k = 0; k <= samples; k++)
        {
          double t = (double) k / samples;
          double x = segment->x1 + (segment->x2 - segment->x1) * t;
          double y = segment->y1 + (segment->y2 - segment->y1) * t;

          if (x >= left_mm && x <= right_mm && y >= bottom_mm && y <= top_mm)
            covered_mm += length_mm / (samples + 1);
        }
    }

  return covered_mm;
}

/* A box of text, as obstacles: a few lines across it so any overlap counts. */
static void
add_box_obstacle (const Chart *chart,
                  double       left_mm,
                  double       bottom_mm,
                  double       right_mm,
                  double       top_mm)
{
  for (int k = 0; k <= 4; k++)
    {
      double y = bottom_mm + (top_mm - bottom_mm) * k / 4;

      add_obstacle (chart, left_mm, y, right_mm, y);
    }
}

/* Text on a background-coloured box, so lines and shading under it do not hurt it. */
static void
page_text_on_halo (const Chart *chart,
                   double       x_mm,
                   double       y_mm,
                   double       just,
                   const char  *text,
                   int          color)
{
  double width_mm = text_width_mm (text);
  double pad_mm = chart->text_mm * 0.25;
  double half_mm = chart->text_mm * measure.scale * 0.75;
  double left_mm = x_mm - just * width_mm - pad_mm;
  double right_mm = left_mm + width_mm + 2 * pad_mm;
  PLFLT xs[4] = { left_mm, right_mm, right_mm, left_mm };
  PLFLT ys[4] = { y_mm - half_mm, y_mm - half_mm, y_mm + half_mm, y_mm + half_mm };

  plcol0 (COLOR_BACKGROUND);
  plwidth (0.5);
  plfill (4, xs, ys);
  plwidth (1.0);
  plcol0 (color);
  page_text (x_mm, y_mm, just, text);
  add_box_obstacle (chart, left_mm, y_mm - half_mm, right_mm, y_mm + half_mm);
}

/* Places @text near (@x_mm, @y_mm) where it covers the least of what is drawn and stays
 * inside @panel, and draws it. */
static void
place_label (const Chart *chart,
             const Panel *panel,
             double       x_mm,
             double       y_mm,
             const char  *text,
             int          color)
{
  static const double offsets[][2] = {
    { 1, 1 }, { 1, -1 }, { -1, 1 }, { -1, -1 },
    { 1, 2.2 }, { 1, -2.2 }, { -1, 2.2 }, { -1, -2.2 },
    { 2.5, 0 }, { -2.5, 0 },
  };
  double width_mm = text_width_mm (text);
  double half_mm = chart->text_mm * measure.scale * 0.75;
  double best_score = HUGE_VAL, best_x = x_mm, best_y = y_mm, best_just = 0;

  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      double just = offsets[i][0] > 0 ? 0 : 1;
      double anchor_x = x_mm + offsets[i][0] * chart->text_mm * 0.9;
      double anchor_y = y_mm + offsets[i][1] * chart->text_mm * 1.1;
      double left = anchor_x - just * width_mm, right = left + width_mm;
      double score = box_overlap_mm (chart, left, anchor_y - half_mm, right, anchor_y + half_mm);

      /* Outside the panel is worst; later candidates are a little further away. */
      if (left < panel->xmin_mm || right > panel->xmax_mm
          || anchor_y - half_mm < panel->ymin_mm || anchor_y + half_mm > panel->ymax_mm)
        score += 1000;
      score += i * 0.05;
      if (score < best_score)
        {
          best_score = score;
          best_x = anchor_x;
          best_y = anchor_y;
          best_just = just;
        }
    }

  page_text_on_halo (chart, best_x, best_y, best_just, text, color);
}

/* A curve, skipping points a log axis cannot show. */
static void
draw_curve (const Chart  *chart,
            const Panel  *panel,
            const double *xs,
            const double *ys,
            guint         n,
            int           color,
            int           line_style,
            double        line_px)
{
  g_autofree PLFLT *px = g_new (PLFLT, n);
  g_autofree PLFLT *py = g_new (PLFLT, n);
  guint run = 0;

  use_panel (panel);
  plcol0 (color);
  pllsty (line_style);
  plwidth (line_px);

  for (guint i = 0; i <= n; i++)
    {
      double wx = i < n ? axis_world (&panel->x, xs[i]) : NAN;
      double wy = i < n ? axis_world (&panel->y, ys[i]) : NAN;

      if (isfinite (wx) && isfinite (wy))
        {
          /* Keep far-off points finite for PLplot's clipper. */
          px[run] = CLAMP (wx, panel->x.min - 1e3, panel->x.max + 1e3);
          py[run] = CLAMP (wy, panel->y.min - 1e3 * (panel->y.max - panel->y.min),
                           panel->y.max + 1e3 * (panel->y.max - panel->y.min));
          run++;
          continue;
        }
      if (run >= 2)
        {
          plline (run, px, py);
          add_obstacles (chart, panel, px, py, run);
        }
      run = 0;
    }

  pllsty (LINE_SOLID);
  plwidth (1.0);
}

/* A filled circle with a ring of background around it, at page millimetres. */
static void
draw_dot (double x_mm,
          double y_mm,
          double radius_mm,
          int    color)
{
  plcol0 (COLOR_BACKGROUND);
  plarc (x_mm, y_mm, radius_mm * 1.5, radius_mm * 1.5, 0, 360, 0, TRUE);
  plcol0 (color);
  plarc (x_mm, y_mm, radius_mm, radius_mm, 0, 360, 0, TRUE);
}

static void
page_line (double x1_mm,
           double y1_mm,
           double x2_mm,
           double y2_mm)
{
  PLFLT xs[2] = { x1_mm, x2_mm };
  PLFLT ys[2] = { y1_mm, y2_mm };

  plline (2, xs, ys);
}

/* The current configuration: a dot on the curve, guides to the axes, and a label placed
 * on whichever side has room. */
static void
draw_marker (const Chart *chart,
             const Panel *panel,
             double       x_value,
             double       y_value,
             const char  *label,
             gboolean     guides)
{
  double wx = axis_world (&panel->x, x_value);
  double wy = axis_world (&panel->y, y_value);
  double x_mm, y_mm;

  if (!isfinite (wx) || !isfinite (wy)
      || wx < panel->x.min - 1e-9 || wx > panel->x.max + 1e-9
      || wy < panel->y.min - 1e-9 || wy > panel->y.max + 1e-9)
    return;

  x_mm = panel_x_mm (panel, wx);
  y_mm = panel_y_mm (panel, wy);

  use_page (chart);
  if (guides)
    {
      plcol0 (COLOR_ACCENT);
      pllsty (LINE_SHORT_DASH);
      plwidth (1.0);
      page_line (x_mm, panel->ymin_mm, x_mm, y_mm);
      page_line (panel->xmin_mm, y_mm, x_mm, y_mm);
      add_obstacle (chart, x_mm, panel->ymin_mm, x_mm, y_mm);
      add_obstacle (chart, panel->xmin_mm, y_mm, x_mm, y_mm);
      pllsty (LINE_SOLID);
    }
  draw_dot (x_mm, y_mm, chart->text_mm * 0.42, COLOR_ACCENT);

  if (label == NULL)
    return;

  set_text_size (chart, 0.9);
  set_bold (TRUE);
  place_label (chart, panel, x_mm, y_mm, label, COLOR_ACCENT);
  set_bold (FALSE);
  set_text_size (chart, 1.0);
}

/* Legend: one row of samples and labels above the panel, wrapping when it is too wide. */

static void
legend_add (GArray           *entries,
            LegendSampleKind  kind,
            int               color,
            int               line_style,
            double            line_px,
            const char       *text)
{
  LegendEntry entry = { kind, color, line_style, line_px, g_strdup (text) };

  g_array_append_val (entries, entry);
}

static void
legend_entry_clear (gpointer data)
{
  LegendEntry *entry = data;

  g_free (entry->text);
}

static GArray *
legend_new (void)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));

  g_array_set_clear_func (entries, legend_entry_clear);
  return entries;
}

static double
legend_sample_mm (const Chart *chart)
{
  return chart->text_mm * 2.6;
}

/* Lays the legend out from @left_mm to @right_mm; returns its height, and draws it with
 * its first row centred on @top_mm when @draw. */
static double
legend_layout (const Chart *chart,
               GArray      *entries,
               double       left_mm,
               double       right_mm,
               double       top_mm,
               gboolean     draw)
{
  double sample_mm = legend_sample_mm (chart);
  double gap_mm = chart->text_mm * 0.6;
  double spacing_mm = chart->text_mm * 1.8;
  double row_mm = chart->text_mm * 1.7;
  double x_mm = left_mm, y_mm = top_mm;
  int rows = 1;

  set_text_size (chart, 0.9);
  if (draw)
    use_page (chart);

  for (guint i = 0; i < entries->len; i++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, i);
      double entry_mm = sample_mm + gap_mm + text_width_mm (entry->text);

      if (x_mm > left_mm && x_mm + entry_mm > right_mm)
        {
          x_mm = left_mm;
          y_mm -= row_mm;
          rows++;
        }

      if (draw)
        {
          switch (entry->kind)
            {
            case LEGEND_LINE:
              plcol0 (entry->color);
              pllsty (entry->line_style);
              plwidth (entry->line_px);
              page_line (x_mm, y_mm, x_mm + sample_mm, y_mm);
              pllsty (LINE_SOLID);
              plwidth (1.0);
              break;
            case LEGEND_BOX:
              {
                PLFLT xs[4] = { x_mm, x_mm + sample_mm, x_mm + sample_mm, x_mm };
                double half = chart->text_mm * 0.45;
                PLFLT ys[4] = { y_mm - half, y_mm - half, y_mm + half, y_mm + half };

                plcol0 (entry->color);
                plwidth (1.0);
                plfill (4, xs, ys);
                break;
              }
            case LEGEND_MARKER:
              draw_dot (x_mm + sample_mm / 2, y_mm, chart->text_mm * 0.42, entry->color);
              break;
            default:
              g_assert_not_reached ();
            }
          plcol0 (COLOR_FOREGROUND);
          page_text (x_mm + sample_mm + gap_mm, y_mm, 0, entry->text);
        }

      x_mm += entry_mm + spacing_mm;
    }

  set_text_size (chart, 1.0);

  return rows * row_mm;
}

/* Page furniture and layout. */

static char *
format_gpus (guint gpus)
{
  /* TRANSLATORS: the ring size at the current configuration's marker. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u GPU", "%u GPUs", gpus), gpus);
}

static char *
describe_configuration (const RingParams *p)
{
  g_autofree char *params = ring_format_count (p->model_params);
  const char *precision = p->gradient_bytes == 4 ? "fp32"
                          : p->gradient_bytes == 2 ? "bf16" : "fp8";

  /* TRANSLATORS: the configuration under a chart's title. */
  return g_strdup_printf (_("%u GPUs · %s parameters (%s gradients) · %g GB/s per GPU · "
                            "%g TFLOP/s · α = %g µs · overlap %.0f %%"),
                          p->gpus, params, precision, p->bandwidth_gbps,
                          p->compute_tflops, p->latency_us, p->overlap * 100);
}

/* Draws the title, subtitle and legend, and returns the panel area below them. The left
 * margin leaves room for @y_axis's labels and title, the right one for @right_mm. */
static void
draw_frame (const Chart *chart,
            GArray      *legend,
            const Axis  *y_axis,
            double       right_mm,
            Panel       *panel)
{
  double margin_mm = chart->text_mm * 1.3;
  double y_mm = chart->height_mm - margin_mm;
  double left_mm;
  g_autofree char *subtitle = describe_configuration (&chart->data->params);

  set_text_size (chart, 1.0);
  left_mm = margin_mm + axis_label_width_mm (y_axis) + chart->text_mm * 2.9;

  use_page (chart);
  plcol0 (COLOR_FOREGROUND);
  set_text_size (chart, 1.3);
  set_bold (TRUE);
  y_mm -= chart->text_mm * 0.65;
  page_text (margin_mm, y_mm, 0, ring_chart_kind_get_title (chart->data->kind));
  set_bold (FALSE);

  set_text_size (chart, 0.85);
  plcol0 (COLOR_DIM);
  y_mm -= chart->text_mm * 1.6;
  page_text (margin_mm, y_mm, 0, subtitle);
  set_text_size (chart, 1.0);

  y_mm -= chart->text_mm * 2.0;
  y_mm -= legend_layout (chart, legend, left_mm, chart->width_mm - margin_mm - right_mm,
                         y_mm, TRUE);

  panel->xmin_mm = left_mm;
  panel->xmax_mm = chart->width_mm - margin_mm - right_mm;
  panel->ymax_mm = y_mm + chart->text_mm * 0.2;
  panel->ymin_mm = margin_mm + chart->text_mm * 4.2;
}

/* How many tick labels of this kind fit along @length_mm. */
static int
labels_fitting (const Chart *chart,
                double       length_mm,
                double       label_mm)
{
  return MAX (2, (int) floor (length_mm / (label_mm + chart->text_mm * 2.5)));
}

static void
set_gpu_axis (const Chart *chart,
              Axis        *axis,
              double       length_mm)
{
  set_text_size (chart, 0.9);
  axis_log (axis, AXIS_LOG2, FORMAT_COUNT, 0, log2 (chart->data->x_last),
            labels_fitting (chart, length_mm, text_width_mm ("512K")));
  set_text_size (chart, 1.0);
}

static double
column_max (RingChartData *data,
            guint          column)
{
  RingSeries *series = _ring_chart_data_column (data, column);
  double max = -HUGE_VAL;

  for (guint i = 0; i < data->n_rows; i++)
    if (isfinite (series->values[i]))
      max = MAX (max, series->values[i]);

  return max;
}

static double
column_min_positive (RingChartData *data,
                     guint          column)
{
  RingSeries *series = _ring_chart_data_column (data, column);
  double min = HUGE_VAL;

  for (guint i = 0; i < data->n_rows; i++)
    if (isfinite (series->values[i]) && series->values[i] > 0)
      min = MIN (min, series->values[i]);

  return min;
}

/* "163 ms" style units for a linear time axis: the factor to divide seconds by. */
static double
time_unit (double      max_s,
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

static double
bytes_unit (double      max_bytes,
            const char **unit)
{
  static const char *units[] = { "B", "kB", "MB", "GB", "TB", "PB" };
  int group = CLAMP ((int) floor (log10 (MAX (max_bytes, 1)) / 3), 0, 5);

  *unit = units[group];
  return pow (1000, group);
}

static double *
scaled_copy (const double *values,
             guint         n,
             double        divisor)
{
  double *copy = g_new (double, n);

  for (guint i = 0; i < n; i++)
    copy[i] = values[i] / divisor;

  return copy;
}

/* Charts. */

static void
draw_utilization (Chart *chart)
{
  RingChartData *data = chart->data;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  static const int colors[] = { COLOR_SERIES_1, COLOR_SERIES_0, COLOR_SERIES_2 };
  static const int styles[] = { LINE_SHORT_DASH, LINE_SOLID, LINE_LONG_DASH };
  g_autoptr(GArray) legend = legend_new ();
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  Panel panel = { 0 };
  PLFLT band_x[4], band_y[4];

  for (guint i = 0; i < 3; i++)
    legend_add (legend, LEGEND_LINE, colors[i], styles[i],
                i == 1 ? chart->line_px * 1.3 : chart->line_px,
                _ring_chart_data_column (data, i + 1)->label);
  legend_add (legend, LEGEND_BOX, COLOR_COMM_SHADE, LINE_SOLID, 1,
              _("Communication-bound: exposed communication > compute"));
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1, _("Current configuration"));

  axis_linear (&panel.y, 0, 100, 5);
  draw_frame (chart, legend, &panel.y, 0, &panel);
  set_gpu_axis (chart, &panel.x, panel.xmax_mm - panel.xmin_mm);
  /* A little headroom so the 100 % of one GPU does not sit on the frame. */
  panel.y.max = 103;
  if (!panel_is_valid (&panel))
    return;

  /* Utilization below 50 % means exposed communication exceeds compute. */
  use_panel (&panel);
  band_x[0] = band_x[3] = panel.x.min;
  band_x[1] = band_x[2] = panel.x.max;
  band_y[0] = band_y[1] = 0;
  band_y[2] = band_y[3] = RING_PLOT_COMM_BOUND_UTILIZATION * 100;
  plcol0 (COLOR_COMM_SHADE);
  plfill (4, band_x, band_y);
  draw_grid (&panel);

  for (guint i = 0; i < 3; i++)
    draw_curve (chart, &panel, gpus, _ring_chart_data_column (data, i + 1)->values, data->n_rows,
                colors[i], styles[i], i == 1 ? chart->line_px * 1.3 : chart->line_px);

  draw_axes (chart, &panel, TRUE, TRUE);
  draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), _("GPU utilization (%)"));

  /* TRANSLATORS: the marker at the current configuration: GPUs and utilization. */
  gpus_text = format_gpus (data->params.gpus);
  marker = g_strdup_printf (_("%s: %.1f %%"), gpus_text, 100 * data->result.utilization);
  draw_marker (chart, &panel, data->params.gpus, 100 * data->result.utilization, marker, TRUE);
}

static void
draw_step_time (Chart *chart)
{
  RingChartData *data = chart->data;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  static const int colors[] = { COLOR_COMPUTE, COLOR_COMMUNICATION, COLOR_FOREGROUND };
  static const int styles[] = { LINE_SOLID, LINE_SOLID, LINE_SOLID };
  g_autoptr(GArray) legend = legend_new ();
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  g_autofree char *y_title = NULL;
  g_autofree char *step_text = NULL;
  double scaled_max = column_max (data, 3);
  double min_positive = MIN (column_min_positive (data, 1), column_min_positive (data, 3));
  gboolean log_y = scaled_max / min_positive > 50;
  double divisor = 1;
  const char *unit = "s";
  Panel panel = { 0 };

  for (guint i = 0; i < 3; i++)
    legend_add (legend, LEGEND_LINE, colors[i], styles[i],
                i == 2 ? chart->line_px * 1.3 : chart->line_px,
                _ring_chart_data_column (data, i + 1)->label);
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1, _("Current configuration"));

  /* A ring that spends far longer communicating than computing needs a log axis to keep
   * the compute time readable. */
  if (log_y)
    {
      set_text_size (chart, 0.9);
      axis_log (&panel.y, AXIS_LOG10, FORMAT_SECONDS, log10 (min_positive) - LOG_PAD,
                log10 (scaled_max) + LOG_PAD, 12);
      y_title = g_strdup (_("Time per step (log scale)"));
    }
  else
    {
      divisor = time_unit (scaled_max, &unit);
      axis_linear (&panel.y, 0, scaled_max / divisor * 1.05, 6);
      /* TRANSLATORS: %s is a unit of time such as "ms". */
      y_title = g_strdup_printf (_("Time per step (%s)"), unit);
    }

  draw_frame (chart, legend, &panel.y, 0, &panel);
  set_gpu_axis (chart, &panel.x, panel.xmax_mm - panel.xmin_mm);
  if (!panel_is_valid (&panel))
    return;

  draw_grid (&panel);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree double *values = scaled_copy (_ring_chart_data_column (data, i + 1)->values,
                                               data->n_rows, divisor);

      draw_curve (chart, &panel, gpus, values, data->n_rows, colors[i], styles[i],
                  i == 2 ? chart->line_px * 1.3 : chart->line_px);
    }
  draw_axes (chart, &panel, TRUE, TRUE);
  draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), y_title);

  step_text = ring_format_duration (data->result.step_time_s);
  gpus_text = format_gpus (data->params.gpus);
  marker = g_strdup_printf ("%s: %s", gpus_text, step_text);
  draw_marker (chart, &panel, data->params.gpus, data->result.step_time_s / divisor, marker,
               TRUE);
}

static void
draw_bytes_moved (Chart *chart)
{
  RingChartData *data = chart->data;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  double limit_bytes = 2 * data->result.gradient_buffer_bytes;
  g_autoptr(GArray) legend = legend_new ();
  g_autofree double *moved = NULL;
  g_autofree double *limit = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  g_autofree char *y_title = NULL;
  g_autofree char *limit_text = NULL;
  g_autofree char *limit_label = NULL;
  g_autofree char *moved_text = NULL;
  const char *unit;
  double divisor = bytes_unit (limit_bytes, &unit);
  Panel panel = { 0 };

  legend_add (legend, LEGEND_LINE, COLOR_SERIES_0, LINE_SOLID, chart->line_px * 1.3,
              _ring_chart_data_column (data, 1)->label);
  legend_add (legend, LEGEND_LINE, COLOR_DIM, LINE_LONG_DASH, chart->line_px,
              _("Limit 2S: twice the gradient buffer"));
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1, _("Current configuration"));

  axis_linear (&panel.y, 0, limit_bytes / divisor * 1.12, 6);
  draw_frame (chart, legend, &panel.y, 0, &panel);
  set_gpu_axis (chart, &panel.x, panel.xmax_mm - panel.xmin_mm);
  if (!panel_is_valid (&panel))
    return;

  moved = scaled_copy (_ring_chart_data_column (data, 1)->values, data->n_rows, divisor);
  limit = scaled_copy (_ring_chart_data_column (data, 2)->values, data->n_rows, divisor);

  draw_grid (&panel);
  draw_curve (chart, &panel, gpus, limit, data->n_rows, COLOR_DIM, LINE_LONG_DASH, chart->line_px);
  draw_curve (chart, &panel, gpus, moved, data->n_rows, COLOR_SERIES_0, LINE_SOLID,
              chart->line_px * 1.3);
  draw_axes (chart, &panel, TRUE, TRUE);
  /* TRANSLATORS: %s is a unit such as "GB". */
  y_title = g_strdup_printf (_("Data sent per GPU per step (%s)"), unit);
  draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"), y_title);

  /* The limit is the chart's point: more GPUs barely shrink each GPU's traffic. */
  limit_text = ring_format_bytes (limit_bytes);
  /* TRANSLATORS: label of the asymptote; %s is a size such as "56 GB". */
  limit_label = g_strdup_printf (_("2S = %s: each GPU sends almost 2S however many GPUs "
                                   "share the work"), limit_text);
  use_page (chart);
  set_text_size (chart, 0.9);
  page_text_on_halo (chart, panel.xmax_mm - chart->text_mm * 0.8,
                     panel_y_mm (&panel, limit_bytes / divisor) + chart->text_mm * 1.1, 1,
                     limit_label, COLOR_FOREGROUND);
  set_text_size (chart, 1.0);

  moved_text = ring_format_bytes (data->result.bytes_moved_per_gpu);
  gpus_text = format_gpus (data->params.gpus);
  marker = g_strdup_printf ("%s: %s", gpus_text, moved_text);
  draw_marker (chart, &panel, data->params.gpus, data->result.bytes_moved_per_gpu / divisor,
               marker, TRUE);
}

static void
draw_vertical_line (const Panel *panel,
                    double       world_x,
                    int          color,
                    int          line_style)
{
  PLFLT xs[2] = { world_x, world_x };
  PLFLT ys[2] = { panel->y.min, panel->y.max };

  use_panel (panel);
  plcol0 (color);
  pllsty (line_style);
  plwidth (1.5);
  plline (2, xs, ys);
  pllsty (LINE_SOLID);
  plwidth (1.0);
}

static void
draw_no_data (const Chart *chart,
              const Panel *panel,
              const char  *message)
{
  use_page (chart);
  plcol0 (COLOR_DIM);
  page_text ((panel->xmin_mm + panel->xmax_mm) / 2, (panel->ymin_mm + panel->ymax_mm) / 2,
             0.5, message);
}

static void
draw_message_size (Chart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *bytes = _ring_chart_data_column (data, 1 - 1)->values;
  const double *time_s = _ring_chart_data_column (data, 1)->values;
  const double *busbw = _ring_chart_data_column (data, 2)->values;
  double crossover_bytes = ring_cost_latency_crossover_bytes (p);
  double buffer_bytes = data->result.gradient_buffer_bytes;
  gboolean has_data = p->gpus > 1;
  g_autoptr(GArray) legend = legend_new ();
  g_autofree char *crossover_text = NULL;
  g_autofree char *crossover_label = NULL;
  g_autofree char *time_marker = NULL;
  g_autofree char *busbw_marker = NULL;
  g_autofree char *buffer_text = NULL;
  g_autofree char *time_text = NULL;
  g_autofree char *link_label = NULL;
  Panel top = { 0 }, bottom = { 0 };
  Axis y_axis;
  double split_mm, gap_mm, crossover_world;

  legend_add (legend, LEGEND_LINE, COLOR_SERIES_0, LINE_SOLID, chart->line_px * 1.3,
              _ring_chart_data_column (data, 1)->label);
  legend_add (legend, LEGEND_LINE, COLOR_SERIES_1, LINE_SOLID, chart->line_px * 1.3,
              _ring_chart_data_column (data, 2)->label);
  /* TRANSLATORS: %g is the link bandwidth in GB/s, which bus bandwidth approaches. */
  link_label = g_strdup_printf (_("Link bandwidth B = %g GB/s"), p->bandwidth_gbps);
  legend_add (legend, LEGEND_LINE, COLOR_DIM, LINE_LONG_DASH, chart->line_px, link_label);
  legend_add (legend, LEGEND_LINE, COLOR_COMMUNICATION, LINE_SHORT_DASH, 1.5,
              _("Latency stops dominating (N·α·B)"));
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1,
              p->message_bytes > 0 ? _("Current message") : _("Current gradient buffer"));

  set_text_size (chart, 0.9);
  if (has_data)
    {
      axis_log (&top.y, AXIS_LOG10, FORMAT_SECONDS,
                log10 (column_min_positive (data, 1)) - LOG_PAD,
                log10 (column_max (data, 1)) + LOG_PAD, 8);
      axis_log (&bottom.y, AXIS_LOG10, FORMAT_GBPS,
                log10 (column_min_positive (data, 2)) - LOG_PAD,
                log10 (MAX (column_max (data, 2), p->bandwidth_gbps)) + LOG_PAD, 6);
    }
  else
    {
      axis_log (&top.y, AXIS_LOG10, FORMAT_SECONDS, -6, 0, 8);
      axis_log (&bottom.y, AXIS_LOG10, FORMAT_GBPS, -1, 3, 6);
    }
  /* Both panels share a margin wide enough for the wider set of labels. */
  y_axis = axis_label_width_mm (&top.y) > axis_label_width_mm (&bottom.y) ? top.y : bottom.y;
  draw_frame (chart, legend, &y_axis, 0, &top);

  set_text_size (chart, 0.9);
  axis_log (&top.x, AXIS_LOG2, FORMAT_BYTES, log2 (data->x_first), log2 (data->x_last),
            labels_fitting (chart, top.xmax_mm - top.xmin_mm, text_width_mm ("512 KiB")));
  set_text_size (chart, 1.0);
  bottom.x = top.x;
  bottom.xmin_mm = top.xmin_mm;
  bottom.xmax_mm = top.xmax_mm;
  bottom.ymin_mm = top.ymin_mm;
  gap_mm = chart->text_mm * 1.2;
  split_mm = top.ymin_mm + (top.ymax_mm - top.ymin_mm) * 0.45;
  bottom.ymax_mm = split_mm - gap_mm / 2;
  top.ymin_mm = split_mm + gap_mm / 2;
  if (!panel_is_valid (&top) || !panel_is_valid (&bottom))
    return;

  draw_grid (&top);
  draw_grid (&bottom);

  crossover_world = crossover_bytes > 0 ? log2 (crossover_bytes) : -HUGE_VAL;
  if (has_data && crossover_world > top.x.min && crossover_world < top.x.max)
    {
      draw_vertical_line (&top, crossover_world, COLOR_COMMUNICATION, LINE_SHORT_DASH);
      draw_vertical_line (&bottom, crossover_world, COLOR_COMMUNICATION, LINE_SHORT_DASH);
      crossover_text = ring_format_bytes (crossover_bytes);
      /* TRANSLATORS: beside the crossover line; %s is a message size. */
      crossover_label = g_strdup_printf (_("latency-bound below %s"), crossover_text);
      use_page (chart);
      set_text_size (chart, 0.85);
      page_text_on_halo (chart, panel_x_mm (&top, crossover_world) - chart->text_mm * 0.5,
                         top.ymax_mm - chart->text_mm * 1.0, 1, crossover_label,
                         COLOR_COMMUNICATION);
      set_text_size (chart, 1.0);
    }

  if (has_data)
    {
      double link[2] = { p->bandwidth_gbps, p->bandwidth_gbps };
      double ends[2] = { data->x_first, data->x_last };

      draw_curve (chart, &bottom, ends, link, 2, COLOR_DIM, LINE_LONG_DASH, chart->line_px);
      draw_curve (chart, &top, bytes, time_s, data->n_rows, COLOR_SERIES_0, LINE_SOLID,
                  chart->line_px * 1.3);
      draw_curve (chart, &bottom, bytes, busbw, data->n_rows, COLOR_SERIES_1, LINE_SOLID,
                  chart->line_px * 1.3);
    }

  draw_axes (chart, &top, FALSE, TRUE);
  draw_axes (chart, &bottom, TRUE, TRUE);
  draw_axis_titles (chart, &top, NULL, _("All-reduce time"));
  draw_axis_titles (chart, &bottom, _("Message size (log scale)"), _("Bus bandwidth"));

  if (!has_data)
    {
      draw_no_data (chart, &top, _("A single GPU has nothing to all-reduce"));
      return;
    }

  buffer_text = ring_format_bytes (buffer_bytes);
  time_text = ring_format_duration (data->result.allreduce_time_s);
  time_marker = g_strdup_printf ("%s: %s", buffer_text, time_text);
  busbw_marker = g_strdup_printf ("%.1f GB/s", data->result.busbw_gbps);
  draw_marker (chart, &top, buffer_bytes, data->result.allreduce_time_s, time_marker, FALSE);
  draw_marker (chart, &bottom, buffer_bytes, data->result.busbw_gbps, busbw_marker, FALSE);
}

static void
draw_throughput (Chart *chart)
{
  RingChartData *data = chart->data;
  const double *gpus = _ring_chart_data_column (data, 0)->values;
  g_autoptr(GArray) legend = legend_new ();
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  g_autofree char *rate_text = NULL;
  Panel panel = { 0 }, right = { 0 };
  double right_mm;

  legend_add (legend, LEGEND_LINE, COLOR_SERIES_0, LINE_SOLID, chart->line_px * 1.3,
              _ring_chart_data_column (data, 1)->label);
  legend_add (legend, LEGEND_LINE, COLOR_DIM, LINE_LONG_DASH, chart->line_px,
              _ring_chart_data_column (data, 2)->label);
  legend_add (legend, LEGEND_LINE, COLOR_SERIES_1, LINE_SHORT_DASH, chart->line_px,
              _("Scaling efficiency (right axis)"));
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1, _("Current configuration"));

  set_text_size (chart, 0.9);
  axis_log (&panel.y, AXIS_LOG10, FORMAT_RATE,
            log10 (MIN (column_min_positive (data, 1), column_min_positive (data, 2))) - LOG_PAD,
            log10 (MAX (column_max (data, 1), column_max (data, 2))) + LOG_PAD, 10);
  axis_linear (&right.y, 0, 100, 5);
  right_mm = text_width_mm ("100") + chart->text_mm * 3.6;
  set_text_size (chart, 1.0);

  draw_frame (chart, legend, &panel.y, right_mm, &panel);
  set_gpu_axis (chart, &panel.x, panel.xmax_mm - panel.xmin_mm);
  right.x = panel.x;
  right.xmin_mm = panel.xmin_mm;
  right.xmax_mm = panel.xmax_mm;
  right.ymin_mm = panel.ymin_mm;
  right.ymax_mm = panel.ymax_mm;
  if (!panel_is_valid (&panel) || !panel_is_valid (&right))
    return;

  draw_grid (&panel);
  draw_curve (chart, &panel, gpus, _ring_chart_data_column (data, 2)->values, data->n_rows,
              COLOR_DIM, LINE_LONG_DASH, chart->line_px);
  draw_curve (chart, &right, gpus, _ring_chart_data_column (data, 3)->values, data->n_rows,
              COLOR_SERIES_1, LINE_SHORT_DASH, chart->line_px);
  draw_curve (chart, &panel, gpus, _ring_chart_data_column (data, 1)->values, data->n_rows,
              COLOR_SERIES_0, LINE_SOLID, chart->line_px * 1.3);
  draw_axes (chart, &panel, TRUE, FALSE);
  draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                    _("Cluster throughput (tokens/s, log scale)"));

  /* The efficiency axis on the right, in the efficiency curve's colour. */
  use_panel (&right);
  plcol0 (COLOR_SERIES_1);
  set_text_size (chart, 0.9);
  plslabelfunc (label_cb, (PLPointer) &right.y);
  plbox ("", 0, 0, "cmstvo", right.y.step, 0);
  plslabelfunc (NULL, NULL);
  set_text_size (chart, 1.0);
  plmtex ("r", text_width_mm ("100") / chart->text_mm + 1.6, 0.5, 0.5,
          _("Scaling efficiency (%)"));

  rate_text = ring_format_rate (data->result.tokens_per_s, _("tokens"));
  gpus_text = format_gpus (data->params.gpus);
  marker = g_strdup_printf ("%s: %s", gpus_text, rate_text);
  draw_marker (chart, &panel, data->params.gpus, data->result.tokens_per_s, marker, TRUE);
}

static gboolean
is_vector_target (cairo_t *cr)
{
  switch (cairo_surface_get_type (cairo_get_target (cr)))
    {
    case CAIRO_SURFACE_TYPE_PDF:
    case CAIRO_SURFACE_TYPE_PS:
    case CAIRO_SURFACE_TYPE_SVG:
    case CAIRO_SURFACE_TYPE_SCRIPT:
      return TRUE;
    case CAIRO_SURFACE_TYPE_IMAGE:
    case CAIRO_SURFACE_TYPE_XLIB:
    case CAIRO_SURFACE_TYPE_XCB:
    case CAIRO_SURFACE_TYPE_GLITZ:
    case CAIRO_SURFACE_TYPE_QUARTZ:
    case CAIRO_SURFACE_TYPE_WIN32:
    case CAIRO_SURFACE_TYPE_BEOS:
    case CAIRO_SURFACE_TYPE_DIRECTFB:
    case CAIRO_SURFACE_TYPE_OS2:
    case CAIRO_SURFACE_TYPE_WIN32_PRINTING:
    case CAIRO_SURFACE_TYPE_QUARTZ_IMAGE:
    case CAIRO_SURFACE_TYPE_QT:
    case CAIRO_SURFACE_TYPE_RECORDING:
    case CAIRO_SURFACE_TYPE_VG:
    case CAIRO_SURFACE_TYPE_GL:
    case CAIRO_SURFACE_TYPE_DRM:
    case CAIRO_SURFACE_TYPE_TEE:
    case CAIRO_SURFACE_TYPE_XML:
    case CAIRO_SURFACE_TYPE_SKIA:
    case CAIRO_SURFACE_TYPE_SUBSURFACE:
    case CAIRO_SURFACE_TYPE_COGL:
    default:
      return FALSE;
    }
}

/* Where the map's contour at @level crosses a column near @column_fraction of its width,
 * for the contour's label; FALSE if it crosses none. */
static gboolean
find_contour_label (RingChartData *data,
                    double         level,
                    double         column_fraction,
                    double        *grid_x,
                    double        *grid_y)
{
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  guint first_column = (guint) (column_fraction * (data->grid_x - 1));

  for (guint attempt = 0; attempt < data->grid_x; attempt++)
    {
      guint i = (first_column + attempt) % data->grid_x;

      for (guint j = 1; j < data->grid_y; j++)
        {
          double above = utilization[j * data->grid_x + i];
          double below = utilization[(j - 1) * data->grid_x + i];

          if ((below - level) * (above - level) <= 0 && below != above)
            {
              *grid_x = i;
              *grid_y = j - 1 + (level - below) / (above - below);
              return TRUE;
            }
        }
    }

  return FALSE;
}

static void
draw_map (Chart *chart)
{
  RingChartData *data = chart->data;
  const RingParams *p = &data->params;
  const double *bandwidth = _ring_chart_data_column (data, 1)->values;
  const double *utilization = _ring_chart_data_column (data, 2)->values;
  static const double contours[] = { 50, 80, 90 };
  g_autoptr(GArray) legend = legend_new ();
  g_autofree PLFLT **grid = NULL;
  g_autofree PLFLT *cells = NULL;
  g_autofree PLFLT *grid_xs = NULL;
  g_autofree PLFLT *grid_ys = NULL;
  g_autofree char *marker = NULL;
  g_autofree char *gpus_text = NULL;
  PLFLT levels[11];
  PLFLT positions[3] = { 0, 0.5, 1 };
  PLFLT reds[3], greens[3], blues[3];
  RingColor low, middle, high;
  PLcGrid cgrid;
  Panel panel = { 0 };
  double bar_mm, bar_gap_mm, x_max_world;
  guint nx = data->grid_x, ny = data->grid_y;

  legend_add (legend, LEGEND_LINE, COLOR_FOREGROUND, LINE_SOLID, 1.6,
              _("Utilization contours: 50 %, 80 %, 90 %"));
  legend_add (legend, LEGEND_MARKER, COLOR_ACCENT, LINE_SOLID, 1, _("Current configuration"));

  set_text_size (chart, 0.9);
  axis_log (&panel.y, AXIS_LOG10, FORMAT_GBPS, log10 (bandwidth[0]),
            log10 (bandwidth[data->n_rows - 1]), 8);
  bar_gap_mm = chart->text_mm * 1.6;
  bar_mm = chart->text_mm * 1.6 + text_width_mm ("100") + chart->text_mm * 3.2;
  set_text_size (chart, 1.0);

  draw_frame (chart, legend, &panel.y, bar_gap_mm + bar_mm, &panel);
  set_gpu_axis (chart, &panel.x, panel.xmax_mm - panel.xmin_mm);
  x_max_world = log2 (data->x_last);
  if (!panel_is_valid (&panel) || x_max_world <= 0)
    return;
  /* The grid spans exactly the axes. */
  panel.x.min = 0;
  panel.x.max = x_max_world;
  panel.y.min = log10 (bandwidth[0]);
  panel.y.max = log10 (bandwidth[data->n_rows - 1]);
  if (!panel_is_valid (&panel))
    return;

  /* A diverging map centred on 50 %, where communication starts to dominate. */
  low = chart->style->communication;
  middle = mix (chart->style->dim, chart->style->background, 0.25);
  high = chart->style->compute;
  reds[0] = low.red; greens[0] = low.green; blues[0] = low.blue;
  reds[1] = middle.red; greens[1] = middle.green; blues[1] = middle.blue;
  reds[2] = high.red; greens[2] = high.green; blues[2] = high.blue;
  plscmap1n (256);
  plscmap1l (TRUE, 3, positions, reds, greens, blues, NULL);

  cells = g_new (PLFLT, nx * ny);
  grid = g_new (PLFLT *, nx);
  grid_xs = g_new (PLFLT, nx);
  grid_ys = g_new (PLFLT, ny);
  for (guint i = 0; i < nx; i++)
    {
      grid[i] = cells + i * ny;
      grid_xs[i] = x_max_world * i / (nx - 1);
      for (guint j = 0; j < ny; j++)
        grid[i][j] = CLAMP (utilization[j * nx + i], 0, 100);
    }
  for (guint j = 0; j < ny; j++)
    grid_ys[j] = log10 (bandwidth[j * nx]);
  for (guint k = 0; k < G_N_ELEMENTS (levels); k++)
    levels[k] = 10.0 * k;

  use_panel (&panel);
  plwidth (1.0);
  /* PLplot's cairo driver strokes the edge of every shade polygon to hide antialiasing
   * seams, which costs most of the chart's time. A raster target without antialiasing
   * tiles the polygons exactly, so only vector files need the strokes. */
  if (!is_vector_target (chart->cr))
    cairo_set_antialias (chart->cr, CAIRO_ANTIALIAS_NONE);
  plshades ((PLFLT_MATRIX) grid, nx, ny, NULL, panel.x.min, panel.x.max,
            panel.y.min, panel.y.max, levels, G_N_ELEMENTS (levels), 1.0, 0, 0,
            plfill, TRUE, NULL, NULL);
  cairo_set_antialias (chart->cr, CAIRO_ANTIALIAS_DEFAULT);

  cgrid.xg = grid_xs;
  cgrid.yg = grid_ys;
  cgrid.zg = NULL;
  cgrid.nx = nx;
  cgrid.ny = ny;
  plcol0 (COLOR_FOREGROUND);
  plwidth (1.6);
  pl_setcontlabelparam (0.006, 0.3, 0.1, 0);
  plcont ((PLFLT_MATRIX) grid, nx, ny, 1, nx, 1, ny, contours, G_N_ELEMENTS (contours),
          pltr1, &cgrid);
  plwidth (1.0);

  /* Each contour labelled where it crosses the upper part of the map. */
  set_text_size (chart, 0.85);
  set_bold (TRUE);
  for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
    {
      double gx, gy;
      g_autofree char *text = NULL;

      if (!find_contour_label (data, contours[k], 0.42 + 0.14 * k, &gx, &gy))
        continue;
      text = g_strdup_printf ("%.0f %%", contours[k]);
      use_page (chart);
      {
        double x_mm = panel_x_mm (&panel, x_max_world * gx / (nx - 1));
        double y_mm = panel_y_mm (&panel, grid_ys[0] + (grid_ys[ny - 1] - grid_ys[0])
                                                       * gy / (ny - 1));
        double half_w = text_width_mm (text) / 2 + chart->text_mm * 0.3;
        double half_h = chart->text_mm * 0.6;
        PLFLT xs[4] = { x_mm - half_w, x_mm + half_w, x_mm + half_w, x_mm - half_w };
        PLFLT ys[4] = { y_mm - half_h, y_mm - half_h, y_mm + half_h, y_mm + half_h };

        plcol0 (COLOR_BACKGROUND);
        plfill (4, xs, ys);
        plcol0 (COLOR_FOREGROUND);
        page_text (x_mm, y_mm, 0.5, text);
      }
    }
  set_bold (FALSE);
  set_text_size (chart, 1.0);

  draw_axes (chart, &panel, TRUE, TRUE);
  draw_axis_titles (chart, &panel, _("GPUs in the ring (log scale)"),
                    _("Bandwidth per GPU (log scale)"));

  /* The colour bar, drawn as a panel of its own so its labels match the axes. */
  {
    Panel bar = { 0 };
    PLFLT bar_x[4], bar_y[4];

    bar.xmin_mm = panel.xmax_mm + bar_gap_mm;
    bar.xmax_mm = bar.xmin_mm + chart->text_mm * 1.6;
    bar.ymin_mm = panel.ymin_mm;
    bar.ymax_mm = panel.ymax_mm;
    axis_linear (&bar.x, 0, 1, 1);
    axis_linear (&bar.y, 0, 100, 5);
    use_panel (&bar);
    for (guint k = 0; k + 1 < G_N_ELEMENTS (levels); k++)
      {
        bar_x[0] = bar_x[3] = 0;
        bar_x[1] = bar_x[2] = 1;
        bar_y[0] = bar_y[1] = levels[k];
        bar_y[2] = bar_y[3] = levels[k + 1];
        plcol1 ((levels[k] + 5.0) / 100.0);
        plfill (4, bar_x, bar_y);
      }
    plcol0 (COLOR_FOREGROUND);
    for (guint k = 0; k < G_N_ELEMENTS (contours); k++)
      {
        PLFLT xs[2] = { 0, 1 };
        PLFLT ys[2] = { contours[k], contours[k] };

        plwidth (1.6);
        plline (2, xs, ys);
      }
    plwidth (1.0);
    set_text_size (chart, 0.9);
    plslabelfunc (label_cb, (PLPointer) &bar.y);
    plbox ("bc", 0, 0, "bcmtvo", bar.y.step, 1);
    plslabelfunc (NULL, NULL);
    set_text_size (chart, 1.0);
    plmtex ("r", text_width_mm ("100") / chart->text_mm + 1.6, 0.5, 0.5,
            _("GPU utilization (%)"));
  }

  gpus_text = format_gpus (p->gpus);
  marker = g_strdup_printf (_("%s, %g GB/s: %.1f %%"), gpus_text, p->bandwidth_gbps,
                            100 * data->result.utilization);
  panel.x.min = 0;
  draw_marker (chart, &panel, p->gpus, p->bandwidth_gbps, marker, FALSE);
}

/* Streams. */

static void
draw_chart (Chart *chart)
{
  switch (chart->data->kind)
    {
    case RING_CHART_UTILIZATION_VS_GPUS:
      draw_utilization (chart);
      break;
    case RING_CHART_STEP_TIME_VS_GPUS:
      draw_step_time (chart);
      break;
    case RING_CHART_BYTES_MOVED_VS_GPUS:
      draw_bytes_moved (chart);
      break;
    case RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE:
      draw_message_size (chart);
      break;
    case RING_CHART_THROUGHPUT_VS_GPUS:
      draw_throughput (chart);
      break;
    case RING_CHART_UTILIZATION_MAP:
      draw_map (chart);
      break;
    case RING_N_CHARTS:
    default:
      g_assert_not_reached ();
    }
}

void
ring_plot_draw (RingChartKind    kind,
                RingModel       *model,
                cairo_t         *cr,
                double           width,
                double           height,
                const RingStyle *style)
{
  g_autoptr(RingChartData) data = NULL;
  PLINT previous_stream, stream;
  Chart chart = { 0 };
  cairo_surface_t *measure_surface;
  double text_scale;

  g_return_if_fail (kind < RING_N_CHARTS);
  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  /* extcairo paints no background. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, style->background.red, style->background.green,
                         style->background.blue, style->background.alpha);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);

  if (!isfinite (width) || !isfinite (height) || width < MIN_WIDTH || height < MIN_HEIGHT
      || width > 32000 || height > 32000 || !ring_plot_is_available ())
    return;

  data = _ring_chart_data_new (kind, ring_model_get_params (model));

  /* Text grows a little with the canvas, so a large export stays legible when shrunk into
   * a document, but far less than the canvas does. */
  text_scale = CLAMP (sqrt (MIN (width / 800.0, height / 500.0)), 0.8, 1.6);
  chart.style = style;
  chart.cr = cr;
  chart.data = data;
  chart.width_mm = width / PX_PER_MM;
  chart.height_mm = height / PX_PER_MM;
  chart.text_mm = 3.5 * text_scale;
  chart.line_px = 2.0 * text_scale;
  chart.obstacles = g_array_new (FALSE, FALSE, sizeof (Segment));

  measure_surface = cairo_image_surface_create (CAIRO_FORMAT_A8, 1, 1);
  measure.cr = cairo_create (measure_surface);
  measure.bold = FALSE;

  cairo_save (cr);

  plgstrm (&previous_stream);
  plmkstrm (&stream);
  plsdev ("extcairo");
  plspage (0, 0, (PLINT) lround (width), (PLINT) lround (height), 0, 0);
  set_palette (style);
  plinit ();
  pl_cmd (PLESC_DEVINIT, cr);
  pladv (0);

  draw_chart (&chart);

  plend1 ();
  plsstrm (previous_stream);

  cairo_restore (cr);

  g_clear_pointer (&measure.cr, cairo_destroy);
  g_array_unref (chart.obstacles);
  cairo_surface_destroy (measure_surface);
}
