/* ring-calibration.c: the constants chosen on published runs, and the procedure that
 * chooses them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>

#include "ring-calibration.h"

/* Each constant's meaning and why it is not a documented figure: docs/model.md, §7. */
static const RingCalibrationInfo infos[RING_N_CALIBRATION] = {
  /* The gap between back-to-back kernels on one stream, beyond NCCL's base latency. */
  [RING_CALIBRATION_LAUNCH_GAP] = { "launch-gap-us", 2.0, 0.0, 10.0, RING_N_CALIBRATION },
  /* A process driving several GPUs (nccl-tests -g) launches each one's share in turn. */
  [RING_CALIBRATION_HOST_LAUNCH] = { "host-launch-us", 6.0, 0.0, 20.0, RING_N_CALIBRATION },
  /* LL's thread stores a line and waits for the peer's flag: two hop latencies. */
  [RING_CALIBRATION_LL_ROUND_TRIP] = { "ll-round-trip-hops", 2.0, 0.5, 4.0,
                                       RING_N_CALIBRATION },
  /* RoCE through Ethernet switches, beyond InfiniBand's 1 µs. */
  [RING_CALIBRATION_ROCE_LATENCY] = { "roce-latency-us", 3.0, 1.0, 20.0,
                                      RING_N_CALIBRATION },
  /* AWS EFA (SRD over Ethernet); with no EFA row to go by, RoCE's. */
  [RING_CALIBRATION_EFA_LATENCY] = { "efa-latency-us", 12.0, 1.0, 40.0,
                                     RING_CALIBRATION_ROCE_LATENCY },
};

static RingCalibration default_calibration;

const RingCalibrationInfo *
ring_calibration_info (RingCalibrationId id)
{
  g_return_val_if_fail (id < RING_N_CALIBRATION, NULL);

  return &infos[id];
}

const RingCalibration *
ring_calibration_default (void)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      for (guint id = 0; id < RING_N_CALIBRATION; id++)
        default_calibration.value[id] = infos[id].default_value;
      g_once_init_leave (&initialized, 1);
    }

  return &default_calibration;
}

double
ring_calibration_predict_us (const RingCalibration    *calibration,
                             const RingCalibrationRow *row,
                             RingAllreduceCost        *cost)
{
  RingParams params;
  RingTopology topology;
  RingAllreduceCost local;

  g_return_val_if_fail (calibration != NULL, 0);
  g_return_val_if_fail (row != NULL, 0);

  if (cost == NULL)
    cost = &local;

  params = row->params;
  if (row->latency == RING_ROW_LATENCY_ROCE)
    params.net_latency_us = calibration->value[RING_CALIBRATION_ROCE_LATENCY];
  else if (row->latency == RING_ROW_LATENCY_EFA)
    params.net_latency_us = calibration->value[RING_CALIBRATION_EFA_LATENCY];

  ring_topology_init (&topology, &params, params.gpus);
  topology.gpus_per_process = MAX (row->gpus_per_process, 1);
  topology.calibration = calibration;
  if (!ring_allreduce_cost (&topology, row->algorithm, row->size_bytes, cost))
    return 0;

  return cost->time_s * 1e6;
}

double
ring_calibration_error (const RingCalibration    *calibration,
                        const RingCalibrationRow *const *rows,
                        guint                     n_rows)
{
  double sum = 0;

  g_return_val_if_fail (calibration != NULL, NAN);
  g_return_val_if_fail (rows != NULL || n_rows == 0, NAN);

  if (n_rows == 0)
    return 0;

  for (guint i = 0; i < n_rows; i++)
    {
      double predicted_us = ring_calibration_predict_us (calibration, rows[i], NULL);

      /* A row the model cannot run counts as far off, not as a match. */
      sum += predicted_us > 0 ? fabs (log (predicted_us / rows[i]->measured_us)) : 10.0;
    }

  return sum / n_rows;
}

