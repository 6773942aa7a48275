/* test-window-scenarios.c: pinned scenarios in the window: pinned through the action and
 * listed, compared in the metric cards, restored and removed, kept across a close and a
 * new window; scenario files read off the main thread, cancelled, refused.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "ring-test-window.h"

static GtkWidget *
card_difference (RingWindow *window,
                 const char *property)
{
  for (guint i = 0; i < RING_WINDOW_N_METRICS; i++)
    if (g_str_equal (ring_metric_card_get_metric (RING_METRIC_CARD (window->metric_cards[i])),
                     property))
      return window->metric_differences[i];

  g_assert_not_reached ();
}

static guint
n_rows (RingWindow *window)
{
  guint n = 0;

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    n++;

  return n;
}

/* What each case leaves in the settings goes, so cases (and windows) start with none. */
static void
forget_scenarios (RingWindow *window)
{
  if (window->settings != NULL)
    {
      g_settings_reset (window->settings, "scenarios");
      g_settings_reset (window->settings, "compare-scenario");
    }
}

/* A scenario file whose reader waits inside the first read until the test opens the gate:
 * what the window does meanwhile is what it does while a large file loads. */
typedef struct
{
  GMutex   lock;
  GCond    cond;
  GThread *main_thread;
  gboolean open;
  gboolean started;            /* a reader is waiting at the gate */
  gboolean read_on_main_thread;
  gboolean finished;           /* the reader let go of the file */
} Gate;

#define SLOW_TYPE_STREAM (slow_stream_get_type ())
G_DECLARE_FINAL_TYPE (SlowStream, slow_stream, SLOW, STREAM, GFileInputStream)

struct _SlowStream
{
  GFileInputStream  parent_instance;
  GBytes           *bytes;
  gsize             offset;
  Gate             *gate;
};

G_DEFINE_FINAL_TYPE (SlowStream, slow_stream, G_TYPE_FILE_INPUT_STREAM)

static gssize
slow_stream_read (GInputStream  *stream,
                  void          *buffer,
                  gsize          count,
                  GCancellable  *cancellable,
                  GError       **error)
{
  SlowStream *self = SLOW_STREAM (stream);
  gsize length;
  const char *data = g_bytes_get_data (self->bytes, &length);
  gsize n = MIN (count, length - self->offset);

  g_mutex_lock (&self->gate->lock);
  if (g_thread_self () == self->gate->main_thread)
    self->gate->read_on_main_thread = TRUE;
  self->gate->started = TRUE;
  while (!self->gate->open && !self->gate->read_on_main_thread)
    g_cond_wait (&self->gate->cond, &self->gate->lock);
  g_mutex_unlock (&self->gate->lock);

  memcpy (buffer, data + self->offset, n);
  self->offset += n;

  return n;
}

static void
slow_stream_finalize (GObject *object)
{
  SlowStream *self = SLOW_STREAM (object);

  g_mutex_lock (&self->gate->lock);
  self->gate->finished = TRUE;
  g_mutex_unlock (&self->gate->lock);
  g_bytes_unref (self->bytes);

  G_OBJECT_CLASS (slow_stream_parent_class)->finalize (object);
}

static void
slow_stream_class_init (SlowStreamClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = slow_stream_finalize;
  G_INPUT_STREAM_CLASS (klass)->read_fn = slow_stream_read;
}

static void
slow_stream_init (SlowStream *self)
{
}

#define SLOW_TYPE_FILE (slow_file_get_type ())
G_DECLARE_FINAL_TYPE (SlowFile, slow_file, SLOW, FILE, GObject)

struct _SlowFile
{
  GObject  parent_instance;
  GBytes  *bytes;
  Gate    *gate;
};

static void slow_file_iface_init (GFileIface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (SlowFile, slow_file, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_FILE, slow_file_iface_init))

#define SLOW_FILE_URI "ring-test:///large.json"

static GFile *
slow_file_dup (GFile *file)
{
  return g_object_ref (file);
}

static guint
slow_file_hash (GFile *file)
{
  return g_direct_hash (file);
}

static gboolean
slow_file_equal (GFile *file1,
                 GFile *file2)
{
  return file1 == file2;
}

