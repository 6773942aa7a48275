/* ring-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ring-algorithms.h"
#include "ring-tooltip.h"
#include "ring-cost.h"
#include "ring-labels.h"
#include "ring-layout-fit.h"
#include "ring-metric-card.h"
#include "ring-metric-grid.h"
#include "ring-model-follow.h"
#include "ring-parallelism.h"
#include "ring-parameter-panel.h"
#include "ring-report.h"
#include "ring-step.h"
#include "ring-step-bar.h"
#include "ring-topology.h"
#include "ring-learning-panel.h"
#include "ring-units.h"
#include "ring-window-private.h"

G_DEFINE_FINAL_TYPE (RingWindow, ring_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_LEARNING_VIEW,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef enum
{
  METRIC_DURATION,
  METRIC_PERCENT,
  METRIC_GBPS,
  METRIC_TOKENS_PER_S,
  METRIC_COUNT,
  METRIC_BYTES,
  METRIC_PROTOCOL,      /* these five are written from the whole model: */
  METRIC_CHANNELS,
  METRIC_COLLECTIVE,    /* the algorithm in use */
  METRIC_ALLREDUCE,     /* with a straggler, as much slower as the simulation finds */
  METRIC_LAYOUT,        /* the report's figure of this JSON key */
} MetricFormat;

/* Which question a card answers: the training step's, the single collective's, the
 * step of a parallel layout (T · P · C > 1 or micro-batches), or several. */
typedef enum
{
  STEP       = 1 << 0,
  COLLECTIVE = 1 << 1,
  LAYOUT     = 1 << 2,
} Question;
#define BOTH       (STEP | COLLECTIVE)

/* The cards themselves, with their titles and tooltips, are in ring-window.ui. */
typedef struct
{
  const char   *property;  /* on the model, or on the animation for "steps-completed" */
  MetricFormat  format;
  guint         modes;
  /* Its cell in the grid of four columns as (column, row): in a training step, in a
   * collective and in a parallel layout's step; -1 where it is not shown. */
  int           step_cell[2];
  int           collective_cell[2];
  int           layout_cell[2];
} MetricSpec;

#define NONE { -1, -1 }

/* The first four are the original design card's; a single collective shows what
 * nccl-tests prints instead of the step's figures; a parallel layout its MFU, what it
 * loses and to what, and memory. */
