/* ring-animation-cache.c: the parts of an animation frame that do not move, drawn once.
 *
 * A frame is a stack: the background, node boxes, links and labels (plane 0), what moves
 * on the links, the GPU cards or dots (plane 1), what moves on them, the switches and
 * borders over it all (plane 2). The planes depend only on the cache's key and are
 * drawn into surfaces like the target's once per key; each frame paints them and draws
 * the rest. The key holds a reference to the frame's simulation, which the model makes
 * anew for every change of parameters, so a simulation is a set of parameters. Other
 * keys' planes, kept aside or drawn ahead on a worker thread, are ring-animation-prepare.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-animation-draw-private.h"

RingAnimationCache *
ring_animation_cache_new (void)
{
  RingAnimationCache *cache = g_new0 (RingAnimationCache, 1);

  g_mutex_init (&cache->lock);
  cache->ready = g_ptr_array_new_with_free_func ((GDestroyNotify) _ring_plane_set_free);
  cache->requested = g_ptr_array_new_with_free_func ((GDestroyNotify) _ring_prepare_job_free);

  return cache;
}

void
_ring_animation_cache_clear_step (RingAnimationCache *cache)
{
  g_clear_pointer (&cache->walked, ring_simulation_unref);
  g_clear_pointer (&cache->transfers, g_array_unref);
  g_clear_pointer (&cache->link_end, g_free);
}

static void
clear_ahead (RingAnimationCache *cache)
{
  g_clear_pointer (&cache->ahead_walked, ring_simulation_unref);
  g_clear_pointer (&cache->ahead_transfers, g_array_unref);
  g_clear_pointer (&cache->ahead_link_end, g_free);
}

static void
clear_step_planes (RingAnimationCache *cache)
{
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    {
      g_clear_pointer (&cache->step_planes[i], cairo_surface_destroy);
      cache->step_valid[i] = FALSE;
    }
}

/* The step planes drawn no longer hold; their surfaces stay, to be drawn into again. */
static void
forget_step_planes (RingAnimationCache *cache)
{
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    cache->step_valid[i] = FALSE;
}

void
_ring_animation_cache_clear_planes (RingAnimationCache *cache)
{
  forget_step_planes (cache);
  cache->valid = FALSE;
  for (guint i = 0; i < RING_DRAW_N_PLANES; i++)
    g_clear_pointer (&cache->planes[i], cairo_surface_destroy);
  g_clear_pointer (&cache->key.simulation, ring_simulation_unref);
  g_clear_pointer (&cache->family, g_free);
  cache->separator = NULL;
}

void
ring_animation_cache_invalidate (RingAnimationCache *cache)
{
  g_return_if_fail (cache != NULL);

  _ring_animation_cache_clear_planes (cache);
  clear_step_planes (cache);
  _ring_animation_cache_clear_step (cache);
  clear_ahead (cache);
  for (guint i = 0; i < RING_DRAW_N_SPARE_SETS; i++)
    g_clear_pointer (&cache->spare[i], _ring_plane_set_free);
  for (guint i = 0; i < RING_DRAW_N_STEP_SETS; i++)
    g_clear_pointer (&cache->step_sets[i], _ring_plane_set_free);
  g_clear_pointer (&cache->discarded, g_ptr_array_unref);
  /* What the worker draws now belongs to the old key: it is dropped as it ends. */
  g_atomic_int_inc (&cache->generation);
  g_mutex_lock (&cache->lock);
  g_ptr_array_set_size (cache->ready, 0);
  g_mutex_unlock (&cache->lock);
  g_ptr_array_set_size (cache->requested, 0);
}

void
ring_animation_cache_free (RingAnimationCache *cache)
{
  if (cache == NULL)
    return;

  /* What waits for the worker belongs to no key now: each job left in the queue runs,
   * finds its generation gone and frees itself, so that none leaks; the drawing in
   * progress ends first. */
  g_atomic_int_inc (&cache->generation);
  if (cache->preparer != NULL)
    g_thread_pool_free (cache->preparer, FALSE, TRUE);
  ring_animation_cache_invalidate (cache);
  g_ptr_array_unref (cache->ready);
  g_ptr_array_unref (cache->requested);
  g_mutex_clear (&cache->lock);
  g_free (cache);
}

