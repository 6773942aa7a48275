/* ring-export-dialog.h: the window's Export flow: a file dialog, the export, a toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-model.h"
#include "ring-chart-draw.h"
#include "ring-export-document.h"

G_BEGIN_DECLS

/* Charts are written at this size: pixels for PNG (times the chosen scale), points for
 * SVG and PDF. */
#define RING_EXPORT_DEFAULT_WIDTH  1600
#define RING_EXPORT_DEFAULT_HEIGHT 1000

/* Asks where to write @kind (PNG, SVG, PDF or CSV by the file name or the chosen filter),
 * writes it and announces the result in @toasts. */
void ring_export_dialog_present        (GtkWindow       *parent,
                                        RingModel       *model,
                                        RingChartKind    kind,
                                        AdwToastOverlay *toasts);
/* The same for a document of the registry (ring-export-document.h), in its one format. */
void ring_export_dialog_present_document (GtkWindow          *parent,
                                          RingModel          *model,
                                          RingExportDocument  document,
                                          AdwToastOverlay    *toasts);

G_END_DECLS
