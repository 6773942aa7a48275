/* ring-window-import.c: what the window reads off its main thread: nccl-tests logs (File →
 * Import nccl-tests Log…, a file dropped on the window), scenario files, the last session's
 * logs and pinned scenarios; and the actions on a loaded log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-file-dialog.h"
#include "ring-tooltip.h"
#include "ring-measurement.h"
#include "ring-printable.h"
#include "ring-scenario-file.h"
#include "ring-window-private.h"

/* An import must not go unseen: unless a message-size chart is on screen, the first chart
 * becomes one. */
void
ring_window_show_measurements (RingWindow *self)
{
  RingChartView *view;

  g_return_if_fail (RING_IS_WINDOW (self));

  view = RING_CHART_VIEW (self->chart_view);

  if (ring_chart_view_get_visible_kind (view) == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE
      || (ring_chart_view_get_showing_two (view)
          && ring_chart_view_get_second_kind (view) == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE))
    return;

  ring_chart_view_set_visible_kind (view, RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE);
}

/* Named in the toast; the rest are counted. */
#define LEFT_OUT_NAMED 3

static char *stored_log_name                     (const char *uri);
static void  ring_window_import_model_changed_cb (RingWindow *self);

typedef enum
{
  JOB_LOG,               /* @path; @uri where the "nccl-logs" key remembers it */
  JOB_SCENARIO_FILE,     /* @file */
  JOB_STORED_SCENARIOS,  /* @text, the "scenarios" key's */
} ImportJobKind;

typedef struct
{
  ImportJobKind  kind;
  char          *path;
  char          *uri;
  GFile         *file;
  char          *text;
} ImportJob;

static ImportJob *
import_job_new (ImportJobKind kind)
{
  ImportJob *job = g_new0 (ImportJob, 1);

  job->kind = kind;

  return job;
}

static void
import_job_free (ImportJob *job)
{
  g_free (job->path);
  g_free (job->uri);
  g_clear_object (&job->file);
  g_free (job->text);
  g_free (job);
}

/* Files are read one at a time, in order, on a worker thread; the progress row shows
 * while any is read or waits. */
struct _RingWindowImport
{
  GQueue        jobs;
  ImportJob    *running;
  GTask        *task;
  GCancellable *cancellable;
  GtkWidget    *revealer;
  GtkWidget    *row;
  GtkWidget    *progress;
  GtkWidget    *cancel_button;
  guint         pulse_id;
  /* The start's remembered logs, read before the user's; what was left out is said once
   * they are all read. */
  char        **stored;
  guint         stored_next;
  char         *stored_scenarios;  /* read after the logs */
  GPtrArray    *left_out;
  guint         n_left_out;
  char         *first_error;
};

static void import_next (RingWindow *self);

/* The toast of a log the user imported. */
static void
say_imported (RingWindow      *self,
              RingMeasurement *measurement)
{
  g_autoptr(RingNcclFit) comparison = NULL;
  g_autofree char *message = NULL;
  AdwToast *toast;
  guint n_sizes, n_wrong;

  comparison = ring_measurement_compare (measurement, ring_model_get_params (self->model));
  n_sizes = comparison != NULL ? comparison->n_sizes : 0;
  message = g_strdup_printf (/* TRANSLATORS: a toast: a file name, its sizes, its ranks, the
                              * model's error against it */
                             g_dngettext (GETTEXT_PACKAGE,
                                          "Imported %s: %u size, %u ranks · model ±%.0f %%",
                                          "Imported %s: %u sizes, %u ranks · model ±%.0f %%",
                                          n_sizes),
                             measurement->name, n_sizes, measurement->log->ranks,
                             comparison != NULL ? comparison->nominal_geomean_error_pct : 0);
  n_wrong = ring_nccl_log_count_wrong (measurement->log);
  if (n_wrong > 0)
    {
      g_autofree char *wrong =
        g_strdup_printf (/* TRANSLATORS: added to the import's toast: rows of the log that
                          * nccl-tests found wrong (its #wrong column) */
                         g_dngettext (GETTEXT_PACKAGE,
                                      "%u row with wrong elements left out",
                                      "%u rows with wrong elements left out", n_wrong),
                         n_wrong);
      char *both = g_strconcat (message, " · ", wrong, NULL);

      g_free (message);
      message = both;
    }
  if (measurement->fit->warning != RING_NCCL_FIT_WARNING_NONE)
    {
      g_autofree char *warning = ring_nccl_fit_describe_warning (measurement->fit);
      char *both = g_strconcat (message, " · ", warning, NULL);

      g_free (message);
      message = both;
    }
  toast = _ring_window_new_toast (message);
  /* A log that pins nothing down (one size, say), or whose fit has a warning, has no
   * fitted values to offer. */
  if (ring_nccl_fit_determines_any (measurement->fit))
    {
      adw_toast_set_button_label (toast, _("Use Fitted Values"));
      adw_toast_set_action_name (toast, "win.use-fitted-values-of-file");
      adw_toast_set_action_target_value (toast, g_variant_new_bytestring (measurement->path));
    }
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  ring_window_show_measurements (self);
}

