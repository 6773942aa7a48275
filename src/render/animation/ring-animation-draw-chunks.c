/* ring-animation-draw-chunks.c: up to RING_ANIMATION_MAX_CHUNK_GPUS, every gradient chunk of
 * every GPU.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"
#include "ring-schedule.h"

/* Chunk cells, shared by the GPU nodes, the in-flight chunks and the legend */

/* The bottom @level (0 … 1) of a rounded cell, flat on top. */
static void
cell_level (cairo_t *cr,
            double   x,
            double   y,
            double   size,
            double   radius,
            double   level)
{
  double fill_height = size * CLAMP (level, 0.0, 1.0);
  double top = y + size - fill_height;
  double r;

  if (level >= 0.999 || radius < 0.5)
    {
      ring_cairo_rounded_rectangle (cr, x, top, size, fill_height, level >= 0.999 ? radius : 0);
      return;
    }

  r = MIN (radius, fill_height);
  cairo_new_sub_path (cr);
  cairo_move_to (cr, x, top);
  cairo_line_to (cr, x + size, top);
  cairo_arc (cr, x + size - r, y + size - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + size - r, r, G_PI / 2, G_PI);
  cairo_close_path (cr);
}

static void
check_mark (cairo_t *cr,
            double   x,
            double   y,
            double   size)
{
  cairo_move_to (cr, x + 0.25 * size, y + 0.53 * size);
  cairo_line_to (cr, x + 0.43 * size, y + 0.71 * size);
  cairo_line_to (cr, x + 0.76 * size, y + 0.31 * size);
}

/* Cells too small to show round corners are square: a thousand of them fill faster. */
double
_ring_animation_draw_cell_radius (double size)
{
  return size >= 12 ? size * 0.22 : 0;
}

#define cell_radius _ring_animation_draw_cell_radius

/* One chunk holding @contributions of @n GPUs' gradients: a pale cell filled from the
 * bottom to contributions / n, with a check mark once it is @reduced. @alpha fades it in
 * while it is computed. */
void
_ring_animation_draw_cell (RingDraw        *draw,
                           const RingColor *hue,
                           double           x,
                           double           y,
                           double           size,
                           guint            contributions,
                           guint            n,
                           gboolean         reduced,
                           double           alpha)
{
  cairo_t *cr = draw->cr;
  RingColor pale = ring_color_mix (draw->card, *hue, draw->style->dark ? 0.32 : 0.24);

  ring_cairo_rounded_rectangle (cr, x, y, size, size, cell_radius (size));
  ring_cairo_set_color (cr, &pale, alpha);
  cairo_fill (cr);

  cell_level (cr, x, y, size, cell_radius (size), (double) contributions / n);
  ring_cairo_set_color (cr, hue, alpha);
  cairo_fill (cr);

  if (reduced && size >= 8)
    {
      check_mark (cr, x, y, size);
      cairo_set_line_width (cr, MAX (1.3, size * 0.13));
      ring_cairo_set_color (cr, &draw->background, alpha);
      cairo_stroke (cr);
    }
}

/* Tier 1, N ≤ RING_ANIMATION_MAX_CHUNK_GPUS: every chunk of every GPU */

typedef struct
{
  gboolean radial;        /* cards point out from the centre instead of standing upright */
  guint    cols, rows;
  double   cell, gap, pad, corner;
  double   card_width;    /* along the card's own x axis (the ring's tangent when radial) */
  double   card_height;   /* along its own y axis (towards the centre when radial) */
  double   radius;
  double   cx, cy;
  double   label_px;
  gboolean long_labels;   /* "GPU 3" rather than "3" */
  double   label_width, label_height;
  double   in_flight_size;  /* an in-flight chunk, a little larger than a cell */
  double   clearance;       /* how far links keep from the cards */
} ChunkRing;

static double
card_rotation (const ChunkRing *ring,
               guint            gpu,
               guint            n)
{
  return ring->radial ? _ring_animation_draw_node_angle (gpu, n) + G_PI / 2 : 0;
}

