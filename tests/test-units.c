/* test-units.c: typed quantities and parameter strings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-params.h"
#include "ring-units.h"

static void
test_parse_count (void)
{
  double value;

  g_assert_true (ring_parse_count ("7e9", &value));
  g_assert_cmpfloat (value, ==, 7e9);
  g_assert_true (ring_parse_count ("7B", &value));
  g_assert_cmpfloat (value, ==, 7e9);
  g_assert_true (ring_parse_count ("1.5T", &value));
  g_assert_cmpfloat (value, ==, 1.5e12);
  g_assert_true (ring_parse_count (" 70 B ", &value));
  g_assert_cmpfloat (value, ==, 70e9);
  g_assert_true (ring_parse_count ("350M", &value));
  g_assert_cmpfloat (value, ==, 350e6);

  g_assert_false (ring_parse_count ("abc", &value));
  g_assert_false (ring_parse_count ("", &value));
  g_assert_false (ring_parse_count ("7X", &value));
  g_assert_false (ring_parse_count ("nan", &value));
  g_assert_false (ring_parse_count ("inf", &value));
  g_assert_false (ring_parse_count ("1e400", &value));
  g_assert_false (ring_parse_count ("0x10", &value));
}

static void
test_parse_bytes (void)
{
  double value;

  g_assert_true (ring_parse_bytes ("1MiB", &value));
  g_assert_cmpfloat (value, ==, 1048576);
  g_assert_true (ring_parse_bytes ("4GB", &value));
  g_assert_cmpfloat (value, ==, 4e9);
  g_assert_true (ring_parse_bytes ("16 GiB", &value));
  g_assert_cmpfloat (value, ==, 17179869184.0);
  g_assert_true (ring_parse_bytes ("512", &value));
  g_assert_cmpfloat (value, ==, 512);
  g_assert_true (ring_parse_bytes ("1PB", &value));
  g_assert_cmpfloat (value, ==, 1e15);
  g_assert_false (ring_parse_bytes ("4 parsecs", &value));
}

static void
test_set_from_string (void)
{
  RingParams params;
  g_autoptr(GError) error = NULL;

  ring_params_init_default (&params);

  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_MODEL_PARAMS, "70B", NULL));
  g_assert_cmpfloat (params.model_params, ==, 70e9);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GRADIENT_BYTES, "bf16", NULL));
  g_assert_cmpuint (params.gradient_bytes, ==, 2);
  g_assert_true (ring_params_set_from_string (&params, RING_PARAM_GPUS, "1048576", NULL));
  g_assert_cmpuint (params.gpus, ==, 1048576);

  g_assert_false (ring_params_set_from_string (&params, RING_PARAM_GPUS, "0", &error));
  g_assert_error (error, RING_PARAMS_ERROR, RING_PARAMS_ERROR_OUT_OF_RANGE);
  g_assert_nonnull (strstr (error->message, "--gpus"));
  g_clear_error (&error);

  g_assert_false (ring_params_set_from_string (&params, RING_PARAM_GPUS, "2.5", &error));
  g_clear_error (&error);
  g_assert_false (ring_params_set_from_string (&params, RING_PARAM_GRADIENT_BYTES, "3", &error));
  g_assert_nonnull (strstr (error->message, "--grad-bytes"));
  g_clear_error (&error);
  g_assert_false (ring_params_set_from_string (&params, RING_PARAM_BANDWIDTH, "0", &error));
  g_assert_nonnull (strstr (error->message, "--bandwidth"));
  g_clear_error (&error);
  g_assert_false (ring_params_set_from_string (&params, RING_PARAM_ALGORITHM, "butterfly", &error));
  g_assert_nonnull (strstr (error->message, "--algorithm"));
  g_clear_error (&error);

  /* Nothing rejected was stored. */
  g_assert_cmpuint (params.gpus, ==, 1048576);
  g_assert_cmpuint (params.gradient_bytes, ==, 2);
  g_assert_cmpfloat (params.bandwidth_gbps, ==, 300);
}

