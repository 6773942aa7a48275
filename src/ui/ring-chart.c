/* ring-chart.c: one scaling chart, drawn by ring-plot and redrawn only when the model or
 * the style changes; pointing at it (or moving a cursor with the arrow keys) shows a
 * crosshair and the values there, drawn over the cached chart.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "ring-chart-private.h"
#include "ring-chart-readout.h"
#include "ring-model-follow.h"

/* What the readout follows. */
typedef enum
{
  READOUT_NONE,
  READOUT_POINTER,
  READOUT_CURSOR,
} ReadoutSource;

struct _RingChart
{
  GtkWidget      parent_instance;

  RingModel     *model;
  GSignalGroup  *model_signals;
  RingChartKind  kind;

  /* Shown instead of the chart when PLplot cannot draw. */
  GtkWidget     *empty_label;

  /* The last rendered chart, re-used while size, style and model are unchanged, so a
   * window repaint does not run PLplot again. */
  GskRenderNode *cached_node;
  int            cached_width;
  int            cached_height;
  int            cached_scale;
  gboolean       cached_dark;
  guint64        cached_generation;
  guint64        generation;      /* bumped on every "changed" of the model */
  guint          render_count;
  /* The series and plot area of the cached chart, for the readout. */
  RingChartProbe *probe;
  /* The body of the chart as last drawn: a slider step that leaves it as it was draws
   * only the title's configuration and the marker. */
  RingChartCache *body_cache;

  /* The readout shown over the chart, re-read when the chart is drawn again. */
  ReadoutSource     readout_source;
  double            pointer_x;
  double            pointer_y;
  guint             cursor_point;
  RingChartReadout *readout;

  GtkEventController *motion;
  GtkGesture         *click;
  GtkEventController *keys;
};

G_DEFINE_FINAL_TYPE (RingChart, ring_chart, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
invalidate (RingChart *self)
{
  g_clear_pointer (&self->cached_node, gsk_render_node_unref);
  g_clear_pointer (&self->probe, ring_chart_probe_free);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Screen readers hear what the readout shows, or what the chart is when it shows nothing. */
static void
update_accessible_description (RingChart *self)
{
  if (self->readout != NULL && self->readout->inside)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, self->readout->text,
                                    -1);
  else
    gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    _("Point at the chart, or use the arrow keys, to read its values"),
                                    -1);
}

/* Reads the readout again from the cached chart's series; without one (the model changed
 * and the chart is not drawn yet) it waits for the next snapshot. */
static void
read_readout (RingChart *self)
{
  g_clear_pointer (&self->readout, ring_chart_readout_free);

  if (self->probe != NULL)
    {
      switch (self->readout_source)
        {
        case READOUT_POINTER:
          self->readout = ring_chart_probe_read_at (self->probe, self->pointer_x,
                                                    self->pointer_y);
          break;
        case READOUT_CURSOR:
          self->readout = ring_chart_probe_read_point (self->probe, self->cursor_point);
          break;
        case READOUT_NONE:
        default:
          break;
        }
    }
}

