/* test-scenario-file.c: scenario files: every parameter read back exactly, lists, and
 * broken or newer files refused with a message that names the file and the problem.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>
#include <sys/stat.h>

#include "ring-scenario-file.h"
#include "ring-test-files.h"

/* Every parameter away from its default, in range, and the whole set valid. */
static void
init_unusual_params (RingParams *params)
{
  g_autoptr(GError) error = NULL;

  ring_params_init_default (params);
  ring_params_apply_gpu (params, RING_GPU_H100);
  params->gpus = 64;
  params->gpus_per_node = 4;
  params->nics_per_node = 2;
  params->nic_speed_gbit = 200;
  params->fabric = RING_FABRIC_ROCE;
  params->net_latency_us = 7.5;
  params->net_efficiency = 0.9;
  params->link_latency_us = 0.3;
  params->link_efficiency = 0.8;
  params->model_params = 7.1e10;
  params->bandwidth_gbps = 123.456;
  params->compute_tflops = 333.3;
  params->tokens_per_gpu = 2048;
  params->gradient_bytes = 2;
  params->latency_us = 6.5;
  params->algorithm = RING_ALGORITHM_RING;
  params->bucket_bytes = 5e7;
  params->comm_slowdown = 0.1;
  params->sharding = RING_SHARDING_ZERO2;
  params->checkpointing = RING_CHECKPOINTING_SELECTIVE;
  params->fused_attention = 0;
  params->slow_link = 3;
  params->slow_link_fraction = 0.25;
  params->slow_gpu = 5;
  params->slow_gpu_fraction = 0.1 + 0.2;  /* a double with no short decimal */
  params->message_bytes = 0;
  g_assert_true (ring_params_validate (params, &error));
  g_assert_no_error (error);
}

static void
assert_same_params (const RingParams *a,
                    const RingParams *b)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      if (ring_param_info (id)->withdrawn)
        continue;
      g_test_message ("%s", ring_param_info (id)->json_key);
      g_assert_cmpfloat (ring_params_get_value (a, id), ==, ring_params_get_value (b, id));
    }
  g_assert_cmpfloat (a->message_bytes, ==, b->message_bytes);
}

static void
test_round_trip (void)
{
  g_autoptr(RingScenario) scenario = NULL;
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  RingParams params;

  init_unusual_params (&params);
  scenario = ring_scenario_new ("64 × H100 \"quoted\" \\ name", &params);
  json = ring_scenario_file_to_json (&scenario, 1);

  /* Readable: the parameter table's names, choices by name. */
  g_assert_nonnull (strstr (json, "\"format\": \"ring-allreduce-scenario\""));
  g_assert_nonnull (strstr (json, "\"version\": 1"));
  g_assert_nonnull (strstr (json, "\"gpu\": \"h100\""));
  g_assert_nonnull (strstr (json, "\"nic_speed_gbit\": 200"));
  g_assert_nonnull (strstr (json, "\"sharding\": \"zero2\""));
  g_assert_null (strstr (json, "\"overlap\""));

  read = ring_scenario_file_parse (json, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, 1);
  g_assert_cmpstr (((RingScenario *) read->pdata[0])->name, ==, scenario->name);
  assert_same_params (&((RingScenario *) read->pdata[0])->params, &params);

  /* A single collective keeps its message size. */
  g_clear_pointer (&json, g_free);
  g_clear_pointer (&read, g_ptr_array_unref);
  scenario->params.message_bytes = 8589934592.0;
  json = ring_scenario_file_to_json (&scenario, 1);
  read = ring_scenario_file_parse (json, -1, &error);
  g_assert_no_error (error);
  assert_same_params (&((RingScenario *) read->pdata[0])->params, &scenario->params);
}

static void
test_list_and_file (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "two.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(RingScenario) first = NULL;
  g_autoptr(RingScenario) second = NULL;
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;
  RingScenario *both[2];
  RingParams params;

  ring_params_init_default (&params);
  first = ring_scenario_new ("defaults", &params);
  init_unusual_params (&params);
  second = ring_scenario_new ("unusual", &params);
  both[0] = first;
  both[1] = second;

  g_assert_true (ring_scenario_file_save (file, both, 2, NULL, &error));
  g_assert_no_error (error);
  read = ring_scenario_file_load (file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, 2);
  g_assert_cmpstr (((RingScenario *) read->pdata[0])->name, ==, "defaults");
  g_assert_cmpstr (((RingScenario *) read->pdata[1])->name, ==, "unusual");
  assert_same_params (&((RingScenario *) read->pdata[0])->params, &first->params);
  assert_same_params (&((RingScenario *) read->pdata[1])->params, &second->params);

  ring_test_remove_tmp_dir (dir);
}

