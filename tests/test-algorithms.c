/* test-algorithms.c: each algorithm at points derived by hand, auto's choices, the registry.
 *
 * The derivations use the constants of docs/model.md: NCCL's link payload rates (NVLink
 * 20/25 on Ampere, 20.6/25 on Hopper), the GPU's 0.96, NCCL v2.30's latencies, a NIC's
 * 0.96 of its line rate, and a 2 µs launch gap per call.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-cost.h"
#include "ring-enum-types.h"
#include "ring-test-numbers.h"

#define GIB 1073741824.0

/* @gpus GPUs of @gpu, the GPU's usual node, 8 NICs of 400 Gb/s on InfiniBand. */
static void
topology_for (RingTopology *topology,
              const char   *gpu,
              guint         gpus,
              const char   *fabric)
{
  RingParams params;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, gpu, NULL));
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_FABRIC, fabric, NULL));
  params.gpus = gpus;
  ring_topology_init (topology, &params, gpus);
}

/* As topology_for(), with NCCL @version as --nccl-version reads it. */
static void
topology_for_version (RingTopology *topology,
                      const char   *gpu,
                      guint         gpus,
                      const char   *version)
{
  RingParams params;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, gpu, NULL));
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NCCL_VERSION, version,
                                              NULL));
  params.gpus = gpus;
  ring_topology_init (topology, &params, gpus);
}

static RingAllreduceCost
cost_with (const RingTopology *topology,
           RingAlgorithm       algorithm,
           RingProtocol        protocol,
           double              bytes)
{
  RingAllreduceCost cost;

  g_assert_true (ring_allreduce_cost_with (topology, algorithm, protocol, bytes, &cost));
  g_assert_cmpint (cost.algorithm, ==, algorithm);
  g_assert_cmpint (cost.protocol, ==, protocol);
  ring_test_assert_close (cost.time_s, cost.latency_s + cost.bandwidth_s, 1e-12);

  return cost;
}

/* The seed's defaults through the registry: 2 · 7 · 5 µs + 2 · 7/8 · 28e9 / 300e9. */
static void
test_flat_ring (void)
{
  RingParams params;
  RingAllreduceCost cost;

  ring_params_init_default (&params);
  g_assert_true (ring_allreduce_cost_for (&params, 8, RING_ALGORITHM_FLAT_RING, 28e9, &cost));
  ring_test_assert_close (cost.time_s, 7e-5 + 49.0 / 300.0, 1e-12);
  ring_test_assert_close (cost.latency_s, 7e-5, 1e-12);
  ring_test_assert_close (cost.bytes_per_gpu, 49e9, 1e-12);
}

/* Topologies the cases share, as ring-topology.c derives them:
 * - custom (Ampere, NVSwitch, 300 GB/s): links carry 300 · 20/25 = 240 GB/s; the channel
 *   search takes 6 channels of 40 and doubles them: 12 channels of 20 GB/s.
 * - h100 (Hopper, 450 GB/s): 450 · 20.6/25 = 370.8 GB/s; 6 channels of 60 (360) doubled:
 *   12 of 30. Two nodes: 8 NICs of 50 GB/s carry 8 · 48 = 384 ≥ 360 per channel set, so
 *   the channels stay at 30; the NICs carry 8 · 50 · 0.96 = 384 GB/s. */
static void
test_topology (void)
{
  RingTopology topology;

  topology_for (&topology, "custom", 8, "infiniband");
  g_assert_cmpuint (topology.nodes, ==, 1);
  ring_test_assert_close (topology.link_gbps, 240, 1e-12);
  g_assert_cmpuint (topology.channels, ==, 12);
  ring_test_assert_close (topology.channel_gbps, 20, 1e-12);

  topology_for (&topology, "h100", 16, "infiniband");
  g_assert_cmpuint (topology.nodes, ==, 2);
  ring_test_assert_close (topology.link_gbps, 370.8, 1e-12);
  g_assert_cmpuint (topology.channels, ==, 12);
  ring_test_assert_close (topology.channel_gbps, 30, 1e-12);
  ring_test_assert_close (topology.network_gbps, 384, 1e-12);

  /* 9 GPUs, 8 per node: two nodes, 4.5 ranks each on average. */
  topology_for (&topology, "h100", 9, "infiniband");
  g_assert_cmpuint (topology.nodes, ==, 2);
  ring_test_assert_close (topology.ranks_per_node, 4.5, 1e-12);
}

/* NCCL's socket transport (TCP) is CPU-bound: two nodes of 8 H100 with 8 NICs of
 * 400 Gb/s have 12 channels, one connection each with one helper thread of 3.125 GB/s:
 * 37.5 GB/s through the sockets, not the 8 · 50 · 1448/1538 = 376.6 GB/s of the wire,
 * and the ring's bus bandwidth follows. One NIC of 10 Gb/s binds before the threads:
 * 1.25 · 1448/1538 GB/s. RDMA fabrics have no such bound. */
