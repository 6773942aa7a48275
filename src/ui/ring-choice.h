/* ring-choice.h: one entry of a drop-down of the model's choices (a GPU, a fabric, an
 * algorithm), with what it shows and whether it can be chosen here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define RING_TYPE_CHOICE (ring_choice_get_type ())

G_DECLARE_FINAL_TYPE (RingChoice, ring_choice, RING, CHOICE, GObject)

/* Properties: "value" (the enum value, construct-only), "title" (the entry in the open
 * list), "summary" (what the closed drop-down shows when it is chosen), "available"
 * (whether it can be chosen on this hardware) and "reason" (why not, or NULL). Each
 * notifies only when it really changes. */
RingChoice *ring_choice_new           (guint        value,
                                       const char  *title,
                                       const char  *summary);
guint       ring_choice_get_value     (RingChoice  *self);
const char *ring_choice_get_title     (RingChoice  *self);
void        ring_choice_set_title     (RingChoice  *self,
                                       const char  *title);
const char *ring_choice_get_summary   (RingChoice  *self);
void        ring_choice_set_summary   (RingChoice  *self,
                                       const char  *summary);
gboolean    ring_choice_get_available (RingChoice  *self);
const char *ring_choice_get_reason    (RingChoice  *self);
/* Available with a NULL @reason; unavailable, saying why, otherwise. */
void        ring_choice_set_reason    (RingChoice  *self,
                                       const char  *reason);

G_END_DECLS
