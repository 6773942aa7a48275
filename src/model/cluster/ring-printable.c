/* ring-printable.c: names from files and file names, made safe for every output.
 *
 * A log named "a\033[2Jb.log" or "a\xef\xbf\xbe.log" (U+FFFE) is a legal file name; put in
 * an SVG as it is, the file is no longer XML, and printed on a terminal it clears the
 * screen. Names are made printable once, where they enter the model, rather than escaped
 * differently by each output.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <string.h>

#include "ring-printable.h"

gboolean
ring_unichar_is_printable (gunichar c)
{
  if (c < 0x20 || (c >= 0x7f && c <= 0x9f))
    return FALSE;
  if (c >= 0xfdd0 && c <= 0xfdef)
    return FALSE;
  if ((c & 0xfffe) == 0xfffe)
    return FALSE;

  return c <= 0x10ffff && !(c >= 0xd800 && c <= 0xdfff);
}

char *
ring_text_make_printable (const char *text)
{
  g_autofree char *valid = NULL;
  GString *printable;

  g_return_val_if_fail (text != NULL, NULL);

  valid = g_utf8_make_valid (text, -1);
  printable = g_string_sized_new (strlen (valid));
  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (ring_unichar_is_printable (c))
        g_string_append_unichar (printable, c);
      else if (c <= 0xff)
        g_string_append_printf (printable, "\\x%02x", c);
      else
        g_string_append_printf (printable, "\\u%04X", c);
    }

  return g_string_free (printable, FALSE);
}

char *
ring_filename_display (const char *filename)
{
  g_autofree char *shown = NULL;

  g_return_val_if_fail (filename != NULL, NULL);

  shown = g_filename_display_name (filename);

  return ring_text_make_printable (shown);
}
