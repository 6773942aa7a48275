/* test-window-choices.c: choosing a GPU, an algorithm or a preset in the window (issue 9):
 * the drop-downs' entries, what cannot run and why, the presets' menu and toast.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>

#include "ring-choice.h"
#include "ring-gpu.h"
#include "ring-parameter-panel-private.h"
#include "ring-presets.h"
#include "ring-window-private.h"

static void
test_gpu_choice (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, "gpu");
  GListModel *gpus = adw_combo_row_get_model (combo);
  GtkSpinButton *bandwidth;
  ViewDraws before;
  guint changed = 0;

  /* The catalogue, in its order, every entry by its description. */
  g_assert_cmpuint (g_list_model_get_n_items (gpus), ==, RING_N_GPUS);
  for (guint id = 0; id < RING_N_GPUS; id++)
    {
      g_autoptr(RingChoice) choice = g_list_model_get_item (gpus, id);

      g_assert_cmpuint (ring_choice_get_value (choice), ==, id);
      g_assert_cmpstr (ring_choice_get_title (choice), ==, ring_gpu_info (id)->description);
      g_assert_true (ring_choice_get_available (choice));
    }

  settle_views (window, &before);
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  adw_combo_row_set_selected (combo, RING_GPU_H100);

  /* One change brings the GPU and its facts: 0.4 × 989 dense TFLOP/s, NVLink 4's
   * 18 × 25 GB/s, 8 GPUs to a node. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_GPU), ==, RING_GPU_H100);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_COMPUTE), 395.6, 1e-9);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_BANDWIDTH), ==, 450);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS_PER_NODE), ==, 8);
  assert_each_view_drew_once (&before);

  /* The closed drop-down names it; the fields show its facts. */
  g_assert_nonnull (ring_test_find_label (GTK_WIDGET (combo), "NVIDIA H100 SXM5"));
  bandwidth = _ring_parameter_panel_get_spin (panel, "bandwidth");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bandwidth)), ==, "450.0 GB/s");

  /* And the model moves the drop-down. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_B200);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_GPU_B200);
}

static void
test_algorithm_choice (RingWindowFixture *fixture,
                       gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, "algorithm");
  GListModel *algorithms = adw_combo_row_get_model (combo);
  ViewDraws before;
  guint changed = 0;

  /* Every algorithm of the registry, in its order. */
  g_assert_cmpuint (g_list_model_get_n_items (algorithms), ==, RING_N_ALGORITHMS);
  for (guint a = 0; a < RING_N_ALGORITHMS; a++)
    {
      g_autoptr(RingChoice) choice = g_list_model_get_item (algorithms, a);

      g_assert_cmpuint (ring_choice_get_value (choice), ==, a);
    }
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_ALGORITHM_FLAT_RING);

  settle_views (window, &before);
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  adw_combo_row_set_selected (combo, RING_ALGORITHM_TREE);

  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_TREE);
  g_assert_cmpint (ring_model_get_algorithm_used (window->model), ==, RING_ALGORITHM_TREE);
  assert_each_view_drew_once (&before);
  g_assert_cmpstr (ring_test_metric_value (window, "algorithm-used"), ==, "Tree, Simple");
}

/* The NCCL version's drop-down, 2.18 to 2.28 by name: two H100 at 8 GiB run NVLS under
 * 2.28, the ring under 2.27, which the metric says. */
