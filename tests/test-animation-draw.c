/* test-ring-draw.c: frames of the ring animation, checked by their pixels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo-pdf.h>
#include <math.h>
#include <string.h>

#include "ring-animation-draw.h"
#include "ring-schedule.h"
#include "ring-style.h"
#include "ring-test-files.h"

#define WIDTH  1280
#define HEIGHT 800

static const guint ring_sizes[] = { 1, 2, 8, 33, 1024, 1048576 };

static cairo_surface_t *
render (const RingFrame *frame,
        gboolean         dark,
        int              width,
        int              height)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);
  RingStyle style;

  if (dark)
    ring_style_init_dark (&style);
  else
    ring_style_init_light (&style);

  ring_animation_draw (cr, width, height, frame, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

/* Pixels of the rectangle that are not the background (the top-left pixel). */
static guint
count_ink (cairo_surface_t *surface,
           int              x0,
           int              y0,
           int              x1,
           int              y1)
{
  guint32 background = ring_test_pixel (surface, 0, 0);
  guint ink = 0;

  for (int y = y0; y < y1; y++)
    for (int x = x0; x < x1; x++)
      ink += ring_test_pixel (surface, x, y) != background;

  return ink;
}

/* Pixels that differ between rows @y0 and @y1. */
static guint
count_differences_in (cairo_surface_t *a,
                      cairo_surface_t *b,
                      int              y0,
                      int              y1)
{
  int width = cairo_image_surface_get_width (a);
  guint differences = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (cairo_image_surface_get_height (a), ==, cairo_image_surface_get_height (b));

  for (int y = y0; y < y1; y++)
    for (int x = 0; x < width; x++)
      differences += ring_test_pixel (a, x, y) != ring_test_pixel (b, x, y);

  return differences;
}

static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b)
{
  return count_differences_in (a, b, 0, cairo_image_surface_get_height (a));
}

/* How much full colour the picture holds: reduced chunks are saturated, the cards, the
 * text and the pale cells of partial sums hardly. */
static guint64
total_saturation (cairo_surface_t *surface)
{
  guint64 total = 0;

  for (int y = 0; y < cairo_image_surface_get_height (surface); y++)
    for (int x = 0; x < cairo_image_surface_get_width (surface); x++)
      {
        guint32 argb = ring_test_pixel (surface, x, y);
        guint r = (argb >> 16) & 0xff, g = (argb >> 8) & 0xff, b = argb & 0xff;

        total += MAX (r, MAX (g, b)) - MIN (r, MIN (g, b));
      }

  return total;
}

static RingFrame
make_frame (guint          n_gpus,
            RingFramePhase phase,
            guint          step,
            double         progress)
{
  RingFrame frame;

  ring_frame_init (&frame, n_gpus);
  frame.phase = phase;
  frame.step = step;
  frame.progress = progress;

  return frame;
}

/* Whether the rings of two frames differ, below the header (whose text may differ) and
 * above the legend. */
static gboolean
frames_differ (const RingFrame *a,
               const RingFrame *b)
{
  cairo_surface_t *image_a = render (a, FALSE, WIDTH, HEIGHT);
  cairo_surface_t *image_b = render (b, FALSE, WIDTH, HEIGHT);
  guint differences = count_differences_in (image_a, image_b, 80, HEIGHT - 60);

  cairo_surface_destroy (image_a);
  cairo_surface_destroy (image_b);

  return differences > 0;
}

/* Every ring size, at every point of a step, draws a ring (not just its labels): the
 * middle of the picture, below the header and above the legend, has ink. */
