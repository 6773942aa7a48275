/* ring-animation.c: the ring all-reduce animation widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <math.h>

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "ring-animation-private.h"
#include "ring-ring-draw.h"
#include "ring-schedule.h"
#include "ring-style.h"

/* The time mapping. A training step plays in a few seconds whatever the model's real
 * step time (microseconds to minutes), with the compute and the ring phase in proportion
 * to the model's compute_time_s (C) and allreduce_time_s (A), so a communication-bound
 * cluster visibly spends most of its step in the ring:
 *
 *   compute = TARGET_STEP_S · C / (C + A)        ring = TARGET_STEP_S · A / (C + A)
 *
 * Two floors keep every phase watchable. The ring phase lasts at least
 * min (2 (N − 1) · MIN_RING_STEP_S, MAX_RING_FLOOR_S), so each step of a small ring can
 * be followed; when that floor lifts the ring phase, the compute phase keeps its
 * proportion to it as far as MAX_STEP_S allows, so the longer phase stays the longer one.
 * The compute phase lasts at least MIN_COMPUTE_S. The 2 (N − 1) ring steps share the ring
 * phase evenly (each moves S/N bytes over every link at once). From a few dozen GPUs on a
 * step is shorter than a frame: frames then sample the schedule, and a million GPUs still
 * play all 2 097 150 steps in a few seconds, each frame showing the step the clock has
 * reached. The speed divides all of it. */
#define TARGET_STEP_S       6.0
#define MAX_STEP_S          8.0
#define MIN_COMPUTE_S       0.5
#define MIN_RING_STEP_S     0.25
#define MAX_RING_FLOOR_S    4.0
/* One GPU has no ring phase; its compute phase alone. */
#define SINGLE_GPU_STEP_S   2.0
/* ring_animation_ring_step() shows one step for at least this long. */
#define SINGLE_RING_STEP_S  0.5
/* While playing, the averaged gradient stays on screen this long before the next step. */
#define DONE_PAUSE_S        1.0
/* A frame late by more than this does not make the animation jump. */
#define MAX_TICK_S          0.25
/* Ring steps faster than this per second are sampled, not eased one by one. */
#define COLLAPSED_STEPS_PER_S 20.0
/* How much white a dark libadwaita .card lays over the window background. */
#define CARD_LIGHTEN_DARK   0.08

typedef enum
{
  MODE_HOLD,           /* nothing moves */
  MODE_TRAINING_STEP,  /* to the end of the training step under way */
  MODE_PLAY,           /* training steps back to back */
  MODE_RING_STEP,      /* to the end of the ring step under way */
} Mode;

struct _RingAnimation
{
  GtkWidget       parent_instance;

  RingModel      *model;
  GSignalGroup   *model_signals;

  guint           n_gpus;
  double          compute_time_s;       /* the model's */
  double          allreduce_time_s;
  double          compute_duration_s;   /* on screen, at 1× */
  double          ring_duration_s;

  double          speed;
  Mode            mode;
  RingFramePhase  phase;
  /* Compute: 0 … 1. Ring: ring steps done, 0 … 2 (N − 1), fractional mid-step.
   * Done: seconds the result has been shown. */
  double          position;
  guint           ring_step_target;
  guint           steps_completed;

  guint           tick_id;
  gint64          last_frame_time_us;
  gboolean        in_tick;

  RingStyle       style;
  char           *phase_label;
  int             described_phase;      /* what the accessible description says */
};

enum {
  PROP_0,
  PROP_MODEL,
  PROP_SPEED,
  PROP_PLAYING,
  PROP_RUNNING,
  PROP_STEPS_COMPLETED,
  PROP_PHASE_LABEL,
  N_PROPS
};

G_DEFINE_FINAL_TYPE (RingAnimation, ring_animation, GTK_TYPE_WIDGET)

static GParamSpec *properties[N_PROPS];

static void update_ticking (RingAnimation *self);

/* Durations and state */

static guint
n_ring_steps (RingAnimation *self)
{
  return ring_schedule_n_steps (self->n_gpus);
}

