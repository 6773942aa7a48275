/* ring-nccl-tests-row.c: one row of an nccl-tests table, its numbers and its columns.
 *
 * nccl-tests prints (src/common.cu, util.cu) a row as size, count, type, redop, root, then
 * out-of-place time, algbw, busbw, #wrong and the same in-place; versions before 2022 had
 * no root column and an "error" (largest difference) in place of #wrong; -C prints
 * "cputime"; per-iteration timing adds four columns to each half; -c 0 prints N/A for
 * #wrong. The bandwidths are always size / time, which tells where the columns are when a
 * log has lost its header.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-nccl-tests-log-private.h"

/* Sizes past a petabyte fit in no GPU's memory: a row that claims one is not a row. */
#define MAX_SIZE_BYTES 1e15

static const struct {
  const char        *program;
  RingNcclCollective collective;
} programs[] = {
  /* Longest first where one name starts another's (alltoallv, alltoall). */
  { "all_reduce", RING_NCCL_COLLECTIVE_ALL_REDUCE },
  { "reduce_scatter", RING_NCCL_COLLECTIVE_REDUCE_SCATTER },
  { "all_gather", RING_NCCL_COLLECTIVE_ALL_GATHER },
  { "alltoallv", RING_NCCL_COLLECTIVE_ALLTOALL },
  { "alltoall", RING_NCCL_COLLECTIVE_ALLTOALL },
  { "broadcast", RING_NCCL_COLLECTIVE_BROADCAST },
  { "reduce", RING_NCCL_COLLECTIVE_REDUCE },
  { "sendrecv", RING_NCCL_COLLECTIVE_SENDRECV },
  { "gather", RING_NCCL_COLLECTIVE_GATHER },
  { "scatter", RING_NCCL_COLLECTIVE_SCATTER },
  { "hypercube", RING_NCCL_COLLECTIVE_HYPERCUBE },
};

/* nccl-tests' type names (and the older "char", "int") and their sizes. */
static const struct {
  const char *name;
  guint       bytes;
} types[] = {
  { "int8", 1 }, { "uint8", 1 }, { "char", 1 }, { "f8e4m3", 1 }, { "f8e5m2", 1 },
  { "half", 2 }, { "bfloat16", 2 },
  { "int32", 4 }, { "uint32", 4 }, { "int", 4 }, { "float", 4 },
  { "int64", 8 }, { "uint64", 8 }, { "double", 8 },
};

/* The programs whose collective the model costs (ring-collectives.h). */
static const struct {
  RingNcclCollective program;
  RingCollective     modelled;
} modelled_programs[] = {
  { RING_NCCL_COLLECTIVE_ALL_REDUCE, RING_COLLECTIVE_ALL_REDUCE },
  { RING_NCCL_COLLECTIVE_REDUCE_SCATTER, RING_COLLECTIVE_REDUCE_SCATTER },
  { RING_NCCL_COLLECTIVE_ALL_GATHER, RING_COLLECTIVE_ALL_GATHER },
  { RING_NCCL_COLLECTIVE_BROADCAST, RING_COLLECTIVE_BROADCAST },
  { RING_NCCL_COLLECTIVE_ALLTOALL, RING_COLLECTIVE_ALLTOALL },
};

gboolean
_ring_nccl_collective_to_public (RingNcclCollective  collective,
                                 RingCollective     *modelled)
{
  for (guint i = 0; i < G_N_ELEMENTS (modelled_programs); i++)
    {
      if (modelled_programs[i].program == collective)
        {
          *modelled = modelled_programs[i].modelled;
          return TRUE;
        }
    }

  return FALSE;
}

RingNcclCollective
_ring_nccl_collective_from_program (const char *word)
{
  const char *base = strrchr (word, '/');
  const char *perf;

  base = base != NULL ? base + 1 : word;
  perf = strstr (base, "_perf");
  if (perf == NULL)
    return RING_NCCL_COLLECTIVE_UNKNOWN;

  for (guint i = 0; i < G_N_ELEMENTS (programs); i++)
    {
      gsize length = strlen (programs[i].program);

      if ((gsize) (perf - base) == length && strncmp (base, programs[i].program, length) == 0)
        return programs[i].collective;
    }

  return RING_NCCL_COLLECTIVE_UNKNOWN;
}