static void
test_socket_transport (void)
{
  RingTopology topology;
  RingParams params;
  RingAllreduceCost cost;

  topology_for (&topology, "h100", 16, "tcp");
  g_assert_cmpuint (topology.channels, ==, 12);
  ring_test_assert_close (topology.socket_gbps, 37.5, 1e-12);
  ring_test_assert_close (topology.network_gbps, 37.5, 1e-12);
  ring_test_assert_close (topology.channel_gbps, 3.125, 1e-12);
  cost = cost_with (&topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE, 16 * GIB);
  g_assert_cmpfloat (cost.busbw_gbps, <, 37.5);
  g_assert_cmpfloat (cost.busbw_gbps, >, 0.9 * 37.5);

  topology_for (&topology, "h100", 16, "roce");
  ring_test_assert_close (topology.socket_gbps, 0, 1e-12);
  ring_test_assert_close (topology.network_gbps, 384, 1e-12);

  topology_for (&topology, "h100", 8, "tcp");
  ring_test_assert_close (topology.socket_gbps, 0, 1e-12);

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "v100", NULL));
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_FABRIC, "tcp", NULL));
  params.gpus_per_node = 1;
  params.nics_per_node = 1;
  params.nic_speed_gbit = 10;
  ring_topology_init (&topology, &params, 2);
  ring_test_assert_close (topology.network_gbps, 1.25 * 1448.0 / 1538.0, 1e-12);
  g_assert_cmpfloat (topology.socket_gbps, >, topology.network_gbps);
}

/* Ring, Simple, one node of 8 custom GPUs, 1 GiB:
 *   latency   = 2 (launch) + 8.4 (base) + 14 steps · 3.4 (NVLink Simple hop) = 58 µs
 *   bus bw    = 240 · 0.96 = 230.4 GB/s (12 channels of 20 would allow 240)
 *   algbw     = 230.4 / (2 · 7/8) = 131.657 GB/s → bytes take 2^30 / 131.657e9 s
 *   fill      = one chunk of min (4 · 512 KiB, 2^30 / (12 · 8)) = 2 MiB at algbw / 12 */
static void
test_ring_one_node (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 230.4 / 1.75 * 1e9;

  topology_for (&topology, "custom", 8, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 58e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw + 2097152 / (algbw / 12), 1e-12);
  g_assert_cmpuint (cost.channels, ==, 12);
  ring_test_assert_close (cost.bytes_per_gpu, 1.75 * GIB, 1e-12);
  ring_test_assert_close (cost.busbw_gbps, GIB / cost.time_s * 1.75 / 1e9, 1e-12);
}

/* Ring, Simple, 2 nodes of 8 H100 over 8 × 400 Gb/s, 1 GiB:
 *   latency = 2 + 1.4 · (8.4 + 28 NVLink steps · 3.4 + 2 network steps · 14) = 186.24 µs:
 *             across nodes, with each rank's share of a channel at least 64 B, NCCL's
 *             ring plateau (× 1.4 after Volta, tuning.cc)
 *   bus bw  = min (370.8 · 0.96 · 8/7 = 406.83, NICs 384) = 384 GB/s: the NICs bound it,
 *             since every channel leaves each node once through the node's NICs
 *   algbw   = 384 / (2 · 15/16) = 204.8 GB/s
 *   fill    = one chunk of 2 MiB (2^30 / (12 · 16) is more) at algbw / 12 */
static void
test_ring_two_nodes (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 384.0 / 1.875 * 1e9;

  topology_for (&topology, "h100", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 186.24e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw + 2097152 / (algbw / 12), 1e-12);
  /* 8 bytes: far below 64 B a rank and channel, no plateau: 2 + 131.6 µs. */
  cost = cost_with (&topology, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE, 8);
  ring_test_assert_close (cost.latency_s, 133.6e-6, 1e-12);
}

/* Ring, LL, one node of 8 custom GPUs, 8 bytes: a latency, nothing else to speak of.
 *   latency = 2 + 6.6 + 14 · 0.6 = 17 µs
 *   LL: 8 B is below every thread threshold: one channel of 3 warps (96 threads), each
 *   moving 8 bytes per round trip of 2 · 0.6 µs: 96 · 8 / 1.2 µs = 0.64 GB/s of bus bw. */
static void
test_ring_ll (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double busbw = 96 * 8 / 1.2e-6;

  topology_for (&topology, "custom", 8, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_RING, RING_PROTOCOL_LL, 8);
  ring_test_assert_close (cost.latency_s, 17e-6, 1e-12);
  g_assert_cmpuint (cost.channels, ==, 1);
  ring_test_assert_close (cost.bandwidth_s, 8 * 1.75 / busbw, 1e-12);
}

/* Tree, Simple, 2 nodes of 8 H100, 1 GiB:
 *   latency = 2 + 8.4 + 2 · (7 · 4.0 (NVLink tree hop) + 1 · 14 (network)) = 94.4 µs
 *   algbw   = the chain sends the buffer up and down: 370.8 · 0.96 · 8/7 / 2 = 203.41 GB/s,
 *             under the two-node network bound (each node sends S once: 384 GB/s)
 *   fill    = 2 · (7 + 1) = 16 stages of a 512 KiB chunk at algbw / 12 */
static void
test_tree (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 370.8 * 0.96 * 8 / 7 / 2 * 1e9;

  topology_for (&topology, "h100", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_TREE, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 94.4e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw + 16 * 524288 / (algbw / 12), 1e-12);

  /* Beyond two nodes an inner node sends the buffer twice: 32 nodes are bound by
   * 384 / 2 = 192 GB/s, below the chain's 203.41. */
  topology_for (&topology, "h100", 256, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_TREE, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.algbw_gbps, GIB / cost.time_s / 1e9, 1e-12);
  g_assert_cmpfloat (cost.algbw_gbps, <, 192);
}

