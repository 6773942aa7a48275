/* ring-nccl-tests-reader.c: the lines of an nccl-tests log, one run after another.
 *
 * A run is one start of the program: its header ("nThread 1 nGpus 8 …"), a "Rank …" line
 * per rank, a table and its footer. Several processes' headers before one table are one
 * run; a header after rows starts another, which must have the first one's shape. Which
 * collective a table measured comes from "Collective test starting: …", from a command
 * line naming the program, or from the rows' shape (ring-nccl-tests-row.c); all_reduce_perf,
 * reduce_scatter_perf, all_gather_perf, broadcast_perf and alltoall_perf are read, the
 * others refused. all_gather's and alltoall's tables look the same: only a name tells.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ring-nccl-tests-log-private.h"
#include "ring-printable.h"
#include "ring-units.h"

/* One "#  Rank …" line. */
typedef struct
{
  guint  host;   /* index in Run.host_names */
  gint64 pid;    /* -1 where the line has none (2017's format) */
} Device;

/* One run of the program: its header, devices and table. A log may hold several. */
typedef struct
{
  guint           first_line;
  guint           threads;         /* nThread; 0 where no header said */
  guint           gpus;            /* nGpus (-g) */
  GHashTable     *devices;         /* rank → Device */
  GHashTable     *hosts;           /* host name → index + 1 */
  GPtrArray      *host_names;
  guint           max_rank;
  gboolean        devices_cut;     /* nccl-tests ended a long list with "..." */
  char           *gpu_name;
  RingNcclLayout  layout;
  guint           first_point;     /* its rows in log->points */
} Run;

struct _RingNcclReader
{
  RingNcclLog        *log;
  Run                 run;
  guint               runs;              /* runs finished */
  guint               first_run_line;
  guint               line;
  gboolean            last_line_open;    /* the input ends without a newline */
  RingNcclCollective  mentioned;         /* another *_perf program named before a table */
  guint               mentioned_line;
  gboolean            mentioned_all_reduce;
  RingNcclCollective  announced;         /* "Collective test starting: …" */
  guint               announced_line;
  RingNcclCollective  shape;             /* the rows' (ring-nccl-tests-row.c) */
  guint               shape_line;
  guint               pending_line;      /* an incomplete row, unless one follows */
  GError             *pending_error;
};

typedef RingNcclReader Parser;

static void
run_init (Run   *run,
          guint  line)
{
  memset (run, 0, sizeof *run);
  run->first_line = line;
  run->devices = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  run->hosts = g_hash_table_new (g_str_hash, g_str_equal);
  run->host_names = g_ptr_array_new_with_free_func (g_free);
  _ring_nccl_layout_init (&run->layout);
}

static void
run_clear (Run *run)
{
  g_clear_pointer (&run->devices, g_hash_table_unref);
  g_clear_pointer (&run->hosts, g_hash_table_unref);
  g_clear_pointer (&run->host_names, g_ptr_array_unref);
  g_clear_pointer (&run->gpu_name, g_free);
}

RingNcclReader *
_ring_nccl_reader_new (RingNcclLog *log)
{
  RingNcclReader *self = g_new0 (RingNcclReader, 1);

  self->log = log;
  run_init (&self->run, 1);

  return self;
}

void
_ring_nccl_reader_free (RingNcclReader *self)
{
  run_clear (&self->run);
  g_clear_error (&self->pending_error);
  g_free (self);
}

/* --- Cleaning a line --------------------------------------------------------------- */

/* Past an escape sequence starting at @i: CSI (ESC [ … final byte), OSC (ESC ] … BEL or
 * ESC \), or a two-byte escape. Returns the index of its last byte. */
