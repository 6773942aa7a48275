/* ring-nccl-tests-fit-search.c: the search of the fit's free values (ring-nccl-tests-fit.c).
 *
 * The objective is Σ w (ln t_model − ln t_measured)² over the rows (w: each size counts
 * once) plus a weak pull towards the nominal values. The model has kinks (min of bounds,
 * protocol switches), so the minimiser needs no derivatives: a grid, then Nelder and
 * Mead's simplex (1965), restarted once from where it stopped.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-nccl-tests-fit-private.h"

#define RIDGE 1e-4
#define MAX_ITERATIONS 600

double
_ring_nccl_fit_to_space (const Free *free,
                         double      value)
{
  return free->logarithmic ? log (value) : value;
}

double
_ring_nccl_fit_from_space (const Free *free,
                           double      x)
{
  return free->logarithmic ? exp (x) : x;
}

void
_ring_nccl_fit_set_free (Problem      *problem,
                         const double *x)
{
  for (guint j = 0; j < problem->n_free; j++)
    ring_params_set_value (&problem->params, problem->frees[j]->id,
                           _ring_nccl_fit_from_space (problem->frees[j], x[j]));
}

double
_ring_nccl_fit_model_us (const Problem     *problem,
                         double             bytes,
                         RingAllreduceCost *cost)
{
  RingTopology topology;

  ring_topology_init (&topology, &problem->params, problem->params.gpus);
  topology.gpus_per_process = problem->gpus_per_process;
  if (!ring_collective_cost (&topology, problem->collective, problem->algorithm, bytes, cost))
    return 0;

  return cost->time_s * 1e6;
}

static double
objective (Problem      *problem,
           const double *x)
{
  double sum = 0;

  _ring_nccl_fit_set_free (problem, x);
  for (guint i = 0; i < problem->n_samples; i++)
    {
      RingAllreduceCost cost;
      double us = _ring_nccl_fit_model_us (problem, problem->samples[i].size_bytes, &cost);
      double residual;

      if (!(us > 0))
        return G_MAXDOUBLE;
      residual = log (us) - problem->samples[i].ln_measured;
      sum += problem->samples[i].weight * residual * residual;
    }
  for (guint j = 0; j < problem->n_free; j++)
    {
      double pull = (x[j] - problem->nominal[j]) / problem->frees[j]->scale;

      sum += RIDGE * pull * pull;
    }

  return sum;
}

static void
clamp_point (const Problem *problem,
             double        *x)
{
  for (guint j = 0; j < problem->n_free; j++)
    x[j] = CLAMP (x[j], problem->frees[j]->low, problem->frees[j]->high);
}

/* Every grid point, the other values at @x's; keeps the best in @x. */
static double
grid_search (Problem *problem,
             double  *x)
{
  guint n = problem->n_free, total = 1;
  double best[RING_NCCL_FIT_MAX_VALUES], best_f;

  memcpy (best, x, n * sizeof (double));
  best_f = objective (problem, best);
  for (guint j = 0; j < n; j++)
    total *= problem->frees[j]->n_grid;

  for (guint index = 0; index < total; index++)
    {
      double trial[RING_NCCL_FIT_MAX_VALUES];
      guint rest = index;
      double f;

      for (guint j = 0; j < n; j++)
        {
          const Free *free = problem->frees[j];

          trial[j] = _ring_nccl_fit_to_space (free, free->grid[rest % free->n_grid]);
          rest /= free->n_grid;
        }
      f = objective (problem, trial);
      if (f < best_f)
        {
          best_f = f;
          memcpy (best, trial, n * sizeof (double));
        }
    }

  memcpy (x, best, n * sizeof (double));
  return best_f;
}

/* --- Nelder–Mead ------------------------------------------------------------------- */

typedef struct
{
  double x[RING_NCCL_FIT_MAX_VALUES];
  double f;
} Vertex;