void
ring_animation_cache_set_scale_factor (RingAnimationCache *cache,
                                       double              scale_factor)
{
  g_return_if_fail (cache != NULL);
  g_return_if_fail (scale_factor > 0);

  cache->scale_factor = scale_factor;
}

guint
ring_animation_cache_get_n_builds (const RingAnimationCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->n_builds;
}

guint
ring_animation_cache_get_n_step_builds (const RingAnimationCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->n_step_builds;
}

guint
ring_animation_cache_get_n_walks (const RingAnimationCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->n_walks;
}

/* Planes */

/* Only where plane @plane has anything. */
static void
clip_to_plane (RingDraw *draw,
               guint     plane)
{
  const double *e = draw->cache->extents[plane];

  cairo_rectangle (draw->cr, e[0], e[1], e[2], e[3]);
  cairo_clip (draw->cr);
}

/* What a static part of plane @plane asks of its caller, by draw->mode. */
typedef enum
{
  STATIC_SKIP,    /* another plane being built, or the plane painted already */
  STATIC_BUILD,   /* building this plane: draw it, into the plane's surface */
  STATIC_PAINT,   /* using the cache, the first time: paint the plane's surface */
  STATIC_DIRECT,  /* no cache: draw it in place */
} StaticAction;

static inline StaticAction
static_action (RingDraw *draw,
               guint     plane)
{
  g_assert (plane < RING_DRAW_N_PLANES);

  switch (draw->mode)
    {
    case RING_DRAW_BUILD:
      if (plane != draw->plane)
        return STATIC_SKIP;
      draw->touched = TRUE;
      return STATIC_BUILD;

    case RING_DRAW_USE:
      if (draw->painted & (1u << plane))
        return STATIC_SKIP;
      draw->painted |= 1u << plane;
      return draw->cache->planes[plane] != NULL ? STATIC_PAINT : STATIC_SKIP;

    case RING_DRAW_DIRECT:
    default:
      return STATIC_DIRECT;
    }
}

gboolean
_ring_animation_draw_static (RingDraw *draw,
                             guint     plane)
{
  StaticAction action = static_action (draw, plane);

  if (action == STATIC_PAINT)
    {
      cairo_save (draw->cr);
      clip_to_plane (draw, plane);
      cairo_set_source_surface (draw->cr, draw->cache->planes[plane], 0, 0);
      /* An opaque plane 0 replaces what was there, as painting the background does. */
      if (plane == 0 && draw->cache->opaque)
        cairo_set_operator (draw->cr, CAIRO_OPERATOR_SOURCE);
      cairo_paint (draw->cr);
      cairo_restore (draw->cr);
    }

  return action == STATIC_BUILD || action == STATIC_DIRECT;
}

gboolean
_ring_animation_draw_static_mask (RingDraw *draw,
                                  guint     plane)
{
  StaticAction action = static_action (draw, plane);

  if (action == STATIC_BUILD)
    {
      /* Coverage only: opaque, whatever the colour of the moment. */
      cairo_set_source_rgb (draw->cr, 0, 0, 0);
    }
  else if (action == STATIC_PAINT)
    {
      cairo_save (draw->cr);
      clip_to_plane (draw, plane);
      cairo_mask_surface (draw->cr, draw->cache->planes[plane], 0, 0);
      cairo_restore (draw->cr);
    }

  return action == STATIC_BUILD || action == STATIC_DIRECT;
}

/* The smallest rectangle of whole pixels holding everything of @surface that is not
 * transparent, in user space (@extents: x, y, width, height); FALSE if nothing is. Not an
 * image: all of it. */
