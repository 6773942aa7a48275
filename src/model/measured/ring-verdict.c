/* ring-verdict.c: an nccl-tests log placed against published runs of its kind.
 *
 * The reference library is the validation set (tests/data/nccl-validation.tsv), installed
 * as it is. A run it calls degraded, mis-tuned or tuned is no measure of what a cluster
 * should give, nor is a row whose bandwidth column replaces the catalogue GPU's (a card
 * on a bridge the catalogue lacks): both are left out. Bus bandwidth is compared, as
 * nccl-tests defines it, because it does not fall with the GPU count as algbw does; a log
 * is compared with runs of its own collective only (nccl-validation-collectives.tsv holds
 * the reduce-scatter, all-gather, broadcast and alltoall runs), each with its collective's
 * bus bandwidth factor.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-gpu.h"
#include "ring-units.h"
#include "ring-verdict.h"

static void
run_free (gpointer data)
{
  RingReferenceRun *run = data;

  g_free (run->system);
  g_free (run->status);
  g_free (run->source);
  g_free (run);
}

static RingReferenceRun *
run_copy (const RingReferenceRun *run)
{
  RingReferenceRun *copy = g_memdup2 (run, sizeof *run);

  copy->system = g_strdup (run->system);
  copy->status = g_strdup (run->status);
  copy->source = g_strdup (run->source);

  return copy;
}

void
ring_reference_library_free (RingReferenceLibrary *library)
{
  if (library == NULL)
    return;
  g_ptr_array_unref (library->runs);
  g_free (library);
}

enum { COL_SYSTEM, COL_GPU, COL_NODES, COL_GPUS_PER_NODE, COL_FABRIC, COL_BANDWIDTH,
       COL_SIZE, COL_MEASURED_US, COL_STATUS, COL_SOURCE, COL_COLLECTIVE, N_COLS };

/* All but the last are required. */
#define N_REQUIRED_COLS COL_COLLECTIVE

static const char * const column_names[N_COLS] = {
  "system", "gpu", "nodes", "gpus_per_node", "fabric", "bandwidth_gbps", "size_bytes",
  "measured_us", "status", "source", "collective",
};

static gboolean
parse_fabric (const char *text,
              RingFabric *fabric)
{
  for (int i = 0; i < RING_N_FABRICS; i++)
    if (g_str_equal (text, ring_fabric_to_string (i)))
      {
        *fabric = i;
        return TRUE;
      }

  return FALSE;
}

static gboolean
parse_whole (const char *text,
             guint      *value)
{
  guint64 parsed;

  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXUINT, &parsed, NULL))
    return FALSE;
  *value = (guint) parsed;

  return TRUE;
}

/* A row the verdict can use; FALSE for a row it leaves out (see the top), with @error
 * unset, or a malformed one, with @error set. */
static gboolean
parse_run (char            **fields,
           const int        *column,
           RingReferenceRun *run,
           GError          **error)
{
  const RingGpuInfo *gpu = ring_gpu_lookup (fields[column[COL_GPU]]);
  const char *status = fields[column[COL_STATUS]];

  if (gpu == NULL || !parse_whole (fields[column[COL_NODES]], &run->nodes)
      || !parse_whole (fields[column[COL_GPUS_PER_NODE]], &run->gpus_per_node)
      || !parse_fabric (fields[column[COL_FABRIC]], &run->fabric)
      || !ring_parse_double (fields[column[COL_SIZE]], &run->size_bytes)
      || !ring_parse_double (fields[column[COL_MEASURED_US]], &run->measured_us)
      || !(run->size_bytes > 0) || !(run->measured_us > 0))
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                           _("a GPU, a count, a fabric, a size or a time cannot be read"));
      return FALSE;
    }
  run->collective = RING_COLLECTIVE_ALL_REDUCE;
  if (column[COL_COLLECTIVE] >= 0
      && !ring_collective_from_name (fields[column[COL_COLLECTIVE]], &run->collective))
    {
      g_autofree char *name = g_strescape (fields[column[COL_COLLECTIVE]], NULL);

      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                   /* TRANSLATORS: a collective's name as the file gives it */
                   _("“%s” is not a collective (all_reduce, reduce_scatter, all_gather, "
                     "broadcast or alltoall)"), name);
      return FALSE;
    }
  if (!g_str_equal (status, "ok") && !g_str_equal (status, "uncertain")
      && !g_str_equal (status, "derived"))
    return FALSE;
  if (*fields[column[COL_BANDWIDTH]] != '\0')
    return FALSE;

  run->gpu = gpu->id;
  run->system = g_strdup (fields[column[COL_SYSTEM]]);
  run->status = g_strdup (status);
  run->source = g_strdup (fields[column[COL_SOURCE]]);

  return TRUE;
}

