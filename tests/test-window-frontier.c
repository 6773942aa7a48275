/* test-window-frontier.c: a parallel layout in the window (issue 22): the metric cards
 * show its figures as --report=json has them, and the memory line its least change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ring-algorithms.h"
#include "ring-chart-view.h"
#include "ring-cost.h"
#include "ring-layout-fit.h"
#include "ring-metric-card.h"
#include "ring-parameter-panel-private.h"
#include "ring-presets.h"
#include "ring-report.h"
#include "ring-step-bar-draw.h"
#include "ring-step-clock.h"
#include "ring-test-json.h"
#include "ring-units.h"
#include "ring-window-private.h"

static const char * const layout_cards[] = {
  "mfu", "step_time_s", "bubble_s", "exposed_comm_s", "data_parallel", "dp_time_s",
  "tp_time_s", "pp_time_s", "memory_per_gpu_bytes", "cp_time_s",
};

static gboolean
card_shown (RingWindow *window,
            const char *metric)
{
  return gtk_widget_get_visible (ring_test_metric_card (window, metric));
}

/* 64 GPUs typed into the rows as tensor 8 × pipeline 2 × data 4 with 8 micro-batches:
 * the step's cards give way to the layout's, and each says what the JSON report has. */
static void
test_layout_cards (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  g_autofree char *json = NULL;
  g_autofree char *mfu = NULL;
  g_autofree char *step = NULL;
  g_autofree char *bubble = NULL;
  g_autofree char *bubble_share = NULL;
  g_autofree char *exposed = NULL;
  g_autofree char *dp = NULL;
  g_autofree char *tp = NULL;
  g_autofree char *pp = NULL;
  g_autofree char *memory = NULL;
  g_autofree char *data_parallel = NULL;
  g_autoptr(JsonObject) report = NULL;
  RingAlgorithm dp_algorithm;

  g_assert_true (card_shown (window, "compute-time"));
  g_assert_true (card_shown (window, "utilization"));
  for (guint i = 0; i < G_N_ELEMENTS (layout_cards); i++)
    g_assert_false (card_shown (window, layout_cards[i]));

  ring_test_type (_ring_parameter_panel_get_spin (panel, "gpus"), "64");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "model-params"), "70B");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "tensor-parallel"), "8");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "pipeline-parallel"), "2");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "micro-batches"), "8");
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_TENSOR_PARALLEL), ==, 8);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_PIPELINE_PARALLEL), ==, 2);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_MICRO_BATCHES), ==, 8);

  g_assert_false (card_shown (window, "compute-time"));
  g_assert_false (card_shown (window, "utilization"));
  g_assert_false (card_shown (window, "algorithm-used"));
  for (guint i = 0; i < G_N_ELEMENTS (layout_cards); i++)
    g_assert_true (card_shown (window, layout_cards[i]));
  g_assert_true (card_shown (window, "steps-completed"));

  json = ring_report_to_json (window->model);
  report = ring_test_parse_report (json);
  g_assert_cmpint (json_object_get_int_member (report, "data_parallel"), ==, 4);
  g_assert_cmpint (json_object_get_int_member (report, "tensor_parallel"), ==, 8);

  mfu = g_strdup_printf ("%.1f %%", 100 * json_object_get_double_member (report, "mfu"));
  g_assert_cmpstr (ring_test_metric_value (window, "mfu"), ==, mfu);
  step = ring_format_duration (json_object_get_double_member (report, "step_time_s"));
  g_assert_cmpstr (ring_test_metric_value (window, "step_time_s"), ==, step);
  exposed = ring_format_duration (json_object_get_double_member (report, "exposed_comm_s"));
  g_assert_cmpstr (ring_test_metric_value (window, "exposed_comm_s"), ==, exposed);
  /* The bubble: (P − 1)/(m + P − 1) = 1/9 of the slots, and its time. */
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "bubble_fraction"),
                                  1.0 / 9, 1e-12);
  bubble = ring_format_duration (json_object_get_double_member (report, "bubble_s"));
  bubble_share = g_strdup_printf ("%s, %.1f %%", bubble, 100.0 / 9);
  g_assert_cmpstr (ring_test_metric_value (window, "bubble_s"), ==, bubble_share);
  data_parallel = g_strdup_printf ("%d GPUs",
                                   (int) json_object_get_int_member (report, "data_parallel"));
  g_assert_cmpstr (ring_test_metric_value (window, "data_parallel"), ==, data_parallel);
  g_assert_true (ring_algorithm_from_string (json_object_get_string_member (report,
                                                                            "dp_algorithm"),
                                             &dp_algorithm));
  dp = g_strdup_printf ("%s, %s", ring_algorithm_get_title (dp_algorithm),
                        ring_format_duration (json_object_get_double_member (report,
                                                                             "dp_time_s")));
  g_assert_cmpstr (ring_test_metric_value (window, "dp_time_s"), ==, dp);
  tp = ring_format_duration (json_object_get_double_member (report, "tp_time_s"));
  g_assert_cmpstr (ring_test_metric_value (window, "tp_time_s"), ==, tp);
  pp = ring_format_duration (json_object_get_double_member (report, "pp_time_s"));
  g_assert_cmpstr (ring_test_metric_value (window, "pp_time_s"), ==, pp);
  g_assert_cmpstr (ring_test_metric_value (window, "cp_time_s"), ==, "—");
  memory = ring_format_bytes (json_object_get_double_member (report, "memory_per_gpu_bytes"));
  g_assert_cmpstr (ring_test_metric_value (window, "memory_per_gpu_bytes"), ==, memory);

  /* Back to plain data parallelism: the step's cards again. */
  ring_test_type (_ring_parameter_panel_get_spin (panel, "micro-batches"), "1");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "pipeline-parallel"), "1");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "tensor-parallel"), "1");
  g_assert_true (card_shown (window, "compute-time"));
  g_assert_false (card_shown (window, "mfu"));
}

