/* test-topology-draw.c: every algorithm's frames on its topology, checked by their pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ring-animation-draw.h"
#include "ring-model.h"
#include "ring-step-clock.h"
#include "ring-style.h"
#include "ring-test-files.h"
#include "ring-test-params.h"

#define WIDTH  1000
#define HEIGHT 720
/* The ring and the trees: above the timeline and the legend. */
#define PICTURE_BOTTOM (HEIGHT - 170)

static const guint sizes[] = { 2, 8, 16, 33, 100, 1500, 65536 };

/* H100 nodes of 8 on InfiniBand with SHARP, so that every algorithm runs across nodes. */
static RingModel *
model_for (RingAlgorithm  algorithm,
           guint          gpus,
           const char    *slow_link)
{
  RingModel *model = ring_model_new ();
  RingParams params;

  ring_test_params_sharp_cluster (&params, algorithm, gpus, 8);
  if (slow_link != NULL)
    g_assert_true (ring_params_set_from_string (&params, RING_PARAM_SLOW_LINK, slow_link, NULL));
  if (!ring_model_set_params (model, &params))
    g_clear_object (&model);

  return model;
}

static void
frame_for (RingFrame *frame,
           RingModel *model,
           guint      step,
           double     progress)
{
  ring_frame_init (frame, ring_model_get_value (model, RING_PARAM_GPUS));
  frame->simulation = ring_model_get_simulation (model);
  frame->phase = RING_FRAME_RING_STEP;
  frame->step = step;
  frame->progress = progress;
  ring_step_clock_model_times (model, &frame->compute_time_s, &frame->allreduce_time_s);
}

static cairo_surface_t *
render (const RingFrame *frame,
        gboolean         dark)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);
  RingStyle style;

  ring_style_init (&style, dark);
  ring_animation_draw (cr, WIDTH, HEIGHT, frame, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Pixels above @bottom within @tolerance of @color in every channel. */
static guint
count_color (cairo_surface_t *surface,
             const RingColor *color,
             int              bottom,
             int              tolerance)
{
  int r = (int) round (color->red * 255), g = (int) round (color->green * 255);
  int b = (int) round (color->blue * 255);
  guint count = 0;

  for (int y = 0; y < bottom; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        guint32 p = ring_test_pixel (surface, x, y);

        if (abs ((int) ((p >> 16) & 0xff) - r) <= tolerance
            && abs ((int) ((p >> 8) & 0xff) - g) <= tolerance
            && abs ((int) (p & 0xff) - b) <= tolerance)
          count++;
      }

  return count;
}

static guint
count_ink (cairo_surface_t *surface)
{
  guint32 background = ring_test_pixel (surface, 0, 0);
  guint ink = 0;

  for (int y = 0; y < PICTURE_BOTTOM; y++)
    for (int x = 0; x < WIDTH; x++)
      ink += ring_test_pixel (surface, x, y) != background;

  return ink;
}

/* Every algorithm, every size it runs at, idle, computing, at steps through its schedule
 * and done: no warning (they are fatal), something drawn, and the steps differ. */
static void
test_every_algorithm (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autoptr(RingModel) model = model_for (algorithm, sizes[i], "1:0.5");
      guint n_steps, drawn = 0;
      RingFrame frame;

      if (model == NULL)
        continue;
      n_steps = ring_simulation_get_n_steps (ring_model_get_simulation (model));
      for (guint step = 0; step < n_steps; step += MAX (1u, n_steps / 6))
        {
          cairo_surface_t *surface;

          frame_for (&frame, model, step, 0.4);
          surface = render (&frame, step % 2 == 1);
          g_assert_cmpuint (count_ink (surface), >, 2000);
          cairo_surface_destroy (surface);
          drawn++;
        }
      g_assert_cmpuint (drawn, >, 0);

      for (RingFramePhase phase = RING_FRAME_IDLE; phase <= RING_FRAME_DONE; phase++)
        {
          cairo_surface_t *surface;

          frame_for (&frame, model, 0, 0.5);
          frame.phase = phase;
          surface = render (&frame, FALSE);
          g_assert_cmpuint (count_ink (surface), >, 2000);
          cairo_surface_destroy (surface);
        }
    }
}

