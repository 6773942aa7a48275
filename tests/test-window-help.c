/* test-window-help.c: the user help from the window (where F1 and the help buttons lead),
 * the glossary against every term the window shows, the first-run tour, and every control
 * named for assistive technologies and reachable by Tab, one stop a parameter.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-parameter-row.h"
#include "ring-choice.h"
#include "ring-help.h"
#include "ring-labels.h"
#include "ring-parameter-panel-private.h"
#include "ring-window-private.h"

/* ---------------------------------------------------------------------------------- */
/* Where the help is. */

static void
test_help_uri (void)
{
  g_autofree char *saved = g_strdup (g_getenv ("RING_ALLREDUCE_HELPDIR"));
  g_autofree char *help_dir = g_test_build_filename (G_TEST_DIST, "..", "help", NULL);
  g_autofree char *c_dir = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *expected = NULL;

  /* Installed: Yelp finds DATADIR/help/LANG/APP_ID by the application's id. */
  g_unsetenv ("RING_ALLREDUCE_HELPDIR");
  uri = ring_help_get_uri ("index");
  g_assert_cmpstr (uri, ==, "help:" APPLICATION_ID);
  g_free (uri);
  uri = ring_help_get_uri ("glossary#nvls");
  g_assert_cmpstr (uri, ==, "help:" APPLICATION_ID "/glossary#nvls");
  g_free (uri);
  uri = ring_help_get_uri ("size-cluster");
  g_assert_cmpstr (uri, ==, "help:" APPLICATION_ID "/size-cluster");
  g_free (uri);

  /* A build tree's run: the source tree's pages, by an absolute ghelp: URI, which Yelp
   * reads as the Mallard document in that folder. */
  g_assert_true (g_setenv ("RING_ALLREDUCE_HELPDIR", help_dir, TRUE));
  c_dir = g_canonicalize_filename ("../help/C", g_test_get_dir (G_TEST_DIST));
  uri = ring_help_get_uri ("index");
  expected = g_strconcat ("ghelp:", c_dir, NULL);
  g_assert_cmpstr (uri, ==, expected);
  g_free (uri);
  g_free (expected);
  uri = ring_help_get_uri ("glossary#bus-bandwidth");
  expected = g_strconcat ("ghelp:", c_dir, "?glossary#bus-bandwidth", NULL);
  g_assert_cmpstr (uri, ==, expected);
  g_free (uri);

  /* A folder without pages is no help: the installed help instead. */
  g_assert_true (g_setenv ("RING_ALLREDUCE_HELPDIR", g_get_tmp_dir (), TRUE));
  uri = ring_help_get_uri ("index");
  g_assert_cmpstr (uri, ==, "help:" APPLICATION_ID);

  if (saved != NULL)
    g_setenv ("RING_ALLREDUCE_HELPDIR", saved, TRUE);
  else
    g_unsetenv ("RING_ALLREDUCE_HELPDIR");
}

/* F1 asks the window for the help's index, and in a build tree (the suite's
 * RING_ALLREDUCE_HELPDIR, as build-aux/dev run sets it) that is the source tree's pages;
 * installed it is help:APP_ID, whose pages test-install.sh finds where Yelp looks. */
static void
test_f1 (RingWindowFixture *fixture,
         gconstpointer      user_data)
{
  g_autoptr(GListModel) controllers =
    gtk_widget_observe_controllers (GTK_WIDGET (fixture->window));
  g_autofree char *uri = ring_help_get_uri ("index");
  g_autofree char *index = NULL;
  guint n_f1 = 0;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller))
        continue;
      for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          g_autofree char *trigger =
            gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (shortcut));
          GtkShortcutAction *action = gtk_shortcut_get_action (shortcut);

          if (!g_str_equal (trigger, "F1"))
            continue;
          g_assert_true (GTK_IS_NAMED_ACTION (action));
          g_assert_cmpstr (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)), ==,
                           "win.help");
          g_assert_cmpstr (g_variant_get_string (gtk_shortcut_get_arguments (shortcut), NULL),
                           ==, "index");
          n_f1++;
        }
    }
  g_assert_cmpuint (n_f1, ==, 1);

  g_assert_true (g_str_has_prefix (uri, "ghelp:/"));
  index = g_build_filename (uri + strlen ("ghelp:"), "index.page", NULL);
  g_assert_true (g_file_test (index, G_FILE_TEST_IS_REGULAR));
}

