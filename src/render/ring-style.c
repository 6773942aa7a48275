/* ring-style.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include "ring-algorithms.h"
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

static void
set_algorithm_colors (RingStyle *style)
{
  for (guint a = RING_ALGORITHM_AUTO + 1; a < RING_N_ALGORITHMS; a++)
    {
      const RingAlgorithmInfo *info = ring_algorithm_info (a);

      set_rgb (&style->algorithms[a - 1], style->dark ? info->color_rgb_dark : info->color_rgb);
    }
}

RingColor
ring_color_mix (RingColor from,
                RingColor to,
                double    t)
{
  RingColor color;

  color.red = from.red + (to.red - from.red) * t;
  color.green = from.green + (to.green - from.green) * t;
  color.blue = from.blue + (to.blue - from.blue) * t;
  color.alpha = from.alpha + (to.alpha - from.alpha) * t;

  return color;
}

/* The colours are libadwaita's named palette (GNOME HIG), so charts match the window, with
 * some of Okabe and Ito's colour-blind-safe set (2008) among the algorithms'. Curves drawn
 * together stay apart for people with protanopia, deuteranopia and tritanopia:
 * tests/test-palette.c simulates each (Machado, Oliveira and Fernandes 2009) and requires a
 * CIEDE2000 difference between every pair. */
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
  set_rgb (&style->series[2], 0x613583);
  set_rgb (&style->series[3], 0x865e3c);
  set_algorithm_colors (style);
  set_rgb (&style->scenarios[0], 0xd33682);   /* magenta */
  set_rgb (&style->scenarios[1], 0x865e3c);   /* brown */
  set_rgb (&style->scenarios[2], 0x008b8b);   /* teal */
  set_rgb (&style->scenarios[3], 0x5e5c64);   /* grey */
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
  set_rgb (&style->communication, 0xf66151);
  set_rgb (&style->series[0], 0x99c1f1);
  set_rgb (&style->series[1], 0xffbe6f);
  set_rgb (&style->series[2], 0xd55e00);
  set_rgb (&style->series[3], 0xcdab8f);
  set_algorithm_colors (style);
  set_rgb (&style->scenarios[0], 0xc061cb);   /* purple */
  set_rgb (&style->scenarios[1], 0xe5a50a);   /* amber */
  set_rgb (&style->scenarios[2], 0x2aa198);   /* teal */
  set_rgb (&style->scenarios[3], 0xc0bfbc);   /* grey */
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
