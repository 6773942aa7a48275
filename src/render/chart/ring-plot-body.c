/* ring-plot-body.c: a chart's body (its legend and panels: shading, grid, curves, axes)
 * kept as pixels between draws, so that a change that leaves it as it was (a step of the GPU
 * slider moves only the title's configuration and the marker) draws only the rest.
 *
 * A page is drawn in three layers, in order: the head (title, configuration and note),
 * the body (from the legend to the first marker) and the top (the markers, or what a
 * chart draws after them). Every PLplot call the body makes is described, as it is
 * made, in the body's key: the call, its arguments and the state it draws with. A draw
 * with a cache first runs the chart's code drawing nothing (the check pass: the layout
 * and the key, no PLplot drawing) and compares the key with the last draw's. When they
 * differ, the page is drawn whole and its key kept (the record pass): a slider that moves
 * the curves is being dragged, and keeping pixels the next draw changes would cost a
 * group at every draw. When they agree and the pixels were kept, the page is drawn with
 * them in place of the body (the reuse pass); when they agree and none were, whole, the
 * body into a group whose pixels are kept (the fill pass).
 *
 * Only a draw onto an image surface, untransformed and unclipped over the chart, keeps
 * or reuses a body: the kept pixels are painted where they were drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <string.h>

#include "ring-chart-draw-private.h"

struct _RingChartCache
{
  /* The last body drawn: its key, and its pixels when they were kept (else NULL). */
  cairo_surface_t *pixels;
  GByteArray      *key;
  /* What the kept body was drawn for, checked before the first pass. */
  RingChartKind    kind;
  double           width;
  double           height;
  double           scale_x;
  double           scale_y;

  guint            hits;
  guint            misses;
};

/* The body of the page being drawn, or NULL: PLplot draws one page at a time, on the
 * main thread. */
static RingPlotBody *current;

RingChartCache *
ring_chart_cache_new (void)
{
  return g_new0 (RingChartCache, 1);
}

void
ring_chart_cache_free (RingChartCache *cache)
{
  if (cache == NULL)
    return;

  g_clear_pointer (&cache->pixels, cairo_surface_destroy);
  g_clear_pointer (&cache->key, g_byte_array_unref);
  g_free (cache);
}

void
ring_chart_cache_get_counts (RingChartCache *cache,
                             guint          *hits,
                             guint          *misses)
{
  g_return_if_fail (cache != NULL);

  if (hits != NULL)
    *hits = cache->hits;
  if (misses != NULL)
    *misses = cache->misses;
}

/* Whether a body drawn on @cr can be kept and painted again: @cr draws on an image, with
 * no transformation, and nothing of the chart is clipped away. */
static gboolean
keeps_bodies (cairo_t *cr,
              double   width,
              double   height)
{
  cairo_matrix_t matrix;
  double x1, y1, x2, y2;

  cairo_get_matrix (cr, &matrix);
  cairo_clip_extents (cr, &x1, &y1, &x2, &y2);

  return cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE
         && matrix.xx == 1 && matrix.yy == 1 && matrix.xy == 0 && matrix.yx == 0
         && matrix.x0 == 0 && matrix.y0 == 0
         && x1 <= 0 && y1 <= 0 && x2 >= width && y2 >= height;
}

/* The first pass of a draw with @cache: none (the page drawn as without a cache), a
 * record, or a check, which needs a body drawn for the same kind, size and pixel
 * density. */
RingPlotPass
_ring_plot_body_first_pass (RingChartCache *cache,
                            RingChartKind   kind,
                            cairo_t        *cr,
                            double          width,
                            double          height)
{
  double scale_x, scale_y;

  if (!keeps_bodies (cr, width, height))
    return RING_PLOT_PASS_NONE;
  if (cache->key == NULL)
    return RING_PLOT_PASS_RECORD;
  cairo_surface_get_device_scale (cairo_get_target (cr), &scale_x, &scale_y);

  return cache->kind == kind && cache->width == width && cache->height == height
         && cache->scale_x == scale_x && cache->scale_y == scale_y
         ? RING_PLOT_PASS_CHECK : RING_PLOT_PASS_RECORD;
}

/* The check pass found the body as it was kept. */
static gboolean
body_unchanged (const RingPlotBody *body)
{
  g_assert (body->pass == RING_PLOT_PASS_CHECK);

  return body->layer != RING_PLOT_LAYER_HEAD && !body->changed;
}

/* After a check pass: the kept pixels, a fill when the body is as at the last draw but
 * its pixels were not kept, else a record. */
RingPlotPass
_ring_plot_body_second_pass (const RingPlotBody *body)
{
  g_assert (body->pass == RING_PLOT_PASS_CHECK);

  if (!body_unchanged (body))
    return RING_PLOT_PASS_RECORD;

  return body->cache->pixels != NULL ? RING_PLOT_PASS_REUSE : RING_PLOT_PASS_FILL;
}

void
_ring_plot_body_init (RingPlotBody   *body,
                      RingChartCache *cache,
                      cairo_t        *cr,
                      RingPlotPass    pass)
{
  memset (body, 0, sizeof *body);
  body->cache = cache;
  body->cr = cr;
  body->pass = pass;
  body->layer = RING_PLOT_LAYER_HEAD;
  if (pass == RING_PLOT_PASS_FILL || pass == RING_PLOT_PASS_RECORD)
    body->key = g_byte_array_new ();
}

void
_ring_plot_body_clear (RingPlotBody *body)
{
  g_clear_pointer (&body->key, g_byte_array_unref);
}

/* The page's body while its stream is open, or none. */
void
_ring_plot_body_set_current (RingPlotBody *body)
{
  g_assert (body == NULL || current == NULL);

  current = body;
}

