/* ring-sharding.c: the names of the shardings.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-sharding.h"

static const char * const sharding_names[RING_N_SHARDINGS] = {
  "ddp", "zero1", "zero2", "fsdp",
};

static const char * const sharding_titles[RING_N_SHARDINGS] = {
  N_("DDP"), N_("ZeRO-1"), N_("ZeRO-2"), N_("FSDP"),
};

const char *
ring_sharding_to_string (RingSharding sharding)
{
  g_return_val_if_fail (sharding < RING_N_SHARDINGS, NULL);

  return sharding_names[sharding];
}

const char *
ring_sharding_get_title (RingSharding sharding)
{
  g_return_val_if_fail (sharding < RING_N_SHARDINGS, NULL);

  return _(sharding_titles[sharding]);
}
