/* fuzz-nccl-log.c: libFuzzer target for the nccl-tests log parser.
 *
 * Built with -Dfuzzing=true and clang (-fsanitize=fuzzer,address,undefined); see
 * tests/fuzz/README.md. Besides crashes, leaks and undefined behaviour, every answer must
 * be either a log whose numbers make sense or one error with a UTF-8 message.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-fuzz"

#include "config.h"

#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "ring-nccl-tests-log.h"

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
  ring_nccl_log_enable_json ();

  return 0;
}

static void
check_point (const RingNcclPoint *point)
{
  g_assert_true (isfinite (point->size_bytes) && point->size_bytes >= 0);
  g_assert_true (isfinite (point->count) && point->count >= 0);
  g_assert_true (isfinite (point->time_us) && point->time_us > 0);
  g_assert_true (isfinite (point->algbw_gbps) && point->algbw_gbps >= 0);
  g_assert_true (isfinite (point->busbw_gbps) && point->busbw_gbps >= 0);
  g_assert_true (isnan (point->in_place_time_us)
                 || (isfinite (point->in_place_time_us) && point->in_place_time_us > 0));
  g_assert_cmpuint (point->line, >=, 1);
}

static void
check_log (const RingNcclLog *log)
{
  g_autoptr(RingNcclLog) copy = ring_nccl_log_copy (log);

  g_assert_cmpuint (log->points->len, >, 0);
  g_assert_cmpuint (log->gpus_per_process, >=, 1);
  g_assert_cmpuint (log->threads, >=, 1);
  g_assert_true (log->gpu_name == NULL || g_utf8_validate (log->gpu_name, -1, NULL));
  g_assert_true (!log->gpu_matched || log->gpu < RING_N_GPUS);
  for (guint i = 0; i < log->points->len; i++)
    check_point (&g_array_index (log->points, RingNcclPoint, i));
  g_assert_cmpuint (copy->points->len, ==, log->points->len);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(RingNcclLog) log = NULL;

  log = ring_nccl_log_parse ((const char *) data, (gssize) size, &error);
  g_assert_true ((log == NULL) != (error == NULL));

  if (log != NULL)
    check_log (log);
  else
    {
      g_assert_true (error->domain == RING_NCCL_LOG_ERROR);
      g_assert_true (error->message[0] != '\0');
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
    }

  return 0;
}
