/* ring-window-private.h: what the window's split files share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ring-animation.h"
#include "ring-chart-view.h"
#include "ring-window.h"

G_BEGIN_DECLS

/* The first-run tour's steps (ring-window-tour.c). */
#define RING_WINDOW_TOUR_STEPS 4

/* The metric cards: ring-window.c's metric_specs. */
#define RING_WINDOW_N_METRICS 22

typedef struct _RingWindowImport RingWindowImport;

struct _RingWindow
{
  AdwApplicationWindow  parent_instance;

  RingModel            *model;
  /* How the window follows the model: cleared first in dispose. */
  GSignalGroup         *model_signals;
  GBindingGroup        *model_bindings;
  GSettings            *settings;   /* NULL when the schema is not installed */

  /* The metric cards, in metric_specs order, and the question they are laid out for. */
  GtkWidget            *metric_cards[RING_WINDOW_N_METRICS];
  gboolean              metrics_laid_out;
  guint                 metrics_question;

  /* Template children. */
  AdwToastOverlay      *toast_overlay;
  GMenu                *presets_menu;
  GtkWidget            *run_button;
  GtkWidget            *menu_button;
  GtkWidget            *step_timing_box;
  GtkWidget            *parameter_panel;
  GtkWidget            *metrics_grid;
  GtkWidget            *step_bar;
  GtkLabel             *bound_label;
  GtkLabel             *fit_label;
  GtkLabel             *straggler_label;
  GtkLabel             *dp_ring_label;
  GtkLabel             *target_label;
  GtkLabel             *target_lines;    /* the two lines kept for it */
  GtkWidget            *animation;
  GtkWidget            *chart_view;
  GtkWidget            *play_button;
  GtkDropDown          *speed_dropdown;
  GtkWidget            *sidebar;
  GtkWidget            *sidebar_button;
  GtkWidget            *main_area;
  GtkWidget            *split_host;
  GtkWidget            *split_view;      /* made by ring-window-layout.c */
  /* The learning view (ring-window-learning.c) hides the figures and the charts. */
  GtkWidget            *numbers_box;
  AdwClamp             *animation_clamp;
  GtkWidget            *learning_panel;
  gboolean              learning_view;
  guint                 sidebar_style_idle;

  /* The first-run tour: its line, and the step shown (-1: none). */
  GtkRevealer          *tour_revealer;
  GtkLabel             *tour_step_label;
  GtkLabel             *tour_label;
  GtkButton            *tour_next_button;
  int                   tour_step;

  /* Pinned scenarios (ring-window-scenarios.c): the header bar's buttons, the popover's
   * list and comparison, a line under each metric card's title, and a digest of what was
   * last listed and stored, to redo neither when only the parameters changed. */
  GtkWidget            *pin_button;
  AdwWindowTitle       *window_title;     /* its subtitle names the compared scenario */
  GtkWidget            *scenarios_button;
  GtkWidget            *scenarios_empty_label;
  GtkListBox           *scenarios_list;
  GtkDropDown          *compare_dropdown;
  GtkWidget            *metric_differences[RING_WINDOW_N_METRICS];
  guint                 scenarios_digest;
  RingWindowImport     *import;           /* logs read off the main thread */
  guint                 logs_digest;       /* of the logs the "nccl-logs" key holds */
  gboolean              logs_restored;     /* the key read: from now on, it follows */
  gboolean              scenarios_restored; /* the same for the "scenarios" key */
  gboolean              scenarios_listing;
  /* The first chart (ring-window-settings.c): picked by the user (the key stored, or
   * without settings a pick seen), or shown by the window for a parallel layout. */
  gboolean              chart_picked;
  gboolean              chart_for_layout;
  gboolean              choosing_chart;
};

void   _ring_window_class_actions_init    (RingWindowClass *klass);
/* The sidebar beside the main area, or folded into an overlay (ring-window-layout.c). */
void     _ring_window_layout_class_init   (GtkWidgetClass  *widget_class);
void     _ring_window_layout_init         (RingWindow      *self);
gboolean _ring_window_get_sidebar_folded  (RingWindow      *self);
gboolean _ring_window_get_sidebar_shown   (RingWindow      *self);
/* ring-window-learning.c: win.learning-view (Ctrl+L) and win.previous-ring-step. */
void     _ring_window_learning_class_init (GtkWidgetClass  *widget_class);
/* Shows or leaves the learning view; FALSE if it was so already. */
gboolean _ring_window_learning_set        (RingWindow      *self,
                                           gboolean         learning_view);
