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
  int       status;     /* the exit status, or -1 when a signal killed it: a crash */
  char     *out;
  char     *err;
  gboolean  timed_out;  /* it was killed for running past the watchdog */
} RingTestRun;

typedef struct
{
  /* Runs in the child before exec, like g_spawn's: limits, signal dispositions. */
  GSpawnChildSetupFunc  child_setup;
  gpointer              child_setup_data;
  /* Seconds before the run is killed as hung; 0 for the default. */
  guint                 timeout_s;
  /* "NAME=VALUE" pairs set in the program's environment, NULL-terminated; may be NULL. */
  const char * const   *environment;
} RingTestRunOptions;

RingTestRun ring_test_run_cli      (const char                *locale,
                                    const char                *first_arg,
                                    ...) G_GNUC_NULL_TERMINATED;
/* The same with @args (NULL-terminated) and @options (may be NULL). */
RingTestRun ring_test_run_cli_full (const char                *locale,
                                    const RingTestRunOptions  *options,
                                    const char * const        *args);
void        ring_test_run_clear    (RingTestRun               *run);

/* A command-line test's start: GTest's options; FALSE (and the run marked skipped) when
 * RING_ALLREDUCE_BIN does not say where the program is. */
gboolean    ring_test_init_cli     (int                       *argc,
                                    char                    ***argv);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RingTestRun, ring_test_run_clear)

G_END_DECLS