const char *
_ring_nccl_collective_name (RingNcclCollective collective)
{
  switch (collective)
    {
    case RING_NCCL_COLLECTIVE_ALL_REDUCE: return "all_reduce_perf";
    case RING_NCCL_COLLECTIVE_REDUCE_SCATTER: return "reduce_scatter_perf";
    case RING_NCCL_COLLECTIVE_ALL_GATHER: return "all_gather_perf";
    case RING_NCCL_COLLECTIVE_ALLTOALL: return "alltoall_perf";
    case RING_NCCL_COLLECTIVE_BROADCAST: return "broadcast_perf";
    case RING_NCCL_COLLECTIVE_REDUCE: return "reduce_perf";
    case RING_NCCL_COLLECTIVE_SENDRECV: return "sendrecv_perf";
    case RING_NCCL_COLLECTIVE_GATHER: return "gather_perf";
    case RING_NCCL_COLLECTIVE_SCATTER: return "scatter_perf";
    case RING_NCCL_COLLECTIVE_HYPERCUBE: return "hypercube_perf";
    case RING_NCCL_COLLECTIVE_GATHER_LIKE: return _("all_gather_perf or alltoall_perf");
    case RING_NCCL_COLLECTIVE_ROOTED: return _("gather_perf or scatter_perf");
    case RING_NCCL_COLLECTIVE_UNKNOWN:
    default:
      return _("an unknown collective");
    }
}

static guint
type_bytes (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    {
      if (g_str_equal (types[i].name, name))
        return types[i].bytes;
    }

  return 0;
}

void
_ring_nccl_layout_init (RingNcclLayout *layout)
{
  memset (layout, 0, sizeof *layout);
  layout->has_redop = TRUE;
  layout->has_root = TRUE;
  layout->group_width = 4;
  layout->time_scale_us = 1;
}

static gboolean
is_time_word (const char *word)
{
  return g_str_equal (word, "time") || g_str_equal (word, "cputime");
}

gboolean
_ring_nccl_layout_from_header (RingNcclLayout  *layout,
                               char           **words,
                               guint            n_words)
{
  guint first_time = 0, second_time = 0;

  if (n_words < 5 || !(g_str_equal (words[0], "size") || g_str_equal (words[0], "bytes")))
    return FALSE;

  for (guint i = 1; i < n_words; i++)
    {
      if (!is_time_word (words[i]))
        continue;
      if (first_time == 0)
        first_time = i;
      else if (second_time == 0)
        second_time = i;
    }
  if (first_time < 3)
    return FALSE;

  _ring_nccl_layout_init (layout);
  layout->known = TRUE;
  layout->cpu_time = g_str_equal (words[first_time], "cputime");
  /* size, count, type, then redop ("op" in 2017) and root where printed: old broadcast
   * tables had a root and no redop. */
  layout->has_redop = layout->has_root = FALSE;
  for (guint i = 3; i < first_time; i++)
    {
      if (g_str_equal (words[i], "root"))
        layout->has_root = TRUE;
      else
        layout->has_redop = TRUE;
    }
  if (second_time > first_time)
    layout->group_width = second_time - first_time;

  return TRUE;
}

gboolean
_ring_nccl_parse_uint64 (const char *word,
                         guint64    *value)
{
  char *end = NULL;

  if (!g_ascii_isdigit (word[0]))
    return FALSE;
  errno = 0;
  *value = g_ascii_strtoull (word, &end, 10);

  return errno == 0 && end != word && *end == '\0';
}

char *
_ring_nccl_quote_word (const char *word)
{
  const char *end = word;

  while (*end != '\0')
    {
      const char *next = g_utf8_next_char (end);

      if (next - word > 40)
        {
          g_autofree char *head = g_strndup (word, end - word);

          return g_strconcat (head, "…", NULL);
        }
      end = next;
    }

  return g_strdup (word);
}

