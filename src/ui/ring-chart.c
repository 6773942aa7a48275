/* ring-chart.c: one scaling chart, drawn by ring-plot and redrawn only when the model or
 * the style changes.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "ring-chart-private.h"

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
  gboolean       cached_dark;
  guint64        cached_generation;
  guint64        generation;      /* bumped on every "changed" of the model */
  guint          render_count;
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
  gtk_widget_queue_draw (GTK_WIDGET (self));
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

static GskRenderNode *
render (RingChart *self,
        int        width,
        int        height,
        gboolean   dark)
{
  GskRenderNode *node;
  RingStyle style;
  cairo_t *cr;

  ring_style_init (&style, dark);

  node = gsk_cairo_node_new (&GRAPHENE_RECT_INIT (0, 0, width, height));
  cr = gsk_cairo_node_get_draw_context (node);
  ring_chart_draw (self->kind, self->model, cr, width, height, &style);
  self->render_count++;
  cairo_destroy (cr);

  return node;
}

static void
ring_chart_snapshot (GtkWidget   *widget,
                     GtkSnapshot *snapshot)
{
  RingChart *self = RING_CHART (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
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
      || self->cached_dark != dark
      || self->cached_generation != self->generation)
    {
      g_clear_pointer (&self->cached_node, gsk_render_node_unref);
      self->cached_node = render (self, width, height, dark);
      self->cached_width = width;
      self->cached_height = height;
      self->cached_dark = dark;
      self->cached_generation = self->generation;
    }

  gtk_snapshot_append_node (snapshot, self->cached_node);
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
    g_param_spec_object ("model", NULL, NULL, RING_TYPE_MODEL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_KIND] =
    g_param_spec_enum ("kind", NULL, NULL, RING_TYPE_CHART_KIND,
                       RING_CHART_UTILIZATION_VS_GPUS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "ringchart");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
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

  self->model_signals = g_signal_group_new (RING_TYPE_MODEL);
  g_signal_group_connect_object (self->model_signals, "changed",
                                 G_CALLBACK (ring_chart_model_changed_cb), self,
                                 G_CONNECT_SWAPPED);

  /* The style manager outlives every widget; the connection ends with this one. */
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (ring_chart_style_changed_cb), self, G_CONNECT_SWAPPED);

  update_accessible_label (self);
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

  if (!g_set_object (&self->model, model))
    return;

  g_signal_group_set_target (self->model_signals, model);
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
