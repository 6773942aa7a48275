/* ring-file-writer.c: a file replaced whole or not at all.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ring-printable.h"
#include "ring-file-writer.h"

/* Cairo and libpng hand over a few kilobytes at a time; one system call per 64 KiB. */
#define BUFFER_SIZE (64 * 1024)
/* The kernel's own limit before ELOOP. */
#define MAX_LINKS   40
/* Room for ".", ".XXXXXX" and the file system's 255-byte name limit. */
#define MAX_TEMP_STEM 200

struct _RingFileWriter
{
  GFile             *file;
  GCancellable      *cancellable;
  GError            *error;        /* the first failure; later ones are its consequences */
  gboolean           committed;

  /* A local file: the temporary file beside the (link-resolved) target. */
  char              *target_path;
  char              *temp_path;
  int                fd;

  /* Any other GFile. */
  GFileOutputStream *stream;

  guint8            *buffer;
  gsize              buffered;
};

/* Errors, always naming the file the user asked for. */

static void
fail_with_reason (RingFileWriter *self,
                  int             code,
                  const char     *reason)
{
  g_autofree char *parse_name = NULL;
  g_autofree char *name = NULL;

  if (self->error != NULL)
    return;

  parse_name = g_file_get_parse_name (self->file);
  name = ring_text_make_printable (parse_name);
  g_set_error (&self->error, G_IO_ERROR, code, _("Could not write “%s”: %s"), name, reason);
}

static void
fail_with_errno (RingFileWriter *self,
                 int             saved_errno)
{
  fail_with_reason (self, g_io_error_from_errno (saved_errno), g_strerror (saved_errno));
}

/* GIO's messages name the file in their own words; ours say "Could not write “path”: the
 * system's reason" the same way for every kind of file. */
static void
fail_with_gio_error (RingFileWriter *self,
                     GError         *local_error)
{
  static const struct
  {
    GIOErrorEnum code;
    int          errno_value;
  } reasons[] = {
    { G_IO_ERROR_NOT_FOUND, ENOENT },
    { G_IO_ERROR_NOT_DIRECTORY, ENOTDIR },
    { G_IO_ERROR_IS_DIRECTORY, EISDIR },
    { G_IO_ERROR_PERMISSION_DENIED, EACCES },
    { G_IO_ERROR_NO_SPACE, ENOSPC },
    { G_IO_ERROR_READ_ONLY, EROFS },
    { G_IO_ERROR_FILENAME_TOO_LONG, ENAMETOOLONG },
  };

  if (self->error != NULL)
    return;

  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      self->error = g_error_copy (local_error);
      return;
    }

  if (local_error->domain == G_IO_ERROR)
    for (guint i = 0; i < G_N_ELEMENTS (reasons); i++)
      if (local_error->code == (int) reasons[i].code)
        {
          fail_with_errno (self, reasons[i].errno_value);
          return;
        }

  fail_with_reason (self,
                    local_error->domain == G_IO_ERROR ? local_error->code : G_IO_ERROR_FAILED,
                    local_error->message);
}

static gboolean
check_cancelled (RingFileWriter *self)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_cancellable_set_error_if_cancelled (self->cancellable, &local_error))
    return FALSE;

  fail_with_gio_error (self, local_error);
  return TRUE;
}

/* Links. */

static char *
resolve_link_path (const char *path,
                   gboolean   *is_link,
                   int        *saved_errno)
{
  g_autofree char *current = g_strdup (path);

  *is_link = FALSE;
  for (guint i = 0; i <= MAX_LINKS; i++)
    {
      g_autofree char *target = NULL;
      GStatBuf st;

      if (g_lstat (current, &st) != 0 || !S_ISLNK (st.st_mode))
        return g_steal_pointer (&current);

      target = g_file_read_link (current, NULL);
      if (target == NULL)
        return g_steal_pointer (&current);

      *is_link = TRUE;
      if (g_path_is_absolute (target))
        {
          g_free (current);
          current = g_steal_pointer (&target);
        }
      else
        {
          g_autofree char *dir = g_path_get_dirname (current);

          g_free (current);
          current = g_build_filename (dir, target, NULL);
        }
    }

  *saved_errno = ELOOP;
  return NULL;
}

char *
ring_file_writer_resolve_link (GFile *file)
{
  const char *path;
  char *resolved;
  gboolean is_link;
  int saved_errno = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  path = g_file_peek_path (file);
  if (path == NULL)
    return NULL;

  resolved = resolve_link_path (path, &is_link, &saved_errno);
  if (!is_link)
    g_clear_pointer (&resolved, g_free);

  return resolved;
}

/* Opening. */

