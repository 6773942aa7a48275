/* ring-animation-draw-tree.c: the double binary tree drawn as two trees, side by side.
 *
 * Each tree carries half the buffer. In its panel the nodes stand left to right in the
 * tree's order, each a box holding its chain of GPUs top down from the GPU the tree enters
 * by; a GPU stands as deep as it is far from the root, so reduce goes up and broadcast
 * comes down. A GPU's card shows its pieces of that tree's half. Chains are links inside
 * the node, the links between the boxes the network.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"

/* Up to this many GPUs and nodes, and rows this tall, the trees are drawn as trees. */
#define MAX_TREE_GPUS   64
#define MAX_TREE_NODES  16
#define MIN_ROW_PX      14.0
#define MIN_COLUMN_PX   40.0

typedef struct
{
  guint  lane;
  double x, y, width, height;
  double column, row;          /* a node's column width, a depth's row height */
  double card_width, card_height;
  guint  rows;
} Panel;

static void
gpu_centre (const RingDraw *draw,
            const Panel    *panel,
            guint           gpu,
            double         *x,
            double         *y)
{
  guint node = ring_schedule_get_node (draw->schedule, gpu);
  guint column = ring_schedule_get_tree_column (draw->schedule, panel->lane, node);
  guint depth = ring_schedule_get_tree_depth (draw->schedule, panel->lane, gpu);

  *x = panel->x + (column + 0.5) * panel->column;
  *y = panel->y + draw->text_px * 2.2 + (depth + 0.5) * panel->row;
}

/* The half of the pieces tree @lane carries: [first, first + count). */
static void
lane_pieces (const RingDraw *draw,
             guint           lane,
             guint          *first,
             guint          *count)
{
  *count = ring_schedule_get_n_pieces (draw->schedule) / 2;
  *first = lane * *count;
}

static void
draw_node_boxes (RingDraw    *draw,
                 const Panel *panel)
{
  cairo_t *cr = draw->cr;

  for (guint node = 0; node < draw->nodes; node++)
    {
      guint first = ring_schedule_get_node_first (draw->schedule, node);
      guint size = ring_schedule_get_node_size (draw->schedule, node);
      double top = G_MAXDOUBLE, bottom = 0, x = 0, y;
      g_autofree char *label = g_strdup_printf (_("Node %u"), node);

      for (guint gpu = first; gpu < first + size; gpu++)
        {
          gpu_centre (draw, panel, gpu, &x, &y);
          top = MIN (top, y);
          bottom = MAX (bottom, y);
        }
      ring_cairo_rounded_rectangle (cr, x - panel->column / 2 + 4,
                                    top - panel->card_height / 2 - 5,
                                    panel->column - 8,
                                    bottom - top + panel->card_height + 10, 8);
      ring_cairo_set_color (cr, &draw->band, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 1);
      ring_cairo_set_color (cr, &draw->card_border, 1.0);
      cairo_stroke (cr);

      if (draw->nodes > 1)
        {
          _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
          ring_cairo_set_color (cr, &draw->style->foreground, 0.55);
          _ring_animation_draw_show_text (draw, label, x,
                                          bottom + panel->card_height / 2 + 5
                                          + RING_DRAW_MIN_TEXT_PX * 1.1, 0.5);
        }
    }
}

/* Every edge of the tree: parent to child, in its link's style, an arrow at the parent
 * while reducing (up) and at the child while broadcasting (down). */