static const MetricSpec metric_specs[] = {
  { "compute-time", METRIC_DURATION, STEP, { 0, 0 }, NONE, NONE },
  { "allreduce-time", METRIC_ALLREDUCE, BOTH, { 1, 0 }, { 0, 0 }, NONE },
  { "utilization", METRIC_PERCENT, STEP, { 2, 0 }, NONE, NONE },
  { "steps-completed", METRIC_COUNT, STEP | LAYOUT, { 3, 0 }, NONE, { 3, 2 } },
  { "busbw", METRIC_GBPS, BOTH, { 0, 1 }, { 2, 0 }, NONE },
  { "tokens-per-second", METRIC_TOKENS_PER_S, STEP | LAYOUT, { 1, 1 }, NONE, { 2, 2 } },
  { "nodes", METRIC_COUNT, BOTH, { 2, 1 }, { 3, 0 }, NONE },
  { "algorithm-used", METRIC_COLLECTIVE, BOTH, { 3, 1 }, { 0, 1 }, NONE },
  { "algbw", METRIC_GBPS, COLLECTIVE, NONE, { 1, 0 }, NONE },
  { "protocol-used", METRIC_PROTOCOL, COLLECTIVE, NONE, { 1, 1 }, NONE },
  { "channels", METRIC_CHANNELS, COLLECTIVE, NONE, { 2, 1 }, NONE },
  { "bytes-moved-per-gpu", METRIC_BYTES, COLLECTIVE, NONE, { 3, 1 }, NONE },
  { "mfu", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 0, 0 } },
  { "step_time_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 1, 0 } },
  { "bubble_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 2, 0 } },
  { "exposed_comm_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 3, 0 } },
  { "data_parallel", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 0, 1 } },
  { "dp_time_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 1, 1 } },
  { "tp_time_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 2, 1 } },
  { "pp_time_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 3, 1 } },
  { "memory_per_gpu_bytes", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 0, 2 } },
  { "cp_time_s", METRIC_LAYOUT, LAYOUT, NONE, NONE, { 1, 2 } },
};

G_STATIC_ASSERT (G_N_ELEMENTS (metric_specs) == RING_WINDOW_N_METRICS);

static gboolean
format_metric (GBinding     *binding,
               const GValue *from_value,
               GValue       *to_value,
               gpointer      user_data)
{
  const MetricSpec *spec = user_data;

  switch (spec->format)
    {
    case METRIC_DURATION:
      g_value_take_string (to_value, ring_format_duration (g_value_get_double (from_value)));
      break;
    case METRIC_PERCENT:
      g_value_take_string (to_value, g_strdup_printf ("%.1f %%",
                                                      100 * g_value_get_double (from_value)));
      break;
    case METRIC_GBPS:
      g_value_take_string (to_value,
                           ring_format_bandwidth (g_value_get_double (from_value) * 1e9));
      break;
    case METRIC_TOKENS_PER_S:
      g_value_take_string (to_value, ring_format_rate (g_value_get_double (from_value),
                                                       _("tokens")));
      break;
    case METRIC_COUNT:
      g_value_take_string (to_value, g_strdup_printf ("%u", g_value_get_uint (from_value)));
      break;
    case METRIC_BYTES:
      {
        g_autoptr(GObject) model = g_binding_dup_source (binding);
        g_autofree char *size = NULL;
        double bytes = g_value_get_double (from_value);

        /* One unit system in the view: binary beside a message size the field writes in
         * binary units (1 GiB moves 1.75 GiB per GPU on 8, not "1.88 GB"), SI beside one
         * it writes in SI (4 GB). */
        if (model != NULL)
          size = ring_format_message_size (ring_model_get_value (RING_MODEL (model), RING_PARAM_MESSAGE_SIZE));
        g_value_take_string (to_value, size != NULL && g_str_has_suffix (size, "iB")
                                       ? ring_format_binary_bytes (bytes)
                                       : ring_format_bytes (bytes));
      }
      break;
    case METRIC_PROTOCOL:
    case METRIC_CHANNELS:
    case METRIC_COLLECTIVE:
    case METRIC_ALLREDUCE:
    case METRIC_LAYOUT:
    default:
      g_assert_not_reached ();
    }

  return TRUE;
}

static RingMetricCard *
find_card (RingWindow *self,
           const char *metric)
{
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->metrics_grid));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (g_strcmp0 (ring_metric_card_get_metric (RING_METRIC_CARD (child)), metric) == 0)
      return RING_METRIC_CARD (child);

  g_error ("ring-window.ui has no metric card for “%s”", metric);
}

static void
add_metrics (RingWindow *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (metric_specs); i++)
    {
      const MetricSpec *spec = &metric_specs[i];
      RingMetricCard *card = find_card (self, spec->property);

      self->metric_cards[i] = GTK_WIDGET (card);

      /* The steps are the animation's, a child that goes with the window; the algorithm
       * is written from the whole model when it changes; the rest are the model's, through
       * the group that dispose clears. */
      if (g_str_equal (spec->property, "steps-completed"))
        g_object_bind_property_full (self->animation, spec->property, card, "value",
                                     G_BINDING_SYNC_CREATE, format_metric, NULL,
                                     (gpointer) spec, NULL);
      else if (spec->format < METRIC_PROTOCOL)
        g_binding_group_bind_full (self->model_bindings, spec->property, card, "value",
                                   G_BINDING_SYNC_CREATE, format_metric, NULL,
                                   (gpointer) spec, NULL);
    }
}

static Question
model_question (RingModel *model)
{
  if (ring_model_is_collective (model))
    return COLLECTIVE;

  return ring_parallelism_is_active (ring_model_get_params (model)) ? LAYOUT : STEP;
}

static const int *
spec_cell (const MetricSpec *spec,
           Question          question)
{
  return question == COLLECTIVE ? spec->collective_cell
         : question == LAYOUT ? spec->layout_cell : spec->step_cell;
}

/* The cards of the model's question, where they belong; done only when the question
 * changes. */
static void
update_metrics_mode (RingWindow *self)
{
  Question question = model_question (self->model);

  if (self->metrics_laid_out && self->metrics_question == question)
    return;

  /* The grid places its visible cards in their order, row by row: the cards of this
   * question go to its end in their row-major order. */
  for (int cell = 0; cell < 4 * 3; cell++)
    for (guint i = 0; i < G_N_ELEMENTS (metric_specs); i++)
      {
        const int *at = spec_cell (&metric_specs[i], question);

        if (at[0] >= 0 && at[1] * 4 + at[0] == cell)
          gtk_widget_insert_before (self->metric_cards[i], GTK_WIDGET (self->metrics_grid),
                                    NULL);
      }

  for (guint i = 0; i < G_N_ELEMENTS (metric_specs); i++)
    {
      gtk_widget_set_visible (self->metric_cards[i], (metric_specs[i].modes & question) != 0);
      ring_metric_card_set_collective (RING_METRIC_CARD (self->metric_cards[i]),
                                       question == COLLECTIVE);
    }

  self->metrics_question = question;
  self->metrics_laid_out = TRUE;
}

/* The algorithm card says "Tree, LL128" in a training step, where it stands in for the
 * protocol's too, and "Tree" in a collective, beside the protocol's own card. One GPU
 * runs neither. */