static gsize
skip_escape (const char *text,
             gsize       length,
             gsize       i)
{
  gsize j = i + 2;

  if (i + 1 >= length)
    return i;
  if (text[i + 1] == '[')
    {
      while (j < length && (guchar) text[j] >= 0x20 && (guchar) text[j] <= 0x3f)
        j++;
      return j < length && (guchar) text[j] >= 0x40 && (guchar) text[j] <= 0x7e ? j : j - 1;
    }
  if (text[i + 1] == ']')
    {
      for (; j < length; j++)
        {
          if (text[j] == '\a')
            return j;
          if (text[j] == '\033' && j + 1 < length && text[j + 1] == '\\')
            return j + 1;
        }
      return length - 1;
    }

  /* ESC and one character: only an ASCII one, so that UTF-8 stays whole. */
  return (guchar) text[i + 1] < 0x80 ? i + 1 : i;
}

/* mpirun --tag-output's "[1,0]<stdout>:", and the "[0]" some launchers put before each
 * write, even mid-line: blanked. (PCI addresses, "[0x18]" or "[0000:18:00]", stay.) */
static void
blank_rank_tags (char *line)
{
  for (char *open = strchr (line, '['); open != NULL; open = strchr (open + 1, '['))
    {
      char *p = open + 1;

      if (!g_ascii_isdigit (*p))
        continue;
      while (g_ascii_isdigit (*p) || *p == ',')
        p++;
      if (*p != ']')
        continue;
      p++;
      if (g_str_has_prefix (p, "<stdout>:") || g_str_has_prefix (p, "<stderr>:"))
        p += strlen ("<stdout>:");
      memset (open, ' ', p - open);
    }
}

/* Copies a line into @out without escapes, control characters (tabs and stray CRs become
 * spaces) or launcher tags. */
void
_ring_nccl_clean_line (const char *text,
                       gsize       length,
                       char       *out)
{
  gsize n = 0;

  for (gsize i = 0; i < length; i++)
    {
      guchar c = text[i];

      if (c == '\033')
        {
          i = skip_escape (text, length, i);
          continue;
        }
      out[n++] = c < 0x20 || c == 0x7f ? ' ' : c;
    }
  out[n] = '\0';
  blank_rank_tags (out);
}

/* Splits @line at spaces in place. Leading "#" and ">" (comments, Markdown quotes) and
 * srun's "12:" label are dropped; *comment says whether there was a '#'. */
guint
_ring_nccl_split_words (char      *line,
                        char     **words,
                        gboolean  *comment)
{
  guint n = 0;
  char *save = NULL;

  *comment = FALSE;
  for (char *word = strtok_r (line, " ", &save); word != NULL; word = strtok_r (NULL, " ", &save))
    {
      if (n == 0 && (word[0] == '#' || word[0] == '>'))
        {
          *comment |= word[0] == '#';
          word += strspn (word, "#>");
          if (*word == '\0')
            continue;
        }
      if (n == 0 && !*comment && g_ascii_isdigit (word[0]) && g_str_has_suffix (word, ":")
          && strspn (word, "0123456789") == strlen (word) - 1)
        continue;
      if (n < RING_NCCL_LOG_MAX_TOKENS)
        words[n++] = word;
    }

  return n;
}

/* --- Header, devices, footer ------------------------------------------------------- */

static gboolean
parse_small (const char *word,
             guint      *value)
{
  guint64 number;

  if (word == NULL || !_ring_nccl_parse_uint64 (word, &number) || number > 1 << 24)
    return FALSE;
  *value = (guint) number;

  return TRUE;
}

static const char *
word_after (char        **words,
            guint         n_words,
            const char   *key)
{
  for (guint i = 0; i + 1 < n_words; i++)
    {
      if (g_str_equal (words[i], key))
        return words[i + 1];
    }

  return NULL;
}

static guint
host_index (Run        *run,
            const char *host)
{
  guint index = GPOINTER_TO_UINT (g_hash_table_lookup (run->hosts, host));

  if (index == 0)
    {
      char *copy = g_strdup (host);

      g_ptr_array_add (run->host_names, copy);
      index = run->host_names->len;
      g_hash_table_insert (run->hosts, copy, GUINT_TO_POINTER (index));
    }

  return index - 1;
}

