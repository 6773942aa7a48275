/* ring-test-cli.h: ring-allreduce run as a user runs it, with no display, for the tests of
 * the command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  int   status;  /* the exit status, or -1 when a signal killed it: a crash */
  char *out;
  char *err;
} RingTestRun;

RingTestRun ring_test_run_cli   (const char  *locale,
                                 const char  *first_arg,
                                 ...) G_GNUC_NULL_TERMINATED;
void        ring_test_run_clear (RingTestRun *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RingTestRun, ring_test_run_clear)

G_END_DECLS
