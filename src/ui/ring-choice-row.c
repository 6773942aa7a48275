/* ring-choice-row.c: a combo row offering the choices of a parameter (GPU, fabric,
 * algorithm, sharding, checkpointing), each with a summary, a title and, where it cannot
 * run here, the reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-algorithms.h"
#include "ring-choice.h"
#include "ring-choice-row.h"
#include "ring-gpu.h"
#include "ring-labels.h"
#include "ring-params.h"
#include "ring-tooltip.h"

/* The checkpointings' names, in their enum's order. */
static const char * const checkpointing_titles[RING_N_CHECKPOINTINGS] = {
  NC_("checkpointing", "None"), NC_("checkpointing", "Selective"), NC_("checkpointing", "Full"),
};

/* Choices: the closed drop-down shows an entry's summary ("Auto · Tree, LL128"); the
 * open list its title, and for an entry that cannot be chosen here, the reason under it,
 * dimmed, insensitive, and as its tooltip. GtkDropDown and AdwComboRow cannot make one
 * entry insensitive; a list item that is neither activatable nor selectable cannot be
 * chosen by pointer or keyboard, and the binding refuses it if set any other way. */

static GtkExpression *
choice_property (const char *property)
{
  return gtk_property_expression_new (RING_TYPE_CHOICE,
                                      gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL,
                                                                   "item"),
                                      property);
}

static void
summary_setup_cb (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
  gtk_list_item_set_child (list_item, label);
  gtk_expression_bind (choice_property ("summary"), label, "label", list_item);
}

static gboolean
not_cb (GtkListItem *list_item,
        gboolean     available)
{
  return !available;
}

static double
check_opacity_cb (GtkListItem *list_item,
                  GObject     *item,
                  GObject     *selected)
{
  return item != NULL && item == selected ? 1.0 : 0.0;
}

/* The entry's tooltip follows its reason. Bound as a property, it was set (to none, for
 * most entries) on every row of every list as the lists were built, and each set asked
 * the display where the pointer is (see ring-tooltip.c); set only when it changes, it
 * costs nothing. */
static void
reason_tooltip_update_cb (RingChoice *choice,
                          GParamSpec *pspec,
                          GtkWidget  *row)
{
  ring_tooltip_set_text (row, ring_choice_get_reason (choice));
}

static void
title_bind_cb (GtkSignalListItemFactory *factory,
               GtkListItem              *list_item,
               gpointer                  user_data)
{
  RingChoice *choice = gtk_list_item_get_item (list_item);
  GtkWidget *row = gtk_list_item_get_child (list_item);

  g_signal_connect_object (choice, "notify::reason", G_CALLBACK (reason_tooltip_update_cb),
                           row, 0);
  reason_tooltip_update_cb (choice, NULL, row);
}

static void
title_unbind_cb (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  RingChoice *choice = gtk_list_item_get_item (list_item);

  if (choice != NULL)
    g_signal_handlers_disconnect_by_func (choice, reason_tooltip_update_cb,
                                          gtk_list_item_get_child (list_item));
}

