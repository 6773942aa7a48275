/* test-window.c: the window's widgets really drive the model, and the model the labels.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ring-animation-private.h"
#include "ring-chart-private.h"
#include "ring-choice.h"
#include "ring-cost.h"
#include "ring-parameter-panel-private.h"
#include "ring-presets.h"
#include "ring-step-bar-draw.h"
#include "ring-step-bar-private.h"
#include "ring-units.h"
#include "ring-window-private.h"

static void
test_gpus_slider (RingWindowFixture *fixture,
                  gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *scale = _ring_parameter_panel_get_scale (panel, "gpus");
  g_autofree char *before = NULL;

  before = g_strdup (ring_test_metric_value (window, "utilization"));

  /* Defaults: 72.5 % (test-cost.c derives 0.72467). */
  g_assert_cmpstr (before, ==, "72.5 %");

  /* The GPU slider is log₂: notch 10 is 1024 GPUs. */
  gtk_range_set_value (scale, 10);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 1024);
  /* 128 nodes of 8: the flat ring crosses the NICs at 192 GB/s (test-cost.c),
   * 0.43008 / (0.43008 + 0.3016118359375) = 58.8 % */
  g_assert_cmpstr (ring_test_metric_value (window, "utilization"), ==, "58.8 %");

  /* Between notches it snaps to a power of two. */
  gtk_range_set_value (scale, 4.4);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 16);

  /* And the model moves the slider back. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), 6, 1e-9);

}

static gboolean
painted_once (gpointer data)
{
  return *(guint *) data >= 1;
}

/* A step of the slider paints one frame, and the frames after it stay away: no restyle
 * or layout left over from the change asks for another (GTK 4.8 restyles a widget whose
 * CSS classes are set at all, and a restyle queued outside a frame or during its layout
 * takes a frame of its own). */
static void
test_one_frame_per_step (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *scale = _ring_parameter_panel_get_scale (panel, "gpus");
  GdkFrameClock *clock;
  ViewDraws before;
  g_autofree char *pill = NULL;
  guint frames = 0;

  settle_views (window, &before);
  /* Xvfb's pointer rests in the middle of the screen, over the ring, whose tooltip opens
   * GTK's hover time (500 ms) after the window is seen under it: with the sidebar's later
   * rows added after the first frame, that came after the views settled, in frames of
   * its own, which are not a step's. */
  iterate_for (600);
  /* Wide: the sidebar beside the main area, as most windows are. */
  g_assert_false (_ring_window_get_sidebar_folded (window));
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  g_signal_connect_swapped (clock, "after-paint", G_CALLBACK (count_cb), &frames);

  /* From 8 GPUs up to 1 024 and back, a notch at a time: every metric's text changes and the pill
   * keeps its words, so nothing but numbers and the views' drawings change. */
  pill = g_strdup (gtk_label_get_label (window->bound_label));
  for (guint i = 0; i < 14; i++)
    {
      double notch = i < 7 ? 4 + i : 16 - i;

      frames = 0;
      gtk_range_set_value (scale, notch);
      g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==,
                        1u << (guint) notch);
      g_assert_true (iterate_until (painted_once, &frames));
      /* Frames come at most a refresh apart: 300 ms is ample for any that would follow. */
      iterate_for (300);
      g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, pill);
      g_assert_cmpuint (frames, ==, 1);
    }

  g_signal_handlers_disconnect_by_data (clock, &frames);
}

static void
test_typed_values (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkSpinButton *gpus = _ring_parameter_panel_get_spin (panel, "gpus");
  GtkSpinButton *size = _ring_parameter_panel_get_spin (panel, "model-params");
  GtkSpinButton *slowdown = _ring_parameter_panel_get_spin (panel, "comm-slowdown");

  /* Any integer is typeable, not only powers of two. */
  ring_test_type (gpus, "100");
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS), ==, 100);

  ring_test_type (size, "70B");
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MODEL_PARAMS), ==, 70e9);

  /* Nonsense is shown as such while it is typed, with what the field takes, and leaves
   * the value alone; a value clears the mark. */
  gtk_editable_set_text (GTK_EDITABLE (size), "lots");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (size), "error"));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (size)), ==,
                   "Not a number: type 8, 7B, 1.5T or 2.5");
  gtk_spin_button_update (size);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MODEL_PARAMS), ==, 70e9);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (size), "error"));

  /* An emptied field is not marked yet (GtkSpinButton empties it before each value it
   * writes); what is typed into it then is. */
  gtk_editable_set_text (GTK_EDITABLE (size), "");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (size), "error"));
  gtk_editable_set_text (GTK_EDITABLE (size), "x");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (size), "error"));
  gtk_spin_button_update (size);
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (size), "error"));

  /* Bits where bytes per second are asked for, as networks are sold: 400 Gb/s is 50 GB/s,
   * 3.2 Tb/s 400 GB/s. */
  {
    GtkSpinButton *bandwidth = _ring_parameter_panel_get_spin (panel, "bandwidth");

    gtk_editable_set_text (GTK_EDITABLE (bandwidth), "400 Gb/s");
    g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (bandwidth), "error"));
    gtk_spin_button_update (bandwidth);
    g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_BANDWIDTH), 50, 1e-9);
    ring_test_type (bandwidth, "3.2 Tb/s");
    g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_BANDWIDTH), 400, 1e-9);
    gtk_editable_set_text (GTK_EDITABLE (bandwidth), "fast");
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (bandwidth), "error"));
    gtk_spin_button_update (bandwidth);
    g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_BANDWIDTH), 400, 1e-9);
  }

  /* The slowdown beside NCCL is typed in percent. */
  ring_test_type (slowdown, "25");
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (window->model, RING_PARAM_COMM_SLOWDOWN), 0.25, 1e-12);

  /* A NIC's speed as NICs are sold (a bare number is Gb/s) or in bytes. */
  {
    GtkSpinButton *nic_speed = _ring_parameter_panel_get_spin (panel, "nic-speed");
    GtkSpinButton *per_node = _ring_parameter_panel_get_spin (panel, "gpus-per-node");
    const struct
    {
      const char *typed;
      double      gbit;
      const char *shown;
    } speeds[] = {
      { "100", 100, "100 Gb/s" }, { "400Gb/s", 400, "400 Gb/s" }, { "50GB/s", 400, "400 Gb/s" },
      { "200G", 200, "200 Gb/s" }, { "12.5GB/s", 100, "100 Gb/s" }, { "25 Gb/s", 25, "25 Gb/s" },
      { "1.6T", 1600, "1600 Gb/s" }, { "12.5", 12.5, "12.5 Gb/s" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (speeds); i++)
      {
        g_test_message ("NIC speed %s", speeds[i].typed);
        ring_test_type (nic_speed, speeds[i].typed);
        g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_NIC_SPEED), ==, speeds[i].gbit);
        g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (nic_speed)), ==, speeds[i].shown);
      }

    /* A GB200 domain of 72 is no power of two: typed, it stays. */
    ring_test_type (per_node, "72");
    g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GPUS_PER_NODE), ==, 72);
  }

}

