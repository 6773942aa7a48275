/* test-window-dialogs.c: the file dialogs of the window's actions (ring-file-dialog.c):
 * each opens with its title, its filters and its drop-downs, and the file chosen in it
 * reaches the import, the scenario file and the export; cancelled, nothing changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <cairo.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ring-export-dialog.h"
#include "ring-export-tuner.h"
#include "ring-measurement.h"
#include "ring-test-window.h"
#include "ring-window-private.h"

/* Where no portal answers, GtkFileChooserNative shows a GtkFileChooserDialog of its own. */
static gboolean
file_dialog_shown (gpointer data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWidget **found = data;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);

      /* Mapped, the dialog has gone to its first folder: what a test sets stays. */
      if (GTK_IS_FILE_CHOOSER_DIALOG (window) && gtk_widget_get_mapped (window))
        *found = window;
    }

  return *found != NULL;
}

static gboolean
file_dialog_gone (gpointer data)
{
  GtkWidget *dialog = NULL;

  return !file_dialog_shown (&dialog);
}

/* Runs @action on @window and returns the file dialog it opened, titled @title. */
static GtkFileChooser *
open_dialog (RingWindow *window,
             const char *action,
             const char *title)
{
  GtkWidget *dialog = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  g_assert_true (iterate_until_s (file_dialog_shown, &dialog, 5));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, title);
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));

  return GTK_FILE_CHOOSER (dialog);
}

static guint
n_filters (GtkFileChooser *chooser)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  return g_list_model_get_n_items (filters);
}

typedef struct
{
  GtkFileChooser *chooser;
  GFile          *file;
} Selection;

static gboolean
file_selected (gpointer data)
{
  Selection *selection = data;
  g_autoptr(GFile) file = gtk_file_chooser_get_file (selection->chooser);

  return file != NULL && g_file_equal (file, selection->file);
}

/* Answers the dialog as its buttons do: @file chosen, or cancelled when it is NULL. */
static void
answer (GtkFileChooser *chooser,
        GFile          *file)
{
  if (file != NULL)
    {
      g_autoptr(GError) error = NULL;
      Selection selection = { chooser, file };

      /* A save dialog goes to its first folder, the current one, after a while: only the
       * name is set there (the cases run in @file's folder). */
      if (gtk_file_chooser_get_action (chooser) == GTK_FILE_CHOOSER_ACTION_SAVE)
        {
          g_autofree char *name = g_file_get_basename (file);

          gtk_file_chooser_set_current_name (chooser, name);
        }
      else
        {
          g_assert_true (gtk_file_chooser_set_file (chooser, file, &error));
          g_assert_no_error (error);
        }
      /* The folder loads first, then the file is the chooser's. */
      g_assert_true (iterate_until_s (file_selected, &selection, 5));
    }
  gtk_dialog_response (GTK_DIALOG (chooser),
                       file != NULL ? GTK_RESPONSE_ACCEPT : GTK_RESPONSE_CANCEL);
  /* A save dialog asks whether the name is free before it answers. */
  g_assert_true (iterate_until_s (file_dialog_gone, NULL, 5));
}

/* The window, and a new folder made the current one: where a save dialog starts. */
typedef struct
{
  RingWindowFixture  ui;
  char              *dir;
  char              *previous_dir;
} DialogFixture;

static void
dialog_fixture_set_up (DialogFixture *fixture,
                       gconstpointer  user_data)
{
  ring_window_fixture_set_up (&fixture->ui, user_data);
  fixture->dir = g_dir_make_tmp ("ring-dialogs-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
  fixture->previous_dir = g_get_current_dir ();
  g_assert_cmpint (g_chdir (fixture->dir), ==, 0);
}

/* The folder must be empty again: each case removes what it wrote. */
static void
dialog_fixture_tear_down (DialogFixture *fixture,
                          gconstpointer  user_data)
{
  g_assert_cmpint (g_chdir (fixture->previous_dir), ==, 0);
  g_assert_cmpint (g_rmdir (fixture->dir), ==, 0);
  g_clear_pointer (&fixture->dir, g_free);
  g_clear_pointer (&fixture->previous_dir, g_free);
  ring_window_fixture_tear_down (&fixture->ui, user_data);
}

#define add_dialog_test(path, test) \
  g_test_add ((path), DialogFixture, NULL, dialog_fixture_set_up, (test), \
              dialog_fixture_tear_down)

static GFile *
log_file (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                 "h100-2node-gj-aion.log", NULL);

  return g_file_new_for_path (path);
}

