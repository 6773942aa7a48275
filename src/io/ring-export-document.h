/* ring-export-document.h: the files an export writes besides one chart, each in its one
 * format: the PDF report of every chart and NCCL's tuner configuration. --chart names
 * them and the File menu offers them from this registry.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-export.h"

G_BEGIN_DECLS

typedef enum
{
  RING_EXPORT_DOCUMENT_REPORT,
  RING_EXPORT_DOCUMENT_NCCL_TUNER,
} RingExportDocument;

#define RING_N_EXPORT_DOCUMENTS (RING_EXPORT_DOCUMENT_NCCL_TUNER + 1)

typedef struct
{
  RingExportDocument document;
  const char        *name;          /* as after --chart: "all", "nccl-tuner" */
  const char        *title;         /* N_(): the file dialog's and --chart list's */
  const char        *format_title;  /* N_(): its file type, in the dialog's filter */
  const char        *suffix;        /* its one format's extension, without the dot */
  const char        *mime_type;
  const char        *initial_name;  /* what the dialog proposes */
  gboolean           paper;         /* printed: --paper applies */
  gboolean         (*write) (RingModel       *model,
                             GFile           *file,
                             RingExportPaper  paper,
                             GError         **error);
} RingExportDocumentInfo;

const RingExportDocumentInfo *ring_export_document_info        (RingExportDocument  document);
/* FALSE for a name no document has. */
gboolean                      ring_export_document_from_string (const char         *name,
                                                                RingExportDocument *document);
/* Whether @path ends in @info's extension, in any case. */
gboolean                      ring_export_document_has_suffix  (const RingExportDocumentInfo *info,
                                                                const char                   *path);

G_END_DECLS
