/* ring-chart-series-private.h: the numbers behind each chart, shared by the drawer and the CSV
 * export so that a CSV file holds exactly what the chart shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-cost.h"
#include "ring-chart-draw.h"

G_BEGIN_DECLS

/* One column of a chart's table: the x values, or one curve's y values. */
typedef struct
{
  char   *label;    /* translated; the legend entry and the CSV header */
  char   *unit;     /* the unit of @values, as written in the CSV header */
  double *values;   /* n_rows values, in @unit */
} RingSeries;

typedef struct
{
  RingChartKind kind;
  RingParams    params;      /* the configuration the chart was computed for */
  RingResult    result;      /* and its figures, for the marker */
  guint         n_rows;
  GPtrArray    *columns;     /* of RingSeries; column 0 is the x axis */
  /* RING_CHART_UTILIZATION_MAP: the columns are GPUs, bandwidth and utilization over a
   * grid_x × grid_y grid, GPUs varying fastest; each GPU count appears once, so the
   * columns are only roughly even in log₂ N. */
  guint         grid_x;
  guint         grid_y;
  /* The swept range of the x axis (GPUs or bytes), before any padding. */
  double        x_first;
  double        x_last;
} RingChartData;

RingChartData *_ring_chart_data_new  (RingChartKind     kind,
                                      const RingParams *params);
void           _ring_chart_data_free (RingChartData    *data);

static inline RingSeries *
_ring_chart_data_column (RingChartData *data,
                         guint          column)
{
  return g_ptr_array_index (data->columns, column);
}

double         _ring_chart_data_column_max          (RingChartData *data,
                                                     guint          column);
double         _ring_chart_data_column_min_positive (RingChartData *data,
                                                     guint          column);

/* The GPU counts the N sweeps cover: 1 … 65 536, or 10× the current N when larger. */
guint          _ring_plot_max_gpus   (const RingParams *params);
/* The message sizes the size sweep covers: 8 B … 16 GiB, or the current buffer if larger. */
double         _ring_plot_max_bytes  (const RingParams *params);

/* Fraction of utilization below which communication dominates (exposed comm > compute). */
#define RING_PLOT_COMM_BOUND_UTILIZATION 0.5

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartData, _ring_chart_data_free)

G_END_DECLS
