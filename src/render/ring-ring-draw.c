/* ring-ring-draw.c: one frame of the ring all-reduce animation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ring-ring-draw.h"
#include "ring-schedule.h"
#include "ring-units.h"

/* Text never gets smaller than this many pixels. */
#define MIN_TEXT_PX       12.0
/* Chunk hues are grouped into this many colours when there are many chunks, so a frame
 * costs a fixed number of fills. */
#define N_HUE_BINS        48
/* The aggregate ring is sampled at this many points, whatever N is. */
#define N_BAND_SEGMENTS   192
/* Below this many pixels between neighbours, GPU dots merge into a band. */
#define MIN_DOT_SPACING   5.0

/* U+2009 THIN SPACE: groups digits as "1 048 576" where the font has the glyph. */
#define THIN_SPACE        "\xe2\x80\x89"

typedef struct
{
  double x, y, width, height;
} Box;

typedef struct
{
  cairo_t         *cr;
  const RingStyle *style;
  RingFrame        frame;       /* normalised copy of the caller's frame */
  guint            n;           /* N */
  guint            n_steps;     /* 2 (N − 1) */
  guint            completed;   /* ring steps over, as the schedule counts them */
  gboolean         sending;     /* a ring step is under way: chunks are on the links */
  double           travel;      /* 0 … 1 along the links */
  const char      *family;
  const char      *separator;   /* digit groups */
  double           text_px;     /* legend, labels, subtitle */
  RingColor        card;        /* GPU node fill */
  RingColor        card_border;
  RingColor        slot;        /* a chunk not computed yet */
  RingColor        link;        /* ring links */
  RingColor        node;        /* a GPU dot before any reduction */
} Draw;

/* Colours */

static RingColor
mix (RingColor a,
     RingColor b,
     double    t)
{
  RingColor color;

  color.red = a.red + (b.red - a.red) * t;
  color.green = a.green + (b.green - a.green) * t;
  color.blue = a.blue + (b.blue - a.blue) * t;
  color.alpha = a.alpha + (b.alpha - a.alpha) * t;

  return color;
}

static void
set_color (cairo_t         *cr,
           const RingColor *color,
           double           alpha)
{
  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

static double
srgb_encode (double linear)
{
  linear = CLAMP (linear, 0.0, 1.0);
  if (linear <= 0.0031308)
    return 12.92 * linear;

  return 1.055 * pow (linear, 1.0 / 2.4) - 0.055;
}

/* Chunk c of N gets hue c / N of a circle in OKLCH, so neighbouring chunks differ equally
 * to the eye whatever their hue (Björn Ottosson, "A perceptual color space for image
 * processing", 2020: OKLab to linear sRGB). Lightness follows the style, so chunks read
 * on both the light and the dark background; chunk 0 is blue, like the accent. */
static RingColor
chunk_color (const Draw *draw,
             double      hue_fraction)
{
  double lightness = draw->style->dark ? 0.75 : 0.63;
  double chroma = draw->style->dark ? 0.125 : 0.145;
  double hue = 2 * G_PI * (hue_fraction + 0.71);
  double lab_a = chroma * cos (hue);
  double lab_b = chroma * sin (hue);
  double l_ = lightness + 0.3963377774 * lab_a + 0.2158037573 * lab_b;
  double m_ = lightness - 0.1055613458 * lab_a - 0.0638541728 * lab_b;
  double s_ = lightness - 0.0894841775 * lab_a - 1.2914855480 * lab_b;
  double l = l_ * l_ * l_;
  double m = m_ * m_ * m_;
  double s = s_ * s_ * s_;
  RingColor color;

  color.red = srgb_encode (4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s);
  color.green = srgb_encode (-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s);
  color.blue = srgb_encode (-0.0041960863 * l - 0.7034186147 * m + 1.7076147010 * s);
  color.alpha = 1.0;

  return color;
}

static double
chunk_hue (guint chunk,
           guint n)
{
  return (double) chunk / n;
}

/* Text, with cairo's toy API: a handful of short strings per frame. */

static void
use_font (Draw     *draw,
          double    size_px,
          gboolean  bold)
{
  cairo_select_font_face (draw->cr, draw->family, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (draw->cr, MAX (size_px, MIN_TEXT_PX));
}

static double
text_width (Draw       *draw,
            const char *text)
{
  cairo_text_extents_t extents;

  cairo_text_extents (draw->cr, text, &extents);

  return extents.x_advance;
}

/* @anchor: 0 puts @x at the text's left edge, 0.5 at its middle, 1 at its right edge. */
static void
show_text (Draw       *draw,
           const char *text,
           double      x,
           double      baseline,
           double      anchor)
{
  cairo_move_to (draw->cr, x - anchor * text_width (draw, text), baseline);
  cairo_show_text (draw->cr, text);
}

/* @text, shortened with an ellipsis until it is at most @max_width wide; NULL if not even
 * the ellipsis fits. */
static char *
fit_text (Draw       *draw,
          const char *text,
          double      max_width)
{
  g_autoptr(GString) shortened = NULL;

  if (text_width (draw, text) <= max_width)
    return g_strdup (text);

  shortened = g_string_new (text);
  while (shortened->len > 0)
    {
      const char *end = g_utf8_find_prev_char (shortened->str,
                                               shortened->str + shortened->len);
      g_autofree char *candidate = NULL;

      g_string_truncate (shortened, end != NULL ? (gsize) (end - shortened->str) : 0);
      while (shortened->len > 0 && shortened->str[shortened->len - 1] == ' ')
        g_string_truncate (shortened, shortened->len - 1);

      candidate = g_strconcat (shortened->str, "…", NULL);
      if (text_width (draw, candidate) <= max_width)
        return g_steal_pointer (&candidate);
    }

  return NULL;
}

static const char *
choose_separator (Draw *draw)
{
  cairo_glyph_t *glyphs = NULL;
  int n_glyphs = 0;
  gboolean has_thin_space;

  use_font (draw, 13, FALSE);
  has_thin_space =
    cairo_scaled_font_text_to_glyphs (cairo_get_scaled_font (draw->cr), 0, 0, THIN_SPACE, -1,
                                      &glyphs, &n_glyphs, NULL, NULL, NULL) == CAIRO_STATUS_SUCCESS
    && n_glyphs == 1 && glyphs[0].index != 0;
  cairo_glyph_free (glyphs);

  return has_thin_space ? THIN_SPACE : " ";
}

/* "1024", "65 536", "1 048 576": SI style, so four digits stay together. */
static char *
format_count (guint64     value,
              const char *separator)
{
  char digits[32];
  GString *text;
  gsize len;

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);
  len = strlen (digits);
  if (len <= 4)
    return g_strdup (digits);

  text = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (text, separator);
      g_string_append_c (text, digits[i]);
    }

  return g_string_free (text, FALSE);
}