/* A remembered log that could not be loaded, named in the start's one toast. */
static void
leave_out (RingWindowImport *import,
           const char       *uri,
           const GError     *error)
{
  if (error != NULL && import->first_error == NULL)
    import->first_error = g_strdup (error->message);
  if (import->left_out->len < LEFT_OUT_NAMED)
    g_ptr_array_add (import->left_out, stored_log_name (uri));
  import->n_left_out++;
}

static void
say_left_out (RingWindow *self)
{
  RingWindowImport *import = self->import;
  g_autofree char *message = NULL;

  if (import->n_left_out == 0)
    return;

  g_ptr_array_add (import->left_out, NULL);
  message = _ring_window_import_left_out_message ((const char * const *) import->left_out->pdata,
                                                  import->n_left_out, import->first_error);
  _ring_window_add_toast (self, message);
  g_ptr_array_set_size (import->left_out, 0);
  import->n_left_out = 0;
  g_clear_pointer (&import->first_error, g_free);
}

/* What the worker needs: no widget, no model; the window only by a weak reference, so a
 * cancelled read that runs on keeps nothing alive. */
typedef struct
{
  GWeakRef       window;
  ImportJobKind  kind;
  char          *path;
  GFile         *file;
  char          *text;
  RingParams     params;
  int            permille;  /* atomic: how much is read, or -1 before the reader tells */
} LoadData;

static void
load_data_free (LoadData *data)
{
  g_weak_ref_clear (&data->window);
  g_free (data->path);
  g_clear_object (&data->file);
  g_free (data->text);
  g_free (data);
}

/* The reader asks whether to go on every 64 KiB, so Cancel stops it there. */
static gboolean
tell_progress (gsize    bytes_read,
               gsize    bytes_total,
               gpointer user_data)
{
  GTask *task = user_data;
  LoadData *data = g_task_get_task_data (task);

  g_atomic_int_set (&data->permille, (int) (1000.0 * bytes_read / MAX (bytes_total, 1)));

  return !g_cancellable_is_cancelled (g_task_get_cancellable (task));
}

static void
load_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  LoadData *data = task_data;
  GError *error = NULL;
  RingMeasurement *measurement;
  GPtrArray *scenarios;

  switch (data->kind)
    {
    case JOB_LOG:
      measurement = ring_measurement_load (data->path, &data->params, tell_progress, task,
                                           &error);
      if (measurement == NULL)
        g_task_return_error (task, error);
      else
        g_task_return_pointer (task, measurement, (GDestroyNotify) ring_measurement_unref);
      break;
    case JOB_SCENARIO_FILE:
    case JOB_STORED_SCENARIOS:
      scenarios = data->kind == JOB_SCENARIO_FILE
                  ? ring_scenario_file_load (data->file, cancellable, &error)
                  : ring_scenario_file_parse (data->text, -1, &error);
      if (scenarios == NULL)
        g_task_return_error (task, error);
      else
        g_task_return_pointer (task, scenarios, (GDestroyNotify) g_ptr_array_unref);
      break;
    default:
      g_assert_not_reached ();
    }
}

