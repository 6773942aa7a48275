/* ring-choice.c: one entry of a drop-down of the model's choices.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-choice.h"

struct _RingChoice
{
  GObject  parent_instance;

  guint    value;
  char    *title;
  char    *summary;
  char    *reason;
};

G_DEFINE_FINAL_TYPE (RingChoice, ring_choice, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VALUE,
  PROP_TITLE,
  PROP_SUMMARY,
  PROP_AVAILABLE,
  PROP_REASON,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* g_set_str() is GLib 2.76's. */
static gboolean
set_string (char       **field,
            const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;

  g_free (*field);
  *field = g_strdup (value);

  return TRUE;
}

static void
ring_choice_finalize (GObject *object)
{
  RingChoice *self = RING_CHOICE (object);

  g_clear_pointer (&self->title, g_free);
  g_clear_pointer (&self->summary, g_free);
  g_clear_pointer (&self->reason, g_free);

  G_OBJECT_CLASS (ring_choice_parent_class)->finalize (object);
}

static void
ring_choice_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  RingChoice *self = RING_CHOICE (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_uint (value, self->value);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_SUMMARY:
      g_value_set_string (value, self->summary);
      break;
    case PROP_AVAILABLE:
      g_value_set_boolean (value, self->reason == NULL);
      break;
    case PROP_REASON:
      g_value_set_string (value, self->reason);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_choice_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  RingChoice *self = RING_CHOICE (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      self->value = g_value_get_uint (value);
      break;
    case PROP_TITLE:
      ring_choice_set_title (self, g_value_get_string (value));
      break;
    case PROP_SUMMARY:
      ring_choice_set_summary (self, g_value_get_string (value));
      break;
    case PROP_REASON:
      ring_choice_set_reason (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_choice_class_init (RingChoiceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = ring_choice_finalize;
  object_class->get_property = ring_choice_get_property;
  object_class->set_property = ring_choice_set_property;

  properties[PROP_VALUE] =
    g_param_spec_uint ("value", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  properties[PROP_SUMMARY] = g_param_spec_string ("summary", NULL, NULL, NULL, flags);
  properties[PROP_AVAILABLE] =
    g_param_spec_boolean ("available", NULL, NULL, TRUE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_REASON] = g_param_spec_string ("reason", NULL, NULL, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ring_choice_init (RingChoice *self)
{
}

RingChoice *
ring_choice_new (guint       value,
                 const char *title,
                 const char *summary)
{
  return g_object_new (RING_TYPE_CHOICE,
                       "value", value, "title", title, "summary", summary,
                       NULL);
}

guint
ring_choice_get_value (RingChoice *self)
{
  g_return_val_if_fail (RING_IS_CHOICE (self), 0);

  return self->value;
}

const char *
ring_choice_get_title (RingChoice *self)
{
  g_return_val_if_fail (RING_IS_CHOICE (self), NULL);

  return self->title;
}

void
ring_choice_set_title (RingChoice *self,
                       const char *title)
{
  g_return_if_fail (RING_IS_CHOICE (self));

  if (set_string (&self->title, title))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
ring_choice_get_summary (RingChoice *self)
{
  g_return_val_if_fail (RING_IS_CHOICE (self), NULL);

  return self->summary;
}

void
ring_choice_set_summary (RingChoice *self,
                         const char *summary)
{
  g_return_if_fail (RING_IS_CHOICE (self));

  if (set_string (&self->summary, summary))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SUMMARY]);
}

gboolean
ring_choice_get_available (RingChoice *self)
{
  g_return_val_if_fail (RING_IS_CHOICE (self), FALSE);

  return self->reason == NULL;
}

const char *
ring_choice_get_reason (RingChoice *self)
{
  g_return_val_if_fail (RING_IS_CHOICE (self), NULL);

  return self->reason;
}

void
ring_choice_set_reason (RingChoice *self,
                        const char *reason)
{
  gboolean was_available;

  g_return_if_fail (RING_IS_CHOICE (self));

  was_available = self->reason == NULL;
  if (!set_string (&self->reason, reason))
    return;

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REASON]);
  if (was_available != (reason == NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_AVAILABLE]);
  g_object_thaw_notify (G_OBJECT (self));
}
