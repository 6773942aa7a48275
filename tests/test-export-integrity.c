/* test-export-integrity.c: a failed export never destroys the file it replaces, links are
 * followed as they should be, and names that are not regular files are refused without
 * blocking; through the library and through the command line, for every format.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"
/* unshare() and CLONE_NEWNS. */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ring-test-files.h"
#include "ring-export.h"
#include "ring-file-writer.h"
#include "ring-test-cli.h"

/* Bytes no export writes: a NUL and an invalid UTF-8 byte, so any change shows. */
static const char old_contents[] = "old\0contents\377 of the file";
#define OLD_LENGTH (sizeof old_contents - 1)

/* One export of each kind of file: four formats of one chart, and the PDF report. */
typedef struct
{
  const char       *name;
  RingExportFormat  format;
  gboolean          report;
} ExportCase;

static const ExportCase export_cases[] = {
  { "chart.png", RING_EXPORT_FORMAT_PNG, FALSE },
  { "chart.svg", RING_EXPORT_FORMAT_SVG, FALSE },
  { "chart.pdf", RING_EXPORT_FORMAT_PDF, FALSE },
  { "chart.csv", RING_EXPORT_FORMAT_CSV, FALSE },
  { "report.pdf", RING_EXPORT_FORMAT_PDF, TRUE },
};

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) handle = g_dir_open (path, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      GStatBuf st;

      if (g_lstat (child, &st) == 0 && S_ISDIR (st.st_mode))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The names in @dir, sorted and joined, so an assertion shows any leftover by name. */
static char *
list_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);

  return g_strjoinv (" ", (char **) names->pdata);
}

static void
write_old_file (const char *path)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, old_contents, OLD_LENGTH, &error);
  g_assert_no_error (error);
}

static void
assert_old_file (const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (contents, length, old_contents, OLD_LENGTH);
}

static gboolean
export_through_library (RingModel         *model,
                        const ExportCase  *export_case,
                        GFile             *file,
                        GError           **error)
{
  if (export_case->report)
    return ring_export_report (model, file, RING_EXPORT_PAPER_A4, NULL, error);

  return ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS, export_case->format, file,
                            800, 500, 1.0, NULL, error);
}

static RingTestRun
export_through_cli (const ExportCase         *export_case,
                    const char               *path,
                    const RingTestRunOptions *options)
{
  const char *args[] = {
    "--export", path, "--chart", export_case->report ? "all" : "utilization-vs-gpus", NULL
  };

  return ring_test_run_cli_full (NULL, options, args);
}

/* A GFile whose replace stream fails part-way, as a full disk or a dropped network mount
 * does, on any machine and for any user. It wraps a real local file, so what the failure
 * leaves behind can be looked at; it is not native, so exports take their GIO path. */

#define TEST_TYPE_FAILING_STREAM (test_failing_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestFailingStream, test_failing_stream, TEST, FAILING_STREAM,
                      GFileOutputStream)

struct _TestFailingStream
{
  GFileOutputStream  parent_instance;
  GOutputStream     *base;
  gsize              bytes_left;
};

G_DEFINE_FINAL_TYPE (TestFailingStream, test_failing_stream, G_TYPE_FILE_OUTPUT_STREAM)

static gssize
test_failing_stream_write (GOutputStream  *stream,
                           const void     *buffer,
                           gsize           count,
                           GCancellable   *cancellable,
                           GError        **error)
{
  TestFailingStream *self = TEST_FAILING_STREAM (stream);
  gssize written;

  if (self->bytes_left == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, g_strerror (ENOSPC));
      return -1;
    }

  written = g_output_stream_write (self->base, buffer, MIN (count, self->bytes_left),
                                   cancellable, error);
  if (written > 0)
    self->bytes_left -= written;

  return written;
}

static gboolean
test_failing_stream_close (GOutputStream  *stream,
                           GCancellable   *cancellable,
                           GError        **error)
{
  return g_output_stream_close (TEST_FAILING_STREAM (stream)->base, cancellable, error);
}

static void
test_failing_stream_finalize (GObject *object)
{
  g_clear_object (&TEST_FAILING_STREAM (object)->base);

  G_OBJECT_CLASS (test_failing_stream_parent_class)->finalize (object);
}

