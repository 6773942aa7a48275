/* ring-plot-legend.c: a chart's legend, drawn by pllegend() in rows of columns above the
 * panel, at a size and with as many entries as leave the plot most of the room.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <plplot.h>

#include "ring-chart-draw-private.h"

typedef struct
{
  RingPlotLegendSample kind;
  int                  color;
  int                  line_style;
  double               line_px;
  char                *text;
} LegendEntry;

void
_ring_plot_legend_add (GArray               *entries,
                       RingPlotLegendSample  kind,
                       int                   color,
                       int                   line_style,
                       double                line_px,
                       const char           *text)
{
  LegendEntry entry = { kind, color, line_style, line_px, g_strdup (text) };

  g_array_append_val (entries, entry);
}

static void
legend_entry_clear (gpointer data)
{
  LegendEntry *entry = data;

  g_free (entry->text);
}

GArray *
_ring_plot_legend_new (void)
{
  GArray *entries = g_array_new (FALSE, FALSE, sizeof (LegendEntry));

  g_array_set_clear_func (entries, legend_entry_clear);
  return entries;
}

/* Against the chart's text; see _ring_plot_draw_legend(). */
#define LEGEND_SCALE      0.9
#define LEGEND_MIN_SCALE  0.7
#define LEGEND_MAX_SHARE  0.4

/* In character heights; pllegend()'s own in heights of the page's height along its width. */
#define LEGEND_SAMPLE  2.6
#define LEGEND_GAP     0.6
#define LEGEND_ROW     1.7
#define LEGEND_BORDER  0.4
#define LEGEND_COLUMN_SEPARATION 2.0

/* Open shapes, so the curve shows through a log's marker. */
const char *
_ring_plot_measured_symbol (guint shape)
{
  static const char *symbols[] = { "○", "□", "△", "◇" };

  return symbols[shape % G_N_ELEMENTS (symbols)];
}

const char *
_ring_plot_curve_symbol (guint mark)
{
  static const char *symbols[] = { "▼", "▲" };

  return symbols[mark % G_N_ELEMENTS (symbols)];
}

/* The legend's height in columns of the widest entry at @scale (one wider than a row
 * ellipsized); drawn, first row centred on @top_mm, when @draw. */
