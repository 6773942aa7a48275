/* ring-i18n.h: the locale and the message catalogues, as both programs start.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Takes the locale from the environment and binds the catalogues: RING_ALLREDUCE_LOCALEDIR
 * when set (an uninstalled run), else where they are installed. */
void ring_i18n_init (void);

G_END_DECLS
