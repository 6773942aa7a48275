/* ring-test-cli.c: ring-allreduce run as a user runs it, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <stdarg.h>
#include <sys/wait.h>

#include "ring-test-cli.h"

/* Runs $RING_ALLREDUCE_BIN with the arguments (NULL-terminated) and no DISPLAY or
 * WAYLAND_DISPLAY: a report or an export must never need one. With @locale, such as
 * "de_DE.UTF-8" or "C.UTF-8", it runs in that locale alone, whatever the caller's
 * LANG, LC_* and LANGUAGE say; with NULL it inherits them. */
RingTestRun
ring_test_run_cli (const char *locale,
                   const char *first_arg,
                   ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  RingTestRun run = { -1, NULL, NULL };
  const char *binary = g_getenv ("RING_ALLREDUCE_BIN");
  int wait_status;
  va_list args;

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (char *) binary);
  va_start (args, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  envp = g_environ_unsetenv (envp, "DISPLAY");
  envp = g_environ_unsetenv (envp, "WAYLAND_DISPLAY");
  if (locale != NULL)
    {
      envp = g_environ_unsetenv (envp, "LANG");
      envp = g_environ_unsetenv (envp, "LC_MESSAGES");
      envp = g_environ_unsetenv (envp, "LC_NUMERIC");
      envp = g_environ_setenv (envp, "LC_ALL", locale, TRUE);
      envp = g_environ_setenv (envp, "LANGUAGE", g_str_has_prefix (locale, "de") ? "de" : "",
                               TRUE);
    }

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run.out, &run.err, &wait_status, &error);
  g_assert_no_error (error);
  if (WIFEXITED (wait_status))
    run.status = WEXITSTATUS (wait_status);

  return run;
}

void
ring_test_run_clear (RingTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}
