/* bench-load.c: the floor under every export that draws.
 *
 *   bench-load MODULE
 *
 * Loads MODULE (ring-allreduce-export.so) as ring-allreduce does for a command line that
 * draws, writes or reads a file, with every library it needs (cairo, Pango, PLplot,
 * fontconfig, json-glib, GIO and theirs), and exits: no model, no chart, no file.
 * build-aux/bench times it beside the exports, so that what loading costs on the machine
 * is seen apart from what drawing costs. It never judges: timing decides nothing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gmodule.h>

int
main (int   argc,
      char *argv[])
{
  GModule *module;

  if (argc != 2)
    {
      g_printerr ("Usage: bench-load MODULE\n");
      return 2;
    }

  /* As src/main.c opens it. */
  module = g_module_open (argv[1], G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (module == NULL)
    {
      g_printerr ("bench-load: %s\n", g_module_error ());
      return 1;
    }

  /* Left loaded, as ring-allreduce leaves it until it exits. */
  return 0;
}
