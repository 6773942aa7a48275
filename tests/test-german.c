/* test-german.c: the command line in German, run as a user runs it, with no display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "ring-test-cli.h"

/* Skips the test when the system has no de_DE.UTF-8 locale: without it the C library
 * falls back to C, and nothing below could be German. */
static gboolean
german_locale_available (void)
{
  g_autofree char *previous = g_strdup (setlocale (LC_ALL, NULL));
  gboolean available = setlocale (LC_ALL, "de_DE.UTF-8") != NULL;

  setlocale (LC_ALL, previous);
  if (!available)
    g_test_skip ("the de_DE.UTF-8 locale is not generated: enable it in /etc/locale.gen "
                 "and run locale-gen (build-aux/dev test does)");

  return available;
}

static void
assert_contains (const char *haystack,
                 const char *needle)
{
  if (strstr (haystack, needle) == NULL)
    g_error ("“%s” not found in:\n%s", needle, haystack);
}

static void
assert_lacks (const char *haystack,
              const char *needle)
{
  if (strstr (haystack, needle) != NULL)
    g_error ("“%s” should not be in:\n%s", needle, haystack);
}

/* A run in German that succeeds: its arguments, what its output must hold and what it must
 * not (the English it replaces), each list ending with NULL. */
typedef struct
{
  const char *args[8];
  const char *has[10];
  const char *lacks[4];
} GermanOutput;

static const GermanOutput help = {
  { "--help" },
  {
    "GPUs im Ring (1 bis 1048576)",
    "Ohne --report oder --export wird das Fenster",
    /* Option names are the program's interface and stay as they are. */
    "--gpus=N",
  },
  { "GPUs in the ring" },
};

/* The defaults of DESIGN.md with the seed's flat ring (utilization 72.467 %, bus
 * bandwidth 299.87 GB/s) with German labels and German decimal commas. */
static const GermanOutput report_text = {
  { "--algorithm", "flat-ring", "--bucket-size=one", "--report=text" },
  {
    "GPU-Auslastung",
    "72,5 %",
    /* 7B in fp32 with Adam: 112e9 B of state on an 80 GB GPU; ZeRO-2 over n makes it
     * 28 + 84/n + 18.25 (activations) ≤ 71e9 B from n ≥ 84/24.75 = 3.4: the fewest is 4
     * (test-step.c has the rules). */
    "nein: braucht ZeRO-2 über ≥ 4 GPUs",
    "Busbandbreite",
    "299,9 GB/s",
    "Kommunikationsgebunden",
    "Bandbreite für 90 % Auslastung",
  },
  { "GPU utilization", "72.5" },
};

/* A single collective in German: its own figures, none of the step's (an algorithm that
 * cannot run says why in German: test_error_message). */
static const GermanOutput collective_text = {
  { "--message-size", "1MiB", "--gpu", "h100", "--gpus", "64", "--report=text" },
  {
    "Einzelnes All-Reduce",
    "Verwendeter Algorithmus",
    "Baum",
    "LL128",
    "Bandbreite im Knoten",
  },
  { "GPU-Auslastung", "Algorithm in use" },
};

static void
test_output (gconstpointer data)
{
  const GermanOutput *output = data;
  RingTestRun r;

  if (!german_locale_available ())
    return;

  r = ring_test_run_cli_full ("de_DE.UTF-8", NULL, output->args);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  for (guint i = 0; output->has[i] != NULL; i++)
    assert_contains (r.out, output->has[i]);
  for (guint i = 0; output->lacks[i] != NULL; i++)
    assert_lacks (r.out, output->lacks[i]);
  ring_test_run_clear (&r);
}

/* JSON is for programs: the same keys and the same numbers, with '.' decimals, in every
 * language. */
