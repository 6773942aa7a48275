/* ring-schedule.c: who sends which chunk when, in ring all-reduce.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include "ring-schedule.h"

struct _RingScheduleState
{
  guint  n_gpus;
  guint  completed;
  guint *contributions;  /* n_gpus × n_gpus, [gpu * n + chunk] */
  guint *chunks_sent;    /* per GPU */
};

/* (a − b) mod n for unsigned values, without wrapping through negative numbers. */
static inline guint
ring_sub (guint a,
          guint b,
          guint n)
{
  return (a % n + n - b % n) % n;
}

guint
ring_schedule_n_steps (guint n_gpus)
{
  return n_gpus > 1 ? 2 * (n_gpus - 1) : 0;
}

RingPhase
ring_schedule_step_phase (guint n_gpus,
                          guint step)
{
  g_return_val_if_fail (step < ring_schedule_n_steps (n_gpus), RING_PHASE_SCATTER_REDUCE);

  return step < n_gpus - 1 ? RING_PHASE_SCATTER_REDUCE : RING_PHASE_ALL_GATHER;
}

guint
ring_schedule_phase_step (guint n_gpus,
                          guint step)
{
  g_return_val_if_fail (step < ring_schedule_n_steps (n_gpus), 0);

  return step < n_gpus - 1 ? step : step - (n_gpus - 1);
}

guint
ring_schedule_send_peer (guint n_gpus,
                         guint gpu)
{
  g_return_val_if_fail (gpu < n_gpus, 0);

  return (gpu + 1) % n_gpus;
}

guint
ring_schedule_send_chunk (guint n_gpus,
                          guint step,
                          guint gpu)
{
  g_return_val_if_fail (gpu < n_gpus, 0);
  g_return_val_if_fail (step < ring_schedule_n_steps (n_gpus), 0);

  /* Scatter-reduce step s: GPU i sends its partial chunk (i − s) mod N.
   * All-gather step s: GPU i sends the reduced chunk (i + 1 − s) mod N. */
  if (step < n_gpus - 1)
    return ring_sub (gpu, step, n_gpus);
  else
    return ring_sub (gpu + 1, step - (n_gpus - 1), n_gpus);
}

guint
ring_schedule_contributions (guint n_gpus,
                             guint completed_steps,
                             guint gpu,
                             guint chunk)
{
  guint distance;

  g_return_val_if_fail (gpu < n_gpus && chunk < n_gpus, 0);

  if (n_gpus == 1)
    return 1;

  completed_steps = MIN (completed_steps, ring_schedule_n_steps (n_gpus));

  /* Chunk c travels c → c+1 → … and GPU c+k receives it at scatter-reduce step k−1,
   * holding k+1 contributions from then on; GPU c−1 (k = N−1) ends with all N. */
  distance = ring_sub (gpu, chunk, n_gpus);

  if (completed_steps < n_gpus - 1)
    return (distance >= 1 && distance <= completed_steps) ? distance + 1 : 1;

  /* All-gather step t forwards the reduced chunk c from GPU c−1+t to GPU c+t, so after
   * t steps GPUs c−1, c, …, c+t−1 hold it whole. */
  if (distance == n_gpus - 1 || distance < completed_steps - (n_gpus - 1))
    return n_gpus;

  return distance + 1;
}

RingScheduleState *
ring_schedule_state_new (guint n_gpus)
{
  RingScheduleState *state;

  g_return_val_if_fail (n_gpus >= 1, NULL);
  g_return_val_if_fail (n_gpus <= 4096, NULL);

  state = g_new0 (RingScheduleState, 1);
  state->n_gpus = n_gpus;
  state->contributions = g_new (guint, (gsize) n_gpus * n_gpus);
  state->chunks_sent = g_new0 (guint, n_gpus);

  for (guint i = 0; i < n_gpus * n_gpus; i++)
    state->contributions[i] = 1;

  return state;
}

void
ring_schedule_state_free (RingScheduleState *state)
{
  if (state == NULL)
    return;

  g_free (state->contributions);
  g_free (state->chunks_sent);
  g_free (state);
}

guint
ring_schedule_state_get_n_gpus (const RingScheduleState *state)
{
  g_return_val_if_fail (state != NULL, 0);

  return state->n_gpus;
}

guint
ring_schedule_state_get_completed (const RingScheduleState *state)
{
  g_return_val_if_fail (state != NULL, 0);

  return state->completed;
}

void
ring_schedule_state_advance (RingScheduleState *state)
{
  guint n;
  g_autofree guint *in_flight = NULL;

  g_return_if_fail (state != NULL);

  n = state->n_gpus;
  if (state->completed >= ring_schedule_n_steps (n))
    return;

  /* Everything is sent at once, from the values before the step, as on real links. */
  in_flight = g_new (guint, n);
  for (guint gpu = 0; gpu < n; gpu++)
    {
      guint chunk = ring_schedule_send_chunk (n, state->completed, gpu);

      in_flight[gpu] = state->contributions[gpu * n + chunk];
      state->chunks_sent[gpu]++;
    }

  for (guint gpu = 0; gpu < n; gpu++)
    {
      guint chunk = ring_schedule_send_chunk (n, state->completed, gpu);
      guint peer = ring_schedule_send_peer (n, gpu);
      guint *slot = &state->contributions[peer * n + chunk];

      if (ring_schedule_step_phase (n, state->completed) == RING_PHASE_SCATTER_REDUCE)
        *slot += in_flight[gpu];  /* the receiver adds the partial sum into its own */
      else
        *slot = in_flight[gpu];   /* the receiver stores the reduced chunk */
    }

  state->completed++;
}

guint
ring_schedule_state_contributions (const RingScheduleState *state,
                                   guint                    gpu,
                                   guint                    chunk)
{
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (gpu < state->n_gpus && chunk < state->n_gpus, 0);

  return state->contributions[gpu * state->n_gpus + chunk];
}

double
ring_schedule_state_bytes_sent (const RingScheduleState *state,
                                guint                    gpu,
                                double                   buffer_bytes)
{
  g_return_val_if_fail (state != NULL, 0);
  g_return_val_if_fail (gpu < state->n_gpus, 0);

  return state->chunks_sent[gpu] * buffer_bytes / state->n_gpus;
}
