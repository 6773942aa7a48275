/* ring-chart-readout.h: what a chart shows under a point of it: the x value sampled
 * nearest, each curve's value there (the utilization map: the cell's), as text for people.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-chart-draw.h"

G_BEGIN_DECLS

/* A chart as drawn at one size: its series and where its plot area went. */
typedef struct _RingChartProbe RingChartProbe;

/* One curve's value at the readout's x. */
typedef struct
{
  char   *label;   /* the curve's name, as in the legend, translated */
  char   *unit;    /* of @value, as in the CSV header ("%", "s", "B", "GB/s") */
  double  value;   /* NaN where the curve has none (or for a column of text) */
  char   *text;    /* @value for people: "68.6 %", "163 ms", "Ring · LL128" */
  double  y_px;    /* where the curve is at the readout's x, pixels from the top, on charts
                    * whose curves share one axis in their own unit; else NaN */
} RingChartReadoutValue;

typedef struct
{
  gboolean  inside;     /* the point is over the plot area; nothing else is set if not */
  guint     row;        /* of the chart's series (its CSV row) */
  double    x;          /* the x value sampled nearest: GPUs, or bytes */
  guint     gpus;       /* the GPU count there, on a chart over GPUs; else 0 */
  double    x_px;       /* where that x is drawn, in pixels from the left */
  double    y_px;       /* the utilization map: the middle of the cell; else NaN */
  char     *x_text;     /* "1024 GPUs", "16 MiB" */
  GArray   *values;     /* of RingChartReadoutValue, in legend order */
  char     *text;       /* one line a value: "1024 GPUs: Utilization at 300 GB/s 68.6 %" */
} RingChartReadout;

/* Draws the chart as ring_chart_draw() does, keeping what it can in @cache (or not, when
 * NULL), and returns in @probe (if not NULL) what a readout needs, or NULL when nothing
 * could be drawn. */
void              ring_chart_draw_probed          (RingChartKind            kind,
                                                   RingModel               *model,
                                                   cairo_t                 *cr,
                                                   double                   width,
                                                   double                   height,
                                                   const RingStyle         *style,
                                                   RingChartCache          *cache,
                                                   RingChartProbe         **probe);
/* The same without a canvas: the chart is drawn onto a recording surface. */
RingChartProbe   *ring_chart_probe_new            (RingChartKind            kind,
                                                   RingModel               *model,
                                                   double                   width,
                                                   double                   height,
                                                   const RingStyle         *style);
void              ring_chart_probe_free           (RingChartProbe          *probe);

/* The plot area in pixels (y downwards), as the axes were drawn. */
void              ring_chart_probe_get_plot_area  (RingChartProbe          *probe,
                                                   double                  *left,
                                                   double                  *top,
                                                   double                  *right,
                                                   double                  *bottom);
/* Where an x value (GPUs, bytes) is drawn, in pixels from the left. */
double            ring_chart_probe_x_to_px        (RingChartProbe          *probe,
                                                   double                   x);
/* The x values a keyboard cursor steps through (the utilization map: its columns). */
guint             ring_chart_probe_get_n_points   (RingChartProbe          *probe);
/* The point whose x is nearest @x (GPUs, bytes). */
guint             ring_chart_probe_nearest_point  (RingChartProbe          *probe,
                                                   double                   x);

/* What is under (@x_px, @y_px), pixels from the top left; never NULL. */
RingChartReadout *ring_chart_probe_read_at        (RingChartProbe          *probe,
                                                   double                   x_px,
                                                   double                   y_px);
/* The same for a keyboard cursor: point @point (the map: that column, in the row of the
 * model's bandwidth). */
RingChartReadout *ring_chart_probe_read_point     (RingChartProbe          *probe,
                                                   guint                    point);
void              ring_chart_readout_free         (RingChartReadout        *readout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartProbe, ring_chart_probe_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartReadout, ring_chart_readout_free)

G_END_DECLS
