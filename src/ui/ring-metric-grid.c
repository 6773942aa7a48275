/* ring-metric-grid.c: the metric cards in rows of four, or of two where four would cut a
 * value.
 *
 * The visible children are placed in their order, row by row, in columns of one width.
 * Four columns need every card at its natural width; below that the cards take two
 * columns, and the grid asks for the width two need, so no value is ever cut.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-metric-grid.h"

#define WIDE_COLUMNS   4
#define NARROW_COLUMNS 2
#define SPACING        8

struct _RingMetricGrid
{
  GtkWidget parent_instance;

  guint     columns;
};

G_DEFINE_FINAL_TYPE (RingMetricGrid, ring_metric_grid, GTK_TYPE_WIDGET)

static guint
n_visible (RingMetricGrid *self)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += gtk_widget_should_layout (child);

  return n;
}

/* The widest natural width of a visible card. */
static int
card_natural_width (RingMetricGrid *self)
{
  int widest = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int natural;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
      widest = MAX (widest, natural);
    }

  return widest;
}

static int
width_for_columns (int   card_width,
                   guint columns)
{
  return (int) columns * card_width + ((int) columns - 1) * SPACING;
}

static guint
columns_for_width (RingMetricGrid *self,
                   int             width)
{
  return width >= width_for_columns (card_natural_width (self), WIDE_COLUMNS)
         ? WIDE_COLUMNS : NARROW_COLUMNS;
}

static int
column_width (int   width,
              guint columns)
{
  return MAX (0, (width - ((int) columns - 1) * SPACING) / (int) columns);
}

/* The tallest card at @card_width: every row is that tall. */
static int
row_height (RingMetricGrid *self,
            int             card_width)
{
  int tallest = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self)); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int minimum;

      if (!gtk_widget_should_layout (child))
        continue;
      gtk_widget_measure (child, GTK_ORIENTATION_VERTICAL, card_width,
                          &minimum, NULL, NULL, NULL);
      tallest = MAX (tallest, minimum);
    }

  return tallest;
}

static void
ring_metric_grid_measure (GtkWidget      *widget,
                          GtkOrientation  orientation,
                          int             for_size,
                          int            *minimum,
                          int            *natural,
                          int            *minimum_baseline,
                          int            *natural_baseline)
{
  RingMetricGrid *self = RING_METRIC_GRID (widget);
  guint n = n_visible (self);

  if (n == 0)
    {
      *minimum = *natural = 0;
      return;
    }

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      int card_width = card_natural_width (self);

      *minimum = width_for_columns (card_width, MIN (n, NARROW_COLUMNS));
      *natural = width_for_columns (card_width, MIN (n, WIDE_COLUMNS));
    }
  else
    {
      /* With no width given, the natural width's: AdwFlap asks so of its content and
       * then allocates the width it has, for which the height is measured again. */
      int width = for_size >= 0 ? for_size
                                : width_for_columns (card_natural_width (self),
                                                     MIN (n, WIDE_COLUMNS));
      guint columns = columns_for_width (self, width);
      guint rows = (n + columns - 1) / columns;

      *minimum = *natural = (int) rows * row_height (self, column_width (width, columns))
                            + ((int) rows - 1) * SPACING;
    }
}

static GtkSizeRequestMode
ring_metric_grid_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ring_metric_grid_size_allocate (GtkWidget *widget,
                                int        width,
                                int        height,
                                int        baseline)
{
  RingMetricGrid *self = RING_METRIC_GRID (widget);
  guint columns = columns_for_width (self, width);
  int card_width = column_width (width, columns);
  int card_height = row_height (self, card_width);
  guint placed = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      int column, row;

      if (!gtk_widget_should_layout (child))
        continue;
      column = placed % columns;
      row = placed / columns;
      gtk_widget_allocate (child, card_width, card_height, -1,
                           gsk_transform_translate (NULL, &GRAPHENE_POINT_INIT (
                             column * (card_width + SPACING), row * (card_height + SPACING))));
      placed++;
    }

  self->columns = columns;
}

static void
ring_metric_grid_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ring_metric_grid_parent_class)->dispose (object);
}

static void
ring_metric_grid_class_init (RingMetricGridClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = ring_metric_grid_dispose;
  widget_class->measure = ring_metric_grid_measure;
  widget_class->get_request_mode = ring_metric_grid_get_request_mode;
  widget_class->size_allocate = ring_metric_grid_size_allocate;
  gtk_widget_class_set_css_name (widget_class, "ringmetricgrid");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GROUP);
}

static void
ring_metric_grid_init (RingMetricGrid *self)
{
  self->columns = WIDE_COLUMNS;
}

guint
ring_metric_grid_get_columns (RingMetricGrid *self)
{
  g_return_val_if_fail (RING_IS_METRIC_GRID (self), 0);

  return self->columns;
}
