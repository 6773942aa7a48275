/* ring-chart-draw.h: the scaling charts, drawn through PLplot's extcairo device onto any
 * cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-chart-kind.h"
#include "ring-model.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* FALSE when PLplot's extcairo device is missing: callers show an empty state instead. */
gboolean    ring_chart_draw_is_available      (void);

void        ring_chart_draw              (RingChartKind     kind,
                                         RingModel        *model,
                                         cairo_t          *cr,
                                         double            width,
                                         double            height,
                                         const RingStyle  *style);

G_END_DECLS