/* Llama 3 405B as trained on 16 384 H100s, without the preset's recomputation, does not
 * fit at 1 024 tokens per GPU: the line
 * names the least change to the layout, as the text report does, and no FSDP across more
 * GPUs, which the layout has already. */
static void
test_layout_does_not_fit (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParams params;
  RingLayoutFit fit;
  g_autofree char *advice = NULL;
  g_autofree char *text_report = NULL;
  const char *text;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  ring_preset_apply (ring_preset_lookup ("llama3-405b-16k"), &params);
  g_assert_true (ring_model_set_params (window->model, &params));
  g_assert_true (ring_model_get_fits (window->model));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->fit_label)));
  params.checkpointing = RING_CHECKPOINTING_NONE;
  g_assert_true (ring_model_set_params (window->model, &params));
  g_assert_false (ring_model_get_fits (window->model));

  ring_layout_fit_suggest (&params, &fit);
  g_assert_true (fit.possible);
  advice = ring_layout_fit_describe (&fit);
  g_assert_nonnull (advice);
  text = gtk_label_get_label (window->fit_label);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->fit_label)));
  g_assert_true (g_str_has_prefix (text, "Does not fit: "));
  g_assert_true (g_str_has_suffix (text, advice));
  g_assert_null (strstr (text, "across"));
  text_report = ring_report_to_text (window->model);
  g_assert_nonnull (strstr (text_report, advice));
}

static GtkWidget *
card_difference (RingWindow *window,
                 const char *metric)
{
  return GTK_WIDGET (ring_metric_card_get_difference_label (
    RING_METRIC_CARD (ring_test_metric_card (window, metric))));
}

/* A pinned layout compared with another: the cards say by how much MFU and the step
 * differ, as the two configurations' results have them. */
static void
test_compare_layouts (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingParams params;
  RingResult pinned, current;
  g_autofree char *mfu_change = NULL;
  g_autofree char *step_change = NULL;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.gpus = 64;
  params.model_params = 70e9;
  params.tensor_parallel = 8;
  params.pipeline_parallel = 2;
  params.micro_batches = 8;
  g_assert_true (ring_model_set_params (model, &params));
  ring_cost_evaluate (&params, &pinned);
  g_assert_true (ring_model_pin_scenario (model, "Tensor 8 × pipeline 2", NULL));
  ring_model_set_compare_with (model, 0);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (card_difference (window, "mfu"))), ==,
                   "±0 %");

  ring_model_set_value (model, RING_PARAM_TENSOR_PARALLEL, 4);
  ring_model_set_value (model, RING_PARAM_PIPELINE_PARALLEL, 4);
  ring_cost_evaluate (ring_model_get_params (model), &current);
  g_assert_cmpfloat (current.mfu, !=, pinned.mfu);
  mfu_change = ring_format_change (current.mfu / pinned.mfu - 1);
  step_change = ring_format_change (current.step_time_s / pinned.step_time_s - 1);
  g_assert_true (gtk_widget_get_visible (card_difference (window, "mfu")));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (card_difference (window, "mfu"))), ==,
                   mfu_change);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (card_difference (window, "step_time_s"))),
                   ==, step_change);
  /* Higher MFU is better, a longer step worse: the colours agree. */
  g_assert_true (gtk_widget_has_css_class (card_difference (window, "mfu"),
                                           current.mfu > pinned.mfu ? "success" : "error"));
  g_assert_true (gtk_widget_has_css_class (card_difference (window, "step_time_s"),
                                           current.mfu > pinned.mfu ? "success" : "error"));
}

/* The step bar gives the bubble its share of the step, in grey between compute and the
 * exposed communication. */
