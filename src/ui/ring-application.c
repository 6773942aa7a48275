/* ring-application.c: the application and its actions; its command line is src/cli's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <stdlib.h>

#include "ring-application.h"
#include "ring-nccl-tests-log.h"
#include "ring-cli.h"
#include "ring-measurement.h"
#include "ring-window.h"

struct _RingApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (RingApplication, ring_application, ADW_TYPE_APPLICATION)

/* Whether GOption got as far as handle-local-options: its own errors stop before. */
static gboolean options_parsed = FALSE;

/* Runs before GTK is initialised. ring-allreduce has already checked the command line and
 * handled everything but the window; run directly, this program does the same with the
 * same code, so --report and --export never open a display here either. */
static int
ring_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  g_auto(RingCliArgs) args = { { NULL, }, };
  int status;

  options_parsed = TRUE;

  ring_cli_args_from_dict (&args, options);
  ring_cli_use_export_layer ();
  status = ring_cli_handle (&args);

  /* -1 goes on: the options travel to the primary instance's command-line. */
  return status == RING_CLI_OPEN_WINDOW ? -1 : status;
}

/* GApplication prints "Unknown option --x" and stops before handle-local-options; add the
 * usage hint and the contract's status for bad usage. */
static gboolean
ring_application_local_command_line (GApplication   *app,
                                     char         ***arguments,
                                     int            *exit_status)
{
  gboolean handled;

  handled = G_APPLICATION_CLASS (ring_application_parent_class)->local_command_line (app,
                                                                                     arguments,
                                                                                     exit_status);
  if (handled && *exit_status != EXIT_SUCCESS && !options_parsed)
    {
      g_printerr (_("Try “%s --help” for the options.\n"), g_get_prgname ());
      *exit_status = RING_CLI_EXIT_USAGE;
    }

  return handled;
}

/* --scenario FILE, named relative to where the command was typed: the files' scenarios
 * replace the pinned ones and the last session's; a bad file changes nothing. */
static gboolean
pin_command_line_scenarios (GApplicationCommandLine  *command_line,
                            const RingCliArgs        *args,
                            RingWindow               *window,
                            GError                  **error)
{
  RingModel *model = ring_window_get_model (window);
  g_auto(RingCliArgs) files = { { NULL, }, };
  g_autoptr(GPtrArray) scenarios = NULL;
  g_autoptr(GStrvBuilder) paths = g_strv_builder_new ();

  if (args->scenario_files == NULL || args->scenario_files[0] == NULL)
    return TRUE;

  for (guint i = 0; args->scenario_files[i] != NULL; i++)
    {
      g_autoptr(GFile) file = NULL;
      g_autofree char *path = NULL;

      file = g_application_command_line_create_file_for_arg (command_line,
                                                             args->scenario_files[i]);
      path = g_file_get_path (file);

      g_strv_builder_add (paths, path != NULL ? path : args->scenario_files[i]);
    }
  files.scenario_files = g_strv_builder_end (paths);
  scenarios = ring_cli_load_scenarios (&files, error);
  if (scenarios == NULL)
    return FALSE;

  ring_window_forget_stored_scenarios (window);
  ring_model_clear_scenarios (model);
  for (guint i = 0; i < scenarios->len; i++)
    if (!ring_model_add_scenario (model, scenarios->pdata[i], error))
      return FALSE;

  return TRUE;
}

/* --import-nccl's logs, named relative to where the command was typed, and --fit from the
 * first of them (which may have replaced a log of the same file where it stood). */
static int
import_logs (GApplicationCommandLine *command_line,
             const RingCliArgs       *args,
             RingModel               *model)
{
  int fitted = -1;

  for (guint i = 0; args->import_nccl != NULL && args->import_nccl[i] != NULL; i++)
    {
      g_autoptr(GFile) file = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *path = NULL;

      file = g_application_command_line_create_file_for_arg (command_line,
                                                             args->import_nccl[i]);
      path = g_file_get_path (file);
      if (path == NULL || !ring_model_import_measurement (model, path, &error))
        {
          g_application_command_line_printerr (command_line, "%s: --import-nccl: %s\n",
                                               g_get_prgname (),
                                               error != NULL ? error->message
                                                             : args->import_nccl[i]);
          return RING_CLI_EXIT_USAGE;
        }
      if (i == 0)
        fitted = ring_model_find_measurement (model, path);
    }
  if (args->fit && fitted >= 0)
    {
      g_autoptr(GError) error = NULL;

      /* As on the command line: refused, with nothing changed, where the fit would
       * overrule an option or has nothing to fit. */
      if (!ring_cli_use_fit (args, model, fitted, &error))
        {
          g_application_command_line_printerr (command_line, "%s: %s\n", g_get_prgname (),
                                               error->message);
          return RING_CLI_EXIT_USAGE;
        }
    }

  return EXIT_SUCCESS;
}

