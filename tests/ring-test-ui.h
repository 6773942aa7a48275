/* ring-test-ui.h: what every ui test program does first.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

/* Opens the display the ui suite runs under (Xvfb, from build-aux/dev test). Without one
 * it says so in TAP and returns FALSE, so that main() returns 0 with the program skipped
 * instead of aborting in gtk_init(). */
static inline gboolean
ring_test_init_display (void)
{
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display: run the ui suite under xvfb-run "
               "(./build-aux/dev test does)\n");
      return FALSE;
    }

  adw_init ();

  return TRUE;
}
