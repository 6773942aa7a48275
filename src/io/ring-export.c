/* ring-export.c: charts to PNG, SVG, PDF and CSV files, and the PDF report.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <cairo-pdf.h>
#include <errno.h>
#include <cairo-svg.h>
#include <fontconfig/fontconfig.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ring-printable.h"
#include "ring-export.h"
#include "ring-file-writer.h"
#include "ring-png.h"
#include "ring-chart-series-private.h"
#include "ring-export-private.h"
#include "ring-report.h"

/* cairo's own limit for image surfaces. */
#define MAX_EXPORT_PIXELS 32767

gboolean
ring_export_format_from_path (const char       *path,
                              RingExportFormat *format)
{
  static const struct
  {
    const char       *extension;
    RingExportFormat  format;
  } formats[] = {
    { ".png", RING_EXPORT_FORMAT_PNG },
    { ".svg", RING_EXPORT_FORMAT_SVG },
    { ".pdf", RING_EXPORT_FORMAT_PDF },
    { ".csv", RING_EXPORT_FORMAT_CSV },
  };
  const char *dot;

  g_return_val_if_fail (path != NULL, FALSE);

  dot = strrchr (path, '.');
  if (dot == NULL || strchr (dot, '/') != NULL)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      if (g_ascii_strcasecmp (dot, formats[i].extension) == 0)
        {
          if (format != NULL)
            *format = formats[i].format;
          return TRUE;
        }
    }

  return FALSE;
}

char *
ring_export_resolve_name (const char       *name,
                          RingExportFormat  default_format,
                          RingExportFormat *format,
                          double           *scale)
{
  /* In RingExportFormat's order. */
  static const char *extensions[] = { ".png", ".svg", ".pdf", ".csv" };
  G_STATIC_ASSERT (G_N_ELEMENTS (extensions) == RING_EXPORT_FORMAT_CSV + 1);
  RingExportFormat resolved_format = default_format;
  g_autofree char *lower = NULL;
  char *resolved;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (default_format <= RING_EXPORT_FORMAT_CSV, NULL);

  if (ring_export_format_from_path (name, &resolved_format))
    resolved = g_strdup (name);
  else
    resolved = g_strconcat (name, extensions[default_format], NULL);

  lower = g_ascii_strdown (resolved, -1);
  if (format != NULL)
    *format = resolved_format;
  if (scale != NULL)
    *scale = g_str_has_suffix (lower, "@2x.png") ? 2.0 : 1.0;

  return resolved;
}

/* Writing. */

static void
set_write_error (GError     **error,
                 GFile       *file,
                 int          code,
                 const char  *reason)
{
  g_autofree char *parse_name = g_file_get_parse_name (file);
  g_autofree char *name = ring_text_make_printable (parse_name);

  g_set_error (error, G_IO_ERROR, code, _("Could not write “%s”: %s"), name, reason);
}

cairo_status_t
_ring_export_write_to_file_cb (void                *closure,
                               const unsigned char *data,
                               unsigned int         length)
{
  return ring_file_writer_write (closure, data, length) ? CAIRO_STATUS_SUCCESS
                                                        : CAIRO_STATUS_WRITE_ERROR;
}

/* Commits @writer unless drawing or encoding ended in @status. A write that failed is the
 * cause of any cairo error after it, so its reason (a full disk, say) is the one told. */
gboolean
_ring_export_finish_file (RingFileWriter  *writer,
                          cairo_status_t   status,
                          GFile           *file,
                          GError         **error)
{
  if (status != CAIRO_STATUS_SUCCESS && !ring_file_writer_has_failed (writer))
    {
      set_write_error (error, file, G_IO_ERROR_FAILED, cairo_status_to_string (status));
      return FALSE;
    }

  return ring_file_writer_commit (writer, error);
}

gboolean
_ring_export_check_size (GFile            *file,
                         RingExportFormat  format,
                         double            width,
                         double            height,
                         double            scale,
                         GError          **error)
{
  g_autofree char *reason = NULL;
  double pixel_width = width * scale;
  double pixel_height = height * scale;

  if (!(width > 0) || !(height > 0) || !isfinite (scale) || scale <= 0
      || pixel_width > MAX_EXPORT_PIXELS || pixel_height > MAX_EXPORT_PIXELS)
    /* TRANSLATORS: why an export failed; %d is a size in pixels. */
    reason = g_strdup_printf (_("the size must be between 1 and %d pixels a side"),
                              MAX_EXPORT_PIXELS);
  else if (format == RING_EXPORT_FORMAT_PNG
           && pixel_width * pixel_height > RING_EXPORT_MAX_PNG_PIXELS)
    /* TRANSLATORS: why an export failed; %d is a number of megapixels. */
    reason = g_strdup_printf (_("a PNG can have at most %d megapixels"),
                              RING_EXPORT_MAX_PNG_PIXELS / 1000000);
  else
    return TRUE;

  set_write_error (error, file, G_IO_ERROR_INVALID_ARGUMENT, reason);
  return FALSE;
}

