/* test-step-charts.c: the training step's own charts. The step timeline's rows against the
 * hand-worked four-bucket step of test-step.c and against the timeline's totals for every
 * sharding; utilization against the bucket size against the model, one bucket being the
 * step without overlap; each sharding drawn at a small and a large size, in the colours
 * its collectives have; the readout over a segment; the CSV from the command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-test-cli.h"
#include "ring-test-files.h"
#include "ring-test-numbers.h"
#include "ring-test-params.h"
#include "ring-chart-draw-private.h"
#include "ring-chart-readout.h"
#include "ring-presets.h"

#define MIB 1048576.0

/* The columns of the step timeline. */
enum { STREAM, KIND, INDEX, COUNT, START, END, EXPOSED, N_TIMELINE_COLUMNS };

/* Llama 3 8B on 64 H100s (8 nodes), as the README's screenshots. */
static void
set_llama3_8b (RingParams *params,
               RingSharding sharding)
{
  const RingPreset *presets;
  guint n;

  ring_params_init_default (params);
  presets = ring_presets_get (&n);
  for (guint i = 0; i < n; i++)
    if (g_str_equal (presets[i].name, "llama3-8b"))
      ring_preset_apply (&presets[i], params);
  ring_params_apply_gpu (params, RING_GPU_H100);
  params->gpus = 64;
  params->sharding = sharding;
}

/* test-step.c's four buckets (ring_test_params_four_buckets()). The flat ring on N = 2 GPUs:
 * AR (x) = 2 α + x / B with B = 1.048576 GB/s (1 MiB takes 1 ms) and α = 5 µs; L = 4 layers of
 * 12 MiB of fp32 gradients; compute 60 ms: forward 5 ms a layer (0 → 20 ms), backward 10 ms a
 * layer (20 → 60 ms, layer 4 first). Buckets of 1, 16, 16 and 15 MiB cost 1.01, 16.01, 16.01
 * and 15.01 ms and are complete after the backward's 1st, 2nd, 3rd and 4th layer (30, 40, 50,
 * 60 ms): bucket 1 runs 30 → 31.01, bucket 2 40 → 56.01, bucket 3 56.01 → 72.02 (hidden until
 * the backward ends at 60), bucket 4 72.02 → 87.03, all of it exposed. */
static void
test_timeline_four_buckets (void)
{
  static const struct
  {
    const char *stream;
    const char *kind;
    double      index, count, start_ms, end_ms, exposed;
  } rows[] = {
    { "Compute", "Forward", 1, 1, 0, 5, 0 },
    { "Compute", "Forward", 2, 1, 5, 10, 0 },
    { "Compute", "Forward", 3, 1, 10, 15, 0 },
    { "Compute", "Forward", 4, 1, 15, 20, 0 },
    { "Compute", "Backward", 4, 1, 20, 30, 0 },
    { "Compute", "Backward", 3, 1, 30, 40, 0 },
    { "Compute", "Backward", 2, 1, 40, 50, 0 },
    { "Compute", "Backward", 1, 1, 50, 60, 0 },
    { "Communication", "All-reduce", 1, 1, 30, 31.01, 0 },
    { "Communication", "All-reduce", 2, 1, 40, 56.01, 0 },
    { "Communication", "All-reduce", 3, 1, 56.01, 60, 0 },
    { "Communication", "All-reduce", 3, 1, 60, 72.02, 1 },
    { "Communication", "All-reduce", 4, 1, 72.02, 87.03, 1 },
  };
  RingParams params;
  g_autoptr(RingChartData) data = NULL;

  ring_test_params_four_buckets (&params);
  data = _ring_chart_data_new (RING_CHART_STEP_TIMELINE, &params);

  g_assert_cmpuint (data->columns->len, ==, N_TIMELINE_COLUMNS);
  g_assert_cmpuint (data->n_rows, ==, G_N_ELEMENTS (rows));
  g_assert_cmpstr (_ring_chart_data_column (data, START)->unit, ==, "ms");
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_assert_cmpstr (_ring_chart_data_column (data, STREAM)->texts[i], ==, rows[i].stream);
      g_assert_cmpstr (_ring_chart_data_column (data, KIND)->texts[i], ==, rows[i].kind);
      g_assert_cmpfloat (_ring_chart_data_column (data, INDEX)->values[i], ==, rows[i].index);
      g_assert_cmpfloat (_ring_chart_data_column (data, COUNT)->values[i], ==, rows[i].count);
      ring_test_assert_close (_ring_chart_data_column (data, START)->values[i],
                              rows[i].start_ms, 1e-9);
      ring_test_assert_close (_ring_chart_data_column (data, END)->values[i],
                              rows[i].end_ms, 1e-9);
      g_assert_cmpfloat (_ring_chart_data_column (data, EXPOSED)->values[i], ==,
                         rows[i].exposed);
    }
  /* The chart's x axis ends with the step. */
  ring_test_assert_close (data->x_last, 87.03, 1e-9);
}

