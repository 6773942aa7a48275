/* ring-chart-readout.c: what a chart shows under a point of it, read from the series the
 * chart was drawn from and mapped through the panel its axes were drawn for.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-chart-readout.h"
#include "ring-units.h"

struct _RingChartProbe
{
  RingChartKind   kind;
  RingChartData  *data;     /* NULL when nothing was drawn */
  RingPlotLayout  layout;
  double          width;
  double          height;
};

void
ring_chart_draw_probed (RingChartKind     kind,
                        RingModel        *model,
                        cairo_t          *cr,
                        double            width,
                        double            height,
                        const RingStyle  *style,
                        RingChartCache   *cache,
                        RingChartProbe  **probe)
{
  RingChartDrawOptions options = { .cache = cache };
  RingChartProbe *result;

  if (probe == NULL)
    {
      ring_chart_draw_with_options (kind, model, cr, width, height, style, &options);
      return;
    }

  result = g_new0 (RingChartProbe, 1);
  result->kind = kind;
  result->width = width;
  result->height = height;
  _ring_chart_draw_full (kind, model, cr, width, height, style, &options, &result->data,
                         &result->layout);
  *probe = result;
}

RingChartProbe *
ring_chart_probe_new (RingChartKind    kind,
                      RingModel       *model,
                      double           width,
                      double           height,
                      const RingStyle *style)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  RingChartProbe *probe = NULL;

  g_return_val_if_fail (RING_IS_MODEL (model), NULL);

  surface = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cr = cairo_create (surface);
  ring_chart_draw_probed (kind, model, cr, width, height, style, NULL, &probe);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);

  return probe;
}

void
ring_chart_probe_free (RingChartProbe *probe)
{
  if (probe == NULL)
    return;

  g_clear_pointer (&probe->data, _ring_chart_data_free);
  g_free (probe);
}

static gboolean
probe_is_usable (RingChartProbe *probe)
{
  return probe != NULL && probe->data != NULL && probe->layout.valid
         && probe->data->n_rows > 0;
}

/* A parallel layout's timeline has no readout. */
static gboolean
probe_reads (RingChartProbe *probe)
{
  return probe_is_usable (probe) && probe->data->stage_segments == NULL;
}

void
ring_chart_probe_get_plot_area (RingChartProbe *probe,
                                double         *left,
                                double         *top,
                                double         *right,
                                double         *bottom)
{
  const RingPlotPanel *panel = &probe->layout.panel;
  gboolean valid = probe_is_usable (probe);

  if (left != NULL)
    *left = valid ? panel->xmin_mm * RING_PLOT_PX_PER_MM : 0;
  if (right != NULL)
    *right = valid ? panel->xmax_mm * RING_PLOT_PX_PER_MM : 0;
  if (top != NULL)
    *top = valid ? probe->layout.height_px - panel->ymax_mm * RING_PLOT_PX_PER_MM : 0;
  if (bottom != NULL)
    *bottom = valid ? probe->layout.height_px - panel->ymin_mm * RING_PLOT_PX_PER_MM : 0;
}

double
ring_chart_probe_x_to_px (RingChartProbe *probe,
                          double          x)
{
  const RingPlotPanel *panel = &probe->layout.panel;

  if (!probe_is_usable (probe))
    return NAN;

  return _ring_plot_panel_x_mm (panel, _ring_plot_axis_world (&panel->x, x))
         * RING_PLOT_PX_PER_MM;
}

static double
px_to_world_x (RingChartProbe *probe,
               double          x_px)
{
  const RingPlotPanel *panel = &probe->layout.panel;

  return panel->x.min + (x_px / RING_PLOT_PX_PER_MM - panel->xmin_mm)
                        / (panel->xmax_mm - panel->xmin_mm) * (panel->x.max - panel->x.min);
}

static double
px_to_world_y (RingChartProbe *probe,
               double          y_px)
{
  const RingPlotPanel *panel = &probe->layout.panel;
  double y_mm = (probe->layout.height_px - y_px) / RING_PLOT_PX_PER_MM;

  return panel->y.min + (y_mm - panel->ymin_mm)
                        / (panel->ymax_mm - panel->ymin_mm) * (panel->y.max - panel->y.min);
}

/* The map's columns are its first grid_x rows; every other chart's points are its rows. */
guint
ring_chart_probe_get_n_points (RingChartProbe *probe)
{
  if (!probe_reads (probe))
    return 0;
  if (probe->kind == RING_CHART_UTILIZATION_MAP)
    return probe->data->grid_x;

  return probe->data->n_rows;
}