/* Whether moving constant @id across its range changes any row's time. */
static gboolean
is_determined (const RingCalibration    *calibration,
               RingCalibrationId         id,
               const RingCalibrationRow *const *rows,
               guint                     n_rows)
{
  RingCalibration low = *calibration, high = *calibration;

  low.value[id] = infos[id].low;
  high.value[id] = infos[id].high;
  for (guint i = 0; i < n_rows; i++)
    {
      double low_us = ring_calibration_predict_us (&low, rows[i], NULL);
      double high_us = ring_calibration_predict_us (&high, rows[i], NULL);

      if (low_us > 0 && high_us > 0 && fabs (log (high_us / low_us)) > 1e-3)
        return TRUE;
    }

  return FALSE;
}

/* Scans one constant over its range with the others held, and keeps the best. */
static double
scan (RingCalibration          *calibration,
      RingCalibrationId         id,
      const RingCalibrationRow *const *rows,
      guint                     n_rows,
      double                    best)
{
  const guint steps = 16;
  double best_value = calibration->value[id];

  for (guint k = 0; k <= steps; k++)
    {
      double error;

      calibration->value[id] = infos[id].low + (infos[id].high - infos[id].low) * k / steps;
      error = ring_calibration_error (calibration, rows, n_rows);
      if (error < best)
        {
          best = error;
          best_value = calibration->value[id];
        }
    }
  calibration->value[id] = best_value;

  return best;
}

void
ring_calibration_fit (RingCalibration          *calibration,
                      const RingCalibrationRow *const *rows,
                      guint                     n_rows,
                      gboolean                 *determined)
{
  gboolean free_value[RING_N_CALIBRATION];
  double step[RING_N_CALIBRATION];
  double best;
  gboolean moved;

  g_return_if_fail (calibration != NULL);
  g_return_if_fail (rows != NULL || n_rows == 0);

  for (guint id = 0; id < RING_N_CALIBRATION; id++)
    {
      calibration->value[id] = (infos[id].low + infos[id].high) / 2;
      step[id] = (infos[id].high - infos[id].low) / 32;
    }
  for (guint id = 0; id < RING_N_CALIBRATION; id++)
    {
      free_value[id] = is_determined (calibration, id, rows, n_rows);
      if (determined != NULL)
        determined[id] = free_value[id];
    }

  /* The error has kinks where the protocols and algorithms switch: scan each constant
   * over its whole range a few times, then refine by a compass search. */
  best = ring_calibration_error (calibration, rows, n_rows);
  for (guint round = 0; round < 3; round++)
    for (guint id = 0; id < RING_N_CALIBRATION; id++)
      if (free_value[id])
        best = scan (calibration, id, rows, n_rows, best);

  do
    {
      moved = FALSE;
      for (guint id = 0; id < RING_N_CALIBRATION; id++)
        {
          if (!free_value[id] || step[id] < (infos[id].high - infos[id].low) / 4096)
            continue;
          for (int sign = -1; sign <= 1; sign += 2)
            {
              double previous = calibration->value[id];
              double error;

              calibration->value[id] = CLAMP (previous + sign * step[id],
                                              infos[id].low, infos[id].high);
              error = ring_calibration_error (calibration, rows, n_rows);
              if (error < best)
                {
                  best = error;
                  moved = TRUE;
                  break;
                }
              calibration->value[id] = previous;
            }
        }
      if (!moved)
        for (guint id = 0; id < RING_N_CALIBRATION; id++)
          {
            if (free_value[id] && step[id] >= (infos[id].high - infos[id].low) / 4096)
              moved = TRUE;
            step[id] /= 2;
          }
    }
  while (moved);

  for (guint id = 0; id < RING_N_CALIBRATION; id++)
    if (!free_value[id] && infos[id].fallback < RING_N_CALIBRATION)
      calibration->value[id] = calibration->value[infos[id].fallback];
}
