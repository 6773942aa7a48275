/* ring-window-scenarios.c: pinned scenarios in the window: the Pin button, the popover that
 * names, restores, removes, compares, opens and saves them, the metric cards' differences
 * to the compared one, and the "scenarios" key that keeps them across launches.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "ring-printable.h"
#include "ring-tooltip.h"
#include "ring-cost.h"
#include "ring-file-dialog.h"
#include "ring-metric-card.h"
#include "ring-scenario-file.h"
#include "ring-units.h"
#include "ring-window-private.h"

/* The cards that compare, by their value's property, with the result they show and which
 * way is better. */
static const struct {
  const char *property;
  gsize       offset;
  gboolean    higher_is_better;
} compared_metrics[] = {
  { "compute-time", G_STRUCT_OFFSET (RingResult, compute_time_s), FALSE },
  { "allreduce-time", G_STRUCT_OFFSET (RingResult, allreduce_time_s), FALSE },
  { "utilization", G_STRUCT_OFFSET (RingResult, utilization), TRUE },
  { "busbw", G_STRUCT_OFFSET (RingResult, busbw_gbps), TRUE },
  { "tokens-per-second", G_STRUCT_OFFSET (RingResult, tokens_per_s), TRUE },
  { "algbw", G_STRUCT_OFFSET (RingResult, algbw_gbps), TRUE },
  { "bytes-moved-per-gpu", G_STRUCT_OFFSET (RingResult, bytes_moved_per_gpu), FALSE },
  /* A parallel layout's, by their JSON keys: plain data parallelism has them too. */
  { "mfu", G_STRUCT_OFFSET (RingResult, mfu), TRUE },
  { "step_time_s", G_STRUCT_OFFSET (RingResult, step_time_s), FALSE },
  { "bubble_s", G_STRUCT_OFFSET (RingResult, bubble_s), FALSE },
  { "exposed_comm_s", G_STRUCT_OFFSET (RingResult, exposed_comm_s), FALSE },
  { "dp_time_s", G_STRUCT_OFFSET (RingResult, dp_time_s), FALSE },
  { "tp_time_s", G_STRUCT_OFFSET (RingResult, tp_time_s), FALSE },
  { "pp_time_s", G_STRUCT_OFFSET (RingResult, pp_time_s), FALSE },
  { "cp_time_s", G_STRUCT_OFFSET (RingResult, cp_time_s), FALSE },
  { "memory_per_gpu_bytes", G_STRUCT_OFFSET (RingResult, memory_per_gpu_bytes), FALSE },
};

#define RESULT_VALUE(result, offset) (*(const double *) ((const char *) (result) + (offset)))

static int
compared_metric_for (GtkWidget *card)
{
  const char *property = ring_metric_card_get_metric (RING_METRIC_CARD (card));

  for (guint i = 0; i < G_N_ELEMENTS (compared_metrics); i++)
    if (g_str_equal (compared_metrics[i].property, property))
      return i;

  return -1;
}

/* Each card that compares says by how much the current configuration differs from the
 * compared scenario, green where it is better and red where worse; the text says it
 * without the colours too, and the window's subtitle names the scenario. */
