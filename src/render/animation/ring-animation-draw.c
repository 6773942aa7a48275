/* ring-animation-draw.c: one frame of the ring all-reduce animation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "ring-cairo.h"
#include "ring-animation-draw-private.h"
#include "ring-schedule.h"
#include "ring-units.h"

/* U+2009 THIN SPACE: groups digits as "1 048 576" where the font has the glyph. */
#define THIN_SPACE        "\xe2\x80\x89"

/* Text */

/* How the registry draws the algorithm the frame plays. */
static RingAlgorithmPicture
picture (const RingDraw *draw)
{
  return ring_algorithm_info (ring_schedule_get_algorithm (draw->schedule))->picture;
}

/* @text, shortened with an ellipsis until it is at most @max_width wide; NULL if not even
 * the ellipsis fits. */
static char *
fit_text (RingDraw   *draw,
          const char *text,
          double      max_width)
{
  g_autoptr(GString) shortened = NULL;

  if (_ring_animation_draw_text_width (draw, text) <= max_width)
    return g_strdup (text);

  shortened = g_string_new (text);
  while (shortened->len > 0)
    {
      const char *end = g_utf8_find_prev_char (shortened->str,
                                               shortened->str + shortened->len);
      g_autofree char *candidate = NULL;

      g_string_truncate (shortened, end != NULL ? (gsize) (end - shortened->str) : 0);
      while (shortened->len > 0 && shortened->str[shortened->len - 1] == ' ')
        g_string_truncate (shortened, shortened->len - 1);

      candidate = g_strconcat (shortened->str, "…", NULL);
      if (_ring_animation_draw_text_width (draw, candidate) <= max_width)
        return g_steal_pointer (&candidate);
    }

  return NULL;
}

/* @text broken at spaces into lines at most @max_width wide; only a word wider than a
 * whole line is shortened. */
static GPtrArray *
wrap_text (RingDraw   *draw,
           const char *text,
           double      max_width)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) words = g_strsplit (text, " ", -1);
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; words[i] != NULL; i++)
    {
      g_autofree char *longer = NULL;

      if (words[i][0] == '\0')
        continue;
      longer = line->len > 0 ? g_strconcat (line->str, " ", words[i], NULL)
                             : g_strdup (words[i]);
      if (line->len > 0 && _ring_animation_draw_text_width (draw, longer) > max_width)
        {
          g_ptr_array_add (lines, g_strdup (line->str));
          g_string_assign (line, words[i]);
        }
      else
        g_string_assign (line, longer);
    }
  if (line->len > 0)
    g_ptr_array_add (lines, g_strdup (line->str));

  for (guint i = 0; i < lines->len; i++)
    if (_ring_animation_draw_text_width (draw, lines->pdata[i]) > max_width)
      {
        char *fitted = fit_text (draw, lines->pdata[i], max_width);

        g_free (lines->pdata[i]);
        lines->pdata[i] = fitted != NULL ? fitted : g_strdup ("");
      }

  return lines;
}

static const char *
choose_separator (RingDraw *draw)
{
  cairo_glyph_t *glyphs = NULL;
  int n_glyphs = 0;
  gboolean has_thin_space;

  _ring_animation_draw_use_font (draw, 13, FALSE);
  has_thin_space =
    cairo_scaled_font_text_to_glyphs (cairo_get_scaled_font (draw->cr), 0, 0, THIN_SPACE, -1,
                                      &glyphs, &n_glyphs, NULL, NULL, NULL) == CAIRO_STATUS_SUCCESS
    && n_glyphs == 1 && glyphs[0].index != 0;
  cairo_glyph_free (glyphs);

  return has_thin_space ? THIN_SPACE : " ";
}

static char *
dup_phase_explanation (const RingDraw *draw)
{
  return ring_frame_dup_caption (&draw->frame, draw->separator);
}

/* Layout of the whole frame */

typedef struct
{
  double   pad;
  double   title_px;
  double   title_baseline;
  double   subtitle_baseline;
  guint    explanation_lines;
  RingDrawBox      ring;
  RingDrawBox      fabric;   /* over the ring; 0 high when none */
  gboolean show_timeline;
  RingDrawBox      timeline;
  RingDrawBox      legend;
  guint    legend_lines;
} Layout;