static char *
format_gpus (guint       n,
             const char *separator)
{
  g_autofree char *count = format_count (n, separator);

  /* Translators: the number of GPUs in the ring, e.g. "8 GPUs" or "1 048 576 GPUs". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s GPU", "%s GPUs", n), count);
}

/* Frames */

void
ring_frame_init (RingFrame *frame,
                 guint      n_gpus)
{
  g_return_if_fail (frame != NULL);

  *frame = (RingFrame) {
    .n_gpus = MAX (n_gpus, 1),
    .phase = RING_FRAME_IDLE,
  };
}

/* A frame the drawing can trust: N ≥ 1, a ring step that exists, progress in 0 … 1. */
static RingFrame
normalize_frame (const RingFrame *frame)
{
  RingFrame normal = *frame;
  guint n_steps;

  normal.n_gpus = MAX (normal.n_gpus, 1);
  n_steps = ring_schedule_n_steps (normal.n_gpus);

  if (!(normal.progress >= 0))
    normal.progress = 0;
  normal.progress = MIN (normal.progress, 1.0);

  if (normal.phase == RING_FRAME_RING_STEP && normal.step >= n_steps)
    normal.phase = RING_FRAME_DONE;
  if (normal.phase != RING_FRAME_RING_STEP)
    normal.step = 0;

  if (!(normal.compute_time_s >= 0) || !isfinite (normal.compute_time_s))
    normal.compute_time_s = 0;
  if (!(normal.allreduce_time_s >= 0) || !isfinite (normal.allreduce_time_s))
    normal.allreduce_time_s = 0;

  return normal;
}

guint
ring_frame_get_completed_steps (const RingFrame *frame)
{
  RingFrame normal;

  g_return_val_if_fail (frame != NULL, 0);

  normal = normalize_frame (frame);
  switch (normal.phase)
    {
    case RING_FRAME_RING_STEP:
      return normal.step;
    case RING_FRAME_DONE:
      return ring_schedule_n_steps (normal.n_gpus);
    case RING_FRAME_IDLE:
    case RING_FRAME_COMPUTE:
    default:
      return 0;
    }
}

static char *
dup_phase_label (const RingFrame *normal,
                 const char      *separator)
{
  guint n = normal->n_gpus;

  switch (normal->phase)
    {
    case RING_FRAME_IDLE:
      /* Translators: the animation before a training step starts. */
      return g_strdup (_("Ready"));

    case RING_FRAME_COMPUTE:
      /* Translators: the phase where each GPU computes its own gradient. */
      return g_strdup (_("Compute"));

    case RING_FRAME_RING_STEP:
      {
        g_autofree char *step = NULL;
        g_autofree char *total = NULL;

        step = format_count (ring_schedule_phase_step (n, normal->step) + 1, separator);
        total = format_count (n - 1, separator);

        if (ring_schedule_step_phase (n, normal->step) == RING_PHASE_SCATTER_REDUCE)
          /* Translators: a phase of ring all-reduce and its step, e.g. "Scatter-reduce 3 / 7". */
          return g_strdup_printf (_("Scatter-reduce %s / %s"), step, total);
        else
          /* Translators: a phase of ring all-reduce and its step, e.g. "All-gather 5 / 7". */
          return g_strdup_printf (_("All-gather %s / %s"), step, total);
      }

    case RING_FRAME_DONE:
    default:
      return g_strdup (_("Averaged gradient ready"));
    }
}

char *
ring_frame_dup_phase_label (const RingFrame *frame)
{
  RingFrame normal;

  g_return_val_if_fail (frame != NULL, NULL);

  normal = normalize_frame (frame);

  return dup_phase_label (&normal, THIN_SPACE);
}

static char *
dup_phase_explanation (const Draw *draw)
{
  switch (draw->frame.phase)
    {
    case RING_FRAME_IDLE:
      if (draw->n == 1)
        return g_strdup (_("One GPU computes the whole gradient by itself"));
      return g_strdup (_("Each GPU will compute a gradient; the ring then averages them"));

    case RING_FRAME_COMPUTE:
      return g_strdup (_("Each GPU runs the forward and backward pass on its own micro-batch"));

    case RING_FRAME_RING_STEP:
      if (ring_schedule_step_phase (draw->n, draw->frame.step) == RING_PHASE_SCATTER_REDUCE)
        return g_strdup (_("Each GPU sends one chunk to the next GPU, which adds it to its own"));
      return g_strdup (_("Each GPU passes a reduced chunk on; the next GPU stores it"));

    case RING_FRAME_DONE:
    default:
      if (draw->n == 1)
        return g_strdup (_("A single GPU needs no communication"));
      else
        {
          g_autofree char *count = format_count (draw->n, draw->separator);

          /* Translators: %s is the number of chunks, the same as the number of GPUs. */
          return g_strdup_printf (_("Every GPU now holds all %s reduced chunks"), count);
        }
    }
}

/* Shapes */

static void
rounded_rect (cairo_t *cr,
              double   x,
              double   y,
              double   width,
              double   height,
              double   radius)
{
  radius = MIN (radius, MIN (width, height) / 2);
  if (radius < 0.5)
    {
      cairo_rectangle (cr, x, y, width, height);
      return;
    }

  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The bottom @level (0 … 1) of a rounded cell, flat on top. */
static void
cell_level (cairo_t *cr,
            double   x,
            double   y,
            double   size,
            double   radius,
            double   level)
{
  double fill_height = size * CLAMP (level, 0.0, 1.0);
  double top = y + size - fill_height;
  double r;

  if (level >= 0.999 || radius < 0.5)
    {
      rounded_rect (cr, x, top, size, fill_height, level >= 0.999 ? radius : 0);
      return;
    }

  r = MIN (radius, fill_height);
  cairo_new_sub_path (cr);
  cairo_move_to (cr, x, top);
  cairo_line_to (cr, x + size, top);
  cairo_arc (cr, x + size - r, y + size - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + size - r, r, G_PI / 2, G_PI);
  cairo_close_path (cr);
}

static void
check_mark (cairo_t *cr,
            double   x,
            double   y,
            double   size)
{
  cairo_move_to (cr, x + 0.25 * size, y + 0.53 * size);
  cairo_line_to (cr, x + 0.43 * size, y + 0.71 * size);
  cairo_line_to (cr, x + 0.76 * size, y + 0.31 * size);
}

/* A chevron pointing along @angle + π/2 (the ring's direction) with its tip at (x, y). */
static void
chevron (cairo_t *cr,
         double   x,
         double   y,
         double   angle,
         double   size)
{
  double tx = -sin (angle), ty = cos (angle);
  double nx = cos (angle), ny = sin (angle);

  cairo_move_to (cr, x - size * tx + 0.65 * size * nx, y - size * ty + 0.65 * size * ny);
  cairo_line_to (cr, x, y);
  cairo_line_to (cr, x - size * tx - 0.65 * size * nx, y - size * ty - 0.65 * size * ny);
}

static double
node_angle (guint gpu,
            guint n)
{
  /* GPU 0 at the top; the ring runs clockwise, as GPU i sends to GPU i + 1. */
  return -G_PI / 2 + 2 * G_PI * gpu / n;
}

/* How much of the averaged gradient each GPU holds, 0 (its own only) … 1 (all reduced).
 * The ring is symmetric, so every GPU holds the same amount; count GPU 0's chunks, exactly
 * up to RING_DRAW_MAX_NODE_GPUS and from evenly spaced samples beyond. */
static double
reduced_fraction (const Draw *draw)
{
  guint n = draw->n;
  guint samples = MIN (n, RING_DRAW_MAX_NODE_GPUS);
  double held = 0;

  if (n == 1)
    return 1;

  for (guint j = 0; j < samples; j++)
    {
      guint chunk = (guint) ((guint64) j * n / samples);

      held += ring_schedule_contributions (n, draw->completed, 0, chunk);
    }

  return CLAMP ((held / samples - 1) / (n - 1), 0.0, 1.0);
}

/* The colour of a GPU dot or of the GPU band. */
static RingColor
node_state_color (const Draw *draw)
{
  switch (draw->frame.phase)
    {
    case RING_FRAME_COMPUTE:
      return mix (draw->node, draw->style->compute, 0.3 + 0.7 * draw->frame.progress);
    case RING_FRAME_RING_STEP:
      return mix (draw->node, draw->style->accent, 0.2 + 0.8 * reduced_fraction (draw));
    case RING_FRAME_DONE:
      return draw->style->accent;
    case RING_FRAME_IDLE:
    default:
      return draw->node;
    }
}

/* Layout of the whole frame */

typedef struct
{
  double   pad;
  double   title_px;
  double   title_baseline;
  double   subtitle_baseline;
  Box      ring;
  gboolean show_timeline;
  Box      timeline;
  Box      legend;
  guint    legend_lines;
} Layout;

typedef enum
{
  LEGEND_GPU_NODE,
  LEGEND_REDUCED_CHUNK,
  LEGEND_IN_FLIGHT_CHUNK,
  N_LEGEND_ITEMS,
} LegendItem;

#define LEGEND_SWATCH_WIDTH 18.0
#define LEGEND_SWATCH_GAP    7.0
#define LEGEND_ITEM_GAP     22.0

static const char *
legend_text (LegendItem item)
{
  switch (item)
    {
    case LEGEND_GPU_NODE:
      return _("GPU node");
    case LEGEND_REDUCED_CHUNK:
      return _("Reduced gradient chunk");
    case LEGEND_IN_FLIGHT_CHUNK:
      return _("In-flight chunk (ring link)");
    case N_LEGEND_ITEMS:
    default:
      g_return_val_if_reached ("");
    }
}

/* Flows the legend items into lines of at most @max_width; fills each item's line and its
 * x offset inside the line, and each line's width. Returns the number of lines. */
static guint
legend_flow (Draw   *draw,
             double  max_width,
             guint   lines[N_LEGEND_ITEMS],
             double  offsets[N_LEGEND_ITEMS],
             double  line_widths[N_LEGEND_ITEMS])
{
  guint line = 0;
  double x = 0;

  use_font (draw, draw->text_px, FALSE);
  for (guint item = 0; item < N_LEGEND_ITEMS; item++)
    {
      double width = LEGEND_SWATCH_WIDTH + LEGEND_SWATCH_GAP
                     + text_width (draw, legend_text (item));

      if (x > 0 && x + LEGEND_ITEM_GAP + width > max_width)
        {
          line++;
          x = 0;
        }
      if (x > 0)
        x += LEGEND_ITEM_GAP;

      lines[item] = line;
      offsets[item] = x;
      x += width;
      line_widths[line] = x;
    }

  return line + 1;
}

static double
legend_line_height (const Draw *draw)
{
  return round (draw->text_px * 1.75);
}

static double
timeline_height (const Draw *draw)
{
  return 8 + 8 + draw->text_px * 1.2;
}

static void
compute_layout (Draw   *draw,
                Layout *layout,
                double  width,
                double  height)
{
  guint lines[N_LEGEND_ITEMS];
  double offsets[N_LEGEND_ITEMS], line_widths[N_LEGEND_ITEMS];
  double header_bottom, bottom;

  layout->pad = round (CLAMP (MIN (width, height) * 0.03, 12, 24));
  layout->title_px = width >= 560 ? 18 : 15;
  layout->title_baseline = layout->pad + round (layout->title_px * 0.95);
  layout->subtitle_baseline = layout->title_baseline + round (draw->text_px * 1.6);
  header_bottom = layout->subtitle_baseline + draw->text_px * 0.4;

  layout->legend_lines = legend_flow (draw, width - 2 * layout->pad, lines, offsets,
                                      line_widths);
  layout->legend.height = layout->legend_lines * legend_line_height (draw);
  layout->legend.x = layout->pad;
  layout->legend.width = width - 2 * layout->pad;
  layout->legend.y = height - layout->pad - layout->legend.height;
  bottom = layout->legend.y - 8;

  /* The timeline only when the model's times are known and the ring keeps its room. */
  layout->show_timeline = (draw->frame.compute_time_s > 0 || draw->frame.allreduce_time_s > 0)
                          && bottom - timeline_height (draw) - 12 - header_bottom >= 200;
  if (layout->show_timeline)
    {
      layout->timeline.width = MIN (width - 2 * layout->pad, 560);
      layout->timeline.x = round ((width - layout->timeline.width) / 2);
      layout->timeline.height = timeline_height (draw);
      layout->timeline.y = bottom - layout->timeline.height;
      bottom = layout->timeline.y - 6;
    }

  layout->ring.x = layout->pad;
  layout->ring.y = header_bottom + 10;
  layout->ring.width = width - 2 * layout->pad;
  layout->ring.height = bottom - layout->ring.y;
}

/* Header: the phase and what happens in it */

static void
draw_header (Draw         *draw,
             const Layout *layout,
             double        width)
{
  g_autofree char *title = dup_phase_label (&draw->frame, draw->separator);
  g_autofree char *explanation = dup_phase_explanation (draw);
  g_autofree char *fitted_title = NULL;
  g_autofree char *fitted_explanation = NULL;
  double max_width = width - 2 * layout->pad;

  use_font (draw, layout->title_px, TRUE);
  fitted_title = fit_text (draw, title, max_width);
  if (fitted_title != NULL)
    {
      set_color (draw->cr, &draw->style->foreground, 1.0);
      show_text (draw, fitted_title, layout->pad, layout->title_baseline, 0);
    }

  use_font (draw, draw->text_px, FALSE);
  fitted_explanation = fit_text (draw, explanation, max_width);
  if (fitted_explanation != NULL)
    {
      set_color (draw->cr, &draw->style->foreground, 0.7);
      show_text (draw, fitted_explanation, layout->pad, layout->subtitle_baseline, 0);
    }
}

/* The number of GPUs and what each one sends, in the middle of the ring when it fits in a
 * circle of @radius. */
static void
draw_centre_caption (Draw   *draw,
                     double  cx,
                     double  cy,
                     double  radius)
{
  g_autofree char *gpus = format_gpus (draw->n, draw->separator);
  g_autofree char *sends = NULL;
  g_autofree char *count = NULL;
  double headline_px = CLAMP (radius * 0.16, 15, 24);
  double gap = draw->text_px * 1.5;
  double max_width = 2 * radius * 0.8;
  gboolean two_lines;

  if (radius < 40)
    return;

  count = format_count (draw->n_steps, draw->separator);
  /* Translators: below "8 GPUs" in the middle of the ring; %s is 2 (N − 1). */
  sends = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "each sends %s chunk",
                                        "each sends %s chunks", draw->n_steps), count);

  use_font (draw, draw->text_px, FALSE);
  two_lines = draw->n > 1 && text_width (draw, sends) <= max_width && radius >= 60;
  use_font (draw, headline_px, TRUE);
  if (text_width (draw, gpus) > max_width)
    return;

  set_color (draw->cr, &draw->style->foreground, 1.0);
  show_text (draw, gpus, cx, cy + headline_px * 0.35 - (two_lines ? gap / 2 : 0), 0.5);

  if (two_lines)
    {
      use_font (draw, draw->text_px, FALSE);
      set_color (draw->cr, &draw->style->foreground, 0.7);
      show_text (draw, sends, cx, cy + headline_px * 0.35 + gap / 2 + 2, 0.5);
    }
}

