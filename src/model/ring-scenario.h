/* ring-scenario.h: a pinned scenario: a name and a whole configuration, kept beside the
 * current one so that views can compare them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

#include "ring-params.h"

G_BEGIN_DECLS

/* How many scenarios the model keeps pinned: a chart of four extra curves is the most
 * that stays readable. */
#define RING_MAX_SCENARIOS 4

#define RING_SCENARIO_ERROR (ring_scenario_error_quark ())

typedef enum
{
  RING_SCENARIO_ERROR_FULL,      /* already RING_MAX_SCENARIOS pinned */
  RING_SCENARIO_ERROR_INVALID,   /* a parameter out of range, an empty name */
  RING_SCENARIO_ERROR_NEWER,     /* a file written by a newer version */
  RING_SCENARIO_ERROR_FORMAT,    /* not a scenario file, or a broken one */
} RingScenarioError;

GQuark ring_scenario_error_quark (void);

#define RING_SCENARIO_MAX_NAME 200

typedef struct
{
  char       *name;
  RingParams  params;
} RingScenario;

RingScenario *ring_scenario_new   (const char         *name,
                                   const RingParams   *params);
/* A name a scenario can have: UTF-8 text of at most RING_SCENARIO_MAX_NAME characters,
 * not blank, with no control characters (it goes into legends, SVG and CSV files). */
gboolean      ring_scenario_name_is_valid (const char *name);
void          ring_scenario_free  (RingScenario       *scenario);

/* A short translated description of @params for a scenario's name: "64 × H100, 400 Gb/s
 * NDR, bf16" (the GPUs, the network when there are several nodes, the gradients'
 * precision, and the algorithm or the message size when they are not the defaults). */
char         *ring_params_describe (const RingParams  *params);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RingScenario, ring_scenario_free)

G_END_DECLS
