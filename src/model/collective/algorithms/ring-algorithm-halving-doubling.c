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
#include <string.h>

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

  /* The p send 2 (p−1)/p · S each; the r others hand S over and their partners S back:
   * 2 (N − 1) S in all, the ring's mean. */
  cost->channels = 1;
  _ring_cost_finish (topology, bytes, latency_s, total_s - latency_s,
                     2 * (n - 1.0) / n * bytes, cost);
}

static gboolean
halving_doubling_can_run (const RingTopology  *topology,
                          const char         **why)
{
  return _ring_network_can_run (topology, why);
}

/* The schedule, as MPICH pairs the ranks (Thakur, Rabenseifner and Gropp 2005): of the
 * first 2r GPUs, each even one hands its buffer to the odd one after it and waits; the p
 * that remain are renumbered 0 … p−1 (odd GPU 2j+1 is j, GPU i ≥ 2r is i − r). Halving
 * step k pairs a rank with the one whose number differs in bit k (distance 2^k): of the
 * part both hold, each keeps the half its bit k names and sends the other half. After
 * log2 p steps rank q holds one piece, summed over everyone; doubling retraces the steps
 * from the last to the first, each rank sending all it holds. */

#define HD_PHASE_HAND_OVER 0

static void
hd_schedule_init (RingSchedule *schedule)
{
  guint n = schedule->n_gpus;
  guint log_p = _ring_log2i (n);
  guint extra = n - (1u << log_p);

  schedule->n_pieces = 1u << log_p;
  _ring_schedule_add_phase (schedule, N_("Hand over"),
                            N_("GPUs beyond a power of two hand their gradient to a "
                               "neighbour, which adds it to its own"),
                            N_("The halving and doubling that follow need a power of two of "
                               "GPUs."),
                            extra > 0 ? 1 : 0);
  _ring_schedule_add_phase (schedule, N_("Reduce-scatter by halving"),
                            N_("Partners 1, 2, 4 … apart swap halves of what they hold "
                               "and add: the message halves each step"),
                            N_("After log₂ of the GPUs’ count steps each GPU holds one fully "
                               "reduced piece. Few steps mean little latency; each GPU sends as "
                               "many bytes as in a ring."),
                            log_p);
  _ring_schedule_add_phase (schedule, N_("All-gather by doubling"),
                            N_("Partners retrace the steps, each sending all it holds: "
                               "the message doubles each step"),
                            N_("After as many steps again every GPU holds the whole reduced "
                               "gradient."),
                            log_p);
  _ring_schedule_add_phase (schedule, N_("Hand back"),
                            N_("Each neighbour returns the averaged gradient to the GPU "
                               "that handed its own over"),
                            N_("Now the GPUs beyond the power of two hold the result too."),
                            extra > 0 ? 1 : 0);
}

typedef struct
{
  guint    log_p;
  guint    extra;       /* r = N − p */
  gboolean hand_over;   /* the step hands buffers over */
  gboolean hand_back;
  gboolean halving;
  guint    bit;         /* the partner's distance is 2^bit */
} HdStep;

static void
hd_step (const RingSchedule *schedule,
         guint               step,
         HdStep             *hd)
{
  guint first;

  memset (hd, 0, sizeof *hd);
  hd->log_p = _ring_log2i (schedule->n_gpus);
  hd->extra = schedule->n_gpus - (1u << hd->log_p);
  first = hd->extra > 0 ? 1 : 0;

  if (hd->extra > 0 && step == 0)
    hd->hand_over = TRUE;
  else if (hd->extra > 0 && step == schedule->n_steps - 1)
    hd->hand_back = TRUE;
  else if (step - first < hd->log_p)
    {
      hd->halving = TRUE;
      hd->bit = step - first;
    }
  else
    hd->bit = hd->log_p - 1 - (step - first - hd->log_p);
}

/* The rank of GPU @gpu among the p, or G_MAXUINT for a GPU that handed its buffer over. */
static guint
hd_rank (guint gpu,
         guint extra)
{
  if (gpu < 2 * extra)
    return gpu % 2 == 1 ? gpu / 2 : G_MAXUINT;

  return gpu - extra;
}

static guint
hd_gpu (guint rank,
        guint extra)
{
  return rank < extra ? 2 * rank + 1 : rank + extra;
}

/* The pieces rank @rank holds once bits 0 … @bits − 1 have split the buffer. */
static void
hd_segment (guint  rank,
            guint  log_p,
            guint  bits,
            guint *first,
            guint *count)
{
  guint p = 1u << log_p;

  *first = 0;
  for (guint j = 0; j < bits; j++)
    if (rank & (1u << j))
      *first += p >> (j + 1);
  *count = p >> bits;
}

static guint
hd_schedule_n_sends (const RingSchedule *schedule,
                     guint               step,
                     guint               from)
{
  HdStep hd;

  if (from >= schedule->n_gpus)
    return 0;

  hd_step (schedule, step, &hd);
  if (hd.hand_over)
    return from < 2 * hd.extra && from % 2 == 0 ? 1 : 0;
  if (hd.hand_back)
    return from < 2 * hd.extra && from % 2 == 1 ? 1 : 0;

  return hd_rank (from, hd.extra) != G_MAXUINT ? 1 : 0;
}