/* Nothing that exists and is not a regular file is ever opened: opening a FIFO for writing
 * blocks until someone reads it, a device may do anything. */
static gboolean
open_local (RingFileWriter *self,
            const char     *path)
{
  g_autofree char *dir = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *temp_name = NULL;
  gboolean is_link;
  gboolean replacing = FALSE;
  int saved_errno = 0;
  GStatBuf st;

  self->target_path = resolve_link_path (path, &is_link, &saved_errno);
  if (self->target_path == NULL)
    {
      fail_with_errno (self, saved_errno);
      return FALSE;
    }

  if (g_lstat (self->target_path, &st) == 0)
    {
      if (S_ISDIR (st.st_mode))
        {
          fail_with_errno (self, EISDIR);
          return FALSE;
        }
      if (!S_ISREG (st.st_mode))
        {
          fail_with_reason (self, G_IO_ERROR_NOT_REGULAR_FILE,
                            /* TRANSLATORS: why an export failed: the name is taken by a
                             * named pipe, a device or a socket */
                            _("it exists and is not a regular file"));
          return FALSE;
        }
      replacing = TRUE;
    }
  else if (errno != ENOENT)
    {
      fail_with_errno (self, errno);
      return FALSE;
    }

  /* Beside the target, so that the rename stays on one file system; hidden, and named
   * after it so a leftover from a power cut says what it was. */
  dir = g_path_get_dirname (self->target_path);
  stem = g_path_get_basename (self->target_path);
  if (strlen (stem) > MAX_TEMP_STEM)
    stem[MAX_TEMP_STEM] = '\0';
  temp_name = g_strdup_printf (".%s.XXXXXX", stem);
  self->temp_path = g_build_filename (dir, temp_name, NULL);

  self->fd = g_mkstemp_full (self->temp_path, O_WRONLY | O_CLOEXEC, 0666);
  if (self->fd < 0)
    {
      saved_errno = errno;
      g_clear_pointer (&self->temp_path, g_free);
      fail_with_errno (self, saved_errno);
      return FALSE;
    }

  /* A replaced file keeps its owner (when allowed) and its permissions. */
  if (replacing)
    {
      if ((st.st_uid != geteuid () || st.st_gid != getegid ())
          && fchown (self->fd, st.st_uid, st.st_gid) != 0)
        g_debug ("Keeping the new owner of %s: %s", self->target_path, g_strerror (errno));
      if (fchmod (self->fd, st.st_mode & 07777) != 0)
        g_debug ("Keeping the new mode of %s: %s", self->target_path, g_strerror (errno));
    }

  return TRUE;
}

static gboolean
open_stream (RingFileWriter *self)
{
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;

  info = g_file_query_info (self->file, G_FILE_ATTRIBUTE_STANDARD_TYPE,
                            G_FILE_QUERY_INFO_NONE, self->cancellable, NULL);
  if (info != NULL)
    {
      GFileType type = g_file_info_get_file_type (info);

      if (type == G_FILE_TYPE_DIRECTORY)
        {
          fail_with_errno (self, EISDIR);
          return FALSE;
        }
      if (type != G_FILE_TYPE_REGULAR && type != G_FILE_TYPE_UNKNOWN)
        {
          fail_with_reason (self, G_IO_ERROR_NOT_REGULAR_FILE,
                            _("it exists and is not a regular file"));
          return FALSE;
        }
    }

  self->stream = g_file_replace (self->file, NULL, FALSE, G_FILE_CREATE_NONE,
                                 self->cancellable, &local_error);
  if (self->stream == NULL)
    {
      fail_with_gio_error (self, local_error);
      return FALSE;
    }

  return TRUE;
}

RingFileWriter *
ring_file_writer_new (GFile         *file,
                      GCancellable  *cancellable,
                      GError       **error)
{
  RingFileWriter *self;
  const char *path;
  gboolean opened;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (RingFileWriter, 1);
  self->file = g_object_ref (file);
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : NULL;
  self->fd = -1;

  path = g_file_peek_path (file);
  if (check_cancelled (self))
    opened = FALSE;
  else if (path != NULL)
    opened = open_local (self, path);
  else
    opened = open_stream (self);

  if (!opened)
    {
      g_propagate_error (error, g_steal_pointer (&self->error));
      ring_file_writer_free (self);
      return NULL;
    }

  self->buffer = g_malloc (BUFFER_SIZE);

  return self;
}

/* Writing. */

