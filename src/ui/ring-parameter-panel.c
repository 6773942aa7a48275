/* ring-parameter-panel.c: a control per model parameter, bound to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-choice.h"
#include "ring-labels.h"
#include "ring-parameter-panel-private.h"
#include "ring-topology.h"
#include "ring-units.h"

/* The message size is the model's "message-size" property but no row of the parameter
 * table (0 there means a training step): it gets the control after the table's last. */
#define PARAM_MESSAGE_SIZE RING_N_PARAMS
#define N_CONTROLS         (RING_N_PARAMS + 1)

/* nccl-tests' usual sweep runs from 8 B to 16 GiB in powers of two: the slider's range.
 * Typed, any size the command line accepts (1 B to 1 PB). A collective starts at 1 GiB,
 * where every fabric shows its bus bandwidth. */
static const RingParamInfo message_size_info = {
  PARAM_MESSAGE_SIZE, "message-size", "message_size_bytes", "message-size", "B",
  1, 1e15, 1073741824.0, RING_PARAM_KIND_NUMBER, NULL, NULL,
};

/* NIC line rates as they are sold, Gb/s: the NIC speed slider's notches. */
static const double nic_speeds[] = { 1, 10, 25, 40, 50, 100, 200, 400, 800, 1600 };

typedef enum
{
  CONTROL_SLIDER,       /* a typed field over a slider */
  CONTROL_CHOICE,       /* a drop-down of the model's choices */
  CONTROL_PRECISION,    /* fp32 | bf16 | fp8 */
} ControlKind;

/* How a parameter's slider maps to its value; the typed field is always linear. */
typedef enum
{
  SCALE_LOG2_SNAP,      /* one notch per power of two */
  SCALE_LOG10,
  SCALE_LOG10_PLUS_ONE, /* log10 (1 + v): a log scale that still reaches 0 */
  SCALE_PERCENT,        /* a fraction shown as 0 … 100 % */
  SCALE_LINEAR_SNAP,    /* one notch per whole number */
  SCALE_NIC_SPEEDS,     /* one notch per line rate in nic_speeds[] */
} ScaleKind;

/* How the typed field shows and reads its value. */
typedef enum
{
  FORMAT_PLAIN,         /* a number and its unit */
  FORMAT_COUNT,         /* 7 B, 1.5 T */
  FORMAT_NIC_SPEED,     /* 400 Gb/s; reads 400, 400G, 400Gb/s and 50GB/s */
  FORMAT_MESSAGE_SIZE,  /* 1 MiB; reads 1MiB, 4GB, 1048576 */
} FormatKind;

typedef struct
{
  guint        id;       /* RingParamId, or PARAM_MESSAGE_SIZE */
  const char  *group;    /* template child the row goes into */
  ControlKind  control;
  const char  *title;
  const char  *tooltip;
  ScaleKind    scale;
  FormatKind   format;
  const char  *unit;
  guint        digits;
  double       step;
  double       slider_minimum;  /* both 0: the parameter's range */
  double       slider_maximum;
} ParameterSpec;

/* The rows, group by group, in the order they show. The sentences follow the original
 * design card. */
