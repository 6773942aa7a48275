/* ring-export-document.c: the registry of documents: the report and NCCL's tuner file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-io"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ring-export-document.h"
#include "ring-export-tuner.h"

static gboolean
write_report (RingModel       *model,
              GFile           *file,
              RingExportPaper  paper,
              GError         **error)
{
  return ring_export_report (model, file, paper, NULL, error);
}

static gboolean
write_tuner (RingModel       *model,
             GFile           *file,
             RingExportPaper  paper,
             GError         **error)
{
  return ring_export_nccl_tuner (ring_model_get_params (model), file, error);
}

/* In RingExportDocument order. */
static const RingExportDocumentInfo documents[] = {
  {
    RING_EXPORT_DOCUMENT_REPORT, "all", N_("Report"), N_("PDF document"), "pdf",
    "application/pdf", "ring-allreduce-report.pdf", TRUE, write_report,
  },
  {
    RING_EXPORT_DOCUMENT_NCCL_TUNER, "nccl-tuner", N_("NCCL Tuner Configuration"),
    /* TRANSLATORS: a file type; NCCL_TUNER_CONFIG_FILE is an environment variable */
    N_("NCCL tuner configuration (NCCL_TUNER_CONFIG_FILE)"), "conf", "text/plain",
    /* The name NCCL's example plugin reads when NCCL_TUNER_CONFIG_FILE is unset. */
    "nccl_tuner.conf", FALSE, write_tuner,
  },
};

G_STATIC_ASSERT (G_N_ELEMENTS (documents) == RING_N_EXPORT_DOCUMENTS);

const RingExportDocumentInfo *
ring_export_document_info (RingExportDocument document)
{
  g_return_val_if_fail (document < RING_N_EXPORT_DOCUMENTS, NULL);

  return &documents[document];
}

gboolean
ring_export_document_from_string (const char         *name,
                                  RingExportDocument *document)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (documents); i++)
    if (g_str_equal (name, documents[i].name))
      {
        if (document != NULL)
          *document = documents[i].document;
        return TRUE;
      }

  return FALSE;
}

gboolean
ring_export_document_has_suffix (const RingExportDocumentInfo *info,
                                 const char                   *path)
{
  const char *dot;

  g_return_val_if_fail (info != NULL && path != NULL, FALSE);

  dot = strrchr (path, '.');

  return dot != NULL && g_ascii_strcasecmp (dot + 1, info->suffix) == 0;
}
