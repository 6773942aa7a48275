/* ring-parameter-row.c: one parameter's row, its title and typed field above a slider.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-parameter-row.h"
#include "ring-tooltip.h"
#include "ring-wheel-guard.h"

struct _RingParameterRow
{
  AdwPreferencesRow    parent_instance;

  const ParameterSpec *spec;
  char                *zero_text;

  /* Template children. */
  GtkLabel            *title_label;
  GtkSpinButton       *spin;
  GtkScale            *scale;
};

G_DEFINE_FINAL_TYPE (RingParameterRow, ring_parameter_row, ADW_TYPE_PREFERENCES_ROW)

static void
ring_parameter_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RING_TYPE_PARAMETER_ROW);

  G_OBJECT_CLASS (ring_parameter_row_parent_class)->dispose (object);
}

static void
ring_parameter_row_finalize (GObject *object)
{
  RingParameterRow *self = RING_PARAMETER_ROW (object);

  g_free (self->zero_text);

  G_OBJECT_CLASS (ring_parameter_row_parent_class)->finalize (object);
}

static gboolean
is_zero_text (RingParameterRow *self,
              const char       *typed)
{
  g_autofree char *text = NULL;

  if (self->zero_text == NULL)
    return FALSE;

  text = g_strstrip (g_strdup (typed));
  return g_strcmp0 (text, self->zero_text) == 0;
}

/* The spec's conversions, with the row's text for 0 in front of them. */
static gboolean
ring_parameter_row_spin_output_cb (GtkSpinButton    *spin,
                                   RingParameterRow *self)
{
  double value = gtk_adjustment_get_value (gtk_spin_button_get_adjustment (spin));

  if (self->zero_text == NULL || value != 0)
    return _ring_parameter_panel_spin_output_cb (spin, self->spec);

  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (spin)), self->zero_text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (spin), self->zero_text);

  return TRUE;
}

static int
ring_parameter_row_spin_input_cb (GtkSpinButton    *spin,
                                  double           *new_value,
                                  RingParameterRow *self)
{
  if (is_zero_text (self, gtk_editable_get_text (GTK_EDITABLE (spin))))
    {
      *new_value = 0;
      return TRUE;
    }

  return _ring_parameter_panel_spin_input_cb (spin, new_value, self->spec);
}

static void
ring_parameter_row_spin_changed_cb (GtkSpinButton    *spin,
                                    RingParameterRow *self)
{
  if (is_zero_text (self, gtk_editable_get_text (GTK_EDITABLE (spin))))
    {
      gtk_widget_remove_css_class (GTK_WIDGET (spin), "error");
      /* As the panel's fields: a tooltip set, even none over none, costs a frame. */
      if (gtk_widget_get_tooltip_text (GTK_WIDGET (spin)) != NULL)
        gtk_widget_set_tooltip_text (GTK_WIDGET (spin), NULL);
      return;
    }

  _ring_parameter_panel_spin_changed_cb (spin, self->spec);
}

static void
ring_parameter_row_class_init (RingParameterRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_parameter_row_dispose;
  object_class->finalize = ring_parameter_row_finalize;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ring-parameter-row.ui");
  gtk_widget_class_bind_template_child (widget_class, RingParameterRow, title_label);
  gtk_widget_class_bind_template_child (widget_class, RingParameterRow, spin);
  gtk_widget_class_bind_template_child (widget_class, RingParameterRow, scale);
}

static void
ring_parameter_row_init (RingParameterRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The wheel scrolls the sidebar past a slider or a field it has not been given. */
  _ring_wheel_guard_attach (GTK_WIDGET (self->scale));
  _ring_wheel_guard_attach (GTK_WIDGET (self->spin));
}

/* The field starts at the default: the message size keeps what it holds while the model
 * is a training step, and a collective starts there. The slider spans the model's range,
 * or the part of it the spec names, in its own scale. */
static void
set_ranges (RingParameterRow *self)
{
  const ParameterSpec *spec = self->spec;
  gboolean percent = spec->scale == SCALE_PERCENT;
  gboolean snaps = _ring_parameter_spec_snaps (spec->scale);
  double field_min, field_max, field_default, slider_min, slider_max, slider_default;

  _ring_parameter_spec_field_range (spec, &field_min, &field_max, &field_default);
  gtk_spin_button_configure (self->spin,
                             gtk_adjustment_new (percent ? field_default * 100 : field_default,
                                                 percent ? 0 : field_min,
                                                 percent ? 100 : field_max,
                                                 spec->step, spec->step * 10, 0),
                             1, spec->digits);

  _ring_parameter_spec_slider_range (spec, &slider_min, &slider_max);
  slider_default = CLAMP (_ring_parameter_spec_to_slider (spec->scale, field_default),
                          slider_min, slider_max);
  gtk_range_set_adjustment (GTK_RANGE (self->scale),
                            gtk_adjustment_new (slider_default, slider_min, slider_max,
                                                snaps ? 1 : 0.01, snaps ? 1 : 0.1, 0));
  if (snaps)
    gtk_range_set_round_digits (GTK_RANGE (self->scale), 0);
}

GtkWidget *
ring_parameter_row_new (const ParameterSpec *spec)
{
  RingParameterRow *self;
  const char *title;

  g_return_val_if_fail (spec != NULL, NULL);
  g_return_val_if_fail (spec->control == CONTROL_SLIDER, NULL);

  self = g_object_new (RING_TYPE_PARAMETER_ROW, NULL);
  self->spec = spec;
  title = ring_param_get_title (spec->id);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self), title);
  gtk_label_set_label (self->title_label, title);
  ring_tooltip_set_text (GTK_WIDGET (self), _(spec->tooltip));

  /* Accepts what a person types: "70B", "1.5T", "300 GB/s", "400G", "1MiB", "2,5" in a
   * German locale. */
  g_signal_connect (self->spin, "output",
                    G_CALLBACK (ring_parameter_row_spin_output_cb), self);
  g_signal_connect (self->spin, "input",
                    G_CALLBACK (ring_parameter_row_spin_input_cb), self);
  g_signal_connect (self->spin, "changed",
                    G_CALLBACK (ring_parameter_row_spin_changed_cb), self);
  set_ranges (self);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->scale),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, _(spec->tooltip),
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->spin),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, title, -1);
  _ring_parameter_spec_make_one_tab_stop (GTK_WIDGET (self), GTK_WIDGET (self->scale), title);

  return GTK_WIDGET (self);
}

RingParamId
ring_parameter_row_get_param (RingParameterRow *self)
{
  g_return_val_if_fail (RING_IS_PARAMETER_ROW (self), 0);

  return self->spec->id;
}

GtkSpinButton *
ring_parameter_row_get_spin (RingParameterRow *self)
{
  g_return_val_if_fail (RING_IS_PARAMETER_ROW (self), NULL);

  return self->spin;
}

GtkRange *
ring_parameter_row_get_scale (RingParameterRow *self)
{
  g_return_val_if_fail (RING_IS_PARAMETER_ROW (self), NULL);

  return GTK_RANGE (self->scale);
}

void
ring_parameter_row_set_zero_text (RingParameterRow *self,
                                  const char       *text)
{
  gboolean handled;

  g_return_if_fail (RING_IS_PARAMETER_ROW (self));

  if (g_strcmp0 (self->zero_text, text) == 0)
    return;

  g_free (self->zero_text);
  self->zero_text = g_strdup (text);
  /* The field shows it now, not at the next change of its value. */
  g_signal_emit_by_name (self->spin, "output", &handled);
}
