/* ring-animation-draw-caption.c: "8 GPUs, each sends 14 chunks" in the middle of the ring,
 * where it fits and keeps clear of the nodes' names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"
#include "ring-units.h"

static char *
format_gpus (guint       n,
             const char *separator)
{
  g_autofree char *count = ring_format_grouped (n, separator);

  /* Translators: the number of GPUs in the ring, e.g. "8 GPUs" or "1 048 576 GPUs". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s GPU", "%s GPUs", n), count);
}

/* Whether a line of text @width wide, its baseline at @baseline and @size_px tall, centred
 * on @cx, would meet the name of a node at @label_radius (names are wider in some
 * languages: "Knoten 1"). */
static gboolean
meets_node_name (RingDraw *draw,
                 double    cx,
                 double    cy,
                 double    label_radius,
                 double    width,
                 double    baseline,
                 double    size_px)
{
  RingDrawBox line = { cx - width / 2 - 2, baseline - size_px, width + 4, size_px * 1.3 };

  for (guint node = 0; node < draw->nodes; node++)
    {
      RingDrawBox name;

      if (!_ring_animation_draw_node_label_box (draw, node, cx, cy, label_radius, &name))
        return FALSE;
      if (_ring_draw_boxes_meet (&line, &name, 0))
        return TRUE;
    }

  return FALSE;
}

void
_ring_animation_draw_centre_caption (RingDraw *draw,
                                     double    cx,
                                     double    cy,
                                     double    radius,
                                     double    label_radius)
{
  g_autofree char *gpus = format_gpus (draw->n, draw->separator);
  g_autofree char *sends = NULL;
  g_autofree char *count = NULL;
  double headline_px = CLAMP (radius * 0.16, 15, 24);
  double gap = draw->text_px * 1.5;
  double max_width = 2 * radius * 0.8;
  double gpus_width, sends_width, headline_y, sends_y;
  gboolean two_lines;

  if (radius < 40)
    return;

  count = ring_format_grouped (draw->n_steps, draw->separator);
  /* Translators: below "8 GPUs" in the middle of the ring; %s is 2 (N − 1). */
  sends = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "each sends %s chunk",
                                        "each sends %s chunks", draw->n_steps), count);

  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  sends_width = _ring_animation_draw_text_width (draw, sends);
  _ring_animation_draw_use_font (draw, headline_px, TRUE);
  gpus_width = _ring_animation_draw_text_width (draw, gpus);
  if (gpus_width > max_width)
    return;

  two_lines = draw->n > 1 && radius >= 60 && sends_width <= max_width;
  headline_y = cy + headline_px * 0.35 - (two_lines ? gap / 2 : 0);
  sends_y = cy + headline_px * 0.35 + gap / 2 + 2;
  /* The second line goes first where a node's name is in the way, then the caption. */
  if (two_lines && label_radius > 0
      && (meets_node_name (draw, cx, cy, label_radius, sends_width, sends_y, draw->text_px)
          || meets_node_name (draw, cx, cy, label_radius, gpus_width, headline_y,
                              headline_px)))
    {
      two_lines = FALSE;
      headline_y = cy + headline_px * 0.35;
    }
  if (label_radius > 0
      && meets_node_name (draw, cx, cy, label_radius, gpus_width, headline_y, headline_px))
    return;

  _ring_animation_draw_use_font (draw, headline_px, TRUE);
  ring_cairo_set_color (draw->cr, &draw->style->foreground, 1.0);
  _ring_animation_draw_show_text (draw, gpus, cx, headline_y, 0.5);
  _ring_animation_draw_record_box (draw, RING_DRAW_BOX_CAPTION,
                                   &(RingDrawBox) { cx - gpus_width / 2, headline_y - headline_px,
                                                    gpus_width, headline_px * 1.3 });

  if (two_lines)
    {
      _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
      ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.7);
      _ring_animation_draw_show_text (draw, sends, cx, sends_y, 0.5);
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_CAPTION,
                                       &(RingDrawBox) { cx - sends_width / 2,
                                                        sends_y - draw->text_px,
                                                        sends_width, draw->text_px * 1.3 });
    }
}
