/* ring-animation-draw-schedule.c: every algorithm but the ring, on a circle of nodes.
 *
 * The GPUs sit on a circle, node after node, each node in its box; a node's NVSwitch (NVLS)
 * sits inside the circle by its node, the network switch (SHARP) in the middle. The step's
 * transfers are lines from sender to receiver in their link's style, with the pieces they
 * carry travelling along them and arriving when the simulation says; each GPU shows what
 * it holds of every piece (cards up to RING_ANIMATION_MAX_CHUNK_GPUS), or a dot, or, beyond
 * RING_ANIMATION_MAX_NODE_GPUS, a band with a sample of the transfers.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"

/* Beyond this many transfers in a step only a sample of them is drawn: with cards, and
 * with dots (where a few hundred already fill the circle). */
#define MAX_DRAWN_TRANSFERS      1536
#define MAX_DRAWN_DOT_TRANSFERS  256
/* … of whose lines only so many: a long line is a long stroke. */
#define MAX_DRAWN_DOT_LINES      128
#define LINES_A_STROKE           8
/* Senders sampled in the aggregate tier. */
#define SAMPLED_SENDERS     48

typedef struct
{
  double cx, cy, radius;
  double card;              /* a GPU card's width (cards tier), else 0 */
  double card_height;
  double dot;               /* a GPU dot's radius (dots tier), else 0 */
  guint  cols, rows;        /* a card's grid of pieces */
  double cell, gap;
} Circle;

/* Where endpoint @endpoint is drawn. */
static void
endpoint_position (const RingDraw *draw,
                   const Circle   *circle,
                   guint           endpoint,
                   double         *x,
                   double         *y)
{
  RingEndpointKind kind = ring_schedule_get_endpoint_kind (draw->schedule, endpoint);
  guint n = draw->n;
  double angle, radius;

  if (kind != RING_ENDPOINT_GPU)
    {
      _ring_animation_draw_switch_centre (draw, circle->cx, circle->cy, circle->radius, endpoint,
                                          x, y);
      return;
    }
  angle = _ring_animation_draw_node_angle (endpoint, n);
  radius = circle->radius;

  *x = circle->cx + radius * cos (angle);
  *y = circle->cy + radius * sin (angle);
}

/* Pieces: the algorithms that cut the buffer into shards colour each shard alike in every
 * chunk (a shard's owner then gathers one colour); the others colour piece by piece. */
static gboolean
by_shard (const RingDraw *draw)
{
  return ring_algorithm_info (ring_schedule_get_algorithm (draw->schedule))->colour_by_shard;
}

static double
piece_hue (const RingDraw *draw,
           guint           piece)
{
  if (by_shard (draw))
    return (piece % draw->gpus_per_node + 0.5) / draw->gpus_per_node;

  return (piece + 0.5) / ring_schedule_get_n_pieces (draw->schedule);
}

/* How far a transfer's line bends, a share of its length: 0 past the cards tier (set per
 * frame by _ring_animation_draw_schedule(), which draws on one thread). */
/* Per thread: planes are drawn ahead on a worker thread too. */
static _Thread_local double curve_bend = 0.12;

/* Layout */