static void
update_collective_metrics (RingWindow *self)
{
  const RingResult *result = ring_model_get_result (self->model);
  /* One GPU runs no collective; the flat ring and the textbook algorithms no NCCL
   * protocol or channels. */
  gboolean no_nccl = ring_model_get_value (self->model, RING_PARAM_GPUS) <= 1
                     || !ring_algorithm_info (result->algorithm_used)->nccl;

  for (guint i = 0; i < G_N_ELEMENTS (metric_specs); i++)
    {
      g_autofree char *text = NULL;

      if (metric_specs[i].format == METRIC_COLLECTIVE)
        text = result->collective && ring_model_get_value (self->model, RING_PARAM_GPUS) > 1
               ? ring_labels_algorithm (result->algorithm_used)
               : ring_labels_collective (self->model);
      else if (metric_specs[i].format == METRIC_PROTOCOL)
        text = g_strdup (no_nccl ? "—" : ring_protocol_get_title (result->protocol_used));
      else if (metric_specs[i].format == METRIC_CHANNELS)
        text = no_nccl ? g_strdup ("—") : g_strdup_printf ("%u", result->channels);
      else if (metric_specs[i].format == METRIC_LAYOUT)
        text = ring_report_format_layout_figure (self->model, metric_specs[i].property);
      else if (metric_specs[i].format == METRIC_ALLREDUCE)
        {
          /* With a slow link, the time the simulation finds, as the animation plays it
           * (docs/model.md §9): the model's own. */
          text = ring_format_duration (result->allreduce_time_s);
        }
      else
        continue;

      ring_metric_card_set_value (RING_METRIC_CARD (self->metric_cards[i]), text);
    }
}

/* What one collective is: its size, where it runs, and what runs it. */
static char *
describe_collective (RingWindow *self)
{
  const RingParams *params = ring_model_get_params (self->model);
  const RingResult *result = ring_model_get_result (self->model);
  g_autofree char *size = ring_format_message_size (params->message_bytes);
  g_autofree char *algorithm = NULL;
  g_autofree char *where = NULL;

  if (params->gpus == 1)
    /* Translators: %s is a message size, "1 MiB" */
    return g_strdup_printf (_("One GPU has nothing to reduce: its %s buffer stays as it is."),
                            size);

  algorithm = ring_labels_collective (self->model);
  if (result->nodes > 1)
    /* Translators: GPUs, then nodes */
    where = g_strdup_printf (_("%u GPUs in %u nodes"), params->gpus, result->nodes);
  else
    where = g_strdup_printf (_("%u GPUs in one node"), params->gpus);

  if (!ring_algorithm_info (result->algorithm_used)->nccl)
    /* Translators: a message size; where it runs ("64 GPUs in 8 nodes"); the algorithm */
    return g_strdup_printf (_("One all-reduce of %s over %s: %s."), size, where, algorithm);

  /* Translators: a message size; where it runs ("64 GPUs in 8 nodes"); the algorithm and
   * its protocol ("Tree, LL128"); the number of NCCL channels */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "One all-reduce of %s over %s: %s on %u channel.",
                                       "One all-reduce of %s over %s: %s on %u channels.",
                                       result->channels),
                          size, where, algorithm, result->channels);
}

/* Where something other than the NICs' line rate caps a node's network, the sentence
 * that says so (docs/model.md §3); NULL where the NICs bind or there is one node. */
static char *
describe_network_cap (const RingResult *result)
{
  g_autofree char *rate = NULL;

  if (result->network_bound != RING_NETWORK_BOUND_PCIE
      && result->network_bound != RING_NETWORK_BOUND_SOCKETS)
    return NULL;

  rate = ring_format_bandwidth (result->network_gbps * 1e9);
  if (result->network_bound == RING_NETWORK_BOUND_PCIE)
    /* Translators: a rate, "384 GB/s" */
    return g_strdup_printf (_("Each node’s network carries %s: the GPUs’ PCIe links into "
                              "the NICs bind, so faster NICs change nothing."), rate);

  /* Translators: a rate, "37.5 GB/s" */
  return g_strdup_printf (_("Each node’s network carries %s: over TCP NCCL’s socket "
                            "threads bind, far below the NICs."), rate);
}

/* What it would take to reach 90 % utilization: the question behind sizing a fabric. In
 * a single collective there is no step to be busy in: the line says what runs instead. */
