/* test-figures.c: the charts as figures for a paper: the registry of kinds, editable text in
 * SVG and PDF, one unit system per figure, plural forms, labels inside the plot.
 * test-chart-series.c checks what the charts compute, test-figure-files.c their sizes and
 * the report's paper.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ring-test-files.h"
#include "ring-chart-draw-private.h"
#include "ring-export.h"
#include "ring-test-cli.h"

/* An SVG file as the tests see it: its <text> elements and how many lines and shapes it
 * draws. PLplot's svg device places each <text> by a matrix (its anchor at x = 0 in the
 * text's own frame, inside a group that turns y upwards) and names its font in a <tspan>;
 * @x and @angle are where and how it lands on the page. */
typedef struct
{
  char   *text;
  double  x, y, size;
  char   *anchor;      /* "start", "middle" or "end" */
  char   *family;
  char   *transform;   /* or NULL */
  double  angle;       /* degrees, anticlockwise on the page */
  gboolean bold;
} SvgText;

typedef struct
{
  GArray *texts;       /* of SvgText */
  guint   paths;
  guint   glyphs;      /* <symbol> and <use>: cairo's glyphs */
  SvgText *open;
  double  width;
} Svg;

static void
svg_text_clear (gpointer data)
{
  SvgText *text = data;

  g_free (text->text);
  g_free (text->anchor);
  g_free (text->family);
  g_free (text->transform);
}

static void
svg_start_cb (GMarkupParseContext  *context,
              const char           *element_name,
              const char          **names,
              const char          **values,
              gpointer              user_data,
              GError              **error)
{
  Svg *svg = user_data;

  if (strcmp (element_name, "path") == 0 || strcmp (element_name, "polyline") == 0
      || strcmp (element_name, "polygon") == 0)
    svg->paths++;
  if (strcmp (element_name, "symbol") == 0 || strcmp (element_name, "use") == 0)
    svg->glyphs++;
  if (strcmp (element_name, "svg") == 0)
    for (guint i = 0; names[i] != NULL; i++)
      if (strcmp (names[i], "width") == 0)
        svg->width = g_ascii_strtod (values[i], NULL);
  if (strcmp (element_name, "text") == 0)
    {
      SvgText text = { g_strdup (""), 0, 0, 0, g_strdup ("start"), NULL, NULL, 0, FALSE };

      for (guint i = 0; names[i] != NULL; i++)
        {
          if (strcmp (names[i], "x") == 0)
            text.x = g_ascii_strtod (values[i], NULL);
          else if (strcmp (names[i], "y") == 0)
            text.y = g_ascii_strtod (values[i], NULL);
          else if (strcmp (names[i], "font-size") == 0)
            text.size = g_ascii_strtod (values[i], NULL);
          else if (strcmp (names[i], "font-family") == 0)
            text.family = g_strdup (values[i]);
          else if (strcmp (names[i], "font-weight") == 0)
            text.bold = strcmp (values[i], "bold") == 0;
          else if (strcmp (names[i], "text-anchor") == 0)
            g_free (text.anchor), text.anchor = g_strdup (values[i]);
          else if (strcmp (names[i], "transform") == 0)
            text.transform = g_strdup (values[i]);
        }
      /* matrix(a b c d e f) in the flipped page: (e, f) is the anchor, (a, b) the text's
       * direction with y upwards. */
      if (text.transform != NULL && g_str_has_prefix (text.transform, "matrix("))
        {
          double m[6];
          char *end = text.transform + strlen ("matrix(");

          for (guint k = 0; k < 6; k++)
            m[k] = g_ascii_strtod (end, &end);
          text.x += m[4];
          text.angle = atan2 (m[1], m[0]) * 180 / G_PI;
        }
      g_array_append_val (svg->texts, text);
      svg->open = &g_array_index (svg->texts, SvgText, svg->texts->len - 1);
    }
  if (strcmp (element_name, "tspan") == 0 && svg->open != NULL)
    for (guint i = 0; names[i] != NULL; i++)
      {
        if (strcmp (names[i], "font-family") == 0)
          g_free (svg->open->family), svg->open->family = g_strdup (values[i]);
        else if (strcmp (names[i], "font-weight") == 0)
          svg->open->bold = strcmp (values[i], "bold") == 0;
      }
}

static void
svg_text_cb (GMarkupParseContext  *context,
             const char           *text,
             gsize                 length,
             gpointer              user_data,
             GError              **error)
{
  Svg *svg = user_data;
  char *joined;

  if (svg->open == NULL)
    return;
  joined = g_strconcat (svg->open->text, "", NULL);
  g_free (svg->open->text);
  svg->open->text = g_strdup_printf ("%s%.*s", joined, (int) length, text);
  g_free (joined);
}

