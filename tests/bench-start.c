/* bench-start.c: the window's start, as ring-allreduce-window starts it.
 *
 * Runs the application as window-main.c does (the renderer chosen first, then
 * RingApplication), with N logs remembered from a last session (the "nccl-logs" key, in
 * memory), and at the window's first painted frame prints the wall clock, the resident
 * memory and the renderer, then quits:
 *
 *   bench-start [N_LOGS [default|floor]]
 *   first-frame-realtime-us 1764630000123456 rss-kib 61234 cpu-ms 180.2 renderer GskCairoRenderer
 *
 * The logs come from $G_TEST_SRCDIR/data/nccl-logs, the schema from GSETTINGS_SCHEMA_DIR.
 * The caller takes the time before it starts the program (build-aux/bench), so the
 * figure holds loading and linking too. `default` keeps GTK's own renderer choice, for a
 * before-and-after. `floor` starts the application just the same (renderer, startup,
 * command line) but presents a window with a header bar and a label instead of its own:
 * what the start costs on the machine before any of the window, below which no window of
 * it starts. It never judges: timing decides nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "ring-application.h"
#include "ring-renderer.h"

/* Logs whose fits exercise the model, not the reader: real runs of real clusters. */
static const char * const stored_logs[] = {
  "a100-2node-info.log", "h100-1node.log", "h100-2node-gj-aion.log", "mpi-tagged-4node.log",
};

static gboolean painted;

static long
rss_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, "VmRSS:")) == NULL)
    return -1;

  return strtol (line + strlen ("VmRSS:"), NULL, 10);
}

/* The process's CPU time so far, user and system, in ms: what the start costs whatever
 * else the machine runs. */
static double
cpu_ms (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return -1;

  return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1e3
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e3;
}

static void
after_paint_cb (GdkFrameClock *clock,
                GtkWindow     *window)
{
  GtkApplication *app = gtk_window_get_application (window);

  if (painted)
    return;
  painted = TRUE;
  g_print ("first-frame-realtime-us %" G_GINT64_FORMAT " rss-kib %ld cpu-ms %.1f "
           "renderer %s\n", g_get_real_time (), rss_kib (), cpu_ms (),
           G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))));
  g_application_quit (G_APPLICATION (app));
}

static void
realize_cb (GtkWidget *window)
{
  g_signal_connect_object (gtk_widget_get_frame_clock (window), "after-paint",
                           G_CALLBACK (after_paint_cb), window, 0);
}

static void
window_added_cb (GtkApplication *app,
                 GtkWindow      *window)
{
  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    realize_cb (GTK_WIDGET (window));
  else
    g_signal_connect (window, "realize", G_CALLBACK (realize_cb), NULL);
}

/* The floor: the application's start, and the smallest libadwaita window in place of
 * its own, whose building RingApplication's "activate" handler never begins. */
static void
floor_activate_cb (GApplication *app)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (app));
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  gtk_box_append (GTK_BOX (box), gtk_label_new ("Ring All-Reduce"));
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), box);
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  gtk_window_present (GTK_WINDOW (window));
  g_signal_stop_emission_by_name (app, "activate");
}

/* The command line's handler sets the parameters of the application's window, which the
 * floor has not. */
static int
floor_command_line_cb (GApplication            *app,
                       GApplicationCommandLine *command_line)
{
  g_application_activate (app);
  g_signal_stop_emission_by_name (app, "command-line");

  return 0;
}

/* The key as the window writes it after importing @n_logs logs. */
static void
remember_logs (guint n_logs)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GPtrArray) uris = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_logs && i < G_N_ELEMENTS (stored_logs); i++)
    {
      g_autofree char *path = g_build_filename (g_getenv ("G_TEST_SRCDIR"), "data",
                                                "nccl-logs", stored_logs[i], NULL);

      g_ptr_array_add (uris, g_filename_to_uri (path, NULL, NULL));
    }
  g_ptr_array_add (uris, NULL);
  g_settings_set_strv (settings, "nccl-logs", (const char * const *) uris->pdata);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RingApplication) app = NULL;
  const char *mode = argc > 2 ? argv[2] : "";
  guint n_logs = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 0;
  char *app_argv[] = { argv[0], NULL };

  /* Never the person's settings. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  if (n_logs > 0 && g_getenv ("G_TEST_SRCDIR") == NULL)
    {
      g_printerr ("bench-start: set G_TEST_SRCDIR to the tests folder to remember logs\n");
      return 2;
    }

  if (g_strcmp0 (mode, "default") != 0)
    ring_renderer_choose ("/dev/dri");

  g_set_prgname ("ring-allreduce");
  remember_logs (n_logs);
  app = ring_application_new ();
  /* Before the class's handlers, which they stop. */
  if (g_strcmp0 (mode, "floor") == 0)
    {
      g_signal_connect (app, "command-line", G_CALLBACK (floor_command_line_cb), NULL);
      g_signal_connect (app, "activate", G_CALLBACK (floor_activate_cb), NULL);
    }
  g_signal_connect (app, "window-added", G_CALLBACK (window_added_cb), NULL);

  return g_application_run (G_APPLICATION (app), 1, app_argv);
}