static void
update_target_label (RingWindow *self)
{
  const RingParams *params = ring_model_get_params (self->model);
  const RingResult *result = ring_model_get_result (self->model);
  g_autofree char *text = NULL;
  g_autofree char *cap = describe_network_cap (result);
  /* The cap is said beside what the network's rate decides, not beside latency. */
  gboolean says_rate = FALSE;

  if (result->collective)
    {
      text = describe_collective (self);
      says_rate = TRUE;
    }
  else if (params->gpus == 1)
    {
      text = g_strdup (_("One GPU has nothing to synchronize: every step is pure compute."));
    }
  else if (isnan (result->bandwidth_for_90pct_gbps)
           && result->bandwidth_for_90pct_link == RING_SIZING_LINK_PCIE)
    {
      g_autofree char *pcie = ring_format_bandwidth (ring_topology_gpu_nic_gbps (params) * 1e9);
      g_autofree char *nics = ring_format_figures (params->nic_speed_gbit, "Gb/s");

      /* TRANSLATORS: what one GPU's PCIe link carries ("48 GB/s"), then the NICs' speed */
      text = g_strdup_printf (_("No NIC speed reaches 90 %% utilization: each GPU’s PCIe link "
                                "to its NICs carries %s, which these %s NICs already fill."),
                              pcie, nics);
      g_clear_pointer (&cap, g_free);
    }
  else if (isnan (result->bandwidth_for_90pct_gbps)
           && result->bandwidth_for_90pct_link == RING_SIZING_LINK_NICS && cap != NULL)
    {
      text = g_strdup_printf (_("No NIC speed reaches 90 %% utilization. %s"), cap);
      g_clear_pointer (&cap, g_free);
    }
  else if (isnan (result->bandwidth_for_90pct_gbps)
           && result->bandwidth_for_90pct_link == RING_SIZING_LINK_NICS)
    {
      text = g_strdup_printf (_("No NIC speed reaches 90 %% utilization: between the %u "
                                "nodes latency and the links inside them set the pace."),
                              result->nodes);
    }
  else if (result->bandwidth_for_90pct_link == RING_SIZING_LINK_NICS)
    {
      double needed_gbit = result->bandwidth_for_90pct_gbps * 8;

      says_rate = TRUE;
      if (needed_gbit <= params->nic_speed_gbit)
        text = g_strdup_printf (_("90 %% utilization needs NICs of %.3g Gb/s (%u per node); "
                                  "these have %g Gb/s."),
                                needed_gbit, params->nics_per_node,
                                ring_round_figures (params->nic_speed_gbit, 4));
      else
        text = g_strdup_printf (_("90 %% utilization needs NICs of %.3g Gb/s (%u per node), "
                                  "%.1f× these %g Gb/s: the network binds."),
                                needed_gbit, params->nics_per_node,
                                needed_gbit / params->nic_speed_gbit,
                                ring_round_figures (params->nic_speed_gbit, 4));
    }
  else if (isnan (result->bandwidth_for_90pct_gbps) && result->nodes > 1
           && result->latency_time_s < result->compute_time_s
                                       * (1 - RING_TARGET_UTILIZATION)
                                       / RING_TARGET_UTILIZATION)
    {
      /* Latency fits the budget: what no in-node bandwidth overcomes is the network. */
      if (cap != NULL)
        text = g_strdup_printf (_("No in-node bandwidth reaches 90 %% utilization. %s"), cap);
      else
        text = g_strdup_printf (_("No in-node bandwidth reaches 90 %% utilization: between "
                                  "the %u nodes the NICs set the pace."), result->nodes);
      g_clear_pointer (&cap, g_free);
    }
  else if (isnan (result->bandwidth_for_90pct_gbps)
           && !ring_algorithm_info (result->algorithm_used)->closed_form)
    {
      g_autofree char *latency = ring_format_duration (result->latency_time_s);

      text = g_strdup_printf (_("No bandwidth reaches 90 %% utilization: the all-reduce’s "
                                "latency alone takes %s per step."), latency);
    }
  else if (isnan (result->bandwidth_for_90pct_gbps))
    {
      g_autofree char *latency = ring_format_duration (result->latency_time_s);

      text = g_strdup_printf (_("No bandwidth reaches 90 %% utilization: the ring’s "
                                "2 (N − 1) hops of latency alone take %s per step."),
                              latency);
    }
  else
    {
      g_autofree char *needed = ring_format_bandwidth (result->bandwidth_for_90pct_gbps * 1e9);
      g_autofree char *now = ring_format_bandwidth (params->bandwidth_gbps * 1e9);

      says_rate = TRUE;
      if (result->bandwidth_for_90pct_gbps <= params->bandwidth_gbps)
        text = g_strdup_printf (_("90 %% utilization needs %s per GPU; this interconnect "
                                  "has %s."), needed, now);
      else
        text = g_strdup_printf (_("90 %% utilization needs %s per GPU, %.1f× this "
                                  "interconnect’s %s."),
                                needed, result->bandwidth_for_90pct_gbps / params->bandwidth_gbps,
                                now);
    }

  if (cap != NULL && says_rate)
    {
      char *with_cap = g_strdup_printf ("%s %s", text, cap);

      g_free (text);
      text = with_cap;
    }

  if (params->gpus > 1)
    {
      g_autofree char *fabric = ring_report_describe_fabric (params, result);

      if (fabric != NULL)
        {
          char *with_fabric = g_strdup_printf ("%s %s", text, fabric);

          g_free (text);
          text = with_fabric;
        }
    }

  /* Where NCCL's tuner picks what this model prices slower, say so: auto keeps NCCL's
   * pick, which the published runs follow (docs/model.md, "Auto and the model's fastest"). */
  if (params->gpus > 1 && result->fastest_allreduce_time_s < result->allreduce_time_s)
    {
      g_autofree char *time = ring_format_duration (result->fastest_allreduce_time_s);
      g_autofree char *faster = ring_labels_algorithm (result->fastest_algorithm);
      g_autofree char *picked = ring_labels_algorithm (result->algorithm_used);
      char *with_note;

      /* Translators: the text before; an algorithm, a protocol and a time ("Ring",
       * "Simple", "12 ms"); the algorithm in use */
      with_note = g_strdup_printf (_("%s By this model %s with %s would take %s; NCCL’s "
                                     "tuner (tuning.cc) picks %s, as the published runs "
                                     "show."),
                                   text, faster,
                                   ring_protocol_get_title (result->fastest_protocol), time,
                                   picked);
      g_free (text);
      text = with_note;
    }

  /* Where NCCL's channel search answers a faster link with a slower all-reduce, say so
   * (docs/model.md, "Monotonicity"). */
  {
    RingFasterLinkSlower slower;

    if (ring_cost_faster_link_slower (params, result->gradient_buffer_bytes, &slower))
      {
        g_autofree char *time = ring_format_duration (slower.allreduce_time_s);
        char *with_note;

        with_note = g_strdup_printf (slower.link == RING_SIZING_LINK_NICS
                                     /* Translators: the text before; a channel count and
                                      * an all-reduce time */
                                     ? _("%s Twice the NIC speed would be slower here: "
                                         "NCCL’s channel search (search.cc) would build %u "
                                         "channels, and the all-reduce take %s.")
                                     /* Translators: the text before; a channel count and
                                      * an all-reduce time */
                                     : _("%s Twice the in-node bandwidth would be slower "
                                         "here: NCCL’s channel search (search.cc) would "
                                         "build %u channels, and the all-reduce take %s."),
                                     text, slower.channels, time);
        g_free (text);
        text = with_note;
      }
  }

  gtk_label_set_label (self->target_label, text);
}

