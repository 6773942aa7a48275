/* ring-nccl-tests-fit.c: the model's free values fitted to an nccl-tests log.
 *
 * The model derives every rate and latency from the catalogue and NCCL's constants; what
 * it leaves free for a system is how far a real one falls short of (or beats) them: the
 * µs a hop adds and the share of the derived rate the links achieve. A one-node log loads
 * NVLink or PCIe only (link-latency, link-efficiency); a multi-node log the NICs too
 * (net-latency, net-efficiency, link-efficiency). The fit minimises
 *
 *   Σ (ln t_model − ln t_measured)² + λ Σ ((x − x_nominal) / scale)²
 *
 * over those values, with t_model from ring_collective_cost() on the log's cluster (the
 * log's collective: all-reduce, reduce-scatter, all-gather, broadcast or alltoall). The
 * small λ only decides among values the data cannot tell apart: a two-node log whose
 * large sizes NVLS bounds says nothing of the NICs, which then keep their nominal rate
 * instead of taking the blame. The search is ring-nccl-tests-fit-search.c's. Degenerate data
 * (times that fall as sizes grow, a value driven to its bound, a fit no better than the
 * nominal values) leaves a fit with a warning and nothing determined.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "ring-measurement.h"
#include "ring-nccl-tests-fit-private.h"

G_DEFINE_QUARK (ring-nccl-fit-error-quark, ring_nccl_fit_error)

/* The rms change of ln t that makes a value "determined", for a 10 % (or 1 µs) step. */
#define DETERMINED_RMS 0.005
/* A fit whose geometric-mean error is not this many percentage points below the
 * model's own improves nothing worth applying. */
#define NO_IMPROVEMENT_PCT 0.05

static const double efficiency_grid[] = {
  0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0,
};
static const double link_latency_grid[] = {
  -1, -0.5, -0.25, 0, 0.25, 0.5, 1, 2, 4, 8, 16, 32, 64,
};
static const double net_latency_grid[] = {
  0, 0.5, 1, 2, 3, 5, 8, 12, 20, 30, 50, 80, 130, 200, 400,
};

static const Free free_link_latency = {
  RING_PARAM_LINK_LATENCY, FALSE, -10, 1000, 10, 1,
  link_latency_grid, G_N_ELEMENTS (link_latency_grid),
};
static const Free free_net_latency = {
  RING_PARAM_NET_LATENCY, FALSE, 0, 1000, 10, 1,
  net_latency_grid, G_N_ELEMENTS (net_latency_grid), TRUE,
};
/* ln 0.01 … ln 2, the parameters' range. */
static const Free free_link_efficiency = {
  RING_PARAM_LINK_EFFICIENCY, TRUE, -4.60517, 0.693147, 1, 0.0953102,
  efficiency_grid, G_N_ELEMENTS (efficiency_grid),
};
static const Free free_net_efficiency = {
  RING_PARAM_NET_EFFICIENCY, TRUE, -4.60517, 0.693147, 1, 0.0953102,
  efficiency_grid, G_N_ELEMENTS (efficiency_grid),
};

/* --- Results ----------------------------------------------------------------------- */

/* The rms change of ln t over the samples when value @j moves by its probe. */
static double
sensitivity (Problem      *problem,
             const double *x,
             guint         j)
{
  double moved[RING_NCCL_FIT_MAX_VALUES];
  double sum = 0, weights = 0;

  memcpy (moved, x, problem->n_free * sizeof (double));
  if (x[j] + problem->frees[j]->probe > problem->frees[j]->high)
    moved[j] -= problem->frees[j]->probe;
  else
    moved[j] += problem->frees[j]->probe;

  for (guint i = 0; i < problem->n_samples; i++)
    {
      RingAllreduceCost cost;
      double before, after;

      _ring_nccl_fit_set_free (problem, x);
      before = _ring_nccl_fit_model_us (problem, problem->samples[i].size_bytes, &cost);
      _ring_nccl_fit_set_free (problem, moved);
      after = _ring_nccl_fit_model_us (problem, problem->samples[i].size_bytes, &cost);
      if (before > 0 && after > 0)
        sum += problem->samples[i].weight * pow (log (after / before), 2);
      weights += problem->samples[i].weight;
    }
  _ring_nccl_fit_set_free (problem, x);

  return weights > 0 ? sqrt (sum / weights) : 0;
}