/* The angle the ring travels from a card's centre before it is ring->clearance away from
 * the card, forwards (@direction 1) or backwards (-1). A radial card is narrow across the
 * ring; an upright card is a box the ring's circle crosses at one of its four edges, found
 * exactly, since the circle bends away from its tangent under a wide card. */
static double
card_exit_angle (const ChunkRing *ring,
                 guint            gpu,
                 guint            n,
                 double           direction)
{
  double angle = _ring_animation_draw_node_angle (gpu, n);
  double half_width = ring->card_width / 2 + ring->clearance;
  double half_height = ring->card_height / 2 + ring->clearance;
  double cos_angle = cos (angle), sin_angle = sin (angle);
  double exit = G_PI;

  if (ring->radial)
    return half_width / ring->radius;

  for (guint edge = 0; edge < 4; edge++)
    {
      double side = edge % 2 == 0 ? 1 : -1;
      gboolean vertical = edge < 2;
      double target = vertical ? cos_angle + side * half_width / ring->radius
                               : sin_angle + side * half_height / ring->radius;
      double crossings[2];

      if (fabs (target) > 1)
        continue;
      if (vertical)
        {
          crossings[0] = acos (target);
          crossings[1] = -crossings[0];
        }
      else
        {
          crossings[0] = asin (target);
          crossings[1] = G_PI - crossings[0];
        }

      for (guint i = 0; i < 2; i++)
        {
          double delta = fmod (direction * (crossings[i] - angle), 2 * G_PI);
          /* The crossing must lie on the edge itself, not on its extension. */
          double along = vertical ? fabs (sin (crossings[i]) - sin_angle) * ring->radius
                                  : fabs (cos (crossings[i]) - cos_angle) * ring->radius;

          if (delta < 0)
            delta += 2 * G_PI;
          if (delta > 1e-9 && delta < exit
              && along <= (vertical ? half_height : half_width) + 1e-6)
            exit = delta;
        }
    }

  return exit;
}

/* How far from its centre a card reaches along the direction (ux, uy). */
static double
card_extent (const ChunkRing *ring,
             double           ux,
             double           uy)
{
  if (ring->radial)
    return ring->card_height / 2;

  return ring->card_width / 2 * fabs (ux) + ring->card_height / 2 * fabs (uy);
}

static gboolean
chunk_ring_try (ChunkRing         *ring,
                const RingDrawBox *box,
                guint              n,
                gboolean           radial,
                guint              cols,
                double             cell)
{
  double half = MIN (box->width, box->height) / 2;
  double step_angle = 2 * G_PI / n;
  double label_gap = 6;
  double shortest_link = G_MAXDOUBLE;

  ring->radial = radial;
  ring->cols = cols;
  ring->rows = (n + cols - 1) / cols;
  ring->cell = cell;
  ring->gap = MAX (1.0, round (cell * 0.2));
  ring->pad = MAX (3.0, round (cell * 0.45));
  ring->corner = MIN (10.0, ring->pad + cell_radius (cell));
  ring->card_width = cols * cell + (cols - 1) * ring->gap + 2 * ring->pad;
  ring->card_height = ring->rows * cell + (ring->rows - 1) * ring->gap + 2 * ring->pad;
  ring->in_flight_size = MAX (6.0, round (cell * 1.15));
  ring->clearance = ring->in_flight_size / 2 + 3;
  ring->cx = box->x + box->width / 2;
  ring->cy = box->y + box->height / 2;

  if (radial)
    {
      double inner;

      ring->radius = half - ring->card_height / 2 - label_gap
                     - MAX (ring->label_width, ring->label_height);
      inner = ring->radius - ring->card_height / 2;
      /* Leave the middle readable, and keep the cards' inner ends apart. */
      if (inner < half * 0.3 || 2 * inner * sin (step_angle / 2) < ring->card_width + 3)
        return FALSE;
      shortest_link = ring->radius * (step_angle - 2 * card_exit_angle (ring, 0, n, 1));
    }
  else
    {
      /* The largest radius that keeps every card and its label inside the box: both
       * move outwards along their direction as the radius grows. */
      ring->radius = G_MAXDOUBLE;
      for (guint gpu = 0; gpu < n; gpu++)
        {
          double angle = _ring_animation_draw_node_angle (gpu, n);
          double ux = fabs (cos (angle)), uy = fabs (sin (angle));
          double label_offset = card_extent (ring, ux, uy) + label_gap
                                + ring->label_width / 2 * ux + ring->label_height / 2 * uy;

          if (ux > 1e-9)
            ring->radius = MIN (ring->radius,
                                MIN ((box->width / 2 - ring->card_width / 2) / ux,
                                     (box->width / 2 - ring->label_width / 2) / ux
                                     - label_offset));
          if (uy > 1e-9)
            ring->radius = MIN (ring->radius,
                                MIN ((box->height / 2 - ring->card_height / 2) / uy,
                                     (box->height / 2 - ring->label_height / 2 - 3) / uy
                                     - label_offset));
        }
      if (n > 2 && ring->radius - MAX (ring->card_width, ring->card_height) / 2 < half * 0.2)
        return FALSE;
      for (guint gpu = 0; gpu < n; gpu++)
        {
          double link = ring->radius * (step_angle - card_exit_angle (ring, gpu, n, 1)
                                        - card_exit_angle (ring, (gpu + 1) % n, n, -1));

          shortest_link = MIN (shortest_link, link);
        }
    }

  /* Room for an in-flight chunk to be seen travelling. */
  return ring->radius > 0 && shortest_link >= 2 * ring->in_flight_size + 8;
}