static void
update_bound_label (RingWindow *self)
{
  const RingResult *result = ring_model_get_result (self->model);
  GtkWidget *label = GTK_WIDGET (self->bound_label);
  const char *css_class;
  const char *tooltip;

  /* Three states, as an engineer would say them: compute-bound from 90 % utilization
   * (the target line under the bar), communication-bound once exposed communication
   * outlasts compute (below 50 %), and in between a step that is limited by
   * communication without being dominated by it. The step bar's third part, a pipeline's
   * bubble, names the step when it idles it longer than exposed communication does. */
  if (ring_model_get_value (self->model, RING_PARAM_GPUS) == 1)
    {
      gtk_label_set_label (self->bound_label, _("No communication"));
      css_class = "compute-bound";
    }
  else if (result->utilization < RING_TARGET_UTILIZATION
           && result->bubble_s > result->exposed_comm_s)
    {
      gtk_label_set_label (self->bound_label, _("Bubble-limited"));
      css_class = "bubble-limited";
    }
  else if (result->comm_bound)
    {
      gtk_label_set_label (self->bound_label, _("Communication-bound"));
      css_class = "comm-bound";
    }
  else if (result->utilization < RING_TARGET_UTILIZATION)
    {
      gtk_label_set_label (self->bound_label, _("Communication-limited"));
      css_class = "comm-limited";
    }
  else
    {
      gtk_label_set_label (self->bound_label, _("Compute-bound"));
      css_class = "compute-bound";
    }

  /* A step that does not fit in memory runs at no speed: the pill greys, beside the
   * "Does not fit" line, and says what the step would be with the memory. */
  if (!ring_model_is_collective (self->model) && !ring_model_get_fits (self->model))
    css_class = "does-not-fit";

  /* Only a state that changes touches the classes: GTK 4.8 restyles a widget whose classes
   * are removed and added back, the same ones or not, and a restyle queued outside a frame
   * costs the window a second, empty frame after the one that paints the change. */
  if (!gtk_widget_has_css_class (label, css_class))
    {
      gtk_widget_remove_css_class (label, "compute-bound");
      gtk_widget_remove_css_class (label, "comm-limited");
      gtk_widget_remove_css_class (label, "comm-bound");
      gtk_widget_remove_css_class (label, "bubble-limited");
      gtk_widget_remove_css_class (label, "does-not-fit");
      gtk_widget_add_css_class (label, css_class);
    }

  if (g_str_equal (css_class, "does-not-fit"))
    tooltip = _("The step does not fit in the GPU’s memory: this is how it would run with "
                "the memory it needs");
  else if (g_str_equal (css_class, "bubble-limited"))
    tooltip = _("The pipeline’s bubble, while it fills and drains, idles the GPUs longer "
                "than exposed communication: more micro-batches shrink it");
  /* xgettext:no-c-format */
  else if (result->comm_bound)
    tooltip = _("Exposed communication takes longer than compute (utilization under 50 %): "
                "more GPUs will not help until bandwidth improves");
  else if (g_str_equal (css_class, "comm-limited"))
    /* xgettext:no-c-format */
    tooltip = _("Compute takes most of the step, but GPUs wait on communication for more "
                "than a tenth of it (utilization between 50 % and 90 %)");
  else
    /* xgettext:no-c-format */
    tooltip = _("GPUs compute for at least 90 % of the step");

  /* Set only when it changes: setting a tooltip lays out GTK's tooltip window again, the
   * same text or not. */
  ring_tooltip_set_text (label, tooltip);
}