static const ParameterSpec parameter_specs[] = {
  { RING_PARAM_GPU, "cluster_group", CONTROL_CHOICE, N_("GPU"),
    N_("The accelerator, from the catalogue: choosing one sets its achieved compute, its "
       "bandwidth inside a node and the usual GPUs per node."), },
  { RING_PARAM_GPUS, "cluster_group", CONTROL_SLIDER, N_("GPUs in the ring"),
    N_("How many GPUs share the gradient: more GPUs add compute, but also add hops to the "
       "ring, and each GPU’s traffic barely shrinks once N is large."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_GPUS_PER_NODE, "cluster_group", CONTROL_SLIDER, N_("GPUs per node"),
    N_("GPUs that share one node’s NVLink or PCIe: N GPUs make ⌈N / G⌉ nodes, and past "
       "one node the network between them joins the ring."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NICS_PER_NODE, "cluster_group", CONTROL_SLIDER, N_("NICs per node"),
    N_("Network cards each node has for GPU traffic: an all-reduce across nodes runs "
       "through all of them, so together they bound its bandwidth."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_NIC_SPEED, "cluster_group", CONTROL_SLIDER, N_("NIC speed"),
    N_("The line rate of each NIC, as NICs are sold: 400 Gb/s for InfiniBand NDR, 200 for "
       "HDR, 100 for 100 GbE. Typed, 400G or 50GB/s work too."),
    SCALE_NIC_SPEEDS, FORMAT_NIC_SPEED, "Gb/s", 0, 100 },
  { RING_PARAM_BANDWIDTH, "cluster_group", CONTROL_SLIDER, N_("In-node bandwidth"),
    N_("What each GPU can send to the others in its node per second (NVLink or PCIe): "
       "raising it shortens the all-reduce. The flat ring uses it for every hop."),
    SCALE_LOG10, FORMAT_PLAIN, "GB/s", 1, 10 },

  { RING_PARAM_MODEL_PARAMS, "step_group", CONTROL_SLIDER, N_("Model size"),
    N_("Parameters in the model: sets the gradient buffer that every step must synchronize, "
       "so a larger model moves more bytes and computes longer."),
    SCALE_LOG10, FORMAT_COUNT, "", 1, 1e9 },
  { RING_PARAM_TOKENS_PER_GPU, "step_group", CONTROL_SLIDER, N_("Tokens per GPU"),
    N_("Tokens each GPU processes per step: more tokens mean more compute per gradient "
       "exchange, which hides communication."),
    SCALE_LOG2_SNAP, FORMAT_COUNT, "", 0, 256 },
  { RING_PARAM_COMPUTE, "step_group", CONTROL_SLIDER, N_("Per-GPU compute"),
    N_("The TFLOP/s each accelerator achieves on its forward and backward pass: raising it "
       "shortens compute and makes communication the larger share."),
    SCALE_LOG10, FORMAT_PLAIN, "TFLOP/s", 0, 10 },
  { RING_PARAM_GRADIENT_BYTES, "step_group", CONTROL_PRECISION, N_("Gradient precision"),
    N_("Bytes per gradient value: fp32 sends 4 bytes, bf16 2 and fp8 1, so lower precision "
       "halves the traffic each time."), },
  { RING_PARAM_BUCKET_SIZE, "step_group", CONTROL_SLIDER, N_("Gradient bucket"),
    N_("Gradients are sent in buckets of this size while the backward pass still runs, "
       "as PyTorch DDP does (25 MiB by default): smaller buckets hide more of the "
       "all-reduce but pay its latency more often. Typed, “one” (or 0) is one bucket: no "
       "overlap."),
    SCALE_LOG2_SNAP, FORMAT_MESSAGE_SIZE, "", 0, 1048576, 1048576, 4294967296.0 },
  { RING_PARAM_SHARDING, "step_group", CONTROL_CHOICE, N_("Sharding"),
    N_("How data parallelism splits the model: DDP keeps everything on every GPU; ZeRO-1 "
       "shards the optimizer, ZeRO-2 the gradients too, FSDP the parameters as well, at "
       "the price of more collectives."), },
  { RING_PARAM_CHECKPOINTING, "step_group", CONTROL_CHOICE, N_("Activation checkpointing"),
    N_("Activations kept for the backward pass: none keeps all, selective recomputes the "
       "attention, full recomputes each layer’s forward pass and keeps only its input."), },
  { RING_PARAM_COMM_SLOWDOWN, "step_group", CONTROL_SLIDER, N_("Compute slowdown beside NCCL"),
    N_("How much slower compute runs while a collective runs beside it, sharing the "
       "GPU’s memory bandwidth and streaming multiprocessors."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 5 },

  { PARAM_MESSAGE_SIZE, "collective_group", CONTROL_SLIDER, N_("Message size"),
    N_("The buffer one all-reduce sums over every GPU, as nccl-tests sizes it: 8 B to "
       "16 GiB on the slider; typed, any size such as 1MiB or 4GB."),
    SCALE_LOG2_SNAP, FORMAT_MESSAGE_SIZE, "", 0, 1024, 8, 17179869184.0 },

  { RING_PARAM_ALGORITHM, "network_group", CONTROL_CHOICE, N_("Algorithm"),
    N_("How the GPUs combine their gradients: Auto picks among NCCL’s algorithms and "
       "protocols as NCCL would; the flat ring is the textbook formula."), },
  { RING_PARAM_FABRIC, "network_group", CONTROL_CHOICE, N_("Fabric"),
    N_("The network between nodes: choosing one sets its usual latency. CollNet needs "
       "InfiniBand switches that reduce (SHARP)."), },
  { RING_PARAM_NET_LATENCY, "network_group", CONTROL_SLIDER, N_("Network latency"),
    N_("One-way latency of the network between nodes: about 1 µs on InfiniBand, a few on "
       "RoCE, tens over TCP."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "µs", 1, 1 },
  { RING_PARAM_LATENCY, "network_group", CONTROL_SLIDER, N_("Latency per hop"),
    N_("The fixed cost of each message between neighbours in the flat ring and the "
       "textbook algorithms: a flat ring pays it 2 (N − 1) times, so it dominates large "
       "rings and small messages."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "µs", 1, 1 },

  /* The links' and the GPUs' sliders span the ring (0 … N − 1), set as it changes. */
  { RING_PARAM_SLOW_LINK, "straggler_group", CONTROL_SLIDER, N_("Slow link"),
    N_("The link GPU i sends on, towards GPU i + 1 in the ring, counted from 0: it runs at "
       "the speed below."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_SLOW_LINK_FRACTION, "straggler_group", CONTROL_SLIDER, N_("Slow link’s speed"),
    /* xgettext:no-c-format */
    N_("The slow link’s share of its bandwidth: 100 % is no slow link."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 1 },
  { RING_PARAM_SLOW_GPU, "straggler_group", CONTROL_SLIDER, N_("Slow GPU"),
    N_("The GPU, counted from 0, that computes at the speed below: every other GPU waits "
       "for it before the all-reduce."),
    SCALE_LINEAR_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_SLOW_GPU_FRACTION, "straggler_group", CONTROL_SLIDER, N_("Slow GPU’s speed"),
    /* xgettext:no-c-format */
    N_("The slow GPU’s share of the others’ compute: 100 % is no slow GPU."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 1 },
};

/* The shardings' and the checkpointings' names, in their enums' order. */
static const char * const sharding_titles[RING_N_SHARDINGS] = {
  N_("DDP"), N_("ZeRO-1"), N_("ZeRO-2"), N_("FSDP"),
};
static const char * const checkpointing_titles[RING_N_CHECKPOINTINGS] = {
  NC_("checkpointing", "None"), NC_("checkpointing", "Selective"), NC_("checkpointing", "Full"),
};

/* The precision buttons, fp32 first. */
static const struct
{
  const char *label;
  const char *tooltip;
  guint       bytes;
} precisions[] = {
  { "fp32", N_("4 bytes per value"), 4 },
  { "bf16", N_("2 bytes per value"), 2 },
  { "fp8", N_("1 byte per value"), 1 },
};

struct _RingParameterPanel
{
  AdwBin                parent_instance;

  RingModel            *model;
  /* Every control ⇄ model binding, and the model's "changed" for what the drop-downs
   * say about it: retargeted with the model, cleared first in dispose. */
  GBindingGroup        *model_bindings;
  GSignalGroup         *model_signals;

  /* Indexed by RingParamId (PARAM_MESSAGE_SIZE for the message size); NULL where the
   * parameter has no such control. */
  GtkRange             *scales[N_CONTROLS];
  GtkSpinButton        *spins[N_CONTROLS];
  AdwComboRow          *combos[N_CONTROLS];
  GListStore           *choices[N_CONTROLS];
  GtkToggleButton      *precision_buttons[G_N_ELEMENTS (precisions)];

  /* Template children. */
  AdwPreferencesGroup  *cluster_group;
  AdwPreferencesGroup  *step_group;
  AdwPreferencesGroup  *collective_group;
  AdwPreferencesGroup  *network_group;
  AdwPreferencesGroup  *straggler_group;
  GtkToggleButton      *training_button;
  GtkToggleButton      *collective_button;
};

G_DEFINE_FINAL_TYPE (RingParameterPanel, ring_parameter_panel, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const RingParamInfo *
param_info (guint id)
{
  if (id == PARAM_MESSAGE_SIZE)
    return &message_size_info;

  return ring_param_info (id);
}

static double
model_value (RingModel *model,
             guint      id)
{
  const RingParams *params = ring_model_get_params (model);

  if (id == PARAM_MESSAGE_SIZE)
    return params->message_bytes;

  return ring_params_get_value (params, id);
}

static double
value_as_double (const GValue *value)
{
  if (G_VALUE_HOLDS_UINT (value))
    return g_value_get_uint (value);

  return g_value_get_double (value);
}

static void
value_set_from_double (GValue *value,
                       double  number)
{
  if (G_VALUE_HOLDS_UINT (value))
    g_value_set_uint (value, (guint) round (number));
  else
    g_value_set_double (value, number);
}

/* The NIC speed slider's position of @gbit: the index of its notch, and between two
 * notches the log-scale fraction of the way. */
static double
nic_speed_position (double gbit)
{
  guint last = G_N_ELEMENTS (nic_speeds) - 1;

  if (gbit <= nic_speeds[0])
    return 0;
  for (guint i = 0; i < last; i++)
    if (gbit <= nic_speeds[i + 1])
      return i + log (gbit / nic_speeds[i]) / log (nic_speeds[i + 1] / nic_speeds[i]);

  return last;
}

static double
to_scale (ScaleKind kind,
          double    value)
{
  switch (kind)
    {
    case SCALE_LOG2_SNAP: return log2 (value);
    case SCALE_LOG10: return log10 (value);
    case SCALE_LOG10_PLUS_ONE: return log10 (1.0 + value);
    case SCALE_PERCENT: return value * 100.0;
    case SCALE_LINEAR_SNAP: return value;
    case SCALE_NIC_SPEEDS: return nic_speed_position (value);
    default: g_assert_not_reached ();
    }
}

static double
from_scale (ScaleKind kind,
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

static gboolean
scale_snaps (ScaleKind kind)
{
  return kind == SCALE_LOG2_SNAP || kind == SCALE_LINEAR_SNAP || kind == SCALE_NIC_SPEEDS;
}

static void
slider_range (const ParameterSpec *spec,
              double              *minimum,
              double              *maximum)
{
  const RingParamInfo *info = param_info (spec->id);

  if (spec->slider_minimum == 0 && spec->slider_maximum == 0)
    {
      *minimum = to_scale (spec->scale, info->minimum);
      *maximum = to_scale (spec->scale, info->maximum);
    }
  else
    {
      *minimum = to_scale (spec->scale, spec->slider_minimum);
      *maximum = to_scale (spec->scale, spec->slider_maximum);
    }
}

/* The message size shows only in a single collective: a training step (0) leaves the
 * field with the size a collective would start from. */
static gboolean
model_to_control_applies (const ParameterSpec *spec,
                          double               value)
{
  return spec->id != PARAM_MESSAGE_SIZE || value > 0;
}

/* A control moved by hand reaches the model; the message size only while the model is a
 * single collective, so a hidden field never switches the question. */
static gboolean
control_to_model_applies (GBinding            *binding,
                          const ParameterSpec *spec)
{
  g_autoptr(GObject) model = g_binding_dup_source (binding);

  return model != NULL
         && (spec->id != PARAM_MESSAGE_SIZE
             || ring_model_is_collective (RING_MODEL (model)));
}

static gboolean
model_to_scale (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  double value = value_as_double (from_value);

  if (!model_to_control_applies (spec, value))
    return FALSE;

  g_value_set_double (to_value, to_scale (spec->scale, value));

  return TRUE;
}

static gboolean
scale_to_model (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  const RingParamInfo *info = param_info (spec->id);
  g_autoptr(GObject) model = g_binding_dup_source (binding);
  double position = g_value_get_double (from_value);
  double lowest, highest, shown;

  if (!control_to_model_applies (binding, spec))
    return FALSE;

  /* A typed value between two notches, or past the slider's end, keeps its place until
   * the slider really moves. */
  slider_range (spec, &lowest, &highest);
  shown = CLAMP (to_scale (spec->scale, model_value (RING_MODEL (model), spec->id)),
                 lowest, highest);
  if (scale_snaps (spec->scale) && fabs (shown - position) < 1e-9)
    return FALSE;

  value_set_from_double (to_value, CLAMP (from_scale (spec->scale, position),
                                          info->minimum, info->maximum));

  return TRUE;
}

/* The typed field shows percent for a fraction. */
static gboolean
model_to_spin (GBinding     *binding,
               const GValue *from_value,
               GValue       *to_value,
               gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  double value = value_as_double (from_value);

  if (!model_to_control_applies (spec, value))
    return FALSE;

  g_value_set_double (to_value, spec->scale == SCALE_PERCENT ? value * 100.0 : value);

  return TRUE;
}

static gboolean
spin_to_model (GBinding     *binding,
               const GValue *from_value,
               GValue       *to_value,
               gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  double value = g_value_get_double (from_value);

  if (!control_to_model_applies (binding, spec))
    return FALSE;

  value_set_from_double (to_value, spec->scale == SCALE_PERCENT ? value / 100.0 : value);

  return TRUE;
}

static char *
format_plain (double      value,
              guint       digits,
              const char *unit)
{
  if (*unit != '\0')
    return g_strdup_printf ("%.*f %s", (int) digits, value, unit);

  return g_strdup_printf ("%.*f", (int) digits, value);
}

static gboolean
ring_parameter_panel_spin_output_cb (GtkSpinButton       *spin,
                                     const ParameterSpec *spec)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = NULL;

  switch (spec->format)
    {
    case FORMAT_COUNT:
      text = value >= 1e4 ? ring_format_count (value) : format_plain (value, spec->digits, "");
      break;
    case FORMAT_NIC_SPEED:
      /* 12.5 Gb/s is a real line rate; 400 needs no decimals. */
      text = format_plain (value, value == floor (value) ? 0 : 1, spec->unit);
      break;
    case FORMAT_MESSAGE_SIZE:
      /* A bucket size of 0 is one bucket for the whole gradient. */
      text = value > 0 ? ring_format_message_size (value) : g_strdup (_("one"));
      break;
    case FORMAT_PLAIN:
    default:
      text = format_plain (value, spec->digits, spec->unit);
      break;
    }

  gtk_editable_set_text (GTK_EDITABLE (spin), text);

  return TRUE;
}

/* Accepts what a person types: "70B", "1.5T", "300 GB/s", "400G", "50GB/s", "1MiB",
 * "2,5" in a German locale. */
static int
ring_parameter_panel_spin_input_cb (GtkSpinButton       *spin,
                                    double              *new_value,
                                    const ParameterSpec *spec)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  struct lconv *locale = localeconv ();
  gboolean parsed;
  double value;

  /* The field shows the locale's decimal separator; the parsers read '.'. */
  if (locale->decimal_point != NULL && g_strcmp0 (locale->decimal_point, ".") != 0)
    g_strdelimit (text, locale->decimal_point, '.');

  switch (spec->format)
    {
    case FORMAT_NIC_SPEED:
      parsed = ring_parse_nic_speed (text, &value);
      break;
    case FORMAT_MESSAGE_SIZE:
      if (spec->id == RING_PARAM_BUCKET_SIZE
          && (g_ascii_strcasecmp (text, "one") == 0 || g_utf8_collate (text, _("one")) == 0))
        {
          value = 0;
          parsed = TRUE;
        }
      else
        parsed = ring_parse_bytes (text, &value);
      break;
    case FORMAT_PLAIN:
    case FORMAT_COUNT:
    default:
      if (*spec->unit != '\0' && g_str_has_suffix (text, spec->unit))
        {
          text[strlen (text) - strlen (spec->unit)] = '\0';
          g_strstrip (text);
        }
      parsed = ring_parse_count (text, &value);
      break;
    }

  if (!parsed)
    return GTK_INPUT_ERROR;

  *new_value = value;

  return TRUE;
}

static GtkWidget *
create_slider_row (RingParameterPanel  *self,
                   const ParameterSpec *spec)
{
  const RingParamInfo *info = param_info (spec->id);
  GtkWidget *row, *box, *header, *title, *spin, *scale;
  GtkAdjustment *scale_adjustment, *spin_adjustment;
  double spin_max = spec->scale == SCALE_PERCENT ? 100.0 : info->maximum;
  double spin_min = spec->scale == SCALE_PERCENT ? 0.0 : info->minimum;
  double spin_default = spec->scale == SCALE_PERCENT ? info->default_value * 100.0
                                                     : info->default_value;
  double slider_min, slider_max;

  row = adw_preferences_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_tooltip_text (row, _(spec->tooltip));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (box, "parameter-row");
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  title = gtk_label_new (_(spec->title));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  /* A long title ("Compute slowdown beside NCCL") takes two lines, as the action rows'
   * do, rather than losing its end. */
  gtk_label_set_wrap (GTK_LABEL (title), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (title), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (header), title);

  /* Starts at the default: the message size keeps what it holds while the model is a
   * training step, and a collective starts there. */
  spin_adjustment = gtk_adjustment_new (spin_default, spin_min, spin_max,
                                        spec->step, spec->step * 10, 0);
  spin = gtk_spin_button_new (spin_adjustment, 1, spec->digits);
  gtk_spin_button_set_numeric (GTK_SPIN_BUTTON (spin), FALSE);
  gtk_spin_button_set_update_policy (GTK_SPIN_BUTTON (spin), GTK_UPDATE_IF_VALID);
  gtk_editable_set_width_chars (GTK_EDITABLE (spin), 11);
  gtk_widget_set_valign (spin, GTK_ALIGN_CENTER);
  g_signal_connect (spin, "output",
                    G_CALLBACK (ring_parameter_panel_spin_output_cb), (gpointer) spec);
  g_signal_connect (spin, "input",
                    G_CALLBACK (ring_parameter_panel_spin_input_cb), (gpointer) spec);
  gtk_box_append (GTK_BOX (header), spin);
  gtk_box_append (GTK_BOX (box), header);

  /* The slider spans the model's range, or the part of it the spec names, in its own
   * scale. */
  slider_range (spec, &slider_min, &slider_max);
  scale_adjustment = gtk_adjustment_new (CLAMP (to_scale (spec->scale, info->default_value),
                                                slider_min, slider_max),
                                         slider_min, slider_max,
                                         scale_snaps (spec->scale) ? 1 : 0.01,
                                         scale_snaps (spec->scale) ? 1 : 0.1, 0);
  scale = gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, scale_adjustment);
  gtk_scale_set_draw_value (GTK_SCALE (scale), FALSE);
  if (scale_snaps (spec->scale))
    gtk_range_set_round_digits (GTK_RANGE (scale), 0);
  gtk_box_append (GTK_BOX (box), scale);

  gtk_accessible_update_property (GTK_ACCESSIBLE (scale),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(spec->title),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(spec->tooltip),
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(spec->title),
                                  -1);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);

  self->scales[spec->id] = GTK_RANGE (scale);
  self->spins[spec->id] = GTK_SPIN_BUTTON (spin);

  return row;
}

/* Choices: the closed drop-down shows an entry's summary ("Auto · Tree, LL128"); the
 * open list its title, and for an entry that cannot be chosen here, the reason under it,
 * dimmed, insensitive, and as its tooltip. GtkDropDown and AdwComboRow cannot make one
 * entry insensitive; a list item that is neither activatable nor selectable cannot be
 * chosen by pointer or keyboard, and the binding refuses it if set any other way. */

static GtkExpression *
choice_property (const char *property)
{
  return gtk_property_expression_new (RING_TYPE_CHOICE,
                                      gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL,
                                                                   "item"),
                                      property);
}

static void
summary_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_list_item_set_child (list_item, label);
  gtk_expression_bind (choice_property ("summary"), label, "label", list_item);
}

static gboolean
not_cb (GtkListItem *list_item,
        gboolean     available)
{
  return !available;
}

static double
check_opacity_cb (GtkListItem *list_item,
                  GObject     *item,
                  GObject     *selected)
{
  return item != NULL && item == selected ? 1.0 : 0.0;
}

static void
title_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                AdwComboRow              *combo)
{
  GtkWidget *row, *box, *title, *reason, *check;
  GtkExpression *check_params[2];

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (box, TRUE);

  title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);

  reason = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (reason), 34);
  gtk_widget_add_css_class (reason, "caption");
  gtk_box_append (GTK_BOX (box), reason);
  gtk_box_append (GTK_BOX (row), box);

  /* The check mark of the chosen entry, as AdwComboRow's own list draws it. */
  check = gtk_image_new_from_icon_name ("object-select-symbolic");
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), check);
  gtk_list_item_set_child (list_item, row);

  gtk_expression_bind (choice_property ("title"), title, "label", list_item);
  gtk_expression_bind (choice_property ("reason"), reason, "label", list_item);
  gtk_expression_bind (gtk_cclosure_expression_new (G_TYPE_BOOLEAN, NULL, 1,
                                                    (GtkExpression *[]) {
                                                      choice_property ("available") },
                                                    G_CALLBACK (not_cb), NULL, NULL),
                       reason, "visible", list_item);
  gtk_expression_bind (choice_property ("reason"), row, "tooltip-text", list_item);
  gtk_expression_bind (choice_property ("available"), row, "sensitive", list_item);
  gtk_expression_bind (choice_property ("available"), list_item, "activatable", list_item);
  gtk_expression_bind (choice_property ("available"), list_item, "selectable", list_item);

  check_params[0] = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");
  check_params[1] = gtk_property_expression_new (ADW_TYPE_COMBO_ROW,
                                                 gtk_object_expression_new (G_OBJECT (combo)),
                                                 "selected-item");
  gtk_expression_bind (gtk_cclosure_expression_new (G_TYPE_DOUBLE, NULL, 2, check_params,
                                                    G_CALLBACK (check_opacity_cb), NULL, NULL),
                       check, "opacity", list_item);
}