static gboolean
slow_file_is_native (GFile *file)
{
  return FALSE;
}

static char *
slow_file_get_basename (GFile *file)
{
  return g_strdup ("large.json");
}

static char *
slow_file_get_uri (GFile *file)
{
  return g_strdup (SLOW_FILE_URI);
}

static GFileInfo *
slow_file_query_info (GFile                *file,
                      const char           *attributes,
                      GFileQueryInfoFlags   flags,
                      GCancellable         *cancellable,
                      GError              **error)
{
  GFileInfo *info = g_file_info_new ();

  g_file_info_set_file_type (info, G_FILE_TYPE_REGULAR);

  return info;
}

static GFileInputStream *
slow_file_read (GFile         *file,
                GCancellable  *cancellable,
                GError       **error)
{
  SlowFile *self = SLOW_FILE (file);
  SlowStream *stream = g_object_new (SLOW_TYPE_STREAM, NULL);

  stream->bytes = g_bytes_ref (self->bytes);
  stream->gate = self->gate;

  return G_FILE_INPUT_STREAM (stream);
}

static void
slow_file_finalize (GObject *object)
{
  g_bytes_unref (SLOW_FILE (object)->bytes);

  G_OBJECT_CLASS (slow_file_parent_class)->finalize (object);
}

static void
slow_file_iface_init (GFileIface *iface)
{
  iface->dup = slow_file_dup;
  iface->hash = slow_file_hash;
  iface->equal = slow_file_equal;
  iface->is_native = slow_file_is_native;
  iface->get_basename = slow_file_get_basename;
  iface->get_uri = slow_file_get_uri;
  iface->get_parse_name = slow_file_get_uri;
  iface->query_info = slow_file_query_info;
  iface->read_fn = slow_file_read;
}

static void
slow_file_class_init (SlowFileClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = slow_file_finalize;
}

static void
slow_file_init (SlowFile *self)
{
}

static GFile *
slow_file_new (const char *text,
               Gate       *gate)
{
  SlowFile *file = g_object_new (SLOW_TYPE_FILE, NULL);

  g_mutex_init (&gate->lock);
  g_cond_init (&gate->cond);
  gate->main_thread = g_thread_self ();
  file->bytes = g_bytes_new (text, strlen (text));
  file->gate = gate;

  return G_FILE (file);
}

static gboolean
gate_reached (gpointer data)
{
  Gate *gate = data;
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&gate->lock);

  return gate->started;
}

static gboolean
gate_passed (gpointer data)
{
  Gate *gate = data;
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&gate->lock);

  return gate->finished;
}

static void
gate_open (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->open = TRUE;
  g_cond_broadcast (&gate->cond);
  g_mutex_unlock (&gate->lock);
}

/* Until the reader has let go of the file; then the gate can go. */
static void
gate_clear (Gate *gate)
{
  gate_open (gate);
  g_assert_true (iterate_until_s (gate_passed, gate, 60));
  g_mutex_clear (&gate->lock);
  g_cond_clear (&gate->cond);
}

/* Four scenarios in a file of nearly 1 MiB, the most a scenario file may hold. */
static char *
large_scenario_text (void)
{
  GString *text = g_string_new ("[\n");

  for (guint i = 0; i < 4; i++)
    g_string_append_printf (text, "%s{ \"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                            "\"name\": \"Large %u\", \"parameters\": { \"gpus\": %u } }",
                            i > 0 ? ",\n" : "", i + 1, 8u << i);
  while (text->len < 1024 * 1024 - 1024)
    g_string_append (text, "                                                               \n");
  g_string_append (text, "]\n");

  return g_string_free (text, FALSE);
}

typedef struct
{
  guint *ticks;
  guint  until;
} TickWait;

static gboolean
ticked (gpointer data)
{
  TickWait *wait = data;

  return *wait->ticks >= wait->until;
}

static gboolean
progress_shown (RingWindow *window)
{
  GtkWidget *cancel = _ring_window_import_get_cancel_button (window);

  return gtk_revealer_get_reveal_child (GTK_REVEALER (gtk_widget_get_ancestor (
                                          cancel, GTK_TYPE_REVEALER)));
}

