/* ring-animation.c: the ring all-reduce animation widget.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n-lib.h>

#include "ring-animation-private.h"
#include "ring-tooltip.h"
#include "ring-animation-draw.h"
#include "ring-model-follow.h"
#include "ring-schedule.h"
#include "ring-step-clock.h"
#include "ring-style.h"

/* A clicked link runs at this fraction of its bandwidth, unless one was chosen before. */
#define CLICKED_LINK_FRACTION 0.25
/* A frame late by more than this does not make the animation jump. */
#define MAX_TICK_S          0.25
/* How much white a dark libadwaita .card lays over the window background. */
#define CARD_LIGHTEN_DARK   0.08
/* Parameters unchanged this long have come to rest (a slider let go). */
#define PREPARE_REST_MS     250

/* The widget draws and schedules; when what happens and for how long (the time mapping
 * from the model's times to the screen, the compute phase, the ring steps, the steps
 * completed) is the clock's business, in src/render/ring-step-clock.c. */
struct _RingAnimation
{
  GtkWidget       parent_instance;

  RingModel      *model;
  GSignalGroup   *model_signals;
  RingStepClock  *clock;

  guint           tick_id;
  gint64          last_frame_time_us;
  gboolean        in_tick;

  RingStyle       style;
  /* What stays of a frame, drawn once per size, scale, style, model and phase. */
  RingAnimationCache *cache;
  char           *phase_label;
  int             described_phase;      /* what the accessible description says */
  guint           draw_count;           /* snapshots drawn, for tests */
  /* Set while the parameters move and nothing plays: frames are drawn without the cache,
   * whose worker is asked for their planes once the parameters rest. */
  guint           rest_id;
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

static void   update_ticking        (RingAnimation *self);
static double ring_animation_scale  (GtkWidget     *widget);

/* Idle, compute, done, and each phase of the schedule (the ring's scatter-reduce and
 * all-gather): what the accessible description says. */
static int
phase_kind (const RingFrame *frame)
{
  RingFrame normal = ring_frame_normalize (frame);

  if (normal.phase == RING_FRAME_RING_STEP && normal.simulation != NULL)
    return 3 + ring_schedule_get_step_phase (ring_simulation_get_schedule (normal.simulation),
                                             normal.step);
  if (normal.phase == RING_FRAME_RING_STEP)
    return ring_schedule_step_phase (normal.n_gpus, normal.step) == RING_PHASE_SCATTER_REDUCE
           ? 3 : 4;
  if (normal.phase == RING_FRAME_DONE)
    return 2;

  return normal.phase == RING_FRAME_COMPUTE ? 1 : 0;
}

/* After the frame changed: the label, the accessible description, a redraw. */
static void
update_frame (RingAnimation *self)
{
  RingFrame frame;
  g_autofree char *label = NULL;

  ring_step_clock_get_frame (self->clock, &frame);
  label = ring_frame_dup_phase_label (&frame);

  if (g_strcmp0 (label, self->phase_label) != 0)
    {
      gboolean describe_step = frame.n_gpus <= RING_ANIMATION_MAX_CHUNK_GPUS;

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

/* Turns what the clock reports into notifications, the tick callback and a redraw. */
static void
apply_changes (RingAnimation        *self,
               RingStepClockChanges  changes)
{
  GObject *object = G_OBJECT (self);

  if (changes & (RING_STEP_CLOCK_STEP_COMPLETED | RING_STEP_CLOCK_COUNT_RESET))
    g_object_notify_by_pspec (object, properties[PROP_STEPS_COMPLETED]);

  g_object_freeze_notify (object);
  if (changes & RING_STEP_CLOCK_PLAYING_CHANGED)
    g_object_notify_by_pspec (object, properties[PROP_PLAYING]);
  if (changes & RING_STEP_CLOCK_RUNNING_CHANGED)
    g_object_notify_by_pspec (object, properties[PROP_RUNNING]);
  g_object_thaw_notify (object);

  if (changes & RING_STEP_CLOCK_RUNNING_CHANGED)
    update_ticking (self);
  /* Playing draws with the cache from the first frame, which asks the worker. */
  if ((changes & RING_STEP_CLOCK_RUNNING_CHANGED) && ring_step_clock_get_running (self->clock))
    g_clear_handle_id (&self->rest_id, g_source_remove);

  if (changes & RING_STEP_CLOCK_FRAME_CHANGED)
    update_frame (self);
}

static void
update_accessible_label (RingAnimation *self)
{
  guint n_gpus = ring_step_clock_get_n_gpus (self->clock);
  g_autofree char *label = NULL;

  /* Translators: the accessible name of the animation; %u is the number of GPUs. */
  label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Ring all-reduce of %u GPU",
                                        "Ring all-reduce of %u GPUs", n_gpus),
                           n_gpus);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  -1);
}

