/* test-plot.c: every chart kind renders, is not blank, follows the model and the style,
 * and survives extreme parameters without a word from PLplot.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ring-test-files.h"
#include "ring-chart-draw-private.h"
#include "ring-chart-series-private.h"
#include "ring-export.h"

typedef struct
{
  int width;
  int height;
} Size;

static const Size sizes[] = { { 800, 500 }, { 1600, 1000 } };

static cairo_surface_t *
render (RingChartKind    kind,
        RingModel       *model,
        int              width,
        int              height,
        const RingStyle *style)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cairo_t *cr = cairo_create (surface);

  ring_chart_draw (kind, model, cr, width, height, style);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static guint
count_pixels_not (cairo_surface_t *surface,
                  guint32          background)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  guint count = 0;

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      if (ring_test_pixel (surface, x, y) != background)
        count++;

  return count;
}

/* The pixels that differ between @a and @b, and in @largest (if not NULL) the largest
 * difference of one channel, 0 to 255. */
static guint
count_differences (cairo_surface_t *a,
                   cairo_surface_t *b,
                   guint           *largest)
{
  int width = cairo_image_surface_get_width (a);
  int height = cairo_image_surface_get_height (a);
  guint count = 0, most = 0;

  g_assert_cmpint (width, ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (height, ==, cairo_image_surface_get_height (b));

  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++)
      {
        guint32 pa = ring_test_pixel (a, x, y), pb = ring_test_pixel (b, x, y);

        if (pa == pb)
          continue;
        count++;
        for (int shift = 0; shift < 32; shift += 8)
          most = MAX (most, (guint) ABS ((int) ((pa >> shift) & 0xff)
                                         - (int) ((pb >> shift) & 0xff)));
      }

  if (largest != NULL)
    *largest = most;
  return count;
}

static void
test_kind_names (void)
{
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      const char *name = ring_chart_kind_to_string (kind);
      RingChartKind parsed = RING_N_CHARTS;

      g_assert_nonnull (name);
      g_assert_true (ring_chart_kind_from_string (name, &parsed));
      g_assert_cmpint (parsed, ==, kind);
      g_assert_cmpstr (ring_chart_kind_get_title (kind), !=, "");
    }

  g_assert_cmpstr (ring_chart_kind_to_string (RING_CHART_UTILIZATION_MAP), ==,
                   "utilization-map");
  g_assert_false (ring_chart_kind_from_string ("nope", NULL));
  g_assert_false (ring_chart_kind_from_string ("", NULL));
}

static void
test_not_blank (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle style;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
      {
        cairo_surface_t *surface = render (kind, model, sizes[s].width, sizes[s].height,
                                           &style);
        guint32 background = ring_test_color_pixel (&style.background);
        guint drawn = count_pixels_not (surface, background);
        guint total = sizes[s].width * sizes[s].height;

        g_test_message ("%s at %d×%d: %u of %u pixels drawn", ring_chart_kind_to_string (kind),
                        sizes[s].width, sizes[s].height, drawn, total);
        /* Axes, text and curves: at least 2 % of the canvas, and not all of it. */
        g_assert_cmpuint (drawn, >, total / 50);
        g_assert_cmpuint (drawn, <, total);
        /* The background is painted, not left transparent. */
        g_assert_cmphex (ring_test_pixel (surface, 1, 1), ==, background);
        cairo_surface_destroy (surface);
      }
}

static void
test_follows_model (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle style;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      cairo_surface_t *before, *again, *after;

      ring_model_reset (model);
      before = render (kind, model, 800, 500, &style);
      again = render (kind, model, 800, 500, &style);
      /* The same model draws the same pixels. */
      g_assert_cmpuint (count_differences (before, again, NULL), ==, 0);

      ring_model_set_value (model, RING_PARAM_BANDWIDTH, 4 * ring_model_get_value (model, RING_PARAM_BANDWIDTH));
      after = render (kind, model, 800, 500, &style);
      g_assert_cmpuint (count_differences (before, after, NULL), >, 500);

      cairo_surface_destroy (before);
      cairo_surface_destroy (again);
      cairo_surface_destroy (after);
    }
}

