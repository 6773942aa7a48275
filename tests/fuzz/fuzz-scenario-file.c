/* fuzz-scenario-file.c: libFuzzer target for the scenario file parser.
 *
 * Built with -Dfuzzing=true and clang (-fsanitize=fuzzer,address,undefined); see
 * tests/fuzz/README.md. Besides crashes, leaks and undefined behaviour, every answer must
 * be either scenarios whose names are printable and whose parameters validate, or one
 * error with a UTF-8 message.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-fuzz"

#include "config.h"

#include <stddef.h>
#include <stdint.h>

#include "ring-printable.h"
#include "ring-scenario-file.h"

int LLVMFuzzerInitialize (int    *argc,
                          char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data,
                            size_t         size);

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  /* A g_return_if_fail () or a warning is a finding too. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);

  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GPtrArray) scenarios = NULL;
  g_autoptr(GError) error = NULL;

  /* The parser takes text with its length; NULL with 0 is an empty file. */
  scenarios = ring_scenario_file_parse (size > 0 ? (const char *) data : "", size, &error);
  if (scenarios == NULL)
    {
      g_assert_nonnull (error);
      g_assert_true (error->message[0] != '\0');
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      return 0;
    }

  g_assert_null (error);
  g_assert_cmpuint (scenarios->len, >, 0);
  for (guint i = 0; i < scenarios->len; i++)
    {
      const RingScenario *scenario = g_ptr_array_index (scenarios, i);
      g_autofree char *printable = ring_text_make_printable (scenario->name);
      g_autoptr(GError) invalid = NULL;

      g_assert_true (ring_scenario_name_is_valid (scenario->name));
      g_assert_cmpstr (printable, ==, scenario->name);
      g_assert_true (ring_params_validate (&scenario->params, &invalid));
    }

  return 0;
}