/* "Rank 3 Group 0 Pid 1234 on HOST device 3 [0000:18:00] NVIDIA H100 80GB HBM3"; older
 * ones lack Group, 2017's Pid. A line cut short is not a device. */
static gboolean
read_device (Parser  *self,
             char   **words,
             guint    n_words,
             GError **error)
{
  const char *host = word_after (words, n_words, "on");
  guint rank, pid = 0, name_start = 0;
  Device *device, *known;

  if (!parse_small (words[1], &rank) || host == NULL)
    return TRUE;
  for (guint i = 2; i < n_words && name_start == 0; i++)
    {
      if (words[i][0] == '[' && g_str_has_suffix (words[i], "]"))
        name_start = i + 1;
    }

  device = g_new0 (Device, 1);
  device->host = host_index (&self->run, host);
  device->pid = parse_small (word_after (words, n_words, "Pid"), &pid) ? pid : -1;

  known = g_hash_table_lookup (self->run.devices, GUINT_TO_POINTER (rank));
  if (known != NULL && (known->host != device->host || known->pid != device->pid))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   _("line %u: rank %u appears twice, from different processes: each "
                     "process ran alone (was nccl-tests built without MPI=1?)"),
                   self->line, rank);
      g_free (device);
      return FALSE;
    }
  g_hash_table_replace (self->run.devices, GUINT_TO_POINTER (rank), device);
  self->run.max_rank = MAX (self->run.max_rank, rank);

  if (self->run.gpu_name == NULL && name_start > 0 && name_start < n_words)
    {
      words[n_words] = NULL;
      self->run.gpu_name = g_strjoinv (" ", words + name_start);
    }

  return TRUE;
}

static void
read_footer_bandwidth (Parser  *self,
                       char   **words,
                       guint    n_words)
{
  double value;

  /* "Avg bus bandwidth : 123.4 [OK]" */
  if (n_words >= 5 && g_str_equal (words[3], ":") && ring_parse_double (words[4], &value))
    self->log->avg_busbw_gbps = value;
}

/* --- Runs -------------------------------------------------------------------------- */

/* busbw / algbw = 2 (N−1)/N for an all-reduce, (N−1)/N for reduce-scatter, all-gather and
 * alltoall: N from the widest row, if the printed digits pin it to one whole number (a
 * broadcast's 1 says nothing). Sets *ratio (NAN without a row wide enough). */
static guint
ranks_from_bandwidth (Parser *self,
                      double *ratio)
{
  double scale = self->log->collective == RING_COLLECTIVE_ALL_REDUCE ? 2 : 1;
  const RingNcclPoint *widest = NULL;
  double r_low, r_high, n_low, n_high;

  *ratio = NAN;
  for (guint i = self->run.first_point; i < self->log->points->len; i++)
    {
      const RingNcclPoint *point = &g_array_index (self->log->points, RingNcclPoint, i);

      if (widest == NULL || point->algbw_gbps > widest->algbw_gbps)
        widest = point;
    }
  if (widest == NULL || widest->algbw_gbps < 0.5)
    return 0;

  /* Each is printed to ±0.005. */
  *ratio = widest->busbw_gbps / widest->algbw_gbps;
  r_low = MAX (widest->busbw_gbps - 0.005, 0) / (widest->algbw_gbps + 0.005);
  r_high = (widest->busbw_gbps + 0.005) / (widest->algbw_gbps - 0.005);
  if (self->log->collective == RING_COLLECTIVE_BROADCAST || r_high >= scale)
    return 0;
  n_low = scale / (scale - r_low);
  n_high = scale / (scale - r_high);

  return floor (n_high) == ceil (n_low) ? (guint) floor (n_high) : 0;
}

/* size = N × count × type for reduce-scatter, all-gather and alltoall: N exactly, from the
 * run's first row of a known type; 0 for the others. */