static void
test_pin_and_list (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *row;

  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);
  g_assert_true (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->scenarios_list)));

  ring_model_set_value (fixture->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 64);
  ring_model_set_value (fixture->model, RING_PARAM_GRADIENT_BYTES, 2);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL));

  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 1);
  g_assert_cmpuint (n_rows (window), ==, 1);
  row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
  /* Named by what differs from the defaults: the window starts with ZeRO-2, which fits
   * them in memory (test-window-input.c). */
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (row)), ==,
                   "64 × H100, 400 Gb/s NDR, bf16, ZeRO-2");
  g_assert_false (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (window->scenarios_button)), ==,
                   "Scenarios (1)");
  /* The comparison offers it after "None". */
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (window->compare_dropdown)),
                    ==, 2);

  /* Renaming in the row renames the scenario; a blank name keeps the old one. */
  gtk_editable_set_text (GTK_EDITABLE (row), "Baseline");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 0)->name, ==, "Baseline");
  row = gtk_widget_get_first_child (GTK_WIDGET (window->scenarios_list));
  gtk_editable_set_text (GTK_EDITABLE (row), "   ");
  g_signal_emit_by_name (row, "apply");
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 0)->name, ==, "Baseline");

  /* Four at most: the action goes insensitive. */
  for (guint i = 1; i < RING_MAX_SCENARIOS; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL));
  g_assert_cmpuint (n_rows (window), ==, RING_MAX_SCENARIOS);
  g_assert_false (gtk_widget_is_sensitive (window->pin_button));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.pin-scenario", NULL);
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, RING_MAX_SCENARIOS);

  forget_scenarios (window);
}

static void
test_compare (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *allreduce;
  const char *text;

  ring_model_set_value (fixture->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 64);
  g_assert_true (ring_model_pin_scenario (fixture->model, "Eight NICs", NULL));
  allreduce = card_difference (window, "allreduce-time");
  g_assert_false (gtk_widget_get_visible (allreduce));

  /* Chosen in the popover, the comparison reaches the model and the cards. */
  gtk_drop_down_set_selected (window->compare_dropdown, 1);
  g_assert_cmpint (ring_model_get_compare_with (fixture->model), ==, 0);
  g_assert_true (gtk_widget_get_visible (allreduce));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (allreduce)), ==, "±0 %");
  /* The scenario is named once, under the window's title. */
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==,
                   "Compared with “Eight NICs”");

  /* Half the NICs: the all-reduce takes longer, worse, in words and in red. */
  ring_model_set_value (fixture->model, RING_PARAM_NICS_PER_NODE, 4);
  text = gtk_label_get_label (GTK_LABEL (allreduce));
  g_assert_true (g_str_has_prefix (text, "+"));
  g_assert_true (g_str_has_suffix (text, " %"));
  g_assert_true (gtk_widget_has_css_class (allreduce, "error"));
  g_assert_nonnull (strstr (gtk_widget_get_tooltip_text (allreduce), "Worse"));
  /* Utilization falls: a minus sign, and worse too. */
  text = gtk_label_get_label (GTK_LABEL (card_difference (window, "utilization")));
  g_assert_true (g_str_has_prefix (text, "−"));
  g_assert_true (gtk_widget_has_css_class (card_difference (window, "utilization"), "error"));
  /* The steps played are no configuration's: nothing to compare. */
  g_assert_false (gtk_widget_get_visible (card_difference (window, "steps-completed")));

  /* Back to none: the lines go. */
  gtk_drop_down_set_selected (window->compare_dropdown, 0);
  g_assert_cmpint (ring_model_get_compare_with (fixture->model), ==, -1);
  g_assert_false (gtk_widget_get_visible (allreduce));
  g_assert_cmpstr (adw_window_title_get_subtitle (window->window_title), ==, "");

  forget_scenarios (window);
}