/* The slow link is drawn in its colour, and only when there is one. */
static void
test_slow_link_drawn (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);
  g_autoptr(RingModel) slow = model_for (algorithm, 16, "3:0.25");
  g_autoptr(RingModel) uniform = model_for (algorithm, 16, NULL);
  cairo_surface_t *with, *without;
  RingStyle style;
  RingFrame frame;
  guint step;

  ring_style_init_light (&style);
  /* A step in which GPU 3 sends. */
  for (step = 0; step < ring_simulation_get_n_steps (ring_model_get_simulation (slow)); step++)
    if (ring_schedule_get_n_sends (ring_simulation_get_schedule (ring_model_get_simulation (slow)),
                                   step, 3) > 0)
      break;

  frame_for (&frame, slow, step, 0.3);
  with = render (&frame, FALSE);
  frame_for (&frame, uniform, step, 0.3);
  without = render (&frame, FALSE);

  g_assert_cmpuint (count_color (with, &style.communication, PICTURE_BOTTOM, 12), >, 40);
  g_assert_cmpuint (count_color (without, &style.communication, PICTURE_BOTTOM, 12), <, 5);

  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* Links between nodes are the network's: its colour on two nodes, none on one. */
static void
test_network_links (void)
{
  g_autoptr(RingModel) two = model_for (RING_ALGORITHM_RING, 16, NULL);
  g_autoptr(RingModel) one = model_for (RING_ALGORITHM_RING, 8, NULL);
  cairo_surface_t *across, *inside;
  RingColor network;
  RingStyle style;
  RingFrame frame;

  ring_style_init_light (&style);
  network = style.background;
  network.red += (style.series[1].red - network.red) * 0.9;
  network.green += (style.series[1].green - network.green) * 0.9;
  network.blue += (style.series[1].blue - network.blue) * 0.9;

  frame_for (&frame, two, 2, 0.1);
  across = render (&frame, FALSE);
  frame_for (&frame, one, 2, 0.1);
  inside = render (&frame, FALSE);

  g_assert_cmpuint (count_color (across, &network, PICTURE_BOTTOM, 16), >, 10);
  g_assert_cmpuint (count_color (inside, &network, PICTURE_BOTTOM, 16), <, 3);

  cairo_surface_destroy (across);
  cairo_surface_destroy (inside);
}