static void
test_non_blank (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      guint n = ring_sizes[i];
      guint n_steps = ring_schedule_n_steps (n);
      RingFrame frames[] = {
        make_frame (n, RING_FRAME_IDLE, 0, 0),
        make_frame (n, RING_FRAME_COMPUTE, 0, 0.5),
        make_frame (n, RING_FRAME_RING_STEP, 0, 0.2),
        make_frame (n, RING_FRAME_RING_STEP, n_steps / 2, 0.7),
        make_frame (n, RING_FRAME_RING_STEP, n_steps > 0 ? n_steps - 1 : 0, 0.5),
        make_frame (n, RING_FRAME_DONE, 0, 0),
      };

      for (guint f = 0; f < G_N_ELEMENTS (frames); f++)
        {
          cairo_surface_t *image;
          guint ring_ink;

          frames[f].compute_time_s = 0.43;
          frames[f].allreduce_time_s = 0.16;
          image = render (&frames[f], f % 2 == 1, WIDTH, HEIGHT);
          ring_ink = count_ink (image, WIDTH / 4, HEIGHT / 4, 3 * WIDTH / 4, 3 * HEIGHT / 4);

          if (g_test_verbose ())
            g_test_message ("N = %u, frame %u: %u pixels of ink in the middle", n, f, ring_ink);
          g_assert_cmpuint (ring_ink, >, 1000);
          /* The header and the legend are there too. */
          g_assert_cmpuint (count_ink (image, 0, 0, WIDTH, 70), >, 500);
          g_assert_cmpuint (count_ink (image, 0, HEIGHT - 40, WIDTH, HEIGHT), >, 500);

          cairo_surface_destroy (image);
        }
    }
}

/* The same moment of different ring steps shows different chunks on the links and
 * different reduced counts in the buffers. The aggregate drawing of a million GPUs turns
 * by a millionth of a turn per step: there, compare steps an eighth of a turn apart. */
static void
test_steps_differ (void)
{
  for (guint i = 1; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      guint n = ring_sizes[i];
      guint n_steps = ring_schedule_n_steps (n);
      guint later_step = n > RING_ANIMATION_MAX_NODE_GPUS ? n / 8 : MIN (3, n_steps - 1);
      RingFrame first = make_frame (n, RING_FRAME_RING_STEP, 0, 0.5);
      RingFrame later = make_frame (n, RING_FRAME_RING_STEP, later_step, 0.5);
      RingFrame gather = make_frame (n, RING_FRAME_RING_STEP, n_steps - 1, 0.5);

      if (n_steps > 3)
        g_assert_true (frames_differ (&first, &later));
      g_assert_true (frames_differ (&first, &gather));
    }
}

/* Within one step only the in-flight chunks move: with no timeline, any difference is
 * theirs. A million GPUs' chunks move a millionth of a turn per step, so there the band of
 * in-flight chunks is compared a sixteenth of the scatter-reduce later. */
static void
test_progress_moves_chunks (void)
{
  for (guint i = 1; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      guint n = ring_sizes[i];
      guint step = ring_schedule_n_steps (n) / 3;
      RingFrame early = make_frame (n, RING_FRAME_RING_STEP, step, 0.2);
      RingFrame late = make_frame (n, RING_FRAME_RING_STEP, step, 0.7);

      if (n > RING_ANIMATION_MAX_NODE_GPUS)
        late = make_frame (n, RING_FRAME_RING_STEP, step + n / 16, 0.2);
      g_assert_true (frames_differ (&early, &late));
    }

  /* The same frame twice is the same picture. */
  {
    RingFrame frame = make_frame (8, RING_FRAME_RING_STEP, 4, 0.3);

    g_assert_false (frames_differ (&frame, &frame));
  }
}

/* The buffers change as the schedule reduces them: before the ring, after
 * scatter-reduce (each GPU holds one reduced chunk) and after all-gather. */