/* Chunk cells, shared by the GPU nodes, the in-flight chunks and the legend */

/* Cells too small to show round corners are square: a thousand of them fill faster. */
static double
cell_radius (double size)
{
  return size >= 12 ? size * 0.22 : 0;
}

/* One chunk holding @contributions of @n GPUs' gradients: a pale cell filled from the
 * bottom to contributions / n, with a check mark once it is @reduced. @alpha fades it in
 * while it is computed. */
static void
draw_cell (Draw            *draw,
           const RingColor *hue,
           double           x,
           double           y,
           double           size,
           guint            contributions,
           guint            n,
           gboolean         reduced,
           double           alpha)
{
  cairo_t *cr = draw->cr;
  RingColor pale = mix (draw->card, *hue, draw->style->dark ? 0.32 : 0.24);

  rounded_rect (cr, x, y, size, size, cell_radius (size));
  set_color (cr, &pale, alpha);
  cairo_fill (cr);

  cell_level (cr, x, y, size, cell_radius (size), (double) contributions / n);
  set_color (cr, hue, alpha);
  cairo_fill (cr);

  if (reduced && size >= 8)
    {
      check_mark (cr, x, y, size);
      cairo_set_line_width (cr, MAX (1.3, size * 0.13));
      set_color (cr, &draw->style->background, alpha);
      cairo_stroke (cr);
    }
}

/* Tier 1, N ≤ RING_DRAW_MAX_CHUNK_GPUS: every chunk of every GPU */

typedef struct
{
  gboolean radial;        /* cards point out from the centre instead of standing upright */
  guint    cols, rows;
  double   cell, gap, pad, corner;
  double   card_width;    /* along the card's own x axis (the ring's tangent when radial) */
  double   card_height;   /* along its own y axis (towards the centre when radial) */
  double   radius;
  double   cx, cy;
  double   label_px;
  gboolean long_labels;   /* "GPU 3" rather than "3" */
  double   label_width, label_height;
  double   in_flight_size;  /* an in-flight chunk, a little larger than a cell */
  double   clearance;       /* how far links keep from the cards */
} ChunkRing;