/* Fonts. */

/* Pango's font map reads fontconfig's configuration in a thread of its own, and cairo,
 * measuring the first string a moment later, reads it again on this one: fontconfig keeps
 * whichever finishes first and throws the other away, 5 ms of a core for nothing (a tenth
 * of a PNG export). Read here, once, it is there for both. Where fontconfig is read
 * already (in the window, or for a second export) this returns at once. */
void
_ring_export_init_fonts (void)
{
  if (!FcInit ())
    g_debug ("fontconfig could not read its configuration");
}

/* Charts. */

/* Draws @kind on @cr as @options ask. */
static void
draw_chart (RingModel               *model,
            RingChartKind            kind,
            cairo_t                 *cr,
            const RingExportOptions *options,
            const RingStyle         *style)
{
  RingChartDrawOptions draw_options = { 0 };

  if (options->figure)
    {
      draw_options.text_pt = RING_EXPORT_FIGURE_TEXT_PT;
      draw_options.untitled = TRUE;
    }
  ring_chart_draw_with_options (kind, model, cr, options->width_pt, options->height_pt, style,
                                &draw_options);
}

static gboolean
render_png (RingModel               *model,
            RingChartKind            kind,
            const RingExportOptions *options,
            const RingStyle         *style,
            RingFileWriter          *writer,
            GFile                   *file,
            GError                 **error)
{
  g_autoptr(GError) local_error = NULL;
  double scale = options->png_scale;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  surface = ring_png_create_surface ((int) ceil (options->width_pt * scale - 1e-6),
                                     (int) ceil (options->height_pt * scale - 1e-6));
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  draw_chart (model, kind, cr, options, style);
  status = cairo_status (cr);
  cairo_destroy (cr);

  if (status == CAIRO_STATUS_SUCCESS && !ring_png_write (surface, writer, &local_error)
      && local_error != NULL)
    {
      cairo_surface_destroy (surface);
      set_write_error (error, file, G_IO_ERROR_FAILED, local_error->message);
      return FALSE;
    }
  cairo_surface_destroy (surface);

  return _ring_export_finish_file (writer, status, file, error);
}

cairo_surface_t *
_ring_export_create_vector_surface (RingExportFormat  format,
                                    RingFileWriter   *writer,
                                    double            width,
                                    double            height)
{
  cairo_surface_t *surface;

  if (format == RING_EXPORT_FORMAT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (_ring_export_write_to_file_cb, writer,
                                                     width, height);
      cairo_svg_surface_restrict_to_version (surface, CAIRO_SVG_VERSION_1_1);
      return surface;
    }

  surface = cairo_pdf_surface_create_for_stream (_ring_export_write_to_file_cb, writer,
                                                 width, height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, PACKAGE_NAME);
  return surface;
}

/* Ends the drawing on @cr and finishes its vector @surface (a stream's write errors show
 * only then), and frees both. */
cairo_status_t
_ring_export_finish_vector_drawing (cairo_t         *cr,
                                    cairo_surface_t *surface)
{
  cairo_status_t status = cairo_status (cr);

  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);

  return status;
}

/* An SVG drawn by PLplot's svg device, which keeps text as <text> elements (cairo's SVG
 * surface writes each glyph as a path): into memory, then to @writer. */
static gboolean
render_svg (RingModel               *model,
            RingChartKind            kind,
            const RingExportOptions *options,
            const RingStyle         *style,
            RingFileWriter          *writer,
            GFile                   *file,
            GError                 **error)
{
  RingChartDrawOptions draw_options = { 0 };
  g_autofree char *svg = NULL;
  size_t length = 0;
  FILE *stream = open_memstream (&svg, &length);

  if (stream == NULL)
    {
      set_write_error (error, file, g_io_error_from_errno (errno), g_strerror (errno));
      return FALSE;
    }
  if (options->figure)
    {
      draw_options.text_pt = RING_EXPORT_FIGURE_TEXT_PT;
      draw_options.untitled = TRUE;
    }
  /* PLplot closes the stream when it ends the page. */
  if (!ring_chart_draw_svg (kind, model, stream, options->width_pt, options->height_pt, style,
                            &draw_options))
    {
      fclose (stream);
      set_write_error (error, file, G_IO_ERROR_NOT_SUPPORTED,
                       _("PLplot cannot draw an SVG file of this size"));
      return FALSE;
    }
  ring_file_writer_write (writer, svg, length);

  return _ring_export_finish_file (writer, CAIRO_STATUS_SUCCESS, file, error);
}

