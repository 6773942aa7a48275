/* ring-application.c: the application, its actions and its command line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "ring-application.h"
#include "ring-export.h"
#include "ring-file-writer.h"
#include "ring-presets.h"
#include "ring-report.h"
#include "ring-units.h"
#include "ring-window.h"

/* Exit statuses of the command-line contract (DESIGN.md). */
#define EXIT_IO_ERROR 1
#define EXIT_USAGE    2

#define DEFAULT_EXPORT_WIDTH  1600
#define DEFAULT_EXPORT_HEIGHT 1000

typedef enum
{
  REPORT_NONE,
  REPORT_JSON,
  REPORT_TEXT,
} ReportFormat;

struct _RingApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (RingApplication, ring_application, ADW_TYPE_APPLICATION)

/* GOption calls this while parsing, before handle-local-options; one application runs per
 * process, so a file-level variable is the simplest place for it. */
static ReportFormat report_format = REPORT_NONE;
static char *report_format_invalid = NULL;
static gboolean options_parsed = FALSE;

static gboolean
report_option_cb (const char  *option_name,
                  const char  *value,
                  gpointer     data,
                  GError     **error)
{
  if (value == NULL || g_str_equal (value, "json"))
    report_format = REPORT_JSON;
  else if (g_str_equal (value, "text"))
    report_format = REPORT_TEXT;
  else
    {
      g_free (report_format_invalid);
      report_format_invalid = g_strdup (value);
    }

  return TRUE;
}

static void
print_error (const char *format,
             ...) G_GNUC_PRINTF (1, 2);

static void
print_error (const char *format,
             ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  g_printerr ("%s: %s\n", g_get_prgname (), message);
}

static gboolean
parse_size (const char *text,
            int        *width,
            int        *height)
{
  g_auto(GStrv) parts = NULL;
  g_autofree char *ascii = NULL;
  double w, h;

  /* 1600x1000, 1600X1000 or 1600×1000 (a multi-byte character: replace it whole). */
  ascii = g_strdup (text);
  if (strstr (ascii, "×") != NULL)
    {
      g_auto(GStrv) around = g_strsplit (ascii, "×", -1);

      g_free (ascii);
      ascii = g_strjoinv ("x", around);
    }
  parts = g_strsplit_set (ascii, "xX", -1);
  /* Range before wholeness: casting 1e11 to int is undefined. */
  if (g_strv_length (parts) != 2
      || !ring_parse_double (parts[0], &w) || !ring_parse_double (parts[1], &h)
      || w < 16 || h < 16 || w > 20000 || h > 20000
      || w != floor (w) || h != floor (h))
    return FALSE;

  *width = (int) w;
  *height = (int) h;

  return TRUE;
}

/* Applies the parameter options to @params: the preset first, then each option given, so
 * an option overrides the preset and anything not given keeps its value. */
static gboolean
apply_options (GVariantDict  *options,
               RingParams    *params,
               GError       **error)
{
  const char *text;

  if (g_variant_dict_lookup (options, "preset", "&s", &text))
    {
      const RingPreset *preset = ring_preset_lookup (text);

      if (preset == NULL)
        {
          g_autoptr(GString) names = g_string_new (NULL);
          const RingPreset *presets;
          guint n_presets;

          presets = ring_presets_get (&n_presets);
          for (guint i = 0; i < n_presets; i++)
            g_string_append_printf (names, "%s%s", i ? ", " : "", presets[i].name);
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--preset: unknown preset “%s” (known: %s)"), text, names->str);
          return FALSE;
        }

      ring_preset_apply (preset, params);
    }

  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      if (g_variant_dict_lookup (options, info->option, "&s", &text)
          && !ring_params_set_from_string (params, id, text, error))
        return FALSE;
    }

  if (g_variant_dict_lookup (options, "message-size", "&s", &text))
    {
      double bytes;

      /* A petabyte is far past any buffer that fits in a GPU's memory. */
      if (!ring_parse_bytes (text, &bytes) || bytes < 1 || bytes > 1e15)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--message-size: “%s” is not a size between 1 B and 1 PB "
                         "(for example 1MiB or 4GB)"), text);
          return FALSE;
        }
      params->message_bytes = bytes;
    }

  return TRUE;
}