static void
update_differences (RingWindow *self)
{
  int compare_with = ring_model_get_compare_with (self->model);
  const RingScenario *scenario = NULL;
  const RingResult *current = ring_model_get_result (self->model);
  RingResult theirs = { 0 };

  if (compare_with >= 0)
    {
      g_autofree char *subtitle = NULL;

      scenario = ring_model_get_scenario (self->model, compare_with);
      ring_cost_evaluate (&scenario->params, &theirs);
      /* TRANSLATORS: under the window's title while the metric cards compare the
       * configuration with a pinned scenario; %s is its name. */
      subtitle = g_strdup_printf (_("Compared with “%s”"), scenario->name);
      adw_window_title_set_subtitle (self->window_title, subtitle);
    }
  else
    adw_window_title_set_subtitle (self->window_title, "");

  for (guint i = 0; i < RING_WINDOW_N_METRICS; i++)
    {
      GtkWidget *label = self->metric_differences[i];
      int metric = compared_metric_for (self->metric_cards[i]);
      g_autofree char *change_text = NULL;
      g_autofree char *tooltip = NULL;
      double mine, other, change;
      gboolean better;

      gtk_widget_remove_css_class (label, "success");
      gtk_widget_remove_css_class (label, "error");
      if (scenario == NULL || metric < 0 || theirs.collective != current->collective)
        {
          gtk_widget_set_visible (label, FALSE);
          continue;
        }

      mine = RESULT_VALUE (current, compared_metrics[metric].offset);
      other = RESULT_VALUE (&theirs, compared_metrics[metric].offset);
      if (!isfinite (mine) || !isfinite (other) || other <= 0)
        {
          gtk_widget_set_visible (label, FALSE);
          continue;
        }

      change = mine / other - 1;
      change_text = ring_format_change (change);
      better = (change > 0) == compared_metrics[metric].higher_is_better;
      /* The scenario is named once, under the window's title; a card says by how much. */
      gtk_label_set_label (GTK_LABEL (label), change_text);
      if (fabs (change) >= 0.0005)
        gtk_widget_add_css_class (label, better ? "success" : "error");
      tooltip = g_strdup_printf (fabs (change) < 0.0005
                                 /* TRANSLATORS: a metric card's tooltip; %s is a scenario. */
                                 ? _("The same as the pinned scenario “%s”")
                                 : better
                                 /* TRANSLATORS: a metric card's tooltip; %s is a scenario. */
                                 ? _("Better than the pinned scenario “%s”")
                                 /* TRANSLATORS: a metric card's tooltip; %s is a scenario. */
                                 : _("Worse than the pinned scenario “%s”"),
                                 scenario->name);
      ring_tooltip_set_text (label, tooltip);
      gtk_widget_set_visible (label, TRUE);
    }
}

static void
ring_window_scenario_row_apply_cb (AdwEntryRow *row,
                                   RingWindow  *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "scenario-index"));
  const char *name = gtk_editable_get_text (GTK_EDITABLE (row));

  if (index >= ring_model_get_n_scenarios (self->model))
    return;
  /* A name of only spaces is refused: the row shows the name kept. */
  if (!ring_model_rename_scenario (self->model, index, name))
    gtk_editable_set_text (GTK_EDITABLE (row),
                           ring_model_get_scenario (self->model, index)->name);
}

static GtkWidget *
row_button (const char *icon_name,
            const char *tooltip,
            const char *action_name,
            guint       index)
{
  GtkWidget *button = gtk_button_new_from_icon_name (icon_name);

  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  ring_tooltip_set_text (button, tooltip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  tooltip, -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action_name);
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button),
                                          g_variant_new_uint32 (index));

  return button;
}

