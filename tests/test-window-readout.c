/* test-window-readout.c: the charts' hover readout in the window (issue 13): what the
 * pointer and the keys read, and a click that sets the ring.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "ring-chart-private.h"
#include "ring-cost.h"
#include "ring-window-private.h"

/* Shows @kind on @chart and waits for it to be drawn. */
static void
show_chart_kind (RingChart     *chart,
                 RingChartKind  kind)
{
  ChartProbeWait wait = { chart, _ring_chart_get_render_count (chart) };

  ring_chart_set_kind (chart, kind);
  g_assert_true (iterate_until (chart_probed_since, &wait));
}

static gboolean
key_press (RingChart *chart,
           guint      keyval)
{
  gboolean handled = FALSE;

  g_signal_emit_by_name (_ring_chart_get_key_controller (chart), "key-pressed", keyval, 0, 0,
                         &handled);
  return handled;
}

/* The pointer over utilization-vs-gpus at N = 64 reads the model's utilization at 64 GPUs
 * for each curve's bandwidth; keys move a cursor; a click sets N once; neither redraws. */
static void
test_chart_readout (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);
  GtkEventController *motion = _ring_chart_get_motion_controller (chart);
  static const double factors[] = { 0.5, 1.0, 2.0 };
  const RingChartReadout *readout;
  RingChartProbe *probe;
  double left, top, right, bottom, x_px;
  guint draws, changed = 0, n_points, clicked_gpus;

  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  show_chart_kind (chart, RING_CHART_UTILIZATION_VS_GPUS);
  probe = _ring_chart_get_probe (chart);
  ring_chart_probe_get_plot_area (probe, &left, &top, &right, &bottom);
  g_assert_cmpfloat (left, <, right);
  g_assert_cmpfloat (top, <, bottom);
  g_assert_true (gtk_widget_get_focusable (GTK_WIDGET (chart)));
  draws = _ring_chart_get_render_count (chart);

  /* A little right of the point for 64 GPUs: the readout snaps to it. */
  x_px = ring_chart_probe_x_to_px (probe, 64);
  g_assert_cmpfloat (x_px, >, left);
  g_assert_cmpfloat (x_px, <, right);
  g_signal_emit_by_name (motion, "motion", x_px + 2, (top + bottom) / 2);
  readout = _ring_chart_get_readout (chart);
  g_assert_nonnull (readout);
  g_assert_true (readout->inside);
  g_assert_cmpuint (readout->gpus, ==, 64);
  g_assert_cmpfloat (readout->x, ==, 64);
  g_assert_cmpfloat_with_epsilon (readout->x_px, x_px, 1e-6);
  g_assert_cmpuint (readout->values->len, ==, G_N_ELEMENTS (factors));
  for (guint i = 0; i < G_N_ELEMENTS (factors); i++)
    {
      const RingChartReadoutValue *value = &g_array_index (readout->values,
                                                           RingChartReadoutValue, i);
      RingParams params = *ring_model_get_params (window->model);
      g_autofree char *expected_label = NULL;
      g_autofree char *expected_text = NULL;
      RingResult result;

      params.gpus = 64;
      params.bandwidth_gbps *= factors[i];
      ring_cost_evaluate_sweep (&params, &result);
      g_assert_cmpfloat_with_epsilon (value->value, 100 * result.utilization, 1e-9);
      g_assert_cmpstr (value->unit, ==, "%");
      /* Its dot sits on the curve, inside the plot area. */
      g_assert_cmpfloat (value->y_px, >=, top - 1e-6);
      g_assert_cmpfloat (value->y_px, <=, bottom + 1e-6);
      expected_label = g_strdup_printf ("Utilization at %g GB/s", params.bandwidth_gbps);
      g_assert_cmpstr (value->label, ==, expected_label);
      expected_text = g_strdup_printf ("64 GPUs: %s %.1f %%", expected_label,
                                       100 * result.utilization);
      g_assert_nonnull (strstr (readout->text, expected_text));
    }
  /* Outside the plot area there is nothing to read. */
  g_signal_emit_by_name (motion, "motion", left - 5, (top + bottom) / 2);
  g_assert_false (_ring_chart_get_readout (chart)->inside);
  g_signal_emit_by_name (motion, "leave");
  g_assert_null (_ring_chart_get_readout (chart));

  /* Keys: from the model's N, one sampled point at a time; Home, End; Escape hides. */
  n_points = ring_chart_probe_get_n_points (probe);
  g_assert_true (key_press (chart, GDK_KEY_Right));
  readout = _ring_chart_get_readout (chart);
  g_assert_cmpfloat (readout->x, ==, 64);
  g_assert_true (key_press (chart, GDK_KEY_Right));
  g_assert_cmpfloat (_ring_chart_get_readout (chart)->x, >, 64);
  g_assert_true (key_press (chart, GDK_KEY_Left));
  g_assert_cmpfloat (_ring_chart_get_readout (chart)->x, ==, 64);
  g_assert_true (key_press (chart, GDK_KEY_Home));
  g_assert_cmpuint (_ring_chart_get_readout (chart)->row, ==, 0);
  g_assert_true (key_press (chart, GDK_KEY_Left));
  g_assert_cmpuint (_ring_chart_get_readout (chart)->row, ==, 0);
  g_assert_true (key_press (chart, GDK_KEY_End));
  g_assert_cmpuint (_ring_chart_get_readout (chart)->row, ==, n_points - 1);
  g_assert_true (key_press (chart, GDK_KEY_Escape));
  g_assert_null (_ring_chart_get_readout (chart));
  g_assert_false (key_press (chart, GDK_KEY_Escape));
  g_assert_false (key_press (chart, GDK_KEY_a));

  /* Pointer moves and keys redraw the overlay, never the chart. */
  iterate_for (1000);
  g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, draws);

  /* A click at the point for 256 GPUs sets the ring to it: one "changed". */
  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);
  x_px = ring_chart_probe_x_to_px (probe, 256);
  g_signal_emit_by_name (motion, "motion", x_px, (top + bottom) / 2);
  clicked_gpus = _ring_chart_get_readout (chart)->gpus;
  g_assert_cmpuint (clicked_gpus, ==, 256);
  g_signal_emit_by_name (_ring_chart_get_click_gesture (chart), "pressed", 1, x_px,
                         (top + bottom) / 2);
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, clicked_gpus);
  g_signal_handlers_disconnect_by_func (window->model, count_cb, &changed);

  /* The chart follows the model: drawn again once, and the readout read again from it. */
  {
    ChartProbeWait wait = { chart, draws };

    g_assert_true (iterate_until (chart_probed_since, &wait));
    g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, draws + 1);
    g_assert_nonnull (_ring_chart_get_readout (chart));
    g_assert_cmpuint (_ring_chart_get_readout (chart)->gpus, ==, 256);
  }
}