typedef enum
{
  LEGEND_GPU_NODE,
  LEGEND_REDUCED_CHUNK,
  LEGEND_IN_FLIGHT_CHUNK,
  LEGEND_LINK,            /* a kind of link and its rate, or the slow link */
} LegendItem;

/* The three items of every frame and the kinds of link of this one. */
#define MAX_LEGEND_ITEMS (3 + RING_N_LINK_KINDS + 1)

typedef struct
{
  guint        n;
  LegendItem   items[MAX_LEGEND_ITEMS];
  RingLinkKind kinds[MAX_LEGEND_ITEMS];
  char        *texts[MAX_LEGEND_ITEMS];
} Legend;

#define LEGEND_SWATCH_GAP    7.0
#define LEGEND_ITEM_GAP     22.0

/* Node and reduced-chunk swatches are small cards holding chunk cells, like the real GPU
 * nodes: a lone box, empty or ticked, would read as a check box to click. */
#define LEGEND_CARD_CELLS    3
#define LEGEND_CARD_CELL     8.0
#define LEGEND_CARD_GAP      2.0
#define LEGEND_CARD_PAD      3.0
#define LEGEND_CARD_WIDTH    (LEGEND_CARD_CELLS * LEGEND_CARD_CELL \
                              + (LEGEND_CARD_CELLS - 1) * LEGEND_CARD_GAP + 2 * LEGEND_CARD_PAD)
#define LEGEND_CARD_HEIGHT   (LEGEND_CARD_CELL + 2 * LEGEND_CARD_PAD)
#define LEGEND_LINK_WIDTH   18.0

static double
legend_swatch_width (LegendItem item)
{
  return item == LEGEND_IN_FLIGHT_CHUNK || item == LEGEND_LINK ? LEGEND_LINK_WIDTH
                                                               : LEGEND_CARD_WIDTH;
}

static void
legend_init (Legend   *legend,
             RingDraw *draw)
{
  RingLinkKind kinds[RING_N_LINK_KINDS + 1];
  guint n_kinds = _ring_animation_draw_link_legend (draw, kinds);

  legend->n = 0;
  for (LegendItem item = LEGEND_GPU_NODE; item <= LEGEND_IN_FLIGHT_CHUNK; item++)
    legend->items[legend->n++] = item;
  /* A card is one GPU, labelled "GPU i"; a node is the box around G of them. */
  legend->texts[0] = g_strdup (_("GPU"));
  legend->texts[1] = g_strdup (_("Reduced gradient chunk"));
  legend->texts[2] = g_strdup (draw->ring_like ? _("In-flight chunk (ring link)")
                                               : _("In-flight chunk"));
  for (guint i = 0; i < n_kinds; i++)
    {
      legend->items[legend->n] = LEGEND_LINK;
      legend->kinds[legend->n] = kinds[i];
      legend->texts[legend->n++] = _ring_animation_draw_link_legend_text (draw, kinds[i]);
    }
}

static void
legend_clear (Legend *legend)
{
  for (guint i = 0; i < legend->n; i++)
    g_free (legend->texts[i]);
  legend->n = 0;
}

/* Flows the legend items into lines of at most @max_width; fills each item's line and its
 * x offset inside the line, and each line's width. Returns the number of lines. */
static guint
legend_flow (RingDraw     *draw,
             const Legend *legend,
             double        max_width,
             guint         lines[MAX_LEGEND_ITEMS],
             double        offsets[MAX_LEGEND_ITEMS],
             double        line_widths[MAX_LEGEND_ITEMS])
{
  guint line = 0;
  double x = 0;

  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  for (guint item = 0; item < legend->n; item++)
    {
      double width = legend_swatch_width (legend->items[item]) + LEGEND_SWATCH_GAP
                     + _ring_animation_draw_text_width (draw, legend->texts[item]);

      if (x > 0 && x + LEGEND_ITEM_GAP + width > max_width)
        {
          line++;
          x = 0;
        }
      if (x > 0)
        x += LEGEND_ITEM_GAP;

      lines[item] = line;
      offsets[item] = x;
      x += width;
      line_widths[line] = x;
    }

  return line + 1;
}

static double
legend_line_height (const RingDraw *draw)
{
  return round (draw->text_px * 1.75);
}

static double
timeline_height (const RingDraw *draw)
{
  return 12 + 8 + draw->text_px * 1.2;
}

