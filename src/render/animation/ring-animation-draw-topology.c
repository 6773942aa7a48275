/* ring-animation-draw-topology.c: what every tier draws of the cluster: nodes, the kinds of
 * link and their rates, the slow link, and when each transfer of the step arrives.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"
#include "ring-units.h"

/* Up to this many nodes each gets its box and label. */
#define MAX_NODE_BANDS 64

void
_ring_animation_draw_setup_topology (RingDraw *draw)
{
  RingAlgorithm algorithm;
  guint n = draw->n;

  draw->sim = draw->frame.simulation;
  draw->nodes = 1;
  draw->gpus_per_node = n;
  draw->slow_link = G_MAXUINT;
  draw->slow_fraction = 1;
  draw->ring_like = TRUE;
  if (draw->sim == NULL)
    return;

  draw->schedule = ring_simulation_get_schedule (draw->sim);
  algorithm = ring_schedule_get_algorithm (draw->schedule);
  draw->ring_like = ring_algorithm_info (algorithm)->picture == RING_PICTURE_RING;
  draw->nodes = ring_schedule_get_n_nodes (draw->schedule);
  draw->gpus_per_node = ring_schedule_get_gpus_per_node (draw->schedule);
  draw->slow_link = ring_simulation_get_slow_link (draw->sim, &draw->slow_fraction);

  /* Building the static planes needs no transfers. */
  if (!draw->sending || n > RING_DRAW_MAX_TIMED_GPUS || draw->mode == RING_DRAW_BUILD)
    return;

  /* When each transfer of the step on screen arrives: a fast link's chunk waits at the
   * end of its link for the slowest one. The cache reads a step once. */
  if (draw->cache != NULL)
    {
      _ring_animation_draw_cache_step (draw->cache, draw->sim, draw->frame.step,
                                       draw->ring_like, n, &draw->transfers, &draw->link_end);
      return;
    }
  draw->transfers = g_array_new (FALSE, FALSE, sizeof (RingSimulatedTransfer));
  ring_simulation_get_step_transfers (draw->sim, draw->frame.step, draw->transfers);
  if (draw->ring_like)
    draw->link_end = _ring_animation_draw_link_ends (draw->transfers, n);
}

double *
_ring_animation_draw_link_ends (GArray *transfers,
                                guint   n)
{
  double *link_end = g_new (double, n);

  for (guint gpu = 0; gpu < n; gpu++)
    link_end[gpu] = 1;
  for (guint i = 0; i < transfers->len; i++)
    {
      const RingSimulatedTransfer *t = &g_array_index (transfers, RingSimulatedTransfer, i);

      if (t->transfer.from < n)
        link_end[t->transfer.from] = t->end_fraction;
    }

  return link_end;
}

void
_ring_animation_draw_clear_topology (RingDraw *draw)
{
  /* The cache's are the cache's. */
  if (draw->cache != NULL)
    {
      draw->transfers = NULL;
      draw->link_end = NULL;
      return;
    }
  g_clear_pointer (&draw->transfers, g_array_unref);
  g_clear_pointer (&draw->link_end, g_free);
}

double
_ring_animation_draw_travel_to (const RingDraw *draw,
                                double          end_fraction)
{
  double t;

  if (!(end_fraction > 0))
    return draw->travel;
  if (draw->frame.collapsed)
    return MIN (draw->frame.progress / end_fraction, 1.0);

  /* Each transfer eases in and out over its own part of the step. */
  t = CLAMP (draw->frame.progress / end_fraction, 0.0, 1.0);

  return t * t * (3 - 2 * t);
}

RingLinkKind
_ring_animation_draw_ring_link_kind (const RingDraw *draw,
                                     guint           gpu)
{
  guint next = (gpu + 1) % draw->n;

  if (draw->nodes > 1 && gpu / draw->gpus_per_node != next / draw->gpus_per_node)
    return RING_LINK_NETWORK;

  return RING_LINK_INTRA;
}

static gboolean
intra_is_nvlink (const RingDraw *draw)
{
  return draw->schedule == NULL || ring_schedule_get_topology (draw->schedule)->nvlink;
}

