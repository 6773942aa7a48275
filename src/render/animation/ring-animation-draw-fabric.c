/* ring-animation-draw-fabric.c: the switches above the nodes (leaves, spines, a core) and
 * what crosses each tier's uplinks, in a band over the ring.
 *
 * A box per leaf names the nodes under it; where more leaves than boxes fit, a box holds
 * several leaves. Each group's uplinks are a fan of lines, as thick as their load; a tier that
 * binds is drawn in the communication colour and the caption says why.
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

#define BOX_GAP      6.0
#define MIN_BOX      44.0
#define UPLINK_GAP   22.0
#define FAN_LINES    3

static const RingSimulationFabric *
fabric_of (const RingDraw *draw)
{
  const RingSimulationFabric *fabric;

  if (draw->sim == NULL || draw->nodes < 2)
    return NULL;
  fabric = ring_simulation_get_fabric (draw->sim);

  return fabric->tiers >= 2 && fabric->bound != RING_FABRIC_TIER_NONE ? fabric : NULL;
}

static double
row_height (const RingDraw *draw)
{
  return round (draw->text_px * 1.3 + 8);
}

static double
leaf_height (const RingDraw *draw)
{
  return row_height (draw);
}

static double
line_height (const RingDraw *draw)
{
  return round (draw->text_px * 1.45);
}

static char *caption_text (const RingSimulationFabric *fabric);

/* @text in lines no wider than @width, broken at spaces. */
static GPtrArray *
wrap (RingDraw   *draw,
      const char *text,
      double      width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  GString *line = g_string_new (NULL);

  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  for (guint i = 0; words[i] != NULL; i++)
    {
      gsize before = line->len;

      if (line->len > 0)
        g_string_append_c (line, ' ');
      g_string_append (line, words[i]);
      if (before > 0 && _ring_animation_draw_text_width (draw, line->str) > width)
        {
          g_ptr_array_add (lines, g_strndup (line->str, before));
          g_string_assign (line, words[i]);
        }
    }
  if (line->len > 0)
    g_ptr_array_add (lines, g_string_free (line, FALSE));
  else
    g_string_free (line, TRUE);

  return lines;
}

double
_ring_animation_draw_fabric_height (RingDraw *draw,
                                    double    width)
{
  const RingSimulationFabric *fabric = fabric_of (draw);
  g_autofree char *caption = NULL;
  g_autoptr(GPtrArray) lines = NULL;

  if (fabric == NULL)
    return 0;

  caption = caption_text (fabric);
  lines = wrap (draw, caption, width);

  return leaf_height (draw) + lines->len * line_height (draw) + 8
         + (MIN (fabric->tiers, 3) - 1) * (UPLINK_GAP + row_height (draw));
}

/* The uplinks of the group in [@x0, @x1] at @bottom up to the row at @top. */
static void
draw_fan (RingDraw *draw,
          double    x0,
          double    x1,
          double    bottom,
          double    top,
          double    load,
          gboolean  bound)
{
  cairo_t *cr = draw->cr;
  double middle = (x0 + x1) / 2;
  double spread = MIN ((x1 - x0) * 0.35, 24);

  ring_cairo_set_color (cr, bound ? &draw->slow : &draw->network, 1.0);
  cairo_set_line_width (cr, 1.0 + 3.0 * CLAMP (load, 0, 1));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < FAN_LINES; i++)
    {
      double dx = spread * ((double) i / (FAN_LINES - 1) - 0.5) * 2;

      cairo_move_to (cr, middle + dx * 0.5, bottom);
      cairo_line_to (cr, middle + dx, top);
    }
  cairo_stroke (cr);
}

static void
draw_box (RingDraw   *draw,
          double      x,
          double      y,
          double      width,
          double      height,
          const char *first,
          const char *second,
          gboolean    bound)
{
  cairo_t *cr = draw->cr;
  double baseline;

  ring_cairo_rounded_rectangle (cr, x, y, width, height, 4);
  ring_cairo_set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  ring_cairo_set_color (cr, bound ? &draw->slow : &draw->card_border, 1.0);
  cairo_set_line_width (cr, bound ? 2.0 : 1.0);
  cairo_stroke (cr);

  ring_cairo_set_color (cr, &draw->style->foreground, 1.0);
  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  baseline = second != NULL ? y + height / 2 - 2 : y + height / 2 + draw->text_px * 0.35;
  if (first != NULL && _ring_animation_draw_text_width (draw, first) <= width - 6)
    _ring_animation_draw_show_text (draw, first, x + width / 2, baseline, 0.5);
  else
    return;
  if (second != NULL && _ring_animation_draw_text_width (draw, second) <= width - 6)
    {
      ring_cairo_set_color (cr, &draw->style->foreground, 0.7);
      _ring_animation_draw_show_text (draw, second, x + width / 2,
                                      baseline + draw->text_px * 1.25, 0.5);
    }
}