/* The parser's message: the file, the line, what was wrong. Nothing changed. */
static void
show_error (RingWindow   *self,
            const GError *error)
{
  AdwToast *toast = _ring_window_new_toast (error->message);

  adw_toast_set_timeout (toast, 0);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
apply_log (RingWindow       *self,
           const ImportJob  *job,
           RingMeasurement  *measurement,
           GError          **error)
{
  if (measurement != NULL && ring_model_insert_measurement (self->model, measurement, error))
    {
      if (job->uri == NULL)
        say_imported (self, measurement);
    }
  else if (job->uri != NULL)
    {
      leave_out (self->import, job->uri, *error);
    }
  else
    {
      show_error (self, *error);
    }
}

static void
import_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  LoadData *data = g_task_get_task_data (G_TASK (result));
  g_autoptr(RingWindow) self = g_weak_ref_get (&data->window);
  g_autoptr(RingMeasurement) measurement = NULL;
  g_autoptr(GPtrArray) scenarios = NULL;
  g_autoptr(GError) error = NULL;
  gpointer value = g_task_propagate_pointer (G_TASK (result), &error);
  RingWindowImport *import;
  ImportJob *job;

  if (data->kind == JOB_LOG)
    measurement = value;
  else
    scenarios = value;
  /* Cancelled: the window let go of the job already, and may be gone. */
  if (self == NULL || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  import = self->import;
  job = g_steal_pointer (&import->running);
  g_clear_object (&import->task);
  g_clear_object (&import->cancellable);
  switch (job->kind)
    {
    case JOB_LOG:
      apply_log (self, job, measurement, &error);
      break;
    case JOB_SCENARIO_FILE:
      if (scenarios != NULL)
        _ring_window_scenarios_pin (self, scenarios);
      else
        show_error (self, error);
      break;
    case JOB_STORED_SCENARIOS:
      _ring_window_scenarios_restored (self, scenarios, error);
      break;
    default:
      g_assert_not_reached ();
    }
  import_job_free (job);
  import_next (self);
}

/* The share read where the reader tells it; a pulse before. */
static gboolean
pulse_cb (gpointer user_data)
{
  RingWindowImport *import = user_data;
  LoadData *data = import->task != NULL ? g_task_get_task_data (import->task) : NULL;
  int permille = data != NULL ? g_atomic_int_get (&data->permille) : -1;

  if (permille >= 0)
    gtk_progress_bar_set_fraction (GTK_PROGRESS_BAR (import->progress), permille / 1000.0);
  else
    gtk_progress_bar_pulse (GTK_PROGRESS_BAR (import->progress));

  return G_SOURCE_CONTINUE;
}

/* The remembered logs are all read (or cancelled): the key follows the list from now on. */
static void
restore_finished (RingWindow *self)
{
  if (self->logs_restored)
    return;

  say_left_out (self);
  self->logs_restored = TRUE;
  self->logs_digest = G_MAXUINT;
  ring_window_import_model_changed_cb (self);
}

/* A file that is not there, with the reader's message, told without a thread. */
static gboolean
is_missing (const char  *path,
            GError     **error)
{
  g_autoptr(GBytes) bytes = NULL;

  if (g_file_test (path, G_FILE_TEST_EXISTS))
    return FALSE;
  bytes = ring_nccl_log_read (path, error);

  return bytes == NULL;
}

static void
import_next (RingWindow *self)
{
  RingWindowImport *import = self->import;
  g_autoptr(GTask) task = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;
  LoadData *data;
  ImportJob *job;

  job = NULL;
  while (import->stored != NULL && import->stored[import->stored_next] != NULL && job == NULL)
    {
      const char *uri = import->stored[import->stored_next++];
      g_autofree char *path = g_filename_from_uri (uri, NULL, NULL);
      g_autoptr(GError) error = NULL;

      /* Past the four nothing is read; a file that is not there is said at once. */
      if (path == NULL
          || ring_model_get_measurements (self->model)->len >= RING_MEASUREMENTS_MAX
          || is_missing (path, &error))
        {
          leave_out (import, uri, error);
          continue;
        }
      job = import_job_new (JOB_LOG);
      job->path = g_steal_pointer (&path);
      job->uri = g_strdup (uri);
    }
  if (job == NULL)
    {
      g_clear_pointer (&import->stored, g_strfreev);
      restore_finished (self);
    }
  if (job == NULL && import->stored_scenarios != NULL)
    {
      job = import_job_new (JOB_STORED_SCENARIOS);
      job->text = g_steal_pointer (&import->stored_scenarios);
    }
  if (job == NULL)
    job = g_queue_pop_head (&import->jobs);

  if (job == NULL)
    {
      g_clear_handle_id (&import->pulse_id, g_source_remove);
      gtk_revealer_set_reveal_child (GTK_REVEALER (import->revealer), FALSE);
      return;
    }

  import->running = job;
  import->cancellable = g_cancellable_new ();
  if (job->kind == JOB_STORED_SCENARIOS)
    {
      /* TRANSLATORS: the progress row while the last session's pinned scenarios are read */
      title = g_strdup (_("Reading the pinned scenarios…"));
    }
  else
    {
      basename = job->kind == JOB_LOG ? g_path_get_basename (job->path)
                                      : g_file_get_basename (job->file);
      name = ring_filename_display (basename != NULL ? basename : "");
      /* TRANSLATORS: the progress row while a file is read; %s is its name */
      title = g_strdup_printf (_("Reading %s…"), name);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (import->row), title);
  gtk_revealer_set_reveal_child (GTK_REVEALER (import->revealer), TRUE);
  if (import->pulse_id == 0)
    import->pulse_id = g_timeout_add (100, pulse_cb, import);

  data = g_new0 (LoadData, 1);
  g_weak_ref_init (&data->window, self);
  data->kind = job->kind;
  data->path = g_strdup (job->path);
  data->file = job->file != NULL ? g_object_ref (job->file) : NULL;
  data->text = g_strdup (job->text);
  data->params = *ring_model_get_params (self->model);
  data->permille = -1;
  task = g_task_new (NULL, import->cancellable, import_done_cb, NULL);
  g_task_set_source_tag (task, import_next);
  g_task_set_task_data (task, data, (GDestroyNotify) load_data_free);
  /* Cancel answers at once; the thread's result, when it comes, is dropped. */
  g_task_set_return_on_cancel (task, TRUE);
  import->task = g_object_ref (task);
  g_task_run_in_thread (task, load_in_thread);
}

static void
enqueue (RingWindow *self,
         ImportJob  *job)
{
  g_queue_push_tail (&self->import->jobs, job);
  if (self->import->running == NULL)
    import_next (self);
}

/* Cancel: the log being read and those waiting are dropped, nothing of them applied. */
static void
cancel_imports (RingWindow *self)
{
  RingWindowImport *import = self->import;

  if (import == NULL)
    return;

  g_cancellable_cancel (import->cancellable);
  g_clear_object (&import->cancellable);
  g_clear_object (&import->task);
  g_clear_pointer (&import->running, import_job_free);
  g_queue_clear_full (&import->jobs, (GDestroyNotify) import_job_free);
  g_clear_pointer (&import->stored, g_strfreev);
  g_clear_pointer (&import->stored_scenarios, g_free);
  g_clear_handle_id (&import->pulse_id, g_source_remove);
  if (import->revealer != NULL)
    gtk_revealer_set_reveal_child (GTK_REVEALER (import->revealer), FALSE);
  /* The key keeps what it remembers until the list changes. */
  if (!self->logs_restored)
    {
      say_left_out (self);
      self->logs_restored = TRUE;
      self->logs_digest = G_MAXUINT;
    }
  if (!self->scenarios_restored)
    _ring_window_scenarios_restored (self, NULL, NULL);
}


gboolean
_ring_window_import_busy (RingWindow *self)
{
  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);

  return self->import->running != NULL || !g_queue_is_empty (&self->import->jobs)
         || self->import->stored != NULL || self->import->stored_scenarios != NULL;
}

