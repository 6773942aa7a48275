/* ring-simulation.c: the all-reduce stepped over links and GPUs of their own speeds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "ring-algorithms.h"
#include "ring-simulation.h"
#include "ring-units.h"

/* Where a transfer's bytes go: a GPU's links into its node, its port into an NVSwitch, its
 * node's NICs (out), a switch's port into a GPU, the network switch's into a node. */
typedef enum
{
  LINK_GPU_INTRA,
  LINK_GPU_SWITCH,
  LINK_NODE_NICS,
  LINK_SWITCH_PORT,
  LINK_NET_PORT,
  N_LINKS,
} Link;

struct _RingSimulation
{
  RingSchedule *schedule;
  RingSimulationFabric fabric;
  double        rates_Bps[RING_N_LINK_KINDS];
  double        alpha_s[RING_N_LINK_KINDS];
  double        bytes;
  double        piece_bytes;

  guint         slow_link;        /* G_MAXUINT: none */
  double        slow_link_fraction;
  guint         slow_gpu;
  double        slow_gpu_fraction;
  double        compute_s;        /* every other GPU's */
  double        backward_s;
  double        step_model_s;   /* the bucketed step's time at full speed */

  guint         n_steps;
  double       *step_s;           /* with the slow link */
  double       *step_end_s;
  double        allreduce_s;
  double        uniform_allreduce_s;
  double        start_s;
  double        step_total_s;
  double        uniform_step_s;

  /* Contributions held, [completed step][gpu][piece], for small N (NULL otherwise). */
  guint8       *held;

  /* Scratch for walking a step. */
  double       *load;
  GArray       *walked;
  GArray       *touched;
};

typedef struct
{
  RingTransfer transfer;
  guint        link;               /* Link × N + which one */
  double       bytes;
} Walked;

static guint
link_of (const RingSimulation *self,
         const RingTransfer   *t)
{
  const RingSchedule *schedule = self->schedule;
  guint n = ring_schedule_get_n_gpus (schedule);
  gboolean from_gpu = t->from < n;

  switch (t->link)
    {
    case RING_LINK_INTRA:
      return LINK_GPU_INTRA * n + t->from;
    case RING_LINK_SWITCH:
      return from_gpu ? LINK_GPU_SWITCH * n + t->from : LINK_SWITCH_PORT * n + t->to;
    case RING_LINK_NETWORK:
    case RING_LINK_NET_SWITCH:
    default:
      if (from_gpu)
        return LINK_NODE_NICS * n + ring_schedule_get_node (schedule, t->from);
      return LINK_NET_PORT * n + ring_schedule_get_node (schedule, t->to);
    }
}

/* α + the link's load over its rate, slower for what the slow link sends. */
static double
transfer_s (const RingSimulation *self,
            const RingTransfer   *t,
            double                load,
            gboolean              slow)
{
  double rate = self->rates_Bps[t->link] * (slow ? self->slow_link_fraction : 1.0);

  return self->alpha_s[t->link] + load / rate;
}

static gboolean
is_slowed (const RingSimulation *self,
           const RingTransfer   *t,
           gboolean              with_slow_link)
{
  return with_slow_link && t->from == self->slow_link;
}

/* For tests: simulations run and steps walked, by the whole process. */
static guint n_runs;
static guint n_walks;

guint
_ring_simulation_count_runs (void)
{
  return (guint) g_atomic_int_get (&n_runs);
}

guint
_ring_simulation_count_walks (void)
{
  return (guint) g_atomic_int_get (&n_walks);
}