static void
svg_end_cb (GMarkupParseContext  *context,
            const char           *element_name,
            gpointer              user_data,
            GError              **error)
{
  Svg *svg = user_data;

  if (strcmp (element_name, "text") == 0)
    svg->open = NULL;
}

static void
svg_clear (Svg *svg)
{
  g_clear_pointer (&svg->texts, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Svg, svg_clear)

/* Exports @kind of @model as an SVG of @width × @height and parses it. */
static void
export_svg (RingModel     *model,
            RingChartKind  kind,
            int            width,
            int            height,
            Svg           *svg)
{
  static const GMarkupParser parser = { svg_start_cb, svg_end_cb, svg_text_cb, NULL, NULL };
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "chart.svg", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_true (ring_export_chart (model, kind, RING_EXPORT_FORMAT_SVG, file, width, height,
                                    1.0, NULL, &error));
  g_assert_no_error (error);
  contents = ring_test_read_file (path, &length);

  svg->texts = g_array_new (FALSE, TRUE, sizeof (SvgText));
  g_array_set_clear_func (svg->texts, svg_text_clear);
  context = g_markup_parse_context_new (&parser, 0, svg, NULL);
  g_assert_true (g_markup_parse_context_parse (context, contents, length, &error));
  g_assert_no_error (error);
  g_assert_true (g_markup_parse_context_end_parse (context, &error));
  g_assert_no_error (error);
  ring_test_remove_tmp_dir (dir);
}

static const SvgText *
find_text (const Svg  *svg,
           const char *text)
{
  for (guint i = 0; i < svg->texts->len; i++)
    {
      const SvgText *t = &g_array_index (svg->texts, SvgText, i);

      if (strcmp (t->text, text) == 0)
        return t;
    }

  return NULL;
}

/* The registry: every kind named once, titled, captioned, drawn and exported. */
static void
test_registry (void)
{
  static const RingExportFormat formats[] = {
    RING_EXPORT_FORMAT_PNG, RING_EXPORT_FORMAT_SVG, RING_EXPORT_FORMAT_PDF,
    RING_EXPORT_FORMAT_CSV,
  };
  static const char *extensions[] = { "png", "svg", "pdf", "csv" };
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *dir = NULL;

  if (ring_test_skip_without_plplot ())
    return;

  dir = ring_test_make_tmp_dir ();
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      const RingChartKindInfo *info = _ring_chart_kind_info (kind);
      RingChartKind parsed;

      g_assert_cmpint (info->kind, ==, kind);
      g_assert_true (g_hash_table_add (names, (gpointer) info->name));
      g_assert_true (ring_chart_kind_from_string (info->name, &parsed));
      g_assert_cmpint (parsed, ==, kind);
      g_assert_cmpuint (strlen (ring_chart_kind_get_title (kind)), >, 10);
      g_assert_cmpuint (strlen (ring_chart_kind_get_caption (kind)), >, 40);
      g_assert_nonnull (info->build);
      g_assert_nonnull (info->draw);

      for (guint dark = 0; dark <= 1; dark++)
        {
          cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 500);
          cairo_t *cr = cairo_create (surface);
          const guint32 *pixels;
          guint32 first;
          guint differing = 0;
          RingStyle style;

          ring_style_init (&style, dark);
          ring_chart_draw (kind, model, cr, 800, 500, &style);
          cairo_destroy (cr);
          cairo_surface_flush (surface);
          pixels = (const guint32 *) (gconstpointer) cairo_image_surface_get_data (surface);
          first = pixels[0];
          for (guint i = 0; i < 800 * 500; i++)
            differing += pixels[i] != first;
          g_assert_cmpuint (differing, >, 8000);
          cairo_surface_destroy (surface);
        }

      for (guint f = 0; f < G_N_ELEMENTS (formats); f++)
        {
          g_autofree char *path = g_strdup_printf ("%s/%s.%s", dir, info->name, extensions[f]);
          g_autoptr(GFile) file = g_file_new_for_path (path);
          g_autoptr(GError) error = NULL;
          g_autofree char *contents = NULL;
          gsize length;

          g_assert_true (ring_export_chart (model, kind, formats[f], file, 800, 500, 1.0, NULL,
                                            &error));
          g_assert_no_error (error);
          contents = ring_test_read_file (path, &length);
          g_assert_cmpuint (length, >, 200);
        }
    }

  /* The command line lists the new kind. */
  {
    g_auto(RingTestRun) run = ring_test_run_cli ("C.UTF-8", "--chart", "list", NULL);

    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "algorithm-comparison"));
  }
  ring_test_remove_tmp_dir (dir);
}