static void
update_durations (RingAnimation *self)
{
  guint n_steps = n_ring_steps (self);
  double compute_s = self->compute_time_s;
  double allreduce_s = self->allreduce_time_s;
  double ring_floor_s, total_s;

  if (n_steps == 0)
    {
      self->compute_duration_s = SINGLE_GPU_STEP_S;
      self->ring_duration_s = 0;
      return;
    }

  if (!(compute_s > 0) || !isfinite (compute_s))
    compute_s = 0;
  if (!(allreduce_s > 0) || !isfinite (allreduce_s))
    allreduce_s = 0;
  total_s = compute_s + allreduce_s;
  if (!(total_s > 0))
    {
      compute_s = allreduce_s = 1;
      total_s = 2;
    }

  ring_floor_s = MIN (n_steps * MIN_RING_STEP_S, MAX_RING_FLOOR_S);
  self->compute_duration_s = TARGET_STEP_S * compute_s / total_s;
  self->ring_duration_s = TARGET_STEP_S * allreduce_s / total_s;
  if (self->ring_duration_s < ring_floor_s)
    {
      self->ring_duration_s = ring_floor_s;
      self->compute_duration_s = allreduce_s > 0
                                   ? MIN (ring_floor_s * compute_s / allreduce_s,
                                          MAX_STEP_S - ring_floor_s)
                                   : MAX_STEP_S - ring_floor_s;
    }
  self->compute_duration_s = MAX (self->compute_duration_s, MIN_COMPUTE_S);
}

static void
sync_model (RingAnimation *self)
{
  if (self->model != NULL)
    {
      const RingResult *result = ring_model_get_result (self->model);

      self->n_gpus = ring_model_get_gpus (self->model);
      self->compute_time_s = result->compute_time_s;
      self->allreduce_time_s = result->allreduce_time_s;
    }
  else
    {
      self->n_gpus = (guint) ring_param_info (RING_PARAM_GPUS)->default_value;
      self->compute_time_s = 0;
      self->allreduce_time_s = 0;
    }

  self->n_gpus = MAX (self->n_gpus, 1);
  update_durations (self);
}

static double
ring_steps_per_second (RingAnimation *self)
{
  double step_s = self->ring_duration_s / MAX (n_ring_steps (self), 1);

  if (self->mode == MODE_RING_STEP)
    step_s = MAX (step_s, SINGLE_RING_STEP_S);

  return 1.0 / MAX (step_s, 1e-9);
}

static void
get_frame (RingAnimation *self,
           RingFrame     *frame)
{
  guint n_steps = n_ring_steps (self);

  ring_frame_init (frame, self->n_gpus);
  frame->phase = self->phase;
  frame->compute_time_s = self->compute_time_s;
  frame->allreduce_time_s = self->allreduce_time_s;

  switch (self->phase)
    {
    case RING_FRAME_COMPUTE:
      frame->progress = CLAMP (self->position, 0.0, 1.0);
      break;

    case RING_FRAME_RING_STEP:
      if (n_steps == 0)
        {
          frame->phase = RING_FRAME_DONE;
          break;
        }
      frame->step = MIN ((guint) floor (self->position), n_steps - 1);
      frame->progress = CLAMP (self->position - frame->step, 0.0, 1.0);
      frame->collapsed = ring_steps_per_second (self) * self->speed > COLLAPSED_STEPS_PER_S;
      break;

    case RING_FRAME_IDLE:
    case RING_FRAME_DONE:
    default:
      break;
    }
}

/* Idle, compute, scatter-reduce, all-gather, done: what the accessible description says. */
static int
phase_kind (const RingFrame *frame)
{
  if (frame->phase == RING_FRAME_RING_STEP)
    return ring_schedule_step_phase (frame->n_gpus, frame->step) == RING_PHASE_SCATTER_REDUCE
           ? 2 : 3;
  if (frame->phase == RING_FRAME_DONE)
    return 4;

  return frame->phase == RING_FRAME_COMPUTE ? 1 : 0;
}

/* After any change of state: the label, the accessible description, a redraw. */
static void
update_frame (RingAnimation *self)
{
  RingFrame frame;
  g_autofree char *label = NULL;

  get_frame (self, &frame);
  label = ring_frame_dup_phase_label (&frame);

  if (g_strcmp0 (label, self->phase_label) != 0)
    {
      gboolean describe_step = self->n_gpus <= RING_DRAW_MAX_CHUNK_GPUS;

      g_free (self->phase_label);
      self->phase_label = g_steal_pointer (&label);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE_LABEL]);

      /* Large rings change step every frame: tell assistive technologies the phase only. */
      if (describe_step || phase_kind (&frame) != self->described_phase)
        {
          self->described_phase = phase_kind (&frame);
          gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->phase_label,
                                          -1);
        }
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
update_accessible_label (RingAnimation *self)
{
  g_autofree char *label = NULL;

  /* Translators: the accessible name of the animation; %u is the number of GPUs. */
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Ring all-reduce of %u GPU",
                                        "Ring all-reduce of %u GPUs", self->n_gpus),
                           self->n_gpus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

