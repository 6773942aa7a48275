/* ring-window-import.c: nccl-tests logs into the window: File → Import nccl-tests Log…,
 * a file dropped on the window, and the actions on a loaded log.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-file-dialog.h"
#include "ring-measurement.h"
#include "ring-printable.h"
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

gboolean
_ring_window_import_file (RingWindow *self,
                          GFile      *file)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclFit) comparison = NULL;
  g_autofree char *path = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *message = NULL;
  GPtrArray *measurements;
  RingMeasurement *measurement;
  AdwToast *toast;
  guint n_sizes, n_wrong;
  int index;

  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);

      /* TRANSLATORS: %s is a file's address (a URI) */
      message = g_strdup_printf (_("Cannot import %s: only files on this computer can be "
                                   "read"), uri);
      _ring_window_add_toast (self, message);
      return FALSE;
    }

  if (!ring_model_import_measurement (self->model, path, &error))
    {
      /* The parser's message: the file, the line, what was wrong. Nothing changed. */
      toast = _ring_window_new_toast (error->message);
      adw_toast_set_timeout (toast, 0);
      adw_toast_overlay_add_toast (self->toast_overlay, toast);
      return FALSE;
    }

  measurements = ring_model_get_measurements (self->model);
  canonical = g_canonicalize_filename (path, NULL);
  index = ring_model_find_measurement (self->model, canonical);
  g_assert (index >= 0);
  measurement = g_ptr_array_index (measurements, index);
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

  return TRUE;
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

void
_ring_window_import_init (RingWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (G_TYPE_INVALID, GDK_ACTION_COPY);
  GType types[] = { GDK_TYPE_FILE_LIST, G_TYPE_FILE };

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

/* Named in the toast; the rest are counted. */
#define LEFT_OUT_NAMED 3

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

void
_ring_window_import_restore (RingWindow *self)
{
  g_auto(GStrv) uris = NULL;
  g_autofree char *first_error = NULL;
  g_autoptr(GPtrArray) left_out = g_ptr_array_new_with_free_func (g_free);
  guint n_left_out = 0;

  g_return_if_fail (RING_IS_WINDOW (self));

  if (self->settings == NULL)
    return;

  /* Read again as they are now; what is gone, broken or past the four is left out, and
   * said once. Past the four nothing is read, and only the first few are named: a key
   * of 100 000 entries makes one short toast, and is written back with the four. */
  uris = g_settings_get_strv (self->settings, "nccl-logs");
  for (guint i = 0; uris[i] != NULL; i++)
    {
      g_autofree char *path = NULL;
      g_autoptr(GError) error = NULL;

      if (ring_model_get_measurements (self->model)->len < RING_MEASUREMENTS_MAX)
        {
          path = g_filename_from_uri (uris[i], NULL, NULL);
          if (path != NULL && ring_model_import_measurement (self->model, path, &error))
            continue;
        }

      if (error != NULL && first_error == NULL)
        first_error = g_strdup (error->message);
      if (left_out->len < LEFT_OUT_NAMED)
        g_ptr_array_add (left_out, stored_log_name (uris[i]));
      n_left_out++;
    }
  if (n_left_out > 0)
    {
      g_autofree char *message = NULL;

      g_ptr_array_add (left_out, NULL);
      message = _ring_window_import_left_out_message ((const char * const *) left_out->pdata,
                                                      n_left_out, first_error);
      _ring_window_add_toast (self, message);
    }

  self->logs_restored = TRUE;
  self->logs_digest = G_MAXUINT;
  ring_window_import_model_changed_cb (self);
}