/* 1 MiB on one H100 node: NCCL's tuner picks the ring (LL128 or Simple) where this model
 * prices NVLS faster; auto keeps NCCL's pick (what the published runs follow) and the
 * target line says so, naming the faster choice and its time (issue 21, item 5). */
static void
test_nccl_pick_named (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  const RingResult *r;
  g_autofree char *time = NULL;
  g_autofree char *note = NULL;

  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  r = ring_model_get_result (window->model);
  g_assert_cmpint (r->algorithm_used, ==, RING_ALGORITHM_RING);
  g_assert_cmpint (r->fastest_algorithm, ==, RING_ALGORITHM_NVLS);
  g_assert_cmpfloat (r->fastest_allreduce_time_s, <, r->allreduce_time_s);
  time = ring_format_duration (r->fastest_allreduce_time_s);
  note = g_strdup_printf ("By this model NVLS with Simple would take %s; NCCL’s tuner "
                          "(tuning.cc) picks Ring, as the published runs show.", time);
  g_assert_true (g_str_has_suffix (gtk_label_get_label (window->target_label), note));

  /* With the ring asked for, nothing faster among its protocols: no note. */
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  g_assert_null (strstr (gtk_label_get_label (window->target_label), "By this model"));
}

/* Issue 21, item 5: where twice the NIC speed would build another channel count and a
 * slower all-reduce, the target line says so (the cluster of /ring/cost/faster-link-slower). */
static void
test_faster_link_slower (RingWindowFixture *fixture,
                         gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  const char *note = "Twice the NIC speed would be slower here: NCCL’s channel search "
                     "(search.cc) would build 16 channels";

  g_assert_null (strstr (gtk_label_get_label (window->target_label), "Twice the"));
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_MI355X);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_AUTO);
  ring_model_set_value (window->model, RING_PARAM_FABRIC, RING_FABRIC_INFINIBAND);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  ring_model_set_value (window->model, RING_PARAM_GPUS_PER_NODE, 8);
  ring_model_set_value (window->model, RING_PARAM_NICS_PER_NODE, 8);
  ring_model_set_value (window->model, RING_PARAM_NIC_SPEED, 200);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 65536);
  g_assert_nonnull (strstr (gtk_label_get_label (window->target_label), note));

  /* At 8 MiB the channels' fill no longer outweighs the faster NICs. */
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 8 << 20);
  g_assert_null (strstr (gtk_label_get_label (window->target_label), "Twice the"));
}

