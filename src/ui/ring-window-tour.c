/* ring-window-tour.c: the first-run tour, four lines under the header bar, each about one
 * part of the window while that part is outlined; skipped or finished, the "tour-shown"
 * key remembers it, and the main menu starts it again.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-window-private.h"

typedef struct
{
  const char *text;
  gsize       target;   /* the outlined widget: its member of RingWindow */
} TourStep;

static const TourStep tour_steps[RING_WINDOW_TOUR_STEPS] = {
  { N_("The panel describes the cluster and the training: drag a slider or type a value, "
       "such as 70B or 400 Gb/s, and everything else answers at once."),
    G_STRUCT_OFFSET (RingWindow, sidebar) },
  { N_("The cards and the step bar say what one training step costs: its compute, its "
       "all-reduce, and the share of the step the GPUs spend computing."),
    G_STRUCT_OFFSET (RingWindow, metrics_grid) },
  { N_("The ring plays the all-reduce’s real schedule: Run Training Step (Ctrl+R) shows "
       "scatter-reduce, then all-gather, chunk by chunk."),
    G_STRUCT_OFFSET (RingWindow, animation) },
  { N_("The charts show the same over every ring size; a click on one sets the ring to that "
       "count. Every term the window uses is explained in the help: press F1."),
    G_STRUCT_OFFSET (RingWindow, chart_view) },
};

static GtkWidget *
step_target (RingWindow *self,
             int         step)
{
  return G_STRUCT_MEMBER (GtkWidget *, self, tour_steps[step].target);
}

/* On a narrow window the panel is folded away: the step about it shows it over the
 * window, and the steps after hide it again. */
void
_ring_window_tour_update_sidebar (RingWindow *self)
{
  if (self->tour_step < 0 || !_ring_window_get_sidebar_folded (self))
    return;

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->sidebar_button),
                                step_target (self, self->tour_step) == self->sidebar);
}

static void
show_step (RingWindow *self,
           int         step)
{
  g_autofree char *counter = NULL;

  if (self->tour_step >= 0)
    gtk_widget_remove_css_class (step_target (self, self->tour_step), "tour-target");
  self->tour_step = step;

  if (step < 0)
    {
      gtk_revealer_set_reveal_child (self->tour_revealer, FALSE);
      return;
    }
  /* The tour points at the figures and the charts, which the learning view hides. */
  g_object_set (self, "learning-view", FALSE, NULL);
  _ring_window_tour_update_sidebar (self);

  /* Translators: the tour's step counter, "1 of 4" */
  counter = g_strdup_printf (_("%d of %d"), step + 1, RING_WINDOW_TOUR_STEPS);
  gtk_label_set_label (self->tour_step_label, counter);
  gtk_label_set_label (self->tour_label, _(tour_steps[step].text));
  gtk_button_set_label (self->tour_next_button,
                        step + 1 < RING_WINDOW_TOUR_STEPS ? _("_Next") : _("_Done"));
  gtk_widget_add_css_class (step_target (self, step), "tour-target");
  gtk_revealer_set_reveal_child (self->tour_revealer, TRUE);
}

/* Finished or skipped: not again, unless asked for. */
static void
end_tour (RingWindow *self)
{
  show_step (self, -1);
  if (self->settings != NULL)
    g_settings_set_boolean (self->settings, "tour-shown", TRUE);
}

static void
tour_next_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);

  if (self->tour_step < 0)
    return;
  if (self->tour_step + 1 < RING_WINDOW_TOUR_STEPS)
    show_step (self, self->tour_step + 1);
  else
    end_tour (self);
}

static void
tour_skip_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  end_tour (RING_WINDOW (widget));
}

static void
start_tour_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  show_step (RING_WINDOW (widget), 0);
}

void
_ring_window_tour_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, RingWindow, sidebar);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, tour_revealer);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, tour_step_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, tour_label);
  gtk_widget_class_bind_template_child (widget_class, RingWindow, tour_next_button);

  gtk_widget_class_install_action (widget_class, "win.tour-next", NULL, tour_next_action);
  gtk_widget_class_install_action (widget_class, "win.tour-skip", NULL, tour_skip_action);
  gtk_widget_class_install_action (widget_class, "win.start-tour", NULL, start_tour_action);
}

void
_ring_window_tour_init (RingWindow *self)
{
  g_assert (RING_IS_WINDOW (self));

  self->tour_step = -1;

  /* Without the schema nothing could remember it: no tour. */
  if (self->settings != NULL && !g_settings_get_boolean (self->settings, "tour-shown"))
    show_step (self, 0);
}

int
_ring_window_tour_get_step (RingWindow *self)
{
  g_return_val_if_fail (RING_IS_WINDOW (self), -1);

  return self->tour_step;
}