/* A training step whose memory does not fit the GPU says so plainly, with the least
 * change that would fit: "Does not fit: 146 GB per GPU, 71 GB usable — needs FSDP across
 * ≥ 8 GPUs". A single collective has no memory to fit. */
static void
update_fit_label (RingWindow *self)
{
  const RingParams *params = ring_model_get_params (self->model);
  RingMemory memory;
  g_autofree char *per_gpu = NULL;
  g_autofree char *usable = NULL;
  g_autofree char *needs = NULL;
  g_autofree char *text = NULL;

  if (ring_model_is_collective (self->model) || ring_model_get_fits (self->model))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->fit_label), FALSE);
      return;
    }

  ring_step_memory (params, params->gpus, &memory);
  per_gpu = ring_format_bytes (ring_model_get_memory_per_gpu (self->model));
  usable = ring_format_bytes (memory.usable);
  /* A layout already shards by T · P: its advice is the least change to the layout. */
  if (ring_parallelism_is_active (params))
    {
      RingLayoutFit fit;

      ring_layout_fit_suggest (params, &fit);
      needs = ring_layout_fit_describe (&fit);
    }
  else
    {
      RingFitSuggestion suggestion;

      ring_step_suggest (params, &suggestion);
      needs = ring_fit_suggestion_describe (&suggestion);
    }
  if (needs != NULL)
    /* Translators: the memory one GPU needs, the memory it has for it, and what would
     * fit ("needs FSDP across ≥ 8 GPUs") */
    text = g_strdup_printf (_("Does not fit: %s per GPU, %s usable — %s"),
                            per_gpu, usable, needs);
  else
    text = g_strdup_printf (_("Does not fit: %s per GPU, %s usable"), per_gpu, usable);

  gtk_label_set_label (self->fit_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->fit_label), TRUE);
}

/* What a slow link or a slow GPU costs, as the simulation finds it; nothing without
 * one. */
static void
update_straggler_label (RingWindow *self)
{
  const char *summary = ring_model_get_straggler_summary (self->model);

  gtk_label_set_label (self->straggler_label, summary != NULL ? summary : "");
  gtk_widget_set_visible (GTK_WIDGET (self->straggler_label), summary != NULL);
}

/* With a layout the animation plays one rail group's DP ring, not the whole cluster. */
static void
update_dp_ring_label (RingWindow *self)
{
  const RingParams *params = ring_model_get_params (self->model);
  g_autofree char *text = NULL;
  guint d, others;

  if (!ring_parallelism_is_active (params))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->dp_ring_label), FALSE);
      return;
    }
  d = ring_parallelism_data (params);
  /* Each other GPU of a node is in another DP group. */
  others = MIN (params->gpus / d, params->gpus_per_node) - 1;
  /* Translators: below the animation; %u are D and the node's other GPUs. */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "Data-parallel ring of one rail group: %u GPUs, one per "
                                       "node; the node's other %u GPU's group shares its NICs",
                                       "Data-parallel ring of one rail group: %u GPUs, one per "
                                       "node; the node's other %u GPUs' groups share its NICs",
                                       others),
                          d, others);
  gtk_label_set_label (self->dp_ring_label, text);
  gtk_widget_set_visible (GTK_WIDGET (self->dp_ring_label), TRUE);
}

/* The pill and the 90 % line follow the model; the metric cards are bound properties. */
static void
ring_window_model_changed_cb (RingWindow *self)
{
  g_assert (RING_IS_WINDOW (self));
  g_assert (RING_IS_MODEL (self->model));

  update_metrics_mode (self);
  update_collective_metrics (self);
  update_bound_label (self);
  update_fit_label (self);
  update_straggler_label (self);
  update_dp_ring_label (self);
  update_target_label (self);
  _ring_window_settings_follow_layout (self);
}

/* The speed drop-down lists 0.25×, 0.5×, 1×, 2×, 4×, 8×: item i is 2^(i − 2). */
#define N_SPEEDS 6