/* For every sharding, with and without the compute slowdown: the rows are the compute
 * stream then the communication stream, each in time order and never overlapping itself;
 * the last end is the step, compute adds up to the planned compute and its slowdown, the
 * collectives to the whole communication, the exposed pieces to exposed − slowdown. */
static void
check_totals (const RingParams *params)
{
  g_autoptr(RingChartData) data = _ring_chart_data_new (RING_CHART_STEP_TIMELINE, params);
  const double *start = _ring_chart_data_column (data, START)->values;
  const double *end = _ring_chart_data_column (data, END)->values;
  const double *exposed = _ring_chart_data_column (data, EXPOSED)->values;
  char **stream = _ring_chart_data_column (data, STREAM)->texts;
  double compute_ms = 0, comm_ms = 0, exposed_ms = 0, last_ms = 0;
  gboolean in_comm = FALSE;
  RingStepTimeline timeline;

  ring_step_timeline (&data->params, &timeline, NULL);
  g_assert_cmpuint (data->n_rows, ==, data->segments->len);
  for (guint i = 0; i < data->n_rows; i++)
    {
      gboolean comm = g_str_equal (stream[i], "Communication");

      g_assert_true (end[i] > start[i]);
      g_assert_true (comm || !in_comm);
      if (i > 0 && comm == in_comm)
        g_assert_cmpfloat (start[i], >=, end[i - 1] - 1e-9);
      in_comm = comm;
      if (comm)
        comm_ms += end[i] - start[i];
      else
        compute_ms += end[i] - start[i];
      if (exposed[i] == 1)
        {
          g_assert_true (comm);
          exposed_ms += end[i] - start[i];
        }
      last_ms = MAX (last_ms, end[i]);
    }

  ring_test_assert_close (last_ms, 1e3 * timeline.step_s, 1e-9);
  ring_test_assert_close (last_ms, 1e3 * data->result.step_time_s, 1e-9);
  ring_test_assert_close (compute_ms, 1e3 * (timeline.forward_s + timeline.backward_s
                                             + timeline.slowdown_s), 1e-9);
  ring_test_assert_close (comm_ms, 1e3 * timeline.comm_s, 1e-9);
  ring_test_assert_close (exposed_ms, 1e3 * (timeline.exposed_s - timeline.slowdown_s), 1e-9);
}

static void
test_timeline_totals (void)
{
  static const double slowdowns[] = { 0, 0.25 };

  for (guint s = 0; s < RING_N_SHARDINGS; s++)
    for (guint k = 0; k < G_N_ELEMENTS (slowdowns); k++)
      {
        RingParams params;

        ring_test_params_four_buckets (&params);
        params.sharding = s;
        params.comm_slowdown = slowdowns[k];
        check_totals (&params);

        set_llama3_8b (&params, s);
        params.comm_slowdown = slowdowns[k];
        check_totals (&params);
      }
}

/* 1 MiB … 4 GiB, four sizes a doubling, each the model's utilization with buckets of that
 * size; then one bucket, of the whole buffer S, the model's step without overlap. */