/* Tree, LL, 2 nodes of 8 H100, 32 KiB: the proxy's queue of network posts.
 *   latency  = 2 + 6.8 + 2 · (7 · 0.6 (NVLink LL tree hop) + 1 · 5.0 (network)) = 27.2 µs
 *   channels = 32768 B < 12 channels · 512 threads · 8 B: ⌊32768 / 4096⌋ = 8 of 512 threads
 *   algbw    = 8 · (512 · 8 B / (2 · 0.6 µs)) / 2 = 13.653 GB/s (far under the links'
 *              203.4 · ½ for LL's flags)
 *   queue    = each network step waits behind the posts of the 7 other channels, NCCL's
 *              1 µs netOverhead each, going up and coming down: 2 · 7 · 1 = 14 µs
 * At 1 KiB one channel runs, and nothing queues. */
static void
test_tree_ll_proxy_queue (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 8 * (512 * 8 / 1.2e-6) / 2;

  topology_for (&topology, "h100", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_TREE, RING_PROTOCOL_LL, 32768);
  ring_test_assert_close (cost.latency_s, 27.2e-6, 1e-12);
  g_assert_cmpuint (cost.channels, ==, 8);
  ring_test_assert_close (cost.bandwidth_s, 32768 / algbw + 14e-6, 1e-12);

  cost = cost_with (&topology, RING_ALGORITHM_TREE, RING_PROTOCOL_LL, 1024);
  g_assert_cmpuint (cost.channels, ==, 1);
  g_assert_cmpfloat (cost.bandwidth_s, <, 3e-6);

  /* One node: no proxy, no queue. */
  topology_for (&topology, "h100", 8, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_TREE, RING_PROTOCOL_LL, 32768);
  ring_test_assert_close (cost.bandwidth_s, 32768 / algbw, 1e-12);
}

/* NVLS, one node of 8 H100, 1 GiB:
 *   latency = 2 + 25 = 27 µs
 *   algbw   = 370.8 · 8/9 (each GPU sends S and its S/8 shard) · 0.85 (Hopper's NVLS
 *             efficiency) · 15/16 (one of 16 channels in reserve) = 262.65 GB/s
 *   fill    = 2 stages of a 128 KiB chunk per pipeline, 16 channels · 8 GPUs of them */
static void
test_nvls (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 370.8 * 8 / 9 * 0.85 * 15 / 16 * 1e9;

  topology_for (&topology, "h100", 8, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_NVLS, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 27e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw + 2 * 131072 / (algbw / 128), 1e-12);
  ring_test_assert_close (cost.bytes_per_gpu, GIB * 9 / 8, 1e-12);
  /* nccl-tests' bus bandwidth near 460 GB/s: NVIDIA quotes ~480 (nccl-tests #212). */
  g_assert_cmpfloat (cost.busbw_gbps, >, 440);
  g_assert_cmpfloat (cost.busbw_gbps, <, 480);
}

/* NVLS-tree, 2 nodes of 8 H100, 1 GiB:
 *   latency = 2 + 25 + 2 · 1 · 14 (the tree's network hop) = 55 µs
 *   algbw   = min (NVLS's 262.65, two nodes' NICs 384) = 262.65 GB/s
 *   fill    = as NVLS: 2 stages of 128 KiB over 128 pipelines */
static void
test_nvls_tree (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 370.8 * 8 / 9 * 0.85 * 15 / 16 * 1e9;

  topology_for (&topology, "h100", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_NVLS_TREE, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 55e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw + 2 * 131072 / (algbw / 128), 1e-12);

  /* Four nodes: the NICs carry the buffer twice, 384 / 2 = 192 GB/s bounds it. */
  topology_for (&topology, "h100", 32, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_NVLS_TREE, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.bandwidth_s, GIB / 192e9 + 2 * 131072 / (192e9 / 128), 1e-12);
}

/* CollNet, 2 nodes of 8 H100 on InfiniBand with SHARP, 1 GiB:
 *   latency = 2 + 2 · (1 · 3.7 + 7 · 0.4) + 31 = 46 µs
 *   algbw   = min (NICs 384, NVLink reduce-scatter + all-gather 370.8 · 0.96 · 8 / 14) */
static void
test_collnet (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double algbw = 370.8 * 0.96 * 8 / 14 * 1e9;

  topology_for (&topology, "h100", 16, "infiniband-sharp");
  cost = cost_with (&topology, RING_ALGORITHM_COLLNET, RING_PROTOCOL_SIMPLE, GIB);
  ring_test_assert_close (cost.latency_s, 46e-6, 1e-12);
  ring_test_assert_close (cost.bandwidth_s, GIB / algbw, 1e-12);
}

/* Halving-doubling, α = 5 µs, custom GPUs at 230.4 GB/s (240 · 0.96):
 * - 8 in one node: 3 halving and 3 doubling steps of S/2, S/4, S/8:
 *     6 · 5 µs + 2 · (7/8) S / 230.4 GB/s
 * - 12 in one node: the same for the 8, plus 2 steps of S for the 4 others
 * - 16 on 2 nodes: steps at distance 1, 2, 4 stay in the node, distance 8 crosses it
 *   with S/16 at one GPU's share of the NICs and α + 1 µs. The 8 NICs carry 384 GB/s,
 *   but each custom GPU (PCIe Gen4) feeds them through its x16 link at NCCL's 24 GB/s
 *   (12 per Gen3 x16, doubled): min (384, 8 · 24) / 8 = 24 GB/s */
