/* ring-parameter-panel.c: a widget per model parameter, bound to the model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-parameter-panel-private.h"
#include "ring-units.h"

/* How a parameter's slider maps to its value; the typed field is always linear. */
typedef enum
{
  SCALE_LOG2_SNAP,      /* one notch per power of two */
  SCALE_LOG10,
  SCALE_LOG10_PLUS_ONE, /* log10 (1 + v): a log scale that still reaches 0 */
  SCALE_PERCENT,        /* a fraction shown as 0 … 100 % */
} ScaleKind;

typedef enum
{
  FORMAT_PLAIN,
  FORMAT_COUNT,         /* 7 B, 1.5 T */
} FormatKind;

typedef struct
{
  RingParamId  id;
  const char  *group;    /* template child the row goes into */
  const char  *title;
  const char  *tooltip;
  ScaleKind    scale;
  FormatKind   format;
  const char  *unit;
  guint        digits;
  double       step;
} ParameterSpec;

/* The sentences follow the original design card. */
static const ParameterSpec parameter_specs[] = {
  { RING_PARAM_GPUS, "cluster_group", N_("GPUs in the ring"),
    N_("How many GPUs share the gradient: more GPUs add compute, but also add hops to the "
       "ring, and each GPU’s traffic barely shrinks once N is large."),
    SCALE_LOG2_SNAP, FORMAT_PLAIN, "", 0, 1 },
  { RING_PARAM_MODEL_PARAMS, "cluster_group", N_("Model size"),
    N_("Parameters in the model: sets the gradient buffer that every step must synchronize, "
       "so a larger model moves more bytes and computes longer."),
    SCALE_LOG10, FORMAT_COUNT, "", 1, 1e9 },
  { RING_PARAM_BANDWIDTH, "cluster_group", N_("Interconnect bandwidth"),
    N_("What each GPU can send to its neighbour per second (NVLink, InfiniBand, Ethernet): "
       "raising it shortens the all-reduce."),
    SCALE_LOG10, FORMAT_PLAIN, "GB/s", 1, 10 },
  { RING_PARAM_COMPUTE, "cluster_group", N_("Per-GPU compute"),
    N_("The TFLOP/s each accelerator achieves on its forward and backward pass: raising it "
       "shortens compute and makes communication the larger share."),
    SCALE_LOG10, FORMAT_PLAIN, "TFLOP/s", 0, 10 },
  { RING_PARAM_TOKENS_PER_GPU, "step_group", N_("Tokens per GPU"),
    N_("Tokens each GPU processes per step: more tokens mean more compute per gradient "
       "exchange, which hides communication."),
    SCALE_LOG2_SNAP, FORMAT_COUNT, "", 0, 256 },
  { RING_PARAM_OVERLAP, "step_group", N_("Overlap"),
    N_("How much of the backward pass communication can hide behind: raising it hides "
       "more of the all-reduce."),
    SCALE_PERCENT, FORMAT_PLAIN, "%", 0, 5 },
  { RING_PARAM_LATENCY, "network_group", N_("Latency per hop"),
    N_("The fixed cost of each message between neighbours: the ring pays it 2 (N − 1) "
       "times, so it dominates large rings and small messages."),
    SCALE_LOG10_PLUS_ONE, FORMAT_PLAIN, "µs", 1, 1 },
};

struct _RingParameterPanel
{
  AdwBin                parent_instance;

  RingModel            *model;
  /* Every control ⇄ model binding, retargeted with the model, cleared first in dispose. */
  GBindingGroup        *model_bindings;

  /* Indexed by RingParamId; NULL where the parameter has no slider. */
  GtkRange             *scales[RING_N_PARAMS];
  GtkSpinButton        *spins[RING_N_PARAMS];

  /* Template children. */
  AdwPreferencesGroup  *cluster_group;
  AdwPreferencesGroup  *step_group;
  AdwPreferencesGroup  *network_group;
  GtkToggleButton      *fp32_button;
  GtkToggleButton      *bf16_button;
  GtkToggleButton      *fp8_button;
  GtkDropDown          *algorithm_dropdown;
};

G_DEFINE_FINAL_TYPE (RingParameterPanel, ring_parameter_panel, ADW_TYPE_BIN)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

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
    default: g_assert_not_reached ();
    }
}

static gboolean
model_to_scale (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  const ParameterSpec *spec = user_data;

  g_value_set_double (to_value, to_scale (spec->scale, value_as_double (from_value)));

  return TRUE;
}

static gboolean
scale_to_model (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  const RingParamInfo *info = ring_param_info (spec->id);
  double position = g_value_get_double (from_value);
  double value = from_scale (spec->scale, position);
  double current = value_as_double (to_value);

  /* A typed value between two notches keeps its place until the slider really moves. */
  if (spec->scale == SCALE_LOG2_SNAP && fabs (to_scale (spec->scale, current) - position) < 1e-9)
    return FALSE;

  value_set_from_double (to_value, CLAMP (value, info->minimum, info->maximum));

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

  value_set_from_double (to_value, spec->scale == SCALE_PERCENT ? value / 100.0 : value);

  return TRUE;
}

static gboolean
ring_parameter_panel_spin_output_cb (GtkSpinButton       *spin,
                                     const ParameterSpec *spec)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));
  g_autofree char *text = NULL;

  if (spec->format == FORMAT_COUNT && value >= 1e4)
    text = ring_format_count (value);
  else if (*spec->unit != '\0')
    text = g_strdup_printf ("%.*f %s", (int) spec->digits, value, spec->unit);
  else
    text = g_strdup_printf ("%.*f", (int) spec->digits, value);

  gtk_editable_set_text (GTK_EDITABLE (spin), text);

  return TRUE;
}