/* Parameters left out take their defaults, after the GPU's facts. */
static void
test_partial (void)
{
  const char *text = "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                     "\"name\": \"short\", \"parameters\": {\"gpu\": \"h100\", "
                     "\"gpus\": 16, \"compute_tflops\": 500}}";
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;
  const RingParams *params;
  RingParams h100;

  read = ring_scenario_file_parse (text, -1, &error);
  g_assert_no_error (error);
  params = &((RingScenario *) read->pdata[0])->params;
  ring_params_init_default (&h100);
  ring_params_apply_gpu (&h100, RING_GPU_H100);
  g_assert_cmpuint (params->gpus, ==, 16);
  g_assert_cmpfloat (params->compute_tflops, ==, 500);
  g_assert_cmpfloat (params->bandwidth_gbps, ==, h100.bandwidth_gbps);
  g_assert_cmpfloat (params->model_params, ==, 7e9);
}

#define HEAD "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, \"name\": \"x\", "

static const struct {
  const char *name;
  const char *text;
  int         code;
  const char *says;
} malformed[] = {
  { "empty", "", RING_SCENARIO_ERROR_FORMAT, "empty" },
  { "not-json", "gpus = 64\n", RING_SCENARIO_ERROR_FORMAT, "not JSON" },
  { "truncated", HEAD "\"parameters\": {\"gpus\": 6", RING_SCENARIO_ERROR_FORMAT, "not JSON" },
  { "wrong-format", "{\"format\": \"nccl-tests\", \"version\": 1, \"name\": \"x\", "
    "\"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "not a Ring All-Reduce scenario" },
  { "no-format", "{\"version\": 1, \"name\": \"x\", \"parameters\": {}}",
    RING_SCENARIO_ERROR_FORMAT, "format" },
  { "newer", "{\"format\": \"ring-allreduce-scenario\", \"version\": 2, \"name\": \"x\", "
    "\"parameters\": {}}", RING_SCENARIO_ERROR_NEWER, "newer version" },
  { "version-text", "{\"format\": \"ring-allreduce-scenario\", \"version\": \"1\", "
    "\"name\": \"x\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "version" },
  { "version-zero", "{\"format\": \"ring-allreduce-scenario\", \"version\": 0, "
    "\"name\": \"x\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "start at 1" },
  { "no-name", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
    "\"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "name" },
  { "blank-name", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
    "\"name\": \"  \", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "empty" },
  { "no-parameters", HEAD "\"parameters\": [1, 2]}", RING_SCENARIO_ERROR_FORMAT,
    "parameters" },
  { "gpus-zero", HEAD "\"parameters\": {\"gpus\": 0}}", RING_SCENARIO_ERROR_FORMAT,
    "gpus" },
  { "gpus-huge", HEAD "\"parameters\": {\"gpus\": 1e300}}", RING_SCENARIO_ERROR_FORMAT,
    "outside 1 to 1048576" },
  { "gpus-fraction", HEAD "\"parameters\": {\"gpus\": 8.5}}", RING_SCENARIO_ERROR_FORMAT,
    "not a whole number" },
  { "gpus-text", HEAD "\"parameters\": {\"gpus\": \"many\"}}", RING_SCENARIO_ERROR_FORMAT,
    "not a number" },
  { "gpus-null", HEAD "\"parameters\": {\"gpus\": null}}", RING_SCENARIO_ERROR_FORMAT,
    "not a number" },
  /* What only the whole configuration can check names the file's keys, not options. */
  { "gradient-bytes-3", HEAD "\"parameters\": {\"gradient_bytes\": 3}}",
    RING_PARAMS_ERROR_INVALID, "“gradient_bytes” must be 1, 2 or 4, not 3" },
  { "slow-link-past-gpus", HEAD "\"parameters\": {\"gpus\": 8, \"slow_link\": 9}}",
    RING_PARAMS_ERROR_INVALID, "“slow_link”: there is no link 9 among 8 GPUs" },
  { "nvls-on-a100", HEAD "\"parameters\": {\"gpu\": \"a100\", \"algorithm\": \"nvls\"}}",
    RING_PARAMS_ERROR_CANNOT_RUN, "“algorithm”: nvls cannot run on this cluster" },
  { "unknown-gpu", HEAD "\"parameters\": {\"gpu\": \"h900\"}}", RING_SCENARIO_ERROR_FORMAT,
    "h900" },
  { "choice-number", HEAD "\"parameters\": {\"algorithm\": 2}}", RING_SCENARIO_ERROR_FORMAT,
    "algorithm" },
  { "unknown-parameter", HEAD "\"parameters\": {\"warp_speed\": 9}}",
    RING_SCENARIO_ERROR_FORMAT, "warp_speed" },
  { "withdrawn-overlap", HEAD "\"parameters\": {\"overlap\": 0.5}}",
    RING_SCENARIO_ERROR_FORMAT, "overlap" },
  { "negative-message", HEAD "\"parameters\": {\"message_size_bytes\": -1}}",
    RING_SCENARIO_ERROR_FORMAT, "message_size_bytes" },
  { "empty-list", "[]", RING_SCENARIO_ERROR_FORMAT, "no scenario" },
  { "list-second-bad", "[" HEAD "\"parameters\": {}}, 7]", RING_SCENARIO_ERROR_FORMAT,
    "scenario 2" },
  { "number", "42", RING_SCENARIO_ERROR_FORMAT, "not a JSON object" },
  { "not-utf8", "{\"name\": \"\xff\xfe\"}", RING_SCENARIO_ERROR_FORMAT, "UTF-8" },
  /* Escapes that decode to no text, or to control characters, which SVG, CSV and the
   * legend cannot carry. */
  { "lone-surrogate", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
    "\"name\": \"a\\ud800b\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT,
    "line 1: \\ud800 is half a character" },
  { "control-name", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
    "\"name\": \"a\\u0001b\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT, "control" },
  /* Issue 27: what json-glib took without a word, refused naming the line. */
  { "duplicate-key", HEAD "\n\"name\": \"y\", \"parameters\": {}}",
    RING_SCENARIO_ERROR_FORMAT, "line 2: “name” appears twice" },
  { "duplicate-parameter", HEAD "\"parameters\": {\"gpus\": 8,\n\n\"gpus\": 16}}",
    RING_SCENARIO_ERROR_FORMAT, "line 3: “gpus” appears twice" },
  { "second-document", HEAD "\"parameters\": {}}\n" HEAD "\"parameters\": {}}",
    RING_SCENARIO_ERROR_FORMAT, "line 2: more text after the end" },
  { "trailing-text", HEAD "\"parameters\": {}} x", RING_SCENARIO_ERROR_FORMAT,
    "line 1: more text" },
  { "escaped-nul", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1,\n"
    "\"name\": \"a\\u0000b\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT,
    "line 2: a NUL character" },
  { "low-surrogate", HEAD "\"parameters\": {\"gpu\": \"\\udc00\"}}",
    RING_SCENARIO_ERROR_FORMAT, "line 1: \\udc00 is half a character" },
  { "high-surrogate", HEAD "\"parameters\": {\"gpu\": \"\\ud83d\\u0041\"}}",
    RING_SCENARIO_ERROR_FORMAT, "line 1: \\ud83d is half a character" },
  /* Found by fuzz-scenario-file: json-glib's message quoted the bytes after it. */
  { "bad-unicode-escape", HEAD "\"parameters\": {\"gpu\": \"\\udnud\\ude00\"}}",
    RING_SCENARIO_ERROR_FORMAT, "line 1: \\u is not followed by four hexadecimal digits" },
  /* Found by fuzz-scenario-file: json-glib read C's octal escape \333 as a byte that is
   * not UTF-8, and the message quoting the key was not text. */
  { "octal-escape", HEAD "\"parameters\": {\"\\333\": 1, \"fabric\": \"roce\"}}",
    RING_SCENARIO_ERROR_FORMAT, "line 1: \\3 is not an escape JSON knows" },
  { "oversized-integer", HEAD "\"parameters\": {\n\"gpus\": 99999999999999999999}}",
    RING_SCENARIO_ERROR_FORMAT, "line 2: “gpus” is 99999999999999999999, a number too large" },
  { "oversized-version", "{\"format\": \"ring-allreduce-scenario\", "
    "\"version\": -99999999999999999999, \"name\": \"x\", \"parameters\": {}}",
    RING_SCENARIO_ERROR_FORMAT, "“version” is -99999999999999999999" },
  { "noncharacter-name", "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
    "\"name\": \"a\\ufffeb\", \"parameters\": {}}", RING_SCENARIO_ERROR_FORMAT,
    "control" },
};

static void
test_malformed (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (malformed); i++)
    {
      g_autofree char *basename = g_strconcat (malformed[i].name, ".json", NULL);
      g_autofree char *path = g_build_filename (dir, basename, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GPtrArray) read = NULL;
      g_autoptr(GError) error = NULL;

      g_test_message ("%s", malformed[i].name);
      g_assert_true (g_file_set_contents (path, malformed[i].text, -1, NULL));
      read = ring_scenario_file_load (file, NULL, &error);
      g_assert_null (read);
      g_assert_nonnull (error);
      g_assert_cmpint (error->code, ==, malformed[i].code);
      /* The message names the file and says what is wrong. */
      g_assert_nonnull (strstr (error->message, basename));
      if (malformed[i].says != NULL)
        g_assert_nonnull (strstr (error->message, malformed[i].says));
    }

  ring_test_remove_tmp_dir (dir);
}

/* Nesting deep enough to overflow json-glib's recursive parser, and a name too long for a
 * legend: refused, never a crash. */
static void
test_deep_and_long (void)
{
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autofree char *long_name = g_strnfill (RING_SCENARIO_MAX_NAME + 1, 'x');
  g_autofree char *long_text = g_strdup_printf ("{\"format\": \"ring-allreduce-scenario\", "
                                                "\"version\": 1, \"name\": \"%s\", "
                                                "\"parameters\": {}}", long_name);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = NULL;

  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, '[');
  for (guint i = 0; i < 200000; i++)
    g_string_append_c (deep, ']');
  read = ring_scenario_file_parse (deep->str, deep->len, &error);
  g_assert_null (read);
  g_assert_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FORMAT);
  g_assert_nonnull (strstr (error->message, "nests deeper"));
  g_clear_error (&error);

  read = ring_scenario_file_parse (long_text, -1, &error);
  g_assert_null (read);
  g_assert_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FORMAT);
  g_clear_error (&error);
  /* One character fewer is a name. */
  long_name[RING_SCENARIO_MAX_NAME] = '\0';
  g_assert_true (ring_scenario_name_is_valid (long_name));
  g_assert_false (ring_scenario_name_is_valid ("a\tb"));
  g_assert_false (ring_scenario_name_is_valid ("   "));
}

/* A flat list is one level deeper than its scenarios, however long (issue 27: about 60
 * were "nested deeper than 64 levels"); 64 levels are read, 65 are not. */
static void
test_flat_list (void)
{
  static const char one[] = "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                            "\"name\": \"S\", \"parameters\": {\"gpus\": 16}}";
  g_autoptr(GString) list = g_string_new ("[");
  g_autoptr(GString) empties = g_string_new ("[");
  g_autoptr(GString) deep = g_string_new (NULL);
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 200; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ",\n" : "", one);
  g_string_append (list, "]");
  read = ring_scenario_file_parse (list->str, list->len, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, 200);
  g_clear_pointer (&read, g_ptr_array_unref);

  for (guint i = 0; i < 62; i++)
    g_string_append_printf (empties, "%s[]", i > 0 ? "," : "");
  g_string_append (empties, "]");
  read = ring_scenario_file_parse (empties->str, empties->len, &error);
  g_assert_null (read);
  g_test_message ("%s", error->message);
  g_assert_null (strstr (error->message, "nests deeper"));
  g_assert_nonnull (strstr (error->message, "not a JSON object"));
  g_clear_error (&error);

  for (guint depth = 64; depth <= 65; depth++)
    {
      g_string_truncate (deep, 0);
      for (guint i = 0; i < depth; i++)
        g_string_append_c (deep, '[');
      for (guint i = 0; i < depth; i++)
        g_string_append_c (deep, ']');
      read = ring_scenario_file_parse (deep->str, deep->len, &error);
      g_assert_null (read);
      g_test_message ("%u: %s", depth, error->message);
      g_assert_true ((strstr (error->message, "nests deeper") != NULL) == (depth > 64));
      g_clear_error (&error);
    }
}

/* A NUL byte in a file: refused naming its line, not read as the text before it. */
static void
test_nul_byte (void)
{
  static const char text[] = HEAD "\n\"parameters\": {}}\n\0\n";
  static const char in_name[] = "{\"format\": \"ring-allreduce-scenario\", \"version\": 1, "
                                "\"name\": \"a\0b\", \"parameters\": {}}";
  g_autoptr(GPtrArray) read = NULL;
  g_autoptr(GError) error = NULL;

  read = ring_scenario_file_parse (text, sizeof text - 1, &error);
  g_assert_null (read);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "line 3: a NUL byte"));
  g_clear_error (&error);

  read = ring_scenario_file_parse (in_name, sizeof in_name - 1, &error);
  g_assert_null (read);
  g_assert_nonnull (strstr (error->message, "line 1: a NUL byte inside a string"));
}

