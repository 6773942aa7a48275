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
#include "ring-tooltip.h"
#include "ring-choice-row.h"
#include "ring-labels.h"
#include "ring-measurement-group.h"
#include "ring-model-follow.h"
#include "ring-parameter-panel-private.h"
#include "ring-parameter-row.h"
#include "ring-parameter-spec.h"
#include "ring-topology.h"
#include "ring-units.h"

struct _RingParameterPanel
{
  AdwBin                parent_instance;

  RingModel            *model;
  /* Every control ⇄ model binding, and the model's "changed" for what the drop-downs
   * say about it: retargeted with the model, cleared first in dispose. */
  GBindingGroup        *model_bindings;
  GSignalGroup         *model_signals;

  /* Indexed by RingParamId; NULL where the parameter has no such control. */
  GtkRange             *scales[RING_N_PARAMS];
  GtkSpinButton        *spins[RING_N_PARAMS];
  AdwComboRow          *combos[RING_N_PARAMS];
  GListStore           *choices[RING_N_PARAMS];
  GtkToggleButton      *precision_buttons[RING_N_PRECISIONS];
  /* Under the latency per hop: why it is greyed where it changes nothing. */
  GtkWidget            *latency_note;
  GtkWidget            *bucket_note;
  GtkWidget            *nvlink_domain_note;
  /* The rows below the fold come after the first frame (see add_later_rows). */
  gboolean              later_rows_added;
  guint                 later_rows_idle;

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

/* The message size shows only in a single collective: a training step (0) leaves the
 * field with the size a collective would start from. */
static gboolean
model_to_control_applies (const ParameterSpec *spec,
                          double               value)
{
  return spec->id != RING_PARAM_MESSAGE_SIZE || value > 0;
}

/* A control moved by hand reaches the model; the message size only while the model is a
 * single collective, so a hidden field never switches the question. */
static gboolean
control_to_model_applies (GBinding            *binding,
                          const ParameterSpec *spec)
{
  g_autoptr(GObject) model = g_binding_dup_source (binding);

  return model != NULL
         && (spec->id != RING_PARAM_MESSAGE_SIZE
             || ring_model_is_collective (RING_MODEL (model)));
}

static gboolean
model_to_scale (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  const ParameterSpec *spec = user_data;
  double value = _ring_parameter_spec_value_get (from_value);

  if (!model_to_control_applies (spec, value))
    return FALSE;

  g_value_set_double (to_value, _ring_parameter_spec_to_slider (spec->scale, value));

  return TRUE;
}

static gboolean
scale_to_model (GBinding     *binding,
                const GValue *from_value,
                GValue       *to_value,
                gpointer      user_data)
{
  double value;
  const ParameterSpec *spec = user_data;
  const RingParamInfo *info = ring_param_info (spec->id);
  g_autoptr(GObject) model = g_binding_dup_source (binding);
  double position = g_value_get_double (from_value);
  double lowest, highest, shown;

  if (!control_to_model_applies (binding, spec))
    return FALSE;

  /* A typed value between two notches, or past the slider's end, keeps its place until
   * the slider really moves. */
  _ring_parameter_spec_slider_range (spec, &lowest, &highest);
  shown = _ring_parameter_spec_to_slider (spec->scale,
                                          ring_model_get_value (RING_MODEL (model), spec->id));
  shown = CLAMP (shown, lowest, highest);
  if (_ring_parameter_spec_snaps (spec->scale) && fabs (shown - position) < 1e-9)
    return FALSE;

  value = _ring_parameter_spec_from_slider (spec->scale, position);
  _ring_parameter_spec_value_set (to_value, CLAMP (value, info->minimum, info->maximum));

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
  double value = _ring_parameter_spec_value_get (from_value);

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

  _ring_parameter_spec_value_set (to_value, spec->scale == SCALE_PERCENT ? value / 100.0 : value);

  return TRUE;
}

static GtkWidget *
create_slider_row (RingParameterPanel  *self,
                   const ParameterSpec *spec)
{
  RingParameterRow *row = RING_PARAMETER_ROW (ring_parameter_row_new (spec));

  self->scales[spec->id] = ring_parameter_row_get_scale (row);
  self->spins[spec->id] = ring_parameter_row_get_spin (row);

  return GTK_WIDGET (row);
}

static GtkWidget *
create_choice_row (RingParameterPanel  *self,
                   const ParameterSpec *spec)
{
  GtkWidget *row = ring_choice_row_new (spec->id, ring_param_get_title (spec->id), _(spec->tooltip),
                                        &self->choices[spec->id]);

  self->combos[spec->id] = ADW_COMBO_ROW (row);

  return row;
}

static GtkWidget *
create_precision_row (RingParameterPanel  *self,
                      const ParameterSpec *spec)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), ring_param_get_title (spec->id));
  ring_tooltip_set_text (row, _(spec->tooltip));
  gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (box, "linked");

  for (guint i = 0; i < RING_N_PRECISIONS; i++)
    {
      GtkWidget *button = gtk_toggle_button_new_with_label (ring_precisions[i].label);

      ring_tooltip_set_text (button, _(ring_precisions[i].tooltip));
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
  GtkSpinButton *field = self->spins[RING_PARAM_MESSAGE_SIZE];

  if (!g_value_get_boolean (from_value))
    return FALSE;

  g_value_set_double (to_value, gtk_adjustment_get_value (gtk_spin_button_get_adjustment (field)));

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
bind_spec (RingParameterPanel  *self,
           const ParameterSpec *spec)
{
  const char *property = ring_param_info (spec->id)->property;

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
      for (guint b = 0; b < RING_N_PRECISIONS; b++)
        bind (self, property, self->precision_buttons[b], "active",
              model_to_toggle, toggle_to_model, GUINT_TO_POINTER (ring_precisions[b].bytes));
      break;
    default:
      g_assert_not_reached ();
    }
}