static gboolean
find_extents (cairo_surface_t *surface,
              double           width,
              double           height,
              double           x_scale,
              double           y_scale,
              double           extents[4])
{
  cairo_surface_t *image = surface;
  const guint8 *data;
  int stride, pixels_wide, pixels_high;
  int left = G_MAXINT, right = -1, top = G_MAXINT, bottom = -1;

  extents[0] = extents[1] = 0;
  extents[2] = width;
  extents[3] = height;
  if (cairo_surface_get_type (image) != CAIRO_SURFACE_TYPE_IMAGE
      || cairo_image_surface_get_format (image) != CAIRO_FORMAT_ARGB32)
    return TRUE;

  cairo_surface_flush (image);
  data = cairo_image_surface_get_data (image);
  stride = cairo_image_surface_get_stride (image);
  pixels_wide = cairo_image_surface_get_width (image);
  pixels_high = cairo_image_surface_get_height (image);
  for (int y = 0; y < pixels_high; y++)
    {
      const guint32 *row = (const guint32 *) (gconstpointer) (data + (gsize) y * stride);
      int first = -1, last = -1;

      for (int x = 0; x < pixels_wide; x++)
        if (row[x] != 0)
          {
            first = x;
            break;
          }
      if (first < 0)
        continue;
      for (int x = pixels_wide - 1; x >= first; x--)
        if (row[x] != 0)
          {
            last = x;
            break;
          }
      left = MIN (left, first);
      right = MAX (right, last);
      top = MIN (top, y);
      bottom = y;
    }
  if (bottom < 0)
    return FALSE;

  extents[0] = left / x_scale;
  extents[1] = top / y_scale;
  extents[2] = (right + 1 - left) / x_scale;
  extents[3] = (bottom + 1 - top) / y_scale;

  return TRUE;
}

/* Step planes */

static void
paint_step_plane (RingDraw *draw,
                  guint     plane)
{
  const double *e = draw->cache->step_extents[plane];

  if (draw->cache->step_planes[plane] == NULL)
    return;
  cairo_save (draw->cr);
  cairo_rectangle (draw->cr, e[0], e[1], e[2], e[3]);
  cairo_clip (draw->cr);
  cairo_set_source_surface (draw->cr, draw->cache->step_planes[plane], 0, 0);
  cairo_paint (draw->cr);
  cairo_restore (draw->cr);
}

/* @to draws as @from would: what the callers set before a step plane. */
static void
copy_state (cairo_t *from,
            cairo_t *to)
{
  int n_dashes = cairo_get_dash_count (from);
  double dashes[16], offset;

  cairo_set_line_cap (to, cairo_get_line_cap (from));
  cairo_set_line_join (to, cairo_get_line_join (from));
  cairo_set_line_width (to, cairo_get_line_width (from));
  cairo_set_miter_limit (to, cairo_get_miter_limit (from));
  cairo_set_tolerance (to, cairo_get_tolerance (from));
  if (n_dashes > 0 && n_dashes <= (int) G_N_ELEMENTS (dashes))
    {
      cairo_get_dash (from, dashes, &offset);
      cairo_set_dash (to, dashes, n_dashes, offset);
    }
}

/* An empty surface of @key's size and scale, as every plane is. */
cairo_surface_t *
_ring_animation_cache_new_plane_surface (const RingCacheKey *key)
{
  cairo_surface_t *surface =
    cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) ceil (key->width * key->x_scale),
                                (int) ceil (key->height * key->y_scale));

  cairo_surface_set_device_scale (surface, key->x_scale, key->y_scale);

  return surface;
}