static void
update_readout (RingChart *self)
{
  read_readout (self);
  update_accessible_description (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
ring_chart_motion_cb (GtkEventControllerMotion *controller,
                      double                    x,
                      double                    y,
                      RingChart                *self)
{
  self->readout_source = READOUT_POINTER;
  self->pointer_x = x;
  self->pointer_y = y;
  update_readout (self);
}

static void
ring_chart_leave_cb (GtkEventControllerMotion *controller,
                     RingChart                *self)
{
  if (self->readout_source != READOUT_POINTER)
    return;

  self->readout_source = READOUT_NONE;
  update_readout (self);
}

/* A click on a chart over GPUs sets the model's ring to the GPU count there. */
static void
ring_chart_click_pressed_cb (GtkGestureClick *gesture,
                             int              n_press,
                             double           x,
                             double           y,
                             RingChart       *self)
{
  g_autoptr(RingChartReadout) readout = NULL;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (n_press != 1 || self->probe == NULL || self->model == NULL)
    return;

  readout = ring_chart_probe_read_at (self->probe, x, y);
  if (readout->inside && readout->gpus > 0
      && readout->gpus != ring_model_get_value (self->model, RING_PARAM_GPUS))
    ring_model_set_value (self->model, RING_PARAM_GPUS, readout->gpus);
}

static gboolean
ring_chart_key_pressed_cb (GtkEventControllerKey *controller,
                           guint                  keyval,
                           guint                  keycode,
                           GdkModifierType        state,
                           RingChart             *self)
{
  guint n = self->probe != NULL ? ring_chart_probe_get_n_points (self->probe) : 0;
  guint point;

  if (keyval == GDK_KEY_Escape)
    {
      if (self->readout_source == READOUT_NONE)
        return FALSE;
      self->readout_source = READOUT_NONE;
      update_readout (self);
      return TRUE;
    }

  if (n == 0 || (keyval != GDK_KEY_Left && keyval != GDK_KEY_KP_Left
                 && keyval != GDK_KEY_Right && keyval != GDK_KEY_KP_Right
                 && keyval != GDK_KEY_Home && keyval != GDK_KEY_KP_Home
                 && keyval != GDK_KEY_End && keyval != GDK_KEY_KP_End))
    return FALSE;

  /* The cursor steps on from its point (on the step timeline two segments may share an
   * x), else starts where the readout is, else at the model's GPU count. */
  if (self->readout_source == READOUT_CURSOR)
    point = self->cursor_point;
  else if (self->readout != NULL && self->readout->inside)
    point = ring_chart_probe_nearest_point (self->probe, self->readout->x);
  else
    point = ring_chart_probe_nearest_point (self->probe,
                                            self->model != NULL
                                            ? ring_model_get_value (self->model, RING_PARAM_GPUS) : 1);

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      if (self->readout_source != READOUT_NONE && point > 0)
        point--;
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      if (self->readout_source != READOUT_NONE && point + 1 < n)
        point++;
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      point = 0;
      break;
    default:
      point = n - 1;
      break;
    }

  self->readout_source = READOUT_CURSOR;
  self->cursor_point = point;
  update_readout (self);

  return TRUE;
}

static void
ring_chart_model_changed_cb (RingChart *self)
{
  self->generation++;
  invalidate (self);
}

static void
ring_chart_style_changed_cb (RingChart *self)
{
  invalidate (self);
}

static void
update_accessible_label (RingChart *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  ring_chart_kind_get_title (self->kind),
                                  -1);
}

/* The chart drawn into pixels of the widget's scale, which the node paints: the renderer
 * then copies an image instead of replaying every line and glyph PLplot drew, and the
 * kept body can be reused. */
static GskRenderNode *
render (RingChart *self,
        int        width,
        int        height,
        int        scale,
        gboolean   dark)
{
  GskRenderNode *node;
  cairo_surface_t *pixels;
  RingStyle style;
  cairo_t *cr;

  ring_style_init (&style, dark);

  pixels = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width * scale, height * scale);
  cairo_surface_set_device_scale (pixels, scale, scale);
  cr = cairo_create (pixels);
  g_clear_pointer (&self->probe, ring_chart_probe_free);
  if (self->body_cache == NULL)
    self->body_cache = ring_chart_cache_new ();
  ring_chart_draw_probed (self->kind, self->model, cr, width, height, &style,
                          self->body_cache, &self->probe);
  self->render_count++;
  cairo_destroy (cr);

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gsk_cairo_node_get_draw_context (node);
  cairo_set_source_surface (cr, pixels, 0, 0);
  cairo_paint (cr);
  cairo_destroy (cr);
  cairo_surface_destroy (pixels);

  return node;
}

