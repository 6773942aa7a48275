/* ring-file-dialog.h: one way to ask for a file to open or save, GtkFileDialog where GTK
 * has it (4.10) and GtkFileChooserNative before.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define RING_FILE_DIALOG_MAX_CHOICES 4

/* A drop-down in the dialog; only GtkFileChooserNative can show one. */
typedef struct
{
  const char        *id;
  const char        *label;
  const char *const *options;        /* NULL-terminated */
  const char *const *option_labels;  /* as many as @options */
  const char        *selected;
} RingFileDialogChoice;

typedef struct
{
  gboolean                    saving;          /* a file to save, else one to open */
  const char                 *title;
  const char                 *accept_label;
  const char                 *initial_name;    /* saving only; may be NULL */
  GtkFileFilter *const       *filters;         /* NULL-terminated */
  GtkFileFilter              *default_filter;  /* may be NULL */
  const RingFileDialogChoice *choices;
  guint                       n_choices;       /* up to RING_FILE_DIALOG_MAX_CHOICES */
} RingFileDialogOptions;

typedef struct
{
  GFile         *file;     /* NULL when the user cancelled or the dialog failed */
  const GError  *error;    /* why the dialog failed; NULL when it did not */
  GtkFileFilter *filter;   /* the filter chosen, where the dialog says; else NULL */
  const char    *choices[RING_FILE_DIALOG_MAX_CHOICES];  /* values, NULL where not shown */
} RingFileDialogAnswer;

typedef void (*RingFileDialogDone) (const RingFileDialogAnswer *answer,
                                    gpointer                    user_data);

/* Calls @done once, cancelled or not, then @destroy on @user_data. */
void _ring_file_dialog_present (GtkWindow                   *parent,
                                const RingFileDialogOptions *options,
                                RingFileDialogDone           done,
                                gpointer                     user_data,
                                GDestroyNotify               destroy);

G_END_DECLS