/* "Spine: leaf uplinks 38 % loaded". */
static char *
tier_text (const RingSimulationFabric *fabric,
           RingFabricTier              tier)
{
  double load = 100 * fabric->loads[tier].load;

  if (tier == RING_FABRIC_TIER_SPINE)
    /* TRANSLATORS: a load ("38"): the leaves' uplinks carry 38 % of what they can */
    return g_strdup_printf (_("Spine: leaf uplinks %.0f %% loaded"), load);

  /* TRANSLATORS: a load ("38"): the pods' uplinks carry 38 % of what they can */
  return g_strdup_printf (_("Core: pod uplinks %.0f %% loaded"), load);
}

/* @gbps formatted, its number and unit kept on one line. */
static char *
rate (double gbps)
{
  g_autofree char *text = ring_format_bandwidth (gbps * 1e9);
  g_auto(GStrv) parts = g_strsplit (text, " ", -1);

  return g_strjoinv ("\u00a0", parts);
}

/* Why the nodes get what they get, and what a leaf sends up through what. */
static char *
caption_text (const RingSimulationFabric *fabric)
{
  const RingFabricLoad *spine = &fabric->loads[RING_FABRIC_TIER_SPINE];
  g_autofree char *node = rate (fabric->node_gbps);
  g_autofree char *demand = rate (spine->demand_gbps);
  g_autofree char *capacity = rate (spine->capacity_gbps);
  g_autofree char *why = NULL;
  const char *placement = fabric->placement == RING_PLACEMENT_PACKED
                          /* TRANSLATORS: how a job's nodes sit among the leaves */
                          ? _("packed") : _("scattered");

  if (fabric->bound == RING_FABRIC_TIER_SPINE || fabric->bound == RING_FABRIC_TIER_CORE)
    /* TRANSLATORS: "spine" or "core", the oversubscription ("4"), the placement, a rate */
    why = g_strdup_printf (_("Congested %s uplinks at %g:1 (%s nodes): each node gets %s."),
                           fabric->bound == RING_FABRIC_TIER_SPINE ? _("spine") : _("core"),
                           fabric->oversubscription, placement, node);
  else
    /* TRANSLATORS: the oversubscription ("4"), the placement, a rate ("384 GB/s") */
    why = g_strdup_printf (_("No uplink binds at %g:1 (%s nodes): each node sends at its "
                             "NICs’ %s."),
                           fabric->oversubscription, placement, node);

  if (fabric->bound == RING_FABRIC_TIER_SPINE)
    {
      g_autofree char *nodes = rate (fabric->nodes_per_leaf
                                     * fabric->loads[RING_FABRIC_TIER_LEAF].capacity_gbps);

      /* TRANSLATORS: the sentence before; two rates ("384 GB/s", "1.5 TB/s") */
      return g_strdup_printf (_("%s Each leaf’s uplinks carry %s of its nodes’ %s."), why,
                              capacity, nodes);
    }

  /* TRANSLATORS: the sentence before; two rates ("576 GB/s", "1.5 TB/s") */
  return g_strdup_printf (_("%s Each leaf sends %s up through %s."), why, demand, capacity);
}

static char *
nodes_range (guint       first,
             guint       last,
             const char *separator)
{
  g_autofree char *a = ring_format_grouped (first + 1, separator);
  g_autofree char *b = ring_format_grouped (last + 1, separator);

  if (first == last)
    /* TRANSLATORS: one node's number */
    return g_strdup_printf (_("node %s"), a);

  /* TRANSLATORS: the first and last nodes under a leaf switch */
  return g_strdup_printf (_("nodes %s–%s"), a, b);
}

