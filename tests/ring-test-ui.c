/* ring-test-ui.c: the display and the window lifetime every ui test shares.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-ui.h"

#include "ring-parameter-panel-private.h"

/* Long enough for GTK's idle clean-ups, short enough to fail fast on a leak. */
#define FINALIZE_TIMEOUT_US (2 * G_USEC_PER_SEC)

/* The first-run tour stays off in every window a test opens, but for the tour's own
 * cases, which reset the key. */
static void
skip_tour (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;

  schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE)
                          : NULL;
  if (schema == NULL)
    return;

  settings = g_settings_new_full (schema, NULL, NULL);
  g_settings_set_boolean (settings, "tour-shown", TRUE);
}

gboolean
ring_test_init_display (void)
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display: run the ui suite under xvfb-run "
               "(./build-aux/dev test does)\n");
      return FALSE;
    }

  adw_init ();
  skip_tour ();

  return TRUE;
}

/* A ui test's start: GTest's options, then the display; FALSE means skip them all. */
gboolean
ring_test_init_ui (int    *argc,
                   char ***argv)
{
  g_test_init (argc, argv, NULL);

  return ring_test_init_display ();
}

static void
finish_window (GtkWindow *window,
               gpointer   model,
               gboolean   destroy)
{
  gint64 deadline;

  g_assert_true (GTK_IS_WINDOW (window));
  g_assert_true (model == NULL || G_IS_OBJECT (model));

  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  if (model != NULL)
    g_object_add_weak_pointer (G_OBJECT (model), &model);

  if (destroy)
    gtk_window_destroy (window);
  else
    gtk_window_close (window);

  /* GTK lets go of a destroyed window's last references from idle callbacks. */
  deadline = g_get_monotonic_time () + FINALIZE_TIMEOUT_US;
  while ((g_main_context_pending (NULL) || window != NULL || model != NULL)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  if (window != NULL)
    g_object_remove_weak_pointer (G_OBJECT (window), (gpointer *) &window);
  if (model != NULL)
    g_object_remove_weak_pointer (G_OBJECT (model), &model);
  g_assert_null (window);
  g_assert_null (model);
}

void
ring_test_wait_for_imports (RingWindow *window)
{
  gint64 deadline = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;

  g_assert_true (RING_IS_WINDOW (window));

  while (_ring_window_import_busy (window) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (_ring_window_import_busy (window));
}

static gboolean
wake_up_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

void
ring_test_wait_for_rows (RingWindow *window)
{
  RingParameterPanel *panel;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;
  guint wake_up;

  g_assert_true (RING_IS_WINDOW (window));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  panel = RING_PARAMETER_PANEL (window->parameter_panel);

  /* A source that wakes the loop up, so that a missing row fails at the deadline. */
  wake_up = g_timeout_add (50, wake_up_cb, NULL);
  while (!_ring_parameter_panel_get_rows_complete (panel)
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (wake_up);
  g_assert_true (_ring_parameter_panel_get_rows_complete (panel));
}

void
ring_test_close_window (GtkWindow *window,
                        gpointer   model)
{
  finish_window (window, model, FALSE);
}

void
ring_test_destroy_window (GtkWindow *window,
                          gpointer   model)
{
  finish_window (window, model, TRUE);
}

/* Every stored value back to its default, as on a first launch: a case starts from what
 * no earlier case left (the memory backend lives as long as the test program). */
static void
forget_settings (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_auto(GStrv) keys = NULL;

  schema = source != NULL ? g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE)
                          : NULL;
  if (schema == NULL)
    return;

  settings = g_settings_new_full (schema, NULL, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);
  skip_tour ();
}

void
ring_window_fixture_open (RingWindowFixture *fixture)
{
  forget_settings ();
  fixture->window = g_object_new (RING_TYPE_WINDOW, NULL);
  fixture->model = ring_window_get_model (fixture->window);
  gtk_window_present (GTK_WINDOW (fixture->window));
}

void
ring_window_fixture_set_up (RingWindowFixture *fixture,
                            gconstpointer      user_data)
{
  ring_window_fixture_open (fixture);
  /* Every case sees the whole sidebar, as a person does by the time they reach it. */
  ring_test_wait_for_rows (fixture->window);
}

void
ring_window_fixture_tear_down (RingWindowFixture *fixture,
                               gconstpointer      user_data)
{
  ring_test_close_window (GTK_WINDOW (fixture->window), fixture->model);
  fixture->window = NULL;
  fixture->model = NULL;
}

GtkWidget *
ring_test_find_widget (GtkWidget           *root,
                       RingTestWidgetMatch  match,
                       gconstpointer        data)
{
  if (match (root, data))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ring_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
label_reads (GtkWidget     *widget,
             gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_str_equal (gtk_label_get_label (GTK_LABEL (widget)), text);
}

GtkWidget *
ring_test_find_label (GtkWidget  *root,
                      const char *text)
{
  return ring_test_find_widget (root, label_reads, text);
}

GtkWidget *
ring_test_metric_card (RingWindow *window,
                       const char *property)
{
  for (GtkWidget *card = gtk_widget_get_first_child (GTK_WIDGET (window->metrics_grid));
       card != NULL; card = gtk_widget_get_next_sibling (card))
    {
      if (g_str_equal (ring_metric_card_get_metric (RING_METRIC_CARD (card)), property))
        return card;
    }

  g_error ("no metric card shows %s", property);
}

const char *
ring_test_metric_title (RingWindow *window,
                        const char *property)
{
  GtkWidget *card = ring_test_metric_card (window, property);

  return ring_metric_card_get_title (RING_METRIC_CARD (card));
}

const char *
ring_test_metric_value (RingWindow *window,
                        const char *property)
{
  GtkWidget *card = ring_test_metric_card (window, property);

  return ring_metric_card_get_value (RING_METRIC_CARD (card));
}

void
ring_test_type (GtkSpinButton *spin,
                const char    *text)
{
  gtk_editable_set_text (GTK_EDITABLE (spin), text);
  gtk_spin_button_update (spin);
}