/* The crosshair and the readout's box, over the chart: a pointer move draws only these. */
static void
snapshot_readout (RingChart   *self,
                  GtkSnapshot *snapshot,
                  int          width,
                  int          height)
{
  RingChartReadout *readout = self->readout;
  g_autoptr(PangoLayout) layout = NULL;
  GdkRGBA foreground, background, line;
  RingStyle style;
  double left, top, right, bottom;
  int text_width, text_height;
  float box_x, box_y, box_width, box_height, pointer_y;
  const float pad = 6;
  GskRoundedRect outline;
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  if (readout == NULL || !readout->inside || self->probe == NULL)
    return;

  /* The chart's own colours, so the box reads as part of it. */
  ring_style_init (&style, dark);
  foreground = (GdkRGBA) { style.foreground.red, style.foreground.green,
                           style.foreground.blue, 1.0f };
  background = (GdkRGBA) { style.background.red, style.background.green,
                           style.background.blue, 0.94f };
  line = foreground;
  line.alpha = 0.55f;

  ring_chart_probe_get_plot_area (self->probe, &left, &top, &right, &bottom);
  gtk_snapshot_append_color (snapshot, &line,
                             &GRAPHENE_RECT_INIT (round (readout->x_px) - 0.5f, top,
                                                  1, bottom - top));
  if (isfinite (readout->y_px))
    gtk_snapshot_append_color (snapshot, &line,
                               &GRAPHENE_RECT_INIT (left, round (readout->y_px) - 0.5f,
                                                    right - left, 1));

  /* A dot where each curve crosses the crosshair, where the chart says where. */
  for (guint i = 0; i < readout->values->len; i++)
    {
      const RingChartReadoutValue *value = &g_array_index (readout->values,
                                                           RingChartReadoutValue, i);
      GskRoundedRect dot;

      if (!isfinite (value->y_px))
        continue;
      gsk_rounded_rect_init_from_rect (&dot, &GRAPHENE_RECT_INIT (readout->x_px - 4,
                                                                  value->y_px - 4, 8, 8), 4);
      gtk_snapshot_push_rounded_clip (snapshot, &dot);
      gtk_snapshot_append_color (snapshot, &foreground, &dot.bounds);
      gtk_snapshot_pop (snapshot);
      gtk_snapshot_append_border (snapshot, &dot, (float[4]) { 1.5f, 1.5f, 1.5f, 1.5f },
                                  (GdkRGBA[4]) { background, background, background,
                                                 background });
    }

  /* The x value once, in bold, over one line a curve; screen readers get readout->text. */
  {
    g_autoptr(GString) markup = g_string_new (NULL);
    g_autofree char *header = g_markup_printf_escaped ("<b>%s</b>", readout->x_text);

    g_string_append (markup, header);
    for (guint i = 0; i < readout->values->len; i++)
      {
        const RingChartReadoutValue *value = &g_array_index (readout->values,
                                                             RingChartReadoutValue, i);
        g_autofree char *row = g_markup_printf_escaped ("\n%s: <b>%s</b>", value->label,
                                                         value->text);

        g_string_append (markup, row);
      }
    layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
    pango_layout_set_markup (layout, markup->str, -1);
  }
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  box_width = text_width + 2 * pad;
  box_height = text_height + 2 * pad;
  /* Right of the crosshair, or left of it where there is no room; near the top. */
  box_x = readout->x_px + 12;
  if (box_x + box_width > right)
    box_x = readout->x_px - 12 - box_width;
  /* Inside the plot area where it fits, so it covers no axis labels. */
  if (box_width <= right - left)
    box_x = CLAMP (box_x, left + 4, right - 4 - box_width);
  box_x = CLAMP (box_x, 0, MAX (0, width - box_width));
  /* Below the pointer (the map: its cell), or at the top for the keyboard's cursor. */
  if (isfinite (readout->y_px))
    pointer_y = readout->y_px;
  else if (self->readout_source == READOUT_POINTER)
    pointer_y = self->pointer_y;
  else
    pointer_y = top - 4;
  box_y = pointer_y + 16;
  if (box_y + box_height > bottom)
    box_y = pointer_y - 16 - box_height;
  box_y = CLAMP (box_y, 0, MAX (0, height - box_height));

  gsk_rounded_rect_init_from_rect (&outline,
                                   &GRAPHENE_RECT_INIT (box_x, box_y, box_width, box_height),
                                   6);
  gtk_snapshot_push_rounded_clip (snapshot, &outline);
  gtk_snapshot_append_color (snapshot, &background, &outline.bounds);
  gtk_snapshot_pop (snapshot);
  gtk_snapshot_append_border (snapshot, &outline, (float[4]) { 1, 1, 1, 1 },
                              (GdkRGBA[4]) { line, line, line, line });

  gtk_snapshot_save (snapshot);
  gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT (box_x + pad, box_y + pad));
  gtk_snapshot_append_layout (snapshot, layout, &foreground);
  gtk_snapshot_restore (snapshot);
}