static void
test_bucket_size_series (void)
{
  RingParams params, swept;
  RingResult result;
  g_autoptr(RingChartData) data = NULL;
  const double *bytes, *mib, *percent;
  guint last;

  ring_params_init_default (&params);
  params.algorithm = RING_ALGORITHM_FLAT_RING;
  data = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_BUCKET_SIZE, &params);
  bytes = _ring_chart_data_column (data, 0)->values;
  mib = _ring_chart_data_column (data, 1)->values;
  percent = _ring_chart_data_column (data, 2)->values;
  last = data->n_rows - 1;

  g_assert_cmpuint (data->n_rows, ==, 12 * 4 + 1 + 1);
  g_assert_cmpfloat (bytes[0], ==, MIB);
  g_assert_cmpfloat (bytes[4], ==, 2 * MIB);
  g_assert_cmpfloat (bytes[last - 1], ==, 4096 * MIB);
  for (guint i = 0; i < data->n_rows; i++)
    {
      g_assert_cmpfloat (mib[i], ==, bytes[i] / MIB);
      if (i == last)
        break;
      swept = params;
      swept.bucket_bytes = bytes[i];
      ring_cost_evaluate (&swept, &result);
      ring_test_assert_close (percent[i], 100 * result.utilization, 1e-12);
      g_assert_cmpstr (_ring_chart_data_column (data, 3)->texts[i], ==, "");
    }

  /* One bucket: S = 7e9 × 4 = 28 GB; compute 0.43008 s, the flat ring's all-reduce
   * 2 · 7 · 5 µs + 2 · 7/8 · 28 GB / 300 GB/s = 0.16340333 s: 72.47 %. */
  g_assert_cmpfloat (bytes[last], ==, 28e9);
  ring_test_assert_close (percent[last], 100 * 0.43008 / (0.43008 + 7e-5 + 49.0 / 300.0), 1e-9);
  swept = params;
  swept.bucket_bytes = 0;
  ring_cost_evaluate (&swept, &result);
  g_assert_cmpfloat (result.n_buckets, ==, 1);
  ring_test_assert_close (percent[last], 100 * result.utilization, 1e-12);
  g_assert_cmpstr (_ring_chart_data_column (data, 3)->texts[last], ==,
                   "one bucket: no overlap");

  /* The four-bucket step at its 16 MiB: 60 / 87.03 ms. */
  {
    g_autoptr(RingChartData) four = NULL;

    ring_test_params_four_buckets (&params);
    four = _ring_chart_data_new (RING_CHART_UTILIZATION_VS_BUCKET_SIZE, &params);
    g_assert_cmpfloat (_ring_chart_data_column (four, 0)->values[16], ==, 16 * MIB);
    ring_test_assert_close (_ring_chart_data_column (four, 2)->values[16], 100 * 60 / 87.03,
                            1e-9);
  }
}

/* Pixels of exactly @color inside the plot area, where the chart's boxes are. */
static guint
count_color (cairo_surface_t *surface,
             RingChartProbe  *probe,
             RingColor        color)
{
  guint32 wanted = ring_test_color_pixel (&color);
  double left, top, right, bottom;
  guint count = 0;

  ring_chart_probe_get_plot_area (probe, &left, &top, &right, &bottom);
  g_assert_cmpfloat (right - left, >, 50);
  for (int y = (int) ceil (top); y < (int) bottom; y++)
    for (int x = (int) ceil (left); x < (int) right; x++)
      if (ring_test_pixel (surface, x, y) == wanted)
        count++;

  return count;
}

/* Each sharding at a small and a large size: DDP's all-reduces in the gradients' pale red
 * and its exposed end in full red; ZeRO's reduce-scatters pale red and its all-gather of
 * the updated parameters, exposed after the backward pass, full blue; FSDP's all-gathers
 * pale blue beside its reduce-scatters. The bucket-size chart draws at both sizes too. */
