/* ring-measurement-group.c: the loaded nccl-tests logs in the parameter panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-measurement-group.h"
#include "ring-tooltip.h"
#include "ring-measurement.h"
#include "ring-model-follow.h"

struct _RingMeasurementGroup
{
  AdwPreferencesGroup  parent_instance;

  RingModel           *model;
  GSignalGroup        *model_signals;
  /* The rows shown, one a log, and the logs they were made for. */
  GPtrArray           *rows;
  GPtrArray           *shown;
};

G_DEFINE_FINAL_TYPE (RingMeasurementGroup, ring_measurement_group,
                     ADW_TYPE_PREFERENCES_GROUP)

enum {
  PROP_0,
  PROP_MODEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static GtkWidget *
make_row (guint index)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *use = gtk_button_new_with_mnemonic (_("_Use Fit"));
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");

  gtk_widget_set_valign (use, GTK_ALIGN_CENTER);
  ring_tooltip_set_text (use, _("Put the values fitted to this log into the model"));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (use), "win.use-fitted-values");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (use), "u", index);
  gtk_widget_set_name (use, "use-fit");

  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  ring_tooltip_set_text (remove, _("Remove this log"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (remove), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Remove this log"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (remove), "win.remove-measurement");
  gtk_actionable_set_action_target (GTK_ACTIONABLE (remove), "u", index);
  gtk_widget_set_name (remove, "remove");

  /* A file name is text, not markup; a long one takes two lines, ellipsized, its whole
   * in the tooltip. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), use);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  g_object_set_data (G_OBJECT (row), "use-fit", use);

  return row;
}

/* One row a log, made again only when the list itself changed. */
static void
sync_rows (RingMeasurementGroup *self,
           GPtrArray            *measurements)
{
  gboolean same = self->shown->len == measurements->len;

  for (guint i = 0; same && i < measurements->len; i++)
    same = g_ptr_array_index (self->shown, i) == g_ptr_array_index (measurements, i);
  if (same)
    return;

  for (guint i = 0; i < self->rows->len; i++)
    adw_preferences_group_remove (ADW_PREFERENCES_GROUP (self),
                                  g_ptr_array_index (self->rows, i));
  g_ptr_array_set_size (self->rows, 0);
  g_ptr_array_set_size (self->shown, 0);

  for (guint i = 0; i < measurements->len; i++)
    {
      GtkWidget *row = make_row (i);

      adw_preferences_group_add (ADW_PREFERENCES_GROUP (self), row);
      g_ptr_array_add (self->rows, row);
      g_ptr_array_add (self->shown, ring_measurement_ref (g_ptr_array_index (measurements, i)));
    }
}

static void
ring_measurement_group_model_changed_cb (RingMeasurementGroup *self)
{
  GPtrArray *measurements = ring_model_get_measurements (self->model);
  RingMeasurement *fitted = ring_model_get_fitted_measurement (self->model);
  g_autofree char *description = NULL;

  sync_rows (self, measurements);
  gtk_widget_set_visible (GTK_WIDGET (self), measurements->len > 0);

  for (guint i = 0; i < measurements->len; i++)
    {
      RingMeasurement *measurement = g_ptr_array_index (measurements, i);
      g_autoptr(RingNcclFit) comparison = NULL;
      GtkWidget *row = g_ptr_array_index (self->rows, i);
      g_autofree char *subtitle = NULL;
      guint n_wrong;

      comparison = ring_measurement_compare (measurement, ring_model_get_params (self->model));
      if (comparison != NULL)
        /* TRANSLATORS: under a log's name: its ranks, its sizes, the model's error; the
         * spaces inside each part are no-break spaces, so a part never wraps. */
        subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                 "%u\u00a0ranks · %u\u00a0size · "
                                                 "model\u00a0±%.0f\u00a0%%",
                                                 "%u\u00a0ranks · %u\u00a0sizes · "
                                                 "model\u00a0±%.0f\u00a0%%",
                                                 comparison->n_sizes),
                                    measurement->log->ranks, comparison->n_sizes,
                                    comparison->nominal_geomean_error_pct);
      /* An all-reduce goes without saying; another collective is named first. */
      if (subtitle != NULL && measurement->log->collective != RING_COLLECTIVE_ALL_REDUCE)
        {
          char *named = g_strdup_printf (/* TRANSLATORS: a collective ("all-gather"), then
                                          * the rest of the line under a log's name */
                                         _("%s · %s"),
                                         ring_collective_get_title (measurement->log->collective),
                                         subtitle);

          g_free (subtitle);
          subtitle = named;
        }
      n_wrong = ring_nccl_log_count_wrong (measurement->log);
      if (subtitle != NULL && n_wrong > 0)
        {
          g_autofree char *wrong =
            g_strdup_printf (/* TRANSLATORS: added under a log's name: rows nccl-tests found
                              * wrong, left out; the space inside is a no-break space */
                             g_dngettext (GETTEXT_PACKAGE, "%u\u00a0wrong row left out",
                                          "%u\u00a0wrong rows left out", n_wrong),
                             n_wrong);
          char *both = g_strconcat (subtitle, " · ", wrong, NULL);

          g_free (subtitle);
          subtitle = both;
        }
      if (subtitle != NULL)
        {
          /* Under the figures, the log against published runs of its kind. */
          g_autofree char *verdict = ring_verdict_describe (measurement->verdict);
          char *both = g_strconcat (subtitle, "\n", verdict, NULL);

          g_free (subtitle);
          subtitle = both;
        }
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), measurement->name);
      ring_tooltip_set_text (row, measurement->name);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle != NULL ? subtitle : "");
      /* A log that determined nothing has no fit to use. */
      gtk_widget_set_visible (g_object_get_data (G_OBJECT (row), "use-fit"),
                              measurement != fitted
                              && ring_nccl_fit_determines_any (measurement->fit));
    }

  if (fitted != NULL)
    {
      g_autofree char *values = ring_measurement_describe_fit (fitted->fit);

      /* The group's description is markup: a file name may hold an ampersand.
       * TRANSLATORS: a file name, then the values fitted to it */
      description = g_markup_printf_escaped (_("Fitted to %s: %s"), fitted->name, values);
    }
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (self),
                                         description != NULL
                                         ? description
                                         : _("Markers and the model’s error on the "
                                             "message-size chart"));
}

