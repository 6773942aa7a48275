/* ring-chart-series-step.c: the series of the training step's own charts: the step as a
 * timeline (one row per segment of ring_step_segments()) and utilization against the
 * gradient bucket size (ring_step_utilization_vs_bucket_size()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-chart-draw-private.h"
#include "ring-parallelism.h"

/* The bucket sizes swept: 1 MiB (2²⁰) to 4 GiB (2³²), the --bucket-size range, four sizes
 * per doubling. */
#define BUCKET_FIRST_LOG2   20
#define BUCKET_LAST_LOG2    32
#define BUCKETS_PER_OCTAVE  4

const char *
_ring_chart_segment_kind_title (RingSegmentKind kind)
{
  switch (kind)
    {
    case RING_SEGMENT_FORWARD: return _("Forward");
    case RING_SEGMENT_BACKWARD: return _("Backward");
    case RING_SEGMENT_ALLREDUCE: return _("All-reduce");
    case RING_SEGMENT_REDUCE_SCATTER: return _("Reduce-scatter");
    case RING_SEGMENT_ALL_GATHER: return _("All-gather");
    default:
      g_return_val_if_reached ("");
    }
}

gboolean
_ring_chart_segment_is_compute (const RingStepSegment *segment)
{
  return segment->kind == RING_SEGMENT_FORWARD || segment->kind == RING_SEGMENT_BACKWARD;
}

/* The compute stream first, then the communication stream, each in time order. */
static int
compare_segments (gconstpointer a,
                  gconstpointer b)
{
  const RingStepSegment *x = a, *y = b;
  gboolean x_compute = _ring_chart_segment_is_compute (x);
  gboolean y_compute = _ring_chart_segment_is_compute (y);

  if (x_compute != y_compute)
    return x_compute ? -1 : 1;
  if (x->start_s != y->start_s)
    return x->start_s < y->start_s ? -1 : 1;

  return 0;
}

const char *
_ring_chart_stage_work_title (RingStageWork work)
{
  switch (work)
    {
    case RING_STAGE_FORWARD: return _("Forward");
    case RING_STAGE_BACKWARD: return _("Backward");
    case RING_STAGE_BUBBLE: return _("Bubble");
    case RING_STAGE_TENSOR: return _("Tensor-parallel collectives");
    case RING_STAGE_CONTEXT: return _("Context-parallel collectives");
    case RING_STAGE_PIPELINE: return _("Pipeline send");
    case RING_STAGE_DATA_ALLREDUCE: return _("All-reduce");
    case RING_STAGE_DATA_REDUCE_SCATTER: return _("Reduce-scatter");
    case RING_STAGE_DATA_ALL_GATHER: return _("All-gather");
    case RING_N_STAGE_WORKS:
    default:
      g_return_val_if_reached ("");
    }
}

const char *
_ring_chart_stage_stream_title (RingStageStream stream)
{
  switch (stream)
    {
    case RING_STREAM_COMPUTE: return _("Compute");
    /* TRANSLATORS: rows of a parallel layout's step timeline, short */
    case RING_STREAM_TENSOR: return _("Tensor");
    case RING_STREAM_CONTEXT: return _("Context");
    case RING_STREAM_PIPELINE: return _("Pipeline");
    case RING_STREAM_DATA: return _("Data");
    case RING_N_STREAMS:
    default:
      g_return_val_if_reached ("");
    }
}

/* A parallel layout: the first pipeline stage, a row per segment of
 * ring_parallel_segments(). */
static void
build_stage_timeline (RingChartData *data)
{
  GArray *segments = ring_parallel_segments (&data->params);
  char **stream, **kind;
  double *micro_batch, *start, *end, *exposed;

  data->n_rows = segments->len;
  stream = _ring_chart_data_add_text_column (data, g_strdup (_("Stream")));
  kind = _ring_chart_data_add_text_column (data, g_strdup (_("Kind")));
  /* TRANSLATORS: the step timeline's CSV: the micro-batch, from 1; 0 for the bubble and
   * the data-parallel sync */
  micro_batch = _ring_chart_data_add_column (data, g_strdup (_("Micro-batch")), "");
  start = _ring_chart_data_add_column (data, g_strdup (_("Start")), "ms");
  end = _ring_chart_data_add_column (data, g_strdup (_("End")), "ms");
  exposed = _ring_chart_data_add_column (data, g_strdup (_("Exposed")), "");
  for (guint i = 0; i < segments->len; i++)
    {
      const RingStageSegment *s = &g_array_index (segments, RingStageSegment, i);

      stream[i] = g_strdup (_ring_chart_stage_stream_title (ring_stage_work_stream (s->work)));
      kind[i] = g_strdup (_ring_chart_stage_work_title (s->work));
      micro_batch[i] = s->micro_batch;
      start[i] = s->start_s * 1e3;
      end[i] = s->end_s * 1e3;
      exposed[i] = s->exposed ? 1 : 0;
    }

  data->x_first = 0;
  data->x_last = data->result.step_time_s * 1e3;
  data->stage_segments = segments;
}

