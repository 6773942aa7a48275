/* ring-measurement.c: nccl-tests logs loaded beside the model, and their fits.
 *
 * The list hangs on the model as object data rather than in its struct: it changes no
 * parameter and no result, only what views draw beside them, and ring-model.c stays the
 * parameters' and results' alone. Every change emits the model's one "changed", so each
 * view and export that follows the model redraws with the logs without new plumbing.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "ring-measurement.h"
#include "ring-printable.h"

G_DEFINE_BOXED_TYPE (RingMeasurement, ring_measurement, ring_measurement_ref,
                     ring_measurement_unref)

static GQuark
measurements_quark (void)
{
  return g_quark_from_static_string ("ring-model-measurements");
}

/* How close a model value must be to the fitted one to count as "fitted to". */
#define FITTED_TOLERANCE 1e-3

RingMeasurement *
ring_measurement_ref (RingMeasurement *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_atomic_rc_box_acquire (self);
}

static void
measurement_clear (gpointer data)
{
  RingMeasurement *self = data;

  g_free (self->name);
  g_free (self->path);
  ring_nccl_log_free (self->log);
  ring_nccl_fit_free (self->fit);
  ring_verdict_free (self->verdict);
}

void
ring_measurement_unref (RingMeasurement *self)
{
  g_return_if_fail (self != NULL);

  g_atomic_rc_box_release_full (self, measurement_clear);
}

RingNcclFit *
ring_measurement_compare (const RingMeasurement *self,
                          const RingParams      *params)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);

  /* The log was fitted with the model at the import; the model has since only moved
   * values, never made the log's cluster impossible to cost but by removing every NIC,
   * which several nodes never have (ring-model.c keeps one). */
  return ring_nccl_fit_evaluate (params, self->log, NULL);
}

gboolean
ring_measurement_same_cluster (const RingMeasurement *self,
                               const RingParams      *params)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);

  return params->gpus == self->log->ranks
         && (self->log->nodes == 0 || params->gpus_per_node == self->fit->params.gpus_per_node)
         && (!self->log->gpu_matched || params->gpu == self->log->gpu);
}

const char *
ring_measurement_value_title (RingParamId id)
{
  switch ((int) id)
    {
    /* TRANSLATORS: values fitted to an nccl-tests log, as in "net latency 6.2 µs". */
    case RING_PARAM_NET_LATENCY: return _("net latency");
    case RING_PARAM_NET_EFFICIENCY: return _("net efficiency");
    case RING_PARAM_LINK_LATENCY: return _("link latency");
    case RING_PARAM_LINK_EFFICIENCY: return _("link efficiency");
    default: return ring_param_info (id)->option;
    }
}

char *
ring_measurement_describe_fit (const RingNcclFit *fit)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (fit != NULL, NULL);

  /* A degenerate fit determines nothing, and says why. */
  if (fit->warning != RING_NCCL_FIT_WARNING_NONE)
    {
      g_string_free (text, TRUE);
      return ring_nccl_fit_describe_warning (fit);
    }
  for (guint j = 0; j < fit->n_values; j++)
    {
      const RingNcclFitValue *value = &fit->values[j];
      const char *unit = ring_param_info (value->id)->unit;

      if (!value->determined)
        continue;
      if (text->len > 0)
        g_string_append (text, ", ");
      g_string_append_printf (text, "%s %.3g%s%s", ring_measurement_value_title (value->id),
                              value->value, *unit != '\0' ? " " : "", unit);
    }
  if (text->len == 0)
    /* TRANSLATORS: what a fit to an nccl-tests log found when the log pins down nothing */
    g_string_append (text, _("nothing the log determines"));

  return g_string_free (text, FALSE);
}

static GPtrArray *
measurements (RingModel *self)
{
  GPtrArray *list = g_object_get_qdata (G_OBJECT (self), measurements_quark ());

  if (list == NULL)
    {
      list = g_ptr_array_new_with_free_func ((GDestroyNotify) ring_measurement_unref);
      g_object_set_qdata_full (G_OBJECT (self), measurements_quark (), list,
                               (GDestroyNotify) g_ptr_array_unref);
    }

  return list;
}

/* Whether @a and @b name the same file: the same path, or the same file reached by
 * another (a link, a folder's link). */
static gboolean
same_file (const char *a,
           const char *b)
{
  GStatBuf stat_a, stat_b;

  if (g_strcmp0 (a, b) == 0)
    return TRUE;
  if (a == NULL || b == NULL || g_stat (a, &stat_a) != 0 || g_stat (b, &stat_b) != 0)
    return FALSE;

  return stat_a.st_dev == stat_b.st_dev && stat_a.st_ino == stat_b.st_ino;
}

int
ring_model_find_measurement (RingModel  *self,
                             const char *path)
{
  g_autofree char *canonical = NULL;
  GPtrArray *list;

  g_return_val_if_fail (RING_IS_MODEL (self), -1);
  g_return_val_if_fail (path != NULL, -1);

  canonical = g_canonicalize_filename (path, NULL);
  list = measurements (self);
  for (guint i = 0; i < list->len; i++)
    {
      const RingMeasurement *measurement = g_ptr_array_index (list, i);

      if (same_file (measurement->path, canonical))
        return (int) i;
    }

  return -1;
}