/* The headline names the algorithm's phase; the ring keeps its own words. */
static void
test_phase_labels (void)
{
  const struct {
    RingAlgorithm algorithm;
    guint         step;
    const char   *label;
  } cases[] = {
    { RING_ALGORITHM_RING, 0, "Scatter-reduce 1 / 15" },
    { RING_ALGORITHM_RING, 15, "All-gather 1 / 15" },
    { RING_ALGORITHM_HIERARCHICAL, 0, "Reduce-scatter in each node 1 / 7" },
    { RING_ALGORITHM_HIERARCHICAL, 8, "All-reduce across nodes 2 / 2" },
    { RING_ALGORITHM_HIERARCHICAL, 9, "All-gather in each node 1 / 7" },
    { RING_ALGORITHM_HALVING_DOUBLING, 0, "Reduce-scatter by halving 1 / 4" },
    { RING_ALGORITHM_HALVING_DOUBLING, 4, "All-gather by doubling 1 / 4" },
    { RING_ALGORITHM_TREE, 0, "Reduce up the trees 1 / 23" },
    { RING_ALGORITHM_TREE, 23, "Broadcast down the trees 1 / 23" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(RingModel) model = model_for (cases[i].algorithm, 16, NULL);
      g_autofree char *label = NULL;
      RingFrame frame;

      frame_for (&frame, model, cases[i].step, 0.5);
      label = ring_frame_dup_phase_label_full (&frame, " ");
      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

/* The clock plays the algorithm's steps for as long as the simulation timed them: with
 * GPU 0's link at 10 %, the hierarchical schedule's steps across the nodes (where GPU 0
 * is one of 8 sharing the NICs) and inside them take their own times. */
static void
test_clock_plays_simulated_steps (void)
{
  g_autoptr(RingModel) model = model_for (RING_ALGORITHM_HIERARCHICAL, 16, "0:0.1");
  g_autoptr(RingStepClock) clock = ring_step_clock_new ();
  RingSimulation *sim = ring_model_get_simulation (model);
  double total = ring_simulation_get_allreduce_s (sim);
  double ring_s, played = 0;
  RingFrame frame;

  /* One bucket: compute, then the one all-reduce the simulation timed. */
  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 0);
  sim = ring_model_get_simulation (model);
  total = ring_simulation_get_allreduce_s (sim);
  ring_step_clock_load_model (clock, model);
  ring_step_clock_ring_step (clock);
  ring_step_clock_pause (clock);
  ring_step_clock_play (clock);
  ring_step_clock_reset (clock);
  ring_step_clock_run_training_step (clock);
  ring_step_clock_advance (clock, ring_step_clock_get_compute_duration (clock) + 1e-9);
  ring_s = ring_step_clock_get_ring_duration (clock);

  for (guint step = 0; step + 1 < ring_simulation_get_n_steps (sim); step++)
    {
      /* Just before step k ends the frame shows step k, just after it k + 1. */
      double end = ring_simulation_get_step_end_s (sim, step) / total * ring_s;

      ring_step_clock_advance (clock, end - 1e-6 - played);
      ring_step_clock_get_frame (clock, &frame);
      g_assert_cmpuint (frame.step, ==, step);
      g_assert_true (frame.simulation == sim);
      ring_step_clock_advance (clock, 2e-6);
      ring_step_clock_get_frame (clock, &frame);
      g_assert_cmpuint (frame.step, ==, step + 1);
      played = end + 1e-6;
    }

  /* The steps are not alike: the clock does not spread them evenly. */
  g_assert_cmpfloat (fabs (ring_simulation_get_step_end_s (sim, 0) / total
                           - 1.0 / ring_simulation_get_n_steps (sim)), >, 0.01);
}

/* A click on the picture picks a link: every link of a 16-GPU ring somewhere, nothing in
 * the corners, the link next to a GPU where the ring passes it; the trees pick none. */
static void
test_link_at (void)
{
  g_autoptr(RingModel) ring = model_for (RING_ALGORITHM_RING, 16, NULL);
  g_autoptr(RingModel) tree = model_for (RING_ALGORITHM_TREE, 16, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  guint64 seen = 0;
  RingStyle style;
  RingFrame frame;

  ring_style_init_light (&style);
  frame_for (&frame, ring, 0, 0);
  for (int y = 0; y < HEIGHT; y += 8)
    for (int x = 0; x < WIDTH; x += 8)
      {
        guint link = ring_animation_draw_link_at (cr, WIDTH, HEIGHT, &frame, &style, x, y);

        g_assert_true (link == G_MAXUINT || link < 16);
        if (link < 16)
          seen |= G_GUINT64_CONSTANT (1) << link;
      }
  g_assert_cmpuint (seen, ==, 0xffff);
  g_assert_cmpuint (ring_animation_draw_link_at (cr, WIDTH, HEIGHT, &frame, &style, 2, 2), ==,
                    G_MAXUINT);

  frame_for (&frame, tree, 0, 0);
  g_assert_cmpuint (ring_animation_draw_link_at (cr, WIDTH, HEIGHT, &frame, &style,
                                                 WIDTH / 2, HEIGHT / 3), ==, G_MAXUINT);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ring_test_add_per_algorithm ("/ring/topology-draw/every-size", test_every_algorithm);
  ring_test_add_per_algorithm ("/ring/topology-draw/slow-link", test_slow_link_drawn);
  g_test_add_func ("/ring/topology-draw/network-links", test_network_links);
  g_test_add_func ("/ring/topology-draw/link-at", test_link_at);
  g_test_add_func ("/ring/topology-draw/phase-labels", test_phase_labels);
  g_test_add_func ("/ring/topology-draw/clock-plays-simulated-steps",
                   test_clock_plays_simulated_steps);

  return g_test_run ();
}