/* Accepts what a person types: "70B", "1.5T", "300 GB/s", "2,5" in a German locale. */
static int
ring_parameter_panel_spin_input_cb (GtkSpinButton       *spin,
                                    double              *new_value,
                                    const ParameterSpec *spec)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (spin))));
  struct lconv *locale = localeconv ();
  double value;

  if (*spec->unit != '\0' && g_str_has_suffix (text, spec->unit))
    {
      text[strlen (text) - strlen (spec->unit)] = '\0';
      g_strstrip (text);
    }

  /* The field shows the locale's decimal separator; the parser reads '.'. */
  if (locale->decimal_point != NULL && g_strcmp0 (locale->decimal_point, ".") != 0)
    g_strdelimit (text, locale->decimal_point, '.');

  if (!ring_parse_count (text, &value))
    return GTK_INPUT_ERROR;

  *new_value = value;

  return TRUE;
}

static GtkWidget *
create_parameter_row (RingParameterPanel  *self,
                      const ParameterSpec *spec)
{
  const RingParamInfo *info = ring_param_info (spec->id);
  GtkWidget *row, *box, *header, *title, *spin, *scale;
  GtkAdjustment *scale_adjustment, *spin_adjustment;
  double spin_max = spec->scale == SCALE_PERCENT ? 100.0 : info->maximum;
  double spin_min = spec->scale == SCALE_PERCENT ? 0.0 : info->minimum;

  row = adw_preferences_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _(spec->title));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_set_tooltip_text (row, _(spec->tooltip));

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_add_css_class (box, "parameter-row");
  header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);

  title = gtk_label_new (_(spec->title));
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_set_hexpand (title, TRUE);
  gtk_box_append (GTK_BOX (header), title);

  spin_adjustment = gtk_adjustment_new (spin_min, spin_min, spin_max,
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

  /* The slider spans the model's range, in its own scale. */
  scale_adjustment = gtk_adjustment_new (to_scale (spec->scale, info->default_value),
                                         to_scale (spec->scale, info->minimum),
                                         to_scale (spec->scale, info->maximum),
                                         spec->scale == SCALE_LOG2_SNAP ? 1 : 0.01,
                                         spec->scale == SCALE_LOG2_SNAP ? 1 : 0.1, 0);
  scale = gtk_scale_new (GTK_ORIENTATION_HORIZONTAL, scale_adjustment);
  gtk_scale_set_draw_value (GTK_SCALE (scale), FALSE);
  if (spec->scale == SCALE_LOG2_SNAP)
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

static gboolean
model_to_precision (GBinding     *binding,
                    const GValue *from_value,
                    GValue       *to_value,
                    gpointer      user_data)
{
  g_value_set_boolean (to_value, g_value_get_uint (from_value) == GPOINTER_TO_UINT (user_data));

  return TRUE;
}

static gboolean
precision_to_model (GBinding     *binding,
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
  const struct {
    GtkToggleButton *button;
    guint            bytes;
  } precisions[] = {
    { self->fp32_button, 4 },
    { self->bf16_button, 2 },
    { self->fp8_button, 1 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (parameter_specs); i++)
    {
      const ParameterSpec *spec = &parameter_specs[i];
      const char *property = ring_param_info (spec->id)->property;

      bind (self, property, gtk_range_get_adjustment (self->scales[spec->id]), "value",
            model_to_scale, scale_to_model, spec);
      bind (self, property, gtk_spin_button_get_adjustment (self->spins[spec->id]), "value",
            model_to_spin, spin_to_model, spec);
    }

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    bind (self, "gradient-bytes", precisions[i].button, "active",
          model_to_precision, precision_to_model, GUINT_TO_POINTER (precisions[i].bytes));

  /* The drop-down lists the algorithms in RingAlgorithm order. */
  bind (self, "algorithm", self->algorithm_dropdown, "selected", NULL, NULL, NULL);
}

static void
ring_parameter_panel_dispose (GObject *object)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (object);

  /* First: a field that commits its text while the panel goes away reaches no model. */
  g_clear_object (&self->model_bindings);
  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_PARAMETER_PANEL);
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
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, network_group);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, fp32_button);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, bf16_button);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, fp8_button);
  gtk_widget_class_bind_template_child (widget_class, RingParameterPanel, algorithm_dropdown);
}

static void
ring_parameter_panel_init (RingParameterPanel *self)
{
  self->model_bindings = g_binding_group_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < G_N_ELEMENTS (parameter_specs); i++)
    {
      const ParameterSpec *spec = &parameter_specs[i];
      AdwPreferencesGroup *group;

      group = ADW_PREFERENCES_GROUP (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                    RING_TYPE_PARAMETER_PANEL,
                                                                    spec->group));
      adw_preferences_group_add (group, create_parameter_row (self, spec));
    }

  bind_controls (self);
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

  g_binding_group_set_source (self->model_bindings, model);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

GtkRange *
_ring_parameter_panel_get_scale (RingParameterPanel *self,
                                 const char         *property)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (g_str_equal (ring_param_info (id)->property, property))
        return self->scales[id];
    }

  return NULL;
}

GtkSpinButton *
_ring_parameter_panel_get_spin (RingParameterPanel *self,
                                const char         *property)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (g_str_equal (ring_param_info (id)->property, property))
        return self->spins[id];
    }

  return NULL;
}