static guint
ranks_from_sizes (Parser *self)
{
  if (self->log->collective != RING_COLLECTIVE_REDUCE_SCATTER
      && self->log->collective != RING_COLLECTIVE_ALL_GATHER
      && self->log->collective != RING_COLLECTIVE_ALLTOALL)
    return 0;

  for (guint i = self->run.first_point; i < self->log->points->len; i++)
    {
      const RingNcclPoint *point = &g_array_index (self->log->points, RingNcclPoint, i);
      double per_element;

      if (point->type_bytes == 0 || !(point->count > 0))
        continue;
      per_element = point->size_bytes / (point->count * point->type_bytes);
      if (per_element >= 1 && per_element <= 1 << 24 && per_element == floor (per_element))
        return (guint) per_element;
    }

  return 0;
}

static gboolean
refuse_collective (Parser              *self,
                   guint                line,
                   RingNcclCollective   collective,
                   GError             **error)
{
  if (self->mentioned != RING_NCCL_COLLECTIVE_UNKNOWN && !self->mentioned_all_reduce)
    collective = self->mentioned;

  if (collective == RING_NCCL_COLLECTIVE_GATHER_LIKE)
    g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,
                 /* Translators: a line number */
                 _("line %u: this log measured all_gather_perf or alltoall_perf, whose tables "
                   "look the same, and does not say which: keep its “Collective test "
                   "starting” line or the command line"), line);
  else
    g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,
                 /* Translators: a line number, then the nccl-tests program, such as
                  * sendrecv_perf */
                 _("line %u: this log measured %s; only all_reduce_perf, reduce_scatter_perf, "
                   "all_gather_perf, broadcast_perf and alltoall_perf logs can be loaded"),
                 line, _ring_nccl_collective_name (collective));
  return FALSE;
}

/* Nodes: the device lines' hosts, or, where the list is incomplete, the ranks over the
 * most ranks one host showed. */
static guint
count_nodes (const Run *run,
             guint      ranks,
             gboolean   complete)
{
  g_autofree guint *per_host = NULL;
  GHashTableIter iter;
  gpointer value;
  guint most = 0;

  if (run->host_names->len == 0 || complete)
    return run->host_names->len;

  per_host = g_new0 (guint, run->host_names->len);
  g_hash_table_iter_init (&iter, run->devices);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      /* Counted apart from MAX (), which evaluates its winner twice. */
      guint on_host = ++per_host[((Device *) value)->host];

      most = MAX (most, on_host);
    }

  return (ranks + most - 1) / most;
}

static gboolean
run_ranks (Parser               *self,
           guint                *ranks,
           RingNcclRanksSource  *source,
           gboolean             *complete,
           GError              **error)
{
  guint devices = g_hash_table_size (self->run.devices);
  double ratio;
  guint from_bandwidth = ranks_from_bandwidth (self, &ratio);
  guint from_sizes = ranks_from_sizes (self);
  gboolean all_reduce = self->log->collective == RING_COLLECTIVE_ALL_REDUCE;

  *complete = devices > 0 && devices == self->run.max_rank + 1 && !self->run.devices_cut;
  /* An all-reduce's busbw is 0 (one rank) or at least its algbw; (N−1)/N, between ½ and
   * 1, is reduce_scatter's and all_gather's. */
  if (all_reduce && ratio > 0.4 && ratio < 0.99)
    return refuse_collective (self, self->run.first_line,
                              g_strcmp0 (self->log->redop, "none") == 0
                              ? RING_NCCL_COLLECTIVE_GATHER_LIKE
                              : RING_NCCL_COLLECTIVE_REDUCE_SCATTER,
                              error);
  if (*complete && from_sizes > 0 && from_sizes != devices)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   _("line %u: the device lines list %u ranks, but size / (count × type) "
                     "says %u"),
                   self->run.first_line, devices, from_sizes);
      return FALSE;
    }
  if (*complete && from_bandwidth > 0 && from_bandwidth != devices)
    {
      if (all_reduce && fabs (ratio - 1) < 0.01)
        return refuse_collective (self, self->run.first_line, RING_NCCL_COLLECTIVE_SENDRECV,
                                  error);
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   _("line %u: the device lines list %u ranks, but busbw / algbw says %u"),
                   self->run.first_line, devices, from_bandwidth);
      return FALSE;
    }

  *source = RING_NCCL_RANKS_FROM_HEADER;
  *ranks = MAX (self->run.threads, 1) * MAX (self->run.gpus, 1);
  if (*complete || (devices > 0 && from_bandwidth == 0 && from_sizes == 0))
    {
      *source = RING_NCCL_RANKS_FROM_DEVICES;
      *ranks = self->run.max_rank + 1;
    }
  else if (from_sizes > 0)
    {
      *source = RING_NCCL_RANKS_FROM_SIZES;
      *ranks = from_sizes;
    }
  else if (from_bandwidth > 0)
    {
      *source = RING_NCCL_RANKS_FROM_BANDWIDTH;
      *ranks = from_bandwidth;
    }

  return TRUE;
}