/* The popover's rows and the comparison's choices, from the model. */
static void
list_scenarios (RingWindow *self)
{
  guint n = ring_model_get_n_scenarios (self->model);
  g_autoptr(GtkStringList) choices = gtk_string_list_new (NULL);
  GtkWidget *child;
  g_autofree char *button_label = NULL;

  self->scenarios_listing = TRUE;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->scenarios_list))) != NULL)
    gtk_list_box_remove (self->scenarios_list, child);

  /* TRANSLATORS: the compare-with choice for comparing with nothing. */
  gtk_string_list_append (choices, C_("compare with", "None"));
  for (guint i = 0; i < n; i++)
    {
      const RingScenario *scenario = ring_model_get_scenario (self->model, i);
      GtkWidget *row = adw_entry_row_new ();
      g_autofree char *title = g_strdup_printf (_("Scenario %u"), i + 1);

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_entry_row_set_show_apply_button (ADW_ENTRY_ROW (row), TRUE);
      gtk_editable_set_text (GTK_EDITABLE (row), scenario->name);
      g_object_set_data (G_OBJECT (row), "scenario-index", GUINT_TO_POINTER (i));
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                                row_button ("document-revert-symbolic",
                                            _("Restore: load this configuration"),
                                            "win.restore-scenario", i));
      adw_entry_row_add_suffix (ADW_ENTRY_ROW (row),
                                row_button ("user-trash-symbolic", _("Remove"),
                                            "win.remove-scenario", i));
      g_signal_connect_object (row, "apply", G_CALLBACK (ring_window_scenario_row_apply_cb),
                               self, 0);
      gtk_list_box_append (self->scenarios_list, row);
      gtk_string_list_append (choices, scenario->name);
    }

  gtk_widget_set_visible (GTK_WIDGET (self->scenarios_list), n > 0);
  gtk_widget_set_visible (self->scenarios_empty_label, n == 0);
  gtk_drop_down_set_model (self->compare_dropdown, G_LIST_MODEL (choices));
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_dropdown), n > 0);
  /* TRANSLATORS: the header bar's button of the pinned scenarios, with their number. */
  button_label = n > 0 ? g_strdup_printf (_("Scenarios (%u)"), n) : g_strdup (_("Scenarios"));
  gtk_menu_button_set_label (GTK_MENU_BUTTON (self->scenarios_button), button_label);
  self->scenarios_listing = FALSE;
}

static char *
scenarios_to_json (RingModel *model)
{
  guint n = ring_model_get_n_scenarios (model);
  g_autofree RingScenario **scenarios = g_new0 (RingScenario *, n + 1);

  if (n == 0)
    return g_strdup ("");
  for (guint i = 0; i < n; i++)
    scenarios[i] = (RingScenario *) ring_model_get_scenario (model, i);

  return ring_scenario_file_to_json (scenarios, n);
}

static void
ring_window_scenarios_model_changed_cb (RingWindow *self)
{
  guint n, digest;
  int compare_with;
  g_autofree char *json = NULL;

  /* Disposed: the template's children are gone. */
  if (self->scenarios_list == NULL || self->model_signals == NULL)
    return;

  n = ring_model_get_n_scenarios (self->model);
  compare_with = ring_model_get_compare_with (self->model);
  json = scenarios_to_json (self->model);
  digest = g_str_hash (json);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.pin-scenario",
                                 n < RING_MAX_SCENARIOS);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.save-scenarios", n > 0);
  update_differences (self);

  if (digest != self->scenarios_digest)
    {
      self->scenarios_digest = digest;
      list_scenarios (self);
      if (self->settings != NULL && self->scenarios_restored)
        g_settings_set_string (self->settings, "scenarios", json);
    }

  /* The comparison alone changes the choice shown, never the choices. */
  if (gtk_drop_down_get_selected (self->compare_dropdown) != (guint) (compare_with + 1))
    {
      self->scenarios_listing = TRUE;
      gtk_drop_down_set_selected (self->compare_dropdown, compare_with + 1);
      self->scenarios_listing = FALSE;
    }
  if (self->settings != NULL && self->scenarios_restored
      && g_settings_get_int (self->settings, "compare-scenario") != compare_with)
    g_settings_set_int (self->settings, "compare-scenario", compare_with);
}

static void
ring_window_compare_selected_cb (RingWindow *self)
{
  guint selected = gtk_drop_down_get_selected (self->compare_dropdown);

  if (self->scenarios_listing || selected == GTK_INVALID_LIST_POSITION
      || selected > ring_model_get_n_scenarios (self->model))
    return;

  ring_model_set_compare_with (self->model, (int) selected - 1);
}

