/* ring-export-dialog.c: choosing a file for a chart or the report, writing it, and saying
 * so in a toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ring-printable.h"
#include "ring-export.h"
#include "ring-export-document.h"
#include "ring-export-dialog.h"
#include "ring-file-dialog.h"


static const struct
{
  RingExportFormat  format;
  const char       *name;
  const char       *suffix;
  const char       *mime_type;
} formats[] = {
  { RING_EXPORT_FORMAT_PNG, N_("PNG image"), "png", "image/png" },
  { RING_EXPORT_FORMAT_SVG, N_("SVG image"), "svg", "image/svg+xml" },
  { RING_EXPORT_FORMAT_PDF, N_("PDF document"), "pdf", "application/pdf" },
  { RING_EXPORT_FORMAT_CSV, N_("CSV table (the chart’s data)"), "csv", "text/csv" },
};

typedef struct
{
  RingModel        *model;
  RingChartKind     kind;
  const RingExportDocumentInfo *document;  /* NULL: the chart of @kind */
  RingExportFormat  default_format;  /* the initial name's, and a bare name's */
  AdwToastOverlay  *toasts;
  GtkFileFilter    *filters[G_N_ELEMENTS (formats)];
} ExportRequest;

static void
export_request_free (ExportRequest *request)
{
  g_clear_object (&request->model);
  g_clear_object (&request->toasts);
  for (guint i = 0; i < G_N_ELEMENTS (request->filters); i++)
    g_clear_object (&request->filters[i]);
  g_free (request);
}

static ExportRequest *
export_request_new (RingModel                    *model,
                    RingChartKind                 kind,
                    const RingExportDocumentInfo *document,
                    AdwToastOverlay              *toasts)
{
  ExportRequest *request = g_new0 (ExportRequest, 1);

  request->model = g_object_ref (model);
  request->kind = kind;
  request->document = document;
  request->default_format = RING_EXPORT_FORMAT_PNG;
  request->toasts = toasts != NULL ? g_object_ref (toasts) : NULL;

  /* A document has one format, its own filter in the first slot. */
  if (document != NULL)
    {
      GtkFileFilter *filter = gtk_file_filter_new ();

      gtk_file_filter_set_name (filter, _(document->format_title));
      gtk_file_filter_add_mime_type (filter, document->mime_type);
      gtk_file_filter_add_suffix (filter, document->suffix);
      request->filters[0] = g_object_ref_sink (filter);
      return request;
    }

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      GtkFileFilter *filter;

      filter = gtk_file_filter_new ();
      gtk_file_filter_set_name (filter, _(formats[i].name));
#if GTK_CHECK_VERSION (4, 10, 0)
      /* GtkFileDialog offers no choices, so the PNG filter tells how to ask for 2×. */
      if (formats[i].format == RING_EXPORT_FORMAT_PNG)
        {
          /* TRANSLATORS: a file type in the export dialog; %d × %d is a size in pixels. */
          g_autofree char *name = g_strdup_printf (_("PNG image (end the name in “@2x” "
                                                     "for %d × %d pixels)"),
                                                   2 * RING_EXPORT_DEFAULT_WIDTH,
                                                   2 * RING_EXPORT_DEFAULT_HEIGHT);

          gtk_file_filter_set_name (filter, name);
        }
#endif
      gtk_file_filter_add_mime_type (filter, formats[i].mime_type);
      gtk_file_filter_add_suffix (filter, formats[i].suffix);
      request->filters[i] = g_object_ref_sink (filter);
    }

  return request;
}

static char *
initial_name (ExportRequest *request)
{
  if (request->document != NULL)
    return g_strdup (request->document->initial_name);

  return ring_export_resolve_name (ring_chart_kind_to_string (request->kind),
                                   request->default_format, NULL, NULL);
}

static void
announce (ExportRequest *request,
          const char    *message)
{
  g_autofree char *markup = g_markup_escape_text (message, -1);
  AdwToast *toast;

  if (request->toasts == NULL)
    {
      g_message ("%s", message);
      return;
    }

  toast = adw_toast_new (markup);
  adw_toast_overlay_add_toast (request->toasts, toast);
}

/* The file the user chose, named as ring_export_resolve_name() says: a name typed without
 * a known extension gets @default_format's. */
