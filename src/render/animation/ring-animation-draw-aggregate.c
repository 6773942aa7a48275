/* ring-animation-draw-aggregate.c: beyond RING_ANIMATION_MAX_NODE_GPUS, the ring as bands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"
#include "ring-schedule.h"

/* The aggregate ring is sampled at this many points, whatever N is. */
#define N_BAND_SEGMENTS   192

/* Nodes too many to box are ticks across the band, up to this many. */
#define MAX_NODE_TICKS    512

/* Where the nodes meet, as ticks in the network's colour, and the slow link. */
static void
draw_node_ticks (RingDraw          *draw,
                 const RingDotRing *ring,
                 double             band_width)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;

  if (draw->nodes >= 2 && draw->nodes <= MAX_NODE_TICKS)
    {
      for (guint node = 0; node < draw->nodes; node++)
        {
          double angle = _ring_animation_draw_node_angle (node * draw->gpus_per_node, n)
                         - G_PI / n;

          cairo_move_to (cr, ring->cx + (ring->radius - band_width / 2) * cos (angle),
                         ring->cy + (ring->radius - band_width / 2) * sin (angle));
          cairo_line_to (cr, ring->cx + (ring->radius + band_width / 2 + 3) * cos (angle),
                         ring->cy + (ring->radius + band_width / 2 + 3) * sin (angle));
        }
      cairo_set_line_width (cr, draw->nodes > 128 ? 1.0 : 2.0);
      ring_cairo_set_color (cr, &draw->network, 1.0);
      cairo_stroke (cr);
    }

  if (draw->slow_link != G_MAXUINT)
    {
      double angle = _ring_animation_draw_node_angle (draw->slow_link, n) + G_PI / n;
      double x = ring->cx + ring->radius * cos (angle), y = ring->cy + ring->radius * sin (angle);
      double reach = ring->radius - band_width - 12;

      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, band_width / 2 + 2, 0, 2 * G_PI);
      ring_cairo_set_color (cr, &draw->slow, 1.0);
      cairo_fill (cr);
      _ring_animation_draw_slow_label (draw, ring->cx + reach * cos (angle),
                                       ring->cy + reach * sin (angle));
    }
}

/* Tier 3, N > RING_ANIMATION_MAX_NODE_GPUS: the ring as bands, sampled at a fixed number of
 * points so a million GPUs cost what a thousand do */

void
_ring_animation_draw_band_ring (RingDraw          *draw,
                                const RingDrawBox *box)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  RingDotRing ring;
  double band_width, flight_width, flight_radius;

  _ring_animation_draw_dot_ring_layout (draw, &ring, box);
  band_width = round (CLAMP (ring.radius * 0.07, 10, 20));
  flight_width = round (band_width * 0.6);
  flight_radius = ring.radius - band_width / 2 - 5 - flight_width / 2;

  /* The labels stay (plane 0). */
  if (_ring_animation_draw_static (draw, 0))
    {
      _ring_animation_draw_quarter_labels (draw, &ring, ring.radius + band_width / 2);
      _ring_animation_draw_centre_caption (draw, ring.cx, ring.cy,
                                           flight_radius - flight_width / 2 - 12, 0);
    }

  /* Every GPU holds the same share of the average, so the GPU band has one colour: a
   * fixed band (plane 1) in the colour of the moment. */
  _ring_animation_draw_gpu_band (draw, &ring, band_width);

  /* Over it the nodes' ticks, the slow link and the direction (plane 2). */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (_ring_animation_draw_static (draw, 2))
    {
      cairo_save (cr);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
      draw_node_ticks (draw, &ring, band_width);
      cairo_restore (cr);
      _ring_animation_draw_direction_marks (draw, &ring, ring.radius, band_width * 0.3, 24);
      cairo_set_line_width (cr, 1.5);
      ring_cairo_set_color (cr, &draw->background, 0.8);
      cairo_stroke (cr);
      if (!draw->sending)
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, ring.cx, ring.cy, flight_radius, 0, 2 * G_PI);
          cairo_set_line_width (cr, 1.5);
          ring_cairo_set_color (cr, &draw->link, 0.6);
          cairo_stroke (cr);
        }
    }

  /* In-flight chunks: sample the senders evenly and colour each stretch by the chunk
   * the schedule has it send; stretches of one hue are one arc. */
  if (draw->sending && _ring_animation_draw_dynamic (draw))
    {
      double shift = draw->travel * 2 * G_PI / n;
      guint run_bin = G_MAXUINT;
      guint run_start = 0;

      cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
      cairo_set_line_width (cr, flight_width);
      for (guint segment = 0; segment <= N_BAND_SEGMENTS; segment++)
        {
          guint bin = G_MAXUINT;

          if (segment < N_BAND_SEGMENTS)
            {
              guint gpu = (guint) (((guint64) segment * 2 + 1) * n / (2 * N_BAND_SEGMENTS));
              guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);

              bin = (guint) ((guint64) chunk * RING_DRAW_N_HUE_BINS / n);
            }

          if (bin != run_bin || segment == N_BAND_SEGMENTS)
            {
              if (run_bin != G_MAXUINT)
                {
                  RingColor hue = _ring_animation_draw_chunk_color (draw, (run_bin + 0.5)
                                                                    / RING_DRAW_N_HUE_BINS);
                  double start = -G_PI / 2 + 2 * G_PI * run_start / N_BAND_SEGMENTS + shift;
                  double end = -G_PI / 2 + 2 * G_PI * segment / N_BAND_SEGMENTS + shift;

                  cairo_new_sub_path (cr);
                  /* A hair of overlap hides the seams between arcs. */
                  cairo_arc (cr, ring.cx, ring.cy, flight_radius, start, end + 0.004);
                  ring_cairo_set_color (cr, &hue, 1.0);
                  cairo_stroke (cr);
                }
              run_bin = bin;
              run_start = segment;
            }
        }
    }
}
