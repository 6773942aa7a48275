/* ring-test-numbers.h: numbers compared within a tolerance, and sorted, for the tests and
 * benchmarks; the tables of published measurements they are compared with.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Fails unless @actual is within @relative of @expected, plus 1e-15 for an expected 0. */
void ring_test_assert_close    (double        actual,
                                double        expected,
                                double        relative);
/* Fails unless @actual is within @relative of @expected, and nothing more. */
void ring_test_assert_relative (double        actual,
                                double        expected,
                                double        relative);
/* qsort()'s and g_array_sort()'s order of doubles, smallest first. */
int  ring_test_compare_doubles (gconstpointer a,
                                gconstpointer b);

/* The rows of tests/data/@name, tab-separated values: lines that are empty or start with
 * '#' are comments, the first other line names the columns, and every row after it has
 * exactly @n_columns fields. An array of GStrv, one a row, in the file's order. */
GPtrArray *ring_test_read_table (const char *name,
                                 guint       n_columns);

G_END_DECLS
