/* ring-test-files.h: scratch folders, whole files, PLplot's presence, the checks of
 * exported files and the pixels of drawn images, for the tests that draw and export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ring-export.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* TRUE, with the test marked skipped, when PLplot's extcairo device is missing. */
gboolean  ring_test_skip_without_plplot (void);
/* pdftotext's path, for a case that draws a PDF and reads its text back; NULL, with the
 * case skipped, where PLplot's extcairo device or pdftotext (poppler-utils) is missing. */
char     *ring_test_find_pdf_reader     (void);
/* A new empty folder in the temporary folder; its files and itself go with
 * ring_test_remove_tmp_dir(). */
char     *ring_test_make_tmp_dir        (void);
void      ring_test_remove_tmp_dir      (const char *dir);
/* The whole file, which must exist and be readable. */
char     *ring_test_read_file           (const char *path,
                                         gsize      *length);

/* How many names @dir holds. */
guint     ring_test_count_files         (const char *dir);
/* The file is a PNG of @width × @height pixels that cairo reads. */
void      ring_test_check_png           (const char *path,
                                         int         width,
                                         int         height);
/* The file is well-formed XML whose root is <svg>. */
void      ring_test_check_svg           (const char *path);
/* The character data of an SVG text, character references resolved: its text as a
 * reader sees it (PLplot's svg device writes every character as a reference). */
char     *ring_test_svg_text            (const char *svg,
                                         gsize       length);
/* Exports @kind to @path through the library, which must succeed. */
void      ring_test_export_chart        (RingModel        *model,
                                         RingChartKind     kind,
                                         RingExportFormat  format,
                                         const char       *path,
                                         int               width,
                                         int               height,
                                         double            scale);

/* The pixel at @x, @y of @surface, an ARGB32 image cairo has finished drawing. */
guint32   ring_test_pixel               (cairo_surface_t  *surface,
                                         int               x,
                                         int               y);
/* @color as that pixel, opaque, each channel rounded to the nearest of 0 to 255. */
guint32   ring_test_color_pixel         (const RingColor  *color);

G_END_DECLS
