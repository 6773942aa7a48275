/* ring-chart-draw.c: the scaling charts, drawn by PLplot onto any cairo_t through its
 * extcairo device (the window, PNG and PDF), or by its svg device into a file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <plplot.h>
#include <stdio.h>

#include "ring-chart-draw-private.h"

/* Below this size a chart has no room for its axes: only the background is painted. */
#define MIN_WIDTH  160.0
#define MIN_HEIGHT 110.0

/* Whether PLplot has the device @name: plinit() with a missing device asks on standard
 * input and then exits, so look first. */
static gboolean
has_device (const char *name)
{
  const char *menus[128];
  const char *devices[128];
  const char **menu_list = menus;
  const char **device_list = devices;
  int n_devices = G_N_ELEMENTS (devices);

  plgDevs (&menu_list, &device_list, &n_devices);
  for (int i = 0; i < n_devices; i++)
    {
      if (g_strcmp0 (devices[i], name) == 0)
        return TRUE;
    }

  return FALSE;
}

gboolean
ring_chart_draw_is_available (void)
{
  static int available = -1;

  if (available < 0)
    available = has_device ("extcairo");

  return available == 1;
}

static gboolean
svg_is_available (void)
{
  static int available = -1;

  if (available < 0)
    available = has_device ("svg");

  return available == 1;
}

void
ring_chart_draw (RingChartKind    kind,
                 RingModel       *model,
                 cairo_t         *cr,
                 double           width,
                 double           height,
                 const RingStyle *style)
{
  ring_chart_draw_with_options (kind, model, cr, width, height, style, NULL);
}

void
ring_chart_draw_with_options (RingChartKind               kind,
                              RingModel                  *model,
                              cairo_t                    *cr,
                              double                      width,
                              double                      height,
                              const RingStyle            *style,
                              const RingChartDrawOptions *options)
{
  _ring_chart_draw_full (kind, model, cr, width, height, style, options, NULL, NULL);
}

/* One page of @chart on a fresh PLplot stream, with @body's layers when not NULL. */
static void
draw_page (RingPlotChart *chart,
           RingChartKind  kind,
           cairo_t       *cr,
           FILE          *file,
           double         width,
           double         height,
           RingPlotBody  *body)
{
  g_array_set_size (chart->obstacles, 0);
  if (chart->layout != NULL)
    {
      memset (chart->layout, 0, sizeof *chart->layout);
      chart->layout->height_px = height;
    }

  /* PLESC_DEVINIT flips the context's y axis. */
  if (cr != NULL)
    cairo_save (cr);
  _ring_plot_body_set_current (body);
  _ring_plot_page_begin (chart, cr, file, width, height);
  _ring_chart_kind_info (kind)->draw (chart);
  _ring_plot_body_end ();
  _ring_plot_page_end (chart);
  _ring_plot_body_set_current (NULL);
  if (cr != NULL)
    cairo_restore (cr);
}

/* Draws @kind on a fresh PLplot stream: onto @cr, or into @file with the svg device;
 * FALSE when the size leaves no room for a chart. */
static gboolean
draw (RingChartKind                kind,
      RingModel                   *model,
      cairo_t                     *cr,
      FILE                        *file,
      double                       width,
      double                       height,
      const RingStyle             *style,
      const RingChartDrawOptions  *options,
      RingChartData              **data_out,
      RingPlotLayout              *layout)
{
  g_autoptr(RingChartData) data = NULL;
  RingPlotChart chart = { 0 };
  RingChartCache *cache;
  RingPlotPass pass;
  double text_scale;

  if (data_out != NULL)
    *data_out = NULL;
  if (layout != NULL)
    {
      memset (layout, 0, sizeof *layout);
      layout->height_px = height;
    }

  if (!isfinite (width) || !isfinite (height) || width < MIN_WIDTH || height < MIN_HEIGHT
      || width > 32000 || height > 32000
      || !(file != NULL ? svg_is_available () : ring_chart_draw_is_available ()))
    {
      /* Only the background: PLplot has no room for the axes. */
      if (cr != NULL)
        {
          cairo_save (cr);
          cairo_set_source_rgba (cr, style->background.red, style->background.green,
                                 style->background.blue, style->background.alpha);
          cairo_paint (cr);
          cairo_restore (cr);
        }
      return FALSE;
    }

  data = _ring_chart_data_new_for_model (kind, model);

  /* Text grows a little with the canvas, so a large export stays legible when shrunk into
   * a document, but far less than the canvas does. */
  text_scale = CLAMP (sqrt (MIN (width / 800.0, height / 500.0)), 0.8, 1.6);
  /* A figure of a physical size keeps its text at a size for print, however small. */
  if (options != NULL && options->text_pt > 0)
    text_scale = CLAMP (options->text_pt * 25.4 / 72.0 / 3.5, 0.3, 3.0);
  chart.style = style;
  chart.data = data;
  chart.width_mm = width / RING_PLOT_PX_PER_MM;
  chart.height_mm = height / RING_PLOT_PX_PER_MM;
  chart.text_mm = 3.5 * text_scale;
  chart.line_px = 2.0 * text_scale;
  chart.untitled = options != NULL && options->untitled;
  chart.obstacles = g_array_new (FALSE, FALSE, sizeof (RingPlotSegment));
  chart.layout = layout;

  cache = options != NULL && cr != NULL ? options->cache : NULL;
  pass = cache != NULL ? _ring_plot_body_first_pass (cache, kind, cr, width, height)
                       : RING_PLOT_PASS_NONE;
  if (pass == RING_PLOT_PASS_NONE)
    {
      draw_page (&chart, kind, cr, file, width, height, NULL);
    }
  else
    {
      RingPlotBody body;

      /* Whether the kept body is still what this draw would make, drawing nothing. */
      if (pass == RING_PLOT_PASS_CHECK)
        {
          _ring_plot_body_init (&body, cache, cr, RING_PLOT_PASS_CHECK);
          draw_page (&chart, kind, cr, file, width, height, &body);
          pass = _ring_plot_body_second_pass (&body);
          _ring_plot_body_finish (&body, kind, width, height);
          _ring_plot_body_clear (&body);
        }
      /* The page with the kept body, or whole with its body's key (and pixels) kept. */
      _ring_plot_body_init (&body, cache, cr, pass);
      draw_page (&chart, kind, cr, file, width, height, &body);
      _ring_plot_body_finish (&body, kind, width, height);
      _ring_plot_body_clear (&body);
    }

  g_array_unref (chart.obstacles);
  if (data_out != NULL)
    *data_out = g_steal_pointer (&data);

  return TRUE;
}

void
_ring_chart_draw_full (RingChartKind                kind,
                       RingModel                   *model,
                       cairo_t                     *cr,
                       double                       width,
                       double                       height,
                       const RingStyle             *style,
                       const RingChartDrawOptions  *options,
                       RingChartData              **data_out,
                       RingPlotLayout              *layout)
{
  g_return_if_fail (kind < RING_N_CHARTS);
  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  draw (kind, model, cr, NULL, width, height, style, options, data_out, layout);
}

gboolean
ring_chart_draw_svg (RingChartKind                kind,
                     RingModel                   *model,
                     FILE                        *file,
                     double                       width,
                     double                       height,
                     const RingStyle             *style,
                     const RingChartDrawOptions  *options)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, FALSE);
  g_return_val_if_fail (RING_IS_MODEL (model), FALSE);
  g_return_val_if_fail (file != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);

  return draw (kind, model, NULL, file, width, height, style, options, NULL, NULL);
}