/* ---------------------------------------------------------------------------------- */
/* The glossary's sections and the window's words. */

static void
collect_section_id_cb (GMarkupParseContext  *context,
                       const char           *element_name,
                       const char          **attribute_names,
                       const char          **attribute_values,
                       gpointer              user_data,
                       GError              **error)
{
  GHashTable *ids = user_data;

  if (!g_str_equal (element_name, "section"))
    return;
  for (guint i = 0; attribute_names[i] != NULL; i++)
    if (g_str_equal (attribute_names[i], "id"))
      g_hash_table_add (ids, g_strdup (attribute_values[i]));
}

/* The ids of help/C/@page's sections. */
static GHashTable *
read_section_ids (const char *page)
{
  static const GMarkupParser parser = { .start_element = collect_section_id_cb };
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "help", "C", page, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  GHashTable *ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gsize length;

  g_assert_true (g_file_get_contents (path, &text, &length, &error));
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, 0, ids, NULL);
  g_assert_true (g_markup_parse_context_parse (context, text, length, &error));
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);

  return ids;
}

/* The glossary's sections are the table's terms and groups, no more and no fewer. */
static void
test_glossary_sections (void)
{
  g_autoptr(GHashTable) ids = read_section_ids ("glossary.page");
  g_autoptr(GHashTable) listed = g_hash_table_new (g_str_hash, g_str_equal);
  const char * const *groups = ring_glossary_get_groups ();
  const RingGlossaryTerm *terms;
  GHashTableIter iter;
  gpointer id;
  guint n_terms;

  terms = ring_glossary_get_terms (&n_terms);
  g_assert_cmpuint (n_terms, >=, 50);
  for (guint i = 0; i < n_terms; i++)
    {
      if (!g_hash_table_contains (ids, terms[i].id))
        g_error ("the term “%s” has no section in help/C/glossary.page", terms[i].id);
      g_assert_true (g_hash_table_add (listed, (gpointer) terms[i].id));
      g_assert_nonnull (terms[i].phrases[0]);
    }
  for (guint i = 0; groups[i] != NULL; i++)
    {
      g_assert_true (g_hash_table_contains (ids, groups[i]));
      g_assert_true (g_hash_table_add (listed, (gpointer) groups[i]));
    }

  g_hash_table_iter_init (&iter, ids);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    if (!g_hash_table_contains (listed, id))
      g_error ("help/C/glossary.page has a section “%s” that ring-help.c does not list",
               (const char *) id);
}

/* Words that look like terms (two capitals or more) and are not: units, file formats,
 * names of products and programs (the GPU catalogue's and the presets'). Anything else of
 * that shape the window shows needs its entry; a quantity ("4GB") is no word. */
static const char * const not_terms[] = {
  "GB", "MB", "kB", "TB", "PB", "GiB", "MiB", "KiB", "TiB", "GbE", "TFLOPS",
  "CSV", "JSON", "PDF", "PNG", "SVG",
  "NVIDIA", "PyTorch", "FlashAttention", "PLplot", "GeForce", "RTX", "DGX", "HGX", "SXM",
  "SXM2", "SXM4", "SXM5", "GB10", "GB200", "L40S", "NVL72", "GPT", "BLOOM",
  "AMD", "MI300X", "MI325X", "MI355X", "GB300", "NVL",
  NULL,
};

static gboolean
is_phrase (const char *text)
{
  g_autofree char *folded = g_utf8_casefold (text, -1);
  const RingGlossaryTerm *terms;
  guint n_terms;

  terms = ring_glossary_get_terms (&n_terms);
  for (guint i = 0; i < n_terms; i++)
    for (guint j = 0; terms[i].phrases[j] != NULL; j++)
      {
        g_autofree char *phrase = g_utf8_casefold (terms[i].phrases[j], -1);

        if (g_str_equal (folded, phrase))
          return TRUE;
      }

  return FALSE;
}

/* The words of @text shaped like a term (NVLS, LL128, RoCE, ZeRO) that neither the
 * glossary's table names nor not_terms[] excuses, added to @missing. */
