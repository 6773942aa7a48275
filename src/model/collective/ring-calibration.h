/* ring-calibration.h: the model's constants that no document gives, and the procedure
 * that chooses them from published runs.
 *
 * Every other number of the model comes from a datasheet or from NCCL's source. These few
 * were chosen by comparing with measured rows; so that the validation can say how the
 * model does on a system it has not seen, their choice is a procedure
 * (ring_calibration_fit()) that any subset of the rows can run: fit on every system but
 * one, predict the one left out.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-algorithms.h"

G_BEGIN_DECLS

typedef enum
{
  RING_CALIBRATION_LAUNCH_GAP,    /* µs between back-to-back kernels, every call */
  RING_CALIBRATION_HOST_LAUNCH,   /* µs a host thread spends launching one GPU's share */
  RING_CALIBRATION_LL_ROUND_TRIP, /* hop latencies per LL line (store, then flag poll) */
  RING_CALIBRATION_ROCE_LATENCY,  /* µs, RoCE's one-way latency */
  RING_CALIBRATION_EFA_LATENCY,   /* µs, AWS EFA's one-way latency */
  RING_N_CALIBRATION
} RingCalibrationId;

struct _RingCalibration
{
  double value[RING_N_CALIBRATION];
};

typedef struct
{
  const char        *name;          /* as the validation prints it */
  double             default_value; /* what the application uses */
  double             low, high;     /* the range the procedure searches */
  /* What a fold takes when none of its rows depends on this constant: another constant's
   * fitted value (RING_N_CALIBRATION: keep the range's middle). */
  RingCalibrationId  fallback;
} RingCalibrationInfo;

const RingCalibrationInfo *ring_calibration_info    (RingCalibrationId id);
/* The constants the application uses (each info's default_value). */
const RingCalibration     *ring_calibration_default (void);

/* A fabric latency the row does not state but takes from the calibration. */
typedef enum
{
  RING_ROW_LATENCY_GIVEN,
  RING_ROW_LATENCY_ROCE,
  RING_ROW_LATENCY_EFA,
} RingRowLatency;

/* One published measurement: a cluster, what ran, and the time it took. */
typedef struct
{
  RingParams     params;            /* params.gpus ranks; net_latency_us if GIVEN */
  RingRowLatency latency;
  guint          gpus_per_process;  /* nccl-tests -g */
  RingAlgorithm  algorithm;
  double         size_bytes;
  double         measured_us;
} RingCalibrationRow;

/* The model's time for @row with the constants @calibration, µs (0 if it cannot run). */
double   ring_calibration_predict_us (const RingCalibration    *calibration,
                                      const RingCalibrationRow *row,
                                      RingAllreduceCost        *cost);
/* Mean |ln (predicted / measured)| over @rows. */
double   ring_calibration_error      (const RingCalibration    *calibration,
                                      const RingCalibrationRow *const *rows,
                                      guint                     n_rows);
/* Chooses every constant that minimises ring_calibration_error() on @rows, starting from
 * the middle of each range (never from the defaults, which were chosen on all rows).
 * @determined (optional) says, per constant, whether any row depends on it; one that
 * none does takes its fallback. */
void     ring_calibration_fit        (RingCalibration          *calibration,
                                      const RingCalibrationRow *const *rows,
                                      guint                     n_rows,
                                      gboolean                 *determined);

G_END_DECLS