static void
test_shardings_draw (void)
{
  static const struct { int width, height; } sizes[] = { { 480, 300 }, { 3200, 2000 } };
  g_autoptr(RingModel) model = ring_model_new ();
  RingStyle style;
  RingColor pale_red, pale_blue;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  pale_red = _ring_plot_mix (style.communication, style.background, 0.42);
  pale_blue = _ring_plot_mix (style.series[0], style.background, 0.42);
  for (guint s = 0; s < RING_N_SHARDINGS; s++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      {
        int width = sizes[z].width, height = sizes[z].height;
        RingParams params;
        cairo_surface_t *surface;
        cairo_t *cr;
        g_autoptr(RingChartProbe) probe = NULL;
        guint red, blue, strong_red, strong_blue;

        set_llama3_8b (&params, s);
        g_assert_true (ring_model_set_params (model, &params));
        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
        cr = cairo_create (surface);
        ring_chart_draw_probed (RING_CHART_STEP_TIMELINE, model, cr, width, height, &style,
                                NULL, &probe);
        g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
        cairo_destroy (cr);
        cairo_surface_flush (surface);

        red = count_color (surface, probe, pale_red);
        blue = count_color (surface, probe, pale_blue);
        strong_red = count_color (surface, probe, style.communication);
        strong_blue = count_color (surface, probe, style.series[0]);
        g_test_message ("%s %d×%d: pale red %u, pale blue %u, red %u, blue %u",
                        ring_sharding_to_string (s), width, height, red, blue, strong_red,
                        strong_blue);
        g_assert_cmpuint (count_color (surface, probe, style.compute), >, 0);
        /* FSDP's collectives, 64 of them in 50 ms, are under a pixel wide at 480 pixels:
         * antialiased, no pixel has their colour. */
        if (s == RING_SHARDING_FSDP && width < 1000)
          {
            cairo_surface_destroy (surface);
            continue;
          }
        g_assert_cmpuint (red, >, 0);
        switch (s)
          {
          case RING_SHARDING_DDP:
            g_assert_cmpuint (blue + strong_blue, ==, 0);
            g_assert_cmpuint (strong_red, >, 0);
            break;
          case RING_SHARDING_ZERO1:
          case RING_SHARDING_ZERO2:
            g_assert_cmpuint (strong_blue, >, 0);
            break;
          case RING_SHARDING_FSDP:
          default:
            g_assert_cmpuint (blue, >, 0);
            break;
          }
        cairo_surface_destroy (surface);

        surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
        cr = cairo_create (surface);
        ring_chart_draw (RING_CHART_UTILIZATION_VS_BUCKET_SIZE, model, cr, width, height,
                         &style);
        g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
        cairo_destroy (cr);
        cairo_surface_destroy (surface);
      }
}

/* The pointer over the step timeline reads the segment under it, in the stream under it;
 * the keyboard's points are the segments. */
static void
test_readout (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingChartProbe) probe = NULL;
  g_autoptr(RingChartReadout) forward = NULL;
  g_autoptr(RingChartReadout) exposed = NULL;
  g_autoptr(RingChartReadout) last = NULL;
  g_autoptr(RingChartReadout) one = NULL;
  g_autoptr(RingChartReadout) outside = NULL;
  const RingResult *r = ring_model_get_result (model);
  RingStyle style;
  double left, top, right, bottom, middle;
  const RingChartReadoutValue *value;
  guint n;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  probe = ring_chart_probe_new (RING_CHART_STEP_TIMELINE, model, 1600, 1000, &style);
  ring_chart_probe_get_plot_area (probe, &left, &top, &right, &bottom);
  /* The rows meet in the middle of the plot area: compute above, communication below. */
  middle = (top + bottom) / 2;

  /* At the defaults a layer's forward pass takes 143.36 ms / 32 = 4.48 ms: 10 ms is in
   * the third layer's. */
  forward = ring_chart_probe_read_at (probe, ring_chart_probe_x_to_px (probe, 10),
                                      middle - 20);
  g_assert_true (forward->inside);
  g_assert_cmpstr (forward->x_text, ==, "Forward · layer 3");
  g_assert_cmpuint (forward->values->len, ==, 2);
  value = &g_array_index (forward->values, RingChartReadoutValue, 0);
  g_assert_cmpstr (value->label, ==, "Start");
  g_assert_cmpstr (value->text, ==, "8.96 ms");

  /* Between the end of the backward pass and the end of the step, the all-reduces wait
   * for nothing but themselves: exposed. */
  exposed = ring_chart_probe_read_at (probe,
                                      ring_chart_probe_x_to_px (probe, 1e3 * (r->compute_time_s
                                                                              + r->step_time_s)
                                                                       / 2),
                                      middle + 20);
  g_assert_true (exposed->inside);
  g_assert_true (g_str_has_prefix (exposed->x_text, "All-reduce · buckets "));
  g_assert_cmpuint (exposed->values->len, ==, 3);
  value = &g_array_index (exposed->values, RingChartReadoutValue, 2);
  g_assert_cmpstr (value->label, ==, "Exposed");
  g_assert_true (g_str_has_prefix (value->text, "yes"));
  g_assert_nonnull (strstr (exposed->text, "Exposed: yes"));

  /* Outside the plot area nothing is read. */
  outside = ring_chart_probe_read_at (probe, left - 10, middle);
  g_assert_false (outside->inside);

  n = ring_chart_probe_get_n_points (probe);
  g_assert_cmpuint (n, >, 64);
  last = ring_chart_probe_read_point (probe, n - 1);
  g_assert_true (last->inside);
  g_assert_true (g_str_has_prefix (last->x_text, "All-reduce"));

  /* The bucket-size chart's last point is one bucket. */
  {
    g_autoptr(RingChartProbe) buckets = ring_chart_probe_new (
      RING_CHART_UTILIZATION_VS_BUCKET_SIZE, model, 1600, 1000, &style);

    one = ring_chart_probe_read_point (buckets, ring_chart_probe_get_n_points (buckets) - 1);
    g_assert_cmpstr (one->x_text, ==, "one bucket of 26.1 GiB");
    value = &g_array_index (one->values, RingChartReadoutValue, 0);
    g_assert_cmpstr (value->label, ==, "Utilization");
  }
}