static void
bind_question (RingParameterPanel *self)
{
  bind (self, "message-size", self->training_button, "active",
        model_to_training, training_to_model, NULL);
  bind (self, "message-size", self->collective_button, "active",
        model_to_collective, collective_to_model, self);

  /* A training step's own parameters mean nothing to one collective, and the reverse. */
  g_binding_group_bind (self->model_bindings, "collective", self->step_group, "visible",
                        G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
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

  if (self->model == NULL || choices == NULL)
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

      if (ring_algorithm_info (algorithm)->chooses)
        {
          ring_choice_set_title (choice, auto_summary);
          ring_choice_set_summary (choice, auto_summary);
          continue;
        }

      ring_choice_set_reason (choice, ring_algorithm_can_run (algorithm, &topology, &why)
                                      ? NULL : _(why));
    }
}

/* A parameter's row greyed, with a caption saying why, where the parameter changes no
 * figure: rather than offer a slider that moves nothing. @note is made on first use. */
static void
update_row_applies (RingParameterPanel *self,
                    RingParamId         id,
                    GtkWidget         **note,
                    const char         *why,
                    gboolean            applies)
{
  GtkWidget *row;

  if (self->model == NULL || self->scales[id] == NULL)
    return;

  row = gtk_widget_get_ancestor (GTK_WIDGET (self->scales[id]), GTK_TYPE_LIST_BOX_ROW);
  if (row == NULL)
    return;

  if (*note == NULL)
    {
      *note = gtk_label_new (why);
      gtk_label_set_xalign (GTK_LABEL (*note), 0);
      gtk_label_set_wrap (GTK_LABEL (*note), TRUE);
      gtk_widget_add_css_class (*note, "dim-label");
      gtk_widget_add_css_class (*note, "caption");
      gtk_box_append (GTK_BOX (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row))), *note);
    }

  gtk_widget_set_sensitive (GTK_WIDGET (self->scales[id]), applies);
  gtk_widget_set_sensitive (GTK_WIDGET (self->spins[id]), applies);
  gtk_widget_set_visible (*note, !applies);
}

/* α, the latency per hop, is the flat ring's and the textbook algorithms'; NCCL's own
 * (auto's choices) use NCCL's latencies. The bucket size is DDP's: ZeRO has DeepSpeed's
 * buckets of its own (RING_ZERO_REDUCE_BUCKET_ELEMENTS) and FSDP works layer by layer. */
static void
update_applies (RingParameterPanel *self)
{
  const RingParams *params;

  if (self->model == NULL)
    return;

  params = ring_model_get_params (self->model);
  update_row_applies (self, RING_PARAM_LATENCY, &self->latency_note,
                      _("Only the flat ring, halving-doubling and hierarchical use it: NCCL’s "
                        "algorithms have their own latency per hop"),
                      ring_params_hop_latency_applies (params));
  update_row_applies (self, RING_PARAM_BUCKET_SIZE, &self->bucket_note,
                      _("Only DDP uses it: ZeRO has buckets of its own (500 M elements), "
                        "FSDP sends one layer at a time"),
                      params->sharding == RING_SHARDING_DDP
                      || ring_params_is_collective (params));
}