/* The tour's step about the panel shows it where it is folded away (ring-window-tour.c). */
void     _ring_window_tour_update_sidebar (RingWindow      *self);
/* Once a header bar menu closes, the keyboard's focus is back in the window. */
void   _ring_window_return_focus_after_menus (RingWindow   *self);
/* The preset menu's sections, hardware then model, from the preset table. */
void   _ring_window_fill_presets_menu     (RingWindow      *self);
/* The toast after @preset: its name and what it sets ("DGX H100: GPU, GPUs per node,
 * NICs, NIC speed, fabric"). */
char  *_ring_window_describe_preset       (const RingPreset *preset);
/* A toast that shows @message as it is (a toast's title is markup). */
AdwToast *_ring_window_new_toast          (const char      *message);
void   _ring_window_add_toast             (RingWindow      *self,
                                           const char      *message);
/* The speed menu's choice nearest to @speed, on its doubling scale. */
double _ring_window_nearest_speed         (double           speed);

/* ring-window-import.c: nccl-tests logs by the menu, by dropping, and their actions. */
void     _ring_window_import_class_init   (GtkWidgetClass  *widget_class);
void     _ring_window_import_init         (RingWindow      *self);
/* Once the settings are read: the logs of the last session read again, and the
 * "nccl-logs" key kept as logs come and go. */
void     _ring_window_import_restore      (RingWindow      *self);
/* The start-up toast for stored logs left out: @first_error where only one was; else how
 * many (@n_left_out) and at most the first three of @names, then how many more. */
char    *_ring_window_import_left_out_message (const char * const *names,
                                               guint               n_left_out,
                                               const char         *first_error);
/* Reads @file on a worker thread behind the imports before it, with a progress row and
 * Cancel; once fitted, adds it to the model, says so in a toast (with "Use Fitted Values",
 * or the parser's message) and brings the message-size chart on screen. FALSE, with a
 * toast, where @file is no local file. */
gboolean _ring_window_import_file         (RingWindow      *self,
                                           GFile           *file);
/* Reads a scenario file the same way; once read, pins its scenarios
 * (_ring_window_scenarios_pin()) or shows the parser's message naming the file and line. */
gboolean _ring_window_import_scenario_file (RingWindow     *self,
                                            GFile          *file);
/* The "scenarios" key's @text (taken), parsed after the first frame, after the logs;
 * _ring_window_scenarios_restored() is told the outcome. */
void     _ring_window_import_stored_scenarios (RingWindow  *self,
                                               char        *text);
/* TRUE while a file is being read or waits to be. */
gboolean _ring_window_import_busy         (RingWindow      *self);
/* The progress row's Cancel button, for tests. */
GtkWidget *_ring_window_import_get_cancel_button (RingWindow *self);
void     _ring_window_import_dispose      (RingWindow      *self);
/* ring-window-scenarios.c: the Pin button, the scenarios' popover and actions, the
 * metric cards' differences and the "scenarios" key. */
void   _ring_window_scenarios_class_init  (RingWindowClass *klass);
void   _ring_window_scenarios_init        (RingWindow      *self);
/* Adds @scenarios if they all fit, else nothing: a toast says why. */
void   _ring_window_scenarios_pin         (RingWindow      *self,
                                           GPtrArray       *scenarios);
/* The stored scenarios read: @scenarios pinned, or @error warned about and the key
 * forgotten; both NULL where the read was cancelled, and the key keeps them until the
 * list changes. The key follows the list from then on. */
void   _ring_window_scenarios_restored    (RingWindow      *self,
                                           GPtrArray       *scenarios,
                                           const GError    *error);

/* ring-window-tour.c: the tour's template children and actions; started once the
 * settings are read, unless the "tour-shown" key says it was. */
void   _ring_window_tour_class_init       (GtkWidgetClass  *widget_class);
void   _ring_window_tour_init             (RingWindow      *self);
/* The step shown, 0 … RING_WINDOW_TOUR_STEPS − 1, or -1 with no tour on screen. */
int    _ring_window_tour_get_step         (RingWindow      *self);

/* ring-window-settings.c */
void   _ring_window_settings_init         (RingWindow      *self);
/* With a parallel layout and no chart of the user's, the first chart is the MFU sweep. */
void   _ring_window_settings_follow_layout (RingWindow     *self);
/* The window's start, on a first launch and after Reset Parameters: @params (there, the
 * command line's defaults) with the least change that fits them in the GPU's memory, the
 * one the "Does not fit" line names (DESIGN's 7 B model with DDP and fp32 gradients does
 * not fit an 80 GB GPU: ZeRO-2 does). */
void   _ring_window_fit_params            (RingParams      *params);
void   _ring_window_settings_save_state   (RingWindow      *self);
void   _ring_window_settings_unbind_model (RingWindow      *self);

G_END_DECLS
