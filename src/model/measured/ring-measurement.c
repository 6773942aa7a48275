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

/* Adds @log, or with @path of a log already loaded puts it in that one's place. */
static gboolean
add_measurement (RingModel          *self,
                 const char         *name,
                 const char         *path,
                 const RingNcclLog  *log,
                 GError            **error)
{
  g_autoptr(GError) fit_error = NULL;
  RingMeasurement *measurement;
  RingNcclFit *fit;
  int replaced = path != NULL ? ring_model_find_measurement (self, path) : -1;

  if (replaced < 0 && measurements (self)->len >= RING_MEASUREMENTS_MAX)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_CANNOT_RUN,
                   /* TRANSLATORS: %s is a file name, %d how many logs can be loaded */
                   _("%s: %d logs are loaded already; remove one first"),
                   name, RING_MEASUREMENTS_MAX);
      return FALSE;
    }

  fit = ring_nccl_fit (ring_model_get_params (self), log, &fit_error);
  /* A log of one usable size is compared without a fit: its values stay nominal, none
   * determined, as for a log that pins nothing down. */
  if (fit == NULL && g_error_matches (fit_error, RING_NCCL_FIT_ERROR,
                                      RING_NCCL_FIT_ERROR_TOO_FEW_POINTS))
    {
      g_clear_error (&fit_error);
      fit = ring_nccl_fit_evaluate (ring_model_get_params (self), log, &fit_error);
    }
  if (fit == NULL)
    {
      /* TRANSLATORS: a file name, then why the model cannot be compared with it */
      g_set_error (error, fit_error->domain, fit_error->code, _("%s: %s"), name,
                   fit_error->message);
      return FALSE;
    }

  measurement = g_atomic_rc_box_new0 (RingMeasurement);
  /* Whatever the caller passed, the legend, the CSV and the report print it. */
  measurement->name = ring_text_make_printable (name);
  measurement->path = g_strdup (path);
  measurement->log = ring_nccl_log_copy (log);
  measurement->fit = fit;
  if (replaced >= 0)
    {
      ring_measurement_unref (g_ptr_array_index (measurements (self), replaced));
      g_ptr_array_index (measurements (self), replaced) = measurement;
    }
  else
    {
      g_ptr_array_add (measurements (self), measurement);
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
  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (log != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return add_measurement (self, name, NULL, log, error);
}

gboolean
ring_model_import_measurement (RingModel   *self,
                               const char  *path,
                               GError     **error)
{
  g_autoptr(RingNcclLog) log = NULL;
  g_autoptr(GError) load_error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *name = NULL;
  g_autofree char *canonical = NULL;

  g_return_val_if_fail (RING_IS_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  basename = g_path_get_basename (path);
  name = ring_filename_display (basename);
  log = ring_nccl_log_load (path, &load_error);
  if (log == NULL)
    {
      g_autofree char *shown_path = ring_filename_display (path);

      /* What the file held is told by line; the file itself, by the reader's message. */
      if (strstr (load_error->message, shown_path) != NULL)
        g_propagate_error (error, g_steal_pointer (&load_error));
      else
        g_set_error (error, load_error->domain, load_error->code, _("%s: %s"), name,
                     load_error->message);
      return FALSE;
    }

  canonical = g_canonicalize_filename (path, NULL);
  return add_measurement (self, name, canonical, log, error);
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