/* An NVLink domain of 0 is each node's own: the field names the domain that is, "8 (the
 * node)", as the bucket field says "one". Only GPUs on NVLink switches share NVLink
 * across nodes; for the others the row greys and says so. */
static void
update_nvlink_domain (RingParameterPanel *self)
{
  const RingParams *params;
  GtkWidget *row;
  g_autofree char *node = NULL;

  if (self->model == NULL || self->spins[RING_PARAM_NVLINK_DOMAIN] == NULL)
    return;

  params = ring_model_get_params (self->model);
  row = gtk_widget_get_ancestor (GTK_WIDGET (self->spins[RING_PARAM_NVLINK_DOMAIN]),
                                 RING_TYPE_PARAMETER_ROW);
  /* Translators: the NVLink domain field where each node is its own: its GPUs per node */
  node = g_strdup_printf (_("%u (the node)"), params->gpus_per_node);
  if (row != NULL)
    ring_parameter_row_set_zero_text (RING_PARAMETER_ROW (row), node);
  update_row_applies (self, RING_PARAM_NVLINK_DOMAIN, &self->nvlink_domain_note,
                      _("Only GPUs on NVLink switches share NVLink across nodes"),
                      params->gpu >= RING_N_GPUS
                      || ring_gpu_info (params->gpu)->intra == RING_INTRA_NVSWITCH);
}

/* The slow link's and the slow GPU's sliders and fields span the ring, 0 … N − 1 (the
 * model keeps an index within it). A control that had to stop short shows the model's
 * value again once it can; that writes the model its own value, which changes nothing. */
