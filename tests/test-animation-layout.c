/* test-animation-layout.c: what a frame lays out keeps apart and inside its room, for every
 * algorithm at every GPU count from 1 to 1024, in the sizes the window gives the animation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>

#include "ring-animation-draw-private.h"
#include "ring-model.h"
#include "ring-step-clock.h"
#include "ring-style.h"
#include "ring-test-params.h"

static const guint gpu_counts[] = { 1, 2, 3, 4, 8, 16, 24, 32, 64, 128, 1024 };
static const guint gpu_counts_4[] = { 4, 8, 12, 16, 32 };
/* The animation's area in a 1280 × 800 window, and with a warning above it; a short window
 * and a wide one. */
static const int sizes[][2] = { { 425, 570 }, { 425, 480 }, { 600, 500 }, { 1000, 720 } };

/* H100 nodes of @per_node on InfiniBand with SHARP, so that every algorithm runs across
 * nodes; NULL where the algorithm cannot run. */
static RingModel *
model_for (RingAlgorithm algorithm,
           guint         gpus,
           guint         per_node)
{
  RingModel *model = ring_model_new ();
  RingParams params;

  ring_test_params_sharp_cluster (&params, algorithm, gpus, per_node);
  if (!ring_model_set_params (model, &params))
    g_clear_object (&model);

  return model;
}

/* The boxes of a frame part-way through the schedule, light style. */
static GArray *
record_frame (RingModel *model,
              int        width,
              int        height)
{
  GArray *record = g_array_new (FALSE, FALSE, sizeof (RingDrawRecord));
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  RingSimulation *sim = ring_model_get_simulation (model);
  guint n_steps = ring_simulation_get_n_steps (sim);
  RingStyle style;
  RingFrame frame;

  ring_style_init_light (&style);
  ring_frame_init (&frame, ring_model_get_value (model, RING_PARAM_GPUS));
  frame.simulation = sim;
  frame.phase = RING_FRAME_RING_STEP;
  frame.step = n_steps > 0 ? MIN (n_steps * 2 / 5, n_steps - 1) : 0;
  frame.progress = 0.6;
  ring_step_clock_model_times (model, &frame.compute_time_s, &frame.allreduce_time_s);
  _ring_animation_draw_layout (cr, width, height, &frame, &style, record);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return record;
}

static gboolean
meet (const RingDrawBox *a,
      const RingDrawBox *b)
{
  return a->x < b->x + b->width && b->x < a->x + a->width
         && a->y < b->y + b->height && b->y < a->y + a->height;
}

static gboolean
inside (const RingDrawBox *box,
        const RingDrawBox *room)
{
  return box->x >= room->x - 0.5 && box->y >= room->y - 0.5
         && box->x + box->width <= room->x + room->width + 0.5
         && box->y + box->height <= room->y + room->height + 0.5;
}

static gboolean
is_switch (RingDrawBoxKind kind)
{
  return kind == RING_DRAW_BOX_SWITCH || kind == RING_DRAW_BOX_NET_SWITCH;
}

/* Whether boxes of these kinds may not meet. */
static gboolean
kept_apart (RingDrawBoxKind a,
            RingDrawBoxKind b)
{
  if (a > b)
    return kept_apart (b, a);
  /* Cards, switches and names apart; a card's name goes with the cards; the caption in
   * the middle clear of the names. */
  return (a == RING_DRAW_BOX_CARD && (b == RING_DRAW_BOX_CARD || is_switch (b)
                                      || b == RING_DRAW_BOX_LABEL))
         || (is_switch (a) && (is_switch (b) || b == RING_DRAW_BOX_LABEL))
         || (a == RING_DRAW_BOX_LABEL && (b == RING_DRAW_BOX_LABEL
                                          || b == RING_DRAW_BOX_CAPTION))
         /* The fabric's boxes and captions apart, and apart from the ring's. */
         || (a >= RING_DRAW_BOX_CARD && b >= RING_DRAW_BOX_FABRIC_LEAF
             && !(a == RING_DRAW_BOX_FABRIC_UPLINKS || b == RING_DRAW_BOX_FABRIC_UPLINKS));
}

