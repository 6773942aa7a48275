/* ring-animation-draw-switches.c: the switches of a schedule drawn on a circle of nodes.
 *
 * The network switch (SHARP) stands in the middle, as wide as its name; each node's
 * NVSwitch inside the circle by its node, or in the middle when there is one node. The
 * NVSwitch boxes take the room the circle leaves them: named boxes while no two of them,
 * the network switch or a GPU's card meet; smaller unnamed boxes, like the legend's switch,
 * when the names do not fit; nothing when not even those do (the lines still meet where
 * each switch is).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"

/* Room kept between boxes, and the smallest unnamed box. */
#define SWITCH_GAP        4.0
#define MIN_MARK_WIDTH    8.0
#define MAX_MARK_WIDTH    16.0
/* Beyond this many nodes their NVSwitches are not drawn. */
#define MAX_NVSWITCHES    256
/* How far inside the circle the NVSwitches of several nodes stand. */
#define NVSWITCH_RADIUS   0.58

void
_ring_animation_draw_switch_centre (const RingDraw *draw,
                                    double          cx,
                                    double          cy,
                                    double          radius,
                                    guint           endpoint,
                                    double         *x,
                                    double         *y)
{
  const RingSchedule *schedule = draw->schedule;
  guint node, first, last;
  double angle;

  if (ring_schedule_get_endpoint_kind (schedule, endpoint) == RING_ENDPOINT_NET_SWITCH
      || draw->nodes == 1)
    {
      *x = cx;
      *y = cy;
      return;
    }

  node = ring_schedule_get_node (schedule, endpoint);
  first = ring_schedule_get_node_first (schedule, node);
  last = first + ring_schedule_get_node_size (schedule, node) - 1;
  angle = (_ring_animation_draw_node_angle (first, draw->n)
           + _ring_animation_draw_node_angle (last, draw->n)) / 2;
  *x = cx + radius * NVSWITCH_RADIUS * cos (angle);
  *y = cy + radius * NVSWITCH_RADIUS * sin (angle);
}

static gboolean
boxes_meet (const RingDrawBox *a,
            const RingDrawBox *b,
            double             gap)
{
  return a->width > 0 && b->width > 0 && _ring_draw_boxes_meet (a, b, gap);
}

static RingDrawBox
centred_box (double x,
             double y,
             double width,
             double height)
{
  return (RingDrawBox) { x - width / 2, y - height / 2, width, height };
}

static double
title_width (RingDraw   *draw,
             const char *title)
{
  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);

  return _ring_animation_draw_text_width (draw, title);
}

/* Whether NVSwitch boxes of @width × @height at their places meet each other, the network
 * switch or a card. */
static gboolean
nvswitches_meet (const RingDraw       *draw,
                 const RingSwitchFit  *fit,
                 const double         *xs,
                 const double         *ys,
                 double                width,
                 double                height)
{
  for (guint a = 0; a < fit->n_nvswitches; a++)
    {
      RingDrawBox box = centred_box (xs[a], ys[a], width, height);

      if (boxes_meet (&box, &fit->net, SWITCH_GAP))
        return TRUE;
      for (guint b = a + 1; b < fit->n_nvswitches; b++)
        {
          RingDrawBox other = centred_box (xs[b], ys[b], width, height);

          if (boxes_meet (&box, &other, SWITCH_GAP))
            return TRUE;
        }
      for (guint gpu = 0; fit->card_width > 0 && gpu < draw->n; gpu++)
        {
          double angle = _ring_animation_draw_node_angle (gpu, draw->n);
          RingDrawBox card = centred_box (fit->cx + fit->radius * cos (angle),
                                          fit->cy + fit->radius * sin (angle),
                                          fit->card_width, fit->card_height);

          if (boxes_meet (&box, &card, SWITCH_GAP))
            return TRUE;
        }
    }

  return FALSE;
}

