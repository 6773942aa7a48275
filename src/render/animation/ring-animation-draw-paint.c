/* ring-animation-draw-paint.c: the colours, text and shapes every part of the frame uses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"

/* Colours */

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
RingColor
_ring_animation_draw_chunk_color (const RingDraw *draw,
                                  double          hue_fraction)
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

double
_ring_animation_draw_chunk_hue (guint chunk,
                                guint n)
{
  return (double) chunk / n;
}

/* Text, with cairo's toy API: a handful of short strings per frame. */

void
_ring_animation_draw_use_font (RingDraw *draw,
                               double    size_px,
                               gboolean  bold)
{
  cairo_select_font_face (draw->cr, draw->family, CAIRO_FONT_SLANT_NORMAL,
                          bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (draw->cr, MAX (size_px, RING_DRAW_MIN_TEXT_PX));
}

double
_ring_animation_draw_text_width (RingDraw   *draw,
                                 const char *text)
{
  cairo_text_extents_t extents;

  cairo_text_extents (draw->cr, text, &extents);

  return extents.x_advance;
}

/* @anchor: 0 puts @x at the text's left edge, 0.5 at its middle, 1 at its right edge. */
void
_ring_animation_draw_show_text (RingDraw   *draw,
                                const char *text,
                                double      x,
                                double      baseline,
                                double      anchor)
{
  cairo_move_to (draw->cr, x - anchor * _ring_animation_draw_text_width (draw, text), baseline);
  cairo_show_text (draw->cr, text);
}

/* "1024", "65 536", "1 048 576": SI style, so four digits stay together. */

/* Shapes */

/* Fills the path of GPU cards on draw->cr and outlines it, in the compute colour while the
 * GPUs compute. */
void
_ring_animation_draw_fill_cards (RingDraw *draw)
{
  cairo_t *cr = draw->cr;

  ring_cairo_set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  if (draw->frame.phase == RING_FRAME_COMPUTE)
    {
      cairo_set_line_width (cr, 2.0);
      ring_cairo_set_color (cr, &draw->style->compute, 0.9);
    }
  else
    {
      cairo_set_line_width (cr, 1.0);
      ring_cairo_set_color (cr, &draw->card_border, 1.0);
    }
  cairo_stroke (cr);
}

/* A chevron pointing along @angle + π/2 (the ring's direction) with its tip at (x, y). */
void
_ring_animation_draw_chevron (cairo_t *cr,
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

/* A transfer bends to its right by @bend of its length, so that lines between opposite
 * GPUs do not all meet in the middle: the point at @t along it. */
void
_ring_animation_draw_curve_point (double  x0,
                                  double  y0,
                                  double  x1,
                                  double  y1,
                                  double  bend,
                                  double  t,
                                  double *x,
                                  double *y)
{
  double mx = (x0 + x1) / 2 - (y1 - y0) * bend, my = (y0 + y1) / 2 + (x1 - x0) * bend;
  double u = 1 - t;

  *x = u * u * x0 + 2 * u * t * mx + t * t * x1;
  *y = u * u * y0 + 2 * u * t * my + t * t * y1;
}

/* The same curve as a path (a quadratic Bézier as cairo's cubic). */
void
_ring_animation_draw_curve_path (cairo_t *cr,
                                 double   x0,
                                 double   y0,
                                 double   x1,
                                 double   y1,
                                 double   bend)
{
  double mx = (x0 + x1) / 2 - (y1 - y0) * bend, my = (y0 + y1) / 2 + (x1 - x0) * bend;

  cairo_move_to (cr, x0, y0);
  cairo_curve_to (cr, x0 + 2.0 / 3 * (mx - x0), y0 + 2.0 / 3 * (my - y0),
                  x1 + 2.0 / 3 * (mx - x1), y1 + 2.0 / 3 * (my - y1), x1, y1);
}

double
_ring_animation_draw_node_angle (guint gpu,
                                 guint n)
{
  /* GPU 0 at the top; the ring runs clockwise, as GPU i sends to GPU i + 1. */
  return -G_PI / 2 + 2 * G_PI * gpu / n;
}