/* The utilization map reads the cell under the pointer: its GPUs, bandwidth and
 * utilization, as the cost model gives them. */
static void
test_chart_readout_map (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);
  GtkEventController *motion = _ring_chart_get_motion_controller (chart);
  const RingChartReadout *readout;
  const RingChartReadoutValue *bandwidth, *utilization;
  RingParams params;
  RingResult result;
  double left, top, right, bottom;

  show_chart_kind (chart, RING_CHART_UTILIZATION_MAP);
  ring_chart_probe_get_plot_area (_ring_chart_get_probe (chart), &left, &top, &right, &bottom);
  g_signal_emit_by_name (motion, "motion", (left + right) / 2, (top + bottom) / 2);
  readout = _ring_chart_get_readout (chart);
  g_assert_true (readout->inside);
  g_assert_cmpuint (readout->gpus, >, 1);
  g_assert_true (isfinite (readout->y_px));
  g_assert_cmpfloat (fabs (readout->y_px - (top + bottom) / 2), <, (bottom - top) / 10);
  g_assert_cmpuint (readout->values->len, ==, 2);
  bandwidth = &g_array_index (readout->values, RingChartReadoutValue, 0);
  utilization = &g_array_index (readout->values, RingChartReadoutValue, 1);
  g_assert_cmpstr (bandwidth->unit, ==, "GB/s");
  g_assert_cmpstr (utilization->unit, ==, "%");

  params = *ring_model_get_params (window->model);
  params.gpus = readout->gpus;
  params.bandwidth_gbps = bandwidth->value;
  ring_cost_evaluate_sweep (&params, &result);
  g_assert_cmpfloat_with_epsilon (utilization->value, 100 * result.utilization, 1e-9);
}

/* The message sizes: bytes on x, the all-reduce's time, bus bandwidth and what ran; a click
 * there changes nothing, for its x is not a GPU count. */
static void
test_chart_readout_message_size (RingWindowFixture *fixture,
                                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);
  const RingChartReadout *readout;
  double left, top, right, bottom;
  guint changed = 0;

  show_chart_kind (chart, RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE);
  ring_chart_probe_get_plot_area (_ring_chart_get_probe (chart), &left, &top, &right, &bottom);
  g_signal_emit_by_name (_ring_chart_get_motion_controller (chart), "motion",
                         (left + right) / 2, (top + bottom) / 2);
  readout = _ring_chart_get_readout (chart);
  g_assert_true (readout->inside);
  g_assert_cmpuint (readout->gpus, ==, 0);
  g_assert_cmpfloat (readout->x, >, 0);
  g_assert_cmpuint (readout->values->len, ==, 3);
  /* nccl-tests' time column, in µs, since the CSV took its columns. */
  g_assert_cmpstr (g_array_index (readout->values, RingChartReadoutValue, 0).unit, ==, "us");
  g_assert_cmpstr (g_array_index (readout->values, RingChartReadoutValue, 1).unit, ==, "GB/s");
  g_assert_cmpstr (g_array_index (readout->values, RingChartReadoutValue, 2).text, !=, "");
  g_assert_nonnull (strstr (readout->text, readout->x_text));

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);
  g_signal_emit_by_name (_ring_chart_get_click_gesture (chart), "pressed", 1,
                         (left + right) / 2, (top + bottom) / 2);
  g_assert_cmpuint (changed, ==, 0);
  g_signal_handlers_disconnect_by_func (window->model, count_cb, &changed);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window/chart-readout", test_chart_readout);
  add_window_test ("/ring/window/chart-readout-map", test_chart_readout_map);
  add_window_test ("/ring/window/chart-readout-message-size",
                   test_chart_readout_message_size);

  return g_test_run ();
}