void
_ring_window_scenarios_pin (RingWindow *self,
                            GPtrArray  *scenarios)
{
  guint room = RING_MAX_SCENARIOS - ring_model_get_n_scenarios (self->model);

  if (scenarios->len > room)
    {
      g_autofree char *message =
        /* TRANSLATORS: a toast: scenarios in a file, scenarios that still fit. */
        g_strdup_printf (_("The file holds %u scenarios; only %u more can be pinned"),
                         scenarios->len, room);

      _ring_window_add_toast (self, message);
      return;
    }

  for (guint i = 0; i < scenarios->len; i++)
    {
      g_autoptr(GError) error = NULL;

      if (!ring_model_add_scenario (self->model, scenarios->pdata[i], &error))
        _ring_window_add_toast (self, error->message);
    }
}

/* The stored scenarios: text GSettings keeps as a scenario file would hold it, parsed
 * off the main thread after the first frame. */
static void
load_stored_scenarios (RingWindow *self)
{
  g_autofree char *stored = NULL;

  if (self->settings != NULL)
    stored = g_settings_get_string (self->settings, "scenarios");
  if (stored == NULL || *stored == '\0')
    self->scenarios_restored = TRUE;
  else
    _ring_window_import_stored_scenarios (self, g_steal_pointer (&stored));
}

/* Damage or a newer version's text is dropped with a warning, and nothing is pinned. */
void
_ring_window_scenarios_restored (RingWindow   *self,
                                 GPtrArray    *scenarios,
                                 const GError *error)
{
  int compare_with;

  g_return_if_fail (RING_IS_WINDOW (self));

  if (self->scenarios_restored)
    return;
  if (scenarios == NULL && error == NULL)
    {
      self->scenarios_restored = TRUE;
      return;
    }

  if (scenarios == NULL || scenarios->len > RING_MAX_SCENARIOS)
    {
      g_warning ("The stored pinned scenarios cannot be read, so none are pinned: %s",
                 error != NULL ? error->message : "too many");
      g_settings_reset (self->settings, "scenarios");
      g_settings_reset (self->settings, "compare-scenario");
    }
  else
    {
      /* Read before pinning: the key is written only once they are all in. */
      compare_with = g_settings_get_int (self->settings, "compare-scenario");
      _ring_window_scenarios_pin (self, scenarios);
      if (compare_with >= -1 && compare_with < (int) ring_model_get_n_scenarios (self->model))
        ring_model_set_compare_with (self->model, compare_with);
    }
  self->scenarios_restored = TRUE;
  self->scenarios_digest = G_MAXUINT;
  ring_window_scenarios_model_changed_cb (self);
}

static void
pin_scenario_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  g_autoptr(GError) error = NULL;
  g_autofree char *message = NULL;
  guint n;

  if (!ring_model_pin_scenario (self->model, NULL, &error))
    {
      _ring_window_add_toast (self, error->message);
      return;
    }

  n = ring_model_get_n_scenarios (self->model);
  /* TRANSLATORS: a toast; %s is the name a pinned configuration got. */
  message = g_strdup_printf (_("Pinned “%s”"), ring_model_get_scenario (self->model, n - 1)
                             ->name);
  _ring_window_add_toast (self, message);
}

static void
restore_scenario_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);

  if (index < ring_model_get_n_scenarios (self->model))
    ring_model_restore_scenario (self->model, index);
}

static void
remove_scenario_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  guint index = g_variant_get_uint32 (parameter);

  if (index < ring_model_get_n_scenarios (self->model))
    ring_model_unpin_scenario (self->model, index);
}

/* Files. */

static void
save_file (RingWindow *self,
           GFile      *file)
{
  guint n = ring_model_get_n_scenarios (self->model);
  g_autofree RingScenario **scenarios = g_new0 (RingScenario *, n + 1);
  g_autoptr(GError) error = NULL;
  g_autofree char *file_basename = g_file_get_basename (file);
  g_autofree char *basename = file_basename != NULL ? ring_filename_display (file_basename)
                                                    : g_strdup ("");
  g_autofree char *message = NULL;

  for (guint i = 0; i < n; i++)
    scenarios[i] = (RingScenario *) ring_model_get_scenario (self->model, i);

  if (n == 0)
    return;
  if (ring_scenario_file_save (file, scenarios, n, NULL, &error))
    /* TRANSLATORS: a toast; %s is a file name. */
    message = g_strdup_printf (_("Saved “%s”"), basename);
  else
    message = g_strdup (error->message);
  _ring_window_add_toast (self, message);
}