static void
test_reduction_states_differ (void)
{
  for (guint i = 1; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      guint n = ring_sizes[i];
      RingFrame computed = make_frame (n, RING_FRAME_COMPUTE, 0, 1.0);
      RingFrame before_ring = make_frame (n, RING_FRAME_RING_STEP, 0, 0);
      RingFrame after_scatter = make_frame (n, RING_FRAME_RING_STEP, n - 1, 0);
      RingFrame after_gather = make_frame (n, RING_FRAME_DONE, 0, 0);
      RingFrame idle = make_frame (n, RING_FRAME_IDLE, 0, 0);

      g_assert_true (frames_differ (&before_ring, &after_scatter));
      g_assert_true (frames_differ (&after_scatter, &after_gather));
      g_assert_true (frames_differ (&idle, &computed));
    }
}

/* Pixels exactly the background colour: the check marks of fully reduced chunks are. */
static guint
count_background (cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);

  return width * height - count_ink (surface, 0, 0, width, height);
}

/* Small rings show each chunk filled to the share of the sum it holds. Each
 * scatter-reduce step adds contributions, so the picture holds more full colour after
 * each one; each all-gather step completes N more chunks, each with a check mark. */
static void
test_reduced_chunks_grow (void)
{
  static const guint sizes[] = { 2, 5, 8, 16, 32 };

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      guint n = sizes[i];
      guint64 previous_saturation = 0;
      guint previous_checks = 0;

      for (guint completed = 0; completed < ring_schedule_n_steps (n); completed++)
        {
          RingFrame frame = make_frame (n, RING_FRAME_RING_STEP, completed, 0);
          cairo_surface_t *image = render (&frame, FALSE, WIDTH, HEIGHT);

          if (completed <= n - 2)
            {
              guint64 saturation = total_saturation (image);

              g_assert_cmpuint (saturation, >, previous_saturation);
              previous_saturation = saturation;
            }
          /* Cells of rings this small are large enough for check marks. */
          if (completed >= n - 2 && n <= 8)
            {
              guint checks = count_background (image);

              g_assert_cmpuint (checks, >, previous_checks);
              previous_checks = checks;
            }
          cairo_surface_destroy (image);
        }
    }
}

static void
test_dark_and_light (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (ring_sizes); i++)
    {
      RingFrame frame = make_frame (ring_sizes[i], RING_FRAME_RING_STEP, 0, 0.4);
      cairo_surface_t *light = render (&frame, FALSE, 640, 480);
      cairo_surface_t *dark = render (&frame, TRUE, 640, 480);
      RingStyle style;

      ring_style_init_dark (&style);
      /* The background is the style's, painted by the drawing itself. */
      g_assert_cmpuint (ring_test_pixel (dark, 0, 0), ==,
                        0xff000000u | (guint32) (style.background.red * 255 + 0.5) << 16
                        | (guint32) (style.background.green * 255 + 0.5) << 8
                        | (guint32) (style.background.blue * 255 + 0.5));
      g_assert_cmpuint (ring_test_pixel (light, 0, 0), ==, 0xffffffffu);
      g_assert_cmpuint (count_differences (light, dark), >, 640 * 480 / 2);

      cairo_surface_destroy (light);
      cairo_surface_destroy (dark);
    }
}

