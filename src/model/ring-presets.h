/* ring-presets.h: named hardware and model configurations that say what they change.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params.h"

G_BEGIN_DECLS

typedef enum
{
  RING_PRESET_HARDWARE,   /* GPU, node and network only */
  RING_PRESET_MODEL,      /* the model only */
} RingPresetKind;

/* One parameter a preset sets, written as it would be typed after --option. */
typedef struct
{
  RingParamId  id;
  const char  *value;
} RingPresetSetting;

#define RING_PRESET_MAX_SETTINGS 10

typedef struct
{
  const char        *name;          /* "dgx-h100", as on the command line */
  const char        *description;   /* untranslated; callers pass it through _() */
  RingPresetKind     kind;
  RingPresetSetting  settings[RING_PRESET_MAX_SETTINGS];  /* ends at value == NULL */
} RingPreset;

const RingPreset *ring_presets_get         (guint            *n_presets);
/* By name or by an older alias ("h100-nvlink" is "dgx-h100" now). */
const RingPreset *ring_preset_lookup       (const char       *name);
/* Sets what the preset sets and nothing else; a GPU brings its facts. */
void              ring_preset_apply        (const RingPreset *preset,
                                            RingParams       *params);
/* The parameters ring_preset_apply() may change, in RingParamId order, into @ids (room
 * for RING_N_PARAMS); returns how many. A GPU counts with the facts it sets (compute,
 * bandwidth, GPUs per node), so a toast can name everything that moved. */
guint             ring_preset_list_changes (const RingPreset *preset,
                                            RingParamId      *ids);
/* Whether @a and @b set a parameter in common (what ring_preset_list_changes() lists),
 * and the first one in RingParamId order into @param. A hardware and a model preset share
 * none: they compose. */
gboolean          ring_preset_shares_param (const RingPreset *a,
                                            const RingPreset *b,
                                            RingParamId      *param);

G_END_DECLS
