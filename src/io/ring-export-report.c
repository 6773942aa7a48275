/* ring-export-report.c: the PDF report. Its text is Pango's, so it stays selectable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <cairo-pdf.h>
#include <glib/gi18n-lib.h>
#include <math.h>
#include <pango/pangocairo.h>
#include <string.h>

#include "ring-cairo.h"
#include "ring-chart-series-private.h"
#include "ring-export-private.h"
#include "ring-report.h"

/* In points. */
#define MARGIN_SIDE_PT    54.0   /* 19 mm */
#define MARGIN_TOP_PT     54.0
#define MARGIN_BOTTOM_PT  48.0
#define BODY_PT           8.5
#define CHART_ASPECT      0.9    /* a chart's height over its width on the page */

gboolean
ring_export_paper_from_string (const char      *name,
                               RingExportPaper *paper)
{
  g_return_val_if_fail (name != NULL, FALSE);

  if (g_ascii_strcasecmp (name, "a4") == 0)
    {
      if (paper != NULL)
        *paper = RING_EXPORT_PAPER_A4;
      return TRUE;
    }
  if (g_ascii_strcasecmp (name, "letter") == 0)
    {
      if (paper != NULL)
        *paper = RING_EXPORT_PAPER_LETTER;
      return TRUE;
    }

  return FALSE;
}

RingExportPaper
ring_export_paper_default (void)
{
  /* glibc's locales with LC_PAPER letter (its localedata), by territory. */
  static const char *letter_territories[] = {
    "US", "CA", "MX", "CL", "CO", "VE", "PH", "PR", "CR", "GT", "SV", "NI", "PA", "DO",
  };
  static const char *variables[] = { "LC_ALL", "LC_PAPER", "LANG" };
  const char *locale = NULL;
  const char *underscore;
  g_autofree char *territory = NULL;

  /* The first that is set wins, as setlocale() takes them. */
  for (guint i = 0; i < G_N_ELEMENTS (variables) && locale == NULL; i++)
    {
      const char *value = g_getenv (variables[i]);

      if (value != NULL && *value != '\0')
        locale = value;
    }
  if (locale == NULL || (underscore = strchr (locale, '_')) == NULL)
    return RING_EXPORT_PAPER_A4;

  territory = g_strndup (underscore + 1, strcspn (underscore + 1, ".@"));
  for (guint i = 0; i < G_N_ELEMENTS (letter_territories); i++)
    if (g_ascii_strcasecmp (territory, letter_territories[i]) == 0)
      return RING_EXPORT_PAPER_LETTER;

  return RING_EXPORT_PAPER_A4;
}

void
ring_export_paper_size (RingExportPaper  paper,
                        double          *width_pt,
                        double          *height_pt)
{
  /* ISO 216: 210 × 297 mm; ANSI: 8.5 × 11 in. */
  *width_pt = paper == RING_EXPORT_PAPER_LETTER ? 612 : 595;
  *height_pt = paper == RING_EXPORT_PAPER_LETTER ? 792 : 842;
}

typedef struct
{
  cairo_t         *cr;
  const RingStyle *style;
  double           width;
  double           height;
  double           y;        /* where the next block starts, from the top */
  guint            page;
  guint            n_pages;
} Page;

