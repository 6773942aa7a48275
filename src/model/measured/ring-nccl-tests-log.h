/* ring-nccl-tests-log.h: nccl-tests all_reduce_perf output, read as people paste it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

#include "ring-gpu.h"

G_BEGIN_DECLS

/* Never more than this is read: a longer input is refused, not cut. */
#define RING_NCCL_LOG_MAX_BYTES (64 * 1024 * 1024)

#define RING_NCCL_LOG_ERROR (ring_nccl_log_error_quark ())

typedef enum
{
  RING_NCCL_LOG_ERROR_NOT_REGULAR,       /* a directory, FIFO, socket or device */
  RING_NCCL_LOG_ERROR_IO,                /* it could not be opened or read */
  RING_NCCL_LOG_ERROR_TOO_LARGE,         /* more than RING_NCCL_LOG_MAX_BYTES */
  RING_NCCL_LOG_ERROR_NOT_TEXT,          /* NUL bytes or invalid UTF-8 */
  RING_NCCL_LOG_ERROR_NO_TABLE,          /* no complete row of results */
  RING_NCCL_LOG_ERROR_MALFORMED,         /* a line that cannot be read; the message says which */
  RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,  /* reduce_scatter_perf, all_gather_perf, … */
  RING_NCCL_LOG_ERROR_INCONSISTENT,      /* runs or columns that contradict each other */
} RingNcclLogError;

GQuark ring_nccl_log_error_quark (void);

/* Where the rank count came from, most trusted first. */
typedef enum
{
  RING_NCCL_RANKS_FROM_DEVICES,    /* the "#  Rank  3 Group …" lines, one per rank */
  RING_NCCL_RANKS_FROM_BANDWIDTH,  /* busbw / algbw = 2 (N−1)/N of the widest row */
  RING_NCCL_RANKS_FROM_HEADER,     /* nThread × nGpus of one process: a guess */
} RingNcclRanksSource;

/* One row of the table. Sizes in bytes, times in µs, rates in GB/s (1e9 B/s), as
 * nccl-tests prints them. */
typedef struct
{
  double size_bytes;           /* the buffer each rank all-reduces */
  double count;                /* elements */
  guint  type_bytes;           /* bytes per element; 0 for a type nccl-tests lacks */
  double time_us;              /* out-of-place */
  double algbw_gbps;
  double busbw_gbps;
  double in_place_time_us;     /* NAN where the log has no in-place half, or "N/A" */
  double in_place_algbw_gbps;
  double in_place_busbw_gbps;
  gint64 wrong;                /* #wrong elements (both halves); -1 where not counted */
  guint  line;                 /* the row's line in the input, from 1 */
} RingNcclPoint;

typedef struct
{
  GArray             *points;            /* RingNcclPoint, in the table's order */
  guint               ranks;             /* the GPUs that took part (N) */
  RingNcclRanksSource ranks_source;
  guint               nodes;             /* distinct hosts in the device lines; 0: unknown */
  guint               gpus_per_process;  /* nccl-tests -g: GPUs one thread drives (≥ 1) */
  guint               threads;           /* nccl-tests -t: threads per process (≥ 1) */
  char               *gpu_name;          /* "NVIDIA H100 80GB HBM3"; NULL without devices */
  RingGpuId           gpu;               /* its catalogue entry, if gpu_matched */
  gboolean            gpu_matched;
  char               *data_type;         /* "float", the first row's type */
  char               *redop;             /* "sum" */
  double              avg_busbw_gbps;    /* the "# Avg bus bandwidth" footer; NAN if absent */
  guint               cut_off_line;      /* > 0: the last row was cut off there, left out */
  guint               skipped_lines;     /* NCCL INFO/WARN (and over-long) lines left out */
} RingNcclLog;

GType        ring_nccl_log_get_type (void) G_GNUC_CONST;
#define RING_TYPE_NCCL_LOG (ring_nccl_log_get_type ())

/* An empty log (no points, one rank), for callers that fill in points themselves. */
RingNcclLog *ring_nccl_log_new      (void);
RingNcclLog *ring_nccl_log_copy     (const RingNcclLog  *log);
void         ring_nccl_log_free     (RingNcclLog        *log);
/* The rows nccl-tests counted wrong elements in (#wrong above 0): left out of every
 * comparison and fit, and worth saying so. */
guint        ring_nccl_log_count_wrong (const RingNcclLog *log);

/* Reads all_reduce_perf output from @text (@length bytes, or -1 if NUL-terminated): the
 * header, the device lines, one or more tables, the footer. NULL and @error (in
 * RING_NCCL_LOG_ERROR, naming the line and what was wrong) if it holds no complete row,
 * a row that cannot be read, or another collective's measurements. */
RingNcclLog *ring_nccl_log_parse    (const char         *text,
                                     gssize              length,
                                     GError            **error);
/* The same from a file: only a regular file (or a link to one) of at most
 * RING_NCCL_LOG_MAX_BYTES is opened, so a FIFO, a device or a directory never blocks. */
RingNcclLog *ring_nccl_log_load     (const char         *path,
                                     GError            **error);
/* The bytes ring_nccl_log_load() parses, under the same checks. */
GBytes      *ring_nccl_log_read     (const char         *path,
                                     GError            **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingNcclLog, ring_nccl_log_free)

G_END_DECLS