static void
draw_edges (RingDraw    *draw,
            const Panel *panel)
{
  cairo_t *cr = draw->cr;
  /* Up unless the broadcast is under way or over. */
  gboolean reducing = draw->frame.phase == RING_FRAME_RING_STEP
                      ? ring_schedule_get_step_phase (draw->schedule, draw->frame.step) == 0
                      : draw->frame.phase != RING_FRAME_DONE;

  cairo_save (cr);
  for (guint gpu = 0; gpu < draw->n; gpu++)
    {
      guint parent = ring_schedule_get_tree_parent (draw->schedule, panel->lane, gpu);
      RingLinkKind kind;
      double x0, y0, x1, y1, angle;

      if (parent == G_MAXUINT)
        continue;
      kind = ring_schedule_link_kind (draw->schedule, gpu, parent);
      gpu_centre (draw, panel, gpu, &x0, &y0);
      gpu_centre (draw, panel, parent, &x1, &y1);
      /* From the child's top edge to the parent's bottom edge. */
      y0 -= panel->card_height / 2;
      y1 += panel->card_height / 2;
      cairo_move_to (cr, x0, y0);
      if (kind == RING_LINK_NETWORK)
        cairo_curve_to (cr, x0, (y0 + y1) / 2, x1, (y0 + y1) / 2, x1, y1);
      else
        cairo_line_to (cr, x1, y1);
      _ring_animation_draw_link_style (draw, kind, gpu == draw->slow_link, 1.6);
      cairo_stroke (cr);

      cairo_set_dash (cr, NULL, 0, 0);
      angle = reducing ? atan2 (y1 - y0, x1 - x0) : atan2 (y0 - y1, x0 - x1);
      _ring_animation_draw_chevron (cr, reducing ? x1 : x0, reducing ? y1 : y0,
                                    angle - G_PI / 2, 4);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

/* A GPU's card, and its number beside it. */
static void
draw_card (RingDraw    *draw,
           const Panel *panel,
           guint        gpu,
           double       left,
           double       y,
           gboolean     computing)
{
  cairo_t *cr = draw->cr;

  ring_cairo_rounded_rectangle (cr, left, y - panel->card_height / 2, panel->card_width,
                                panel->card_height, 4);
  ring_cairo_set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, computing ? 2.0 : 1.0);
  ring_cairo_set_color (cr, computing ? &draw->style->compute : &draw->card_border, 1.0);
  cairo_stroke (cr);

  if (panel->card_width >= 44 && panel->row >= 18)
    {
      g_autofree char *label = g_strdup_printf ("%u", gpu);

      _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, FALSE);
      ring_cairo_set_color (cr, &draw->style->foreground, 0.7);
      _ring_animation_draw_show_text (draw, label, left - 4, y + RING_DRAW_MIN_TEXT_PX * 0.35, 1);
    }
}

/* The half's pieces of every card, a strip of cells filled as far as the GPU holds
 * them. */
static void
draw_strips (RingDraw    *draw,
             const Panel *panel)
{
  cairo_t *cr = draw->cr;
  guint first, count;

  lane_pieces (draw, panel->lane, &first, &count);
  for (guint gpu = 0; gpu < draw->n; gpu++)
    {
      double x, y, left, cell;

      gpu_centre (draw, panel, gpu, &x, &y);
      left = x - panel->card_width / 2;
      cell = (panel->card_width - 6) / count;
      for (guint i = 0; i < count; i++)
        {
          guint held = _ring_animation_draw_held_at (draw, gpu, first + i);
          double level = (double) held / draw->n;
          double height = panel->card_height - 6;
          RingColor hue = _ring_animation_draw_chunk_color (draw, (first + i + 0.5)
                                                                  / (2.0 * count));

          cairo_rectangle (cr, left + 3 + i * cell, y - height / 2, MAX (cell - 0.5, 0.5),
                           height);
          ring_cairo_set_color (cr, &draw->slot, 0.5);
          cairo_fill (cr);
          if (held == 0)
            continue;
          cairo_rectangle (cr, left + 3 + i * cell, y + height / 2 - height * level,
                           MAX (cell - 0.5, 0.5), height * level);
          ring_cairo_set_color (cr, &hue, 1.0);
          cairo_fill (cr);
        }
    }
}

/* The cards stay; what they hold changes once a step (every frame while computing). */
static void
draw_cards (RingDraw    *draw,
            const Panel *panel)
{
  gboolean computing = draw->frame.phase == RING_FRAME_COMPUTE;

  if (_ring_animation_draw_static (draw, 0))
    for (guint gpu = 0; gpu < draw->n; gpu++)
      {
        double x, y;

        gpu_centre (draw, panel, gpu, &x, &y);
        draw_card (draw, panel, gpu, x - panel->card_width / 2, y, computing);
      }

  /* A step plane per tree. */
  if (_ring_animation_draw_begin_step (draw, panel->lane,
                                       computing ? G_MAXUINT : draw->completed))
    {
      draw_strips (draw, panel);
      _ring_animation_draw_end_step (draw, panel->lane);
    }
}