static double
card_rotation (const ChunkRing *ring,
               guint            gpu,
               guint            n)
{
  return ring->radial ? node_angle (gpu, n) + G_PI / 2 : 0;
}

/* The angle the ring travels from a card's centre before it is ring->clearance away from
 * the card, forwards (@direction 1) or backwards (-1). A radial card is narrow across the
 * ring; an upright card is a box the ring's circle crosses at one of its four edges, found
 * exactly, since the circle bends away from its tangent under a wide card. */
static double
card_exit_angle (const ChunkRing *ring,
                 guint            gpu,
                 guint            n,
                 double           direction)
{
  double angle = node_angle (gpu, n);
  double half_width = ring->card_width / 2 + ring->clearance;
  double half_height = ring->card_height / 2 + ring->clearance;
  double cos_angle = cos (angle), sin_angle = sin (angle);
  double exit = G_PI;

  if (ring->radial)
    return half_width / ring->radius;

  for (guint edge = 0; edge < 4; edge++)
    {
      double side = edge % 2 == 0 ? 1 : -1;
      gboolean vertical = edge < 2;
      double target = vertical ? cos_angle + side * half_width / ring->radius
                               : sin_angle + side * half_height / ring->radius;
      double crossings[2];

      if (fabs (target) > 1)
        continue;
      if (vertical)
        {
          crossings[0] = acos (target);
          crossings[1] = -crossings[0];
        }
      else
        {
          crossings[0] = asin (target);
          crossings[1] = G_PI - crossings[0];
        }

      for (guint i = 0; i < 2; i++)
        {
          double delta = fmod (direction * (crossings[i] - angle), 2 * G_PI);
          /* The crossing must lie on the edge itself, not on its extension. */
          double along = vertical ? fabs (sin (crossings[i]) - sin_angle) * ring->radius
                                  : fabs (cos (crossings[i]) - cos_angle) * ring->radius;

          if (delta < 0)
            delta += 2 * G_PI;
          if (delta > 1e-9 && delta < exit
              && along <= (vertical ? half_height : half_width) + 1e-6)
            exit = delta;
        }
    }

  return exit;
}

/* How far from its centre a card reaches along the direction (ux, uy). */
static double
card_extent (const ChunkRing *ring,
             double           ux,
             double           uy)
{
  if (ring->radial)
    return ring->card_height / 2;

  return ring->card_width / 2 * fabs (ux) + ring->card_height / 2 * fabs (uy);
}

static gboolean
chunk_ring_try (ChunkRing  *ring,
                const Box  *box,
                guint       n,
                gboolean    radial,
                guint       cols,
                double      cell)
{
  double half = MIN (box->width, box->height) / 2;
  double step_angle = 2 * G_PI / n;
  double label_gap = 6;
  double shortest_link = G_MAXDOUBLE;

  ring->radial = radial;
  ring->cols = cols;
  ring->rows = (n + cols - 1) / cols;
  ring->cell = cell;
  ring->gap = MAX (1.0, round (cell * 0.2));
  ring->pad = MAX (3.0, round (cell * 0.45));
  ring->corner = MIN (10.0, ring->pad + cell_radius (cell));
  ring->card_width = cols * cell + (cols - 1) * ring->gap + 2 * ring->pad;
  ring->card_height = ring->rows * cell + (ring->rows - 1) * ring->gap + 2 * ring->pad;
  ring->in_flight_size = MAX (6.0, round (cell * 1.15));
  ring->clearance = ring->in_flight_size / 2 + 3;
  ring->cx = box->x + box->width / 2;
  ring->cy = box->y + box->height / 2;

  if (radial)
    {
      double inner;

      ring->radius = half - ring->card_height / 2 - label_gap
                     - MAX (ring->label_width, ring->label_height);
      inner = ring->radius - ring->card_height / 2;
      /* Leave the middle readable, and keep the cards' inner ends apart. */
      if (inner < half * 0.3 || 2 * inner * sin (step_angle / 2) < ring->card_width + 3)
        return FALSE;
      shortest_link = ring->radius * (step_angle - 2 * card_exit_angle (ring, 0, n, 1));
    }
  else
    {
      /* The largest radius that keeps every card and its label inside the box: both
       * move outwards along their direction as the radius grows. */
      ring->radius = G_MAXDOUBLE;
      for (guint gpu = 0; gpu < n; gpu++)
        {
          double angle = node_angle (gpu, n);
          double ux = fabs (cos (angle)), uy = fabs (sin (angle));
          double label_offset = card_extent (ring, ux, uy) + label_gap
                                + ring->label_width / 2 * ux + ring->label_height / 2 * uy;

          if (ux > 1e-9)
            ring->radius = MIN (ring->radius,
                                MIN ((box->width / 2 - ring->card_width / 2) / ux,
                                     (box->width / 2 - ring->label_width / 2) / ux
                                     - label_offset));
          if (uy > 1e-9)
            ring->radius = MIN (ring->radius,
                                MIN ((box->height / 2 - ring->card_height / 2) / uy,
                                     (box->height / 2 - ring->label_height / 2 - 3) / uy
                                     - label_offset));
        }
      if (n > 2 && ring->radius - MAX (ring->card_width, ring->card_height) / 2 < half * 0.2)
        return FALSE;
      for (guint gpu = 0; gpu < n; gpu++)
        {
          double link = ring->radius * (step_angle - card_exit_angle (ring, gpu, n, 1)
                                        - card_exit_angle (ring, (gpu + 1) % n, n, -1));

          shortest_link = MIN (shortest_link, link);
        }
    }

  /* Room for an in-flight chunk to be seen travelling. */
  return ring->radius > 0 && shortest_link >= 2 * ring->in_flight_size + 8;
}

static gboolean
chunk_ring_layout (Draw      *draw,
                   ChunkRing *ring,
                   const Box *box,
                   guint      n)
{
  double largest_cell = n <= 2 ? 30 : n <= 4 ? 26 : n <= 8 ? 22 : n <= 16 ? 16 : 12;
  ChunkRing candidate = { 0 };
  double best_merit = -G_MAXDOUBLE, best_score = G_MAXDOUBLE;
  g_autofree char *widest_label = NULL;

  candidate.long_labels = n <= 12;
  candidate.label_px = n <= 12 ? draw->text_px : MIN_TEXT_PX;
  widest_label = candidate.long_labels ? g_strdup_printf (_("GPU %u"), n - 1)
                                       : g_strdup_printf ("%u", n - 1);
  use_font (draw, candidate.label_px, FALSE);
  candidate.label_width = text_width (draw, widest_label);
  candidate.label_height = candidate.label_px * 0.75;

  /* Each arrangement (upright or radial, so many columns) gets the largest cell that fits,
   * in half pixels, by bisection: smaller cells only ever make more room. The largest
   * cell wins, with a handicap for a grid with empty places; the shape closest to a
   * pleasant card breaks ties. */
  for (guint radial = 0; radial <= 1; radial++)
    {
      guint max_cols = radial ? MIN (n, 4) : n;

      /* Small rings stand their cards upright; crowded ones point them outwards. */
      if ((radial && n < 10) || (!radial && n > 16))
        continue;

      for (guint cols = 1; cols <= max_cols; cols++)
        {
          guint rows = (n + cols - 1) / cols;
          double fits = 4, too_big = largest_cell + 0.5;
          double aspect, score, merit;

          /* A column too many leaves a whole column empty. */
          if (cols > 1 && (cols - 1) * rows >= n)
            continue;
          if (!chunk_ring_try (&candidate, box, n, radial, cols, fits))
            continue;
          while (too_big - fits > 0.5)
            {
              double middle = floor ((fits + too_big) / 2 * 2) / 2;

              if (middle <= fits)
                middle = fits + 0.5;
              if (chunk_ring_try (&candidate, box, n, radial, cols, middle))
                fits = middle;
              else
                too_big = middle;
            }
          chunk_ring_try (&candidate, box, n, radial, cols, fits);

          aspect = radial ? candidate.card_height / candidate.card_width
                          : candidate.card_width / candidate.card_height;
          score = fabs (log (aspect / (radial ? 3.0 : 1.6)))
                  + 0.5 * (double) (cols * rows - n) / n + (radial ? 0.3 : 0);
          merit = fits - (cols * rows > n ? 1.5 : 0);
          if (merit > best_merit || (merit == best_merit && score < best_score))
            {
              best_merit = merit;
              best_score = score;
              *ring = candidate;
            }
        }
    }

  return best_merit > -G_MAXDOUBLE;
}

