/* test-manifest.c: the Flatpak manifests say what the release needs.
 *
 * flatpak-builder cannot run here (no runtimes offline), so these checks read the JSON
 * and hold it to what DESIGN.md and the build need: the ids, the GNOME runtime, the
 * sandbox holes (and nothing more), the pinned PLplot source and its options.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <json-glib/json-glib.h>

#define PLPLOT_URL \
  "https://downloads.sourceforge.net/project/plplot/plplot/5.15.0%20Source/plplot-5.15.0.tar.gz"
#define PLPLOT_SHA256 "b92de4d8f626a9b20c84fc94f4f6a9976edd76e33fb1eae44f6804bdcc628c7b"

typedef struct
{
  const char *file_name;
  const char *app_id;
  gboolean    development;
} ManifestCase;

static const ManifestCase release_case = {
  "io.github.ringallreduce.RingAllReduce.json",
  "io.github.ringallreduce.RingAllReduce",
  FALSE,
};

static const ManifestCase devel_case = {
  "io.github.ringallreduce.RingAllReduce.Devel.json",
  "io.github.ringallreduce.RingAllReduce.Devel",
  TRUE,
};

static JsonNode *
load_manifest (const char *file_name)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  path = g_test_build_filename (G_TEST_DIST, "..", "flatpak", file_name, NULL);
  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (json_parser_get_root (parser));
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));

  return json_node_copy (json_parser_get_root (parser));
}

/* Each case's manifest, read before it runs. */
typedef struct
{
  JsonNode   *root;
  JsonObject *manifest;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  const ManifestCase *manifest_case = data;

  fixture->root = load_manifest (manifest_case->file_name);
  fixture->manifest = json_node_get_object (fixture->root);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  json_node_unref (fixture->root);
}

static const char *
get_string (JsonObject *object,
            const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node)
      || json_node_get_value_type (node) != G_TYPE_STRING)
    return NULL;

  return json_node_get_string (node);
}

static JsonArray *
get_array (JsonObject *object,
           const char *member)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL || !JSON_NODE_HOLDS_ARRAY (node))
    return NULL;

  return json_node_get_array (node);
}

static gboolean
array_has_string (JsonArray  *array,
                  const char *value)
{
  for (guint i = 0; array != NULL && i < json_array_get_length (array); i++)
    {
      JsonNode *node = json_array_get_element (array, i);

      if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
          && g_str_equal (json_node_get_string (node), value))
        return TRUE;
    }

  return FALSE;
}

/* @module's source: it has one, and only one. */
static JsonObject *
only_source (JsonObject *module)
{
  JsonArray *sources = get_array (module, "sources");

  g_assert_nonnull (sources);
  g_assert_cmpuint (json_array_get_length (sources), ==, 1);

  return json_array_get_object_element (sources, 0);
}

/* Each of @values is in @array, named by @what when one is not. */
static void
assert_has_all (JsonArray          *array,
                const char * const *values,
                guint               n_values,
                const char         *what)
{
  for (guint i = 0; i < n_values; i++)
    {
      if (!array_has_string (array, values[i]))
        g_error ("%s lack %s", what, values[i]);
    }
}

/* None of @values is in @array. */
static void
assert_has_none (JsonArray          *array,
                 const char * const *values,
                 guint               n_values,
                 const char         *what)
{
  for (guint i = 0; i < n_values; i++)
    {
      if (array_has_string (array, values[i]))
        g_error ("%s hold %s", what, values[i]);
    }
}

static JsonObject *
find_module (JsonObject *manifest,
             const char *name)
{
  JsonArray *modules = get_array (manifest, "modules");

  g_assert_nonnull (modules);
  for (guint i = 0; i < json_array_get_length (modules); i++)
    {
      JsonNode *node = json_array_get_element (modules, i);

      if (JSON_NODE_HOLDS_OBJECT (node)
          && g_strcmp0 (get_string (json_node_get_object (node), "name"), name) == 0)
        return json_node_get_object (node);
    }

  return NULL;
}

