/* test-chart-scenarios.c: pinned scenarios on the charts: a column each with the numbers
 * of the scenario's own series, their names in the CSV header and in an SVG's legend, and
 * the charts that cannot draw them saying so.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-chart-draw-private.h"
#include "ring-export.h"
#include "ring-test-files.h"

/* The current configuration and two pinned ones, all on nodes of 8 so that every sweep
 * samples the same GPU counts. */
static RingModel *
model_with_two_scenarios (void)
{
  RingModel *model = ring_model_new ();

  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (model, RING_PARAM_GPUS, 64);
  ring_model_set_value (model, RING_PARAM_GRADIENT_BYTES, 2);
  g_assert_true (ring_model_pin_scenario (model, "H100 with 8 NICs", NULL));
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H200);
  ring_model_set_value (model, RING_PARAM_NICS_PER_NODE, 2);
  g_assert_true (ring_model_pin_scenario (model, "H200 with 2 NICs", NULL));
  ring_model_set_value (model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (model, RING_PARAM_NICS_PER_NODE, 4);

  return model;
}

static void
test_columns (void)
{
  g_autoptr(RingModel) model = model_with_two_scenarios ();
  gboolean checked_step = FALSE;

  for (RingChartKind kind = 0; kind < RING_N_CHARTS; kind++)
    {
      g_autoptr(RingChartData) plain = _ring_chart_data_new (kind,
                                                             ring_model_get_params (model));
      g_autoptr(RingChartData) data = _ring_chart_data_new_for_model (kind, model);

      g_test_message ("%s", ring_chart_kind_to_string (kind));
      if (data->n_scenarios == 0)
        {
          /* The map and the comparison say they leave the scenarios out. */
          g_assert_cmpuint (data->columns->len, ==, plain->columns->len);
          g_assert_nonnull (data->note);
          g_assert_nonnull (strstr (data->note, "scenarios"));
          continue;
        }

      g_assert_cmpuint (data->n_scenarios, ==, 2);
      g_assert_cmpuint (data->n_scenario_sources, ==,
                        kind == RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE ? 2 : 1);
      g_assert_cmpuint (data->first_scenario_column, ==, plain->columns->len);
      g_assert_cmpuint (data->columns->len, ==,
                        plain->columns->len + 2 * data->n_scenario_sources);
      g_assert_cmpuint (data->n_rows, ==, plain->n_rows);

      for (guint s = 0; s < 2; s++)
        for (guint k = 0; k < data->n_scenario_sources; k++)
          {
            const RingScenario *scenario = ring_model_get_scenario (model, s);
            guint source = data->scenario_sources[k];
            guint copy = _ring_chart_data_scenario_column (data, s, source);
            g_autoptr(RingChartData) own = _ring_chart_data_new (kind, &scenario->params);
            RingSeries *column = _ring_chart_data_column (data, copy);
            RingSeries *own_column = _ring_chart_data_column (own, source);
            const double *xs = _ring_chart_data_column (data, 0)->values;
            g_autofree char *label = g_strdup_printf ("%s: %s", scenario->name,
                                                      own_column->label);
            guint matched = 0;

            g_assert_cmpuint (copy, >=, data->first_scenario_column);
            g_assert_cmpstr (data->scenario_names[s], ==, scenario->name);
            g_assert_cmpstr (column->label, ==, label);
            g_assert_cmpstr (column->unit, ==, own_column->unit);
            for (guint row = 0; row < data->n_rows; row++)
              for (guint own_row = 0; own_row < own->n_rows; own_row++)
                if (_ring_chart_data_column (own, 0)->values[own_row] == xs[row])
                  {
                    double expected = own_column->values[own_row];

                    if (isnan (expected))
                      g_assert_true (isnan (column->values[row]));
                    else
                      g_assert_cmpfloat (column->values[row], ==, expected);
                    matched++;
                  }
            /* Every row the scenario's sweep has too (a bigger buffer sweeps further). */
            g_assert_cmpuint (matched, >=, MIN (data->n_rows, own->n_rows));
            g_assert_cmpuint (matched, >, 10);

            /* And the step time at 64 GPUs is the model's for the scenario's parameters. */
            if (kind == RING_CHART_STEP_TIME_VS_GPUS)
              for (guint row = 0; row < data->n_rows; row++)
                if (xs[row] == 64)
                  {
                    RingResult result;

                    ring_cost_evaluate_sweep (&scenario->params, &result);
                    g_assert_cmpfloat_with_epsilon (column->values[row], result.step_time_s,
                                                    1e-12 * result.step_time_s);
                    checked_step = TRUE;
                  }

            /* The axes hold the scenarios' curves. */
            g_assert_cmpfloat (_ring_chart_data_column_max (data, source), >=,
                               _ring_chart_data_column_max (data, copy));
          }
    }
  g_assert_true (checked_step);
}

