/* ring-cairo.h: small cairo helpers shared by the render layer's drawings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "ring-style.h"

G_BEGIN_DECLS

/* @color as the source, its own alpha multiplied by @alpha. */
void ring_cairo_set_color         (cairo_t         *cr,
                                   const RingColor *color,
                                   double           alpha);
/* Adds a closed sub-path: a rectangle whose corners are rounded by @radius, at most half
 * its shorter side; below half a pixel, a plain rectangle. */
void ring_cairo_rounded_rectangle (cairo_t         *cr,
                                   double           x,
                                   double           y,
                                   double           width,
                                   double           height,
                                   double           radius);

G_END_DECLS