static void
test_restore_and_remove (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 512);
  g_assert_true (ring_model_pin_scenario (fixture->model, NULL, NULL));
  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 16);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.restore-scenario", "u",
                                             0));
  g_assert_cmpuint (ring_model_get_value (fixture->model, RING_PARAM_GPUS), ==, 512);
  g_assert_cmpuint (n_rows (window), ==, 1);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.remove-scenario", "u",
                                             0));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);
  g_assert_cmpuint (n_rows (window), ==, 0);
  g_assert_true (gtk_widget_get_visible (window->scenarios_empty_label));
  g_assert_cmpstr (gtk_menu_button_get_label (GTK_MENU_BUTTON (window->scenarios_button)), ==,
                   "Scenarios");

  forget_scenarios (window);
}

/* Issue 27: a scenario file is read off the main thread, with the progress row, and the
 * window keeps drawing frames while the reader waits inside the file; once read, its
 * scenarios are pinned. */
static void
test_open_large_file (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *text = large_scenario_text ();
  Gate gate = { 0, };
  g_autoptr(GFile) file = slow_file_new (text, &gate);
  guint ticks = 0, tick_id;
  TickWait wait = { &ticks, 0 };

  iterate_for (100);
  tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (window), count_tick_cb, &ticks, NULL);
  g_assert_true (_ring_window_import_scenario_file (window, file));
  g_assert_true (_ring_window_import_busy (window));
  g_assert_true (progress_shown (window));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);

  g_assert_true (iterate_until_s (gate_reached, &gate, 60));
  g_assert_false (gate.read_on_main_thread);
  wait.until = ticks + 5;
  g_assert_true (iterate_until_s (ticked, &wait, 60));
  g_test_message ("%u frame clock ticks while the file was read", ticks);
  g_assert_true (_ring_window_import_busy (window));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);

  gate_open (&gate);
  ring_test_wait_for_imports (window);
  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick_id);
  g_assert_false (progress_shown (window));
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 4);
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 3)->name, ==, "Large 4");
  g_assert_cmpuint (ring_model_get_scenario (fixture->model, 3)->params.gpus, ==, 64);
  g_assert_cmpuint (n_rows (window), ==, 4);

  gate_clear (&gate);
  forget_scenarios (window);
}

/* Cancel while a scenario file is read: the window is as it was, then and once the
 * reader ends; the stored scenarios too. */
static void
test_cancel_open (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *text = large_scenario_text ();
  Gate gate = { 0, };
  g_autoptr(GFile) file = slow_file_new (text, &gate);
  GtkWidget *cancel = _ring_window_import_get_cancel_button (window);
  g_autofree char *stored = NULL;
  g_autofree char *stored_after = NULL;
  RingParams before;
  guint changed = 0;

  g_assert_true (ring_model_pin_scenario (fixture->model, "Kept", NULL));
  ring_model_set_compare_with (fixture->model, 0);
  before = *ring_model_get_params (fixture->model);
  if (window->settings != NULL)
    stored = g_settings_get_string (window->settings, "scenarios");

  g_signal_connect_swapped (fixture->model, "changed", G_CALLBACK (count_cb), &changed);
  g_assert_true (_ring_window_import_scenario_file (window, file));
  g_assert_true (iterate_until_s (gate_reached, &gate, 60));
  g_signal_emit_by_name (cancel, "clicked");
  g_assert_false (_ring_window_import_busy (window));
  g_assert_false (progress_shown (window));
  gate_clear (&gate);
  iterate_for (200);
  g_signal_handlers_disconnect_by_func (fixture->model, count_cb, &changed);

  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 1);
  g_assert_cmpstr (ring_model_get_scenario (fixture->model, 0)->name, ==, "Kept");
  g_assert_cmpint (ring_model_get_compare_with (fixture->model), ==, 0);
  g_assert_true (memcmp (&before, ring_model_get_params (fixture->model), sizeof before) == 0);
  g_assert_cmpuint (n_rows (window), ==, 1);
  if (window->settings != NULL)
    {
      stored_after = g_settings_get_string (window->settings, "scenarios");
      g_assert_cmpstr (stored_after, ==, stored);
    }
  forget_scenarios (window);
}

