/* ring-step-bar.c: the step-timing bar, redrawn when the step's split changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "ring-model-follow.h"
#include "ring-pixels.h"
#include "ring-step-bar-draw.h"
#include "ring-step-bar-private.h"

struct _RingStepBar
{
  GtkWidget     parent_instance;

  RingModel    *model;
  GSignalGroup *model_signals;
  guint         draw_count;   /* snapshots drawn, for tests */
};

G_DEFINE_FINAL_TYPE (RingStepBar, ring_step_bar, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_accessible_label (RingStepBar *self)
{
  const RingResult *result;
  g_autofree char *parts = NULL;
  g_autofree char *label = NULL;
  double step_s, bubble_s;

  if (self->model == NULL)
    return;

  /* The shares the bar draws: compute, the pipeline's bubble, exposed communication. */
  result = ring_model_get_result (self->model);
  step_s = result->step_time_s;
  bubble_s = isfinite (result->bubble_s) && result->bubble_s > 0 ? result->bubble_s : 0;
  if (!(step_s > 0))
    return;
  if (bubble_s > 0)
    /* TRANSLATORS: the step bar's accessible label with pipeline parallelism: the shares
     * of the step spent computing, idle in the pipeline's bubble and communicating. */
    parts = g_strdup_printf (_("Step time: %.0f %% compute, %.0f %% pipeline bubble, "
                               "%.0f %% communication"),
                             100 * result->compute_time_s / step_s, 100 * bubble_s / step_s,
                             100 * result->exposed_comm_s / step_s);
  else
    parts = g_strdup_printf (_("Step time: %.0f %% compute, %.0f %% communication"),
                             100 * result->compute_time_s / step_s,
                             100 * result->exposed_comm_s / step_s);
  if (result->hidden_comm_s > 0)
    /* TRANSLATORS: %s is "Step time: 80 % compute, 20 % communication"; then the share of
     * the step during which communication runs hidden behind compute. */
    label = g_strdup_printf (_("%s; communication hidden behind compute: %.0f %% of the step"),
                             parts,
                             100 * MIN (result->hidden_comm_s, result->compute_time_s) / step_s);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  label != NULL ? label : parts, -1);
}

static void
ring_step_bar_model_changed_cb (RingStepBar *self)
{
  update_accessible_label (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ring_step_bar_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  RingStepBar *self = RING_STEP_BAR (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  const RingResult *result;
  RingStyle style;
  GskRenderNode *node;
  cairo_t *cr;

  if (self->model == NULL || width <= 0 || height <= 0)
    return;

  ring_style_init (&style, adw_style_manager_get_dark (adw_style_manager_get_default ()));
  self->draw_count++;

  result = ring_model_get_result (self->model);
  cr = ring_pixels_create (width, height, gtk_widget_get_scale_factor (widget));
  ring_step_bar_draw (cr, width, height, result->compute_time_s, result->bubble_s,
                      result->exposed_comm_s, result->hidden_comm_s, &style);
  node = ring_pixels_finish (cr, width, height);
  gtk_snapshot_append_node (snapshot, node);
  gsk_render_node_unref (node);
}

static void
ring_step_bar_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 400;
    }
  else
    {
      *minimum = *natural = 28;
    }
}

static void
ring_step_bar_dispose (GObject *object)
{
  RingStepBar *self = RING_STEP_BAR (object);

  g_clear_object (&self->model_signals);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_step_bar_parent_class)->dispose (object);
}

static void
ring_step_bar_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  RingStepBar *self = RING_STEP_BAR (object);

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
ring_step_bar_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  RingStepBar *self = RING_STEP_BAR (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_step_bar_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_step_bar_class_init (RingStepBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_step_bar_dispose;
  object_class->get_property = ring_step_bar_get_property;
  object_class->set_property = ring_step_bar_set_property;
  widget_class->snapshot = ring_step_bar_snapshot;
  widget_class->measure = ring_step_bar_measure;

  properties[PROP_MODEL] =
    _ring_model_follow_param_spec ();
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "stepbar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ring_step_bar_init (RingStepBar *self)
{
  self->model_signals = _ring_model_follow_new (self,
                                                G_CALLBACK (ring_step_bar_model_changed_cb));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
ring_step_bar_new (RingModel *model)
{
  return g_object_new (RING_TYPE_STEP_BAR, "model", model, NULL);
}

void
ring_step_bar_set_model (RingStepBar *self,
                         RingModel   *model)
{
  g_return_if_fail (RING_IS_STEP_BAR (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!_ring_model_follow_set (&self->model, self->model_signals, model))
    return;

  ring_step_bar_model_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

guint
_ring_step_bar_get_draw_count (RingStepBar *self)
{
  g_return_val_if_fail (RING_IS_STEP_BAR (self), 0);

  return self->draw_count;
}