static void
test_format (void)
{
  g_autofree char *ms = ring_format_duration (0.163403);
  g_autofree char *us = ring_format_duration (7e-5);
  g_autofree char *s = ring_format_duration (10.6);
  g_autofree char *bytes = ring_format_bytes (28e9);
  g_autofree char *count = ring_format_count (7e9);
  g_autofree char *rate = ring_format_rate (55214, "tokens");

  g_assert_cmpstr (ms, ==, "163 ms");
  g_assert_cmpstr (us, ==, "70 µs");
  g_assert_cmpstr (s, ==, "10.6 s");
  g_assert_cmpstr (bytes, ==, "28 GB");
  g_assert_cmpstr (count, ==, "7 B");
  g_assert_cmpstr (rate, ==, "55.2 k tokens/s");

  {
    /* Each duration in the unit that fits, never with an exponent: the smallest model
     * times (6e-10 s of compute for 10⁶ parameters at 10 000 TFLOP/s) read in ns. */
    const struct
    {
      double      seconds;
      const char *text;
    } durations[] = {
      { 6e-10, "0.6 ns" }, { 3.33e-9, "3.33 ns" }, { 3.33e-12, "0.00333 ns" },
      { 1e-15, "< 0.001 ns" }, { 999.4e-9, "999 ns" }, { 999.6e-9, "1 µs" },
      { 3.33e-6, "3.33 µs" }, { 999.6e-6, "1 ms" }, { 0.9996, "1 s" }, { 0, "0 s" },
      { 599, "599 s" }, { 600, "10 min" }, { 7200, "120 min" }, { 3 * 3600, "3 h" },
    };

    for (guint i = 0; i < G_N_ELEMENTS (durations); i++)
      {
        g_autofree char *text = ring_format_duration (durations[i].seconds);

        g_assert_cmpstr (text, ==, durations[i].text);
        g_assert_null (strchr (text, 'e'));
      }
  }

  {
    /* busbw at the defaults, 299.87 GB/s (test-cost.c), must not round up to the link's
     * 300; a latency-bound 38 kB/s must not read as 0.00 GB/s. */
    g_autofree char *busbw = ring_format_bandwidth (299.871e9);
    g_autofree char *tiny = ring_format_bandwidth (3.8e4);
    g_autofree char *needed = ring_format_bandwidth (1026.89e9);
    g_autofree char *fast = ring_format_bandwidth (9999.9e9);

    g_assert_cmpstr (busbw, ==, "299.9 GB/s");
    g_assert_cmpstr (tiny, ==, "38 kB/s");
    g_assert_cmpstr (needed, ==, "1027 GB/s");
    g_assert_cmpstr (fast, ==, "10 TB/s");

    /* The bandwidth 90 % utilization needs can be absurd: still no exponent. */
    {
      g_autofree char *absurd = ring_format_bandwidth (8.571e16);
      g_autofree char *past = ring_format_bandwidth (2e22);

      g_assert_cmpstr (absurd, ==, "85.71 PB/s");
      g_assert_cmpstr (past, ==, "20000000 PB/s");
    }
  }
}

/* Relative differences as the cards and the reports show them: a sign always, one decimal
 * below 10 %, none above, "±0 %" under 0.05 %, a dash where there is no number. */
static void
test_format_change (void)
{
  static const struct { double change; const char *text; } cases[] = {
    { 0.0004, "±0 %" }, { -0.0004, "±0 %" }, { 0.021, "+2.1 %" }, { -0.021, "−2.1 %" },
    { -0.27, "−27 %" }, { 1.0, "+100 %" }, { 0.0999, "+10.0 %" }, { NAN, "–" },
    { INFINITY, "–" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ring_format_change (cases[i].change);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* Issue 21, item 14: a number for a translated "%g" as people write it. */
static void
test_round_figures (void)
{
  const struct
  {
    double value;
    double rounded;
    const char *shown;
  } cases[] = {
    { 0.448934, 0.4489, "0.4489" },
    { 14.1965, 14.2, "14.2" },
    { 1026.8948655256727, 1027, "1027" },
    { 150, 150, "150" },
    { -2.71828, -2.718, "-2.718" },
    { 123456789, 123500000, "1.235e+08" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double rounded = ring_round_figures (cases[i].value, 4);
      char shown[32];

      g_assert_cmpfloat (rounded, ==, cases[i].rounded);
      g_ascii_formatd (shown, sizeof shown, "%g", rounded);
      g_assert_cmpstr (shown, ==, cases[i].shown);
    }

  g_assert_cmpfloat (ring_round_figures (0, 4), ==, 0);
  g_assert_true (isnan (ring_round_figures (NAN, 4)));
  g_assert_true (isinf (ring_round_figures (INFINITY, 4)));
}

/* Issue 21, item 14: typed values in a report or a scenario's name, never a raw %g. */
static void
test_format_figures (void)
{
  const struct
  {
    double      value;
    const char *unit;
    const char *shown;
  } cases[] = {
    { 0.448934, "GB/s", "0.4489 GB/s" },
    { 395.6, "GB/s", "395.6 GB/s" },
    { 395.61234, "GB/s", "395.6 GB/s" },
    { 400, "Gb/s", "400 Gb/s" },
    { 1600, "Gb/s", "1600 Gb/s" },
    { 123456789, "B", "123500000 B" },
    { 989.4, "TFLOP/s", "989.4 TFLOP/s" },
    { 0, "µs", "0 µs" },
    { 0.000012345, "", "0.00001235" },
    { NAN, "GB/s", "–" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = ring_format_figures (cases[i].value, cases[i].unit);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

/* Issue 21, item 14: sizes beside nccl-tests' powers of two stay binary. */
static void
test_format_binary_bytes (void)
{
  const struct
  {
    double      bytes;
    const char *shown;
  } cases[] = {
    { 8, "8 B" },
    { 1023, "1023 B" },
    { 1024, "1 KiB" },
    { 1.75 * 1073741824.0, "1.75 GiB" },
    { 512 * 1024.0, "512 KiB" },
    { 1000 * 1048576.0, "1000 MiB" },
    { 1048575.0 * 1024, "1 GiB" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = ring_format_binary_bytes (cases[i].bytes);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/units/parse-count", test_parse_count);
  g_test_add_func ("/ring/units/parse-bytes", test_parse_bytes);
  g_test_add_func ("/ring/units/set-from-string", test_set_from_string);
  g_test_add_func ("/ring/units/format", test_format);
  g_test_add_func ("/ring/units/format-change", test_format_change);
  g_test_add_func ("/ring/units/round-figures", test_round_figures);
  g_test_add_func ("/ring/units/format-figures", test_format_figures);
  g_test_add_func ("/ring/units/format-binary-bytes", test_format_binary_bytes);

  return g_test_run ();
}
