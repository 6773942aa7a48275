/* ring-measurement.h: nccl-tests logs loaded beside the model, and their fits.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-model.h"
#include "ring-nccl-tests-fit.h"
#include "ring-nccl-tests-log.h"
#include "ring-verdict.h"

G_BEGIN_DECLS

/* At most this many logs are loaded at once: each is a legend entry and a marker shape. */
#define RING_MEASUREMENTS_MAX 4

/* One loaded log. Immutable once added; shared by reference. */
typedef struct
{
  char        *name;  /* the file's basename, as the legend and the report name it */
  char        *path;  /* the file it was read from, absolute (GLib's file name encoding);
                       * NULL when added from memory */
  RingNcclLog *log;
  /* Fitted against the model's parameters at the import (ring_nccl_fit()). */
  RingNcclFit *fit;
  /* The log on the fit's cluster against the installed reference library. */
  RingVerdict *verdict;
} RingMeasurement;

GType            ring_measurement_get_type (void) G_GNUC_CONST;
#define RING_TYPE_MEASUREMENT (ring_measurement_get_type ())

RingMeasurement *ring_measurement_ref      (RingMeasurement *self);
void             ring_measurement_unref    (RingMeasurement *self);

/* The model of @params on the log's own cluster (its ranks, ranks per host and GPU), as
 * ring_nccl_fit_evaluate() costs it: what the log's error figures are measured against. */
RingNcclFit     *ring_measurement_compare  (const RingMeasurement *self,
                                            const RingParams      *params);
/* Whether @params already is the log's cluster: the same GPU count, GPUs per node and
 * GPU, so the chart's curve is what the markers are compared with. */
gboolean         ring_measurement_same_cluster (const RingMeasurement *self,
                                                const RingParams      *params);

/* The fitted values the measurement determined, for people: "net latency 6.2 µs, net
 * efficiency 0.81" (translated); the values it left open are not named. */
char            *ring_measurement_describe_fit (const RingNcclFit     *fit);
/* A fitted value's name for people, translated: "net latency". */
const char      *ring_measurement_value_title  (RingParamId            id);

/* Adds @log under @name, fitted against the model's parameters (a log of one usable size
 * compared only: nothing determined), and emits "changed". FALSE with @error (the file's
 * name, then why) if the model cannot be compared with it (one rank, no usable row) or
 * RING_MEASUREMENTS_MAX logs are loaded. */
gboolean         ring_model_add_measurement    (RingModel        *self,
                                                const char       *name,
                                                const RingNcclLog *log,
                                                GError          **error);
/* The index of the log read from the file @path names (by another path too: a link, a
 * relative name), or -1. */
int              ring_model_find_measurement   (RingModel        *self,
                                                const char       *path);
/* Reads the log at @path (ring_nccl_log_load()) and adds it under its basename; a log
 * read from @path before is replaced where it stands (the file may have changed), so
 * reading a file twice never shows it twice. On a bad
 * file FALSE, nothing changed, and @error names the file and, for its contents, the line
 * and what was wrong. */
gboolean         ring_model_import_measurement (RingModel        *self,
                                                const char       *path,
                                                GError          **error);
/* Reads the log at @path and fits it against @params, touching no model, so it may run
 * on any thread; the same file with the same bytes and parameters gives the measurement
 * made before (a SHA-256 of the bytes tells). NULL with @error as
 * ring_model_import_measurement(); @progress as ring_nccl_log_parse_with_progress(), and
 * asked once more before the fit. */
RingMeasurement *ring_measurement_load         (const char              *path,
                                                const RingParams        *params,
                                                RingNcclLogProgressFunc  progress,
                                                gpointer                 progress_data,
                                                GError                 **error);
/* Adds @measurement, or puts it in the place of one read from the same file, and emits
 * "changed". FALSE with @error if RING_MEASUREMENTS_MAX other logs are loaded. */
gboolean         ring_model_insert_measurement (RingModel        *self,
                                                RingMeasurement  *measurement,
                                                GError          **error);
/* For tests: how many ring_measurement_load() calls found their fit made. */
guint            _ring_measurement_count_cache_hits (void);
/* The loaded logs, oldest first (never NULL; owned by the model). */
GPtrArray       *ring_model_get_measurements   (RingModel        *self);
/* Removes the @index-th log; "changed" once. */
void             ring_model_remove_measurement (RingModel        *self,
                                                guint             index);
/* Removes every log; "changed" once if there was one. */
void             ring_model_clear_measurements (RingModel        *self);
/* Puts the @index-th log's fitted values into the model (ring_nccl_fit_apply()), as one
 * "changed". */
void             ring_model_use_fitted_values  (RingModel        *self,
                                                guint             index);
/* The log whose fitted values the model holds now (each fitted value equal, to 0.1 %),
 * or NULL: what "Fitted to node2.log" names, true until a fitted value is changed. */
RingMeasurement *ring_model_get_fitted_measurement (RingModel    *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingMeasurement, ring_measurement_unref)

G_END_DECLS
