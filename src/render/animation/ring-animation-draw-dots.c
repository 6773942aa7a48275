/* ring-animation-draw-dots.c: from RING_ANIMATION_MAX_CHUNK_GPUS to
 * RING_ANIMATION_MAX_NODE_GPUS, a dot per GPU.
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
#include "ring-units.h"

/* Below this many pixels between neighbours, GPU dots merge into a band. */
#define MIN_DOT_SPACING   5.0

/* How much of the averaged gradient each GPU holds, 0 (its own only) … 1 (all reduced).
 * The ring is symmetric, so every GPU holds the same amount; count GPU 0's chunks, exactly
 * up to RING_ANIMATION_MAX_NODE_GPUS and from evenly spaced samples beyond. */
static double
reduced_fraction (const RingDraw *draw)
{
  guint n = draw->n;
  guint samples = MIN (n, RING_ANIMATION_MAX_NODE_GPUS);
  double held = 0;

  if (n == 1)
    return 1;

  for (guint j = 0; j < samples; j++)
    {
      guint chunk = (guint) ((guint64) j * n / samples);

      held += ring_schedule_contributions (n, draw->completed, 0, chunk);
    }

  return CLAMP ((held / samples - 1) / (n - 1), 0.0, 1.0);
}

/* The colour of a GPU dot or of the GPU band. */
RingColor
_ring_animation_draw_node_state_color (const RingDraw *draw)
{
  switch (draw->frame.phase)
    {
    case RING_FRAME_COMPUTE:
      return ring_color_mix (draw->node, draw->style->compute,
                             0.3 + 0.7 * draw->frame.progress);
    case RING_FRAME_RING_STEP:
      return ring_color_mix (draw->node, draw->style->accent,
                             0.2 + 0.8 * reduced_fraction (draw));
    case RING_FRAME_DONE:
      return draw->style->accent;
    case RING_FRAME_IDLE:
    default:
      return draw->node;
    }
}

/* Tiers 2 and 3 share the ring's geometry */

void
_ring_animation_draw_dot_ring_layout (RingDraw          *draw,
                                      RingDotRing       *ring,
                                      const RingDrawBox *box)
{
  g_autofree char *count = ring_format_grouped (3 * (guint64) draw->n / 4,
                                                draw->separator);
  g_autofree char *widest = g_strdup_printf (_("GPU %s"), count);
  double label_width;

  ring->label_px = RING_DRAW_MIN_TEXT_PX;
  _ring_animation_draw_use_font (draw, ring->label_px, FALSE);
  label_width = _ring_animation_draw_text_width (draw, widest);
  ring->cx = box->x + box->width / 2;
  ring->cy = box->y + box->height / 2;
  ring->radius = MIN (box->width / 2 - label_width - 20, box->height / 2 - ring->label_px - 20);
  ring->radius = MAX (ring->radius, 10);
}

/* "GPU 0" at the top and the GPUs a quarter of the way round, for orientation. */
void
_ring_animation_draw_quarter_labels (RingDraw          *draw,
                                     const RingDotRing *ring,
                                     double             reach)
{
  _ring_animation_draw_use_font (draw, ring->label_px, FALSE);
  ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.7);
  for (guint quarter = 0; quarter < 4; quarter++)
    {
      guint gpu = (guint) ((guint64) quarter * draw->n / 4);
      g_autofree char *count = ring_format_grouped (gpu, draw->separator);
      g_autofree char *label = g_strdup_printf (_("GPU %s"), count);
      double angle = _ring_animation_draw_node_angle (gpu, draw->n);
      double ux = cos (angle), uy = sin (angle);
      double width = _ring_animation_draw_text_width (draw, label);
      double distance = reach + 6 + width / 2 * fabs (ux) + ring->label_px * 0.375 * fabs (uy);

      _ring_animation_draw_show_text (draw, label, ring->cx + distance * ux,
                                      ring->cy + distance * uy + ring->label_px * 0.375, 0.5);
    }
}

/* Every GPU as one band of @width along the ring, in the colour of the moment: a band that
 * stays (plane 1), painted through as a mask. */
