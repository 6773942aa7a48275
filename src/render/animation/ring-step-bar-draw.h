/* ring-step-bar-draw.h: compute against communication as two proportional segments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-style.h"

G_BEGIN_DECLS

/* @compute_s, @bubble_s (a pipeline's idle slots, grey) and @exposed_comm_s are one
 * step's parts; labels inside each segment say what it is and its share ("compute 72 %"),
 * when there is room for them. @hidden_comm_s, communication that runs beside compute,
 * hatches the end of the compute segment (no more than all of it). */
void ring_step_bar_draw (cairo_t         *cr,
                         double           width,
                         double           height,
                         double           compute_s,
                         double           bubble_s,
                         double           exposed_comm_s,
                         double           hidden_comm_s,
                         const RingStyle *style);

G_END_DECLS
