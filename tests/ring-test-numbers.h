/* ring-test-numbers.h: numbers compared within a tolerance, and sorted, for the tests and
 * benchmarks.
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

G_END_DECLS
