/* test-scenario-cli.c: --scenario FILE on the command line: the report compares with the
 * scenarios, exports draw them, and a bad file is refused with status 2 and nothing
 * written.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ring-test-cli.h"

#define SCENARIO(name, parameters) \
  "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, \"name\": \"" name "\", " \
  "\"parameters\": {" parameters "}}"

static char *dir;

static char *
write_file (const char *basename,
            const char *contents)
{
  char *path = g_build_filename (dir, basename, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));

  return path;
}

static double
member_double (JsonObject *object,
               const char *key)
{
  g_assert_true (json_object_has_member (object, key));

  return json_object_get_double_member (object, key);
}

static void
test_report (void)
{
  g_autofree char *one = write_file ("one.json", SCENARIO ("64 × H100", "\"gpu\": \"h100\", "
                                                           "\"gpus\": 64"));
  g_autofree char *two = write_file ("two.json",
                                     "[" SCENARIO ("8 GPUs", "") ", "
                                     SCENARIO ("fp8", "\"gradient_bytes\": 1") "]");
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--gpus", "16", "--scenario", one,
                                             "--scenario", two, "--report=json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *report;
  JsonArray *scenarios;
  double step_time_s, utilization, allreduce_time_s;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.err, ==, "");
  json_parser_load_from_data (parser, r.out, -1, &error);
  g_assert_no_error (error);
  report = json_node_get_object (json_parser_get_root (parser));
  step_time_s = member_double (report, "step_time_s");
  utilization = member_double (report, "utilization");
  allreduce_time_s = member_double (report, "allreduce_time_s");

  /* Files in the order given, a file's scenarios in its order. */
  scenarios = json_object_get_array_member (report, "scenarios");
  g_assert_cmpuint (json_array_get_length (scenarios), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (scenarios, 0),
                                                  "name"), ==, "64 × H100");
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (scenarios, 2),
                                                  "name"), ==, "fp8");

  for (guint i = 0; i < 3; i++)
    {
      JsonObject *scenario = json_array_get_object_element (scenarios, i);
      double scenario_step = member_double (scenario, "step_time_s");

      g_assert_cmpstr (json_object_get_string_member (scenario, "mode"), ==, "training-step");
      g_assert_cmpfloat (scenario_step, >, 0);
      /* The differences are the current configuration's relative to the scenario. */
      g_assert_cmpfloat_with_epsilon (member_double (scenario, "step_time_change"),
                                      step_time_s / scenario_step - 1, 1e-12);
      g_assert_cmpfloat_with_epsilon (member_double (scenario, "utilization_change"),
                                      utilization / member_double (scenario, "utilization") - 1,
                                      1e-12);
      g_assert_cmpfloat_with_epsilon (member_double (scenario, "allreduce_time_change"),
                                      allreduce_time_s
                                      / member_double (scenario, "allreduce_time_s") - 1,
                                      1e-12);
    }
  /* The defaults' 8 GPUs beside the 16 of the command line: a shorter all-reduce. */
  g_assert_cmpfloat (member_double (json_array_get_object_element (scenarios, 1),
                                    "allreduce_time_s"), <, allreduce_time_s);
}

/* The text report lists each scenario with the current step's difference from it; a
 * single all-reduce beside a training step gives no difference, only the scenario's time. */
static void
test_report_text (void)
{
  g_autofree char *file = write_file ("eight.json", SCENARIO ("8 GPUs", ""));
  g_auto(RingTestRun) step = ring_test_run_cli ("C.UTF-8", "--gpus", "16", "--scenario", file,
                                                "--report=text", NULL);
  g_auto(RingTestRun) collective = ring_test_run_cli ("C.UTF-8", "--gpus", "16",
                                                      "--message-size", "1MiB",
                                                      "--scenario", file, "--report=text",
                                                      NULL);

  g_assert_cmpint (step.status, ==, 0);
  g_assert_nonnull (strstr (step.out, "\nScenario "));
  g_assert_nonnull (strstr (step.out, "8 GPUs: step "));
  g_assert_nonnull (strstr (step.out, "(now "));
  g_assert_cmpint (collective.status, ==, 0);
  g_assert_nonnull (strstr (collective.out, "8 GPUs: all-reduce "));
  g_assert_nonnull (strstr (collective.out, "(another question)"));
  g_assert_null (strstr (collective.out, "(now "));
}

