/* ring-plot.h: the scaling charts, drawn with PLplot onto any cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-model.h"
#include "ring-style.h"

G_BEGIN_DECLS

typedef enum
{
  RING_CHART_UTILIZATION_VS_GPUS,
  RING_CHART_STEP_TIME_VS_GPUS,
  RING_CHART_BYTES_MOVED_VS_GPUS,
  RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE,
  RING_CHART_THROUGHPUT_VS_GPUS,
  RING_CHART_UTILIZATION_MAP,
  RING_N_CHARTS,
} RingChartKind;

/* "utilization-vs-gpus", … as on the command line. */
const char *ring_chart_kind_to_string   (RingChartKind  kind);
gboolean    ring_chart_kind_from_string (const char    *name,
                                         RingChartKind *kind);
/* A translated title for people. */
const char *ring_chart_kind_get_title   (RingChartKind  kind);

/* FALSE when PLplot's extcairo device is missing: callers show an empty state instead. */
gboolean    ring_plot_is_available      (void);

void        ring_plot_draw              (RingChartKind     kind,
                                         RingModel        *model,
                                         cairo_t          *cr,
                                         double            width,
                                         double            height,
                                         const RingStyle  *style);

G_END_DECLS
