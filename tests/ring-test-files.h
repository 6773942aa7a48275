/* ring-test-files.h: scratch folders, whole files and PLplot's presence, for the tests
 * that draw and export.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* TRUE, with the test marked skipped, when PLplot's extcairo device is missing. */
gboolean  ring_test_skip_without_plplot (void);
/* A new empty folder in the temporary folder; its files and itself go with
 * ring_test_remove_tmp_dir(). */
char     *ring_test_make_tmp_dir        (void);
void      ring_test_remove_tmp_dir      (const char *dir);
/* The whole file, which must exist and be readable. */
char     *ring_test_read_file           (const char *path,
                                         gsize      *length);

G_END_DECLS
