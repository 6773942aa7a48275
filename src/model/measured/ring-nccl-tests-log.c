/* ring-nccl-tests-log.c: nccl-tests all_reduce_perf output, read as people paste it.
 *
 * A log is a header ("# nThread 1 nGpus 8 minBytes 8 …", one "#  Rank  0 Group  0 Pid …
 * on HOST device 0 [0000:18:00] NVIDIA H100 80GB HBM3" line per rank), a table and a footer
 * ("# Avg bus bandwidth : 123.4"). What people paste adds to it: NCCL INFO and WARN lines
 * between the others, CRLF line ends, colour escapes, mpirun's "[1,0]<stdout>:" or srun's
 * "0: " before each line, the '#' lost to Markdown, several processes' headers, and a
 * last row cut off. Rows are read by ring-nccl-tests-row.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ring-nccl-tests-log-private.h"
#include "ring-printable.h"

G_DEFINE_QUARK (ring-nccl-log-error-quark, ring_nccl_log_error)
G_DEFINE_BOXED_TYPE (RingNcclLog, ring_nccl_log, ring_nccl_log_copy, ring_nccl_log_free)

RingNcclLog *
ring_nccl_log_new (void)
{
  RingNcclLog *log = g_new0 (RingNcclLog, 1);

  log->points = g_array_new (FALSE, FALSE, sizeof (RingNcclPoint));
  log->ranks = 1;
  log->ranks_source = RING_NCCL_RANKS_FROM_HEADER;
  log->gpus_per_process = 1;
  log->threads = 1;
  log->gpu = RING_GPU_CUSTOM;
  log->avg_busbw_gbps = NAN;

  return log;
}

RingNcclLog *
ring_nccl_log_copy (const RingNcclLog *log)
{
  RingNcclLog *copy;

  g_return_val_if_fail (log != NULL, NULL);

  copy = g_memdup2 (log, sizeof *log);
  copy->points = g_array_copy (log->points);
  copy->gpu_name = g_strdup (log->gpu_name);
  copy->data_type = g_strdup (log->data_type);
  copy->redop = g_strdup (log->redop);

  return copy;
}

void
ring_nccl_log_free (RingNcclLog *log)
{
  if (log == NULL)
    return;

  g_array_unref (log->points);
  g_free (log->gpu_name);
  g_free (log->data_type);
  g_free (log->redop);
  g_free (log);
}

guint
ring_nccl_log_count_wrong (const RingNcclLog *log)
{
  guint n = 0;

  g_return_val_if_fail (log != NULL, 0);

  for (guint i = 0; i < log->points->len; i++)
    if (g_array_index (log->points, RingNcclPoint, i).wrong > 0)
      n++;

  return n;
}

/* --- Reading ----------------------------------------------------------------------- */

static gboolean
check_text (const char  *text,
            gsize        length,
            GError     **error)
{
  const char *nul;
  const char *end = NULL;
  const char *bad = NULL;
  guint line = 1;

  if (length == 0)
    return TRUE;
  if (length > RING_NCCL_LOG_MAX_BYTES)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_TOO_LARGE,
                   _("the log is %.1f MiB; logs of more than %u MiB are not read"),
                   length / 1048576.0, RING_NCCL_LOG_MAX_BYTES / 1048576);
      return FALSE;
    }
  nul = memchr (text, '\0', length);
  if (nul != NULL)
    bad = nul;
  else if (!g_utf8_validate_len (text, length, &end))
    bad = end;
  if (bad == NULL)
    return TRUE;

  for (const char *p = text; p < bad; p++)
    line += *p == '\n';
  g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_NOT_TEXT,
               nul != NULL ? _("line %u holds a NUL byte: this is binary data, not a log")
                           : _("line %u is not UTF-8 text: this is not an nccl-tests log"),
               line);
  return FALSE;
}