/* The chunk cell @chunk of a card, in the card's own coordinates. */
static void
card_cell_origin (const ChunkRing *ring,
                  guint            chunk,
                  double          *x,
                  double          *y)
{
  guint col = chunk % ring->cols;
  guint row = chunk / ring->cols;

  *x = -ring->card_width / 2 + ring->pad + col * (ring->cell + ring->gap);
  *y = -ring->card_height / 2 + ring->pad + row * (ring->cell + ring->gap);
}

static void
card_transform (cairo_t         *cr,
                const ChunkRing *ring,
                guint            gpu,
                guint            n)
{
  double angle = node_angle (gpu, n);

  cairo_translate (cr, ring->cx + ring->radius * cos (angle),
                   ring->cy + ring->radius * sin (angle));
  cairo_rotate (cr, card_rotation (ring, gpu, n));
}

/* The part of link @gpu → @gpu + 1 between the two cards, as angles on the ring. */
static void
link_angles (const ChunkRing *ring,
             guint            gpu,
             guint            n,
             double          *start,
             double          *end)
{
  *start = node_angle (gpu, n) + card_exit_angle (ring, gpu, n, 1);
  *end = node_angle (gpu, n) + 2 * G_PI / n - card_exit_angle (ring, (gpu + 1) % n, n, -1);
}

/* How many GPUs' contributions @gpu holds in @chunk at this frame; 0 while not computed. */
static guint
chunk_contributions (const Draw *draw,
                     guint       gpu,
                     guint       chunk)
{
  switch (draw->frame.phase)
    {
    case RING_FRAME_IDLE:
      return 0;
    case RING_FRAME_COMPUTE:
      return draw->frame.progress * draw->n > chunk ? 1 : 0;
    case RING_FRAME_RING_STEP:
    case RING_FRAME_DONE:
    default:
      return ring_schedule_contributions (draw->n, draw->completed, gpu, chunk);
    }
}

static void
draw_chunk_ring (Draw            *draw,
                 const ChunkRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  double in_flight_size = ring->in_flight_size;
  RingColor hues[RING_DRAW_MAX_CHUNK_GPUS];

  for (guint chunk = 0; chunk < n; chunk++)
    hues[chunk] = chunk_color (draw, chunk_hue (chunk, n));

  /* Ring links, with an arrow at the receiving end. */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, ring->cell >= 10 ? 2.0 : 1.5);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      double start, end;

      link_angles (ring, gpu, n, &start, &end);
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring->cx, ring->cy, ring->radius, start, end);
      chevron (cr, ring->cx + ring->radius * cos (end), ring->cy + ring->radius * sin (end),
               end, MAX (4.0, ring->cell * 0.4));
    }
  set_color (cr, &draw->link, draw->sending ? 1.0 : 0.6);
  cairo_stroke (cr);

  /* The stretch an in-flight chunk has covered lights up in its colour. */
  if (draw->sending)
    {
      cairo_set_line_width (cr, ring->cell >= 10 ? 3.0 : 2.0);
      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);
          double start, end;

          link_angles (ring, gpu, n, &start, &end);
          if (draw->travel <= 0)
            continue;
          cairo_arc (cr, ring->cx, ring->cy, ring->radius, start,
                     start + draw->travel * (end - start));
          set_color (cr, &hues[chunk], 0.9);
          cairo_stroke (cr);
        }
    }

  /* GPU nodes. */
  for (guint gpu = 0; gpu < n; gpu++)
    {
      cairo_save (cr);
      card_transform (cr, ring, gpu, n);
      rounded_rect (cr, -ring->card_width / 2, -ring->card_height / 2, ring->card_width,
                    ring->card_height, ring->corner);
      cairo_restore (cr);
    }
  set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  if (draw->frame.phase == RING_FRAME_COMPUTE)
    {
      cairo_set_line_width (cr, 2.0);
      set_color (cr, &draw->style->compute, 0.9);
    }
  else
    {
      cairo_set_line_width (cr, 1.0);
      set_color (cr, &draw->card_border, 1.0);
    }
  cairo_stroke (cr);

  /* Gradient chunks, one fill per chunk colour: the pale cells, then their levels. */
  for (guint chunk = 0; chunk < n; chunk++)
    {
      RingColor pale = mix (draw->card, hues[chunk], draw->style->dark ? 0.32 : 0.24);
      double x, y, alpha = 1.0;
      gboolean any = FALSE;

      if (draw->frame.phase == RING_FRAME_COMPUTE)
        alpha = CLAMP (draw->frame.progress * n - chunk, 0.0, 1.0);

      card_cell_origin (ring, chunk, &x, &y);
      for (guint gpu = 0; gpu < n; gpu++)
        {
          if (chunk_contributions (draw, gpu, chunk) == 0)
            continue;
          cairo_save (cr);
          card_transform (cr, ring, gpu, n);
          rounded_rect (cr, x, y, ring->cell, ring->cell, cell_radius (ring->cell));
          cairo_restore (cr);
          any = TRUE;
        }
      if (!any)
        continue;
      set_color (cr, &pale, alpha);
      cairo_fill (cr);

      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint contributions = chunk_contributions (draw, gpu, chunk);

          if (contributions == 0)
            continue;
          cairo_save (cr);
          card_transform (cr, ring, gpu, n);
          cell_level (cr, x, y, ring->cell, cell_radius (ring->cell), (double) contributions / n);
          cairo_restore (cr);
        }
      set_color (cr, &hues[chunk], alpha);
      cairo_fill (cr);
    }

  /* Empty slots, and the check marks of fully reduced chunks. */
  for (guint gpu = 0; gpu < n; gpu++)
    for (guint chunk = 0; chunk < n; chunk++)
      {
        double x, y;

        if (chunk_contributions (draw, gpu, chunk) != 0)
          continue;
        card_cell_origin (ring, chunk, &x, &y);
        cairo_save (cr);
        card_transform (cr, ring, gpu, n);
        rounded_rect (cr, x + 0.5, y + 0.5, ring->cell - 1, ring->cell - 1,
                      cell_radius (ring->cell));
        cairo_restore (cr);
      }
  set_color (cr, &draw->slot, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  if (ring->cell >= 8)
    {
      for (guint gpu = 0; gpu < n; gpu++)
        for (guint chunk = 0; chunk < n; chunk++)
          {
            double x, y;

            if (chunk_contributions (draw, gpu, chunk) != n)
              continue;
            card_cell_origin (ring, chunk, &x, &y);
            cairo_save (cr);
            card_transform (cr, ring, gpu, n);
            check_mark (cr, x, y, ring->cell);
            cairo_restore (cr);
          }
      cairo_set_line_width (cr, MAX (1.3, ring->cell * 0.13));
      set_color (cr, &draw->style->background, 1.0);
      cairo_stroke (cr);
    }

  /* In-flight chunks, carrying what the sender holds before the step. */
  if (draw->sending)
    for (guint gpu = 0; gpu < n; gpu++)
      {
        guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);
        guint carried = ring_schedule_contributions (n, draw->frame.step, gpu, chunk);
        double start, end, angle;

        link_angles (ring, gpu, n, &start, &end);
        angle = start + draw->travel * (end - start);

        cairo_save (cr);
        cairo_translate (cr, ring->cx + ring->radius * cos (angle),
                         ring->cy + ring->radius * sin (angle));
        if (ring->radial)
          cairo_rotate (cr, angle + G_PI / 2);
        rounded_rect (cr, -in_flight_size / 2 - 2, -in_flight_size / 2 - 2, in_flight_size + 4,
                      in_flight_size + 4, cell_radius (in_flight_size) + 2);
        set_color (cr, &draw->style->background, 1.0);
        cairo_fill (cr);
        draw_cell (draw, &hues[chunk], -in_flight_size / 2, -in_flight_size / 2, in_flight_size,
                   carried, n, carried == n, 1.0);
        cairo_restore (cr);
      }

  /* GPU numbers outside the cards. */
  use_font (draw, ring->label_px, FALSE);
  set_color (cr, &draw->style->foreground, 0.7);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      g_autofree char *label = ring->long_labels ? g_strdup_printf (_("GPU %u"), gpu)
                                                 : g_strdup_printf ("%u", gpu);
      double angle = node_angle (gpu, n);
      double ux = cos (angle), uy = sin (angle);
      double label_width = text_width (draw, label);
      double reach = ring->radius + card_extent (ring, ux, uy) + 6
                     + label_width / 2 * fabs (ux) + ring->label_height / 2 * fabs (uy);

      show_text (draw, label, ring->cx + reach * ux,
                 ring->cy + reach * uy + ring->label_height / 2, 0.5);
    }

  draw_centre_caption (draw, ring->cx, ring->cy,
                       ring->radius - (ring->radial ? ring->card_height / 2
                                                    : MAX (ring->card_width,
                                                           ring->card_height) / 2) - 8);
}