void
_ring_animation_draw_fit_switches (RingDraw      *draw,
                                   RingSwitchFit *fit,
                                   double         width,
                                   double         height)
{
  guint net = ring_schedule_get_net_switch (draw->schedule);
  double half = fit->radius;
  g_autofree double *xs = NULL;
  g_autofree double *ys = NULL;
  double box_width, box_height, named_width;

  fit->n_nvswitches = ring_schedule_get_nvswitch (draw->schedule, 0) != G_MAXUINT
                      ? draw->nodes : 0;
  fit->named = FALSE;
  fit->nvswitch_width = fit->nvswitch_height = 0;
  fit->net = (RingDrawBox) { 0 };

  /* The network switch as wide as its name, inside the circle's inner part. */
  if (net != G_MAXUINT)
    {
      double net_width = MAX (width, title_width (draw, _("Network switch")) + 16);

      net_width = MIN (net_width, 2 * half * (fit->n_nvswitches > 1 ? 0.45 : 0.8));
      fit->net = centred_box (fit->cx, fit->cy, net_width, height);
      /* Narrower, without its name if need be, where it would cover a node's. */
      for (guint node = 0; node < draw->nodes && fit->net.width > MIN_MARK_WIDTH; node++)
        {
          RingDrawBox label;

          if (!_ring_animation_draw_node_label_box (draw, node, fit->cx, fit->cy,
                                                    fit->label_radius, &label))
            break;
          while (fit->net.width > MIN_MARK_WIDTH && boxes_meet (&fit->net, &label, SWITCH_GAP))
            fit->net = centred_box (fit->cx, fit->cy, fit->net.width * 0.92, height);
        }
    }
  /* Past so many nodes not even marks keep apart: the lines show where they meet. */
  if (fit->n_nvswitches == 0 || fit->n_nvswitches > MAX_NVSWITCHES)
    return;

  xs = g_new (double, fit->n_nvswitches);
  ys = g_new (double, fit->n_nvswitches);
  for (guint node = 0; node < fit->n_nvswitches; node++)
    _ring_animation_draw_switch_centre (draw, fit->cx, fit->cy, fit->radius,
                                        ring_schedule_get_nvswitch (draw->schedule, node),
                                        &xs[node], &ys[node]);

  /* One NVSwitch: in the middle, where the circle leaves all its room. */
  box_width = width;
  box_height = height;
  if (fit->n_nvswitches > 1)
    {
      box_width = MIN (box_width, fit->radius * 0.5);
      box_height = MIN (box_height, 30);
    }

  /* Named while the name fits; then a small unnamed box like the legend's, down to a
   * mark. */
  named_width = title_width (draw, _("NVSwitch")) + 8;
  for (double w = box_width; w >= MIN_MARK_WIDTH; w *= 0.92)
    {
      gboolean named = w >= named_width;
      double h = named ? MAX (box_height * w / box_width, MIN (20.0, box_height)) : 0;

      if (!named)
        {
          w = MIN (w, MAX_MARK_WIDTH);
          h = w * 12 / 14;
        }
      if (!nvswitches_meet (draw, fit, xs, ys, w, h))
        {
          fit->named = named;
          fit->nvswitch_width = w;
          fit->nvswitch_height = h;
          return;
        }
    }
}

static void
draw_switch (RingDraw            *draw,
             const RingSwitchFit *fit,
             guint                endpoint)
{
  cairo_t *cr = draw->cr;
  gboolean network = ring_schedule_get_endpoint_kind (draw->schedule, endpoint)
                     == RING_ENDPOINT_NET_SWITCH;
  const char *title = network ? _("Network switch") : _("NVSwitch");
  /* Translators: under a switch's name: it adds what it receives */
  const char *subtitle = _("adds and returns");
  double x, y, width, height;
  RingDrawBox box;

  _ring_animation_draw_switch_centre (draw, fit->cx, fit->cy, fit->radius, endpoint, &x, &y);
  width = network ? fit->net.width : fit->nvswitch_width;
  height = network ? fit->net.height : fit->nvswitch_height;
  if (width <= 0)
    return;

  box = centred_box (x, y, width, height);
  _ring_animation_draw_record_box (draw,
                                   network ? RING_DRAW_BOX_NET_SWITCH : RING_DRAW_BOX_SWITCH,
                                   &box);
  ring_cairo_rounded_rectangle (cr, box.x, box.y, width, height, MIN (6.0, height / 3));
  ring_cairo_set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, width >= 30 ? 2 : 1.5);
  ring_cairo_set_color (cr, network ? &draw->network : &draw->link, 1.0);
  cairo_stroke (cr);

  if (!network && !fit->named)
    return;
  _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
  if (_ring_animation_draw_text_width (draw, title) > width - 6)
    return;
  ring_cairo_set_color (cr, &draw->style->foreground, 0.9);
  if (height >= 2.4 * RING_DRAW_MIN_TEXT_PX
      && (_ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, FALSE),
          _ring_animation_draw_text_width (draw, subtitle) <= width - 6))
    {
      _ring_animation_draw_show_text (draw, subtitle, x, y + RING_DRAW_MIN_TEXT_PX * 0.95, 0.5);
      _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
      _ring_animation_draw_show_text (draw, title, x, y - RING_DRAW_MIN_TEXT_PX * 0.15, 0.5);
    }
  else
    {
      _ring_animation_draw_use_font (draw, RING_DRAW_MIN_TEXT_PX, TRUE);
      _ring_animation_draw_show_text (draw, title, x, y + RING_DRAW_MIN_TEXT_PX * 0.35, 0.5);
    }
}

void
_ring_animation_draw_switches (RingDraw            *draw,
                               const RingSwitchFit *fit)
{
  guint endpoints = ring_schedule_get_n_endpoints (draw->schedule);

  for (guint endpoint = draw->n; endpoint < endpoints; endpoint++)
    draw_switch (draw, fit, endpoint);
}

void
_ring_animation_draw_record_box (RingDraw          *draw,
                                 RingDrawBoxKind    kind,
                                 const RingDrawBox *box)
{
  RingDrawRecord record = { kind, *box };

  if (draw->record != NULL)
    g_array_append_val (draw->record, record);
}