static void
circle_layout (RingDraw          *draw,
               Circle            *circle,
               const RingDrawBox *box)
{
  guint n = draw->n;
  guint pieces = ring_schedule_get_n_pieces (draw->schedule);
  double label_room = draw->text_px * 3.5;
  double half = MIN (box->width, box->height) / 2;

  circle->cx = box->x + box->width / 2;
  circle->cy = box->y + box->height / 2;

  if (n <= RING_ANIMATION_MAX_CHUNK_GPUS && ring_simulation_get_held (draw->sim, 0, 0, 0) > 0)
    {
      /* Cards of pieces: shards side by side, a chunk per row; or a square. As large as
       * fit round the circle and, with the labels outside them, inside the box. */
      double side, spacing, longest;
      guint cells;

      circle->cols = by_shard (draw) ? draw->gpus_per_node : (guint) ceil (sqrt ((double) pieces));
      circle->rows = (pieces + circle->cols - 1) / circle->cols;
      cells = MAX (circle->cols, circle->rows);
      side = CLAMP (half * 2.4 / (n + 4), 18, 64);
      for (guint attempt = 0; attempt < 2; attempt++)
        {
          /* A card of tall shards may be taller than wide: up to 0.28 of the box. */
          double tallest = MAX (side, MIN (box->height * 0.28, side * 3));

          circle->gap = side >= 40 && cells <= 8 ? 1 : 0;
          circle->cell = MIN ((side - 6 - (circle->cols - 1) * circle->gap) / circle->cols,
                              (tallest - 6 - (circle->rows - 1) * circle->gap) / circle->rows);
          circle->card = circle->cols * (circle->cell + circle->gap) + 6 - circle->gap;
          circle->card_height = circle->rows * (circle->cell + circle->gap) + 6 - circle->gap;
          circle->radius = MIN (box->width / 2 - circle->card / 2 - label_room - 8,
                                box->height / 2 - circle->card_height / 2
                                - RING_DRAW_MIN_TEXT_PX * 1.8);
          /* Neighbours apart: the longest side at most 0.72 of the space between them. */
          spacing = 2 * G_PI * MAX (circle->radius, 20) / n;
          longest = MAX (circle->card, circle->card_height);
          if (longest <= spacing * 0.72 && circle->radius >= 20)
            break;
          side *= MIN (spacing * 0.72 / longest, 0.9);
        }
    }
  else
    {
      circle->radius = half - label_room;
      circle->dot = CLAMP (M_PI * circle->radius / n * 0.6, 1.5, 7);
    }
  circle->radius = MAX (circle->radius, 20);
}

/* GPUs */

/* How far along the step the frame is for the whole GPU: what it holds after the steps
 * over, as a share of everything it will hold. */
static double
held_share (const RingDraw *draw)
{
  if (draw->frame.phase == RING_FRAME_DONE)
    return 1;
  if (draw->frame.phase != RING_FRAME_RING_STEP || draw->n_steps == 0)
    return 0;

  return (draw->completed + draw->travel) / draw->n_steps;
}

guint
_ring_animation_draw_held_at (const RingDraw *draw,
                              guint           gpu,
                              guint           piece)
{
  if (draw->frame.phase == RING_FRAME_IDLE)
    return 0;
  if (draw->frame.phase == RING_FRAME_COMPUTE)
    return draw->frame.progress * ring_schedule_get_n_pieces (draw->schedule) > piece ? 1 : 0;

  return ring_simulation_get_held (draw->sim, draw->completed, gpu, piece);
}

/* A card's top left corner and height. */
static void
card_box (const RingDraw *draw,
          const Circle   *circle,
          guint           gpu,
          double         *left,
          double         *top,
          double         *height)
{
  double x, y;

  endpoint_position (draw, circle, gpu, &x, &y);
  *height = circle->card_height;
  *left = x - circle->card / 2;
  *top = y - *height / 2;
}

static void
piece_origin (const Circle *circle,
              double        left,
              double        top,
              guint         piece,
              double       *x,
              double       *y)
{
  *x = left + 3 + (piece % circle->cols) * (circle->cell + circle->gap);
  *y = top + 3 + (piece / circle->cols) * (circle->cell + circle->gap);
}

/* Every piece one fill per colour: the pale cells of the colour, then how full each is.
 * Empty cells (not computed yet) are slots. */
