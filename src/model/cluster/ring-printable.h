/* ring-printable.h: names from files and file names, made safe for every output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether @c can stand in any output as itself: not a control character (C0, DEL, C1),
 * not a Unicode noncharacter (U+FDD0–U+FDEF, U+xFFFE, U+xFFFF), which XML, terminals and
 * toasts all refuse or act on. */
gboolean ring_unichar_is_printable (gunichar    c);

/* @text as valid UTF-8 (invalid bytes become U+FFFD) whose every character is printable:
 * a control character is shown as "\x1b", a noncharacter as "\uFFFE". What a file name,
 * a log's GPU name or a typed name becomes where it enters the model, so that the SVG,
 * the CSV, the text report, a terminal's message and a toast show the same safe text. */
char    *ring_text_make_printable  (const char *text);

/* The name a file is shown by: g_filename_display_name () made printable. */
char    *ring_filename_display     (const char *filename);

G_END_DECLS