static void
test_step_bar_bubble (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingModel *model = fixture->window->model;
  const int width = 1000, height = 28;
  cairo_surface_t *surface;
  cairo_t *cr;
  const RingResult *result;
  RingParams params;
  RingStyle style;
  double total, split, comm_start;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  ring_preset_apply (ring_preset_lookup ("llama3-405b-16k"), &params);
  g_assert_true (ring_model_set_params (model, &params));
  result = ring_model_get_result (model);
  g_assert_cmpfloat (result->bubble_s, >, 0);

  ring_style_init_light (&style);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  cr = cairo_create (surface);
  ring_step_bar_draw (cr, width, height, result->compute_time_s, result->bubble_s,
                      result->exposed_comm_s, 0, &style);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  total = result->compute_time_s + result->bubble_s + result->exposed_comm_s;
  split = round (width * result->compute_time_s / total);
  comm_start = round (width * (result->compute_time_s + result->bubble_s) / total);
  g_assert_cmpfloat (comm_start - split, >, 100);
  g_assert_true (pixel_is (surface, 20, 2, &style.compute));
  g_assert_true (pixel_is (surface, (int) split + 2, 2, &style.dim));
  g_assert_true (pixel_is (surface, (int) comm_start - 3, 2, &style.dim));
  g_assert_true (pixel_is (surface, (int) comm_start + 2, 2, &style.communication));
  cairo_surface_destroy (surface);

  /* A screen reader hears the bubble's share too, and the three add up to the step. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  {
    double step_s = result->step_time_s;
    g_autofree char *expected = g_strdup_printf ("Step time: %.0f %% compute, %.0f %% pipeline "
                                                 "bubble, %.0f %% communication",
                                                 100 * result->compute_time_s / step_s,
                                                 100 * result->bubble_s / step_s,
                                                 100 * result->exposed_comm_s / step_s);

    g_assert_cmpfloat_with_epsilon (result->compute_time_s + result->bubble_s
                                    + result->exposed_comm_s, step_s, 1e-9 * step_s);
    if (result->hidden_comm_s > 0)
      {
        char *with_hidden = g_strdup_printf ("%s; communication hidden behind compute: %.0f %% "
                                             "of the step", expected,
                                             100 * MIN (result->hidden_comm_s,
                                                        result->compute_time_s) / step_s);

        g_free (expected);
        expected = with_hidden;
      }
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (fixture->window->step_bar),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  }
}

/* With a layout the animation's caption says whose ring it plays; without, it hides. */
static void
test_dp_ring_caption (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingStepClock *clock;
  RingParams params;

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  params.gpus = 16;
  params.tensor_parallel = params.pipeline_parallel = params.context_parallel = 2;
  params.micro_batches = 4;
  g_assert_true (ring_model_set_params (window->model, &params));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window->dp_ring_label)));
  clock = ring_step_clock_new ();
  ring_step_clock_load_model (clock, window->model);
  g_assert_cmpuint (ring_step_clock_get_n_gpus (clock), ==, 2);
  g_assert_cmpstr (gtk_label_get_label (window->dp_ring_label), ==,
                   "Data-parallel ring of one rail group: 2 GPUs, one per node; "
                   "the node's other 7 GPUs' groups share its NICs");

  params.tensor_parallel = params.pipeline_parallel = params.context_parallel = 1;
  params.micro_batches = 1;
  g_assert_true (ring_model_set_params (window->model, &params));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (window->dp_ring_label)));
  ring_step_clock_load_model (clock, window->model);
  g_assert_cmpuint (ring_step_clock_get_n_gpus (clock), ==, 16);
  ring_step_clock_free (clock);
}

/* Utilization against the ring size is flat under a layout: until the user picks a chart,
 * the first chart is MFU against D with one, and the default again without; a chart the
 * user picks stays, and is the only one stored. */
static void
test_layout_chart (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChartView *view = RING_CHART_VIEW (window->chart_view);
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  g_autoptr(GVariant) stored = NULL;
  g_autoptr(GVariant) picked = NULL;

  if (window->settings == NULL)
    {
      g_test_skip ("the window has no settings");
      return;
    }
  g_settings_reset (window->settings, "visible-chart");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_UTILIZATION_VS_GPUS);

  ring_test_type (_ring_parameter_panel_get_spin (panel, "gpus"), "64");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "tensor-parallel"), "8");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_MFU_VS_DATA_PARALLEL);
  stored = g_settings_get_user_value (window->settings, "visible-chart");
  g_assert_null (stored);
  ring_test_type (_ring_parameter_panel_get_spin (panel, "tensor-parallel"), "1");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_UTILIZATION_VS_GPUS);

  /* Picked in the chart's menu while the layout's chart shows: kept, and stored. */
  ring_test_type (_ring_parameter_panel_get_spin (panel, "pipeline-parallel"), "4");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_MFU_VS_DATA_PARALLEL);
  g_object_set (view, "visible-kind", "utilization-vs-gpus", NULL);
  ring_test_type (_ring_parameter_panel_get_spin (panel, "pipeline-parallel"), "2");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_UTILIZATION_VS_GPUS);
  picked = g_settings_get_user_value (window->settings, "visible-chart");
  g_assert_nonnull (picked);
  g_assert_cmpstr (g_variant_get_string (picked, NULL), ==, "utilization-vs-gpus");
  ring_test_type (_ring_parameter_panel_get_spin (panel, "pipeline-parallel"), "1");
  g_assert_cmpint (ring_chart_view_get_visible_kind (view), ==, RING_CHART_UTILIZATION_VS_GPUS);

  g_settings_reset (window->settings, "visible-chart");
}