static void
test_files (void)
{
  g_autoptr(RingModel) model = model_with_two_scenarios ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  static const struct {
    const char       *extension;
    RingExportFormat  format;
  } formats[] = {
    { "png", RING_EXPORT_FORMAT_PNG },
    { "svg", RING_EXPORT_FORMAT_SVG },
    { "csv", RING_EXPORT_FORMAT_CSV },
  };

  if (ring_test_skip_without_plplot ())
    return;

  for (RingChartKind kind = 0; kind < RING_N_CHARTS; kind++)
    for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
      {
        g_autofree char *basename = g_strdup_printf ("%s.%s", ring_chart_kind_to_string (kind),
                                                     formats[f].extension);
        g_autofree char *path = g_build_filename (dir, basename, NULL);
        g_autoptr(GFile) file = g_file_new_for_path (path);
        g_autoptr(GError) error = NULL;
        g_autoptr(RingChartData) data = _ring_chart_data_new_for_model (kind, model);
        g_autofree char *contents = NULL;
        gsize length;

        g_test_message ("%s", basename);
        g_assert_true (ring_export_chart (model, kind, formats[f].format, file, 960, 600, 1,
                                          NULL, &error));
        g_assert_no_error (error);
        contents = ring_test_read_file (path, &length);
        g_assert_cmpuint (length, >, 100);
        if (formats[f].format == RING_EXPORT_FORMAT_PNG)
          continue;

        /* PLplot's svg device writes each character of a <text> as a reference: the
         * text as a reader of the file sees it. */
        if (formats[f].format == RING_EXPORT_FORMAT_SVG)
          {
            char *text = ring_test_svg_text (contents, length);

            g_free (contents);
            contents = text;
          }
        /* The legend of an SVG and the header of a CSV name each scenario drawn. */
        for (guint s = 0; s < data->n_scenarios; s++)
          g_assert_nonnull (strstr (contents, ring_model_get_scenario (model, s)->name));
        if (data->n_scenarios == 0)
          g_assert_null (strstr (contents, "H200 with 2 NICs"));
      }

  ring_test_remove_tmp_dir (dir);
}

/* A scenario's name is as long as its user made it (up to 200 characters): the legend
 * keeps what fits its column, cut with "…" (pllegend() writes one line an entry), while
 * the CSV's header keeps it whole. */
static void
test_long_name (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *svg = g_build_filename (dir, "long.svg", NULL);
  g_autofree char *csv = g_build_filename (dir, "long.csv", NULL);
  g_autoptr(GString) name = g_string_new ("Start of a long name");
  g_autofree char *svg_text = NULL, *csv_text = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  while (name->len < 180)
    g_string_append (name, " and more words");
  g_string_append (name, " until the end");
  g_assert_cmpuint (name->len, <=, 200);
  ring_model_set_value (model, RING_PARAM_GPUS, 16);
  g_assert_true (ring_model_pin_scenario (model, name->str, NULL));
  ring_model_set_value (model, RING_PARAM_GPUS, 64);

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (i == 0 ? svg : csv);
      g_autoptr(GError) error = NULL;

      g_assert_true (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS,
                                        i == 0 ? RING_EXPORT_FORMAT_SVG
                                               : RING_EXPORT_FORMAT_CSV,
                                        file, 480, 300, 1, NULL, &error));
      g_assert_no_error (error);
    }
  {
    gsize length;
    g_autofree char *contents = ring_test_read_file (svg, &length);

    svg_text = ring_test_svg_text (contents, length);
  }
  csv_text = ring_test_read_file (csv, NULL);
  g_assert_nonnull (strstr (svg_text, "Start of a long name"));
  g_assert_nonnull (strstr (svg_text, "…"));
  g_assert_null (strstr (svg_text, "until the end"));
  g_assert_nonnull (strstr (csv_text, name->str));

  /* A name with no spaces, in a script "sans" may lack (measured with the fonts that draw
   * it), is cut as well. */
  {
    g_autoptr(GString) chinese = g_string_new (NULL);
    g_autoptr(GFile) file = g_file_new_for_path (svg);
    g_autoptr(GError) error = NULL;
    g_autofree char *chinese_svg = NULL;

    while (g_utf8_strlen (chinese->str, -1) < 120)
      g_string_append (chinese, "训练集群节点");
    ring_model_clear_scenarios (model);
    g_assert_true (ring_model_pin_scenario (model, chinese->str, NULL));
    g_assert_true (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS,
                                      RING_EXPORT_FORMAT_SVG, file, 480, 300, 1, NULL,
                                      &error));
    g_assert_no_error (error);
    {
      gsize length;
      g_autofree char *contents = ring_test_read_file (svg, &length);

      chinese_svg = ring_test_svg_text (contents, length);
    }
    g_assert_nonnull (strstr (chinese_svg, "训练集群节点训练"));
    g_assert_nonnull (strstr (chinese_svg, "…"));
    g_assert_null (strstr (chinese_svg, chinese->str));

    /* Drawn, it stays inside the page: above the panel, the last columns are bare. */
    {
      g_autofree char *png = g_build_filename (dir, "chinese.png", NULL);
      g_autoptr(GFile) png_file = g_file_new_for_path (png);
      cairo_surface_t *surface;
      guint32 background;

      g_assert_true (ring_export_chart (model, RING_CHART_UTILIZATION_VS_GPUS,
                                        RING_EXPORT_FORMAT_PNG, png_file, 480, 300, 1, NULL,
                                        &error));
      g_assert_no_error (error);
      surface = cairo_image_surface_create_from_png (png);
      g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
      background = ring_test_pixel (surface, 479, 0);
      for (int y = 0; y < 115; y++)
        for (int x = 470; x < 480; x++)
          g_assert_cmphex (ring_test_pixel (surface, x, y), ==, background);
      cairo_surface_destroy (surface);
    }
  }

  ring_test_remove_tmp_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/chart-scenarios/columns", test_columns);
  g_test_add_func ("/ring/chart-scenarios/files", test_files);
  g_test_add_func ("/ring/chart-scenarios/long-name", test_long_name);

  return g_test_run ();
}