/* Runs in the primary instance, for its own launch or a later one: the options change the
 * open window's parameters on top of what it shows (and what the settings remember). */
static int
ring_application_command_line (GApplication            *app,
                               GApplicationCommandLine *command_line)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_auto(RingCliArgs) args = { { NULL, }, };
  g_autoptr(GError) error = NULL;
  RingWindow *window;
  RingParams params;
  gboolean launched = gtk_application_get_active_window (GTK_APPLICATION (app)) == NULL;

  g_application_activate (app);
  window = RING_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  ring_cli_args_from_dict (&args, options);
  params = *ring_model_get_params (ring_window_get_model (window));
  if (!ring_cli_apply_params (&args, &params, &error))
    {
      g_application_command_line_printerr (command_line, "%s: %s\n",
                                           g_get_prgname (), error->message);
      return RING_CLI_EXIT_USAGE;
    }
  ring_model_set_params (ring_window_get_model (window), &params);
  if (!pin_command_line_scenarios (command_line, &args, window, &error))
    {
      g_application_command_line_printerr (command_line, "%s: %s\n",
                                           g_get_prgname (), error->message);
      return RING_CLI_EXIT_USAGE;
    }

  if (args.import_nccl != NULL && args.import_nccl[0] != NULL)
    {
      /* Starting with logs of its own, the window shows those, not the last session's. */
      if (launched)
        {
          ring_window_forget_stored_logs (window);
          ring_model_clear_measurements (ring_window_get_model (window));
        }
      ring_window_show_measurements (window);
    }

  return import_logs (command_line, &args, ring_window_get_model (window));
}

static void
ring_application_activate (GApplication *app)
{
  RingApplication *self = RING_APPLICATION (app);
  GtkWindow *window;

  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (window == NULL)
    window = GTK_WINDOW (ring_window_new (self));

  gtk_window_present (window);
}

static void
ring_application_quit_action_cb (GSimpleAction *action,
                                 GVariant      *parameter,
                                 gpointer       user_data)
{
  GtkApplication *app = user_data;
  GList *windows = gtk_application_get_windows (app);

  /* Closing each window lets it save its state; the application ends with the last. */
  for (GList *l = windows; l != NULL;)
    {
      GtkWindow *window = l->data;

      l = l->next;
      gtk_window_close (window);
    }
}

