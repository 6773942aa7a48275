/* ring-step-bar-draw.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-cairo.h"
#include "ring-step-bar-draw.h"

/* Centres @text in the segment if it fits, with a shorter fallback. */
/* Black or white, whichever reads better on @fill: the light palette's fills are dark,
 * the dark palette's are light. Relative luminance as in WCAG 2.1. */
static void
set_text_color_for (cairo_t         *cr,
                    const RingColor *fill)
{
  double luminance = 0.2126 * fill->red + 0.7152 * fill->green + 0.0722 * fill->blue;

  if (luminance > 0.5)
    cairo_set_source_rgb (cr, 0.12, 0.12, 0.12);
  else
    cairo_set_source_rgb (cr, 1, 1, 1);
}

static void
draw_label (cairo_t         *cr,
            const RingColor *fill,
            double           x,
            double           width,
            double           height,
            const char      *text,
            const char      *short_text)
{
  cairo_text_extents_t extents;

  set_text_color_for (cr, fill);

  cairo_text_extents (cr, text, &extents);
  if (extents.x_advance + 12 > width)
    {
      text = short_text;
      cairo_text_extents (cr, text, &extents);
      if (extents.x_advance + 8 > width)
        return;
    }

  cairo_move_to (cr, x + (width - extents.x_advance) / 2,
                 height / 2 - extents.y_bearing - extents.height / 2);
  cairo_show_text (cr, text);
}

/* The hidden communication's hatching: diagonals HATCH_PERIOD units apart rising to the
 * right, x + y = @start_x + k · HATCH_PERIOD, as one tile that repeats (a diagonal at 45°
 * repeats every period across and down), similar to the target and so at its scale.
 * Stroked across the segment, the diagonals cost cairo's scan converter five times as
 * much (bench-interaction under callgrind). */
#define HATCH_PERIOD 7
#define HATCH_LINE   2.5

static cairo_pattern_t *
hatch_pattern (cairo_t         *cr,
               const RingColor *color,
               double           start_x)
{
  cairo_surface_t *tile = cairo_surface_create_similar (cairo_get_target (cr),
                                                        CAIRO_CONTENT_COLOR_ALPHA,
                                                        HATCH_PERIOD, HATCH_PERIOD);
  cairo_t *tile_cr = cairo_create (tile);
  cairo_pattern_t *pattern;
  cairo_matrix_t matrix;

  ring_cairo_set_color (tile_cr, color, 1.0);
  cairo_set_line_width (tile_cr, HATCH_LINE);
  /* x + y = 0, 7 and 14: every diagonal whose width reaches into the tile. */
  for (int k = 0; k <= 2; k++)
    {
      cairo_move_to (tile_cr, (k + 1) * HATCH_PERIOD, -HATCH_PERIOD);
      cairo_line_to (tile_cr, (k - 2) * HATCH_PERIOD, 2 * HATCH_PERIOD);
    }
  cairo_stroke (tile_cr);
  cairo_destroy (tile_cr);

  pattern = cairo_pattern_create_for_surface (tile);
  cairo_pattern_set_extend (pattern, CAIRO_EXTEND_REPEAT);
  cairo_matrix_init_translate (&matrix, -start_x, 0);
  cairo_pattern_set_matrix (pattern, &matrix);
  cairo_surface_destroy (tile);

  return pattern;
}

void
ring_step_bar_draw (cairo_t         *cr,
                    double           width,
                    double           height,
                    double           compute_s,
                    double           bubble_s,
                    double           exposed_comm_s,
                    double           hidden_comm_s,
                    const RingStyle *style)
{
  double total, compute_fraction, bubble_fraction, split, comm_start, hidden_start;
  g_autofree char *compute_text = NULL;
  g_autofree char *compute_short = NULL;
  g_autofree char *bubble_text = NULL;
  g_autofree char *bubble_short = NULL;
  g_autofree char *comm_text = NULL;
  g_autofree char *comm_short = NULL;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  bubble_s = isfinite (bubble_s) && bubble_s > 0 ? bubble_s : 0;
  total = compute_s + bubble_s + exposed_comm_s;
  if (width < 4 || height < 4 || !(total > 0) || !isfinite (total))
    return;

  compute_fraction = compute_s / total;
  bubble_fraction = bubble_s / total;
  split = round (width * compute_fraction);
  comm_start = round (width * (compute_fraction + bubble_fraction));

  /* Drawn square into a group and then filled through the rounded outline: clipped to the
   * outline, every fill, line and glyph would be composited through a mask of it. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_push_group (cr);

  ring_cairo_set_color (cr, &style->compute, 1.0);
  cairo_rectangle (cr, 0, 0, split, height);
  cairo_fill (cr);
  ring_cairo_set_color (cr, &style->dim, 1.0);
  cairo_rectangle (cr, split, 0, comm_start - split, height);
  cairo_fill (cr);
  ring_cairo_set_color (cr, &style->communication, 1.0);
  cairo_rectangle (cr, comm_start, 0, width - comm_start, height);
  cairo_fill (cr);

  /* The communication that hides behind compute: the end of the compute segment, hatched
   * in the communication's colour. One path of diagonals, clipped to it. */
  hidden_start = split;
  if (hidden_comm_s > 0 && isfinite (hidden_comm_s))
    {
      hidden_start = MAX (0, split - round (width * MIN (hidden_comm_s, compute_s) / total));
      if (split - hidden_start >= 1)
        {
          cairo_pattern_t *hatch = hatch_pattern (cr, &style->communication, hidden_start);

          cairo_set_source (cr, hatch);
          cairo_rectangle (cr, hidden_start, 0, split - hidden_start, height);
          cairo_fill (cr);
          cairo_pattern_destroy (hatch);
        }
    }

  cairo_select_font_face (cr, style->font_family, CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, MIN (13.0, height * 0.55));

  compute_text = g_strdup_printf (_("compute %.0f %%"), compute_fraction * 100);
  compute_short = g_strdup_printf ("%.0f %%", compute_fraction * 100);
  comm_text = g_strdup_printf (_("comm %.0f %%"),
                               (1 - compute_fraction - bubble_fraction) * 100);
  comm_short = g_strdup_printf ("%.0f %%", (1 - compute_fraction - bubble_fraction) * 100);
  /* TRANSLATORS: the pipeline's idle share of the step, in the step bar */
  bubble_text = g_strdup_printf (_("bubble %.0f %%"), bubble_fraction * 100);
  bubble_short = g_strdup_printf ("%.0f %%", bubble_fraction * 100);

  draw_label (cr, &style->compute, 0, hidden_start, height, compute_text, compute_short);
  if (comm_start > split)
    draw_label (cr, &style->dim, split, comm_start - split, height, bubble_text, bubble_short);
  draw_label (cr, &style->communication, comm_start, width - comm_start, height, comm_text,
              comm_short);

  cairo_pop_group_to_source (cr);
  ring_cairo_rounded_rectangle (cr, 0, 0, width, height, 6);
  cairo_fill (cr);
  cairo_restore (cr);
}
