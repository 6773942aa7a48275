/* ring-metric-card.c: one figure of the window, its title above its value.
 *
 * A card names the model property it shows (:metric) and has two titles: the training
 * step's and, where it differs, the single collective's. The window writes its value.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-metric-card.h"

struct _RingMetricCard
{
  GtkWidget  parent_instance;

  char      *metric;
  char      *title;
  char      *collective_title;   /* NULL: the title */
  gboolean   collective;

  /* Template children. */
  GtkLabel  *title_label;
  GtkLabel  *difference_label;
  GtkLabel  *value_label;
};

G_DEFINE_FINAL_TYPE (RingMetricCard, ring_metric_card, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_METRIC,
  PROP_TITLE,
  PROP_COLLECTIVE_TITLE,
  PROP_COLLECTIVE,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_title (RingMetricCard *self)
{
  const char *title = self->collective && self->collective_title != NULL
                      ? self->collective_title : self->title;

  gtk_label_set_label (self->title_label, title);
}

static void
set_string (RingMetricCard  *self,
            char           **field,
            const char      *value,
            int              prop)
{
  if (g_strcmp0 (*field, value) == 0)
    return;

  g_free (*field);
  *field = g_strdup (value);
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
ring_metric_card_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), RING_TYPE_METRIC_CARD);

  G_OBJECT_CLASS (ring_metric_card_parent_class)->dispose (object);
}

static void
ring_metric_card_finalize (GObject *object)
{
  RingMetricCard *self = RING_METRIC_CARD (object);

  g_free (self->metric);
  g_free (self->title);
  g_free (self->collective_title);

  G_OBJECT_CLASS (ring_metric_card_parent_class)->finalize (object);
}

static void
ring_metric_card_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  RingMetricCard *self = RING_METRIC_CARD (object);

  switch (prop_id)
    {
    case PROP_METRIC:
      g_value_set_string (value, self->metric);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_COLLECTIVE_TITLE:
      g_value_set_string (value, self->collective_title);
      break;
    case PROP_COLLECTIVE:
      g_value_set_boolean (value, self->collective);
      break;
    case PROP_VALUE:
      g_value_set_string (value, gtk_label_get_label (self->value_label));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_metric_card_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  RingMetricCard *self = RING_METRIC_CARD (object);

  switch (prop_id)
    {
    case PROP_METRIC:
      self->metric = g_value_dup_string (value);
      break;
    case PROP_TITLE:
      set_string (self, &self->title, g_value_get_string (value), PROP_TITLE);
      break;
    case PROP_COLLECTIVE_TITLE:
      set_string (self, &self->collective_title, g_value_get_string (value),
                  PROP_COLLECTIVE_TITLE);
      break;
    case PROP_COLLECTIVE:
      ring_metric_card_set_collective (self, g_value_get_boolean (value));
      break;
    case PROP_VALUE:
      ring_metric_card_set_value (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_metric_card_class_init (RingMetricCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_metric_card_dispose;
  object_class->finalize = ring_metric_card_finalize;
  object_class->get_property = ring_metric_card_get_property;
  object_class->set_property = ring_metric_card_set_property;

  properties[PROP_METRIC] =
    g_param_spec_string ("metric", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] =
    g_param_spec_string ("title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLLECTIVE_TITLE] =
    g_param_spec_string ("collective-title", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COLLECTIVE] =
    g_param_spec_boolean ("collective", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_VALUE] =
    g_param_spec_string ("value", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ring-metric-card.ui");
  gtk_widget_class_bind_template_child (widget_class, RingMetricCard, title_label);
  gtk_widget_class_bind_template_child (widget_class, RingMetricCard, difference_label);
  gtk_widget_class_bind_template_child (widget_class, RingMetricCard, value_label);
  gtk_widget_class_set_css_name (widget_class, "ringmetriccard");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ring_metric_card_init (RingMetricCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
ring_metric_card_get_metric (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return self->metric;
}

/* The title shown: the collective's while the card answers for one collective. */
const char *
ring_metric_card_get_title (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return gtk_label_get_label (self->title_label);
}

const char *
ring_metric_card_get_value (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return gtk_label_get_label (self->value_label);
}

void
ring_metric_card_set_value (RingMetricCard *self,
                            const char     *value)
{
  g_return_if_fail (RING_IS_METRIC_CARD (self));

  if (g_strcmp0 (value, gtk_label_get_label (self->value_label)) == 0)
    return;

  gtk_label_set_label (self->value_label, value);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VALUE]);
}

gboolean
ring_metric_card_get_collective (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), FALSE);

  return self->collective;
}

void
ring_metric_card_set_collective (RingMetricCard *self,
                                 gboolean        collective)
{
  g_return_if_fail (RING_IS_METRIC_CARD (self));

  collective = !!collective;
  if (self->collective == collective)
    return;

  self->collective = collective;
  update_title (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COLLECTIVE]);
}

GtkLabel *
ring_metric_card_get_title_label (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return self->title_label;
}

GtkLabel *
ring_metric_card_get_value_label (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return self->value_label;
}

GtkLabel *
ring_metric_card_get_difference_label (RingMetricCard *self)
{
  g_return_val_if_fail (RING_IS_METRIC_CARD (self), NULL);

  return self->difference_label;
}