static void
draw_pieces (RingDraw     *draw,
             const Circle *circle)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  guint pieces = ring_schedule_get_n_pieces (draw->schedule);
  guint n_hues = by_shard (draw) ? draw->gpus_per_node : MIN (pieces, RING_DRAW_N_HUE_BINS);
  double radius = circle->cell >= 12 ? circle->cell * 0.22 : 0;
  g_autofree guint8 *held_table = g_new (guint8, (gsize) n * pieces);
  g_autofree guint8 *bins = g_new (guint8, pieces);

  /* What each GPU holds of each piece, and each piece's colour, once for the frame. */
  for (guint piece = 0; piece < pieces; piece++)
    bins[piece] = (guint8) MIN ((guint) (piece_hue (draw, piece) * n_hues), n_hues - 1);
  for (guint gpu = 0; gpu < n; gpu++)
    for (guint piece = 0; piece < pieces; piece++)
      held_table[gpu * pieces + piece] = (guint8) _ring_animation_draw_held_at (draw, gpu, piece);

  for (guint layer = 0; layer < 3; layer++)
    for (guint hue_bin = 0; hue_bin < (layer == 0 ? 1 : n_hues); hue_bin++)
      {
        RingColor hue = _ring_animation_draw_chunk_color (draw, (hue_bin + 0.5) / n_hues);
        gboolean any = FALSE;

        for (guint gpu = 0; gpu < n; gpu++)
          {
            double left, top, height;

            card_box (draw, circle, gpu, &left, &top, &height);
            for (guint piece = 0; piece < pieces; piece++)
              {
                guint held = held_table[gpu * pieces + piece];
                guint bin = bins[piece];
                double x, y, level;

                /* Layer 0: empty slots; 1: pale cells; 2: their levels. */
                if ((layer == 0) != (held == 0) || (layer > 0 && bin != hue_bin))
                  continue;
                piece_origin (circle, left, top, piece, &x, &y);
                level = layer == 2 ? (double) held / n : 1;
                ring_cairo_rounded_rectangle (cr, x, y + circle->cell * (1 - level), circle->cell,
                                              circle->cell * level, level >= 0.999 ? radius : 0);
                any = TRUE;
              }
          }
        if (!any)
          continue;
        if (layer == 0)
          ring_cairo_set_color (cr, &draw->slot, 0.6);
        else if (layer == 1)
          {
            RingColor pale = ring_color_mix (draw->card, hue,
                                             draw->style->dark ? 0.32 : 0.24);

            ring_cairo_set_color (cr, &pale, 1.0);
          }
        else
          ring_cairo_set_color (cr, &hue, 1.0);
        cairo_fill (cr);
      }
}

/* Every card, then what it holds. */
static void
draw_cards (RingDraw     *draw,
            const Circle *circle)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  gboolean computing = draw->frame.phase == RING_FRAME_COMPUTE;

  /* The cards stay (plane 1); what they hold changes. */
  if (_ring_animation_draw_static (draw, 1))
    {
      for (guint gpu = 0; gpu < n; gpu++)
        {
          double left, top, height;

          card_box (draw, circle, gpu, &left, &top, &height);
          ring_cairo_rounded_rectangle (cr, left, top, circle->card, height,
                                        MIN (6.0, circle->card * 0.15));
          _ring_animation_draw_record_box (draw, RING_DRAW_BOX_CARD,
                                           &(RingDrawBox) { left, top, circle->card, height });
        }
      ring_cairo_set_color (cr, &draw->card, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, computing ? 2.0 : 1.0);
      ring_cairo_set_color (cr, computing ? &draw->style->compute : &draw->card_border, 1.0);
      cairo_stroke (cr);
    }
  /* What the GPUs hold changes once a step (during the compute phase, every frame). */
  if (_ring_animation_draw_begin_step (draw, 1, computing ? G_MAXUINT : draw->completed))
    {
      draw_pieces (draw, circle);
      _ring_animation_draw_end_step (draw, 1);
    }
}

static void
draw_gpus (RingDraw     *draw,
           const Circle *circle)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;

  if (circle->card > 0)
    {
      draw_cards (draw, circle);
      return;
    }

  /* Dots, all of one colour: how far the average has come. The dots stay (plane 1),
   * their colour changes. */
  if (draw->frame.phase == RING_FRAME_COMPUTE)
    ring_cairo_set_color (cr, &draw->style->compute, 0.3 + 0.7 * draw->frame.progress);
  else
    {
      RingColor color = ring_color_mix (draw->node, draw->style->accent,
                                        0.2 + 0.8 * held_share (draw));

      ring_cairo_set_color (cr, &color, 1.0);
    }
  if (!_ring_animation_draw_static_mask (draw, 1))
    return;
  for (guint gpu = 0; gpu < n; gpu++)
    {
      double x, y;

      endpoint_position (draw, circle, gpu, &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, circle->dot, 0, 2 * G_PI);
    }
  cairo_fill (cr);
}

