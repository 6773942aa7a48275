/* ring-export.h: charts and frames to PNG, SVG, PDF and CSV files, written atomically.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ring-model.h"
#include "ring-chart-draw.h"

G_BEGIN_DECLS

/* The smallest chart every kind draws legibly; the command line refuses smaller. */
#define RING_EXPORT_MIN_WIDTH       480
#define RING_EXPORT_MIN_HEIGHT      300
#define RING_EXPORT_MAX_SIDE        20000
/* 160 MB of pixels in memory while drawn and encoded. */
#define RING_EXPORT_MAX_PNG_PIXELS  40000000

typedef enum
{
  RING_EXPORT_FORMAT_PNG,
  RING_EXPORT_FORMAT_SVG,
  RING_EXPORT_FORMAT_PDF,
  RING_EXPORT_FORMAT_CSV,
} RingExportFormat;

/* From the file name's extension; FALSE for an unknown one. */
gboolean ring_export_format_from_path (const char        *path,
                                       RingExportFormat  *format);

/* @name, with @default_format's extension unless it has a known one; @scale is 2 for
 * "chart@2x.png", else 1. */
char    *ring_export_resolve_name     (const char        *name,
                                       RingExportFormat   default_format,
                                       RingExportFormat  *format,
                                       double            *scale);

/* One chart of @width × @height points (a PNG's pixels times @scale). The file appears
 * complete or not at all (ring-file-writer.h); @error names the path and the reason. */
gboolean ring_export_chart            (RingModel         *model,
                                       RingChartKind      kind,
                                       RingExportFormat   format,
                                       GFile             *file,
                                       int                width,
                                       int                height,
                                       double             scale,
                                       GCancellable      *cancellable,
                                       GError           **error);

typedef struct
{
  double           width_pt;    /* the canvas, in points (a PNG's pixels at scale 1) */
  double           height_pt;
  double           png_scale;   /* pixels per point in a PNG: 1, 2, or 300/72 for 300 dpi */
  /* A figure for a paper: RING_EXPORT_FIGURE_TEXT_PT text, no title (its caption has one). */
  gboolean         figure;
  const RingStyle *style;       /* NULL: the light style, which prints well */
} RingExportOptions;

/* A journal's 6–8 pt. */
#define RING_EXPORT_FIGURE_TEXT_PT  6.5
#define RING_EXPORT_FIGURE_PNG_SCALE (300.0 / 72.0)

gboolean ring_export_chart_with_options (RingModel               *model,
                                         RingChartKind            kind,
                                         RingExportFormat         format,
                                         GFile                   *file,
                                         const RingExportOptions *options,
                                         GCancellable            *cancellable,
                                         GError                 **error);

typedef enum
{
  RING_EXPORT_PAPER_A4,
  RING_EXPORT_PAPER_LETTER,
} RingExportPaper;

gboolean        ring_export_paper_from_string (const char      *name,
                                               RingExportPaper *paper);
/* Letter where LC_PAPER (or LC_ALL, LANG) names a territory that uses it, else A4. */
RingExportPaper ring_export_paper_default     (void);
void            ring_export_paper_size        (RingExportPaper  paper,
                                               double          *width_pt,
                                               double          *height_pt);

/* The parameters, figures, formulas and version, then a page per chart kind. */
gboolean ring_export_report           (RingModel         *model,
                                       GFile             *file,
                                       RingExportPaper    paper,
                                       GCancellable      *cancellable,
                                       GError           **error);

G_END_DECLS
