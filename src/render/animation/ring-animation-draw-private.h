/* ring-animation-draw-private.h: what the parts of a ring animation frame share: the
 * layout, the three tiers (chunks, dots, bands), paint, topology, switches and cache.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

#include "ring-algorithm-schedule.h"
#include "ring-algorithms.h"
#include "ring-animation-draw.h"
#include "ring-simulation.h"
#include "ring-style.h"

G_BEGIN_DECLS

/* Up to this many GPUs the step's transfers are walked for their arrival times; beyond,
 * they all travel together (frames then sample steps too fast to follow anyway). */
#define RING_DRAW_MAX_TIMED_GPUS RING_ANIMATION_MAX_NODE_GPUS
/* Text never gets smaller than this many pixels. */
#define RING_DRAW_MIN_TEXT_PX  12.0
/* Chunk hues are grouped into this many colours when there are many chunks, so a frame
 * costs a fixed number of fills. */
#define RING_DRAW_N_HUE_BINS   48

typedef struct
{
  double x, y, width, height;
} RingDrawBox;

/* Whether @a and @b overlap, or come closer than @gap. */
static inline gboolean
_ring_draw_boxes_meet (const RingDrawBox *a,
                       const RingDrawBox *b,
                       double             gap)
{
  return a->x < b->x + b->width + gap && b->x < a->x + a->width + gap
         && a->y < b->y + b->height + gap && b->y < a->y + a->height + gap;
}

/* What a frame put where, recorded for tests of its layout (see
 * _ring_animation_draw_layout()). */
typedef enum
{
  RING_DRAW_BOX_HEADER,       /* the title and the explanation */
  RING_DRAW_BOX_LEGEND,
  RING_DRAW_BOX_TIMELINE,
  RING_DRAW_BOX_AREA,         /* the room of the picture between them */
  RING_DRAW_BOX_CARD,         /* a GPU's card */
  RING_DRAW_BOX_SWITCH,       /* a node's NVSwitch */
  RING_DRAW_BOX_NET_SWITCH,
  RING_DRAW_BOX_LABEL,        /* a node's name */
  RING_DRAW_BOX_CAPTION,      /* a line of "8 GPUs, each sends 14 chunks" */
  RING_DRAW_BOX_FABRIC_LEAF,  /* a box of one or more leaf switches */
  RING_DRAW_BOX_FABRIC_SWITCH, /* the spine's or core's bar, a pod's spine */
  RING_DRAW_BOX_FABRIC_UPLINKS, /* where one tier's uplinks run */
  RING_DRAW_BOX_FABRIC_CAPTION,
} RingDrawBoxKind;

typedef struct
{
  RingDrawBoxKind kind;
  RingDrawBox     box;
} RingDrawRecord;

/* What does not change from one frame to the next is drawn once into planes, cached
 * surfaces of the frame's size stacked in order with what moves between them; see
 * _ring_animation_draw_static(). */
typedef enum
{
  RING_DRAW_DIRECT,   /* everything, in place: exports and screenshots */
  RING_DRAW_BUILD,    /* only plane @plane, into its cached surface */
  RING_DRAW_USE,      /* only what moves, the cached planes painted where they belong */
} RingDrawMode;

#define RING_DRAW_N_PLANES 3
/* Planes of what changes once a step (the step's lines, what the GPUs hold), kept while
 * the static planes and their step hold. */
#define RING_DRAW_N_STEP_PLANES 2

/* What the static planes were drawn for, besides the style: they hold while it does. */
typedef struct
{
  double          width, height, x_scale, y_scale;
  guint           n_gpus;
  RingSimulation *simulation;   /* by identity; the cache holds a reference */
  RingFramePhase  phase;
  guint           schedule_phase;
  guint           collective;   /* the explanation names it */
  double          compute_time_s, allreduce_time_s;
} RingCacheKey;

/* The static planes of one key and style, kept aside: another phase's, or one a worker
 * thread drew ahead of need. */