static const char *
kind_name (RingDrawBoxKind kind)
{
  const char *names[] = { "header", "legend", "timeline", "area", "card", "switch",
                          "network switch", "node name", "caption", "leaf", "fabric switch",
                          "uplinks", "fabric caption" };

  return names[kind];
}

/* Checks one frame's boxes; returns how many of @kind it drew. */
static guint
check_frame (const char *what,
             GArray     *record,
             RingDrawBoxKind kind)
{
  RingDrawBox area = { 0 }, header = { 0 }, legend = { 0 };
  guint count = 0;

  for (guint i = 0; i < record->len; i++)
    {
      const RingDrawRecord *r = &g_array_index (record, RingDrawRecord, i);

      if (r->kind == RING_DRAW_BOX_AREA)
        area = r->box;
      else if (r->kind == RING_DRAW_BOX_HEADER)
        header = r->box;
      else if (r->kind == RING_DRAW_BOX_LEGEND)
        legend = r->box;
    }
  g_assert_cmpfloat (area.height, >, 0);
  /* The picture's room lies between the header and the legend. */
  g_assert_cmpfloat (area.y, >=, header.y + header.height);
  g_assert_cmpfloat (area.y + area.height, <=, legend.y);

  for (guint i = 0; i < record->len; i++)
    {
      const RingDrawRecord *a = &g_array_index (record, RingDrawRecord, i);

      if (a->kind == kind)
        count++;
      if (a->kind < RING_DRAW_BOX_CARD)
        continue;
      if (!inside (&a->box, &area))
        g_error ("%s: a %s at %.1f, %.1f (%.1f x %.1f) leaves the picture's room "
                 "%.1f, %.1f (%.1f x %.1f)", what, kind_name (a->kind), a->box.x, a->box.y,
                 a->box.width, a->box.height, area.x, area.y, area.width, area.height);
      for (guint j = i + 1; j < record->len; j++)
        {
          const RingDrawRecord *b = &g_array_index (record, RingDrawRecord, j);

          if (kept_apart (a->kind, b->kind) && meet (&a->box, &b->box))
            g_error ("%s: a %s at %.1f, %.1f (%.1f x %.1f) meets a %s at %.1f, %.1f "
                     "(%.1f x %.1f)", what, kind_name (a->kind), a->box.x, a->box.y,
                     a->box.width, a->box.height, kind_name (b->kind), b->box.x, b->box.y,
                     b->box.width, b->box.height);
        }
    }

  return count;
}

static void
test_every_algorithm (gconstpointer data)
{
  RingAlgorithm algorithm = GPOINTER_TO_UINT (data);
  guint frames = 0;

  for (guint per = 0; per < 2; per++)
    {
      guint per_node = per == 0 ? 8 : 4;
      const guint *counts = per == 0 ? gpu_counts : gpu_counts_4;
      guint n_counts = per == 0 ? G_N_ELEMENTS (gpu_counts) : G_N_ELEMENTS (gpu_counts_4);

      for (guint c = 0; c < n_counts; c++)
        {
          g_autoptr(RingModel) model = model_for (algorithm, counts[c], per_node);

          if (model == NULL)
            continue;
          for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
            {
              g_autoptr(GArray) record = record_frame (model, sizes[s][0], sizes[s][1]);
              g_autofree char *what = g_strdup_printf ("%s, %u GPUs, %u a node, %d x %d",
                                                       ring_algorithm_to_string (algorithm),
                                                       counts[c], per_node, sizes[s][0],
                                                       sizes[s][1]);

              check_frame (what, record, RING_DRAW_BOX_CARD);
              frames++;
            }
        }
    }
  /* Every algorithm runs on several nodes of 8 at least. */
  g_assert_cmpuint (frames, >=, 3 * 8);
}