static void
test_nccl_version_choice (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, "nccl-version");
  GListModel *versions = adw_combo_row_get_model (combo);
  guint changed = 0;

  g_assert_cmpuint (g_list_model_get_n_items (versions), ==, RING_N_NCCL_VERSIONS);
  for (guint v = 0; v < RING_N_NCCL_VERSIONS; v++)
    {
      g_autoptr(RingChoice) choice = g_list_model_get_item (versions, v);

      g_assert_cmpstr (ring_choice_get_title (choice), ==,
                       ring_param_choice_name (RING_PARAM_NCCL_VERSION, v));
    }

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 2);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 8589934592.0);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_NCCL_2_28);
  g_assert_cmpint (ring_model_get_algorithm_used (window->model), ==, RING_ALGORITHM_NVLS);

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);
  adw_combo_row_set_selected (combo, RING_NCCL_2_27);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_NCCL_VERSION), ==,
                   RING_NCCL_2_27);
  g_assert_cmpint (ring_model_get_algorithm_used (window->model), ==, RING_ALGORITHM_RING);
  g_assert_cmpstr (ring_test_metric_value (window, "algorithm-used"), ==, "Ring");

  /* And the model moves the drop-down. */
  ring_model_set_value (window->model, RING_PARAM_NCCL_VERSION, RING_NCCL_2_21);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_NCCL_2_21);
}

/* The drop-down shows what Auto picked, and follows the hardware and the question. */
static void
test_auto_pick_shown (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, "algorithm");
  RingChoice *shown;

  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_ALGORITHM_AUTO);

  /* The seed's 8 GPUs, 28 GB of fp32 gradients: one node's ring with Simple. */
  shown = adw_combo_row_get_selected_item (combo);
  g_assert_cmpstr (ring_choice_get_summary (shown), ==, "Auto · Ring, Simple");
  g_assert_nonnull (ring_test_find_label (GTK_WIDGET (combo), "Auto · Ring, Simple"));
  g_assert_cmpstr (ring_test_metric_value (window, "algorithm-used"), ==, "Ring, Simple");

  /* An H100 node reduces in its NVSwitch. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  g_assert_cmpstr (ring_choice_get_summary (shown), ==, "Auto · NVLS, Simple");

  /* Issue 9's example: 1 MiB over 8 H100 nodes is a tree with LL128. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  g_assert_cmpstr (ring_choice_get_summary (shown), ==, "Auto · Tree, LL128");
  g_assert_nonnull (ring_test_find_label (GTK_WIDGET (combo), "Auto · Tree, LL128"));
  g_assert_cmpstr (ring_test_metric_value (window, "algorithm-used"), ==, "Tree");
  g_assert_cmpstr (ring_test_metric_value (window, "protocol-used"), ==, "LL128");
  g_assert_cmpstr (ring_test_metric_value (window, "nodes"), ==, "8");
}

/* α changes nothing under auto (NCCL's algorithms use their own latencies): its slider and
 * field are greyed and a note says why; with the flat ring, whose 2 (N − 1) · α it is,
 * they work and the note goes. */
static void
test_latency_row (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkWidget *scale = GTK_WIDGET (_ring_parameter_panel_get_scale (panel, "latency"));
  GtkWidget *spin = GTK_WIDGET (_ring_parameter_panel_get_spin (panel, "latency"));
  GtkWidget *row = gtk_widget_get_ancestor (scale, GTK_TYPE_LIST_BOX_ROW);
  const char *note = "Only the flat ring, halving-doubling and hierarchical use it: NCCL’s "
                     "algorithms have their own latency per hop";

  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  g_assert_false (gtk_widget_get_sensitive (scale));
  g_assert_false (gtk_widget_get_sensitive (spin));
  g_assert_nonnull (ring_test_find_label (row, note));
  g_assert_true (gtk_widget_get_visible (ring_test_find_label (row, note)));

  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  g_assert_true (gtk_widget_get_sensitive (scale));
  g_assert_true (gtk_widget_get_sensitive (spin));
  g_assert_false (gtk_widget_get_visible (ring_test_find_label (row, note)));
}

/* Issue 21, items 6 and 8: the bucket size is DDP's; under ZeRO (DeepSpeed's buckets) and
 * FSDP (layer by layer) it moves no figure, so its row greys and says why. */
