/* render-animation-frames.c: frames of the animation written as PNG files, for the README's
 * screenshots and for looking at what a change does. No display.
 *
 *   render-animation-frames DIR [WIDTH HEIGHT]
 *
 * writes DIR/topology-ALGORITHM.png for every algorithm on 2 nodes of 8 H100 (InfiniBand
 * with SHARP, so CollNet and NVLS run), part-way through a step of its schedule, and
 * DIR/topology-slow-link.png: a ring whose link 3 runs at 25 %, mid-step, the other chunks
 * arrived and waiting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdlib.h>

#include "ring-animation-draw.h"
#include "ring-model.h"
#include "ring-step-clock.h"
#include "ring-style.h"
#include "ring-test-params.h"

typedef struct
{
  const char   *name;
  RingAlgorithm algorithm;
  guint         gpus;
  double        step_share;     /* where in the schedule, 0 … 1 */
  double        progress;       /* how far through that step */
  const char   *slow_link;      /* --slow-link's value, or NULL */
} Shot;

static RingModel *
model_for (const Shot *shot)
{
  RingModel *model = ring_model_new ();
  RingParams params;

  ring_test_params_sharp_cluster (&params, shot->algorithm, shot->gpus, 8);
  if (shot->slow_link != NULL)
    g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, shot->slow_link,
                                                NULL));
  if (!ring_model_set_params (model, &params))
    g_error ("%s cannot run on %u H100", shot->name, shot->gpus);

  return model;
}

static void
render (const Shot *shot,
        const char *dir,
        int         width,
        int         height)
{
  g_autoptr(RingModel) model = model_for (shot);
  RingSimulation *sim = ring_model_get_simulation (model);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  g_autofree char *path = g_strdup_printf ("%s/topology-%s.png", dir, shot->name);
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingStyle style;
  RingFrame frame;
  guint n_steps = ring_simulation_get_n_steps (sim);
  guint step = MIN ((guint) (shot->step_share * n_steps), n_steps - 1);

  /* The first bucket's collective held at @step, as Ctrl+N takes the window there. */
  ring_style_init_light (&style);
  ring_step_clock_load_model (clock, model);
  for (guint k = 0; k <= step; k++)
    {
      ring_step_clock_ring_step (clock);
      if (k < step)
        ring_step_clock_advance (clock, 100);
    }
  ring_step_clock_get_frame (clock, &frame);
  g_assert_cmpint (frame.phase, ==, RING_FRAME_RING_STEP);
  g_assert_cmpuint (frame.step, ==, step);
  frame.progress = shot->progress;

  /* RING_FRAMES_CACHED=1: as the window draws it, through the cache (a second frame of
   * the same step, the planes painted), to compare with the files' direct drawing. */
  if (g_strcmp0 (g_getenv ("RING_FRAMES_CACHED"), "1") == 0)
    {
      g_autoptr(RingAnimationCache) cache = ring_animation_cache_new ();

      ring_animation_draw_cached (cr, width, height, &frame, &style, cache);
      ring_animation_draw_cached (cr, width, height, &frame, &style, cache);
    }
  else
    ring_animation_draw (cr, width, height, &frame, &style);
  cairo_destroy (cr);
  if (cairo_surface_write_to_png (surface, path) != CAIRO_STATUS_SUCCESS)
    g_error ("cannot write %s", path);
  cairo_surface_destroy (surface);
  g_print ("%s\n", path);
}

int
main (int   argc,
      char *argv[])
{
  const Shot shots[] = {
    { "ring", RING_ALGORITHM_RING, 16, 0.3, 0.5, NULL },
    { "flat-ring", RING_ALGORITHM_FLAT_RING, 16, 0.7, 0.5, NULL },
    { "hierarchical", RING_ALGORITHM_HIERARCHICAL, 16, 0.5, 0.5, NULL },
    { "tree", RING_ALGORITHM_TREE, 16, 0.2, 0.6, NULL },
    { "nvls", RING_ALGORITHM_NVLS, 16, 0.5, 0.6, NULL },
    { "nvls-tree", RING_ALGORITHM_NVLS_TREE, 16, 0.3, 0.6, NULL },
    { "collnet", RING_ALGORITHM_COLLNET, 16, 0.5, 0.6, NULL },
    { "halving-doubling", RING_ALGORITHM_HALVING_DOUBLING, 16, 0.4, 0.6, NULL },
    { "slow-link", RING_ALGORITHM_RING, 16, 0.2, 0.45, "3:25%" },
  };
  int width = argc > 3 ? atoi (argv[2]) : 1000;
  int height = argc > 3 ? atoi (argv[3]) : 720;

  if (argc < 2)
    {
      g_printerr ("usage: %s DIR [WIDTH HEIGHT]\n", argv[0]);
      return EXIT_FAILURE;
    }

  for (guint i = 0; i < G_N_ELEMENTS (shots); i++)
    render (&shots[i], argv[1], width, height);

  return EXIT_SUCCESS;
}