/* The two pictures of the issue: NVLS-Tree on 8 nodes of 8 (the switches met in the
 * middle) and NVLS on 2 GPUs (the cards ran over the header and the legend), in the
 * window's 425 × 570. */
static void
test_reported_frames (void)
{
  g_autoptr(RingModel) nvls_tree = model_for (RING_ALGORITHM_NVLS_TREE, 64, 8);
  g_autoptr(RingModel) nvls = model_for (RING_ALGORITHM_NVLS, 2, 8);
  g_autoptr(GArray) tree_record = record_frame (nvls_tree, 425, 570);
  g_autoptr(GArray) nvls_record = record_frame (nvls, 425, 570);

  /* All eight switches drawn, none meeting another. */
  g_assert_cmpuint (check_frame ("nvls-tree, 64 GPUs", tree_record, RING_DRAW_BOX_SWITCH), ==,
                    8);
  /* Both cards, inside the room between the header and the legend. */
  g_assert_cmpuint (check_frame ("nvls, 2 GPUs", nvls_record, RING_DRAW_BOX_CARD), ==, 2);
}

/* The network switch is as wide as its name where there is room: collnet's, alone in
 * the middle, in every size. */
static void
test_network_switch_named (void)
{
  g_autoptr(RingModel) model = model_for (RING_ALGORITHM_COLLNET, 32, 8);

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr(GArray) record = record_frame (model, sizes[s][0], sizes[s][1]);
      gboolean found = FALSE;

      for (guint i = 0; i < record->len; i++)
        {
          const RingDrawRecord *r = &g_array_index (record, RingDrawRecord, i);

          if (r->kind != RING_DRAW_BOX_NET_SWITCH)
            continue;
          /* The box holds "Network switch", 14 characters in 12 px bold: at 6.5 px or more
           * a character in any sans, over 90 px. */
          g_assert_cmpfloat (r->box.width, >=, 90);
          found = TRUE;
        }
      g_assert_true (found);
    }
}

/* In German the nodes' names are wider ("Knoten 1"): the caption in the middle of a ring
 * of 16 GPUs on 2 nodes keeps clear of them, in the German window's 400 × 480 and the
 * other sizes, dropping its second line or itself where they would meet. */