typedef struct
{
  RingCacheKey     key;            /* holds a reference to the simulation */
  RingStyle        style;          /* its font_family NULL: the family below */
  char            *family;
  cairo_surface_t *planes[RING_DRAW_N_PLANES];
  double           extents[RING_DRAW_N_PLANES][4];
  gboolean         opaque;
  const char      *separator;
  guint64          last_used;      /* the frame it was last shown at, for eviction */
  /* Empty surfaces of the key's size for the step planes, their pages touched already. */
  cairo_surface_t *blank[RING_DRAW_N_STEP_PLANES];

  /* A set of step planes only (no static plane): those of the frame at frame_phase and
   * step, drawn by the worker a step ahead, each taken by the frame that asks for it. */
  gboolean         steps_only;
  RingFramePhase   frame_phase;
  guint            frame_step;
  cairo_surface_t *step_planes[RING_DRAW_N_STEP_PLANES];
  double           step_extents[RING_DRAW_N_STEP_PLANES][4];
  guint            step_keys[RING_DRAW_N_STEP_PLANES];
} RingPlaneSet;

/* Keys kept besides the frame's: the phases a step passes through (compute, each phase of
 * the schedule, done) fit, so playing step after step draws no plane twice. */
#define RING_DRAW_N_SPARE_SETS 4
/* Step planes drawn ahead and not taken yet: the next step's, and one late. */
#define RING_DRAW_N_STEP_SETS 2

/* What the preparer is asked to draw: the key (holding a reference to its simulation), a
 * frame of it, the style. */
typedef struct
{
  RingCacheKey key;
  RingFrame    frame;
  RingStyle    style;
  char        *family;
  gint         generation;
  gboolean     steps_only;   /* the frame's step planes, not the key's static planes */
  /* The frame's step's transfers, walked on the frame's thread: a simulation is walked
   * by one thread at a time. */
  GArray      *transfers;
  double      *link_end;
  /* Or only surfaces to destroy (of cairo_surface_t). */
  GPtrArray   *garbage;
} PrepareJob;

/* The static planes of one key and style; the step planes of one step under that key; the
 * transfers of one step (RingAnimationCache is its public name). */
struct _RingAnimationCache
{
  gboolean         valid;
  double           scale_factor;   /* of a target that is not an image; 0: 1 */
  RingCacheKey     key;
  RingStyle        style;
  char            *family;
  cairo_surface_t *planes[RING_DRAW_N_PLANES];
  /* What each plane covers, in user space: painting it composites that much. */
  double           extents[RING_DRAW_N_PLANES][4];
  gboolean         opaque;         /* plane 0 covers all: painted as it is, not blended */
  const char      *separator;
  guint            n_builds;

  cairo_surface_t *step_planes[RING_DRAW_N_STEP_PLANES];
  double           step_extents[RING_DRAW_N_STEP_PLANES][4];
  guint            step_keys[RING_DRAW_N_STEP_PLANES];
  gboolean         step_valid[RING_DRAW_N_STEP_PLANES];
  guint            n_step_builds;

  /* The transfers of one step and when each arrives, read once per step. */
  RingSimulation  *walked;
  guint            walked_step;
  GArray          *transfers;
  double          *link_end;
  guint            n_walks;
  /* The next step's, walked for the worker's step planes and kept for its frames. */
  RingSimulation  *ahead_walked;
  guint            ahead_step;
  GArray          *ahead_transfers;
  double          *ahead_link_end;

  /* Other keys' planes; with prepare_ahead, the next phase's are drawn on a worker
   * thread (preparer) while this one plays, handed over through ready under lock, and a
   * frame whose planes are not ready draws in place instead of building them. */
  RingPlaneSet    *spare[RING_DRAW_N_SPARE_SETS];
  guint64          n_frames;
  gboolean         prepare_ahead;
  GThreadPool     *preparer;
  GMutex           lock;
  GPtrArray       *ready;          /* of RingPlaneSet, under lock */
  GPtrArray       *requested;      /* of RingCacheKey, asked of the preparer */
  gint             generation;     /* bumped by invalidation: older work is dropped */
  guint            n_direct;       /* frames drawn in place, their planes not ready */
  /* The next step's step planes, drawn by the worker while this step plays; a frame
   * takes a plane from them rather than drawing it (n_step_prepared counts those). */
  RingPlaneSet    *step_sets[RING_DRAW_N_STEP_SETS];
  guint            n_step_prepared;
  /* Surfaces the frame let go of, destroyed on the worker: unmapping megabytes of a
   * process whose other thread runs costs the frame's thread a TLB shootdown, 20-100 ms
   * on a loaded virtual machine. */
  GPtrArray       *discarded;
};

/* One frame being drawn: the caller's cairo_t, style and frame, and what follows from
 * them. */