static void
fill_values (Problem          *problem,
             const double     *x,
             RingNcclFitValue *values,
             guint            *n_values)
{
  *n_values = problem->n_free;
  for (guint j = 0; j < problem->n_free; j++)
    {
      values[j].id = problem->frees[j]->id;
      values[j].value = _ring_nccl_fit_from_space (problem->frees[j], x[j]);
      values[j].nominal = _ring_nccl_fit_from_space (problem->frees[j], problem->nominal[j]);
      values[j].determined = sensitivity (problem, x, j) >= DETERMINED_RMS;
    }
}

/* Fits @problem from its nominal values; leaves the fitted ones in problem->params and,
 * in the search's space, in @x. */
static void
fit_problem (Problem          *problem,
             RingNcclFitValue *values,
             guint            *n_values,
             double           *x)
{
  memcpy (x, problem->nominal, RING_NCCL_FIT_MAX_VALUES * sizeof (double));
  _ring_nccl_fit_minimise (problem, x);
  fill_values (problem, x, values, n_values);
  _ring_nccl_fit_set_free (problem, x);
}

/* exp (mean |e|) − 1 and exp (max |e|) − 1 of ln-ratios, in percent. */
static void
error_figures (const double *errors,
               guint         n,
               double       *geomean_pct,
               double       *worst_pct)
{
  double sum = 0, worst = 0;

  for (guint i = 0; i < n; i++)
    {
      sum += fabs (errors[i]);
      worst = MAX (worst, fabs (errors[i]));
    }
  *geomean_pct = n > 0 ? (exp (sum / n) - 1) * 100 : 0;
  *worst_pct = n > 0 ? (exp (worst) - 1) * 100 : 0;
}

/* The joint fit's errors and protocol at every point; the model before it too, which is
 * the same model where nothing was fitted (@nominal NULL: costed once). */
static void
fill_points (RingNcclFit   *fit,
             Problem       *problem,
             const Problem *nominal,
             double        *errors,
             double        *nominal_errors)
{
  for (guint i = 0; i < problem->n_samples; i++)
    {
      RingAllreduceCost cost, nominal_cost;
      RingNcclFitPoint point;

      point.size_bytes = problem->samples[i].size_bytes;
      point.measured_us = problem->samples[i].measured_us;
      point.predicted_us = _ring_nccl_fit_model_us (problem, point.size_bytes, &cost);
      point.nominal_us = nominal != NULL ? _ring_nccl_fit_model_us (nominal, point.size_bytes, &nominal_cost)
                                         : point.predicted_us;
      point.algorithm = cost.algorithm;
      point.protocol = cost.protocol;
      g_array_append_val (fit->points, point);

      errors[i] = log (point.predicted_us / point.measured_us);
      nominal_errors[i] = log (point.nominal_us / point.measured_us);
    }
  error_figures (errors, problem->n_samples, &fit->geomean_error_pct, &fit->worst_error_pct);
  error_figures (nominal_errors, problem->n_samples, &fit->nominal_geomean_error_pct,
                 &fit->nominal_worst_error_pct);
}

/* Each protocol's points: their error under the joint fit, and a fit of their own. */
static void
fit_protocols (RingNcclFit   *fit,
               const Problem *joint,
               const double  *errors)
{
  for (RingProtocol protocol = 0; protocol < RING_N_PROTOCOLS; protocol++)
    {
      RingNcclFitProtocol *result = &fit->protocols[protocol];
      g_autofree Sample *samples = g_new (Sample, joint->n_samples);
      g_autofree double *subset = g_new (double, joint->n_samples);
      double x[RING_NCCL_FIT_MAX_VALUES];
      Problem problem = *joint;
      guint n = 0;

      for (guint i = 0; i < joint->n_samples; i++)
        {
          if (g_array_index (fit->points, RingNcclFitPoint, i).protocol != protocol)
            continue;
          samples[n] = joint->samples[i];
          subset[n++] = errors[i];
        }
      result->n_points = n;
      error_figures (subset, n, &result->geomean_error_pct, &result->worst_error_pct);
      if (n < 3)
        continue;

      problem.samples = samples;
      problem.n_samples = n;
      fit_problem (&problem, result->values, &result->n_values, x);
    }
}

