/* ring-test-numbers.c: numbers compared within a tolerance, and sorted.
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
