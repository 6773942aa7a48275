/* ring-renderer.h: which of GTK's renderers the window draws with, chosen before GTK
 * initialises.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Where no GPU render node (a `renderD*` file in @render_node_dir, "/dev/dri" on Linux)
 * exists, OpenGL could only be a software rasteriser, slower than cairo and tens of MiB
 * larger: this sets GSK_RENDERER=cairo and turns GDK's OpenGL off (GDK_DEBUG=gl-disable
 * before GTK 4.16, GDK_DISABLE=gl from it), keeping what those variables held. With a
 * render node, or when the person set GSK_RENDERER, nothing changes. TRUE if it chose
 * cairo. Call it before GTK initialises: GDK reads these once, as it opens the display. */
gboolean ring_renderer_choose (const char *render_node_dir);

G_END_DECLS