void
ring_measurement_group_set_model (RingMeasurementGroup *self,
                                  RingModel            *model)
{
  g_return_if_fail (RING_IS_MEASUREMENT_GROUP (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!_ring_model_follow_set (&self->model, self->model_signals, model))
    return;

  if (model != NULL)
    ring_measurement_group_model_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

AdwActionRow *
_ring_measurement_group_get_row (RingMeasurementGroup *self,
                                 guint                 index)
{
  g_return_val_if_fail (RING_IS_MEASUREMENT_GROUP (self), NULL);

  return index < self->rows->len ? g_ptr_array_index (self->rows, index) : NULL;
}

GtkWidget *
ring_measurement_group_new (void)
{
  return g_object_new (RING_TYPE_MEASUREMENT_GROUP, NULL);
}

static void
ring_measurement_group_dispose (GObject *object)
{
  RingMeasurementGroup *self = RING_MEASUREMENT_GROUP (object);

  g_clear_object (&self->model_signals);
  g_clear_object (&self->model);
  g_clear_pointer (&self->shown, g_ptr_array_unref);

  G_OBJECT_CLASS (ring_measurement_group_parent_class)->dispose (object);
}

static void
ring_measurement_group_finalize (GObject *object)
{
  RingMeasurementGroup *self = RING_MEASUREMENT_GROUP (object);

  g_clear_pointer (&self->rows, g_ptr_array_unref);

  G_OBJECT_CLASS (ring_measurement_group_parent_class)->finalize (object);
}

static void
ring_measurement_group_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  RingMeasurementGroup *self = RING_MEASUREMENT_GROUP (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_measurement_group_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  RingMeasurementGroup *self = RING_MEASUREMENT_GROUP (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_measurement_group_set_model (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_measurement_group_class_init (RingMeasurementGroupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ring_measurement_group_dispose;
  object_class->finalize = ring_measurement_group_finalize;
  object_class->get_property = ring_measurement_group_get_property;
  object_class->set_property = ring_measurement_group_set_property;

  properties[PROP_MODEL] =
    _ring_model_follow_param_spec ();
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ring_measurement_group_init (RingMeasurementGroup *self)
{
  GtkWidget *import = gtk_button_new_from_icon_name ("document-open-symbolic");

  self->rows = g_ptr_array_new ();
  self->shown = g_ptr_array_new_with_free_func ((GDestroyNotify) ring_measurement_unref);
  self->model_signals =
    _ring_model_follow_new (self, G_CALLBACK (ring_measurement_group_model_changed_cb));

  /* TRANSLATORS: the title of the parameter panel's group of imported measurements */
  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (self), _("nccl-tests Logs"));
  gtk_widget_add_css_class (import, "flat");
  ring_tooltip_set_text (import, _("Import nccl-tests Log…"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (import), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Import nccl-tests Log…"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (import), "win.import-nccl");
  adw_preferences_group_set_header_suffix (ADW_PREFERENCES_GROUP (self), import);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
