/* ring-learning-panel.c: the learning view's side text and step controls.
 *
 * The words come from the frame the animation draws: its phase label, what each GPU does
 * (ring_frame_dup_explanation) and what holds after the phase (ring_frame_dup_outcome,
 * the schedule's own phase outcome), so every algorithm the registry draws explains
 * itself.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-algorithms.h"
#include "ring-tooltip.h"
#include "ring-learning-panel.h"
#include "ring-schedule.h"

struct _RingLearningPanel
{
  GtkWidget      parent_instance;

  RingAnimation *animation;
  GSignalGroup  *animation_signals;
  GSignalGroup  *model_signals;      /* the animation's model: the algorithm and N */

  /* Template children. */
  GtkLabel      *algorithm_label;
  GtkLabel      *phase_label;
  GtkLabel      *step_label;
  GtkLabel      *what_label;
  GtkLabel      *why_label;
  GtkWidget     *play_button;
};

G_DEFINE_FINAL_TYPE (RingLearningPanel, ring_learning_panel, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_ANIMATION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char *
dup_algorithm_line (const RingFrame *frame)
{
  RingAlgorithm algorithm = RING_ALGORITHM_RING;

  if (frame->simulation != NULL)
    algorithm = ring_schedule_get_algorithm (ring_simulation_get_schedule (frame->simulation));

  /* Translators: the learning view's first line: an algorithm and its GPUs, "Ring · 8 GPUs". */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u GPU", "%s · %u GPUs",
                                       frame->n_gpus),
                          _(ring_algorithm_info (algorithm)->title), frame->n_gpus);
}

/* "Step 3 of 7" within the schedule's phase, or NULL outside one. */
static char *
dup_step_line (const RingFrame *frame)
{
  const RingSchedule *schedule;
  const RingSchedulePhase *phase;
  g_autofree char *line = NULL;
  g_autofree char *bucket = NULL;

  if (frame->phase != RING_FRAME_RING_STEP || frame->simulation == NULL)
    return NULL;

  schedule = ring_simulation_get_schedule (frame->simulation);
  phase = ring_schedule_get_phase (schedule, ring_schedule_get_step_phase (schedule, frame->step));

  /* Translators: the step within a phase of the all-reduce, "Step 3 of 7". */
  line = g_strdup_printf (_("Step %u of %u"), frame->step - phase->first_step + 1,
                          phase->n_steps);
  bucket = ring_frame_dup_bucket_label (frame, "\xe2\x80\x89");
  if (bucket == NULL)
    return g_steal_pointer (&line);

  /* Translators: the bucket in flight and the step, "Bucket 3 / 12 · Step 2 of 7". */
  return g_strdup_printf (_("%s · %s"), bucket, line);
}

/* The phase's name alone where a step line follows it, else the frame's headline. */
static char *
dup_phase_title (const RingFrame *frame)
{
  const RingSchedule *schedule;

  if (frame->phase != RING_FRAME_RING_STEP || frame->simulation == NULL)
    return ring_frame_dup_phase_label (frame);

  schedule = ring_simulation_get_schedule (frame->simulation);

  return g_strdup (_(ring_schedule_get_phase (schedule,
                                              ring_schedule_get_step_phase (schedule,
                                                                            frame->step))->name));
}

static void
update_texts (RingLearningPanel *self)
{
  g_autofree char *algorithm = NULL;
  g_autofree char *phase = NULL;
  g_autofree char *step = NULL;
  g_autofree char *what = NULL;
  g_autofree char *why = NULL;
  RingFrame frame;

  if (self->animation == NULL)
    return;

  ring_animation_get_frame (self->animation, &frame);
  frame = ring_frame_normalize (&frame);
  algorithm = dup_algorithm_line (&frame);
  phase = dup_phase_title (&frame);
  step = dup_step_line (&frame);
  what = ring_frame_dup_explanation (&frame, "\xe2\x80\x89");
  why = ring_frame_dup_outcome (&frame);

  gtk_label_set_label (self->algorithm_label, algorithm);
  gtk_label_set_label (self->phase_label, phase);
  gtk_label_set_label (self->step_label, step != NULL ? step : "");
  gtk_widget_set_visible (GTK_WIDGET (self->step_label), step != NULL);
  gtk_label_set_label (self->what_label, what);
  gtk_label_set_label (self->why_label, why != NULL ? why : "");
  gtk_widget_set_visible (GTK_WIDGET (self->why_label), why != NULL);
}