/* The NVLink domain's field names the domain there is: at 0 each node's own, "8 (the
 * node)" and then "4 (the node)", which reads back as 0; 72 on a GB200 rack. A GPU
 * without NVLink switches has no domain across nodes: the row greys and says why. */
static void
test_nvlink_domain_row (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkSpinButton *spin = _ring_parameter_panel_get_spin (panel, "nvlink-domain");
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (spin), GTK_TYPE_LIST_BOX_ROW);
  const char *why = "Only GPUs on NVLink switches share NVLink across nodes";
  GtkWidget *note;

  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_NVLINK_DOMAIN), ==, 0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "8 (the node)");
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (spin)));

  ring_test_type (_ring_parameter_panel_get_spin (panel, "gpus-per-node"), "4");
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "4 (the node)");
  ring_test_type (spin, "4 (the node)");
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_NVLINK_DOMAIN), ==, 0);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (spin), "error"));

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_GB200);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_NVLINK_DOMAIN), ==, 72);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "72");

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_L40S);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (spin)), ==, "8 (the node)");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (spin)));
  note = ring_test_find_label (row, why);
  g_assert_nonnull (note);
  g_assert_true (gtk_widget_get_visible (note));

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (spin)));
  g_assert_false (gtk_widget_get_visible (note));
}

/* The pill counts the bubble as the step bar draws it: 64 GPUs in 8 pipeline stages of
 * an 8B model with 2 micro-batches idle (P − 1) / (m + P − 1) = 7/9 of the pipeline in
 * the bubble, far longer than their exposed communication. */
static void
test_bubble_pill (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  GtkWidget *pill = GTK_WIDGET (window->bound_label);
  const RingResult *result;
  RingParams params;

  ring_params_init_default (&params);
  params.gpus = 64;
  params.model_params = 8e9;
  params.pipeline_parallel = 8;
  params.micro_batches = 2;
  g_assert_true (ring_model_set_params (window->model, &params));
  result = ring_model_get_result (window->model);
  g_assert_cmpfloat_with_epsilon (result->bubble_fraction, 7.0 / 9, 1e-12);
  g_assert_cmpfloat (result->bubble_s, >, 5 * result->exposed_comm_s);
  g_assert_false (result->comm_bound);
  g_assert_true (result->fits);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Bubble-limited");
  g_assert_true (gtk_widget_has_css_class (pill, "bubble-limited"));
  g_assert_false (gtk_widget_has_css_class (pill, "comm-limited"));

  /* One stage: no bubble, and the pill back to what communication decides. */
  params.pipeline_parallel = 1;
  params.micro_batches = 1;
  g_assert_true (ring_model_set_params (window->model, &params));
  g_assert_cmpfloat (ring_model_get_result (window->model)->bubble_s, ==, 0);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), !=, "Bubble-limited");
  g_assert_false (gtk_widget_has_css_class (pill, "bubble-limited"));
}

int
main (int   argc,
      char *argv[])
{
  /* GTK's test context keeps what the step bar tells assistive technologies; with the
   * suite's GTK_A11Y=none there would be none to ask. */
  g_setenv ("GTK_A11Y", "test", TRUE);
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window-frontier/layout-cards", test_layout_cards);
  add_window_test ("/ring/window-frontier/layout-does-not-fit", test_layout_does_not_fit);
  add_window_test ("/ring/window-frontier/compare-layouts", test_compare_layouts);
  add_window_test ("/ring/window-frontier/step-bar-bubble", test_step_bar_bubble);
  add_window_test ("/ring/window-frontier/dp-ring-caption", test_dp_ring_caption);
  add_window_test ("/ring/window-frontier/layout-chart", test_layout_chart);
  add_window_test ("/ring/window-frontier/nvlink-domain-row", test_nvlink_domain_row);
  add_window_test ("/ring/window-frontier/bubble-pill", test_bubble_pill);

  return g_test_run ();
}
