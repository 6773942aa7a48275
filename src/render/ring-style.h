/* ring-style.h: the colours a drawing uses, taken from the widget's style by the ui layer
 * (or the light defaults for files written from the command line).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ring-params.h"

G_BEGIN_DECLS

typedef struct
{
  double red, green, blue, alpha;
} RingColor;

typedef struct
{
  gboolean  dark;
  /* Painted first (extcairo paints none). Alpha 0: the caller's surface provides the
   * background; ring_animation_draw() paints none and still blends with, and knocks out to,
   * this colour made opaque, so it should be that surface's colour. Files and charts
   * keep it opaque. */
  RingColor background;
  RingColor foreground;     /* text, axes */
  RingColor dim;            /* grid, secondary text */
  RingColor accent;         /* the current configuration's marker */
  RingColor compute;        /* compute time: green */
  RingColor communication;  /* communication time: red */
  RingColor series[4];      /* further curves */
  /* One colour per all-reduce algorithm but auto, in RingAlgorithm order: each algorithm's
   * own (RingAlgorithmInfo.color_rgb). */
  RingColor algorithms[RING_N_ALGORITHMS - 1];
  /* The pinned scenarios' dashed curves, apart from the curves they are drawn beside
   * (tests/test-palette.c). */
  RingColor scenarios[4];
  const char *font_family;
} RingStyle;

/* The colour @t of the way from @from to @to, alpha included (0: @from, 1: @to). */
RingColor ring_color_mix   (RingColor  from,
                            RingColor  to,
                            double     t);

void ring_style_init_light (RingStyle *style);
void ring_style_init_dark  (RingStyle *style);
/* One of the two, as the widgets ask for it: ring_style_init (&style, dark). */
void ring_style_init       (RingStyle *style,
                            gboolean   dark);

G_END_DECLS
