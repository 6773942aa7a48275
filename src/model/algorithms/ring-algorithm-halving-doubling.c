/* ring-algorithm-halving-doubling.c: Rabenseifner's all-reduce.
 *
 * A reduce-scatter by recursive vector halving, then an all-gather by recursive doubling
 * (Rabenseifner 2004; Thakur, Rabenseifner and Gropp 2005, "Optimization of collective
 * communication operations in MPICH"): 2 log2 p steps instead of the ring's 2 (p−1), the
 * same 2 (p−1)/p of the buffer per GPU. Partners start near (distance 1, half the
 * buffer) and end far (distance p/2, 1/p of it), so the steps that cross nodes carry the
 * least. When N is not a power of two, p = 2^⌊log2 N⌋ and the r = N − p others first
 * hand their whole buffer to a partner and get the result back at the end: two more
 * steps of S bytes. α is the latency parameter per step, plus the network's between nodes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-algorithm-private.h"

typedef struct
{
  double alpha_s;       /* a step inside a node */
  double net_alpha_s;   /* a step between nodes */
  double link_bps;      /* one GPU's links */
  double nic_share_bps; /* one GPU's share of its node's NICs, all sending at once */
} Rates;

static double
step_s (const Rates *rates,
        gboolean     crosses_nodes,
        double       bytes)
{
  if (crosses_nodes)
    return rates->net_alpha_s + bytes / rates->nic_share_bps;

  return rates->alpha_s + bytes / rates->link_bps;
}

static void
halving_doubling_cost (const RingTopology *topology,
                       RingProtocol        protocol,
                       double              bytes,
                       RingAllreduceCost  *cost)
{
  guint n = topology->gpus;
  guint log_p = _ring_log2i (n);
  double p = exp2 (log_p);
  double extra = n - p;
  double g = topology->ranks_per_node;
  Rates rates = {
    topology->latency_us * 1e-6,
    (topology->latency_us + topology->net_latency_us) * 1e-6,
    topology->link_gbps * RING_GPU_EFFICIENCY * 1e9,
    topology->nodes > 1 ? topology->network_gbps / g * 1e9 : 1,
  };
  double latency_s = 0, total_s = 0;

  for (guint k = 0; k < log_p; k++)
    {
      /* Partner distance 2^k among the p, stretched over all N ranks. */
      gboolean crosses = exp2 (k) * n / p >= g && topology->nodes > 1;
      double half = bytes / exp2 (k + 1);

      /* Once halving, once doubling: the same step twice. */
      total_s += 2 * step_s (&rates, crosses, half);
      latency_s += 2 * (crosses ? rates.net_alpha_s : rates.alpha_s);
    }

  if (extra > 0)
    {
      /* Neighbours pair up inside a node when it holds two or more GPUs. */
      gboolean crosses = g < 2 && topology->nodes > 1;

      total_s += 2 * step_s (&rates, crosses, bytes);
      latency_s += 2 * (crosses ? rates.net_alpha_s : rates.alpha_s);
    }

  cost->channels = 1;
  _ring_cost_finish (topology, bytes, latency_s, total_s - latency_s,
                     2 * (p - 1) / p * bytes + (extra > 0 ? bytes : 0), cost);
}

static gboolean
halving_doubling_can_run (const RingTopology  *topology,
                          const char         **why)
{
  return _ring_network_can_run (topology, why);
}

const RingAlgorithmInfo _ring_algorithm_halving_doubling = {
  RING_ALGORITHM_HALVING_DOUBLING, "halving-doubling",
  N_("Halving-doubling (Rabenseifner)"), FALSE, RING_PROTOCOLS_SIMPLE,
  halving_doubling_can_run, halving_doubling_cost, NULL,
};