static void
update_straggler_ranges (RingParameterPanel *self)
{
  static const guint ids[] = { RING_PARAM_SLOW_LINK, RING_PARAM_SLOW_GPU };
  guint gpus;

  if (self->model == NULL || self->scales[RING_PARAM_SLOW_LINK] == NULL)
    return;

  gpus = ring_model_get_value (self->model, RING_PARAM_GPUS);
  for (guint i = 0; i < G_N_ELEMENTS (ids) * 2; i++)
    {
      guint id = ids[i / 2];
      GtkAdjustment *adjustment = i % 2 == 0
                                  ? gtk_range_get_adjustment (self->scales[id])
                                  : gtk_spin_button_get_adjustment (self->spins[id]);
      double upper = MAX (1, (double) gpus - 1);
      double value = ring_model_get_value (self->model, id);

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
  update_applies (self);
  update_nvlink_domain (self);
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

  algorithm = ring_model_get_value (self->model, RING_PARAM_ALGORITHM);
  if (adw_combo_row_get_selected (combo) != algorithm)
    adw_combo_row_set_selected (combo, algorithm);
}

/* The groups at the top of the sidebar, which the first frame shows at the window's
 * default size: the cluster, and in a single collective its message size. */
static gboolean
spec_shows_at_start (const ParameterSpec *spec)
{
  return g_str_equal (spec->group, "cluster_group")
         || g_str_equal (spec->group, "collective_group");
}

/* Adds the rows of the groups shown at start, or the others. Each row is bound as it
 * comes: with a model already there, SYNC_CREATE gives it the model's value at once. */
static void
add_rows (RingParameterPanel *self,
          gboolean            at_start)
{
  guint n_specs;
  const ParameterSpec *specs = _ring_parameter_specs_get (&n_specs);
  gboolean had_algorithm = self->combos[RING_PARAM_ALGORITHM] != NULL;

  for (guint i = 0; i < n_specs; i++)
    {
      const ParameterSpec *spec = &specs[i];
      AdwPreferencesGroup *group;
      GtkWidget *row;

      if (spec_shows_at_start (spec) != at_start)
        continue;

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

  /* The entries first: the drop-downs then show what they say about the model. */
  update_algorithm_choices (self);
  update_applies (self);
  update_nvlink_domain (self);

  for (guint i = 0; i < n_specs; i++)
    {
      if (spec_shows_at_start (&specs[i]) == at_start)
        bind_spec (self, &specs[i]);
    }

  update_straggler_ranges (self);

  /* After the binding's own handler: it has had its say by then. */
  if (self->combos[RING_PARAM_ALGORITHM] != NULL && !had_algorithm)
    g_signal_connect_object (self->combos[RING_PARAM_ALGORITHM], "notify::selected",
                             G_CALLBACK (ring_parameter_panel_algorithm_selected_cb), self,
                             G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

static gboolean
add_later_rows_cb (gpointer data)
{
  RingParameterPanel *self = data;

  self->later_rows_idle = 0;
  _ring_parameter_panel_ensure_rows (self);

  return G_SOURCE_REMOVE;
}

static void
first_frame_painted_cb (GdkFrameClock      *frame_clock,
                        RingParameterPanel *self)
{
  g_signal_handlers_disconnect_by_func (frame_clock, first_frame_painted_cb, self);
  if (!self->later_rows_added && self->later_rows_idle == 0)
    self->later_rows_idle = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, add_later_rows_cb,
                                             self, NULL);
}

/* The rows below the fold (the training step's, the network's, the stragglers') cost a
 * third of the window's widgets to build, style and measure, and the first frame shows
 * none of them: they come once it is painted, before anyone can scroll or tab to them. */
static void
ring_parameter_panel_map (GtkWidget *widget)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (widget);

  GTK_WIDGET_CLASS (ring_parameter_panel_parent_class)->map (widget);

  if (!self->later_rows_added)
    g_signal_connect_object (gtk_widget_get_frame_clock (widget), "after-paint",
                             G_CALLBACK (first_frame_painted_cb), self, 0);
}

static void
ring_parameter_panel_dispose (GObject *object)
{
  RingParameterPanel *self = RING_PARAMETER_PANEL (object);

  g_clear_handle_id (&self->later_rows_idle, g_source_remove);
  /* First: a field that commits its text while the panel goes away reaches no model. */
  g_clear_object (&self->model_bindings);
  g_clear_object (&self->model_signals);
  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_PARAMETER_PANEL);
  for (guint id = 0; id < RING_N_PARAMS; id++)
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

  g_type_ensure (RING_TYPE_MEASUREMENT_GROUP);
  object_class->dispose = ring_parameter_panel_dispose;
  object_class->get_property = ring_parameter_panel_get_property;
  object_class->set_property = ring_parameter_panel_set_property;
  widget_class->map = ring_parameter_panel_map;

  properties[PROP_MODEL] =
    _ring_model_follow_param_spec ();
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
  self->model_signals =
    _ring_model_follow_new (self, G_CALLBACK (ring_parameter_panel_model_changed_cb));

  gtk_widget_init_template (GTK_WIDGET (self));

  add_rows (self, TRUE);
  bind_question (self);
}

void
_ring_parameter_panel_ensure_rows (RingParameterPanel *self)
{
  g_return_if_fail (RING_IS_PARAMETER_PANEL (self));

  if (self->later_rows_added)
    return;

  self->later_rows_added = TRUE;
  g_clear_handle_id (&self->later_rows_idle, g_source_remove);
  add_rows (self, FALSE);
}

gboolean
_ring_parameter_panel_get_rows_complete (RingParameterPanel *self)
{
  g_return_val_if_fail (RING_IS_PARAMETER_PANEL (self), FALSE);

  return self->later_rows_added;
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

  if (!_ring_model_follow_set (&self->model, self->model_signals, model))
    return;

  /* The entries first: the drop-down then shows what they say about this model. */
  update_algorithm_choices (self);
  update_applies (self);
  g_binding_group_set_source (self->model_bindings, model);
  update_straggler_ranges (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

static guint
control_id (const char *property)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (g_str_equal (ring_param_info (id)->property, property))
        return id;
    }

  return RING_N_PARAMS;
}

GtkRange *
_ring_parameter_panel_get_scale (RingParameterPanel *self,
                                 const char         *property)
{
  guint id = control_id (property);

  _ring_parameter_panel_ensure_rows (self);

  return id < RING_N_PARAMS ? self->scales[id] : NULL;
}

GtkSpinButton *
_ring_parameter_panel_get_spin (RingParameterPanel *self,
                                const char         *property)
{
  guint id = control_id (property);

  _ring_parameter_panel_ensure_rows (self);

  return id < RING_N_PARAMS ? self->spins[id] : NULL;
}

AdwComboRow *
_ring_parameter_panel_get_combo (RingParameterPanel *self,
                                 const char         *property)
{
  guint id = control_id (property);

  _ring_parameter_panel_ensure_rows (self);

  return id < RING_N_PARAMS ? self->combos[id] : NULL;
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
  _ring_parameter_panel_ensure_rows (self);

  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                   RING_TYPE_PARAMETER_PANEL, name));
}