static void
test_comm_bound_label (RingWindowFixture *fixture,
                       gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  /* 72.5 % utilization (test-cost.c): limited by communication, not dominated by it. The
   * seed's 7 B model with DDP and fp32 does not fit in memory, and the pill is grey. */
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Communication-limited");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "does-not-fit"));
  /* The flat ring in one DDP bucket hides nothing: 49e9 B / (0.43008/9 − 7e-5 s) =
   * 1026.89 GB/s (test-cost.c), 3.4× the 300 GB/s. */
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "90 % utilization needs 1027 GB/s per GPU, 3.4× this interconnect’s "
                   "300 GB/s.");
  /* With ZeRO-2 it fits: 28 GB of parameters, 28/8 of gradients, 56/8 of optimizer state
   * and 18.3 GB of activations make 56.8 GB of 71 GB; the flat ring's reduce-scatter and
   * all-gather in one bucket take as long as its all-reduce. The pill takes the colour of
   * how the step runs. */
  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_ZERO2);
  g_assert_true (ring_model_get_fits (window->model));
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Communication-limited");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "comm-limited"));
  /* ZeRO's own buckets (5e8 elements, DeepSpeed's) overlap the backward pass, so less
   * than the one bucket's 1027 GB/s reaches 90 %: the label says the model's figure. */
  {
    g_autofree char *expected = g_strdup_printf (
      "90 %% utilization needs %.4g GB/s per GPU, %.1f× this interconnect’s 300 GB/s.",
      ring_model_get_result (window->model)->bandwidth_for_90pct_gbps,
      ring_model_get_result (window->model)->bandwidth_for_90pct_gbps / 300);

    g_assert_cmpfloat (ring_model_get_result (window->model)->bandwidth_for_90pct_gbps, <,
                       1026.89);
    g_assert_cmpstr (gtk_label_get_label (window->target_label), ==, expected);
  }
  /* 49e9 B at 10 GB/s: 4.9 s of communication against 0.43 s of compute. */
  ring_model_set_value (window->model, RING_PARAM_BANDWIDTH, 10);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Communication-bound");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "comm-bound"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "comm-limited"));
  /* 49e9 B at 2000 GB/s: 24.5 ms against 430 ms of compute, 94.6 %. */
  ring_model_set_value (window->model, RING_PARAM_BANDWIDTH, 2000);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Compute-bound");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (window->bound_label), "compute-bound"));
  ring_model_set_value (window->model, RING_PARAM_BANDWIDTH, 10);

  /* A million GPUs at 5 µs: 2 · 1048575 · 5e-6 = 10.5 s of latency, over compute/9. The
   * PCIe cap of these nodes' network (below) is not said: latency decides here. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 1048576);
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "No bandwidth reaches 90 % utilization: the ring’s 2 (N − 1) hops of "
                   "latency alone take 10.5 s per step.");

  /* Two nodes whose ring crosses 400 Gb/s NICs: its latency (µs) fits compute/9, and no
   * in-node bandwidth helps what the network carries, so the sentence names it, not
   * latency. The seed's Ampere-class GPU feeds its NICs through PCIe Gen4, 8 × 24 GB/s,
   * below the NICs' 384: the sentence names PCIe, not the NICs. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 16);
  ring_model_set_value (window->model, RING_PARAM_BANDWIDTH, 300);
  g_assert_true (isnan (ring_model_get_result (window->model)->bandwidth_for_90pct_gbps));
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "No in-node bandwidth reaches 90 % utilization. Each node’s network "
                   "carries 192 GB/s: the GPUs’ PCIe links into the NICs bind, so faster "
                   "NICs change nothing.");
  /* Gen6 links carry 8 × 96 GB/s, more than the NICs: the NICs bind, and no cap is said. */
  ring_model_set_value (window->model, RING_PARAM_PCIE_GENERATION, 6);
  g_assert_cmpint (ring_model_get_result (window->model)->network_bound, ==,
                   RING_NETWORK_BOUND_NICS);
  g_assert_null (strstr (gtk_label_get_label (window->target_label), "PCIe"));
  ring_model_set_value (window->model, RING_PARAM_PCIE_GENERATION, 4);

  /* Eight DGX H100 nodes: the GPUs' PCIe links feed their 400 Gb/s NICs no faster, so
   * the sentence names that link, not the NICs (issue 21, item 5). */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-preset", "s", "dgx-h100");
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  g_assert_cmpint (ring_model_get_result (window->model)->bandwidth_for_90pct_link, ==,
                   RING_SIZING_LINK_PCIE);
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "No NIC speed reaches 90 % utilization: each GPU’s PCIe link to its NICs "
                   "carries 48 GB/s, which these 400 Gb/s NICs already fill.");
}

static void
test_run_training_step (RingWindowFixture *fixture,
                        gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingAnimation *animation = RING_ANIMATION (window->animation);

  g_assert_cmpstr (ring_test_metric_value (window, "steps-completed"), ==, "0");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.run-training-step", NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  /* Far more than one step takes at any speed; the step ends, it does not repeat. */
  _ring_animation_advance (animation, 600);
  g_assert_cmpstr (ring_test_metric_value (window, "steps-completed"), ==, "1");
  g_assert_false (_ring_animation_is_ticking (animation));

}

static void
test_play_pause (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingAnimation *animation = RING_ANIMATION (window->animation);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_true (ring_animation_get_playing (animation));
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpstr (gtk_button_get_icon_name (GTK_BUTTON (window->play_button)), ==,
                   "media-playback-pause-symbolic");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play", NULL);
  g_assert_false (ring_animation_get_playing (animation));
  g_assert_false (_ring_animation_is_ticking (animation));

}

static void
test_speed_dropdown (RingWindowFixture *fixture,
                     gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  double speed;

  g_assert_cmpuint (gtk_drop_down_get_selected (window->speed_dropdown), ==, 2);
  gtk_drop_down_set_selected (window->speed_dropdown, 5);
  g_object_get (window->animation, "speed", &speed, NULL);
  g_assert_cmpfloat (speed, ==, 8.0);

}

static void
test_preset_and_reset (RingWindowFixture *fixture,
                       gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  guint changed = 0;

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.apply-preset", "s", "gpt3-175b");
  /* One preset, one change: every view redraws once. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MODEL_PARAMS), ==, 175e9);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_GRADIENT_BYTES), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.reset-parameters", NULL);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MODEL_PARAMS), ==, 7e9);

}

static gboolean
chart_has_rendered (gpointer data)
{
  return _ring_chart_get_render_count (data) > 0;
}

static gboolean
never (gpointer data)
{
  return FALSE;
}

typedef struct
{
  RingChart *chart;
  guint      count;
} RenderWait;

static gboolean
chart_rendered_again (gpointer data)
{
  RenderWait *wait = data;

  return _ring_chart_get_render_count (wait->chart) > wait->count;
}

/* The charts follow the model and nothing else: animation frames repaint the ring only,
 * a slider step redraws the chart once, reusing its body: the curves over GPUs do not
 * move when the GPU count does. */
static void
test_charts_redraw_on_change_only (RingWindowFixture *fixture,
                                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingChart *chart = _ring_chart_view_get_chart (RING_CHART_VIEW (window->chart_view), 0);
  RingAnimation *animation = RING_ANIMATION (window->animation);
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  RenderWait wait = { chart, 0 };
  guint hits_before, hits;

  g_assert_true (iterate_until (chart_has_rendered, chart));
  g_assert_cmpint (ring_chart_get_kind (chart), ==, RING_CHART_UTILIZATION_VS_GPUS);
  wait.count = _ring_chart_get_render_count (chart);

  /* A second of real frames with the animation playing. */
  ring_animation_play (animation);
  iterate_until (never, NULL);
  g_assert_true (_ring_animation_is_ticking (animation));
  g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, wait.count);
  ring_animation_pause (animation);

  /* One notch of the GPU slider: the chart draws again, once. */
  gtk_range_set_value (_ring_parameter_panel_get_scale (panel, "gpus"), 6);
  g_assert_true (iterate_until (chart_rendered_again, &wait));
  g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, wait.count + 1);

  /* Two more: the body, drawn the same at two steps at the chart's settled size, is
   * kept at the second and reused at the third. */
  for (guint notch = 7; notch <= 8; notch++)
    {
      ring_chart_cache_get_counts (_ring_chart_get_body_cache (chart), &hits_before, NULL);
      wait.count = _ring_chart_get_render_count (chart);
      gtk_range_set_value (_ring_parameter_panel_get_scale (panel, "gpus"), notch);
      g_assert_true (iterate_until (chart_rendered_again, &wait));
      g_assert_cmpuint (_ring_chart_get_render_count (chart), ==, wait.count + 1);
    }
  ring_chart_cache_get_counts (_ring_chart_get_body_cache (chart), &hits, NULL);
  g_assert_cmpuint (hits, ==, hits_before + 1);
}