static void
paint (cairo_t         *cr,
       cairo_surface_t *pixels)
{
  cairo_save (cr);
  cairo_identity_matrix (cr);
  cairo_set_source_surface (cr, pixels, 0, 0);
  cairo_paint (cr);
  cairo_restore (cr);
}

void
_ring_plot_key (const void *bytes,
                gsize       n_bytes)
{
  RingPlotBody *body = current;

  if (body == NULL || body->layer != RING_PLOT_LAYER_BODY
      || body->pass == RING_PLOT_PASS_REUSE || body->pass == RING_PLOT_PASS_NONE)
    return;

  if (body->pass != RING_PLOT_PASS_CHECK)
    {
      g_byte_array_append (body->key, bytes, n_bytes);
      return;
    }

  if (body->changed)
    return;
  if (body->matched + n_bytes > body->cache->key->len
      || memcmp (body->cache->key->data + body->matched, bytes, n_bytes) != 0)
    body->changed = TRUE;
  else
    body->matched += n_bytes;
}

void
_ring_plot_key_double (double value)
{
  _ring_plot_key (&value, sizeof value);
}

void
_ring_plot_key_string (const char *string)
{
  _ring_plot_key (string, strlen (string) + 1);
}

static void
key_axis (const RingPlotAxis *axis)
{
  const double values[] = {
    axis->scale, axis->format, axis->min, axis->max, axis->step, axis->n_sub,
    axis->decimals, axis->log_minor,
  };

  _ring_plot_key (values, sizeof values);
}

/* Field by field: a struct's padding says nothing. */
void
_ring_plot_key_panel (const RingPlotPanel *panel)
{
  const double area[] = { panel->xmin_mm, panel->xmax_mm, panel->ymin_mm, panel->ymax_mm };

  _ring_plot_key (area, sizeof area);
  key_axis (&panel->x);
  key_axis (&panel->y);
}

gboolean
_ring_plot_draws (void)
{
  RingPlotBody *body = current;

  if (body == NULL)
    return TRUE;

  switch (body->pass)
    {
    case RING_PLOT_PASS_CHECK:
      return FALSE;
    case RING_PLOT_PASS_REUSE:
      return body->layer != RING_PLOT_LAYER_BODY;
    case RING_PLOT_PASS_FILL:
    case RING_PLOT_PASS_RECORD:
    case RING_PLOT_PASS_NONE:
      return TRUE;
    default:
      g_assert_not_reached ();
    }
}

/* Under the frame's title, configuration and note: what follows is the body, drawn with
 * @chart's geometry and colours. Once only: a second frame belongs to the body. */
void
_ring_plot_body_begin (const RingPlotChart *chart)
{
  RingPlotBody *body = current;
  const double geometry[] = {
    chart->width_mm, chart->height_mm, chart->text_mm, chart->line_px,
    chart->untitled, chart->vector_output,
  };

  if (body == NULL || body->layer != RING_PLOT_LAYER_HEAD)
    return;

  body->layer = RING_PLOT_LAYER_BODY;
  if (body->pass == RING_PLOT_PASS_FILL)
    cairo_push_group (body->cr);
  if (body->pass == RING_PLOT_PASS_REUSE)
    {
      paint (body->cr, body->cache->pixels);
      return;
    }
  _ring_plot_key (geometry, sizeof geometry);
  for (guint i = 0; i < RING_PLOT_N_COLORS; i++)
    _ring_plot_key (&chart->palette[i], sizeof chart->palette[i]);
  _ring_plot_key_text_state ();
}

/* At the first marker, or the end of the page: the body is complete. */
void
_ring_plot_body_end (void)
{
  RingPlotBody *body = current;
  RingChartCache *cache;
  cairo_pattern_t *group;
  cairo_surface_t *pixels = NULL;

  if (body == NULL || body->layer != RING_PLOT_LAYER_BODY)
    return;

  body->layer = RING_PLOT_LAYER_TOP;
  cache = body->cache;

  switch (body->pass)
    {
    case RING_PLOT_PASS_CHECK:
      if (body->matched != cache->key->len)
        body->changed = TRUE;
      return;
    case RING_PLOT_PASS_REUSE:
      return;
    case RING_PLOT_PASS_RECORD:
      g_clear_pointer (&cache->pixels, cairo_surface_destroy);
      break;
    case RING_PLOT_PASS_FILL:
      group = cairo_pop_group (body->cr);
      g_clear_pointer (&cache->pixels, cairo_surface_destroy);
      if (cairo_pattern_get_surface (group, &pixels) == CAIRO_STATUS_SUCCESS)
        {
          cache->pixels = cairo_surface_reference (pixels);
          paint (body->cr, pixels);
        }
      cairo_pattern_destroy (group);
      break;
    case RING_PLOT_PASS_NONE:
    default:
      g_assert_not_reached ();
    }

  g_clear_pointer (&cache->key, g_byte_array_unref);
  cache->key = g_byte_array_ref (body->key);
  cairo_surface_get_device_scale (cairo_get_target (body->cr), &cache->scale_x,
                                  &cache->scale_y);
}

void
_ring_plot_body_finish (RingPlotBody  *body,
                        RingChartKind  kind,
                        double         width,
                        double         height)
{
  RingChartCache *cache = body->cache;

  if (body->pass == RING_PLOT_PASS_CHECK)
    return;
  if (body->pass == RING_PLOT_PASS_REUSE)
    {
      cache->hits++;
      return;
    }

  cache->misses++;
  cache->kind = kind;
  cache->width = width;
  cache->height = height;
  /* A page with no body (too small a panel) keeps nothing. */
  if (body->layer == RING_PLOT_LAYER_HEAD)
    {
      g_clear_pointer (&cache->pixels, cairo_surface_destroy);
      g_clear_pointer (&cache->key, g_byte_array_unref);
    }
}
