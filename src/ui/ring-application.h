/* ring-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ring-model.h"

G_BEGIN_DECLS

#define RING_TYPE_APPLICATION (ring_application_get_type ())

G_DECLARE_FINAL_TYPE (RingApplication, ring_application, RING, APPLICATION, AdwApplication)

RingApplication *ring_application_new (void);

G_END_DECLS