static void
test_dark_differs (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle light, dark;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&light);
  ring_style_init_dark (&dark);
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      cairo_surface_t *light_surface = render (kind, model, 800, 500, &light);
      cairo_surface_t *dark_surface = render (kind, model, 800, 500, &dark);
      guint32 background = ring_test_color_pixel (&dark.background);

      g_assert_cmphex (ring_test_pixel (dark_surface, 1, 1), ==, background);
      g_assert_cmpuint (count_differences (light_surface, dark_surface, NULL), >, 800 * 500 / 2);
      /* Dark mode is dark: most pixels are the dark background. */
      g_assert_cmpuint (count_pixels_not (dark_surface, background), <, 800 * 500 * 3 / 4);

      cairo_surface_destroy (light_surface);
      cairo_surface_destroy (dark_surface);
    }
}

/* Parameter sets at the edges of their ranges, each drawn in a subprocess whose output
 * must be empty: PLplot prints its warnings, and calls exit() on its errors. */
static void
set_extreme (RingModel *model,
             guint      which)
{
  RingParams params;

  ring_params_init_default (&params);
  switch (which)
    {
    case 0:
      params.gpus = 1;
      break;
    case 1:
      params.gpus = 1048576;
      break;
    case 2:
      params.model_params = 1e13;
      break;
    case 3:
      params.bandwidth_gbps = 0.1;
      break;
    case 4:
      params.latency_us = 0;
      break;
    case 5:
      params.gpus = 1048576;
      params.model_params = 1e13;
      params.bandwidth_gbps = 0.1;
      params.latency_us = 10000;
      params.tokens_per_gpu = 1;
      break;
    case 6:
      params.gpus = 2;
      params.model_params = 1e6;
      params.bandwidth_gbps = 10000;
      params.compute_tflops = 1;
      params.tokens_per_gpu = 1e8;
      params.latency_us = 0;
      params.overlap = 1;
      params.gradient_bytes = 1;
      break;
    case 7:
      params.message_bytes = 8;
      params.latency_us = 0;
      break;
    default:
      g_assert_not_reached ();
    }

  g_assert_true (ring_model_set_params (model, &params));
}

#define N_EXTREMES 8