/* A single GPU: one node, one chunk, nothing to send */

static void
draw_single_gpu (Draw      *draw,
                 const Box *box)
{
  cairo_t *cr = draw->cr;
  double cell = round (CLAMP (MIN (box->width, box->height) * 0.16, 16, 56));
  double pad = round (cell * 0.35);
  double card = cell + 2 * pad;
  double cx = box->x + box->width / 2;
  double cy = box->y + box->height / 2 - draw->text_px * 1.5;
  RingColor hue = chunk_color (draw, 0);
  guint contributions = draw->frame.phase == RING_FRAME_IDLE ? 0 : 1;
  g_autofree char *label = g_strdup_printf (_("GPU %u"), 0);
  const char *note = _("No communication needed");

  rounded_rect (cr, cx - card / 2, cy - card / 2, card, card, MIN (12.0, pad + 4));
  set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  if (draw->frame.phase == RING_FRAME_COMPUTE)
    {
      cairo_set_line_width (cr, 2.0);
      set_color (cr, &draw->style->compute, 0.9);
    }
  else
    {
      cairo_set_line_width (cr, 1.0);
      set_color (cr, &draw->card_border, 1.0);
    }
  cairo_stroke (cr);

  if (contributions == 0)
    {
      rounded_rect (cr, cx - cell / 2 + 0.5, cy - cell / 2 + 0.5, cell - 1, cell - 1,
                    cell_radius (cell));
      set_color (cr, &draw->slot, 1.0);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }
  else
    {
      double alpha = draw->frame.phase == RING_FRAME_COMPUTE ? draw->frame.progress : 1.0;

      draw_cell (draw, &hue, cx - cell / 2, cy - cell / 2, cell, 1, 1,
                 draw->frame.phase == RING_FRAME_DONE, alpha);
    }

  use_font (draw, draw->text_px, FALSE);
  set_color (cr, &draw->style->foreground, 0.7);
  show_text (draw, label, cx, cy + card / 2 + draw->text_px * 1.6, 0.5);

  use_font (draw, draw->text_px + 2, TRUE);
  set_color (cr, &draw->style->foreground, 1.0);
  if (text_width (draw, note) <= box->width)
    show_text (draw, note, cx, cy + card / 2 + draw->text_px * 3.6, 0.5);
}

/* Tiers 2 and 3 share the ring's geometry */

typedef struct
{
  double cx, cy, radius;
  double label_px;
} DotRing;

static void
dot_ring_layout (Draw      *draw,
                 DotRing   *ring,
                 const Box *box)
{
  g_autofree char *count = format_count (3 * (guint64) draw->n / 4, draw->separator);
  g_autofree char *widest = g_strdup_printf (_("GPU %s"), count);
  double label_width;

  ring->label_px = MIN_TEXT_PX;
  use_font (draw, ring->label_px, FALSE);
  label_width = text_width (draw, widest);
  ring->cx = box->x + box->width / 2;
  ring->cy = box->y + box->height / 2;
  ring->radius = MIN (box->width / 2 - label_width - 20, box->height / 2 - ring->label_px - 20);
  ring->radius = MAX (ring->radius, 10);
}

/* "GPU 0" at the top and the GPUs a quarter of the way round, for orientation. */
static void
draw_quarter_labels (Draw          *draw,
                     const DotRing *ring,
                     double         reach)
{
  use_font (draw, ring->label_px, FALSE);
  set_color (draw->cr, &draw->style->foreground, 0.7);
  for (guint quarter = 0; quarter < 4; quarter++)
    {
      guint gpu = (guint) ((guint64) quarter * draw->n / 4);
      g_autofree char *count = format_count (gpu, draw->separator);
      g_autofree char *label = g_strdup_printf (_("GPU %s"), count);
      double angle = node_angle (gpu, draw->n);
      double ux = cos (angle), uy = sin (angle);
      double width = text_width (draw, label);
      double distance = reach + 6 + width / 2 * fabs (ux) + ring->label_px * 0.375 * fabs (uy);

      show_text (draw, label, ring->cx + distance * ux,
                 ring->cy + distance * uy + ring->label_px * 0.375, 0.5);
    }
}

/* Chevrons along a band, showing the ring's direction. */
static void
draw_direction_marks (Draw          *draw,
                      const DotRing *ring,
                      double         radius,
                      double         size,
                      guint          count)
{
  for (guint mark = 0; mark < count; mark++)
    {
      double angle = -G_PI / 2 + 2 * G_PI * (mark + 0.5) / count;
      double tx = -sin (angle), ty = cos (angle);

      chevron (draw->cr, ring->cx + radius * cos (angle) + size / 2 * tx,
               ring->cy + radius * sin (angle) + size / 2 * ty, angle, size);
    }
}

/* Tier 2, N ≤ RING_DRAW_MAX_NODE_GPUS: a dot per GPU and a dot per in-flight chunk */

