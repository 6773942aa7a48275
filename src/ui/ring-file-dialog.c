/* ring-file-dialog.c: the file dialogs of import, scenarios and export, with the split
 * between GTK versions in one place.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>

#include "ring-file-dialog.h"

typedef struct
{
  RingFileDialogDone  done;
  gpointer            user_data;
  GDestroyNotify      destroy;
  gboolean            saving;
  guint               n_choices;
  char               *choice_ids[RING_FILE_DIALOG_MAX_CHOICES];
} Pending;

static Pending *
pending_new (const RingFileDialogOptions *options,
             RingFileDialogDone           done,
             gpointer                     user_data,
             GDestroyNotify               destroy)
{
  Pending *pending = g_new0 (Pending, 1);

  g_assert (options->n_choices <= RING_FILE_DIALOG_MAX_CHOICES);

  pending->done = done;
  pending->user_data = user_data;
  pending->destroy = destroy;
  pending->saving = options->saving;
  pending->n_choices = options->n_choices;
  for (guint i = 0; i < options->n_choices; i++)
    pending->choice_ids[i] = g_strdup (options->choices[i].id);

  return pending;
}

static void
pending_finish (Pending                    *pending,
                const RingFileDialogAnswer *answer)
{
  pending->done (answer, pending->user_data);
  if (pending->destroy != NULL)
    pending->destroy (pending->user_data);
  for (guint i = 0; i < pending->n_choices; i++)
    g_free (pending->choice_ids[i]);
  g_free (pending);
}

#if GTK_CHECK_VERSION (4, 10, 0)

static void
ring_file_dialog_finish_cb (GObject      *object,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  Pending *pending = user_data;
  GtkFileDialog *dialog = GTK_FILE_DIALOG (object);
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  RingFileDialogAnswer answer = { NULL, };

  if (pending->saving)
    file = gtk_file_dialog_save_finish (dialog, result, &error);
  else
    file = gtk_file_dialog_open_finish (dialog, result, &error);

  answer.file = file;
  /* Dismissing the dialog is no failure. */
  if (file == NULL && error != NULL
      && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED)
      && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_CANCELLED))
    answer.error = error;
  pending_finish (pending, &answer);
}

static void
present (GtkWindow                   *parent,
         const RingFileDialogOptions *options,
         Pending                     *pending)
{
  g_autoptr(GtkFileDialog) dialog = gtk_file_dialog_new ();
  g_autoptr(GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);

  for (guint i = 0; options->filters[i] != NULL; i++)
    g_list_store_append (filters, options->filters[i]);

  gtk_file_dialog_set_title (dialog, options->title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  gtk_file_dialog_set_accept_label (dialog, options->accept_label);
  gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
  if (options->default_filter != NULL)
    gtk_file_dialog_set_default_filter (dialog, options->default_filter);

  if (pending->saving)
    {
      if (options->initial_name != NULL)
        gtk_file_dialog_set_initial_name (dialog, options->initial_name);
      gtk_file_dialog_save (dialog, parent, NULL, ring_file_dialog_finish_cb, pending);
    }
  else
    {
      gtk_file_dialog_open (dialog, parent, NULL, ring_file_dialog_finish_cb, pending);
    }
}

#else

static void
ring_file_dialog_native_response_cb (GtkNativeDialog *native,
                                     int              response,
                                     gpointer         user_data)
{
  Pending *pending = user_data;
  GtkFileChooser *chooser = GTK_FILE_CHOOSER (native);
  g_autoptr(GFile) file = NULL;
  RingFileDialogAnswer answer = { NULL, };

  if (response == GTK_RESPONSE_ACCEPT)
    {
      file = gtk_file_chooser_get_file (chooser);
      answer.file = file;
      answer.filter = gtk_file_chooser_get_filter (chooser);
      for (guint i = 0; i < pending->n_choices; i++)
        answer.choices[i] = gtk_file_chooser_get_choice (chooser, pending->choice_ids[i]);
    }
  pending_finish (pending, &answer);

  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
present (GtkWindow                   *parent,
         const RingFileDialogOptions *options,
         Pending                     *pending)
{
  GtkFileChooserNative *native;
  GtkFileChooser *chooser;

  native = gtk_file_chooser_native_new (options->title, parent,
                                        pending->saving ? GTK_FILE_CHOOSER_ACTION_SAVE
                                                        : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        options->accept_label, _("_Cancel"));
  chooser = GTK_FILE_CHOOSER (native);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (pending->saving && options->initial_name != NULL)
    gtk_file_chooser_set_current_name (chooser, options->initial_name);
  for (guint i = 0; options->filters[i] != NULL; i++)
    gtk_file_chooser_add_filter (chooser, options->filters[i]);

  for (guint i = 0; i < options->n_choices; i++)
    {
      const RingFileDialogChoice *choice = &options->choices[i];

      gtk_file_chooser_add_choice (chooser, choice->id, choice->label,
                                   (const char **) choice->options,
                                   (const char **) choice->option_labels);
      gtk_file_chooser_set_choice (chooser, choice->id, choice->selected);
    }

  g_signal_connect (native, "response", G_CALLBACK (ring_file_dialog_native_response_cb),
                    pending);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

void
_ring_file_dialog_present (GtkWindow                   *parent,
                           const RingFileDialogOptions *options,
                           RingFileDialogDone           done,
                           gpointer                     user_data,
                           GDestroyNotify               destroy)
{
  g_return_if_fail (parent == NULL || GTK_IS_WINDOW (parent));
  g_return_if_fail (options != NULL && options->filters != NULL);
  g_return_if_fail (done != NULL);

  present (parent, options, pending_new (options, done, user_data, destroy));
}
