/* main.c: ring-allreduce, the program people run. It links GLib and the model only: it
 * checks the whole command line and answers --report, the lists, --help and --version
 * itself; a command line that draws, writes or reads a file (an export, --chart, a log,
 * a scenario file) it runs again in the export module, loaded then; and only when a
 * window is wanted does it exec ring-allreduce-window with the same arguments.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-allreduce"

#include "config.h"

#include <errno.h>
#include <glib/gi18n.h>
#include <gmodule.h>
#include <unistd.h>

#include "ring-cli.h"
#include "ring-i18n.h"

#define WINDOW_PROGRAM "ring-allreduce-window"
#define EXPORT_MODULE  "ring-allreduce-export.so"

/* @name beside this program in a build tree (all are built into one folder) when it is
 * there, else in @installed_dir. */
static char *
find_beside_or_in (const char *name,
                   const char *installed_dir)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);

  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, name, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_EXECUTABLE))
        return g_steal_pointer (&beside);
    }

  return g_build_filename (installed_dir, name, NULL);
}

/* Runs @argv in the export module; its status, or 1 when it cannot be loaded. */
static int
run_export_module (char **argv)
{
  g_autofree char *path = find_beside_or_in (EXPORT_MODULE, PKGLIBDIR);
  /* Kept loaded to the end: the status is returned from main(). */
  GModule *module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  int (*module_run) (char **argv) = NULL;

  if (module == NULL || !g_module_symbol (module, "ring_cli_module_run", (gpointer *) &module_run))
    {
      g_printerr (_("%s: cannot load the export module, %s: %s\n"), g_get_prgname (), path,
                  g_module_error ());
      return RING_CLI_EXIT_IO_ERROR;
    }

  return module_run (argv);
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
  if (status == RING_CLI_LOAD_EXPORTS)
    status = run_export_module (argv);
  if (status != RING_CLI_OPEN_WINDOW)
    return status;

  window_program = find_beside_or_in (WINDOW_PROGRAM, LIBEXECDIR);
  execv (window_program, argv);

  g_printerr (_("%s: cannot start the window, %s: %s\n"), g_get_prgname (), window_program,
              g_strerror (errno));
  return RING_CLI_EXIT_IO_ERROR;
}