static void
test_halving_doubling (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double link = 230.4e9, s = GIB;

  topology_for (&topology, "custom", 8, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_HALVING_DOUBLING, RING_PROTOCOL_SIMPLE, s);
  ring_test_assert_close (cost.latency_s, 30e-6, 1e-12);
  ring_test_assert_close (cost.time_s, 30e-6 + 2 * 0.875 * s / link, 1e-12);

  topology_for (&topology, "custom", 12, "infiniband");
  topology.gpus_per_node = 12;
  topology.nodes = 1;
  topology.ranks_per_node = 12;
  cost = cost_with (&topology, RING_ALGORITHM_HALVING_DOUBLING, RING_PROTOCOL_SIMPLE, s);
  ring_test_assert_close (cost.time_s, 30e-6 + 2 * 0.875 * s / link + 2 * (5e-6 + s / link),
                          1e-12);

  topology_for (&topology, "custom", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_HALVING_DOUBLING, RING_PROTOCOL_SIMPLE, s);
  ring_test_assert_close (cost.time_s,
                          2 * (3 * 5e-6 + (s / 2 + s / 4 + s / 8) / link)
                          + 2 * (6e-6 + s / 16 / 24e9), 1e-12);
}

/* Hierarchical, 16 custom GPUs on 2 nodes, α = 5 µs, network 1 µs:
 *   in the node: 2 · 7 · α + 2 · 7/8 · S / 230.4 GB/s (reduce-scatter and all-gather)
 *   across:      2 · 1 · (α + 1 µs) + 2 · 1/2 · S / 192 GB/s (the node's NICs, 384 GB/s,
 *                fed through the GPUs' PCIe Gen4 links: 8 · 24 GB/s) */
static void
test_hierarchical (void)
{
  RingTopology topology;
  RingAllreduceCost cost;
  double s = GIB;

  topology_for (&topology, "custom", 16, "infiniband");
  cost = cost_with (&topology, RING_ALGORITHM_HIERARCHICAL, RING_PROTOCOL_SIMPLE, s);
  ring_test_assert_close (cost.latency_s, 70e-6 + 12e-6, 1e-12);
  ring_test_assert_close (cost.time_s, 82e-6 + 1.75 * s / 230.4e9 + s / 192e9, 1e-12);
}

typedef struct
{
  const char   *gpu;
  guint         gpus;
  double        bytes;
  RingAlgorithm algorithm;
  RingProtocol  protocol;
} Choice;

/* Auto at small, medium and large sizes on 1, 2, 16 and 1024 nodes of 8 H100 (8 × 400 Gb/s
 * InfiniBand), and on one node of A100. Why, from NCCL's estimate (tuning.cc):
 * - small: LL's 0.6 µs hops; across nodes the tree's log2 (nodes) network hops beat the
 *   ring's 2 (nodes − 1);
 * - 1 MiB: LL128 (in a node, LL still: its 87.7 GB/s cap is enough there);
 * - large: the in-switch reduction when there is NVSwitch on Hopper (nvls, nvls-tree
 *   across nodes), the ring's full link rate on A100. */
static void
test_auto_choices (void)
{
  const Choice choices[] = {
    { "h100", 8, 8, RING_ALGORITHM_RING, RING_PROTOCOL_LL },
    { "h100", 8, 1 << 20, RING_ALGORITHM_RING, RING_PROTOCOL_LL },
    { "h100", 8, GIB, RING_ALGORITHM_NVLS, RING_PROTOCOL_SIMPLE },
    /* NCCL 2.28.7 builds NVLS on two GPUs of a node too (test_nccl_versions). */
    { "h100", 2, GIB, RING_ALGORITHM_NVLS, RING_PROTOCOL_SIMPLE },
    { "h100", 3, GIB, RING_ALGORITHM_NVLS, RING_PROTOCOL_SIMPLE },
    { "a100", 8, 8, RING_ALGORITHM_RING, RING_PROTOCOL_LL },
    { "a100", 8, 1 << 20, RING_ALGORITHM_RING, RING_PROTOCOL_LL },
    { "a100", 8, GIB, RING_ALGORITHM_RING, RING_PROTOCOL_SIMPLE },
    { "h100", 16, 8, RING_ALGORITHM_TREE, RING_PROTOCOL_LL },
    { "h100", 16, 1 << 20, RING_ALGORITHM_TREE, RING_PROTOCOL_LL128 },
    { "h100", 16, GIB, RING_ALGORITHM_NVLS_TREE, RING_PROTOCOL_SIMPLE },
    { "h100", 128, 8, RING_ALGORITHM_TREE, RING_PROTOCOL_LL },
    { "h100", 128, 1 << 20, RING_ALGORITHM_TREE, RING_PROTOCOL_LL128 },
    { "h100", 128, 8 * GIB, RING_ALGORITHM_NVLS_TREE, RING_PROTOCOL_SIMPLE },
    { "h100", 8192, 8, RING_ALGORITHM_TREE, RING_PROTOCOL_LL },
    { "h100", 8192, 1 << 20, RING_ALGORITHM_TREE, RING_PROTOCOL_LL128 },
    { "h100", 8192, 8 * GIB, RING_ALGORITHM_NVLS_TREE, RING_PROTOCOL_SIMPLE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (choices); i++)
    {
      RingTopology topology;
      RingAllreduceCost cost;

      topology_for (&topology, choices[i].gpu, choices[i].gpus, "infiniband");
      g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, choices[i].bytes,
                                          &cost));
      g_test_message ("%s × %u, %.0f B: %s/%s", choices[i].gpu, choices[i].gpus,
                      choices[i].bytes, ring_algorithm_to_string (cost.algorithm),
                      ring_protocol_to_string (cost.protocol));
      g_assert_cmpint (cost.algorithm, ==, choices[i].algorithm);
      g_assert_cmpint (cost.protocol, ==, choices[i].protocol);
      g_assert_cmpfloat (cost.nccl_estimate_s, >, 0);
    }

  /* Asked for by name, NVLS still runs on two (NCCL 2.28.7 builds it there). */
  {
    RingTopology two;
    RingAllreduceCost cost;

    topology_for (&two, "h100", 2, "infiniband");
    g_assert_true (ring_allreduce_cost_with (&two, RING_ALGORITHM_NVLS, RING_PROTOCOL_SIMPLE,
                                             GIB, &cost));
  }
}