static void
find_unexplained (const char *text,
                  GHashTable *missing)
{
  const char *p = text;

  while (*p != '\0')
    {
      const char *start;
      guint capitals = 0;

      while (*p != '\0' && !g_unichar_isalnum (g_utf8_get_char (p)))
        p = g_utf8_next_char (p);
      start = p;
      while (*p != '\0' && g_unichar_isalnum (g_utf8_get_char (p)))
        {
          if (g_ascii_isupper (*p))
            capitals++;
          p = g_utf8_next_char (p);
        }
      if (capitals >= 2 && !g_ascii_isdigit (*start))
        {
          g_autofree char *word = g_strndup (start, p - start);

          if (!is_phrase (word) && !g_strv_contains (not_terms, word))
            g_hash_table_add (missing, g_steal_pointer (&word));
        }
    }
}

/* What @widget and everything under it say: labels, tooltips, buttons, rows and groups. */
static void
collect_texts (GtkWidget *widget,
               GPtrArray *texts)
{
  const char *text = NULL;
  const char *tooltip = gtk_widget_get_tooltip_text (widget);

  if (tooltip != NULL)
    g_ptr_array_add (texts, g_strdup (tooltip));
  if (GTK_IS_LABEL (widget))
    text = gtk_label_get_text (GTK_LABEL (widget));
  else if (GTK_IS_BUTTON (widget))
    text = gtk_button_get_label (GTK_BUTTON (widget));
  else if (GTK_IS_MENU_BUTTON (widget))
    text = gtk_menu_button_get_label (GTK_MENU_BUTTON (widget));
  else if (ADW_IS_PREFERENCES_ROW (widget))
    text = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
  else if (ADW_IS_PREFERENCES_GROUP (widget))
    {
      const char *description = adw_preferences_group_get_description (ADW_PREFERENCES_GROUP (widget));

      if (description != NULL)
        g_ptr_array_add (texts, g_strdup (description));
      text = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget));
    }
  if (ADW_IS_ACTION_ROW (widget) && adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)))
    g_ptr_array_add (texts, g_strdup (adw_action_row_get_subtitle (ADW_ACTION_ROW (widget))));
  if (text != NULL)
    g_ptr_array_add (texts, g_strdup (text));

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_texts (child, texts);
}

/* Every title of a thing the window lets a person set or read must be a glossary
 * phrase as it stands: a parameter's row, a metric card, a choice. */
static void
check_title (const char *title,
             const char *what,
             GHashTable *missing)
{
  if (!is_phrase (title))
    g_hash_table_add (missing, g_strdup_printf ("%s “%s”", what, title));
}

static void
collect_titles (RingWindow *window,
                GHashTable *missing)
{
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  static const char * const panel_groups[] = { "cluster_group", "step_group", "collective_group",
                                         "network_group", "straggler_group", NULL };
  static const char * const choices[] = { "fabric", "sharding", NULL };
  const RingAlgorithmInfo *algorithms;
  guint n_algorithms;

  for (guint g = 0; panel_groups[g] != NULL; g++)
    {
      GtkWidget *group = _ring_parameter_panel_get_group (panel, panel_groups[g]);
      GPtrArray *todo = g_ptr_array_new ();

      /* The rows under the group, found breadth-first. */
      g_ptr_array_add (todo, group);
      while (todo->len > 0)
        {
          GtkWidget *widget = g_ptr_array_remove_index (todo, 0);

          if (ADW_IS_PREFERENCES_ROW (widget))
            check_title (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)),
                         "the row", missing);
          for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
               child = gtk_widget_get_next_sibling (child))
            g_ptr_array_add (todo, child);
        }
      g_ptr_array_unref (todo);
    }

  for (guint i = 0; i < RING_WINDOW_N_METRICS; i++)
    check_title (ring_metric_card_get_title (RING_METRIC_CARD (window->metric_cards[i])),
                 "the card", missing);

  algorithms = ring_algorithms_get (&n_algorithms);
  for (guint i = 0; i < n_algorithms; i++)
    {
      g_autofree char *name = ring_labels_algorithm (algorithms[i].algorithm);

      check_title (name, "the algorithm", missing);
    }
  for (guint p = 0; p < RING_N_PROTOCOLS; p++)
    check_title (ring_protocol_get_title (p), "the protocol", missing);
  for (guint c = 0; choices[c] != NULL; c++)
    {
      GListModel *items = adw_combo_row_get_model (_ring_parameter_panel_get_combo (panel,
                                                                                    choices[c]));

      for (guint i = 0; i < g_list_model_get_n_items (items); i++)
        {
          g_autoptr(RingChoice) choice = g_list_model_get_item (items, i);

          check_title (ring_choice_get_title (choice), "the choice", missing);
        }
    }
}

