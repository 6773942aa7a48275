/* ring-chart-draw-private.h: what the chart kinds share: the page on a PLplot stream, its
 * panels and axes, its lines and text, and the marks put on a panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <stdio.h>

#include "ring-chart-draw.h"
#include "ring-chart-series-private.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* Decades of room around curves on log axes, so none runs along the frame. */
#define RING_PLOT_LOG_PAD 0.1

/* The step timeline's rows in y world units: the communication stream's, and the compute
 * stream's one above (ring-chart-draw-timeline.c). */
#define RING_PLOT_TIMELINE_ROW_COMMUNICATION 500.0

/* PLplot's cairo driver works at 72 dots per inch: one millimetre is this many pixels. */
#define RING_PLOT_PX_PER_MM (72.0 / 25.4)

/* Colour map 0 slots, every one set from the RingStyle before drawing. */
enum {
  RING_PLOT_COLOR_BACKGROUND,
  RING_PLOT_COLOR_FOREGROUND,
  RING_PLOT_COLOR_DIM,
  RING_PLOT_COLOR_GRID,
  RING_PLOT_COLOR_ACCENT,
  RING_PLOT_COLOR_COMPUTE,
  RING_PLOT_COLOR_COMMUNICATION,
  RING_PLOT_COLOR_SERIES_0,
  RING_PLOT_COLOR_SERIES_1,
  RING_PLOT_COLOR_SERIES_2,
  RING_PLOT_COLOR_SERIES_3,
  RING_PLOT_COLOR_COMM_SHADE,
  RING_PLOT_COLOR_SUBTLE,
  RING_PLOT_COLOR_GUIDE,      /* the accent, half-way to the background */
  /* style->algorithms[], from ring to flat-ring: RING_PLOT_COLOR_ALGORITHM + algorithm − 1. */
  RING_PLOT_COLOR_ALGORITHM,
  RING_PLOT_COLOR_ALGORITHM_LAST = RING_PLOT_COLOR_ALGORITHM + RING_N_ALGORITHMS - 2,
  /* Set by a chart for its own fills: the message-size chart's bands. */
  RING_PLOT_COLOR_BAND,
  RING_PLOT_COLOR_BAND_LAST = RING_PLOT_COLOR_BAND + 11,
  /* style->scenarios[]: the pinned scenarios' curves. */
  RING_PLOT_COLOR_SCENARIO,
  RING_PLOT_COLOR_SCENARIO_LAST = RING_PLOT_COLOR_SCENARIO + 3,
  RING_PLOT_N_COLORS,
};

/* Line styles, numbered as PLplot's predefined ones: solid, 1 mm and 2 mm dashes. */
enum {
  RING_PLOT_LINE_SOLID = 1,
  RING_PLOT_LINE_SHORT_DASH = 2,
  RING_PLOT_LINE_LONG_DASH = 3,
};

typedef enum
{
  RING_PLOT_AXIS_LINEAR,
  RING_PLOT_AXIS_LOG2,
  RING_PLOT_AXIS_LOG10,
} RingPlotAxisScale;

typedef enum
{
  RING_PLOT_FORMAT_NUMBER,   /* linear, plain numbers; the unit is in the axis title */
  RING_PLOT_FORMAT_COUNT,    /* log₂ GPU counts: 1 8 64 512 4K 32K */
  RING_PLOT_FORMAT_BYTES,    /* log₂ bytes: 8 B, 1 KiB, 1 MiB, 1 GiB */
  RING_PLOT_FORMAT_SECONDS,  /* log₁₀: 1 µs, 10 ms, 1 s */
  RING_PLOT_FORMAT_GBPS,     /* log₁₀: 0.1 GB/s, 100 GB/s, 1 TB/s */
  RING_PLOT_FORMAT_GBITPS,   /* log₁₀: 1 Gb/s, 100 Gb/s, 1 Tb/s (a NIC's line rate) */
  RING_PLOT_FORMAT_RATE,     /* log₁₀: 1K, 10M */
} RingPlotAxisFormat;

typedef struct
{
  RingPlotAxisScale  scale;
  RingPlotAxisFormat format;
  double             min;        /* in world coordinates: log₂ or log₁₀ of the value when log */
  double             max;
  double             step;       /* between labelled ticks, in world coordinates */
  int                n_sub;      /* minor intervals per step; 0 lets PLplot choose */
  int                decimals;   /* RING_PLOT_FORMAT_NUMBER */
  gboolean           log_minor;  /* decades with PLplot's 2…9 minor ticks */
} RingPlotAxis;

