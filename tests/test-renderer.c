/* test-renderer.c: the renderer chosen before GTK initialises: cairo, and no OpenGL
 * probed, where no GPU render node exists; GTK's own choice where one does, or where the
 * person chose.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "ring-renderer.h"

static void
clear_environment (void)
{
  g_unsetenv ("GSK_RENDERER");
  g_unsetenv ("GDK_DEBUG");
  g_unsetenv ("GDK_DISABLE");
}

/* The variable that turns GDK's OpenGL off in the GTK this runs with, and its flag. */
static const char *
gl_variable (const char **flag)
{
  gboolean old = gtk_get_minor_version () < 16;

  *flag = old ? "gl-disable" : "gl";
  return old ? "GDK_DEBUG" : "GDK_DISABLE";
}

static void
test_no_render_node (void)
{
  g_autofree char *empty = g_dir_make_tmp ("ring-dri-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (empty, "missing", NULL);
  const char *flag, *variable = gl_variable (&flag);
  g_autofree char *expected = g_strconcat ("interactive,", flag, NULL);

  clear_environment ();
  g_assert_true (ring_renderer_choose (empty));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "cairo");
  g_assert_cmpstr (g_getenv (variable), ==, flag);

  /* No folder at all is no GPU either; the person's other flags are kept, once. */
  clear_environment ();
  g_setenv (variable, "interactive", TRUE);
  g_assert_true (ring_renderer_choose (missing));
  g_assert_true (ring_renderer_choose (missing) == FALSE);
  g_assert_cmpstr (g_getenv (variable), ==, expected);

  clear_environment ();
  g_rmdir (empty);
}

static void
test_render_node (void)
{
  g_autofree char *dri = g_dir_make_tmp ("ring-dri-XXXXXX", NULL);
  g_autofree char *card = g_build_filename (dri, "card0", NULL);
  g_autofree char *node = g_build_filename (dri, "renderD128", NULL);
  const char *flag, *variable = gl_variable (&flag);

  /* A display card alone renders nothing off screen: still cairo. */
  clear_environment ();
  g_assert_true (g_file_set_contents (card, "", 0, NULL));
  g_assert_true (ring_renderer_choose (dri));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "cairo");

  /* With a render node GTK keeps its own choice, OpenGL and all. */
  clear_environment ();
  g_assert_true (g_file_set_contents (node, "", 0, NULL));
  g_assert_false (ring_renderer_choose (dri));
  g_assert_null (g_getenv ("GSK_RENDERER"));
  g_assert_null (g_getenv (variable));

  g_unlink (card);
  g_unlink (node);
  g_rmdir (dri);
}

static void
test_person_chose (void)
{
  g_autofree char *empty = g_dir_make_tmp ("ring-dri-XXXXXX", NULL);
  const char *flag, *variable = gl_variable (&flag);

  clear_environment ();
  g_setenv ("GSK_RENDERER", "ngl", TRUE);
  g_assert_false (ring_renderer_choose (empty));
  g_assert_cmpstr (g_getenv ("GSK_RENDERER"), ==, "ngl");
  g_assert_null (g_getenv (variable));

  clear_environment ();
  g_rmdir (empty);
}

/* Whether a library of Mesa's OpenGL is mapped into this process. */
static gboolean
mesa_loaded (void)
{
  g_autofree char *maps = NULL;

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));

  return strstr (maps, "_dri.so") != NULL || strstr (maps, "libGLX_mesa") != NULL
         || strstr (maps, "libEGL_mesa") != NULL || strstr (maps, "libgallium") != NULL;
}

/* The whole way, in a process of its own: GTK initialised after the choice probes no
 * OpenGL, and a window draws with cairo. */
static void
test_window_without_gl (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *empty = g_dir_make_tmp ("ring-dri-XXXXXX", NULL);
      g_autoptr(GError) error = NULL;
      GtkWidget *window;

      clear_environment ();
      g_assert_true (ring_renderer_choose (empty));
      g_rmdir (empty);
      g_assert_true (gtk_init_check ());
      adw_init ();

      window = gtk_window_new ();
      gtk_window_present (GTK_WINDOW (window));
      while (!gtk_widget_get_mapped (window))
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpstr (G_OBJECT_TYPE_NAME (gtk_native_get_renderer (GTK_NATIVE (window))),
                       ==, "GskCairoRenderer");
      g_assert_false (gdk_display_prepare_gl (gdk_display_get_default (), &error));
      g_assert_nonnull (error);
      g_assert_false (mesa_loaded ());
      gtk_window_destroy (GTK_WINDOW (window));
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/renderer/no-render-node", test_no_render_node);
  g_test_add_func ("/ring/renderer/render-node", test_render_node);
  g_test_add_func ("/ring/renderer/person-chose", test_person_chose);
  g_test_add_func ("/ring/renderer/window-without-gl", test_window_without_gl);

  return g_test_run ();
}
