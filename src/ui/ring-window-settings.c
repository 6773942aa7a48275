/* ring-window-settings.c: what the window remembers between launches, and how a stored
 * value it cannot use falls back to the schema's default.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-chart-view.h"
#include "ring-parallelism.h"
#include "ring-step.h"
#include "ring-window-private.h"

static GSettings *
create_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;

  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);

  /* Running from a build tree without the compiled schema: work, but remember nothing. */
  if (schema == NULL)
    return NULL;

  return g_settings_new_full (schema, NULL, NULL);
}

/* Whether GLib can parse @stored, the text of a value in a keyfile, without a critical:
 * it must be UTF-8, and each \u or \U escape must be 4 or 8 hex digits naming a Unicode
 * character (GLib 2.74 writes a surrogate such as \udc00 out as bytes that are not UTF-8,
 * and g_variant_new_string() then fails its assertion). */
static gboolean
parses_safely (const char *stored)
{
  if (!g_utf8_validate (stored, -1, NULL))
    return FALSE;

  for (const char *p = stored; *p != '\0'; p++)
    {
      guint n_digits;
      gunichar character = 0;

      if (*p != '\\')
        continue;
      if (p[1] != 'u' && p[1] != 'U')
        {
          if (p[1] != '\0')
            p++;  /* \\, \' and the rest name no character */
          continue;
        }

      n_digits = p[1] == 'u' ? 4 : 8;
      for (guint i = 0; i < n_digits; i++)
        {
          if (!g_ascii_isxdigit (p[2 + i]))
            return FALSE;
          character = character << 4 | (gunichar) g_ascii_xdigit_value (p[2 + i]);
        }
      if (!g_unichar_validate (character))
        return FALSE;
      p += 1 + n_digits;
    }

  return TRUE;
}

/* GLib's keyfile backend, the one a Flatpak sandbox and a system without dconf use, hands
 * each stored text to g_variant_parse() unchecked, and bytes that are not UTF-8 in a
 * string raise a critical there (GLib 2.74) instead of a parse error. Such a value can
 * only be damage: reset it before anything reads it, and GSettings answers the schema's
 * default, as it does for any stored value it cannot use. Other backends store GVariants,
 * whose strings are checked as they are read. */
static void
reset_unparseable_values (GSettings *settings)
{
  g_autoptr(GObject) backend = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GKeyFile) keyfile = NULL;
  g_autofree char *filename = NULL;
  g_autofree char *root_path = NULL;
  g_autofree char *root_group = NULL;
  g_autofree char *group = NULL;
  g_auto(GStrv) keys = NULL;
  const char *path;

  g_object_get (settings, "backend", &backend, "settings-schema", &schema, NULL);
  if (backend == NULL
      || g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "filename") == NULL
      || g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "root-path") == NULL)
    return;

  g_object_get (backend, "filename", &filename, "root-path", &root_path, NULL);
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "root-group") != NULL)
    g_object_get (backend, "root-group", &root_group, NULL);

  /* The backend's own layout: one group per schema path below its root path, named by
   * that path without its outer slashes. */
  path = g_settings_schema_get_path (schema);
  if (filename == NULL || root_path == NULL || root_group != NULL || path == NULL
      || !g_str_has_prefix (path, root_path) || strlen (path) <= strlen (root_path))
    return;
  group = g_strndup (path + strlen (root_path), strlen (path) - strlen (root_path) - 1);

  keyfile = g_key_file_new ();
  if (!g_key_file_load_from_file (keyfile, filename, G_KEY_FILE_NONE, NULL))
    return;

  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *stored = g_key_file_get_value (keyfile, group, keys[i], NULL);

      if (stored != NULL && !parses_safely (stored))
        {
          g_debug ("The stored value of “%s” is not text GLib can read: reset", keys[i]);
          g_settings_reset (settings, keys[i]);
        }
    }
}

/* A stored double reaches a property only when it is a number. NaN passes the schema's
 * range check (every comparison with it is false), and GObject refuses it with a warning;
 * refused here, GSettings falls back to the schema's default as for any stored value the
 * mapping rejects. */
static gboolean
stored_number_to_property (GValue   *value,
                           GVariant *variant,
                           gpointer  user_data)
{
  double number = g_variant_get_double (variant);

  if (!isfinite (number))
    return FALSE;

  g_value_set_double (value, number);

  return TRUE;
}