static void
test_failing_stream_class_init (TestFailingStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_failing_stream_finalize;
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = test_failing_stream_write;
  G_OUTPUT_STREAM_CLASS (klass)->close_fn = test_failing_stream_close;
}

static void
test_failing_stream_init (TestFailingStream *self)
{
}

#define TEST_TYPE_FAILING_FILE (test_failing_file_get_type ())
G_DECLARE_FINAL_TYPE (TestFailingFile, test_failing_file, TEST, FAILING_FILE, GObject)

struct _TestFailingFile
{
  GObject  parent_instance;
  GFile   *real;
  gsize    fail_after_bytes;
};

static void test_failing_file_iface_init (GFileIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestFailingFile, test_failing_file, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_FILE, test_failing_file_iface_init))

static GFile *
test_failing_file_new (const char *path,
                       gsize       fail_after_bytes)
{
  TestFailingFile *self = g_object_new (TEST_TYPE_FAILING_FILE, NULL);

  self->real = g_file_new_for_path (path);
  self->fail_after_bytes = fail_after_bytes;

  return G_FILE (self);
}

static GFile *
test_failing_file_dup (GFile *file)
{
  TestFailingFile *self = TEST_FAILING_FILE (file);

  return test_failing_file_new (g_file_peek_path (self->real), self->fail_after_bytes);
}

static guint
test_failing_file_hash (GFile *file)
{
  return g_file_hash (TEST_FAILING_FILE (file)->real);
}

static gboolean
test_failing_file_equal (GFile *file1,
                         GFile *file2)
{
  return g_file_equal (TEST_FAILING_FILE (file1)->real, TEST_FAILING_FILE (file2)->real);
}

static gboolean
test_failing_file_is_native (GFile *file)
{
  return FALSE;
}

static gboolean
test_failing_file_has_uri_scheme (GFile      *file,
                                  const char *uri_scheme)
{
  return g_str_equal (uri_scheme, "failing");
}

static char *
test_failing_file_get_uri_scheme (GFile *file)
{
  return g_strdup ("failing");
}

static char *
test_failing_file_get_basename (GFile *file)
{
  return g_file_get_basename (TEST_FAILING_FILE (file)->real);
}

static char *
test_failing_file_get_path (GFile *file)
{
  return NULL;
}

static char *
test_failing_file_get_uri (GFile *file)
{
  return g_strconcat ("failing://", g_file_peek_path (TEST_FAILING_FILE (file)->real), NULL);
}

static char *
test_failing_file_get_parse_name (GFile *file)
{
  return test_failing_file_get_uri (file);
}

static GFile *
test_failing_file_get_parent (GFile *file)
{
  return NULL;
}

static GFileOutputStream *
test_failing_file_replace (GFile              *file,
                           const char         *etag,
                           gboolean            make_backup,
                           GFileCreateFlags    flags,
                           GCancellable       *cancellable,
                           GError            **error)
{
  TestFailingFile *self = TEST_FAILING_FILE (file);
  g_autoptr(GFileOutputStream) base = NULL;
  TestFailingStream *stream;

  base = g_file_replace (self->real, etag, make_backup, flags, cancellable, error);
  if (base == NULL)
    return NULL;

  stream = g_object_new (TEST_TYPE_FAILING_STREAM, NULL);
  stream->base = G_OUTPUT_STREAM (g_steal_pointer (&base));
  stream->bytes_left = self->fail_after_bytes;

  return G_FILE_OUTPUT_STREAM (stream);
}

static void
test_failing_file_finalize (GObject *object)
{
  g_clear_object (&TEST_FAILING_FILE (object)->real);

  G_OBJECT_CLASS (test_failing_file_parent_class)->finalize (object);
}

