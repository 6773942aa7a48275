/* ring-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-application.h"
#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_WINDOW (ring_window_get_type ())

G_DECLARE_FINAL_TYPE (RingWindow, ring_window, RING, WINDOW, AdwApplicationWindow)

RingWindow *ring_window_new       (RingApplication *application);
RingModel  *ring_window_get_model (RingWindow      *self);
/* Brings the chart of measured logs (the message sizes) on screen, unless it is. */
void        ring_window_show_measurements (RingWindow *self);
/* The last session's logs, or its pinned scenarios, are not read again: the command
 * line's replace them. Call before the window's first frame. */
void        ring_window_forget_stored_logs      (RingWindow *self);
void        ring_window_forget_stored_scenarios (RingWindow *self);

G_END_DECLS