gboolean
_ring_animation_draw_begin_step (RingDraw *draw,
                                 guint     plane,
                                 guint     key)
{
  RingAnimationCache *cache = draw->cache;
  cairo_surface_t *surface;
  cairo_t *cr;

  g_assert (plane < RING_DRAW_N_STEP_PLANES);

  if (draw->mode == RING_DRAW_DIRECT)
    return TRUE;
  if (draw->mode == RING_DRAW_BUILD)
    return FALSE;
  /* No key, or steps passing faster than frames (fast playback): a plane would be made
   * for one frame only, which costs more than drawing in place. */
  if (key == G_MAXUINT || draw->frame.collapsed)
    return TRUE;
  /* This step's plane, drawn already or drawn ahead by the worker. */
  if ((cache->step_valid[plane] && cache->step_keys[plane] == key)
      || _ring_animation_cache_take_step_plane (cache, plane, key, draw->style))
    {
      paint_step_plane (draw, plane);
      return FALSE;
    }
  /* The worker is late, or was not asked (the first step after a change): drawn in place
   * while it draws the plane, which costs less than a plane drawn, scanned and painted. */
  if (cache->prepare_ahead)
    {
      _ring_animation_cache_request_step (cache, &cache->key, &draw->frame, draw->style);
      return TRUE;
    }

  surface = g_steal_pointer (&cache->step_planes[plane]);
  if (surface != NULL
      && cairo_image_surface_get_width (surface)
         == (int) ceil (cache->key.width * cache->key.x_scale)
      && cairo_image_surface_get_height (surface)
         == (int) ceil (cache->key.height * cache->key.y_scale))
    {
      const double *e = cache->step_extents[plane];

      /* The last step's plane, emptied where it held anything: a new surface of the
       * frame's size costs a fresh allocation, zeroed page by page, at every step. */
      cr = cairo_create (surface);
      cairo_surface_destroy (surface);
      cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
      cairo_rectangle (cr, e[0], e[1], e[2], e[3]);
      cairo_fill (cr);
      cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
    }
  else
    {
      g_clear_pointer (&surface, cairo_surface_destroy);
      surface = _ring_animation_cache_new_plane_surface (&cache->key);
      cr = cairo_create (surface);
      cairo_surface_destroy (surface);
    }
  copy_state (draw->cr, cr);
  draw->step_cr = draw->cr;
  draw->cr = cr;
  cache->step_keys[plane] = key;
  cache->n_step_builds++;

  return TRUE;
}

void
_ring_animation_draw_end_step (RingDraw *draw,
                               guint     plane)
{
  RingAnimationCache *cache = draw->cache;
  cairo_surface_t *surface;

  if (draw->step_cr == NULL)
    return;

  surface = cairo_surface_reference (cairo_get_target (draw->cr));
  cairo_destroy (draw->cr);
  draw->cr = g_steal_pointer (&draw->step_cr);
  cache->step_valid[plane] = TRUE;
  if (cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS
      && find_extents (surface, cache->key.width, cache->key.height, cache->key.x_scale,
                       cache->key.y_scale,
                       cache->step_extents[plane]))
    cache->step_planes[plane] = surface;
  else
    cairo_surface_destroy (surface);
  paint_step_plane (draw, plane);
}

/* The step's transfers */

void
_ring_animation_draw_cache_step (RingAnimationCache *cache,
                                 RingSimulation     *sim,
                                 guint               step,
                                 gboolean            ring_like,
                                 guint               n,
                                 GArray            **transfers,
                                 double            **link_end)
{
  if ((cache->walked != sim || cache->walked_step != step || cache->transfers == NULL)
      && cache->ahead_walked == sim && cache->ahead_step == step)
    {
      /* Walked a step ahead, for the worker. */
      _ring_animation_cache_clear_step (cache);
      cache->walked = g_steal_pointer (&cache->ahead_walked);
      cache->walked_step = step;
      cache->transfers = g_steal_pointer (&cache->ahead_transfers);
      cache->link_end = g_steal_pointer (&cache->ahead_link_end);
    }
  if (cache->walked != sim || cache->walked_step != step || cache->transfers == NULL)
    {
      _ring_animation_cache_clear_step (cache);
      cache->walked = ring_simulation_ref (sim);
      cache->walked_step = step;
      cache->transfers = g_array_new (FALSE, FALSE, sizeof (RingSimulatedTransfer));
      ring_simulation_get_step_transfers (sim, step, cache->transfers);
      if (ring_like)
        cache->link_end = _ring_animation_draw_link_ends (cache->transfers, n);
      cache->n_walks++;
    }

  *transfers = cache->transfers;
  *link_end = cache->link_end;
}