/* Every transfer of @step: the links' loads, each transfer's time, the step's end. */
static double
walk_step (RingSimulation *self,
           guint           step,
           gboolean        with_slow_link,
           GArray         *out)
{
  const RingSchedule *schedule = self->schedule;
  guint endpoints = ring_schedule_get_n_endpoints (schedule);
  double step_s = 0;
  guint first_out = out != NULL ? out->len : 0;

  g_atomic_int_inc (&n_walks);
  g_array_set_size (self->walked, 0);
  for (guint from = 0; from < endpoints; from++)
    {
      guint n_sends = ring_schedule_get_n_sends (schedule, step, from);

      for (guint i = 0; i < n_sends; i++)
        {
          Walked walked;

          ring_schedule_get_send (schedule, step, from, i, &walked.transfer);
          walked.link = link_of (self, &walked.transfer);
          walked.bytes = walked.transfer.n_pieces * self->piece_bytes;
          if (self->load[walked.link] == 0)
            g_array_append_val (self->touched, walked.link);
          self->load[walked.link] += walked.bytes;
          g_array_append_val (self->walked, walked);
        }
    }

  for (guint i = 0; i < self->walked->len; i++)
    {
      const Walked *walked = &g_array_index (self->walked, Walked, i);
      gboolean slow = is_slowed (self, &walked->transfer, with_slow_link);
      double seconds = transfer_s (self, &walked->transfer, self->load[walked->link], slow);

      step_s = MAX (step_s, seconds);
      if (out != NULL)
        {
          RingSimulatedTransfer simulated = { walked->transfer, seconds, 0, slow };

          g_array_append_val (out, simulated);
        }
    }

  for (guint i = 0; i < self->touched->len; i++)
    self->load[g_array_index (self->touched, guint, i)] = 0;
  g_array_set_size (self->touched, 0);

  if (out != NULL)
    for (guint i = first_out; i < out->len; i++)
      {
        RingSimulatedTransfer *simulated = &g_array_index (out, RingSimulatedTransfer, i);

        simulated->end_fraction = step_s > 0 ? simulated->seconds / step_s : 1;
      }

  return step_s;
}

/* The load of link @link in @step from the sends of @from alone. */
static double
load_from (const RingSimulation *self,
           guint                 step,
           guint                 from,
           guint                 link)
{
  double load = 0;

  for (guint i = 0; i < ring_schedule_get_n_sends (self->schedule, step, from); i++)
    {
      RingTransfer t;

      ring_schedule_get_send (self->schedule, step, from, i, &t);
      if (link_of (self, &t) == link)
        load += t.n_pieces * self->piece_bytes;
    }

  return load;
}

/* The closed form's step @uniform_s, and the slow link's own transfers: the loads they
 * share their links with are their own (a GPU's links) or their node's GPUs' (the NICs). */
static double
fast_step (const RingSimulation *self,
           guint                 step,
           double                uniform_s)
{
  const RingSchedule *schedule = self->schedule;
  guint n = ring_schedule_get_n_gpus (schedule);
  double step_s = uniform_s;
  guint slow = self->slow_link;

  if (slow == G_MAXUINT)
    return step_s;

  for (guint i = 0; i < ring_schedule_get_n_sends (schedule, step, slow); i++)
    {
      RingTransfer t;
      guint link;
      double load = 0;

      ring_schedule_get_send (schedule, step, slow, i, &t);
      link = link_of (self, &t);
      if (link / n == LINK_NODE_NICS)
        {
          guint node = ring_schedule_get_node (schedule, slow);
          guint first = ring_schedule_get_node_first (schedule, node);

          for (guint gpu = first; gpu < first + ring_schedule_get_node_size (schedule, node);
               gpu++)
            load += load_from (self, step, gpu, link);
        }
      else
        load = load_from (self, step, slow, link);
      step_s = MAX (step_s, transfer_s (self, &t, load, TRUE));
    }

  return step_s;
}

static void
run (RingSimulation *self,
     gboolean        walk)
{
  guint n_steps = self->n_steps;
  double elapsed = 0;

  for (guint step = 0; step < n_steps; step++)
    {
      double uniform;

      if (walk)
        {
          self->step_s[step] = walk_step (self, step, TRUE, NULL);
          uniform = self->slow_link == G_MAXUINT ? self->step_s[step]
                                                 : walk_step (self, step, FALSE, NULL);
        }
      else
        {
          uniform = ring_schedule_step_time_s (self->schedule, step, self->rates_Bps,
                                               self->alpha_s, self->bytes);
          self->step_s[step] = fast_step (self, step, uniform);
        }
      elapsed += self->step_s[step];
      self->step_end_s[step] = elapsed;
      self->uniform_allreduce_s += uniform;
    }
  self->allreduce_s = elapsed;
}

/* Every GPU joins the all-reduce once what the buckets hide is left of its backward pass,
 * so at full speed the simulated step is the bucketed step; the last to join starts it. */
static void
time_the_step (RingSimulation *self)
{
  double slow_compute_s = self->compute_s / self->slow_gpu_fraction;
  double hidden_s = CLAMP (self->compute_s + self->uniform_allreduce_s - self->step_model_s,
                           0, self->backward_s);
  double join_s = self->compute_s - hidden_s;
  double slow_join_s = slow_compute_s - hidden_s / self->slow_gpu_fraction;

  self->start_s = MAX (join_s, slow_join_s);
  self->step_total_s = MAX (slow_compute_s, self->start_s + self->allreduce_s);
  self->uniform_step_s = MAX (self->compute_s, join_s + self->uniform_allreduce_s);
}