/* Issue 13: an SVG's title and axis titles are <text> with a font, a three-curve chart is
 * a few hundred lines and shapes at most (PLplot's svg device writes each tick and grid
 * line as one), and no glyph is drawn as a path. */
static void
test_svg_text (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_auto(Svg) svg = { 0 };
  const SvgText *title, *x_title, *y_title;

  if (ring_test_skip_without_plplot ())
    return;

  export_svg (model, RING_CHART_UTILIZATION_VS_GPUS, 1600, 1000, &svg);
  g_test_message ("%u <text>, %u <path>", svg.texts->len, svg.paths);
  title = find_text (&svg, ring_chart_kind_get_title (RING_CHART_UTILIZATION_VS_GPUS));
  x_title = find_text (&svg, "GPUs in the ring (log scale)");
  y_title = find_text (&svg, "GPU utilization (%)");
  g_assert_nonnull (title);
  g_assert_nonnull (x_title);
  g_assert_nonnull (y_title);
  g_assert_true (title->bold);
  g_assert_cmpfloat (title->size, >, x_title->size);
  g_assert_cmpstr (x_title->anchor, ==, "middle");
  /* Along the y axis, read from below. */
  g_assert_cmpfloat (fabs (y_title->angle - 90), <, 1e-6);
  g_assert_cmpfloat (fabs (x_title->angle), <, 1e-6);
  for (guint i = 0; i < svg.texts->len; i++)
    {
      const SvgText *t = &g_array_index (svg.texts, SvgText, i);

      g_assert_nonnull (t->family);
      g_assert_true (g_str_has_suffix (t->family, "sans-serif"));
      g_assert_cmpfloat (t->size, >, 10);
      g_assert_cmpfloat (t->x, >=, 0);
      g_assert_cmpfloat (t->x, <=, 1600);
    }
  g_assert_cmpuint (svg.paths, <, 200);
  g_assert_cmpuint (svg.glyphs, ==, 0);
}

/* PDF text stays text: pdftotext (poppler-utils) reads the title and the axis titles. */
static void
test_pdf_text (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *pdftotext = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  pdftotext = ring_test_find_pdf_reader ();
  if (pdftotext == NULL)
    return;

  dir = ring_test_make_tmp_dir ();
  path = g_build_filename (dir, "chart.pdf", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (ring_export_chart (model, RING_CHART_STEP_TIME_VS_GPUS, RING_EXPORT_FORMAT_PDF,
                                    file, 800, 500, 1.0, NULL, &error));
  g_assert_no_error (error);
  {
    const char *argv[] = { pdftotext, path, "-", NULL };

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL,
                                 NULL, &out, NULL, &status, &error));
    g_assert_no_error (error);
  }
  g_assert_nonnull (strstr (out, "Step time vs. ring size"));
  g_assert_nonnull (strstr (out, "GPUs in the ring (log scale)"));
  g_assert_nonnull (strstr (out, "Exposed communication"));
  ring_test_remove_tmp_dir (dir);
}

/* Issue 21, item 14: a chart's subtitle and legend write the bandwidth a slider left at
 * 0.897868 GB/s (the wheel's 450 to 0.9) as people write it, four figures: 0.8979, and half
 * of it 0.4489; never the raw double. Read back from the PDF's text. */