/* The step timeline's row of the segment nearest @x_ms: of one stream if @one_stream
 * (the compute stream if @compute), else of either. */
static guint
nearest_segment (RingChartProbe *probe,
                 double          x_ms,
                 gboolean        one_stream,
                 gboolean        compute)
{
  const GArray *segments = probe->data->segments;
  guint best = G_MAXUINT;
  double best_distance = HUGE_VAL;

  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);
      double start = s->start_s * 1e3, end = s->end_s * 1e3;
      double distance = x_ms < start ? start - x_ms : x_ms > end ? x_ms - end : 0;

      if (one_stream && _ring_chart_segment_is_compute (s) != compute)
        continue;
      if (distance < best_distance)
        {
          best = i;
          best_distance = distance;
        }
    }

  return best;
}

static guint
nearest_point_world (RingChartProbe *probe,
                     double          world)
{
  const double *xs = _ring_chart_data_column (probe->data, 0)->values;
  guint n = ring_chart_probe_get_n_points (probe);
  guint best = 0;
  double best_distance = HUGE_VAL;

  for (guint i = 0; i < n; i++)
    {
      double distance = fabs (_ring_plot_axis_world (&probe->layout.panel.x, xs[i]) - world);

      if (isfinite (xs[i]) && distance < best_distance)
        {
          best = i;
          best_distance = distance;
        }
    }

  return best;
}

guint
ring_chart_probe_nearest_point (RingChartProbe *probe,
                                double          x)
{
  if (!probe_reads (probe))
    return 0;
  if (probe->kind == RING_CHART_STEP_TIMELINE)
    return nearest_segment (probe, x, FALSE, FALSE);

  return nearest_point_world (probe, _ring_plot_axis_world (&probe->layout.panel.x, x));
}

static char *
format_value (RingChartData *data,
              const char    *unit,
              double         value)
{
  if (!isfinite (value))
    /* TRANSLATORS: a chart's readout where a curve has no value (an algorithm that
     * cannot run on that many GPUs). */
    return g_strdup (_("none"));
  if (g_str_equal (unit, "%"))
    return g_strdup_printf ("%.1f %%", value);
  if (g_str_equal (unit, "s"))
    return ring_format_duration (value);
  if (g_str_equal (unit, "us"))
    return ring_format_duration (value * 1e-6);
  if (g_str_equal (unit, "B"))
    return data->binary_bytes ? _ring_plot_format_binary_bytes (value)
                              : ring_format_bytes (value);
  if (g_str_equal (unit, "GB/s"))
    return ring_format_bandwidth (value * 1e9);
  if (g_str_equal (unit, "tokens/s"))
    return ring_format_rate (value, "tokens/s");
  if (g_str_equal (unit, "GPUs"))
    return _ring_plot_format_gpus ((guint) lround (value));

  /* "Gb/s" (a NIC's speed on the map) and the rest: four figures, never a raw double. */
  return ring_format_figures (value, unit);
}

static void
clear_value (gpointer pointer)
{
  RingChartReadoutValue *value = pointer;

  g_free (value->label);
  g_free (value->unit);
  g_free (value->text);
}

static RingChartReadout *
readout_new (void)
{
  RingChartReadout *readout = g_new0 (RingChartReadout, 1);

  readout->x = NAN;
  readout->x_px = NAN;
  readout->y_px = NAN;
  readout->values = g_array_new (FALSE, TRUE, sizeof (RingChartReadoutValue));
  g_array_set_clear_func (readout->values, clear_value);

  return readout;
}

static void
add_value (RingChartProbe   *probe,
           RingChartReadout *readout,
           guint             column,
           guint             row)
{
  RingChartData *data = probe->data;
  RingSeries *series = _ring_chart_data_column (data, column);
  /* The charts whose every curve is drawn on the panel's y axis in its own unit (the
   * others scale theirs, or draw some on a second axis or panel). */
  gboolean on_y_axis = probe->kind == RING_CHART_UTILIZATION_VS_GPUS
                       || probe->kind == RING_CHART_ALGORITHM_COMPARISON
                       || (probe->kind == RING_CHART_UTILIZATION_VS_BUCKET_SIZE
                           && g_str_equal (series->unit, "%"));
  RingChartReadoutValue value = { 0 };

  value.y_px = NAN;
  value.label = g_strdup (series->label);
  value.unit = g_strdup (series->unit);
  if (series->texts != NULL)
    {
      value.value = NAN;
      value.text = g_strdup (series->texts[row] != NULL ? series->texts[row] : "");
    }
  else
    {
      value.value = series->values[row];
      value.text = format_value (data, series->unit, value.value);
      if (on_y_axis && isfinite (value.value))
        {
          const RingPlotPanel *panel = &probe->layout.panel;
          double world = _ring_plot_axis_world (&panel->y, value.value);

          if (world >= panel->y.min && world <= panel->y.max)
            value.y_px = probe->layout.height_px
                         - _ring_plot_panel_y_mm (panel, world) * RING_PLOT_PX_PER_MM;
        }
    }
  g_array_append_val (readout->values, value);
}

