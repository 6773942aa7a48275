/* ring-animation-prepare.c: other keys' planes kept aside, and drawn ahead of need on a
 * worker thread while the frame's key plays (ring_animation_cache_set_prepare_ahead()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <string.h>

#include "ring-animation-draw-private.h"

void
_ring_prepare_job_free (PrepareJob *job)
{
  g_clear_pointer (&job->key.simulation, ring_simulation_unref);
  g_clear_pointer (&job->frame.segments, g_array_unref);
  g_clear_pointer (&job->transfers, g_array_unref);
  g_clear_pointer (&job->garbage, g_ptr_array_unref);
  g_free (job->link_end);
  g_free (job->family);
  g_free (job);
}

void
_ring_plane_set_free (RingPlaneSet *set)
{
  for (guint i = 0; i < RING_DRAW_N_PLANES; i++)
    g_clear_pointer (&set->planes[i], cairo_surface_destroy);
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    {
      g_clear_pointer (&set->blank[i], cairo_surface_destroy);
      g_clear_pointer (&set->step_planes[i], cairo_surface_destroy);
    }
  g_clear_pointer (&set->key.simulation, ring_simulation_unref);
  g_free (set->family);
  g_free (set);
}

void
ring_animation_cache_set_prepare_ahead (RingAnimationCache *cache,
                                        gboolean            prepare_ahead)
{
  g_return_if_fail (cache != NULL);

  cache->prepare_ahead = prepare_ahead;
}

void
ring_animation_cache_wait_prepared (RingAnimationCache *cache)
{
  g_return_if_fail (cache != NULL);

  /* Everything queued is drawn; the next request makes a new worker. */
  if (cache->preparer != NULL)
    g_thread_pool_free (g_steal_pointer (&cache->preparer), FALSE, TRUE);
}

guint
ring_animation_cache_get_n_direct (const RingAnimationCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->n_direct;
}

guint
ring_animation_cache_get_n_step_prepared (const RingAnimationCache *cache)
{
  g_return_val_if_fail (cache != NULL, 0);

  return cache->n_step_prepared;
}

/* Sets of planes */

/* Moves the cache's current planes into a new set, leaving the cache without any. */
RingPlaneSet *
_ring_animation_cache_stash_current (RingAnimationCache *cache)
{
  RingPlaneSet *set = g_new0 (RingPlaneSet, 1);

  set->key = cache->key;
  cache->key.simulation = NULL;
  set->style = cache->style;
  set->family = g_steal_pointer (&cache->family);
  for (guint i = 0; i < RING_DRAW_N_PLANES; i++)
    {
      set->planes[i] = g_steal_pointer (&cache->planes[i]);
      memcpy (set->extents[i], cache->extents[i], sizeof set->extents[i]);
    }
  set->opaque = cache->opaque;
  set->separator = cache->separator;
  set->last_used = cache->n_frames;
  _ring_animation_cache_clear_planes (cache);

  return set;
}

/* Makes @set the cache's current planes; takes it. */
void
_ring_animation_cache_restore_set (RingAnimationCache *cache,
                                   RingPlaneSet       *set)
{
  _ring_animation_cache_clear_planes (cache);
  cache->valid = TRUE;
  cache->key = set->key;
  cache->style = set->style;
  cache->family = set->family;
  for (guint i = 0; i < RING_DRAW_N_PLANES; i++)
    {
      cache->planes[i] = set->planes[i];
      memcpy (cache->extents[i], set->extents[i], sizeof cache->extents[i]);
    }
  cache->opaque = set->opaque;
  cache->separator = set->separator;
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    {
      cairo_surface_t *old = cache->step_planes[i];

      /* A step plane of another size is drawn into a blank one of this size. */
      if (set->blank[i] != NULL
          && (old == NULL
              || cairo_image_surface_get_width (old)
                 != cairo_image_surface_get_width (set->blank[i])
              || cairo_image_surface_get_height (old)
                 != cairo_image_surface_get_height (set->blank[i])))
        {
          _ring_animation_cache_discard_surface (cache,
                                                 g_steal_pointer (&cache->step_planes[i]));
          cache->step_planes[i] = g_steal_pointer (&set->blank[i]);
          cache->step_valid[i] = FALSE;
          memset (cache->step_extents[i], 0, sizeof cache->step_extents[i]);
        }
      _ring_animation_cache_discard_surface (cache, g_steal_pointer (&set->blank[i]));
    }
  g_free (set);
}

