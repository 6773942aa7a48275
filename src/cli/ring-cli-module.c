/* ring-cli-module.c: the export module, which ring-allreduce loads only for a command line
 * that draws, writes or reads a file (RING_CLI_LOAD_EXPORTS), so that the report, the
 * lists and the window start without cairo, Pango, PLplot, fontconfig or json-glib. It
 * holds the whole command line, export layer included, and runs it again from the start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-cli"

#include "config.h"

#include <gmodule.h>

#include "ring-cli.h"

G_MODULE_EXPORT int ring_cli_module_run (char **argv);

/* ring_cli_run() of this module's copy of the command line, with its export layer. */
G_MODULE_EXPORT int
ring_cli_module_run (char **argv)
{
  ring_cli_use_export_layer ();

  return ring_cli_run (argv);
}