/* Names that are not scenario files: a folder, a FIFO (which must not block), a file too
 * large, one that is missing. */
static void
test_not_files (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *large = g_build_filename (dir, "large.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *padding = NULL;
  const char *paths[] = { dir, fifo, large, missing };

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  padding = g_strnfill (2 * 1024 * 1024, ' ');
  g_assert_true (g_file_set_contents (large, padding, -1, NULL));

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (paths[i]);
      g_autoptr(GPtrArray) read = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *basename = g_path_get_basename (paths[i]);

      read = ring_scenario_file_load (file, NULL, &error);
      g_assert_null (read);
      g_assert_nonnull (error);
      g_assert_nonnull (strstr (error->message, basename));
    }

  ring_test_remove_tmp_dir (dir);
}

/* The example in tests/data, which build-aux/take-screenshots draws, stays readable. */
static void
test_example (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "scenarios",
                                                 "dgx-h100-2-nodes.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = ring_scenario_file_load (file, NULL, &error);
  const RingScenario *roce;

  g_assert_no_error (error);
  g_assert_cmpuint (read->len, ==, 2);
  g_assert_cmpuint (((RingScenario *) read->pdata[0])->params.nics_per_node, ==, 4);
  roce = read->pdata[1];
  g_assert_cmpstr (roce->name, ==, "2 × DGX H100 on RoCE");
  g_assert_cmpint (roce->params.fabric, ==, RING_FABRIC_ROCE);
  /* The fabric brought its latency; the GPU its node of 8. */
  g_assert_cmpfloat (roce->params.net_latency_us, ==, ring_fabric_latency_us (RING_FABRIC_ROCE));
  g_assert_cmpuint (roce->params.gpus_per_node, ==, 8);
}

