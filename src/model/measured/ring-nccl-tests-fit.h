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
  RING_NCCL_FIT_ERROR_TOO_FEW_POINTS,  /* fewer than two usable rows (none to evaluate) */
  RING_NCCL_FIT_ERROR_SINGLE_RANK,     /* one rank (or an unknown number) communicates nothing */
  RING_NCCL_FIT_ERROR_CANNOT_RUN,      /* the model cannot run the log's cluster */
} RingNcclFitError;

GQuark ring_nccl_fit_error_quark (void);

/* Why a fit's values are not offered, although the log had enough rows to fit. */
typedef enum
{
  RING_NCCL_FIT_WARNING_NONE,
  RING_NCCL_FIT_WARNING_TIMES_FALL,      /* the measured times fall as the sizes grow */
  RING_NCCL_FIT_WARNING_ON_BOUND,        /* a determined value ended on its search bound */
  RING_NCCL_FIT_WARNING_NO_IMPROVEMENT,  /* the fit's error is no smaller than the model's */
} RingNcclFitWarning;

/* A fit sets at most this many values. */
#define RING_NCCL_FIT_MAX_VALUES 3

/* One value the fit left free. */
typedef struct
{
  RingParamId id;          /* RING_PARAM_NET_LATENCY, _NET_EFFICIENCY, _LINK_LATENCY or
                            * _LINK_EFFICIENCY: a row of the parameter table */
  double      value;       /* fitted; near the nominal value where not determined */
  double      nominal;     /* the value before the fit, taken from the base parameters */
  gboolean    determined;  /* the measurement pins it down: a 10 % change (1 µs for a
                            * latency) moves the predicted times by 0.5 % rms or more */
} RingNcclFitValue;

/* The value a parameter takes when the fit is applied: the fitted one where the log
 * determined it, else the nominal one. */
static inline double
ring_nccl_fit_value_in_use (const RingNcclFitValue *value)
{
  return value->determined ? value->value : value->nominal;
}

/* One measured row and the model's time for it, before and after the fit. */
typedef struct
{
  double        size_bytes;
  double        measured_us;   /* out-of-place */
  double        predicted_us;  /* the fitted model */
  double        nominal_us;    /* the model before the fit */
  RingAlgorithm algorithm;     /* what the fitted model ran there */
  RingProtocol  protocol;
} RingNcclFitPoint;

/* The sizes where the fitted model runs one protocol. */
typedef struct
{
  guint            n_points;           /* 0: the log covers no size where it runs */
  double           geomean_error_pct;  /* of the joint fit, on these points */
  double           worst_error_pct;
  /* The same free values refitted on these points alone, where there are at least three:
   * how far each protocol's sizes pull apart. Reported, never applied. */
  guint            n_values;
  RingNcclFitValue values[RING_NCCL_FIT_MAX_VALUES];
} RingNcclFitProtocol;

typedef struct
{
  /* The log's cluster with the fitted values: the base parameters with the catalogue's
   * GPU the log names, its ranks as gpus, its ranks per host as gpus_per_node. */
  RingParams          params;
  guint               gpus_per_process;  /* the log's -g, which the fit costed with */
  RingAlgorithm       algorithm;         /* what the fit costed: the base's if it is one of
                                          * NCCL's, else auto */
  /* What was fitted: one node: link-latency, link-efficiency; several: net-latency,
   * net-efficiency, link-efficiency. */
  guint               n_values;
  RingNcclFitValue    values[RING_NCCL_FIT_MAX_VALUES];
  /* |ln (predicted / measured)| over the points, as percentages: exp (mean) − 1 and
   * exp (max) − 1, after the fit and before it. */
  double              geomean_error_pct;
  double              worst_error_pct;
  double              nominal_geomean_error_pct;
  double              nominal_worst_error_pct;
  GArray             *points;            /* RingNcclFitPoint: the rows the fit used */
  guint               n_sizes;           /* distinct sizes among them: a repeated size
                                          * counts once, in the fit too */
  /* Set by ring_nccl_fit() on degenerate data; every value is then left undetermined, so
   * that nothing is applied or offered. warning_value names the value on a bound. */
  RingNcclFitWarning  warning;
  RingParamId         warning_value;
  RingNcclFitProtocol protocols[RING_N_PROTOCOLS];
} RingNcclFit;

/* Whether the log pinned down any value: a fit that determined nothing (one size, or a
 * log that loads no free value) has nothing to apply and nothing to recognise. */
gboolean     ring_nccl_fit_determines_any (const RingNcclFit *fit);

/* Why the fit is not offered, for people (translated), or NULL if it has no warning. */
char        *ring_nccl_fit_describe_warning (const RingNcclFit *fit);

/* Fits the free values of the links @nccl_log used to its out-of-place times (least
 * squares of the log error, a weak pull towards @base's values; docs/model.md §8). @base
 * gives what the log does not say: NICs, their speed, the fabric, an unknown GPU. Fewer
 * than two sizes is an error; degenerate data gives a fit with a warning and nothing
 * determined. */
RingNcclFit *ring_nccl_fit       (const RingParams   *base,
                                  const RingNcclLog  *nccl_log,
                                  GError            **error);
/* ring_nccl_fit() without fitting: @base's values on the log's cluster, predicted_us equal
 * to nominal_us. One all-reduce a row, cheap enough for every change. */
RingNcclFit *ring_nccl_fit_evaluate (const RingParams   *base,
                                     const RingNcclLog  *nccl_log,
                                     GError            **error);
void         ring_nccl_fit_free  (RingNcclFit        *fit);

/* Puts the fit's cluster and its values in use into @params; the GPU count, the model,
 * the step and the algorithm stay. */
void         ring_nccl_fit_apply (const RingNcclFit  *fit,
                                  RingParams         *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingNcclFit, ring_nccl_fit_free)

G_END_DECLS