static int
list_presets (void)
{
  const RingPreset *presets;
  guint n_presets;

  presets = ring_presets_get (&n_presets);
  for (guint i = 0; i < n_presets; i++)
    g_print ("%-28s %s\n", presets[i].name, _(presets[i].description));

  return EXIT_SUCCESS;
}

static int
list_charts (void)
{
  for (guint kind = 0; kind < RING_N_CHARTS; kind++)
    g_print ("%-28s %s\n", ring_chart_kind_to_string (kind), ring_chart_kind_get_title (kind));

  return EXIT_SUCCESS;
}

static int
export_chart (RingModel    *model,
              GVariantDict *options,
              const char   *path)
{
  const char *chart_name = "utilization-vs-gpus";
  const char *size_text;
  RingExportFormat format;
  RingChartKind kind = RING_CHART_UTILIZATION_VS_GPUS;
  int width = DEFAULT_EXPORT_WIDTH;
  int height = DEFAULT_EXPORT_HEIGHT;
  gboolean all;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *link_target = NULL;

  g_variant_dict_lookup (options, "chart", "&s", &chart_name);

  if (g_variant_dict_lookup (options, "size", "&s", &size_text)
      && !parse_size (size_text, &width, &height))
    {
      print_error (_("--size: “%s” is not a size like 1600x1000 (16 to 20000 pixels a side)"),
                   size_text);
      return EXIT_USAGE;
    }

  if (!ring_export_format_from_path (path, &format))
    {
      print_error (_("--export: cannot tell the format of “%s”: "
                     "use a name ending in .png, .svg, .pdf or .csv"), path);
      return EXIT_USAGE;
    }

  all = g_str_equal (chart_name, "all");
  if (all && format != RING_EXPORT_FORMAT_PDF)
    {
      print_error (_("--chart: “all” writes a PDF report; “%s” is not a .pdf"), path);
      return EXIT_USAGE;
    }

  if (!all && !ring_chart_kind_from_string (chart_name, &kind))
    {
      print_error (_("--chart: unknown chart “%s” (see --chart list)"), chart_name);
      return EXIT_USAGE;
    }

  if (!ring_chart_draw_is_available ())
    {
      print_error (_("PLplot’s extcairo device is not installed: charts cannot be drawn"));
      return EXIT_IO_ERROR;
    }

  file = g_file_new_for_commandline_arg (path);
  link_target = ring_file_writer_resolve_link (file);

  if (all)
    ring_export_report (model, file, width, height, NULL, &error);
  else
    ring_export_chart (model, kind, format, file, width, height, 1.0, NULL, &error);

  if (error != NULL)
    {
      print_error ("%s", error->message);
      return EXIT_IO_ERROR;
    }

  /* The link stays a link: what changed is the file it points to, which may be far from
   * where the user looked. */
  if (link_target != NULL)
    print_error (_("“%s” is a symbolic link: replaced its target “%s”"), path, link_target);

  return EXIT_SUCCESS;
}

/* Runs before GTK is initialised: the report and export modes never open a display. */
static int
ring_application_handle_local_options (GApplication *app,
                                       GVariantDict *options)
{
  g_autoptr(RingModel) model = NULL;
  g_autoptr(GError) error = NULL;
  const char *export_path = NULL;
  const char *chart_name = NULL;
  RingParams params;

  options_parsed = TRUE;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("%s %s\n", g_get_prgname (), PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  if (report_format_invalid != NULL)
    {
      print_error (_("--report: unknown format “%s” (use --report=json or --report=text)"),
                   report_format_invalid);
      return EXIT_USAGE;
    }

  if (g_variant_dict_lookup (options, "chart", "&s", &chart_name)
      && g_str_equal (chart_name, "list"))
    return list_charts ();

  {
    const char *preset_name;

    if (g_variant_dict_lookup (options, "preset", "&s", &preset_name)
        && g_str_equal (preset_name, "list"))
      return list_presets ();
  }

  /* Every value is checked here, in the process that was started, so a bad one is
   * reported on its terminal with status 2 and never reaches a window. */
  ring_params_init_default (&params);
  if (!apply_options (options, &params, &error))
    {
      print_error ("%s", error->message);
      return EXIT_USAGE;
    }

  g_variant_dict_lookup (options, "export", "^&ay", &export_path);

  if (report_format == REPORT_NONE && export_path == NULL)
    {
      if (chart_name != NULL || g_variant_dict_contains (options, "size"))
        {
          print_error (_("--chart and --size go with --export FILE"));
          return EXIT_USAGE;
        }

      /* Open the window: the options travel to the primary instance's command-line. */
      return -1;
    }

  model = ring_model_new ();
  ring_model_set_params (model, &params);

  if (export_path != NULL)
    {
      int status = export_chart (model, options, export_path);

      if (status != EXIT_SUCCESS || report_format == REPORT_NONE)
        return status;
    }

  if (report_format != REPORT_NONE)
    {
      g_autofree char *report = report_format == REPORT_JSON
                                ? ring_report_to_json (model)
                                : ring_report_to_text (model);

      g_print ("%s%s", report, g_str_has_suffix (report, "\n") ? "" : "\n");
    }

  return EXIT_SUCCESS;
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
      *exit_status = EXIT_USAGE;
    }

  return handled;
}