static void
test_pdf_numbers (void)
{
  const struct
  {
    RingChartKind kind;
    const char   *shown;
  } charts[] = {
    { RING_CHART_UTILIZATION_VS_GPUS, "0.8979 GB/s per GPU" },
    { RING_CHART_UTILIZATION_VS_GPUS, "Utilization at 0.4489 GB/s" },
    { RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, "Link bandwidth B = 0.8979 GB/s" },
    /* The bucket size as the window's field and PyTorch write it, not "26.2 MB". */
    { RING_CHART_UTILIZATION_VS_GPUS, "25 MiB buckets" },
    { RING_CHART_STEP_TIMELINE, "25 MiB buckets" },
  };
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *pdftotext = NULL;
  g_autofree char *dir = NULL;

  pdftotext = ring_test_find_pdf_reader ();
  if (pdftotext == NULL)
    return;

  ring_model_set_value (model, RING_PARAM_BANDWIDTH, 0.897868);
  dir = ring_test_make_tmp_dir ();
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      const char *argv[] = { pdftotext, path, "-", NULL };
      int status;

      g_assert_true (ring_export_chart (model, charts[i].kind, RING_EXPORT_FORMAT_PDF, file,
                                        800, 500, 1.0, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                   NULL, NULL, &out, NULL, &status, &error));
      g_assert_no_error (error);
      g_assert_nonnull (strstr (out, charts[i].shown));
      g_assert_null (strstr (out, "0.897868"));
      g_assert_null (strstr (out, "0.448934"));
      g_assert_null (strstr (out, "26.2 MB"));
    }

  /* One unit system per figure: the data-moved chart writes its bytes in SI units and
   * names no bucket size, which changes nothing it shows. */
  {
    g_autofree char *path = g_build_filename (dir, "moved.pdf", NULL);
    g_autoptr(GFile) file = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;
    g_autofree char *out = NULL;
    const char *argv[] = { pdftotext, path, "-", NULL };
    int status;

    g_assert_true (ring_export_chart (model, RING_CHART_BYTES_MOVED_VS_GPUS,
                                      RING_EXPORT_FORMAT_PDF, file, 800, 500, 1.0, NULL,
                                      &error));
    g_assert_no_error (error);
    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &out, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_nonnull (strstr (out, " GB"));
    g_assert_null (strstr (out, "MiB"));
    g_assert_null (strstr (out, "buckets"));
  }
  ring_test_remove_tmp_dir (dir);
}

/* Issue 21, item 4: across nodes, where the NICs bind, the message-size chart's reference
 * line is what the node's NICs carry (4 × 400 Gb/s = 200 GB/s, below the node's links'
 * 300 × 8/7), not B; and the map's axis is the NICs' speed. Read back from the PDF's text. */
static void
test_pdf_binding_link (void)
{
  g_autoptr(RingModel) model = ring_model_new ();
  g_autofree char *pdftotext = NULL;
  g_autofree char *dir = NULL;
  const struct
  {
    RingChartKind kind;
    const char   *shown;
    const char   *absent;
  } charts[] = {
    { RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, "NICs 4 × 400 Gb/s = 200 GB/s", "Link bandwidth B" },
    { RING_CHART_UTILIZATION_MAP, "Speed of each NIC", "Bandwidth per GPU" },
  };

  pdftotext = ring_test_find_pdf_reader ();
  if (pdftotext == NULL)
    return;

  g_object_set (model, "gpus", 64, "nics-per-node", 4, NULL);
  dir = ring_test_make_tmp_dir ();
  for (guint i = 0; i < G_N_ELEMENTS (charts); i++)
    {
      g_autofree char *path = g_build_filename (dir, "chart.pdf", NULL);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      const char *argv[] = { pdftotext, path, "-", NULL };
      int status;

      g_assert_true (ring_export_chart (model, charts[i].kind, RING_EXPORT_FORMAT_PDF, file,
                                        800, 500, 1.0, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                   NULL, NULL, &out, NULL, &status, &error));
      g_assert_no_error (error);
      if (strstr (out, charts[i].shown) == NULL)
        g_error ("no “%s” in:\n%s", charts[i].shown, out);
      g_assert_null (strstr (out, charts[i].absent));
    }
  ring_test_remove_tmp_dir (dir);
}

/* "1 GPU", never "1 GPUs": counts meet their nouns through ngettext. */
static void
test_plural (void)
{
  if (ring_test_skip_without_plplot ())
    return;

  for (guint gpus = 1; gpus <= 2; gpus++)
    {
      g_autoptr(RingModel) model = ring_model_new ();
      g_autofree char *expected = g_strdup_printf (gpus == 1 ? "%u GPU " : "%u GPUs ", gpus);
      gboolean found = FALSE;

      ring_model_set_value (model, RING_PARAM_GPUS, gpus);
      for (guint kind = 0; kind < RING_N_CHARTS; kind++)
        {
          g_auto(Svg) svg = { 0 };

          export_svg (model, kind, 1600, 1000, &svg);
          for (guint i = 0; i < svg.texts->len; i++)
            {
              const char *text = g_array_index (svg.texts, SvgText, i).text;
              g_autofree char *padded = g_strconcat (text, " ", NULL);

              g_assert_null (strstr (padded, "1 GPUs"));
              found |= strstr (padded, expected) != NULL || g_str_has_prefix (padded, expected);
            }
        }
      g_assert_true (found);
    }
}

/* A size with an SI unit ("12 MB", "28 GB"; not a rate such as "300 GB/s"). */
static gboolean
has_si_size (const char *text)
{
  static const char *units[] = { " kB", " MB", " GB", " TB", " PB" };

  for (guint u = 0; u < G_N_ELEMENTS (units); u++)
    for (const char *at = strstr (text, units[u]); at != NULL; at = strstr (at + 1, units[u]))
      if (at > text && g_ascii_isdigit (at[-1]) && at[strlen (units[u])] != '/')
        return TRUE;

  return FALSE;
}

