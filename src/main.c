/* main.c: ring-allreduce, the program people run. It links no GTK: it checks the whole
 * command line, answers --report, --export, the lists, --help and --version itself, and
 * only when a window is wanted execs ring-allreduce-window with the same arguments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-allreduce"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <unistd.h>

#include "ring-cli.h"
#include "ring-i18n.h"

#define WINDOW_PROGRAM "ring-allreduce-window"

/* Beside this program in a build tree (both are built into one folder), else where it is
 * installed. */
static char *
find_window_program (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, WINDOW_PROGRAM, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&beside);
    }

  return g_build_filename (LIBEXECDIR, WINDOW_PROGRAM, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *window_program = NULL;
  int status;

  ring_i18n_init ();

  g_set_prgname ("ring-allreduce");

  status = ring_cli_run (argv);
  if (status != RING_CLI_OPEN_WINDOW)
    return status;

  window_program = find_window_program ();
  execv (window_program, argv);

  g_printerr (_("%s: cannot start the window, %s: %s\n"), g_get_prgname (), window_program,
              g_strerror (errno));
  return RING_CLI_EXIT_IO_ERROR;
}