/* Plays the schedule once, piece by piece, and keeps what every GPU holds after every
 * step: the animation draws it for every frame, and must not replay it. */
static void
record_holdings (RingSimulation *self)
{
  const RingSchedule *schedule = self->schedule;
  guint n = ring_schedule_get_n_gpus (schedule);
  guint pieces = ring_schedule_get_n_pieces (schedule);
  gsize per_step = (gsize) n * pieces;
  g_autoptr(RingScheduleTrace) trace = NULL;
  guint completed = 0;

  if (n > RING_SIMULATION_MAX_HELD_GPUS || pieces > 4096)
    return;

  trace = ring_schedule_trace_new (schedule);
  self->held = g_new (guint8, per_step * (self->n_steps + 1));
  do
    {
      guint8 *row = self->held + per_step * completed++;

      for (guint gpu = 0; gpu < n; gpu++)
        for (guint piece = 0; piece < pieces; piece++)
          row[gpu * pieces + piece] =
            (guint8) __builtin_popcountll (ring_schedule_trace_get_held (trace, gpu, piece));
    }
  while (ring_schedule_trace_advance (trace));
}

RingSimulation *
_ring_simulation_new_walking (const RingParams *params,
                              const RingResult *result,
                              gboolean          walk)
{
  const RingAlgorithmInfo *info;
  RingSimulation *self;
  RingTopology topology;
  RingSchedule *schedule;
  guint n;

  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (result != NULL, NULL);

  if (params->gpus > RING_SIMULATION_MAX_GPUS)
    return NULL;

  ring_topology_init (&topology, params, params->gpus);
  schedule = ring_schedule_new (result->algorithm_used, &topology, result->gradient_buffer_bytes);
  if (schedule == NULL)
    return NULL;

  info = ring_algorithm_info (result->algorithm_used);
  n = ring_schedule_get_n_gpus (schedule);
  self = g_atomic_rc_box_new0 (RingSimulation);
  self->schedule = schedule;
  self->fabric = (RingSimulationFabric) {
    params->fabric_tiers, params->nodes_per_leaf, params->oversubscription,
    params->placement, result->fabric_bound_tier, result->fabric_gbps, { { 0 } },
  };
  memcpy (self->fabric.loads, result->fabric_loads, sizeof self->fabric.loads);
  info->link_rates (&topology, self->rates_Bps, self->alpha_s);
  self->bytes = result->gradient_buffer_bytes;
  self->piece_bytes = self->bytes / ring_schedule_get_n_pieces (schedule);
  self->slow_link = params->slow_link_fraction < 1 && params->slow_link < n ? params->slow_link
                                                                            : G_MAXUINT;
  self->slow_link_fraction = self->slow_link == G_MAXUINT ? 1 : params->slow_link_fraction;
  self->slow_gpu = params->slow_gpu_fraction < 1 && params->slow_gpu < n ? params->slow_gpu
                                                                         : G_MAXUINT;
  self->slow_gpu_fraction = self->slow_gpu == G_MAXUINT ? 1 : params->slow_gpu_fraction;
  /* A single collective has no compute around it. */
  self->compute_s = result->collective ? 0 : result->compute_time_s;
  self->backward_s = result->collective ? 0 : result->backward_time_s;
  self->step_model_s = result->collective ? 0 : result->step_time_s;

  self->n_steps = ring_schedule_get_n_steps (schedule);
  self->step_s = g_new0 (double, MAX (self->n_steps, 1));
  self->step_end_s = g_new0 (double, MAX (self->n_steps, 1));
  self->load = g_new0 (double, (gsize) N_LINKS * n);
  self->walked = g_array_new (FALSE, FALSE, sizeof (Walked));
  self->touched = g_array_new (FALSE, FALSE, sizeof (guint));

  g_atomic_int_inc (&n_runs);
  run (self, walk);
  time_the_step (self);
  record_holdings (self);

  return self;
}

/* Walking every transfer of every step costs some 300 ns a transfer, 0.1 s for a ring of
 * 512; the closed form and the slow link's own transfers give the same times (the tests
 * walk and compare) in O(steps). */
RingSimulation *
ring_simulation_new (const RingParams *params,
                     const RingResult *result)
{
  return _ring_simulation_new_walking (params, result, FALSE);
}