static GtkFileFilter *
json_filter (void)
{
  GtkFileFilter *filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, _("Scenario files (JSON)"));
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_filter_add_suffix (filter, "json");

  return filter;
}

static void
ring_window_scenarios_open_done_cb (const RingFileDialogAnswer *answer,
                                    gpointer                    user_data)
{
  if (answer->file != NULL)
    _ring_window_import_scenario_file (RING_WINDOW (user_data), answer->file);
}

static void
ring_window_scenarios_save_done_cb (const RingFileDialogAnswer *answer,
                                    gpointer                    user_data)
{
  if (answer->file != NULL)
    save_file (RING_WINDOW (user_data), answer->file);
}

static void
present_dialog (RingWindow *self,
                gboolean    saving)
{
  g_autoptr(GtkFileFilter) filter = json_filter ();
  GtkFileFilter *filters[] = { filter, NULL };
  RingFileDialogOptions options = {
    .saving = saving,
    .title = saving ? _("Save Scenarios") : _("Open Scenarios"),
    .accept_label = saving ? _("_Save") : _("_Open"),
    .initial_name = saving ? _("scenarios.json") : NULL,
    .filters = filters,
  };

  _ring_file_dialog_present (GTK_WINDOW (self), &options,
                             saving ? ring_window_scenarios_save_done_cb
                                    : ring_window_scenarios_open_done_cb,
                             g_object_ref (self), g_object_unref);
}

static void
open_scenarios_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  present_dialog (RING_WINDOW (widget), FALSE);
}

static void
save_scenarios_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  present_dialog (RING_WINDOW (widget), TRUE);
}

void
_ring_window_scenarios_class_init (RingWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_bind_template_child (widget_class, RingWindow, pin_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, scenarios_button);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, scenarios_empty_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, scenarios_list);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, compare_dropdown);

  gtk_widget_class_install_action (widget_class, "win.pin-scenario", NULL,
                                   pin_scenario_action);
  gtk_widget_class_install_action (widget_class, "win.restore-scenario", "u",
                                   restore_scenario_action);
  gtk_widget_class_install_action (widget_class, "win.remove-scenario", "u",
                                   remove_scenario_action);
  gtk_widget_class_install_action (widget_class, "win.open-scenarios", NULL,
                                   open_scenarios_action);
  gtk_widget_class_install_action (widget_class, "win.save-scenarios", NULL,
                                   save_scenarios_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK,
                                       "win.pin-scenario", NULL);
}

void
_ring_window_scenarios_init (RingWindow *self)
{
  g_assert (RING_IS_WINDOW (self));

  /* A line under each card's title, shown while a scenario is compared with. */
  for (guint i = 0; i < RING_WINDOW_N_METRICS; i++)
    self->metric_differences[i] =
      GTK_WIDGET (ring_metric_card_get_difference_label (RING_METRIC_CARD (self->metric_cards[i])));

  load_stored_scenarios (self);
  /* The window's signal group has its target already; the model is the window's for its
   * whole life, and the handler ignores what it hears while the window is disposed. */
  g_signal_connect_object (self->model, "changed",
                           G_CALLBACK (ring_window_scenarios_model_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->compare_dropdown, "notify::selected",
                           G_CALLBACK (ring_window_compare_selected_cb), self,
                           G_CONNECT_SWAPPED);
  /* Something other than any list's digest, so the first update lists them. */
  self->scenarios_digest = G_MAXUINT;
  ring_window_scenarios_model_changed_cb (self);
}