static void
collect_unexplained (RingWindow *window,
                     GHashTable *missing)
{
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  collect_texts (GTK_WIDGET (window), texts);
  g_assert_cmpuint (texts->len, >, 100);
  for (guint i = 0; i < texts->len; i++)
    find_unexplained (g_ptr_array_index (texts, i), missing);
  collect_titles (window, missing);
}

static void
fail_on_missing (GHashTable *missing)
{
  g_autoptr(GString) list = g_string_new (NULL);
  GHashTableIter iter;
  gpointer word;

  if (g_hash_table_size (missing) == 0)
    return;
  g_hash_table_iter_init (&iter, missing);
  while (g_hash_table_iter_next (&iter, &word, NULL))
    g_string_append_printf (list, "\n  %s", (const char *) word);
  g_error ("the window shows terms the glossary does not explain (add a section to "
           "help/C/glossary.page and its phrases to ring-help.c):%s", list->str);
}

static void
test_glossary_covers_window (RingWindowFixture *fixture,
                             gconstpointer      user_data)
{
  g_autoptr(GHashTable) missing = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  RingModel *model = fixture->model;

  /* The check itself finds what it should: a new abbreviation, a new card's title. */
  find_unexplained ("QPI halves the latency of NVLS; 3 GiB over RoCE", missing);
  g_assert_cmpuint (g_hash_table_size (missing), ==, 1);
  g_assert_true (g_hash_table_contains (missing, "QPI"));
  g_hash_table_remove_all (missing);
  check_title ("Pipeline stages", "the row", missing);
  check_title ("bus BANDWIDTH", "the card", missing);
  g_assert_cmpuint (g_hash_table_size (missing), ==, 1);
  g_hash_table_remove_all (missing);

  /* A training step on a cluster of several nodes, then a single collective: each
   * shows its own rows, cards and lines. */
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  collect_unexplained (fixture->window, missing);
  ring_model_set_value (model, RING_PARAM_MESSAGE_SIZE, 1048576);
  collect_unexplained (fixture->window, missing);
  fail_on_missing (missing);
}

/* Every help button leads to a page or a section that exists. */
static void
check_help_targets (GtkWidget  *widget,
                    GHashTable *ids,
                    guint      *n_buttons)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.help") == 0)
    {
      GVariant *target = gtk_actionable_get_action_target_value (GTK_ACTIONABLE (widget));
      const char *section;

      g_assert_nonnull (target);
      section = strchr (g_variant_get_string (target, NULL), '#');
      g_assert_true (g_str_has_prefix (g_variant_get_string (target, NULL), "glossary#"));
      if (!g_hash_table_contains (ids, section + 1))
        g_error ("a help button leads to “%s”, which glossary.page does not have",
                 g_variant_get_string (target, NULL));
      g_assert_nonnull (gtk_widget_get_tooltip_text (widget));
      (*n_buttons)++;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    check_help_targets (child, ids, n_buttons);
}

static void
test_help_buttons (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  g_autoptr(GHashTable) ids = read_section_ids ("glossary.page");
  guint n_buttons = 0;

  check_help_targets (GTK_WIDGET (fixture->window), ids, &n_buttons);
  /* The five groups of the panel and the step's figures. */
  g_assert_cmpuint (n_buttons, ==, 6);
}

/* ---------------------------------------------------------------------------------- */
/* The first-run tour. */

static GtkWidget *
outlined_widget (RingWindow *window)
{
  GtkWidget *targets[] = { window->sidebar, GTK_WIDGET (window->metrics_grid),
                           window->animation, window->chart_view };
  GtkWidget *outlined = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (targets); i++)
    if (gtk_widget_has_css_class (targets[i], "tour-target"))
      {
        g_assert_null (outlined);
        outlined = targets[i];
      }

  return outlined;
}

