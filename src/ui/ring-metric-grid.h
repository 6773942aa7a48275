/* ring-metric-grid.h: the metric cards in rows of four, or of two where four would cut a
 * value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RING_TYPE_METRIC_GRID (ring_metric_grid_get_type ())

G_DECLARE_FINAL_TYPE (RingMetricGrid, ring_metric_grid, RING, METRIC_GRID, GtkWidget)

/* The columns of the last allocation. */
guint ring_metric_grid_get_columns (RingMetricGrid *self);

G_END_DECLS