static void
ring_chart_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  RingChart *self = RING_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  int scale = gtk_widget_get_scale_factor (widget);
  gboolean dark = adw_style_manager_get_dark (adw_style_manager_get_default ());

  if (!ring_chart_draw_is_available ())
    {
      gtk_widget_snapshot_child (widget, self->empty_label, snapshot);
      return;
    }

  if (self->model == NULL || width <= 0 || height <= 0)
    return;

  if (self->cached_node == NULL
      || self->cached_width != width
      || self->cached_height != height
      || self->cached_scale != scale
      || self->cached_dark != dark
      || self->cached_generation != self->generation)
    {
      g_clear_pointer (&self->cached_node, gsk_render_node_unref);
      self->cached_node = render (self, width, height, scale, dark);
      self->cached_width = width;
      self->cached_height = height;
      self->cached_scale = scale;
      self->cached_dark = dark;
      self->cached_generation = self->generation;
      /* What is under the pointer or cursor may have changed with the chart. */
      if (self->readout_source != READOUT_NONE)
        {
          read_readout (self);
          update_accessible_description (self);
        }
    }

  gtk_snapshot_append_node (snapshot, self->cached_node);
  snapshot_readout (self, snapshot, width, height);
}

static void
ring_chart_measure (GtkWidget      *widget,
                    GtkOrientation  orientation,
                    int             for_size,
                    int            *minimum,
                    int            *natural,
                    int            *minimum_baseline,
                    int            *natural_baseline)
{
  RingChart *self = RING_CHART (widget);
  int label_minimum = 0, label_natural = 0;

  gtk_widget_measure (self->empty_label, orientation, for_size,
                      &label_minimum, &label_natural, NULL, NULL);

  /* Legible down to about 200 × 200; 800 × 500 is what the charts are designed at. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = MAX (200, label_minimum);
      *natural = MAX (640, label_natural);
    }
  else
    {
      *minimum = MAX (200, label_minimum);
      *natural = MAX (400, label_natural);
    }
}

static void
ring_chart_size_allocate (GtkWidget *widget,
                          int        width,
                          int        height,
                          int        baseline)
{
  RingChart *self = RING_CHART (widget);

  gtk_widget_allocate (self->empty_label, width, height, baseline, NULL);
}

static void
ring_chart_dispose (GObject *object)
{
  RingChart *self = RING_CHART (object);

  g_clear_object (&self->model_signals);
  g_clear_pointer (&self->empty_label, gtk_widget_unparent);
  g_clear_pointer (&self->cached_node, gsk_render_node_unref);
  g_clear_pointer (&self->probe, ring_chart_probe_free);
  g_clear_pointer (&self->body_cache, ring_chart_cache_free);
  g_clear_pointer (&self->readout, ring_chart_readout_free);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_chart_parent_class)->dispose (object);
}

static void
ring_chart_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  RingChart *self = RING_CHART (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_KIND:
      g_value_set_enum (value, self->kind);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_chart_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  RingChart *self = RING_CHART (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_chart_set_model (self, g_value_get_object (value));
      break;
    case PROP_KIND:
      ring_chart_set_kind (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_chart_class_init (RingChartClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_chart_dispose;
  object_class->get_property = ring_chart_get_property;
  object_class->set_property = ring_chart_set_property;

  widget_class->snapshot = ring_chart_snapshot;
  widget_class->measure = ring_chart_measure;
  widget_class->size_allocate = ring_chart_size_allocate;

  properties[PROP_MODEL] =
    _ring_model_follow_param_spec ();
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, RING_TYPE_CHART_KIND,
                       RING_CHART_UTILIZATION_VS_GPUS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "ringchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);

  /* A step of a slider redraws every visible chart: their sweeps' points that did not
   * change are not costed again. */
  ring_chart_draw_keep_points ();
}