static void
test_bucket_row (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkWidget *scale = GTK_WIDGET (_ring_parameter_panel_get_scale (panel, "bucket-size"));
  GtkWidget *spin = GTK_WIDGET (_ring_parameter_panel_get_spin (panel, "bucket-size"));
  GtkWidget *row = gtk_widget_get_ancestor (scale, GTK_TYPE_LIST_BOX_ROW);
  const char *note = "Only DDP uses it: ZeRO has buckets of its own (500 M elements), "
                     "FSDP sends one layer at a time";
  double step_s;

  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_ZERO1);
  g_assert_false (gtk_widget_get_sensitive (scale));
  g_assert_false (gtk_widget_get_sensitive (spin));
  g_assert_true (gtk_widget_get_visible (ring_test_find_label (row, note)));
  /* What the note says: the bucket size changes nothing under ZeRO. */
  step_s = ring_model_get_result (window->model)->step_time_s;
  g_object_set (window->model, "bucket-size", 4194304.0, NULL);
  g_assert_cmpfloat (ring_model_get_result (window->model)->step_time_s, ==, step_s);

  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_FSDP);
  g_assert_false (gtk_widget_get_sensitive (scale));

  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_DDP);
  g_assert_true (gtk_widget_get_sensitive (scale));
  g_assert_true (gtk_widget_get_sensitive (spin));
  g_assert_false (gtk_widget_get_visible (ring_test_find_label (row, note)));
}

static gboolean
popover_is_shown (gpointer data)
{
  return gtk_widget_get_mapped (data);
}

static gboolean
is_popover (GtkWidget     *widget,
            gconstpointer  data)
{
  return GTK_IS_POPOVER (widget);
}

/* The row of the open list showing @title: the box the list item widget holds. */
static GtkWidget *
popup_row (AdwComboRow *combo,
           const char  *title)
{
  GtkWidget *popover = ring_test_find_widget (GTK_WIDGET (combo), is_popover, NULL);
  GtkWidget *label = ring_test_find_label (popover, title);

  g_assert_nonnull (label);

  /* The title ⊂ the title and reason's box ⊂ the row box. */
  return gtk_widget_get_parent (gtk_widget_get_parent (label));
}

/* As a click does: select the entry, then activate it. */
static void
click_popup_row (GtkWidget *row)
{
  GtkWidget *item = gtk_widget_get_parent (row);

  gtk_widget_activate_action (item, "listitem.select", "(bb)", FALSE, FALSE);
  gtk_widget_activate (item);
}

/* An algorithm that cannot run here is in the list, insensitive, saying why; it cannot be
 * chosen by the list or otherwise. */