void
_ring_animation_draw_gpu_band (RingDraw          *draw,
                               const RingDotRing *ring,
                               double             width)
{
  cairo_t *cr = draw->cr;
  RingColor color = _ring_animation_draw_node_state_color (draw);

  ring_cairo_set_color (cr, &color, 1.0);
  if (_ring_animation_draw_static_mask (draw, 1))
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, ring->cx, ring->cy, ring->radius, 0, 2 * G_PI);
      cairo_set_line_width (cr, width);
      cairo_stroke (cr);
    }
}

/* Chevrons along a band, showing the ring's direction. */
void
_ring_animation_draw_direction_marks (RingDraw          *draw,
                                      const RingDotRing *ring,
                                      double             radius,
                                      double             size,
                                      guint              count)
{
  for (guint mark = 0; mark < count; mark++)
    {
      double angle = -G_PI / 2 + 2 * G_PI * (mark + 0.5) / count;
      double tx = -sin (angle), ty = cos (angle);

      _ring_animation_draw_chevron (draw->cr, ring->cx + radius * cos (angle) + size / 2 * tx,
                                    ring->cy + radius * sin (angle) + size / 2 * ty, angle, size);
    }
}

/* The ring's links in their kinds' styles: one stroke per kind, the slow link alone. */
static void
draw_styled_links (RingDraw          *draw,
                   const RingDotRing *ring)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  double unit = 2 * G_PI / n;

  cairo_save (cr);
  for (guint pass = 0; pass < 3; pass++)
    {
      RingLinkKind kind = pass == 1 ? RING_LINK_NETWORK : RING_LINK_INTRA;
      gboolean any = FALSE;

      for (guint gpu = 0; gpu < n; gpu++)
        {
          double angle = _ring_animation_draw_node_angle (gpu, n);
          gboolean slow = gpu == draw->slow_link;

          if (pass == 2 ? !slow
                        : slow || _ring_animation_draw_ring_link_kind (draw, gpu) != kind)
            continue;
          cairo_new_sub_path (cr);
          cairo_arc (cr, ring->cx, ring->cy, ring->radius, angle, angle + unit);
          any = TRUE;
        }
      if (!any)
        continue;
      _ring_animation_draw_link_style (draw, kind, pass == 2, 1.5);
      cairo_stroke (cr);
    }
  cairo_restore (cr);

  if (draw->slow_link != G_MAXUINT)
    {
      double middle = _ring_animation_draw_node_angle (draw->slow_link, n) + unit / 2;
      double reach = ring->radius - 22;

      _ring_animation_draw_slow_label (draw, ring->cx + reach * cos (middle),
                                       ring->cy + reach * sin (middle));
    }
}

/* Where GPU @gpu's in-flight chunk is along its link, 0 … 1. */
static double
dot_travel (const RingDraw *draw,
            guint           gpu)
{
  return draw->link_end != NULL ? _ring_animation_draw_travel_to (draw, draw->link_end[gpu])
                                : draw->travel;
}

/* The GPUs as a band when their dots would touch: its width, and its in-flight chunks'. */
#define BAND_WIDTH          10.0
#define BAND_FLIGHT_RADIUS  3.0

/* The circle in-flight chunks travel on: the ring itself between dots far enough apart,
 * else inside the GPUs. */
static double
dot_track (const RingDotRing *ring,
           gboolean           as_band,
           double             spacing,
           double             node_radius,
           double             flight_radius)
{
  if (as_band)
    return ring->radius - BAND_WIDTH / 2 - 4 - BAND_FLIGHT_RADIUS;

  return spacing >= 14 ? ring->radius : ring->radius - node_radius - 3 - flight_radius;
}

/* A circle per GPU. */
static void
dot_paths (RingDraw          *draw,
           const RingDotRing *ring,
           double             node_radius)
{
  for (guint gpu = 0; gpu < draw->n; gpu++)
    {
      double angle = _ring_animation_draw_node_angle (gpu, draw->n);

      cairo_new_sub_path (draw->cr);
      cairo_arc (draw->cr, ring->cx + ring->radius * cos (angle),
                 ring->cy + ring->radius * sin (angle), node_radius, 0, 2 * G_PI);
    }
}