static void
test_identity (Fixture       *fixture,
               gconstpointer  data)
{
  const ManifestCase *manifest_case = data;
  JsonObject *manifest = fixture->manifest;
  const char *runtime_version;
  char *end = NULL;
  guint64 version;

  g_assert_cmpstr (get_string (manifest, "id"), ==, manifest_case->app_id);
  g_assert_cmpstr (get_string (manifest, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (get_string (manifest, "sdk"), ==, "org.gnome.Sdk");
  g_assert_cmpstr (get_string (manifest, "command"), ==, "ring-allreduce");

  /* A whole GNOME release number, 49 or newer: it must ship json-glib and GTK >= 4.8. */
  runtime_version = get_string (manifest, "runtime-version");
  g_assert_nonnull (runtime_version);
  version = g_ascii_strtoull (runtime_version, &end, 10);
  g_assert_true (end != runtime_version && *end == '\0');
  g_assert_cmpuint (version, >=, 49);
}

static void
test_finish_args (Fixture       *fixture,
                  gconstpointer  data)
{
  JsonArray *finish_args = get_array (fixture->manifest, "finish-args");
  const char * const expected[] = {
    "--share=ipc", "--socket=fallback-x11", "--socket=wayland", "--device=dri",
  };

  /* Exactly these: files come and go through the portal's file chooser, so no
   * --filesystem, and the app needs no network. */
  g_assert_nonnull (finish_args);
  g_assert_cmpuint (json_array_get_length (finish_args), ==, G_N_ELEMENTS (expected));
  assert_has_all (finish_args, expected, G_N_ELEMENTS (expected), "finish-args");
}

static void
test_plplot (Fixture       *fixture,
             gconstpointer  data)
{
  JsonObject *plplot = find_module (fixture->manifest, "plplot");
  JsonObject *source;
  const char * const required_opts[] = {
    /* flatpak-builder passes a relative libdir, which breaks the paths in plplot.pc. */
    "-DCMAKE_INSTALL_LIBDIR=/app/lib",
    "-DDEFAULT_NO_BINDINGS=ON",
    "-DDEFAULT_NO_DEVICES=ON",
    "-DPLD_extcairo=ON",
    "-DPLD_pngcairo=ON",
    "-DPLD_svgcairo=ON",
    /* SVG exports are written by PLplot's own svg device, which keeps text as <text>. */
    "-DPLD_svg=ON",
    "-DENABLE_DYNDRIVERS=OFF",
    "-DBUILD_TEST=OFF",
  };
  /* PLplot reads its fonts and palettes from share/plplot5.15.0 at run time. */
  const char * const kept[] = {
    "/share", "/share/plplot5.15.0", "/share/plplot5.15.0/*", "*.fnt", "*.pal", "/lib",
  };

  g_assert_nonnull (plplot);
  g_assert_cmpstr (get_string (plplot, "buildsystem"), ==, "cmake-ninja");

  assert_has_all (get_array (plplot, "config-opts"), required_opts,
                  G_N_ELEMENTS (required_opts), "plplot config-opts");

  source = only_source (plplot);
  g_assert_cmpstr (get_string (source, "type"), ==, "archive");
  g_assert_cmpstr (get_string (source, "url"), ==, PLPLOT_URL);
  g_assert_cmpstr (get_string (source, "sha256"), ==, PLPLOT_SHA256);

  assert_has_none (get_array (plplot, "cleanup"), kept, G_N_ELEMENTS (kept), "plplot cleanup");
}

static void
test_cleanup (Fixture       *fixture,
              gconstpointer  data)
{
  JsonArray *cleanup = get_array (fixture->manifest, "cleanup");
  const char * const removed[] = { "/include", "/lib/pkgconfig", "/lib/cmake", "*.a" };
  const char * const kept[] = {
    "/bin", "/lib", "/share", "/share/plplot5.15.0", "*.fnt", "*.pal", "*.so",
  };

  g_assert_nonnull (cleanup);
  assert_has_all (cleanup, removed, G_N_ELEMENTS (removed), "cleanup");
  assert_has_none (cleanup, kept, G_N_ELEMENTS (kept), "cleanup");
}

static void
test_app_module (Fixture       *fixture,
                 gconstpointer  data)
{
  const ManifestCase *manifest_case = data;
  JsonArray *modules = get_array (fixture->manifest, "modules");
  JsonObject *app;
  JsonArray *config_opts;
  JsonObject *source;

  /* The app is built last, against the modules before it. */
  g_assert_nonnull (modules);
  g_assert_cmpuint (json_array_get_length (modules), >=, 2);
  app = json_array_get_object_element (modules, json_array_get_length (modules) - 1);
  g_assert_cmpstr (get_string (app, "name"), ==, "ring-allreduce");
  g_assert_cmpstr (get_string (app, "buildsystem"), ==, "meson");

  source = only_source (app);
  config_opts = get_array (app, "config-opts");
  /* Both are built as a release, not at the project's default (debugoptimized, for
   * developers) nor at whatever build type flatpak-builder would choose. */
  g_assert_true (array_has_string (config_opts, "--buildtype=release"));

  if (manifest_case->development)
    {
      g_assert_cmpstr (get_string (source, "type"), ==, "dir");
      g_assert_cmpstr (get_string (source, "path"), ==, "..");
      g_assert_true (array_has_string (config_opts, "-Ddevelopment=true"));
    }
  else
    {
      /* The release builds the tag of this very version. */
      g_assert_cmpstr (get_string (source, "type"), ==, "git");
      g_assert_cmpstr (get_string (source, "url"), ==,
                       "https://github.com/ringallreduce/ring-allreduce.git");
      g_assert_cmpstr (get_string (source, "tag"), ==, RING_PROJECT_VERSION);
      g_assert_false (array_has_string (config_opts, "-Ddevelopment=true"));
    }
}

static void
test_same_dependencies (void)
{
  g_autoptr(JsonNode) release_root = load_manifest (release_case.file_name);
  g_autoptr(JsonNode) devel_root = load_manifest (devel_case.file_name);
  JsonObject *release = json_node_get_object (release_root);
  JsonObject *devel = json_node_get_object (devel_root);
  JsonArray *release_modules = get_array (release, "modules");
  JsonArray *devel_modules = get_array (devel, "modules");
  const char * const shared_members[] = {
    "runtime", "runtime-version", "sdk", "command", "finish-args", "cleanup",
  };

  /* A development build must test what the release ships: everything but the id and
   * the app's own source is the same. */
  for (guint i = 0; i < G_N_ELEMENTS (shared_members); i++)
    {
      JsonNode *a = json_object_get_member (release, shared_members[i]);
      JsonNode *b = json_object_get_member (devel, shared_members[i]);

      g_assert_nonnull (a);
      g_assert_nonnull (b);
      if (!json_node_equal (a, b))
        g_error ("the manifests differ in %s", shared_members[i]);
    }

  g_assert_cmpuint (json_array_get_length (release_modules), ==,
                    json_array_get_length (devel_modules));
  for (guint i = 0; i + 1 < json_array_get_length (release_modules); i++)
    g_assert_true (json_node_equal (json_array_get_element (release_modules, i),
                                    json_array_get_element (devel_modules, i)));
}

static void
add_case_tests (const char         *variant,
                const ManifestCase *manifest_case)
{
  const struct
  {
    const char *name;
    void      (*func) (Fixture       *fixture,
                       gconstpointer  data);
  } cases[] = {
    { "identity", test_identity },
    { "finish-args", test_finish_args },
    { "plplot", test_plplot },
    { "cleanup", test_cleanup },
    { "app-module", test_app_module },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = g_strdup_printf ("/ring/manifest/%s/%s", variant, cases[i].name);

      g_test_add (path, Fixture, manifest_case, fixture_set_up, cases[i].func,
                  fixture_tear_down);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  add_case_tests ("release", &release_case);
  add_case_tests ("devel", &devel_case);
  g_test_add_func ("/ring/manifest/same-dependencies", test_same_dependencies);

  return g_test_run ();
}
