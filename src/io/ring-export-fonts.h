/* ring-export-fonts.h: the fonts of the command line's exports, found without reading
 * fontconfig's configuration files.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* How the exports of this process find their fonts. */
typedef enum
{
  RING_EXPORT_FONTS_SYSTEM,  /* fontconfig's configuration, read from its files */
  RING_EXPORT_FONTS_OWN,     /* the exports' own configuration, made in memory */
} RingExportFonts;

/* Sets a configuration of fontconfig's made in memory (the system's font folders and their
 * caches, "sans" as DejaVu Sans, the system's default hinting) as the current one and as
 * the configuration of a new default PangoCairo font map, before anything reads fonts:
 * what fontconfig's own files would have chosen, without parsing their XML in every export.
 * Where the user or the environment configures fontconfig (FONTCONFIG_FILE, a fonts.conf in
 * the user's folders) or DejaVu Sans is not found, the system's configuration stays. Only
 * once a process, before fontconfig or Pango have been used; the window never calls it. */
RingExportFonts ring_export_fonts_init (void);

G_END_DECLS