/* Whether rows of @shape are what @named prints. */
static gboolean
shape_fits (RingNcclCollective named,
            RingNcclCollective shape)
{
  if (shape == RING_NCCL_COLLECTIVE_UNKNOWN)
    return named != RING_NCCL_COLLECTIVE_UNKNOWN;
  if (named == RING_NCCL_COLLECTIVE_ALL_GATHER || named == RING_NCCL_COLLECTIVE_ALLTOALL)
    return shape == RING_NCCL_COLLECTIVE_GATHER_LIKE;

  return named == shape;
}

/* Which program measured the table: the one it announced, else one a command line named
 * if the rows fit it, else what the rows' shape says. */
static gboolean
resolve_collective (Parser  *self,
                    GError **error)
{
  RingNcclCollective named = self->announced, collective = self->shape;
  guint named_line = self->announced_line;

  if (named == RING_NCCL_COLLECTIVE_UNKNOWN && !self->mentioned_all_reduce
      && shape_fits (self->mentioned, self->shape))
    {
      named = self->mentioned;
      named_line = self->mentioned_line;
    }
  if (named != RING_NCCL_COLLECTIVE_UNKNOWN && !shape_fits (named, self->shape))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   /* Translators: a line number, an nccl-tests program, a line number, then
                    * the program (or programs) whose table looks like that */
                   _("line %u names %s, but the row at line %u is one of %s"),
                   named_line, _ring_nccl_collective_name (named), self->shape_line,
                   _ring_nccl_collective_name (self->shape));
      return FALSE;
    }
  if (named != RING_NCCL_COLLECTIVE_UNKNOWN)
    collective = named;
  else if (collective == RING_NCCL_COLLECTIVE_UNKNOWN)
    collective = RING_NCCL_COLLECTIVE_ALL_REDUCE;

  if (!_ring_nccl_collective_to_public (collective, &self->log->collective))
    return refuse_collective (self, named != RING_NCCL_COLLECTIVE_UNKNOWN ? named_line
                                                                          : self->shape_line,
                              collective, error);

  return TRUE;
}

/* A run's rows are in: its shape must be the first run's. */
static gboolean
finish_run (Parser  *self,
            GError **error)
{
  RingNcclLog *log = self->log;
  RingNcclRanksSource source;
  gboolean complete;
  guint ranks = 0, nodes;

  if (self->run.first_point == log->points->len)
    return TRUE;
  if (self->runs == 0 && !resolve_collective (self, error))
    return FALSE;
  if (!run_ranks (self, &ranks, &source, &complete, error))
    return FALSE;
  nodes = count_nodes (&self->run, ranks, complete);

  if (self->runs > 0 && (ranks != log->ranks || nodes != log->nodes))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   /* Translators: two line numbers, then counts of ranks and nodes */
                   _("line %u starts a run unlike the one at line %u (ranks: %u against %u, "
                     "nodes: %u against %u): load them one at a time"),
                   self->run.first_line, self->first_run_line, ranks, log->ranks, nodes,
                   log->nodes);
      return FALSE;
    }
  if (self->runs++ > 0)
    return TRUE;

  self->first_run_line = self->run.first_line;
  log->ranks = ranks;
  log->ranks_source = source;
  log->nodes = nodes;
  log->threads = MAX (self->run.threads, 1);
  log->gpus_per_process = MAX (self->run.gpus, 1);
  /* Cleaned of escapes and control characters already; noncharacters go too. */
  log->gpu_name = self->run.gpu_name != NULL ? ring_text_make_printable (self->run.gpu_name)
                                             : NULL;
  if (log->gpu_name != NULL && ring_gpu_lookup_device_name (log->gpu_name) != NULL)
    {
      log->gpu = ring_gpu_lookup_device_name (log->gpu_name)->id;
      log->gpu_matched = TRUE;
    }

  return TRUE;
}