typedef struct
{
  cairo_t         *cr;
  const RingStyle *style;
  RingFrame        frame;       /* normalised copy of the caller's frame */
  guint            n;           /* N */
  guint            n_steps;     /* 2 (N − 1) */
  guint            completed;   /* ring steps over, as the schedule counts them */
  gboolean         sending;     /* a ring step is under way: chunks are on the links */
  double           travel;      /* 0 … 1 along the links */
  const char      *family;
  const char      *separator;   /* digit groups */
  double           text_px;     /* legend, labels, subtitle */
  RingColor        background;  /* the style's, always opaque: knock-outs and blends */
  RingColor        card;        /* GPU node fill */
  RingColor        card_border;
  RingColor        slot;        /* a chunk not computed yet */
  RingColor        link;        /* ring links */
  RingColor        node;        /* a GPU dot before any reduction */
  RingColor        network;     /* links between nodes */
  RingColor        slow;        /* the slow link */
  RingColor        band;        /* a node's box */

  /* The topology and the algorithm's schedule; with no simulation a ring on one node. */
  RingSimulation     *sim;
  const RingSchedule *schedule;
  gboolean            ring_like;      /* the ring's schedule: the ring tiers draw it */
  guint               nodes;
  guint               gpus_per_node;
  guint               slow_link;      /* G_MAXUINT: every link at full speed */
  double              slow_fraction;
  /* The transfers of the step on screen and when each arrives (≤ 1024 GPUs); the
   * cache's when there is one. */
  GArray             *transfers;
  double             *link_end;       /* the ring: when GPU i's chunk arrives, 0 … 1 */

  RingDrawMode        mode;
  guint               plane;          /* RING_DRAW_BUILD: the plane being drawn */
  guint               painted;        /* RING_DRAW_USE: the planes painted, a bit each */
  gboolean            touched;        /* RING_DRAW_BUILD: the plane has something */
  RingAnimationCache *cache;          /* RING_DRAW_BUILD and RING_DRAW_USE */
  cairo_t            *step_cr;        /* the frame's, while a step plane is drawn */
  GArray             *record;         /* of RingDrawRecord, or NULL */
  GPtrArray          *header_lines;   /* the header's lines as drawn, or NULL */
} RingDraw;

/* The cache's own (ring-animation-cache.c), for the preparer. */
void             _ring_animation_cache_clear_planes   (RingAnimationCache *cache);
void             _ring_animation_cache_clear_step     (RingAnimationCache *cache);
void             _ring_animation_cache_build          (RingAnimationCache *cache,
                                                       cairo_t            *cr,
                                                       const RingCacheKey *key,
                                                       const RingFrame    *frame,
                                                       const RingStyle    *style);
RingCacheKey     _ring_animation_cache_key            (double              width,
                                                       double              height,
                                                       double              x_scale,
                                                       double              y_scale,
                                                       const RingFrame    *frame);
gboolean         _ring_animation_cache_same_key       (const RingCacheKey *a,
                                                       const RingCacheKey *b);
gboolean         _ring_animation_cache_same_style     (const RingStyle    *a,
                                                       const RingStyle    *b,
                                                       const char         *family);
cairo_surface_t *_ring_animation_cache_new_plane_surface (const RingCacheKey *key);

/* Other keys' planes and the preparer (ring-animation-prepare.c). */
void             _ring_plane_set_free                 (RingPlaneSet       *set);
void             _ring_prepare_job_free               (PrepareJob         *job);
RingPlaneSet    *_ring_animation_cache_stash_current  (RingAnimationCache *cache);
void             _ring_animation_cache_restore_set    (RingAnimationCache *cache,
                                                       RingPlaneSet       *set);
void             _ring_animation_cache_keep_spare     (RingAnimationCache *cache,
                                                       RingPlaneSet       *set);
int              _ring_animation_cache_find_spare     (RingAnimationCache *cache,
                                                       const RingCacheKey *key,
                                                       const RingStyle    *style);
void             _ring_animation_cache_request        (RingAnimationCache *cache,
                                                       const RingCacheKey *key,
                                                       const RingFrame    *frame,
                                                       const RingStyle    *style);
void             _ring_animation_cache_request_next   (RingAnimationCache *cache,
                                                       const RingCacheKey *key,
                                                       const RingFrame    *frame,
                                                       const RingStyle    *style);
void             _ring_animation_cache_adopt_ready    (RingAnimationCache *cache);
/* Destroys @surface or @set (NULL: nothing), on the worker when there is one. */
void             _ring_animation_cache_discard_surface (RingAnimationCache *cache,
                                                        cairo_surface_t    *surface);
