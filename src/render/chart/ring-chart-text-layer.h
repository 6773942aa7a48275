/* ring-chart-text-layer.h: a chart's strings kept as text for an SVG file.
 *
 * cairo's SVG surface writes every glyph as a path, so a title cannot be edited or restyled
 * in Inkscape. While a text layer is attached to an SVG surface, the charts record each
 * string (where, in which font, size, weight, colour, rotation and alignment) instead of
 * drawing its glyphs, and the export writes them as <text> elements into the file cairo
 * wrote.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _RingTextLayer RingTextLayer;

RingTextLayer *ring_text_layer_new     (void);
void           ring_text_layer_free    (RingTextLayer   *layer);
/* Attaches @layer to @surface until the surface is destroyed or another is attached. */
void           ring_text_layer_attach  (RingTextLayer   *layer,
                                        cairo_surface_t *surface);
/* The layer attached to @cr's target, or NULL: then text is drawn as glyphs. */
RingTextLayer *ring_text_layer_get     (cairo_t         *cr);

/* One string, its anchor at (@x, @y) in the surface's units on its baseline, @angle_deg
 * clockwise from the x axis; @anchor 0 start, 0.5 middle, 1 end. */
void           ring_text_layer_add     (RingTextLayer   *layer,
                                        double           x,
                                        double           y,
                                        double           angle_deg,
                                        const char      *family,
                                        double           size,
                                        gboolean         bold,
                                        double           red,
                                        double           green,
                                        double           blue,
                                        double           anchor,
                                        const char      *text);

/* @svg with the layer's strings as <text> elements in a group before its closing
 * </svg>; a new string. */
GString       *ring_text_layer_splice  (RingTextLayer   *layer,
                                        const char      *svg,
                                        gsize            length);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingTextLayer, ring_text_layer_free)

G_END_DECLS