/* Tiny and odd sizes draw what fits and never fail; a small window still shows a ring. */
static void
test_small_sizes (void)
{
  static const int sizes[][2] = {
    { 1, 1 }, { 10, 10 }, { 100, 80 }, { 200, 600 }, { 900, 120 }, { 320, 300 }, { 480, 400 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (ring_sizes); i++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        RingFrame frame = make_frame (ring_sizes[i], RING_FRAME_RING_STEP, 0, 0.5);
        cairo_surface_t *image;
        int width = sizes[s][0], height = sizes[s][1];

        frame.compute_time_s = 1;
        frame.allreduce_time_s = 1;
        image = render (&frame, s % 2 == 0, width, height);
        if (width >= 320 && height >= 300)
          g_assert_cmpuint (count_ink (image, width / 4, height / 4, 3 * width / 4,
                                       3 * height / 4), >, 100);
        cairo_surface_destroy (image);
      }
}

/* Any cairo_t: a vector surface gets the same drawing. */
static void
test_recording_surface (void)
{
  cairo_rectangle_t extents = { 0, 0, 800, 600 };
  cairo_surface_t *surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA,
                                                             &extents);
  cairo_t *cr = cairo_create (surface);
  RingFrame frame = make_frame (8, RING_FRAME_RING_STEP, 5, 0.5);
  RingStyle style;
  double x, y, width, height;

  ring_style_init_light (&style);
  ring_animation_draw (cr, 800, 600, &frame, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_recording_surface_ink_extents (surface, &x, &y, &width, &height);
  g_assert_cmpfloat (width, ==, 800);
  g_assert_cmpfloat (height, ==, 600);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

static void
test_labels (void)
{
  struct
  {
    guint          n;
    RingFramePhase phase;
    guint          step;
    const char    *label;
  } cases[] = {
    { 8, RING_FRAME_IDLE, 0, "Ready" },
    { 8, RING_FRAME_COMPUTE, 0, "Compute" },
    { 8, RING_FRAME_RING_STEP, 0, "Scatter-reduce 1 / 7" },
    { 8, RING_FRAME_RING_STEP, 2, "Scatter-reduce 3 / 7" },
    { 8, RING_FRAME_RING_STEP, 11, "All-gather 5 / 7" },
    { 8, RING_FRAME_RING_STEP, 13, "All-gather 7 / 7" },
    { 8, RING_FRAME_RING_STEP, 14, "Averaged gradient ready" },  /* past the last step */
    { 8, RING_FRAME_DONE, 0, "Averaged gradient ready" },
    { 2, RING_FRAME_RING_STEP, 1, "All-gather 1 / 1" },
    { 1, RING_FRAME_RING_STEP, 0, "Averaged gradient ready" },  /* no ring to step through */
    { 1024, RING_FRAME_RING_STEP, 1022, "Scatter-reduce 1023 / 1023" },
    /* Five digits and more are grouped with thin spaces. */
    { 1048576, RING_FRAME_RING_STEP, 1048575 + 41,
      "All-gather 42 / 1\xe2\x80\x89" "048\xe2\x80\x89" "575" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RingFrame frame = make_frame (cases[i].n, cases[i].phase, cases[i].step, 0.5);
      g_autofree char *label = ring_frame_dup_phase_label (&frame);

      g_assert_cmpstr (label, ==, cases[i].label);
    }
}

static void
test_completed_steps (void)
{
  RingFrame frame = make_frame (8, RING_FRAME_RING_STEP, 9, 0.99);

  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 9);
  frame.phase = RING_FRAME_DONE;
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 14);
  frame.phase = RING_FRAME_COMPUTE;
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 0);
  frame = make_frame (1, RING_FRAME_DONE, 0, 0);
  g_assert_cmpuint (ring_frame_get_completed_steps (&frame), ==, 0);
}

/* Nonsense in a frame is drawn as the nearest sensible frame, not as garbage. */
static void
test_out_of_range (void)
{
  RingFrame past_end = make_frame (8, RING_FRAME_RING_STEP, 99, 0);
  RingFrame done = make_frame (8, RING_FRAME_DONE, 0, 0);
  RingFrame no_gpus = make_frame (0, RING_FRAME_RING_STEP, 0, 0.5);
  RingFrame bad_progress = make_frame (8, RING_FRAME_RING_STEP, 3, NAN);
  RingFrame start = make_frame (8, RING_FRAME_RING_STEP, 3, 0);
  cairo_surface_t *image;

  g_assert_false (frames_differ (&past_end, &done));
  g_assert_false (frames_differ (&bad_progress, &start));
  no_gpus.n_gpus = 0;
  image = render (&no_gpus, FALSE, 640, 480);
  cairo_surface_destroy (image);
}

/* On screen the widget's card provides the background: a style whose background has
 * alpha 0 leaves the corners untouched (fully transparent) yet still draws the ring. */
