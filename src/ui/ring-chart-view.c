/* ring-chart-view.c: the window's chart area: two charts side by side when wide, one when
 * narrow, each with a menu of chart kinds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-chart.h"
#include "ring-chart-private.h"
#include "ring-model-follow.h"

/* A chart stays readable down to about 380 px wide (title, configuration and legend wrap
 * below that), so two fit side by side from 2 × 380 px and the spacing. */
#define CHART_MIN_READABLE_WIDTH 380
#define PANE_SPACING             12
#define TWO_CHARTS_MIN_WIDTH     (2 * CHART_MIN_READABLE_WIDTH + PANE_SPACING)

struct _RingChartView
{
  GtkWidget    parent_instance;

  RingModel   *model;
  gboolean     showing_two;

  /* Template children. */
  GtkWidget   *first_pane;
  GtkWidget   *second_pane;
  GtkDropDown *first_dropdown;
  GtkDropDown *second_dropdown;
  RingChart   *first_chart;
  RingChart   *second_chart;
};

G_DEFINE_FINAL_TYPE (RingChartView, ring_chart_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_MODEL,
  PROP_VISIBLE_KIND,
  PROP_SECOND_KIND,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* GtkDropDown:selected (a position) ⇄ RingChart:kind (an enum in the same order). */
static gboolean
selected_to_kind (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  guint selected = g_value_get_uint (from);

  if (selected >= RING_N_CHARTS)
    return FALSE;

  g_value_set_enum (to, selected);
  return TRUE;
}

static gboolean
kind_to_selected (GBinding     *binding,
                  const GValue *from,
                  GValue       *to,
                  gpointer      user_data)
{
  g_value_set_uint (to, g_value_get_enum (from));
  return TRUE;
}

static void
ring_chart_view_first_kind_notify_cb (RingChartView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_KIND]);
}

static void
ring_chart_view_second_kind_notify_cb (RingChartView *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SECOND_KIND]);
}

/* A title is always whole, in the button as in the list: its end ("…vs. message size")
 * is what tells two charts apart. The pane is at least as wide as its picker's title. */
static void
ring_chart_view_setup_title_cb (GtkSignalListItemFactory *factory,
                                GtkListItem              *item)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_list_item_set_child (item, label);
}

static void
ring_chart_view_bind_title_cb (GtkSignalListItemFactory *factory,
                               GtkListItem              *item)
{
  GtkStringObject *title = gtk_list_item_get_item (item);

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (item)),
                       gtk_string_object_get_string (title));
}

static void
setup_dropdown (RingChartView *self,
                GtkDropDown   *dropdown,
                RingChart     *chart)
{
  g_autoptr(GtkStringList) titles = gtk_string_list_new (NULL);
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    gtk_string_list_append (titles, ring_chart_kind_get_title (kind));
  g_signal_connect (factory, "setup", G_CALLBACK (ring_chart_view_setup_title_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (ring_chart_view_bind_title_cb), NULL);
  gtk_drop_down_set_factory (dropdown, factory);
  gtk_drop_down_set_model (dropdown, G_LIST_MODEL (titles));

  g_object_bind_property_full (chart, "kind", dropdown, "selected",
                               G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE,
                               kind_to_selected, selected_to_kind, NULL, NULL);
}

static void
ring_chart_view_measure (GtkWidget      *widget,
                         GtkOrientation  orientation,
                         int             for_size,
                         int            *minimum,
                         int            *natural,
                         int            *minimum_baseline,
                         int            *natural_baseline)
{
  RingChartView *self = RING_CHART_VIEW (widget);
  int first_minimum, first_natural, second_minimum, second_natural;

  gtk_widget_measure (self->first_pane, orientation, -1,
                      &first_minimum, &first_natural, NULL, NULL);
  gtk_widget_measure (self->second_pane, orientation, -1,
                      &second_minimum, &second_natural, NULL, NULL);

  /* Narrow enough for the first chart alone: the second goes first, whatever its
   * picker's title; a wide window gets two. */
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    *minimum = first_minimum;
  else
    *minimum = MAX (first_minimum, second_minimum);
  *natural = MAX (first_natural, second_natural);
}

static void
ring_chart_view_size_allocate (GtkWidget *widget,
                               int        width,
                               int        height,
                               int        baseline)
{
  RingChartView *self = RING_CHART_VIEW (widget);
  int first_minimum, second_minimum;
  gboolean two;
  int first_width;

  /* Two charts where each gets its readable width, and its picker its whole title. */
  gtk_widget_measure (self->first_pane, GTK_ORIENTATION_HORIZONTAL, -1,
                      &first_minimum, NULL, NULL, NULL);
  gtk_widget_measure (self->second_pane, GTK_ORIENTATION_HORIZONTAL, -1,
                      &second_minimum, NULL, NULL, NULL);
  two = width >= TWO_CHARTS_MIN_WIDTH
        && (width - PANE_SPACING) / 2 >= MAX (first_minimum, second_minimum);
  first_width = two ? (width - PANE_SPACING) / 2 : width;

  /* Child visibility, unlike :visible, may change during allocation without a new
   * layout pass; it is what GtkStack uses for its hidden pages. */
  gtk_widget_set_child_visible (self->second_pane, two);
  gtk_widget_allocate (self->first_pane, first_width, height, -1, NULL);
  if (two)
    gtk_widget_allocate (self->second_pane, width - first_width - PANE_SPACING, height, -1,
                         gsk_transform_translate (NULL,
                                                  &GRAPHENE_POINT_INIT (first_width
                                                                        + PANE_SPACING, 0)));
  self->showing_two = two;
}

static void
ring_chart_view_dispose (GObject *object)
{
  RingChartView *self = RING_CHART_VIEW (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), RING_TYPE_CHART_VIEW);
  g_clear_object (&self->model);

  G_OBJECT_CLASS (ring_chart_view_parent_class)->dispose (object);
}

