/* ring-cli-private.h: what the option table and the handling of the command line share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-cli.h"

G_BEGIN_DECLS

/* The value @raw of --@option as UTF-8, or NULL with @error naming the option. */
char *_ring_cli_option_text (const char  *option,
                             const char  *raw,
                             GError     **error);

/* "ring-allreduce: message" on standard error. */
void  _ring_cli_print_error (const char  *format,
                             ...) G_GNUC_PRINTF (1, 2);

G_END_DECLS
