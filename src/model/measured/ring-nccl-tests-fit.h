/* ring-nccl-tests-fit.h: the model fitted to an nccl-tests log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithms.h"
#include "ring-nccl-tests-log.h"

G_BEGIN_DECLS

#define RING_NCCL_FIT_ERROR (ring_nccl_fit_error_quark ())

typedef enum
{
  RING_NCCL_FIT_ERROR_TOO_FEW_POINTS,
  RING_NCCL_FIT_ERROR_SINGLE_RANK,
  RING_NCCL_FIT_ERROR_CANNOT_RUN,
} RingNcclFitError;

GQuark ring_nccl_fit_error_quark (void);

/* Why a fit's values are not offered, although the log had enough rows to fit. */
typedef enum
{
  RING_NCCL_FIT_WARNING_NONE,
  RING_NCCL_FIT_WARNING_TIMES_FALL,      /* as the sizes grow */
  RING_NCCL_FIT_WARNING_ON_BOUND,
  RING_NCCL_FIT_WARNING_NO_IMPROVEMENT,
} RingNcclFitWarning;

#define RING_NCCL_FIT_MAX_VALUES 3

typedef struct
{
  RingParamId id;
  double      value;
  double      nominal;     /* the base parameters' */
  gboolean    determined;  /* a 10 % change (1 µs) moves the times by 0.5 % rms or more */
} RingNcclFitValue;

static inline double
ring_nccl_fit_value_in_use (const RingNcclFitValue *value)
{
  return value->determined ? value->value : value->nominal;
}

typedef struct
{
  double        size_bytes;
  double        measured_us;   /* out-of-place */
  double        predicted_us;
  double        nominal_us;    /* before the fit */
  RingAlgorithm algorithm;
  RingProtocol  protocol;
} RingNcclFitPoint;

/* The sizes where the fitted model runs one protocol. */
typedef struct
{
  guint            n_points;
  double           geomean_error_pct;  /* of the joint fit */
  double           worst_error_pct;
  /* Refitted on these points alone (three or more): reported, never applied. */
  guint            n_values;
  RingNcclFitValue values[RING_NCCL_FIT_MAX_VALUES];
} RingNcclFitProtocol;

typedef struct
{
  /* The log's cluster (its GPU, ranks and ranks per host) with the fitted values. */
  RingParams          params;
  guint               gpus_per_process;  /* the log's -g */
  RingAlgorithm       algorithm;         /* the base's if NCCL's, else auto */
  RingCollective      collective;        /* the log's, which the model costs */
  guint               n_values;
  RingNcclFitValue    values[RING_NCCL_FIT_MAX_VALUES];
  /* exp (mean and max of |ln (predicted / measured)|) − 1, in per cent. */
  double              geomean_error_pct;
  double              worst_error_pct;
  double              nominal_geomean_error_pct;
  double              nominal_worst_error_pct;
  GArray             *points;            /* RingNcclFitPoint */
  guint               n_sizes;           /* distinct */
  /* On degenerate data: every value undetermined. */
  RingNcclFitWarning  warning;
  RingParamId         warning_value;
  RingNcclFitProtocol protocols[RING_N_PROTOCOLS];
} RingNcclFit;

gboolean     ring_nccl_fit_determines_any (const RingNcclFit *fit);

/* Translated, or NULL without a warning. */
char        *ring_nccl_fit_describe_warning (const RingNcclFit *fit);

/* Fits the free values of the links @nccl_log used to its out-of-place times
 * (docs/model.md §8); @base gives what the log does not say. */
RingNcclFit *ring_nccl_fit       (const RingParams   *base,
                                  const RingNcclLog  *nccl_log,
                                  GError            **error);
/* @base's values on the log's cluster, without fitting. */
RingNcclFit *ring_nccl_fit_evaluate (const RingParams   *base,
                                     const RingNcclLog  *nccl_log,
                                     GError            **error);
void         ring_nccl_fit_free  (RingNcclFit        *fit);

/* The fit's cluster and values into @params; GPU count, model, step and algorithm stay. */
void         ring_nccl_fit_apply (const RingNcclFit  *fit,
                                  RingParams         *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingNcclFit, ring_nccl_fit_free)

G_END_DECLS