/* What changed between NCCL 2.18 and 2.28 (docs/model.md §4, "NCCL versions"), each at
 * the release that changed it. */
static void
test_nccl_versions (void)
{
  RingTopology before, after;
  RingAllreduceCost cost;

  /* NVLS on two GPUs of a node: 2.27 runs the ring (355 GB/s bus bandwidth at 8 GiB),
   * 2.28 NVLS, which moves 1 + 1/2 of the buffer through each GPU's ports: links · 2/3 ·
   * 0.85 (Hopper's NVLS efficiency) · 15/16 (one of 16 channels in reserve). */
  topology_for_version (&before, "h100", 2, "2.27");
  topology_for_version (&after, "h100", 2, "2.28.9");
  g_assert_true (ring_allreduce_cost (&before, RING_ALGORITHM_AUTO, 8 * GIB, &cost));
  g_assert_cmpint (cost.algorithm, ==, RING_ALGORITHM_RING);
  ring_test_assert_close (cost.busbw_gbps, 355, 0.01);
  g_assert_true (ring_allreduce_cost (&after, RING_ALGORITHM_AUTO, 8 * GIB, &cost));
  g_assert_cmpint (cost.algorithm, ==, RING_ALGORITHM_NVLS);
  ring_test_assert_close (cost.busbw_gbps, after.link_gbps * 2 / 3 * 0.85 * 15 / 16, 0.005);
  /* At 8 bytes both run the ring's LL: 2 µs launch gap + 6.6 base + 2 hops of 0.6. */
  g_assert_true (ring_allreduce_cost (&after, RING_ALGORITHM_AUTO, 8, &cost));
  g_assert_cmpint (cost.algorithm, ==, RING_ALGORITHM_RING);
  ring_test_assert_close (cost.latency_s, (2 + 6.6 + 2 * 0.6) * 1e-6, 1e-9);

  /* 2.20 builds NVLS inside one node only: two nodes of 8 H100 get no NVLS-tree. */
  topology_for_version (&before, "h100", 16, "2.20");
  topology_for_version (&after, "h100", 16, "2.21.5");
  g_assert_true (ring_allreduce_cost (&before, RING_ALGORITHM_AUTO, GIB, &cost));
  g_assert_cmpint (cost.algorithm, !=, RING_ALGORITHM_NVLS_TREE);
  g_assert_true (ring_allreduce_cost (&after, RING_ALGORITHM_AUTO, GIB, &cost));
  g_assert_cmpint (cost.algorithm, ==, RING_ALGORITHM_NVLS_TREE);

  /* LL128 on Blackwell from 2.25: before, 1 MiB over 2 × 8 B200 cannot run it. */
  topology_for_version (&before, "b200", 16, "2.24");
  topology_for_version (&after, "b200", 16, "2.25");
  g_assert_false (ring_protocol_available (&before, RING_PROTOCOL_LL128));
  g_assert_true (ring_protocol_available (&after, RING_PROTOCOL_LL128));
  g_assert_true (ring_allreduce_cost (&before, RING_ALGORITHM_AUTO, 1 << 20, &cost));
  g_assert_cmpint (cost.protocol, !=, RING_PROTOCOL_LL128);
  g_assert_cmpint (cost.fastest_protocol, !=, RING_PROTOCOL_LL128);
  g_assert_true (ring_allreduce_cost (&after, RING_ALGORITHM_AUTO, 1 << 20, &cost));
  g_assert_cmpint (cost.protocol, ==, RING_PROTOCOL_LL128);
  g_assert_false (ring_allreduce_cost_with (&before, RING_ALGORITHM_TREE, RING_PROTOCOL_LL128,
                                            1 << 20, &cost));
  /* Hopper had it all along. */
  topology_for_version (&before, "h100", 16, "2.18");
  g_assert_true (ring_protocol_available (&before, RING_PROTOCOL_LL128));

  /* Symmetric-memory kernels from 2.27, on one node: 8 bytes over 8 H100 take the LL
   * kernel's 4.5 µs base + the 2 µs launch gap + 7 peers × 16 bytes of LL lines; on
   * B200 11 µs. None before 2.27, none across nodes. */
  topology_for_version (&before, "h100", 8, "2.26");
  topology_for_version (&after, "h100", 8, "2.27");
  g_assert_true (isnan (ring_symmetric_kernel_time_s (&before, 8)));
  ring_test_assert_close (ring_symmetric_kernel_time_s (&after, 8),
                          (2 + 4.5) * 1e-6 + 7 * 16 / (after.link_gbps * 1e9), 1e-12);
  g_assert_true (ring_allreduce_cost (&after, RING_ALGORITHM_AUTO, 8, &cost));
  ring_test_assert_close (cost.symmetric_time_s, ring_symmetric_kernel_time_s (&after, 8),
                          1e-12);
  g_assert_cmpfloat (cost.symmetric_time_s, <, cost.time_s / 2);
  topology_for_version (&after, "b200", 8, "2.28");
  ring_test_assert_close (ring_symmetric_kernel_time_s (&after, 8),
                          (2 + 11) * 1e-6 + 7 * 16 / (after.link_gbps * 1e9), 1e-12);
  /* Large buffers take the two-shot kernel: 2 (N − 1)/N of the buffer at the links. */
  ring_test_assert_close (ring_symmetric_kernel_time_s (&after, GIB),
                          (2 + 19.5) * 1e-6 + 2.0 * 7 / 8 * GIB / (after.link_gbps * 1e9),
                          1e-12);
  topology_for_version (&after, "h100", 16, "2.28");
  g_assert_true (isnan (ring_symmetric_kernel_time_s (&after, 8)));
}