/* Keeps @set aside, in place of the set shown longest ago when all places are taken. */
void
_ring_animation_cache_keep_spare (RingAnimationCache *cache,
                                  RingPlaneSet       *set)
{
  guint oldest = 0;

  for (guint i = 0; i < RING_DRAW_N_SPARE_SETS; i++)
    {
      if (cache->spare[i] == NULL)
        {
          oldest = i;
          break;
        }
      if (cache->spare[i]->last_used < cache->spare[oldest]->last_used)
        oldest = i;
    }
  _ring_animation_cache_discard_set (cache, g_steal_pointer (&cache->spare[oldest]));
  cache->spare[oldest] = set;
}

int
_ring_animation_cache_find_spare (RingAnimationCache *cache,
                                  const RingCacheKey *key,
                                  const RingStyle    *style)
{
  for (guint i = 0; i < RING_DRAW_N_SPARE_SETS; i++)
    if (cache->spare[i] != NULL && _ring_animation_cache_same_key (&cache->spare[i]->key, key)
        && _ring_animation_cache_same_style (&cache->spare[i]->style, style,
                                             cache->spare[i]->family))
      return (int) i;

  return -1;
}

/* Whether a job or set for the frame at @phase and @step (steps_only) or for the key's
 * static planes (not steps_only) is the one of @steps_only, @phase and @step. */
static inline gboolean
same_work (gboolean       steps_only,
           RingFramePhase phase,
           guint          step,
           gboolean       other_steps_only,
           RingFramePhase other_phase,
           guint          other_step)
{
  if (steps_only != other_steps_only)
    return FALSE;

  return !steps_only || (phase == other_phase && step == other_step);
}

static int
find_requested (RingAnimationCache *cache,
                const RingCacheKey *key,
                const RingStyle    *style,
                gboolean            steps_only,
                RingFramePhase      phase,
                guint               step)
{
  for (guint i = 0; i < cache->requested->len; i++)
    {
      PrepareJob *job = g_ptr_array_index (cache->requested, i);

      if (same_work (steps_only, phase, step, job->steps_only, job->frame.phase,
                     job->frame.step)
          && _ring_animation_cache_same_key (&job->key, key)
          && _ring_animation_cache_same_style (&job->style, style, job->family))
        return (int) i;
    }

  return -1;
}

/* On the worker thread: the step planes of @job's frame, drawn as the frame would draw
 * them with its key's static planes in place, into a cache of its own; the rest of the
 * frame goes nowhere. */
static RingPlaneSet *
prepare_step_planes (PrepareJob *job)
{
  RingAnimationCache scratch = { 0, };
  RingPlaneSet *set = g_new0 (RingPlaneSet, 1);
  cairo_surface_t *nowhere = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (nowhere);

  /* Clipped to nothing: cairo skips what would be drawn, the step planes have their own
   * cairo_t. */
  cairo_rectangle (cr, 0, 0, 0, 0);
  cairo_clip (cr);
  scratch.valid = TRUE;
  scratch.key = job->key;
  scratch.style = job->style;
  /* Walked by the frame's thread. */
  if (job->transfers != NULL)
    {
      scratch.walked = ring_simulation_ref (job->frame.simulation);
      scratch.walked_step = job->frame.step;
      scratch.transfers = g_array_ref (job->transfers);
      scratch.link_end = g_steal_pointer (&job->link_end);
    }
  _ring_animation_draw_frame (cr, job->key.width, job->key.height, &job->frame, &job->style,
                              RING_DRAW_USE, 0, &scratch);
  cairo_destroy (cr);
  cairo_surface_destroy (nowhere);

  set->steps_only = TRUE;
  set->frame_phase = job->frame.phase;
  set->frame_step = job->frame.step;
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    {
      set->step_keys[i] = scratch.step_valid[i] ? scratch.step_keys[i] : G_MAXUINT;
      set->step_planes[i] = g_steal_pointer (&scratch.step_planes[i]);
      memcpy (set->step_extents[i], scratch.step_extents[i], sizeof set->step_extents[i]);
    }
  _ring_animation_cache_clear_step (&scratch);

  return set;
}