void
_ring_animation_draw_link_style (RingDraw     *draw,
                                 RingLinkKind  kind,
                                 gboolean      slow,
                                 double        width)
{
  cairo_t *cr = draw->cr;
  const double dotted[] = { 1.0, 3.5 };
  const double dashed[] = { 6.0, 4.0 };

  cairo_set_dash (cr, NULL, 0, 0);
  cairo_set_line_width (cr, width);

  if (slow)
    {
      /* Red and broken: a link with less in it. */
      cairo_set_dash (cr, dashed, 2, 0);
      cairo_set_line_width (cr, MAX (2.5, width * 1.5));
      ring_cairo_set_color (cr, &draw->slow, 1.0);
      return;
    }

  switch (kind)
    {
    case RING_LINK_NETWORK:
    case RING_LINK_NET_SWITCH:
      /* Dashes cost cairo a stroke per dash: only where there are few lines. */
      if (draw->n <= RING_ANIMATION_MAX_CHUNK_GPUS || width >= 2)
        cairo_set_dash (cr, dashed, 2, 0);
      ring_cairo_set_color (cr, &draw->network, 1.0);
      break;
    case RING_LINK_SWITCH:
      cairo_set_line_width (cr, width * 1.5);
      ring_cairo_set_color (cr, &draw->link, 1.0);
      break;
    case RING_LINK_INTRA:
    default:
      if (!intra_is_nvlink (draw))
        {
          /* PCIe: a thinner, dotted path through the host's switches. */
          cairo_set_dash (cr, dotted, 2, 0);
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        }
      else
        cairo_set_line_width (cr, width * 1.3);
      ring_cairo_set_color (cr, &draw->link, 1.0);
      break;
    }
}

void
_ring_animation_draw_node_bands (RingDraw *draw,
                                 double    cx,
                                 double    cy,
                                 double    radius,
                                 double    thickness,
                                 double    label_radius)
{
  cairo_t *cr = draw->cr;
  double unit = 2 * G_PI / draw->n;

  if (draw->nodes < 2 || draw->nodes > MAX_NODE_BANDS)
    return;

  cairo_save (cr);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint node = 0; node < draw->nodes; node++)
    {
      guint first = node * draw->gpus_per_node;
      guint last = MIN (first + draw->gpus_per_node, draw->n) - 1;
      /* Round caps reach half the thickness past the ends: end them that much short of
       * the middle of the link to the next node, and a little more, so boxes keep apart. */
      double cap = (thickness / 2 + 4) / radius;
      double start = _ring_animation_draw_node_angle (first, draw->n) - 0.5 * unit + cap;
      double end = _ring_animation_draw_node_angle (last, draw->n) + 0.5 * unit - cap;

      if (end < start)
        start = end = (start + end) / 2;

      /* An arc of the ring, as thick as the cards, with round ends: filled, then edged
       * (a fill costs far less than stroking a thick line). */
      cairo_new_sub_path (cr);
      cairo_arc (cr, cx, cy, radius + thickness / 2, start, end);
      cairo_arc (cr, cx + radius * cos (end), cy + radius * sin (end), thickness / 2, end,
                 end + G_PI);
      cairo_arc_negative (cr, cx, cy, radius - thickness / 2, end, start);
      cairo_arc (cr, cx + radius * cos (start), cy + radius * sin (start), thickness / 2,
                 start + G_PI, start + 2 * G_PI);
      cairo_close_path (cr);
    }
  ring_cairo_set_color (cr, &draw->band, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  ring_cairo_set_color (cr, &draw->card_border, 1.0);
  cairo_stroke (cr);
  cairo_restore (cr);

  if (label_radius > 0)
    _ring_animation_draw_node_labels (draw, cx, cy, label_radius, FALSE);
}

/* Node @node's name and where it goes, inside the band at @label_radius. */
static char *
node_label (RingDraw    *draw,
            guint        node,
            double       cx,
            double       cy,
            double       label_radius,
            RingDrawBox *box)
{
  guint first = node * draw->gpus_per_node;
  guint last = MIN (first + draw->gpus_per_node, draw->n) - 1;
  double middle = (_ring_animation_draw_node_angle (first, draw->n)
                   + _ring_animation_draw_node_angle (last, draw->n)) / 2;
  char *label = g_strdup_printf (_("Node %u"), node);
  double width = _ring_animation_draw_text_width (draw, label);
  /* Inside the band's inner edge, however the label lies. */
  double distance = label_radius - width / 2 * fabs (cos (middle))
                    - RING_DRAW_MIN_TEXT_PX * 0.6 * fabs (sin (middle));

  box->width = width + 6;
  box->height = RING_DRAW_MIN_TEXT_PX * 1.2 + 2;
  box->x = cx + distance * cos (middle) - box->width / 2;
  box->y = cy + distance * sin (middle) - box->height / 2;

  return label;
}