static void
ring_chart_init (RingChart *self)
{
  self->kind = RING_CHART_UTILIZATION_VS_GPUS;

  self->empty_label = gtk_label_new (_("Charts need PLplot’s cairo driver, "
                                       "which is not installed"));
  gtk_label_set_wrap (GTK_LABEL (self->empty_label), TRUE);
  gtk_label_set_justify (GTK_LABEL (self->empty_label), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (self->empty_label, "dim-label");
  gtk_widget_set_parent (self->empty_label, GTK_WIDGET (self));
  gtk_widget_set_visible (self->empty_label, !ring_chart_draw_is_available ());

  self->model_signals = _ring_model_follow_new (self, G_CALLBACK (ring_chart_model_changed_cb));

  /* The style manager outlives every widget; the connection ends with this one. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (ring_chart_style_changed_cb), self, G_CONNECT_SWAPPED);

  /* Pointer, click and keys, for the readout. */
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  self->motion = gtk_event_controller_motion_new ();
  g_signal_connect (self->motion, "enter", G_CALLBACK (ring_chart_motion_cb), self);
  g_signal_connect (self->motion, "motion", G_CALLBACK (ring_chart_motion_cb), self);
  g_signal_connect (self->motion, "leave", G_CALLBACK (ring_chart_leave_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), self->motion);
  self->click = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (self->click), GDK_BUTTON_PRIMARY);
  g_signal_connect (self->click, "pressed", G_CALLBACK (ring_chart_click_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (self->click));
  self->keys = gtk_event_controller_key_new ();
  g_signal_connect (self->keys, "key-pressed", G_CALLBACK (ring_chart_key_pressed_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), self->keys);

  update_accessible_label (self);
  update_accessible_description (self);
}

GtkWidget *
ring_chart_new (RingModel     *model,
                RingChartKind  kind)
{
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), NULL);
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return g_object_new (RING_TYPE_CHART, "model", model, "kind", kind, NULL);
}

RingModel *
ring_chart_get_model (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->model;
}

void
ring_chart_set_model (RingChart *self,
                      RingModel *model)
{
  g_return_if_fail (RING_IS_CHART (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!_ring_model_follow_set (&self->model, self->model_signals, model))
    return;

  self->generation++;
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

RingChartKind
ring_chart_get_kind (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), RING_CHART_UTILIZATION_VS_GPUS);

  return self->kind;
}

void
ring_chart_set_kind (RingChart     *self,
                     RingChartKind  kind)
{
  g_return_if_fail (RING_IS_CHART (self));
  g_return_if_fail (kind < RING_N_CHARTS);

  if (self->kind == kind)
    return;

  self->kind = kind;
  self->generation++;
  update_accessible_label (self);
  invalidate (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}

guint
_ring_chart_get_render_count (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), 0);

  return self->render_count;
}

RingChartCache *
_ring_chart_get_body_cache (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->body_cache;
}

RingChartProbe *
_ring_chart_get_probe (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->probe;
}

const RingChartReadout *
_ring_chart_get_readout (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->readout;
}

GtkEventController *
_ring_chart_get_motion_controller (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->motion;
}

GtkGesture *
_ring_chart_get_click_gesture (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->click;
}

GtkEventController *
_ring_chart_get_key_controller (RingChart *self)
{
  g_return_val_if_fail (RING_IS_CHART (self), NULL);

  return self->keys;
}