/* Import: cancelled, no log; the log chosen, in the model. */
static void
test_import_dialog (DialogFixture *fixture,
                    gconstpointer  user_data)
{
  GtkFileChooser *chooser;
  g_autoptr(GFile) log = log_file ();

  chooser = open_dialog (fixture->ui.window, "win.import-nccl", "Import nccl-tests Log");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  g_assert_cmpuint (n_filters (chooser), ==, 2);
  answer (chooser, NULL);
  g_assert_cmpuint (ring_model_get_measurements (fixture->ui.model)->len, ==, 0);

  chooser = open_dialog (fixture->ui.window, "win.import-nccl", "Import nccl-tests Log");
  answer (chooser, log);
  /* Read off the main thread: in the model once read. */
  ring_test_wait_for_imports (fixture->ui.window);
  g_assert_cmpuint (ring_model_get_measurements (fixture->ui.model)->len, ==, 1);
}

/* Scenarios: saved under the name typed, then opened from that file again. */
static void
test_scenario_dialogs (DialogFixture *fixture,
                       gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "mine.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  GtkFileChooser *chooser;
  g_autofree char *name = NULL;

  g_assert_true (ring_model_pin_scenario (fixture->ui.model, "Dialog", NULL));
  chooser = open_dialog (fixture->ui.window, "win.save-scenarios", "Save Scenarios");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "scenarios.json");
  g_assert_cmpuint (n_filters (chooser), ==, 1);
  answer (chooser, file);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->ui.window),
                                             "win.remove-scenario", "u", 0));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->ui.model), ==, 0);
  chooser = open_dialog (fixture->ui.window, "win.open-scenarios", "Open Scenarios");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_OPEN);
  answer (chooser, file);
  /* Read off the main thread, as logs are. */
  ring_test_wait_for_imports (fixture->ui.window);
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->ui.model), ==, 1);
  g_assert_cmpstr (ring_model_get_scenario (fixture->ui.model, 0)->name, ==, "Dialog");

  if (fixture->ui.window->settings != NULL)
    g_settings_reset (fixture->ui.window->settings, "scenarios");
  g_assert_cmpint (g_remove (path), ==, 0);
}

static gboolean
is_scale_choice (GtkWidget     *widget,
                 gconstpointer  data)
{
  GListModel *labels;

  if (!GTK_IS_DROP_DOWN (widget))
    return FALSE;
  labels = gtk_drop_down_get_model (GTK_DROP_DOWN (widget));

  return GTK_IS_STRING_LIST (labels) && g_list_model_get_n_items (labels) == 2
         && g_str_has_prefix (gtk_string_list_get_string (GTK_STRING_LIST (labels), 1), "2×");
}

/* A chart's export: the name offered, four formats, 2× chosen in the drop-down gives a PNG
 * twice the size; the report's: PDF only, no drop-downs. */
static void
test_export_dialog (DialogFixture *fixture,
                    gconstpointer  user_data)
{
  g_autofree char *path = g_build_filename (fixture->dir, "chart", NULL);
  g_autofree char *png = g_strconcat (path, ".png", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  RingChartView *view = RING_CHART_VIEW (fixture->ui.window->chart_view);
  GtkFileChooser *chooser;
  g_autofree char *title = NULL;
  g_autofree char *name = NULL;
  cairo_surface_t *surface;
  GtkWidget *scale;

  ring_chart_view_set_visible_kind (view, RING_CHART_UTILIZATION_VS_GPUS);
  title = g_strdup_printf ("Export “%s”",
                           ring_chart_kind_get_title (RING_CHART_UTILIZATION_VS_GPUS));
  chooser = open_dialog (fixture->ui.window, "win.export", title);
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "utilization-vs-gpus.png");
  g_assert_cmpuint (n_filters (chooser), ==, 4);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "png-scale"), ==, "1");
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "colors"), ==, "light");
  /* Chosen as a person does, in the drop-down. */
  scale = ring_test_find_widget (GTK_WIDGET (chooser), is_scale_choice, NULL);
  g_assert_nonnull (scale);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (scale), 1);
  g_assert_cmpstr (gtk_file_chooser_get_choice (chooser, "png-scale"), ==, "2");
  /* A bare name gets the chosen (first, PNG) filter's format. */
  answer (chooser, file);

  surface = cairo_image_surface_create_from_png (png);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (surface), ==, 2 * RING_EXPORT_DEFAULT_WIDTH);
  g_assert_cmpint (cairo_image_surface_get_height (surface), ==,
                   2 * RING_EXPORT_DEFAULT_HEIGHT);
  cairo_surface_destroy (surface);
  g_assert_cmpint (g_remove (png), ==, 0);

  chooser = open_dialog (fixture->ui.window, "win.export-report", "Export Report");
  g_assert_cmpuint (n_filters (chooser), ==, 1);
  g_assert_null (gtk_file_chooser_get_choice (chooser, "png-scale"));
  answer (chooser, NULL);

}

/* File → Export NCCL Tuner Configuration writes the model's tuner file; a bare name gets
 * .conf, another extension is refused and nothing is written. */