RingReferenceLibrary *
ring_reference_library_parse (const char  *text,
                              GError     **error)
{
  g_autoptr(RingReferenceLibrary) library = g_new0 (RingReferenceLibrary, 1);
  g_auto(GStrv) lines = NULL;
  int column[N_COLS];
  guint n_fields = 0;

  g_return_val_if_fail (text != NULL, NULL);

  library->runs = g_ptr_array_new_with_free_func (run_free);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) fields = NULL;
      g_autoptr(GError) row_error = NULL;
      RingReferenceRun run = { 0, };

      g_strchomp (lines[i]);
      if (lines[i][0] == '#' || lines[i][0] == '\0')
        continue;
      fields = g_strsplit (lines[i], "\t", -1);
      if (n_fields == 0)
        {
          /* The header: columns are found by name, so added ones do not matter. */
          n_fields = g_strv_length (fields);
          for (guint c = 0; c < N_COLS; c++)
            {
              column[c] = -1;
              for (guint f = 0; f < n_fields; f++)
                if (g_str_equal (fields[f], column_names[c]))
                  column[c] = (int) f;
              if (column[c] < 0 && c < N_REQUIRED_COLS)
                {
                  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                               /* TRANSLATORS: a line number, a column's name */
                               _("line %u: no column “%s”"), i + 1, column_names[c]);
                  return NULL;
                }
            }
          continue;
        }
      if (g_strv_length (fields) != n_fields)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       /* TRANSLATORS: a line number, then how many fields it has and
                        * how many the header names */
                       _("line %u: %u fields, not %u"), i + 1, g_strv_length (fields),
                       n_fields);
          return NULL;
        }
      if (parse_run (fields, column, &run, &row_error))
        g_ptr_array_add (library->runs, g_memdup2 (&run, sizeof run));
      else if (row_error != NULL)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       /* TRANSLATORS: a line number, then what is wrong in it */
                       _("line %u: %s"), i + 1, row_error->message);
          return NULL;
        }
    }
  if (n_fields == 0)
    {
      g_set_error_literal (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, _("no header line"));
      return NULL;
    }

  return g_steal_pointer (&library);
}

static char *
default_path (void)
{
  const char *path = g_getenv ("RING_ALLREDUCE_REFERENCE");
  g_autofree char *self = NULL;

  if (path != NULL && *path != '\0')
    return g_strdup (path);

  self = g_file_read_link ("/proc/self/exe", NULL);
  if (self != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (self);
      g_autofree char *beside = g_build_filename (dir, RING_REFERENCE_FILE, NULL);

      if (g_file_test (beside, G_FILE_TEST_IS_REGULAR))
        return g_steal_pointer (&beside);
    }

  return g_build_filename (PKGDATADIR, RING_REFERENCE_FILE, NULL);
}

/* The other collectives' runs, from the file beside @path: a library without it still
 * judges all-reduce logs. */