static GFile *
resolve_file (GFile            *file,
              RingExportFormat  default_format,
              RingExportFormat *format,
              double           *png_scale)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *resolved = NULL;

  *format = default_format;
  *png_scale = 1.0;
  if (basename == NULL)
    return g_object_ref (file);

  resolved = ring_export_resolve_name (basename, default_format, format, png_scale);
  if (parent == NULL || g_strcmp0 (resolved, basename) == 0)
    return g_object_ref (file);

  return g_file_get_child (parent, resolved);
}

/* @file named for @format: an extension of another format replaced ("chart.png" becomes
 * "chart.svg"), none added ("chart" stays: resolve_file() adds it). */
static GFile *
rename_for_format (GFile            *file,
                   RingExportFormat  format)
{
  g_autofree char *basename = g_file_get_basename (file);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *stem = NULL;
  g_autofree char *renamed = NULL;
  RingExportFormat named;

  if (basename == NULL || parent == NULL
      || !ring_export_format_from_path (basename, &named) || named == format)
    return g_object_ref (file);

  stem = g_strndup (basename, strrchr (basename, '.') - basename);
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (formats[i].format == format)
      renamed = g_strconcat (stem, ".", formats[i].suffix, NULL);

  return g_file_get_child (parent, renamed);
}

static void
announce_written (ExportRequest *request,
                  const char    *basename,
                  gboolean       written,
                  GError        *error)
{
  g_autofree char *message = NULL;

  if (written)
    /* TRANSLATORS: a toast; %s is a file name. */
    message = g_strdup_printf (_("Exported “%s”"), basename);
  else
    message = g_strdup (error->message);

  announce (request, message);
}

/* Exports are light, for print, unless @window_style asks for the window's (dark) one. */
static void
write_file (ExportRequest    *request,
            GFile            *file,
            RingExportFormat  format,
            double            png_scale,
            gboolean          window_style)
{
  RingExportOptions options = {
    RING_EXPORT_DEFAULT_WIDTH, RING_EXPORT_DEFAULT_HEIGHT, png_scale, FALSE, NULL,
  };
  RingStyle style;
  g_autoptr(GError) error = NULL;
  g_autofree char *file_basename = g_file_get_basename (file);
  g_autofree char *basename = file_basename != NULL ? ring_filename_display (file_basename)
                                                    : g_strdup ("");
  gboolean written;

  if (window_style)
    {
      ring_style_init (&style, adw_style_manager_get_dark (adw_style_manager_get_default ()));
      options.style = &style;
    }

  written = ring_export_chart_with_options (request->model, request->kind, format, file,
                                              &options, NULL, &error);

  announce_written (request, basename, written, error);
}

/* A document's file: a bare name gets its extension, another extension is refused. */
static void
write_document (ExportRequest *request,
                GFile         *chosen)
{
  const RingExportDocumentInfo *document = request->document;
  g_autofree char *file_basename = g_file_get_basename (chosen);
  g_autofree char *basename = file_basename != NULL ? ring_filename_display (file_basename)
                                                    : g_strdup ("");
  g_autoptr(GFile) parent = g_file_get_parent (chosen);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  gboolean written;

  if (file_basename != NULL && parent != NULL && strchr (file_basename, '.') == NULL)
    {
      g_autofree char *named = g_strconcat (file_basename, ".", document->suffix, NULL);

      g_free (basename);
      basename = ring_filename_display (named);
      file = g_file_get_child (parent, named);
    }
  else if (file_basename != NULL && !ring_export_document_has_suffix (document, file_basename))
    {
      /* TRANSLATORS: a file name; a document ("Report"); its extension ("pdf") */
      g_autofree char *message = g_strdup_printf (_("Could not export “%s”: the %s is a .%s "
                                                    "file"),
                                                  basename, _(document->title),
                                                  document->suffix);

      announce (request, message);
      return;
    }
  else
    {
      file = g_object_ref (chosen);
    }

  written = document->write (request->model, file, ring_export_paper_default (), &error);
  announce_written (request, basename, written, error);
}

/* The drop-downs GtkFileChooserNative shows; GtkFileDialog has none. */
enum
{
  CHOICE_PNG_SCALE,
  CHOICE_COLORS,
  N_CHOICES,
};

