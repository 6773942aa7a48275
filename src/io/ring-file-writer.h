/* ring-file-writer.h: a file replaced whole or not at all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Every export writes through one of these. For a local file it writes a temporary file
 * beside the target, checks every write and the close, syncs it to disk and renames it
 * over the target; any failure removes the temporary file and leaves the old one as it
 * was. Anything that exists and is not a regular file (a FIFO, a directory, a device) is
 * refused before anything is opened. A symbolic link keeps pointing where it did: its
 * target is replaced. Other GFiles go through g_file_replace() and are discarded, not
 * committed, on failure. */
typedef struct _RingFileWriter RingFileWriter;

RingFileWriter *ring_file_writer_new            (GFile           *file,
                                                 GCancellable    *cancellable,
                                                 GError         **error);
/* FALSE once a write has failed; the first failure is kept for ring_file_writer_commit(),
 * and later writes do nothing. */
gboolean        ring_file_writer_write          (RingFileWriter  *self,
                                                 const void      *data,
                                                 gsize            length);
gboolean        ring_file_writer_has_failed     (RingFileWriter  *self);
/* Makes the new file the target's contents; on failure the target is untouched. */
gboolean        ring_file_writer_commit         (RingFileWriter  *self,
                                                 GError         **error);
/* Discards what was written unless it was committed. */
void            ring_file_writer_free           (RingFileWriter  *self);

/* When @file is a local symbolic link (or a chain of them), the path its replacement
 * writes: the last link's target. NULL when @file is no link. */
char           *ring_file_writer_resolve_link   (GFile           *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingFileWriter, ring_file_writer_free)

G_END_DECLS
