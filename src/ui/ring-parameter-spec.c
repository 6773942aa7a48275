/* ring-parameter-spec.c: what each parameter's control looks like, and the conversions
 * between the model's values, the slider and the typed field.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-parameter-spec.h"
#include "ring-units.h"

/* NIC line rates as they are sold, Gb/s: the NIC speed slider's notches. */
static const double nic_speeds[] = { 1, 10, 25, 40, 50, 100, 200, 400, 800, 1600 };

/* The rows, group by group, in the order they show. The sentences follow the original
 * design card. */
static const ParameterSpec parameter_specs[] = {
  { RING_PARAM_GPU, "cluster_group", CONTROL_CHOICE,
    N_("The accelerator, from the catalogue: choosing one sets its achieved compute, its "
       "bandwidth inside a node and the usual GPUs per node."), },
  { RING_PARAM_GPUS, "cluster_group", CONTROL_SLIDER,
    N_("How many GPUs share the gradient: more GPUs add compute, but also add hops to the "
       "ring, and each GPU’s traffic barely shrinks once N is large."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_GPUS_PER_NODE, "cluster_group", CONTROL_SLIDER,
    N_("GPUs that share one node’s NVLink or PCIe: N GPUs make ⌈N / G⌉ nodes, and past "
       "one node the network between them joins the ring."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NVLINK_DOMAIN, "cluster_group", CONTROL_SLIDER,
    N_("GPUs that share NVLink across nodes, as the 72 GPUs of a GB200 NVL72 rack on 18 "
       "nodes of 4: inside the domain the ring runs over NVLink, between domains over "
       "the network. 0: each node is its own domain."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NICS_PER_NODE, "cluster_group", CONTROL_SLIDER,
    N_("Network cards each node has for GPU traffic: an all-reduce across nodes runs "
       "through all of them, so together they bound its bandwidth."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NIC_SPEED, "cluster_group", CONTROL_SLIDER,
    N_("The line rate of each NIC, as NICs are sold: 400 Gb/s for InfiniBand NDR, 200 for "
       "HDR, 100 for 100 GbE. Typed, 400G or 50GB/s work too."),
    SCALE_NIC_SPEEDS, FORMAT_NIC_SPEED, "Gb/s", 0, 100 },
  { RING_PARAM_PCIE_GENERATION, "cluster_group", CONTROL_SLIDER,
    N_("The PCIe generation of each GPU’s x16 link, through which it feeds the NICs: "
       "Gen5 carries about 64 GB/s each way, Gen6 twice that. NICs faster than these "
       "links change nothing. Choosing a GPU sets it."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_BANDWIDTH, "cluster_group", CONTROL_SLIDER,
    N_("What each GPU can send to the others in its node per second (NVLink or PCIe): "
       "raising it shortens the all-reduce. The flat ring uses it for every hop."),
    SCALE_LOG10, FORMAT_PLAIN, "GB/s", 1, 10 },

  { RING_PARAM_MODEL_PARAMS, "step_group", CONTROL_SLIDER,
    N_("Parameters in the model: sets the gradient buffer that every step must synchronize, "
       "so a larger model moves more bytes and computes longer."),
    SCALE_LOG10, FORMAT_COUNT, "", 1, 1e9 },
  { RING_PARAM_TOKENS_PER_GPU, "step_group", CONTROL_SLIDER,
    N_("Tokens each GPU processes per step: more tokens mean more compute per gradient "
       "exchange, which hides communication."),
    SCALE_LOG2_SNAP, FORMAT_COUNT, "", 0, 256 },
  { RING_PARAM_COMPUTE, "step_group", CONTROL_SLIDER,
    N_("The TFLOP/s each accelerator achieves on its forward and backward pass: raising it "
       "shortens compute and makes communication the larger share."),
    SCALE_LOG10, FORMAT_PLAIN, "TFLOP/s", 0, 10 },
  { RING_PARAM_GRADIENT_BYTES, "step_group", CONTROL_PRECISION,
    N_("Bytes per gradient value: fp32 sends 4 bytes, bf16 2 and fp8 1, so lower precision "
       "halves the traffic each time."), },
  { RING_PARAM_BUCKET_SIZE, "step_group", CONTROL_SLIDER,
    N_("Gradients are sent in buckets of this size while the backward pass still runs, "
       "as PyTorch DDP does (25 MiB by default): smaller buckets hide more of the "
       "all-reduce but pay its latency more often. Typed, “one” (or 0) is one bucket: no "
       "overlap."),
    SCALE_LOG2_SNAP, FORMAT_MESSAGE_SIZE, "", 0, RING_MIN_BUCKET_BYTES, RING_MIN_BUCKET_BYTES,
    RING_MAX_BUCKET_BYTES },
  { RING_PARAM_SHARDING, "step_group", CONTROL_CHOICE,
    N_("How data parallelism splits the model: DDP keeps everything on every GPU; ZeRO-1 "
       "shards the optimizer, ZeRO-2 the gradients too, FSDP the parameters as well, at "
       "the price of more collectives."), },
  { RING_PARAM_CHECKPOINTING, "step_group", CONTROL_CHOICE,
    N_("Activations kept for the backward pass: none keeps all, selective recomputes the "
       "attention, full recomputes each layer’s forward pass and keeps only its input."), },
  { RING_PARAM_TENSOR_PARALLEL, "step_group", CONTROL_SLIDER,
    N_("GPUs of one node that split every layer’s matrices: each layer then waits for "
       "their all-reduces over NVLink, forward and backward."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_PIPELINE_PARALLEL, "step_group", CONTROL_SLIDER,
    N_("Stages the layers are split into, each on its own GPUs: activations pass from "
       "stage to stage, and the pipeline idles while it fills and drains."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_CONTEXT_PARALLEL, "step_group", CONTROL_SLIDER,
    N_("GPUs that split every sequence: each all-gathers the others’ keys and values "
       "before attention."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_MICRO_BATCHES, "step_group", CONTROL_SLIDER,
    N_("Micro-batches each pipeline runs per step: more of them shrink the pipeline’s "
       "idle share, (P − 1) / (m + P − 1)."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_COMM_SLOWDOWN, "step_group", CONTROL_SLIDER,
    N_("How much slower compute runs while a collective runs beside it, sharing the "
       "GPU’s memory bandwidth and streaming multiprocessors."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 5 },

  /* nccl-tests' usual sweep runs from 8 B to 16 GiB in powers of two: the slider's range.
   * Typed, any size the command line accepts (1 B to 1 PB). A collective starts at 1 GiB,
   * where every fabric shows its bus bandwidth. */
  { RING_PARAM_MESSAGE_SIZE, "collective_group", CONTROL_SLIDER,
    N_("The buffer one all-reduce sums over every GPU, as nccl-tests sizes it: 8 B to "
       "16 GiB on the slider; typed, any size such as 1MiB or 4GB."),
    SCALE_LOG2_SNAP, FORMAT_MESSAGE_SIZE, "", 0, 1024, 8, 17179869184.0, 1, 1073741824.0 },

  { RING_PARAM_ALGORITHM, "network_group", CONTROL_CHOICE,
    N_("How the GPUs combine their gradients: Auto picks among NCCL’s algorithms and "
       "protocols as NCCL would; the flat ring is the textbook formula."), },
  { RING_PARAM_NCCL_VERSION, "network_group", CONTROL_CHOICE,
    N_("The NCCL release: newer ones build NVLS on two GPUs (2.28), LL128 on Blackwell "
       "(2.25), PAT for one GPU per node (2.23) and symmetric-memory kernels (2.27)."), },
  { RING_PARAM_FABRIC, "network_group", CONTROL_CHOICE,
    N_("The network between nodes: choosing one sets its usual latency. CollNet needs "
       "InfiniBand switches that reduce (SHARP)."), },
  { RING_PARAM_NET_LATENCY, "network_group", CONTROL_SLIDER,
    N_("One-way latency of the network between nodes: about 1 µs on InfiniBand, a few on "
       "RoCE, tens over TCP."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "µs", 1, 1 },
  { RING_PARAM_LATENCY, "network_group", CONTROL_SLIDER,
    N_("The fixed cost of each message between neighbours in the flat ring and the "
       "textbook algorithms: a flat ring pays it 2 (N − 1) times, so it dominates large "
       "rings and small messages."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "µs", 1, 1 },
  /* The switches between nodes and another job on them (docs/model.md, "The fabric"). */
  { RING_PARAM_FABRIC_TIERS, "network_group", CONTROL_SLIDER,
    N_("The switches between nodes: 1 is one non-blocking switch; 2 leaves joined by "
       "spines; 3 pods of leaves joined by a core. Above one switch, traffic that leaves a "
       "leaf shares its uplinks."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NODES_PER_LEAF, "network_group", CONTROL_SLIDER,
    N_("Nodes under one leaf switch, or one rail group on a rail-optimized fabric; a core "
       "tier’s pod holds as many leaves."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_OVERSUBSCRIPTION, "network_group", CONTROL_SLIDER,
    N_("R in R:1: each switch’s uplinks carry 1/R of what its downlinks do, so at 4:1 the "
       "nodes of a leaf can send a quarter of their rate out of it at once."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, ":1", 0, 1 },
  { RING_PARAM_PLACEMENT, "network_group", CONTROL_CHOICE,
    N_("Where the job’s nodes sit: packed fills each leaf with consecutive nodes, as "
       "fabric-aware schedulers do; scattered puts them anywhere, so more traffic climbs "
       "to the spine."), },
  { RING_PARAM_OTHER_JOB_GPUS, "network_group", CONTROL_SLIDER,
    N_("GPUs of a second job placed on the same leaves: its traffic shares their uplinks "
       "with ours. 0 for none."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_OTHER_JOB_LOAD, "network_group", CONTROL_SLIDER,
    N_("The share of time the other job sends through the same uplinks: below its fair "
       "share it leaves ours the rest, above it every flow gets the fair share."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "%", 0, 1 },

  /* The links' and the GPUs' sliders span the ring (0 … N − 1), set as it changes. */
  { RING_PARAM_SLOW_LINK, "straggler_group", CONTROL_SLIDER,
    N_("The link GPU i sends on, towards GPU i + 1 in the ring, counted from 0: it runs at "
       "the speed below."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_SLOW_LINK_FRACTION, "straggler_group", CONTROL_SLIDER,
    /* xgettext:no-c-format */
    N_("The slow link’s share of its bandwidth: 100 % is no slow link."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 1 },
  { RING_PARAM_SLOW_GPU, "straggler_group", CONTROL_SLIDER,
    N_("The GPU, counted from 0, that computes at the speed below: every other GPU waits "
       "for it before the all-reduce."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_SLOW_GPU_FRACTION, "straggler_group", CONTROL_SLIDER,
    /* xgettext:no-c-format */
    N_("The slow GPU’s share of the others’ compute: 100 % is no slow GPU."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 1 },
};

/* The precision buttons, fp32 first. */
const RingPrecision ring_precisions[RING_N_PRECISIONS] = {
  { "fp32", N_("4 bytes per value"), 4 },
  { "bf16", N_("2 bytes per value"), 2 },
  { "fp8", N_("1 byte per value"), 1 },
};

const ParameterSpec *
_ring_parameter_specs_get (guint *n_specs)
{
  g_return_val_if_fail (n_specs != NULL, NULL);

  *n_specs = G_N_ELEMENTS (parameter_specs);

  return parameter_specs;
}

void
_ring_parameter_spec_field_range (const ParameterSpec *spec,
                                  double              *minimum,
                                  double              *maximum,
                                  double              *start)
{
  const RingParamInfo *info = ring_param_info (spec->id);

  *minimum = spec->field_minimum > 0 ? spec->field_minimum : info->minimum;
  *maximum = info->maximum;
  *start = spec->field_default > 0 ? spec->field_default : info->default_value;
}

/* The NIC speed slider's position of @gbit: the index of its notch, and between two
 * notches the log-scale fraction of the way. */
double
_ring_parameter_spec_nic_position (double gbit)
{
  guint last = G_N_ELEMENTS (nic_speeds) - 1;

  if (gbit <= nic_speeds[0])
    return 0;
  for (guint i = 0; i < last; i++)
    if (gbit <= nic_speeds[i + 1])
      return i + log (gbit / nic_speeds[i]) / log (nic_speeds[i + 1] / nic_speeds[i]);

  return last;
}

double
_ring_parameter_spec_to_slider (ScaleKind kind,
                                double    value)
{
  switch (kind)
    {
    case SCALE_LOG2_SNAP: return log2 (value);
    case SCALE_LOG10: return log10 (value);
    case SCALE_LOG10_PLUS_ONE: return log10 (1.0 + value);
    case SCALE_PERCENT: return value * 100.0;
    case SCALE_LINEAR_SNAP: return value;
    case SCALE_NIC_SPEEDS: return _ring_parameter_spec_nic_position (value);
    default: g_assert_not_reached ();
    }
}

double
_ring_parameter_spec_from_slider (ScaleKind kind,
                                  double    position)
{
  switch (kind)
    {
    case SCALE_LOG2_SNAP: return exp2 (round (position));
    case SCALE_LOG10: return pow (10.0, position);
    case SCALE_LOG10_PLUS_ONE: return pow (10.0, position) - 1.0;
    case SCALE_PERCENT: return position / 100.0;
    case SCALE_LINEAR_SNAP: return round (position);
    case SCALE_NIC_SPEEDS:
      return nic_speeds[(guint) CLAMP (round (position), 0, G_N_ELEMENTS (nic_speeds) - 1)];
    default: g_assert_not_reached ();
    }
}

gboolean
_ring_parameter_spec_snaps (ScaleKind kind)
{
  return kind == SCALE_LOG2_SNAP || kind == SCALE_LINEAR_SNAP || kind == SCALE_NIC_SPEEDS;
}

void
_ring_parameter_spec_slider_range (const ParameterSpec *spec,
                                   double              *minimum,
                                   double              *maximum)
{
  const RingParamInfo *info = ring_param_info (spec->id);

  if (spec->slider_minimum == 0 && spec->slider_maximum == 0)
    {
      *minimum = _ring_parameter_spec_to_slider (spec->scale, info->minimum);
      *maximum = _ring_parameter_spec_to_slider (spec->scale, info->maximum);
    }
  else
    {
      *minimum = _ring_parameter_spec_to_slider (spec->scale, spec->slider_minimum);
      *maximum = _ring_parameter_spec_to_slider (spec->scale, spec->slider_maximum);
    }
}

char *
_ring_parameter_spec_format_plain (double      value,
                                   guint       digits,
                                   const char *unit)
{
  /* A ratio's ":1" follows its number as in "4:1". */
  if (*unit == ':')
    return g_strdup_printf ("%.*f%s", (int) digits, value, unit);
  if (*unit != '\0')
    return g_strdup_printf ("%.*f %s", (int) digits, value, unit);

  return g_strdup_printf ("%.*f", (int) digits, value);
}

/* The decimals @value is written with: @digits, or up to three more where that writes
 * it exactly, as a person would (an H100's 395.6 TFLOP/s is "395.6", not "396"); a value
 * with more decimals than that (a point of a log slider) shows rounded to @digits. */
static guint
written_digits (double value,
                guint  digits)
{
  for (guint extra = 0; extra <= 3; extra++)
    {
      double scale = pow (10, digits + extra);

      if (fabs (round (value * scale) / scale - value) <= fabs (value) * 1e-12)
        return digits + extra;
    }

  return digits;
}

char *
_ring_parameter_spec_format (const ParameterSpec *spec,
                             double               value)
{
  g_return_val_if_fail (spec != NULL, NULL);

  switch (spec->format)
    {
    case FORMAT_COUNT:
      return value >= 1e4 ? ring_format_count (value)
                          : _ring_parameter_spec_format_plain (value,
                                                               written_digits (value,
                                                                               spec->digits),
                                                               "");
    case FORMAT_NIC_SPEED:
      /* 12.5 Gb/s is a real line rate; 400 needs no decimals. */
      return _ring_parameter_spec_format_plain (value, written_digits (value, 0), spec->unit);
    case FORMAT_MESSAGE_SIZE:
      /* A bucket size of 0 is one bucket for the whole gradient. */
      return value > 0 ? ring_format_message_size (value) : g_strdup (_("one"));
    case FORMAT_PLAIN:
    default:
      return _ring_parameter_spec_format_plain (value, written_digits (value, spec->digits),
                                                spec->unit);
    }
}

gboolean
_ring_parameter_panel_spin_output_cb (GtkSpinButton       *spin,
                                      const ParameterSpec *spec)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = _ring_parameter_spec_format (spec, value);

  /* Setting the text it already has would move the cursor of a field being edited. */
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), text);

  return TRUE;
}

/* Reads what a person types: "70B", "1.5T", "300 GB/s", "400G", "50GB/s", "1MiB", "2,5"
 * in a German locale; and bits where bytes per second are asked for, as networks are
 * sold: "400 Gb/s" in a GB/s field is 50 GB/s. */
gboolean
_ring_parameter_spec_parse (const ParameterSpec *spec,
                            const char          *typed,
                            double              *value)
{
  g_autofree char *text = g_strstrip (g_strdup (typed));
  struct lconv *locale = localeconv ();

  g_return_val_if_fail (spec != NULL && typed != NULL && value != NULL, FALSE);

  /* The field shows the locale's decimal separator; the parsers read '.'. */
  if (locale->decimal_point != NULL && g_strcmp0 (locale->decimal_point, ".") != 0)
    g_strdelimit (text, locale->decimal_point, '.');

  switch (spec->format)
    {
    case FORMAT_NIC_SPEED:
      return ring_parse_nic_speed (text, value);
    case FORMAT_MESSAGE_SIZE:
      if (spec->id == RING_PARAM_BUCKET_SIZE
          && (g_ascii_strcasecmp (text, "one") == 0 || g_utf8_collate (text, _("one")) == 0))
        {
          *value = 0;
          return TRUE;
        }
      return ring_parse_bytes (text, value);
    case FORMAT_PLAIN:
    case FORMAT_COUNT:
    default:
      if (g_str_equal (spec->unit, "GB/s") && g_str_has_suffix (text, "b/s"))
        {
          double gbit;

          if (!ring_parse_nic_speed (text, &gbit))
            return FALSE;
          *value = gbit / 8;
          return TRUE;
        }
      if (*spec->unit != '\0' && g_str_has_suffix (text, spec->unit))
        {
          text[strlen (text) - strlen (spec->unit)] = '\0';
          g_strstrip (text);
        }
      return ring_parse_count (text, value);
    }
}

int
_ring_parameter_panel_spin_input_cb (GtkSpinButton       *spin,
                                     double              *new_value,
                                     const ParameterSpec *spec)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  const char *typed = gtk_editable_get_text (GTK_EDITABLE (spin));
  g_autofree char *shown = _ring_parameter_spec_format (spec, value);

  /* Leaving a field, or pressing Enter in it, commits its text. The text the field was
   * given for its value is that value, whatever it rounds: only typing changes it. */
  if (g_strcmp0 (typed, shown) == 0)
    {
      *new_value = value;
      return TRUE;
    }

  if (!_ring_parameter_spec_parse (spec, typed, &value))
    return GTK_INPUT_ERROR;

  *new_value = value;

  return TRUE;
}

/* A field shows what it holds is not a value while it is typed, and says what it takes,
 * instead of going back to the old value without a word when it loses the focus. */
void
_ring_parameter_panel_spin_changed_cb (GtkSpinButton       *spin,
                                       const ParameterSpec *spec)
{
  GtkWidget *widget = GTK_WIDGET (spin);
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  double value;

  /* An empty field is neither a value nor a mistake yet: GtkSpinButton empties its text
   * before it writes each new value, with a "changed" for each, and marking it there put
   * a class on and off the field at every step of a slider, which restyles the window
   * and costs it a second frame. A mark left from a mistake typed before goes, as only
   * it changes anything. */
  if (text[0] == '\0')
    {
      if (gtk_widget_has_css_class (widget, "error"))
        {
          gtk_widget_remove_css_class (widget, "error");
          gtk_widget_set_tooltip_text (widget, NULL);
        }
      return;
    }

  if (_ring_parameter_spec_parse (spec, text, &value))
    {
      gtk_widget_remove_css_class (widget, "error");
      /* Setting a tooltip, even none over none, asks GTK's tooltip again for the widget
       * under the pointer, which hides and shows it: a frame more at each step. */
      if (gtk_widget_get_tooltip_text (widget) != NULL)
        gtk_widget_set_tooltip_text (widget, NULL);
      return;
    }

  gtk_widget_add_css_class (widget, "error");
  if (spec->format == FORMAT_NIC_SPEED || g_str_equal (spec->unit, "GB/s"))
    gtk_widget_set_tooltip_text (widget,
                                 _("Not a rate: type 400, 400 Gb/s, 3.2 Tb/s or 50 GB/s"));
  else if (spec->format == FORMAT_MESSAGE_SIZE)
    gtk_widget_set_tooltip_text (widget, _("Not a size: type 1MiB, 4GB or 1048576"));
  else
    gtk_widget_set_tooltip_text (widget, _("Not a number: type 8, 7B, 1.5T or 2.5"));
}

double
_ring_parameter_spec_value_get (const GValue *value)
{
  if (G_VALUE_HOLDS_UINT (value))
    return g_value_get_uint (value);

  return g_value_get_double (value);
}

void
_ring_parameter_spec_value_set (GValue *value,
                                double  number)
{
  if (G_VALUE_HOLDS_UINT (value))
    g_value_set_uint (value, (guint) round (number));
  else
    g_value_set_double (value, number);
}

void
_ring_parameter_spec_make_one_tab_stop (GtkWidget  *row,
                                        GtkWidget  *scale,
                                        const char *title)
{
  g_return_if_fail (GTK_IS_WIDGET (row));
  g_return_if_fail (scale == NULL || GTK_IS_WIDGET (scale));
  g_return_if_fail (title != NULL);

  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  -1);
  /* Three stops a row made 68 to cross the panel: the field alone takes the keyboard
   * (its arrows step the value), and a pointer still drags the slider. The slider must
   * leave the focus chain altogether: GTK 4.8 moves focus into a widget that merely is
   * not focusable and stays there, and Tab would stop at the field for good. */
  gtk_widget_set_focusable (row, FALSE);
  if (scale != NULL)
    {
      gtk_widget_set_focusable (scale, FALSE);
      gtk_widget_set_can_focus (scale, FALSE);
    }
}
