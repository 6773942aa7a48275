/* ring-animation-draw-private.h: what the parts of a ring animation frame share. The frame
 * (ring-animation-draw.c) lays itself out and draws the ring with one of three tiers:
 * every chunk (ring-animation-draw-chunks.c), a dot per GPU (ring-animation-draw-dots.c) or bands
 * (ring-animation-draw-aggregate.c), all with the colours, text and shapes of
 * ring-animation-draw-paint.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "ring-animation-draw.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* Text never gets smaller than this many pixels. */
#define RING_DRAW_MIN_TEXT_PX  12.0
/* Chunk hues are grouped into this many colours when there are many chunks, so a frame
 * costs a fixed number of fills. */
#define RING_DRAW_N_HUE_BINS   48

typedef struct
{
  double x, y, width, height;
} RingDrawBox;

/* One frame being drawn: the caller's cairo_t, style and frame, and what follows from
 * them. */
typedef struct
{
  cairo_t         *cr;
  const RingStyle *style;
  RingFrame        frame;       /* normalised copy of the caller's frame */
  guint            n;           /* N */
  guint            n_steps;     /* 2 (N − 1) */
  guint            completed;   /* ring steps over, as the schedule counts them */
  gboolean         sending;     /* a ring step is under way: chunks are on the links */
  double           travel;      /* 0 … 1 along the links */
  const char      *family;
  const char      *separator;   /* digit groups */
  double           text_px;     /* legend, labels, subtitle */
  RingColor        background;  /* the style's, always opaque: knock-outs and blends */
  RingColor        card;        /* GPU node fill */
  RingColor        card_border;
  RingColor        slot;        /* a chunk not computed yet */
  RingColor        link;        /* ring links */
  RingColor        node;        /* a GPU dot before any reduction */
} RingDraw;

/* The geometry tiers 2 and 3 share: a circle with labels outside it. */
typedef struct
{
  double cx, cy, radius;
  double label_px;
} RingDotRing;

/* ring-animation-draw-paint.c */
RingColor _ring_animation_draw_mix              (RingColor          a,
                                                 RingColor          b,
                                                 double             t);
RingColor _ring_animation_draw_chunk_color      (const RingDraw    *draw,
                                                 double             hue_fraction);
double    _ring_animation_draw_chunk_hue        (guint              chunk,
                                                 guint              n);
void      _ring_animation_draw_use_font         (RingDraw          *draw,
                                                 double             size_px,
                                                 gboolean           bold);
double    _ring_animation_draw_text_width       (RingDraw          *draw,
                                                 const char        *text);
void      _ring_animation_draw_show_text        (RingDraw          *draw,
                                                 const char        *text,
                                                 double             x,
                                                 double             baseline,
                                                 double             anchor);
void      _ring_animation_draw_chevron          (cairo_t           *cr,
                                                 double             x,
                                                 double             y,
                                                 double             angle,
                                                 double             size);
double    _ring_animation_draw_node_angle       (guint              gpu,
                                                 guint              n);

/* ring-animation-draw.c */
void      _ring_animation_draw_centre_caption   (RingDraw          *draw,
                                                 double             cx,
                                                 double             cy,
                                                 double             radius);

/* ring-animation-draw-chunks.c */
void      _ring_animation_draw_cell             (RingDraw          *draw,
                                                 const RingColor   *hue,
                                                 double             x,
                                                 double             y,
                                                 double             size,
                                                 guint              contributions,
                                                 guint              n,
                                                 gboolean           reduced,
                                                 double             alpha);
void      _ring_animation_draw_single_gpu       (RingDraw          *draw,
                                                 const RingDrawBox *box);
/* FALSE, drawing nothing, when no arrangement of the cards fits @box. */
gboolean  _ring_animation_draw_chunk_ring       (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-dots.c */
RingColor _ring_animation_draw_node_state_color (const RingDraw    *draw);
void      _ring_animation_draw_dot_ring_layout  (RingDraw          *draw,
                                                 RingDotRing       *ring,
                                                 const RingDrawBox *box);
void      _ring_animation_draw_quarter_labels   (RingDraw          *draw,
                                                 const RingDotRing *ring,
                                                 double             reach);
void      _ring_animation_draw_direction_marks  (RingDraw          *draw,
                                                 const RingDotRing *ring,
                                                 double             radius,
                                                 double             size,
                                                 guint              count);
void      _ring_animation_draw_dot_ring         (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-aggregate.c */
void      _ring_animation_draw_band_ring        (RingDraw          *draw,
                                                 const RingDrawBox *box);

G_END_DECLS