static void
test_tour (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  RingWindow *window;

  /* A first launch: the tour is on screen at its first step, the panel outlined. */
  g_settings_reset (settings, "tour-shown");
  window = g_object_new (RING_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (gtk_revealer_get_reveal_child (window->tour_revealer));
  g_assert_cmpint (_ring_window_tour_get_step (window), ==, 0);
  g_assert_true (outlined_widget (window) == window->sidebar);
  g_assert_cmpstr (gtk_label_get_label (window->tour_step_label), ==, "1 of 4");

  /* Next goes through the metrics, the ring and the charts, one outlined at a time. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-next", NULL);
  g_assert_true (outlined_widget (window) == GTK_WIDGET (window->metrics_grid));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-next", NULL);
  g_assert_true (outlined_widget (window) == window->animation);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-next", NULL);
  g_assert_true (outlined_widget (window) == window->chart_view);
  g_assert_cmpstr (gtk_button_get_label (window->tour_next_button), ==, "_Done");
  g_assert_false (g_settings_get_boolean (settings, "tour-shown"));

  /* Done: gone, nothing outlined, and remembered. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-next", NULL);
  g_assert_false (gtk_revealer_get_reveal_child (window->tour_revealer));
  g_assert_cmpint (_ring_window_tour_get_step (window), ==, -1);
  g_assert_null (outlined_widget (window));
  g_assert_true (g_settings_get_boolean (settings, "tour-shown"));
  ring_test_close_window (GTK_WINDOW (window), window->model);

  /* The next launch has no tour; the menu starts it again, and Skip ends it at once. */
  window = g_object_new (RING_TYPE_WINDOW, NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_false (gtk_revealer_get_reveal_child (window->tour_revealer));
  g_assert_null (outlined_widget (window));
  /* The tour leaves the learning view, whose ring hides what it points at. */
  g_object_set (window, "learning-view", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.start-tour", NULL);
  g_assert_cmpint (_ring_window_tour_get_step (window), ==, 0);
  g_assert_true (gtk_widget_get_visible (window->numbers_box));
  g_assert_false (gtk_widget_get_visible (window->learning_panel));
  g_settings_reset (settings, "tour-shown");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.tour-skip", NULL);
  g_assert_cmpint (_ring_window_tour_get_step (window), ==, -1);
  g_assert_null (outlined_widget (window));
  g_assert_true (g_settings_get_boolean (settings, "tour-shown"));
  ring_test_close_window (GTK_WINDOW (window), window->model);
}

/* ---------------------------------------------------------------------------------- */
/* Names for assistive technologies, and the Tab key. */

static gboolean
is_control (GtkWidget *widget)
{
  static const GtkAccessibleRole control_roles[] = {
    GTK_ACCESSIBLE_ROLE_BUTTON, GTK_ACCESSIBLE_ROLE_CHECKBOX, GTK_ACCESSIBLE_ROLE_RADIO,
    GTK_ACCESSIBLE_ROLE_SWITCH, GTK_ACCESSIBLE_ROLE_SPIN_BUTTON, GTK_ACCESSIBLE_ROLE_SLIDER,
    GTK_ACCESSIBLE_ROLE_COMBO_BOX, GTK_ACCESSIBLE_ROLE_TEXT_BOX,
    GTK_ACCESSIBLE_ROLE_SEARCH_BOX, GTK_ACCESSIBLE_ROLE_LINK,
#if GTK_CHECK_VERSION (4, 10, 0)
    GTK_ACCESSIBLE_ROLE_TOGGLE_BUTTON,
#endif
  };
  GtkAccessibleRole role = gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget));

  for (guint i = 0; i < G_N_ELEMENTS (control_roles); i++)
    if (role == control_roles[i])
      return TRUE;

  /* A row or a picture the keyboard reaches is a control too; containers are not, lists
   * of items that name themselves neither. */
  return gtk_widget_get_focusable (widget) && !GTK_IS_WINDOW (widget)
         && !GTK_IS_LIST_BOX (widget) && !GTK_IS_LIST_VIEW (widget)
         && !GTK_IS_SCROLLED_WINDOW (widget)
         && !GTK_IS_VIEWPORT (widget) && !GTK_IS_POPOVER (widget) && !GTK_IS_TEXT (widget);
}

/* Its own parts, which the control's name covers, or a list made of items that name
 * themselves. */
static gboolean
names_its_parts (GtkWidget *widget)
{
  return GTK_IS_SPIN_BUTTON (widget) || GTK_IS_DROP_DOWN (widget)
         || GTK_IS_MENU_BUTTON (widget) || GTK_IS_POPOVER_MENU (widget)
         || GTK_IS_LIST_VIEW (widget) || GTK_IS_SCALE (widget) || GTK_IS_TEXT (widget);
}

static gboolean
has_text (const char *text)
{
  return text != NULL && *text != '\0';
}

/* What a screen reader would say: an accessible label, the text a button shows, or a
 * label that labels it. GTK 4.8 labels a button by its child, its icon too, which says
 * nothing: a button needs text or a label of its own. */
static gboolean
is_named (GtkWidget *widget)
{
  GtkAccessible *accessible = GTK_ACCESSIBLE (widget);

  if (gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return TRUE;
  if (GTK_IS_BUTTON (widget))
    return has_text (gtk_button_get_label (GTK_BUTTON (widget)))
           && gtk_button_get_icon_name (GTK_BUTTON (widget)) == NULL;
  if (GTK_IS_MENU_BUTTON (widget))
    return has_text (gtk_menu_button_get_label (GTK_MENU_BUTTON (widget)));
  if (GTK_IS_CHECK_BUTTON (widget)
      && has_text (gtk_check_button_get_label (GTK_CHECK_BUTTON (widget))))
    return TRUE;

  return gtk_test_accessible_has_relation (accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static void
find_unnamed (GtkWidget *widget,
              GPtrArray *unnamed)
{
  if (is_control (widget) && !is_named (widget))
    {
      GtkWidget *row = gtk_widget_get_ancestor (widget, ADW_TYPE_PREFERENCES_ROW);
      const char *tooltip = gtk_widget_get_tooltip_text (widget);

      g_ptr_array_add (unnamed,
                       g_strdup_printf ("a %s (%s%s%s)", G_OBJECT_TYPE_NAME (widget),
                                        tooltip != NULL ? tooltip : "no tooltip",
                                        row != NULL ? ", in the row " : "",
                                        row != NULL ? adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)) : ""));
    }
  if (names_its_parts (widget))
    return;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_unnamed (child, unnamed);
}

static void
test_every_control_named (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  g_autoptr(GPtrArray) unnamed = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) list = g_string_new (NULL);
  GtkWidget *probe = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *icon_button = gtk_button_new_from_icon_name ("open-menu-symbolic");
  GtkWidget *row = adw_action_row_new ();

  /* The check finds what it should: an icon alone names nothing, nor a list alone. */
  g_object_ref_sink (probe);
  gtk_box_append (GTK_BOX (probe), icon_button);
  gtk_box_append (GTK_BOX (probe), gtk_button_new_with_label ("Pin"));
  gtk_box_append (GTK_BOX (probe), gtk_drop_down_new_from_strings ((const char *[]) { "a", NULL }));
  find_unnamed (probe, unnamed);
  g_assert_cmpuint (unnamed->len, ==, 2);
  g_ptr_array_set_size (unnamed, 0);
  gtk_accessible_update_property (GTK_ACCESSIBLE (icon_button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  "Main Menu", -1);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), "Row");
  find_unnamed (probe, unnamed);
  g_assert_cmpuint (unnamed->len, ==, 1);
  g_ptr_array_set_size (unnamed, 0);
  g_object_unref (probe);
  g_object_ref_sink (row);
  g_object_unref (row);

  /* The window in both questions, the tour on screen too. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.start-tour", NULL);
  find_unnamed (GTK_WIDGET (fixture->window), unnamed);
  ring_model_set_value (fixture->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  find_unnamed (GTK_WIDGET (fixture->window), unnamed);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.tour-skip", NULL);
  /* The learning view's own controls. */
  g_object_set (fixture->window, "learning-view", TRUE, NULL);
  g_assert_true (gtk_widget_get_visible (fixture->window->learning_panel));
  find_unnamed (GTK_WIDGET (fixture->window), unnamed);
  g_object_set (fixture->window, "learning-view", FALSE, NULL);

  for (guint i = 0; i < unnamed->len; i++)
    g_string_append_printf (list, "\n  %s", (const char *) g_ptr_array_index (unnamed, i));
  if (unnamed->len > 0)
    g_error ("%u controls have no accessible name:%s", unnamed->len, list->str);
}

