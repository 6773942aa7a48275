/* ring-window-private.h: what the window's split files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-window.h"

G_BEGIN_DECLS

struct _RingWindow
{
  AdwApplicationWindow  parent_instance;

  RingModel            *model;

  /* Template children. */
  AdwToastOverlay      *toast_overlay;
};

void _ring_window_class_actions_init (RingWindowClass *klass);
void _ring_window_add_toast          (RingWindow      *self,
                                      const char      *message);

G_END_DECLS
