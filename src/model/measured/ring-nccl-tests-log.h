/* ring-nccl-tests-log.h: nccl-tests output (all_reduce_perf, reduce_scatter_perf,
 * all_gather_perf, broadcast_perf, alltoall_perf; text or -J JSON), read as people paste it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-collectives.h"
#include "ring-gpu.h"

G_BEGIN_DECLS

/* A longer input is refused, not cut. */
#define RING_NCCL_LOG_MAX_BYTES (64 * 1024 * 1024)

#define RING_NCCL_LOG_ERROR (ring_nccl_log_error_quark ())

typedef enum
{
  RING_NCCL_LOG_ERROR_NOT_REGULAR,       /* a directory, FIFO, socket or device */
  RING_NCCL_LOG_ERROR_IO,
  RING_NCCL_LOG_ERROR_TOO_LARGE,
  RING_NCCL_LOG_ERROR_NOT_TEXT,          /* NUL bytes or invalid UTF-8 */
  RING_NCCL_LOG_ERROR_NO_TABLE,          /* no complete row of results */
  RING_NCCL_LOG_ERROR_MALFORMED,
  RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,  /* reduce_scatter_perf, all_gather_perf, … */
  RING_NCCL_LOG_ERROR_INCONSISTENT,      /* runs or columns that contradict each other */
  RING_NCCL_LOG_ERROR_CANCELLED,         /* the progress function stopped the read */
} RingNcclLogError;

GQuark ring_nccl_log_error_quark (void);

/* Where the rank count came from, most trusted first. */
typedef enum
{
  RING_NCCL_RANKS_FROM_DEVICES,    /* the "#  Rank  3 Group …" lines, one per rank */
  RING_NCCL_RANKS_FROM_BANDWIDTH,  /* busbw / algbw = 2 (N−1)/N of the widest row */
  RING_NCCL_RANKS_FROM_HEADER,     /* nThread × nGpus of one process: a guess */
  RING_NCCL_RANKS_FROM_SIZES,      /* size / (count × type) = N: reduce-scatter, all-gather,
                                    * alltoall */
} RingNcclRanksSource;

/* As nccl-tests prints a row: bytes, µs, GB/s (1e9 B/s). The size is its "size" column:
 * the buffer of one rank for all-reduce and broadcast, the buffer of all ranks together
 * (N × count × type) for reduce-scatter, all-gather and alltoall. */
typedef struct
{
  double size_bytes;           /* nccl-tests' size column (above) */
  double count;
  guint  type_bytes;           /* 0 for a type nccl-tests lacks */
  double time_us;              /* out-of-place */
  double algbw_gbps;
  double busbw_gbps;
  double in_place_time_us;     /* NAN where the log has no in-place half, or "N/A" */
  double in_place_algbw_gbps;
  double in_place_busbw_gbps;
  gint64 wrong;                /* both halves; -1 where not counted */
  guint  line;                 /* from 1 */
} RingNcclPoint;

typedef struct
{
  RingCollective      collective;        /* which *_perf program measured it */
  GArray             *points;            /* RingNcclPoint */
  guint               ranks;
  RingNcclRanksSource ranks_source;
  guint               nodes;             /* distinct hosts; 0: unknown */
  guint               gpus_per_process;  /* -g */
  guint               threads;           /* -t */
  char               *gpu_name;          /* NULL without device lines */
  RingGpuId           gpu;               /* if gpu_matched */
  gboolean            gpu_matched;
  char               *data_type;         /* the first row's */
  char               *redop;
  double              avg_busbw_gbps;    /* the footer's; NAN if absent */
  guint               cut_off_line;      /* > 0: a cut-off last row, left out */
  guint               skipped_lines;     /* NCCL INFO/WARN and over-long lines */
  guint               nccl_major;        /* "NCCL version 2.21.5+cuda12.4": 2 and 21; */
  guint               nccl_minor;        /* 0 and 0 where the log does not say */
} RingNcclLog;

GType        ring_nccl_log_get_type (void) G_GNUC_CONST;
#define RING_TYPE_NCCL_LOG (ring_nccl_log_get_type ())

/* No points, one rank. */
RingNcclLog *ring_nccl_log_new      (void);
RingNcclLog *ring_nccl_log_copy     (const RingNcclLog  *log);
void         ring_nccl_log_free     (RingNcclLog        *log);
/* Rows with #wrong above 0, left out of every comparison and fit. */
guint        ring_nccl_log_count_wrong (const RingNcclLog *log);

/* nccl-tests output, its text or its -J JSON file; NULL and @error naming the line where it
 * cannot be read. */
RingNcclLog *ring_nccl_log_parse    (const char         *text,
                                     gssize              length,
                                     GError            **error);

/* How far a read is: @bytes_read of @bytes_total, on the reading thread; FALSE stops it. */
typedef gboolean (*RingNcclLogProgressFunc) (gsize    bytes_read,
                                             gsize    bytes_total,
                                             gpointer user_data);

/* ring_nccl_log_parse() that tells @progress after each RING_NCCL_LOG_PROGRESS_BYTES and
 * at the end; where it answers FALSE, the read stops there (RING_NCCL_LOG_ERROR_CANCELLED). */
#define RING_NCCL_LOG_PROGRESS_BYTES (64 * 1024)
RingNcclLog *ring_nccl_log_parse_with_progress (const char              *text,
                                                gssize                   length,
                                                RingNcclLogProgressFunc  progress,
                                                gpointer                 progress_data,
                                                GError                 **error);
/* Lets ring_nccl_log_parse() read nccl-tests' -J JSON files; without it they are refused.
 * In its own library (ring-nccl-tests-json.c, nccl_json_dep), since it needs json-glib,
 * which ring-allreduce loads only with its export module. */
void         ring_nccl_log_enable_json (void);

/* Only a regular file is opened, so a FIFO or a device never blocks. */
RingNcclLog *ring_nccl_log_load     (const char         *path,
                                     GError            **error);
/* The bytes ring_nccl_log_load() parses, under the same checks. */
GBytes      *ring_nccl_log_read     (const char         *path,
                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingNcclLog, ring_nccl_log_free)

G_END_DECLS
