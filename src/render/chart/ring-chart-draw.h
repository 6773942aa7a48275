/* ring-chart-draw.h: the scaling charts, drawn through PLplot's extcairo device onto any
 * cairo_t.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <stdio.h>

#include "ring-chart-kind.h"
#include "ring-model.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* FALSE when PLplot's extcairo device is missing: callers show an empty state instead. */
gboolean    ring_chart_draw_is_available      (void);

/* From now on, keeps the points the charts sweep from one draw to the next (a bounded
 * number): the window, whose charts are drawn again at every step of a slider, then costs
 * only the points whose parameters are new. Main thread only, as all drawing. */
void        ring_chart_draw_keep_points       (void);

/* What a chart drawn again and again onto image surfaces (the window's) keeps between
 * draws: the pixels of its body (legend, panels, grid, curves, axes), reused when a draw
 * would make them again exactly, so that a step of the GPU slider, which moves only the
 * configuration and the marker, shapes no axis or legend text. Main thread only. */
typedef struct _RingChartCache RingChartCache;

RingChartCache *ring_chart_cache_new        (void);
void            ring_chart_cache_free       (RingChartCache *cache);
/* Draws that reused the kept body, and draws that made it. */
void            ring_chart_cache_get_counts (RingChartCache *cache,
                                             guint          *hits,
                                             guint          *misses);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartCache, ring_chart_cache_free)

void        ring_chart_draw              (RingChartKind     kind,
                                         RingModel        *model,
                                         cairo_t          *cr,
                                         double            width,
                                         double            height,
                                         const RingStyle  *style);

/* How a chart is drawn for a file of a physical size. */
typedef struct
{
  /* The height of ordinary text in points (a unit of the canvas is a point); 0 lets it
   * grow with the canvas, as in the window. */
  double   text_pt;
  /* A figure for a paper, whose caption carries its title: no title or configuration
   * above the legend. */
  gboolean untitled;
  /* Or NULL: what is kept between draws onto image surfaces. */
  RingChartCache *cache;
} RingChartDrawOptions;

void        ring_chart_draw_with_options (RingChartKind                kind,
                                          RingModel                   *model,
                                          cairo_t                     *cr,
                                          double                       width,
                                          double                       height,
                                          const RingStyle             *style,
                                          const RingChartDrawOptions  *options);

/* The same drawn by PLplot's svg device into @file, which keeps text as <text> elements;
 * PLplot closes @file. FALSE when nothing was drawn (a size too small, or no svg device):
 * @file is still open. */
gboolean    ring_chart_draw_svg          (RingChartKind                kind,
                                          RingModel                   *model,
                                          FILE                        *file,
                                          double                       width,
                                          double                       height,
                                          const RingStyle             *style,
                                          const RingChartDrawOptions  *options);

G_END_DECLS