static void
test_export_csv (void)
{
  g_autofree char *one = write_file ("csv.json", SCENARIO ("bf16, \\\"quoted\\\"",
                                                           "\"gradient_bytes\": 2"));
  g_autofree char *csv = g_build_filename (dir, "sizes.csv", NULL);
  g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--scenario", one, "--export", csv,
                                             "--chart", "allreduce-vs-message-size", NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  g_assert_cmpint (r.status, ==, 0);
  g_assert_true (g_file_get_contents (csv, &contents, NULL, NULL));
  lines = g_strsplit (contents, "\r\n", 3);
  /* A column for the scenario's time and one for its bus bandwidth, named after it, the
   * quotes of its name doubled. */
  g_assert_true (g_str_has_suffix (lines[0], ",\"bf16, \"\"quoted\"\": All-reduce time (us)\","
                                   "\"bf16, \"\"quoted\"\": Bus bandwidth (GB/s)\""));
}

static void
test_bad_files (void)
{
  g_autofree char *newer = write_file ("newer.json",
                                       "{\"format\": \"ring-allreduce-scenario\", "
                                       "\"version\": 7, \"name\": \"x\", \"parameters\": {}}");
  g_autofree char *broken = write_file ("broken.json", "{\"format\": ");
  g_autofree char *range = write_file ("range.json", SCENARIO ("x", "\"gpus\": 0"));
  g_autofree char *five = write_file ("five.json",
                                      "[" SCENARIO ("1", "") "," SCENARIO ("2", "") ","
                                      SCENARIO ("3", "") "," SCENARIO ("4", "") ","
                                      SCENARIO ("5", "") "]");
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *png = g_build_filename (dir, "never.png", NULL);
  const struct {
    const char *path;
    const char *says;
  } cases[] = {
    { newer, "newer version" },
    { broken, "not JSON" },
    { range, "gpus" },
    { five, "at most 4" },
    { missing, "missing.json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(RingTestRun) report = ring_test_run_cli (NULL, "--scenario", cases[i].path,
                                                      "--report", NULL);
      g_auto(RingTestRun) export = ring_test_run_cli (NULL, "--scenario", cases[i].path,
                                                      "--export", png, "--chart",
                                                      "step-time-vs-gpus", NULL);

      g_test_message ("%s", cases[i].path);
      g_assert_cmpint (report.status, ==, 2);
      g_assert_cmpstr (report.out, ==, "");
      g_assert_nonnull (strstr (report.err, "--scenario"));
      g_assert_nonnull (strstr (report.err, cases[i].says));
      g_assert_cmpint (export.status, ==, 2);
      g_assert_false (g_file_test (png, G_FILE_TEST_EXISTS));
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);
  dir = g_dir_make_tmp ("ring-scenario-cli-XXXXXX", NULL);
  g_assert_nonnull (dir);

  g_test_add_func ("/ring/scenario-cli/report", test_report);
  g_test_add_func ("/ring/scenario-cli/report-text", test_report_text);
  g_test_add_func ("/ring/scenario-cli/export-csv", test_export_csv);
  g_test_add_func ("/ring/scenario-cli/bad-files", test_bad_files);

  status = g_test_run ();
  {
    g_autoptr(GFile) folder = g_file_new_for_path (dir);
    g_autoptr(GFileEnumerator) children = g_file_enumerate_children (folder, "standard::name",
                                                                     0, NULL, NULL);
    GFileInfo *info;

    while (children != NULL
           && (info = g_file_enumerator_next_file (children, NULL, NULL)) != NULL)
      {
        g_autoptr(GFile) child = g_file_get_child (folder, g_file_info_get_name (info));

        g_file_delete (child, NULL, NULL);
        g_object_unref (info);
      }
    g_file_delete (folder, NULL, NULL);
  }
  g_free (dir);

  return status;
}