static GListStore *
create_choices (guint id)
{
  GListStore *choices = g_list_store_new (RING_TYPE_CHOICE);

  for (guint value = 0; value < ring_param_n_choices (id); value++)
    {
      g_autoptr(RingChoice) choice = NULL;
      g_autofree char *summary = NULL;
      const char *title;

      if (id == RING_PARAM_GPU)
        {
          title = _(ring_gpu_info (value)->description);
          summary = ring_labels_lead (title);
        }
      else if (id == RING_PARAM_FABRIC)
        {
          title = ring_fabric_get_title (value);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_SHARDING)
        {
          title = _(sharding_titles[value]);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_CHECKPOINTING)
        {
          title = g_dpgettext2 (GETTEXT_PACKAGE, "checkpointing",
                                checkpointing_titles[value]);
          summary = g_strdup (title);
        }
      else
        {
          g_assert (id == RING_PARAM_ALGORITHM);
          title = ring_algorithm_get_title (value);
          summary = ring_labels_algorithm (value);
        }

      choice = ring_choice_new (value, title, summary);
      g_list_store_append (choices, choice);
    }

  return choices;
}

static GtkWidget *
create_choice_row (RingParameterPanel  *self,
                   const ParameterSpec *spec)
{
  g_autoptr(GtkListItemFactory) summary_factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) title_factory = gtk_signal_list_item_factory_new ();
  GtkWidget *row = adw_combo_row_new ();

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  gtk_widget_set_tooltip_text (row, _(spec->tooltip));

  g_signal_connect (summary_factory, "setup", G_CALLBACK (summary_setup_cb), NULL);
  g_signal_connect_object (title_factory, "setup", G_CALLBACK (title_setup_cb), row, 0);
  adw_combo_row_set_factory (ADW_COMBO_ROW (row), summary_factory);
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), title_factory);

  self->choices[spec->id] = create_choices (spec->id);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (self->choices[spec->id]));
  self->combos[spec->id] = ADW_COMBO_ROW (row);

  return row;
}

