/* ring-chart-kind.c: the registry of chart kinds: each one's name on the command line, its
 * title, its caption, the series behind it and its drawing. Adding a kind is a value in
 * RingChartKind and an entry here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-chart-kind.h"
#include "ring-chart-draw-private.h"

/* In RingChartKind order. */
static const RingChartKindInfo chart_kinds[] = {
  {
    RING_CHART_UTILIZATION_VS_GPUS, "utilization-vs-gpus",
    N_("GPU utilization vs. ring size"),
    /* xgettext:no-c-format */
    N_("The share of each training step spent computing, against the number of GPUs, at "
       "half, once and twice the bandwidth per GPU. Below 50 % the exposed communication "
       "takes longer than the compute."),
    TRUE, _ring_chart_build_utilization, _ring_plot_draw_utilization,
  },
  {
    RING_CHART_STEP_TIME_VS_GPUS, "step-time-vs-gpus",
    N_("Step time vs. ring size"),
    N_("A training step's time and its two parts: the compute, which does not change with "
       "the number of GPUs, and the communication the backward pass does not hide."),
    TRUE, _ring_chart_build_step_time, _ring_plot_draw_step_time,
  },
  {
    RING_CHART_BYTES_MOVED_VS_GPUS, "bytes-moved-vs-gpus",
    N_("Data moved per GPU vs. ring size"),
    N_("The bytes each GPU sends in one all-reduce. For a ring it approaches twice the "
       "buffer, however many GPUs share the work."),
    FALSE, _ring_chart_build_bytes_moved, _ring_plot_draw_bytes_moved,
  },
  {
    RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, "allreduce-vs-message-size",
    N_("All-reduce time and bus bandwidth vs. message size"),
    N_("One all-reduce over message sizes from 8 bytes, as nccl-tests measures it: its time "
       "and bus bandwidth. The shading shows the algorithm and protocol the model runs at "
       "each size."),
    FALSE, _ring_chart_build_message_size, _ring_plot_draw_message_size,
  },
  {
    RING_CHART_THROUGHPUT_VS_GPUS, "throughput-vs-gpus",
    N_("Cluster throughput vs. ring size"),
    N_("Tokens the whole cluster processes per second, against linear scaling from one "
       "GPU; the efficiency is their ratio."),
    TRUE, _ring_chart_build_throughput, _ring_plot_draw_throughput,
  },
  {
    RING_CHART_UTILIZATION_MAP, "utilization-map",
    N_("Utilization over GPUs and bandwidth"),
    /* xgettext:no-c-format */
    N_("GPU utilization for every number of GPUs and bandwidth per GPU, with contours at "
       "50 %, 80 % and 90 %."),
    TRUE, _ring_chart_build_map, _ring_plot_draw_map,
  },
  {
    RING_CHART_ALGORITHM_COMPARISON, "algorithm-comparison",
    N_("All-reduce time by algorithm vs. ring size"),
    N_("The time of one all-reduce of the buffer with every algorithm that can run on "
       "this hardware, against the number of GPUs; the dots mark what Auto picks, in the "
       "colour of the algorithm it picks."),
    FALSE, _ring_chart_build_algorithm_comparison, _ring_plot_draw_algorithm_comparison,
  },
  {
    RING_CHART_STEP_TIMELINE, "step-timeline",
    N_("One training step as a timeline"),
    N_("One training step on two streams: the compute (the forward pass, then the backward "
       "pass by groups of layers) and the collectives on the communication stream, each "
       "when its data is ready. The hatched parts are exposed: nothing computes beside "
       "them, and the step waits. With tensor, pipeline or context parallelism it is the "
       "first pipeline stage’s step, a row per stream, with the pipeline’s bubble."),
    TRUE, _ring_chart_build_step_timeline, _ring_plot_draw_step_timeline,
  },
  {
    RING_CHART_UTILIZATION_VS_BUCKET_SIZE, "utilization-vs-bucket-size",
    N_("GPU utilization vs. gradient bucket size"),
    N_("The share of the step spent computing, against the size of the gradient buckets: "
       "small buckets pay each collective’s latency many times, large ones start late and "
       "leave more to wait for after the backward pass. One bucket is no overlap at all."),
    TRUE, _ring_chart_build_bucket_size, _ring_plot_draw_bucket_size,
  },
  {
    RING_CHART_MFU_VS_DATA_PARALLEL, "mfu-vs-data-parallel",
    N_("Model FLOPs utilization vs. data parallelism"),
    N_("Model FLOPs utilization against the data-parallel GPUs D, at the layout’s tensor, "
       "pipeline and context parallelism and tokens per GPU, with the shares of the step "
       "the pipeline bubble and exposed communication take."),
    TRUE, _ring_chart_build_mfu_vs_data_parallel, _ring_plot_draw_mfu_vs_data_parallel,
  },
  {
    RING_CHART_OTHER_JOB_LOAD, "other-job-load",
    N_("Step time vs. another job’s load on the fabric"),
    N_("Our training step’s time (in single-collective mode the all-reduce’s) while another "
       "job on the same leaves sends for this share of the time, against our time with the "
       "fabric to ourselves. The uplinks are shared max-min fairly: an other job asking "
       "less than its fair share leaves us the rest, one asking more gets the fair share."),
    FALSE, _ring_chart_build_other_job_load, _ring_plot_draw_other_job_load,
  },
};

G_STATIC_ASSERT (G_N_ELEMENTS (chart_kinds) == RING_N_CHARTS);

const RingChartKindInfo *
_ring_chart_kind_info (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);
  g_assert (chart_kinds[kind].kind == kind);

  return &chart_kinds[kind];
}

const char *
ring_chart_kind_to_string (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return chart_kinds[kind].name;
}

gboolean
ring_chart_kind_from_string (const char    *name,
                             RingChartKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < RING_N_CHARTS; i++)
    {
      if (g_ascii_strcasecmp (name, chart_kinds[i].name) == 0)
        {
          if (kind != NULL)
            *kind = i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
ring_chart_kind_get_title (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return g_dgettext (GETTEXT_PACKAGE, chart_kinds[kind].title);
}

const char *
ring_chart_kind_get_caption (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return g_dgettext (GETTEXT_PACKAGE, chart_kinds[kind].caption);
}