static void
test_extreme_parameters (void)
{
  if (ring_test_skip_without_plplot ())
    return;

  if (g_test_subprocess ())
    {
      g_autoptr(RingModel) model = ring_model_new ();
      RingStyle style;

      ring_style_init_light (&style);
      for (guint which = 0; which < N_EXTREMES; which++)
        {
          set_extreme (model, which);
          for (guint kind = 0; kind < RING_N_CHARTS; kind++)
            for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
              {
                cairo_surface_t *surface = render (kind, model, sizes[s].width,
                                                   sizes[s].height, &style);

                g_assert_cmpuint (count_pixels_not (surface,
                                                    ring_test_color_pixel (&style.background)),
                                  >, 1000);
                cairo_surface_destroy (surface);
              }
        }
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("");
  g_test_trap_assert_stderr ("");
}

/* Sizes too small for axes, or absurd, paint the background and nothing else. */
static void
test_degenerate_sizes (void)
{
  if (ring_test_skip_without_plplot ())
    return;

  if (g_test_subprocess ())
    {
      g_autoptr(RingModel) model = ring_model_new ();
      static const Size tiny[] = { { 1, 1 }, { 10, 10 }, { 200, 20 }, { 20, 200 }, { 161, 111 } };
      RingStyle style;

      ring_style_init_light (&style);
      for (guint kind = 0; kind < RING_N_CHARTS; kind++)
        for (guint s = 0; s < G_N_ELEMENTS (tiny); s++)
          cairo_surface_destroy (render (kind, model, tiny[s].width, tiny[s].height, &style));
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("");
  g_test_trap_assert_stderr ("");
}

/* The series the charts draw come from the cost model, at the model's configuration. */
/* Whether the columns from @x for @n_columns hold only the background. */
static gboolean
columns_are_background (cairo_surface_t *surface,
                        int              x,
                        int              n_columns,
                        guint32          background)
{
  int height = cairo_image_surface_get_height (surface);

  for (int y = 0; y < height; y++)
    for (int column = x; column < x + n_columns; column++)
      if (ring_test_pixel (surface, column, y) != background)
        return FALSE;

  return TRUE;
}

static void
test_narrow_not_clipped (void)
{
  static const Size narrow[] = { { 320, 500 }, { 370, 560 }, { 420, 500 } };
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle style;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  for (guint config = 0; config < 2; config++)
    {
      /* The defaults, and a configuration with longer numbers in the subtitle. */
      if (config == 1)
        {
          ring_model_set_value (model, RING_PARAM_GPUS, 1024);
          ring_model_set_value (model, RING_PARAM_BANDWIDTH, 25);
          ring_model_set_value (model, RING_PARAM_LATENCY, 0);
        }
      for (guint kind = 0; kind < RING_N_CHARTS; kind++)
        for (guint s = 0; s < G_N_ELEMENTS (narrow); s++)
          {
            int width = narrow[s].width;
            cairo_surface_t *surface = render (kind, model, width, narrow[s].height, &style);
            guint32 background = ring_test_color_pixel (&style.background);

            g_test_message ("%s at %d×%d", ring_chart_kind_to_string (kind), width,
                            narrow[s].height);
            /* Title, configuration, legend and labels wrap inside the margins: text cut
             * off at an edge would leave ink in the outermost columns. */
            g_assert_true (columns_are_background (surface, 0, 3, background));
            g_assert_true (columns_are_background (surface, width - 3, 3, background));
            cairo_surface_destroy (surface);
          }
    }
}

static void
test_series_match_model (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  const RingParams *params = ring_model_get_params (model);
  const RingResult *result = ring_model_get_result (model);

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      g_autoptr(RingChartData) data = _ring_chart_data_new (kind, params);

      g_assert_cmpuint (data->n_rows, >, 10);
      g_assert_cmpuint (data->columns->len, >=, 2);
      for (guint c = 0; c < data->columns->len; c++)
        {
          RingSeries *series = _ring_chart_data_column (data, c);

          g_assert_nonnull (series->label);
          g_assert_nonnull (series->unit);
          for (guint row = 0; row < data->n_rows; row++)
            {
              /* Text columns have no numbers; the comparison has none where an
               * algorithm cannot run, and every other chart has one everywhere. */
              if (series->texts != NULL)
                g_assert_nonnull (series->texts[row]);
              else if (kind != RING_CHART_ALGORITHM_COMPARISON)
                g_assert_true (isfinite (series->values[row]));
            }
        }

      /* The GPU sweeps reach 65 536 GPUs and pass through the current N = 8. */
      if (g_str_equal (_ring_chart_data_column (data, 0)->unit, "GPUs"))
        g_assert_cmpfloat (data->x_last, ==, 65536);
    }

  {
    g_autoptr(RingChartData) data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_GPUS,
                                                          params);
    const double *gpus = _ring_chart_data_column (data, 0)->values;
    const double *at_b = _ring_chart_data_column (data, 2)->values;
    gboolean found = FALSE;

    for (guint row = 0; row < data->n_rows; row++)
      if (gpus[row] == params->gpus)
        {
          g_assert_cmpfloat_with_epsilon (at_b[row], 100 * result->utilization, 1e-9);
          found = TRUE;
        }
    g_assert_true (found);
  }

  /* A large ring extends the sweep to ten times its size. */
  {
    RingParams large = *params;
    g_autoptr(RingChartData) data = NULL;

    large.gpus = 100000;
    data = _ring_chart_data_new (RING_CHART_STEP_TIME_VS_GPUS, &large);
    g_assert_cmpfloat (data->x_last, >=, 1e6);
  }
}