static GtkWidget *
create_precision_row (RingParameterPanel  *self,
                      const ParameterSpec *spec)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  gtk_widget_set_tooltip_text (row, _(spec->tooltip));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (box, "linked");

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (precisions[i].label);

      gtk_widget_set_tooltip_text (button, _(precisions[i].tooltip));
      if (i > 0)
        gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), self->precision_buttons[0]);
      gtk_box_append (GTK_BOX (box), button);
      self->precision_buttons[i] = GTK_TOGGLE_BUTTON (button);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);

  return row;
}

/* One of several toggle buttons stands for one value of a model property. */

static gboolean
model_to_toggle (GBinding     *binding,
                 const GValue *from_value,
                 GValue       *to_value,
                 gpointer      user_data)
{
  g_value_set_boolean (to_value, g_value_get_uint (from_value) == GPOINTER_TO_UINT (user_data));

  return TRUE;
}

static gboolean
toggle_to_model (GBinding     *binding,
                 const GValue *from_value,
                 GValue       *to_value,
                 gpointer      user_data)
{
  /* Only the button that becomes active speaks; the others just follow. */
  if (!g_value_get_boolean (from_value))
    return FALSE;

  g_value_set_uint (to_value, GPOINTER_TO_UINT (user_data));

  return TRUE;
}