static gboolean
check_room (RingModel   *self,
            const char  *name,
            const char  *path,
            GError     **error)
{
  if ((path == NULL || ring_model_find_measurement (self, path) < 0)
      && measurements (self)->len >= RING_MEASUREMENTS_MAX)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_CANNOT_RUN,
                   /* TRANSLATORS: %s is a file name, %d how many logs can be loaded */
                   _("%s: %d logs are loaded already; remove one first"),
                   name, RING_MEASUREMENTS_MAX);
      return FALSE;
    }

  return TRUE;
}

/* @log fitted against @params, under @name (from @path, or NULL). */
static RingMeasurement *
measurement_new (const char        *name,
                 const char        *path,
                 const RingNcclLog *log,
                 const RingParams  *params,
                 GError           **error)
{
  g_autoptr(GError) fit_error = NULL;
  RingMeasurement *measurement;
  RingNcclFit *fit;

  fit = ring_nccl_fit (params, log, &fit_error);
  /* A log of one usable size is compared without a fit: its values stay nominal, none
   * determined, as for a log that pins nothing down. */
  if (fit == NULL && g_error_matches (fit_error, RING_NCCL_FIT_ERROR,
                                      RING_NCCL_FIT_ERROR_TOO_FEW_POINTS))
    {
      g_clear_error (&fit_error);
      fit = ring_nccl_fit_evaluate (params, log, &fit_error);
    }
  if (fit == NULL)
    {
      /* TRANSLATORS: a file name, then why the model cannot be compared with it */
      g_set_error (error, fit_error->domain, fit_error->code, _("%s: %s"), name,
                   fit_error->message);
      return NULL;
    }

  measurement = g_atomic_rc_box_new0 (RingMeasurement);
  /* Whatever the caller passed, the legend, the CSV and the report print it. */
  measurement->name = ring_text_make_printable (name);
  measurement->path = g_strdup (path);
  measurement->log = ring_nccl_log_copy (log);
  measurement->fit = fit;
  measurement->verdict = ring_verdict_new (ring_reference_library_get_default (), log,
                                           &fit->params);

  return measurement;
}

gboolean
ring_model_insert_measurement (RingModel        *self,
                               RingMeasurement  *measurement,
                               GError          **error)
{
  int replaced;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (measurement != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_room (self, measurement->name, measurement->path, error))
    return FALSE;

  replaced = measurement->path != NULL ? ring_model_find_measurement (self, measurement->path)
                                       : -1;
  if (replaced >= 0)
    {
      ring_measurement_unref (g_ptr_array_index (measurements (self), replaced));
      g_ptr_array_index (measurements (self), replaced) = ring_measurement_ref (measurement);
    }
  else
    {
      g_ptr_array_add (measurements (self), ring_measurement_ref (measurement));
    }
  g_signal_emit_by_name (self, "changed");

  return TRUE;
}

gboolean
ring_model_add_measurement (RingModel          *self,
                            const char         *name,
                            const RingNcclLog  *log,
                            GError            **error)
{
  g_autoptr(RingMeasurement) measurement = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (log != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_room (self, name, NULL, error))
    return FALSE;
  measurement = measurement_new (name, NULL, log, ring_model_get_params (self), error);

  return measurement != NULL && ring_model_insert_measurement (self, measurement, error);
}

/* Fits already made, by file, bytes and parameters: reading the same log again (a
 * remembered one, a second import) costs a hash of its bytes, not a parse and a fit. */
typedef struct
{
  char            *path;
  char            *sha256;
  RingParams       params;
  RingMeasurement *measurement;
} CacheEntry;

#define CACHE_ENTRIES (2 * RING_MEASUREMENTS_MAX)

static GMutex cache_lock;
static CacheEntry cache[CACHE_ENTRIES];
static guint cache_next;
static guint cache_hits;

guint
_ring_measurement_count_cache_hits (void)
{
  return (guint) g_atomic_int_get (&cache_hits);
}

/* A copy of what the cache holds for these bytes and parameters, or NULL. Parameters
 * compare byte for byte: a miss where they only look alike costs a fit, never a wrong one. */
static RingMeasurement *
cache_lookup (const char       *path,
              const char       *sha256,
              const RingParams *params)
{
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);

  for (guint i = 0; i < CACHE_ENTRIES; i++)
    if (cache[i].measurement != NULL && g_str_equal (cache[i].path, path)
        && g_str_equal (cache[i].sha256, sha256)
        && memcmp (&cache[i].params, params, sizeof *params) == 0)
      {
        g_atomic_int_inc (&cache_hits);
        return ring_measurement_ref (cache[i].measurement);
      }

  return NULL;
}