static void
test_failing_file_iface_init (GFileIface *iface)
{
  iface->dup = test_failing_file_dup;
  iface->hash = test_failing_file_hash;
  iface->equal = test_failing_file_equal;
  iface->is_native = test_failing_file_is_native;
  iface->has_uri_scheme = test_failing_file_has_uri_scheme;
  iface->get_uri_scheme = test_failing_file_get_uri_scheme;
  iface->get_basename = test_failing_file_get_basename;
  iface->get_path = test_failing_file_get_path;
  iface->get_uri = test_failing_file_get_uri;
  iface->get_parse_name = test_failing_file_get_parse_name;
  iface->get_parent = test_failing_file_get_parent;
  iface->replace = test_failing_file_replace;
}

static void
test_failing_file_class_init (TestFailingFileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = test_failing_file_finalize;
}

static void
test_failing_file_init (TestFailingFile *self)
{
}

/* Tests. */

/* Every format fails part-way through its GIO stream: the error names the file, the old
 * file is byte for byte what it was, and no temporary file is left. The same stream with
 * room enough writes the file: the path itself works. */
static void
test_failing_stream (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();

  if (ring_test_skip_without_plplot ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (export_cases); i++)
    {
      const ExportCase *export_case = &export_cases[i];
      g_autofree char *path = g_build_filename (dir, export_case->name, NULL);
      g_autofree char *listing = NULL;
      g_autoptr(GFile) failing = test_failing_file_new (path, 1000);
      g_autoptr(GFile) roomy = test_failing_file_new (path, G_MAXSIZE);
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", export_case->name);
      write_old_file (path);

      g_assert_false (export_through_library (model, export_case, failing, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_nonnull (strstr (error->message, path));
      g_clear_error (&error);
      assert_old_file (path);
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, export_case->name);

      g_assert_true (export_through_library (model, export_case, roomy, &error));
      g_assert_no_error (error);
      g_assert_false (g_file_test (path, G_FILE_TEST_IS_DIR));
      {
        g_autofree char *contents = NULL;
        gsize length;

        g_assert_true (g_file_get_contents (path, &contents, &length, NULL));
        g_assert_cmpuint (length, >, OLD_LENGTH);
      }
      g_remove (path);
    }

  remove_tree (dir);
}

static void
limit_file_size_cb (gpointer user_data)
{
  struct rlimit limit = { 4096, 4096 };

  /* A write past the limit then fails with EFBIG instead of killing the process. */
  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* The command line with a file-size limit: every write past 4 KiB fails, on any file
 * system and for any user, as the local write path (not GIO's) meets it. */
static void
test_cli_write_fails (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  RingTestRunOptions options = { limit_file_size_cb, NULL, 0 };

  if (ring_test_skip_without_plplot ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (export_cases); i++)
    {
      const ExportCase *export_case = &export_cases[i];
      g_autofree char *path = g_build_filename (dir, export_case->name, NULL);
      g_autofree char *listing = NULL;
      g_auto(RingTestRun) run = { 0, };

      /* The CSV of one chart is smaller than the limit: it has nothing to show here. */
      if (export_case->format == RING_EXPORT_FORMAT_CSV)
        continue;

      g_test_message ("%s", export_case->name);
      write_old_file (path);
      run = export_through_cli (export_case, path, &options);

      g_assert_false (run.timed_out);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, path));
      g_assert_nonnull (strstr (run.err, g_strerror (EFBIG)));
      assert_old_file (path);
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, export_case->name);
      g_remove (path);
    }

  remove_tree (dir);
}

/* Fills @path's file system with one file, so that nothing more fits. */
static void
fill_file_system (const char *path)
{
  static const char block[4096] = { 0 };
  int fd = g_open (path, O_WRONLY | O_CREAT | O_EXCL, 0644);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) > 0)
    ;
  /* Down to the last bytes. */
  while (write (fd, block, 1) > 0)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);
}