static gboolean
label_mentions (GtkWidget     *widget,
                gconstpointer  data)
{
  const char * const *words = data;

  if (!GTK_IS_LABEL (widget))
    return FALSE;
  for (guint i = 0; words[i] != NULL; i++)
    if (strstr (gtk_label_get_text (GTK_LABEL (widget)), words[i]) == NULL)
      return FALSE;

  return TRUE;
}

/* A scenario file that is no strict JSON: refused, nothing pinned, and the toast names
 * the file and the line. */
static void
test_open_bad_file (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  g_autofree char *dir = g_dir_make_tmp ("ring-scenarios-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "twice.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  const char *words[] = { "twice.json", "line 3", "“name” appears twice", NULL };

  g_assert_true (g_file_set_contents (path,
                                      "{ \"format\": \"ring-allreduce-scenario\",\n"
                                      "  \"version\": 1, \"name\": \"a\",\n"
                                      "  \"name\": \"b\", \"parameters\": {} }\n", -1, NULL));
  g_assert_true (_ring_window_import_scenario_file (window, file));
  ring_test_wait_for_imports (window);
  g_assert_cmpuint (ring_model_get_n_scenarios (fixture->model), ==, 0);
  g_assert_nonnull (ring_test_find_widget (GTK_WIDGET (window->toast_overlay), label_mentions,
                                           words));
  g_remove (path);
  g_rmdir (dir);
}

/* Closed and opened again (the memory backend keeps the settings for the process), the
 * window has the same scenarios and the same comparison; both windows and models are
 * finalized. */
static void
test_kept_across_windows (void)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);
  RingModel *model = ring_window_get_model (window);
  RingParams params;

  gtk_window_present (GTK_WINDOW (window));
  if (window->settings == NULL)
    {
      ring_test_close_window (GTK_WINDOW (window), model);
      g_test_skip ("the GSettings schema is not installed");
      return;
    }
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H200);
  ring_model_set_value (model, RING_PARAM_GPUS, 128);
  g_assert_true (ring_model_pin_scenario (model, "H200 × 128", NULL));
  ring_model_set_value (model, RING_PARAM_GPUS, 16);
  g_assert_true (ring_model_pin_scenario (model, "Sixteen", NULL));
  ring_model_set_compare_with (model, 1);
  params = ring_model_get_scenario (model, 0)->params;
  ring_test_close_window (GTK_WINDOW (window), model);

  window = g_object_new (RING_TYPE_WINDOW, NULL);
  model = ring_window_get_model (window);
  gtk_window_present (GTK_WINDOW (window));
  /* Read after the first frame, off the main thread. */
  ring_test_wait_for_imports (window);
  g_assert_cmpuint (ring_model_get_n_scenarios (model), ==, 2);
  g_assert_cmpstr (ring_model_get_scenario (model, 0)->name, ==, "H200 × 128");
  g_assert_cmpstr (ring_model_get_scenario (model, 1)->name, ==, "Sixteen");
  g_assert_cmpint (ring_model_get_scenario (model, 0)->params.gpu, ==, RING_GPU_H200);
  g_assert_cmpuint (ring_model_get_scenario (model, 0)->params.gpus, ==, 128);
  g_assert_cmpfloat (ring_model_get_scenario (model, 0)->params.compute_tflops, ==,
                     params.compute_tflops);
  g_assert_cmpint (ring_model_get_compare_with (model), ==, 1);
  g_assert_cmpuint (n_rows (window), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (window->compare_dropdown), ==, 2);

  forget_scenarios (window);
  ring_test_close_window (GTK_WINDOW (window), model);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  ring_test_add_window ("/ring/window-scenarios/pin-and-list", test_pin_and_list);
  ring_test_add_window ("/ring/window-scenarios/compare", test_compare);
  ring_test_add_window ("/ring/window-scenarios/restore-and-remove", test_restore_and_remove);
  g_test_add_func ("/ring/window-scenarios/kept-across-windows", test_kept_across_windows);
  ring_test_add_window ("/ring/window-scenarios/open-large-file", test_open_large_file);
  ring_test_add_window ("/ring/window-scenarios/cancel-open", test_cancel_open);
  ring_test_add_window ("/ring/window-scenarios/open-bad-file", test_open_bad_file);

  return g_test_run ();
}