static void
test_german_names (void)
{
  const char *localedir = g_getenv ("RING_ALLREDUCE_LOCALEDIR");
  static const int german_sizes[][2] = { { 400, 480 }, { 380, 510 }, { 425, 570 },
                                         { 600, 500 } };

  if (localedir == NULL || setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
    {
      g_test_skip ("the German locale or the built catalogues are missing");
      return;
    }
  g_setenv ("LANGUAGE", "de", TRUE);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_assert_cmpstr (g_dgettext (GETTEXT_PACKAGE, "Node %u"), !=, "Node %u");

  for (guint n = 16; n <= 32; n += 16)
    {
      g_autoptr(RingModel) model = model_for (RING_ALGORITHM_RING, n, 8);

      for (guint s = 0; s < G_N_ELEMENTS (german_sizes); s++)
        {
          g_autoptr(GArray) record = record_frame (model, german_sizes[s][0],
                                                   german_sizes[s][1]);
          g_autofree char *what = g_strdup_printf ("ring, %u GPUs, German, %d x %d", n,
                                                   german_sizes[s][0], german_sizes[s][1]);

          check_frame (what, record, RING_DRAW_BOX_LABEL);
        }
    }
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
}

static char **
header_lines (RingModel *model,
              int        width,
              int        height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  RingSimulation *sim = ring_model_get_simulation (model);
  RingStyle style;
  RingFrame frame;
  char **lines;

  ring_style_init_light (&style);
  ring_frame_init (&frame, ring_model_get_value (model, RING_PARAM_GPUS));
  frame.simulation = sim;
  frame.phase = RING_FRAME_RING_STEP;
  frame.step = 0;
  frame.progress = 0.5;
  ring_step_clock_model_times (model, &frame.compute_time_s, &frame.allreduce_time_s);
  lines = _ring_animation_draw_header_lines (cr, width, height, &frame, &style);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return lines;
}

/* The explanation under the title wraps onto more lines in a narrow animation rather than
 * being cut: every word of it is drawn, in German as in English. */
static void
test_explanation_wraps (void)
{
  const char *localedir = g_getenv ("RING_ALLREDUCE_LOCALEDIR");
  static const int widths[] = { 280, 340, 425 };
  guint max_lines = 0;

  for (guint lang = 0; lang < 2; lang++)
    {
      g_autoptr(RingModel) model = model_for (RING_ALGORITHM_RING, 16, 8);
      const char *english = "Each GPU sends one chunk to the next GPU, which adds it to its own";
      const char *expected;

      if (lang == 1)
        {
          if (localedir == NULL || setlocale (LC_ALL, "de_DE.UTF-8") == NULL)
            {
              g_test_message ("no German locale: English only");
              break;
            }
          g_setenv ("LANGUAGE", "de", TRUE);
          bindtextdomain (GETTEXT_PACKAGE, localedir);
          bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
        }
      expected = g_dgettext (GETTEXT_PACKAGE, english);
      for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
        {
          g_auto(GStrv) lines = header_lines (model, widths[w], 520);
          g_autofree char *explanation = NULL;

          g_assert_cmpuint (g_strv_length (lines), >=, 2);
          explanation = g_strjoinv (" ", lines + 1);
          g_assert_cmpstr (explanation, ==, expected);
          max_lines = MAX (max_lines, g_strv_length (lines) - 1);
        }
    }
  setlocale (LC_ALL, "C.UTF-8");
  g_unsetenv ("LANGUAGE");
  /* At 280 px the sentence needs more than one line. */
  g_assert_cmpuint (max_lines, >=, 2);
}

/* The share of @box's pixels in @color (within 3 %), on @surface. */
static double
share_in_color (cairo_surface_t   *surface,
                const RingDrawBox *box,
                const RingColor   *color)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint inked = 0, all = 0;

  cairo_surface_flush (surface);
  for (int y = (int) box->y; y < (int) (box->y + box->height); y++)
    for (int x = (int) box->x; x < (int) (box->x + box->width); x++)
      {
        guint32 pixel = *(const guint32 *) (data + y * stride + 4 * x);
        double r = ((pixel >> 16) & 0xff) / 255.0, g = ((pixel >> 8) & 0xff) / 255.0;
        double b = (pixel & 0xff) / 255.0;

        all++;
        if (fabs (r - color->red) < 0.03 && fabs (g - color->green) < 0.03
            && fabs (b - color->blue) < 0.03)
          inked++;
      }

  return all > 0 ? (double) inked / all : 0;
}

/* The fabric over the ring follows the model: 16 H100 nodes in leaves of 4 at 4:1. A
 * ring scattered over the fabric sends 4 · 12/15 node rates out of each leaf into one
 * node rate of uplinks: the spine binds and its uplinks are drawn in the communication
 * colour. Packed at 2:1 one node rate leaves each leaf through two: half loaded, drawn in
 * the network's colour. Four leaf boxes apart, inside the picture, in every size; 1 024
 * GPUs in leaves of one node (each leaf's one node rate into a quarter: bound) group 128
 * leaves into boxes that keep apart. */