/* The most rows a fit uses, spread evenly over the log's rows (the first and the last
 * among them). */
#define MAX_FIT_SAMPLES 256

/* The rows to fit: out-of-place times of sizes above 0 with no wrong elements. */
static Sample *
collect_samples (const RingNcclLog *nccl_log,
                 guint             *n_samples)
{
  Sample *samples = g_new (Sample, MAX (nccl_log->points->len, 1));
  guint n = 0;

  for (guint i = 0; i < nccl_log->points->len; i++)
    {
      const RingNcclPoint *point = &g_array_index (nccl_log->points, RingNcclPoint, i);

      if (point->size_bytes >= 1 && point->time_us > 0 && isfinite (point->time_us)
          && point->wrong <= 0)
        {
          samples[n].size_bytes = point->size_bytes;
          samples[n].ln_measured = log (point->time_us);
          samples[n].measured_us = point->time_us;
          n++;
        }
    }

  /* A log of thousands of rows (one size repeated, or a fine sweep) says no more than a
   * few hundred spread over it, and each costs the fit an evaluation per step. */
  if (n > MAX_FIT_SAMPLES)
    {
      for (guint i = 0; i < MAX_FIT_SAMPLES; i++)
        samples[i] = samples[(guint64) i * (n - 1) / (MAX_FIT_SAMPLES - 1)];
      n = MAX_FIT_SAMPLES;
    }

  /* Thirty copies of one row are one size: together they weigh as much as one row. */
  for (guint i = 0; i < n; i++)
    {
      guint same = 0;

      for (guint k = 0; k < n; k++)
        same += samples[k].size_bytes == samples[i].size_bytes;
      samples[i].weight = 1.0 / same;
    }

  *n_samples = n;
  return samples;
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static guint
count_sizes (const Sample *samples,
             guint         n_samples)
{
  g_autofree double *sizes = g_new (double, MAX (n_samples, 1));
  guint n = 0;

  for (guint i = 0; i < n_samples; i++)
    sizes[i] = samples[i].size_bytes;
  qsort (sizes, n_samples, sizeof (double), compare_doubles);
  for (guint i = 0; i < n_samples; i++)
    n += i == 0 || sizes[i] != sizes[i - 1];

  return n;
}

/* Whether the times fall as the sizes grow: the weighted least-squares slope of ln t on
 * ln size is negative and the largest size's rows took a tenth less than the smallest's.
 * No collective gets faster with more bytes; a flat or noisy run of small sizes is not
 * this. */
static gboolean
times_fall (const Sample *samples,
            guint         n_samples)
{
  double sw = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, slope;
  double smallest = G_MAXDOUBLE, largest = 0, ln_smallest = 0, ln_largest = 0;
  double w_smallest = 0, w_largest = 0;

  for (guint i = 0; i < n_samples; i++)
    {
      smallest = MIN (smallest, samples[i].size_bytes);
      largest = MAX (largest, samples[i].size_bytes);
    }
  for (guint i = 0; i < n_samples; i++)
    {
      double w = samples[i].weight, x = log (samples[i].size_bytes);
      double y = samples[i].ln_measured;

      sw += w;
      sx += w * x;
      sy += w * y;
      sxx += w * x * x;
      sxy += w * x * y;
      if (samples[i].size_bytes == smallest)
        ln_smallest += y, w_smallest++;
      if (samples[i].size_bytes == largest)
        ln_largest += y, w_largest++;
    }
  if (largest <= smallest || sw * sxx - sx * sx <= 0)
    return FALSE;
  slope = (sw * sxy - sx * sy) / (sw * sxx - sx * sx);

  return slope < 0 && ln_largest / w_largest < ln_smallest / w_smallest + log (0.9);
}

/* A determined value where the search stopped at a bound: the data asked for more than
 * the model can mean (a link efficiency of 2, a latency of 1 000 µs). A net latency of
 * 0 is a floor the world sets, not the search: a finding. */
static gboolean
value_on_bound (const Problem *problem,
                const double  *x,
                guint          j)
{
  const Free *free = problem->frees[j];
  double margin = 1e-6 * (free->high - free->low);

  return (x[j] <= free->low + margin && !free->low_is_physical) || x[j] >= free->high - margin;
}

/* The log's cluster: the base with the log's GPU, ranks and ranks per host, costed as the
 * NCCL release the log names (one older than the modelled series as the oldest, a newer
 * one as the newest), or as the base's where it names none. */
static gboolean
shape_params (const RingParams   *base,
              const RingNcclLog  *nccl_log,
              RingParams         *params,
              GError            **error)
{
  *params = *base;
  params->message_bytes = 0;
  if (nccl_log->gpu_matched && nccl_log->gpu != params->gpu)
    ring_params_apply_gpu (params, nccl_log->gpu);
  params->gpus = nccl_log->ranks;
  if (nccl_log->nccl_major == 2)
    params->nccl_version = (RingNcclVersion) (CLAMP (nccl_log->nccl_minor, 18,
                                                     18 + RING_NCCL_VERSION_LAST) - 18);
  else if (nccl_log->nccl_major > 2)
    params->nccl_version = RING_NCCL_VERSION_LAST;
  if (nccl_log->nodes > 0)
    params->gpus_per_node = (nccl_log->ranks + nccl_log->nodes - 1) / nccl_log->nodes;
  /* Within the parameter's range, so that applying the fit always validates. */
  params->gpus_per_node = CLAMP (params->gpus_per_node, 1,
                                 MIN (params->gpus,
                                      ring_param_info (RING_PARAM_GPUS_PER_NODE)->maximum));
  /* An NVLink domain (NVL72's 18 hosts of 4) spans whole hosts of the log's size. */
  params->nvlink_domain = ring_params_get_domain_gpus (params);
  if (params->nvlink_domain <= params->gpus_per_node)
    params->nvlink_domain = 0;

  if (ring_params_get_nodes (params) > 1 && params->nics_per_node == 0)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_CANNOT_RUN,
                   _("the log ran on %u nodes, and the model's nodes have no NICs"),
                   ring_params_get_nodes (params));
      return FALSE;
    }

  return TRUE;
}