/* A number as nccl-tests prints one: "36.47", "1.2e+07". Never NaN or infinite. */
static gboolean
parse_number (const char  *word,
              const char  *column,
              guint        line,
              double      *value,
              GError     **error)
{
  char *end = NULL;

  /* strtod also takes "nan", "inf" and hexadecimal: nccl-tests prints none of them. */
  errno = 0;
  *value = strspn (word, "0123456789.eE+-") == strlen (word) ? g_ascii_strtod (word, &end) : 0;
  if (end == NULL || end == word || *end != '\0')
    {
      g_autofree char *quoted = _ring_nccl_quote_word (word);

      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, the text found, a column name */
                   _("line %u: “%s” is not a number (the %s column)"), line, quoted, column);
      return FALSE;
    }
  if (!isfinite (*value) || (errno == ERANGE && fabs (*value) > 1))
    {
      g_autofree char *quoted = _ring_nccl_quote_word (word);

      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   _("line %u: %s overflows a number (the %s column)"), line, quoted, column);
      return FALSE;
    }

  return TRUE;
}

/* Reads a size or a count: a whole number of at most a petabyte. */
static gboolean
parse_whole (const char  *word,
             const char  *column,
             guint        line,
             double      *value,
             GError     **error)
{
  guint64 whole;

  if (!_ring_nccl_parse_uint64 (word, &whole) || whole > MAX_SIZE_BYTES)
    {
      g_autofree char *quoted = _ring_nccl_quote_word (word);

      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, the text found, a column name */
                   _("line %u: “%s” is not a whole number up to 10^15 (the %s column)"),
                   line, quoted, column);
      return FALSE;
    }
  *value = (double) whole;

  return TRUE;
}

/* One half of a row: time, algbw, busbw, #wrong. */
typedef struct
{
  double time_us;
  double algbw_gbps;
  double busbw_gbps;
  gint64 wrong;
} Half;

static gboolean
parse_wrong (const char  *word,
             guint        line,
             gint64      *wrong,
             GError     **error)
{
  guint64 count;
  double error_value;

  *wrong = -1;
  if (g_str_equal (word, "N/A"))
    return TRUE;
  if (_ring_nccl_parse_uint64 (word, &count))
    {
      *wrong = (gint64) MIN (count, (guint64) G_MAXINT64);
      return TRUE;
    }

  /* Before 2022: the largest difference from the expected values, "1e-07". */
  return parse_number (word, "#wrong", line, &error_value, error);
}

/* The bandwidths nccl-tests prints are the size over the time: where they are not, the
 * columns are not where this reader looks (or the log was edited). Each is printed with
 * two decimals, the time with at least four digits. */
static gboolean
bandwidth_matches (double size_bytes,
                   double time_us,
                   double algbw_gbps)
{
  double expected = size_bytes / (time_us * 1e3);

  return fabs (algbw_gbps - expected) <= 0.011 + 0.02 * expected;
}

static gboolean
parse_half (const RingNcclLayout  *layout,
            char                 **words,
            double                 size_bytes,
            guint                  line,
            const char            *what,
            Half                  *half,
            GError               **error)
{
  if (!parse_number (words[0], "time", line, &half->time_us, error)
      || !parse_number (words[1], "algbw", line, &half->algbw_gbps, error)
      || !parse_number (words[2], "busbw", line, &half->busbw_gbps, error)
      || !parse_wrong (words[3], line, &half->wrong, error))
    return FALSE;

  half->time_us *= layout->time_scale_us;
  if (!(half->time_us > 0))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, which time (out-of-place or in-place), the
                    * value */
                   _("line %u: the %s time is %g µs; a measured time is positive"),
                   line, what, half->time_us);
      return FALSE;
    }
  /* 1 ns to 10 000 s: beyond, a number no run measured (1e308 µs would print as an error
   * of 155 digits). */
  if (half->time_us < 1e-3 || half->time_us > 1e10)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, which time (out-of-place or in-place), the
                    * value */
                   _("line %u: the %s time is %g µs, not a time of one all-reduce "
                     "(1 ns to 10 000 s)"), line, what, half->time_us);
      return FALSE;
    }
  if (half->algbw_gbps < 0 || half->busbw_gbps < 0)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   _("line %u: a negative bandwidth (%s half)"), line, what);
      return FALSE;
    }
  if (!layout->cpu_time && !bandwidth_matches (size_bytes, half->time_us, half->algbw_gbps))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, which half, bandwidths in GB/s */
                   _("line %u: the %s algbw %g GB/s is not the size over the time (%.3g GB/s): "
                     "a column is missing or out of place"),
                   line, what, half->algbw_gbps, size_bytes / (half->time_us * 1e3));
      return FALSE;
    }

  return TRUE;
}