static void
test_fabric (void)
{
  static const struct
  {
    guint       gpus, per_leaf;
    const char *ratio, *placement;
    gboolean    bound;
    guint       leaves;
  } cases[] = {
    { 128, 4, "4:1", "scattered", TRUE, 4 },
    { 128, 4, "2:1", "packed", FALSE, 4 },
    { 1024, 16, "4:1", "scattered", TRUE, 8 },
    { 1024, 1, "4:1", "packed", TRUE, 0 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        g_autoptr(RingModel) model = ring_model_new ();
        g_autoptr(GArray) record = NULL;
        g_autofree char *what = g_strdup_printf ("%u GPUs, leaves of %u, %s %s, %d x %d",
                                                 cases[c].gpus, cases[c].per_leaf,
                                                 cases[c].ratio, cases[c].placement,
                                                 sizes[s][0], sizes[s][1]);
        cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                               sizes[s][0], sizes[s][1]);
        cairo_t *cr = cairo_create (surface);
        RingParams params;
        RingStyle style;
        RingFrame frame;
        RingDrawBox uplinks = { 0 };
        guint leaves = 0, switches = 0;

        ring_params_init_default (&params);
        g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL));
        params.gpus = cases[c].gpus;
        params.algorithm = RING_ALGORITHM_RING;
        params.fabric_tiers = 2;
        params.nodes_per_leaf = cases[c].per_leaf;
        g_assert_true (ring_params_set_from_string (&params, RING_PARAM_OVERSUBSCRIPTION,
                                                    cases[c].ratio, NULL));
        g_assert_true (ring_params_set_from_string (&params, RING_PARAM_PLACEMENT,
                                                    cases[c].placement, NULL));
        g_assert_true (ring_model_set_params (model, &params));
        g_assert_cmpint (ring_model_get_result (model)->fabric_bound_tier == RING_FABRIC_TIER_SPINE,
                         ==, cases[c].bound);

        record = record_frame (model, sizes[s][0], sizes[s][1]);
        check_frame (what, record, RING_DRAW_BOX_FABRIC_LEAF);
        for (guint i = 0; i < record->len; i++)
          {
            const RingDrawRecord *r = &g_array_index (record, RingDrawRecord, i);

            leaves += r->kind == RING_DRAW_BOX_FABRIC_LEAF;
            switches += r->kind == RING_DRAW_BOX_FABRIC_SWITCH;
            if (r->kind == RING_DRAW_BOX_FABRIC_UPLINKS)
              uplinks = r->box;
            if (r->kind == RING_DRAW_BOX_FABRIC_LEAF)
              g_assert_cmpfloat (r->box.width, >=, 44);
          }
        g_test_message ("%s: %u leaf boxes", what, leaves);
        /* Under a warning (425 × 480) the ring keeps its room and the band gives way. */
        if (leaves == 0 && sizes[s][1] < 570)
          {
            cairo_destroy (cr);
            cairo_surface_destroy (surface);
            continue;
          }
        g_assert_cmpuint (switches, ==, 1);
        if (cases[c].leaves > 0)
          g_assert_cmpuint (leaves, ==, cases[c].leaves);
        else
          g_assert_cmpuint (leaves, >=, 4);

        /* The uplinks' colour: the communication colour where the spine binds, none of
         * it where it does not. */
        ring_style_init_light (&style);
        ring_frame_init (&frame, cases[c].gpus);
        frame.simulation = ring_model_get_simulation (model);
        ring_animation_draw (cr, sizes[s][0], sizes[s][1], &frame, &style);
        if (cases[c].bound)
          g_assert_cmpfloat (share_in_color (surface, &uplinks, &style.communication), >, 0.02);
        else
          g_assert_cmpfloat (share_in_color (surface, &uplinks, &style.communication), ==, 0);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ring_test_add_per_algorithm ("/ring/animation-layout/every-size", test_every_algorithm);
  g_test_add_func ("/ring/animation-layout/reported-frames", test_reported_frames);
  g_test_add_func ("/ring/animation-layout/network-switch-named", test_network_switch_named);
  g_test_add_func ("/ring/animation-layout/german-names", test_german_names);
  g_test_add_func ("/ring/animation-layout/explanation-wraps", test_explanation_wraps);
  g_test_add_func ("/ring/animation-layout/fabric", test_fabric);

  return g_test_run ();
}
