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

/* One PDF: a page with the parameters and derived figures as a table, then a page per
 * chart kind. */
gboolean ring_export_report           (RingModel         *model,
                                       GFile             *file,
                                       int                width,
                                       int                height,
                                       GCancellable      *cancellable,
                                       GError           **error);

G_END_DECLS