static gboolean
write_through (RingFileWriter *self,
               const guint8   *data,
               gsize           length)
{
  if (self->error != NULL || check_cancelled (self))
    return FALSE;

  if (self->stream != NULL)
    {
      g_autoptr(GError) local_error = NULL;

      if (!g_output_stream_write_all (G_OUTPUT_STREAM (self->stream), data, length, NULL,
                                      self->cancellable, &local_error))
        {
          fail_with_gio_error (self, local_error);
          return FALSE;
        }
      return TRUE;
    }

  while (length > 0)
    {
      gssize written = write (self->fd, data, length);

      if (written < 0)
        {
          if (errno == EINTR)
            continue;
          fail_with_errno (self, errno);
          return FALSE;
        }
      data += written;
      length -= written;
    }

  return TRUE;
}

static gboolean
flush_buffer (RingFileWriter *self)
{
  gsize buffered = self->buffered;

  self->buffered = 0;
  return buffered == 0 ? self->error == NULL : write_through (self, self->buffer, buffered);
}

gboolean
ring_file_writer_write (RingFileWriter *self,
                        const void     *data,
                        gsize           length)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);
  g_return_val_if_fail (!self->committed, FALSE);

  if (self->error != NULL)
    return FALSE;

  if (self->buffered + length > BUFFER_SIZE && !flush_buffer (self))
    return FALSE;

  if (length >= BUFFER_SIZE)
    return write_through (self, data, length);

  memcpy (self->buffer + self->buffered, data, length);
  self->buffered += length;

  return TRUE;
}

gboolean
ring_file_writer_has_failed (RingFileWriter *self)
{
  g_return_val_if_fail (self != NULL, TRUE);

  return self->error != NULL;
}

/* The temporary file is synced before the rename, the folder is not after it. The fsync is
 * what keeps the old file when a write fails late: some failures show only when the data
 * reaches the disk (a quota or a full disk over NFS, an I/O error, delayed allocation), and
 * without the fsync a crash just after the rename can leave the name on an empty file
 * (ext4 may commit the rename before the data). Syncing the folder would only make the
 * new name itself survive a power cut within the next few seconds: without it, the name
 * holds the old file or the new one, each whole, which is the promise; it cost up to 12 ms
 * of an export on a busy disk. GLib's g_file_set_contents() does not sync the folder
 * either. */
static gboolean
commit_local (RingFileWriter *self)
{
  int fd = self->fd;

  /* Data that never reached the disk is a write that failed: fsync and close report what
   * a full or failing disk did to the writes before them. */
  if (fsync (fd) != 0)
    {
      fail_with_errno (self, errno);
      return FALSE;
    }

  self->fd = -1;
  if (close (fd) != 0)
    {
      fail_with_errno (self, errno);
      return FALSE;
    }

  if (check_cancelled (self))
    return FALSE;

  if (g_rename (self->temp_path, self->target_path) != 0)
    {
      fail_with_errno (self, errno);
      return FALSE;
    }

  g_clear_pointer (&self->temp_path, g_free);

  return TRUE;
}

static gboolean
commit_stream (RingFileWriter *self)
{
  g_autoptr(GError) local_error = NULL;

  if (!g_output_stream_close (G_OUTPUT_STREAM (self->stream), self->cancellable, &local_error))
    {
      fail_with_gio_error (self, local_error);
      return FALSE;
    }

  return TRUE;
}

/* Throws away what was written: the temporary file goes, the target stays as it was. */
static void
discard (RingFileWriter *self)
{
  if (self->fd >= 0)
    {
      close (self->fd);
      self->fd = -1;
    }

  if (self->temp_path != NULL)
    {
      g_unlink (self->temp_path);
      g_clear_pointer (&self->temp_path, g_free);
    }

  if (self->stream != NULL && !g_output_stream_is_closed (G_OUTPUT_STREAM (self->stream)))
    {
      g_autoptr(GCancellable) cancelled = g_cancellable_new ();

      /* A replace stream closed while cancelled removes its temporary file and keeps
       * the original. */
      g_cancellable_cancel (cancelled);
      g_output_stream_close (G_OUTPUT_STREAM (self->stream), cancelled, NULL);
    }
}

gboolean
ring_file_writer_commit (RingFileWriter  *self,
                         GError         **error)
{
  gboolean committed;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->committed, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!flush_buffer (self))
    committed = FALSE;
  else if (self->stream != NULL)
    committed = commit_stream (self);
  else
    committed = commit_local (self);

  if (!committed)
    {
      discard (self);
      g_propagate_error (error, g_steal_pointer (&self->error));
      return FALSE;
    }

  self->committed = TRUE;

  return TRUE;
}

void
ring_file_writer_free (RingFileWriter *self)
{
  if (self == NULL)
    return;

  if (!self->committed)
    discard (self);

  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);
  g_clear_error (&self->error);
  g_free (self->target_path);
  g_free (self->buffer);
  g_free (self);
}
