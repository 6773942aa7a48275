/* ring-pixels.h: a widget's own drawing as pixels at its scale, for the widgets GTK would
 * otherwise record and replay line by line at every frame (the charts, the step bar).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A context on a new image of @width × @height logical pixels at @scale device pixels
 * each (the widget's scale factor). */
cairo_t       *ring_pixels_create (int      width,
                                   int      height,
                                   int      scale);
/* Ends drawing on @cr (from ring_pixels_create()) and returns a node that paints its
 * pixels at (0, 0): a cairo node with one image in it, which every renderer draws as a
 * copy. */
GskRenderNode *ring_pixels_finish (cairo_t *cr,
                                   int      width,
                                   int      height);

G_END_DECLS