/* What auto picks is what NCCL's estimate rates fastest among the algorithms that run. */
static void
test_auto_is_nccl_minimum (void)
{
  RingTopology topology;

  topology_for (&topology, "h100", 64, "infiniband");
  for (double bytes = 8; bytes <= 16 * GIB; bytes *= 4)
    {
      RingAllreduceCost chosen, other;

      g_assert_true (ring_allreduce_cost (&topology, RING_ALGORITHM_AUTO, bytes, &chosen));
      for (RingAlgorithm a = RING_ALGORITHM_RING; a < RING_N_ALGORITHMS; a++)
        {
          if (!ring_algorithm_info (a)->nccl)
            continue;
          for (RingProtocol p = 0; p < RING_N_PROTOCOLS; p++)
            {
              if (ring_allreduce_cost_with (&topology, a, p, bytes, &other))
                g_assert_cmpfloat (chosen.nccl_estimate_s, <=, other.nccl_estimate_s);
            }
        }
    }
}

static void
test_can_run (void)
{
  RingTopology topology;
  const char *why = NULL;

  topology_for (&topology, "a100", 8, "infiniband");
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_NVLS, &topology, &why));
  g_assert_nonnull (strstr (why, "Hopper"));

  topology_for (&topology, "l40s", 8, "infiniband");
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_NVLS, &topology, &why));
  g_assert_nonnull (strstr (why, "NVSwitch"));

  topology_for (&topology, "h100", 16, "infiniband");
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_NVLS, &topology, &why));
  g_assert_nonnull (strstr (why, "SHARP"));
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_COLLNET, &topology, &why));
  g_assert_nonnull (strstr (why, "SHARP"));
  g_assert_true (ring_algorithm_can_run (RING_ALGORITHM_NVLS_TREE, &topology, &why));
  g_assert_null (why);

  topology_for (&topology, "h100", 8, "infiniband-sharp");
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_NVLS_TREE, &topology, &why));
  g_assert_nonnull (strstr (why, "nodes"));
  g_assert_false (ring_algorithm_can_run (RING_ALGORITHM_COLLNET, &topology, &why));
  g_assert_nonnull (strstr (why, "one node"));

  /* Everything else runs anywhere with a network. */
  for (RingAlgorithm a = 0; a < RING_N_ALGORITHMS; a++)
    {
      if (a != RING_ALGORITHM_NVLS && a != RING_ALGORITHM_NVLS_TREE
          && a != RING_ALGORITHM_COLLNET)
        g_assert_true (ring_algorithm_can_run (a, &topology, NULL));
    }
}

/* --algorithm nvls on A100 is refused by validation, naming the option and the reason. */
static void
test_validation_refuses (void)
{
  RingParams params;
  g_autoptr(GError) error = NULL;

  ring_params_init_default (&params);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "a100", NULL));
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_ALGORITHM, "nvls", NULL));
  g_assert_false (ring_params_validate (&params, &error));
  g_assert_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_CANNOT_RUN);
  g_assert_nonnull (strstr (error->message, "--algorithm"));
  g_assert_nonnull (strstr (error->message, "Hopper"));
}

/* The registry: one entry per RingAlgorithm, in order, names unique and equal to the
 * GEnum's nicks (so GSettings stores what --algorithm takes), each costed. */