static void
cache_store (const char       *path,
             const char       *sha256,
             const RingParams *params,
             RingMeasurement  *measurement)
{
  G_GNUC_UNUSED g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&cache_lock);
  CacheEntry *entry = &cache[cache_next];

  cache_next = (cache_next + 1) % CACHE_ENTRIES;
  g_free (entry->path);
  g_free (entry->sha256);
  g_clear_pointer (&entry->measurement, ring_measurement_unref);
  entry->path = g_strdup (path);
  entry->sha256 = g_strdup (sha256);
  entry->params = *params;
  entry->measurement = ring_measurement_ref (measurement);
}

RingMeasurement *
ring_measurement_load (const char               *path,
                       const RingParams         *params,
                       RingNcclLogProgressFunc   progress,
                       gpointer                  progress_data,
                       GError                  **error)
{
  g_autoptr(RingNcclLog) log = NULL;
  g_autoptr(GError) load_error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *canonical = NULL;
  g_autofree char *sha256 = NULL;
  RingMeasurement *measurement;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  basename = g_path_get_basename (path);
  name = ring_filename_display (basename);
  canonical = g_canonicalize_filename (path, NULL);
  bytes = ring_nccl_log_read (path, &load_error);
  if (bytes != NULL)
    {
      gsize length;
      const char *data = g_bytes_get_data (bytes, &length);

      sha256 = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
      if ((measurement = cache_lookup (canonical, sha256, params)) != NULL)
        return measurement;
      log = ring_nccl_log_parse_with_progress (data != NULL ? data : "", length, progress,
                                               progress_data, &load_error);
    }
  if (log != NULL && progress != NULL && !progress (1, 1, progress_data))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_CANCELLED,
                   _("the read was stopped before the fit"));
      return NULL;
    }
  if (g_error_matches (load_error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_CANCELLED))
    {
      g_propagate_error (error, g_steal_pointer (&load_error));
      return NULL;
    }
  if (log == NULL)
    {
      g_autofree char *shown_path = ring_filename_display (path);

      /* What the file held is told by line; the file itself, by the reader's message. */
      if (strstr (load_error->message, shown_path) != NULL)
        g_propagate_error (error, g_steal_pointer (&load_error));
      else
        g_set_error (error, load_error->domain, load_error->code, _("%s: %s"), name,
                     load_error->message);
      return NULL;
    }

  measurement = measurement_new (name, canonical, log, params, error);
  if (measurement != NULL)
    cache_store (canonical, sha256, params, measurement);

  return measurement;
}

gboolean
ring_model_import_measurement (RingModel   *self,
                               const char  *path,
                               GError     **error)
{
  g_autoptr(RingMeasurement) measurement = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  measurement = ring_measurement_load (path, ring_model_get_params (self), NULL, NULL, error);

  return measurement != NULL && ring_model_insert_measurement (self, measurement, error);
}

GPtrArray *
ring_model_get_measurements (RingModel *self)
{
  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  return measurements (self);
}

void
ring_model_remove_measurement (RingModel *self,
                               guint      index)
{
  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (index < measurements (self)->len);

  g_ptr_array_remove_index (measurements (self), index);
  g_signal_emit_by_name (self, "changed");
}

void
ring_model_clear_measurements (RingModel *self)
{
  GPtrArray *list;

  g_return_if_fail (RING_IS_MODEL (self));

  list = measurements (self);
  if (list->len == 0)
    return;

  g_ptr_array_set_size (list, 0);
  g_signal_emit_by_name (self, "changed");
}

void
ring_model_use_fitted_values (RingModel *self,
                              guint      index)
{
  RingMeasurement *measurement;
  RingParams params;

  g_return_if_fail (RING_IS_MODEL (self));
  g_return_if_fail (index < measurements (self)->len);

  measurement = g_ptr_array_index (measurements (self), index);
  params = *ring_model_get_params (self);
  ring_nccl_fit_apply (measurement->fit, &params);
  if (!ring_model_set_params (self, &params))
    g_warning ("The fitted values of %s do not validate", measurement->name);
}

static gboolean
holds_fitted_values (const RingParams  *params,
                     const RingNcclFit *fit)
{
  for (guint j = 0; j < fit->n_values; j++)
    {
      double fitted = ring_nccl_fit_value_in_use (&fit->values[j]);
      double value = ring_params_get_value (params, fit->values[j].id);

      if (fabs (value - fitted) > FITTED_TOLERANCE * MAX (fabs (fitted), 1e-3))
        return FALSE;
    }

  return ring_nccl_fit_determines_any (fit);
}

RingMeasurement *
ring_model_get_fitted_measurement (RingModel *self)
{
  GPtrArray *list;

  g_return_val_if_fail (RING_IS_MODEL (self), NULL);

  list = measurements (self);
  for (guint i = 0; i < list->len; i++)
    {
      RingMeasurement *measurement = g_ptr_array_index (list, i);

      if (holds_fitted_values (ring_model_get_params (self), measurement->fit))
        return measurement;
    }

  return NULL;
}