static void
setup_problem (Problem           *problem,
               const RingParams  *base,
               const RingNcclLog *nccl_log)
{
  const RingAlgorithmInfo *info = ring_algorithm_info (base->algorithm);

  problem->algorithm = info->nccl ? base->algorithm : RING_ALGORITHM_AUTO;
  problem->collective = nccl_log->collective;
  problem->gpus_per_process = MAX (nccl_log->gpus_per_process, 1);

  /* What the measurement loaded: one node, its links; several, the NICs and the links. */
  if (ring_params_get_nodes (&problem->params) == 1)
    {
      problem->frees[problem->n_free++] = &free_link_latency;
      problem->frees[problem->n_free++] = &free_link_efficiency;
    }
  else
    {
      problem->frees[problem->n_free++] = &free_net_latency;
      problem->frees[problem->n_free++] = &free_net_efficiency;
      problem->frees[problem->n_free++] = &free_link_efficiency;
    }

  for (guint j = 0; j < problem->n_free; j++)
    {
      const Free *free = problem->frees[j];
      double value = ring_params_get_value (&problem->params, free->id);

      problem->nominal[j] = CLAMP (_ring_nccl_fit_to_space (free, value), free->low, free->high);
    }
}

/* ring_nccl_fit(), or with @fit FALSE ring_nccl_fit_evaluate(): the same cluster and
 * points, the nominal values left as they are. */
