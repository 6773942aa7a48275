/* ring-chart-series-private.h: the numbers behind each chart, shared by the drawer and the CSV
 * export so that a CSV file holds exactly what the chart shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-chart-draw.h"
#include "ring-measurement.h"
#include "ring-step.h"

G_BEGIN_DECLS

/* The most columns of a chart a pinned scenario is drawn as. */
#define RING_CHART_MAX_SCENARIO_SOURCES 2
/* What a column is besides a row of the CSV. */
typedef enum
{
  RING_SERIES_CURVE,     /* drawn, and read out under the pointer */
  RING_SERIES_TABLE,     /* in the CSV only (nccl-tests' count, type, algbw) */
  RING_SERIES_MEASURED,  /* a loaded log's: read out only at the sizes it measured */
} RingSeriesRole;

/* One column of a chart's table: the x values, or one curve's y values. */
typedef struct
{
  char   *label;    /* translated; the legend entry and the CSV header */
  char   *unit;     /* the unit of @values, as written in the CSV header */
  double *values;   /* n_rows values, in @unit; NaN where there is none */
  char  **texts;    /* or NULL; else n_rows strings, and the CSV writes these instead */
  /* Or NULL: the CSV's header for the column instead of "label (unit)", untranslated
   * where it is another program's (nccl-tests' "time (us)"). */
  char   *csv_header;
  RingSeriesRole role;
} RingSeries;

/* A loaded nccl-tests log on the message-size chart, with the model of the chart's
 * parameters on the log's own cluster. */
typedef struct
{
  RingMeasurement *measurement;
  RingNcclFit     *comparison;    /* ring_measurement_compare() */
  gboolean         same_cluster;  /* the chart's curves are that cluster */
} RingChartMeasured;

typedef struct
{
  RingChartKind kind;
  RingParams    params;      /* the configuration the chart was computed for */
  RingResult    result;      /* and its figures, for the marker */
  guint         n_rows;
  GPtrArray    *columns;     /* of RingSeries; column 0 is the x axis */
  /* RING_CHART_UTILIZATION_MAP: the columns are GPUs, the rate of map_link (B in GB/s, or
   * each NIC's speed in Gb/s) and utilization over a grid_x × grid_y grid, GPUs varying
   * fastest; each GPU count appears once, so the columns are only roughly even in log₂ N. */
  guint         grid_x;
  guint         grid_y;
  RingSizingLink map_link;
  /* A sweep left the slow link out beyond RING_STEP_SWEEP_MAX_SIMULATED_GPUS (the note
   * says so); the configuration's own GPU count always has it. */
  gboolean      slow_link_left_out;
  /* The swept range of the x axis (GPUs or bytes), before any padding. */
  double        x_first;
  double        x_last;
  /* Translated, or NULL: a line under the subtitle saying what the chart shows when that
   * is not what the model's mode suggests (a training step in single-collective mode). */
  char         *note;
  /* Sizes on this chart are binary (KiB, MiB, GiB): its size axis counts powers of two. */
  gboolean      binary_bytes;
  /* Per row, or NULL: the algorithm and protocol that ran (auto's pick, or the model's
   * algorithm), for the message-size chart's bands and the comparison's dots. */
  RingAlgorithm *chosen_algorithm;
  RingProtocol  *chosen_protocol;
  /* RING_CHART_ALGORITHM_COMPARISON: column 1 + i holds curve_algorithm[i]'s times. */
  RingAlgorithm  curve_algorithm[RING_N_ALGORITHMS];
  guint          n_curve_algorithms;
  /* The pinned scenarios (ring-chart-series-scenarios.c): from first_scenario_column, for
   * each scenario a column for each of the n_scenario_sources columns scenario_sources
   * names, the scenario's own values of that column at these rows. */
  guint          scenario_sources[RING_CHART_MAX_SCENARIO_SOURCES];
  guint          n_scenario_sources;
  guint          first_scenario_column;
  guint          n_scenarios;
  char         **scenario_names;
  /* RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE: the model's loaded logs (RingChartMeasured);
   * empty for the other kinds and for data made from parameters alone. */
  GPtrArray     *measured;
  /* RING_CHART_STEP_TIMELINE: the RingStepSegment of each row, in the rows' order (the
   * compute stream, then the communication stream, each in time order); else NULL.
   * RING_CHART_UTILIZATION_VS_BUCKET_SIZE's last row is one bucket, sized S. */
  GArray        *segments;
} RingChartData;

