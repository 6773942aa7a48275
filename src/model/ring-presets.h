/* ring-presets.h: named hardware and model configurations.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

typedef struct
{
  const char *name;          /* "h100-nvlink", as on the command line */
  const char *description;   /* untranslated; callers pass it through _() */
  /* Only the fields a preset sets are > 0 (latency: ≥ 0); the rest keep their values. */
  guint       gpus;
  double      bandwidth_gbps;
  double      compute_tflops;
  double      latency_us;
  double      model_params;
  guint       gradient_bytes;
} RingPreset;

const RingPreset *ring_presets_get        (guint            *n_presets);
const RingPreset *ring_preset_lookup      (const char       *name);
void              ring_preset_apply       (const RingPreset *preset,
                                           RingParams       *params);

G_END_DECLS