void
_ring_animation_draw_fabric (RingDraw          *draw,
                             const RingDrawBox *area)
{
  const RingSimulationFabric *fabric = fabric_of (draw);
  guint per_leaf, n_leaves, per_box, n_boxes, tiers;
  double box_width, x0, leaf_y, row_h;
  g_autofree char *caption = NULL;

  if (fabric == NULL)
    return;

  tiers = MIN (fabric->tiers, 3);
  per_leaf = MAX (fabric->nodes_per_leaf, 1);
  n_leaves = (draw->nodes + per_leaf - 1) / per_leaf;
  per_box = 1;
  while ((n_leaves + per_box - 1) / per_box * (MIN_BOX + BOX_GAP) - BOX_GAP > area->width)
    per_box++;
  /* Three tiers: a box never spans two pods. */
  if (tiers >= 3 && per_box > 1)
    while (per_leaf % per_box != 0)
      per_box++;
  n_boxes = (n_leaves + per_box - 1) / per_box;
  box_width = MIN (180, (area->width - (n_boxes - 1) * BOX_GAP) / n_boxes);
  x0 = area->x + (area->width - (n_boxes * (box_width + BOX_GAP) - BOX_GAP)) / 2;
  row_h = row_height (draw);
  leaf_y = area->y + (tiers - 1) * (row_h + UPLINK_GAP);

  /* The leaves, and the spine's uplinks of each. */
  for (guint b = 0; b < n_boxes; b++)
    {
      double x = x0 + b * (box_width + BOX_GAP);
      guint first_leaf = b * per_box;
      guint last_leaf = MIN (n_leaves, first_leaf + per_box) - 1;
      guint first = first_leaf * per_leaf;
      guint last = MIN (draw->nodes, (last_leaf + 1) * per_leaf) - 1;
      g_autofree char *nodes = nodes_range (first, last, draw->separator);

      draw_fan (draw, x, x + box_width, leaf_y, leaf_y - UPLINK_GAP,
                fabric->loads[RING_FABRIC_TIER_SPINE].load,
                fabric->bound == RING_FABRIC_TIER_SPINE);
      _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
      if (_ring_animation_draw_text_width (draw, nodes) > box_width - 6)
        {
          g_autofree char *f = ring_format_grouped (first + 1, draw->separator);
          g_autofree char *l = ring_format_grouped (last + 1, draw->separator);

          g_free (nodes);
          nodes = first == last ? g_strdup (f) : g_strdup_printf ("%s–%s", f, l);
        }
      draw_box (draw, x, leaf_y, box_width, leaf_height (draw), nodes, NULL, FALSE);
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_LEAF,
                                       &(RingDrawBox) { x, leaf_y, box_width,
                                                        leaf_height (draw) });
    }
  _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_UPLINKS,
                                   &(RingDrawBox) { x0, leaf_y - UPLINK_GAP,
                                                    n_boxes * (box_width + BOX_GAP) - BOX_GAP,
                                                    UPLINK_GAP });

  /* The spine: one bar, or one per pod under a core. */
  if (tiers == 2)
    {
      g_autofree char *text = tier_text (fabric, RING_FABRIC_TIER_SPINE);
      double width = n_boxes * (box_width + BOX_GAP) - BOX_GAP;

      draw_box (draw, x0, area->y, width, row_h, text, NULL,
                fabric->bound == RING_FABRIC_TIER_SPINE);
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_SWITCH,
                                       &(RingDrawBox) { x0, area->y, width, row_h });
    }
  else
    {
      double spine_y = area->y + row_h + UPLINK_GAP;
      guint boxes_per_pod = MAX (1, per_leaf / per_box);
      guint n_pods = (n_boxes + boxes_per_pod - 1) / boxes_per_pod;
      g_autofree char *core = tier_text (fabric, RING_FABRIC_TIER_CORE);
      g_autofree char *spine = tier_text (fabric, RING_FABRIC_TIER_SPINE);
      double width = n_boxes * (box_width + BOX_GAP) - BOX_GAP;

      for (guint p = 0; p < n_pods; p++)
        {
          double x = x0 + p * boxes_per_pod * (box_width + BOX_GAP);
          guint last = MIN (n_boxes, (p + 1) * boxes_per_pod);
          double w = (last - p * boxes_per_pod) * (box_width + BOX_GAP) - BOX_GAP;
          g_autofree char *number = ring_format_grouped (p + 1, draw->separator);
          /* TRANSLATORS: a pod's number: the spines joining its leaves */
          g_autofree char *name = g_strdup_printf (_("Pod %s spine"), number);

          draw_fan (draw, x, x + w, spine_y, area->y + row_h,
                    fabric->loads[RING_FABRIC_TIER_CORE].load,
                    fabric->bound == RING_FABRIC_TIER_CORE);
          draw_box (draw, x, spine_y, w, row_h, n_pods == 1 ? spine : name, NULL,
                    fabric->bound == RING_FABRIC_TIER_SPINE);
          _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_SWITCH,
                                           &(RingDrawBox) { x, spine_y, w, row_h });
        }
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_UPLINKS,
                                       &(RingDrawBox) { x0, area->y + row_h, width,
                                                        UPLINK_GAP });
      draw_box (draw, x0, area->y, width, row_h, core, NULL,
                fabric->bound == RING_FABRIC_TIER_CORE);
      _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_SWITCH,
                                       &(RingDrawBox) { x0, area->y, width, row_h });
      /* With several pods the spine's load is said in the caption's first line. */
      if (n_pods > 1)
        caption = g_strdup (spine);
    }

  /* Under the leaves, why; under a core of several pods, the spine's load too. */
  {
    g_autofree char *why = caption_text (fabric);
    g_autofree char *text = caption != NULL ? g_strconcat (why, " ", caption, ".", NULL)
                                            : g_strdup (why);
    g_autoptr(GPtrArray) lines = wrap (draw, text, area->width);
    double baseline = leaf_y + leaf_height (draw) + round (draw->text_px * 1.4);

    ring_cairo_set_color (draw->cr, fabric->bound > RING_FABRIC_TIER_LEAF
                                    ? &draw->slow : &draw->style->foreground, 1.0);
    for (guint i = 0; i < lines->len; i++)
      {
        const char *line = lines->pdata[i];
        double width = MIN (_ring_animation_draw_text_width (draw, line), area->width);

        _ring_animation_draw_show_text (draw, line, area->x + area->width / 2, baseline, 0.5);
        _ring_animation_draw_record_box (draw, RING_DRAW_BOX_FABRIC_CAPTION,
                                         &(RingDrawBox) { area->x + (area->width - width) / 2,
                                                          baseline - draw->text_px, width,
                                                          draw->text_px * 1.3 });
        baseline += line_height (draw);
      }
  }
}