double
ring_simulation_slowdown (const RingParams *params,
                          RingAlgorithm     algorithm,
                          double            bytes)
{
  g_autoptr(RingSimulation) sim = NULL;
  RingResult alone = { 0 };

  g_return_val_if_fail (params != NULL, 1);

  if (params->slow_link_fraction >= 1 || params->slow_link >= params->gpus
      || params->gpus <= 1 || params->gpus > RING_SIMULATION_MAX_GPUS || !(bytes > 0))
    return 1;

  /* The collective alone: no compute around it. */
  alone.algorithm_used = algorithm;
  alone.gradient_buffer_bytes = bytes;
  alone.collective = TRUE;
  sim = ring_simulation_new (params, &alone);
  if (sim == NULL || !(sim->uniform_allreduce_s > 0))
    return 1;

  return MAX (1.0, sim->allreduce_s / sim->uniform_allreduce_s);
}

guint
ring_simulation_get_held (const RingSimulation *self,
                          guint                 completed,
                          guint                 gpu,
                          guint                 piece)
{
  guint pieces;

  g_return_val_if_fail (self != NULL, 0);

  if (self->held == NULL)
    return 0;

  pieces = ring_schedule_get_n_pieces (self->schedule);
  completed = MIN (completed, self->n_steps);
  g_return_val_if_fail (gpu < ring_schedule_get_n_gpus (self->schedule) && piece < pieces, 0);

  return self->held[((gsize) completed * ring_schedule_get_n_gpus (self->schedule) + gpu)
                    * pieces + piece];
}

double
ring_simulation_get_link_rate_Bps (const RingSimulation *self,
                                   RingLinkKind          kind)
{
  g_return_val_if_fail (self != NULL && kind < RING_N_LINK_KINDS, 0);

  return self->rates_Bps[kind];
}

double
ring_simulation_get_link_alpha_s (const RingSimulation *self,
                                  RingLinkKind          kind)
{
  g_return_val_if_fail (self != NULL && kind < RING_N_LINK_KINDS, 0);

  return self->alpha_s[kind];
}

static void
simulation_clear (RingSimulation *self)
{
  g_free (self->held);
  ring_schedule_unref (self->schedule);
  g_free (self->step_s);
  g_free (self->step_end_s);
  g_free (self->load);
  g_array_unref (self->walked);
  g_array_unref (self->touched);
}

RingSimulation *
ring_simulation_ref (RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

void
ring_simulation_unref (RingSimulation *self)
{
  if (self != NULL)
    g_atomic_rc_box_release_full (self, (GDestroyNotify) simulation_clear);
}

const RingSimulationFabric *
ring_simulation_get_fabric (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return &self->fabric;
}

const RingSchedule *
ring_simulation_get_schedule (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->schedule;
}

double
ring_simulation_get_allreduce_s (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->allreduce_s;
}

double
ring_simulation_get_uniform_allreduce_s (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->uniform_allreduce_s;
}

double
ring_simulation_get_step_s (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->step_total_s;
}

double
ring_simulation_get_uniform_step_s (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->uniform_step_s;
}

double
ring_simulation_get_start_s (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, NAN);

  return self->start_s;
}

double
ring_simulation_get_compute_s (const RingSimulation *self,
                               guint                 gpu)
{
  g_return_val_if_fail (self != NULL, NAN);

  return gpu == self->slow_gpu ? self->compute_s / self->slow_gpu_fraction : self->compute_s;
}

guint
ring_simulation_get_slow_link (const RingSimulation *self,
                               double               *fraction)
{
  g_return_val_if_fail (self != NULL, G_MAXUINT);

  if (fraction != NULL)
    *fraction = self->slow_link_fraction;

  return self->slow_link;
}

guint
ring_simulation_get_slow_gpu (const RingSimulation *self,
                              double               *fraction)
{
  g_return_val_if_fail (self != NULL, G_MAXUINT);

  if (fraction != NULL)
    *fraction = self->slow_gpu_fraction;

  return self->slow_gpu;
}

guint
ring_simulation_get_n_steps (const RingSimulation *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_steps;
}

double
ring_simulation_get_step_duration_s (const RingSimulation *self,
                                     guint                 step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  return self->step_s[step];
}

double
ring_simulation_get_step_end_s (const RingSimulation *self,
                                guint                 step)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (step < self->n_steps, 0);

  return self->step_end_s[step];
}