/* Whether drawing @job's step planes would walk its step's transfers on the worker: a
 * ring step with a simulation whose walk the frame's thread did not hand over. */
static gboolean
steps_walk_on_worker (const PrepareJob *job)
{
  return job->steps_only && job->transfers == NULL && job->frame.simulation != NULL
         && job->frame.phase == RING_FRAME_RING_STEP
         && job->frame.n_gpus <= RING_DRAW_MAX_TIMED_GPUS;
}

/* On the worker thread: the planes of one key, drawn as a frame would build them, into a
 * cache of its own, handed over under the lock. */
static void
prepare_thread (gpointer data,
                gpointer user_data)
{
  PrepareJob *job = data;
  RingAnimationCache *cache = user_data;
  RingAnimationCache scratch = { 0, };
  RingPlaneSet *set;

  if (job->garbage != NULL)
    {
      _ring_prepare_job_free (job);
      return;
    }

  /* push_job() asks for no frame that would walk the simulation here, beside the frames. */
  g_assert (!steps_walk_on_worker (job));
  if (g_atomic_int_get (&cache->generation) == job->generation && job->steps_only)
    {
      set = prepare_step_planes (job);
      set->key = job->key;
      if (set->key.simulation != NULL)
        ring_simulation_ref (set->key.simulation);
      set->style = job->style;
      set->style.font_family = NULL;
      set->family = g_strdup (job->family);
      g_mutex_lock (&cache->lock);
      if (g_atomic_int_get (&cache->generation) == job->generation)
        g_ptr_array_add (cache->ready, g_steal_pointer (&set));
      g_mutex_unlock (&cache->lock);
      g_clear_pointer (&set, _ring_plane_set_free);
    }
  else if (g_atomic_int_get (&cache->generation) == job->generation)
    {
      _ring_animation_cache_build (&scratch, NULL, &job->key, &job->frame, &job->style);
      set = _ring_animation_cache_stash_current (&scratch);
      _ring_animation_cache_clear_step (&scratch);
      for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
        {
          cairo_surface_t *blank = _ring_animation_cache_new_plane_surface (&job->key);

          /* Written once here, so that no frame waits for the pages to be mapped. */
          cairo_surface_flush (blank);
          memset (cairo_image_surface_get_data (blank), 0,
                  (gsize) cairo_image_surface_get_stride (blank)
                  * cairo_image_surface_get_height (blank));
          cairo_surface_mark_dirty (blank);
          set->blank[i] = blank;
        }
      g_mutex_lock (&cache->lock);
      if (g_atomic_int_get (&cache->generation) == job->generation)
        g_ptr_array_add (cache->ready, g_steal_pointer (&set));
      g_mutex_unlock (&cache->lock);
      g_clear_pointer (&set, _ring_plane_set_free);
    }
  _ring_prepare_job_free (job);
}