static void
ring_chart_view_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  RingChartView *self = RING_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      g_value_set_object (value, self->model);
      break;
    case PROP_VISIBLE_KIND:
      g_value_set_string (value,
                          ring_chart_kind_to_string (ring_chart_get_kind (self->first_chart)));
      break;
    case PROP_SECOND_KIND:
      g_value_set_string (value,
                          ring_chart_kind_to_string (ring_chart_get_kind (self->second_chart)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_kind_from_string (RingChart  *chart,
                      const char *name)
{
  RingChartKind kind;

  if (name == NULL || !ring_chart_kind_from_string (name, &kind))
    {
      g_warning ("Unknown chart kind “%s”", name ? name : "(null)");
      return;
    }

  ring_chart_set_kind (chart, kind);
}

static void
ring_chart_view_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  RingChartView *self = RING_CHART_VIEW (object);

  switch (prop_id)
    {
    case PROP_MODEL:
      ring_chart_view_set_model (self, g_value_get_object (value));
      break;
    case PROP_VISIBLE_KIND:
      set_kind_from_string (self->first_chart, g_value_get_string (value));
      break;
    case PROP_SECOND_KIND:
      set_kind_from_string (self->second_chart, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ring_chart_view_class_init (RingChartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_chart_view_dispose;
  object_class->get_property = ring_chart_view_get_property;
  object_class->set_property = ring_chart_view_set_property;

  widget_class->measure = ring_chart_view_measure;
  widget_class->size_allocate = ring_chart_view_size_allocate;

  properties[PROP_MODEL] =
    _ring_model_follow_param_spec ();
  properties[PROP_VISIBLE_KIND] =
    g_param_spec_string ("visible-kind", NULL, NULL, "utilization-vs-gpus",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SECOND_KIND] =
    g_param_spec_string ("second-kind", NULL, NULL, "step-time-vs-gpus",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (RING_TYPE_CHART);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_PREFIX "/ring-chart-view.ui");
  gtk_widget_class_bind_template_child (widget_class, RingChartView, first_pane);
  gtk_widget_class_bind_template_child (widget_class, RingChartView, second_pane);
  gtk_widget_class_bind_template_child (widget_class, RingChartView, first_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RingChartView, second_dropdown);
  gtk_widget_class_bind_template_child (widget_class, RingChartView, first_chart);
  gtk_widget_class_bind_template_child (widget_class, RingChartView, second_chart);

  gtk_widget_class_set_css_name (widget_class, "ringchartview");
}

static void
ring_chart_view_init (RingChartView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  setup_dropdown (self, self->first_dropdown, self->first_chart);
  setup_dropdown (self, self->second_dropdown, self->second_chart);
  g_signal_connect_object (self->first_chart, "notify::kind",
                           G_CALLBACK (ring_chart_view_first_kind_notify_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->second_chart, "notify::kind",
                           G_CALLBACK (ring_chart_view_second_kind_notify_cb), self,
                           G_CONNECT_SWAPPED);
}

GtkWidget *
ring_chart_view_new (RingModel *model)
{
  g_return_val_if_fail (model == NULL || RING_IS_MODEL (model), NULL);

  return g_object_new (RING_TYPE_CHART_VIEW, "model", model, NULL);
}

RingModel *
ring_chart_view_get_model (RingChartView *self)
{
  g_return_val_if_fail (RING_IS_CHART_VIEW (self), NULL);

  return self->model;
}

void
ring_chart_view_set_model (RingChartView *self,
                           RingModel     *model)
{
  g_return_if_fail (RING_IS_CHART_VIEW (self));
  g_return_if_fail (model == NULL || RING_IS_MODEL (model));

  if (!_ring_model_follow_set (&self->model, NULL, model))
    return;

  ring_chart_set_model (self->first_chart, model);
  ring_chart_set_model (self->second_chart, model);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODEL]);
}

RingChartKind
ring_chart_view_get_visible_kind (RingChartView *self)
{
  g_return_val_if_fail (RING_IS_CHART_VIEW (self), RING_CHART_UTILIZATION_VS_GPUS);

  return ring_chart_get_kind (self->first_chart);
}

void
ring_chart_view_set_visible_kind (RingChartView *self,
                                  RingChartKind  kind)
{
  g_return_if_fail (RING_IS_CHART_VIEW (self));
  g_return_if_fail (kind < RING_N_CHARTS);

  ring_chart_set_kind (self->first_chart, kind);
}

RingChartKind
ring_chart_view_get_second_kind (RingChartView *self)
{
  g_return_val_if_fail (RING_IS_CHART_VIEW (self), RING_CHART_STEP_TIME_VS_GPUS);

  return ring_chart_get_kind (self->second_chart);
}

void
ring_chart_view_set_second_kind (RingChartView *self,
                                 RingChartKind  kind)
{
  g_return_if_fail (RING_IS_CHART_VIEW (self));
  g_return_if_fail (kind < RING_N_CHARTS);

  ring_chart_set_kind (self->second_chart, kind);
}

gboolean
ring_chart_view_get_showing_two (RingChartView *self)
{
  g_return_val_if_fail (RING_IS_CHART_VIEW (self), FALSE);

  return self->showing_two;
}

RingChart *
_ring_chart_view_get_chart (RingChartView *self,
                            guint          index)
{
  g_return_val_if_fail (RING_IS_CHART_VIEW (self), NULL);
  g_return_val_if_fail (index < 2, NULL);

  return index == 0 ? self->first_chart : self->second_chart;
}