static gboolean
start_run (Parser  *self,
           char   **words,
           guint    n_words,
           GError **error)
{
  if (self->run.first_point < self->log->points->len)
    {
      if (!finish_run (self, error))
        return FALSE;
      run_clear (&self->run);
      run_init (&self->run, self->line);
      self->run.first_point = self->log->points->len;
    }

  parse_small (word_after (words, n_words, "nThread"), &self->run.threads);
  parse_small (word_after (words, n_words, "nGpus"), &self->run.gpus);

  return TRUE;
}

/* --- Lines ------------------------------------------------------------------------- */

static gboolean
is_nccl_debug_line (const char *line)
{
  /* "host:pid:tid [dev] NCCL INFO …", "NCCL version 2.21.5+cuda12.4". */
  return strstr (line, "NCCL INFO") != NULL || strstr (line, "NCCL WARN") != NULL
         || strstr (line, "NCCL TRACE") != NULL || strstr (line, "NCCL version") != NULL;
}

static gboolean
is_identifier (const char *word)
{
  return g_ascii_isalpha (word[0])
         && strspn (word, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
            == strlen (word);
}

static gboolean
is_digits (const char *word)
{
  return g_ascii_isdigit (word[0]) && strspn (word, "0123456789") == strlen (word);
}

/* A size and a count (too large ones too: the row says they are), then a type. */
static gboolean
is_row (char    **words,
        guint     n_words,
        gboolean  comment)
{
  return !comment && n_words >= 2 && is_digits (words[0]) && is_digits (words[1])
         && (n_words == 2 || is_identifier (words[2]));
}

/* A row that ended early is the log's cut-off end, unless another row follows it. */
static gboolean
resolve_pending (Parser  *self,
                 GError **error)
{
  if (self->pending_error == NULL)
    return TRUE;

  g_propagate_error (error, g_steal_pointer (&self->pending_error));
  return FALSE;
}

static gboolean
add_row (Parser  *self,
         char   **words,
         guint    n_words,
         GError **error)
{
  g_autoptr(GError) row_error = NULL;
  RingNcclRowStatus status;
  RingNcclCollective shape = RING_NCCL_COLLECTIVE_UNKNOWN;
  const char *type = NULL, *redop = NULL;
  RingNcclPoint point;

  if (!resolve_pending (self, error))
    return FALSE;

  status = _ring_nccl_read_row (&self->run.layout, words, n_words, self->line, &point,
                                &type, &redop, &shape, &row_error);
  /* The last line of the input may be cut anywhere, even inside a number. */
  if (status == RING_NCCL_ROW_INCOMPLETE
      || (status == RING_NCCL_ROW_ERROR && self->last_line_open))
    {
      self->pending_line = self->line;
      self->pending_error = g_steal_pointer (&row_error);
      return TRUE;
    }
  if (status == RING_NCCL_ROW_ERROR)
    {
      g_propagate_error (error, g_steal_pointer (&row_error));
      return FALSE;
    }
  /* reduce_perf, gather_perf and scatter_perf: the model costs none of them. */
  if (shape == RING_NCCL_COLLECTIVE_REDUCE || shape == RING_NCCL_COLLECTIVE_ROOTED)
    return refuse_collective (self, self->line, shape, error);
  if (shape != RING_NCCL_COLLECTIVE_UNKNOWN && self->shape == RING_NCCL_COLLECTIVE_UNKNOWN)
    {
      self->shape = shape;
      self->shape_line = self->line;
    }
  else if (shape != RING_NCCL_COLLECTIVE_UNKNOWN && shape != self->shape)
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_INCONSISTENT,
                   /* Translators: a line number, a program (or programs), a line number,
                    * a program (or programs) */
                   _("line %u is a row of %s, line %u one of %s: load one program’s table "
                     "at a time"),
                   self->line, _ring_nccl_collective_name (shape), self->shape_line,
                   _ring_nccl_collective_name (self->shape));
      return FALSE;
    }

  if (self->log->data_type == NULL)
    {
      self->log->data_type = g_strdup (type);
      self->log->redop = g_strdup (redop);
    }
  g_array_append_val (self->log->points, point);

  return TRUE;
}

