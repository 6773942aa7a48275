/* ring-chart-private.h: for tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-chart.h"
#include "ring-chart-view.h"
#include "ring-chart-readout.h"

G_BEGIN_DECLS

/* How many times the chart has drawn itself through PLplot (cached repaints do not count). */
guint      _ring_chart_get_render_count  (RingChart     *self);
/* What the chart keeps of its body between draws, or NULL before the first. */
RingChartCache         *_ring_chart_get_body_cache        (RingChart *self);
/* The series and plot area of the chart as last drawn, or NULL. */
RingChartProbe         *_ring_chart_get_probe             (RingChart *self);
/* What the readout shows, or NULL when it shows nothing. */
const RingChartReadout *_ring_chart_get_readout           (RingChart *self);
GtkEventController     *_ring_chart_get_motion_controller (RingChart *self);
GtkGesture             *_ring_chart_get_click_gesture     (RingChart *self);
GtkEventController     *_ring_chart_get_key_controller    (RingChart *self);
/* The first (0) or second (1) chart of the view. */
RingChart *_ring_chart_view_get_chart    (RingChartView *self,
                                          guint          index);

G_END_DECLS