/* What an SVG file from PLplot's svg device draws: its lines and shapes (<polyline>,
 * <polygon>, <path>), and among them the curves: polylines of many points across most of
 * the page (a grid line or a tick has two, the frame five). */
typedef struct
{
  guint paths;
  guint curves;
} SvgCount;

/* How far the points @points reach across the page: "x,y x,y …"; their number in @n. */
static double
points_width (const char *points,
              guint      *n)
{
  g_auto(GStrv) pairs = g_strsplit_set (points, " \n\t", -1);
  double min = HUGE_VAL, max = -HUGE_VAL;

  *n = 0;
  for (guint i = 0; pairs[i] != NULL; i++)
    {
      double x;

      if (strchr (pairs[i], ',') == NULL)
        continue;
      x = g_ascii_strtod (pairs[i], NULL);
      min = MIN (min, x);
      max = MAX (max, x);
      (*n)++;
    }

  return max > min ? max - min : 0;
}

static void
svg_count_start_cb (GMarkupParseContext  *context,
                    const char           *element_name,
                    const char          **attribute_names,
                    const char          **attribute_values,
                    gpointer              user_data,
                    GError              **error)
{
  SvgCount *count = user_data;
  const char *points = "";
  guint n;

  if (strcmp (element_name, "path") != 0 && strcmp (element_name, "polyline") != 0
      && strcmp (element_name, "polygon") != 0)
    return;

  count->paths++;
  for (guint i = 0; attribute_names[i] != NULL; i++)
    if (strcmp (attribute_names[i], "points") == 0)
      points = attribute_values[i];
  if (strcmp (element_name, "polyline") == 0 && points_width (points, &n) > 800 && n > 5)
    count->curves++;
}

/* Each chart exported as SVG: a sweep's curve is one polyline, drawn solid (PLplot dashes
 * in software, one element a dash), and a sweep is a few hundred lines and shapes at most
 * (each tick and grid line is one). The map, whose plshades() fills a polygon a cell and
 * shade, and the comparison, whose textbook algorithms stay dashed so that no two curves
 * rely on colour alone, are about a thousand. */
static void
test_svg_paths (void)
{
  static const struct
  {
    RingChartKind kind;
    guint         curves;
  } expected[] = {
    { RING_CHART_UTILIZATION_VS_GPUS, 3 },
    { RING_CHART_STEP_TIME_VS_GPUS, 3 },
    { RING_CHART_THROUGHPUT_VS_GPUS, 3 },
  };
  static const GMarkupParser parser = { svg_count_start_cb, NULL, NULL, NULL, NULL };
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  dir = g_dir_make_tmp ("ring-chart-svg-XXXXXX", &error);
  g_assert_no_error (error);

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      g_autofree char *path = g_build_filename (dir, "chart.svg", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GMarkupParseContext) context = NULL;
      g_autofree char *contents = NULL;
      SvgCount count = { 0 };
      gsize length;

      g_assert_true (ring_export_chart (model, kind, RING_EXPORT_FORMAT_SVG, file, 1600, 1000,
                                        1.0, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &length, &error));
      g_assert_no_error (error);
      context = g_markup_parse_context_new (&parser, 0, &count, NULL);
      g_assert_true (g_markup_parse_context_parse (context, contents, length, &error));
      g_assert_no_error (error);
      g_assert_true (g_markup_parse_context_end_parse (context, &error));
      g_assert_no_error (error);

      g_test_message ("%s: %u lines and shapes, %u curves, %" G_GSIZE_FORMAT " bytes",
                      ring_chart_kind_to_string (kind), count.paths, count.curves, length);
      g_assert_cmpuint (count.paths, <, 1500);
      for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
        {
          if (expected[i].kind != kind)
            continue;
          g_assert_cmpuint (count.curves, ==, expected[i].curves);
          g_assert_cmpuint (count.paths, <, 400);
        }
      g_assert_cmpint (g_remove (path), ==, 0);
    }

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A log₂ axis over 1 … 64 Ki GPUs (2^0 … 2^16) with room for two labels labels both ends,
 * a step of 16: the next step in the list, 20, left a tall figure's map without a label. */