static void
hd_schedule_send (const RingSchedule *schedule,
                  guint               step,
                  guint               from,
                  guint               index,
                  RingTransfer       *transfer)
{
  guint rank, first, count;
  HdStep hd;

  hd_step (schedule, step, &hd);
  if (hd.hand_over || hd.hand_back)
    {
      transfer->to = hd.hand_over ? from + 1 : from - 1;
      transfer->first_piece = 0;
      transfer->n_pieces = schedule->n_pieces;
      transfer->op = hd.hand_over ? RING_TRANSFER_REDUCE : RING_TRANSFER_COPY;
      return;
    }

  rank = hd_rank (from, hd.extra);
  transfer->to = hd_gpu (rank ^ (1u << hd.bit), hd.extra);
  if (hd.halving)
    {
      /* Keep the half bit k names, send the other. */
      hd_segment (rank, hd.log_p, hd.bit, &first, &count);
      count /= 2;
      if (!(rank & (1u << hd.bit)))
        first += count;
      transfer->op = RING_TRANSFER_REDUCE;
    }
  else
    {
      hd_segment (rank, hd.log_p, hd.bit + 1, &first, &count);
      transfer->op = RING_TRANSFER_COPY;
    }
  transfer->first_piece = first;
  transfer->n_pieces = count;
}

/* The busiest link of an exchange step: any pair inside a node at the GPU's link rate;
 * across nodes, a node's NICs shared by all its GPUs whose partner is elsewhere. With N
 * and G powers of two that is every GPU of a node from distance G on; otherwise the pairs
 * are counted. */
static double
hd_exchange_time (const RingSchedule *schedule,
                  const HdStep       *hd,
                  const double       *rates_Bps,
                  const double       *alpha_s,
                  double              message)
{
  guint g = schedule->gpus_per_node;
  guint p = 1u << hd->log_p;
  guint distance = 1u << hd->bit;
  guint busiest = 0;
  gboolean intra = FALSE;
  double step_s = 0;

  if (hd->extra == 0 && (g & (g - 1)) == 0)
    {
      intra = distance < g;
      busiest = intra ? 0 : g;
    }
  else
    {
      g_autofree guint *crossing = g_new0 (guint, schedule->n_nodes);

      for (guint rank = 0; rank < p; rank++)
        {
          guint gpu = hd_gpu (rank, hd->extra);
          guint node = gpu / g;

          if (node == hd_gpu (rank ^ distance, hd->extra) / g)
            {
              intra = TRUE;
            }
          else
            {
              crossing[node]++;
              busiest = MAX (busiest, crossing[node]);
            }
        }
    }

  if (intra)
    step_s = _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_INTRA, message);
  if (busiest > 0)
    step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK,
                                                busiest * message));

  return step_s;
}

static double
hd_schedule_step_time (const RingSchedule *schedule,
                       guint               step,
                       const double       *rates_Bps,
                       const double       *alpha_s,
                       double              bytes)
{
  guint g = schedule->gpus_per_node;
  double step_s = 0;
  HdStep hd;

  hd_step (schedule, step, &hd);
  if (hd.hand_over || hd.hand_back)
    {
      /* Pairs (2j, 2j+1), j < r: inside a node unless a node starts at 2j + 1, which only
       * an odd G allows; one such pair per node at most. */
      gboolean across = g == 1 || (g % 2 == 1 && g < 2 * hd.extra);

      if (g > 1)
        step_s = _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_INTRA, bytes);
      if (across)
        step_s = MAX (step_s, _ring_schedule_hop_s (rates_Bps, alpha_s, RING_LINK_NETWORK,
                                                    bytes));
      return step_s;
    }

  return hd_exchange_time (schedule, &hd, rates_Bps, alpha_s,
                           bytes / (double) (2u << hd.bit));
}

static const RingScheduleFuncs hd_schedule = {
  hd_schedule_init, hd_schedule_n_sends, hd_schedule_send, hd_schedule_step_time,
};

const RingAlgorithmInfo _ring_algorithm_halving_doubling = {
  .algorithm = RING_ALGORITHM_HALVING_DOUBLING,
  .name = "halving-doubling",
  .title = N_("Halving-doubling (Rabenseifner)"),
  .protocols = RING_PROTOCOLS_SIMPLE,
  .can_run = halving_doubling_can_run,
  .cost = halving_doubling_cost,
  .schedule = &hd_schedule,
  .link_rates = _ring_textbook_link_rates,
  .uses_hop_latency = TRUE,
  /* Translators: a legend entry for the all-reduce algorithm */
  .short_title = N_("Halving-doubling"),
  .picture = RING_PICTURE_SCHEDULE,
  .color_rgb = 0x63452c,
  .color_rgb_dark = 0x009e73,
  .dash = RING_DASH_LONG,
};