/* The step's transfers of this tree: a piece moving along its edge. */
static void
draw_tokens (RingDraw    *draw,
             const Panel *panel)
{
  cairo_t *cr = draw->cr;
  double size = MIN (panel->row * 0.45, 12);

  if (draw->transfers == NULL)
    return;

  for (guint i = 0; i < draw->transfers->len; i++)
    {
      const RingSimulatedTransfer *t = &g_array_index (draw->transfers, RingSimulatedTransfer, i);
      double x0, y0, x1, y1, travel = _ring_animation_draw_travel_to (draw, t->end_fraction);
      guint pieces = ring_schedule_get_n_pieces (draw->schedule);
      RingColor hue = _ring_animation_draw_chunk_color (draw, (t->transfer.first_piece + 0.5)
                                                              / pieces);
      guint held = ring_simulation_get_held (draw->sim, draw->completed, t->transfer.from,
                                             t->transfer.first_piece);
      double x, y;

      if (t->transfer.lane != panel->lane)
        continue;
      gpu_centre (draw, panel, t->transfer.from, &x0, &y0);
      gpu_centre (draw, panel, t->transfer.to, &x1, &y1);
      x = x0 + (x1 - x0) * travel;
      y = y0 + (y1 - y0) * travel;
      ring_cairo_rounded_rectangle (cr, x - size / 2 - 2, y - size / 2 - 2, size + 4,
                                    size + 4, 3);
      ring_cairo_set_color (cr, &draw->background, 1.0);
      cairo_fill (cr);
      _ring_animation_draw_cell (draw, &hue, x - size / 2, y - size / 2, size,
                                 MAX (held, 1u), draw->n, held == draw->n, 1.0);
    }
}

static void
draw_panel (RingDraw    *draw,
            const Panel *panel)
{
  /* Translators: over each of the double binary tree's two trees */
  g_autofree char *title = g_strdup_printf (panel->lane == 0 ? _("Tree 1: first half")
                                                             : _("Tree 2: second half"));

  /* The trees stay (plane 0), the cards' cells and the pieces on the edges move. */
  if (_ring_animation_draw_static (draw, 0))
    {
      _ring_animation_draw_use_font (draw, draw->text_px, TRUE);
      ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.8);
      _ring_animation_draw_show_text (draw, title, panel->x + panel->width / 2,
                                      panel->y + draw->text_px, 0.5);

      draw_node_boxes (draw, panel);
      draw_edges (draw, panel);
    }
  draw_cards (draw, panel);
  if (draw->sending && _ring_animation_draw_dynamic (draw))
    draw_tokens (draw, panel);
}

gboolean
_ring_animation_draw_trees (RingDraw          *draw,
                            const RingDrawBox *box)
{
  guint rows = 0;
  Panel panels[2];
  double gap = 24;

  if (draw->n > MAX_TREE_GPUS || draw->nodes > MAX_TREE_NODES
      || ring_simulation_get_held (draw->sim, 0, 0, 0) == 0)
    return FALSE;

  for (guint lane = 0; lane < 2; lane++)
    for (guint gpu = 0; gpu < draw->n; gpu++)
      rows = MAX (rows, ring_schedule_get_tree_depth (draw->schedule, lane, gpu) + 1);

  for (guint lane = 0; lane < 2; lane++)
    {
      Panel *panel = &panels[lane];

      panel->lane = lane;
      panel->width = (box->width - gap) / 2;
      panel->x = box->x + lane * (panel->width + gap);
      panel->y = box->y;
      panel->height = box->height;
      panel->rows = rows;
      panel->column = panel->width / draw->nodes;
      panel->row = (panel->height - draw->text_px * 4.2) / rows;
      panel->card_height = MIN (panel->row * 0.62, 20);
      panel->card_width = MIN (panel->column - 34, 110);
      if (panel->row < MIN_ROW_PX || panel->column < MIN_COLUMN_PX || panel->card_width < 16)
        return FALSE;
    }

  for (guint lane = 0; lane < 2; lane++)
    draw_panel (draw, &panels[lane]);

  return TRUE;
}
