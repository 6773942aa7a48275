/* ring-window-actions.c: the window's actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-export-dialog.h"
#include "ring-help.h"
#include "ring-labels.h"
#include "ring-presets.h"
#include "ring-window-private.h"

static void
run_training_step_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_animation_run_training_step (RING_ANIMATION (self->animation));
}

static void
play_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  RingAnimation *animation = RING_ANIMATION (self->animation);

  if (ring_animation_get_playing (animation))
    ring_animation_pause (animation);
  else
    ring_animation_play (animation);
}

static void
ring_step_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_animation_ring_step (RING_ANIMATION (self->animation));
}

static void
reset_animation_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_animation_reset (RING_ANIMATION (self->animation));
}

static void
reset_parameters_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  RingParams params;

  /* The window's start: the defaults, fitted to the GPU's memory; one change. */
  ring_params_init_default (&params);
  _ring_window_fit_params (&params);
  ring_model_set_params (self->model, &params);
  _ring_window_add_toast (self, _("Parameters reset to their defaults"));
}

char *
_ring_window_describe_preset (const RingPreset *preset)
{
  RingParamId ids[RING_N_PARAMS];
  gboolean named[RING_N_PARAMS] = { FALSE, };
  g_autoptr(GString) list = g_string_new (NULL);
  g_autofree char *name = NULL;
  guint n;

  g_return_val_if_fail (preset != NULL, NULL);

  n = ring_preset_list_changes (preset, ids);
  for (guint i = 0; i < n; i++)
    named[ids[i]] = TRUE;

  /* A GPU's facts go with its name, as a fabric's usual latency goes with the fabric's:
   * the toast names what the preset sets, and the menu's description says the rest. */
  if (named[RING_PARAM_GPU])
    named[RING_PARAM_COMPUTE] = named[RING_PARAM_BANDWIDTH] = FALSE;
  if (named[RING_PARAM_FABRIC])
    named[RING_PARAM_NET_LATENCY] = FALSE;

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (!named[id])
        continue;
      if (list->len > 0)
        /* Translators: between the items of a list in a toast */
        g_string_append (list, _(", "));
      g_string_append (list, ring_labels_param (id));
    }

  name = ring_labels_lead (_(preset->description));

  /* Translators: a preset's name, then what it sets ("DGX H100: GPU, NICs, fabric") */
  return g_strdup_printf (_("%s: %s"), name, list->str);
}

static void
apply_preset_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  const RingPreset *preset = ring_preset_lookup (g_variant_get_string (parameter, NULL));
  g_autofree char *message = NULL;

  if (preset == NULL)
    return;

  /* One batch, so every view redraws once. */
  ring_model_apply_preset (self->model, preset);
  message = _ring_window_describe_preset (preset);
  _ring_window_add_toast (self, message);
}

void
_ring_window_fill_presets_menu (RingWindow *self)
{
  const RingPresetKind kinds[] = { RING_PRESET_HARDWARE, RING_PRESET_MODEL };
  const char *section_labels[] = { N_("Hardware"), N_("Model") };
  const RingPreset *presets;
  guint n_presets;

  g_assert (RING_IS_WINDOW (self));

  presets = ring_presets_get (&n_presets);
  for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
    {
      g_autoptr(GMenu) section = g_menu_new ();

      for (guint i = 0; i < n_presets; i++)
        {
          g_autoptr(GMenuItem) item = NULL;

          if (presets[i].kind != kinds[k])
            continue;
          item = g_menu_item_new (_(presets[i].description), NULL);
          g_menu_item_set_action_and_target (item, "win.apply-preset", "s", presets[i].name);
          g_menu_append_item (section, item);
        }

      g_menu_append_section (self->presets_menu, _(section_labels[k]), G_MENU_MODEL (section));
    }
}

static void
export_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  RingChartKind kind = ring_chart_view_get_visible_kind (RING_CHART_VIEW (self->chart_view));

  ring_export_dialog_present (GTK_WINDOW (self), self->model, kind, self->toast_overlay);
}

static void
export_report_action (GtkWidget  *widget,
                      const char *action_name,
                      GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_export_dialog_present_document (GTK_WINDOW (self), self->model,
                                       RING_EXPORT_DOCUMENT_REPORT, self->toast_overlay);
}