/* Tab from the window's start until the focus comes round to a stop again, as the Tab
 * key moves it: every stop in order. NULL if Tab gets stuck (a widget it cannot leave). */
static GPtrArray *
tab_stops (GtkWindow *window)
{
  g_autoptr(GPtrArray) stops = g_ptr_array_new ();

  gtk_root_set_focus (GTK_ROOT (window), NULL);
  for (guint i = 0; i < 1000; i++)
    {
      GtkWidget *focus;

      if (!gtk_widget_child_focus (GTK_WIDGET (window), GTK_DIR_TAB_FORWARD))
        return g_steal_pointer (&stops);
      focus = gtk_root_get_focus (GTK_ROOT (window));
      g_assert_nonnull (focus);
      if (stops->len > 0 && focus == g_ptr_array_index (stops, stops->len - 1))
        {
          g_test_message ("Tab stays at a %s", G_OBJECT_TYPE_NAME (focus));
          return NULL;
        }
      /* Round again: a list may come back to its current row, not its first. */
      if (g_ptr_array_find (stops, focus, NULL))
        return g_steal_pointer (&stops);
      g_ptr_array_add (stops, focus);
    }

  return NULL;
}

/* A row as GTK made it, a field above a slider: three stops, the row, the field, the
 * slider; or, with the slider only unfocusable, Tab stuck in the field. */
