/* ring-chart-series-private.h: the numbers behind each chart, for the drawing and the CSV.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-chart-draw.h"
#include "ring-measurement.h"
#include "ring-parallelism.h"
#include "ring-step.h"

G_BEGIN_DECLS

/* The most columns of a chart a pinned scenario is drawn as. */
#define RING_CHART_MAX_SCENARIO_SOURCES 2
typedef enum
{
  RING_SERIES_CURVE,     /* drawn, and read out under the pointer */
  RING_SERIES_TABLE,     /* in the CSV only (nccl-tests' count, type, algbw) */
  RING_SERIES_MEASURED,  /* a loaded log's: read out only at the sizes it measured */
} RingSeriesRole;

typedef struct
{
  char   *label;    /* translated; the legend entry and the CSV header */
  char   *unit;
  double *values;   /* n_rows values, in @unit; NaN where there is none */
  char  **texts;    /* or NULL; else n_rows strings, and the CSV writes these instead */
  /* Or NULL for "label (unit)": another program's header ("time (us)"). */
  char   *csv_header;
  RingSeriesRole role;
} RingSeries;

typedef struct
{
  RingMeasurement *measurement;
  RingNcclFit     *comparison;    /* ring_measurement_compare() */
  gboolean         same_cluster;  /* the chart's curves are that cluster */
} RingChartMeasured;

typedef struct
{
  RingChartKind kind;
  RingParams    params;
  RingResult    result;
  guint         n_rows;
  GPtrArray    *columns;     /* of RingSeries; column 0 is the x axis */
  /* RING_CHART_UTILIZATION_MAP: GPUs, map_link's rate and utilization over a grid_x ×
   * grid_y grid, GPUs varying fastest. */
  guint         grid_x;
  guint         grid_y;
  RingSizingLink map_link;
  /* Beyond RING_STEP_SWEEP_MAX_SIMULATED_GPUS (the note says so). */
  gboolean      slow_link_left_out;
  /* The swept x range, before padding. */
  double        x_first;
  double        x_last;
  /* Or NULL: what the chart shows where the mode suggests otherwise (translated). */
  char         *note;
  gboolean      binary_bytes;
  /* Per row, or NULL: what ran (auto's pick), for bands and dots. */
  RingAlgorithm *chosen_algorithm;
  RingProtocol  *chosen_protocol;
  /* RING_CHART_ALGORITHM_COMPARISON: column 1 + i holds curve_algorithm[i]'s times. */
  RingAlgorithm  curve_algorithm[RING_N_ALGORITHMS];
  guint          n_curve_algorithms;
  /* From first_scenario_column, each scenario's copy of each scenario_sources column. */
  guint          scenario_sources[RING_CHART_MAX_SCENARIO_SOURCES];
  guint          n_scenario_sources;
  guint          first_scenario_column;
  guint          n_scenarios;
  char         **scenario_names;
  /* Of RingChartMeasured: the message-size chart's logs. */
  GPtrArray     *measured;
  /* RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE: the collective its curves cost, all-reduce unless
   * every log measured one other collective (a reduce_scatter_perf log is set beside the
   * model's reduce-scatter, in its own busbw convention); its title says which. Elsewhere
   * all-reduce. */
  RingCollective collective;
  /* Where the curves' latency stops dominating, in bytes, or 0: another collective's
   * (the all-reduce's comes from ring_cost_latency_crossover_bytes()). */
  double         collective_crossover_bytes;
  /* RING_CHART_STEP_TIMELINE: each row's RingStepSegment, compute stream first; else NULL. */
  GArray        *segments;
  /* RING_CHART_STEP_TIMELINE of a parallel layout instead: each row's RingStageSegment,
   * in time order. */
  GArray        *stage_segments;
} RingChartData;

/* ring_cost_evaluate_sweep() and ring_cost_evaluate(), each point computed once between
 * _ring_chart_sweep_memo_begin() and _end() on the main thread. */
void           _ring_chart_evaluate_sweep (const RingParams *params,
                                           RingResult       *result);
void           _ring_chart_evaluate       (const RingParams *params,
                                           RingResult       *result);
void           _ring_chart_sweep_memo_begin (void);
void           _ring_chart_sweep_memo_end   (void);
/* For tests. */
guint          _ring_chart_sweep_memo_count_points (void);