static void
test_export_tuner (DialogFixture *fixture,
                   gconstpointer  user_data)
{
  g_autofree char *bare = g_build_filename (fixture->dir, "tuner", NULL);
  g_autofree char *conf = g_strconcat (bare, ".conf", NULL);
  g_autofree char *png = g_strconcat (bare, ".png", NULL);
  g_autoptr(GFile) bare_file = g_file_new_for_path (bare);
  g_autoptr(GFile) png_file = g_file_new_for_path (png);
  g_autofree char *written = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *name = NULL;
  GtkFileChooser *chooser;

  g_object_set (fixture->ui.model, "gpu", RING_GPU_H100, "gpus", 16, NULL);
  chooser = open_dialog (fixture->ui.window, "win.export-tuner",
                         "Export NCCL Tuner Configuration");
  g_assert_cmpint (gtk_file_chooser_get_action (chooser), ==, GTK_FILE_CHOOSER_ACTION_SAVE);
  g_assert_cmpuint (n_filters (chooser), ==, 1);
  name = gtk_file_chooser_get_current_name (chooser);
  g_assert_cmpstr (name, ==, "nccl_tuner.conf");
  answer (chooser, bare_file);

  expected = ring_nccl_tuner_config_dup (ring_model_get_params (fixture->ui.model));
  g_assert_true (g_file_get_contents (conf, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, expected);
  g_assert_nonnull (strstr (written, "\nallreduce,"));
  g_assert_cmpint (g_remove (conf), ==, 0);

  chooser = open_dialog (fixture->ui.window, "win.export-tuner",
                         "Export NCCL Tuner Configuration");
  answer (chooser, png_file);
  g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
}

/* The filter named @name among @chooser's. */
static GtkFileFilter *
find_filter (GtkFileChooser *chooser,
             const char     *name)
{
  g_autoptr(GListModel) filters = gtk_file_chooser_get_filters (chooser);

  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        return filter;
    }

  g_error ("no filter “%s”", name);
}

/* Whether @path holds a file that begins with @magic. */
static gboolean
file_begins_with (const char *path,
                  const char *magic)
{
  g_autofree char *contents = NULL;
  gsize length;

  return g_file_get_contents (path, &contents, &length, NULL)
         && length >= strlen (magic) && memcmp (contents, magic, strlen (magic)) == 0;
}

/* Issue 21 item 12: the format picked in the dialog is the file's. "SVG image" chosen with
 * the name offered ("….png") writes an SVG named ….svg, and no PNG; a bare name gets the
 * picked format's extension. With the filter left as the dialog opened it, a typed
 * extension chooses. */
static void
test_export_chosen_format (DialogFixture *fixture,
                           gconstpointer  user_data)
{
  const struct
  {
    const char *filter;   /* NULL: as the dialog opens */
    const char *typed;
    const char *written;
    const char *magic;
  } cases[] = {
    { "SVG image", "utilization-vs-gpus.png", "utilization-vs-gpus.svg", "<?xml" },
    { "PDF document", "scaling", "scaling.pdf", "%PDF" },
    { "CSV table (the chart’s data)", "table.svg", "table.csv", "GPUs" },
    { NULL, "typed.svg", "typed.svg", "<?xml" },
  };
  RingChartKind kind = RING_CHART_UTILIZATION_VS_GPUS;
  g_autofree char *title = g_strdup_printf ("Export “%s”", ring_chart_kind_get_title (kind));

  ring_chart_view_set_visible_kind (RING_CHART_VIEW (fixture->ui.window->chart_view), kind);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *typed = g_build_filename (fixture->dir, cases[i].typed, NULL);
      g_autofree char *written = g_build_filename (fixture->dir, cases[i].written, NULL);
      g_autofree char *png = g_build_filename (fixture->dir, "utilization-vs-gpus.png", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (typed);
      GtkFileChooser *chooser;

      g_test_message ("%s, typed %s", cases[i].filter, cases[i].typed);
      chooser = open_dialog (fixture->ui.window, "win.export", title);
      if (cases[i].filter != NULL)
        gtk_file_chooser_set_filter (chooser, find_filter (chooser, cases[i].filter));
      answer (chooser, file);

      g_assert_true (file_begins_with (written, cases[i].magic));
      g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
      g_assert_cmpint (g_remove (written), ==, 0);
    }
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_dialog_test ("/ring/window-dialogs/import", test_import_dialog);
  add_dialog_test ("/ring/window-dialogs/scenarios", test_scenario_dialogs);
  add_dialog_test ("/ring/window-dialogs/export", test_export_dialog);
  add_dialog_test ("/ring/window-dialogs/export-chosen-format", test_export_chosen_format);
  add_dialog_test ("/ring/window-dialogs/export-tuner", test_export_tuner);

  return g_test_run ();
}