static void
draw_dot_ring (Draw      *draw,
               const Box *box)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  DotRing ring;
  double spacing, node_radius, band_width = 0, track, flight_radius, reach;
  RingColor node_color = node_state_color (draw);
  gboolean as_band;

  dot_ring_layout (draw, &ring, box);
  spacing = 2 * G_PI * ring.radius / n;
  as_band = spacing < MIN_DOT_SPACING;
  node_radius = CLAMP (spacing * 0.3, 1.0, 8.0);
  flight_radius = CLAMP (spacing * 0.2, 1.5, 5.0);
  reach = ring.radius + (as_band ? 5 : node_radius);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  if (as_band)
    {
      /* The dots would touch: draw the GPUs as one band. */
      band_width = 10;
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring.cx, ring.cy, ring.radius, 0, 2 * G_PI);
      cairo_set_line_width (cr, band_width);
      set_color (cr, &node_color, 1.0);
      cairo_stroke (cr);

      draw_direction_marks (draw, &ring, ring.radius, 4, 16);
      cairo_set_line_width (cr, 1.5);
      set_color (cr, &draw->style->background, 0.8);
      cairo_stroke (cr);

      flight_radius = 3;
      track = ring.radius - band_width / 2 - 4 - flight_radius;
    }
  else
    {
      /* The ring links, and their direction between neighbours. */
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring.cx, ring.cy, ring.radius, 0, 2 * G_PI);
      cairo_set_line_width (cr, 1.5);
      set_color (cr, &draw->link, draw->sending ? 1.0 : 0.6);
      cairo_stroke (cr);

      if (spacing >= 24)
        {
          for (guint gpu = 0; gpu < n; gpu++)
            {
              double angle = node_angle (gpu, n) + G_PI / n;

              chevron (cr, ring.cx + ring.radius * cos (angle), ring.cy + ring.radius * sin (angle),
                       angle, 3.5);
            }
          set_color (cr, &draw->link, 1.0);
          cairo_stroke (cr);
        }

      for (guint gpu = 0; gpu < n; gpu++)
        {
          double angle = node_angle (gpu, n);

          cairo_new_sub_path (cr);
          cairo_arc (cr, ring.cx + ring.radius * cos (angle), ring.cy + ring.radius * sin (angle),
                     node_radius, 0, 2 * G_PI);
        }
      set_color (cr, &node_color, 1.0);
      if (node_radius >= 4)
        {
          cairo_fill_preserve (cr);
          cairo_set_line_width (cr, 1.0);
          set_color (cr, &draw->card_border, 1.0);
          cairo_stroke (cr);
        }
      else
        cairo_fill (cr);

      track = spacing >= 14 ? ring.radius : ring.radius - node_radius - 3 - flight_radius;
    }

  /* In-flight chunks, coloured by which chunk they are: one fill per hue. */
  if (draw->sending)
    {
      guint n_bins = MIN (n, N_HUE_BINS);
      guint bin_start[N_HUE_BINS + 1] = { 0 };
      guint order[RING_DRAW_MAX_NODE_GPUS];
      guint bins[RING_DRAW_MAX_NODE_GPUS];
      double trim = track == ring.radius ? (node_radius + flight_radius + 1) / ring.radius : 0;
      double sweep = 2 * G_PI / n - 2 * trim;

      /* Counting sort of the senders by the hue of their chunk. */
      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);

          bins[gpu] = (guint) ((guint64) chunk * n_bins / n);
          bin_start[bins[gpu] + 1]++;
        }
      for (guint bin = 0; bin < n_bins; bin++)
        bin_start[bin + 1] += bin_start[bin];
      {
        guint fill[N_HUE_BINS];

        memcpy (fill, bin_start, sizeof fill);
        for (guint gpu = 0; gpu < n; gpu++)
          order[fill[bins[gpu]]++] = gpu;
      }

      if (as_band)
        {
          /* The dots would merge too: each chunk is its stretch of an inner band. */
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_set_line_width (cr, 2 * flight_radius);
          for (guint bin = 0; bin < n_bins; bin++)
            {
              RingColor hue = chunk_color (draw, (bin + 0.5) / n_bins);

              if (bin_start[bin] == bin_start[bin + 1])
                continue;
              for (guint i = bin_start[bin]; i < bin_start[bin + 1]; i++)
                {
                  double angle = node_angle (order[i], n) + draw->travel * 2 * G_PI / n;

                  cairo_new_sub_path (cr);
                  /* A hair of overlap hides the seams between neighbours. */
                  cairo_arc (cr, ring.cx, ring.cy, track, angle, angle + 2.1 * G_PI / n);
                }
              set_color (cr, &hue, 1.0);
              cairo_stroke (cr);
            }
        }
      else
        {
          /* A halo keeps the chunks apart from the nodes they pass. */
          if (flight_radius >= 2.5)
            {
              for (guint gpu = 0; gpu < n; gpu++)
                {
                  double angle = node_angle (gpu, n) + trim + draw->travel * sweep;

                  cairo_new_sub_path (cr);
                  cairo_arc (cr, ring.cx + track * cos (angle), ring.cy + track * sin (angle),
                             flight_radius + 1.5, 0, 2 * G_PI);
                }
              set_color (cr, &draw->style->background, 1.0);
              cairo_fill (cr);
            }

          for (guint bin = 0; bin < n_bins; bin++)
            {
              RingColor hue = chunk_color (draw, (bin + 0.5) / n_bins);

              if (bin_start[bin] == bin_start[bin + 1])
                continue;
              for (guint i = bin_start[bin]; i < bin_start[bin + 1]; i++)
                {
                  double angle = node_angle (order[i], n) + trim + draw->travel * sweep;

                  cairo_new_sub_path (cr);
                  cairo_arc (cr, ring.cx + track * cos (angle), ring.cy + track * sin (angle),
                             flight_radius, 0, 2 * G_PI);
                }
              set_color (cr, &hue, 1.0);
              cairo_fill (cr);
            }
        }
    }

  draw_quarter_labels (draw, &ring, reach);
  draw_centre_caption (draw, ring.cx, ring.cy, MIN (track, ring.radius - node_radius) - 16);
}

/* Tier 3, N > RING_DRAW_MAX_NODE_GPUS: the ring as bands, sampled at a fixed number of
 * points so a million GPUs cost what a thousand do */

static void
draw_band_ring (Draw      *draw,
                const Box *box)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  DotRing ring;
  double band_width, flight_width, flight_radius;
  RingColor node_color = node_state_color (draw);

  dot_ring_layout (draw, &ring, box);
  band_width = round (CLAMP (ring.radius * 0.07, 10, 20));
  flight_width = round (band_width * 0.6);
  flight_radius = ring.radius - band_width / 2 - 5 - flight_width / 2;

  /* Every GPU holds the same share of the average, so the GPU band has one colour. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, ring.cx, ring.cy, ring.radius, 0, 2 * G_PI);
  cairo_set_line_width (cr, band_width);
  set_color (cr, &node_color, 1.0);
  cairo_stroke (cr);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  draw_direction_marks (draw, &ring, ring.radius, band_width * 0.3, 24);
  cairo_set_line_width (cr, 1.5);
  set_color (cr, &draw->style->background, 0.8);
  cairo_stroke (cr);

  /* In-flight chunks: sample the senders evenly and colour each stretch by the chunk
   * the schedule has it send; stretches of one hue are one arc. */
  if (draw->sending)
    {
      double shift = draw->travel * 2 * G_PI / n;
      guint run_bin = G_MAXUINT;
      guint run_start = 0;

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_width (cr, flight_width);
      for (guint segment = 0; segment <= N_BAND_SEGMENTS; segment++)
        {
          guint bin = G_MAXUINT;

          if (segment < N_BAND_SEGMENTS)
            {
              guint gpu = (guint) (((guint64) segment * 2 + 1) * n / (2 * N_BAND_SEGMENTS));
              guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);

              bin = (guint) ((guint64) chunk * N_HUE_BINS / n);
            }

          if (bin != run_bin || segment == N_BAND_SEGMENTS)
            {
              if (run_bin != G_MAXUINT)
                {
                  RingColor hue = chunk_color (draw, (run_bin + 0.5) / N_HUE_BINS);
                  double start = -G_PI / 2 + 2 * G_PI * run_start / N_BAND_SEGMENTS + shift;
                  double end = -G_PI / 2 + 2 * G_PI * segment / N_BAND_SEGMENTS + shift;

                  cairo_new_sub_path (cr);
                  /* A hair of overlap hides the seams between arcs. */
                  cairo_arc (cr, ring.cx, ring.cy, flight_radius, start, end + 0.004);
                  set_color (cr, &hue, 1.0);
                  cairo_stroke (cr);
                }
              run_bin = bin;
              run_start = segment;
            }
        }
    }
  else
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring.cx, ring.cy, flight_radius, 0, 2 * G_PI);
      cairo_set_line_width (cr, 1.5);
      set_color (cr, &draw->link, 0.6);
      cairo_stroke (cr);
    }

  draw_quarter_labels (draw, &ring, ring.radius + band_width / 2);
  draw_centre_caption (draw, ring.cx, ring.cy, flight_radius - flight_width / 2 - 12);
}

/* Timeline: where the step is, with the model's real compute and all-reduce times */