static void
export_tuner_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  ring_export_dialog_present_document (GTK_WINDOW (self), self->model,
                                       RING_EXPORT_DOCUMENT_NCCL_TUNER, self->toast_overlay);
}

/* The keyboard comes back to the window after a menu. GTK 4.8 can leave the window's focus
 * on a widget of a popover that has closed (an item of the Presets submenu, once the
 * preset has rebuilt what the window shows): keys then reach nothing, not Tab, not F10,
 * not a shortcut, until a click. Once the popover has gone, a focus left inside it, or on
 * nothing shown, goes back to the button that opened it, as GtkMenuButton does when it
 * can; or, that button hidden, to the first control that takes it. */
static gboolean
return_focus_cb (gpointer user_data)
{
  GtkMenuButton *button = user_data;
  GtkPopover *popover = gtk_menu_button_get_popover (button);
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (button));
  GtkWidget *focus;

  if (root == NULL || gtk_widget_in_destruction (GTK_WIDGET (button)))
    return G_SOURCE_REMOVE;

  focus = gtk_root_get_focus (root);
  if (focus != NULL && gtk_widget_get_mapped (focus)
      && (popover == NULL || !gtk_widget_is_ancestor (focus, GTK_WIDGET (popover))))
    return G_SOURCE_REMOVE;

  if (!gtk_widget_get_mapped (GTK_WIDGET (button))
      || !gtk_widget_grab_focus (GTK_WIDGET (button)))
    {
      gtk_root_set_focus (root, NULL);
      gtk_widget_child_focus (GTK_WIDGET (root), GTK_DIR_TAB_FORWARD);
    }

  return G_SOURCE_REMOVE;
}

/* After the popover's own handlers and the action its item ran: from an idle. */
static void
ring_window_popover_closed_cb (GtkMenuButton *button)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, return_focus_cb, g_object_ref (button),
                   g_object_unref);
}

static void
return_focus_after_popover (GtkWidget *menu_button)
{
  GtkPopover *popover = gtk_menu_button_get_popover (GTK_MENU_BUTTON (menu_button));

  g_assert (popover != NULL);

  g_signal_connect_object (popover, "closed", G_CALLBACK (ring_window_popover_closed_cb),
                           menu_button, G_CONNECT_SWAPPED);
}

void
_ring_window_return_focus_after_menus (RingWindow *self)
{
  g_assert (RING_IS_WINDOW (self));

  return_focus_after_popover (self->menu_button);
  return_focus_after_popover (self->scenarios_button);
}

/* @parameter: "index", a page or a page's section ("glossary#nvls"). */
static void
help_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ring_help_show (GTK_WINDOW (widget), g_variant_get_string (parameter, NULL));
}

/* Shortcuts use Ctrl so that none of them fights typing into a field; F1 is the help's,
 * as everywhere in GNOME. */
void
_ring_window_class_actions_init (RingWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (widget_class, "win.run-training-step", NULL,
                                   run_training_step_action);
  gtk_widget_class_install_action (widget_class, "win.play", NULL, play_action);
  gtk_widget_class_install_action (widget_class, "win.ring-step", NULL, ring_step_action);
  gtk_widget_class_install_action (widget_class, "win.reset-animation", NULL,
                                   reset_animation_action);
  gtk_widget_class_install_action (widget_class, "win.reset-parameters", NULL,
                                   reset_parameters_action);
  gtk_widget_class_install_action (widget_class, "win.apply-preset", "s",
                                   apply_preset_action);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.export-report", NULL,
                                   export_report_action);
  gtk_widget_class_install_action (widget_class, "win.export-tuner", NULL,
                                   export_tuner_action);
  gtk_widget_class_install_action (widget_class, "win.help", "s", help_action);
  _ring_window_import_class_init (widget_class);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r, GDK_CONTROL_MASK,
                                       "win.run-training-step", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, GDK_CONTROL_MASK,
                                       "win.play", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_n, GDK_CONTROL_MASK,
                                       "win.ring-step", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_r,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.reset-animation", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK,
                                       "win.export", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e,
                                       GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-report", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F1, 0, "win.help", "s", "index");
}