static void
test_axis_steps (void)
{
  RingPlotAxis axis = { 0 };

  _ring_plot_axis_log (&axis, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_COUNT, 0, 16, 2);
  g_assert_cmpfloat (axis.step, ==, 16);
  _ring_plot_axis_log (&axis, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_COUNT, 0, 16, 3);
  g_assert_cmpfloat (axis.step, ==, 8);
  _ring_plot_axis_log (&axis, RING_PLOT_AXIS_LOG2, RING_PLOT_FORMAT_COUNT, 0, 16, 9);
  g_assert_cmpfloat (axis.step, ==, 2);
}

/* The window's charts keep their body between draws (RingChartCache): every draw with the
 * cache is the same, pixel for pixel, as one without it, whatever changed; a step of the
 * GPU slider reuses the body of the charts over GPUs; a change of their curves, style or
 * size draws it again. */
/* A chart on a new image of @scale device pixels a unit, with @cache or without. */
static cairo_surface_t *
draw_scaled (RingChartKind    kind,
             RingModel       *model,
             int              width,
             int              height,
             int              scale,
             const RingStyle *style,
             RingChartCache  *cache)
{
  RingChartDrawOptions options = { .cache = cache };
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale,
                                                         height * scale);
  cairo_t *cr;

  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  ring_chart_draw_with_options (kind, model, cr, width, height, style, &options);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  return surface;
}

static void
test_cached_body (gconstpointer data)
{
  int scale = GPOINTER_TO_INT (data);
  typedef enum { GPUS, BANDWIDTH, MODEL, DARK, LIGHT, SIZE } Change;
  /* Whether the body is kept: on charts over GPUs (REUSED_OVER_GPUS), on none (DRAWN), or
   * either (ANY). */
  typedef enum { ANY, DRAWN, REUSED_OVER_GPUS } Expect;
  static const struct { Change change; double value; Expect expect; } steps[] = {
    { GPUS, 64, DRAWN },   /* nothing drawn yet: the body's key is kept */
    { GPUS, 256, DRAWN },  /* the same body: its pixels are kept */
    { GPUS, 8, REUSED_OVER_GPUS },
    /* Moving curves: each draw keeps its key only. */
    { BANDWIDTH, 150, ANY },
    { BANDWIDTH, 160, ANY },
    { BANDWIDTH, 170, ANY },
    { GPUS, 1024, ANY },
    { GPUS, 2048, REUSED_OVER_GPUS },
    { MODEL, 13e9, ANY },
    { GPUS, 512, ANY },
    { GPUS, 16, REUSED_OVER_GPUS },
    { DARK, 0, DRAWN },
    { GPUS, 64, ANY },
    { GPUS, 32, REUSED_OVER_GPUS },
    { SIZE, 0, DRAWN },
    { GPUS, 256, ANY },
    { GPUS, 512, ANY },
    { GPUS, 128, REUSED_OVER_GPUS },
    { LIGHT, 0, DRAWN },
  };
  const RingChartKind over_gpus[] = {
    RING_CHART_UTILIZATION_VS_GPUS, RING_CHART_STEP_TIME_VS_GPUS,
    RING_CHART_THROUGHPUT_VS_GPUS, RING_CHART_UTILIZATION_MAP,
  };

  if (ring_test_skip_without_plplot ())
    return;

  for (RingChartKind kind = 0; kind < RING_N_CHARTS; kind++)
    {
      g_autoptr(RingModel) model = ring_model_new ();
      g_autoptr(RingChartCache) cache = ring_chart_cache_new ();
      gboolean is_over_gpus = FALSE;
      guint total_hits = 0, hits, misses;
      int width = 528, height = 740;
      RingStyle style;

      for (guint i = 0; i < G_N_ELEMENTS (over_gpus); i++)
        is_over_gpus |= over_gpus[i] == kind;
      /* At twice the pixels, the charts over GPUs only. */
      if (scale > 1 && !is_over_gpus)
        continue;
      ring_style_init_light (&style);

      for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
        {
          cairo_surface_t *cached, *plain;
          guint differing, largest;

          switch (steps[i].change)
            {
            case GPUS:
              ring_model_set_value (model, RING_PARAM_GPUS, steps[i].value);
              break;
            case BANDWIDTH:
              ring_model_set_value (model, RING_PARAM_BANDWIDTH, steps[i].value);
              break;
            case MODEL:
              ring_model_set_value (model, RING_PARAM_MODEL_PARAMS, steps[i].value);
              break;
            case DARK:
              ring_style_init_dark (&style);
              break;
            case LIGHT:
              ring_style_init_light (&style);
              break;
            case SIZE:
              width = 380;
              height = 510;
              break;
            default:
              g_assert_not_reached ();
            }

          /* A fresh surface each draw, as the window's. */
          cached = draw_scaled (kind, model, width, height, scale, &style, cache);
          plain = draw_scaled (kind, model, width, height, scale, &style, NULL);

          ring_chart_cache_get_counts (cache, &hits, NULL);
          g_test_message ("%s, step %u: %s", ring_chart_kind_to_string (kind), i,
                          hits > total_hits ? "body reused" : "body drawn");
          if (steps[i].expect == DRAWN)
            g_assert_cmpuint (hits, ==, total_hits);
          else if (steps[i].expect == REUSED_OVER_GPUS && is_over_gpus)
            g_assert_cmpuint (hits, ==, total_hits + 1);
          total_hits = hits;

          /* The body is drawn into a group and composited: antialiased edges round
           * twice. Anything drawn twice or left out differs by 50 and more. */
          differing = count_differences (cached, plain, &largest);
          if (largest > 4)
            {
              g_test_message ("%s, step %u: %u pixels differ, by up to %u",
                              ring_chart_kind_to_string (kind), i, differing, largest);
              g_test_fail ();
            }
          cairo_surface_destroy (cached);
          cairo_surface_destroy (plain);
        }

      ring_chart_cache_get_counts (cache, &hits, &misses);
      g_test_message ("%s: %u draws reused the body, %u drew it",
                      ring_chart_kind_to_string (kind), hits, misses);
      g_assert_cmpuint (hits + misses, ==, G_N_ELEMENTS (steps));
    }
}