static gboolean
chunk_ring_layout (RingDraw          *draw,
                   ChunkRing         *ring,
                   const RingDrawBox *box,
                   guint              n)
{
  double largest_cell = n <= 2 ? 30 : n <= 4 ? 26 : n <= 8 ? 22 : n <= 16 ? 16 : 12;
  ChunkRing candidate = { 0 };
  double best_merit = -G_MAXDOUBLE, best_score = G_MAXDOUBLE;
  g_autofree char *widest_label = NULL;

  candidate.long_labels = n <= 12;
  candidate.label_px = n <= 12 ? draw->text_px : RING_DRAW_MIN_TEXT_PX;
  widest_label = candidate.long_labels ? g_strdup_printf (_("GPU %u"), n - 1)
                                       : g_strdup_printf ("%u", n - 1);
  _ring_animation_draw_use_font (draw, candidate.label_px, FALSE);
  candidate.label_width = _ring_animation_draw_text_width (draw, widest_label);
  candidate.label_height = candidate.label_px * 0.75;

  /* Each arrangement (upright or radial, so many columns) gets the largest cell that fits,
   * in half pixels, by bisection: smaller cells only ever make more room. The largest
   * cell wins, with a handicap for a grid with empty places; the shape closest to a
   * pleasant card breaks ties. */
  for (guint radial = 0; radial <= 1; radial++)
    {
      guint max_cols = radial ? MIN (n, 4) : n;

      /* Small rings stand their cards upright; crowded ones point them outwards. */
      if ((radial && n < 10) || (!radial && n > 16))
        continue;

      for (guint cols = 1; cols <= max_cols; cols++)
        {
          guint rows = (n + cols - 1) / cols;
          double fits = 4, too_big = largest_cell + 0.5;
          double aspect, score, merit;

          /* A column too many leaves a whole column empty. */
          if (cols > 1 && (cols - 1) * rows >= n)
            continue;
          if (!chunk_ring_try (&candidate, box, n, radial, cols, fits))
            continue;
          while (too_big - fits > 0.5)
            {
              double middle = floor ((fits + too_big) / 2 * 2) / 2;

              if (middle <= fits)
                middle = fits + 0.5;
              if (chunk_ring_try (&candidate, box, n, radial, cols, middle))
                fits = middle;
              else
                too_big = middle;
            }
          chunk_ring_try (&candidate, box, n, radial, cols, fits);

          aspect = radial ? candidate.card_height / candidate.card_width
                          : candidate.card_width / candidate.card_height;
          score = fabs (log (aspect / (radial ? 3.0 : 1.6)))
                  + 0.5 * (double) (cols * rows - n) / n + (radial ? 0.3 : 0);
          merit = fits - (cols * rows > n ? 1.5 : 0);
          if (merit > best_merit || (merit == best_merit && score < best_score))
            {
              best_merit = merit;
              best_score = score;
              *ring = candidate;
            }
        }
    }

  return best_merit > -G_MAXDOUBLE;
}