static void
check_tab_walk_fails (gboolean slider_focusable)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *list = gtk_list_box_new ();
  g_autoptr(GPtrArray) stops = NULL;

  for (guint i = 0; i < 2; i++)
    {
      GtkWidget *row = adw_preferences_row_new ();
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *scale = gtk_scale_new_with_range (GTK_ORIENTATION_HORIZONTAL, 0, 10, 1);

      gtk_box_append (GTK_BOX (box), gtk_spin_button_new_with_range (0, 10, 1));
      gtk_box_append (GTK_BOX (box), scale);
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      if (!slider_focusable)
        {
          gtk_widget_set_focusable (row, FALSE);
          gtk_widget_set_focusable (scale, FALSE);
        }
    }
  gtk_window_set_child (GTK_WINDOW (window), list);
  gtk_window_present (GTK_WINDOW (window));

  stops = tab_stops (GTK_WINDOW (window));
  if (slider_focusable)
    {
      g_assert_nonnull (stops);
      g_assert_cmpuint (stops->len, ==, 6);
    }
  else
    g_assert_null (stops);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_one_tab_stop_a_parameter (RingWindowFixture *fixture,
                               gconstpointer      user_data)
{
  RingParameterPanel *panel = RING_PARAMETER_PANEL (fixture->window->parameter_panel);
  g_autoptr(GPtrArray) stops = NULL;
  guint n_fields = 0;

  /* The walk finds both faults. */
  check_tab_walk_fails (TRUE);
  check_tab_walk_fails (FALSE);

  /* Both questions: the message size's row shows in a single collective. */
  for (guint question = 0; question < 2; question++)
    {
      ring_model_set_value (fixture->model, RING_PARAM_MESSAGE_SIZE, question == 0 ? 0 : 1048576);
      g_clear_pointer (&stops, g_ptr_array_unref);
      stops = tab_stops (GTK_WINDOW (fixture->window));
      if (stops == NULL)
        g_error ("Tab gets stuck in the window");
      g_assert_cmpuint (stops->len, >, 20);
      if (question == 0)
        {
          guint in_panel = 0;

          for (guint i = 0; i < stops->len; i++)
            in_panel += gtk_widget_is_ancestor (g_ptr_array_index (stops, i),
                                                GTK_WIDGET (panel));
          /* One a row: 43 with the parallel layout's four, the PCIe generation, the
           * fabric's six and the NCCL version; two a row would take 86. */
          g_test_message ("%u Tab stops cross the panel", in_panel);
          g_assert_cmpuint (in_panel, <=, 44);
        }

      for (guint id = 0; id < RING_N_PARAMS; id++)
        {
          const char *property = ring_param_info (id)->property;
          GtkSpinButton *spin = _ring_parameter_panel_get_spin (panel, property);
          GtkWidget *row;
          guint in_row = 0, in_field = 0;

          if (spin == NULL || !gtk_widget_is_drawable (GTK_WIDGET (spin)))
            continue;
          row = gtk_widget_get_ancestor (GTK_WIDGET (spin), GTK_TYPE_LIST_BOX_ROW);
          for (guint i = 0; i < stops->len; i++)
            {
              GtkWidget *stop = g_ptr_array_index (stops, i);

              in_row += stop == row || gtk_widget_is_ancestor (stop, row);
              in_field += stop == GTK_WIDGET (spin)
                          || gtk_widget_is_ancestor (stop, GTK_WIDGET (spin));
            }
          if (in_row != 1 || in_field != 1)
            g_error ("the row of “%s” takes %u Tab stops (%u in its field); one, the "
                     "field, is enough", property, in_row, in_field);
          n_fields++;
        }
    }
  /* 27 rows in a training step's panel (the fabric's five fields among them); a
   * collective has no step group (model size, tokens, compute, bucket, slowdown, the
   * parallel layout) and the message size's row. */
  g_assert_cmpuint (n_fields, ==, 27 + 19);
}