/* What stays of tier 2: the nodes' boxes, the links and their direction, the labels. */
static void
draw_dot_ring_labels (RingDraw          *draw,
                      const RingDotRing *ring,
                      gboolean           as_band,
                      double             node_radius,
                      double             flight_radius,
                      double             spacing)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  double track = dot_track (ring, as_band, spacing, node_radius, flight_radius);

  if (!as_band)
    {
      _ring_animation_draw_node_bands (draw, ring->cx, ring->cy, ring->radius,
                                       2 * node_radius + 10, ring->radius - node_radius - 18);

      /* The ring links, and their direction between neighbours. */
      if (draw->sim != NULL)
        draw_styled_links (draw, ring);
      else
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, ring->cx, ring->cy, ring->radius, 0, 2 * G_PI);
          cairo_set_line_width (cr, 1.5);
          ring_cairo_set_color (cr, &draw->link, draw->sending ? 1.0 : 0.6);
          cairo_stroke (cr);
        }

      if (spacing >= 24)
        {
          for (guint gpu = 0; gpu < n; gpu++)
            {
              double angle = _ring_animation_draw_node_angle (gpu, n) + G_PI / n;

              _ring_animation_draw_chevron (cr, ring->cx + ring->radius * cos (angle),
                                            ring->cy + ring->radius * sin (angle), angle, 3.5);
            }
          ring_cairo_set_color (cr, &draw->link, 1.0);
          cairo_stroke (cr);
        }
    }

  _ring_animation_draw_quarter_labels (draw, ring, ring->radius + (as_band ? 5 : node_radius));
  _ring_animation_draw_centre_caption (draw, ring->cx, ring->cy,
                                       MIN (track, ring->radius - node_radius) - 16,
                                       as_band ? 0 : ring->radius - node_radius - 18);
}

/* Tier 2, N ≤ RING_ANIMATION_MAX_NODE_GPUS: a dot per GPU and a dot per in-flight chunk */