void             _ring_animation_cache_discard_set    (RingAnimationCache *cache,
                                                       RingPlaneSet       *set);
/* Hands what was discarded to the worker. */
void             _ring_animation_cache_flush_discarded (RingAnimationCache *cache);
/* Walks the step of @frame (normalised) for the worker, unless it needs no transfers;
 * keeps them for the frames of that step. */
void             _ring_animation_cache_walk_ahead     (RingAnimationCache *cache,
                                                       const RingFrame    *frame);
void             _ring_animation_cache_request_step   (RingAnimationCache *cache,
                                                       const RingCacheKey *key,
                                                       const RingFrame    *frame,
                                                       const RingStyle    *style);
void             _ring_animation_cache_request_next_step (RingAnimationCache *cache,
                                                          const RingCacheKey *key,
                                                          const RingFrame    *frame,
                                                          const RingStyle    *style);
/* Moves a step plane of @key drawn ahead for plane @plane of the cache's key and @style into
 * the cache's step plane; FALSE if there is none. */
gboolean         _ring_animation_cache_take_step_plane (RingAnimationCache *cache,
                                                        guint               plane,
                                                        guint               key,
                                                        const RingStyle    *style);

/* Whether to draw what follows, which belongs to static plane @plane: TRUE drawing in
 * place or building that plane; FALSE otherwise, painting the cached plane the first time.
 * Nothing drawn between a plane's parts may overlap them. */
gboolean  _ring_animation_draw_static           (RingDraw          *draw,
                                                 guint              plane);
/* The same for shapes of a changing colour: the caller sets the source first and fills
 * or strokes in it; the cached plane is their coverage, painted through as a mask. */
gboolean  _ring_animation_draw_static_mask      (RingDraw          *draw,
                                                 guint              plane);
/* Whether to draw what follows, which changes once a step (@key; G_MAXUINT: every frame).
 * Using the cache, TRUE when it must be drawn into step plane @plane, which draw->cr is
 * until _ring_animation_draw_end_step(). Read draw->cr after this call. */
gboolean  _ring_animation_draw_begin_step       (RingDraw          *draw,
                                                 guint              plane,
                                                 guint              key);
void      _ring_animation_draw_end_step         (RingDraw          *draw,
                                                 guint              plane);
/* Whether to draw what follows, which changes from frame to frame. */
static inline gboolean
_ring_animation_draw_dynamic (const RingDraw *draw)
{
  return draw->mode != RING_DRAW_BUILD;
}

/* The geometry tiers 2 and 3 share: a circle with labels outside it. */
typedef struct
{
  double cx, cy, radius;
  double label_px;
} RingDotRing;

/* ring-animation-draw-paint.c */
RingColor _ring_animation_draw_chunk_color      (const RingDraw    *draw,
                                                 double             hue_fraction);
double    _ring_animation_draw_chunk_hue        (guint              chunk,
                                                 guint              n);
void      _ring_animation_draw_use_font         (RingDraw          *draw,
                                                 double             size_px,
                                                 gboolean           bold);
double    _ring_animation_draw_text_width       (RingDraw          *draw,
                                                 const char        *text);
void      _ring_animation_draw_show_text        (RingDraw          *draw,
                                                 const char        *text,
                                                 double             x,
                                                 double             baseline,
                                                 double             anchor);
void      _ring_animation_draw_fill_cards       (RingDraw          *draw);
void      _ring_animation_draw_chevron          (cairo_t           *cr,
                                                 double             x,
                                                 double             y,
                                                 double             angle,
                                                 double             size);
double    _ring_animation_draw_node_angle       (guint              gpu,
                                                 guint              n);
/* A transfer's curve, bent to its right by @bend of its length: the point at @t along it,
 * and the curve as a path. */
void      _ring_animation_draw_curve_point      (double             x0,
                                                 double             y0,
                                                 double             x1,
                                                 double             y1,
                                                 double             bend,
                                                 double             t,
                                                 double            *x,
                                                 double            *y);
void      _ring_animation_draw_curve_path       (cairo_t           *cr,
                                                 double             x0,
                                                 double             y0,
                                                 double             x1,
                                                 double             y1,
                                                 double             bend);