/* Ticking: only while something moves and the widget is on screen */

static gboolean
ring_animation_tick_cb (GtkWidget     *widget,
                        GdkFrameClock *frame_clock,
                        gpointer       user_data)
{
  RingAnimation *self = RING_ANIMATION (widget);
  gint64 now_us = gdk_frame_clock_get_frame_time (frame_clock);

  if (self->last_frame_time_us >= 0 && now_us > self->last_frame_time_us)
    {
      double seconds = (now_us - self->last_frame_time_us) / (double) G_USEC_PER_SEC;

      self->in_tick = TRUE;
      apply_changes (self, ring_step_clock_advance (self->clock, MIN (seconds, MAX_TICK_S)));
      self->in_tick = FALSE;
    }
  self->last_frame_time_us = now_us;

  if (!ring_step_clock_get_running (self->clock) || !gtk_widget_get_mapped (widget))
    {
      self->tick_id = 0;
      return G_SOURCE_REMOVE;
    }

  return G_SOURCE_CONTINUE;
}

static void
update_ticking (RingAnimation *self)
{
  gboolean wanted = ring_step_clock_get_running (self->clock)
                    && gtk_widget_get_mapped (GTK_WIDGET (self));

  if (wanted && self->tick_id == 0)
    {
      self->last_frame_time_us = -1;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), ring_animation_tick_cb,
                                                    NULL, NULL);
    }
  else if (!wanted && self->tick_id != 0 && !self->in_tick)
    {
      /* Inside the callback, returning G_SOURCE_REMOVE does this. */
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
}

/* Resting: while a slider moves the parameters with nothing playing, each change set the
 * cache's worker drawing planes that the next change threw away, about 6 ms of CPU a
 * change in a 1920×1080 window, taken from the core the X server and the window's thread
 * share (bench-interaction). The frames are drawn in place, without the cache, as the
 * cache draws the first frame after a change anyway, until the parameters rest; the
 * worker is asked then, so a Run finds its planes. */

static void
prepare_now (RingAnimation *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  RingFrame frame;

  g_clear_handle_id (&self->rest_id, g_source_remove);
  ring_step_clock_get_frame (self->clock, &frame);
  ring_animation_cache_set_scale_factor (self->cache, ring_animation_scale (widget));
  ring_animation_cache_prepare (self->cache, gtk_widget_get_width (widget),
                                gtk_widget_get_height (widget), &frame, &self->style);
}

static gboolean
ring_animation_rest_cb (gpointer user_data)
{
  RingAnimation *self = RING_ANIMATION (user_data);

  self->rest_id = 0;
  prepare_now (self);

  return G_SOURCE_REMOVE;
}

static void
wait_for_rest (RingAnimation *self)
{
  g_clear_handle_id (&self->rest_id, g_source_remove);
  self->rest_id = g_timeout_add (PREPARE_REST_MS, ring_animation_rest_cb, self);
}

/* Signal handlers */