/* The question: a message size of 0 is the training step, any other a single
 * collective of that size. */

static gboolean
model_to_training (GBinding     *binding,
                   const GValue *from_value,
                   GValue       *to_value,
                   gpointer      user_data)
{
  g_value_set_boolean (to_value, !(g_value_get_double (from_value) > 0));

  return TRUE;
}

static gboolean
training_to_model (GBinding     *binding,
                   const GValue *from_value,
                   GValue       *to_value,
                   gpointer      user_data)
{
  if (!g_value_get_boolean (from_value))
    return FALSE;

  g_value_set_double (to_value, 0);

  return TRUE;
}

static gboolean
model_to_collective (GBinding     *binding,
                     const GValue *from_value,
                     GValue       *to_value,
                     gpointer      user_data)
{
  g_value_set_boolean (to_value, g_value_get_double (from_value) > 0);

  return TRUE;
}

/* A collective starts with the size its field holds: the last one shown. */
static gboolean
collective_to_model (GBinding     *binding,
                     const GValue *from_value,
                     GValue       *to_value,
                     gpointer      user_data)
{
  RingParameterPanel *self = user_data;
  GtkSpinButton *field = self->spins[PARAM_MESSAGE_SIZE];

  if (!g_value_get_boolean (from_value))
    return FALSE;

  g_value_set_double (to_value, gtk_adjustment_get_value (gtk_spin_button_get_adjustment (field)));

  return TRUE;
}