static void
test_registry (void)
{
  g_autoptr(GEnumClass) enum_class = g_type_class_ref (RING_TYPE_ALGORITHM);
  const RingAlgorithmInfo *infos;
  RingTopology topology;
  guint n;

  infos = ring_algorithms_get (&n);
  g_assert_cmpuint (n, ==, RING_N_ALGORITHMS);
  g_assert_cmpuint (enum_class->n_values, ==, RING_N_ALGORITHMS);
  topology_for (&topology, "h100", 16, "infiniband-sharp");

  for (guint i = 0; i < n; i++)
    {
      RingAllreduceCost cost;

      g_assert_cmpint (infos[i].algorithm, ==, i);
      g_assert_true (ring_algorithm_info (i) != NULL);
      g_assert_cmpstr (enum_class->values[i].value_nick, ==, infos[i].name);
      g_assert_cmpstr (ring_algorithm_get_title (i), !=, "");
      g_assert_cmpuint (infos[i].protocols, !=, 0);
      /* Only auto is a choice rather than an algorithm of its own. */
      g_assert_cmpint (infos[i].chooses, ==, i == RING_ALGORITHM_AUTO);
      /* NCCL's tuner file names exactly NCCL's own algorithms. */
      g_assert_cmpint (infos[i].nccl_tuner_name != NULL, ==,
                       infos[i].nccl && !infos[i].chooses);
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (infos[i].name, !=, infos[j].name);

      if (i == RING_ALGORITHM_NVLS)
        continue;  /* one node only, or SHARP: costed in test_nvls */
      g_assert_true (ring_allreduce_cost (&topology, i, GIB, &cost));
      g_assert_cmpfloat (cost.time_s, >, 0);
      g_assert_cmpfloat (cost.busbw_gbps, >, 0);
      g_assert_cmpint (cost.algorithm, !=, RING_ALGORITHM_AUTO);
    }
}

/* What the pictures ask of an algorithm, it answers: a picture, a legend entry and a
 * colour of its own in each theme; auto draws what it picks. */
static void
test_registry_pictures (void)
{
  const RingAlgorithmInfo *infos;
  guint n;

  infos = ring_algorithms_get (&n);
  g_assert_cmpint (infos[RING_ALGORITHM_AUTO].picture, ==, RING_PICTURE_NONE);
  for (guint i = 0; i < n; i++)
    {
      const char *short_title = ring_algorithm_get_short_title (i);

      g_assert_nonnull (short_title);
      g_assert_cmpstr (short_title, !=, "");
      g_assert_cmpuint (strlen (short_title), <=, strlen (ring_algorithm_get_title (i)));
      for (guint j = 0; j < i; j++)
        g_assert_cmpstr (short_title, !=, ring_algorithm_get_short_title (j));
      if (i == RING_ALGORITHM_AUTO)
        continue;

      g_assert_cmpint (infos[i].picture, !=, RING_PICTURE_NONE);
      g_assert_nonnull (infos[i].schedule);
      /* Only NCCL's own switch algorithms shard by GPU through an NVSwitch. */
      if (infos[i].switch_only_in_node)
        g_assert_true (infos[i].colour_by_shard && infos[i].nccl);
      /* The closed form is the seed's: one ring at B, costed with α. */
      if (infos[i].closed_form)
        g_assert_true (infos[i].uses_hop_latency && infos[i].picture == RING_PICTURE_RING);
      g_assert_cmpuint (infos[i].dash == RING_DASH_SOLID, ==, infos[i].nccl);
      for (guint j = 1; j < i; j++)
        {
          g_assert_cmphex (infos[i].color_rgb, !=, infos[j].color_rgb);
          g_assert_cmphex (infos[i].color_rgb_dark, !=, infos[j].color_rgb_dark);
        }
    }
}

/* The --algorithm help lists every name of the registry once, in its order. */
static void
test_registry_names (void)
{
  g_autofree char *names = ring_algorithms_dup_names ();
  const RingAlgorithmInfo *infos;
  const char *from = names;
  guint n;

  infos = ring_algorithms_get (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *word = g_strdup_printf ("%s%s", infos[i].name,
                                               i + 1 == n ? "" : i + 2 == n ? " " : ",");
      const char *at = strstr (from, word);

      g_assert_nonnull (at);
      g_assert_true (at == names || at[-1] == ' ');
      from = at + strlen (word);
    }
  g_assert_cmpstr (from, ==, "");
  g_assert_true (g_str_has_prefix (names, "auto, ring, "));
}

/* One GPU has nobody to talk to, whatever the algorithm; nor does an empty buffer. */
static void
test_no_communication (void)
{
  RingTopology topology;

  topology_for (&topology, "h100", 1, "infiniband");
  for (RingAlgorithm a = 0; a < RING_N_ALGORITHMS; a++)
    {
      RingAllreduceCost cost;

      if (!ring_allreduce_cost (&topology, a, GIB, &cost))
        continue;
      g_assert_cmpfloat (cost.time_s, ==, 0);
      g_assert_cmpfloat (cost.busbw_gbps, ==, 0);
    }
}

/* Every algorithm and size the charts ask for stays finite and positive, and with one
 * protocol more bytes never take noticeably less time (auto and an algorithm's own
 * protocol choice may switch to a faster one as the size grows). Twice the bytes can take
 * up to a tenth less when NCCL's per-size channel count steps up (one channel at 8 KiB,
 * three at 16 KiB for LL128), as it does on real GPUs. */