/* One unit system per figure: the message-size chart counts in powers of two, so every
 * size on it is binary; the bytes-moved chart's are SI. */
static void
test_units (void)
{
  static const double messages[] = { 0, 12e6, 28e9 };

  if (ring_test_skip_without_plplot ())
    return;

  for (guint m = 0; m < G_N_ELEMENTS (messages); m++)
    {
      g_autoptr(RingModel) model = ring_model_new ();
      g_auto(Svg) svg = { 0 };
      gboolean binary = FALSE;

      g_object_set (model, "message-size", messages[m], NULL);
      export_svg (model, RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, 1600, 1000, &svg);
      for (guint i = 0; i < svg.texts->len; i++)
        {
          const char *text = g_array_index (svg.texts, SvgText, i).text;

          if (has_si_size (text))
            g_error ("an SI size on a binary figure: “%s”", text);
          binary |= strstr (text, "iB") != NULL;
        }
      g_assert_true (binary);
    }

  {
    g_autoptr(RingModel) model = ring_model_new ();
    g_auto(Svg) svg = { 0 };

    export_svg (model, RING_CHART_BYTES_MOVED_VS_GPUS, 1600, 1000, &svg);
    for (guint i = 0; i < svg.texts->len; i++)
      g_assert_null (strstr (g_array_index (svg.texts, SvgText, i).text, "iB"));
  }
}

/* How wide @text is in its font, in the SVG's units. */
static double
text_width (const SvgText *text)
{
  PangoFontMap *map = pango_cairo_font_map_get_default ();
  PangoContext *context = pango_font_map_create_context (map);
  PangoLayout *layout = pango_layout_new (context);
  PangoFontDescription *font = pango_font_description_from_string ("sans");
  int width;

  pango_font_description_set_absolute_size (font, text->size * PANGO_SCALE);
  pango_font_description_set_weight (font, text->bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  pango_layout_set_text (layout, text->text, -1);
  pango_layout_get_size (layout, &width, NULL);
  g_object_unref (layout);
  g_object_unref (context);

  return width / (double) PANGO_SCALE;
}

/* The current configuration's label stays inside the plot, for messages up to the sweep's
 * end and beyond it (issue 13: 28 GB and more were cut off at the right edge). */
static void
test_marker_inside (void)
{
  static const double messages[] = { 28e9, 34359738368.0, 1e15 };

  if (ring_test_skip_without_plplot ())
    return;

  for (guint m = 0; m < G_N_ELEMENTS (messages); m++)
    {
      g_autoptr(RingModel) model = ring_model_new ();
      g_auto(Svg) svg = { 0 };
      /* The frame's right edge: 1.3 text heights (3.5 mm × √2 at 1600 × 1000) in. */
      double frame_right = 1600 - 1.3 * 3.5 * sqrt (2) * 72 / 25.4;
      guint labels = 0;

      g_object_set (model, "message-size", messages[m], NULL);
      export_svg (model, RING_CHART_ALLREDUCE_VS_MESSAGE_SIZE, 1600, 1000, &svg);
      for (guint i = 0; i < svg.texts->len; i++)
        {
          const SvgText *t = &g_array_index (svg.texts, SvgText, i);
          double just = strcmp (t->anchor, "end") == 0 ? 1 : strcmp (t->anchor, "middle") == 0
                                                              ? 0.5 : 0;
          double right = t->x + (1 - just) * text_width (t);

          /* The markers' labels are the bold ones with a value: "26.1 GiB: 213 ms". */
          if (!t->bold || (strstr (t->text, ": ") == NULL && strstr (t->text, "GB/s") == NULL))
            continue;
          labels++;
          g_test_message ("%s ends at %.1f of %.1f", t->text, right, frame_right);
          g_assert_cmpfloat (right, <=, frame_right);
        }
      g_assert_cmpuint (labels, ==, 2);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/figures/registry", test_registry);
  g_test_add_func ("/ring/figures/svg-text", test_svg_text);
  g_test_add_func ("/ring/figures/pdf-text", test_pdf_text);
  g_test_add_func ("/ring/figures/pdf-numbers", test_pdf_numbers);
  g_test_add_func ("/ring/figures/pdf-binding-link", test_pdf_binding_link);
  g_test_add_func ("/ring/figures/plural", test_plural);
  g_test_add_func ("/ring/figures/units", test_units);
  g_test_add_func ("/ring/figures/marker-inside", test_marker_inside);

  return g_test_run ();
}
