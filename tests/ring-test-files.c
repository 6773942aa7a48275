/* ring-test-files.c: scratch folders, whole files, PLplot's presence and pixels, for the
 * tests that draw and export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>

#include "ring-chart-draw.h"
#include "ring-export.h"
#include "ring-test-files.h"

gboolean
ring_test_skip_without_plplot (void)
{
  if (ring_chart_draw_is_available ())
    return FALSE;

  g_test_skip ("PLplot's extcairo device is not installed");
  return TRUE;
}

char *
ring_test_find_pdf_reader (void)
{
  char *pdftotext;

  if (ring_test_skip_without_plplot ())
    return NULL;

  pdftotext = g_find_program_in_path ("pdftotext");
  if (pdftotext == NULL)
    g_test_skip ("pdftotext (poppler-utils) is not installed");

  return pdftotext;
}

char *
ring_test_make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("ring-test-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

void
ring_test_remove_tmp_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

char *
ring_test_read_file (const char *path,
                     gsize      *length)
{
  g_autoptr(GError) error = NULL;
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, length, &error));
  g_assert_no_error (error);
  return contents;
}

/* How many names @dir holds. */
guint
ring_test_count_files (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (handle != NULL && g_dir_read_name (handle) != NULL)
    n++;

  return n;
}

void
ring_test_check_png (const char *path,
                     int         width,
                     int         height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, width);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==, height);
  cairo_surface_destroy (surface);
}

static void
svg_start_element_cb (GMarkupParseContext  *context,
                      const char           *element_name,
                      const char          **attribute_names,
                      const char          **attribute_values,
                      gpointer              user_data,
                      GError              **error)
{
  char **root = user_data;

  if (*root == NULL)
    *root = g_strdup (element_name);
}

static void
append_text_cb (GMarkupParseContext  *context,
                const char           *text,
                gsize                 length,
                gpointer              user_data,
                GError              **error)
{
  g_string_append_len (user_data, text, length);
}

char *
ring_test_svg_text (const char *svg,
                    gsize       length)
{
  static const GMarkupParser parser = { NULL, NULL, append_text_cb, NULL, NULL };
  GString *text = g_string_new (NULL);
  g_autoptr(GMarkupParseContext) context = g_markup_parse_context_new (&parser, 0, text,
                                                                       NULL);
  g_autoptr(GError) error = NULL;

  g_assert_true (g_markup_parse_context_parse (context, svg, length, &error));
  g_assert_no_error (error);

  return g_string_free (text, FALSE);
}

void
ring_test_check_svg (const char *path)
{
  static const GMarkupParser parser = { svg_start_element_cb, NULL, NULL, NULL, NULL };
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *root = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  contents = ring_test_read_file (path, &length);
  context = g_markup_parse_context_new (&parser, G_MARKUP_PREFIX_ERROR_POSITION, &root, NULL);
  g_markup_parse_context_parse (context, contents, length, &error);
  g_assert_no_error (error);
  g_markup_parse_context_end_parse (context, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (root, ==, "svg");
}

void
ring_test_export_chart (RingModel        *model,
                        RingChartKind     kind,
                        RingExportFormat  format,
                        const char       *path,
                        int               width,
                        int               height,
                        double            scale)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  ring_export_chart (model, kind, format, file, width, height, scale, NULL, &error);
  g_assert_no_error (error);
}

guint32
ring_test_pixel (cairo_surface_t *surface,
                 int              x,
                 int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);

  /* cairo image rows are 4-byte aligned (the stride is a multiple of 4). */
  return *(const guint32 *) (gconstpointer) (data + y * stride + x * 4);
}

guint32
ring_test_color_pixel (const RingColor *color)
{
  return 0xff000000u
         | ((guint32) lround (color->red * 255) << 16)
         | ((guint32) lround (color->green * 255) << 8)
         | (guint32) lround (color->blue * 255);
}