static void
ring_application_about_action_cb (GSimpleAction *action,
                                  GVariant      *parameter,
                                  gpointer       user_data)
{
  GtkApplication *app = user_data;
  GtkWindow *parent = gtk_application_get_active_window (app);
  const char *developers[] = { "The Ring All-Reduce developers", NULL };

#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *about = adw_about_dialog_new ();

  g_object_set (about,
#else
  GtkWidget *about = adw_about_window_new ();

  gtk_window_set_transient_for (GTK_WINDOW (about), parent);
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  g_object_set (about,
#endif
                "application-name", _("Ring All-Reduce"),
                "application-icon", BASE_APPLICATION_ID,
                "developer-name", _("The Ring All-Reduce developers"),
                "version", PACKAGE_VERSION,
                "website", PACKAGE_WEBSITE,
                "issue-url", PACKAGE_WEBSITE "/issues",
                "license-type", GTK_LICENSE_GPL_3_0,
                "copyright", "© 2026 The Ring All-Reduce developers",
                "comments", _("See why data-parallel training becomes communication-bound: "
                              "ring all-reduce’s scatter-reduce and all-gather, played step by "
                              "step, with the compute and communication time they cost."),
                "developers", developers,
                /* Translators: replace with your names, one per line */
                "translator-credits", _("translator-credits"),
                NULL);

#if ADW_CHECK_VERSION (1, 5, 0)
  adw_dialog_present (about, GTK_WIDGET (parent));
#else
  gtk_window_present (GTK_WINDOW (about));
#endif
}

static const GActionEntry app_actions[] = {
  { .name = "quit", .activate = ring_application_quit_action_cb },
  { .name = "about", .activate = ring_application_about_action_cb },
};

/* GTK opens the display with its own "Default" theme, which libadwaita's start replaces at
 * once by an empty one of its own ("Adwaita-empty"; its stylesheet has the looks): loading
 * and parsing the unused theme was 6 % of the instructions before the first frame. The
 * theme GTK names in $GTK_THEME is the one it loads first, so the display opens with the
 * empty theme named there; the variable goes again before libadwaita starts, which leaves
 * its stylesheet out while the variable is set, and before any program is started. A theme
 * the person names in $GTK_THEME is left alone. */
static void
open_display_without_default_theme (void)
{
  const char *theme = g_getenv ("GTK_THEME");
  gboolean opened;

  if (theme != NULL && *theme != '\0')
    return;

  g_setenv ("GTK_THEME", "Adwaita-empty", TRUE);
  opened = gtk_init_check ();
  if (opened)
    gtk_settings_get_default ();
  g_unsetenv ("GTK_THEME");

  /* What gtk_init() says and does where no display opens. GTK counts itself initialised
   * after a failed check, and the application's startup would carry on without a display
   * (criticals, then a crash). */
  if (!opened)
    {
      const char *name = g_getenv ("WAYLAND_DISPLAY") != NULL ? g_getenv ("WAYLAND_DISPLAY")
                                                             : g_getenv ("DISPLAY");

      g_printerr ("%s: cannot open display: %s\n", g_get_prgname (),
                  name != NULL ? name : "(none set)");
      exit (1);
    }
}

/* GTK reads the icon themes in a thread of its own as it opens the display; then the
 * icon folders GtkApplication and libadwaita add make it forget them, and it read them
 * again on the main thread at the window's first icon (7 % of the instructions before the
 * first frame). Asked for an icon from a thread once the folders are all there, it reads
 * them there while the main thread builds the window. GtkIconTheme locks itself for
 * lookups from any thread, as GTK's own reading thread does. */
static void
read_icon_theme_thread (GTask        *task,
                        gpointer      source_object,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  g_task_return_boolean (task, gtk_icon_theme_has_icon (GTK_ICON_THEME (source_object),
                                                        APPLICATION_ID));
}

static void
read_icon_theme_soon (void)
{
  GdkDisplay *display = gdk_display_get_default ();
  g_autoptr(GTask) task = NULL;

  if (display == NULL)
    return;

  task = g_task_new (gtk_icon_theme_get_for_display (display), NULL, NULL, NULL);
  g_task_set_source_tag (task, read_icon_theme_soon);
  g_task_run_in_thread (task, read_icon_theme_thread);
}

static void
ring_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  open_display_without_default_theme ();
  G_APPLICATION_CLASS (ring_application_parent_class)->startup (app);
  read_icon_theme_soon ();
  /* Logs imported in the window may be nccl-tests' -J files. */
  ring_nccl_log_enable_json ();

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);

  gtk_window_set_default_icon_name (APPLICATION_ID);
}

static void
ring_application_class_init (RingApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->local_command_line = ring_application_local_command_line;
  app_class->handle_local_options = ring_application_handle_local_options;
  app_class->activate = ring_application_activate;
  app_class->command_line = ring_application_command_line;
  app_class->startup = ring_application_startup;
}

static void
ring_application_init (RingApplication *self)
{
  g_autofree GOptionEntry *entries = ring_cli_option_entries_new (NULL);

  /* The same options as ring-allreduce's, packed into the options dictionary so that a
   * second launch hands them to the running window. */
  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), NULL);
  g_application_set_option_context_summary (G_APPLICATION (self), ring_cli_get_summary ());
  g_application_set_option_context_description (G_APPLICATION (self),
                                                ring_cli_get_description ());
}

RingApplication *
ring_application_new (void)
{
  return g_object_new (RING_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", RESOURCE_PREFIX,
                       NULL);
}
