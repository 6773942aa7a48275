/* ring-window-layout.c: the window down to 800 × 600. On a narrow window the sidebar folds
 * into an overlay, hidden until the header bar's button or F9 (win.toggle-sidebar) shows
 * it; on a wide one the same button hides and shows it beside the main area. The cards
 * take two columns (RingMetricGrid) and the second chart goes (RingChartView) by
 * themselves.
 *
 * libadwaita 1.4 and later: an AdwOverlaySplitView that an AdwBreakpoint collapses.
 * libadwaita 1.2: an AdwFlap, which folds when the sidebar's and the main area's minimum
 * widths no longer fit side by side.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include "ring-window-private.h"

#if ADW_CHECK_VERSION (1, 4, 0)
/* The sidebar (about 370 px) beside the main area's minimum width (about 660 px in English,
 * more in German) fits from here up. */
#define FOLD_BELOW_SP 1100
#define FOLDED_PROPERTY   "collapsed"
#define REVEALED_PROPERTY "show-sidebar"
#else
#define FOLDED_PROPERTY   "folded"
#define REVEALED_PROPERTY "reveal-flap"
#endif

static GtkWidget *
split_view_new (RingWindow *self,
                GtkWidget  *sidebar,
                GtkWidget  *main_area)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwOverlaySplitView *split = ADW_OVERLAY_SPLIT_VIEW (adw_overlay_split_view_new ());
  AdwBreakpointCondition *condition;
  AdwBreakpoint *breakpoint;
  GValue collapsed = G_VALUE_INIT;

  adw_overlay_split_view_set_sidebar (split, sidebar);
  adw_overlay_split_view_set_content (split, main_area);
  adw_overlay_split_view_set_min_sidebar_width (split, 340);
  adw_overlay_split_view_set_max_sidebar_width (split, 380);

  condition = adw_breakpoint_condition_new_length (ADW_BREAKPOINT_CONDITION_MAX_WIDTH,
                                                   FOLD_BELOW_SP, ADW_LENGTH_UNIT_SP);
  breakpoint = adw_breakpoint_new (condition);
  g_value_init (&collapsed, G_TYPE_BOOLEAN);
  g_value_set_boolean (&collapsed, TRUE);
  adw_breakpoint_add_setter (breakpoint, G_OBJECT (split), "collapsed", &collapsed);
  adw_application_window_add_breakpoint (ADW_APPLICATION_WINDOW (self), breakpoint);

  return GTK_WIDGET (split);
#else
  AdwFlap *flap = ADW_FLAP (adw_flap_new ());

  adw_flap_set_flap (flap, sidebar);
  adw_flap_set_content (flap, main_area);
  adw_flap_set_separator (flap, gtk_separator_new (GTK_ORIENTATION_VERTICAL));
  /* Folded only when the two no longer fit at their minimum widths. */
  adw_flap_set_fold_threshold_policy (flap, ADW_FOLD_THRESHOLD_POLICY_MINIMUM);

  return GTK_WIDGET (flap);
#endif
}

static void
toggle_sidebar_cb (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  RingWindow *self = RING_WINDOW (widget);
  GtkToggleButton *button = GTK_TOGGLE_BUTTON (self->sidebar_button);

  gtk_toggle_button_set_active (button, !gtk_toggle_button_get_active (button));
}

#if !ADW_CHECK_VERSION (1, 4, 0)
/* libadwaita 1.2's AdwFlap sets the CSS classes of its shadow's four parts at every
 * allocation, the same classes each time, and GTK 4.8 restyles a widget whose classes are
 * set at all. The restyle comes after the frame's own, during its layout, so it asks for a
 * frame of its own: every change that reallocates the flap (a metric's text, a slider's
 * value) painted once and then ran two more frames that drew nothing (libadwaita 1.4 sets
 * the classes only when they change). Unfolded, the flap's shadow is fully transparent:
 * hidden, its parts are not restyled and the change takes one frame. */
static void
update_flap_shadow (RingWindow *self,
                    gboolean    folded)
{
  static const char * const shadow_parts[] = { "dimming", "shadow", "border", "outline",
                                                   NULL };

  for (GtkWidget *child = gtk_widget_get_first_child (self->split_view);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (g_strv_contains (shadow_parts, gtk_widget_get_css_name (child)))
        gtk_widget_set_visible (child, folded);
    }
}
#endif

static gboolean
update_sidebar_style (gpointer data)
{
  RingWindow *self = data;

  self->sidebar_style_idle = 0;
#if !ADW_CHECK_VERSION (1, 4, 0)
  update_flap_shadow (self, _ring_window_get_sidebar_folded (self));
#endif
  /* Over the main area the sidebar needs a background of its own. */
  if (_ring_window_get_sidebar_folded (self))
    gtk_widget_add_css_class (self->sidebar, "background");
  else
    gtk_widget_remove_css_class (self->sidebar, "background");
  /* Two lines kept for the sentence under the step bar (ring-window.c), where the window
   * has the height to spare; folded, down to 800 × 600, every line counts. */
  gtk_widget_set_visible (GTK_WIDGET (self->target_lines),
                          !_ring_window_get_sidebar_folded (self));
  _ring_window_tour_update_sidebar (self);

  return G_SOURCE_REMOVE;
}

/* The split view folds while it is allocated: the style follows in a source that runs
 * once this frame has painted. */
static void
ring_window_folded_notify_cb (RingWindow *self)
{
  if (self->sidebar_style_idle == 0)
    self->sidebar_style_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, update_sidebar_style,
                                                self, NULL);
}

void
_ring_window_layout_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.toggle-sidebar", NULL, toggle_sidebar_cb);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.toggle-sidebar", NULL);
}

void
_ring_window_layout_init (RingWindow *self)
{
  /* The template builds the two outside the window (ring-window.ui): the split view takes
   * them before it joins the window, so each widget is rooted once. */
  self->split_view = split_view_new (self, self->sidebar, self->main_area);
  gtk_widget_set_hexpand (self->split_view, TRUE);
  gtk_box_append (GTK_BOX (self->split_host), self->split_view);

  g_object_bind_property (self->split_view, REVEALED_PROPERTY, self->sidebar_button, "active",
                          G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);
  g_signal_connect_object (self->split_view, "notify::" FOLDED_PROPERTY,
                           G_CALLBACK (ring_window_folded_notify_cb), self, G_CONNECT_SWAPPED);
  update_sidebar_style (self);
}

gboolean
_ring_window_get_sidebar_folded (RingWindow *self)
{
  gboolean folded;

  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);

  g_object_get (self->split_view, FOLDED_PROPERTY, &folded, NULL);
  return folded;
}

gboolean
_ring_window_get_sidebar_shown (RingWindow *self)
{
  gboolean shown;

  g_return_val_if_fail (RING_IS_WINDOW (self), FALSE);

  g_object_get (self->split_view, REVEALED_PROPERTY, &shown, NULL);
  return shown;
}
