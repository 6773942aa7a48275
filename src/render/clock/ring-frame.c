/* ring-frame.c: what the ring animation shows at one instant, and its headline.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-algorithms.h"
#include "ring-frame.h"
#include "ring-schedule.h"
#include "ring-units.h"

/* U+2009 THIN SPACE: groups digits as "1 048 576". */
#define THIN_SPACE "\xe2\x80\x89"

void
ring_frame_init (RingFrame *frame,
                 guint      n_gpus)
{
  g_return_if_fail (frame != NULL);

  *frame = (RingFrame) {
    .n_gpus = MAX (n_gpus, 1),
    .phase = RING_FRAME_IDLE,
  };
}

guint
ring_frame_get_n_steps (const RingFrame *frame)
{
  g_return_val_if_fail (frame != NULL, 0);

  if (frame->simulation != NULL)
    return ring_simulation_get_n_steps (frame->simulation);

  return ring_schedule_n_steps (MAX (frame->n_gpus, 1));
}

RingFrame
ring_frame_normalize (const RingFrame *frame)
{
  RingFrame normal;
  guint n_steps;

  g_return_val_if_fail (frame != NULL, (RingFrame) { .n_gpus = 1 });

  normal = *frame;
  normal.n_gpus = MAX (normal.n_gpus, 1);
  /* A schedule of other GPUs than the frame's is no schedule for it. */
  if (normal.simulation != NULL
      && ring_schedule_get_n_gpus (ring_simulation_get_schedule (normal.simulation))
         != normal.n_gpus)
    normal.simulation = NULL;
  n_steps = ring_frame_get_n_steps (&normal);

  if (!(normal.progress >= 0))
    normal.progress = 0;
  normal.progress = MIN (normal.progress, 1.0);

  if (normal.phase == RING_FRAME_RING_STEP && normal.step >= n_steps)
    normal.phase = RING_FRAME_DONE;
  if (normal.phase != RING_FRAME_RING_STEP)
    normal.step = 0;

  if (!(normal.compute_time_s >= 0) || !isfinite (normal.compute_time_s))
    normal.compute_time_s = 0;
  if (!(normal.allreduce_time_s >= 0) || !isfinite (normal.allreduce_time_s))
    normal.allreduce_time_s = 0;

  return normal;
}

guint
ring_frame_get_completed_steps (const RingFrame *frame)
{
  RingFrame normal;

  g_return_val_if_fail (frame != NULL, 0);

  normal = ring_frame_normalize (frame);
  switch (normal.phase)
    {
    case RING_FRAME_RING_STEP:
      return normal.step;
    case RING_FRAME_DONE:
      return ring_frame_get_n_steps (&normal);
    case RING_FRAME_IDLE:
    case RING_FRAME_COMPUTE:
    default:
      return 0;
    }
}

/* Whether @frame plays the ring's schedule. */
static gboolean
frame_is_ring (const RingFrame *frame)
{
  RingAlgorithm algorithm;

  if (frame->simulation == NULL)
    return TRUE;

  algorithm = ring_schedule_get_algorithm (ring_simulation_get_schedule (frame->simulation));

  return ring_algorithm_info (algorithm)->picture == RING_PICTURE_RING;
}

/* "Reduce up the trees 4 / 22": the step's phase, and the step within it. */
static char *
dup_schedule_label (const RingFrame *frame,
                    const char      *separator)
{
  const RingSchedule *schedule = ring_simulation_get_schedule (frame->simulation);
  const RingSchedulePhase *phase =
    ring_schedule_get_phase (schedule, ring_schedule_get_step_phase (schedule, frame->step));
  g_autofree char *step = ring_format_grouped (frame->step - phase->first_step + 1, separator);
  g_autofree char *total = ring_format_grouped (phase->n_steps, separator);

  if (phase->n_steps == 1)
    return g_strdup (_(phase->name));

  /* Translators: a phase of an all-reduce, its step and its steps, "Reduce up the trees 4 / 22" */
  return g_strdup_printf (_("%s %s / %s"), _(phase->name), step, total);
}