/* A choice takes the names the command line takes, its aliases too. */
static void
test_aliases (void)
{
  const char *text = HEAD "\"parameters\": {\"fabric\": \"ib\", \"sharding\": \"zero3\"}}";
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) read = ring_scenario_file_parse (text, -1, &error);
  const RingParams *params;

  g_assert_no_error (error);
  params = &((RingScenario *) read->pdata[0])->params;
  g_assert_cmpint (params->fabric, ==, RING_FABRIC_INFINIBAND);
  g_assert_cmpint (params->sharding, ==, RING_SHARDING_FSDP);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/scenario-file/round-trip", test_round_trip);
  g_test_add_func ("/ring/scenario-file/list-and-file", test_list_and_file);
  g_test_add_func ("/ring/scenario-file/partial", test_partial);
  g_test_add_func ("/ring/scenario-file/malformed", test_malformed);
  g_test_add_func ("/ring/scenario-file/deep-and-long", test_deep_and_long);
  g_test_add_func ("/ring/scenario-file/flat-list", test_flat_list);
  g_test_add_func ("/ring/scenario-file/nul-byte", test_nul_byte);
  g_test_add_func ("/ring/scenario-file/not-files", test_not_files);
  g_test_add_func ("/ring/scenario-file/example", test_example);
  g_test_add_func ("/ring/scenario-file/aliases", test_aliases);

  return g_test_run ();
}