static void
set_mode (RingAnimation *self,
          Mode           mode)
{
  gboolean was_playing = self->mode == MODE_PLAY;
  gboolean was_running = self->mode != MODE_HOLD;

  if (self->mode == mode)
    return;

  self->mode = mode;

  g_object_freeze_notify (G_OBJECT (self));
  if (was_playing != (mode == MODE_PLAY))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
  if (was_running != (mode != MODE_HOLD))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_object_thaw_notify (G_OBJECT (self));

  update_ticking (self);
}

static void
start_training_step (RingAnimation *self)
{
  self->phase = RING_FRAME_COMPUTE;
  self->position = 0;
}

static void
finish_training_step (RingAnimation *self)
{
  self->phase = RING_FRAME_DONE;
  self->position = 0;
  self->steps_completed++;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEPS_COMPLETED]);

  if (self->mode != MODE_PLAY)
    set_mode (self, MODE_HOLD);
}

static void
enter_ring_phase (RingAnimation *self)
{
  if (n_ring_steps (self) == 0)
    {
      finish_training_step (self);
      return;
    }

  self->phase = RING_FRAME_RING_STEP;
  self->position = 0;
}

/* Moves the state on by @seconds of wall time, across as many phases as they cover. */
static void
advance (RingAnimation *self,
         double         seconds)
{
  double remaining = MAX (seconds, 0.0) * self->speed;
  guint n_steps = n_ring_steps (self);

  /* Each turn of the loop finishes a phase or uses up the time; the bound only guards
   * against a bug turning this into a busy loop. */
  for (guint turn = 0; remaining > 0 && self->mode != MODE_HOLD && turn < 100000; turn++)
    {
      switch (self->phase)
        {
        case RING_FRAME_IDLE:
          start_training_step (self);
          break;

        case RING_FRAME_COMPUTE:
          {
            double left_s = (1 - self->position) * self->compute_duration_s;

            if (remaining < left_s)
              {
                self->position += remaining / self->compute_duration_s;
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                enter_ring_phase (self);
              }
          }
          break;

        case RING_FRAME_RING_STEP:
          {
            double steps_per_s = ring_steps_per_second (self);
            guint target = self->mode == MODE_RING_STEP ? self->ring_step_target : n_steps;
            double left_s = (target - self->position) / steps_per_s;

            if (remaining < left_s)
              {
                self->position += remaining * steps_per_s;
                remaining = 0;
              }
            else
              {
                remaining -= left_s;
                self->position = target;
                if (target >= n_steps)
                  finish_training_step (self);
                else
                  set_mode (self, MODE_HOLD);
              }
          }
          break;

        case RING_FRAME_DONE:
          if (self->mode != MODE_PLAY)
            {
              set_mode (self, MODE_HOLD);
            }
          else if (remaining < DONE_PAUSE_S - self->position)
            {
              self->position += remaining;
              remaining = 0;
            }
          else
            {
              remaining -= DONE_PAUSE_S - self->position;
              start_training_step (self);
            }
          break;

        default:
          g_assert_not_reached ();
        }
    }

  update_frame (self);
}

/* Ticking: only while something moves and the widget is on screen */

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *frame_clock,
         gpointer       user_data)
{
  RingAnimation *self = RING_ANIMATION (widget);
  gint64 now_us = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->last_frame_time_us >= 0 && now_us > self->last_frame_time_us)
    {
      self->in_tick = TRUE;
      advance (self, MIN ((now_us - self->last_frame_time_us) / (double) G_USEC_PER_SEC,
                          MAX_TICK_S));
      self->in_tick = FALSE;
    }
  self->last_frame_time_us = now_us;

  if (self->mode == MODE_HOLD || !gtk_widget_get_mapped (widget))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