/* A chart's drawing area, in millimetres of the page with y upwards, and its axes. */
typedef struct
{
  double       xmin_mm, xmax_mm, ymin_mm, ymax_mm;
  RingPlotAxis x;
  RingPlotAxis y;
} RingPlotPanel;

/* A drawn line, in page millimetres. */
typedef struct
{
  double x1, y1, x2, y2;
} RingPlotSegment;

typedef struct
{
  const RingStyle *style;
  RingChartData   *data;
  /* The PLplot stream drawn on, and the caller's, restored at the end. */
  int              stream;
  int              previous_stream;
  gboolean         stream_open;
  /* The colours of the slots above, at 8 bits a channel, as in PLplot's colour map 0. */
  RingColor        palette[RING_PLOT_N_COLORS];
  double           width_mm;
  double           height_mm;
  double           text_mm;     /* height of ordinary text */
  double           line_px;     /* width of a curve */
  GArray          *obstacles;   /* of RingPlotSegment: what labels should not cover */
  gboolean         untitled;    /* no title and configuration above the legend */
  gboolean         vector_output;  /* an SVG or a PDF: unhinted text (ring-plot-text.c) */
  /* Or NULL: filled by _ring_plot_draw_axes() with the panel the values were drawn on. */
  struct _RingPlotLayout *layout;
} RingPlotChart;

/* Where a chart put its values: the panel its axes were drawn for (the first one's axes;
 * the union of the panels' areas when a chart stacks two sharing x), for the readout. */
typedef struct _RingPlotLayout
{
  gboolean      valid;
  RingPlotPanel panel;
  double        height_px;   /* of the page: pixels from the top are height_px − y */
} RingPlotLayout;

/* Where text goes beside a panel (plmtex()'s "b", "lv", "l", "rv" and "r"). */
typedef enum
{
  RING_PLOT_SIDE_BOTTOM,
  RING_PLOT_SIDE_LEFT,
  RING_PLOT_SIDE_LEFT_ROTATED,
  RING_PLOT_SIDE_RIGHT,
  RING_PLOT_SIDE_RIGHT_ROTATED,
} RingPlotSide;

typedef enum
{
  RING_PLOT_LEGEND_LINE,
  RING_PLOT_LEGEND_BOX,
  RING_PLOT_LEGEND_MARKER,
  RING_PLOT_LEGEND_MEASURED,  /* a loaded log's marker; its line_style is the shape */
  RING_PLOT_LEGEND_HATCHED_BOX,   /* a box hatched in the background colour */
  RING_PLOT_LEGEND_TEXT,          /* no sample: a line of text ("and 3 more") */
  RING_PLOT_LEGEND_MARKED_LINE,   /* a solid line with marks; its line_style is the mark */
} RingPlotLegendSample;

/* ring-plot-body.c: the body of a page kept between draws (see there). */
typedef enum
{
  RING_PLOT_PASS_NONE,   /* all drawn, nothing kept */
  RING_PLOT_PASS_CHECK,  /* nothing drawn, the body compared with the kept one */
  RING_PLOT_PASS_REUSE,  /* the head and top drawn, the kept body painted between */
  RING_PLOT_PASS_FILL,   /* all drawn, the body's key and pixels kept */
  RING_PLOT_PASS_RECORD, /* all drawn, the body's key kept */
} RingPlotPass;

typedef enum
{
  RING_PLOT_LAYER_HEAD,  /* title, configuration, note */
  RING_PLOT_LAYER_BODY,  /* from the legend to the first marker */
  RING_PLOT_LAYER_TOP,   /* the markers and what follows them */
} RingPlotLayer;

typedef struct
{
  RingChartCache *cache;
  cairo_t        *cr;
  RingPlotPass    pass;
  RingPlotLayer   layer;
  /* RING_PLOT_PASS_CHECK: how much of the kept key the body has matched, and whether it
   * has stopped matching. */
  gsize           matched;
  gboolean        changed;
  /* RING_PLOT_PASS_FILL and _RECORD: the key being built. */
  GByteArray     *key;
} RingPlotBody;

RingPlotPass _ring_plot_body_first_pass (RingChartCache   *cache,
                                         RingChartKind     kind,
                                         cairo_t          *cr,
                                         double            width,
                                         double            height);