RingChartData *_ring_chart_data_new  (RingChartKind     kind,
                                      const RingParams *params);
/* With @model's logs and pinned scenarios. */
RingChartData *_ring_chart_data_new_for_model (RingChartKind  kind,
                                               RingModel     *model);
/* Without logs, its curves costing @collective (a pinned scenario's beside a chart that
 * follows its logs' collective). */
RingChartData *_ring_chart_data_new_for_collective (RingChartKind     kind,
                                                    const RingParams *params,
                                                    RingCollective    collective);
/* @collective's cost of @bytes on @p's cluster, as ring_collective_cost() gives a log's
 * own model column; FALSE where it cannot run. */
gboolean       _ring_chart_collective_cost (const RingParams  *p,
                                            RingCollective     collective,
                                            double             bytes,
                                            RingAllreduceCost *cost);
/* The figure's title: the kind's, or the collective's the message-size chart follows. */
const char    *_ring_chart_data_get_title (RingChartData *data);
void           _ring_chart_data_free (RingChartData    *data);

static inline RingSeries *
_ring_chart_data_column (RingChartData *data,
                         guint          column)
{
  return g_ptr_array_index (data->columns, column);
}

void           _ring_chart_data_add_scenarios (RingChartData *data,
                                               RingModel     *model);

/* Or 0 when there is none. */
guint          _ring_chart_data_scenario_column (RingChartData *data,
                                                 guint          scenario,
                                                 guint          source_column);

/* Of the column and the scenarios' copies of it. */
double         _ring_chart_data_column_max          (RingChartData *data,
                                                     guint          column);
double         _ring_chart_data_column_min_positive (RingChartData *data,
                                                     guint          column);

/* 65 536, or 10× the current N when larger. */
guint          _ring_plot_max_gpus   (const RingParams *params);
/* From @first: powers of two up to a node, then whole nodes, @per_octave per doubling. */
GArray        *_ring_chart_gpu_counts (const RingParams *params,
                                       guint             first,
                                       guint             per_octave);
/* @params at @gpus, with the slow link and GPU except beyond
 * RING_STEP_SWEEP_MAX_SIMULATED_GPUS (slow_link_left_out). */
void           _ring_chart_sweep_params (RingChartData    *data,
                                         const RingParams *params,
                                         guint             gpus,
                                         RingParams       *swept);
/* @label translated and taken; returns the column's n_rows values. */
double        *_ring_chart_data_add_column (RingChartData *data,
                                            char          *label,
                                            const char    *unit);
char         **_ring_chart_data_add_text_column (RingChartData *data,
                                                 char          *label);
/* "Ring · LL128". */
char          *_ring_chart_describe_choice (RingAlgorithm    algorithm,
                                            RingProtocol     protocol);

/* Columns of the message-size chart, in nccl-tests' order. */
#define RING_MESSAGE_SIZE_TIME_US 3
#define RING_MESSAGE_SIZE_BUSBW   5

void           _ring_chart_build_utilization          (RingChartData *data);
void           _ring_chart_build_step_time            (RingChartData *data);
void           _ring_chart_build_bytes_moved          (RingChartData *data);
void           _ring_chart_build_throughput           (RingChartData *data);
void           _ring_chart_build_map                  (RingChartData *data);
void           _ring_chart_build_message_size         (RingChartData *data);
void           _ring_chart_build_algorithm_comparison (RingChartData *data);
void           _ring_chart_build_step_timeline        (RingChartData *data);
void           _ring_chart_build_bucket_size          (RingChartData *data);
void           _ring_chart_build_mfu_vs_data_parallel (RingChartData *data);
void           _ring_chart_build_other_job_load       (RingChartData *data);
const char    *_ring_chart_segment_kind_title  (RingSegmentKind        kind);
gboolean       _ring_chart_segment_is_compute  (const RingStepSegment *segment);
const char    *_ring_chart_stage_work_title    (RingStageWork          work);
const char    *_ring_chart_stage_stream_title  (RingStageStream        stream);
/* 16 GiB, or the current buffer if larger. */
double         _ring_plot_max_bytes  (const RingParams *params);

/* Below it, exposed communication exceeds compute. */
#define RING_PLOT_COMM_BOUND_UTILIZATION 0.5

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartData, _ring_chart_data_free)

G_END_DECLS