static void
draw_timeline (Draw      *draw,
               const Box *box)
{
  cairo_t *cr = draw->cr;
  double compute_s = draw->frame.compute_time_s;
  double allreduce_s = draw->n > 1 ? draw->frame.allreduce_time_s : 0;
  double share = compute_s + allreduce_s > 0 ? compute_s / (compute_s + allreduce_s) : 1;
  double bar_height = 8, bar_y = box->y + 4;
  double split_x = box->x + box->width * share;
  double position, playhead_x, baseline;
  g_autofree char *compute_text = NULL;
  g_autofree char *allreduce_text = NULL;
  g_autofree char *compute_time = ring_format_duration (compute_s);
  g_autofree char *allreduce_time = ring_format_duration (allreduce_s);

  switch (draw->frame.phase)
    {
    case RING_FRAME_COMPUTE:
      position = share * draw->frame.progress;
      break;
    case RING_FRAME_RING_STEP:
      position = share + (1 - share) * (draw->frame.step + draw->frame.progress) / draw->n_steps;
      break;
    case RING_FRAME_DONE:
      position = 1;
      break;
    case RING_FRAME_IDLE:
    default:
      position = 0;
      break;
    }
  playhead_x = box->x + box->width * position;

  /* The track, then the part of the step already played in full colour. */
  cairo_save (cr);
  rounded_rect (cr, box->x, bar_y, box->width, bar_height, bar_height / 2);
  cairo_clip (cr);
  for (guint played = 0; played <= 1; played++)
    {
      double alpha = played ? 1.0 : 0.25;
      double limit = played ? playhead_x : box->x + box->width;

      cairo_rectangle (cr, box->x, bar_y, MIN (split_x, limit) - box->x, bar_height);
      set_color (cr, &draw->style->compute, alpha);
      cairo_fill (cr);
      if (limit > split_x)
        {
          cairo_rectangle (cr, split_x, bar_y, limit - split_x, bar_height);
          set_color (cr, &draw->style->communication, alpha);
          cairo_fill (cr);
        }
    }
  /* Scatter-reduce and all-gather take half the all-reduce each. */
  if (draw->n > 1 && box->x + box->width - split_x >= 24)
    {
      cairo_rectangle (cr, round ((split_x + box->x + box->width) / 2) - 1, bar_y, 2, bar_height);
      set_color (cr, &draw->style->background, 1.0);
      cairo_fill (cr);
    }
  cairo_restore (cr);

  if (draw->frame.phase == RING_FRAME_COMPUTE || draw->frame.phase == RING_FRAME_RING_STEP)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, playhead_x, bar_y + bar_height / 2, 6, 0, 2 * G_PI);
      set_color (cr, &draw->style->foreground, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 2);
      set_color (cr, &draw->style->background, 1.0);
      cairo_stroke (cr);
    }

  /* Translators: under the timeline; %s is the model's compute time per step, "430 ms". */
  compute_text = g_strdup_printf (_("Compute %s"), compute_time);
  /* Translators: under the timeline; %s is the model's all-reduce time per step. */
  allreduce_text = g_strdup_printf (_("All-reduce %s"), allreduce_time);

  baseline = bar_y + bar_height + 8 + draw->text_px * 0.9;
  use_font (draw, draw->text_px, FALSE);
  if (text_width (draw, compute_text) + text_width (draw, allreduce_text) + 16 > box->width)
    {
      g_free (compute_text);
      g_free (allreduce_text);
      compute_text = g_steal_pointer (&compute_time);
      allreduce_text = g_steal_pointer (&allreduce_time);
    }
  set_color (cr, &draw->style->foreground, 0.7);
  show_text (draw, compute_text, box->x, baseline, 0);
  if (draw->n > 1)
    show_text (draw, allreduce_text, box->x + box->width, baseline, 1);
}

/* Legend */

static void
draw_legend_swatch (Draw       *draw,
                    LegendItem  item,
                    double      x,
                    double      middle)
{
  cairo_t *cr = draw->cr;
  RingColor hue = chunk_color (draw, 0);

  switch (item)
    {
    case LEGEND_GPU_NODE:
      rounded_rect (cr, x + 0.5, middle - 6.5, LEGEND_SWATCH_WIDTH - 1, 13, 4);
      set_color (cr, &draw->card, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1.0);
      set_color (cr, &draw->card_border, 1.0);
      cairo_stroke (cr);
      break;

    case LEGEND_REDUCED_CHUNK:
      draw_cell (draw, &hue, x + 2, middle - 7, 14, 1, 1, TRUE, 1.0);
      break;

    case LEGEND_IN_FLIGHT_CHUNK:
      cairo_move_to (cr, x, middle);
      cairo_line_to (cr, x + LEGEND_SWATCH_WIDTH, middle);
      cairo_set_line_width (cr, 2.0);
      set_color (cr, &draw->link, 1.0);
      cairo_stroke (cr);
      rounded_rect (cr, x + 4, middle - 6, 12, 12, 4);
      set_color (cr, &draw->style->background, 1.0);
      cairo_fill (cr);
      hue = chunk_color (draw, 0.4);
      draw_cell (draw, &hue, x + 5, middle - 5, 10, 1, 2, FALSE, 1.0);
      break;

    case N_LEGEND_ITEMS:
    default:
      g_assert_not_reached ();
    }
}

static void
draw_legend (Draw      *draw,
             const Box *box)
{
  guint lines[N_LEGEND_ITEMS];
  double offsets[N_LEGEND_ITEMS], line_widths[N_LEGEND_ITEMS];
  double line_height = legend_line_height (draw);

  legend_flow (draw, box->width, lines, offsets, line_widths);
  for (guint item = 0; item < N_LEGEND_ITEMS; item++)
    {
      double x = box->x + round ((box->width - line_widths[lines[item]]) / 2) + offsets[item];
      double middle = box->y + line_height * (lines[item] + 0.5);

      draw_legend_swatch (draw, item, x, middle);
      use_font (draw, draw->text_px, FALSE);
      set_color (draw->cr, &draw->style->foreground, 0.8);
      show_text (draw, legend_text (item), x + LEGEND_SWATCH_WIDTH + LEGEND_SWATCH_GAP,
                 middle + draw->text_px * 0.35, 0);
    }
}

/* The frame */

void
ring_ring_draw (cairo_t         *cr,
                double           width,
                double           height,
                const RingFrame *frame,
                const RingStyle *style)
{
  Draw draw = { 0 };
  Layout layout = { 0 };
  const RingColor *bg, *fg;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (frame != NULL);
  g_return_if_fail (style != NULL);

  if (!(width > 0 && height > 0))
    return;

  draw.cr = cr;
  draw.style = style;
  draw.frame = normalize_frame (frame);
  draw.n = draw.frame.n_gpus;
  draw.n_steps = ring_schedule_n_steps (draw.n);
  draw.completed = ring_frame_get_completed_steps (&draw.frame);
  draw.sending = draw.frame.phase == RING_FRAME_RING_STEP;
  /* Ease in and out, unless frames only sample a stream of steps too fast to follow. */
  draw.travel = draw.frame.collapsed
                  ? draw.frame.progress
                  : draw.frame.progress * draw.frame.progress * (3 - 2 * draw.frame.progress);
  draw.family = style->font_family != NULL ? style->font_family : "Sans";
  draw.text_px = width >= 420 ? 13 : MIN_TEXT_PX;

  bg = &style->background;
  fg = &style->foreground;
  draw.card = mix (*bg, *fg, style->dark ? 0.08 : 0.035);
  draw.card_border = mix (*bg, *fg, style->dark ? 0.2 : 0.16);
  draw.slot = mix (*bg, *fg, style->dark ? 0.28 : 0.22);
  draw.link = mix (*bg, style->dim, 0.85);
  draw.node = mix (*bg, *fg, style->dark ? 0.3 : 0.22);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  set_color (cr, bg, 1.0);
  cairo_paint (cr);

  draw.separator = choose_separator (&draw);
  compute_layout (&draw, &layout, width, height);
  draw_header (&draw, &layout, width);

  if (layout.ring.width >= 60 && layout.ring.height >= 60)
    {
      ChunkRing chunk_ring;

      if (draw.n == 1)
        draw_single_gpu (&draw, &layout.ring);
      else if (draw.n <= RING_DRAW_MAX_CHUNK_GPUS
               && chunk_ring_layout (&draw, &chunk_ring, &layout.ring, draw.n))
        draw_chunk_ring (&draw, &chunk_ring);
      else if (draw.n <= RING_DRAW_MAX_NODE_GPUS)
        draw_dot_ring (&draw, &layout.ring);
      else
        draw_band_ring (&draw, &layout.ring);
    }

  if (layout.show_timeline)
    draw_timeline (&draw, &layout.timeline);
  if (layout.legend.y >= layout.ring.y)
    draw_legend (&draw, &layout.legend);

  cairo_restore (cr);
}