void      _ring_plot_body_init        (RingPlotBody        *body,
                                       RingChartCache      *cache,
                                       cairo_t             *cr,
                                       RingPlotPass         pass);
void      _ring_plot_body_set_current (RingPlotBody        *body);
void      _ring_plot_body_begin       (const RingPlotChart *chart);
void      _ring_plot_body_end         (void);
RingPlotPass _ring_plot_body_second_pass (const RingPlotBody *body);
void      _ring_plot_body_finish      (RingPlotBody        *body,
                                       RingChartKind        kind,
                                       double               width,
                                       double               height);
void      _ring_plot_body_clear       (RingPlotBody        *body);
/* Each PLplot call that draws asks first whether it is to be made (not while a kept body
 * is compared), and describes itself, its arguments and the state it draws with, in the
 * body's key. */
gboolean  _ring_plot_draws            (void);
void      _ring_plot_key              (const void          *bytes,
                                       gsize                n_bytes);
void      _ring_plot_key_double       (double               value);
void      _ring_plot_key_string       (const char          *string);
void      _ring_plot_key_panel        (const RingPlotPanel *panel);
/* ring-plot.c: plfill() through the gate, with its key. */
void      _ring_plot_fill             (const double        *xs,
                                       const double        *ys,
                                       guint                n);
/* ring-plot-text.c: the text's size, weight and colour, into the key. */
void      _ring_plot_key_text_state   (void);

/* ring-plot.c: the stream, colours, and lines, fills and dots in page millimetres. */
RingColor _ring_plot_mix         (RingColor            color,
                                  RingColor            base,
                                  double               amount);
void      _ring_plot_set_color   (RingPlotChart       *chart,
                                  int                  slot,
                                  RingColor            color);
void      _ring_plot_page_begin  (RingPlotChart       *chart,
                                  cairo_t             *cr,
                                  FILE                *file,
                                  double               width,
                                  double               height);
void      _ring_plot_page_end    (RingPlotChart       *chart);
void      _ring_plot_use_page    (const RingPlotChart *chart);
gboolean  _ring_plot_use_panel   (const RingPlotChart *chart,
                                  const RingPlotPanel *panel);
void      _ring_plot_pen         (int                  color,
                                  int                  line_style,
                                  double               width_px);
void      _ring_plot_page_line   (const RingPlotChart *chart,
                                  const double        *xs_mm,
                                  const double        *ys_mm,
                                  guint                n,
                                  int                  color,
                                  int                  line_style,
                                  double               width_px);
void      _ring_plot_segment     (const RingPlotChart *chart,
                                  double               x1_mm,
                                  double               y1_mm,
                                  double               x2_mm,
                                  double               y2_mm,
                                  int                  color,
                                  int                  line_style,
                                  double               width_px);
void      _ring_plot_fill_box    (const RingPlotChart *chart,
                                  double               left_mm,
                                  double               bottom_mm,
                                  double               right_mm,
                                  double               top_mm,
                                  int                  color,
                                  double               edge_px);
void      _ring_plot_fill_polygon (const RingPlotChart *chart,
                                   const double        *xs_mm,
                                   const double        *ys_mm,
                                   guint                n,
                                   int                  color,
                                   double               edge_px);
/* Diagonals across the box, @spacing_px apart, in @color. */
void      _ring_plot_hatch_box   (const RingPlotChart *chart,
                                  double               left_mm,
                                  double               bottom_mm,
                                  double               right_mm,
                                  double               top_mm,
                                  int                  color,
                                  double               spacing_px);
void      _ring_plot_fill_dot    (const RingPlotChart *chart,
                                  double               x_mm,
                                  double               y_mm,
                                  double               radius_mm,
                                  int                  color);

/* ring-plot-text.c: text drawn by plptex() and plmtex(), measured for the layout in the
 * font PLplot draws it with. From _ring_plot_text_begin(), once the stream is open, to
 * _ring_plot_text_end(). */
void      _ring_plot_text_begin          (const RingPlotChart *chart,
                                          cairo_t             *cr);
void      _ring_plot_text_end            (void);
void      _ring_plot_set_text_size       (const RingPlotChart *chart,
                                          double               scale);