static void
add_collectives (RingReferenceLibrary *library,
                 const char           *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *other = g_build_filename (dir, RING_REFERENCE_COLLECTIVES_FILE, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(RingReferenceLibrary) collectives = NULL;

  if (g_file_get_contents (other, &text, NULL, &error))
    collectives = ring_reference_library_parse (text, &error);
  if (collectives == NULL)
    {
      g_debug ("no published runs of other collectives: %s", error->message);
      return;
    }
  for (guint i = 0; i < collectives->runs->len; i++)
    g_ptr_array_add (library->runs, g_steal_pointer (&collectives->runs->pdata[i]));
  /* Their pointers moved: the emptied array frees nothing. */
  g_ptr_array_set_free_func (collectives->runs, NULL);
}

const RingReferenceLibrary *
ring_reference_library_get_default (void)
{
  static RingReferenceLibrary *library;
  static gsize read_once;

  if (g_once_init_enter (&read_once))
    {
      g_autofree char *path = default_path ();
      g_autofree char *text = NULL;
      g_autoptr(GError) error = NULL;

      if (g_file_get_contents (path, &text, NULL, &error))
        library = ring_reference_library_parse (text, &error);
      if (library == NULL)
        g_debug ("no reference library: %s", error->message);
      else
        add_collectives (library, path);
      g_once_init_leave (&read_once, 1);
    }

  return library;
}

double
ring_reference_run_busbw_gbps (const RingReferenceRun *run)
{
  double n = (double) run->nodes * run->gpus_per_node;

  g_return_val_if_fail (run != NULL, NAN);

  return run->size_bytes / (run->measured_us * 1e3)
         * ring_collective_busbw_factor (run->collective, (guint) n);
}

void
ring_verdict_free (RingVerdict *verdict)
{
  if (verdict == NULL)
    return;
  g_clear_pointer (&verdict->runs, g_ptr_array_unref);
  g_free (verdict);
}

RingVerdict *
ring_verdict_copy (const RingVerdict *verdict)
{
  RingVerdict *copy;

  g_return_val_if_fail (verdict != NULL, NULL);

  copy = g_memdup2 (verdict, sizeof *verdict);
  copy->runs = g_ptr_array_new_with_free_func (run_free);
  for (guint i = 0; i < verdict->runs->len; i++)
    g_ptr_array_add (copy->runs, run_copy (g_ptr_array_index (verdict->runs, i)));

  return copy;
}

/* Between nodes: none, RDMA (InfiniBand, RoCE, EFA) or sockets. */
static int
link_class (guint      nodes,
            RingFabric fabric)
{
  if (nodes <= 1)
    return 0;

  return fabric == RING_FABRIC_TCP ? 2 : 1;
}

/* Sizes nccl-tests prints as the same row. */
static gboolean
same_size (double a,
           double b)
{
  return fabs (a - b) <= 1e-6 * MAX (a, b);
}

/* The neighbours' node count: the nearest to @nodes within a factor of four, the smaller
 * on a tie; 0 if none. */
static guint
nearest_nodes (GPtrArray *candidates,
               guint      nodes)
{
  guint best = 0;
  double best_distance = 2 + 1e-9;

  for (guint i = 0; i < candidates->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (candidates, i);
      double distance = fabs (log2 ((double) run->nodes / nodes));

      if (distance < best_distance - 1e-9
          || (distance < best_distance + 1e-9 && run->nodes < best))
        {
          best = run->nodes;
          best_distance = distance;
        }
    }

  return best;
}

RingVerdict *
ring_verdict_new (const RingReferenceLibrary *library,
                  const RingNcclLog          *log,
                  const RingParams           *cluster)
{
  g_autoptr(GPtrArray) candidates = NULL;
  RingVerdict *verdict;
  double n;

  g_return_val_if_fail (log != NULL, NULL);
  g_return_val_if_fail (cluster != NULL, NULL);

  candidates = g_ptr_array_new ();
  verdict = g_new0 (RingVerdict, 1);
  n = log->ranks;
  verdict->verdict = library != NULL ? RING_VERDICT_NO_NEIGHBOUR : RING_VERDICT_NO_LIBRARY;
  verdict->gpu = cluster->gpu;
  verdict->gpus_per_node = MAX (cluster->gpus_per_node, 1);
  verdict->nodes = (cluster->gpus + verdict->gpus_per_node - 1) / verdict->gpus_per_node;
  verdict->fabric = cluster->fabric;
  verdict->collective = log->collective;
  verdict->size_bytes = NAN;
  verdict->busbw_gbps = NAN;
  verdict->low_gbps = NAN;
  verdict->high_gbps = NAN;
  verdict->runs = g_ptr_array_new_with_free_func (run_free);
  if (library == NULL || log->ranks < 2)
    return verdict;

  verdict->verdict = RING_VERDICT_NO_COLLECTIVE;
  for (guint i = 0; i < library->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (library->runs, i);

      if (run->collective != log->collective)
        continue;
      verdict->verdict = RING_VERDICT_NO_NEIGHBOUR;
      if (run->gpu == verdict->gpu && run->gpus_per_node == verdict->gpus_per_node
          && link_class (run->nodes, run->fabric)
             == link_class (verdict->nodes, verdict->fabric))
        g_ptr_array_add (candidates, (gpointer) run);
    }
  verdict->reference_nodes = nearest_nodes (candidates, verdict->nodes);

  /* The largest size of the log, nccl-tests found right, that a neighbour measured. */
  for (guint p = log->points->len; p-- > 0 && verdict->runs->len == 0;)
    {
      const RingNcclPoint *point = &g_array_index (log->points, RingNcclPoint, p);

      if (point->wrong > 0 || !(point->time_us > 0))
        continue;
      for (guint i = 0; i < candidates->len; i++)
        {
          const RingReferenceRun *run = g_ptr_array_index (candidates, i);

          if (run->nodes == verdict->reference_nodes
              && same_size (run->size_bytes, point->size_bytes))
            g_ptr_array_add (verdict->runs, run_copy (run));
        }
      if (verdict->runs->len > 0)
        {
          verdict->size_bytes = point->size_bytes;
          verdict->busbw_gbps = point->size_bytes / (point->time_us * 1e3)
                                * ring_collective_busbw_factor (log->collective, (guint) n);
        }
    }
  if (verdict->runs->len == 0)
    return verdict;

  verdict->low_gbps = INFINITY;
  verdict->high_gbps = 0;
  for (guint i = 0; i < verdict->runs->len; i++)
    {
      const RingReferenceRun *run = g_ptr_array_index (verdict->runs, i);
      double busbw_gbps = ring_reference_run_busbw_gbps (run);
      gboolean counted = FALSE;

      verdict->low_gbps = MIN (verdict->low_gbps, busbw_gbps);
      verdict->high_gbps = MAX (verdict->high_gbps, busbw_gbps);
      for (guint j = 0; j < i && !counted; j++)
        counted = g_str_equal (run->system,
                               ((RingReferenceRun *) g_ptr_array_index (verdict->runs, j))->system);
      verdict->n_systems += !counted;
    }

  if (verdict->busbw_gbps < verdict->low_gbps / 2)
    verdict->verdict = RING_VERDICT_FAR_BELOW;
  else if (verdict->busbw_gbps < verdict->low_gbps * (1 - RING_VERDICT_TOLERANCE))
    verdict->verdict = RING_VERDICT_BELOW;
  else if (verdict->busbw_gbps > verdict->high_gbps * (1 + RING_VERDICT_TOLERANCE))
    verdict->verdict = RING_VERDICT_ABOVE;
  else
    verdict->verdict = RING_VERDICT_WITHIN;

  return verdict;
}

const char *
ring_verdict_class_name (RingVerdictClass verdict)
{
  static const char * const names[] = {
    "no_library", "no_neighbour", "far_below", "below", "within", "above", "no_collective",
  };

  g_return_val_if_fail (verdict <= RING_VERDICT_NO_COLLECTIVE, NULL);

  return names[verdict];
}

const char *
ring_verdict_class_title (RingVerdictClass verdict)
{
  switch (verdict)
    {
    /* TRANSLATORS: an nccl-tests log's bus bandwidth against published runs */
    case RING_VERDICT_FAR_BELOW: return _("far below them");
    case RING_VERDICT_BELOW: return _("below them");
    case RING_VERDICT_WITHIN: return _("within the published range");
    case RING_VERDICT_ABOVE: return _("above them");
    case RING_VERDICT_NO_NEIGHBOUR:
      return _("no published run of this GPU, GPUs per node and network to compare with");
    case RING_VERDICT_NO_LIBRARY: return _("the reference library is not installed");
    case RING_VERDICT_NO_COLLECTIVE:
      return _("no published run of this collective to compare with");
    default: g_return_val_if_reached (NULL);
    }
}

/* The catalogue's name up to its first comma: "NVIDIA H100 SXM5". */
static char *
gpu_title (RingGpuId gpu)
{
  const char *description = _(ring_gpu_info (gpu)->description);
  const char *comma = strstr (description, ", ");

  return comma != NULL ? g_strndup (description, comma - description) : g_strdup (description);
}

char *
ring_verdict_describe (const RingVerdict *verdict)
{
  g_autofree char *gpu = NULL;
  g_autofree char *size = NULL;
  g_autofree char *busbw = NULL;
  g_autofree char *low = NULL;
  g_autofree char *high = NULL;
  g_autofree char *range = NULL;

  g_return_val_if_fail (verdict != NULL, NULL);

  gpu = gpu_title (verdict->gpu);
  if (verdict->collective != RING_COLLECTIVE_ALL_REDUCE)
    {
      char *named = g_strdup_printf (/* TRANSLATORS: a GPU, then the collective measured,
                                      * "NVIDIA H100 SXM5 (all-gather)" */
                                     _("%s (%s)"), gpu,
                                     ring_collective_get_title (verdict->collective));

      g_free (gpu);
      gpu = named;
    }
  if (verdict->runs->len == 0)
    /* TRANSLATORS: nodes × GPUs per node, a GPU, then why nothing is compared */
    return g_strdup_printf (_("Your %u × %u %s: %s"), verdict->nodes, verdict->gpus_per_node,
                            gpu, ring_verdict_class_title (verdict->verdict));

  size = ring_format_message_size (verdict->size_bytes);
  busbw = ring_format_bandwidth (verdict->busbw_gbps * 1e9);
  low = ring_format_bandwidth (verdict->low_gbps * 1e9);
  high = ring_format_bandwidth (verdict->high_gbps * 1e9);
  range = verdict->runs->len == 1 ? g_strdup (low)
                                   /* TRANSLATORS: a range of bandwidths, "350–480 GB/s" */
                                   : g_strdup_printf (_("%s to %s"), low, high);

  return g_strdup_printf (/* TRANSLATORS: nodes × GPUs per node, a GPU, a message size,
                           * the log's bus bandwidth; how many published runs, on how
                           * many nodes × GPUs per node, their bus bandwidths; a verdict */
                          g_dngettext (GETTEXT_PACKAGE,
                                       "Your %u × %u %s at %s: %s busbw; %u published run "
                                       "of %u × %u: %s — %s",
                                       "Your %u × %u %s at %s: %s busbw; %u published runs "
                                       "of %u × %u: %s — %s",
                                       verdict->runs->len),
                          verdict->nodes, verdict->gpus_per_node, gpu, size, busbw,
                          verdict->runs->len, verdict->reference_nodes,
                          verdict->gpus_per_node, range,
                          ring_verdict_class_title (verdict->verdict));
}
