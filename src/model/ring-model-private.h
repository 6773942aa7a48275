/* ring-model-private.h: what ring-model-scenarios.c needs of RingModel's inside.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-model.h"

G_BEGIN_DECLS

/* The pinned scenarios (of RingScenario) and the index the metrics compare with (-1:
 * none), owned by the model. */
GPtrArray *_ring_model_get_scenario_array (RingModel *self);
int       *_ring_model_get_compare_slot   (RingModel *self);
void       _ring_model_emit_changed       (RingModel *self);

G_END_DECLS
