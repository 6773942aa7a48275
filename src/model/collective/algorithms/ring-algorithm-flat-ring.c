/* ring-algorithm-flat-ring.c: the seed's teaching model, kept exactly.
 *
 * One ring of N GPUs at one bandwidth B and one latency α per hop, whatever the nodes:
 *   t = 2 (N−1) · α + 2 (N−1)/N · S / B
 * (Patarasuk and Yuan 2009, "Bandwidth optimal all-reduce algorithms"). It ignores the
 * GPU and NCCL on purpose: it is what the textbook draws. Across nodes the ring still
 * crosses the NICs, once per node boundary and phase, so its one bandwidth is the slower
 * of B and what a node's NICs carry together (as NCCL's ring, ring-algorithm-ring.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-algorithm-private.h"

/* The ring's one rate: B inside a node, and no more than the NICs carry across nodes
 * (several nodes without NICs cannot run another algorithm either: B, as the seed). */
static double
flat_ring_gbps (const RingTopology *topology)
{
  if (topology->nodes > 1 && topology->network_gbps > 0)
    return MIN (topology->bandwidth_gbps, topology->network_gbps);

  return topology->bandwidth_gbps;
}

static void
flat_ring_cost (const RingTopology *topology,
                RingProtocol        protocol,
                double              bytes,
                RingAllreduceCost  *cost)
{
  guint n = topology->gpus;
  double moved = 2.0 * (n - 1) / n * bytes;

  /* No launch floor or other refinement: the seed's numbers, to the last digit. */
  cost->channels = 1;
  cost->latency_s = 2.0 * (n - 1) * (topology->latency_us * 1e-6);
  cost->bandwidth_s = moved / (flat_ring_gbps (topology) * 1e9);
  cost->time_s = cost->latency_s + cost->bandwidth_s;
  cost->bytes_per_gpu = moved;
  cost->algbw_gbps = bytes / cost->time_s / 1e9;
  cost->busbw_gbps = cost->algbw_gbps * _ring_bus_factor (topology);
}

static gboolean
flat_ring_can_run (const RingTopology  *topology,
                   const char         **why)
{
  return TRUE;
}

/* One rate and one latency α for every link, as the formula has it: B, or what the NICs
 * carry where the ring crosses them. */
static void
flat_ring_link_rates (const RingTopology *topology,
                      double             *rates_Bps,
                      double             *alpha_s)
{
  for (guint kind = 0; kind < RING_N_LINK_KINDS; kind++)
    {
      rates_Bps[kind] = flat_ring_gbps (topology) * 1e9;
      alpha_s[kind] = topology->latency_us * 1e-6;
    }
}

const RingAlgorithmInfo _ring_algorithm_flat_ring = {
  .algorithm = RING_ALGORITHM_FLAT_RING,
  .name = "flat-ring",
  .title = N_("Flat ring (the textbook formula)"),
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = flat_ring_can_run,
  .cost = flat_ring_cost,
  .schedule = &_ring_schedule_ring,
  .link_rates = flat_ring_link_rates,
  .uses_hop_latency = TRUE,
  .closed_form = TRUE,
  .fabric_pattern = RING_FABRIC_PATTERN_CROSS_RAIL,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("Flat ring"),
  .picture = RING_PICTURE_RING,
  .color_rgb = 0x77767b,
  .color_rgb_dark = 0x9a9996,
  .dash = RING_DASH_LONG,
};