static void
test_impossible_algorithm (RingWindowFixture *fixture,
                           gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  AdwComboRow *combo = _ring_parameter_panel_get_combo (panel, "algorithm");
  GListModel *algorithms = adw_combo_row_get_model (combo);
  g_autoptr(RingChoice) nvls = g_list_model_get_item (algorithms, RING_ALGORITHM_NVLS);
  g_autoptr(RingChoice) collnet = g_list_model_get_item (algorithms, RING_ALGORITHM_COLLNET);
  GtkWidget *popover, *row, *reason;
  guint changed = 0;

  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_A100);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);

  g_assert_false (ring_choice_get_available (nvls));
  g_assert_cmpstr (ring_choice_get_reason (nvls), ==, "NVLS needs a Hopper or newer GPU");
  g_assert_false (ring_choice_get_available (collnet));
  g_assert_cmpstr (ring_choice_get_reason (collnet), ==,
                   "CollNet needs switches that reduce: the InfiniBand+SHARP fabric");

  /* The open list: the entry is there, insensitive, with the reason under it and as its
   * tooltip. */
  popover = ring_test_find_widget (GTK_WIDGET (combo), is_popover, NULL);
  g_assert_nonnull (popover);
  gtk_widget_activate (GTK_WIDGET (combo));
  g_assert_true (iterate_until (popover_is_shown, popover));
  row = popup_row (combo, "NVLS (in-switch reduction)");
  g_assert_false (gtk_widget_get_sensitive (row));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (row), ==, "NVLS needs a Hopper or newer GPU");
  reason = ring_test_find_label (row, "NVLS needs a Hopper or newer GPU");
  g_assert_true (gtk_widget_get_visible (reason));
  g_assert_true (gtk_widget_get_sensitive (popup_row (combo, "Tree")));

  /* Clicked, nothing happens; a possible one is chosen the same way. */
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);
  click_popup_row (row);
  g_assert_cmpuint (changed, ==, 0);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_AUTO);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_ALGORITHM_AUTO);
  click_popup_row (popup_row (combo, "Tree"));
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_TREE);
  gtk_popover_popdown (GTK_POPOVER (popover));

  /* Set any other way, it is refused and the drop-down shows the model's again. */
  adw_combo_row_set_selected (combo, RING_ALGORITHM_NVLS);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_TREE);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_ALGORITHM_TREE);

  /* On one H100 node NVLS runs, and can be chosen. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 8);
  g_assert_true (ring_choice_get_available (nvls));
  g_assert_null (ring_choice_get_reason (nvls));
  /* The entry's tooltip follows its reason: gone with it. */
  g_assert_null (gtk_widget_get_tooltip_text (row));
  adw_combo_row_set_selected (combo, RING_ALGORITHM_NVLS);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_NVLS);

  /* More nodes than NVLS spans: the model falls back to auto, and so does the row. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_ALGORITHM), ==, RING_ALGORITHM_AUTO);
  g_assert_cmpuint (adw_combo_row_get_selected (combo), ==, RING_ALGORITHM_AUTO);

  /* The reason comes back with the A100, and with it the tooltip. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_A100);
  g_assert_cmpstr (gtk_widget_get_tooltip_text (popup_row (combo, "NVLS (in-switch reduction)")),
                   ==, "NVLS needs a Hopper or newer GPU");
}

static void
test_preset_choice (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  ViewDraws before;
  guint changed = 0;

  settle_views (window, &before);
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-preset", "s", "dgx-h100");

  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpint (ring_model_get_value (window->model, RING_PARAM_GPU), ==, RING_GPU_H100);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_NICS_PER_NODE), ==, 8);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_NIC_SPEED), ==, 400);
  /* A hardware preset leaves the model alone. */
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MODEL_PARAMS), ==, 7e9);
  assert_each_view_drew_once (&before);
}

/* The toast names the preset and what it sets: a GPU with its facts, a fabric with its
 * latency. */
static void
test_preset_toast (void)
{
  const struct
  {
    const char *preset;
    const char *toast;
  } cases[] = {
    { "dgx-h100", "DGX H100: GPU, GPUs per node, NICs, NIC speed, fabric" },
    { "gb200-nvl72", "GB200 NVL72: GPU, GPUs in the ring, GPUs per node, NVLink domain, NICs, "
                     "NIC speed, fabric" },
    { "l40s-ethernet", "8 × L40S on PCIe: GPU, GPUs per node, NICs, NIC speed, fabric" },
    { "commodity-100g", "Nodes of 8 GPUs over one 100 Gb Ethernet NIC (TCP): GPUs per node, "
                        "NICs, NIC speed, fabric" },
    { "llama3-70b", "Llama 3 70B: model size, gradient precision" },
    { "gpt2-1.5b", "GPT-2 1.5B: model size, gradient precision" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *toast = _ring_window_describe_preset (ring_preset_lookup (cases[i].preset));

      g_assert_cmpstr (toast, ==, cases[i].toast);
    }
}

/* The preset menu: hardware, then models, each preset once, from the table. */
static void
test_preset_menu (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  GMenuModel *menu = G_MENU_MODEL (fixture->window->presets_menu);
  const char *labels[] = { "Hardware", "Model" };
  guint n_presets, listed = 0;

  ring_presets_get (&n_presets);
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 2);
  for (int s = 0; s < 2; s++)
    {
      GMenuModel *section = g_menu_model_get_item_link (menu, s, G_MENU_LINK_SECTION);
      g_autofree char *label = NULL;

      g_assert_true (g_menu_model_get_item_attribute (menu, s, G_MENU_ATTRIBUTE_LABEL, "s",
                                                      &label));
      g_assert_cmpstr (label, ==, labels[s]);
      for (int i = 0; i < g_menu_model_get_n_items (section); i++)
        {
          g_autofree char *target = NULL;
          g_autofree char *action = NULL;
          const RingPreset *preset;

          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_ACTION,
                                                          "s", &action));
          g_assert_cmpstr (action, ==, "win.apply-preset");
          g_assert_true (g_menu_model_get_item_attribute (section, i, G_MENU_ATTRIBUTE_TARGET,
                                                          "s", &target));
          preset = ring_preset_lookup (target);
          g_assert_nonnull (preset);
          g_assert_cmpint (preset->kind, ==, s == 0 ? RING_PRESET_HARDWARE : RING_PRESET_MODEL);
          listed++;
        }
      g_object_unref (section);
    }
  g_assert_cmpuint (listed, ==, n_presets);
}

