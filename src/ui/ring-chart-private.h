/* ring-chart-private.h: for tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-chart.h"
#include "ring-chart-view.h"

G_BEGIN_DECLS

/* How many times the chart has drawn itself through PLplot (cached repaints do not count). */
guint      _ring_chart_get_render_count  (RingChart     *self);
/* The first (0) or second (1) chart of the view. */
RingChart *_ring_chart_view_get_chart    (RingChartView *self,
                                          guint          index);

G_END_DECLS
