/* window-main.c: ring-allreduce-window, the GTK application. ring-allreduce checks the
 * command line and execs this program with the same arguments when a window is wanted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-allreduce"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ring-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RingApplication) app = NULL;
  const char *localedir;

  setlocale (LC_ALL, "");
  /* An uninstalled run (the tests, `build-aux/dev run`) finds its catalogues in the
   * build tree, laid out as LANG/LC_MESSAGES/DOMAIN.mo, through this variable. */
  localedir = g_getenv ("RING_ALLREDUCE_LOCALEDIR");
  if (localedir == NULL || *localedir == '\0')
    localedir = LOCALEDIR;
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  /* The name people typed, in messages and for the window manager. */
  g_set_prgname ("ring-allreduce");
  g_set_application_name (_("Ring All-Reduce"));

  app = ring_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