static void
test_report_json (void)
{
  RingTestRun c, de;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *report;

  if (!german_locale_available ())
    return;

  c = ring_test_run_cli ("C.UTF-8", "--algorithm", "flat-ring", "--bucket-size=one",
                         "--report=json", NULL);
  de = ring_test_run_cli ("de_DE.UTF-8", "--algorithm", "flat-ring", "--bucket-size=one",
                          "--report=json", NULL);
  g_assert_cmpint (c.status, ==, 0);
  g_assert_cmpint (de.status, ==, 0);
  g_assert_cmpstr (de.out, ==, c.out);

  json_parser_load_from_data (parser, de.out, -1, &error);
  g_assert_no_error (error);
  report = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "utilization"),
                                  0.72467, 1e-5);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (report, "busbw_gbps"),
                                  299.87, 0.005);
  assert_contains (de.out, "\"utilization\" : 0.72");

  ring_test_run_clear (&c);
  ring_test_run_clear (&de);
}

/* Numbers on the command line keep their '.' in German, as the help text shows them:
 * 1.5T is 1.5e12 parameters, not an error and not 15T. */
static void
test_decimal_point_input (void)
{
  RingTestRun r;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *report;

  if (!german_locale_available ())
    return;

  r = ring_test_run_cli ("de_DE.UTF-8", "--model-params=1.5T", "--comm-slowdown=0.5",
                         "--report=json", NULL);
  g_assert_cmpint (r.status, ==, 0);
  json_parser_load_from_data (parser, r.out, -1, &error);
  g_assert_no_error (error);
  report = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat (json_object_get_double_member (report, "model_params"), ==, 1.5e12);
  g_assert_cmpfloat (json_object_get_double_member (report, "comm_slowdown"), ==, 0.5);
  ring_test_run_clear (&r);

  /* The decimal comma German messages print is taken back (issue 27). */
  r = ring_test_run_cli ("de_DE.UTF-8", "--bandwidth=12,5", "--slow-link=3:0,25",
                         "--model-params=1,5T", "--report=json", NULL);
  g_assert_cmpstr (r.err, ==, "");
  g_assert_cmpint (r.status, ==, 0);
  json_parser_load_from_data (parser, r.out, -1, &error);
  g_assert_no_error (error);
  report = json_node_get_object (json_parser_get_root (parser));
  g_assert_cmpfloat (json_object_get_double_member (report, "bandwidth_gbps"), ==, 12.5);
  g_assert_cmpfloat (json_object_get_double_member (report, "slow_link_fraction"), ==, 0.25);
  g_assert_cmpfloat (json_object_get_double_member (report, "model_params"), ==, 1.5e12);
  ring_test_run_clear (&r);
}

static void
test_error_message (void)
{
  static const struct
  {
    const char *args[6];
    const char *says;
  } errors[] = {
    { { "--gpus=abc", "--report" }, "--gpus: „abc“ ist keine Zahl" },
    { { "--report=xml" }, "Unbekanntes Format" },
    { { "stray", "--report" }, "Unerwartetes Argument „stray“" },
    { { "--export", "x.png", "--size", "100x100" }, "ist zu klein für ein lesbares Diagramm" },
    { { "--algorithm", "nvls", "--gpu", "a100", "--report" },
      "--algorithm: nvls kann auf diesem Cluster nicht laufen: "
      "NVLS braucht eine Hopper-GPU oder neuer" },
  };

  if (!german_locale_available ())
    return;

  for (guint i = 0; i < G_N_ELEMENTS (errors); i++)
    {
      g_auto(RingTestRun) r = ring_test_run_cli_full ("de_DE.UTF-8", NULL, errors[i].args);

      g_assert_cmpint (r.status, ==, 2);
      assert_contains (r.err, errors[i].says);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_assert_nonnull (g_getenv ("RING_ALLREDUCE_BIN"));
  g_assert_nonnull (g_getenv ("RING_ALLREDUCE_LOCALEDIR"));

  g_test_add_data_func ("/ring/german/help", &help, test_output);
  g_test_add_data_func ("/ring/german/report-text", &report_text, test_output);
  g_test_add_data_func ("/ring/german/collective-text", &collective_text, test_output);
  g_test_add_func ("/ring/german/report-json", test_report_json);
  g_test_add_func ("/ring/german/decimal-point-input", test_decimal_point_input);
  g_test_add_func ("/ring/german/error-message", test_error_message);

  return g_test_run ();
}
