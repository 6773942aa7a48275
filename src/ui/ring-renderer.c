/* ring-renderer.c: cairo where OpenGL would be software.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <gtk/gtk.h>

#include "ring-renderer.h"

static gboolean
has_render_node (const char *render_node_dir)
{
  g_autoptr(GDir) dir = g_dir_open (render_node_dir, 0, NULL);
  const char *name;

  if (dir == NULL)
    return FALSE;
  while ((name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "renderD"))
      return TRUE;

  return FALSE;
}

/* Adds @flag to the comma-separated list in @variable, unless it is there. */
static void
add_flag (const char *variable,
          const char *flag)
{
  const char *value = g_getenv (variable);
  g_auto(GStrv) flags = NULL;
  g_autofree char *joined = NULL;

  if (value == NULL || *value == '\0')
    {
      g_setenv (variable, flag, TRUE);
      return;
    }
  flags = g_strsplit_set (value, ",: ", -1);
  if (g_strv_contains ((const char * const *) flags, flag)
      || g_strv_contains ((const char * const *) flags, "all"))
    return;
  joined = g_strconcat (value, ",", flag, NULL);
  g_setenv (variable, joined, TRUE);
}

gboolean
ring_renderer_choose (const char *render_node_dir)
{
  const char *chosen = g_getenv ("GSK_RENDERER");

  g_return_val_if_fail (render_node_dir != NULL, FALSE);

  if ((chosen != NULL && *chosen != '\0') || has_render_node (render_node_dir))
    return FALSE;

  g_setenv ("GSK_RENDERER", "cairo", TRUE);
  /* GTK 4.16 moved the switch from the debug flags to GDK_DISABLE; the older name warns
   * there. gtk_get_minor_version() needs no initialised GTK. */
  if (gtk_get_major_version () == 4 && gtk_get_minor_version () < 16)
    add_flag ("GDK_DEBUG", "gl-disable");
  else
    add_flag ("GDK_DISABLE", "gl");

  return TRUE;
}
