/* ring-test-numbers.c: numbers compared within a tolerance, and sorted; tables of
 * published measurements.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>

#include "ring-test-numbers.h"

void
ring_test_assert_close (double actual,
                        double expected,
                        double relative)
{
  double tolerance = fabs (expected) * relative + 1e-15;

  if (fabs (actual - expected) > tolerance)
    g_error ("expected %.12g, got %.12g (tolerance %.3g)", expected, actual, tolerance);
}

void
ring_test_assert_relative (double actual,
                           double expected,
                           double relative)
{
  if (!(fabs (actual - expected) <= relative * MAX (fabs (expected), 1e-300)))
    g_error ("%.17g is not %.17g (relative tolerance %g)", actual, expected, relative);
}

int
ring_test_compare_doubles (gconstpointer a,
                           gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

GPtrArray *
ring_test_read_table (const char *name,
                      guint       n_columns)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  gboolean header = TRUE;

  if (!g_file_get_contents (path, &contents, NULL, &error))
    g_error ("%s", error->message);

  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      char **fields;

      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      if (header)
        {
          header = FALSE;
          continue;
        }

      fields = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (fields) != n_columns)
        g_error ("%s, line %u: %u fields, not %u", name, i + 1, g_strv_length (fields),
                 n_columns);
      g_ptr_array_add (rows, fields);
    }

  return rows;
}