RingChartData *_ring_chart_data_new  (RingChartKind     kind,
                                      const RingParams *params);
/* The same for @model's parameters, with the logs loaded into it (ring-measurement.h) and
 * its pinned scenarios. */
RingChartData *_ring_chart_data_new_for_model (RingChartKind  kind,
                                               RingModel     *model);
void           _ring_chart_data_free (RingChartData    *data);

static inline RingSeries *
_ring_chart_data_column (RingChartData *data,
                         guint          column)
{
  return g_ptr_array_index (data->columns, column);
}

/* Adds a column for each of @model's pinned scenarios and each curve the kind draws them
 * as (ring-chart-series-scenarios.c); _ring_chart_data_new_for_model() does. */
void           _ring_chart_data_add_scenarios (RingChartData *data,
                                               RingModel     *model);

/* The column that holds @scenario's copy of @source_column, or 0 when there is none. */
guint          _ring_chart_data_scenario_column (RingChartData *data,
                                                 guint          scenario,
                                                 guint          source_column);

/* Of the column and, for a column the scenarios copy, of theirs too: axes hold them. */
double         _ring_chart_data_column_max          (RingChartData *data,
                                                     guint          column);
double         _ring_chart_data_column_min_positive (RingChartData *data,
                                                     guint          column);

/* The GPU counts the N sweeps cover: 1 … 65 536, or 10× the current N when larger. */
guint          _ring_plot_max_gpus   (const RingParams *params);
/* The GPU counts a sweep samples, from @first: powers of two up to one node of G, then
 * whole nodes, @per_octave counts per doubling of the nodes. */
GArray        *_ring_chart_gpu_counts (const RingParams *params,
                                       guint             first,
                                       guint             per_octave);
/* @params at @gpus GPUs for a point of a sweep over N: with the slow link and GPU, as the
 * headline figures have them, except that beyond RING_STEP_SWEEP_MAX_SIMULATED_GPUS a
 * count other than @data's own leaves the slow link out (a simulation per point would
 * take a second per curve there) and marks @data's slow_link_left_out. */
void           _ring_chart_sweep_params (RingChartData    *data,
                                         const RingParams *params,
                                         guint             gpus,
                                         RingParams       *swept);
/* Adds a column to @data, @label translated and taken; returns its n_rows values. */
double        *_ring_chart_data_add_column (RingChartData *data,
                                            char          *label,
                                            const char    *unit);
/* The same for a column of text; returns its n_rows strings, to be set. */
char         **_ring_chart_data_add_text_column (RingChartData *data,
                                                 char          *label);
/* "Ring · LL128": an algorithm's short name and, for NCCL's, the protocol. */
const char    *_ring_chart_algorithm_name (RingAlgorithm     algorithm);
char          *_ring_chart_describe_choice (RingAlgorithm    algorithm,
                                            RingProtocol     protocol);

/* The message-size chart's columns: nccl-tests' size, count, type, time (µs), algbw and
 * busbw, what ran, then four a loaded log. */
#define RING_MESSAGE_SIZE_TIME_US 3
#define RING_MESSAGE_SIZE_BUSBW   5

/* The builders of each kind's series, listed by the registry (ring-chart-kind.c). */
void           _ring_chart_build_utilization          (RingChartData *data);
void           _ring_chart_build_step_time            (RingChartData *data);
void           _ring_chart_build_bytes_moved          (RingChartData *data);
void           _ring_chart_build_throughput           (RingChartData *data);
void           _ring_chart_build_map                  (RingChartData *data);
void           _ring_chart_build_message_size         (RingChartData *data);
void           _ring_chart_build_algorithm_comparison (RingChartData *data);
void           _ring_chart_build_step_timeline        (RingChartData *data);
void           _ring_chart_build_bucket_size          (RingChartData *data);
/* ring-chart-series-step.c: "Backward", "All-gather", translated. */
const char    *_ring_chart_segment_kind_title  (RingSegmentKind        kind);
gboolean       _ring_chart_segment_is_compute  (const RingStepSegment *segment);
/* The message sizes the size sweep covers: 8 B … 16 GiB, or the current buffer if larger. */
double         _ring_plot_max_bytes  (const RingParams *params);

/* Fraction of utilization below which communication dominates (exposed comm > compute). */
#define RING_PLOT_COMM_BOUND_UTILIZATION 0.5

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingChartData, _ring_chart_data_free)

G_END_DECLS