/* A real full disk: a 64 KiB tmpfs, filled up. Needs root to mount it. */
static void
test_full_disk (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();

  if (ring_test_skip_without_plplot ())
    return;

  if (geteuid () != 0)
    {
      g_test_skip ("mounting a small tmpfs needs root; the file-size limit test covers "
                   "failed writes for everyone");
      remove_tree (dir);
      return;
    }

  /* In a mount namespace of this process and its children, so that the tmpfs goes with
   * them even when an assertion ends the test half-way. */
  if (unshare (CLONE_NEWNS) == 0)
    mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL);

  if (mount ("ring-test", dir, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k") != 0)
    {
      g_autofree char *reason = g_strdup_printf ("cannot mount a tmpfs here (%s): the "
                                                 "file-size limit test covers failed writes",
                                                 g_strerror (errno));

      g_test_skip (reason);
      remove_tree (dir);
      return;
    }

  for (guint i = 0; i < G_N_ELEMENTS (export_cases); i++)
    {
      const ExportCase *export_case = &export_cases[i];
      g_autofree char *path = g_build_filename (dir, export_case->name, NULL);
      g_autofree char *filler = g_build_filename (dir, "filler", NULL);
      g_autofree char *listing = NULL;
      g_autofree char *expected = strcmp (export_case->name, "filler") < 0
                                  ? g_strdup_printf ("%s filler", export_case->name)
                                  : g_strdup_printf ("filler %s", export_case->name);
      g_auto(RingTestRun) run = { 0, };

      g_test_message ("%s", export_case->name);
      write_old_file (path);
      fill_file_system (filler);
      run = export_through_cli (export_case, path, NULL);

      g_assert_false (run.timed_out);
      g_assert_cmpint (run.status, ==, 1);
      g_assert_nonnull (strstr (run.err, path));
      g_assert_nonnull (strstr (run.err, g_strerror (ENOSPC)));
      assert_old_file (path);
      listing = list_dir (dir);
      g_assert_cmpstr (listing, ==, expected);
      g_remove (path);
      g_remove (filler);
    }

  g_assert_cmpint (umount (dir), ==, 0);
  remove_tree (dir);
}

/* Through a symbolic link, the link stays and its target is replaced; the command line
 * says so. A chain of links and a relative one are followed to the end, and a link to a
 * name that does not exist yet creates it. */
static void
test_symbolic_link (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *data_dir = g_build_filename (dir, "data", NULL);
  g_autofree char *target = g_build_filename (data_dir, "target.csv", NULL);
  g_autofree char *link = g_build_filename (dir, "link.csv", NULL);
  g_autofree char *chain = g_build_filename (dir, "chain.csv", NULL);
  g_autofree char *dangling = g_build_filename (dir, "dangling.csv", NULL);
  g_autofree char *new_target = g_build_filename (data_dir, "new.csv", NULL);
  g_autofree char *listing = NULL;

  g_assert_cmpint (g_mkdir (data_dir, 0755), ==, 0);
  write_old_file (target);
  g_assert_cmpint (symlink ("data/target.csv", link), ==, 0);
  g_assert_cmpint (symlink (link, chain), ==, 0);
  g_assert_cmpint (symlink ("data/new.csv", dangling), ==, 0);

  {
    g_autoptr(GFile) file = g_file_new_for_path (chain);
    g_autofree char *resolved = ring_file_writer_resolve_link (file);
    g_autoptr(GFile) plain = g_file_new_for_path (target);

    g_assert_cmpstr (resolved, ==, target);
    g_assert_null (ring_file_writer_resolve_link (plain));
  }

  {
    const char *links[] = { link, chain };

    for (guint i = 0; i < G_N_ELEMENTS (links); i++)
      {
        g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", links[i], "--chart",
                                                     "utilization-vs-gpus", NULL);
        g_autofree char *contents = NULL;

        g_assert_cmpint (run.status, ==, 0);
        /* One line, naming the link and what it replaced. */
        g_assert_nonnull (strstr (run.err, links[i]));
        g_assert_nonnull (strstr (run.err, "target.csv"));
        g_assert_cmpint (strchr (run.err, '\n') - run.err, ==, strlen (run.err) - 1);

        g_assert_true (g_file_test (links[i], G_FILE_TEST_IS_SYMLINK));
        g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
        g_assert_true (g_str_has_prefix (contents, "GPUs in the ring"));
        write_old_file (target);
      }
  }

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", dangling, "--chart",
                                                 "utilization-vs-gpus", NULL);

    g_assert_cmpint (run.status, ==, 0);
    g_assert_true (g_file_test (dangling, G_FILE_TEST_IS_SYMLINK));
    g_assert_true (g_file_test (new_target, G_FILE_TEST_IS_REGULAR));
  }

  /* No temporary file beside either end. */
  listing = list_dir (dir);
  g_assert_cmpstr (listing, ==, "chain.csv dangling.csv data link.csv");
  g_clear_pointer (&listing, g_free);
  listing = list_dir (data_dir);
  g_assert_cmpstr (listing, ==, "new.csv target.csv");

  remove_tree (dir);
}