/* A single collective shows what nccl-tests prints and hides the training step's
 * figures; the message size shows only then, and a collective starts from the size
 * last shown. */
static void
test_collective_mode (RingWindowFixture *fixture,
                      gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkToggleButton *collective = _ring_parameter_panel_get_mode_button (panel, TRUE);
  GtkToggleButton *training = _ring_parameter_panel_get_mode_button (panel, FALSE);
  GtkSpinButton *size = _ring_parameter_panel_get_spin (panel, "message-size");
  GtkRange *size_slider = _ring_parameter_panel_get_scale (panel, "message-size");
  const char *step_cards[] = { "compute-time", "utilization", "steps-completed",
                               "tokens-per-second" };
  const char *collective_cards[] = { "allreduce-time", "algbw", "busbw", "nodes",
                                     "algorithm-used", "protocol-used", "channels",
                                     "bytes-moved-per-gpu" };
  guint changed = 0;

  g_assert_true (gtk_toggle_button_get_active (training));
  g_assert_false (gtk_widget_get_visible (_ring_parameter_panel_get_group (panel,
                                                                           "collective_group")));
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 0);

  g_signal_connect_swapped (window->model, "changed", G_CALLBACK (count_cb), &changed);
  gtk_toggle_button_set_active (collective, TRUE);

  /* One change; a collective starts at 1 GiB. */
  g_assert_cmpuint (changed, ==, 1);
  g_assert_true (ring_model_is_collective (window->model));
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 1073741824.0);
  g_assert_false (gtk_toggle_button_get_active (training));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size)), ==, "1 GiB");

  for (guint i = 0; i < G_N_ELEMENTS (step_cards); i++)
    g_assert_false (gtk_widget_get_visible (ring_test_metric_card (window, step_cards[i])));
  for (guint i = 0; i < G_N_ELEMENTS (collective_cards); i++)
    g_assert_true (gtk_widget_get_visible (ring_test_metric_card (window, collective_cards[i])));
  g_assert_cmpstr (ring_test_metric_title (window, "allreduce-time"), ==, "All-reduce time");
  g_assert_false (gtk_widget_get_visible (window->step_timing_box));
  g_assert_false (gtk_widget_get_visible (_ring_parameter_panel_get_group (panel, "step_group")));
  g_assert_true (gtk_widget_get_visible (_ring_parameter_panel_get_group (panel,
                                                                          "collective_group")));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (window->run_button)), ==,
                   "Run All-Reduce");
  /* Flat ring (the fixture's): 2 · 7 · 5 µs + 2 · 7/8 · 2^30 B / 300 GB/s = 6.33 ms. */
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "One all-reduce of 1 GiB over 8 GPUs in one node: Flat ring.");
  g_assert_cmpstr (ring_test_metric_value (window, "protocol-used"), ==, "—");
  g_assert_cmpstr (ring_test_metric_value (window, "channels"), ==, "—");
  /* One unit system in the view (issue 21, item 14): beside 1 GiB, each GPU sends
   * 2 · 7/8 GiB = 1.75 GiB, not "1.88 GB". */
  g_assert_cmpstr (ring_test_metric_value (window, "bytes-moved-per-gpu"), ==, "1.75 GiB");

  /* Typed as nccl-tests writes sizes, or moved along the slider's powers of two. */
  ring_test_type (size, "1MiB");
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 1048576);
  ring_test_type (size, "4GB");
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 4e9);
  /* Typed in SI, the card follows: 2 · 7/8 · 4 GB = 7 GB. */
  g_assert_cmpstr (ring_test_metric_value (window, "bytes-moved-per-gpu"), ==, "7 GB");
  gtk_range_set_value (size_slider, 3);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 8);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size)), ==, "8 B");

  /* Back to the training step: nothing of the collective stays in the model. */
  gtk_toggle_button_set_active (training, TRUE);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 0);
  g_assert_false (ring_model_is_collective (window->model));
  g_assert_true (gtk_widget_get_visible (window->step_timing_box));
  g_assert_true (gtk_widget_get_visible (ring_test_metric_card (window, "utilization")));
  g_assert_false (gtk_widget_get_visible (ring_test_metric_card (window, "algbw")));
  g_assert_cmpstr (ring_test_metric_title (window, "allreduce-time"), ==,
                   "All-reduce time / step");
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (window->run_button)), ==,
                   "Run Training Step");

  /* The size typed while hidden does not switch the question. */
  ring_test_type (size, "2MiB");
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 0);

  /* And a collective again starts from the size the field shows. */
  gtk_toggle_button_set_active (collective, TRUE);
  g_assert_cmpfloat (ring_model_get_value (window->model, RING_PARAM_MESSAGE_SIZE), ==, 2097152);

  /* A size from elsewhere (the command line) switches the window and shows in it. */
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 0);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 3 * 1048576.0);
  g_assert_true (gtk_toggle_button_get_active (collective));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (size)), ==, "3 MiB");
}