/* A click on a link slows it to a quarter; on the slow link, gives it its speed back. */
static void
ring_animation_released_cb (GtkGestureClick *gesture,
                            int              n_press,
                            double           x,
                            double           y,
                            RingAnimation   *self)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  RingParams params;
  RingFrame frame;
  guint link;

  if (self->model == NULL)
    return;

  ring_step_clock_get_frame (self->clock, &frame);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cr = cairo_create (surface);
  link = ring_animation_draw_link_at (cr, gtk_widget_get_width (GTK_WIDGET (self)),
                                      gtk_widget_get_height (GTK_WIDGET (self)), &frame,
                                      &self->style, x, y);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  if (link == G_MAXUINT)
    return;

  params = *ring_model_get_params (self->model);
  if (params.slow_link == link && params.slow_link_fraction < 1)
    params.slow_link_fraction = 1;
  else
    {
      params.slow_link = link;
      if (params.slow_link_fraction >= 1)
        params.slow_link_fraction = CLICKED_LINK_FRACTION;
    }
  ring_model_set_params (self->model, &params);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
ring_animation_model_changed_cb (RingAnimation *self)
{
  g_assert (RING_IS_ANIMATION (self));

  /* A step under way restarts from its compute phase with the new parameters: its
   * schedule and its times belonged to the old ones. */
  ring_animation_cache_invalidate (self->cache);
  apply_changes (self, ring_step_clock_load_model (self->clock, self->model));
  update_accessible_label (self);
  if (!ring_step_clock_get_running (self->clock))
    wait_for_rest (self);
}

static void
ring_animation_style_changed_cb (RingAnimation *self)
{
  RingColor *background = &self->style.background;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  /* A light .card is #ffffff, the light style's background already; libadwaita 1.2 paints
   * a dark .card rgba(255,255,255,0.08) over the window's #242424, about #363636. */
  ring_style_init (&self->style, dark);
  if (dark)
    {
      background->red += (1 - background->red) * CARD_LIGHTEN_DARK;
      background->green += (1 - background->green) * CARD_LIGHTEN_DARK;
      background->blue += (1 - background->blue) * CARD_LIGHTEN_DARK;
    }

  /* The animation sits in a .card (ring-window.ui): the card shows through, and the
   * drawing blends with the card's colour. */
  background->alpha = 0;

  ring_animation_cache_invalidate (self->cache);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* GtkWidget */

/* The pixels per unit the widget's drawing is replayed at: fractional since GTK 4.12. */
static double
ring_animation_scale (GtkWidget *widget)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  GtkNative *native = gtk_widget_get_native (widget);

  if (native != NULL && gtk_native_get_surface (native) != NULL)
    return gdk_surface_get_scale (gtk_native_get_surface (native));
#endif

  return gtk_widget_get_scale_factor (widget);
}

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

  ring_step_clock_get_frame (self->clock, &frame);
  self->draw_count++;

  /* Adwaita's cards round their corners by 12 px; the card paints the background. */
  gsk_rounded_rect_init_from_rect (&outline, &GRAPHENE_RECT_INIT (0, 0, width, height), 12);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (self->rest_id != 0)
    {
      /* As the cache draws a frame whose planes are not ready. */
      RingFrame normal = ring_frame_normalize (&frame);

      ring_animation_draw (cr, width, height, &normal, &self->style);
    }
  else
    {
      ring_animation_cache_set_scale_factor (self->cache, ring_animation_scale (widget));
      ring_animation_draw_cached (cr, width, height, &frame, &self->style, self->cache);
    }
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

  g_clear_object (&self->model_signals);
  g_clear_handle_id (&self->rest_id, g_source_remove);

  if (self->tick_id != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }

  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_animation_parent_class)->dispose (object);
}

