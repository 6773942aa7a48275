/* ring-animation-draw-timeline.c: the bar under the ring, a training step to scale: the
 * step room's compute and collectives in two lanes (or compute, then one all-reduce, with
 * the phases' notches), and where the frame is.
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

#define TRACK_HEIGHT 12.0

/* Timeline: where the step is, with the model's real compute and all-reduce times */

/* How far through the all-reduce the end of step @step is, 0 … 1: the simulation's times,
 * or steps alike. */
static double
allreduce_share_at_end (const RingDraw *draw,
                        guint           step)
{
  double total;

  if (step + 1 >= draw->n_steps)
    return 1;
  if (draw->sim == NULL || !((total = ring_simulation_get_allreduce_s (draw->sim)) > 0))
    return (step + 1.0) / draw->n_steps;

  return ring_simulation_get_step_end_s (draw->sim, step) / total;
}

static double
allreduce_share_at (const RingDraw *draw,
                    guint           step,
                    double          progress)
{
  double start = step > 0 ? allreduce_share_at_end (draw, step - 1) : 0;

  return start + progress * (allreduce_share_at_end (draw, step) - start);
}

/* A notch in the all-reduce's bar where each of its phases ends (the ring: scatter-reduce
 * and all-gather, half each). */
static void
draw_phase_notches (RingDraw *draw,
                    double    start_x,
                    double    width,
                    double    bar_y,
                    double    bar_height)
{
  guint n_phases = draw->schedule != NULL ? ring_schedule_get_n_phases (draw->schedule) : 2;
  double last_x = start_x;

  for (guint i = 1; i < n_phases; i++)
    {
      double share = draw->schedule != NULL
                     ? allreduce_share_at_end (draw,
                                               ring_schedule_get_phase (draw->schedule,
                                                                        i)->first_step - 1)
                     : 0.5;
      double x = round (start_x + width * share);

      /* Phases too short to show apart share one notch. */
      if (x - last_x < 6 || start_x + width - x < 6)
        continue;
      cairo_rectangle (draw->cr, x - 1, bar_y, 2, bar_height);
      last_x = x;
    }
  ring_cairo_set_color (draw->cr, &draw->background, 1.0);
  cairo_fill (draw->cr);
}

/* The track, then the part of the step already played in full colour, and the
 * playhead. */
static void
draw_track (RingDraw          *draw,
            const RingDrawBox *box,
            double             split_x,
            double             playhead_x)
{
  cairo_t *cr = draw->cr;
  double bar_height = TRACK_HEIGHT, bar_y = box->y + 4;

  cairo_save (cr);
  ring_cairo_rounded_rectangle (cr, box->x, bar_y, box->width, bar_height, bar_height / 2);
  cairo_clip (cr);
  for (guint played = 0; played <= 1; played++)
    {
      double alpha = played ? 1.0 : 0.25;
      double limit = played ? playhead_x : box->x + box->width;

      cairo_rectangle (cr, box->x, bar_y, MIN (split_x, limit) - box->x, bar_height);
      ring_cairo_set_color (cr, &draw->style->compute, alpha);
      cairo_fill (cr);
      if (limit > split_x)
        {
          cairo_rectangle (cr, split_x, bar_y, limit - split_x, bar_height);
          ring_cairo_set_color (cr, &draw->style->communication, alpha);
          cairo_fill (cr);
        }
    }
  if (draw->n > 1 && box->x + box->width - split_x >= 24)
    draw_phase_notches (draw, split_x, box->x + box->width - split_x, bar_y, bar_height);
  cairo_restore (cr);

  if (draw->frame.phase == RING_FRAME_COMPUTE || draw->frame.phase == RING_FRAME_RING_STEP)
    {
      cairo_new_sub_path (cr);
      cairo_arc (cr, playhead_x, bar_y + bar_height / 2, 6, 0, 2 * G_PI);
      ring_cairo_set_color (cr, &draw->style->foreground, 1.0);
      cairo_fill_preserve (cr);
      cairo_set_line_width (cr, 2);
      ring_cairo_set_color (cr, &draw->background, 1.0);
      cairo_stroke (cr);
    }
}

/* The step's segments in two lanes, compute over communication; the hidden collectives
 * lighter than the exposed ones; what is played in full colour. */
