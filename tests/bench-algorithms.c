/* bench-algorithms.c: what a chart's costing costs. A chart of all-reduce time against
 * message size or GPUs costs about 2 000 points per redraw; this times 2 000 auto
 * all-reduces on one topology, and 2 000 with a topology built for each GPU count.
 * `meson test --benchmark` runs it; no test depends on its timing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <math.h>
#include <stdio.h>

#include "ring-algorithms.h"
#include "ring-params.h"

#define POINTS 2000
#define ROUNDS 50

int
main (void)
{
  RingParams params;
  RingTopology topology;
  RingAllreduceCost cost;
  double sink = 0;
  gint64 start;

  ring_params_init_default (&params);
  ring_params_set_from_string (&params, RING_PARAM_GPU, "h100", NULL);
  params.gpus = 64;
  ring_topology_init (&topology, &params, params.gpus);

  start = g_get_monotonic_time ();
  for (guint round = 0; round < ROUNDS; round++)
    for (guint i = 0; i < POINTS; i++)
      {
        ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, exp2 (3 + i % 32), &cost);
        sink += cost.time_s;
      }
  printf ("%d auto all-reduces over message sizes: %.3f ms\n", POINTS,
          (g_get_monotonic_time () - start) / 1000.0 / ROUNDS);

  start = g_get_monotonic_time ();
  for (guint round = 0; round < ROUNDS; round++)
    for (guint i = 0; i < POINTS; i++)
      {
        ring_allreduce_cost_for (&params, 8 + i, RING_ALGORITHM_AUTO, 1e9, &cost);
        sink += cost.time_s;
      }
  printf ("%d auto all-reduces over GPU counts: %.3f ms\n", POINTS,
          (g_get_monotonic_time () - start) / 1000.0 / ROUNDS);

  return sink > 0 ? 0 : 1;
}