update_ticking (RingAnimation *self)
{
  gboolean wanted = self->mode != MODE_HOLD && gtk_widget_get_mapped (GTK_WIDGET (self));

  if (wanted && self->tick_id == 0)
    {
      self->last_frame_time_us = -1;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), tick_cb, NULL, NULL);
    }
  else if (!wanted && self->tick_id != 0 && !self->in_tick)
    {
      /* Inside the callback, returning G_SOURCE_REMOVE does this. */
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

/* Signal handlers */

static void
model_changed_cb (RingAnimation *self)
{
  g_assert (RING_IS_ANIMATION (self));

  /* A step under way restarts from its compute phase with the new parameters: its
   * schedule and its times belonged to the old ones. */
  sync_model (self);
  update_accessible_label (self);

  if (self->mode == MODE_RING_STEP)
    set_mode (self, MODE_HOLD);

  if (self->mode != MODE_HOLD)
    start_training_step (self);
  else
    {
      self->phase = RING_FRAME_IDLE;
      self->position = 0;
    }

  update_frame (self);
}

static void
update_style (RingAnimation *self)
{
  RingColor *background = &self->style.background;

  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    {
      ring_style_init_dark (&self->style);
      /* libadwaita 1.2 paints a dark .card rgba(255,255,255,0.08) over the window's
       * #242424, about #363636. */
      background->red += (1 - background->red) * CARD_LIGHTEN_DARK;
      background->green += (1 - background->green) * CARD_LIGHTEN_DARK;
      background->blue += (1 - background->blue) * CARD_LIGHTEN_DARK;
    }
  else
    {
      /* A light .card is #ffffff, the light style's background already. */
      ring_style_init_light (&self->style);
    }

  /* The animation sits in a .card (ring-window.ui): the card shows through, and the
   * drawing blends with the card's colour. */
  background->alpha = 0;

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* GtkWidget */

static void
ring_animation_snapshot (GtkWidget   *widget,
                         GtkSnapshot *snapshot)
{
  RingAnimation *self = RING_ANIMATION (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GskRoundedRect outline;
  RingFrame frame;
  cairo_t *cr;

  if (width <= 0 || height <= 0)
    return;

  get_frame (self, &frame);

  /* Adwaita's cards round their corners by 12 px; the card paints the background. */
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), 12);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  ring_ring_draw (cr, width, height, &frame, &self->style);
  cairo_destroy (cr);
  gtk_snapshot_pop (snapshot);
}

static void
ring_animation_measure (GtkWidget      *widget,
                        GtkOrientation  orientation,
                        int             for_size,
                        int            *minimum,
                        int            *natural,
                        int            *minimum_baseline,
                        int            *natural_baseline)
{
  /* The drawing stays legible down to about 320 × 300 and looks best from 640 × 520. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 320;
      *natural = 640;
    }
  else
    {
      *minimum = 300;
      *natural = 520;
    }
}

static void
ring_animation_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (ring_animation_parent_class)->map (widget);

  update_ticking (RING_ANIMATION (widget));
}

static void
ring_animation_unmap (GtkWidget *widget)
{
  RingAnimation *self = RING_ANIMATION (widget);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (widget, self->tick_id);
      self->tick_id = 0;
    }

  GTK_WIDGET_CLASS (ring_animation_parent_class)->unmap (widget);
}

/* GObject */

static void
ring_animation_dispose (GObject *object)
{
  RingAnimation *self = RING_ANIMATION (object);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }

  if (self->model_signals != NULL)
    g_signal_group_set_target (self->model_signals, NULL);
  g_clear_object (&self->model_signals);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_animation_parent_class)->dispose (object);
}

static void
ring_animation_finalize (GObject *object)
{
  RingAnimation *self = RING_ANIMATION (object);

  g_clear_pointer (&self->phase_label, g_free);

  G_OBJECT_CLASS (ring_animation_parent_class)->finalize (object);
}

static void
ring_animation_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  RingAnimation *self = RING_ANIMATION (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_SPEED:
      g_value_set_double (value, self->speed);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, ring_animation_get_playing (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, ring_animation_get_running (self));
      break;
    case PROP_STEPS_COMPLETED:
      g_value_set_uint (value, self->steps_completed);
      break;
    case PROP_PHASE_LABEL:
      g_value_set_string (value, self->phase_label);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_animation_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  RingAnimation *self = RING_ANIMATION (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_animation_set_model (self, g_value_get_object (value));
      break;
    case PROP_SPEED:
      ring_animation_set_speed (self, g_value_get_double (value));
      break;
    case PROP_PLAYING:
      ring_animation_set_playing (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_animation_class_init (RingAnimationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_animation_dispose;
  object_class->finalize = ring_animation_finalize;
  object_class->get_property = ring_animation_get_property;
  object_class->set_property = ring_animation_set_property;

  widget_class->snapshot = ring_animation_snapshot;
  widget_class->measure = ring_animation_measure;
  widget_class->map = ring_animation_map;
  widget_class->unmap = ring_animation_unmap;

  properties[PROP_MODEL] =
    g_param_spec_object ("model", NULL, NULL,
                         RING_TYPE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_SPEED] =
    g_param_spec_double ("speed", NULL, NULL,
                         0.25, 8.0, 1.0,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL,
                          FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_STEPS_COMPLETED] =
    g_param_spec_uint ("steps-completed", NULL, NULL,
                       0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  properties[PROP_PHASE_LABEL] =
    g_param_spec_string ("phase-label", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "ringanimation");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ring_animation_init (RingAnimation *self)
{
  self->speed = 1.0;
  self->mode = MODE_HOLD;
  self->phase = RING_FRAME_IDLE;
  self->last_frame_time_us = -1;
  self->described_phase = -1;

  self->model_signals = g_signal_group_new (RING_TYPE_MODEL);
  g_signal_group_connect_object (self->model_signals, "changed",
                                 G_CALLBACK (model_changed_cb), self, G_CONNECT_SWAPPED);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (update_style), self, G_CONNECT_SWAPPED);
  update_style (self);

  sync_model (self);
  update_accessible_label (self);
  update_frame (self);
}

/* Public API */

GtkWidget *
ring_animation_new (RingModel *model)
{
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), NULL);

  return g_object_new (RING_TYPE_ANIMATION, "model", model, NULL);
}

RingModel *
ring_animation_get_model (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), NULL);

  return self->model;
}