/* Without a column header: the layout whose out-of-place bandwidth is the size over the
 * time, trying the current one (with a root column) first. */
static gboolean
guess_layout (RingNcclLayout  *layout,
              char           **words,
              guint            n_words,
              double           size_bytes)
{
  for (guint lead = 5; lead >= 4; lead--)
    {
      double time_us, algbw_gbps;

      if (n_words < lead + 2
          || !parse_number (words[lead], "time", 0, &time_us, NULL)
          || !parse_number (words[lead + 1], "algbw", 0, &algbw_gbps, NULL)
          || !(time_us > 0) || !bandwidth_matches (size_bytes, time_us, algbw_gbps))
        continue;

      layout->has_redop = TRUE;
      layout->has_root = lead == 5;
      return TRUE;
    }

  return FALSE;
}

/* Where the in-place half starts: after the out-of-place half, or after its per-iteration
 * statistics when a log without header has them. 0 if the row has none. */
static guint
in_place_start (const RingNcclLayout  *layout,
                char                 **words,
                guint                  n_words,
                guint                  start,
                double                 size_bytes)
{
  double time_us, algbw_gbps;

  if (layout->known || n_words < start + 8 + 2)
    return start + layout->group_width;
  if (parse_number (words[start + 4], "time", 0, &time_us, NULL)
      && parse_number (words[start + 5], "algbw", 0, &algbw_gbps, NULL)
      && time_us > 0 && bandwidth_matches (size_bytes, time_us, algbw_gbps))
    return start + 4;

  return start + 8;
}

static void
set_incomplete (GError **error,
                guint    line,
                guint    found,
                guint    expected)
{
  g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
               /* Translators: a line number, then two counts of columns */
               _("line %u: the row ends after %u of its %u columns"), line, found, expected);
}

/* The in-place half: absent, "N/A", or four columns. */
static RingNcclRowStatus
read_in_place (const RingNcclLayout  *layout,
               char                 **words,
               guint                  n_words,
               guint                  start,
               guint                  line,
               RingNcclPoint         *point,
               GError               **error)
{
  Half half;

  point->in_place_time_us = point->in_place_algbw_gbps = point->in_place_busbw_gbps = NAN;
  if (start >= n_words || g_str_equal (words[start], "N/A"))
    return RING_NCCL_ROW_OK;
  if (n_words < start + 4)
    {
      set_incomplete (error, line, n_words, start + 4);
      return RING_NCCL_ROW_INCOMPLETE;
    }
  if (!parse_half (layout, words + start, point->size_bytes, line, _("in-place"), &half,
                   error))
    return RING_NCCL_ROW_ERROR;

  point->in_place_time_us = half.time_us;
  point->in_place_algbw_gbps = half.algbw_gbps;
  point->in_place_busbw_gbps = half.busbw_gbps;
  /* Counts up to 2^63 − 1 each: their sum saturates (a fuzzer found the overflow). */
  if (half.wrong >= 0)
    point->wrong = half.wrong > G_MAXINT64 - MAX (point->wrong, 0)
                   ? G_MAXINT64 : MAX (point->wrong, 0) + half.wrong;

  return RING_NCCL_ROW_OK;
}

/* Which collective prints a row of this shape. nccl-tests prints the larger of the send
 * and receive buffers as the size and the call's count (src/common.cu, setupArgs): an
 * all-reduce's size is count × type, with a reduction and no root; reduce_scatter's and
 * all_gather's and alltoall's N × count × type, the last two without a reduction
 * ("none"); a broadcast's count × type with a root and no reduction (2017's tables had no
 * redop column); reduce_perf's a reduction and a root. */