static double
legend_layout (const RingPlotChart *chart,
               GArray              *entries,
               double               left_mm,
               double               right_mm,
               double               top_mm,
               double               scale,
               gboolean             draw)
{
  double em_mm = chart->text_mm * scale;
  double width_mm = em_mm * chart->width_mm / chart->height_mm;
  double sample_mm = em_mm * LEGEND_SAMPLE, gap_mm = em_mm * LEGEND_GAP;
  double spacing_mm = width_mm * LEGEND_COLUMN_SEPARATION, row_mm = em_mm * LEGEND_ROW;
  double border_mm = width_mm * LEGEND_BORDER;
  double room_mm = right_mm - left_mm, widest_mm = 0, column_mm;
  guint n = entries->len, columns, rows;
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);

  if (n == 0)
    return 0;

  _ring_plot_set_text_size (chart, scale);
  for (guint i = 0; i < n; i++)
    {
      const LegendEntry *entry = &g_array_index (entries, LegendEntry, i);
      char *text = _ring_plot_ellipsize_text (entry->text,
                                              MAX (room_mm - sample_mm - gap_mm - border_mm,
                                                   em_mm));

      g_ptr_array_add (texts, text);
      widest_mm = MAX (widest_mm, _ring_plot_text_width_mm (text));
    }
  column_mm = sample_mm + gap_mm + widest_mm + spacing_mm;
  columns = CLAMP ((guint) floor ((room_mm + spacing_mm) / column_mm), 1, n);
  rows = (n + columns - 1) / columns;

  if (draw)
    {
      g_autofree PLINT *options = g_new0 (PLINT, n);
      g_autofree PLINT *colors = g_new0 (PLINT, n);
      g_autofree PLINT *text_colors = g_new0 (PLINT, n);
      g_autofree PLINT *patterns = g_new0 (PLINT, n);
      g_autofree PLINT *styles = g_new0 (PLINT, n);
      g_autofree PLINT *numbers = g_new0 (PLINT, n);
      g_autofree PLFLT *widths = g_new0 (PLFLT, n);
      g_autofree PLFLT *box_scales = g_new0 (PLFLT, n);
      g_autofree PLFLT *symbol_scales = g_new0 (PLFLT, n);
      g_autofree const char **symbols = g_new0 (const char *, n);
      PLFLT legend_width, legend_height;

      for (guint i = 0; i < n; i++)
        {
          const LegendEntry *entry = &g_array_index (entries, LegendEntry, i);

          colors[i] = entry->color;
          text_colors[i] = RING_PLOT_COLOR_FOREGROUND;
          styles[i] = MAX (entry->line_style, RING_PLOT_LINE_SOLID);
          widths[i] = entry->line_px;
          box_scales[i] = 0.9;
          symbol_scales[i] = 1.0;
          numbers[i] = 1;
          symbols[i] = "●";
          switch (entry->kind)
            {
            case RING_PLOT_LEGEND_LINE:
              options[i] = PL_LEGEND_LINE;
              break;
            case RING_PLOT_LEGEND_MARKED_LINE:
              options[i] = PL_LEGEND_LINE | PL_LEGEND_SYMBOL;
              symbols[i] = _ring_plot_curve_symbol ((guint) entry->line_style);
              styles[i] = RING_PLOT_LINE_SOLID;
              symbol_scales[i] = 0.8;
              numbers[i] = 2;
              break;
            case RING_PLOT_LEGEND_BOX:
              options[i] = PL_LEGEND_COLOR_BOX;
              widths[i] = 1;
              break;
            case RING_PLOT_LEGEND_HATCHED_BOX:
              /* Hatched in its colour over the background, as the bars the other way. */
              options[i] = PL_LEGEND_COLOR_BOX;
              patterns[i] = 3;
              widths[i] = MAX (1.0, entry->line_px);
              break;
            case RING_PLOT_LEGEND_MARKER:
              options[i] = PL_LEGEND_SYMBOL;
              symbol_scales[i] = 1.2;
              break;
            case RING_PLOT_LEGEND_MEASURED:
              options[i] = PL_LEGEND_SYMBOL;
              symbols[i] = _ring_plot_measured_symbol ((guint) entry->line_style);
              styles[i] = RING_PLOT_LINE_SOLID;
              break;
            case RING_PLOT_LEGEND_TEXT:
              options[i] = PL_LEGEND_NONE;
              break;
            default:
              g_assert_not_reached ();
            }
        }

      _ring_plot_use_page (chart);
      _ring_plot_key_text_state ();
      _ring_plot_key_string ("pllegend");
      _ring_plot_key_double (left_mm);
      _ring_plot_key_double (top_mm);
      _ring_plot_key_double (row_mm);
      _ring_plot_key_double (sample_mm);
      _ring_plot_key_double (gap_mm / width_mm);
      _ring_plot_key_double (scale);
      _ring_plot_key (&rows, sizeof rows);
      _ring_plot_key (&columns, sizeof columns);
      _ring_plot_key (options, n * sizeof *options);
      _ring_plot_key (colors, n * sizeof *colors);
      _ring_plot_key (patterns, n * sizeof *patterns);
      _ring_plot_key (styles, n * sizeof *styles);
      _ring_plot_key (widths, n * sizeof *widths);
      _ring_plot_key (box_scales, n * sizeof *box_scales);
      _ring_plot_key (symbol_scales, n * sizeof *symbol_scales);
      _ring_plot_key (numbers, n * sizeof *numbers);
      for (guint i = 0; i < n; i++)
        {
          _ring_plot_key_string (g_ptr_array_index (texts, i));
          _ring_plot_key_string (symbols[i]);
        }
      if (_ring_plot_draws ())
        {
          pllegend (&legend_width, &legend_height, PL_LEGEND_ROW_MAJOR,
                    PL_POSITION_LEFT | PL_POSITION_TOP | PL_POSITION_INSIDE
                    | PL_POSITION_VIEWPORT,
                    (left_mm - border_mm) / chart->width_mm,
                    (chart->height_mm - top_mm - row_mm / 2) / chart->height_mm,
                    sample_mm / chart->width_mm, RING_PLOT_COLOR_BACKGROUND,
                    RING_PLOT_COLOR_BACKGROUND, RING_PLOT_LINE_SOLID, (PLINT) rows,
                    (PLINT) columns, (PLINT) n, options, gap_mm / width_mm, scale, LEGEND_ROW,
                    0.0,
                    text_colors, (const char *const *) texts->pdata, colors, patterns,
                    box_scales, widths, colors, styles, widths, colors, symbol_scales, numbers,
                    symbols);
        }
      pllsty (RING_PLOT_LINE_SOLID);
      plpsty (0);
    }

  _ring_plot_set_text_size (chart, 1.0);

  return rows * row_mm;
}

/* Keeps the entries that fit @max_mm and says how many it left out. */
static void
trim_legend (const RingPlotChart *chart,
             GArray              *legend,
             double               left_mm,
             double               right_mm,
             double               top_mm,
             double               scale,
             double               max_mm)
{
  guint n = legend->len;

  for (guint kept = n - 1; kept >= 1; kept--)
    {
      g_autofree char *more =
        g_strdup_printf (/* TRANSLATORS: the last line of a chart's legend that a small
                          * figure has no room for: how many entries were left out */
                         g_dngettext (GETTEXT_PACKAGE, "and %u more", "and %u more",
                                      n - kept), n - kept);

      g_array_set_size (legend, kept);
      _ring_plot_legend_add (legend, RING_PLOT_LEGEND_TEXT, RING_PLOT_COLOR_FOREGROUND, 0, 0,
                             more);
      if (kept == 1
          || legend_layout (chart, legend, left_mm, right_mm, top_mm, scale, FALSE) <= max_mm)
        return;
    }
}

/* Returns its height: shrunk to LEGEND_MIN_SCALE where it would take more than
 * LEGEND_MAX_SHARE of @room_mm, then trimmed. */
double
_ring_plot_draw_legend (const RingPlotChart *chart,
                        GArray              *legend,
                        double               left_mm,
                        double               right_mm,
                        double               top_mm,
                        double               room_mm)
{
  double scale = LEGEND_SCALE;

  while (scale > LEGEND_MIN_SCALE
         && legend_layout (chart, legend, left_mm, right_mm, top_mm, scale, FALSE)
            > LEGEND_MAX_SHARE * room_mm)
    scale -= 0.05;
  if (legend->len > 1
      && legend_layout (chart, legend, left_mm, right_mm, top_mm, scale, FALSE)
         > LEGEND_MAX_SHARE * room_mm)
    trim_legend (chart, legend, left_mm, right_mm, top_mm, scale, LEGEND_MAX_SHARE * room_mm);

  return legend_layout (chart, legend, left_mm, right_mm, top_mm, scale, TRUE);
}