static void
push_job (RingAnimationCache *cache,
          const RingCacheKey *key,
          const RingFrame    *frame,
          const RingStyle    *style,
          gboolean            steps_only)
{
  PrepareJob *job, *copy;

  job = g_new0 (PrepareJob, 1);
  job->steps_only = steps_only;
  job->key = *key;
  if (job->key.simulation != NULL)
    ring_simulation_ref (job->key.simulation);
  job->frame = *frame;
  /* The clock frees its timeline when the model changes, while the worker may draw it. */
  if (job->frame.segments != NULL)
    g_array_ref (job->frame.segments);
  job->style = *style;
  job->family = g_strdup (style->font_family != NULL ? style->font_family : "");
  job->style.font_family = NULL;
  job->generation = g_atomic_int_get (&cache->generation);
  if (steps_only)
    {
      _ring_animation_cache_walk_ahead (cache, frame);
      if (cache->ahead_walked == frame->simulation && cache->ahead_step == frame->step
          && cache->ahead_transfers != NULL)
        {
          job->transfers = g_array_ref (cache->ahead_transfers);
          if (cache->ahead_link_end != NULL)
            job->link_end = g_memdup2 (cache->ahead_link_end,
                                       sizeof (double) * frame->n_gpus);
        }
      else if (cache->walked == frame->simulation && cache->walked_step == frame->step
               && cache->transfers != NULL)
        {
          job->transfers = g_array_ref (cache->transfers);
          if (cache->link_end != NULL)
            job->link_end = g_memdup2 (cache->link_end, sizeof (double) * frame->n_gpus);
        }
    }
  /* Not asked for at all rather than dropped by the worker, which would leave it asked
   * for in the list. */
  if (steps_walk_on_worker (job))
    {
      _ring_prepare_job_free (job);
      return;
    }
  /* The worker gets its own copy; the list remembers what was asked. */
  copy = g_memdup2 (job, sizeof *job);
  copy->frame.segments = NULL;
  copy->transfers = NULL;
  copy->link_end = NULL;
  copy->family = g_strdup (job->family);
  if (copy->key.simulation != NULL)
    ring_simulation_ref (copy->key.simulation);
  g_ptr_array_add (cache->requested, copy);
  /* The worker draws with the family the caller named. */
  if (style->font_family != NULL)
    job->style.font_family = job->family;

  if (cache->preparer == NULL)
    cache->preparer = g_thread_pool_new (prepare_thread, cache, 1, FALSE, NULL);
  g_thread_pool_push (cache->preparer, job, NULL);
}

/* Asks the worker for the planes of @key, unless they are there or asked for. */
void
_ring_animation_cache_request (RingAnimationCache *cache,
                               const RingCacheKey *key,
                               const RingFrame    *frame,
                               const RingStyle    *style)
{
  if ((cache->valid && _ring_animation_cache_same_key (&cache->key, key)
       && _ring_animation_cache_same_style (&cache->style, style, cache->family))
      || _ring_animation_cache_find_spare (cache, key, style) >= 0
      || find_requested (cache, key, style, FALSE, 0, 0) >= 0)
    return;

  push_job (cache, key, frame, style, FALSE);
}

/* Keeps @set of step planes drawn ahead, in place of the oldest when all places are
 * taken. */
static void
keep_step_set (RingAnimationCache *cache,
               RingPlaneSet       *set)
{
  guint oldest = 0;

  for (guint i = 0; i < RING_DRAW_N_STEP_SETS; i++)
    {
      if (cache->step_sets[i] == NULL)
        {
          oldest = i;
          break;
        }
      if (cache->step_sets[i]->last_used < cache->step_sets[oldest]->last_used)
        oldest = i;
    }
  _ring_animation_cache_discard_set (cache, g_steal_pointer (&cache->step_sets[oldest]));
  cache->step_sets[oldest] = set;
}

gboolean
_ring_animation_cache_take_step_plane (RingAnimationCache *cache,
                                       guint               plane,
                                       guint               key,
                                       const RingStyle    *style)
{
  g_assert (plane < RING_DRAW_N_STEP_PLANES);

  if (key == G_MAXUINT || !cache->valid)
    return FALSE;

  for (guint i = 0; i < RING_DRAW_N_STEP_SETS; i++)
    {
      RingPlaneSet *set = cache->step_sets[i];
      gboolean left = FALSE;

      if (set == NULL || set->step_keys[plane] != key
          || !_ring_animation_cache_same_key (&set->key, &cache->key)
          || !_ring_animation_cache_same_style (&set->style, style, set->family))
        continue;

      _ring_animation_cache_discard_surface (cache, g_steal_pointer (&cache->step_planes[plane]));
      cache->step_planes[plane] = g_steal_pointer (&set->step_planes[plane]);
      memcpy (cache->step_extents[plane], set->step_extents[plane],
              sizeof cache->step_extents[plane]);
      cache->step_keys[plane] = key;
      cache->step_valid[plane] = TRUE;
      cache->n_step_prepared++;
      set->step_keys[plane] = G_MAXUINT;
      for (guint j = 0; j < RING_DRAW_N_STEP_PLANES; j++)
        left |= set->step_keys[j] != G_MAXUINT;
      if (!left)
        _ring_animation_cache_discard_set (cache, g_steal_pointer (&cache->step_sets[i]));

      return TRUE;
    }

  return FALSE;
}

