/* ring-metric-card.h: one figure of the window, its title above its value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RING_TYPE_METRIC_CARD (ring_metric_card_get_type ())

G_DECLARE_FINAL_TYPE (RingMetricCard, ring_metric_card, RING, METRIC_CARD, GtkWidget)

const char *ring_metric_card_get_metric           (RingMetricCard *self);
const char *ring_metric_card_get_title            (RingMetricCard *self);
const char *ring_metric_card_get_value            (RingMetricCard *self);
void        ring_metric_card_set_value            (RingMetricCard *self,
                                                   const char     *value);
gboolean    ring_metric_card_get_collective       (RingMetricCard *self);
void        ring_metric_card_set_collective       (RingMetricCard *self,
                                                   gboolean        collective);
GtkLabel   *ring_metric_card_get_title_label      (RingMetricCard *self);
GtkLabel   *ring_metric_card_get_value_label      (RingMetricCard *self);
GtkLabel   *ring_metric_card_get_difference_label (RingMetricCard *self);

G_END_DECLS