/* From the command line: the CSV of FSDP's step, each layer gathered twice and
 * reduce-scattered once; and a misspelt kind refused, naming --chart. */
static void
test_cli (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "timeline.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint gathers = 0, scatters = 0, exposed = 0;

  {
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--chart", "step-timeline",
                                                 "--export", path, "--preset", "llama3-8b",
                                                 "--gpu", "h100", "--gpus", "64",
                                                 "--sharding", "fsdp", NULL);

    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
  }
  contents = ring_test_read_file (path, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "Stream,Kind,First layer or bucket,Layers or buckets,"
                                 "Start (ms),End (ms),Exposed");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);

      g_assert_cmpuint (g_strv_length (fields), ==, N_TIMELINE_COLUMNS);
      gathers += g_str_equal (fields[KIND], "All-gather") && g_str_equal (fields[EXPOSED], "0");
      scatters += g_str_equal (fields[KIND], "Reduce-scatter")
                  && g_str_equal (fields[EXPOSED], "0");
      exposed += g_str_equal (fields[EXPOSED], "1");
    }
  /* Llama 3 8B has 32 layers; the first gather and the last scatter wait alone. */
  g_assert_cmpuint (gathers, >=, 2 * 32 - 1);
  g_assert_cmpuint (scatters, >=, 32 - 1);
  g_assert_cmpuint (exposed, >=, 2);

  {
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--chart", "step-timelin",
                                                 "--export", path, NULL);

    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--chart"));
    g_assert_nonnull (strstr (run.err, "step-timelin"));
  }
  /* The file written before is still there, whole. */
  {
    g_autofree char *again = ring_test_read_file (path, NULL);

    g_assert_cmpstr (again, ==, contents);
  }

  ring_test_remove_tmp_dir (dir);
}

/* The columns of a parallel layout's step timeline. */
enum { STAGE_STREAM, STAGE_KIND, STAGE_MICRO_BATCH, STAGE_START, STAGE_END, STAGE_EXPOSED,
       N_STAGE_COLUMNS };

static void
set_layout (RingParams   *params,
            guint         tensor,
            guint         pipeline,
            guint         micro_batches,
            RingSharding  sharding)
{
  ring_params_init_default (params);
  ring_params_apply_gpu (params, RING_GPU_H100);
  params->gpus = 32;
  params->model_params = 13e9;
  params->gradient_bytes = 2;
  params->tensor_parallel = tensor;
  params->pipeline_parallel = pipeline;
  params->micro_batches = micro_batches;
  params->sharding = sharding;
  g_assert_true (ring_params_validate (params, NULL));
}

/* Every stream's pieces add up to the layout's step: compute, bubble, TP, PP and the DP
 * sync to ring_parallel_step()'s, the exposed ones to its exposed time, the last end to
 * the step; no stream overlaps itself. */