/* Issue 8: a number field holding typed text that was never committed commits it when
 * the window goes away. Every field in turn, closed as a person closes it and destroyed
 * as the application may; no critical, no crash, and nothing left behind. */
static void
close_with_uncommitted_edit (const char *property,
                             gboolean    destroy)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);
  RingModel *model = window->model;
  GtkSpinButton *spin;
  GtkAdjustment *adjustment;
  GtkWidget *focus;
  g_autoptr(GSettings) settings = g_settings_new (APPLICATION_ID);
  g_autoptr(GVariant) saved = NULL;
  g_autofree char *text = NULL;
  double typed;
  GValue before = G_VALUE_INIT, after = G_VALUE_INIT;

  ring_model_reset (model);
  /* The latency per hop takes input only where it means something (the flat ring). */
  if (g_str_equal (property, "latency"))
    ring_model_set_value (model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  /* The message size likewise: only a single collective reads it. */
  if (g_str_equal (property, "message-size"))
    ring_model_set_value (model, RING_PARAM_MESSAGE_SIZE, 1073741824.0);
  gtk_window_present (GTK_WINDOW (window));
  spin = _ring_parameter_panel_get_spin (RING_PARAMETER_PANEL (window->parameter_panel),
                                         property);
  adjustment = gtk_spin_button_get_adjustment (spin);

  /* Halfway along the field's range: valid, and never the default. */
  typed = round ((gtk_adjustment_get_lower (adjustment)
                  + gtk_adjustment_get_upper (adjustment)) / 2);
  text = g_strdup_printf ("%.0f", typed);
  g_object_get_property (G_OBJECT (model), property, &before);

  gtk_widget_grab_focus (GTK_WIDGET (spin));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (spin)));
  gtk_editable_set_text (GTK_EDITABLE (spin), text);

  /* Typed, not committed: the model has not seen it. */
  g_object_get_property (G_OBJECT (model), property, &after);
  g_assert_cmpint (g_param_values_cmp (g_object_class_find_property (G_OBJECT_GET_CLASS (model),
                                                                     property),
                                       &before, &after), ==, 0);
  g_value_unset (&before);
  g_value_unset (&after);

  if (destroy)
    ring_test_destroy_window (GTK_WINDOW (window), model);
  else
    ring_test_close_window (GTK_WINDOW (window), model);

  /* Closed as a person closes it, the typed value counts as if they had clicked elsewhere
   * first, and the next launch has it. Destroyed, the edit is dropped. */
  if (destroy)
    return;
  saved = g_settings_get_value (settings, property);
  if (g_str_equal (property, "comm-slowdown") || g_str_has_suffix (property, "-fraction"))
    typed /= 100;  /* typed in percent */
  g_assert_cmpfloat_with_epsilon (g_variant_is_of_type (saved, G_VARIANT_TYPE_UINT32)
                                  ? g_variant_get_uint32 (saved) : g_variant_get_double (saved),
                                  typed, 1e-9);
}

static void
test_close_with_uncommitted_edit (void)
{
  RingWindow *probe = g_object_new (RING_TYPE_WINDOW, NULL);
  RingParameterPanel *panel = RING_PARAMETER_PANEL (probe->parameter_panel);
  g_autoptr(GPtrArray) fields = g_ptr_array_new ();

  /* Every parameter that has a field to type into. */
  for (guint id = 0; id < RING_N_PARAMS; id++)
    if (_ring_parameter_panel_get_spin (panel, ring_param_info (id)->property) != NULL)
      g_ptr_array_add (fields, (gpointer) ring_param_info (id)->property);
  ring_test_destroy_window (GTK_WINDOW (probe), probe->model);
  g_assert_cmpuint (fields->len, >=, 7);

  for (guint i = 0; i < fields->len; i++)
    {
      const char *property = g_ptr_array_index (fields, i);

      g_test_message ("%s, closed", property);
      close_with_uncommitted_edit (property, FALSE);
      g_test_message ("%s, destroyed", property);
      close_with_uncommitted_edit (property, TRUE);
    }
}

/* Every view follows whichever model it is given, and lets go of the one before: each
 * view's groups move to the new model, and the old model finalizes once the test drops
 * its reference. A change to the old model reaches no view. */
static void
test_views_change_model (void)
{
  GType view_types[] = {
    RING_TYPE_PARAMETER_PANEL,
    RING_TYPE_STEP_BAR,
    RING_TYPE_ANIMATION,
    RING_TYPE_CHART,
    RING_TYPE_CHART_VIEW,
  };

  for (guint i = 0; i < G_N_ELEMENTS (view_types); i++)
    {
      RingModel *first = ring_model_new ();
      RingModel *second = ring_model_new ();
      GtkWindow *window = GTK_WINDOW (gtk_window_new ());
      GtkWidget *view;

      g_test_message ("%s", g_type_name (view_types[i]));
      view = g_object_new (view_types[i], "model", first, NULL);
      gtk_window_set_child (window, view);
      gtk_window_present (window);

      g_object_set (view, "model", second, NULL);
      ring_model_set_value (first, RING_PARAM_GPUS, 64);
      ring_model_set_value (second, RING_PARAM_GPUS, 16);
      if (RING_IS_PARAMETER_PANEL (view))
        {
          GtkRange *scale = _ring_parameter_panel_get_scale (RING_PARAMETER_PANEL (view),
                                                             "gpus");

          /* log₂ 16: the slider shows the second model, and moves only that one. */
          g_assert_cmpfloat_with_epsilon (gtk_range_get_value (scale), 4, 1e-9);
          gtk_range_set_value (scale, 3);
          g_assert_cmpuint (ring_model_get_value (second, RING_PARAM_GPUS), ==, 8);
          g_assert_cmpuint (ring_model_get_value (first, RING_PARAM_GPUS), ==, 64);
        }
      g_assert_finalize_object (first);

      g_object_set (view, "model", NULL, NULL);
      ring_model_set_value (second, RING_PARAM_GPUS, 32);
      g_object_set (view, "model", second, NULL);
      g_object_unref (second);
      ring_test_close_window (window, second);
    }
}