/* Every slider parameter of the table is a RingParameterRow of its own: the row the panel
 * holds its field and its slider in, titled and named as the table says. */
static void
test_parameter_rows (RingWindowFixture *fixture,
                     gconstpointer      user_data)
{
  RingParameterPanel *panel = RING_PARAMETER_PANEL (fixture->window->parameter_panel);
  guint n_specs, n_rows = 0;
  const ParameterSpec *specs = _ring_parameter_specs_get (&n_specs);

  for (guint i = 0; i < n_specs; i++)
    {
      const char *property = ring_param_info (specs[i].id)->property;
      GtkSpinButton *spin = _ring_parameter_panel_get_spin (panel, property);
      GtkWidget *row;

      if (specs[i].control != CONTROL_SLIDER)
        {
          g_assert_null (spin);
          continue;
        }
      g_assert_nonnull (spin);
      row = gtk_widget_get_ancestor (GTK_WIDGET (spin), RING_TYPE_PARAMETER_ROW);
      g_assert_nonnull (row);
      g_assert_cmpint (ring_parameter_row_get_param (RING_PARAMETER_ROW (row)), ==,
                       specs[i].id);
      g_assert_true (ring_parameter_row_get_spin (RING_PARAMETER_ROW (row)) == spin);
      g_assert_true (ring_parameter_row_get_scale (RING_PARAMETER_ROW (row))
                     == _ring_parameter_panel_get_scale (panel, property));
      g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                       ring_param_get_title (specs[i].id));
      gtk_test_accessible_assert_property (spin, GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           ring_param_get_title (specs[i].id));
      n_rows++;
    }
  g_assert_cmpuint (n_rows, >, 10);
}

int
main (int   argc,
      char *argv[])
{
  /* GTK's test context keeps what each widget tells assistive technologies; with the
   * suite's GTK_A11Y=none there would be none to ask. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  g_test_add_func ("/ring/help/uri", test_help_uri);
  add_window_test ("/ring/help/f1", test_f1);
  g_test_add_func ("/ring/help/glossary-sections", test_glossary_sections);
  add_window_test ("/ring/help/glossary-covers-window", test_glossary_covers_window);
  add_window_test ("/ring/help/buttons", test_help_buttons);
  g_test_add_func ("/ring/help/tour", test_tour);
  add_window_test ("/ring/accessibility/every-control-named", test_every_control_named);
  add_window_test ("/ring/accessibility/parameter-rows", test_parameter_rows);
  add_window_test ("/ring/accessibility/one-tab-stop-a-parameter",
                   test_one_tab_stop_a_parameter);

  return g_test_run ();
}
