/* ring-chart-view.h: the window's chart area, one chart or two side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-model.h"
#include "ring-chart-draw.h"

G_BEGIN_DECLS

#define RING_TYPE_CHART_VIEW (ring_chart_view_get_type ())

G_DECLARE_FINAL_TYPE (RingChartView, ring_chart_view, RING, CHART_VIEW, GtkWidget)

/* Properties: "model"; "visible-kind", the first chart's kind as its command-line name
 * (the chart Export writes; a string so GSettings can bind it); "second-kind", the chart
 * beside it when the view is wide. */
GtkWidget     *ring_chart_view_new              (RingModel     *model);
RingModel     *ring_chart_view_get_model        (RingChartView *self);
void           ring_chart_view_set_model        (RingChartView *self,
                                                 RingModel     *model);
RingChartKind  ring_chart_view_get_visible_kind (RingChartView *self);
void           ring_chart_view_set_visible_kind (RingChartView *self,
                                                 RingChartKind  kind);
RingChartKind  ring_chart_view_get_second_kind  (RingChartView *self);
void           ring_chart_view_set_second_kind  (RingChartView *self,
                                                 RingChartKind  kind);
/* Whether the second chart is shown (the view is wide enough). */
gboolean       ring_chart_view_get_showing_two  (RingChartView *self);

G_END_DECLS
