/* ring-export.h: charts and frames to PNG, SVG, PDF and CSV files, written atomically.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "ring-model.h"
#include "ring-chart-draw.h"

G_BEGIN_DECLS

/* The smallest chart every kind draws legibly (title, legend, axes and a plot area), found
 * by looking at each kind's PNG: at 400 × 250 axis titles are cut off, below 320 × 200 a
 * chart has no room left for its plot. The command line refuses smaller sizes. */
#define RING_EXPORT_MIN_WIDTH       480
#define RING_EXPORT_MIN_HEIGHT      300
/* The largest side of a vector chart, in points. */
#define RING_EXPORT_MAX_SIDE        20000
/* A PNG's pixels are held in memory (4 bytes each) while it is drawn and encoded: 40
 * megapixels is 160 MB and a few seconds, 8000 × 5000. */
#define RING_EXPORT_MAX_PNG_PIXELS  40000000

typedef enum
{
  RING_EXPORT_FORMAT_PNG,
  RING_EXPORT_FORMAT_SVG,
  RING_EXPORT_FORMAT_PDF,
  RING_EXPORT_FORMAT_CSV,
} RingExportFormat;

/* From the file name's extension, case-insensitively; FALSE for anything else. */
gboolean ring_export_format_from_path (const char        *path,
                                       RingExportFormat  *format);

/* The name an export writes when the user typed @name: one ending in .png, .svg, .pdf or
 * .csv keeps it, any other gets @default_format's extension. Sets @format, and @scale to
 * 2 for a PNG named like "chart@2x.png" (twice the pixels, as on the web), else 1. */
char    *ring_export_resolve_name     (const char        *name,
                                       RingExportFormat   default_format,
                                       RingExportFormat  *format,
                                       double            *scale);

/* Writes one chart in @format. @scale multiplies the pixel size of a PNG (1 or 2); vector
 * formats are @width × @height points. A PNG of more than RING_EXPORT_MAX_PNG_PIXELS is
 * refused. The file appears complete or not at all (see ring-file-writer.h); on error
 * @error names the path and the reason. */
gboolean ring_export_chart            (RingModel         *model,
                                       RingChartKind      kind,
                                       RingExportFormat   format,
                                       GFile             *file,
                                       int                width,
                                       int                height,
                                       double             scale,
                                       GCancellable      *cancellable,
                                       GError           **error);

/* A chart file's size and look, for ring_export_chart_with_options(). */
typedef struct
{
  double           width_pt;    /* the canvas, in points (a PNG's pixels at scale 1) */
  double           height_pt;
  double           png_scale;   /* pixels per point in a PNG: 1, 2, or 300/72 for 300 dpi */
  /* A figure of a physical size, for a paper: text of RING_EXPORT_FIGURE_TEXT_PT points
   * whatever the size, and no title above it (its caption has one). */
  gboolean         figure;
  /* The colours; NULL for the light style, which prints well whatever the window's. */
  const RingStyle *style;
} RingExportOptions;

/* Ordinary text of a figure of a physical size, in points (a journal's 6–8 pt). */
#define RING_EXPORT_FIGURE_TEXT_PT  6.5
/* Pixels per point of a figure's PNG: 300 dots per inch. */
#define RING_EXPORT_FIGURE_PNG_SCALE (300.0 / 72.0)

gboolean ring_export_chart_with_options (RingModel               *model,
                                         RingChartKind            kind,
                                         RingExportFormat         format,
                                         GFile                   *file,
                                         const RingExportOptions *options,
                                         GCancellable            *cancellable,
                                         GError                 **error);

/* Paper for the PDF report. */
typedef enum
{
  RING_EXPORT_PAPER_A4,
  RING_EXPORT_PAPER_LETTER,
} RingExportPaper;

/* "a4" or "letter", case-insensitively. */
gboolean        ring_export_paper_from_string (const char      *name,
                                               RingExportPaper *paper);
/* The locale's paper: Letter where LC_PAPER (or LC_ALL, or LANG) names a territory that
 * uses it (the United States, Canada, Mexico, Chile, Colombia, Venezuela, the
 * Philippines, Puerto Rico and Central America), A4 elsewhere. */
RingExportPaper ring_export_paper_default     (void);
/* 595 × 842 points (A4) or 612 × 792 (Letter), portrait. */
void            ring_export_paper_size        (RingExportPaper  paper,
                                               double          *width_pt,
                                               double          *height_pt);

/* One PDF on @paper: a page with the parameters, the derived figures, the model's formulas
 * and assumptions and the version, then a page per chart kind, each chart at a readable
 * size with a numbered caption. */
gboolean ring_export_report           (RingModel         *model,
                                       GFile             *file,
                                       RingExportPaper    paper,
                                       GCancellable      *cancellable,
                                       GError           **error);

G_END_DECLS
