/* test-launch.c: ring-allreduce, which links no GTK, opens the window by starting
 * ring-allreduce-window from beside itself; a second launch hands its options to the
 * first window (on a display and a session bus: the ui suite); without a display it says
 * so and fails cleanly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <gio/gio.h>
#include <string.h>

/* Far longer than a window takes to appear, even on a loaded machine. */
#define STARTUP_TIMEOUT_S 30

static char *
object_path_for_id (const char *application_id)
{
  g_autofree char *dots = g_strdelimit (g_strdup (application_id), ".", '/');

  return g_strconcat ("/", dots, NULL);
}

static gboolean
name_has_owner (GDBusConnection *bus,
                const char      *name)
{
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GError) error = NULL;
  gboolean has_owner = FALSE;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner",
                                       g_variant_new ("(s)", name), G_VARIANT_TYPE ("(b)"),
                                       G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "(b)", &has_owner);

  return has_owner;
}

static GSubprocess *
launch (GError **error,
        ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  va_list args;

  g_ptr_array_add (argv, (char *) g_getenv ("RING_ALLREDUCE_BIN"));
  va_start (args, error);
  for (const char *arg = va_arg (args, const char *); arg != NULL;
       arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  /* Silenced: a window left behind by a failed test must not hold the output that meson
   * waits on. */
  return g_subprocess_newv ((const char * const *) argv->pdata,
                            G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                            | G_SUBPROCESS_FLAGS_STDERR_SILENCE, error);
}

static void
exited_cb (GObject      *object,
           GAsyncResult *result,
           gpointer      user_data)
{
  gboolean *exited = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (object), result, NULL);
  *exited = TRUE;
}

static void
test_window_opens (void)
{
  g_autoptr(GDBusConnection) bus = NULL;
  g_autoptr(GSubprocess) first = NULL;
  g_autoptr(GSubprocess) second = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *object_path = object_path_for_id (APPLICATION_ID);
  g_autofree char *exe_link = NULL;
  g_autofree char *exe = NULL;
  g_autofree char *exe_name = NULL;
  gint64 deadline;
  gboolean first_exited = FALSE;

  bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (name_has_owner (bus, APPLICATION_ID));

  first = launch (&error, "--gpus", "16", NULL);
  g_assert_no_error (error);

  g_subprocess_wait_async (first, NULL, exited_cb, &first_exited);
  deadline = g_get_monotonic_time () + STARTUP_TIMEOUT_S * G_USEC_PER_SEC;
  while (!name_has_owner (bus, APPLICATION_ID))
    {
      while (g_main_context_iteration (NULL, FALSE))
        ;
      if (first_exited)
        g_error ("ring-allreduce ended without opening a window");
      if (g_get_monotonic_time () > deadline)
        {
          g_subprocess_force_exit (first);
          g_error ("the window did not appear on the session bus");
        }
      g_usleep (50000);
    }

  /* The process that was started is the window program now: exec kept its id. */
  exe_link = g_strdup_printf ("/proc/%s/exe", g_subprocess_get_identifier (first));
  exe = g_file_read_link (exe_link, &error);
  g_assert_no_error (error);
  exe_name = g_path_get_basename (exe);
  g_assert_cmpstr (exe_name, ==, "ring-allreduce-window");

  /* A second launch hands its options to the first window and ends. */
  second = launch (&error, "--gpus", "32", NULL);
  g_assert_no_error (error);
  g_subprocess_wait_check (second, NULL, &error);
  g_assert_no_error (error);

  g_dbus_connection_call_sync (bus, APPLICATION_ID, object_path, "org.gtk.Actions",
                               "Activate", g_variant_new ("(sava{sv})", "quit", NULL, NULL),
                               NULL, G_DBUS_CALL_FLAGS_NONE, -1, NULL, &error);
  g_assert_no_error (error);

  while (!first_exited)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (g_subprocess_get_if_exited (first));
  g_assert_cmpint (g_subprocess_get_exit_status (first), ==, 0);
}

/* Where no display opens, the window says so and ends with status 1, as GTK's own
 * gtk_init() does: no criticals, no crash. */
static void
test_no_display (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_unsetenv (launcher, "DISPLAY");
  g_subprocess_launcher_setenv (launcher, "WAYLAND_DISPLAY", "ring-allreduce-no-such-display",
                                TRUE);
  process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("RING_ALLREDUCE_BIN"),
                                         "--gpus", "16", NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);

  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 1);
  g_assert_nonnull (strstr (err, "cannot open display: ring-allreduce-no-such-display"));
  g_assert_null (strstr (err, "CRITICAL"));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/launch/no-display", test_no_display);

  if (g_getenv ("DISPLAY") != NULL || g_getenv ("WAYLAND_DISPLAY") != NULL)
    g_test_add_func ("/ring/launch/window-opens", test_window_opens);

  return g_test_run ();
}