gboolean
_ring_nccl_text_is_json (const char *text,
                         gsize       length)
{
  gsize i = 0;

  /* A UTF-8 byte order mark, then blanks. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    i = 3;
  while (i < length && g_ascii_isspace (text[i]))
    i++;

  return i < length && text[i] == '{';
}

static RingNcclJsonReadFunc json_reader;

void
_ring_nccl_log_set_json_reader (RingNcclJsonReadFunc read_json)
{
  json_reader = read_json;
}

RingNcclLog *
ring_nccl_log_parse (const char  *text,
                     gssize       length,
                     GError     **error)
{
  return ring_nccl_log_parse_with_progress (text, length, NULL, NULL, error);
}

RingNcclLog *
ring_nccl_log_parse_with_progress (const char               *text,
                                   gssize                    length,
                                   RingNcclLogProgressFunc   progress,
                                   gpointer                  progress_data,
                                   GError                  **error)
{
  g_autoptr(RingNcclLog) log = NULL;
  RingNcclReader *reader;
  gsize size, start = 0, next_progress = RING_NCCL_LOG_PROGRESS_BYTES;
  gboolean ok = TRUE;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  size = length < 0 ? strlen (text) : (gsize) length;
  if (!check_text (text, size, error))
    return NULL;

  log = ring_nccl_log_new ();
  reader = _ring_nccl_reader_new (log);
  if (_ring_nccl_text_is_json (text, size))
    {
      if (json_reader != NULL)
        ok = json_reader (reader, text, size, error);
      else
        {
          g_set_error_literal (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                               _("this is JSON, and this program reads nccl-tests’ -J "
                                 "files only when it exports or opens a window"));
          ok = FALSE;
        }
      start = size;
    }
  while (ok && start < size)
    {
      const char *newline = memchr (text + start, '\n', size - start);
      gsize end = newline != NULL ? (gsize) (newline - text) : size;

      ok = _ring_nccl_reader_line (reader, text + start, end - start, newline == NULL, error);
      start = end + 1;
      if (ok && progress != NULL && start >= next_progress && start < size)
        {
          next_progress = start + RING_NCCL_LOG_PROGRESS_BYTES;
          if (!progress (start, size, progress_data))
            {
              g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_CANCELLED,
                           /* Translators: where a read was stopped; the figure is in MiB */
                           _("the read was stopped after %.1f MiB"), start / 1048576.0);
              ok = FALSE;
            }
        }
    }
  ok = ok && _ring_nccl_reader_finish (reader, error);
  _ring_nccl_reader_free (reader);
  if (ok && progress != NULL)
    progress (size, size, progress_data);

  return ok ? g_steal_pointer (&log) : NULL;
}

/* Only a regular file is opened: a FIFO or a device could block the reader forever, and
 * O_NONBLOCK keeps even one swapped in after the check from doing so. */
static int
open_regular (const char  *path,
              GError     **error)
{
  g_autofree char *shown = ring_filename_display (path);
  struct stat st;
  int fd;

  if (g_stat (path, &st) != 0)
    {
      int saved = errno;

      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_IO,
                   /* Translators: a file name, then the system's reason */
                   _("cannot read %s: %s"), shown, g_strerror (saved));
      return -1;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_NOT_REGULAR,
                   S_ISDIR (st.st_mode) ? _("%s is a folder, not an nccl-tests log")
                                        : _("%s is not a regular file (a FIFO, socket or "
                                            "device), so it is not read"),
                   shown);
      return -1;
    }

  if (st.st_size > RING_NCCL_LOG_MAX_BYTES)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_TOO_LARGE,
                   /* Translators: a file name, its size and the limit in MiB */
                   _("%s is %.1f MiB; logs of more than %u MiB are not read"),
                   shown, st.st_size / 1048576.0, RING_NCCL_LOG_MAX_BYTES / 1048576);
      return -1;
    }

  fd = g_open (path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      int saved = errno;

      g_set_error (error, RING_NCCL_LOG_ERROR, fd < 0 ? RING_NCCL_LOG_ERROR_IO
                                                      : RING_NCCL_LOG_ERROR_NOT_REGULAR,
                   _("cannot read %s: %s"), shown,
                   fd < 0 ? g_strerror (saved) : _("it is not a regular file"));
      if (fd >= 0)
        close (fd);
      return -1;
    }

  return fd;
}

/* Reads at most one byte past the limit, so that a file that grew says so. */
static char *
read_bounded (int          fd,
              const char  *path,
              gsize       *length,
              GError     **error)
{
  gsize capacity = RING_NCCL_LOG_MAX_BYTES + 1;
  g_autofree char *data = g_malloc (capacity);
  gsize got = 0;

  while (got < capacity)
    {
      gssize n = read (fd, data + got, capacity - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          int saved = errno;

          g_autofree char *shown = ring_filename_display (path);

          g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_IO,
                       _("cannot read %s: %s"), shown, g_strerror (saved));
          return NULL;
        }
      if (n == 0)
        break;
      got += n;
    }

  *length = got;
  return g_steal_pointer (&data);
}

GBytes *
ring_nccl_log_read (const char  *path,
                    GError     **error)
{
  char *data;
  gsize length = 0;
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((fd = open_regular (path, error)) < 0)
    return NULL;
  data = read_bounded (fd, path, &length, error);
  close (fd);
  if (data == NULL)
    return NULL;

  return g_bytes_new_take (g_realloc (data, MAX (length, 1)), length);
}

RingNcclLog *
ring_nccl_log_load (const char  *path,
                    GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;
  gsize length;
  const char *data;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((bytes = ring_nccl_log_read (path, error)) == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);

  return ring_nccl_log_parse (data != NULL ? data : "", length, error);
}
