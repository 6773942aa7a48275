/* ring-png.h: image surfaces to PNG with libpng, tuned for charts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-file-writer.h"

G_BEGIN_DECLS

/* A new CAIRO_FORMAT_ARGB32 image of @width × @height, cleared, as
 * cairo_image_surface_create() makes it, but in huge pages where the kernel offers them:
 * a 1600 × 1000 image is 1 563 page faults in 4 KiB pages, 4 in 2 MiB ones. */
cairo_surface_t *ring_png_create_surface (int width,
                                          int height);

/* Encodes @image (CAIRO_FORMAT_ARGB32 or RGB24) into @writer: RGB when every pixel is
 * opaque, else RGBA; rows Paeth-filtered, compressed by zlib at level 3 on every processor.
 * FALSE with @error set when zlib or libpng fails; a failed write is left in @writer for
 * ring_file_writer_commit() to report. */
gboolean ring_png_write             (cairo_surface_t  *image,
                                    RingFileWriter   *writer,
                                    GError          **error);

/* The same, compressed by @n_slices threads whatever the processors (at most 4), for the
 * tests. */
gboolean _ring_png_write_in_slices (cairo_surface_t  *image,
                                    RingFileWriter   *writer,
                                    guint             n_slices,
                                    GError          **error);

G_END_DECLS