static void
add_text_value (RingChartReadout *readout,
                const char       *label,
                char             *text)
{
  RingChartReadoutValue value = { g_strdup (label), g_strdup (""), NAN, text, NAN };

  g_array_append_val (readout->values, value);
}

/* The step timeline: the segment's kind and what it covers as the header, then its start,
 * its end and, for a collective, whether it is exposed. */
static void
fill_segment (RingChartProbe   *probe,
              RingChartReadout *readout,
              guint             row)
{
  RingChartData *data = probe->data;
  const RingStepSegment *s = &g_array_index (data->segments, RingStepSegment, row);
  const RingPlotPanel *panel = &probe->layout.panel;
  gboolean compute = _ring_chart_segment_is_compute (s);
  gboolean layers = compute || data->params.sharding == RING_SHARDING_FSDP;
  g_autofree char *what = NULL;
  GString *text = g_string_new (NULL);

  readout->inside = TRUE;
  readout->row = row;
  readout->x = (s->start_s + s->end_s) / 2 * 1e3;
  readout->x_px = ring_chart_probe_x_to_px (probe, readout->x);
  readout->y_px = probe->layout.height_px
                  - _ring_plot_panel_y_mm (panel, RING_PLOT_TIMELINE_ROW_COMMUNICATION
                                                  + (compute ? 1 : 0))
                    * RING_PLOT_PX_PER_MM;
  if (s->count > 1)
    /* TRANSLATORS: the gradient buckets a collective of the step timeline covers. */
    what = g_strdup_printf (_("buckets %u–%u"), s->index + 1, s->index + s->count);
  else if (layers)
    /* TRANSLATORS: the layer a segment of the step timeline computes or gathers. */
    what = g_strdup_printf (_("layer %u"), s->index + 1);
  else
    what = g_strdup_printf (_("bucket %u"), s->index + 1);
  /* TRANSLATORS: the step timeline's readout: "Backward · layer 30". */
  readout->x_text = g_strdup_printf (_("%s · %s"), _ring_chart_segment_kind_title (s->kind),
                                     what);

  add_text_value (readout, _("Start"), ring_format_duration (s->start_s));
  add_text_value (readout, _("End"), ring_format_duration (s->end_s));
  if (!compute)
    add_text_value (readout, _("Exposed"),
                    g_strdup (s->exposed ? _("yes: nothing computes beside it")
                                         : _("no: hidden behind compute")));

  g_string_append (text, readout->x_text);
  for (guint i = 0; i < readout->values->len; i++)
    {
      RingChartReadoutValue *value = &g_array_index (readout->values, RingChartReadoutValue, i);

      g_string_append_printf (text, "\n%s: %s", value->label, value->text);
    }
  readout->text = g_string_free (text, FALSE);
}