/* The chunk cell @chunk of a card, in the card's own coordinates. */
static void
card_cell_origin (const ChunkRing *ring,
                  guint            chunk,
                  double          *x,
                  double          *y)
{
  guint col = chunk % ring->cols;
  guint row = chunk / ring->cols;

  *x = -ring->card_width / 2 + ring->pad + col * (ring->cell + ring->gap);
  *y = -ring->card_height / 2 + ring->pad + row * (ring->cell + ring->gap);
}

static void
card_transform (cairo_t         *cr,
                const ChunkRing *ring,
                guint            gpu,
                guint            n)
{
  double angle = _ring_animation_draw_node_angle (gpu, n);

  cairo_translate (cr, ring->cx + ring->radius * cos (angle),
                   ring->cy + ring->radius * sin (angle));
  cairo_rotate (cr, card_rotation (ring, gpu, n));
}

/* The part of link @gpu → @gpu + 1 between the two cards, as angles on the ring. */
static void
link_angles (const ChunkRing *ring,
             guint            gpu,
             guint            n,
             double          *start,
             double          *end)
{
  *start = _ring_animation_draw_node_angle (gpu, n) + card_exit_angle (ring, gpu, n, 1);
  *end = _ring_animation_draw_node_angle (gpu, n) + 2 * G_PI / n
         - card_exit_angle (ring, (gpu + 1) % n, n, -1);
}

/* How many GPUs' contributions @gpu holds in @chunk at this frame; 0 while not computed. */
static guint
chunk_contributions (const RingDraw *draw,
                     guint           gpu,
                     guint           chunk)
{
  switch (draw->frame.phase)
    {
    case RING_FRAME_IDLE:
      return 0;
    case RING_FRAME_COMPUTE:
      return draw->frame.progress * draw->n > chunk ? 1 : 0;
    case RING_FRAME_RING_STEP:
    case RING_FRAME_DONE:
    default:
      return ring_schedule_contributions (draw->n, draw->completed, gpu, chunk);
    }
}

/* How far GPU @gpu's chunk has travelled: at its own link's pace, with the simulation. */
static double
link_travel (const RingDraw *draw,
             guint           gpu)
{
  return draw->link_end != NULL ? _ring_animation_draw_travel_to (draw, draw->link_end[gpu])
                                : draw->travel;
}

/* The ring's links, each in its kind's style, with an arrow at the receiving end. */
static void
draw_ring_links (RingDraw        *draw,
                 const ChunkRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  double width = ring->cell >= 10 ? 2.0 : 1.5;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      double start, end;

      link_angles (ring, gpu, n, &start, &end);
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring->cx, ring->cy, ring->radius, start, end);
      if (draw->sim != NULL)
        _ring_animation_draw_link_style (draw, _ring_animation_draw_ring_link_kind (draw, gpu),
                                         gpu == draw->slow_link, width);
      else
        {
          cairo_set_line_width (cr, width);
          ring_cairo_set_color (cr, &draw->link, draw->sending ? 1.0 : 0.6);
        }
      cairo_stroke (cr);

      cairo_set_dash (cr, NULL, 0, 0);
      _ring_animation_draw_chevron (cr, ring->cx + ring->radius * cos (end),
                                    ring->cy + ring->radius * sin (end), end,
                                    MAX (4.0, ring->cell * 0.4));
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  /* The slow link says how slow, outside the ring. */
  if (draw->slow_link != G_MAXUINT)
    {
      double start, end, middle, reach;

      link_angles (ring, draw->slow_link, n, &start, &end);
      middle = (start + end) / 2;
      /* Outside the ring, between the two GPUs' numbers. */
      reach = ring->radius + (ring->radial ? ring->card_height / 2
                                           : MIN (ring->card_width, ring->card_height) / 2) + 12;
      _ring_animation_draw_slow_label (draw, ring->cx + reach * cos (middle),
                                       ring->cy + reach * sin (middle));
    }
}

