/* ring-sharding.h: how data parallelism keeps the model state, by name.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-params-types.h"

G_BEGIN_DECLS

/* "ddp", "zero1", … as the command line takes them. */
const char *ring_sharding_to_string (RingSharding sharding);
/* "DDP", "ZeRO-1", … (translated). */
const char *ring_sharding_get_title (RingSharding sharding);

G_END_DECLS