/* "# Collective test starting: reduce_scatter_perf" (nccl-tests 2.17 and later). */
static gboolean
read_announcement (Parser      *self,
                   const char  *program,
                   GError     **error)
{
  RingNcclCollective collective = _ring_nccl_collective_from_program (program);
  g_autofree char *quoted = NULL;

  RingCollective modelled;

  if (_ring_nccl_collective_to_public (collective, &modelled))
    {
      self->mentioned_all_reduce |= collective == RING_NCCL_COLLECTIVE_ALL_REDUCE;
      self->announced = collective;
      self->announced_line = self->line;
      return TRUE;
    }
  if (collective != RING_NCCL_COLLECTIVE_UNKNOWN)
    return refuse_collective (self, self->line, collective, error);

  quoted = _ring_nccl_quote_word (program);
  g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_OTHER_COLLECTIVE,
               _("line %u: this log measured %s; only all_reduce_perf, reduce_scatter_perf, "
                 "all_gather_perf, broadcast_perf and alltoall_perf logs can be loaded"),
               self->line, quoted);
  return FALSE;
}

/* A command line before the table ("mpirun … ./build/sendrecv_perf -b 8"): which program
 * ran, where the table alone cannot say (sendrecv on two ranks looks like all-reduce). */
static void
note_mentions (Parser  *self,
               char   **words,
               guint    n_words)
{
  if (self->run.first_point < self->log->points->len)
    return;

  for (guint i = 0; i < n_words; i++)
    {
      RingNcclCollective collective = _ring_nccl_collective_from_program (words[i]);

      if (collective == RING_NCCL_COLLECTIVE_ALL_REDUCE)
        self->mentioned_all_reduce = TRUE;
      else if (collective != RING_NCCL_COLLECTIVE_UNKNOWN
               && self->mentioned == RING_NCCL_COLLECTIVE_UNKNOWN)
        {
          self->mentioned = collective;
          self->mentioned_line = self->line;
        }
    }
}

static gboolean
read_words (Parser    *self,
            char     **words,
            guint      n_words,
            gboolean   comment,
            GError   **error)
{
  if (is_row (words, n_words, comment))
    return add_row (self, words, n_words, error);
  /* A row whose size is negative is a row gone wrong, not a line to pass over. */
  if (!comment && n_words >= 2 && words[0][0] == '-' && is_digits (words[0] + 1)
      && is_digits (words[1]))
    {
      g_autofree char *quoted = _ring_nccl_quote_word (words[0]);

      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: a line number, then the size as written */
                   _("line %u: a size of %s bytes; no size is negative"), self->line, quoted);
      return FALSE;
    }

  if (g_str_equal (words[0], "nThread"))
    return start_run (self, words, n_words, error);
  if (g_str_equal (words[0], "Rank") && n_words >= 2)
    return read_device (self, words, n_words, error);
  if (g_str_equal (words[0], "...") && n_words == 1)
    self->run.devices_cut = TRUE;
  else if (n_words >= 4 && g_str_equal (words[0], "Collective")
           && g_str_equal (words[2], "starting:"))
    return read_announcement (self, words[3], error);
  else if (_ring_nccl_layout_from_header (&self->run.layout, words, n_words))
    return TRUE;
  else if (g_str_equal (words[0], "(B)"))
    {
      for (guint i = 1; i < n_words; i++)
        {
          if (g_str_equal (words[i], "(ms)"))
            self->run.layout.time_scale_us = 1000;
        }
    }
  else if (n_words >= 3 && g_str_equal (words[0], "Avg") && g_str_equal (words[2], "bandwidth"))
    read_footer_bandwidth (self, words, n_words);
  else
    note_mentions (self, words, n_words);

  return TRUE;
}