/* Behind the slow link, the chunk its GPU sends next has arrived and waits: dimmed. */
static void
draw_queue (RingDraw        *draw,
            const ChunkRing *ring,
            const RingColor *hues)
{
  guint n = draw->n, slow = draw->slow_link;
  guint previous, chunk;
  double start, end, angle, size = ring->in_flight_size;
  const double dashed[] = { 2.0, 2.0 };

  if (!draw->sending || slow == G_MAXUINT || draw->link_end == NULL
      || draw->frame.step + 1 >= draw->n_steps)
    return;
  previous = (slow + n - 1) % n;
  if (link_travel (draw, previous) < 1 || link_travel (draw, slow) >= 1)
    return;

  chunk = ring_schedule_send_chunk (n, draw->frame.step + 1, slow);
  link_angles (ring, slow, n, &start, &end);
  angle = start + MIN (0.22 * (end - start), (size + 6) / ring->radius);

  cairo_save (draw->cr);
  cairo_translate (draw->cr, ring->cx + (ring->radius + size * 0.9) * cos (angle),
                   ring->cy + (ring->radius + size * 0.9) * sin (angle));
  ring_cairo_rounded_rectangle (draw->cr, -size / 2 - 2, -size / 2 - 2, size + 4, size + 4,
                                cell_radius (size) + 2);
  ring_cairo_set_color (draw->cr, &draw->background, 1.0);
  cairo_fill_preserve (draw->cr);
  cairo_set_dash (draw->cr, dashed, 2, 0);
  cairo_set_line_width (draw->cr, 1.2);
  ring_cairo_set_color (draw->cr, &draw->slow, 1.0);
  cairo_stroke (draw->cr);
  cairo_set_dash (draw->cr, NULL, 0, 0);
  _ring_animation_draw_cell (draw, &hues[chunk], -size / 2, -size / 2, size,
                             ring_schedule_contributions (n, draw->frame.step + 1, slow, chunk),
                             n, FALSE, 0.55);
  cairo_restore (draw->cr);
}

/* The GPU nodes' cards, bordered in the compute colour while they compute. */
static void
draw_cards (RingDraw        *draw,
            const ChunkRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;

  for (guint gpu = 0; gpu < n; gpu++)
    {
      cairo_save (cr);
      card_transform (cr, ring, gpu, n);
      ring_cairo_rounded_rectangle (cr, -ring->card_width / 2, -ring->card_height / 2,
                                    ring->card_width, ring->card_height, ring->corner);
      cairo_restore (cr);
    }
  _ring_animation_draw_fill_cards (draw);
}

/* GPU numbers outside the cards. */
static void
draw_gpu_numbers (RingDraw        *draw,
                  const ChunkRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;

  _ring_animation_draw_use_font (draw, ring->label_px, FALSE);
  ring_cairo_set_color (cr, &draw->style->foreground, 0.7);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      g_autofree char *label = ring->long_labels ? g_strdup_printf (_("GPU %u"), gpu)
                                                 : g_strdup_printf ("%u", gpu);
      double angle = _ring_animation_draw_node_angle (gpu, n);
      double ux = cos (angle), uy = sin (angle);
      double label_width = _ring_animation_draw_text_width (draw, label);
      double reach = ring->radius + card_extent (ring, ux, uy) + 6
                     + label_width / 2 * fabs (ux) + ring->label_height / 2 * fabs (uy);

      _ring_animation_draw_show_text (draw, label, ring->cx + reach * ux,
                                      ring->cy + reach * uy + ring->label_height / 2, 0.5);
    }
}

/* Every GPU's chunk cells, one fill per chunk colour: the pale cells, then their levels;
 * the empty slots, and the check marks of fully reduced chunks. */