static gboolean
invert (GBinding     *binding,
        const GValue *from_value,
        GValue       *to_value,
        gpointer      user_data)
{
  g_value_set_boolean (to_value, !g_value_get_boolean (from_value));

  return TRUE;
}

static gboolean
choice_to_selected (GBinding     *binding,
                    const GValue *from_value,
                    GValue       *to_value,
                    gpointer      user_data)
{
  g_value_set_uint (to_value, g_value_get_enum (from_value));

  return TRUE;
}

/* An entry that cannot be chosen here never reaches the model. */
static gboolean
selected_to_choice (GBinding     *binding,
                    const GValue *from_value,
                    GValue       *to_value,
                    gpointer      user_data)
{
  g_autoptr(GObject) combo = g_binding_dup_target (binding);
  guint selected = g_value_get_uint (from_value);
  g_autoptr(RingChoice) choice = NULL;

  if (combo == NULL || selected == GTK_INVALID_LIST_POSITION)
    return FALSE;

  choice = g_list_model_get_item (adw_combo_row_get_model (ADW_COMBO_ROW (combo)), selected);
  if (choice == NULL || !ring_choice_get_available (choice))
    return FALSE;

  g_value_set_enum (to_value, ring_choice_get_value (choice));

  return TRUE;
}

/* A control and a model property follow each other; SYNC_CREATE makes the model's value
 * win each time the group gets a new model. */