void
_ring_chart_build_step_timeline (RingChartData *data)
{
  g_autoptr(GArray) segments = NULL;
  char **stream, **kind;
  double *index, *count, *start, *end, *exposed;

  if (ring_parallelism_is_active (&data->params))
    {
      build_stage_timeline (data);
      return;
    }

  segments = ring_step_segments (&data->params);
  g_array_sort (segments, compare_segments);
  data->n_rows = segments->len;
  /* TRANSLATORS: a column of the step timeline's CSV: compute or communication. */
  stream = _ring_chart_data_add_text_column (data, g_strdup (_("Stream")));
  /* TRANSLATORS: a column of the step timeline's CSV: forward, all-reduce… */
  kind = _ring_chart_data_add_text_column (data, g_strdup (_("Kind")));
  /* TRANSLATORS: the step timeline's CSV: the first layer (compute, FSDP) or gradient
   * bucket (DDP, ZeRO) of a segment, counted from 1, and how many it covers. */
  index = _ring_chart_data_add_column (data, g_strdup (_("First layer or bucket")), "");
  count = _ring_chart_data_add_column (data, g_strdup (_("Layers or buckets")), "");
  start = _ring_chart_data_add_column (data, g_strdup (_("Start")), "ms");
  end = _ring_chart_data_add_column (data, g_strdup (_("End")), "ms");
  /* TRANSLATORS: the step timeline's CSV: 1 where nothing computes beside a collective. */
  exposed = _ring_chart_data_add_column (data, g_strdup (_("Exposed")), "");

  for (guint i = 0; i < segments->len; i++)
    {
      const RingStepSegment *s = &g_array_index (segments, RingStepSegment, i);

      stream[i] = g_strdup (_ring_chart_segment_is_compute (s) ? _("Compute")
                                                               : _("Communication"));
      kind[i] = g_strdup (_ring_chart_segment_kind_title (s->kind));
      index[i] = s->index + 1;
      count[i] = s->count;
      start[i] = s->start_s * 1e3;
      end[i] = s->end_s * 1e3;
      exposed[i] = s->exposed ? 1 : 0;
    }

  data->x_first = 0;
  data->x_last = data->result.step_time_s * 1e3;
  data->segments = g_steal_pointer (&segments);
}

void
_ring_chart_build_bucket_size (RingChartData *data)
{
  const guint n_swept = (BUCKET_LAST_LOG2 - BUCKET_FIRST_LOG2) * BUCKETS_PER_OCTAVE + 1;
  g_autofree double *sizes = g_new (double, n_swept + 1);
  g_autofree double *utilization = g_new (double, n_swept + 1);
  double *bytes, *mib, *percent;
  char **note;

  for (guint i = 0; i < n_swept; i++)
    sizes[i] = round (exp2 (BUCKET_FIRST_LOG2 + (double) i / BUCKETS_PER_OCTAVE));
  /* The last row is one bucket: the whole gradient buffer at once, no overlap. */
  sizes[n_swept] = 0;
  ring_step_utilization_vs_bucket_size (&data->params, sizes, utilization, n_swept + 1);

  data->n_rows = n_swept + 1;
  data->binary_bytes = TRUE;
  bytes = _ring_chart_data_add_column (data, g_strdup (_("Bucket size")), "B");
  mib = _ring_chart_data_add_column (data, g_strdup (_("Bucket size")), "MiB");
  percent = _ring_chart_data_add_column (data, g_strdup (_("Utilization")), "%");
  /* TRANSLATORS: a column of the bucket-size chart's CSV, empty but on the last row. */
  note = _ring_chart_data_add_text_column (data, g_strdup (_("Note")));
  /* The size in MiB is the readout's header again, and the note its "one bucket". */
  _ring_chart_data_column (data, 1)->role = RING_SERIES_TABLE;
  _ring_chart_data_column (data, 3)->role = RING_SERIES_TABLE;
  for (guint i = 0; i <= n_swept; i++)
    {
      /* One bucket is a bucket of the whole buffer, S. */
      bytes[i] = i < n_swept ? sizes[i] : data->result.gradient_buffer_bytes;
      mib[i] = bytes[i] / 1048576.0;
      percent[i] = 100.0 * utilization[i];
      note[i] = g_strdup (i < n_swept ? "" : _("one bucket: no overlap"));
    }

  data->x_first = sizes[0];
  data->x_last = sizes[n_swept - 1];
}