/* Fills @readout for @row of the series. */
static void
fill_row (RingChartProbe   *probe,
          RingChartReadout *readout,
          guint             row)
{
  RingChartData *data = probe->data;
  RingSeries *x_series = _ring_chart_data_column (data, 0);
  GString *text = g_string_new (NULL);
  gboolean map = probe->kind == RING_CHART_UTILIZATION_MAP;

  if (probe->kind == RING_CHART_STEP_TIMELINE)
    {
      g_string_free (text, TRUE);
      fill_segment (probe, readout, row);
      return;
    }

  readout->inside = TRUE;
  readout->row = row;
  readout->x = x_series->values[row];
  readout->gpus = g_str_equal (x_series->unit, "GPUs") ? (guint) lround (readout->x) : 0;
  readout->x_px = ring_chart_probe_x_to_px (probe, readout->x);
  readout->x_text = format_value (data, x_series->unit, readout->x);
  /* The bucket-size chart's last row is one bucket, of the whole buffer. */
  if (probe->kind == RING_CHART_UTILIZATION_VS_BUCKET_SIZE && row + 1 == data->n_rows)
    {
      g_autofree char *size = g_steal_pointer (&readout->x_text);

      /* TRANSLATORS: the readout at the one-bucket point; %s is its size. */
      readout->x_text = g_strdup_printf (_("one bucket of %s"), size);
    }
  if (map)
    {
      const RingPlotPanel *panel = &probe->layout.panel;
      double bandwidth = _ring_chart_data_column (data, 1)->values[row];
      double y_mm = _ring_plot_panel_y_mm (panel, _ring_plot_axis_world (&panel->y, bandwidth));

      readout->y_px = probe->layout.height_px - y_mm * RING_PLOT_PX_PER_MM;
    }

  for (guint c = 1; c < data->columns->len; c++)
    {
      RingSeries *series = _ring_chart_data_column (data, c);

      /* What only the CSV holds, and a log's columns where it measured nothing. */
      if (series->role == RING_SERIES_TABLE
          || (series->role == RING_SERIES_MEASURED && !isfinite (series->values[row])))
        continue;
      add_value (probe, readout, c, row);
    }

  for (guint i = 0; i < readout->values->len; i++)
    {
      RingChartReadoutValue *value = &g_array_index (readout->values, RingChartReadoutValue, i);

      if (text->len > 0)
        g_string_append_c (text, '\n');
      /* TRANSLATORS: a line of a chart's readout: the x value ("1024 GPUs", "16 MiB"),
       * a curve's name and its value there: "1024 GPUs: Utilization at 300 GB/s 68.6 %". */
      g_string_append_printf (text, _("%s: %s %s"), readout->x_text, value->label, value->text);
    }
  readout->text = g_string_free (text, FALSE);
}

RingChartReadout *
ring_chart_probe_read_at (RingChartProbe *probe,
                          double          x_px,
                          double          y_px)
{
  RingChartReadout *readout = readout_new ();
  double left, top, right, bottom;
  guint column;

  if (!probe_reads (probe))
    return readout;

  ring_chart_probe_get_plot_area (probe, &left, &top, &right, &bottom);
  if (!(x_px >= left && x_px <= right && y_px >= top && y_px <= bottom))
    return readout;

  if (probe->kind == RING_CHART_STEP_TIMELINE)
    {
      /* The stream under the pointer: compute in the upper row, communication below. */
      guint row = nearest_segment (probe, px_to_world_x (probe, x_px), TRUE,
                                   px_to_world_y (probe, y_px)
                                   >= RING_PLOT_TIMELINE_ROW_COMMUNICATION + 0.5);

      if (row != G_MAXUINT)
        fill_row (probe, readout, row);
      return readout;
    }

  column = nearest_point_world (probe, px_to_world_x (probe, x_px));
  if (probe->kind == RING_CHART_UTILIZATION_MAP)
    {
      const RingPlotPanel *panel = &probe->layout.panel;
      guint ny = probe->data->grid_y;
      double fraction = (px_to_world_y (probe, y_px) - panel->y.min)
                        / (panel->y.max - panel->y.min);
      guint j = (guint) CLAMP (lround (fraction * (ny - 1)), 0, (long) ny - 1);

      fill_row (probe, readout, j * probe->data->grid_x + column);
    }
  else
    fill_row (probe, readout, column);

  return readout;
}

RingChartReadout *
ring_chart_probe_read_point (RingChartProbe *probe,
                             guint           point)
{
  RingChartReadout *readout = readout_new ();
  guint n = ring_chart_probe_get_n_points (probe);

  if (n == 0)
    return readout;

  point = MIN (point, n - 1);
  if (probe->kind == RING_CHART_UTILIZATION_MAP)
    {
      /* The row whose bandwidth is nearest the model's, in log₁₀. */
      const double *bandwidth = _ring_chart_data_column (probe->data, 1)->values;
      double wanted = log10 (MAX (probe->data->params.bandwidth_gbps, 1e-9));
      guint best = 0;

      for (guint j = 1; j < probe->data->grid_y; j++)
        {
          if (fabs (log10 (bandwidth[j * n]) - wanted)
              < fabs (log10 (bandwidth[best * n]) - wanted))
            best = j;
        }
      fill_row (probe, readout, best * n + point);
    }
  else
    fill_row (probe, readout, point);

  return readout;
}

void
ring_chart_readout_free (RingChartReadout *readout)
{
  if (readout == NULL)
    return;

  g_clear_pointer (&readout->values, g_array_unref);
  g_free (readout->x_text);
  g_free (readout->text);
  g_free (readout);
}