gboolean
_ring_animation_draw_node_label_box (RingDraw    *draw,
                                     guint        node,
                                     double       cx,
                                     double       cy,
                                     double       label_radius,
                                     RingDrawBox *box)
{
  if (draw->nodes < 2 || draw->nodes > MAX_NODE_BANDS || label_radius <= 0)
    return FALSE;

  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
  g_free (node_label (draw, node, cx, cy, label_radius, box));

  return TRUE;
}

/* Whether the names of every @every-th node keep apart. */
static gboolean
labels_apart (const RingDrawBox *boxes,
              guint              nodes,
              guint              every)
{
  for (guint node = 0; node < nodes; node += every)
    for (guint other = node + every; other < nodes; other += every)
      if (_ring_draw_boxes_meet (&boxes[node], &boxes[other], 0))
        return FALSE;

  return TRUE;
}

void
_ring_animation_draw_node_labels (RingDraw *draw,
                                  double    cx,
                                  double    cy,
                                  double    label_radius,
                                  gboolean  backdrop)
{
  cairo_t *cr = draw->cr;
  RingDrawBox boxes[MAX_NODE_BANDS];
  guint every = 1;

  if (draw->nodes < 2 || draw->nodes > MAX_NODE_BANDS)
    return;

  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
  for (guint node = 0; node < draw->nodes; node++)
    g_free (node_label (draw, node, cx, cy, label_radius, &boxes[node]));
  /* Every node's name, or every second, fourth … where neighbours' would meet. */
  while (every < draw->nodes && !labels_apart (boxes, draw->nodes, every))
    every *= 2;

  for (guint node = 0; node < draw->nodes; node += every)
    {
      RingDrawBox box;
      g_autofree char *label = node_label (draw, node, cx, cy, label_radius, &box);

      /* Over the lines that cross it: on the background's colour. */
      if (backdrop)
        {
          ring_cairo_rounded_rectangle (cr, box.x, box.y, box.width, box.height, 4);
          ring_cairo_set_color (cr, &draw->background, 0.85);
          cairo_fill (cr);
        }
      ring_cairo_set_color (cr, &draw->style->foreground, 0.55);
      _ring_animation_draw_show_text (draw, label, box.x + box.width / 2,
                                      box.y + box.height / 2 + RING_DRAW_MIN_TEXT_PX * 0.35,
                                      0.5);
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_LABEL, &box);
    }
}

void
_ring_animation_draw_slow_label (RingDraw *draw,
                                 double    x,
                                 double    y)
{
  g_autofree char *text = g_strdup_printf ("%.0f %%", draw->slow_fraction * 100);
  double width, height = RING_DRAW_MIN_TEXT_PX + 4;

  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
  width = _ring_animation_draw_text_width (draw, text) + 8;
  ring_cairo_rounded_rectangle (draw->cr, x - width / 2, y - height / 2, width, height,
                                height / 2);
  ring_cairo_set_color (draw->cr, &draw->slow, 1.0);
  cairo_fill (draw->cr);
  ring_cairo_set_color (draw->cr, &draw->background, 1.0);
  _ring_animation_draw_show_text (draw, text, x, y + RING_DRAW_MIN_TEXT_PX * 0.35, 0.5);
  cairo_new_path (draw->cr);
}

/* The legend */

/* The slow link's entry comes after the kinds of link. */
#define LEGEND_SLOW RING_N_LINK_KINDS

