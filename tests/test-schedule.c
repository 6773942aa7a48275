/* test-schedule.c: the invariants of the ring schedule for every N from 1 to 64.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-schedule.h"

#define MAX_GPUS 64

/* After scatter-reduce (N−1 steps) GPU i holds exactly chunk (i+1) mod N fully reduced,
 * and no other chunk fully reduced (for N > 1). */
static void
test_scatter_reduce_result (void)
{
  for (guint n = 1; n <= MAX_GPUS; n++)
    {
      g_autoptr(RingScheduleState) state = ring_schedule_state_new (n);

      for (guint k = 0; k + 1 < n; k++)
        ring_schedule_state_advance (state);

      for (guint gpu = 0; gpu < n; gpu++)
        for (guint chunk = 0; chunk < n; chunk++)
          {
            guint held = ring_schedule_state_contributions (state, gpu, chunk);

            if (chunk == (gpu + 1) % n)
              g_assert_cmpuint (held, ==, n);
            else
              g_assert_cmpuint (held, <, n);
          }
    }
}

/* After all-gather every GPU holds every chunk fully reduced. */
static void
test_all_gather_result (void)
{
  for (guint n = 1; n <= MAX_GPUS; n++)
    {
      g_autoptr(RingScheduleState) state = ring_schedule_state_new (n);

      for (guint k = 0; k < ring_schedule_n_steps (n); k++)
        ring_schedule_state_advance (state);

      for (guint gpu = 0; gpu < n; gpu++)
        for (guint chunk = 0; chunk < n; chunk++)
          g_assert_cmpuint (ring_schedule_state_contributions (state, gpu, chunk), ==, n);
    }
}

/* Every link i → i+1 carries exactly one chunk per step, and during scatter-reduce no two
 * GPUs send the same chunk (each chunk's partial sum travels one path). */
static void
test_one_chunk_per_link (void)
{
  for (guint n = 2; n <= MAX_GPUS; n++)
    {
      g_assert_cmpuint (ring_schedule_n_steps (n), ==, 2 * (n - 1));

      for (guint k = 0; k < ring_schedule_n_steps (n); k++)
        {
          g_autofree guint *senders_of_chunk = g_new0 (guint, n);

          for (guint gpu = 0; gpu < n; gpu++)
            {
              guint chunk = ring_schedule_send_chunk (n, k, gpu);

              g_assert_cmpuint (chunk, <, n);
              g_assert_cmpuint (ring_schedule_send_peer (n, gpu), ==, (gpu + 1) % n);
              senders_of_chunk[chunk]++;
            }

          /* One chunk per link per step means N sends covering N distinct chunks. */
          for (guint chunk = 0; chunk < n; chunk++)
            g_assert_cmpuint (senders_of_chunk[chunk], ==, 1);
        }
    }
}

/* The formulas from DESIGN.md, checked literally for one N. */
static void
test_send_chunk_formula (void)
{
  guint n = 5;

  /* scatter-reduce step s: (i − s) mod N */
  g_assert_cmpuint (ring_schedule_send_chunk (n, 0, 0), ==, 0);
  g_assert_cmpuint (ring_schedule_send_chunk (n, 1, 0), ==, 4);
  g_assert_cmpuint (ring_schedule_send_chunk (n, 3, 2), ==, 4);
  /* all-gather step s (global step N−1+s): (i + 1 − s) mod N */
  g_assert_cmpuint (ring_schedule_send_chunk (n, 4, 0), ==, 1);
  g_assert_cmpuint (ring_schedule_send_chunk (n, 6, 0), ==, 4);
  g_assert_cmpint (ring_schedule_step_phase (n, 3), ==, RING_PHASE_SCATTER_REDUCE);
  g_assert_cmpint (ring_schedule_step_phase (n, 4), ==, RING_PHASE_ALL_GATHER);
  g_assert_cmpuint (ring_schedule_phase_step (n, 4), ==, 0);
  g_assert_cmpuint (ring_schedule_phase_step (n, 7), ==, 3);
}

/* Each GPU sends 2 (N−1) chunks, 2 (N−1) · S/N bytes in all. */
static void
test_bytes_sent (void)
{
  const double buffer_bytes = 28e9;

  for (guint n = 1; n <= MAX_GPUS; n++)
    {
      g_autoptr(RingScheduleState) state = ring_schedule_state_new (n);

      for (guint k = 0; k < ring_schedule_n_steps (n); k++)
        ring_schedule_state_advance (state);

      for (guint gpu = 0; gpu < n; gpu++)
        g_assert_cmpfloat_with_epsilon (ring_schedule_state_bytes_sent (state, gpu, buffer_bytes),
                                        2.0 * (n - 1) * buffer_bytes / n, 1e-3);
    }
}

/* The O(1) closed form the animation draws from equals the step-by-step simulation at
 * every step, for every GPU and chunk. */
static void
test_closed_form_matches_simulation (void)
{
  for (guint n = 1; n <= MAX_GPUS; n++)
    {
      g_autoptr(RingScheduleState) state = ring_schedule_state_new (n);

      for (guint k = 0; k <= ring_schedule_n_steps (n); k++)
        {
          for (guint gpu = 0; gpu < n; gpu++)
            for (guint chunk = 0; chunk < n; chunk++)
              g_assert_cmpuint (ring_schedule_contributions (n, k, gpu, chunk), ==,
                                ring_schedule_state_contributions (state, gpu, chunk));
          ring_schedule_state_advance (state);
        }

      /* Advancing past the end changes nothing. */
      g_assert_cmpuint (ring_schedule_state_get_completed (state), ==, ring_schedule_n_steps (n));
    }
}

/* The closed form also answers for rings too large to simulate. */
static void
test_closed_form_large_ring (void)
{
  guint n = 1048576;

  g_assert_cmpuint (ring_schedule_contributions (n, n - 1, 5, 6), ==, n);
  g_assert_cmpuint (ring_schedule_contributions (n, n - 1, 5, 7), ==, n - 1);
  g_assert_cmpuint (ring_schedule_contributions (n, 0, 5, 6), ==, 1);
  g_assert_cmpuint (ring_schedule_contributions (n, 2 * (n - 1), 123, 99999), ==, n);
  g_assert_cmpuint (ring_schedule_send_chunk (n, 2 * (n - 1) - 1, 0), ==, 3);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/schedule/scatter-reduce-result", test_scatter_reduce_result);
  g_test_add_func ("/ring/schedule/all-gather-result", test_all_gather_result);
  g_test_add_func ("/ring/schedule/one-chunk-per-link", test_one_chunk_per_link);
  g_test_add_func ("/ring/schedule/send-chunk-formula", test_send_chunk_formula);
  g_test_add_func ("/ring/schedule/bytes-sent", test_bytes_sent);
  g_test_add_func ("/ring/schedule/closed-form", test_closed_form_matches_simulation);
  g_test_add_func ("/ring/schedule/closed-form-large", test_closed_form_large_ring);

  return g_test_run ();
}
