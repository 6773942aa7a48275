/* ring-test-cli.c: ring-allreduce run as a user runs it, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <gio/gio.h>
#include <stdarg.h>

#include "ring-test-cli.h"

/* Far past any run's real time, short of meson's own timeout: a run that blocks (on a
 * FIFO, say) fails its test with a message instead of hanging the suite. */
#define DEFAULT_TIMEOUT_S 20

typedef struct
{
  GSubprocess *process;
  GBytes      *out;
  GBytes      *err;
  GError      *error;
  gboolean     done;
  gboolean     timed_out;
} Communication;

static void
communicate_cb (GObject      *object,
                GAsyncResult *result,
                gpointer      user_data)
{
  Communication *communication = user_data;

  g_subprocess_communicate_finish (G_SUBPROCESS (object), result, &communication->out,
                                   &communication->err, &communication->error);
  communication->done = TRUE;
}

static gboolean
watchdog_cb (gpointer user_data)
{
  Communication *communication = user_data;

  communication->timed_out = TRUE;
  g_subprocess_force_exit (communication->process);

  return G_SOURCE_REMOVE;
}

static char *
bytes_to_string (GBytes *bytes)
{
  gsize length = 0;
  const char *data = bytes != NULL ? g_bytes_get_data (bytes, &length) : NULL;

  return g_strndup (data != NULL ? data : "", length);
}

/* Runs $RING_ALLREDUCE_BIN with @args and no DISPLAY or WAYLAND_DISPLAY: a report or an
 * export must never need one. With @locale, such as "de_DE.UTF-8" or "C.UTF-8", it runs
 * in that locale alone, whatever the caller's LANG, LC_* and LANGUAGE say; with NULL it
 * inherits them. Its standard input is /dev/null. */
RingTestRun
ring_test_run_cli_full (const char               *locale,
                        const RingTestRunOptions *options,
                        const char * const       *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSource) watchdog = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = g_get_environ ();
  Communication communication = { NULL, };
  RingTestRun run = { -1, NULL, NULL, FALSE };
  const char *binary = g_getenv ("RING_ALLREDUCE_BIN");
  guint timeout_s = options != NULL && options->timeout_s > 0 ? options->timeout_s
                                                               : DEFAULT_TIMEOUT_S;

  g_assert_nonnull (binary);
  g_ptr_array_add (argv, (char *) binary);
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
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

  for (guint i = 0; options != NULL && options->environment != NULL
                    && options->environment[i] != NULL; i++)
    {
      g_auto(GStrv) pair = g_strsplit (options->environment[i], "=", 2);

      g_assert_nonnull (pair[1]);
      envp = g_environ_setenv (envp, pair[0], pair[1], TRUE);
    }

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_set_environ (launcher, envp);
  if (options != NULL && options->child_setup != NULL)
    g_subprocess_launcher_set_child_setup (launcher, options->child_setup,
                                           options->child_setup_data, NULL);

  g_main_context_push_thread_default (context);

  communication.process = g_subprocess_launcher_spawnv (launcher,
                                                        (const char * const *) argv->pdata,
                                                        &error);
  g_assert_no_error (error);
  g_subprocess_communicate_async (communication.process, NULL, NULL, communicate_cb,
                                  &communication);

  watchdog = g_timeout_source_new_seconds (timeout_s);
  g_source_set_callback (watchdog, watchdog_cb, &communication, NULL);
  g_source_attach (watchdog, context);

  while (!communication.done)
    g_main_context_iteration (context, TRUE);
  g_subprocess_wait (communication.process, NULL, NULL);
  g_source_destroy (watchdog);

  g_main_context_pop_thread_default (context);

  g_assert_no_error (communication.error);
  run.out = bytes_to_string (communication.out);
  run.err = bytes_to_string (communication.err);
  run.timed_out = communication.timed_out;
  if (g_subprocess_get_if_exited (communication.process))
    run.status = g_subprocess_get_exit_status (communication.process);

  if (run.timed_out)
    g_test_message ("%s %s… did not end within %u s", binary,
                    args != NULL && args[0] != NULL ? args[0] : "", timeout_s);

  g_clear_pointer (&communication.out, g_bytes_unref);
  g_clear_pointer (&communication.err, g_bytes_unref);
  g_clear_object (&communication.process);

  return run;
}

RingTestRun
ring_test_run_cli (const char *locale,
                   const char *first_arg,
                   ...)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  va_list ap;

  va_start (ap, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (char *) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);

  return ring_test_run_cli_full (locale, NULL, (const char * const *) args->pdata);
}

void
ring_test_run_clear (RingTestRun *run)
{
  g_clear_pointer (&run->out, g_free);
  g_clear_pointer (&run->err, g_free);
}

gboolean
ring_test_init_cli (int    *argc,
                    char ***argv)
{
  g_test_init (argc, argv, NULL);

  if (g_getenv ("RING_ALLREDUCE_BIN") == NULL)
    {
      g_test_skip ("RING_ALLREDUCE_BIN is not set");
      return FALSE;
    }

  return TRUE;
}