static void
draw_segment_lanes (RingDraw          *draw,
                    const RingDrawBox *box)
{
  cairo_t *cr = draw->cr;
  double bar_y = box->y + 4, lane = (TRACK_HEIGHT - 2) / 2;
  double scale = box->width / draw->frame.step_time_s;
  double now_x = box->x + draw->frame.time_s * scale;

  cairo_save (cr);
  ring_cairo_rounded_rectangle (cr, box->x, bar_y, box->width, TRACK_HEIGHT, 3);
  cairo_clip (cr);
  for (guint pass = 0; pass < 3; pass++)
    {
      /* Compute; hidden communication; exposed communication. */
      const RingColor *color = pass == 0 ? &draw->style->compute
                                         : &draw->style->communication;
      double y = pass == 0 ? bar_y : bar_y + lane + 2;

      for (guint played = 0; played <= 1; played++)
        {
          for (guint i = 0; i < draw->frame.segments->len; i++)
            {
              const RingStepSegment *segment = &g_array_index (draw->frame.segments,
                                                               RingStepSegment, i);
              gboolean compute = segment->kind == RING_SEGMENT_FORWARD
                                 || segment->kind == RING_SEGMENT_BACKWARD;
              double x0 = box->x + segment->start_s * scale;
              double x1 = box->x + segment->end_s * scale;

              if (compute != (pass == 0) || (!compute && segment->exposed != (pass == 2)))
                continue;
              if (played)
                x1 = MIN (x1, now_x);
              if (x1 > x0)
                cairo_rectangle (cr, x0, y, MAX (x1 - x0, 0.5), lane);
            }
          ring_cairo_set_color (cr, color, (played ? 1.0 : 0.25) * (pass == 1 ? 0.7 : 1.0));
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);

  if (draw->frame.phase == RING_FRAME_COMPUTE || draw->frame.phase == RING_FRAME_RING_STEP)
    {
      cairo_rectangle (cr, round (now_x) - 1, bar_y - 3, 2, TRACK_HEIGHT + 6);
      ring_cairo_set_color (cr, &draw->style->foreground, 1.0);
      cairo_fill (cr);
    }
}

void
_ring_animation_draw_timeline (RingDraw          *draw,
                               const RingDrawBox *box)
{
  cairo_t *cr = draw->cr;
  double compute_s = draw->frame.compute_time_s;
  double allreduce_s = draw->n > 1 ? draw->frame.allreduce_time_s : 0;
  double share = compute_s + allreduce_s > 0 ? compute_s / (compute_s + allreduce_s) : 1;
  double bar_height = TRACK_HEIGHT, bar_y = box->y + 4;
  double split_x = box->x + box->width * share;
  double position, playhead_x, baseline;
  g_autofree char *compute_text = NULL;
  g_autofree char *allreduce_text = NULL;
  g_autofree char *compute_time = ring_format_duration (compute_s);
  g_autofree char *allreduce_time = ring_format_duration (allreduce_s);

  switch (draw->frame.phase)
    {
    case RING_FRAME_COMPUTE:
      position = share * draw->frame.progress;
      break;
    case RING_FRAME_RING_STEP:
      position = share + (1 - share) * allreduce_share_at (draw, draw->frame.step,
                                                           draw->frame.progress);
      break;
    case RING_FRAME_DONE:
      position = 1;
      break;
    case RING_FRAME_IDLE:
    default:
      position = 0;
      break;
    }
  playhead_x = box->x + box->width * position;

  /* The bar moves; the times under it stay, over whatever a tier draws (plane 2). */
  if (_ring_animation_draw_dynamic (draw))
    {
      if (draw->frame.segments != NULL && draw->frame.step_time_s > 0)
        draw_segment_lanes (draw, box);
      else
        draw_track (draw, box, split_x, playhead_x);
    }
  if (!_ring_animation_draw_static (draw, 2))
    return;

  /* Translators: under the timeline; %s is the model's compute time per step, "430 ms". */
  compute_text = g_strdup_printf (_("Compute %s"), compute_time);
  if (draw->frame.segments != NULL)
    {
      g_free (allreduce_time);
      allreduce_time = ring_format_duration (draw->frame.exposed_s);
      /* Translators: under the timeline; %s is the communication compute does not hide. */
      allreduce_text = g_strdup_printf (_("Exposed %s"), allreduce_time);
    }
  else
    /* Translators: under the timeline; %s is the model's all-reduce time per step. */
    allreduce_text = g_strdup_printf (_("All-reduce %s"), allreduce_time);

  baseline = bar_y + bar_height + 8 + draw->text_px * 0.9;
  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  if (_ring_animation_draw_text_width (draw, compute_text)
      + _ring_animation_draw_text_width (draw, allreduce_text) + 16 > box->width)
    {
      g_free (compute_text);
      g_free (allreduce_text);
      compute_text = g_steal_pointer (&compute_time);
      allreduce_text = g_steal_pointer (&allreduce_time);
    }
  ring_cairo_set_color (cr, &draw->style->foreground, 0.7);
  /* A single collective has nothing to compute: no "Compute 0 s". */
  if (draw->frame.compute_time_s > 0 || draw->n == 1)
    _ring_animation_draw_show_text (draw, compute_text, box->x, baseline, 0);
  if (draw->n > 1)
    _ring_animation_draw_show_text (draw, allreduce_text, box->x + box->width, baseline, 1);
}