GtkWidget *
_ring_window_import_get_cancel_button (RingWindow *self)
{
  g_return_val_if_fail (RING_IS_WINDOW (self), NULL);

  return self->import->cancel_button;
}

gboolean
_ring_window_import_file (RingWindow *self,
                          GFile      *file)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  ImportJob *job;

  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *message = NULL;

      /* TRANSLATORS: %s is a file's address (a URI) */
      message = g_strdup_printf (_("Cannot import %s: only files on this computer can be "
                                   "read"), uri);
      _ring_window_add_toast (self, message);
      return FALSE;
    }

  /* A file that is not there is said at once. */
  if (is_missing (path, &error))
    {
      AdwToast *toast = _ring_window_new_toast (error->message);

      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return FALSE;
    }
  job = import_job_new (JOB_LOG);
  job->path = g_steal_pointer (&path);
  enqueue (self, job);

  return TRUE;
}

gboolean
_ring_window_import_scenario_file (RingWindow *self,
                                   GFile      *file)
{
  ImportJob *job;

  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  job = import_job_new (JOB_SCENARIO_FILE);
  job->file = g_object_ref (file);
  enqueue (self, job);

  return TRUE;
}

void
_ring_window_import_stored_scenarios (RingWindow *self,
                                      char       *text)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  g_free (self->import->stored_scenarios);
  self->import->stored_scenarios = text;
}