guint
_ring_animation_draw_link_legend (const RingDraw *draw,
                                  RingLinkKind    kinds[RING_N_LINK_KINDS + 1])
{
  RingAlgorithm algorithm;
  gboolean switches, net_switch;
  guint n = 0;

  if (draw->schedule == NULL || draw->n < 2)
    return 0;

  algorithm = ring_schedule_get_algorithm (draw->schedule);
  switches = ring_schedule_get_nvswitch (draw->schedule, 0) != G_MAXUINT;
  net_switch = ring_schedule_get_net_switch (draw->schedule) != G_MAXUINT;

  if (draw->gpus_per_node > 1 && !ring_algorithm_info (algorithm)->switch_only_in_node)
    kinds[n++] = RING_LINK_INTRA;
  if (switches)
    kinds[n++] = RING_LINK_SWITCH;
  if (draw->nodes > 1 && !net_switch)
    kinds[n++] = RING_LINK_NETWORK;
  if (net_switch)
    kinds[n++] = RING_LINK_NET_SWITCH;
  if (draw->slow_link != G_MAXUINT)
    kinds[n++] = LEGEND_SLOW;

  return n;
}

char *
_ring_animation_draw_link_legend_text (const RingDraw *draw,
                                       RingLinkKind    kind)
{
  g_autofree char *rate = NULL;
  const RingTopology *topology = ring_schedule_get_topology (draw->schedule);

  if (kind == LEGEND_SLOW)
    {
      /* Translators: the legend entry of the slow link; %u is its GPU, %.0f its share */
      return g_strdup_printf (_("Slow link %u · %.0f %%"), draw->slow_link,
                              draw->slow_fraction * 100);
    }

  /* A GPU's links as the hardware has them (the ring's and tree's simulation counts the
   * node's share, G/(G − 1) of it, as their costs do); the closed form's one B. */
  if (ring_algorithm_info (ring_schedule_get_algorithm (draw->schedule))->closed_form)
    rate = ring_format_bandwidth (topology->bandwidth_gbps * 1e9);
  else if (kind == RING_LINK_INTRA)
    rate = ring_format_bandwidth (topology->link_gbps * 0.96 * 1e9);
  else
    rate = ring_format_bandwidth (ring_simulation_get_link_rate_Bps (draw->sim, kind));
  switch (kind)
    {
    case RING_LINK_NETWORK:
      /* Translators: the network between nodes, its NICs and what they carry together */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Network (%u NIC) · %s",
                                           "Network (%u NICs) · %s", topology->nics_per_node),
                              topology->nics_per_node, rate);
    case RING_LINK_SWITCH:
      /* Translators: a GPU's port into the NVSwitch and its rate */
      return g_strdup_printf (_("NVSwitch · %s"), rate);
    case RING_LINK_NET_SWITCH:
      /* Translators: the network switch that adds (SHARP), and what a node's NICs carry */
      return g_strdup_printf (_("Network switch (SHARP) · %s"), rate);
    case RING_LINK_INTRA:
    default:
      if (topology->nvlink)
        /* Translators: the links inside a node and what one GPU's carry */
        return g_strdup_printf (_("NVLink · %s"), rate);
      /* Translators: the links inside a node and what one GPU's carry */
      return g_strdup_printf (_("PCIe · %s"), rate);
    }
}

void
_ring_animation_draw_link_swatch (RingDraw     *draw,
                                  RingLinkKind  kind,
                                  double        x,
                                  double        middle,
                                  double        width)
{
  cairo_t *cr = draw->cr;

  cairo_save (cr);
  if (kind == RING_LINK_SWITCH || kind == RING_LINK_NET_SWITCH)
    {
      /* A switch: a small box with ports. */
      ring_cairo_rounded_rectangle (cr, x + width / 2 - 7, middle - 6, 14, 12, 3);
      ring_cairo_set_color (cr, &draw->card, 1.0);
      cairo_fill_preserve (cr);
      _ring_animation_draw_link_style (draw, kind, FALSE, 1.5);
      cairo_stroke (cr);
      cairo_move_to (cr, x, middle);
      cairo_line_to (cr, x + width / 2 - 7, middle);
      cairo_move_to (cr, x + width / 2 + 7, middle);
      cairo_line_to (cr, x + width, middle);
    }
  else
    {
      cairo_move_to (cr, x, middle);
      cairo_line_to (cr, x + width, middle);
    }
  _ring_animation_draw_link_style (draw, kind, kind == LEGEND_SLOW, 2.0);
  cairo_stroke (cr);
  cairo_restore (cr);
}
