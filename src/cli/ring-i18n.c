/* ring-i18n.c: the locale and the message catalogues, as both programs start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "ring-i18n.h"

void
ring_i18n_init (void)
{
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
}