static void
check_stage_totals (const RingParams *params)
{
  g_autoptr(RingChartData) data = _ring_chart_data_new (RING_CHART_STEP_TIMELINE, params);
  const double *start = _ring_chart_data_column (data, STAGE_START)->values;
  const double *end = _ring_chart_data_column (data, STAGE_END)->values;
  const double *exposed = _ring_chart_data_column (data, STAGE_EXPOSED)->values;
  char **kind = _ring_chart_data_column (data, STAGE_KIND)->texts;
  char **stream = _ring_chart_data_column (data, STAGE_STREAM)->texts;
  double last_end[RING_N_STREAMS] = { 0 };
  double compute_ms = 0, bubble_ms = 0, tp_ms = 0, pp_ms = 0, dp_ms = 0, exposed_ms = 0;
  double last_ms = 0;
  RingParallelStep step;

  ring_parallel_step (params, &step);
  g_assert_null (data->segments);
  g_assert_nonnull (data->stage_segments);
  g_assert_cmpuint (data->columns->len, ==, N_STAGE_COLUMNS);
  g_assert_cmpuint (data->n_rows, ==, data->stage_segments->len);
  for (guint i = 0; i < data->n_rows; i++)
    {
      const RingStageSegment *s = &g_array_index (data->stage_segments, RingStageSegment, i);
      RingStageStream k = ring_stage_work_stream (s->work);

      g_assert_true (end[i] > start[i]);
      g_assert_cmpfloat (start[i], >=, last_end[k] - 1e-9);
      last_end[k] = end[i];
      g_assert_cmpstr (stream[i], ==, _ring_chart_stage_stream_title (k));
      if (g_str_equal (kind[i], "Forward") || g_str_equal (kind[i], "Backward"))
        compute_ms += end[i] - start[i];
      else if (g_str_equal (kind[i], "Bubble"))
        bubble_ms += end[i] - start[i];
      else if (g_str_equal (stream[i], "Tensor"))
        tp_ms += end[i] - start[i];
      else if (g_str_equal (stream[i], "Pipeline"))
        pp_ms += end[i] - start[i];
      else if (g_str_equal (stream[i], "Data"))
        dp_ms += end[i] - start[i];
      if (exposed[i] == 1)
        exposed_ms += end[i] - start[i];
      last_ms = MAX (last_ms, end[i]);
    }

  ring_test_assert_close (compute_ms, 1e3 * step.compute_s, 1e-9);
  ring_test_assert_close (bubble_ms, 1e3 * step.bubble_s, 1e-9);
  ring_test_assert_close (tp_ms, 1e3 * step.tp_time_s, 1e-9);
  ring_test_assert_close (pp_ms, 1e3 * step.pp_time_s, 1e-9);
  ring_test_assert_close (dp_ms, 1e3 * step.dp_time_s, 1e-9);
  ring_test_assert_close (exposed_ms, 1e3 * step.exposed_s, 1e-9);
  ring_test_assert_close (last_ms, 1e3 * step.step_s, 1e-9);
  ring_test_assert_close (last_ms, 1e3 * data->result.step_time_s, 1e-9);
}

/* Tensor 2 × pipeline 2 with 3 micro-batches: the first stage runs one forward ahead, a
 * second, waits while micro-batch 1 goes through stage 2 and comes back (one backward
 * slot), then backward 1, forward 3, backward 2, and waits a forward slot for backward
 * 3: F1 F2 bubble B1 F3 B2 bubble B3, the bubble (P − 1) of m + P − 1 slots. Each pass
 * is followed by its TP collectives and its pipeline send. */