void
ring_window_forget_stored_logs (RingWindow *self)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  g_clear_pointer (&self->import->stored, g_strfreev);
  self->logs_restored = TRUE;
  self->logs_digest = G_MAXUINT;
}

void
ring_window_forget_stored_scenarios (RingWindow *self)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  g_clear_pointer (&self->import->stored_scenarios, g_free);
  self->scenarios_restored = TRUE;
}

static void
ring_window_import_dialog_done_cb (const RingFileDialogAnswer *answer,
                                   gpointer                    user_data)
{
  RingWindow *self = user_data;

  if (answer->error != NULL)
    _ring_window_add_toast (self, answer->error->message);
  else if (answer->file != NULL)
    _ring_window_import_file (self, answer->file);
}

static GtkFileFilter *
new_filter (const char *name,
            const char *first_pattern,
            ...)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  va_list patterns;

  gtk_file_filter_set_name (filter, name);
  va_start (patterns, first_pattern);
  for (const char *pattern = first_pattern; pattern != NULL;
       pattern = va_arg (patterns, const char *))
    gtk_file_filter_add_pattern (filter, pattern);
  va_end (patterns);

  return filter;
}

static void
import_nccl_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  g_autoptr(GtkFileFilter) logs = new_filter (_("nccl-tests logs"), "*.log", "*.txt", NULL);
  g_autoptr(GtkFileFilter) all = new_filter (_("All files"), "*", NULL);
  GtkFileFilter *filters[] = { logs, all, NULL };
  RingFileDialogOptions options = {
    .title = _("Import nccl-tests Log"),
    .accept_label = _("_Import"),
    .filters = filters,
    .default_filter = logs,
  };

  _ring_file_dialog_present (GTK_WINDOW (self), &options, ring_window_import_dialog_done_cb,
                             g_object_ref (self), g_object_unref);
}

/* The log an action's index names; NULL when there is none, as a toast's button may
 * outlive its log. */
static RingMeasurement *
measurement_at (RingWindow *self,
                guint       index)
{
  GPtrArray *measurements = ring_model_get_measurements (self->model);

  return index < measurements->len ? g_ptr_array_index (measurements, index) : NULL;
}

static void
use_fit (RingWindow *self,
         guint       index)
{
  RingMeasurement *measurement = measurement_at (self, index);
  g_autofree char *values = NULL;
  g_autofree char *message = NULL;

  /* A stale button of a log whose fit has a warning, or determined nothing, does nothing. */
  if (measurement == NULL || !ring_nccl_fit_determines_any (measurement->fit))
    return;

  ring_model_use_fitted_values (self->model, index);
  values = ring_measurement_describe_fit (measurement->fit);
  /* TRANSLATORS: a toast: a file name, then the values fitted to it */
  message = g_strdup_printf (_("Fitted to %s: %s"), measurement->name, values);
  _ring_window_add_toast (self, message);
}

/* The panel's buttons, made again whenever the list changes, name a log by its place. */
static void
use_fitted_values_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  use_fit (RING_WINDOW (widget), g_variant_get_uint32 (parameter));
}

/* The import's toast, which outlives changes to the list, names its log by its file: after
 * an earlier log is removed it still fits this one, and nothing once it is gone. */
static void
use_fitted_values_of_file_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  int index = ring_model_find_measurement (self->model, g_variant_get_bytestring (parameter));

  if (index >= 0)
    use_fit (self, (guint) index);
}

static void
remove_measurement_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);
  RingMeasurement *measurement = measurement_at (self, index);
  g_autofree char *message = NULL;

  if (measurement == NULL)
    return;

  /* TRANSLATORS: a toast; %s is a file name */
  message = g_strdup_printf (_("Removed %s"), measurement->name);
  ring_model_remove_measurement (self->model, index);
  _ring_window_add_toast (self, message);
}