static GVariant *
property_to_stored_number (const GValue       *value,
                           const GVariantType *expected_type,
                           gpointer            user_data)
{
  return g_variant_new_double (g_value_get_double (value));
}

/* The animation plays the speed its menu shows: a stored speed between the menu's choices
 * becomes the nearest choice, on the menu's doubling scale. */
static gboolean
stored_speed_to_property (GValue   *value,
                          GVariant *variant,
                          gpointer  user_data)
{
  double speed = g_variant_get_double (variant);

  if (!isfinite (speed) || speed <= 0)
    return FALSE;

  g_value_set_double (value, _ring_window_nearest_speed (speed));

  return TRUE;
}

/* Binds @property of @object to the key of the same name, refusing stored numbers that
 * are not numbers. */
static void
bind_key (GSettings  *settings,
          const char *key,
          gpointer    object,
          const char *property)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsSchemaKey) schema_key = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  schema_key = g_settings_schema_get_key (schema, key);

  if (g_variant_type_equal (g_settings_schema_key_get_value_type (schema_key),
                            G_VARIANT_TYPE_DOUBLE))
    g_settings_bind_with_mapping (settings, key, object, property, G_SETTINGS_BIND_DEFAULT,
                                  stored_number_to_property, property_to_stored_number,
                                  NULL, NULL);
  else
    g_settings_bind (settings, key, object, property, G_SETTINGS_BIND_DEFAULT);
}

/* Whether nothing of the model has been stored yet: the application's first launch. */
static gboolean
nothing_stored (GSettings *settings)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      g_autoptr(GVariant) stored = g_settings_get_user_value (settings,
                                                             ring_param_info (id)->property);

      if (stored != NULL)
        return FALSE;
    }

  return TRUE;
}

/* A key the GPU sets that was never stored beside a stored GPU (settings older than the
 * key, as pcie-gen is): its value is the GPU's, as choosing the GPU set it, not the
 * schema's default. Stored keys keep their values. */
static void
apply_stored_gpu_facts (RingWindow *self)
{
  g_autoptr(GVariant) stored_gpu = g_settings_get_user_value (self->settings, "gpu");
  RingParams params, facts;

  if (stored_gpu == NULL)
    return;

  params = facts = *ring_model_get_params (self->model);
  ring_params_apply_gpu (&facts, facts.gpu);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      g_autoptr(GVariant) stored = NULL;

      if (!ring_params_set_by_gpu (id))
        continue;
      stored = g_settings_get_user_value (self->settings, ring_param_info (id)->property);
      if (stored == NULL)
        ring_params_set_value (&params, id, ring_params_get_value (&facts, id));
    }
  /* A GPU fact that no longer agrees with the stored values (a domain across nodes of
   * another size) leaves the model as GSettings gave it. */
  if (ring_params_validate (&params, NULL))
    ring_model_set_params (self->model, &params);
}

void
_ring_window_fit_params (RingParams *params)
{
  RingFitSuggestion suggestion;

  g_assert (params != NULL);

  ring_step_suggest (params, &suggestion);
  if (suggestion.fits_now || !suggestion.possible)
    return;

  params->sharding = suggestion.sharding;
  params->gpus = MAX (params->gpus, suggestion.gpus);
  params->checkpointing = suggestion.checkpointing;
}

/* Whether the first chart is one the user chose: its key stored (a pick in an earlier
 * launch too), or without settings a pick seen in this one. */
static gboolean
chart_picked (RingWindow *self)
{
  g_autoptr(GVariant) stored = NULL;

  if (self->settings == NULL)
    return self->chart_picked;

  stored = g_settings_get_user_value (self->settings, "visible-chart");
  return stored != NULL;
}

/* Utilization against the ring size is flat under a tensor or pipeline layout, where the
 * step does not scale with N alone: until the user picks a chart, a layout shows MFU
 * against D, which moves with it, and plain data parallelism the default again. */
