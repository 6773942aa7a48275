/* test-registries.c: every entry of every registry (GPUs, algorithms, presets, chart kinds)
 * has a unique name and is reachable from the command line and from the window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include <adwaita.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-chart-kind.h"
#include "ring-choice.h"
#include "ring-export-document.h"
#include "ring-gpu.h"
#include "ring-parameter-panel-private.h"
#include "ring-presets.h"
#include "ring-test-cli.h"
#include "ring-window-private.h"

/* The names of a registry's @n_entries entries of @size bytes, each holding its name at
 * @name_offset, checked unique and non-empty. */
static GPtrArray *
unique_names (gconstpointer entries,
              guint         n_entries,
              gsize         size,
              gsize         name_offset)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GPtrArray *array = g_ptr_array_new ();

  g_assert_cmpuint (n_entries, >, 0);
  for (guint i = 0; i < n_entries; i++)
    {
      const char *name = G_STRUCT_MEMBER (const char *, (gpointer) entries,
                                          i * size + name_offset);

      g_assert_nonnull (name);
      g_assert_cmpuint (strlen (name), >, 0);
      if (!g_hash_table_add (seen, (gpointer) name))
        g_error ("“%s” is named twice", name);
      g_ptr_array_add (array, (gpointer) name);
    }

  return array;
}

/* `ring-allreduce --LIST list` prints one "name<TAB>description" line per entry: exactly
 * @names, in order. */
static void
assert_cli_lists (const char *option,
                  GPtrArray  *names)
{
  g_autofree char *flag = g_strdup_printf ("--%s", option);
  g_auto(RingTestRun) run = ring_test_run_cli (NULL, flag, "list", NULL);
  g_auto(GStrv) lines = NULL;
  guint n_lines;

  g_assert_cmpint (run.status, ==, 0);
  lines = g_strsplit (run.out, "\n", -1);
  n_lines = g_strv_length (lines);
  /* The last line ends with a newline: one empty string after it. */
  g_assert_cmpuint (n_lines, ==, names->len + 1);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *prefix = g_strdup_printf ("%s\t", (const char *) names->pdata[i]);

      if (!g_str_has_prefix (lines[i], prefix))
        g_error ("%s list: line %u is “%s”, not “%s…”", flag, i, lines[i], prefix);
    }
}

/* The values of a panel drop-down's RingChoice items. */
static GArray *
combo_values (RingWindow *window,
              const char *property)
{
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, property);
  GListModel *items;
  GArray *values = g_array_new (FALSE, FALSE, sizeof (guint));

  g_assert_nonnull (combo);
  items = adw_combo_row_get_model (combo);
  for (guint i = 0; i < g_list_model_get_n_items (items); i++)
    {
      g_autoptr(RingChoice) choice = g_list_model_get_item (items, i);
      guint value = ring_choice_get_value (choice);

      g_array_append_val (values, value);
    }

  return values;
}

static gboolean
array_has (GArray *values,
           guint   value)
{
  for (guint i = 0; i < values->len; i++)
    {
      if (g_array_index (values, guint, i) == value)
        return TRUE;
    }

  return FALSE;
}

static void
test_gpus (RingWindowFixture *fixture,
           gconstpointer      user_data)
{
  const RingGpuInfo *gpus;
  guint n_gpus;
  g_autoptr(GPtrArray) unique = NULL;
  g_autoptr(GArray) in_window = NULL;

  gpus = ring_gpus_get (&n_gpus);
  unique = unique_names (gpus, n_gpus, sizeof *gpus, G_STRUCT_OFFSET (RingGpuInfo, name));

  assert_cli_lists ("gpu", unique);

  /* The window's GPU row offers each, and choosing it selects it. */
  in_window = combo_values (fixture->window, "gpu");
  g_assert_cmpuint (in_window->len, ==, n_gpus);
  for (guint i = 0; i < n_gpus; i++)
    {
      const RingGpuInfo *info = ring_gpu_lookup (unique->pdata[i]);

      g_assert_nonnull (info);
      g_assert_true (array_has (in_window, info->id));
    }
}

static void
test_algorithms (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  const RingAlgorithmInfo *algorithms;
  guint n_algorithms;
  g_autoptr(GPtrArray) unique = NULL;
  g_autoptr(GArray) in_window = NULL;

  algorithms = ring_algorithms_get (&n_algorithms);
  unique = unique_names (algorithms, n_algorithms, sizeof *algorithms,
                         G_STRUCT_OFFSET (RingAlgorithmInfo, name));

  in_window = combo_values (fixture->window, "algorithm");
  for (guint i = 0; i < n_algorithms; i++)
    {
      RingAlgorithm algorithm;

      /* Each name is accepted by --algorithm's parser and listed in the window. */
      g_assert_true (ring_algorithm_from_string (unique->pdata[i], &algorithm));
      g_assert_cmpint (algorithm, ==, algorithms[i].algorithm);
      g_assert_true (array_has (in_window, algorithm));
      /* Every algorithm but auto, which picks one of them, is costed and can say why it
       * cannot run. */
      if (algorithm != RING_ALGORITHM_AUTO)
        {
          g_assert_nonnull (algorithms[i].cost);
          g_assert_nonnull (algorithms[i].can_run);
        }
    }
  g_assert_cmpuint (in_window->len, ==, n_algorithms);
}