/* The training step's own controls: the bucket size on a log₂ slider from 1 MiB to 4 GiB
 * and typed ("one" is one bucket), the sharding and the checkpointing from their rows,
 * the slowdown beside NCCL in percent; the withdrawn overlap has no row. */
static void
test_step_controls (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *bucket_scale = _ring_parameter_panel_get_scale (panel, "bucket-size");
  GtkSpinButton *bucket = _ring_parameter_panel_get_spin (panel, "bucket-size");
  AdwComboRow *sharding = _ring_parameter_panel_get_combo (panel, "sharding");
  AdwComboRow *checkpointing = _ring_parameter_panel_get_combo (panel,
                                                                "activation-checkpointing");
  GtkRange *slowdown = _ring_parameter_panel_get_scale (panel, "comm-slowdown");
  GtkAdjustment *adjustment = gtk_range_get_adjustment (bucket_scale);
  g_autoptr(RingChoice) fsdp = NULL;

  g_assert_null (_ring_parameter_panel_get_spin (panel, "overlap"));
  g_assert_nonnull (bucket_scale);
  g_assert_nonnull (sharding);
  g_assert_nonnull (checkpointing);
  g_assert_nonnull (slowdown);

  /* log₂ 1 MiB … log₂ 4 GiB; one bucket shows as "one", at the slider's left end. */
  g_assert_cmpfloat (gtk_adjustment_get_lower (adjustment), ==, 20);
  g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), ==, 32);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bucket)), ==, "one");

  gtk_range_set_value (bucket_scale, 25);
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BUCKET_SIZE), ==, 32 * 1048576.0);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (bucket)), ==, "32 MiB");

  ring_test_type (bucket, "one");
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BUCKET_SIZE), ==, 0);
  ring_test_type (bucket, "25MiB");
  g_assert_cmpfloat (ring_model_get_value (model, RING_PARAM_BUCKET_SIZE), ==, 25 * 1048576.0);

  /* The rows name the shardings as people write them and set the model. */
  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (sharding)), ==, 4);
  fsdp = g_list_model_get_item (adw_combo_row_get_model (sharding), RING_SHARDING_FSDP);
  g_assert_cmpstr (ring_choice_get_title (fsdp), ==, "FSDP");
  adw_combo_row_set_selected (sharding, RING_SHARDING_FSDP);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_SHARDING), ==, RING_SHARDING_FSDP);
  ring_model_set_value (model, RING_PARAM_SHARDING, RING_SHARDING_ZERO1);
  g_assert_cmpuint (adw_combo_row_get_selected (sharding), ==, RING_SHARDING_ZERO1);

  g_assert_cmpuint (g_list_model_get_n_items (adw_combo_row_get_model (checkpointing)), ==, 3);
  adw_combo_row_set_selected (checkpointing, RING_CHECKPOINTING_FULL);
  g_assert_cmpint (ring_model_get_value (model, RING_PARAM_CHECKPOINTING), ==, RING_CHECKPOINTING_FULL);

  /* A slider in percent. */
  gtk_range_set_value (slowdown, 20);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (model, RING_PARAM_COMM_SLOWDOWN), 0.2, 1e-12);
}

/* Llama 3 70B on 8 H100s with DDP does not fit, and the window says so under the step
 * timing with the least change that would (test-step.c works the numbers); FSDP across
 * 64 GPUs with full activation checkpointing fits, and the line goes. */
static void
test_does_not_fit (RingWindowFixture *fixture,
                   gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  GtkWidget *label = GTK_WIDGET (window->fit_label);
  RingParams params;
  const char *text;

  /* The line follows the model from the start (the defaults' 7B with DDP does not fit). */
  g_assert_true (gtk_widget_get_visible (label) == !ring_model_get_fits (model));

  ring_params_init_default (&params);
  ring_params_apply_gpu (&params, RING_GPU_H100);
  ring_preset_apply (ring_preset_lookup ("llama3-70b"), &params);
  params.gpus = 8;
  params.sharding = RING_SHARDING_DDP;
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_false (ring_model_get_fits (model));

  g_assert_true (gtk_widget_get_visible (label));
  g_assert_true (gtk_widget_has_css_class (label, "error"));
  text = gtk_label_get_label (GTK_LABEL (label));
  g_assert_true (g_str_has_prefix (text, "Does not fit: "));
  /* Usable: 0.9 · 80e9 − 1e9 = 71e9 B of an H100; the least that fits, FSDP with full
   * checkpointing on ⌈1120e9 / (71e9 − 5.25e9 − 6.51e9)⌉ = 19 GPUs (test-step.c). */
  g_assert_nonnull (strstr (text, " per GPU, 71 GB usable — "));
  g_assert_nonnull (strstr (text, "needs FSDP across ≥ 19 GPUs with full activation "
                                  "checkpointing, a "));
  g_assert_true (g_str_has_suffix (text, " step with its recomputation"));

  /* A single collective has no memory to fit. */
  ring_model_set_value (model, RING_PARAM_MESSAGE_SIZE, 1048576);
  g_assert_false (gtk_widget_get_visible (label));
  ring_model_set_value (model, RING_PARAM_MESSAGE_SIZE, 0);
  g_assert_true (gtk_widget_get_visible (label));

  params.gpus = 64;
  params.sharding = RING_SHARDING_FSDP;
  params.checkpointing = RING_CHECKPOINTING_FULL;
  g_assert_true (ring_model_set_params (model, &params));
  g_assert_true (ring_model_get_fits (model));
  g_assert_false (gtk_widget_get_visible (label));
}

/* Buckets hide communication behind the backward pass: the step bar redraws, and hatches
 * the end of its compute segment in the communication's colour, as wide as the hidden
 * time; one bucket hides nothing and hatches nothing. */