static void
test_layout_timeline (void)
{
  static const struct { const char *kind; guint micro_batch; } compute_row[] = {
    { "Forward", 1 }, { "Forward", 2 }, { "Bubble", 0 }, { "Backward", 1 },
    { "Forward", 3 }, { "Backward", 2 }, { "Bubble", 0 }, { "Backward", 3 },
  };
  RingParams params;
  RingParallelStep step;
  g_autoptr(RingChartData) data = NULL;
  double slot_f, slot_b, tp_f;
  guint c = 0;

  set_layout (&params, 2, 2, 3, RING_SHARDING_DDP);
  ring_parallel_step (&params, &step);
  data = _ring_chart_data_new (RING_CHART_STEP_TIMELINE, &params);
  tp_f = step.tp_time_s / 3 / 2;
  slot_f = step.forward_s / 3 + tp_f + step.pp_time_s / 3 / 2;
  slot_b = (step.compute_s - step.forward_s) / 3 + tp_f + step.pp_time_s / 3 / 2;
  for (guint i = 0; i < data->n_rows; i++)
    {
      const char *kind = _ring_chart_data_column (data, STAGE_KIND)->texts[i];
      const double *start = _ring_chart_data_column (data, STAGE_START)->values;
      const double *end = _ring_chart_data_column (data, STAGE_END)->values;

      if (!g_str_equal (_ring_chart_data_column (data, STAGE_STREAM)->texts[i], "Compute"))
        continue;
      g_assert_cmpuint (c, <, G_N_ELEMENTS (compute_row));
      g_assert_cmpstr (kind, ==, compute_row[c].kind);
      g_assert_cmpfloat (_ring_chart_data_column (data, STAGE_MICRO_BATCH)->values[i], ==,
                         compute_row[c].micro_batch);
      /* The bubbles: one backward slot, then one forward slot. */
      if (c == 2)
        ring_test_assert_close (end[i] - start[i], 1e3 * slot_b, 1e-9);
      if (c == 6)
        ring_test_assert_close (end[i] - start[i], 1e3 * slot_f, 1e-9);
      /* Backward 1 starts after two forward slots and one backward slot. */
      if (c == 3)
        ring_test_assert_close (start[i], 1e3 * (2 * slot_f + slot_b), 1e-9);
      c++;
    }
  g_assert_cmpuint (c, ==, G_N_ELEMENTS (compute_row));
  ring_test_assert_close (step.bubble_fraction, 1.0 / 4, 1e-12);
  ring_test_assert_close (step.bubble_s, slot_f + slot_b, 1e-9);
  ring_test_assert_close (data->x_last, 1e3 * 4 * (slot_f + slot_b)
                                        + 1e3 * step.dp_exposed_s, 1e-9);

  for (guint s = 0; s < RING_N_SHARDINGS; s++)
    {
      static const guint layouts[][3] = { { 2, 2, 3 }, { 8, 4, 16 }, { 4, 4, 2 }, { 1, 1, 4 } };

      for (guint l = 0; l < G_N_ELEMENTS (layouts); l++)
        {
          set_layout (&params, layouts[l][0], layouts[l][1], layouts[l][2], s);
          check_stage_totals (&params);
        }
    }
}

/* A layout's timeline drawn: compute, its bubble and exposed traffic in their colours. */
static void
test_layout_timeline_draw (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autoptr(RingChartProbe) probe = NULL;
  RingParams params;
  RingStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;

  if (ring_test_skip_without_plplot ())
    return;

  ring_style_init_light (&style);
  set_layout (&params, 4, 2, 8, RING_SHARDING_ZERO1);
  g_assert_true (ring_model_set_params (model, &params));
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 600);
  cr = cairo_create (surface);
  ring_chart_draw_probed (RING_CHART_STEP_TIMELINE, model, cr, 1200, 600, &style, NULL,
                          &probe);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  g_assert_cmpuint (count_color (surface, probe, style.compute), >, 0);
  g_assert_cmpuint (count_color (surface, probe, style.communication), >, 0);
  /* The bubble's grey. */
  g_assert_cmpuint (count_color (surface, probe, _ring_plot_mix (style.foreground,
                                                                 style.background, 0.7)), >, 0);
  /* ZeRO's all-gather of the updated parameters, after the step. */
  g_assert_cmpuint (count_color (surface, probe, style.series[0]), >, 0);
  cairo_surface_destroy (surface);
}

/* The command line writes a layout's timeline as CSV: its streams, and the bubble. */
static void
test_layout_timeline_cli (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "stage.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--chart", "step-timeline",
                                               "--export", path, "--preset",
                                               "gpt3-175b-megatron", "--gpu", "a100", NULL);

  g_assert_cmpstr (run.err, ==, "");
  g_assert_cmpint (run.status, ==, 0);
  contents = ring_test_read_file (path, NULL);
  g_assert_true (g_str_has_prefix (contents, "Stream,Kind,Micro-batch,Start (ms),End (ms),"
                                             "Exposed\r\n"));
  g_assert_nonnull (strstr (contents, "\r\nCompute,Bubble,0,"));
  g_assert_nonnull (strstr (contents, "\r\nTensor,Tensor-parallel collectives,1,"));
  g_assert_nonnull (strstr (contents, "\r\nPipeline,Pipeline send,192,"));
  g_assert_nonnull (strstr (contents, "\r\nData,All-reduce,0,"));
  ring_test_remove_tmp_dir (dir);
}