static void
draw_cells (RingDraw        *draw,
            const ChunkRing *ring,
            const RingColor *hues)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;

  for (guint chunk = 0; chunk < n; chunk++)
    {
      RingColor pale = ring_color_mix (draw->card, hues[chunk],
                                       draw->style->dark ? 0.32 : 0.24);
      double x, y, alpha = 1.0;
      gboolean any = FALSE;

      if (draw->frame.phase == RING_FRAME_COMPUTE)
        alpha = CLAMP (draw->frame.progress * n - chunk, 0.0, 1.0);

      card_cell_origin (ring, chunk, &x, &y);
      for (guint gpu = 0; gpu < n; gpu++)
        {
          if (chunk_contributions (draw, gpu, chunk) == 0)
            continue;
          cairo_save (cr);
          card_transform (cr, ring, gpu, n);
          ring_cairo_rounded_rectangle (cr, x, y, ring->cell, ring->cell,
                                        cell_radius (ring->cell));
          cairo_restore (cr);
          any = TRUE;
        }
      if (!any)
        continue;
      ring_cairo_set_color (cr, &pale, alpha);
      cairo_fill (cr);

      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint contributions = chunk_contributions (draw, gpu, chunk);

          if (contributions == 0)
            continue;
          cairo_save (cr);
          card_transform (cr, ring, gpu, n);
          cell_level (cr, x, y, ring->cell, cell_radius (ring->cell), (double) contributions / n);
          cairo_restore (cr);
        }
      ring_cairo_set_color (cr, &hues[chunk], alpha);
      cairo_fill (cr);
    }

  /* Empty slots, and the check marks of fully reduced chunks. */
  for (guint gpu = 0; gpu < n; gpu++)
    for (guint chunk = 0; chunk < n; chunk++)
      {
        double x, y;

        if (chunk_contributions (draw, gpu, chunk) != 0)
          continue;
        card_cell_origin (ring, chunk, &x, &y);
        cairo_save (cr);
        card_transform (cr, ring, gpu, n);
        ring_cairo_rounded_rectangle (cr, x + 0.5, y + 0.5, ring->cell - 1, ring->cell - 1,
                                      cell_radius (ring->cell));
        cairo_restore (cr);
      }
  ring_cairo_set_color (cr, &draw->slot, 1.0);
  cairo_set_line_width (cr, 1.0);
  cairo_stroke (cr);

  if (ring->cell >= 8)
    {
      for (guint gpu = 0; gpu < n; gpu++)
        for (guint chunk = 0; chunk < n; chunk++)
          {
            double x, y;

            if (chunk_contributions (draw, gpu, chunk) != n)
              continue;
            card_cell_origin (ring, chunk, &x, &y);
            cairo_save (cr);
            card_transform (cr, ring, gpu, n);
            check_mark (cr, x, y, ring->cell);
            cairo_restore (cr);
          }
      cairo_set_line_width (cr, MAX (1.3, ring->cell * 0.13));
      ring_cairo_set_color (cr, &draw->background, 1.0);
      cairo_stroke (cr);
    }
}