void
_ring_animation_draw_dot_ring (RingDraw          *draw,
                               const RingDrawBox *box)
{
  cairo_t *cr = draw->cr;
  guint n = draw->n;
  RingDotRing ring;
  double spacing, node_radius, band_width = 0, track, flight_radius;
  gboolean as_band;

  _ring_animation_draw_dot_ring_layout (draw, &ring, box);
  spacing = 2 * G_PI * ring.radius / n;
  as_band = spacing < MIN_DOT_SPACING;
  node_radius = CLAMP (spacing * 0.3, 1.0, 8.0);
  flight_radius = CLAMP (spacing * 0.2, 1.5, 5.0);

  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);

  /* Plane 0: the labels, the nodes' boxes and the links; plane 1: the GPUs, in the colour
   * of the moment; plane 2: what is drawn over them. */
  if (_ring_animation_draw_static (draw, 0))
    draw_dot_ring_labels (draw, &ring, as_band, node_radius, flight_radius, spacing);

  if (as_band)
    {
      /* The dots would touch: draw the GPUs as one band. */
      band_width = BAND_WIDTH;
      _ring_animation_draw_gpu_band (draw, &ring, band_width);

      if (_ring_animation_draw_static (draw, 2))
        {
          _ring_animation_draw_direction_marks (draw, &ring, ring.radius, 4, 16);
          cairo_set_line_width (cr, 1.5);
          ring_cairo_set_color (cr, &draw->background, 0.8);
          cairo_stroke (cr);
        }

      flight_radius = BAND_FLIGHT_RADIUS;
      track = dot_track (&ring, TRUE, spacing, node_radius, flight_radius);
    }
  else
    {
      RingColor node_color = _ring_animation_draw_node_state_color (draw);

      ring_cairo_set_color (cr, &node_color, 1.0);
      if (_ring_animation_draw_static_mask (draw, 1))
        {
          dot_paths (draw, &ring, node_radius);
          cairo_fill (cr);
        }
      if (node_radius >= 4 && _ring_animation_draw_static (draw, 2))
        {
          dot_paths (draw, &ring, node_radius);
          cairo_set_line_width (cr, 1.0);
          ring_cairo_set_color (cr, &draw->card_border, 1.0);
          cairo_stroke (cr);
        }

      track = dot_track (&ring, FALSE, spacing, node_radius, flight_radius);
    }

  /* In-flight chunks, coloured by which chunk they are: one fill per hue. */
  if (draw->sending && _ring_animation_draw_dynamic (draw))
    {
      guint n_bins = MIN (n, RING_DRAW_N_HUE_BINS);
      guint bin_start[RING_DRAW_N_HUE_BINS + 1] = { 0 };
      guint order[RING_ANIMATION_MAX_NODE_GPUS];
      guint bins[RING_ANIMATION_MAX_NODE_GPUS];
      double trim = track == ring.radius ? (node_radius + flight_radius + 1) / ring.radius : 0;
      double sweep = 2 * G_PI / n - 2 * trim;

      /* Counting sort of the senders by the hue of their chunk. */
      for (guint gpu = 0; gpu < n; gpu++)
        {
          guint chunk = ring_schedule_send_chunk (n, draw->frame.step, gpu);

          bins[gpu] = (guint) ((guint64) chunk * n_bins / n);
          bin_start[bins[gpu] + 1]++;
        }
      for (guint bin = 0; bin < n_bins; bin++)
        bin_start[bin + 1] += bin_start[bin];
      {
        guint fill[RING_DRAW_N_HUE_BINS];

        memcpy (fill, bin_start, sizeof fill);
        for (guint gpu = 0; gpu < n; gpu++)
          order[fill[bins[gpu]]++] = gpu;
      }

      if (as_band)
        {
          /* The dots would merge too: each chunk is its stretch of an inner band. */
          cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
          cairo_set_line_width (cr, 2 * flight_radius);
          for (guint bin = 0; bin < n_bins; bin++)
            {
              RingColor hue = _ring_animation_draw_chunk_color (draw, (bin + 0.5) / n_bins);

              if (bin_start[bin] == bin_start[bin + 1])
                continue;
              for (guint i = bin_start[bin]; i < bin_start[bin + 1]; i++)
                {
                  double angle = _ring_animation_draw_node_angle (order[i], n)
                                 + dot_travel (draw, order[i]) * 2 * G_PI / n;

                  cairo_new_sub_path (cr);
                  /* A hair of overlap hides the seams between neighbours. */
                  cairo_arc (cr, ring.cx, ring.cy, track, angle, angle + 2.1 * G_PI / n);
                }
              ring_cairo_set_color (cr, &hue, 1.0);
              cairo_stroke (cr);
            }
        }
      else
        {
          /* A halo keeps the chunks apart from the nodes they pass. */
          if (flight_radius >= 2.5)
            {
              for (guint gpu = 0; gpu < n; gpu++)
                {
                  double angle = _ring_animation_draw_node_angle (gpu, n) + trim
                                 + dot_travel (draw, gpu) * sweep;

                  cairo_new_sub_path (cr);
                  cairo_arc (cr, ring.cx + track * cos (angle), ring.cy + track * sin (angle),
                             flight_radius + 1.5, 0, 2 * G_PI);
                }
              ring_cairo_set_color (cr, &draw->background, 1.0);
              cairo_fill (cr);
            }

          for (guint bin = 0; bin < n_bins; bin++)
            {
              RingColor hue = _ring_animation_draw_chunk_color (draw, (bin + 0.5) / n_bins);

              if (bin_start[bin] == bin_start[bin + 1])
                continue;
              for (guint i = bin_start[bin]; i < bin_start[bin + 1]; i++)
                {
                  double angle = _ring_animation_draw_node_angle (order[i], n) + trim
                                 + dot_travel (draw, order[i]) * sweep;

                  cairo_new_sub_path (cr);
                  cairo_arc (cr, ring.cx + track * cos (angle), ring.cy + track * sin (angle),
                             flight_radius, 0, 2 * G_PI);
                }
              ring_cairo_set_color (cr, &hue, 1.0);
              cairo_fill (cr);
            }
        }
    }
}