static gboolean
ring_window_import_drop_cb (GtkDropTarget *target,
                            const GValue  *value,
                            double         x,
                            double         y,
                            RingWindow    *self)
{
  gboolean any = FALSE;

  if (G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    {
      GSList *files = gdk_file_list_get_files (g_value_get_boxed (value));

      for (GSList *l = files; l != NULL; l = l->next)
        any |= _ring_window_import_file (self, l->data);
      g_slist_free (files);
    }
  else if (G_VALUE_HOLDS (value, G_TYPE_FILE))
    {
      any = _ring_window_import_file (self, g_value_get_object (value));
    }

  return any;
}

/* The "nccl-logs" key follows the logs loaded: their files, as URIs. */
static void
ring_window_import_model_changed_cb (RingWindow *self)
{
  GPtrArray *measurements;
  g_autoptr(GPtrArray) uris = NULL;
  g_auto(GStrv) stored = NULL;
  guint digest;

  if (self->settings == NULL || !self->logs_restored)
    return;

  /* Most changes move a parameter, not the list: nothing to write then. */
  measurements = ring_model_get_measurements (self->model);
  digest = measurements->len;
  for (guint i = 0; i < measurements->len; i++)
    digest = digest * 31 + g_direct_hash (g_ptr_array_index (measurements, i));
  if (digest == self->logs_digest)
    return;
  self->logs_digest = digest;

  uris = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < measurements->len; i++)
    {
      const RingMeasurement *measurement = g_ptr_array_index (measurements, i);
      char *uri = measurement->path != NULL ? g_filename_to_uri (measurement->path, NULL, NULL)
                                            : NULL;

      if (uri != NULL)
        g_ptr_array_add (uris, uri);
    }
  g_ptr_array_add (uris, NULL);
  stored = g_settings_get_strv (self->settings, "nccl-logs");
  if (!g_strv_equal ((const char * const *) stored, (const char * const *) uris->pdata))
    g_settings_set_strv (self->settings, "nccl-logs", (const char * const *) uris->pdata);
}

static void
cancel_clicked_cb (RingWindow *self)
{
  cancel_imports (self);
}

/* The progress row: above the charts, while a log is read. */
static void
add_progress_row (RingWindow *self)
{
  RingWindowImport *import = self->import;
  GtkWidget *list = gtk_list_box_new ();

  import->row = adw_action_row_new ();
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (import->row), FALSE);
  import->progress = gtk_progress_bar_new ();
  gtk_widget_set_valign (import->progress, GTK_ALIGN_CENTER);
  gtk_widget_set_size_request (import->progress, 120, -1);
  import->cancel_button = gtk_button_new_with_mnemonic (_("_Cancel"));
  gtk_widget_set_valign (import->cancel_button, GTK_ALIGN_CENTER);
  ring_tooltip_set_text (import->cancel_button, _("Stop reading; nothing is imported"));
  g_signal_connect_object (import->cancel_button, "clicked", G_CALLBACK (cancel_clicked_cb),
                           self, G_CONNECT_SWAPPED);
  adw_action_row_add_suffix (ADW_ACTION_ROW (import->row), import->progress);
  adw_action_row_add_suffix (ADW_ACTION_ROW (import->row), import->cancel_button);

  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
  gtk_widget_add_css_class (list, "boxed-list");
  gtk_list_box_append (GTK_LIST_BOX (list), import->row);
  import->revealer = gtk_revealer_new ();
  gtk_revealer_set_child (GTK_REVEALER (import->revealer), list);
  gtk_box_prepend (GTK_BOX (self->main_area), import->revealer);
}

void
_ring_window_import_dispose (RingWindow *self)
{
  if (self->import == NULL)
    return;

  self->logs_restored = TRUE;
  cancel_imports (self);
  g_clear_pointer (&self->import->left_out, g_ptr_array_unref);
  g_clear_pointer (&self->import->first_error, g_free);
  g_clear_pointer (&self->import, g_free);
}