gboolean
_ring_nccl_reader_line (RingNcclReader  *self,
                        const char      *text,
                        gsize            length,
                        gboolean         last_line,
                        GError         **error)
{
  char buffer[RING_NCCL_LOG_MAX_LINE + 1];
  char *words[RING_NCCL_LOG_MAX_TOKENS + 1];
  gboolean comment;
  guint n_words;

  self->line++;
  self->last_line_open = last_line;
  if (length > RING_NCCL_LOG_MAX_LINE)
    {
      gsize blank = 0;

      while (blank < length && g_ascii_isspace (text[blank]))
        blank++;
      /* A long line that starts like a row is no row; any other is a message (NCCL's
       * channel lists run long on large clusters, from hosts named by address). */
      if (blank < length && g_ascii_isdigit (text[blank])
          && g_strstr_len (text, MIN (length, 256), "NCCL") == NULL)
        {
          g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                       /* Translators: a line number, a length in bytes (the reader
                        * stops at 64 MiB, so it fits an unsigned int) */
                       _("line %u is %u bytes long: no nccl-tests row is"),
                       self->line, (guint) length);
          return FALSE;
        }
      self->log->skipped_lines++;
      return TRUE;
    }

  _ring_nccl_clean_line (text, length, buffer);
  if (is_nccl_debug_line (buffer))
    {
      const char *version = strstr (buffer, "NCCL version ");
      guint major = 0, minor = 0;

      /* The first release the log names: the one its rows ran with. */
      if (version != NULL && self->log->nccl_major == 0
          && sscanf (version + strlen ("NCCL version "), "%u.%u", &major, &minor) == 2
          && major > 0 && major < 100 && minor < 1000)
        {
          self->log->nccl_major = major;
          self->log->nccl_minor = minor;
        }
      self->log->skipped_lines++;
      return TRUE;
    }
  n_words = _ring_nccl_split_words (buffer, words, &comment);
  if (n_words == 0)
    return TRUE;

  return read_words (self, words, n_words, comment, error);
}

gboolean
_ring_nccl_reader_finish (RingNcclReader  *self,
                          GError         **error)
{
  if (self->pending_error != NULL)
    {
      g_clear_error (&self->pending_error);
      self->log->cut_off_line = self->pending_line;
    }
  if (!finish_run (self, error))
    return FALSE;
  /* Sendrecv on two ranks has all-reduce's shape: only its command line tells. */
  if (self->log->points->len > 0 && self->mentioned != RING_NCCL_COLLECTIVE_UNKNOWN
      && !self->mentioned_all_reduce && self->log->ranks <= 2
      && self->log->collective == RING_COLLECTIVE_ALL_REDUCE
      && self->announced == RING_NCCL_COLLECTIVE_UNKNOWN)
    return refuse_collective (self, self->mentioned_line, self->mentioned, error);
  if (self->log->points->len > 0)
    return TRUE;

  if (self->log->cut_off_line > 0)
    g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_NO_TABLE,
                 _("line %u, the only row of results, is cut off"), self->log->cut_off_line);
  else if (self->mentioned != RING_NCCL_COLLECTIVE_UNKNOWN && !self->mentioned_all_reduce
           && !_ring_nccl_collective_to_public (self->mentioned, &self->log->collective))
    return refuse_collective (self, self->mentioned_line, self->mentioned, error);
  else
    g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_NO_TABLE,
                 self->line <= 1 && self->log->skipped_lines == 0
                 ? _("the log is empty")
                 : _("no nccl-tests results: no line starts with a size and a count"));
  return FALSE;
}