void
_ring_animation_cache_walk_ahead (RingAnimationCache *cache,
                                  const RingFrame    *frame)
{
  RingAlgorithm algorithm;

  /* As _ring_animation_draw_setup_topology() asks for them. */
  if (frame->simulation == NULL || frame->phase != RING_FRAME_RING_STEP
      || frame->n_gpus > RING_DRAW_MAX_TIMED_GPUS
      || (cache->ahead_walked == frame->simulation && cache->ahead_step == frame->step)
      || (cache->walked == frame->simulation && cache->walked_step == frame->step
          && cache->transfers != NULL))
    return;

  clear_ahead (cache);
  algorithm = ring_schedule_get_algorithm (ring_simulation_get_schedule (frame->simulation));
  cache->ahead_walked = ring_simulation_ref (frame->simulation);
  cache->ahead_step = frame->step;
  cache->ahead_transfers = g_array_new (FALSE, FALSE, sizeof (RingSimulatedTransfer));
  ring_simulation_get_step_transfers (frame->simulation, frame->step, cache->ahead_transfers);
  if (ring_algorithm_info (algorithm)->picture == RING_PICTURE_RING)
    cache->ahead_link_end = _ring_animation_draw_link_ends (cache->ahead_transfers,
                                                            frame->n_gpus);
  cache->n_walks++;
}

/* The key */

static guint
schedule_phase (const RingFrame *frame)
{
  const RingSchedule *schedule;

  if (frame->simulation == NULL || frame->phase != RING_FRAME_RING_STEP)
    return 0;
  schedule = ring_simulation_get_schedule (frame->simulation);

  return ring_schedule_get_step_phase (schedule, frame->step);
}

gboolean
_ring_animation_cache_same_style (const RingStyle *a,
                                  const RingStyle *b,
                                  const char      *family)
{
  RingStyle x = *a, y = *b;

  x.font_family = y.font_family = NULL;

  return memcmp (&x, &y, sizeof x) == 0
         && g_strcmp0 (family, b->font_family != NULL ? b->font_family : "") == 0;
}

RingCacheKey
_ring_animation_cache_key (double           width,
                           double           height,
                           double           x_scale,
                           double           y_scale,
                           const RingFrame *frame)
{
  RingCacheKey key = {
    .width = width, .height = height, .x_scale = x_scale, .y_scale = y_scale,
    .n_gpus = frame->n_gpus,
    .simulation = frame->simulation,
    .phase = frame->phase,
    .schedule_phase = schedule_phase (frame),
    .collective = frame->segments != NULL && frame->phase == RING_FRAME_RING_STEP
                  ? frame->collective : 0,
    .compute_time_s = frame->compute_time_s,
    .allreduce_time_s = frame->allreduce_time_s,
  };

  return key;
}

gboolean
_ring_animation_cache_same_key (const RingCacheKey *a,
                                const RingCacheKey *b)
{
  return a->width == b->width && a->height == b->height
         && a->x_scale == b->x_scale && a->y_scale == b->y_scale
         && a->n_gpus == b->n_gpus && a->simulation == b->simulation
         && a->phase == b->phase && a->schedule_phase == b->schedule_phase
         && a->collective == b->collective
         && a->compute_time_s == b->compute_time_s
         && a->allreduce_time_s == b->allreduce_time_s;
}

void
_ring_animation_cache_build (RingAnimationCache *cache,
                             cairo_t            *cr,
                             const RingCacheKey *key,
                             const RingFrame    *frame,
                             const RingStyle    *style)
{
  double width = key->width, height = key->height;
  double x_scale = key->x_scale, y_scale = key->y_scale;

  _ring_animation_cache_clear_planes (cache);
  cache->valid = TRUE;
  cache->key = *key;
  if (cache->key.simulation != NULL)
    ring_simulation_ref (cache->key.simulation);
  cache->style = *style;
  cache->family = g_strdup (style->font_family != NULL ? style->font_family : "");
  cache->style.font_family = NULL;
  cache->n_builds++;

  for (guint plane = 0; plane < RING_DRAW_N_PLANES; plane++)
    {
      /* Pixels at the scale they will be shown at, whatever the target: GTK records a
       * widget's drawing and replays it later, pixels painted as they are. */
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32,
                                                             (int) ceil (width * x_scale),
                                                             (int) ceil (height * y_scale));
      cairo_t *plane_cr;
      gboolean touched;

      cairo_surface_set_device_scale (surface, x_scale, y_scale);
      plane_cr = cairo_create (surface);

      touched = _ring_animation_draw_frame (plane_cr, width, height, frame, style,
                                            RING_DRAW_BUILD, plane, cache);
      cairo_destroy (plane_cr);
      if (touched && cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS
          && find_extents (surface, width, height, x_scale, y_scale, cache->extents[plane]))
        cache->planes[plane] = surface;
      else
        cairo_surface_destroy (surface);
    }
  cache->opaque = style->background.alpha >= 1;
}