/* Runs in the primary instance, for its own launch or a later one: the options change the
 * open window's parameters on top of what it shows (and what the settings remember). */
static int
ring_application_command_line (GApplication            *app,
                               GApplicationCommandLine *command_line)
{
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autoptr(GError) error = NULL;
  RingWindow *window;
  RingParams params;

  g_application_activate (app);
  window = RING_WINDOW (gtk_application_get_active_window (GTK_APPLICATION (app)));

  params = *ring_model_get_params (ring_window_get_model (window));
  if (!apply_options (options, &params, &error))
    {
      g_application_command_line_printerr (command_line, "%s: %s\n",
                                           g_get_prgname (), error->message);
      return EXIT_USAGE;
    }
  ring_model_set_params (ring_window_get_model (window), &params);

  return EXIT_SUCCESS;
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
quit_action_cb (GSimpleAction *action,
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
about_action_cb (GSimpleAction *action,
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
  { .name = "quit", .activate = quit_action_cb },
  { .name = "about", .activate = about_action_cb },
};

static void
ring_application_startup (GApplication *app)
{
  static const char *quit_accels[] = { "<Control>q", NULL };

  G_APPLICATION_CLASS (ring_application_parent_class)->startup (app);

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
  const GOptionEntry entries[] = {
    { "gpus", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("GPUs in the ring (1 to 1048576)"), "N" },
    { "model-params", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Model parameters, such as 7e9, 7B or 1.5T"), "P" },
    { "bandwidth", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Interconnect bandwidth per GPU and direction, in GB/s"), "GBPS" },
    { "compute", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Achieved compute per GPU, in TFLOP/s"), "TFLOPS" },
    { "tokens", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Tokens each GPU processes per step"), "T" },
    { "grad-bytes", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Bytes per gradient value: 4 (fp32), 2 (bf16) or 1 (fp8)"), "B" },
    { "latency", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Latency per message hop, in µs"), "US" },
    { "overlap", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Fraction of the backward pass communication hides behind (0 to 1)"), "F" },
    { "algorithm", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("All-reduce algorithm: ring"), "NAME" },
    { "preset", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Start from a named hardware or model preset; “list” names them"), "NAME" },
    { "message-size", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("All-reduce a buffer of this size instead of the gradients, such as 1MiB or 4GB"),
      "BYTES" },
    { "report", 0, G_OPTION_FLAG_OPTIONAL_ARG, G_OPTION_ARG_CALLBACK, report_option_cb,
      N_("Print every parameter and result, as json (the default) or text, and exit"),
      "json|text" },
    { "export", 0, 0, G_OPTION_ARG_FILENAME, NULL,
      N_("Write a chart to FILE (.png, .svg, .pdf or .csv) and exit"), "FILE" },
    { "chart", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("The chart to export; “list” names them, “all” writes a PDF report"), "KIND" },
    { "size", 0, 0, G_OPTION_ARG_STRING, NULL,
      N_("Exported chart size in pixels or points (default 1600x1000)"), "WxH" },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL, N_("Print the version and exit"), NULL },
    { NULL }
  };

  g_application_add_main_option_entries (G_APPLICATION (self), entries);
  g_application_set_option_context_parameter_string (G_APPLICATION (self), NULL);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Explore GPU gradient sync: how ring all-reduce "
                                              "trades compute against communication."));
  g_application_set_option_context_description (G_APPLICATION (self),
                                                _("Without --report or --export, opens the "
                                                  "window with the given parameters."));
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