/* Takes what the worker has drawn. */
void
_ring_animation_cache_adopt_ready (RingAnimationCache *cache)
{
  g_autoptr(GPtrArray) ready = NULL;

  g_mutex_lock (&cache->lock);
  if (cache->ready->len > 0)
    {
      ready = g_steal_pointer (&cache->ready);
      cache->ready = g_ptr_array_new_with_free_func ((GDestroyNotify) _ring_plane_set_free);
    }
  g_mutex_unlock (&cache->lock);
  if (ready == NULL)
    return;

  for (guint i = 0; i < ready->len; i++)
    {
      RingPlaneSet *set = g_ptr_array_steal_index (ready, i--);
      RingStyle style = set->style;
      int asked;

      /* The set keeps its family apart, as the request does. */
      style.font_family = set->family;
      asked = find_requested (cache, &set->key, &style, set->steps_only, set->frame_phase,
                              set->frame_step);

      if (asked >= 0)
        g_ptr_array_remove_index_fast (cache->requested, asked);
      set->last_used = cache->n_frames;
      if (set->steps_only)
        {
          keep_step_set (cache, set);
          continue;
        }
      _ring_animation_cache_keep_spare (cache, set);
      cache->n_builds++;
    }
}

/* The frames whose phase follows @frame's, one per key: compute after idle, the first step
 * of the schedule after compute, the next phase's first step (or done, or in a step's
 * timeline compute) after a step, and after done a new step's compute or idle. */
static guint
next_frames (const RingFrame *frame,
             RingFrame        next[2])
{
  guint n_steps = ring_frame_get_n_steps (frame);
  const RingSchedule *schedule = frame->simulation != NULL
                                   ? ring_simulation_get_schedule (frame->simulation) : NULL;

  next[0] = next[1] = *frame;
  next[0].step = next[1].step = 0;
  next[0].progress = next[1].progress = 0;
  switch (frame->phase)
    {
    case RING_FRAME_IDLE:
      next[0].phase = RING_FRAME_COMPUTE;
      return 1;

    case RING_FRAME_COMPUTE:
      next[0].phase = n_steps > 0 ? RING_FRAME_RING_STEP : RING_FRAME_DONE;
      /* A step's timeline: the collective its sharding starts with. */
      next[0].collective = frame->sharding == RING_SHARDING_DDP ? RING_SEGMENT_ALLREDUCE
                           : frame->sharding == RING_SHARDING_FSDP ? RING_SEGMENT_ALL_GATHER
                           : RING_SEGMENT_REDUCE_SCATTER;
      return 1;

    case RING_FRAME_RING_STEP:
      next[0].phase = RING_FRAME_DONE;
      if (schedule != NULL)
        {
          guint phase = ring_schedule_get_step_phase (schedule, frame->step);

          for (guint step = frame->step + 1; step < n_steps; step++)
            if (ring_schedule_get_step_phase (schedule, step) != phase)
              {
                next[0].phase = RING_FRAME_RING_STEP;
                next[0].step = step;
                break;
              }
        }
      /* A step's timeline computes between its collectives. */
      if (frame->segments == NULL)
        return 1;
      next[1].phase = RING_FRAME_COMPUTE;
      return 2;

    case RING_FRAME_DONE:
    default:
      next[0].phase = RING_FRAME_COMPUTE;
      next[1].phase = RING_FRAME_IDLE;
      return 2;
    }
}

void
_ring_animation_cache_request_next (RingAnimationCache *cache,
                                    const RingCacheKey *key,
                                    const RingFrame    *frame,
                                    const RingStyle    *style)
{
  RingFrame next[2];
  guint n = next_frames (frame, next);

  for (guint i = 0; i < n; i++)
    {
      RingCacheKey next_key = _ring_animation_cache_key (key->width, key->height,
                                                         key->x_scale, key->y_scale,
                                                         &next[i]);

      _ring_animation_cache_request (cache, &next_key, &next[i], style);
    }
}


/* The frame whose step planes follow @frame's: the next step's, done after the last, the
 * first step after compute; FALSE where none follows or none would be kept. */