static void
test_transparent_background (void)
{
  RingFrame frame = make_frame (8, RING_FRAME_RING_STEP, 2, 0.5);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 640, 480);
  cairo_t *cr = cairo_create (surface);
  RingStyle style;
  guint opaque = 0;

  ring_style_init_dark (&style);
  style.background.alpha = 0;
  ring_animation_draw (cr, 640, 480, &frame, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  g_assert_cmphex (ring_test_pixel (surface, 0, 0), ==, 0);
  g_assert_cmphex (ring_test_pixel (surface, 639, 479), ==, 0);
  for (int y = 0; y < 480; y++)
    for (int x = 0; x < 640; x++)
      opaque += (ring_test_pixel (surface, x, y) >> 24) == 0xff;
  /* The nodes, chunks and text are drawn: a few percent of the area at least. */
  g_assert_cmpuint (opaque, >, 640 * 480 / 50);

  cairo_surface_destroy (surface);
}

/* Issue 21, item 14: the legend names a GPU's card "GPU", as every card is labelled, not
 * "GPU node" (a node is the box of G GPUs). Read back from a PDF of the frame, whose text
 * is text: the legend's entries, in their order. */
static void
test_legend_names (void)
{
  g_autofree char *pdftotext = ring_test_find_pdf_reader ();
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  RingFrame frame = make_frame (8, RING_FRAME_IDLE, 0, 0);
  cairo_surface_t *surface;
  cairo_t *cr;
  RingStyle style;
  const char *legend;
  int status;

  if (pdftotext == NULL)
    return;

  dir = ring_test_make_tmp_dir ();
  path = g_build_filename (dir, "frame.pdf", NULL);
  surface = cairo_pdf_surface_create (path, WIDTH, HEIGHT);
  cr = cairo_create (surface);
  ring_style_init_light (&style);
  ring_animation_draw (cr, WIDTH, HEIGHT, &frame, &style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);

  {
    const char *argv[] = { pdftotext, "-layout", path, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                 NULL, &out, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_check_wait_status (status, NULL));
  }

  g_assert_null (strstr (out, "GPU node"));
  legend = strstr (out, "Reduced gradient chunk");
  g_assert_nonnull (legend);
  /* The first entry, on the same line before it: "GPU", alone. */
  {
    const char *line = legend;
    g_autofree char *before = NULL;
    g_auto(GStrv) words = NULL;

    while (line > out && line[-1] != '\n')
      line--;
    before = g_strndup (line, legend - line);
    words = g_strsplit_set (g_strstrip (before), " ", -1);
    g_assert_cmpstr (words[0], ==, "GPU");
    for (guint i = 1; words[i] != NULL; i++)
      g_assert_cmpstr (words[i], ==, "");
  }

  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/animation-draw/transparent-background", test_transparent_background);
  g_test_add_func ("/ring/animation-draw/non-blank", test_non_blank);
  g_test_add_func ("/ring/animation-draw/steps-differ", test_steps_differ);
  g_test_add_func ("/ring/animation-draw/progress-moves-chunks", test_progress_moves_chunks);
  g_test_add_func ("/ring/animation-draw/reduction-states-differ", test_reduction_states_differ);
  g_test_add_func ("/ring/animation-draw/reduced-chunks-grow", test_reduced_chunks_grow);
  g_test_add_func ("/ring/animation-draw/dark-and-light", test_dark_and_light);
  g_test_add_func ("/ring/animation-draw/small-sizes", test_small_sizes);
  g_test_add_func ("/ring/animation-draw/recording-surface", test_recording_surface);
  g_test_add_func ("/ring/animation-draw/labels", test_labels);
  g_test_add_func ("/ring/animation-draw/completed-steps", test_completed_steps);
  g_test_add_func ("/ring/animation-draw/out-of-range", test_out_of_range);
  g_test_add_func ("/ring/animation-draw/legend-names", test_legend_names);

  return g_test_run ();
}