/* The targets of the preset menu's "win.apply-preset" items, in both sections. */
static GPtrArray *
menu_presets (GMenuModel *menu)
{
  GPtrArray *targets = g_ptr_array_new_with_free_func (g_free);

  for (int s = 0; s < g_menu_model_get_n_items (menu); s++)
    {
      GMenuModel *section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);

      g_assert_nonnull (section);
      for (int i = 0; i < g_menu_model_get_n_items (section); i++)
        {
          g_autoptr(GVariant) target = NULL;
          g_autofree char *action = NULL;

          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION,
                                                          "s", &action));
          g_assert_cmpstr (action, ==, "win.apply-preset");
          target = g_menu_model_get_item_attribute_value (section, i,
                                                          G_MENU_ATTRIBUTE_TARGET,
                                                          G_VARIANT_TYPE_STRING);
          g_assert_nonnull (target);
          g_ptr_array_add (targets, g_variant_dup_string (target, NULL));
        }
      g_object_unref (section);
    }

  return targets;
}

static void
test_presets (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  const RingPreset *presets;
  guint n_presets;
  g_autoptr(GPtrArray) unique = NULL;
  g_autoptr(GPtrArray) in_menu = NULL;

  presets = ring_presets_get (&n_presets);
  unique = unique_names (presets, n_presets, sizeof *presets, G_STRUCT_OFFSET (RingPreset, name));

  assert_cli_lists ("preset", unique);

  /* Each is in the window's menu, once, and applying it from there works. */
  in_menu = menu_presets (G_MENU_MODEL (fixture->window->presets_menu));
  g_assert_cmpuint (in_menu->len, ==, n_presets);
  for (guint i = 0; i < n_presets; i++)
    {
      const char *name = unique->pdata[i];

      const RingPreset *preset = ring_preset_lookup (name);
      RingParams expected = *ring_model_get_params (fixture->model);

      g_assert_true (g_ptr_array_find_with_equal_func (in_menu, name, g_str_equal, NULL));
      ring_preset_apply (preset, &expected);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                                 "win.apply-preset", "s", name));
      /* What the preset sets is in the model. */
      for (guint s = 0; preset->settings[s].value != NULL; s++)
        g_assert_cmpfloat (ring_params_get_value (ring_model_get_params (fixture->model),
                                                  preset->settings[s].id),
                           ==, ring_params_get_value (&expected, preset->settings[s].id));
    }
}

/* Whether @widget is a GtkDropDown of *@n_items strings. */
static gboolean
is_dropdown_of (GtkWidget     *widget,
                gconstpointer  n_items)
{
  GListModel *model;

  if (!GTK_IS_DROP_DOWN (widget))
    return FALSE;

  model = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));

  return GTK_IS_STRING_LIST (model)
         && g_list_model_get_n_items (model) == *(const guint *) n_items;
}

static void
test_chart_kinds (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  g_autofree const char **names = g_new0 (const char *, RING_N_CHARTS);
  g_autoptr(GPtrArray) unique = NULL;
  guint n_kinds = RING_N_CHARTS;
  GtkDropDown *dropdown;
  GtkStringList *titles;

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    names[kind] = ring_chart_kind_to_string (kind);
  unique = unique_names (names, RING_N_CHARTS, sizeof *names, 0);

  /* After the charts, the documents: the report and NCCL's tuner configuration. */
  for (guint d = 0; d < RING_N_EXPORT_DOCUMENTS; d++)
    g_ptr_array_add (unique, (gpointer) ring_export_document_info (d)->name);
  assert_cli_lists ("chart", unique);
  g_ptr_array_set_size (unique, RING_N_CHARTS);

  /* The chart view's menu lists every kind by its title, in the registry's order. */
  dropdown = GTK_DROP_DOWN (ring_test_find_widget (fixture->window->chart_view, is_dropdown_of,
                                                  &n_kinds));
  g_assert_nonnull (dropdown);
  titles = GTK_STRING_LIST (gtk_drop_down_get_model (dropdown));
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      RingChartKind parsed;

      g_assert_true (ring_chart_kind_from_string (names[kind], &parsed));
      g_assert_cmpint (parsed, ==, kind);
      g_assert_cmpstr (gtk_string_list_get_string (titles, kind), ==,
                       ring_chart_kind_get_title (kind));
    }
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  ring_test_add_window ("/ring/registries/gpus", test_gpus);
  ring_test_add_window ("/ring/registries/algorithms", test_algorithms);
  ring_test_add_window ("/ring/registries/presets", test_presets);
  ring_test_add_window ("/ring/registries/chart-kinds", test_chart_kinds);

  return g_test_run ();
}