static gboolean
next_step_frame (const RingFrame *frame,
                 RingFrame       *next)
{
  guint n_steps = ring_frame_get_n_steps (frame);

  if (frame->collapsed)
    return FALSE;

  *next = *frame;
  next->progress = 0;
  switch (frame->phase)
    {
    case RING_FRAME_COMPUTE:
      if (n_steps == 0)
        return FALSE;
      next->phase = RING_FRAME_RING_STEP;
      next->step = 0;
      next->collective = frame->sharding == RING_SHARDING_DDP ? RING_SEGMENT_ALLREDUCE
                         : frame->sharding == RING_SHARDING_FSDP ? RING_SEGMENT_ALL_GATHER
                         : RING_SEGMENT_REDUCE_SCATTER;
      return TRUE;

    case RING_FRAME_RING_STEP:
      if (frame->step + 1 < n_steps)
        {
          next->step = frame->step + 1;
          return TRUE;
        }
      next->phase = RING_FRAME_DONE;
      next->step = 0;
      return TRUE;

    case RING_FRAME_IDLE:
    case RING_FRAME_DONE:
    default:
      return FALSE;
    }
}

/* Asks the worker for the step planes of @frame (normalised, of @key), unless they are
 * there or asked for. */
void
_ring_animation_cache_request_step (RingAnimationCache *cache,
                                    const RingCacheKey *key,
                                    const RingFrame    *frame,
                                    const RingStyle    *style)
{
  for (guint i = 0; i < RING_DRAW_N_STEP_SETS; i++)
    {
      RingPlaneSet *set = cache->step_sets[i];

      if (set != NULL && set->frame_phase == frame->phase && set->frame_step == frame->step
          && _ring_animation_cache_same_key (&set->key, key)
          && _ring_animation_cache_same_style (&set->style, style, set->family))
        return;
    }
  if (find_requested (cache, key, style, TRUE, frame->phase, frame->step) >= 0)
    return;

  push_job (cache, key, frame, style, TRUE);
}

void
_ring_animation_cache_request_next_step (RingAnimationCache *cache,
                                         const RingCacheKey *key,
                                         const RingFrame    *frame,
                                         const RingStyle    *style)
{
  RingFrame next;
  RingFrame normal;
  RingCacheKey next_key;

  if (!next_step_frame (frame, &next))
    return;
  normal = ring_frame_normalize (&next);
  next_key = _ring_animation_cache_key (key->width, key->height, key->x_scale, key->y_scale,
                                        &normal);
  _ring_animation_cache_request_step (cache, &next_key, &normal, style);
}

void
_ring_animation_cache_discard_surface (RingAnimationCache *cache,
                                       cairo_surface_t    *surface)
{
  if (surface == NULL)
    return;
  if (!cache->prepare_ahead)
    {
      cairo_surface_destroy (surface);
      return;
    }
  if (cache->discarded == NULL)
    cache->discarded = g_ptr_array_new_with_free_func ((GDestroyNotify) cairo_surface_destroy);
  g_ptr_array_add (cache->discarded, surface);
}

void
_ring_animation_cache_discard_set (RingAnimationCache *cache,
                                   RingPlaneSet       *set)
{
  if (set == NULL)
    return;
  for (guint i = 0; i < RING_DRAW_N_PLANES; i++)
    _ring_animation_cache_discard_surface (cache, g_steal_pointer (&set->planes[i]));
  for (guint i = 0; i < RING_DRAW_N_STEP_PLANES; i++)
    {
      _ring_animation_cache_discard_surface (cache, g_steal_pointer (&set->blank[i]));
      _ring_animation_cache_discard_surface (cache, g_steal_pointer (&set->step_planes[i]));
    }
  _ring_plane_set_free (set);
}

void
_ring_animation_cache_flush_discarded (RingAnimationCache *cache)
{
  PrepareJob *job;

  if (cache->discarded == NULL || cache->discarded->len == 0)
    return;

  job = g_new0 (PrepareJob, 1);
  job->garbage = g_steal_pointer (&cache->discarded);
  if (cache->preparer == NULL)
    cache->preparer = g_thread_pool_new (prepare_thread, cache, 1, FALSE, NULL);
  g_thread_pool_push (cache->preparer, job, NULL);
}