char *
ring_frame_dup_bucket_label (const RingFrame *frame,
                             const char      *separator)
{
  RingFrame normal;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  g_autofree char *total = NULL;

  g_return_val_if_fail (frame != NULL, NULL);
  g_return_val_if_fail (separator != NULL, NULL);

  normal = ring_frame_normalize (frame);
  if (normal.segments == NULL || normal.phase != RING_FRAME_RING_STEP
      || (normal.sharding == RING_SHARDING_DDP && normal.n_buckets <= 1))
    return NULL;

  first = ring_format_grouped (normal.bucket + 1, separator);
  last = ring_format_grouped (normal.bucket + normal.bucket_count, separator);
  total = ring_format_grouped (normal.n_buckets, separator);

  if (normal.sharding == RING_SHARDING_FSDP)
    /* Translators: FSDP gathers or reduces one layer at a time, "Layer 5 / 32". */
    return g_strdup_printf (_("Layer %s / %s"), first, total);
  if (normal.collective == RING_SEGMENT_ALL_GATHER)
    /* Translators: ZeRO all-gathers the parameters the optimizer updated. */
    return g_strdup (_("Updated parameters"));
  if (normal.bucket_count > 1)
    /* Translators: gradient buckets launched together, "Buckets 3–5 / 12". */
    return g_strdup_printf (_("Buckets %s–%s / %s"), first, last, total);

  /* Translators: the gradient bucket in flight, "Bucket 3 / 12". */
  return g_strdup_printf (_("Bucket %s / %s"), first, total);
}

static const char *
collective_title (RingSegmentKind kind)
{
  switch (kind)
    {
    case RING_SEGMENT_REDUCE_SCATTER:
      return _("reduce-scatter");
    case RING_SEGMENT_ALL_GATHER:
      return _("all-gather");
    case RING_SEGMENT_ALLREDUCE:
    case RING_SEGMENT_FORWARD:
    case RING_SEGMENT_BACKWARD:
    default:
      return _("all-reduce");
    }
}

/* "Ring", "NVLS tree": the algorithm whose schedule @frame plays. */
static const char *
algorithm_title (const RingFrame *frame)
{
  RingAlgorithm algorithm = RING_ALGORITHM_RING;

  if (frame->simulation != NULL)
    algorithm = ring_schedule_get_algorithm (ring_simulation_get_schedule (frame->simulation));

  return _(ring_algorithm_get_title (algorithm));
}

char *
ring_frame_dup_phase_label_full (const RingFrame *frame,
                                 const char      *separator)
{
  RingFrame normal_frame;
  const RingFrame *normal = &normal_frame;
  guint n;

  g_return_val_if_fail (frame != NULL, NULL);
  g_return_val_if_fail (separator != NULL, NULL);

  normal_frame = ring_frame_normalize (frame);
  n = normal->n_gpus;

  switch (normal->phase)
    {
    case RING_FRAME_IDLE:
      /* Translators: the animation before a training step starts. */
      return g_strdup (_("Ready"));

    case RING_FRAME_COMPUTE:
      if (normal->segments != NULL && normal->compute_kind == RING_SEGMENT_FORWARD)
        /* Translators: the step's forward pass, layer after layer. */
        return g_strdup (_("Forward pass"));
      if (normal->segments != NULL)
        /* Translators: the step's backward pass, which produces the gradients. */
        return g_strdup (_("Backward pass"));
      /* Translators: the phase where each GPU computes its own gradient. */
      return g_strdup (_("Compute"));

    case RING_FRAME_RING_STEP:
      if (normal->segments != NULL
          && (normal->sharding != RING_SHARDING_DDP || normal->n_buckets > 1))
        {
          RingFrame plain = *normal;
          g_autofree char *bucket = ring_frame_dup_bucket_label (normal, separator);
          g_autofree char *step = NULL;

          plain.segments = NULL;
          step = ring_frame_dup_phase_label_full (&plain, separator);
          /* Translators: the bucket in flight, then its collective's step,
           * "Bucket 3 / 12 · Scatter-reduce 2 / 7". */
          return g_strdup_printf (_("%s · %s"), bucket, step);
        }
      if (!frame_is_ring (normal))
        return dup_schedule_label (normal, separator);
      else
      {
        g_autofree char *step = NULL;
        g_autofree char *total = NULL;

        step = ring_format_grouped (ring_schedule_phase_step (n, normal->step) + 1,
                                    separator);
        total = ring_format_grouped (n - 1, separator);

        if (ring_schedule_step_phase (n, normal->step) == RING_PHASE_SCATTER_REDUCE)
          /* Translators: a phase of ring all-reduce and its step, e.g. "Scatter-reduce 3 / 7". */
          return g_strdup_printf (_("Scatter-reduce %s / %s"), step, total);
        else
          /* Translators: a phase of ring all-reduce and its step, e.g. "All-gather 5 / 7". */
          return g_strdup_printf (_("All-gather %s / %s"), step, total);
      }

    case RING_FRAME_DONE:
    default:
      return g_strdup (_("Averaged gradient ready"));
    }
}

char *
ring_frame_dup_phase_label (const RingFrame *frame)
{
  g_return_val_if_fail (frame != NULL, NULL);

  return ring_frame_dup_phase_label_full (frame, THIN_SPACE);
}

