/* bench-ring-draw.c: how long one frame of the ring animation takes to draw.
 *
 * Renders frames at 1280 × 800 onto an image surface, at several moments of a training
 * step, and prints the mean and median milliseconds per frame for each ring size. The
 * target is under 4 ms a frame; the numbers are printed, never judged.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "ring-animation-draw.h"
#include "ring-schedule.h"
#include "ring-style.h"

#define WIDTH         1280
#define HEIGHT        800
#define WARMUP_FRAMES 10

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The frame @i of @n_frames, spread over a whole training step: compute, then ring steps
 * from the start to the end of the all-reduce, at varying progress inside each. */
static void
frame_at (RingFrame *frame,
          guint      n_gpus,
          guint      i,
          guint      n_frames)
{
  guint n_steps = ring_schedule_n_steps (n_gpus);
  double position = (i + 0.5) / n_frames;

  ring_frame_init (frame, n_gpus);
  frame->compute_time_s = 0.43008;
  frame->allreduce_time_s = 0.1634;

  if (position < 0.1)
    {
      frame->phase = RING_FRAME_COMPUTE;
      frame->progress = position / 0.1;
    }
  else
    {
      double ring_position = (position - 0.1) / 0.9 * n_steps;

      frame->phase = RING_FRAME_RING_STEP;
      frame->step = MIN ((guint) ring_position, n_steps - 1);
      frame->progress = ring_position - frame->step;
      frame->collapsed = n_gpus > RING_ANIMATION_MAX_CHUNK_GPUS;
    }
}

static void
bench (guint    n_gpus,
       guint    n_frames,
       gboolean dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  g_autofree double *frame_ms = g_new (double, n_frames);
  RingStyle style;
  double total_ms = 0;

  if (dark)
    ring_style_init_dark (&style);
  else
    ring_style_init_light (&style);

  for (guint i = 0; i < WARMUP_FRAMES + n_frames; i++)
    {
      RingFrame frame;
      gint64 start_us;
      double ms;

      frame_at (&frame, n_gpus, i % n_frames, n_frames);
      start_us = g_get_monotonic_time ();
      ring_animation_draw (cr, WIDTH, HEIGHT, &frame, &style);
      cairo_surface_flush (surface);
      ms = (g_get_monotonic_time () - start_us) / 1000.0;

      if (i >= WARMUP_FRAMES)
        {
          frame_ms[i - WARMUP_FRAMES] = ms;
          total_ms += ms;
        }
    }

  qsort (frame_ms, n_frames, sizeof (double), compare_doubles);
  g_print ("N = %7u (%s): mean %.2f ms, median %.2f ms, slowest %.2f ms per frame "
           "(%dx%d, %u frames)\n",
           n_gpus, dark ? "dark" : "light", total_ms / n_frames, frame_ms[n_frames / 2],
           frame_ms[n_frames - 1], WIDTH, HEIGHT, n_frames);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  static const guint ring_sizes[] = { 8, 1024, 1048576 };
  guint n_frames = argc > 1 ? (guint) g_ascii_strtoull (argv[1], NULL, 10) : 200;

  n_frames = MAX (n_frames, 1);
  for (guint i = 0; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      bench (ring_sizes[i], n_frames, FALSE);
      bench (ring_sizes[i], n_frames, TRUE);
    }

  return EXIT_SUCCESS;
}
