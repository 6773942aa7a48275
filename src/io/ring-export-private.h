/* ring-export-private.h: what the chart files and the PDF report share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>

#include "ring-export.h"
#include "ring-file-writer.h"

G_BEGIN_DECLS

/* Reads fontconfig's configuration once, before anything draws text (see ring-export.c). */
void             _ring_export_init_fonts            (void);
/* A cairo write function onto a RingFileWriter. */
cairo_status_t   _ring_export_write_to_file_cb      (void                *closure,
                                                     const unsigned char *data,
                                                     unsigned int         length);
/* FALSE, with @error naming @file, if a file of @width × @height (× @scale pixels for a
 * PNG) cannot be written. */
gboolean         _ring_export_check_size            (GFile               *file,
                                                     RingExportFormat     format,
                                                     double               width,
                                                     double               height,
                                                     double               scale,
                                                     GError             **error);
cairo_surface_t *_ring_export_create_vector_surface (RingExportFormat     format,
                                                     RingFileWriter      *writer,
                                                     double               width,
                                                     double               height);
cairo_status_t   _ring_export_finish_vector_drawing (cairo_t             *cr,
                                                     cairo_surface_t     *surface);
gboolean         _ring_export_finish_file           (RingFileWriter      *writer,
                                                     cairo_status_t       status,
                                                     GFile               *file,
                                                     GError             **error);

G_END_DECLS