static void
bind (RingParameterPanel     *self,
      const char             *source_property,
      gpointer                target,
      const char             *target_property,
      GBindingTransformFunc   to,
      GBindingTransformFunc   from,
      gconstpointer           user_data)
{
  g_binding_group_bind_full (self->model_bindings, source_property, target, target_property,
                             G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                             to, from, (gpointer) user_data, NULL);
}

static void
bind_controls (RingParameterPanel *self)
{
  for (guint i = 0; i < G_N_ELEMENTS (parameter_specs); i++)
    {
      const ParameterSpec *spec = &parameter_specs[i];
      const char *property = param_info (spec->id)->property;

      switch (spec->control)
        {
        case CONTROL_SLIDER:
          bind (self, property, gtk_range_get_adjustment (self->scales[spec->id]), "value",
                model_to_scale, scale_to_model, spec);
          bind (self, property, gtk_spin_button_get_adjustment (self->spins[spec->id]),
                "value", model_to_spin, spin_to_model, spec);
          break;
        case CONTROL_CHOICE:
          bind (self, property, self->combos[spec->id], "selected",
                choice_to_selected, selected_to_choice, NULL);
          break;
        case CONTROL_PRECISION:
          for (guint b = 0; b < G_N_ELEMENTS (precisions); b++)
            bind (self, property, self->precision_buttons[b], "active",
                  model_to_toggle, toggle_to_model, GUINT_TO_POINTER (precisions[b].bytes));
          break;
        default:
          g_assert_not_reached ();
        }
    }

  bind (self, "message-size", self->training_button, "active",
        model_to_training, training_to_model, NULL);
  bind (self, "message-size", self->collective_button, "active",
        model_to_collective, collective_to_model, self);

  /* A training step's own parameters mean nothing to one collective, and the reverse. */
  g_binding_group_bind_full (self->model_bindings, "collective", self->step_group, "visible",
                             G_BINDING_SYNC_CREATE, invert, NULL, NULL, NULL);
  g_binding_group_bind (self->model_bindings, "collective", self->collective_group, "visible",
                        G_BINDING_SYNC_CREATE);
}

/* What the algorithms' entries say about the hardware the model has now: which cannot
 * run and why, and what auto picks. */
static void
update_algorithm_choices (RingParameterPanel *self)
{
  GListModel *choices = G_LIST_MODEL (self->choices[RING_PARAM_ALGORITHM]);
  const RingParams *params;
  g_autofree char *picked = NULL;
  g_autofree char *auto_summary = NULL;
  RingTopology topology;

  if (self->model == NULL)
    return;

  params = ring_model_get_params (self->model);
  ring_topology_init (&topology, params, params->gpus);

  picked = ring_labels_collective (self->model);
  auto_summary = params->gpus > 1
                 /* Translators: Auto, then the algorithm and protocol it picks here
                  * ("Auto · Tree, LL128") */
                 ? g_strdup_printf (C_("auto", "%s · %s"),
                                    ring_algorithm_get_title (RING_ALGORITHM_AUTO), picked)
                 : g_strdup (ring_algorithm_get_title (RING_ALGORITHM_AUTO));

  for (guint i = 0; i < g_list_model_get_n_items (choices); i++)
    {
      g_autoptr(RingChoice) choice = g_list_model_get_item (choices, i);
      RingAlgorithm algorithm = ring_choice_get_value (choice);
      const char *why = NULL;

      if (algorithm == RING_ALGORITHM_AUTO)
        {
          ring_choice_set_title (choice, auto_summary);
          ring_choice_set_summary (choice, auto_summary);
          continue;
        }

      ring_choice_set_reason (choice, ring_algorithm_can_run (algorithm, &topology, &why)
                                      ? NULL : _(why));
    }
}

/* The slow link's and the slow GPU's sliders and fields span the ring, 0 … N − 1 (the
 * model keeps an index within it). A control that had to stop short shows the model's
 * value again once it can; that writes the model its own value, which changes nothing. */
static void
update_straggler_ranges (RingParameterPanel *self)
{
  static const guint ids[] = { RING_PARAM_SLOW_LINK, RING_PARAM_SLOW_GPU };
  guint gpus;

  if (self->model == NULL)
    return;

  gpus = ring_model_get_gpus (self->model);
  for (guint i = 0; i < G_N_ELEMENTS (ids) * 2; i++)
    {
      guint id = ids[i / 2];
      GtkAdjustment *adjustment = i % 2 == 0
                                  ? gtk_range_get_adjustment (self->scales[id])
                                  : gtk_spin_button_get_adjustment (self->spins[id]);
      double upper = MAX (1, (double) gpus - 1);
      double value = model_value (self->model, id);

      if (gtk_adjustment_get_upper (adjustment) != upper)
        gtk_adjustment_set_upper (adjustment, upper);
      if (value <= upper && gtk_adjustment_get_value (adjustment) != value)
        gtk_adjustment_set_value (adjustment, value);
    }
}