void
ring_animation_cache_prepare (RingAnimationCache *cache,
                              double              width,
                              double              height,
                              const RingFrame    *frame,
                              const RingStyle    *style)
{
  RingFrame normal;
  RingCacheKey key;
  double scale;

  g_return_if_fail (cache != NULL);
  g_return_if_fail (frame != NULL);
  g_return_if_fail (style != NULL);

  if (!cache->prepare_ahead || !(width > 0 && height > 0))
    return;

  normal = ring_frame_normalize (frame);
  /* As ring_animation_draw_cached() keys a recording's frames. */
  scale = cache->scale_factor > 0 ? cache->scale_factor : 1;
  key = _ring_animation_cache_key (width, height, scale, scale, &normal);
  _ring_animation_cache_adopt_ready (cache);
  _ring_animation_cache_request (cache, &key, &normal, style);
  _ring_animation_cache_request_next (cache, &key, &normal, style);
  _ring_animation_cache_request_next_step (cache, &key, &normal, style);
  _ring_animation_cache_flush_discarded (cache);
}

void
ring_animation_draw_cached (cairo_t            *cr,
                            double              width,
                            double              height,
                            const RingFrame    *frame,
                            const RingStyle    *style,
                            RingAnimationCache *cache)
{
  RingFrame normal;
  RingCacheKey key;
  double x_scale = 1, y_scale = 1;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (frame != NULL);
  g_return_if_fail (style != NULL);

  if (cache == NULL)
    {
      ring_animation_draw (cr, width, height, frame, style);
      return;
    }
  if (!(width > 0 && height > 0))
    return;

  normal = ring_frame_normalize (frame);
  /* An image's own scale; a recording's is the caller's to say. */
  if (cairo_surface_get_type (cairo_get_target (cr)) == CAIRO_SURFACE_TYPE_IMAGE)
    cairo_surface_get_device_scale (cairo_get_target (cr), &x_scale, &y_scale);
  else if (cache->scale_factor > 0)
    x_scale = y_scale = cache->scale_factor;
  key = _ring_animation_cache_key (width, height, x_scale, y_scale, &normal);
  cache->n_frames++;
  _ring_animation_cache_adopt_ready (cache);
  if (!cache->valid || !_ring_animation_cache_same_key (&cache->key, &key)
      || !_ring_animation_cache_same_style (&cache->style, style, cache->family))
    {
      int spare = _ring_animation_cache_find_spare (cache, &key, style);
      RingPlaneSet *shown = NULL;

      if (spare >= 0)
        shown = g_steal_pointer (&cache->spare[spare]);
      if (cache->valid)
        _ring_animation_cache_keep_spare (cache, _ring_animation_cache_stash_current (cache));
      if (shown != NULL)
        {
          _ring_animation_cache_restore_set (cache, shown);
        }
      else if (cache->prepare_ahead)
        {
          /* Building here would stall this frame for all three planes: drawn in place
           * once, while the worker draws them. */
          _ring_animation_cache_request (cache, &key, &normal, style);
          _ring_animation_cache_request_next (cache, &key, &normal, style);
          _ring_animation_cache_request_next_step (cache, &key, &normal, style);
          cache->n_direct++;
          ring_animation_draw (cr, width, height, &normal, style);
          _ring_animation_cache_flush_discarded (cache);
          return;
        }
      else
        {
          _ring_animation_cache_build (cache, cr, &key, &normal, style);
        }
      if (cache->prepare_ahead)
        _ring_animation_cache_request_next (cache, &key, &normal, style);
    }
  _ring_animation_draw_frame (cr, width, height, &normal, style, RING_DRAW_USE, 0, cache);
  /* A step's planes cost up to a frame's budget: the worker draws the next step's while
   * this one plays. Asked after the frame, which used its own step's walk before the next
   * step's is made. */
  if (cache->prepare_ahead)
    _ring_animation_cache_request_next_step (cache, &key, &normal, style);
  _ring_animation_cache_flush_discarded (cache);
}
