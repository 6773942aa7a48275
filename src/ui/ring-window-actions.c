/* ring-window-actions.c: the window's actions.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-export-dialog.h"
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

  ring_model_reset (self->model);
  _ring_window_add_toast (self, _("Parameters reset to their defaults"));
}

static void
apply_preset_action (GtkWidget  *widget,
                     const char *action_name,
                     GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  const RingPreset *preset = ring_preset_lookup (g_variant_get_string (parameter, NULL));

  if (preset == NULL)
    return;

  /* One batch, so every view redraws once. */
  ring_model_apply_preset (self->model, preset);
  _ring_window_add_toast (self, _(preset->description));
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

  ring_export_dialog_present_report (GTK_WINDOW (self), self->model, self->toast_overlay);
}

/* Shortcuts use Ctrl so that none of them fights typing into a field. */
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
}