static void
test_step_bar_hidden_comm (RingWindowFixture *fixture,
                           gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingStepBar *bar = RING_STEP_BAR (window->step_bar);
  const RingResult *result = ring_model_get_result (model);
  const int width = 400, height = 28, top = 2;
  RingStyle style;
  double total, split, hidden_start;

  ViewDraws before;
  gint64 deadline;

  ring_style_init (&style, FALSE);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_cmpfloat (result->hidden_comm_s, ==, 0);
  settle_views (window, &before);

  ring_model_set_value (model, RING_PARAM_BUCKET_SIZE, 25 * 1048576.0);
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (_ring_step_bar_get_draw_count (bar) == before.step_bar
         && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (_ring_step_bar_get_draw_count (bar), >, before.step_bar);
  result = ring_model_get_result (model);
  g_assert_cmpfloat (result->hidden_comm_s, >, 0);

  for (guint pass = 0; pass < 2; pass++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width,
                                                             height);
      cairo_t *cr = cairo_create (surface);
      double hidden = pass == 0 ? result->hidden_comm_s : 0;
      guint comm_in_hidden = 0;

      ring_step_bar_draw (cr, width, height, result->compute_time_s, 0,
                          result->exposed_comm_s, hidden, &style);
      cairo_destroy (cr);
      cairo_surface_flush (surface);

      total = result->compute_time_s + result->exposed_comm_s;
      split = round (width * result->compute_time_s / total);
      hidden_start = split - round (width * MIN (hidden, result->compute_time_s) / total);

      /* Compute before the hatching; communication in it (the stripes), and after it. */
      g_assert_true (pixel_is (surface, 20, top, &style.compute));
      for (int x = hidden_start; x < split; x++)
        comm_in_hidden += pixel_is (surface, x, top, &style.communication);
      if (pass == 0)
        {
          g_assert_cmpfloat (split - hidden_start, >=, 7);
          g_assert_cmpuint (comm_in_hidden, >, 0);
          g_assert_cmpuint (comm_in_hidden, <, split - hidden_start);
        }
      else
        g_assert_true (pixel_is (surface, split - 1, top, &style.compute));
      if (split + 20 < width)
        g_assert_true (pixel_is (surface, split + 10, top, &style.communication));
      cairo_surface_destroy (surface);
    }
}

/* The stragglers' group: the slow link's and the slow GPU's sliders span the ring, the
 * speeds are percent; with one, the sentence the simulation writes shows under the step,
 * and the all-reduce, utilization and bus bandwidth cards and the pill show the model's
 * figures with it (the calibrated all-reduce as much slower as the simulation finds). */
static void
test_stragglers (RingWindowFixture *fixture,
                 gconstpointer      user_data)
{
  RingWindow *window = fixture->window;
  RingModel *model = window->model;
  RingParameterPanel *panel = RING_PARAMETER_PANEL (window->parameter_panel);
  GtkRange *link = _ring_parameter_panel_get_scale (panel, "slow-link");
  GtkRange *link_speed = _ring_parameter_panel_get_scale (panel, "slow-link-fraction");
  GtkRange *gpu = _ring_parameter_panel_get_scale (panel, "slow-gpu");
  GtkSpinButton *gpu_speed = _ring_parameter_panel_get_spin (panel, "slow-gpu-fraction");
  GtkWidget *label = GTK_WIDGET (window->straggler_label);
  const RingResult *result;
  g_autofree char *calibrated = NULL;
  g_autofree char *simulated = NULL;
  g_autofree char *percent = NULL;
  g_autofree char *busbw = NULL;

  g_assert_nonnull (_ring_parameter_panel_get_group (panel, "straggler_group"));
  ring_model_set_value (model, RING_PARAM_GPUS, 8);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_range_get_adjustment (link)), ==, 7);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_range_get_adjustment (gpu)), ==, 7);
  g_assert_null (ring_model_get_straggler_summary (model));
  g_assert_false (gtk_widget_get_visible (label));
  calibrated = g_strdup (ring_test_metric_value (window, "allreduce-time"));

  gtk_range_set_value (link, 3);
  gtk_range_set_value (link_speed, 25);
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_SLOW_LINK), ==, 3);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (model, RING_PARAM_SLOW_LINK_FRACTION), 0.25, 1e-12);

  result = ring_model_get_result (model);
  g_assert_nonnull (ring_model_get_straggler_summary (model));
  g_assert_true (gtk_widget_get_visible (label));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (label)), ==,
                   ring_model_get_straggler_summary (model));
  g_assert_cmpfloat (result->sim_allreduce_time_s, >, result->sim_uniform_allreduce_time_s);
  /* Every figure follows the slow link (issue 21, item 1): the model's all-reduce is the
   * calibrated one as much slower as the simulation finds, and the cards, the pill and the
   * step bar show the model's figures with it, not the ones without it. */
  g_assert_cmpfloat (fabs (result->allreduce_time_s
                           - result->uniform_allreduce_time_s * result->sim_allreduce_time_s
                             / result->sim_uniform_allreduce_time_s),
                     <, 1e-9 * result->allreduce_time_s);
  simulated = ring_format_duration (result->allreduce_time_s);
  g_assert_cmpstr (ring_test_metric_value (window, "allreduce-time"), ==, simulated);
  g_assert_cmpstr (simulated, !=, calibrated);
  percent = g_strdup_printf ("%.1f %%", 100 * result->utilization);
  g_assert_cmpstr (ring_test_metric_value (window, "utilization"), ==, percent);
  g_assert_cmpfloat (result->utilization, <, result->uniform_utilization - 0.01);
  busbw = ring_format_bandwidth (result->busbw_gbps * 1e9);
  g_assert_cmpstr (ring_test_metric_value (window, "busbw"), ==, busbw);
  g_assert_cmpfloat (result->busbw_gbps, <, 0.5 * result->uniform_busbw_gbps);
  /* 0.43 s of compute against an all-reduce of almost 4 × 0.16 s: under 50 %. */
  g_assert_true (result->comm_bound);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Communication-bound");

  /* Fewer GPUs: the slider spans the smaller ring and keeps the link it can show. */
  ring_model_set_value (model, RING_PARAM_GPUS, 4);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_range_get_adjustment (link)), ==, 3);
  g_assert_cmpfloat (gtk_range_get_value (link), ==, 3);

  /* The slow GPU, typed in percent; back at full speed, the sentence goes. */
  gtk_range_set_value (gpu, 2);
  ring_test_type (gpu_speed, "50");
  g_assert_cmpuint (ring_model_get_value (model, RING_PARAM_SLOW_GPU), ==, 2);
  g_assert_cmpfloat_with_epsilon (ring_model_get_value (model, RING_PARAM_SLOW_GPU_FRACTION), 0.5, 1e-12);
  ring_model_set_value (model, RING_PARAM_SLOW_LINK_FRACTION, 1);
  ring_model_set_value (model, RING_PARAM_SLOW_GPU_FRACTION, 1);
  g_assert_null (ring_model_get_straggler_summary (model));
  g_assert_false (gtk_widget_get_visible (label));
  g_free (simulated);
  simulated = ring_format_duration (ring_model_get_result (model)->allreduce_time_s);
  g_assert_cmpstr (ring_test_metric_value (window, "allreduce-time"), ==, simulated);
}