/* ring-animation-draw.c */
void      _ring_animation_draw_single_gpu       (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-caption.c: the number of GPUs and what each one sends, in the middle
 * of the ring when it fits in a circle of @radius and keeps clear of the nodes' names at
 * @label_radius (0: none drawn). */
void      _ring_animation_draw_centre_caption   (RingDraw          *draw,
                                                 double             cx,
                                                 double             cy,
                                                 double             radius,
                                                 double             label_radius);

/* ring-animation-draw-timeline.c: the training step's bar and its times */
void      _ring_animation_draw_timeline         (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-chunks.c */
void      _ring_animation_draw_cell             (RingDraw          *draw,
                                                 const RingColor   *hue,
                                                 double             x,
                                                 double             y,
                                                 double             size,
                                                 guint              contributions,
                                                 guint              n,
                                                 gboolean           reduced,
                                                 double             alpha);
/* The corners of a cell of @size. */
double    _ring_animation_draw_cell_radius      (double             size);
/* FALSE, drawing nothing, when no arrangement of the cards fits @box. */
gboolean  _ring_animation_draw_chunk_ring       (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-dots.c */
RingColor _ring_animation_draw_node_state_color (const RingDraw    *draw);
void      _ring_animation_draw_dot_ring_layout  (RingDraw          *draw,
                                                 RingDotRing       *ring,
                                                 const RingDrawBox *box);
void      _ring_animation_draw_quarter_labels   (RingDraw          *draw,
                                                 const RingDotRing *ring,
                                                 double             reach);
void      _ring_animation_draw_gpu_band         (RingDraw          *draw,
                                                 const RingDotRing *ring,
                                                 double             width);
void      _ring_animation_draw_direction_marks  (RingDraw          *draw,
                                                 const RingDotRing *ring,
                                                 double             radius,
                                                 double             size,
                                                 guint              count);
void      _ring_animation_draw_dot_ring         (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw.c: the frame in @mode; in RING_DRAW_BUILD, TRUE if plane @plane
 * has anything. */
gboolean  _ring_animation_draw_frame            (cairo_t            *cr,
                                                 double              width,
                                                 double              height,
                                                 const RingFrame    *frame,
                                                 const RingStyle    *style,
                                                 RingDrawMode        mode,
                                                 guint               plane,
                                                 RingAnimationCache *cache);

/* ring-animation-cache.c: the transfers of @step of @sim and, for the ring, when each
 * GPU's chunk arrives; read once per step and kept by @cache. */
void      _ring_animation_draw_cache_step       (RingAnimationCache *cache,
                                                 RingSimulation     *sim,
                                                 guint               step,
                                                 gboolean            ring_like,
                                                 guint               n,
                                                 GArray            **transfers,
                                                 double            **link_end);

/* ring-animation-draw-topology.c */
/* When each of the ring's N GPUs' chunk arrives, from the step's @transfers (g_free). */
double   *_ring_animation_draw_link_ends        (GArray            *transfers,
                                                 guint              n);
void      _ring_animation_draw_setup_topology   (RingDraw          *draw);
void      _ring_animation_draw_clear_topology   (RingDraw          *draw);
/* Where a transfer arriving at @end_fraction of the step is: 0 … 1, eased. */
double    _ring_animation_draw_travel_to        (const RingDraw    *draw,
                                                 double             end_fraction);
/* The ring's link @gpu → @gpu + 1: inside a node or across. */
RingLinkKind _ring_animation_draw_ring_link_kind (const RingDraw   *draw,
                                                  guint             gpu);
/* Dashes, width and colour of a link of @kind (slow: the slow link's). */
void      _ring_animation_draw_link_style       (RingDraw          *draw,
                                                 RingLinkKind       kind,
                                                 gboolean           slow,
                                                 double             width);
/* The node boxes of a ring of GPUs on a circle: an arc band per node of @thickness at
 * @radius, with "Node k" at @label_radius (none if 0). Nothing for one node. */
void      _ring_animation_draw_node_bands       (RingDraw          *draw,
                                                 double             cx,
                                                 double             cy,
                                                 double             radius,
                                                 double             thickness,
                                                 double             label_radius);
/* "Node k" inside the bands at @label_radius, on the background's colour if @backdrop. */
void      _ring_animation_draw_node_labels      (RingDraw          *draw,
                                                 double             cx,
                                                 double             cy,
                                                 double             label_radius,
                                                 gboolean           backdrop);
/* Where node @node's name goes at @label_radius; FALSE if names are not drawn. */
gboolean  _ring_animation_draw_node_label_box   (RingDraw          *draw,
                                                 guint              node,
                                                 double             cx,
                                                 double             cy,
                                                 double             label_radius,
                                                 RingDrawBox       *box);
/* "25 %" in the slow link's colour, centred at (x, y). */
void      _ring_animation_draw_slow_label       (RingDraw          *draw,
                                                 double             x,
                                                 double             y);
/* The legend's link entries: how many, and each one's kind; the text is the kind's name
 * and rate ("NVLink · 356 GB/s"). */
guint     _ring_animation_draw_link_legend      (const RingDraw    *draw,
                                                 RingLinkKind       kinds[RING_N_LINK_KINDS + 1]);
char     *_ring_animation_draw_link_legend_text (const RingDraw    *draw,
                                                 RingLinkKind       kind);
/* A short line in the style of @kind, centred vertically at @middle (legend swatches). */
void      _ring_animation_draw_link_swatch      (RingDraw          *draw,
                                                 RingLinkKind       kind,
                                                 double             x,
                                                 double             middle,
                                                 double             width);

/* ring-animation-draw-switches.c: a schedule's switches on a circle of nodes. What
 * _ring_animation_draw_fit_switches() fits into the circle at (cx, cy) of @radius, its
 * GPUs' cards card_width × card_height (0 with dots) and the nodes' names at
 * label_radius (0: none): the network switch's box, and each NVSwitch's size (0: not
 * drawn) and whether it is named. */
typedef struct
{
  double      cx, cy, radius;
  double      card_width, card_height;
  double      label_radius;
  guint       n_nvswitches;
  double      nvswitch_width, nvswitch_height;
  gboolean    named;
  RingDrawBox net;
} RingSwitchFit;

/* Where switch @endpoint stands. */
void      _ring_animation_draw_switch_centre    (const RingDraw    *draw,
                                                 double             cx,
                                                 double             cy,
                                                 double             radius,
                                                 guint              endpoint,
                                                 double            *x,
                                                 double            *y);
/* Fills in @fit's switches, each at most @width × @height. */
void      _ring_animation_draw_fit_switches     (RingDraw          *draw,
                                                 RingSwitchFit     *fit,
                                                 double             width,
                                                 double             height);
void      _ring_animation_draw_switches         (RingDraw          *draw,
                                                 const RingSwitchFit *fit);
/* ring-animation-draw-fabric.c: the band over the ring for 2 or 3 tiers of switches;
 * its height is 0 where there is none. */
double    _ring_animation_draw_fabric_height    (RingDraw          *draw,
                                                 double             width);
void      _ring_animation_draw_fabric           (RingDraw          *draw,
                                                 const RingDrawBox *area);

/* Notes @box in the frame's record, if it keeps one. */
void      _ring_animation_draw_record_box       (RingDraw          *draw,
                                                 RingDrawBoxKind    kind,
                                                 const RingDrawBox *box);
/* Draws the frame as ring_animation_draw() does, appending to @record (of
 * RingDrawRecord) every box it lays out: for tests. */
void      _ring_animation_draw_layout           (cairo_t           *cr,
                                                 double             width,
                                                 double             height,
                                                 const RingFrame   *frame,
                                                 const RingStyle   *style,
                                                 GArray            *record);
/* The header's lines as the frame draws them: the title, then the explanation wrapped. */
char    **_ring_animation_draw_header_lines     (cairo_t           *cr,
                                                 double             width,
                                                 double             height,
                                                 const RingFrame   *frame,
                                                 const RingStyle   *style);

/* ring-animation-draw-schedule.c: every algorithm but the ring, on a circle of nodes */
void      _ring_animation_draw_schedule         (RingDraw          *draw,
                                                 const RingDrawBox *box);
/* How many GPUs' contributions GPU @gpu holds in piece @piece in this frame, as
 * ring_simulation_get_held() counts them: none while idle, its own once the compute phase
 * has reached the piece. */
guint     _ring_animation_draw_held_at          (const RingDraw    *draw,
                                                 guint              gpu,
                                                 guint              piece);

/* ring-animation-draw-tree.c: the tree's two trees, top down; FALSE if they do not fit */
gboolean  _ring_animation_draw_trees            (RingDraw          *draw,
                                                 const RingDrawBox *box);

/* ring-animation-draw-aggregate.c */
void      _ring_animation_draw_band_ring        (RingDraw          *draw,
                                                 const RingDrawBox *box);

G_END_DECLS
