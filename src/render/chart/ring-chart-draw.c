/* ring-chart-draw.c: the scaling charts, drawn onto any cairo_t through a PLplot extcairo
 * stream: PLplot sets the context up (a page of pixels, y upwards), and the chart's lines,
 * fills and text are drawn on it with cairo and Pango.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

/* Below this size a chart has no room for its axes: only the background is painted. */
#define MIN_WIDTH  160.0
#define MIN_HEIGHT 110.0

gboolean
ring_chart_draw_is_available (void)
{
  static int available = -1;

  /* plinit() with a missing device asks on standard input and then exits, so look first. */
  if (available < 0)
    {
      const char *menus[128];
      const char *devices[128];
      const char **menu_list = menus;
      const char **device_list = devices;
      int n_devices = G_N_ELEMENTS (devices);

      available = 0;
      plgDevs (&menu_list, &device_list, &n_devices);
      for (int i = 0; i < n_devices; i++)
        {
          if (g_strcmp0 (devices[i], "extcairo") == 0)
            available = 1;
        }
    }

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
  g_autoptr(RingChartData) data = NULL;
  PLINT previous_stream, stream;
  RingPlotChart chart = { 0 };
  double text_scale;

  g_return_if_fail (kind < RING_N_CHARTS);
  g_return_if_fail (RING_IS_MODEL (model));
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  if (data_out != NULL)
    *data_out = NULL;
  if (layout != NULL)
    {
      memset (layout, 0, sizeof *layout);
      layout->height_px = height;
    }

  /* extcairo paints no background. */
  cairo_save (cr);
  cairo_set_source_rgba (cr, style->background.red, style->background.green,
                         style->background.blue, style->background.alpha);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
  cairo_restore (cr);

  if (!isfinite (width) || !isfinite (height) || width < MIN_WIDTH || height < MIN_HEIGHT
      || width > 32000 || height > 32000 || !ring_chart_draw_is_available ())
    return;

  data = _ring_chart_data_new_for_model (kind, model);

  /* Text grows a little with the canvas, so a large export stays legible when shrunk into
   * a document, but far less than the canvas does. */
  text_scale = CLAMP (sqrt (MIN (width / 800.0, height / 500.0)), 0.8, 1.6);
  /* A figure of a physical size keeps its text at a size for print, however small. */
  if (options != NULL && options->text_pt > 0)
    text_scale = CLAMP (options->text_pt * 25.4 / 72.0 / 3.5, 0.3, 3.0);
  chart.style = style;
  chart.cr = cr;
  chart.data = data;
  chart.width_mm = width / RING_PLOT_PX_PER_MM;
  chart.height_mm = height / RING_PLOT_PX_PER_MM;
  chart.text_mm = 3.5 * text_scale;
  chart.line_px = 2.0 * text_scale;
  chart.untitled = options != NULL && options->untitled;
  chart.obstacles = g_array_new (FALSE, FALSE, sizeof (RingPlotSegment));
  chart.layout = layout;

  cairo_save (cr);

  plgstrm (&previous_stream);
  plmkstrm (&stream);
  plsdev ("extcairo");
  plspage (0, 0, (PLINT) lround (width), (PLINT) lround (height), 0, 0);
  _ring_plot_set_palette (&chart);
  plinit ();
  pl_cmd (PLESC_DEVINIT, cr);
  pladv (0);
  _ring_plot_text_begin (&chart, (int) lround (width), (int) lround (height));

  _ring_chart_kind_info (kind)->draw (&chart);

  _ring_plot_text_end ();
  plend1 ();
  plsstrm (previous_stream);

  cairo_restore (cr);
  g_array_unref (chart.obstacles);
  if (data_out != NULL)
    *data_out = g_steal_pointer (&data);
}