/* Issue 24's start: the sidebar's rows below the fold come once the first frame is
 * painted, without being asked for, and show the model as it is then: a change made
 * before they exist, the slow link's range over the ring, what Auto picks. */
typedef struct
{
  RingParameterPanel *panel;
  guint               frames;
  gboolean            complete_at_first_frame;
} FirstFrame;

static void
first_frame_cb (GdkFrameClock *clock,
                FirstFrame    *first)
{
  if (first->frames++ == 0)
    first->complete_at_first_frame = _ring_parameter_panel_get_rows_complete (first->panel);
}

static void
test_rows_after_first_frame (void)
{
  RingWindow *window = g_object_new (RING_TYPE_WINDOW, NULL);
  FirstFrame first = { RING_PARAMETER_PANEL (window->parameter_panel), 0, TRUE };
  GtkRange *slow_link;
  GtkSpinButton *slow_link_field;

  /* Built: the cluster's rows, none of the network's or the stragglers'. */
  g_assert_false (_ring_parameter_panel_get_rows_complete (first.panel));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "GPUs per node"));
  g_assert_null (ring_test_find_label (window->parameter_panel, "Network latency"));
  g_assert_null (ring_test_find_label (window->parameter_panel, "Slow link"));
  /* The defaults, whatever the case before left in the settings. */
  ring_model_reset (window->model);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 16);
  ring_model_set_value (window->model, RING_PARAM_SLOW_LINK, 12);

  gtk_window_present (GTK_WINDOW (window));
  g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                    G_CALLBACK (first_frame_cb), &first);
  ring_test_wait_for_rows (window);
  g_signal_handlers_disconnect_by_func (gtk_widget_get_frame_clock (GTK_WIDGET (window)),
                                        first_frame_cb, &first);
  g_assert_cmpuint (first.frames, >=, 1);
  g_assert_false (first.complete_at_first_frame);

  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Network latency"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Auto · Ring, Simple"));
  slow_link = _ring_parameter_panel_get_scale (first.panel, "slow-link");
  slow_link_field = _ring_parameter_panel_get_spin (first.panel, "slow-link");
  g_assert_cmpfloat (gtk_range_get_value (slow_link), ==, 12);
  g_assert_cmpfloat (gtk_adjustment_get_upper (gtk_range_get_adjustment (slow_link)), ==, 15);
  g_assert_cmpfloat (gtk_spin_button_get_value (slow_link_field), ==, 12);

  /* And they drive the model as the others do. */
  gtk_range_set_value (slow_link, 3);
  g_assert_cmpuint (ring_model_get_value (window->model, RING_PARAM_SLOW_LINK), ==, 3);

  ring_test_close_window (GTK_WINDOW (window), window->model);
}

int
main (int   argc,
      char *argv[])
{
  if (!ring_test_init_ui (&argc, &argv))
    return 0;

  add_window_test ("/ring/window/gpus-slider", test_gpus_slider);
  add_window_test ("/ring/window/one-frame-per-step", test_one_frame_per_step);
  add_window_test ("/ring/window/typed-values", test_typed_values);
  add_window_test ("/ring/window/step-controls", test_step_controls);
  add_window_test ("/ring/window/does-not-fit", test_does_not_fit);
  add_window_test ("/ring/window/step-bar-hidden-comm", test_step_bar_hidden_comm);
  add_window_test ("/ring/window/stragglers", test_stragglers);
  add_window_test ("/ring/window/comm-bound-label", test_comm_bound_label);
  add_window_test ("/ring/window/run-training-step", test_run_training_step);
  add_window_test ("/ring/window/play-pause", test_play_pause);
  add_window_test ("/ring/window/speed", test_speed_dropdown);
  add_window_test ("/ring/window/preset-and-reset", test_preset_and_reset);
  add_window_test ("/ring/window/charts-redraw-on-change-only",
                   test_charts_redraw_on_change_only);
  add_window_test ("/ring/window/collective-mode", test_collective_mode);
  add_window_test ("/ring/window/nccl-pick-named", test_nccl_pick_named);
  add_window_test ("/ring/window/faster-link-slower", test_faster_link_slower);
  g_test_add_func ("/ring/window/views-change-model", test_views_change_model);
  g_test_add_func ("/ring/window/rows-after-first-frame", test_rows_after_first_frame);
  g_test_add_func ("/ring/window/close-with-uncommitted-edit",
                   test_close_with_uncommitted_edit);

  return g_test_run ();
}