/* @width_pt 0: no wrapping. */
static PangoLayout *
make_layout (cairo_t    *cr,
             const char *markup,
             double      size_pt,
             gboolean    bold,
             double      width_pt)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("sans");

  pango_font_description_set_absolute_size (font, size_pt * PANGO_SCALE);
  pango_font_description_set_weight (font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
  pango_layout_set_font_description (layout, font);
  pango_font_description_free (font);
  if (width_pt > 0)
    {
      pango_layout_set_width (layout, (int) (width_pt * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
    }
  pango_layout_set_markup (layout, markup, -1);

  return layout;
}

/* From its top left; returns its height. */
static double
show (Page            *page,
      double           x,
      double           y,
      const char      *markup,
      double           size_pt,
      gboolean         bold,
      double           width_pt,
      const RingColor *color)
{
  PangoLayout *layout = make_layout (page->cr, markup, size_pt, bold, width_pt);
  int height;

  ring_cairo_set_color (page->cr, color, 1.0);
  cairo_move_to (page->cr, x, y);
  pango_cairo_show_layout (page->cr, layout);
  pango_layout_get_size (layout, NULL, &height);
  g_object_unref (layout);

  return height / (double) PANGO_SCALE;
}

/* Below the last block, then a gap of @after_pt. */
static void
paragraph (Page            *page,
           const char      *text,
           double           size_pt,
           gboolean         bold,
           const RingColor *color,
           double           after_pt)
{
  g_autofree char *markup = g_markup_escape_text (text, -1);

  page->y += show (page, MARGIN_SIDE_PT, page->y, markup, size_pt, bold,
                   page->width - 2 * MARGIN_SIDE_PT, color);
  page->y += after_pt;
}

static void
footer (Page *page)
{
  g_autofree char *text = NULL;
  g_autofree char *markup = NULL;

  /* TRANSLATORS: the report's footer: the program, its version, page of pages. */
  text = g_strdup_printf (_("%s %s · page %u of %u"), PACKAGE_NAME, PACKAGE_VERSION,
                          page->page, page->n_pages);
  markup = g_markup_escape_text (text, -1);
  show (page, MARGIN_SIDE_PT, page->height - MARGIN_BOTTOM_PT + 14, markup, 7, FALSE, 0,
        &page->style->dim);
}

static void
new_page (Page *page)
{
  ring_cairo_set_color (page->cr, &page->style->background, 1.0);
  cairo_paint (page->cr);
  page->y = MARGIN_TOP_PT;
  page->page++;
}

/* Ends the page and starts the next when @height_pt more would run into the footer. */
static void
break_page_for (Page   *page,
                double  height_pt)
{
  if (page->y + height_pt <= page->height - MARGIN_BOTTOM_PT)
    return;
  footer (page);
  cairo_show_page (page->cr);
  new_page (page);
}

static double
measure (Page       *page,
         const char *markup,
         double      size_pt,
         gboolean    bold,
         double      width_pt)
{
  PangoLayout *layout = make_layout (page->cr, markup, size_pt, bold, width_pt);
  int height;

  pango_layout_get_size (layout, NULL, &height);
  g_object_unref (layout);

  return height / (double) PANGO_SCALE;
}

static void
draw_row (Page                *page,
          const RingReportRow *row,
          double               x,
          double               y,
          double               width,
          double               height)
{
  g_autofree char *label = g_markup_escape_text (row->label, -1);
  g_autofree char *value = g_markup_escape_text (row->value, -1);
  RingColor rule = page->style->dim;

  rule.alpha = 0.4;
  show (page, x, y, label, BODY_PT, FALSE, width * 0.58, &page->style->foreground);
  show (page, x + width * 0.6, y, value, BODY_PT, TRUE, width * 0.4,
        &page->style->foreground);
  ring_cairo_set_color (page->cr, &rule, 1.0);
  cairo_set_line_width (page->cr, 0.4);
  cairo_move_to (page->cr, x, y + height - 2.5);
  cairo_line_to (page->cr, x + width, y + height - 2.5);
  cairo_stroke (page->cr);
}

/* Two columns balanced by height; a row grows to hold a wrapped value, and what the page
 * cannot hold goes on on the next. */
static void
draw_table (Page      *page,
            RingModel *model)
{
  g_autoptr(GPtrArray) rows = ring_report_rows (model);
  double content = page->width - 2 * MARGIN_SIDE_PT;
  guint columns = rows->len > 12 ? 2 : 1;
  double column_width = (content - (columns - 1) * 18) / columns;
  double min_row_height = BODY_PT * 1.6;
  g_autofree double *heights = g_new (double, MAX (rows->len, 1));
  guint first = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const RingReportRow *row = g_ptr_array_index (rows, i);
      g_autofree char *label = g_markup_escape_text (row->label, -1);
      g_autofree char *value = g_markup_escape_text (row->value, -1);

      heights[i] = MAX (min_row_height,
                        MAX (measure (page, label, BODY_PT, FALSE, column_width * 0.58),
                             measure (page, value, BODY_PT, TRUE, column_width * 0.4))
                        + min_row_height - BODY_PT * 1.2);
    }

  while (first < rows->len)
    {
      double room = page->height - MARGIN_BOTTOM_PT - page->y;
      double total = 0, bottom = page->y;
      guint ends[2] = { rows->len, rows->len };

      for (guint i = first; i < rows->len; i++)
        total += heights[i];
      for (guint c = 0, i = first; c < columns; c++)
        {
          double column = 0;
          double limit = c + 1 < columns ? MIN (room, MAX (total / columns, 0)) : room;

          while (i < rows->len
                 && (column == 0 || column + heights[i] <= limit
                     || (c + 1 < columns && column + heights[i] / 2 <= limit
                         && column + heights[i] <= room)))
            {
              column += heights[i];
              i++;
            }
          ends[c] = i;
        }
      ends[columns - 1] = MAX (ends[columns - 1], ends[0]);

      for (guint c = 0, i = first; c < columns; c++)
        {
          double x = MARGIN_SIDE_PT + c * (column_width + 18);
          double y = page->y;

          for (; i < ends[c]; i++)
            {
              draw_row (page, g_ptr_array_index (rows, i), x, y, column_width, heights[i]);
              y += heights[i];
            }
          bottom = MAX (bottom, y);
        }
      first = ends[columns - 1];
      page->y = bottom + 12;
      if (first < rows->len)
        break_page_for (page, G_MAXDOUBLE / 4);
    }
}

/* What the numbers rest on, in brief; docs/model.md has the whole of it. */
static const char *model_paragraphs[] = {
  N_("Training step. Compute = 6 · P · T / F (Kaplan et al. 2020), a third forward, two "
     "thirds backward. The backward pass fills gradient buckets, each all-reduced on one "
     "stream once it is full (ZeRO, FSDP: reduce-scatter and all-gather); step = compute + "
     "what compute waits for + its slowdown beside NCCL; utilization = compute / step; "
     "throughput = N · T / step."),
  /* xgettext:no-c-format */
  N_("Cluster. N GPUs with G per node make ⌈N/G⌉ nodes; each node has K NICs of a line "
     "rate on a fabric (InfiniBand, with or without SHARP, RoCE or TCP). The links carry "
     "NCCL's payload rates: about 80 % of NVLink's, 76 % of PCIe's and 96 % of an RDMA "
     "NIC's line rate."),
  N_("All-reduce. Every algorithm's time is a latency part (NCCL's base and per-hop "
     "latencies for its LL, LL128 and Simple protocols) plus a bandwidth part (the bytes "
     "each GPU sends over its slowest link, and the pipeline's fill). Auto rates NCCL's "
     "ring, tree, NVLS, NVLS tree and CollNet with NCCL's own tuning model and runs the "
     "one it rates fastest. Bus bandwidth = S / time · 2 (N−1)/N, as nccl-tests reports "
     "it."),
  N_("Flat ring. The textbook formula, one ring at one bandwidth whatever the nodes: "
     "2 (N−1) · α + 2 (N−1)/N · S / B."),
  /* xgettext:no-c-format */
  N_("Assumptions. The achieved compute is what is entered (the GPU catalogue assumes 40 % "
     "of the dense bf16 peak). Data parallelism only: no tensor or pipeline parallelism, "
     "no stragglers, no other jobs on the network. The model is checked against published "
     "nccl-tests runs; docs/model.md gives every constant, its source and the errors."),
};

static void
draw_first_page (Page      *page,
                 RingModel *model)
{
  const RingParams *p = ring_model_get_params (model);
  g_autofree char *version = NULL;

  new_page (page);
  paragraph (page, PACKAGE_NAME, 20, TRUE, &page->style->foreground, 4);
  /* TRANSLATORS: under the report's title; %s is the version. */
  version = g_strdup_printf (_("Report written by version %s"), PACKAGE_VERSION);
  paragraph (page, ring_params_is_collective (p)
                   ? _("One all-reduce of a message, as nccl-tests measures it")
                   : _("One step of data-parallel training: compute, then the all-reduce of "
                       "the gradients"),
             10, FALSE, &page->style->foreground, 2);
  paragraph (page, version, 8, FALSE, &page->style->dim, 16);

  paragraph (page, _("Configuration and results"), 11, TRUE, &page->style->foreground, 6);
  draw_table (page, model);

  for (guint i = 0; i < G_N_ELEMENTS (model_paragraphs); i++)
    {
      const char *text = _(model_paragraphs[i]);
      const char *stop = strstr (text, ". ");
      g_autofree char *lead = NULL;
      g_autofree char *rest = NULL;
      g_autofree char *markup = NULL;
      double height;

      /* Its first sentence, a heading of a word or two, in bold. */
      if (stop == NULL || stop - text > 40)
        stop = text;
      else
        stop += 1;
      lead = g_markup_escape_text (text, stop - text);
      rest = g_markup_escape_text (stop, -1);
      markup = g_strdup_printf ("<b>%s</b>%s", lead, rest);
      height = measure (page, markup, BODY_PT, FALSE, page->width - 2 * MARGIN_SIDE_PT);
      /* The heading stays with the first paragraph; a paragraph is never split. */
      if (i == 0)
        {
          break_page_for (page, 11 * 1.5 + 6 + height);
          paragraph (page, _("The model"), 11, TRUE, &page->style->foreground, 6);
        }
      break_page_for (page, height);
      page->y += show (page, MARGIN_SIDE_PT, page->y, markup, BODY_PT, FALSE,
                       page->width - 2 * MARGIN_SIDE_PT, &page->style->foreground);
      page->y += 6;
    }

  footer (page);
}

/* Drawn once into a PDF that writes nowhere. */
static guint
count_first_pages (RingModel       *model,
                   const RingStyle *style,
                   double           width,
                   double           height)
{
  cairo_surface_t *surface = cairo_pdf_surface_create_for_stream (NULL, NULL, width, height);
  Page page = { 0 };

  page.cr = cairo_create (surface);
  page.style = style;
  page.width = width;
  page.height = height;
  draw_first_page (&page, model);
  cairo_destroy (page.cr);
  cairo_surface_destroy (surface);

  return page.page;
}

/* A chart page: the chart across the page at the size it is drawn (one unit a point), so
 * its text is 7–10 pt on paper, and its caption under it. */
static void
draw_chart_page (Page          *page,
                 RingModel     *model,
                 RingChartKind  kind,
                 guint          figure)
{
  double chart_width = page->width - 2 * MARGIN_SIDE_PT;
  double chart_height = floor (chart_width * CHART_ASPECT);
  g_autofree char *title = g_markup_escape_text (ring_chart_kind_get_title (kind), -1);
  g_autofree char *caption = g_markup_escape_text (ring_chart_kind_get_caption (kind), -1);
  g_autofree char *markup = NULL;

  new_page (page);
  cairo_save (page->cr);
  cairo_translate (page->cr, MARGIN_SIDE_PT, page->y);
  ring_chart_draw (kind, model, page->cr, chart_width, chart_height, page->style);
  cairo_restore (page->cr);
  page->y += chart_height + 12;

  /* TRANSLATORS: a caption: the figure's number, its title, then what it shows. */
  markup = g_strdup_printf (_("<b>Figure %u.</b> %s. %s"), figure, title, caption);
  show (page, MARGIN_SIDE_PT, page->y, markup, 9, FALSE, chart_width,
        &page->style->foreground);
  footer (page);
}

gboolean
ring_export_report (RingModel        *model,
                    GFile            *file,
                    RingExportPaper   paper,
                    GCancellable     *cancellable,
                    GError          **error)
{
  g_autoptr(RingFileWriter) writer = NULL;
  cairo_surface_t *surface;
  RingStyle style;
  Page page = { 0 };

  g_return_val_if_fail (RING_IS_MODEL (model), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (paper == RING_EXPORT_PAPER_A4 || paper == RING_EXPORT_PAPER_LETTER,
                        FALSE);
  g_return_val_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  writer = ring_file_writer_new (file, cancellable, error);
  if (writer == NULL)
    return FALSE;

  _ring_export_init_fonts ();
  ring_style_init_light (&style);
  ring_export_paper_size (paper, &page.width, &page.height);
  surface = _ring_export_create_vector_surface (RING_EXPORT_FORMAT_PDF, writer, page.width,
                                                page.height);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, PACKAGE_NAME);
  page.cr = cairo_create (surface);
  page.style = &style;
  page.n_pages = count_first_pages (model, &style, page.width, page.height) + RING_N_CHARTS;

  draw_first_page (&page, model);
  cairo_show_page (page.cr);
  /* The charts share points of their sweeps: each is computed once. */
  _ring_chart_sweep_memo_begin ();
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    {
      draw_chart_page (&page, model, kind, kind + 1);
      cairo_show_page (page.cr);
    }
  _ring_chart_sweep_memo_end ();

  return _ring_export_finish_file (writer, _ring_export_finish_vector_drawing (page.cr, surface),
                                   file, error);
}
