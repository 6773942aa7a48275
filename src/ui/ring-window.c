/* ring-window.c: the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-window-private.h"

G_DEFINE_FINAL_TYPE (RingWindow, ring_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ring_window_dispose (GObject *object)
{
  RingWindow *self = RING_WINDOW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_WINDOW);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_window_class_init (RingWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_window_dispose;
  object_class->get_property = ring_window_get_property;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL, RING_TYPE_MODEL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_PREFIX "/ring-window.ui");
  gtk_widget_class_bind_template_child (widget_class, RingWindow, toast_overlay);

  _ring_window_class_actions_init (klass);
}

static void
ring_window_init (RingWindow *self)
{
  self->model = ring_model_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
}

RingWindow *
ring_window_new (RingApplication *application)
{
  RingWindow *self;
  const RingParams *params;

  g_return_val_if_fail (RING_IS_APPLICATION (application), NULL);

  self = g_object_new (RING_TYPE_WINDOW, "application", application, NULL);

  params = ring_application_get_command_line_params (application);
  if (params != NULL)
    ring_model_set_params (self->model, params);

  return self;
}

RingModel *
ring_window_get_model (RingWindow *self)
{
  g_return_val_if_fail (RING_IS_WINDOW (self), NULL);

  return self->model;
}

void
_ring_window_add_toast (RingWindow *self,
                        const char *message)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  adw_toast_overlay_add_toast (self->toast_overlay, adw_toast_new (message));
}
