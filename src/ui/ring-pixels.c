/* ring-pixels.c: a widget's own drawing as pixels at its scale.
 *
 * A cairo node records what is drawn on it, and GTK's cairo renderer replays the
 * recording at every frame that repaints the widget: every stroke, fill and glyph again.
 * Drawn into an image first, the node holds one paint of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-pixels.h"

cairo_t *
ring_pixels_create (int width,
                    int height,
                    int scale)
{
  cairo_surface_t *pixels;
  cairo_t *cr;

  g_return_val_if_fail (width > 0 && height > 0 && scale > 0, NULL);

  pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (pixels, scale, scale);
  cr = cairo_create (pixels);
  cairo_surface_destroy (pixels);

  return cr;
}

GskRenderNode *
ring_pixels_finish (cairo_t *cr,
                    int      width,
                    int      height)
{
  cairo_surface_t *pixels;
  GskRenderNode *node;
  cairo_t *node_cr;

  g_return_val_if_fail (cr != NULL, NULL);

  pixels = cairo_surface_reference (cairo_get_target (cr));
  cairo_destroy (cr);
  cairo_surface_flush (pixels);

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  node_cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (node_cr, pixels, 0, 0);
  cairo_paint (node_cr);
  cairo_destroy (node_cr);
  cairo_surface_destroy (pixels);

  return node;
}