void      _ring_plot_set_bold            (gboolean             bold);
void      _ring_plot_set_text_color      (int                  color);
double    _ring_plot_text_width_mm       (const char          *text);
char    **_ring_plot_wrap_text           (const char          *text,
                                          const char          *separator,
                                          double               max_width_mm);
char     *_ring_plot_ellipsize_text      (const char          *text,
                                          double               max_width_mm);
double    _ring_plot_text_half_height_mm (const RingPlotChart *chart);
void      _ring_plot_page_text           (double               x_mm,
                                          double               y_mm,
                                          double               just,
                                          const char          *text);
void      _ring_plot_margin_text         (const RingPlotPanel *panel,
                                          RingPlotSide         side,
                                          double               disp,
                                          double               pos,
                                          double               just,
                                          const char          *text);

/* ring-plot-axes.c: axes and panels. */
void      _ring_plot_axis_linear         (RingPlotAxis        *axis,
                                          double               min,
                                          double               max,
                                          double               n_wanted);
void      _ring_plot_axis_log            (RingPlotAxis        *axis,
                                          RingPlotAxisScale    scale,
                                          RingPlotAxisFormat   format,
                                          double               min,
                                          double               max,
                                          int                  max_labels);
double    _ring_plot_axis_world          (const RingPlotAxis  *axis,
                                          double               value);
char     *_ring_plot_axis_label          (const RingPlotAxis  *axis,
                                          double               world);
char     *_ring_plot_format_binary_bytes (double               bytes);
double    _ring_plot_time_unit           (double               max_s,
                                          const char         **unit);
double    _ring_plot_axis_label_width_mm (const RingPlotAxis  *axis);
int       _ring_plot_labels_fitting      (const RingPlotChart *chart,
                                          double               length_mm,
                                          double               label_mm);
double    _ring_plot_panel_x_mm          (const RingPlotPanel *panel,
                                          double               world);
double    _ring_plot_panel_y_mm          (const RingPlotPanel *panel,
                                          double               world);
gboolean  _ring_plot_panel_is_valid      (const RingPlotPanel *panel);
/* Narrows @panel so that its last x tick label, centred on its tick, ends inside the
 * page's margin (text stops shrinking on a narrow chart). */
void      _ring_plot_keep_last_label_inside (const RingPlotChart *chart,
                                             RingPlotPanel       *panel);
void      _ring_plot_panel_share_x       (RingPlotPanel       *panel,
                                          const RingPlotPanel *from);
void      _ring_plot_draw_grid           (const RingPlotChart *chart,
                                          const RingPlotPanel *panel);
void      _ring_plot_draw_axes           (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          gboolean             x_labels,
                                          gboolean             right_frame);
void      _ring_plot_draw_axis_titles    (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          const char          *x_title,
                                          const char          *y_title);
void      _ring_plot_draw_right_axis     (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          const char          *x_options,
                                          const char          *y_options,
                                          int                  y_sub,
                                          int                  color,
                                          const char          *title);

/* ring-plot-frame.c: curves, the marker, labels kept clear of lines, legend and frame. */
void      _ring_plot_page_text_on_halo   (const RingPlotChart *chart,
                                          double               x_mm,
                                          double               y_mm,
                                          double               just,
                                          const char          *text,
                                          int                  color);
void      _ring_plot_draw_curve          (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          const double        *xs,
                                          const double        *ys,
                                          guint                n,
                                          int                  color,
                                          int                  line_style,
                                          double               line_px);
void      _ring_plot_draw_marker         (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          double               x_value,
                                          double               y_value,
                                          const char          *label,
                                          gboolean             guides);
char     *_ring_plot_format_gpus         (guint                gpus);
void      _ring_plot_draw_gpu_marker     (const RingPlotChart *chart,
                                          const RingPlotPanel *panel,
                                          double               y_value,
                                          const char          *value_text);
/* A curve's marks, drawn along it by plstring() so that colour is not all that tells it
 * from the others: "▼" and "▲". */
const char *_ring_plot_curve_symbol      (guint                mark);
/* A loaded log's marker, one open shape a log. */
const char *_ring_plot_measured_symbol   (guint                shape);
GArray   *_ring_plot_legend_new          (void);
void      _ring_plot_legend_add          (GArray              *entries,
                                          RingPlotLegendSample kind,
                                          int                  color,
                                          int                  line_style,
                                          double               line_px,
                                          const char          *text);