static void
draw_gpu_labels (RingDraw     *draw,
                 const Circle *circle)
{
  guint n = draw->n;
  guint every = n <= 16 ? 1 : n <= 32 ? 2 : n / 4;
  double reach = circle->radius + circle->dot + 6;

  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, FALSE);
  ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.7);
  for (guint gpu = 0; gpu < n; gpu += every)
    {
      g_autofree char *label = n <= 12 ? g_strdup_printf (_("GPU %u"), gpu)
                                       : g_strdup_printf ("%u", gpu);
      double angle = _ring_animation_draw_node_angle (gpu, n);
      double width = _ring_animation_draw_text_width (draw, label);
      double ux = cos (angle), uy = sin (angle);
      double distance = reach + (width + circle->card) / 2 * fabs (ux)
                        + (RING_DRAW_MIN_TEXT_PX * 0.8 + circle->card_height) / 2 * fabs (uy);

      _ring_animation_draw_show_text (draw, label, circle->cx + distance * ux,
                                      circle->cy + distance * uy + RING_DRAW_MIN_TEXT_PX * 0.35,
                                      0.5);
    }
}

/* Where the nodes' names go: inside the cards; nowhere (0) when the NVSwitches stand where
 * they would. */
static double
node_label_radius (const RingDraw *draw,
                   const Circle   *circle)
{
  if (ring_schedule_get_nvswitch (draw->schedule, 0) != G_MAXUINT)
    return 0;

  return circle->radius - MAX (MAX (circle->card, circle->card_height) * 0.6, circle->dot) - 8;
}

/* Switches: as large as the circle leaves room for. */
static void
draw_switches (RingDraw          *draw,
               const Circle      *circle,
               const RingDrawBox *box)
{
  double half = MIN (box->width, box->height) / 2;
  RingSwitchFit fit = { circle->cx, circle->cy, circle->radius, circle->card,
                        circle->card_height, node_label_radius (draw, circle), 0, 0, 0, FALSE,
                        { 0 } };

  _ring_animation_draw_fit_switches (draw, &fit, CLAMP (half * 0.42, 64, 120),
                                     CLAMP (half * 0.14, 26, 40));
  _ring_animation_draw_switches (draw, &fit);
}

/* Transfers */

/* The sends of the step on screen: the simulation's, with their arrival times; in the
 * aggregate tier a sample of senders' sends, all arriving at the step's end. */
static GArray *
step_transfers (RingDraw *draw)
{
  GArray *transfers = g_array_new (FALSE, FALSE, sizeof (RingSimulatedTransfer));
  guint endpoints = ring_schedule_get_n_endpoints (draw->schedule);

  if (!draw->sending)
    return transfers;

  if (draw->transfers != NULL)
    {
      g_array_append_vals (transfers, draw->transfers->data, draw->transfers->len);
      return transfers;
    }

  for (guint i = 0; i < SAMPLED_SENDERS; i++)
    {
      guint from = (guint) ((guint64) i * draw->n / SAMPLED_SENDERS);
      guint n_sends = ring_schedule_get_n_sends (draw->schedule, draw->frame.step, from);

      for (guint s = 0; s < MIN (n_sends, 4u); s++)
        {
          RingSimulatedTransfer t = { { 0 }, 0, 1, FALSE };

          ring_schedule_get_send (draw->schedule, draw->frame.step, from, s, &t.transfer);
          t.slowed = from == draw->slow_link;
          g_array_append_val (transfers, t);
        }
    }
  /* The switches' sends fan out to every GPU: a few of a few switches'. */
  for (guint from = draw->n; from < endpoints;
       from += MAX (1u, (endpoints - draw->n) / 8))
    {
      guint n_sends = ring_schedule_get_n_sends (draw->schedule, draw->frame.step, from);

      for (guint s = 0; s < n_sends; s += MAX (1u, n_sends / 8))
        {
          RingSimulatedTransfer t = { { 0 }, 0, 1, FALSE };

          ring_schedule_get_send (draw->schedule, draw->frame.step, from, s, &t.transfer);
          g_array_append_val (transfers, t);
        }
    }

  return transfers;
}

