/* main.c
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

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_prgname ("ring-allreduce");
  g_set_application_name (_("Ring All-Reduce"));

  app = ring_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