static void
ring_animation_finalize (GObject *object)
{
  RingAnimation *self = RING_ANIMATION (object);

  g_clear_pointer (&self->phase_label, g_free);
  /* The cache first: its worker may still draw the clock's timeline. */
  g_clear_pointer (&self->cache, ring_animation_cache_free);
  g_clear_pointer (&self->clock, ring_step_clock_free);

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
      g_value_set_double (value, ring_step_clock_get_speed (self->clock));
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, ring_animation_get_playing (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, ring_animation_get_running (self));
      break;
    case PROP_STEPS_COMPLETED:
      g_value_set_uint (value, ring_step_clock_get_steps_completed (self->clock));
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
    _ring_model_follow_param_spec ();

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
  GtkGesture *click;

  self->clock = ring_step_clock_new ();
  self->cache = ring_animation_cache_new ();
  /* A phase change while playing finds its planes drawn already. */
  ring_animation_cache_set_prepare_ahead (self->cache, TRUE);
  self->last_frame_time_us = -1;
  self->described_phase = -1;

  click = gtk_gesture_click_new ();
  g_signal_connect_object (click, "released", G_CALLBACK (ring_animation_released_cb), self,
                           G_CONNECT_DEFAULT);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
  ring_tooltip_set_text (GTK_WIDGET (self),
                         _("Click a link to slow it to a quarter of its bandwidth; "
                           "click it again to give its speed back"));

  self->model_signals = _ring_model_follow_new (self,
                                                G_CALLBACK (ring_animation_model_changed_cb));

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (ring_animation_style_changed_cb), self, G_CONNECT_SWAPPED);
  ring_animation_style_changed_cb (self);

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

  if (!_ring_model_follow_set (&self->model, self->model_signals, model))
    return;

  ring_animation_model_changed_cb (self);

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

double
ring_animation_get_speed (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 1.0);

  return ring_step_clock_get_speed (self->clock);
}

void
ring_animation_set_speed (RingAnimation *self,
                          double         speed)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  speed = CLAMP (speed, 0.25, 8.0);
  if (speed == ring_step_clock_get_speed (self->clock))
    return;

  apply_changes (self, ring_step_clock_set_speed (self->clock, speed));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SPEED]);
}

gboolean
ring_animation_get_playing (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return ring_step_clock_get_playing (self->clock);
}

void
ring_animation_set_playing (RingAnimation *self,
                            gboolean       playing)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  if (playing)
    ring_animation_play (self);
  else if (ring_step_clock_get_playing (self->clock))
    ring_animation_pause (self);
}

gboolean
ring_animation_get_running (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return ring_step_clock_get_running (self->clock);
}

guint
ring_animation_get_steps_completed (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return ring_step_clock_get_steps_completed (self->clock);
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

  apply_changes (self, ring_step_clock_run_training_step (self->clock));
}

void
ring_animation_play (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_play (self->clock));
}

void
ring_animation_pause (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_pause (self->clock));
}

void
ring_animation_ring_step (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_ring_step (self->clock));
}

void
ring_animation_previous_ring_step (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_previous_ring_step (self->clock));
}

void
ring_animation_reset (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_reset (self->clock));
}

/* Test hooks */

void
_ring_animation_advance (RingAnimation *self,
                         double         seconds)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  apply_changes (self, ring_step_clock_advance (self->clock, seconds));
}

gboolean
_ring_animation_is_ticking (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return self->tick_id != 0;
}

void
ring_animation_get_frame (RingAnimation *self,
                          RingFrame     *frame)
{
  g_return_if_fail (RING_IS_ANIMATION (self));
  g_return_if_fail (frame != NULL);

  ring_step_clock_get_frame (self->clock, frame);
}

double
_ring_animation_get_compute_duration (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return ring_step_clock_get_compute_duration (self->clock);
}

double
_ring_animation_get_ring_duration (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return ring_step_clock_get_ring_duration (self->clock);
}

guint
_ring_animation_get_draw_count (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return self->draw_count;
}

guint
_ring_animation_get_cache_builds (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return ring_animation_cache_get_n_builds (self->cache);
}

guint
_ring_animation_get_cache_direct (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), 0);

  return ring_animation_cache_get_n_direct (self->cache);
}

gboolean
_ring_animation_get_moving (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  return self->rest_id != 0;
}

gboolean
_ring_animation_settle (RingAnimation *self)
{
  g_return_val_if_fail (RING_IS_ANIMATION (self), FALSE);

  if (self->rest_id == 0)
    return FALSE;
  prepare_now (self);

  return TRUE;
}

void
_ring_animation_wait_prepared (RingAnimation *self)
{
  g_return_if_fail (RING_IS_ANIMATION (self));

  ring_animation_cache_wait_prepared (self->cache);
}
