/* ring-nccl-tests-log-private.h: what the nccl-tests log reader's files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-nccl-tests-log.h"

G_BEGIN_DECLS

/* No line nccl-tests prints is near this long; a longer one is no table row. */
#define RING_NCCL_LOG_MAX_LINE 4096
#define RING_NCCL_LOG_MAX_TOKENS 48

/* The *_perf programs of nccl-tests, by what their tables measured. */
typedef enum
{
  RING_NCCL_COLLECTIVE_UNKNOWN,
  RING_NCCL_COLLECTIVE_ALL_REDUCE,
  RING_NCCL_COLLECTIVE_REDUCE_SCATTER,
  RING_NCCL_COLLECTIVE_ALL_GATHER,
  RING_NCCL_COLLECTIVE_ALLTOALL,
  RING_NCCL_COLLECTIVE_BROADCAST,
  RING_NCCL_COLLECTIVE_REDUCE,
  RING_NCCL_COLLECTIVE_SENDRECV,
  RING_NCCL_COLLECTIVE_GATHER,
  RING_NCCL_COLLECTIVE_SCATTER,
  RING_NCCL_COLLECTIVE_HYPERCUBE,
  /* Table shapes several programs print: all_gather or alltoall (redop "none", no root),
   * gather or scatter (a root, no reduction, N × count elements). */
  RING_NCCL_COLLECTIVE_GATHER_LIKE,
  RING_NCCL_COLLECTIVE_ROOTED,
} RingNcclCollective;

/* "all_reduce_perf" → ALL_REDUCE, from a program name or path ("…/build/sendrecv_perf_mpi");
 * UNKNOWN if it names none. */
RingNcclCollective _ring_nccl_collective_from_program (const char          *word);
/* The collectives the model costs; FALSE for the others and the shapes. */
gboolean           _ring_nccl_collective_to_public    (RingNcclCollective   collective,
                                                       RingCollective      *modelled);
/* "reduce_scatter_perf", or a phrase for the shapes several programs share. */
const char        *_ring_nccl_collective_name         (RingNcclCollective   collective);

/* Where the columns of a table are, from its "# size count type redop root time …"
 * header, or guessed row by row when the log has none. */
typedef struct
{
  gboolean known;          /* read from a column header */
  gboolean has_redop;
  gboolean has_root;
  guint    group_width;    /* columns per half: 4, or 8 with per-iteration statistics */
  gboolean cpu_time;       /* "cputime" (-C): the times are not what the bandwidths used */
  double   time_scale_us;  /* 1000 where the unit line says (ms) */
} RingNcclLayout;

void     _ring_nccl_layout_init        (RingNcclLayout     *layout);
/* Reads a column header's words (the '#' dropped): TRUE if they are one. */
gboolean _ring_nccl_layout_from_header (RingNcclLayout     *layout,
                                        char              **words,
                                        guint               n_words);

/* What reading one row gave. */
typedef enum
{
  RING_NCCL_ROW_OK,
  RING_NCCL_ROW_INCOMPLETE,  /* it ends before its out-of-place half does, or mid-half */
  RING_NCCL_ROW_ERROR,
} RingNcclRowStatus;

/* Reads one table row from @words. On RING_NCCL_ROW_OK, @point holds it, @type and
 * @redop point into @words, and @shape says which collective the row's shape fits
 * (ALL_REDUCE, REDUCE_SCATTER, GATHER_LIKE, BROADCAST, REDUCE, ROOTED, or UNKNOWN for an
 * unknown type). On anything else,
 * @error says what is wrong, naming @line. */
RingNcclRowStatus _ring_nccl_read_row (const RingNcclLayout  *layout,
                                       char                 **words,
                                       guint                  n_words,
                                       guint                  line,
                                       RingNcclPoint         *point,
                                       const char           **type,
                                       const char           **redop,
                                       RingNcclCollective    *shape,
                                       GError               **error);

/* @word for a message: at most 40 bytes, cut between UTF-8 characters, never inside one. */
char    *_ring_nccl_quote_word   (const char *word);

/* An unsigned whole number, as nccl-tests prints sizes and counts; FALSE if @word is not
 * one or overflows 64 bits. */
gboolean _ring_nccl_parse_uint64 (const char *word,
                                  guint64    *value);

/* Copies a line into @out (at least @length + 1 bytes) without escape sequences, control
 * characters (tabs and stray CRs become spaces) or launcher tags ("[1,0]<stdout>:"). */
void     _ring_nccl_clean_line  (const char  *text,
                                 gsize        length,
                                 char        *out);
/* Splits a cleaned line at spaces, in place, into at most RING_NCCL_LOG_MAX_TOKENS words.
 * Leading "#" and ">" and srun's "12:" label are dropped; *comment says if a '#' was. */
guint    _ring_nccl_split_words (char        *line,
                                 char       **words,
                                 gboolean    *comment);

/* Reads a log line by line into a RingNcclLog. */
typedef struct _RingNcclReader RingNcclReader;

RingNcclReader *_ring_nccl_reader_new    (RingNcclLog     *log);
void            _ring_nccl_reader_free   (RingNcclReader  *self);
/* One line without its '\n'; @last_line: the input ends with it, without a newline. */
gboolean        _ring_nccl_reader_line   (RingNcclReader  *self,
                                          const char      *text,
                                          gsize            length,
                                          gboolean         last_line,
                                          GError         **error);
/* After the last line: the run's ranks, nodes and GPU; an error if no row was read. */
gboolean        _ring_nccl_reader_finish (RingNcclReader  *self,
                                          GError         **error);

/* Whether @text is a JSON object: nccl-tests' -J file rather than its text. */
gboolean        _ring_nccl_text_is_json  (const char      *text,
                                          gsize            length);
/* Reads nccl-tests' -J file into @reader, as the lines its text log would hold
 * (ring-nccl-tests-json.c); _ring_nccl_reader_finish() follows. */
typedef gboolean (*RingNcclJsonReadFunc) (RingNcclReader  *reader,
                                          const char      *text,
                                          gsize            length,
                                          GError         **error);
/* The -J reader ring_nccl_log_enable_json() installs. */
void            _ring_nccl_log_set_json_reader (RingNcclJsonReadFunc read_json);

G_END_DECLS