/* A hard link is a second name for the same file: the new file replaces the one name the
 * export was given, and the other keeps the old contents (docs/command-line.md). */
static void
test_hard_link (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.csv", NULL);
  g_autofree char *other = g_build_filename (dir, "other-name.csv", NULL);
  g_autofree char *contents = NULL;

  write_old_file (path);
  g_assert_cmpint (link (path, other), ==, 0);

  {
    g_auto(RingTestRun) run = ring_test_run_cli (NULL, "--export", path, NULL);

    g_assert_cmpint (run.status, ==, 0);
    g_assert_cmpstr (run.err, ==, "");
  }

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "GPUs in the ring"));
  assert_old_file (other);

  remove_tree (dir);
}

/* A FIFO, a folder, a link to a FIFO: each is refused at once with status 1 and the path
 * named, in every format; nothing blocks on a FIFO nobody reads, nothing is created. */
static void
test_not_regular (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *fifo_dir = g_build_filename (dir, "fifos", NULL);
  g_autofree char *listing_before = NULL;
  g_autofree char *listing_after = NULL;
  RingTestRunOptions options = { NULL, NULL, 10 };

  g_assert_cmpint (g_mkdir (fifo_dir, 0755), ==, 0);

  for (guint i = 0; i < G_N_ELEMENTS (export_cases); i++)
    {
      const ExportCase *export_case = &export_cases[i];
      g_autofree char *fifo = g_build_filename (fifo_dir, export_case->name, NULL);
      g_autofree char *folder = g_build_filename (dir, export_case->name, NULL);
      g_autofree char *link_name = g_strconcat ("link-", export_case->name, NULL);
      g_autofree char *link_path = g_build_filename (dir, link_name, NULL);
      const char *paths[] = { fifo, folder, link_path };

      g_assert_cmpint (mkfifo (fifo, 0644), ==, 0);
      g_assert_cmpint (g_mkdir (folder, 0755), ==, 0);
      g_assert_cmpint (symlink (fifo, link_path), ==, 0);
      listing_before = list_dir (dir);

      for (guint p = 0; p < G_N_ELEMENTS (paths); p++)
        {
          g_autoptr(GFile) file = g_file_new_for_path (paths[p]);
          g_autoptr(GError) error = NULL;
          g_auto(RingTestRun) run = { 0, };

          g_test_message ("%s", paths[p]);

          /* The command line first: its watchdog turns a hang into a failure. */
          run = export_through_cli (export_case, paths[p], &options);
          g_assert_false (run.timed_out);
          g_assert_cmpint (run.status, ==, 1);
          g_assert_nonnull (strstr (run.err, paths[p]));

          g_assert_false (export_through_library (model, export_case, file, &error));
          if (paths[p] == folder)
            g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
          else
            g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE);
          g_assert_nonnull (strstr (error->message, paths[p]));
        }

      listing_after = list_dir (dir);
      g_assert_cmpstr (listing_after, ==, listing_before);
      g_clear_pointer (&listing_before, g_free);
      g_clear_pointer (&listing_after, g_free);
      listing_after = list_dir (fifo_dir);
      g_assert_nonnull (strstr (listing_after, export_case->name));
      g_clear_pointer (&listing_after, g_free);
    }

  remove_tree (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/export-integrity/failing-stream", test_failing_stream);
  g_test_add_func ("/ring/export-integrity/cli-write-fails", test_cli_write_fails);
  g_test_add_func ("/ring/export-integrity/full-disk", test_full_disk);
  g_test_add_func ("/ring/export-integrity/symbolic-link", test_symbolic_link);
  g_test_add_func ("/ring/export-integrity/hard-link", test_hard_link);
  g_test_add_func ("/ring/export-integrity/not-regular", test_not_regular);

  return g_test_run ();
}