static RingNcclFit *
fit_or_evaluate (const RingParams   *base,
                 const RingNcclLog  *nccl_log,
                 gboolean            fit_values,
                 GError            **error)
{
  g_autoptr(RingNcclFit) fit = NULL;
  g_autofree Sample *samples = NULL;
  g_autofree double *errors = NULL;
  g_autofree double *nominal_errors = NULL;
  Problem problem = { 0 }, nominal;
  double x[RING_NCCL_FIT_MAX_VALUES];
  guint n_samples, n_sizes;

  g_assert (base != NULL && nccl_log != NULL);

  if (nccl_log->ranks < 2)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_SINGLE_RANK,
                   _("the log ran on one rank, which communicates nothing to fit"));
      return NULL;
    }
  samples = collect_samples (nccl_log, &n_samples);
  if (n_samples == 0)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_TOO_FEW_POINTS,
                   /* TRANSLATORS: why an nccl-tests log is refused: every row has a size
                    * of 0, no time, or elements nccl-tests found wrong */
                   _("the log has no usable row (a size above 0 with a time and no wrong "
                     "elements) to compare with"));
      return NULL;
    }
  /* One size (a bandwidth check at 8 GiB, say, or one row thirty times) compares;
   * fitting it needs two. */
  n_sizes = count_sizes (samples, n_samples);
  if (fit_values && n_sizes < 2)
    {
      g_set_error (error, RING_NCCL_FIT_ERROR, RING_NCCL_FIT_ERROR_TOO_FEW_POINTS,
                   /* TRANSLATORS: sizes of rows with a time, no wrong elements and a size
                    * above 0 (a size repeated counts once) */
                   g_dngettext (GETTEXT_PACKAGE,
                                "the log has %u usable size; a fit needs two or more",
                                "the log has %u usable sizes; a fit needs two or more",
                                n_sizes), n_sizes);
      return NULL;
    }
  if (!shape_params (base, nccl_log, &problem.params, error))
    return NULL;

  problem.samples = samples;
  problem.n_samples = n_samples;
  setup_problem (&problem, base, nccl_log);
  nominal = problem;

  fit = g_new0 (RingNcclFit, 1);
  fit->points = g_array_new (FALSE, FALSE, sizeof (RingNcclFitPoint));
  fit->gpus_per_process = problem.gpus_per_process;
  fit->algorithm = problem.algorithm;
  fit->collective = problem.collective;
  fit->n_sizes = n_sizes;
  /* Times that fall as sizes grow are no all-reduce any model fits: not fitted at all. */
  if (fit_values && times_fall (samples, n_samples))
    {
      fit->warning = RING_NCCL_FIT_WARNING_TIMES_FALL;
      fit_values = FALSE;
    }
  if (fit_values)
    {
      fit_problem (&problem, fit->values, &fit->n_values, x);
    }
  else
    {
      fit->n_values = problem.n_free;
      for (guint j = 0; j < problem.n_free; j++)
        {
          fit->values[j].id = problem.frees[j]->id;
          fit->values[j].value = ring_params_get_value (&problem.params, problem.frees[j]->id);
          fit->values[j].nominal = fit->values[j].value;
          fit->values[j].determined = FALSE;
        }
    }
  fit->params = problem.params;

  errors = g_new (double, n_samples);
  nominal_errors = g_new (double, n_samples);
  fill_points (fit, &problem, fit_values ? &nominal : NULL, errors, nominal_errors);
  if (!fit_values)
    return g_steal_pointer (&fit);

  fit_protocols (fit, &problem, errors);
  /* A value the data drove to its bound, or a fit no better than where it started, is
   * not a finding: reported with its warning, offered and applied nowhere. */
  for (guint j = 0; j < fit->n_values && fit->warning == RING_NCCL_FIT_WARNING_NONE; j++)
    if (fit->values[j].determined && value_on_bound (&problem, x, j))
      {
        fit->warning = RING_NCCL_FIT_WARNING_ON_BOUND;
        fit->warning_value = fit->values[j].id;
      }
  if (fit->warning == RING_NCCL_FIT_WARNING_NONE && ring_nccl_fit_determines_any (fit)
      && fit->geomean_error_pct > fit->nominal_geomean_error_pct - NO_IMPROVEMENT_PCT)
    fit->warning = RING_NCCL_FIT_WARNING_NO_IMPROVEMENT;
  if (fit->warning != RING_NCCL_FIT_WARNING_NONE)
    for (guint j = 0; j < fit->n_values; j++)
      fit->values[j].determined = FALSE;

  return g_steal_pointer (&fit);
}