static gboolean
between_gpus (const RingDraw       *draw,
              const RingTransfer   *t)
{
  return t->from < draw->n && t->to < draw->n;
}

/* Many transfers between GPUs at once (CollNet's direct scatter and gather): each line
 * would cost cairo a long stroke and show nothing the moving pieces do not. */
static gboolean
busy (const RingDraw *draw,
      GArray         *transfers)
{
  guint between = 0;

  for (guint i = 0; i < transfers->len; i++)
    between += between_gpus (draw, &g_array_index (transfers, RingSimulatedTransfer, i).transfer);

  return between > 3 * draw->n;
}

static void
draw_transfer_lines (RingDraw     *draw,
                     const Circle *circle,
                     GArray       *transfers,
                     guint         stride)
{
  cairo_t *cr = draw->cr;
  double width = draw->n <= 32 ? 1.6 : draw->n <= 256 ? 1.0 : 0.6;
  gboolean crowded = busy (draw, transfers);
  /* Curves read better; past the cards, straight lines cost cairo a third as much. */
  gboolean curved = draw->n <= RING_ANIMATION_MAX_CHUNK_GPUS;
  /* A line between two endpoints once, however many pieces go either way along it. */
  g_autoptr(GHashTable) drawn = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autofree gint64 *keys = g_new (gint64, transfers->len + 1);
  guint n_keys = 0;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  /* Thin curves need no finer flattening than half a pixel. */
  cairo_set_tolerance (cr, 0.5);
  /* Kind by kind, the slow link's last, a few lines a stroke: one stroke of hundreds of
   * crossing curves costs cairo more than several of a few each. */
  for (guint style = 0; style <= RING_N_LINK_KINDS; style++)
    {
      gboolean slow = style == RING_N_LINK_KINDS;
      guint in_path = 0;

      _ring_animation_draw_link_style (draw, slow ? RING_LINK_INTRA : style, slow, width);
      for (guint i = 0; i < transfers->len; i += stride)
        {
          const RingSimulatedTransfer *t = &g_array_index (transfers, RingSimulatedTransfer, i);
          double x0, y0, x1, y1;

          if (slow ? !t->slowed : t->slowed || t->transfer.link != style)
            continue;
          if (crowded && between_gpus (draw, &t->transfer) && !t->slowed)
            continue;
          keys[n_keys] = ((gint64) MIN (t->transfer.from, t->transfer.to) << 32)
                         | MAX (t->transfer.from, t->transfer.to);
          if (!g_hash_table_add (drawn, &keys[n_keys]))
            continue;
          n_keys++;
          endpoint_position (draw, circle, t->transfer.from, &x0, &y0);
          endpoint_position (draw, circle, t->transfer.to, &x1, &y1);
          if (curved)
            _ring_animation_draw_curve_path (cr, x0, y0, x1, y1, curve_bend);
          else
            {
              cairo_move_to (cr, x0, y0);
              cairo_line_to (cr, x1, y1);
            }
          if (++in_path == LINES_A_STROKE)
            {
              cairo_stroke (cr);
              in_path = 0;
            }
        }
      if (in_path > 0)
        cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* Tokens as dots (@size > 0) or squares (< 0), one fill per colour. */
static void
draw_token_dots (RingDraw     *draw,
                 const Circle *circle,
                 GArray       *transfers,
                 guint         stride,
                 double        size)
{
  cairo_t *cr = draw->cr;
  guint n_bins = RING_DRAW_N_HUE_BINS;

  for (guint bin = 0; bin < n_bins; bin++)
    {
      gboolean any = FALSE;
      RingColor hue;

      for (guint i = 0; i < transfers->len; i += stride)
        {
          const RingSimulatedTransfer *t = &g_array_index (transfers, RingSimulatedTransfer, i);
          double x0, y0, x1, y1, x, y;

          if ((guint) (piece_hue (draw, t->transfer.first_piece) * n_bins) != bin)
            continue;
          endpoint_position (draw, circle, t->transfer.from, &x0, &y0);
          endpoint_position (draw, circle, t->transfer.to, &x1, &y1);
          _ring_animation_draw_curve_point (x0, y0, x1, y1, curve_bend,
                                            _ring_animation_draw_travel_to (draw,
                                                                            t->end_fraction),
                                            &x, &y);
          if (size < 0)
            cairo_rectangle (cr, x + size / 2, y + size / 2, -size, -size);
          else
            {
              cairo_new_sub_path (cr);
              cairo_arc (cr, x, y, size, 0, 2 * G_PI);
            }
          any = TRUE;
        }
      if (!any)
        continue;
      hue = _ring_animation_draw_chunk_color (draw, (bin + 0.5) / n_bins);
      ring_cairo_set_color (cr, &hue, 1.0);
      cairo_fill (cr);
    }
}

static void
draw_transfer_tokens (RingDraw     *draw,
                      const Circle *circle,
                      GArray       *transfers,
                      guint         stride)
{
  cairo_t *cr = draw->cr;
  double size = circle->card > 0 ? MAX (7.0, MIN (circle->card * 0.22, 11.0))
                                 : CLAMP (circle->dot * 1.2, 2.5, 6.0);

  if (busy (draw, transfers))
    size *= 0.75;

  /* Dots, or, too many to tell apart, squares: one fill per colour either way. */
  if (circle->card == 0 || busy (draw, transfers))
    {
      draw_token_dots (draw, circle, transfers, stride, circle->card == 0 ? size : -size);
      return;
    }

  for (guint i = 0; i < transfers->len; i += stride)
    {
      const RingSimulatedTransfer *t = &g_array_index (transfers, RingSimulatedTransfer, i);
      double x0, y0, x1, y1, travel = _ring_animation_draw_travel_to (draw, t->end_fraction);
      double x, y;
      RingColor hue = _ring_animation_draw_chunk_color (draw,
                                                        piece_hue (draw, t->transfer.first_piece));

      endpoint_position (draw, circle, t->transfer.from, &x0, &y0);
      endpoint_position (draw, circle, t->transfer.to, &x1, &y1);
      _ring_animation_draw_curve_point (x0, y0, x1, y1, curve_bend, travel, &x, &y);

      if (circle->card > 0)
        {
          /* The pieces it carries side by side, up to 8: a message that halves shrinks
           * (one, when the step's transfers are too many to tell apart). */
          /* No wider than a card: a longer strip hides the cards it passes. */
          guint cells = CLAMP ((guint) ((circle->card + 1) / (size + 1)), 1u,
                               busy (draw, transfers) ? 1 : MIN (t->transfer.n_pieces, 8u));
          double strip = cells * size + (cells - 1);

          ring_cairo_rounded_rectangle (cr, x - strip / 2 - 2, y - size / 2 - 2, strip + 4,
                                        size + 4, 3);
          ring_cairo_set_color (cr, &draw->background, 1.0);
          cairo_fill (cr);
          for (guint c = 0; c < cells; c++)
            {
              guint piece = t->transfer.first_piece + c * t->transfer.n_pieces / cells;
              guint held = t->transfer.from < draw->n
                           ? ring_simulation_get_held (draw->sim, draw->completed,
                                                       t->transfer.from, piece)
                           : draw->n;

              hue = _ring_animation_draw_chunk_color (draw, piece_hue (draw, piece));
              _ring_animation_draw_cell (draw, &hue, x - strip / 2 + c * (size + 1),
                                         y - size / 2, size, MAX (held, 1u), draw->n,
                                         held == draw->n, 1.0);
            }
        }
    }
}

static void
draw_slow_gpu_label (RingDraw     *draw,
                     const Circle *circle)
{
  double x, y, angle;

  if (draw->slow_link == G_MAXUINT)
    return;

  angle = _ring_animation_draw_node_angle (draw->slow_link, draw->n);
  endpoint_position (draw, circle, draw->slow_link, &x, &y);
  _ring_animation_draw_slow_label (draw, x - (circle->card * 0.7 + 16) * cos (angle),
                                   y - (circle->card * 0.7 + 16) * sin (angle));
}

/* The aggregate: a band of GPUs with ticks where the nodes meet. */
static void
draw_band (RingDraw     *draw,
           const Circle *circle)
{
  cairo_t *cr = draw->cr;
  RingColor color = ring_color_mix (draw->node, draw->style->accent,
                                    0.2 + 0.8 * held_share (draw));

  /* A fixed band (plane 1) in the colour of the moment. */
  ring_cairo_set_color (cr, &color, 1.0);
  if (!_ring_animation_draw_static_mask (draw, 1))
    return;
  cairo_new_sub_path (cr);
  cairo_arc (cr, circle->cx, circle->cy, circle->radius, 0, 2 * G_PI);
  cairo_set_line_width (cr, 12);
  cairo_stroke (cr);
}

void
_ring_animation_draw_schedule (RingDraw          *draw,
                               const RingDrawBox *box)
{
  Circle circle = { 0 };
  g_autoptr(GArray) transfers = NULL;
  guint stride = 1;
  gboolean aggregate = draw->n > RING_ANIMATION_MAX_NODE_GPUS;

  circle_layout (draw, &circle, box);
  curve_bend = draw->n <= RING_ANIMATION_MAX_CHUNK_GPUS ? 0.12 : 0;
  /* The nodes' boxes stay (plane 0); their names go on top (plane 2). */
  if (_ring_animation_draw_static (draw, 0))
    _ring_animation_draw_node_bands (draw, circle.cx, circle.cy, circle.radius,
                                     MAX (MAX (circle.card, circle.card_height) * 1.2,
                                          circle.dot * 2) + 12, 0);

  /* The step's lines, under the GPUs. */
  if (_ring_animation_draw_dynamic (draw))
    {
      transfers = step_transfers (draw);
      stride = MAX (1u, transfers->len / (circle.card > 0 ? MAX_DRAWN_TRANSFERS
                                                          : MAX_DRAWN_DOT_TRANSFERS));
      /* The same lines all step long. */
      if (_ring_animation_draw_begin_step (draw, 0, draw->sending ? draw->frame.step
                                                                  : G_MAXUINT - 1))
        {
          draw_transfer_lines (draw, &circle, transfers,
                               circle.card > 0 ? stride
                                               : MAX (1u, transfers->len / MAX_DRAWN_DOT_LINES));
          _ring_animation_draw_end_step (draw, 0);
        }
    }

  if (aggregate)
    draw_band (draw, &circle);
  else
    draw_gpus (draw, &circle);
  /* Pieces go into the switches and come out of them: the boxes on top (plane 2). */
  if (_ring_animation_draw_dynamic (draw))
    draw_transfer_tokens (draw, &circle, transfers, stride);
  if (!_ring_animation_draw_static (draw, 2))
    return;
  draw_switches (draw, &circle, box);
  /* Each node's NVSwitch stands where its name would: the box says which node it is. */
  if (node_label_radius (draw, &circle) > 0)
    _ring_animation_draw_node_labels (draw, circle.cx, circle.cy,
                                      node_label_radius (draw, &circle), TRUE);
  draw_slow_gpu_label (draw, &circle);
  if (!aggregate)
    draw_gpu_labels (draw, &circle);
  else
    _ring_animation_draw_quarter_labels (draw, &(RingDotRing) { circle.cx, circle.cy,
                                                                circle.radius,
                                                                RING_DRAW_MIN_TEXT_PX },
                                         circle.radius + 8);
}