static void
follow_model (RingLearningPanel *self)
{
  g_signal_group_set_target (self->model_signals,
                             self->animation != NULL
                             ? ring_animation_get_model (self->animation) : NULL);
  update_texts (self);
}

static void
update_play_button (RingLearningPanel *self)
{
  gboolean playing = self->animation != NULL && ring_animation_get_playing (self->animation);

  gtk_button_set_icon_name (GTK_BUTTON (self->play_button),
                            playing ? "media-playback-pause-symbolic"
                                    : "media-playback-start-symbolic");
  ring_tooltip_set_text (self->play_button,
                         playing ? _("Pause (Ctrl+P)")
                                 : _("Play steps back to back (Ctrl+P)"));
}

RingAnimation *
ring_learning_panel_get_animation (RingLearningPanel *self)
{
  g_return_val_if_fail (RING_IS_LEARNING_PANEL (self), NULL);

  return self->animation;
}

void
ring_learning_panel_set_animation (RingLearningPanel *self,
                                   RingAnimation     *animation)
{
  g_return_if_fail (RING_IS_LEARNING_PANEL (self));
  g_return_if_fail (animation == NULL || RING_IS_ANIMATION (animation));

  if (!g_set_object (&self->animation, animation))
    return;

  g_signal_group_set_target (self->animation_signals, animation);
  follow_model (self);
  update_play_button (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION]);
}

const char *
ring_learning_panel_get_text (RingLearningPanel *self,
                              guint              index)
{
  GtkLabel *labels[] = { self->phase_label, self->step_label, self->what_label,
                         self->why_label };

  g_return_val_if_fail (RING_IS_LEARNING_PANEL (self), NULL);
  g_return_val_if_fail (index < G_N_ELEMENTS (labels), NULL);

  return gtk_label_get_label (labels[index]);
}

static void
ring_learning_panel_dispose (GObject *object)
{
  RingLearningPanel *self = RING_LEARNING_PANEL (object);
  GtkWidget *child;

  if (self->animation_signals != NULL)
    g_signal_group_set_target (self->animation_signals, NULL);
  g_clear_object (&self->animation_signals);
  if (self->model_signals != NULL)
    g_signal_group_set_target (self->model_signals, NULL);
  g_clear_object (&self->model_signals);
  g_clear_object (&self->animation);
  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_LEARNING_PANEL);
  /* The buttons' box is no bound child. */
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ring_learning_panel_parent_class)->dispose (object);
}

static void
ring_learning_panel_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  RingLearningPanel *self = RING_LEARNING_PANEL (object);

  switch (prop_id)
    {
    case PROP_ANIMATION:
      g_value_set_object (value, self->animation);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_learning_panel_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  RingLearningPanel *self = RING_LEARNING_PANEL (object);

  switch (prop_id)
    {
    case PROP_ANIMATION:
      ring_learning_panel_set_animation (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_learning_panel_class_init (RingLearningPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_learning_panel_dispose;
  object_class->get_property = ring_learning_panel_get_property;
  object_class->set_property = ring_learning_panel_set_property;

  properties[PROP_ANIMATION] =
    g_param_spec_object ("animation", NULL, NULL, RING_TYPE_ANIMATION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ring-learning-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, algorithm_label);
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, phase_label);
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, step_label);
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, what_label);
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, why_label);
  gtk_widget_class_bind_template_child (widget_class, RingLearningPanel, play_button);
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ring_learning_panel_init (RingLearningPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  /* The phase label changes with every step, and the frame with every parameter. */
  self->animation_signals = g_signal_group_new (RING_TYPE_ANIMATION);
  g_signal_group_connect_swapped (self->animation_signals, "notify::phase-label",
                                  G_CALLBACK (update_texts), self);
  g_signal_group_connect_swapped (self->animation_signals, "notify::playing",
                                  G_CALLBACK (update_play_button), self);
  g_signal_group_connect_swapped (self->animation_signals, "notify::model",
                                  G_CALLBACK (follow_model), self);
  self->model_signals = g_signal_group_new (RING_TYPE_MODEL);
  g_signal_group_connect_swapped (self->model_signals, "changed",
                                  G_CALLBACK (update_texts), self);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("What the animation shows"), -1);
}