static void
ring_parameter_panel_model_changed_cb (RingParameterPanel *self)
{
  update_algorithm_choices (self);
  update_straggler_ranges (self);
}

/* The binding refuses an algorithm that cannot run here; the drop-down then goes back to
 * what the model holds. */
static void
ring_parameter_panel_algorithm_selected_cb (RingParameterPanel *self)
{
  AdwComboRow *combo = self->combos[RING_PARAM_ALGORITHM];
  RingAlgorithm algorithm;

  if (self->model == NULL)
    return;

  algorithm = ring_model_get_algorithm (self->model);
  if (adw_combo_row_get_selected (combo) != algorithm)
    adw_combo_row_set_selected (combo, algorithm);
}

static void
ring_parameter_panel_dispose (GObject *object)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (object);

  /* First: a field that commits its text while the panel goes away reaches no model. */
  g_clear_object (&self->model_bindings);
  g_clear_object (&self->model_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_PARAMETER_PANEL);
  for (guint id = 0; id < N_CONTROLS; id++)
    g_clear_object (&self->choices[id]);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_parameter_panel_parent_class)->dispose (object);
}

static void
ring_parameter_panel_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_parameter_panel_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_parameter_panel_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_parameter_panel_class_init (RingParameterPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_parameter_panel_dispose;
  object_class->get_property = ring_parameter_panel_get_property;
  object_class->set_property = ring_parameter_panel_set_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, RING_TYPE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ring-parameter-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, cluster_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, step_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, collective_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, network_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, straggler_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, training_button);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, collective_button);
}

static void
ring_parameter_panel_init (RingParameterPanel *self)
{
  self->model_bindings = g_binding_group_new ();
  self->model_signals = g_signal_group_new (RING_TYPE_MODEL);
  g_signal_group_connect_object (self->model_signals, "changed",
                                 G_CALLBACK (ring_parameter_panel_model_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (parameter_specs); i++)
    {
      const ParameterSpec *spec = &parameter_specs[i];
      AdwPreferencesGroup *group;
      GtkWidget *row;

      group = ADW_PREFERENCES_GROUP (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                    RING_TYPE_PARAMETER_PANEL,
                                                                    spec->group));
      switch (spec->control)
        {
        case CONTROL_SLIDER: row = create_slider_row (self, spec); break;
        case CONTROL_CHOICE: row = create_choice_row (self, spec); break;
        case CONTROL_PRECISION: row = create_precision_row (self, spec); break;
        default: g_assert_not_reached ();
        }
      adw_preferences_group_add (group, row);
    }

  bind_controls (self);

  /* After the binding's own handler: it has had its say by then. */
  g_signal_connect_object (self->combos[RING_PARAM_ALGORITHM], "notify::selected",
                           G_CALLBACK (ring_parameter_panel_algorithm_selected_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

GtkWidget *
ring_parameter_panel_new (RingModel *model)
{
  return g_object_new (RING_TYPE_PARAMETER_PANEL, "model", model, NULL);
}

RingModel *
ring_parameter_panel_get_model (RingParameterPanel *self)
{
  g_return_val_if_fail (RING_IS_PARAMETER_PANEL (self), NULL);

  return self->model;
}

void
ring_parameter_panel_set_model (RingParameterPanel *self,
                                RingModel          *model)
{
  g_return_if_fail (RING_IS_PARAMETER_PANEL (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!g_set_object (&self->model, model))
    return;

  /* The entries first: the drop-down then shows what they say about this model. */
  update_algorithm_choices (self);
  g_signal_group_set_target (self->model_signals, model);
  g_binding_group_set_source (self->model_bindings, model);
  update_straggler_ranges (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static guint
control_id (const char *property)
{
  for (guint id = 0; id < N_CONTROLS; id++)
    {
      if (g_str_equal (param_info (id)->property, property))
        return id;
    }

  return N_CONTROLS;
}

GtkRange *
_ring_parameter_panel_get_scale (RingParameterPanel *self,
                                 const char         *property)
{
  guint id = control_id (property);

  return id < N_CONTROLS ? self->scales[id] : NULL;
}

GtkSpinButton *
_ring_parameter_panel_get_spin (RingParameterPanel *self,
                                const char         *property)
{
  guint id = control_id (property);

  return id < N_CONTROLS ? self->spins[id] : NULL;
}

AdwComboRow *
_ring_parameter_panel_get_combo (RingParameterPanel *self,
                                 const char         *property)
{
  guint id = control_id (property);

  return id < N_CONTROLS ? self->combos[id] : NULL;
}

GtkToggleButton *
_ring_parameter_panel_get_mode_button (RingParameterPanel *self,
                                       gboolean            collective)
{
  return collective ? self->collective_button : self->training_button;
}

GtkWidget *
_ring_parameter_panel_get_group (RingParameterPanel *self,
                                 const char         *name)
{
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                   RING_TYPE_PARAMETER_PANEL, name));
}