static guint
nearest_speed_item (double speed)
{
  double item = round (log2 (speed)) + 2;

  /* NaN and anything not above 0 are the slowest. */
  if (!(item >= 0))
    return 0;

  return (guint) MIN (item, N_SPEEDS - 1);
}

double
_ring_window_nearest_speed (double speed)
{
  return exp2 ((double) nearest_speed_item (speed) - 2);
}

static gboolean
speed_to_item (GBinding     *binding,
               const GValue *from_value,
               GValue       *to_value,
               gpointer      user_data)
{
  g_value_set_uint (to_value, nearest_speed_item (g_value_get_double (from_value)));

  return TRUE;
}

static gboolean
item_to_speed (GBinding     *binding,
               const GValue *from_value,
               GValue       *to_value,
               gpointer      user_data)
{
  guint item = g_value_get_uint (from_value);

  if (item == GTK_INVALID_LIST_POSITION)
    return FALSE;

  g_value_set_double (to_value, exp2 ((double) item - 2));

  return TRUE;
}

/* "0.25×" … "8×", with the locale's decimal separator. */
static void
fill_speed_dropdown (GtkDropDown *dropdown)
{
  g_autoptr(GtkStringList) speeds = gtk_string_list_new (NULL);

  for (int item = 0; item < N_SPEEDS; item++)
    {
      g_autofree char *label = g_strdup_printf ("%g×", exp2 (item - 2));

      gtk_string_list_append (speeds, label);
    }

  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (speeds));
}

/* A boolean shown as one of two texts: @user_data holds them, the one for TRUE first. */
static gboolean
boolean_to_text (GBinding     *binding,
                 const GValue *from_value,
                 GValue       *to_value,
                 gpointer      user_data)
{
  const char * const *texts = user_data;

  g_value_set_string (to_value, texts[g_value_get_boolean (from_value) ? 0 : 1]);

  return TRUE;
}

/* The two texts of boolean_to_text, freed with their binding by g_strfreev(). */
static char **
boolean_texts_new (const char *if_true,
                   const char *if_false)
{
  const char *texts[] = { if_true, if_false, NULL };

  return g_strdupv ((char **) texts);
}

static gboolean
ring_window_close_request (GtkWindow *window)
{
  RingWindow *self = RING_WINDOW (window);

  /* A number typed and not yet committed counts, as it would had the person clicked
   * elsewhere first: taking the focus away commits it, while everything still listens. */
  gtk_root_set_focus (GTK_ROOT (window), NULL);

  _ring_window_settings_save_state (self);

  return GTK_WINDOW_CLASS (ring_window_parent_class)->close_request (window);
}

static void
ring_window_dispose (GObject *object)
{
  RingWindow *self = RING_WINDOW (object);

  /* Let go of the model's signals and bindings before anything else: while the window
   * goes away a field may still commit its text into the model, and nothing of the
   * window may hear it. */
  g_clear_object (&self->model_signals);
  g_clear_object (&self->model_bindings);
  _ring_window_settings_unbind_model (self);
  g_clear_handle_id (&self->sidebar_style_idle, g_source_remove);
  _ring_window_import_dispose (self);

  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_WINDOW);
  g_clear_object (&self->settings);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_window_parent_class)->dispose (object);
}

static void
ring_window_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  RingWindow *self = RING_WINDOW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_LEARNING_VIEW:
      g_value_set_boolean (value, self->learning_view);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_window_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  RingWindow *self = RING_WINDOW (object);

  switch (prop_id)
    {
    case PROP_LEARNING_VIEW:
      if (_ring_window_learning_set (self, g_value_get_boolean (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_window_class_init (RingWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = ring_window_dispose;
  object_class->get_property = ring_window_get_property;
  object_class->set_property = ring_window_set_property;
  window_class->close_request = ring_window_close_request;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, RING_TYPE_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* The animation takes the main area, beside a text that explains each step. */
  properties[PROP_LEARNING_VIEW] =
    g_param_spec_boolean ("learning-view", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RING_TYPE_PARAMETER_PANEL);
  g_type_ensure (RING_TYPE_STEP_BAR);
  g_type_ensure (RING_TYPE_ANIMATION);
  g_type_ensure (RING_TYPE_CHART_VIEW);
  g_type_ensure (RING_TYPE_METRIC_GRID);
  g_type_ensure (RING_TYPE_METRIC_CARD);
  g_type_ensure (RING_TYPE_LEARNING_PANEL);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ring-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RingWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, presets_menu);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, run_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, step_timing_box);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, parameter_panel);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, metrics_grid);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, step_bar);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, fit_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, straggler_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, dp_ring_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, bound_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, target_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, target_lines);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, animation);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, chart_view);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, play_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, speed_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, sidebar_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, main_area);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, split_host);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, numbers_box);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, animation_clamp);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, learning_panel);

  _ring_window_class_actions_init (klass);
  _ring_window_scenarios_class_init (klass);
  _ring_window_tour_class_init (widget_class);
  _ring_window_layout_class_init (widget_class);
  _ring_window_learning_class_init (widget_class);
}