char *
ring_nccl_fit_describe_warning (const RingNcclFit *fit)
{
  g_return_val_if_fail (fit != NULL, NULL);

  switch (fit->warning)
    {
    case RING_NCCL_FIT_WARNING_TIMES_FALL:
      /* TRANSLATORS: why values fitted to an nccl-tests log are not offered */
      return g_strdup (_("its times fall as the sizes grow, which no all-reduce does: "
                         "nothing fitted"));
    case RING_NCCL_FIT_WARNING_ON_BOUND:
      {
        const RingParamInfo *info = ring_param_info (fit->warning_value);
        double value = NAN;

        for (guint j = 0; j < fit->n_values; j++)
          if (fit->values[j].id == fit->warning_value)
            value = fit->values[j].value;
        /* TRANSLATORS: why values fitted to an nccl-tests log are not offered: a value's
         * name ("link efficiency"), the value and its unit */
        return g_strdup_printf (_("the fit drove %s to the end of its range (%.3g%s%s): "
                                  "not used"),
                                ring_measurement_value_title (fit->warning_value), value,
                                *info->unit != '\0' ? " " : "", info->unit);
      }
    case RING_NCCL_FIT_WARNING_NO_IMPROVEMENT:
      /* TRANSLATORS: why values fitted to an nccl-tests log are not offered */
      return g_strdup_printf (_("the fit is no closer to the log than the model already is "
                                "(±%.0f %% against ±%.0f %%): not used"),
                              fit->geomean_error_pct, fit->nominal_geomean_error_pct);
    case RING_NCCL_FIT_WARNING_NONE:
    default:
      return NULL;
    }
}

RingNcclFit *
ring_nccl_fit (const RingParams   *base,
               const RingNcclLog  *nccl_log,
               GError            **error)
{
  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (nccl_log != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return fit_or_evaluate (base, nccl_log, TRUE, error);
}

RingNcclFit *
ring_nccl_fit_evaluate (const RingParams   *base,
                        const RingNcclLog  *nccl_log,
                        GError            **error)
{
  g_return_val_if_fail (base != NULL, NULL);
  g_return_val_if_fail (nccl_log != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return fit_or_evaluate (base, nccl_log, FALSE, error);
}

void
ring_nccl_fit_free (RingNcclFit *fit)
{
  if (fit == NULL)
    return;

  g_array_unref (fit->points);
  g_free (fit);
}

gboolean
ring_nccl_fit_determines_any (const RingNcclFit *fit)
{
  g_return_val_if_fail (fit != NULL, FALSE);

  for (guint j = 0; j < fit->n_values; j++)
    if (fit->values[j].determined)
      return TRUE;

  return FALSE;
}

void
ring_nccl_fit_apply (const RingNcclFit *fit,
                     RingParams        *params)
{
  static const RingParamId copied[] = {
    RING_PARAM_GPUS_PER_NODE, RING_PARAM_NVLINK_DOMAIN, RING_PARAM_NICS_PER_NODE,
    RING_PARAM_NIC_SPEED, RING_PARAM_FABRIC, RING_PARAM_NET_LATENCY, RING_PARAM_NET_EFFICIENCY,
    RING_PARAM_LINK_LATENCY, RING_PARAM_LINK_EFFICIENCY, RING_PARAM_BANDWIDTH,
  };

  g_return_if_fail (fit != NULL);
  g_return_if_fail (params != NULL);

  if (params->gpu != fit->params.gpu)
    ring_params_apply_gpu (params, fit->params.gpu);
  for (guint i = 0; i < G_N_ELEMENTS (copied); i++)
    ring_params_set_value (params, copied[i], ring_params_get_value (&fit->params, copied[i]));
  /* What the log does not pin down stays as it was: a log slow at every size can drive a
   * free value to its bound (a latency of 1 000 µs) that nothing measured supports. */
  for (guint i = 0; i < fit->n_values; i++)
    ring_params_set_value (params, fit->values[i].id,
                           ring_nccl_fit_value_in_use (&fit->values[i]));
}