/* The schedule's phase of @frame's step (a normalised ring-step frame), or NULL. */
static const RingSchedulePhase *
schedule_phase (const RingFrame *frame)
{
  const RingSchedule *schedule;

  if (frame->simulation == NULL)
    return NULL;

  schedule = ring_simulation_get_schedule (frame->simulation);

  return ring_schedule_get_phase (schedule, ring_schedule_get_step_phase (schedule, frame->step));
}

char *
ring_frame_dup_explanation (const RingFrame *frame,
                            const char      *separator)
{
  RingFrame normal;
  const RingSchedulePhase *phase;

  g_return_val_if_fail (frame != NULL, NULL);
  g_return_val_if_fail (separator != NULL, NULL);

  normal = ring_frame_normalize (frame);
  switch (normal.phase)
    {
    case RING_FRAME_IDLE:
      if (normal.n_gpus == 1)
        return g_strdup (_("One GPU computes the whole gradient by itself"));
      /* A single collective (no compute): the buffers are there already. */
      if (normal.compute_time_s == 0)
        return g_strdup (_("Each GPU holds a buffer; the all-reduce will sum them"));
      if (normal.segments != NULL)
        /* Translators: %s is an algorithm, "Ring", "NVLS tree". */
        return g_strdup_printf (_("Each GPU will compute its gradients; %s averages them "
                                  "bucket by bucket, beside the backward pass"),
                                algorithm_title (&normal));
      return g_strdup (_("Each GPU will compute a gradient; the all-reduce then averages them"));

    case RING_FRAME_COMPUTE:
      if (normal.compute_time_s == 0)
        return g_strdup (_("Each GPU’s buffer is ready to send"));
      return g_strdup (_("Each GPU runs the forward and backward pass on its own micro-batch"));

    case RING_FRAME_RING_STEP:
      phase = schedule_phase (&normal);
      if (phase != NULL)
        return g_strdup (_(phase->description));
      if (ring_schedule_step_phase (normal.n_gpus, normal.step) == RING_PHASE_SCATTER_REDUCE)
        return g_strdup (_("Each GPU sends one chunk to the next GPU, which adds it to its own"));
      return g_strdup (_("Each GPU passes a reduced chunk on; the next GPU stores it"));

    case RING_FRAME_DONE:
    default:
      if (normal.n_gpus == 1)
        return g_strdup (_("A single GPU needs no communication"));
      else
        {
          g_autofree char *count = ring_format_grouped (normal.n_gpus, separator);

          /* Translators: %s is the number of chunks, the same as the number of GPUs. */
          return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                               "Every GPU now holds all %s reduced chunk",
                                               "Every GPU now holds all %s reduced chunks",
                                               normal.n_gpus), count);
        }
    }
}

char *
ring_frame_dup_caption (const RingFrame *frame,
                        const char      *separator)
{
  RingFrame normal;
  g_autofree char *explanation = NULL;

  g_return_val_if_fail (frame != NULL, NULL);
  g_return_val_if_fail (separator != NULL, NULL);

  normal = ring_frame_normalize (frame);
  explanation = ring_frame_dup_explanation (&normal, separator);
  if (normal.segments == NULL || normal.phase != RING_FRAME_RING_STEP)
    return g_steal_pointer (&explanation);

  /* Translators: an algorithm, a collective and what each GPU does in it,
   * "Ring all-reduce: Each GPU sends one chunk to the next GPU, …" */
  return g_strdup_printf (_("%s %s: %s"), algorithm_title (&normal),
                          collective_title (normal.collective), explanation);
}

char *
ring_frame_dup_outcome (const RingFrame *frame)
{
  RingFrame normal;
  const RingSchedulePhase *phase;

  g_return_val_if_fail (frame != NULL, NULL);

  normal = ring_frame_normalize (frame);
  if (normal.n_gpus == 1)
    return g_strdup (_("With one GPU there is nothing to average: the step is compute alone."));

  switch (normal.phase)
    {
    case RING_FRAME_IDLE:
      return g_strdup (_("In data-parallel training every GPU holds a copy of the model and "
                         "trains on its own micro-batch. Before the optimizer step the GPUs’ "
                         "gradients must be averaged: that is the all-reduce."));

    case RING_FRAME_COMPUTE:
      return g_strdup (_("The backward pass produces the gradients layer by layer. While the "
                         "all-reduce moves them the GPUs wait, unless the backward pass still "
                         "has work to hide it behind."));

    case RING_FRAME_RING_STEP:
      phase = schedule_phase (&normal);
      return phase != NULL && phase->outcome != NULL ? g_strdup (_(phase->outcome)) : NULL;

    case RING_FRAME_DONE:
    default:
      return g_strdup (_("Every GPU applies the same averaged gradient, so the copies of the "
                         "model stay the same for the next step."));
    }
}
