/* ring-test-files.c: scratch folders, whole files and PLplot's presence, for the tests
 * that draw and export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>

#include "ring-chart-draw.h"
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