static void
sort_simplex (Vertex *simplex,
              guint   n)
{
  for (guint i = 1; i <= n; i++)
    {
      for (guint k = i; k > 0 && simplex[k].f < simplex[k - 1].f; k--)
        {
          Vertex swap = simplex[k];

          simplex[k] = simplex[k - 1];
          simplex[k - 1] = swap;
        }
    }
}

/* centroid + t · (centroid − worst), clamped to the ranges, evaluated. */
static Vertex
move_vertex (Problem      *problem,
             const double *centroid,
             const Vertex *worst,
             double        t)
{
  Vertex v;

  for (guint j = 0; j < problem->n_free; j++)
    v.x[j] = centroid[j] + t * (centroid[j] - worst->x[j]);
  clamp_point (problem, v.x);
  v.f = objective (problem, v.x);

  return v;
}

static gboolean
converged (const Problem *problem,
           const Vertex  *simplex)
{
  guint n = problem->n_free;
  double size = 0;

  for (guint i = 1; i <= n; i++)
    {
      for (guint j = 0; j < n; j++)
        size = MAX (size, fabs (simplex[i].x[j] - simplex[0].x[j]));
    }

  return size < 1e-9 || simplex[n].f - simplex[0].f < 1e-16;
}

static void
shrink (Problem *problem,
        Vertex  *simplex)
{
  for (guint i = 1; i <= problem->n_free; i++)
    {
      for (guint j = 0; j < problem->n_free; j++)
        simplex[i].x[j] = simplex[0].x[j] + 0.5 * (simplex[i].x[j] - simplex[0].x[j]);
      simplex[i].f = objective (problem, simplex[i].x);
    }
}

/* One Nelder–Mead step (reflect, expand, contract or shrink) on a sorted simplex. */
static void
simplex_step (Problem *problem,
              Vertex  *simplex)
{
  guint n = problem->n_free;
  double centroid[RING_NCCL_FIT_MAX_VALUES] = { 0 };
  Vertex reflected, trial;

  for (guint i = 0; i < n; i++)
    {
      for (guint j = 0; j < n; j++)
        centroid[j] += simplex[i].x[j] / n;
    }

  reflected = move_vertex (problem, centroid, &simplex[n], 1);
  if (reflected.f < simplex[0].f)
    {
      trial = move_vertex (problem, centroid, &simplex[n], 2);
      simplex[n] = trial.f < reflected.f ? trial : reflected;
    }
  else if (reflected.f < simplex[n - 1].f)
    simplex[n] = reflected;
  else
    {
      trial = move_vertex (problem, centroid, &simplex[n],
                           reflected.f < simplex[n].f ? 0.5 : -0.5);
      if (trial.f < MIN (reflected.f, simplex[n].f))
        simplex[n] = trial;
      else
        shrink (problem, simplex);
    }
  sort_simplex (simplex, n);
}

static double
nelder_mead (Problem *problem,
             double  *x)
{
  guint n = problem->n_free;
  Vertex simplex[RING_NCCL_FIT_MAX_VALUES + 1];

  for (guint i = 0; i <= n; i++)
    {
      memcpy (simplex[i].x, x, n * sizeof (double));
      if (i > 0)
        {
          const Free *free = problem->frees[i - 1];
          double step = free->logarithmic ? 0.1 : MAX (0.5, 0.2 * fabs (x[i - 1]));

          /* Away from the bound it may sit on. */
          if (x[i - 1] + step > free->high)
            step = -step;
          simplex[i].x[i - 1] += step;
        }
      simplex[i].f = objective (problem, simplex[i].x);
    }
  sort_simplex (simplex, n);

  for (guint iteration = 0; iteration < MAX_ITERATIONS && !converged (problem, simplex);
       iteration++)
    simplex_step (problem, simplex);

  memcpy (x, simplex[0].x, n * sizeof (double));
  return simplex[0].f;
}

/* The grid, then the simplex twice: the best of the grid can sit in the wrong valley of a
 * kink, and a simplex can stall against a bound. */
void
_ring_nccl_fit_minimise (Problem *problem,
                         double  *x)
{
  grid_search (problem, x);
  nelder_mead (problem, x);
  nelder_mead (problem, x);
}