/* A context that moves or clips the chart neither keeps nor reuses a body: its pixels
 * would be painted where they were first drawn. */
static void
test_cached_body_transformed (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingChartCache) cache = ring_chart_cache_new ();
  RingChartDrawOptions options = { .cache = cache };
  const double offsets[][2] = { { 0, 0 }, { 60, 60 }, { 0, 0 } };
  RingStyle style;
  guint hits, misses;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  for (guint i = 0; i < G_N_ELEMENTS (offsets); i++)
    {
      cairo_surface_t *surfaces[2];
      guint largest;

      ring_model_set_value (model, RING_PARAM_GPUS, 64 << (2 * i));
      for (guint cached = 0; cached < 2; cached++)
        {
          cairo_t *cr;

          surfaces[cached] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 600, 500);
          cr = cairo_create (surfaces[cached]);
          cairo_translate (cr, offsets[i][0], offsets[i][1]);
          /* The last draw: a clip that leaves out part of the chart. */
          if (i == 2)
            {
              cairo_rectangle (cr, 0, 0, 300, 500);
              cairo_clip (cr);
            }
          ring_chart_draw_with_options (RING_CHART_UTILIZATION_VS_GPUS, model, cr, 540, 440,
                                        &style, cached ? &options : NULL);
          cairo_destroy (cr);
          cairo_surface_flush (surfaces[cached]);
        }
      count_differences (surfaces[0], surfaces[1], &largest);
      g_assert_cmpuint (largest, <=, 4);
      cairo_surface_destroy (surfaces[0]);
      cairo_surface_destroy (surfaces[1]);
    }

  /* The first draw kept its body; the moved and the clipped ones did not use it. */
  ring_chart_cache_get_counts (cache, &hits, &misses);
  g_assert_cmpuint (hits, ==, 0);
  g_assert_cmpuint (misses, ==, 1);
}

