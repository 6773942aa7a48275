/* test-schema.c: the GSettings schema agrees with the model it stores.
 *
 * The window binds each model parameter to the key of the same name, so a key with
 * another type, range or default than the parameter table would clamp or reset what
 * people set. This reads the compiled schema from GSETTINGS_SCHEMA_DIR.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <gio/gio.h>

#include "ring-model.h"
#include "ring-params.h"
#include "ring-chart-draw.h"

static GSettingsSchema *
lookup_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  GSettingsSchema *schema;

  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, APPLICATION_ID, FALSE);
  g_assert_nonnull (schema);

  return schema;
}

static GSettingsSchemaKey *
lookup_key (GSettingsSchema *schema,
            const char      *name)
{
  if (!g_settings_schema_has_key (schema, name))
    g_error ("the schema has no key “%s”", name);

  return g_settings_schema_get_key (schema, name);
}

static double
variant_to_double (GVariant *value)
{
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_DOUBLE))
    return g_variant_get_double (value);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    return g_variant_get_uint32 (value);
  if (g_variant_is_of_type (value, G_VARIANT_TYPE_INT32))
    return g_variant_get_int32 (value);

  g_error ("unexpected value type %s", g_variant_get_type_string (value));
}

/* The choices of a string key, in schema order. */
static GStrv
key_choices (GSettingsSchemaKey *key)
{
  g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
  g_autoptr(GVariant) choices = NULL;
  const char *range_type;

  g_variant_get (range, "(&sv)", &range_type, &choices);
  g_assert_cmpstr (range_type, ==, "enum");

  return g_variant_dup_strv (choices, NULL);
}

static void
test_parameters (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();

  for (RingParamId id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);
      g_autoptr(GSettingsSchemaKey) key = lookup_key (schema, info->property);
      g_autoptr(GVariant) default_value = g_settings_schema_key_get_default_value (key);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) limits = NULL;
      g_autoptr(GVariant) minimum = NULL;
      g_autoptr(GVariant) maximum = NULL;
      const char *range_type;

      g_test_message ("key %s", info->property);

      if (info->kind == RING_PARAM_KIND_CHOICE)
        {
          g_auto(GStrv) choices = key_choices (key);
          guint n = ring_param_n_choices (id);

          /* Every choice the model knows can be stored, and nothing else: the GPU catalogue,
           * the fabrics, the algorithms, by the names the command line takes. */
          g_assert_cmpuint (g_strv_length (choices), ==, n);
          for (guint c = 0; c < n; c++)
            g_assert_true (g_strv_contains ((const char * const *) choices,
                                            ring_param_choice_name (id, c)));
          g_assert_cmpstr (g_variant_get_string (default_value, NULL), ==,
                           ring_param_choice_name (id, (guint) info->default_value));
          continue;
        }

      /* The key's type matches the model property it is bound to. */
      if (info->kind == RING_PARAM_KIND_COUNT)
        g_assert_true (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                             G_VARIANT_TYPE_UINT32));
      else
        g_assert_true (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                             G_VARIANT_TYPE_DOUBLE));

      g_assert_cmpfloat (variant_to_double (default_value), ==, info->default_value);

      g_variant_get (range, "(&sv)", &range_type, &limits);
      g_assert_cmpstr (range_type, ==, "range");
      g_variant_get (limits, "(@*@*)", &minimum, &maximum);
      g_assert_cmpfloat (variant_to_double (minimum), ==, info->minimum);
      g_assert_cmpfloat (variant_to_double (maximum), ==, info->maximum);
    }
}

/* The question is remembered as the model's message size: 0 for a training step, up to
 * the petabyte the command line accepts for a single collective. */
static void
test_message_size (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();
  g_autoptr(GSettingsSchemaKey) key = lookup_key (schema, "message-size");
  g_autoptr(GVariant) default_value = g_settings_schema_key_get_default_value (key);

  g_assert_true (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                       G_VARIANT_TYPE_DOUBLE));
  g_assert_cmpfloat (g_variant_get_double (default_value), ==, 0);
  g_assert_true (g_settings_schema_key_range_check (key, g_variant_new_double (1e15)));
  g_assert_true (g_settings_schema_key_range_check (key, g_variant_new_double (8)));
  g_assert_false (g_settings_schema_key_range_check (key, g_variant_new_double (1.1e15)));
  g_assert_false (g_settings_schema_key_range_check (key, g_variant_new_double (-1)));
}

static void
test_charts (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();
  const char * const chart_keys[] = { "visible-chart", "second-chart" };
  const char * const defaults[] = { "utilization-vs-gpus", "step-time-vs-gpus" };

  for (guint k = 0; k < G_N_ELEMENTS (chart_keys); k++)
    {
      g_autoptr(GSettingsSchemaKey) key = lookup_key (schema, chart_keys[k]);
      g_autoptr(GVariant) default_value = g_settings_schema_key_get_default_value (key);
      g_auto(GStrv) choices = key_choices (key);

      /* Exactly the chart kinds the renderer draws, by their command-line names. */
      g_assert_cmpuint (g_strv_length (choices), ==, RING_N_CHARTS);
      for (RingChartKind kind = 0; kind < RING_N_CHARTS; kind++)
        g_assert_true (g_strv_contains ((const char * const *) choices,
                                        ring_chart_kind_to_string (kind)));
      g_assert_cmpstr (g_variant_get_string (default_value, NULL), ==, defaults[k]);
    }
}

static void
test_path_and_documentation (void)
{
  g_autoptr(GSettingsSchema) schema = lookup_schema ();
  g_auto(GStrv) names = g_settings_schema_list_keys (schema);
  g_autofree char *path = g_strdelimit (g_strdup_printf ("/%s/", APPLICATION_ID), ".", '/');

  /* A .Devel build keeps its settings apart from the release's. */
  g_assert_cmpstr (g_settings_schema_get_path (schema), ==, path);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, names[i]);
      const char *summary = g_settings_schema_key_get_summary (key);
      const char *description = g_settings_schema_key_get_description (key);

      g_test_message ("key %s", names[i]);
      g_assert_nonnull (summary);
      g_assert_cmpstr (summary, !=, "");
      g_assert_nonnull (description);
      g_assert_cmpstr (description, !=, "");
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/schema/parameters", test_parameters);
  g_test_add_func ("/ring/schema/message-size", test_message_size);
  g_test_add_func ("/ring/schema/charts", test_charts);
  g_test_add_func ("/ring/schema/documented", test_path_and_documentation);

  return g_test_run ();
}