static GPtrArray *
wrap_explanation (RingDraw *draw,
                  double    max_width)
{
  g_autofree char *explanation = dup_phase_explanation (draw);

  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);

  return wrap_text (draw, explanation, max_width);
}

static guint
explanation_lines (RingDraw *draw,
                   double    max_width)
{
  g_autoptr(GPtrArray) lines = wrap_explanation (draw, max_width);

  return MAX (lines->len, 1);
}

static double
line_step (const RingDraw *draw)
{
  return round (draw->text_px * 1.3);
}

static double
header_height (const RingDraw *draw,
               const Layout   *layout)
{
  return layout->subtitle_baseline + (layout->explanation_lines - 1) * line_step (draw)
         + draw->text_px * 0.4;
}

static void
compute_layout (RingDraw     *draw,
                const Legend *legend,
                Layout       *layout,
                double        width,
                double        height)
{
  guint lines[MAX_LEGEND_ITEMS];
  double offsets[MAX_LEGEND_ITEMS], line_widths[MAX_LEGEND_ITEMS];
  double header_bottom, bottom, fabric;

  layout->pad = round (CLAMP (MIN (width, height) * 0.03, 12, 24));
  layout->title_px = width >= 560 ? 18 : 15;
  layout->title_baseline = layout->pad + round (layout->title_px * 0.95);
  layout->subtitle_baseline = layout->title_baseline + round (draw->text_px * 1.6);
  layout->explanation_lines = explanation_lines (draw, width - 2 * layout->pad);
  header_bottom = header_height (draw, layout);

  layout->legend_lines = legend_flow (draw, legend, width - 2 * layout->pad, lines, offsets,
                                      line_widths);
  layout->legend.height = layout->legend_lines * legend_line_height (draw);
  layout->legend.x = layout->pad;
  layout->legend.width = width - 2 * layout->pad;
  layout->legend.y = height - layout->pad - layout->legend.height;
  bottom = layout->legend.y - 8;

  /* The timeline only when the model's times are known and the ring keeps its room. */
  layout->show_timeline = (draw->frame.compute_time_s > 0 || draw->frame.allreduce_time_s > 0)
                          && bottom - timeline_height (draw) - 12 - header_bottom >= 200;
  if (layout->show_timeline)
    {
      layout->timeline.width = MIN (width - 2 * layout->pad, 560);
      layout->timeline.x = round ((width - layout->timeline.width) / 2);
      layout->timeline.height = timeline_height (draw);
      layout->timeline.y = bottom - layout->timeline.height;
      bottom = layout->timeline.y - 6;
    }

  layout->ring.x = layout->pad;
  layout->ring.y = header_bottom + 10;
  layout->ring.width = width - 2 * layout->pad;
  layout->ring.height = bottom - layout->ring.y;

  /* The fabric's band takes the top of the picture while the ring keeps 160 px. */
  fabric = _ring_animation_draw_fabric_height (draw, layout->ring.width);
  if (fabric > 0 && layout->ring.height - fabric - 6 >= 160)
    {
      layout->fabric = layout->ring;
      layout->fabric.height = fabric;
      layout->ring.y += fabric + 6;
      layout->ring.height -= fabric + 6;
    }
}

/* Header: the phase and what happens in it */

static void
draw_header (RingDraw     *draw,
             const Layout *layout,
             double        width)
{
  g_autofree char *title = ring_frame_dup_phase_label_full (&draw->frame, draw->separator);
  g_autofree char *fitted_title = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  double max_width = width - 2 * layout->pad;

  _ring_animation_draw_use_font (draw, layout->title_px, TRUE);
  fitted_title = fit_text (draw, title, max_width);
  if (fitted_title != NULL)
    {
      ring_cairo_set_color (draw->cr, &draw->style->foreground, 1.0);
      _ring_animation_draw_show_text (draw, fitted_title, layout->pad, layout->title_baseline, 0);
      if (draw->header_lines != NULL)
        g_ptr_array_add (draw->header_lines, g_strdup (fitted_title));
    }

  lines = wrap_explanation (draw, max_width);
  ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.7);
  for (guint i = 0; i < lines->len; i++)
    {
      _ring_animation_draw_show_text (draw, lines->pdata[i], layout->pad,
                                      layout->subtitle_baseline + i * line_step (draw), 0);
      if (draw->header_lines != NULL)
        g_ptr_array_add (draw->header_lines, g_strdup (lines->pdata[i]));
    }
}

/* Legend */