static void
title_setup_cb (GtkSignalListItemFactory *factory,
                GtkListItem              *list_item,
                AdwComboRow              *combo)
{
  GtkWidget *row, *box, *title, *reason, *check;
  GtkExpression *check_params[2];

  row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_hexpand (box, TRUE);

  title = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_box_append (GTK_BOX (box), title);

  reason = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (reason), 0);
  gtk_label_set_wrap (GTK_LABEL (reason), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (reason), 34);
  gtk_widget_add_css_class (reason, "caption");
  gtk_box_append (GTK_BOX (box), reason);
  gtk_box_append (GTK_BOX (row), box);

  /* The check mark of the chosen entry, as AdwComboRow's own list draws it. */
  check = gtk_image_new_from_icon_name ("object-select-symbolic");
  gtk_widget_set_valign (check, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (row), check);
  gtk_list_item_set_child (list_item, row);

  gtk_expression_bind (choice_property ("title"), title, "label", list_item);
  gtk_expression_bind (choice_property ("reason"), reason, "label", list_item);
  gtk_expression_bind (gtk_cclosure_expression_new (G_TYPE_BOOLEAN, NULL, 1,
                                                    (GtkExpression *[]) {
                                                      choice_property ("available") },
                                                    G_CALLBACK (not_cb), NULL, NULL),
                       reason, "visible", list_item);
  gtk_expression_bind (choice_property ("available"), row, "sensitive", list_item);
  gtk_expression_bind (choice_property ("available"), list_item, "activatable", list_item);
  gtk_expression_bind (choice_property ("available"), list_item, "selectable", list_item);

  check_params[0] = gtk_property_expression_new (GTK_TYPE_LIST_ITEM, NULL, "item");
  check_params[1] = gtk_property_expression_new (ADW_TYPE_COMBO_ROW,
                                                 gtk_object_expression_new (G_OBJECT (combo)),
                                                 "selected-item");
  gtk_expression_bind (gtk_cclosure_expression_new (G_TYPE_DOUBLE, NULL, 2, check_params,
                                                    G_CALLBACK (check_opacity_cb), NULL, NULL),
                       check, "opacity", list_item);
}

static GListStore *
create_choices (guint id)
{
  GListStore *choices = g_list_store_new (RING_TYPE_CHOICE);

  for (guint value = 0; value < ring_param_n_choices (id); value++)
    {
      g_autoptr(RingChoice) choice = NULL;
      g_autofree char *summary = NULL;
      const char *title;

      if (id == RING_PARAM_GPU)
        {
          title = _(ring_gpu_info (value)->description);
          summary = ring_labels_lead (title);
        }
      else if (id == RING_PARAM_FABRIC)
        {
          title = ring_fabric_get_title (value);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_PLACEMENT)
        {
          title = ring_placement_get_title (value);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_SHARDING)
        {
          title = ring_sharding_get_title (value);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_CHECKPOINTING)
        {
          title = g_dpgettext2 (GETTEXT_PACKAGE, "checkpointing",
                                checkpointing_titles[value]);
          summary = g_strdup (title);
        }
      else if (id == RING_PARAM_NCCL_VERSION)
        {
          /* Release numbers are not translated. */
          title = ring_param_choice_name (id, value);
          summary = g_strdup (title);
        }
      else
        {
          g_assert (id == RING_PARAM_ALGORITHM);
          title = ring_algorithm_get_title (value);
          summary = ring_labels_algorithm (value);
        }

      choice = ring_choice_new (value, title, summary);
      g_list_store_append (choices, choice);
    }

  return choices;
}

GtkWidget *
ring_choice_row_new (guint        param_id,
                     const char  *title,
                     const char  *tooltip,
                     GListStore **choices)
{
  g_autoptr(GtkListItemFactory) summary_factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkListItemFactory) title_factory = gtk_signal_list_item_factory_new ();
  GtkWidget *row;

  g_return_val_if_fail (choices != NULL, NULL);

  row = adw_combo_row_new ();
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  ring_tooltip_set_text (row, tooltip);

  g_signal_connect (summary_factory, "setup", G_CALLBACK (summary_setup_cb), NULL);
  g_signal_connect_object (title_factory, "setup", G_CALLBACK (title_setup_cb), row, 0);
  g_signal_connect (title_factory, "bind", G_CALLBACK (title_bind_cb), NULL);
  g_signal_connect (title_factory, "unbind", G_CALLBACK (title_unbind_cb), NULL);
  adw_combo_row_set_factory (ADW_COMBO_ROW (row), summary_factory);
  adw_combo_row_set_list_factory (ADW_COMBO_ROW (row), title_factory);

  *choices = create_choices (param_id);
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (*choices));

  return row;
}