static void
draw_chunk_ring (RingDraw        *draw,
                 const ChunkRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  double in_flight_size = ring->in_flight_size;
  RingColor hues[RING_ANIMATION_MAX_CHUNK_GPUS];
  double card_reach, label_radius, caption_radius;

  for (guint chunk = 0; chunk < n; chunk++)
    hues[chunk] = _ring_animation_draw_chunk_color (draw,
                                                    _ring_animation_draw_chunk_hue (chunk, n));

  /* The nodes' boxes behind their GPUs, the links, the GPUs' numbers and the caption
   * stay from frame to frame (plane 0); so do the cards (plane 1). */
  card_reach = ring->radial ? ring->card_height : MAX (ring->card_width, ring->card_height);
  if (_ring_animation_draw_static (draw, 0))
    {
      label_radius = ring->radius - card_reach / 2 - 5 - RING_DRAW_MIN_TEXT_PX;
      _ring_animation_draw_node_bands (draw, ring->cx, ring->cy, ring->radius, card_reach + 10,
                                       label_radius);
      draw_ring_links (draw, ring);
      draw_gpu_numbers (draw, ring);
      card_reach = ring->radial ? ring->card_height / 2
                                : MAX (ring->card_width, ring->card_height) / 2;
      caption_radius = ring->radius - card_reach - 8;
      /* The nodes' names lie inside the cards, as wide as "Node 10" at the sides: the
       * caption, at most 0.8 of its radius wide, keeps clear of them. */
      if (draw->nodes > 1)
        caption_radius = MIN (caption_radius - 5 - RING_DRAW_MIN_TEXT_PX * 1.5,
                              (label_radius - RING_DRAW_MIN_TEXT_PX * 4.5 - 6) / 0.8);
      _ring_animation_draw_centre_caption (draw, ring->cx, ring->cy, caption_radius,
                                           label_radius);
    }

  /* The stretch an in-flight chunk has covered lights up in its colour. */
  if (draw->sending && _ring_animation_draw_dynamic (draw))
    {
      cairo_set_line_width (cr, ring->cell >= 10 ? 3.0 : 2.0);
      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);
          double start, end, travel = link_travel (draw, gpu);

          link_angles (ring, gpu, n, &start, &end);
          if (travel <= 0)
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, ring->cx, ring->cy, ring->radius, start, start + travel * (end - start));
          ring_cairo_set_color (cr, &hues[chunk], 0.9);
          cairo_stroke (cr);
        }
    }

  if (_ring_animation_draw_static (draw, 1))
    draw_cards (draw, ring);
  if (!_ring_animation_draw_dynamic (draw))
    return;

  /* What each GPU holds changes once a step (during the compute phase, every frame). */
  if (_ring_animation_draw_begin_step (draw, 0, draw->frame.phase == RING_FRAME_COMPUTE
                                                ? G_MAXUINT : draw->completed))
    {
      draw_cells (draw, ring, hues);
      _ring_animation_draw_end_step (draw, 0);
    }

  /* In-flight chunks, carrying what the sender holds before the step. */
  if (draw->sending)
    for (guint gpu = 0; gpu < n; gpu++)
      {
        guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);
        guint carried = ring_schedule_contributions (n, draw->frame.step, gpu, chunk);
        double start, end, angle;

        link_angles (ring, gpu, n, &start, &end);
        angle = start + link_travel (draw, gpu) * (end - start);

        cairo_save (cr);
        cairo_translate (cr, ring->cx + ring->radius * cos (angle),
                         ring->cy + ring->radius * sin (angle));
        if (ring->radial)
          cairo_rotate (cr, angle + G_PI / 2);
        ring_cairo_rounded_rectangle (cr, -in_flight_size / 2 - 2, -in_flight_size / 2 - 2,
                                      in_flight_size + 4, in_flight_size + 4,
                                      cell_radius (in_flight_size) + 2);
        ring_cairo_set_color (cr, &draw->background, 1.0);
        cairo_fill (cr);
        _ring_animation_draw_cell (draw, &hues[chunk], -in_flight_size / 2, -in_flight_size / 2,
                                   in_flight_size, carried, n, carried == n, 1.0);
        cairo_restore (cr);
      }

  draw_queue (draw, ring, hues);
}

/* The search for the best arrangement measures text and tries dozens of layouts (most of
 * a 16-GPU frame); frames ask for the same one again and again, so the last is kept.
 * Drawing happens on one thread (cairo's text API and PLplot's state require it). */
typedef struct
{
  guint       n;
  RingDrawBox box;
  double      text_px;
  const char *family;
  gboolean    fits;
  ChunkRing   ring;
} LayoutCache;

/* Per thread: planes are drawn ahead on a worker thread too. */
static _Thread_local LayoutCache last_layout;

gboolean
_ring_animation_draw_chunk_ring (RingDraw          *draw,
                                 const RingDrawBox *box)
{
  LayoutCache *cache = &last_layout;

  if (cache->n != draw->n || cache->text_px != draw->text_px || cache->family != draw->family
      || memcmp (&cache->box, box, sizeof *box) != 0)
    {
      cache->n = draw->n;
      cache->box = *box;
      cache->text_px = draw->text_px;
      cache->family = draw->family;
      cache->fits = chunk_ring_layout (draw, &cache->ring, box, draw->n);
    }

  if (!cache->fits)
    return FALSE;

  draw_chunk_ring (draw, &cache->ring);

  return TRUE;
}
