/* ring-chart-kind.h: the kinds of chart, their names on the command line and their titles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* One value per entry of the registry in ring-chart-kind.c, in its order. */
typedef enum
{
  RING_CHART_UTILIZATION_VS_GPUS,
  RING_CHART_STEP_TIME_VS_GPUS,
  RING_CHART_BYTES_MOVED_VS_GPUS,
  RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE,
  RING_CHART_THROUGHPUT_VS_GPUS,
  RING_CHART_UTILIZATION_MAP,
  RING_CHART_ALGORITHM_COMPARISON,
  RING_CHART_STEP_TIMELINE,
  RING_CHART_UTILIZATION_VS_BUCKET_SIZE,
  RING_CHART_MFU_VS_DATA_PARALLEL,
  RING_CHART_OTHER_JOB_LOAD,
  RING_N_CHARTS, /*< skip >*/
} RingChartKind;

/* "utilization-vs-gpus", … as on the command line. */
const char *ring_chart_kind_to_string   (RingChartKind  kind);
gboolean    ring_chart_kind_from_string (const char    *name,
                                         RingChartKind *kind);
/* A translated title for people. */
const char *ring_chart_kind_get_title   (RingChartKind  kind);
/* A translated sentence or two under the chart in the PDF report: what it shows. */
const char *ring_chart_kind_get_caption (RingChartKind  kind);

G_END_DECLS