/* The window keeps the points its charts sweep (ring_chart_draw_keep_points()): after a
 * step of the GPU slider its two charts cost only the configurations that are new, the
 * model's own, and draw exactly what they draw without a memo. Registered last: from
 * here on the process keeps its points. */
static void
test_kept_points (void)
{
  const RingChartKind kinds[] = { RING_CHART_UTILIZATION_VS_GPUS,
                                  RING_CHART_STEP_TIME_VS_GPUS };
  g_autoptr(RingModel) model = ring_model_new ();
  cairo_surface_t *references[G_N_ELEMENTS (kinds)];
  RingStyle style;
  guint unkept = 0, kept = 0, before;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);

  /* Drawn without a memo, at 128 GPUs. */
  ring_model_set_value (model, RING_PARAM_GPUS, 128);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      cairo_t *cr;

      references[k] = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 528, 810);
      cr = cairo_create (references[k]);
      before = _ring_cost_count_evaluations ();
      ring_chart_draw (kinds[k], model, cr, 528, 810, &style);
      unkept += _ring_cost_count_evaluations () - before;
      cairo_destroy (cr);
    }

  /* As the window: drawn at 64 GPUs, then a step to 128. */
  ring_chart_draw_keep_points ();
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 528, 810);
      cairo_t *cr = cairo_create (surface);

      ring_chart_draw (kinds[k], model, cr, 528, 810, &style);
      cairo_destroy (cr);
      cairo_surface_destroy (surface);
    }
  ring_model_set_value (model, RING_PARAM_GPUS, 128);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 528, 810);
      cairo_t *cr = cairo_create (surface);

      before = _ring_cost_count_evaluations ();
      ring_chart_draw (kinds[k], model, cr, 528, 810, &style);
      kept += _ring_cost_count_evaluations () - before;
      cairo_destroy (cr);

      cairo_surface_flush (surface);
      cairo_surface_flush (references[k]);
      g_assert_cmpint (memcmp (cairo_image_surface_get_data (surface),
                               cairo_image_surface_get_data (references[k]),
                               (gsize) cairo_image_surface_get_stride (surface) * 810), ==, 0);
      cairo_surface_destroy (surface);
      cairo_surface_destroy (references[k]);
    }

  g_test_message ("%u configurations costed without a memo, %u after the step", unkept, kept);
  g_assert_cmpuint (unkept, >, 20);
  /* The model's own configuration, for the first chart's marker; the second finds it. */
  g_assert_cmpuint (kept, ==, 1);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/chart-draw/kind-names", test_kind_names);
  g_test_add_func ("/ring/chart-draw/not-blank", test_not_blank);
  g_test_add_func ("/ring/chart-draw/follows-model", test_follows_model);
  g_test_add_func ("/ring/chart-draw/dark-differs", test_dark_differs);
  g_test_add_func ("/ring/chart-draw/extreme-parameters", test_extreme_parameters);
  g_test_add_func ("/ring/chart-draw/degenerate-sizes", test_degenerate_sizes);
  g_test_add_func ("/ring/chart-draw/narrow-not-clipped", test_narrow_not_clipped);
  g_test_add_func ("/ring/chart-draw/series-match-model", test_series_match_model);
  g_test_add_func ("/ring/chart-draw/svg-paths", test_svg_paths);
  g_test_add_func ("/ring/chart-draw/axis-steps", test_axis_steps);
  g_test_add_data_func ("/ring/chart-draw/cached-body", GINT_TO_POINTER (1), test_cached_body);
  g_test_add_data_func ("/ring/chart-draw/cached-body-hidpi", GINT_TO_POINTER (2),
                        test_cached_body);
  g_test_add_func ("/ring/chart-draw/cached-body-transformed", test_cached_body_transformed);
  g_test_add_func ("/ring/chart-draw/kept-points", test_kept_points);

  return g_test_run ();
}