static void
check_sizes (const RingTopology *topology,
             RingAlgorithm       algorithm)
{
  for (RingProtocol p = 0; p < RING_N_PROTOCOLS; p++)
    {
      double previous = 0;

      for (double bytes = 1; bytes <= 64 * GIB; bytes *= 2)
        {
          RingAllreduceCost cost;

          if (!ring_allreduce_cost_with (topology, algorithm, p, bytes, &cost))
            break;
          if (!(isfinite (cost.time_s) && cost.time_s > 0 && cost.time_s >= 0.9 * previous))
            g_error ("%s/%s at %.0f B on %u GPUs: %g s after %g s",
                     ring_algorithm_to_string (algorithm), ring_protocol_to_string (p), bytes,
                     topology->gpus, cost.time_s, previous);
          previous = cost.time_s;
        }
    }
}

static void
test_monotonic_in_size (void)
{
  const char *gpus[] = { "custom", "v100", "a100-pcie", "h100", "h100-pcie", "b200", "gb200",
                         "l40s", "rtx4090" };

  for (guint g = 0; g < G_N_ELEMENTS (gpus); g++)
    for (guint n = 2; n <= 4096; n *= 8)
      {
        RingTopology topology;

        topology_for (&topology, gpus[g], n, "infiniband-sharp");
        for (RingAlgorithm a = RING_ALGORITHM_RING; a < RING_N_ALGORITHMS; a++)
          check_sizes (&topology, a);
      }
}

/* From three nodes a tree channel moves no more than NCCL's per-channel ceiling
 * (tuning.cc perChMaxTreeBws, perChMaxTreeLL128Bws: Blackwell 24 GB/s Simple and 20 GB/s
 * LL128 of "bus" bandwidth, the tree's algbw being half), below what the search's channel
 * and NICs of 8 × 800 Gb/s allow: each busy channel's share of 1 GiB takes at least its
 * bytes at that ceiling, and the pipeline's fill little more. At two nodes the higher N2
 * ceilings hold (42.8 and 31.67). */
static void
test_tree_channel_ceiling (void)
{
  static const struct {
    guint gpus;
    RingProtocol protocol;
    double ceiling_gbps;
  } cases[] = {
    { 32, RING_PROTOCOL_SIMPLE, 24.0 },
    { 32, RING_PROTOCOL_LL128, 20.0 },
    { 16, RING_PROTOCOL_SIMPLE, 42.8 },
    { 16, RING_PROTOCOL_LL128, 31.67 },
  };
  double bytes = GIB;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      RingParams params;
      RingTopology topology;
      RingAllreduceCost cost;
      double floor_s;

      ring_params_init_default (&params);
      g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPU, "b200", NULL));
      g_assert_true (ring_params_set_from_string (&params, RING_PARAM_NIC_SPEED, "800", NULL));
      params.gpus = cases[i].gpus;
      ring_topology_init (&topology, &params, params.gpus);
      cost = cost_with (&topology, RING_ALGORITHM_TREE, cases[i].protocol, bytes);
      floor_s = bytes / (cost.channels * cases[i].ceiling_gbps / 2 * 1e9);
      g_assert_cmpfloat (cost.bandwidth_s, >=, floor_s);
      /* The ceiling binds: the rest (fill, queue) is a small part. */
      g_assert_cmpfloat (cost.bandwidth_s, <, floor_s * 1.2);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/algorithms/flat-ring", test_flat_ring);
  g_test_add_func ("/ring/algorithms/nccl-versions", test_nccl_versions);
  g_test_add_func ("/ring/algorithms/topology", test_topology);
  g_test_add_func ("/ring/algorithms/socket-transport", test_socket_transport);
  g_test_add_func ("/ring/algorithms/ring-one-node", test_ring_one_node);
  g_test_add_func ("/ring/algorithms/ring-two-nodes", test_ring_two_nodes);
  g_test_add_func ("/ring/algorithms/ring-ll", test_ring_ll);
  g_test_add_func ("/ring/algorithms/tree", test_tree);
  g_test_add_func ("/ring/algorithms/tree-ll-proxy-queue", test_tree_ll_proxy_queue);
  g_test_add_func ("/ring/algorithms/tree-channel-ceiling", test_tree_channel_ceiling);
  g_test_add_func ("/ring/algorithms/nvls", test_nvls);
  g_test_add_func ("/ring/algorithms/nvls-tree", test_nvls_tree);
  g_test_add_func ("/ring/algorithms/collnet", test_collnet);
  g_test_add_func ("/ring/algorithms/halving-doubling", test_halving_doubling);
  g_test_add_func ("/ring/algorithms/hierarchical", test_hierarchical);
  g_test_add_func ("/ring/algorithms/auto-choices", test_auto_choices);
  g_test_add_func ("/ring/algorithms/auto-is-nccl-minimum", test_auto_is_nccl_minimum);
  g_test_add_func ("/ring/algorithms/can-run", test_can_run);
  g_test_add_func ("/ring/algorithms/validation-refuses", test_validation_refuses);
  g_test_add_func ("/ring/algorithms/registry", test_registry);
  g_test_add_func ("/ring/algorithms/registry-pictures", test_registry_pictures);
  g_test_add_func ("/ring/algorithms/registry-names", test_registry_names);
  g_test_add_func ("/ring/algorithms/no-communication", test_no_communication);
  g_test_add_func ("/ring/algorithms/monotonic-in-size", test_monotonic_in_size);

  return g_test_run ();
}