void
ring_animation_set_model (RingAnimation *self,
                          RingModel     *model)
{
  g_return_if_fail (RING_IS_ANIMATION (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!g_set_object (&self->model, model))
    return;

  g_signal_group_set_target (self->model_signals, model);
  model_changed_cb (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

double
ring_animation_get_speed (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 1.0);

  return self->speed;
}

void
ring_animation_set_speed (RingAnimation *self,
                          double         speed)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  speed = CLAMP (speed, 0.25, 8.0);
  if (speed == self->speed)
    return;

  self->speed = speed;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

gboolean
ring_animation_get_playing (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return self->mode == MODE_PLAY;
}

void
ring_animation_set_playing (RingAnimation *self,
                            gboolean       playing)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  if (playing)
    ring_animation_play (self);
  else if (self->mode == MODE_PLAY)
    ring_animation_pause (self);
}

gboolean
ring_animation_get_running (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return self->mode != MODE_HOLD;
}

guint
ring_animation_get_steps_completed (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return self->steps_completed;
}

const char *
ring_animation_get_phase_label (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), NULL);

  return self->phase_label;
}

void
ring_animation_run_training_step (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  if (self->phase == RING_FRAME_IDLE || self->phase == RING_FRAME_DONE)
    start_training_step (self);

  set_mode (self, MODE_TRAINING_STEP);
  update_frame (self);
}

void
ring_animation_play (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  if (self->phase == RING_FRAME_IDLE
      || (self->phase == RING_FRAME_DONE && self->mode != MODE_PLAY))
    start_training_step (self);

  set_mode (self, MODE_PLAY);
  update_frame (self);
}

void
ring_animation_pause (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  set_mode (self, MODE_HOLD);
}

void
ring_animation_ring_step (RingAnimation *self)
{
  guint n_steps;

  g_return_if_fail (RING_IS_ANIMATION (self));

  n_steps = n_ring_steps (self);
  if (n_steps == 0)
    {
      /* One GPU has no ring: its step is the compute phase alone. */
      ring_animation_run_training_step (self);
      return;
    }

  if (self->phase != RING_FRAME_RING_STEP)
    {
      /* The gradients are taken as computed: the ring starts now. */
      self->phase = RING_FRAME_RING_STEP;
      self->position = 0;
    }

  self->ring_step_target = MIN ((guint) floor (self->position) + 1, n_steps);
  set_mode (self, MODE_RING_STEP);
  update_frame (self);
}

void
ring_animation_reset (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  set_mode (self, MODE_HOLD);
  self->phase = RING_FRAME_IDLE;
  self->position = 0;

  if (self->steps_completed != 0)
    {
      self->steps_completed = 0;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STEPS_COMPLETED]);
    }

  update_frame (self);
}

/* Test hooks */

void
_ring_animation_advance (RingAnimation *self,
                         double         seconds)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  advance (self, seconds);
}

gboolean
_ring_animation_is_ticking (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return self->tick_id != 0;
}

void
_ring_animation_get_frame (RingAnimation *self,
                           RingFrame     *frame)
{
  g_return_if_fail (RING_IS_ANIMATION (self));
  g_return_if_fail (frame != NULL);

  get_frame (self, frame);
}

double
_ring_animation_get_compute_duration (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return self->compute_duration_s;
}

double
_ring_animation_get_ring_duration (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return self->ring_duration_s;
}