static void
ring_window_init (RingWindow *self)
{
  GtkWidget *target_overlay;

  self->model = ring_model_new ();

  self->model_signals = _ring_model_follow_new (self, G_CALLBACK (ring_window_model_changed_cb));
  self->model_bindings = g_binding_group_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  _ring_window_layout_init (self);

  /* The sentence under the step bar takes one line or two as the parameters move; the
   * overlay keeps two (an empty label's, seen by nobody; not in the folded layout,
   * ring-window-layout.c) and takes more only when the sentence needs them, so the ring
   * and the charts below do not jump during a drag. */
  gtk_label_set_label (self->target_lines, "\n");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->target_lines),
                               GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
  target_overlay = gtk_widget_get_parent (GTK_WIDGET (self->target_label));
  gtk_overlay_set_measure_overlay (GTK_OVERLAY (target_overlay),
                                   GTK_WIDGET (self->target_label), TRUE);

  /* Every view shares the one model. */
  g_object_set (self->parameter_panel, "model", self->model, NULL);
  g_object_set (self->step_bar, "model", self->model, NULL);
  g_object_set (self->animation, "model", self->model, NULL);
  g_object_set (self->chart_view, "model", self->model, NULL);
  g_object_set (self->learning_panel, "animation", self->animation, NULL);

  add_metrics (self);
  /* A single collective has no step to time, and plays one all-reduce. */
  g_binding_group_bind (self->model_bindings, "collective", self->step_timing_box, "visible",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  g_binding_group_bind_full (self->model_bindings, "collective", self->run_button, "label",
                             G_BINDING_SYNC_CREATE, boolean_to_text, NULL,
                             boolean_texts_new (_("Run All-Reduce"), _("Run Training Step")),
                             (GDestroyNotify) g_strfreev);
  g_binding_group_bind_full (self->model_bindings, "collective", self->run_button,
                             "tooltip-text", G_BINDING_SYNC_CREATE, boolean_to_text, NULL,
                             boolean_texts_new (_("Play one all-reduce: scatter-reduce and "
                                                  "all-gather around the ring (Ctrl+R)"),
                                                _("Play one whole step: compute, then "
                                                  "scatter-reduce and all-gather around the "
                                                  "ring (Ctrl+R)")),
                             (GDestroyNotify) g_strfreev);
  _ring_window_fill_presets_menu (self);
  _ring_window_import_init (self);

  /* The window makes its model and keeps it: the groups get their one target here. */
  g_binding_group_set_source (self->model_bindings, self->model);
  g_signal_group_set_target (self->model_signals, self->model);
  ring_window_model_changed_cb (self);

  _ring_window_return_focus_after_menus (self);

  fill_speed_dropdown (self->speed_dropdown);
  g_object_bind_property_full (self->animation, "speed", self->speed_dropdown, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               speed_to_item, item_to_speed, NULL, NULL);
  g_object_bind_property_full (self->animation, "playing", self->play_button, "icon-name",
                               G_BINDING_SYNC_CREATE, boolean_to_text, NULL,
                               boolean_texts_new ("media-playback-pause-symbolic",
                                                  "media-playback-start-symbolic"),
                               (GDestroyNotify) g_strfreev);
  g_object_bind_property_full (self->animation, "playing", self->play_button, "tooltip-text",
                               G_BINDING_SYNC_CREATE, boolean_to_text, NULL,
                               boolean_texts_new (_("Pause (Ctrl+P)"),
                                                  _("Play steps back to back (Ctrl+P)")),
                               (GDestroyNotify) g_strfreev);

  _ring_window_settings_init (self);
  _ring_window_scenarios_init (self);
  _ring_window_import_restore (self);
  _ring_window_tour_init (self);

  if (DEVELOPMENT_BUILD)
    gtk_widget_add_css_class (GTK_WIDGET (self), "devel");
}

RingWindow *
ring_window_new (RingApplication *application)
{
  g_return_val_if_fail (RING_IS_APPLICATION (application), NULL);

  return g_object_new (RING_TYPE_WINDOW, "application", application, NULL);
}

RingModel *
ring_window_get_model (RingWindow *self)
{
  g_return_val_if_fail (RING_IS_WINDOW (self), NULL);

  return self->model;
}

/* A toast's title is Pango markup; file names, scenario names and parsers' messages can
 * hold "&" or "<", which must show as they are. */
AdwToast *
_ring_window_new_toast (const char *message)
{
  g_autofree char *markup = g_markup_escape_text (message, -1);

  return adw_toast_new (markup);
}

void
_ring_window_add_toast (RingWindow *self,
                        const char *message)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  adw_toast_overlay_add_toast (self->toast_overlay, _ring_window_new_toast (message));
}