void
ring_simulation_get_step_transfers (const RingSimulation *self,
                                    guint                 step,
                                    GArray               *transfers)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (transfers != NULL);
  g_return_if_fail (g_array_get_element_size (transfers) == sizeof (RingSimulatedTransfer));

  if (step >= self->n_steps)
    return;

  /* The scratch is the simulation's own and holds nothing between calls. */
  walk_step ((RingSimulation *) self, step, TRUE, transfers);
}

/* The sentence */

static char *
format_percent (double fraction)
{
  return g_strdup_printf ("%.0f %%", fraction * 100);
}

static char *
dup_link_part (const RingSimulation *self)
{
  g_autofree char *percent = format_percent (self->slow_link_fraction);
  RingAlgorithm algorithm = ring_schedule_get_algorithm (self->schedule);
  guint n = ring_schedule_get_n_gpus (self->schedule);
  double factor = self->uniform_allreduce_s > 0 ? self->allreduce_s / self->uniform_allreduce_s
                                                : 1;
  g_autofree char *link = NULL;

  if (ring_algorithm_info (algorithm)->picture == RING_PICTURE_RING)
    /* Translators: a ring link, from GPU %u to GPU %u */
    link = g_strdup_printf (_("Link %u → %u"), self->slow_link, (self->slow_link + 1) % n);
  else
    /* Translators: what one GPU sends, over all its links; %u is its number. The
     * subject of "… at 25 % makes the all-reduce 2.6× slower", so singular. */
    link = g_strdup_printf (_("GPU %u’s outgoing traffic"), self->slow_link);

  if (factor < 1.005)
    /* Translators: "Link 3 → 4 at 25 % leaves the all-reduce as fast": %s, %s */
    return g_strdup_printf (_("%s at %s leaves the all-reduce as fast"), link, percent);

  /* Translators: "Link 3 → 4 at 25 % makes the all-reduce 3.6× slower" */
  return g_strdup_printf (_("%s at %s makes the all-reduce %.1f× slower"), link, percent,
                          factor);
}

static char *
dup_gpu_part (const RingSimulation *self,
              const RingResult     *result)
{
  g_autofree char *percent = format_percent (self->slow_gpu_fraction);
  g_autofree char *delay = ring_format_duration (result->slow_gpu_delay_s);

  if (self->compute_s <= 0)
    /* Translators: a single collective has no compute for a slow GPU to slow down */
    return g_strdup_printf (_("GPU %u at %s compute changes nothing in a single collective"),
                            self->slow_gpu, percent);

  /* Translators: "GPU 5 at 50 % compute adds 430 ms to every step" */
  return g_strdup_printf (_("GPU %u at %s compute adds %s to every step"), self->slow_gpu,
                          percent, delay);
}

char *
ring_simulation_dup_summary (const RingSimulation *self,
                             const RingResult     *result)
{
  g_autofree char *link = NULL;
  g_autofree char *gpu = NULL;
  g_autofree char *both = NULL;
  g_autofree char *step = NULL;
  g_autofree char *uniform_step = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (result != NULL, NULL);

  if (self->slow_link != G_MAXUINT && self->n_steps > 0)
    link = dup_link_part (self);
  if (self->slow_gpu != G_MAXUINT)
    gpu = dup_gpu_part (self, result);

  if (link != NULL && gpu != NULL)
    /* Translators: two sentences about a slow link and a slow GPU, joined */
    both = g_strdup_printf (_("%s; %s"), link, gpu);
  else
    both = g_strdup (link != NULL ? link : gpu);

  /* The step the model reports, and the one without the slow link and GPU beside it. */
  if (both == NULL || result->collective || self->compute_s <= 0)
    return g_steal_pointer (&both);

  step = ring_format_duration (result->step_time_s);
  uniform_step = ring_format_duration (result->uniform_step_time_s);
  if (link != NULL && gpu != NULL)
    /* Translators: what the slow link and GPU cost, then the step time with them and
     * without them: "…: the step takes 1.2 s, 454 ms without them" */
    return g_strdup_printf (_("%s: the step takes %s, %s without them"), both, step,
                            uniform_step);
  if (link != NULL)
    /* Translators: what the slow link costs, then the step time with it and without it */
    return g_strdup_printf (_("%s: the step takes %s, %s without the slow link"), both, step,
                            uniform_step);

  /* Translators: what the slow GPU costs, then the step time with it and without it */
  return g_strdup_printf (_("%s: the step takes %s, %s without the slow GPU"), both, step,
                          uniform_step);
}
