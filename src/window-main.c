/* window-main.c: ring-allreduce-window, the GTK application. ring-allreduce checks the
 * command line and execs this program with the same arguments when a window is wanted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-allreduce"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-application.h"
#include "ring-i18n.h"
#include "ring-renderer.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(RingApplication) app = NULL;

  ring_i18n_init ();
  /* Before GTK reads its environment: no OpenGL probing where no GPU could run it. */
  ring_renderer_choose ("/dev/dri");

  /* The name people typed, in messages and for the window manager. */
  g_set_prgname ("ring-allreduce");
  g_set_application_name (_("Ring All-Reduce"));

  app = ring_application_new ();

  return g_application_run (G_APPLICATION (app), argc, argv);
}