static gboolean
row_shape (const RingNcclPoint  *point,
           const char           *redop,
           double                root,
           RingNcclCollective   *shape,
           GError              **error)
{
  gboolean reduces = redop != NULL && !g_str_equal (redop, "none");
  double per_element;

  *shape = RING_NCCL_COLLECTIVE_UNKNOWN;
  if (!reduces && root < 0 && redop != NULL)
    *shape = RING_NCCL_COLLECTIVE_GATHER_LIKE;
  else if (reduces && root >= 0)
    *shape = RING_NCCL_COLLECTIVE_REDUCE;
  if (*shape != RING_NCCL_COLLECTIVE_UNKNOWN)
    return TRUE;
  if (point->type_bytes == 0)
    {
      /* Of the rooted programs without a reduction, broadcast is the one people run. */
      if (root >= 0)
        *shape = RING_NCCL_COLLECTIVE_BROADCAST;
      return TRUE;
    }

  per_element = point->count > 0 ? point->size_bytes / (point->count * point->type_bytes) : 0;
  if (root >= 0)
    *shape = per_element == 1 ? RING_NCCL_COLLECTIVE_BROADCAST : RING_NCCL_COLLECTIVE_ROOTED;
  else if (per_element == 1 || (point->count == 0 && point->size_bytes == 0))
    *shape = RING_NCCL_COLLECTIVE_ALL_REDUCE;
  else if (per_element >= 2 && per_element == floor (per_element))
    *shape = RING_NCCL_COLLECTIVE_REDUCE_SCATTER;
  else
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, a size in bytes, a count, bytes per element */
                   _("line %u: a size of %.0f bytes is not %.0f elements of %u bytes"),
                   point->line, point->size_bytes, point->count, point->type_bytes);
      return FALSE;
    }

  return TRUE;
}

/* size, count, type, then redop and root where the layout has them. */
static gboolean
read_leading (const RingNcclLayout  *layout,
              char                 **words,
              guint                  line,
              RingNcclPoint         *point,
              double                *root,
              GError               **error)
{
  *root = -1;
  if (!parse_whole (words[0], "size", line, &point->size_bytes, error)
      || !parse_whole (words[1], "count", line, &point->count, error))
    return FALSE;
  point->type_bytes = type_bytes (words[2]);

  if (layout->has_root
      && !parse_number (words[layout->has_redop ? 4 : 3], "root", line, root, error))
    return FALSE;

  return TRUE;
}

RingNcclRowStatus
_ring_nccl_read_row (const RingNcclLayout  *table_layout,
                     char                 **words,
                     guint                  n_words,
                     guint                  line,
                     RingNcclPoint         *point,
                     const char           **type,
                     const char           **redop,
                     RingNcclCollective    *shape,
                     GError               **error)
{
  RingNcclLayout layout = *table_layout;
  RingNcclRowStatus status;
  guint lead;
  double root;
  Half half;

  memset (point, 0, sizeof *point);
  point->line = line;
  if (n_words < 3 || !parse_whole (words[0], "size", line, &point->size_bytes, error))
    {
      if (n_words < 3)
        set_incomplete (error, line, n_words, 13);
      return n_words < 3 ? RING_NCCL_ROW_INCOMPLETE : RING_NCCL_ROW_ERROR;
    }
  if (!layout.known && !guess_layout (&layout, words, n_words, point->size_bytes))
    layout.has_root = n_words != 12 && n_words != 8;

  lead = 3 + (layout.has_redop ? 1 : 0) + (layout.has_root ? 1 : 0);
  if (n_words < lead + 4)
    {
      set_incomplete (error, line, n_words, lead + 8);
      return RING_NCCL_ROW_INCOMPLETE;
    }
  if (!read_leading (&layout, words, line, point, &root, error)
      || !parse_half (&layout, words + lead, point->size_bytes, line, _("out-of-place"),
                      &half, error))
    return RING_NCCL_ROW_ERROR;

  point->time_us = half.time_us;
  point->algbw_gbps = half.algbw_gbps;
  point->busbw_gbps = half.busbw_gbps;
  point->wrong = half.wrong;
  status = read_in_place (&layout, words, n_words,
                          in_place_start (&layout, words, n_words, lead, point->size_bytes),
                          line, point, error);
  if (status != RING_NCCL_ROW_OK)
    return status;

  *type = words[2];
  *redop = layout.has_redop ? words[3] : NULL;

  return row_shape (point, *redop, root, shape, error) ? RING_NCCL_ROW_OK
                                                      : RING_NCCL_ROW_ERROR;
}
