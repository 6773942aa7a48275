/* ring-style.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include "ring-style.h"

static void
set_rgb (RingColor *color,
         guint32    rgb)
{
  color->red = ((rgb >> 16) & 0xff) / 255.0;
  color->green = ((rgb >> 8) & 0xff) / 255.0;
  color->blue = (rgb & 0xff) / 255.0;
  color->alpha = 1.0;
}

/* The colours are libadwaita's named palette (GNOME HIG), so charts match the window. */
void
ring_style_init_light (RingStyle *style)
{
  g_return_if_fail (style != NULL);

  style->dark = FALSE;
  set_rgb (&style->background, 0xffffff);
  set_rgb (&style->foreground, 0x1e1e1e);
  set_rgb (&style->dim, 0x9a9996);
  set_rgb (&style->accent, 0x1c71d8);
  set_rgb (&style->compute, 0x26a269);
  set_rgb (&style->communication, 0xc01c28);
  set_rgb (&style->series[0], 0x1c71d8);
  set_rgb (&style->series[1], 0xe66100);
  set_rgb (&style->series[2], 0x813d9c);
  set_rgb (&style->series[3], 0x865e3c);
  style->font_family = "Cantarell";
}

void
ring_style_init_dark (RingStyle *style)
{
  g_return_if_fail (style != NULL);

  style->dark = TRUE;
  set_rgb (&style->background, 0x242424);
  set_rgb (&style->foreground, 0xffffff);
  set_rgb (&style->dim, 0x77767b);
  set_rgb (&style->accent, 0x78aeed);
  set_rgb (&style->compute, 0x57e389);
  set_rgb (&style->communication, 0xff7b63);
  set_rgb (&style->series[0], 0x99c1f1);
  set_rgb (&style->series[1], 0xffbe6f);
  set_rgb (&style->series[2], 0xdc8add);
  set_rgb (&style->series[3], 0xcdab8f);
  style->font_family = "Cantarell";
}

void
ring_style_init (RingStyle *style,
                 gboolean   dark)
{
  if (dark)
    ring_style_init_dark (style);
  else
    ring_style_init_light (style);
}