static gboolean
is_drop_down (GtkWidget     *widget,
              gconstpointer  data)
{
  return GTK_IS_DROP_DOWN (widget);
}

/* A label that reads @data and is on screen: the closed picker's, not its list's. */
static gboolean
is_shown_label (GtkWidget     *widget,
                gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
         && g_strcmp0 (gtk_label_get_label (GTK_LABEL (widget)), data) == 0;
}

typedef struct
{
  GtkWidget  *picker;
  const char *text;
  GtkWidget  *label;
} LabelWait;

static gboolean
label_laid_out (gpointer data)
{
  LabelWait *wait = data;

  wait->label = ring_test_find_widget (wait->picker, is_shown_label, wait->text);

  return wait->label != NULL && gtk_widget_get_width (wait->label) > 0;
}

/* Issue 21, item 14: the chart picker shows whole names. The longest title, in the
 * narrowest window, is whole in the closed picker (it was cut to "All-reduce time and bus
 * bandwidth vs. mes…"): the pane is as wide as it needs. */
static void
test_chart_picker_names (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChartKind longest = 0;
  GtkWidget *picker;
  PangoLayout *layout;
  LabelWait wait;
  int natural;

  for (RingChartKind kind = 1; kind < RING_N_CHARTS; kind++)
    if (g_utf8_strlen (ring_chart_kind_get_title (kind), -1)
        > g_utf8_strlen (ring_chart_kind_get_title (longest), -1))
      longest = kind;
  ring_chart_view_set_visible_kind (RING_CHART_VIEW (window->chart_view), longest);
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 560);

  picker = ring_test_find_widget (window->chart_view, is_drop_down, NULL);
  g_assert_nonnull (picker);
  wait.picker = picker;
  wait.text = ring_chart_kind_get_title (longest);
  g_assert_true (iterate_until (label_laid_out, &wait));
  iterate_for (300);
  /* The title at its whole width, not cut to the pane's. */
  gtk_widget_measure (wait.label, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &natural, NULL, NULL);
  g_assert_cmpint (gtk_widget_get_width (wait.label), >=, natural);
  g_assert_cmpint (gtk_widget_get_width (picker), <=, gtk_widget_get_width (window->chart_view));
  layout = gtk_label_get_layout (GTK_LABEL (wait.label));
  g_assert_false (pango_layout_is_ellipsized (layout));
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window/gpu-choice", test_gpu_choice);
  add_window_test ("/ring/window/algorithm-choice", test_algorithm_choice);
  add_window_test ("/ring/window/nccl-version-choice", test_nccl_version_choice);
  add_window_test ("/ring/window/auto-pick-shown", test_auto_pick_shown);
  add_window_test ("/ring/window/latency-row", test_latency_row);
  add_window_test ("/ring/window/bucket-row", test_bucket_row);
  add_window_test ("/ring/window/impossible-algorithm", test_impossible_algorithm);
  add_window_test ("/ring/window/preset-choice", test_preset_choice);
  add_window_test ("/ring/window/preset-menu", test_preset_menu);
  add_window_test ("/ring/window/chart-picker-names", test_chart_picker_names);
  g_test_add_func ("/ring/window/preset-toast", test_preset_toast);

  return g_test_run ();
}