void
_ring_window_settings_follow_layout (RingWindow *self)
{
  RingChartView *view = RING_CHART_VIEW (self->chart_view);
  gboolean layout = ring_parallelism_is_active (ring_model_get_params (self->model));
  RingChartKind shown = ring_chart_view_get_visible_kind (view);
  RingChartKind wanted = shown;

  g_assert (RING_IS_WINDOW (self));

  if (chart_picked (self))
    return;

  if (layout && shown == RING_CHART_UTILIZATION_VS_GPUS)
    wanted = RING_CHART_MFU_VS_DATA_PARALLEL;
  else if (!layout && self->chart_for_layout)
    wanted = RING_CHART_UTILIZATION_VS_GPUS;
  self->chart_for_layout = layout && wanted == RING_CHART_MFU_VS_DATA_PARALLEL;
  if (wanted == shown)
    return;

  self->choosing_chart = TRUE;
  ring_chart_view_set_visible_kind (view, wanted);
  self->choosing_chart = FALSE;
}

/* The key holds the chart the user picks, never one the window chose for a layout. */
static void
ring_window_visible_chart_notify_cb (RingWindow *self)
{
  g_autofree char *kind = NULL;
  g_autofree char *stored = NULL;

  if (self->choosing_chart)
    return;

  g_object_get (self->chart_view, "visible-kind", &kind, NULL);
  /* What the key gave (read through the binding) is not written back; a pick while the
   * layout's chart shows is written even when it is the default, to be stored. */
  if (self->settings != NULL)
    {
      stored = g_settings_get_string (self->settings, "visible-chart");
      if (g_strcmp0 (stored, kind) != 0 || self->chart_for_layout)
        g_settings_set_string (self->settings, "visible-chart", kind);
    }
  self->chart_picked = TRUE;
  self->chart_for_layout = FALSE;
}

static void
follow_chart_picks (RingWindow *self)
{
  g_signal_connect_object (self->chart_view, "notify::visible-kind",
                           G_CALLBACK (ring_window_visible_chart_notify_cb), self,
                           G_CONNECT_SWAPPED);
  _ring_window_settings_follow_layout (self);
}

void
_ring_window_settings_init (RingWindow *self)
{
  int width, height;
  gboolean first_launch;

  g_assert (RING_IS_WINDOW (self));
  g_assert (self->settings == NULL);

  self->settings = create_settings ();
  if (self->settings == NULL)
    {
      follow_chart_picks (self);
      return;
    }

  reset_unparseable_values (self->settings);
  first_launch = nothing_stored (self->settings);

  width = g_settings_get_int (self->settings, "window-width");
  height = g_settings_get_int (self->settings, "window-height");
  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  /* Out-of-range, mistyped or unparseable stored values never reach the model: GSettings
   * falls back to the schema's default, and the model clamps what is left. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const char *property = ring_param_info (id)->property;

      bind_key (self->settings, property, self->model, property);
    }
  apply_stored_gpu_facts (self);
  /* The first window trains a model that fits; the keys keep it from then on. */
  if (first_launch)
    {
      RingParams params = *ring_model_get_params (self->model);

      _ring_window_fit_params (&params);
      ring_model_set_params (self->model, &params);
    }

  g_settings_bind_with_mapping (self->settings, "animation-speed", self->animation, "speed",
                                G_SETTINGS_BIND_DEFAULT,
                                stored_speed_to_property, property_to_stored_number,
                                NULL, NULL);
  /* Read only: ring_window_visible_chart_notify_cb () writes what the user picks. */
  g_settings_bind (self->settings, "visible-chart", self->chart_view, "visible-kind",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "second-chart", self->chart_view, "second-kind",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "learning-view", self, "learning-view",
                   G_SETTINGS_BIND_DEFAULT);
  follow_chart_picks (self);
}

void
_ring_window_settings_save_state (RingWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  gboolean maximized;

  g_assert (RING_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  maximized = gtk_window_is_maximized (window);
  g_settings_set_boolean (self->settings, "window-maximized", maximized);
  if (!maximized)
    {
      int width, height;

      gtk_window_get_default_size (window, &width, &height);
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
}

void
_ring_window_settings_unbind_model (RingWindow *self)
{
  g_assert (RING_IS_WINDOW (self));

  if (self->settings == NULL || self->model == NULL)
    return;

  for (guint id = 0; id < RING_N_PARAMS; id++)
    g_settings_unbind (self->model, ring_param_info (id)->property);
}
