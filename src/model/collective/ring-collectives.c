/* ring-collectives.c: the registry of collectives nccl-tests measures.
 *
 * Each one's program and nccl-tests' bus bandwidth convention (doc/PERFORMANCE.md in
 * nccl-tests): busbw = algbw · 2 (N − 1)/N for all-reduce, (N − 1)/N for reduce-scatter,
 * all-gather and alltoall, 1 for broadcast. Their costs are ring-collective-cost.c's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ring-collectives.h"

/* nccl-tests' doc/PERFORMANCE.md: busbw = algbw · factor. */
static double
all_reduce_factor (guint gpus)
{
  return gpus > 0 ? 2.0 * (gpus - 1) / gpus : 0;
}

static double
one_pass_factor (guint gpus)
{
  return gpus > 0 ? (double) (gpus - 1) / gpus : 0;
}

static double
broadcast_factor (guint gpus)
{
  return 1;
}

static const RingCollectiveInfo registry[RING_N_COLLECTIVES] = {
  { RING_COLLECTIVE_ALL_REDUCE, "all_reduce", "all_reduce_perf", N_("all-reduce"),
    all_reduce_factor },
  { RING_COLLECTIVE_REDUCE_SCATTER, "reduce_scatter", "reduce_scatter_perf",
    N_("reduce-scatter"), one_pass_factor },
  { RING_COLLECTIVE_ALL_GATHER, "all_gather", "all_gather_perf", N_("all-gather"),
    one_pass_factor },
  { RING_COLLECTIVE_BROADCAST, "broadcast", "broadcast_perf", N_("broadcast"),
    broadcast_factor },
  { RING_COLLECTIVE_ALLTOALL, "alltoall", "alltoall_perf", N_("alltoall"),
    one_pass_factor },
};

const RingCollectiveInfo *
ring_collective_info (RingCollective collective)
{
  g_return_val_if_fail (collective < RING_N_COLLECTIVES, NULL);

  return &registry[collective];
}

const RingCollectiveInfo *
ring_collectives_get (guint *n_collectives)
{
  if (n_collectives != NULL)
    *n_collectives = RING_N_COLLECTIVES;

  return registry;
}

gboolean
ring_collective_from_name (const char     *name,
                           RingCollective *collective)
{
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (collective != NULL, FALSE);

  for (guint i = 0; i < RING_N_COLLECTIVES; i++)
    {
      if (g_str_equal (name, registry[i].name) || g_str_equal (name, registry[i].program))
        {
          *collective = registry[i].collective;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
ring_collective_get_title (RingCollective collective)
{
  g_return_val_if_fail (collective < RING_N_COLLECTIVES, NULL);

  return _(registry[collective].title);
}

double
ring_collective_busbw_factor (RingCollective collective,
                              guint          gpus)
{
  g_return_val_if_fail (collective < RING_N_COLLECTIVES, 0);

  return registry[collective].busbw_factor (gpus);
}