/* The card behind a node or reduced-chunk swatch, left as the path. */
static void
legend_card (RingDraw *draw,
             double    x,
             double    top)
{
  cairo_t *cr = draw->cr;

  ring_cairo_rounded_rectangle (cr, x + 0.5, top + 0.5, LEGEND_CARD_WIDTH - 1,
                                LEGEND_CARD_HEIGHT - 1, 4);
  ring_cairo_set_color (cr, &draw->card, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 1.0);
  ring_cairo_set_color (cr, &draw->card_border, 1.0);
  cairo_stroke_preserve (cr);
}

static void
draw_legend_swatch (RingDraw     *draw,
                    LegendItem    item,
                    RingLinkKind  kind,
                    double        x,
                    double        middle)
{
  cairo_t *cr = draw->cr;
  double top = middle - LEGEND_CARD_HEIGHT / 2;
  RingColor hue;

  switch (item)
    {
    case LEGEND_GPU_NODE:
      legend_card (draw, x, top);
      cairo_new_path (cr);
      /* Chunks part-way through the scatter-reduce, a quarter to three quarters summed. */
      for (guint cell = 0; cell < LEGEND_CARD_CELLS; cell++)
        {
          double cell_x = x + LEGEND_CARD_PAD + cell * (LEGEND_CARD_CELL + LEGEND_CARD_GAP);

          hue = _ring_animation_draw_chunk_color (draw, (double) cell / LEGEND_CARD_CELLS);
          _ring_animation_draw_cell (draw, &hue, cell_x, top + LEGEND_CARD_PAD, LEGEND_CARD_CELL,
                                     cell + 1, 4, FALSE, 1.0);
        }
      break;

    case LEGEND_REDUCED_CHUNK:
      {
        /* One larger reduced cell, full and ticked as on the nodes, between two cells
         * still filling that the card cuts off. */
        double cell = LEGEND_CARD_HEIGHT - 4;
        double cell_x = x + (LEGEND_CARD_WIDTH - cell) / 2;

        cairo_save (cr);
        legend_card (draw, x, top);
        cairo_clip (cr);
        for (int side = -1; side <= 1; side += 2)
          {
            hue = _ring_animation_draw_chunk_color (draw, 0.5 + side * 0.25);
            _ring_animation_draw_cell (draw, &hue, cell_x + side * (cell + 2), top + 2, cell, 1, 3,
                                       FALSE, 1.0);
          }
        cairo_restore (cr);
        hue = _ring_animation_draw_chunk_color (draw, 0.5);
        _ring_animation_draw_cell (draw, &hue, cell_x, top + 2, cell, 1, 1, TRUE, 1.0);
      }
      break;

    case LEGEND_IN_FLIGHT_CHUNK:
      cairo_move_to (cr, x, middle);
      cairo_line_to (cr, x + LEGEND_LINK_WIDTH, middle);
      cairo_set_line_width (cr, 2.0);
      ring_cairo_set_color (cr, &draw->link, 1.0);
      cairo_stroke (cr);
      ring_cairo_rounded_rectangle (cr, x + 4, middle - 6, 12, 12, 4);
      ring_cairo_set_color (cr, &draw->background, 1.0);
      cairo_fill (cr);
      hue = _ring_animation_draw_chunk_color (draw, 0.4);
      _ring_animation_draw_cell (draw, &hue, x + 5, middle - 5, 10, 1, 2, FALSE, 1.0);
      break;

    case LEGEND_LINK:
      _ring_animation_draw_link_swatch (draw, kind, x, middle, LEGEND_LINK_WIDTH);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
draw_legend (RingDraw          *draw,
             const Legend      *legend,
             const RingDrawBox *box)
{
  guint lines[MAX_LEGEND_ITEMS];
  double offsets[MAX_LEGEND_ITEMS], line_widths[MAX_LEGEND_ITEMS];
  double line_height = legend_line_height (draw);

  legend_flow (draw, legend, box->width, lines, offsets, line_widths);
  for (guint item = 0; item < legend->n; item++)
    {
      double x = box->x + round ((box->width - line_widths[lines[item]]) / 2) + offsets[item];
      double middle = box->y + line_height * (lines[item] + 0.5);

      draw_legend_swatch (draw, legend->items[item], legend->kinds[item], x, middle);
      _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
      ring_cairo_set_color (draw->cr, &draw->style->foreground, 0.8);
      _ring_animation_draw_show_text (draw, legend->texts[item],
                                      x + legend_swatch_width (legend->items[item])
                                      + LEGEND_SWATCH_GAP,
                                      middle + draw->text_px * 0.35, 0);
    }
}

/* A single GPU: one node, one chunk, nothing to send */

static void
draw_single_card (RingDraw          *draw,
                  double             cx,
                  double             cy,
                  double             card,
                  double             cell,
                  double             pad,
                  gboolean           empty,
                  const RingDrawBox *box)
{
  cairo_t *cr = draw->cr;
  g_autofree char *label = g_strdup_printf (_("GPU %u"), 0);
  const char *note = _("No communication needed");

  ring_cairo_rounded_rectangle (cr, cx - card / 2, cy - card / 2, card, card, MIN (12.0, pad + 4));
  _ring_animation_draw_fill_cards (draw);

  if (empty)
    {
      ring_cairo_rounded_rectangle (cr, cx - cell / 2 + 0.5, cy - cell / 2 + 0.5, cell - 1,
                                    cell - 1, _ring_animation_draw_cell_radius (cell));
      ring_cairo_set_color (cr, &draw->slot, 1.0);
      cairo_set_line_width (cr, 1.0);
      cairo_stroke (cr);
    }

  _ring_animation_draw_use_font (draw, draw->text_px, FALSE);
  ring_cairo_set_color (cr, &draw->style->foreground, 0.7);
  _ring_animation_draw_show_text (draw, label, cx, cy + card / 2 + draw->text_px * 1.6, 0.5);

  _ring_animation_draw_use_font (draw, draw->text_px + 2, TRUE);
  ring_cairo_set_color (cr, &draw->style->foreground, 1.0);
  if (_ring_animation_draw_text_width (draw, note) <= box->width)
    _ring_animation_draw_show_text (draw, note, cx, cy + card / 2 + draw->text_px * 3.6, 0.5);
}

void
_ring_animation_draw_single_gpu (RingDraw          *draw,
                                 const RingDrawBox *box)
{
  double cell = round (CLAMP (MIN (box->width, box->height) * 0.16, 16, 56));
  double pad = round (cell * 0.35);
  double card = cell + 2 * pad;
  double cx = box->x + box->width / 2;
  double cy = box->y + box->height / 2 - draw->text_px * 1.5;
  RingColor hue = _ring_animation_draw_chunk_color (draw, 0);
  guint contributions = draw->frame.phase == RING_FRAME_IDLE ? 0 : 1;

  /* The card, its labels and an empty slot stay; a chunk fills in. */
  if (_ring_animation_draw_static (draw, 0))
    draw_single_card (draw, cx, cy, card, cell, pad, contributions == 0, box);
  if (contributions > 0 && _ring_animation_draw_dynamic (draw))
    {
      double alpha = draw->frame.phase == RING_FRAME_COMPUTE ? draw->frame.progress : 1.0;

      _ring_animation_draw_cell (draw, &hue, cx - cell / 2, cy - cell / 2, cell, 1, 1,
                                 draw->frame.phase == RING_FRAME_DONE, alpha);
    }
}

/* The frame */

/* What the frame laid out, when it keeps a record. */
static void
record_layout (RingDraw     *draw,
               const Layout *layout,
               double        width)
{
  if (draw->record == NULL)
    return;

  _ring_animation_draw_record_box (draw, RING_DRAW_BOX_HEADER,
                                   &(RingDrawBox) { 0, 0, width,
                                                    header_height (draw, layout) });
  _ring_animation_draw_record_box (draw, RING_DRAW_BOX_AREA,
                                   layout->fabric.height > 0
                                   ? &(RingDrawBox) { layout->fabric.x, layout->fabric.y,
                                                      layout->ring.width,
                                                      layout->ring.y + layout->ring.height
                                                      - layout->fabric.y }
                                   : &layout->ring);
  if (layout->show_timeline)
    _ring_animation_draw_record_box (draw, RING_DRAW_BOX_TIMELINE, &layout->timeline);
  _ring_animation_draw_record_box (draw, RING_DRAW_BOX_LEGEND, &layout->legend);
}

static gboolean
draw_frame (cairo_t            *cr,
            double              width,
            double              height,
            const RingFrame    *frame,
            const RingStyle    *style,
            RingDrawMode        mode,
            guint               plane,
            RingAnimationCache *cache,
            GArray             *record,
            GPtrArray          *header_lines)
{
  RingDraw draw = { 0 };
  Layout layout = { 0 };
  Legend legend = { 0 };
  const RingColor *bg, *fg;

  draw.record = record;
  draw.header_lines = header_lines;
  draw.cr = cr;
  draw.mode = mode;
  draw.plane = plane;
  draw.cache = cache;
  draw.style = style;
  draw.frame = ring_frame_normalize (frame);
  draw.n = draw.frame.n_gpus;
  draw.n_steps = ring_frame_get_n_steps (&draw.frame);
  draw.completed = ring_frame_get_completed_steps (&draw.frame);
  draw.sending = draw.frame.phase == RING_FRAME_RING_STEP;
  /* Ease in and out, unless frames only sample a stream of steps too fast to follow. */
  draw.travel = draw.frame.collapsed
                  ? draw.frame.progress
                  : draw.frame.progress * draw.frame.progress * (3 - 2 * draw.frame.progress);
  draw.family = style->font_family != NULL ? style->font_family : "Sans";
  draw.text_px = width >= 420 ? 13 : RING_DRAW_MIN_TEXT_PX;

  /* Alpha 0 leaves the background to the caller's surface; shapes still blend with, and
   * knock out to, the style's colour, which should then be that surface's. */
  draw.background = style->background;
  if (draw.background.alpha <= 0)
    draw.background.alpha = 1.0;
  bg = &draw.background;
  fg = &style->foreground;
  draw.card = ring_color_mix (*bg, *fg, style->dark ? 0.08 : 0.035);
  draw.card_border = ring_color_mix (*bg, *fg, style->dark ? 0.2 : 0.16);
  draw.slot = ring_color_mix (*bg, *fg, style->dark ? 0.28 : 0.22);
  draw.link = ring_color_mix (*bg, style->dim, 0.85);
  draw.node = ring_color_mix (*bg, *fg, style->dark ? 0.3 : 0.22);
  draw.network = ring_color_mix (*bg, style->series[1], 0.9);
  draw.slow = style->communication;
  draw.band = ring_color_mix (*bg, *fg, style->dark ? 0.06 : 0.035);
  _ring_animation_draw_setup_topology (&draw);

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  /* Plane 0 lies under everything. */
  if (_ring_animation_draw_static (&draw, 0) && style->background.alpha > 0)
    {
      ring_cairo_set_color (cr, &style->background, 1.0);
      cairo_paint (cr);
    }

  /* The font's glyphs: once per cache key. */
  if (cache != NULL && cache->separator != NULL)
    draw.separator = cache->separator;
  else
    draw.separator = choose_separator (&draw);
  if (cache != NULL)
    cache->separator = draw.separator;
  legend_init (&legend, &draw);
  compute_layout (&draw, &legend, &layout, width, height);
  record_layout (&draw, &layout, width);
  if (_ring_animation_draw_dynamic (&draw))
    draw_header (&draw, &layout, width);

  /* The tier's line caps and dashes stay inside it: the timeline and the legend start
   * alike whether the moving parts were drawn or not. */
  cairo_save (cr);
  if (layout.ring.width >= 60 && layout.ring.height >= 60)
    {
      /* The most detailed tier that fits: every chunk, a dot per GPU, or bands. Other
       * algorithms than the ring draw their own schedule; the tree as trees. */
      if (draw.n == 1)
        _ring_animation_draw_single_gpu (&draw, &layout.ring);
      else if (!draw.ring_like)
        {
          if (picture (&draw) != RING_PICTURE_TREE
              || !_ring_animation_draw_trees (&draw, &layout.ring))
            _ring_animation_draw_schedule (&draw, &layout.ring);
        }
      else if (draw.n > RING_ANIMATION_MAX_CHUNK_GPUS
               || !_ring_animation_draw_chunk_ring (&draw, &layout.ring))
        {
          if (draw.n <= RING_ANIMATION_MAX_NODE_GPUS)
            _ring_animation_draw_dot_ring (&draw, &layout.ring);
          else
            _ring_animation_draw_band_ring (&draw, &layout.ring);
        }
    }
  cairo_restore (cr);

  if (layout.fabric.height > 0 && _ring_animation_draw_static (&draw, 0))
    _ring_animation_draw_fabric (&draw, &layout.fabric);

  if (layout.show_timeline)
    _ring_animation_draw_timeline (&draw, &layout.timeline);
  /* The legend stays, over whatever a tier draws (plane 2). */
  if (layout.legend.y >= layout.ring.y && _ring_animation_draw_static (&draw, 2))
    draw_legend (&draw, &legend, &layout.legend);

  legend_clear (&legend);
  _ring_animation_draw_clear_topology (&draw);
  cairo_restore (cr);

  return draw.touched;
}

gboolean
_ring_animation_draw_frame (cairo_t            *cr,
                            double              width,
                            double              height,
                            const RingFrame    *frame,
                            const RingStyle    *style,
                            RingDrawMode        mode,
                            guint               plane,
                            RingAnimationCache *cache)
{
  return draw_frame (cr, width, height, frame, style, mode, plane, cache, NULL, NULL);
}

void
_ring_animation_draw_layout (cairo_t         *cr,
                             double           width,
                             double           height,
                             const RingFrame *frame,
                             const RingStyle *style,
                             GArray          *record)
{
  draw_frame (cr, width, height, frame, style, RING_DRAW_DIRECT, 0, NULL, record, NULL);
}

char **
_ring_animation_draw_header_lines (cairo_t         *cr,
                                   double           width,
                                   double           height,
                                   const RingFrame *frame,
                                   const RingStyle *style)
{
  GPtrArray *lines = g_ptr_array_new ();

  draw_frame (cr, width, height, frame, style, RING_DRAW_DIRECT, 0, NULL, NULL, lines);
  g_ptr_array_add (lines, NULL);

  return (char **) g_ptr_array_free (lines, FALSE);
}

void
ring_animation_draw (cairo_t         *cr,
                     double           width,
                     double           height,
                     const RingFrame *frame,
                     const RingStyle *style)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (frame != NULL);
  g_return_if_fail (style != NULL);

  if (!(width > 0 && height > 0))
    return;

  _ring_animation_draw_frame (cr, width, height, frame, style, RING_DRAW_DIRECT, 0, NULL);
}

guint
ring_animation_draw_link_at (cairo_t         *cr,
                             double           width,
                             double           height,
                             const RingFrame *frame,
                             const RingStyle *style,
                             double           x,
                             double           y)
{
  RingDraw draw = { 0 };
  Layout layout = { 0 };
  Legend legend = { 0 };
  double cx, cy, half, distance, turns;
  guint n;

  g_return_val_if_fail (cr != NULL && frame != NULL && style != NULL, G_MAXUINT);

  draw.cr = cr;
  draw.style = style;
  draw.frame = ring_frame_normalize (frame);
  draw.n = n = draw.frame.n_gpus;
  draw.n_steps = ring_frame_get_n_steps (&draw.frame);
  draw.family = style->font_family != NULL ? style->font_family : "Sans";
  draw.text_px = width >= 420 ? 13 : RING_DRAW_MIN_TEXT_PX;
  _ring_animation_draw_setup_topology (&draw);
  if (n < 2 || draw.sim == NULL || n > RING_ANIMATION_MAX_NODE_GPUS
      || picture (&draw) == RING_PICTURE_TREE)
    {
      _ring_animation_draw_clear_topology (&draw);
      return G_MAXUINT;
    }

  cairo_save (cr);
  draw.separator = choose_separator (&draw);
  legend_init (&legend, &draw);
  compute_layout (&draw, &legend, &layout, width, height);
  legend_clear (&legend);
  cairo_restore (cr);
  _ring_animation_draw_clear_topology (&draw);

  /* Every tier puts GPU i at angle −π/2 + 2πi/N of a circle in the middle of the box. */
  cx = layout.ring.x + layout.ring.width / 2;
  cy = layout.ring.y + layout.ring.height / 2;
  half = MIN (layout.ring.width, layout.ring.height) / 2;
  distance = hypot (x - cx, y - cy);
  if (distance < 0.3 * half || distance > half)
    return G_MAXUINT;

  turns = fmod ((atan2 (y - cy, x - cx) + G_PI / 2) / (2 * G_PI) + 1, 1.0) * n;

  /* The ring: the link that leaves GPU i, or GPU i itself; elsewhere the nearest GPU. */
  if (draw.ring_like)
    return (guint) floor (turns + 0.3) % n;

  return (guint) floor (turns + 0.5) % n;
}