static gboolean
render_pdf (RingModel               *model,
            RingChartKind            kind,
            const RingExportOptions *options,
            const RingStyle         *style,
            RingFileWriter          *writer,
            GFile                   *file,
            GError                 **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  surface = _ring_export_create_vector_surface (RING_EXPORT_FORMAT_PDF, writer,
                                                options->width_pt, options->height_pt);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                  ring_chart_kind_get_title (kind));
  cr = cairo_create (surface);
  draw_chart (model, kind, cr, options, style);
  cairo_show_page (cr);

  return _ring_export_finish_file (writer, _ring_export_finish_vector_drawing (cr, surface), file,
                                   error);
}

/* CSV: one column per series, one row per point, '.' as the decimal separator whatever the
 * locale, as RFC 4180 and every spreadsheet expect. */

static void
append_csv_field (GString    *csv,
                  const char *field)
{
  if (strpbrk (field, ",\"\r\n") == NULL)
    {
      g_string_append (csv, field);
      return;
    }

  g_string_append_c (csv, '"');
  for (const char *c = field; *c != '\0'; c++)
    {
      if (*c == '"')
        g_string_append_c (csv, '"');
      g_string_append_c (csv, *c);
    }
  g_string_append_c (csv, '"');
}

/* The fewest digits that read back as the same double; an empty field for no value. */
static void
append_csv_number (GString *csv,
                   double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append (csv, ring_report_format_number (value, buffer) != NULL ? buffer : "");
}

static char *
chart_to_csv (RingModel     *model,
              RingChartKind  kind)
{
  g_autoptr(RingChartData) data = _ring_chart_data_new_for_model (kind, model);
  GString *csv = g_string_new (NULL);

  for (guint c = 0; c < data->columns->len; c++)
    {
      RingSeries *series = _ring_chart_data_column (data, c);
      g_autofree char *header = series->csv_header != NULL ? g_strdup (series->csv_header)
                                : *series->unit != '\0'
                                ? g_strdup_printf ("%s (%s)", series->label, series->unit)
                                : g_strdup (series->label);

      if (c > 0)
        g_string_append_c (csv, ',');
      append_csv_field (csv, header);
    }
  g_string_append (csv, "\r\n");

  for (guint row = 0; row < data->n_rows; row++)
    {
      for (guint c = 0; c < data->columns->len; c++)
        {
          RingSeries *series = _ring_chart_data_column (data, c);

          if (c > 0)
            g_string_append_c (csv, ',');
          if (series->texts != NULL)
            append_csv_field (csv, series->texts[row]);
          else
            append_csv_number (csv, series->values[row]);
        }
      g_string_append (csv, "\r\n");
    }

  return g_string_free (csv, FALSE);
}

gboolean
ring_export_chart (RingModel         *model,
                   RingChartKind      kind,
                   RingExportFormat   format,
                   GFile             *file,
                   int                width,
                   int                height,
                   double             scale,
                   GCancellable      *cancellable,
                   GError           **error)
{
  RingExportOptions options = { width, height, scale, FALSE, NULL };

  return ring_export_chart_with_options (model, kind, format, file, &options, cancellable,
                                         error);
}

gboolean
ring_export_chart_with_options (RingModel               *model,
                                RingChartKind            kind,
                                RingExportFormat         format,
                                GFile                   *file,
                                const RingExportOptions *options,
                                GCancellable            *cancellable,
                                GError                 **error)
{
  g_autoptr(RingFileWriter) writer = NULL;
  RingExportOptions checked;
  RingStyle light;

  g_return_val_if_fail (RING_IS_MODEL (model), FALSE);
  g_return_val_if_fail (kind < RING_N_CHARTS, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (options != NULL, FALSE);
  g_return_val_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  checked = *options;
  if (format != RING_EXPORT_FORMAT_PNG)
    checked.png_scale = 1.0;
  if (format != RING_EXPORT_FORMAT_CSV
      && !_ring_export_check_size (file, format, checked.width_pt, checked.height_pt,
                                   checked.png_scale, error))
    return FALSE;
  ring_style_init_light (&light);
  if (checked.style == NULL)
    checked.style = &light;

  /* Before drawing anything: a name that cannot be written is refused at once. */
  writer = ring_file_writer_new (file, cancellable, error);
  if (writer == NULL)
    return FALSE;

  if (format != RING_EXPORT_FORMAT_CSV)
    _ring_export_init_fonts ();

  switch (format)
    {
    case RING_EXPORT_FORMAT_PNG:
      return render_png (model, kind, &checked, checked.style, writer, file, error);

    case RING_EXPORT_FORMAT_SVG:
      return render_svg (model, kind, &checked, checked.style, writer, file, error);

    case RING_EXPORT_FORMAT_PDF:
      return render_pdf (model, kind, &checked, checked.style, writer, file, error);

    case RING_EXPORT_FORMAT_CSV:
      {
        g_autofree char *csv = chart_to_csv (model, kind);

        ring_file_writer_write (writer, csv, strlen (csv));
        return ring_file_writer_commit (writer, error);
      }

    default:
      g_return_val_if_reached (FALSE);
    }
}