void
_ring_window_import_init (RingWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

  self->import = g_new0 (RingWindowImport, 1);
  g_queue_init (&self->import->jobs);
  self->import->left_out = g_ptr_array_new_with_free_func (g_free);
  add_progress_row (self);

  gtk_drop_target_set_gtypes (target, types, G_N_ELEMENTS (types));
  g_signal_connect_object (target, "drop", G_CALLBACK (ring_window_import_drop_cb), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  /* Through the window's group, which stops hearing the model first thing in dispose; it
   * writes nothing before _ring_window_import_restore() has read the key. */
  g_signal_group_connect_object (self->model_signals, "changed",
                                 G_CALLBACK (ring_window_import_model_changed_cb), self,
                                 G_CONNECT_SWAPPED);
}

void
_ring_window_import_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.import-nccl", NULL, import_nccl_action);
  gtk_widget_class_install_action (widget_class, "win.use-fitted-values", "u",
                                   use_fitted_values_action);
  gtk_widget_class_install_action (widget_class, "win.use-fitted-values-of-file", "ay",
                                   use_fitted_values_of_file_action);
  gtk_widget_class_install_action (widget_class, "win.remove-measurement", "u",
                                   remove_measurement_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK,
                                       "win.import-nccl", NULL);
}

/* A stored log's name for a message: its file's, or the address as it was stored. */
static char *
stored_log_name (const char *uri)
{
  g_autofree char *path = g_filename_from_uri (uri, NULL, NULL);
  g_autofree char *basename = path != NULL ? g_path_get_basename (path) : NULL;

  return basename != NULL ? ring_filename_display (basename) : ring_text_make_printable (uri);
}

char *
_ring_window_import_left_out_message (const char * const *names,
                                      guint               n_left_out,
                                      const char         *first_error)
{
  g_autoptr(GString) named = g_string_new (NULL);
  guint n_named = 0;

  if (n_left_out == 1 && first_error != NULL)
    /* TRANSLATORS: a toast at start-up; %s says which log and what went wrong */
    return g_strdup_printf (_("A log imported before was left out: %s"), first_error);

  for (; names != NULL && names[n_named] != NULL && n_named < LEFT_OUT_NAMED; n_named++)
    g_string_append_printf (named, "%s%s", n_named > 0 ? ", " : "", names[n_named]);
  if (n_left_out > n_named)
    {
      g_autofree char *more =
        /* TRANSLATORS: ends the list of logs left out at start-up: how many more */
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more", "%u more",
                                      n_left_out - n_named), n_left_out - n_named);

      g_autofree char *first = g_strdup (named->str);

      if (n_named > 0)
        /* TRANSLATORS: the names of some logs, then "%u more" */
        g_string_printf (named, _("%s and %s"), first, more);
      else
        g_string_assign (named, more);
    }

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       /* TRANSLATORS: a toast at start-up: how many logs,
                                        * then their names */
                                       "%u log imported before was left out: %s",
                                       "%u logs imported before were left out: %s",
                                       n_left_out),
                          n_left_out, named->str);
}

static void
first_frame_painted_cb (GdkFrameClock *frame_clock,
                        RingWindow    *self)
{
  g_signal_handlers_disconnect_by_func (frame_clock, first_frame_painted_cb, self);
  if (self->import != NULL && self->import->running == NULL)
    import_next (self);
}

/* The remembered logs are read once the window has painted its first frame: reading
 * them takes a core that the first frame would otherwise share. */
static void
restore_after_first_frame_cb (RingWindow *self)
{
  g_signal_handlers_disconnect_by_func (self, restore_after_first_frame_cb, self);
  g_signal_connect_object (gtk_widget_get_frame_clock (GTK_WIDGET (self)), "after-paint",
                           G_CALLBACK (first_frame_painted_cb), self, 0);
}

void
_ring_window_import_restore (RingWindow *self)
{
  g_return_if_fail (RING_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  /* Read again as they are now, off the main thread, so the first frame waits for none;
   * what is gone, broken or past the four is left out, and said once. Only the first few
   * are named: a key of 100 000 entries makes one short toast, and is written back with
   * the four. */
  g_strfreev (self->import->stored);
  self->import->stored = g_settings_get_strv (self->settings, "nccl-logs");
  self->import->stored_next = 0;
  /* Nothing remembered: the key follows the list from now on. */
  if (self->import->stored[0] == NULL && self->import->stored_scenarios == NULL)
    import_next (self);
  else
    g_signal_connect_object (self, "map", G_CALLBACK (restore_after_first_frame_cb), self,
                             G_CONNECT_SWAPPED);
}
