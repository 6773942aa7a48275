/* ring-cairo.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include "ring-cairo.h"

void
ring_cairo_set_color (cairo_t         *cr,
                      const RingColor *color,
                      double           alpha)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (color != NULL);

  cairo_set_source_rgba (cr, color->red, color->green, color->blue, color->alpha * alpha);
}

void
ring_cairo_rounded_rectangle (cairo_t *cr,
                              double   x,
                              double   y,
                              double   width,
                              double   height,
                              double   radius)
{
  g_return_if_fail (cr != NULL);

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