/* Llama 3 405B as trained (T 8, P 16, 16 micro-batches) on D · 128 H100s: the CSV's MFU,
 * bubble and exposed shares at D = 1, 16 and 128 (the preset's own) against the layout's
 * step worked from its terms: MFU = 6 · P · tokens / F · F / (step · peak). */
static void
test_mfu_vs_data_parallel (void)
{
  static const guint ds[] = { 1, 16, 128 };
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "mfu.csv", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  guint found = 0;

  {
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--chart", "mfu-vs-data-parallel",
                                                 "--export", path, "--preset",
                                                 "llama3-405b-16k", "--gpu", "h100", NULL);

    g_assert_cmpstr (run.err, ==, "");
    g_assert_cmpint (run.status, ==, 0);
  }
  contents = ring_test_read_file (path, NULL);
  lines = g_strsplit (contents, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==, "Data-parallel GPUs (GPUs),GPUs in the ring (GPUs),"
                                 "Model FLOPs utilization (%),"
                                 "Pipeline bubble share of the step (%),"
                                 "Exposed communication share of the step (%)");
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto(GStrv) fields = g_strsplit (lines[i], ",", -1);
      guint d = (guint) g_ascii_strtod (fields[0], NULL);
      RingParams params;
      RingParallelStep step;
      double peak, model_flops, mfu;

      g_assert_cmpuint (g_strv_length (fields), ==, 5);
      g_assert_cmpfloat (g_ascii_strtod (fields[1], NULL), ==, d * 128.0);
      for (guint k = 0; k < G_N_ELEMENTS (ds); k++)
        {
          if (ds[k] != d)
            continue;
          ring_params_init_default (&params);
          ring_params_apply_gpu (&params, RING_GPU_H100);
          ring_preset_apply (ring_preset_lookup ("llama3-405b-16k"), &params);
          params.gpus = d * 128;
          ring_parallel_step (&params, &step);
          g_assert_cmpuint (step.data, ==, d);
          /* 6 P T FLOPs a GPU's tokens, at the GPU's dense bf16 peak. */
          peak = ring_gpu_info (RING_GPU_H100)->dense_bf16_tflops * 1e12;
          model_flops = 6.0 * params.model_params * params.tokens_per_gpu;
          mfu = model_flops / (step.step_s * peak);
          ring_test_assert_close (g_ascii_strtod (fields[2], NULL), 100 * mfu, 1e-9);
          ring_test_assert_close (g_ascii_strtod (fields[3], NULL),
                                  100 * step.bubble_s / step.step_s, 1e-9);
          ring_test_assert_close (g_ascii_strtod (fields[4], NULL),
                                  100 * step.exposed_s / step.step_s, 1e-9);
          found++;
        }
    }
  g_assert_cmpuint (found, ==, G_N_ELEMENTS (ds));
  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/step-charts/timeline-four-buckets", test_timeline_four_buckets);
  g_test_add_func ("/ring/step-charts/timeline-totals", test_timeline_totals);
  g_test_add_func ("/ring/step-charts/bucket-size-series", test_bucket_size_series);
  g_test_add_func ("/ring/step-charts/shardings-draw", test_shardings_draw);
  g_test_add_func ("/ring/step-charts/readout", test_readout);
  g_test_add_func ("/ring/step-charts/cli", test_cli);
  g_test_add_func ("/ring/step-charts/layout-timeline", test_layout_timeline);
  g_test_add_func ("/ring/step-charts/layout-timeline-draw", test_layout_timeline_draw);
  g_test_add_func ("/ring/step-charts/layout-timeline-cli", test_layout_timeline_cli);
  g_test_add_func ("/ring/step-charts/mfu-vs-data-parallel", test_mfu_vs_data_parallel);

  return g_test_run ();
}