/* ring-plot-legend.c */
double    _ring_plot_draw_legend         (const RingPlotChart *chart,
                                          GArray              *legend,
                                          double               left_mm,
                                          double               right_mm,
                                          double               top_mm,
                                          double               room_mm);
void      _ring_plot_draw_frame          (const RingPlotChart *chart,
                                          GArray              *legend,
                                          const RingPlotAxis  *y_axis,
                                          double               right_mm,
                                          RingPlotPanel       *panel);
/* The same with @labels_mm of room left of the panel for labels and no y axis title. */
void      _ring_plot_draw_frame_beside   (const RingPlotChart *chart,
                                          GArray              *legend,
                                          double               labels_mm,
                                          double               right_mm,
                                          RingPlotPanel       *panel);
gboolean  _ring_plot_draw_gpu_frame      (const RingPlotChart *chart,
                                          GArray              *legend,
                                          double               right_mm,
                                          RingPlotPanel       *panel);

/* ring-chart-draw-scenarios.c: the pinned scenarios' legend entries (after the chart's
 * own) and their copies of @source_column, on @panel, whose y axis is values / @divisor. */
void      _ring_plot_legend_add_scenarios (const RingPlotChart *chart,
                                           GArray              *legend);
void      _ring_plot_draw_scenario_curves (const RingPlotChart *chart,
                                           const RingPlotPanel *panel,
                                           guint                source_column,
                                           double               divisor);

/* The registry of chart kinds (ring-chart-kind.c): one entry a kind. */
typedef struct
{
  RingChartKind kind;
  const char   *name;          /* as on the command line */
  const char   *title;         /* N_(): for people */
  const char   *caption;       /* N_(): under the chart in the PDF report */
  /* Its y is a training step's (utilization, step time, throughput): in single-collective
   * mode it shows the training step of the model's gradients, and says so. */
  gboolean      training_step;
  void        (*build) (RingChartData *data);
  void        (*draw)  (RingPlotChart *chart);
} RingChartKindInfo;

const RingChartKindInfo *_ring_chart_kind_info (RingChartKind kind);

/* ring-chart-draw.c: draws, and hands back the series drawn (or NULL when nothing was) and
 * where the panel went (@layout may be NULL). */
void      _ring_chart_draw_full          (RingChartKind                kind,
                                          RingModel                   *model,
                                          cairo_t                     *cr,
                                          double                       width,
                                          double                       height,
                                          const RingStyle             *style,
                                          const RingChartDrawOptions  *options,
                                          RingChartData              **data_out,
                                          RingPlotLayout              *layout);

/* ring-chart-draw-comparison.c: an algorithm's curve colour. */
int       _ring_plot_algorithm_color     (RingAlgorithm        algorithm);

/* ring-chart-draw-measured.c: loaded nccl-tests logs on the message-size chart. */
void      _ring_plot_measured_legend      (const RingPlotChart *chart,
                                           GArray              *legend);
void      _ring_plot_measured_range       (RingChartData       *data,
                                           double              *min_s,
                                           double              *max_s,
                                           double              *max_busbw_gbps);
void      _ring_plot_draw_measured_points (const RingPlotChart *chart,
                                           const RingPlotPanel *time_panel,
                                           const RingPlotPanel *busbw_panel);
void      _ring_plot_measured_strip_axis  (const RingPlotChart *chart,
                                           RingPlotPanel       *strip);
void      _ring_plot_draw_measured_strip  (const RingPlotChart *chart,
                                           const RingPlotPanel *strip,
                                           const char          *x_title);

/* One file a group of chart kinds. */
void      _ring_plot_draw_algorithm_comparison (RingPlotChart *chart);
void      _ring_plot_draw_utilization    (RingPlotChart       *chart);
void      _ring_plot_draw_step_time      (RingPlotChart       *chart);
void      _ring_plot_draw_bytes_moved    (RingPlotChart       *chart);
void      _ring_plot_draw_throughput     (RingPlotChart       *chart);
void      _ring_plot_draw_message_size   (RingPlotChart       *chart);
void      _ring_plot_draw_map            (RingPlotChart       *chart);
void      _ring_plot_draw_step_timeline  (RingPlotChart       *chart);
void      _ring_plot_draw_bucket_size    (RingPlotChart       *chart);
void      _ring_plot_draw_mfu_vs_data_parallel (RingPlotChart *chart);
void      _ring_plot_draw_other_job_load (RingPlotChart       *chart);

G_END_DECLS
