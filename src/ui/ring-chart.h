/* ring-chart.h: a widget showing one scaling chart of the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-model.h"
#include "ring-chart-draw.h"
#include "ring-render-enums.h"

G_BEGIN_DECLS

#define RING_TYPE_CHART (ring_chart_get_type ())

G_DECLARE_FINAL_TYPE (RingChart, ring_chart, RING, CHART, GtkWidget)

GtkWidget     *ring_chart_new       (RingModel     *model,
                                     RingChartKind  kind);
RingModel     *ring_chart_get_model (RingChart     *self);
void           ring_chart_set_model (RingChart     *self,
                                     RingModel     *model);
RingChartKind  ring_chart_get_kind  (RingChart     *self);
void           ring_chart_set_kind  (RingChart     *self,
                                     RingChartKind  kind);

G_END_DECLS
