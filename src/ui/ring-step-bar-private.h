/* ring-step-bar-private.h: for tests.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-step-bar.h"

G_BEGIN_DECLS

/* How many times the bar has drawn itself (snapshots; repaints of a cached one do not
 * count). */
guint _ring_step_bar_get_draw_count (RingStepBar *self);

G_END_DECLS