static void
ring_export_dialog_done_cb (const RingFileDialogAnswer *answer,
                            gpointer                    user_data)
{
  ExportRequest *request = user_data;
  RingExportFormat default_format = request->default_format;
  g_autoptr(GFile) chosen = NULL;
  g_autoptr(GFile) file = NULL;
  RingExportFormat format;
  double png_scale;

  if (answer->file == NULL)
    {
      if (answer->error != NULL)
        announce (request, answer->error->message);
      return;
    }
  if (request->document != NULL)
    {
      write_document (request, answer->file);
      return;
    }

  /* A filter picked in the dialog wins: the file is written in its format, under the
   * name with that format's extension. The filter the dialog opened with does not: there
   * a typed extension chooses, and a bare name gets the filter's. GtkFileDialog does not
   * say which filter was chosen: there the name alone decides. */
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    if (answer->filter != NULL && request->filters[i] == answer->filter)
      {
        if (formats[i].format != request->default_format)
          chosen = rename_for_format (answer->file, formats[i].format);
        default_format = formats[i].format;
      }

  file = resolve_file (chosen != NULL ? chosen : answer->file, default_format, &format,
                       &png_scale);
  if (g_strcmp0 (answer->choices[CHOICE_PNG_SCALE], "2") == 0)
    png_scale = 2.0;
  write_file (request, file, format, png_scale,
              g_strcmp0 (answer->choices[CHOICE_COLORS], "window") == 0);
}

static void
present (GtkWindow     *parent,
         ExportRequest *request,
         const char    *title)
{
  g_autofree char *name = initial_name (request);
  GtkFileFilter *filters[G_N_ELEMENTS (formats) + 1] = { NULL, };
  guint n_filters = 0;
  /* Light by default, which prints, even from a dark window. */
  static const char *const scales[] = { "1", "2", NULL };
  static const char *const colors[] = { "light", "window", NULL };
  g_autofree char *single = g_strdup_printf (_("1× (%d × %d pixels)"),
                                             RING_EXPORT_DEFAULT_WIDTH,
                                             RING_EXPORT_DEFAULT_HEIGHT);
  g_autofree char *twice = g_strdup_printf (_("2× (%d × %d pixels)"),
                                            2 * RING_EXPORT_DEFAULT_WIDTH,
                                            2 * RING_EXPORT_DEFAULT_HEIGHT);
  const char *scale_labels[] = { single, twice, NULL };
  const char *color_labels[] = { _("Light, for print"), _("As in the window"), NULL };
  const RingFileDialogChoice choices[N_CHOICES] = {
    [CHOICE_PNG_SCALE] = { "png-scale", _("PNG resolution"), scales, scale_labels, "1" },
    [CHOICE_COLORS] = { "colors", _("Colours"), colors, color_labels, "light" },
  };
  RingFileDialogOptions options = {
    .saving = TRUE,
    .title = title,
    .accept_label = _("_Export"),
    .initial_name = name,
    .filters = filters,
    .choices = choices,
    .n_choices = request->document != NULL ? 0 : N_CHOICES,
  };

  for (guint i = 0; i < G_N_ELEMENTS (request->filters); i++)
    {
      if (request->filters[i] == NULL)
        continue;
      filters[n_filters++] = request->filters[i];
      if (request->document != NULL || formats[i].format == request->default_format)
        options.default_filter = request->filters[i];
    }

  _ring_file_dialog_present (parent, &options, ring_export_dialog_done_cb, request,
                             (GDestroyNotify) export_request_free);
}

void
ring_export_dialog_present (GtkWindow       *parent,
                            RingModel       *model,
                            RingChartKind    kind,
                            AdwToastOverlay *toasts)
{
  ExportRequest *request;
  g_autofree char *title = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (kind < RING_N_CHARTS);
  g_return_if_fail (toasts == NULL || ADW_IS_TOAST_OVERLAY (toasts));

  request = export_request_new (model, kind, NULL, toasts);
  /* TRANSLATORS: the file dialog's title; %s is a chart's title. */
  title = g_strdup_printf (_("Export “%s”"), ring_chart_kind_get_title (kind));
  present (parent, request, title);
}

void
ring_export_dialog_present_document (GtkWindow          *parent,
                                     RingModel          *model,
                                     RingExportDocument  document,
                                     AdwToastOverlay    *toasts)
{
  const RingExportDocumentInfo *info;
  g_autofree char *title = NULL;

  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (document < RING_N_EXPORT_DOCUMENTS);
  g_return_if_fail (toasts == NULL || ADW_IS_TOAST_OVERLAY (toasts));

  info = ring_export_document_info (document);
  /* TRANSLATORS: the file dialog's title; %s is a document ("Report") */
  title = g_strdup_printf (_("Export %s"), _(info->title));
  present (parent, export_request_new (model, RING_CHART_UTILIZATION_VS_GPUS, info, toasts),
           title);
}
