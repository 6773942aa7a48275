/* test-german-ui.c: the main window in German, with German decimal commas.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ring-test-window.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "ring-units.h"
#include "ring-window-private.h"

static gboolean german = FALSE;

static gboolean
skip_without_german (void)
{
  if (!german)
    g_test_skip ("the de_DE.UTF-8 locale is not generated: enable it in /etc/locale.gen "
                 "and run locale-gen (build-aux/dev test does)");

  return !german;
}

static void
test_labels (RingWindowFixture *fixture,
             gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  if (skip_without_german ())
    return;

  /* The application's name is not translated. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Ring All-Reduce");

  g_assert_cmpstr (ring_test_metric_title (window, "utilization"), ==, "GPU-Auslastung");
  g_assert_cmpstr (ring_test_metric_title (window, "compute-time"), ==, "Rechenzeit / Schritt");
  g_assert_cmpstr (ring_test_metric_title (window, "busbw"), ==, "Busbandbreite");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (ring_test_metric_card (window,
                                                                     "steps-completed")),
                   ==, "Von der Animation abgespielte Trainingsschritte");

  /* From the template, and from code. */
  g_assert_nonnull (ring_test_find_label (GTK_WIDGET (window), "Schrittzeiten"));
  g_assert_null (ring_test_find_label (GTK_WIDGET (window), "Step Timing"));
  /* The command line's defaults run at 94.8 %: compute-bound (the window starts with the
   * ZeRO-2 that fits them in memory, at 72.7 %). */
  ring_model_reset (window->model);
  g_assert_cmpstr (gtk_label_get_label (window->bound_label), ==, "Rechengebunden");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (window->play_button), ==,
                   "Schritte fortlaufend abspielen (Strg+P)");
}

/* The defaults of DESIGN.md (flat ring): utilization 72.467 %, bus bandwidth 299.87 GB/s,
 * cluster throughput 55 213 tokens/s, each with a decimal comma in German. */
static void
test_decimal_comma (RingWindowFixture *fixture,
                    gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  if (skip_without_german ())
    return;

  /* The seed's flat ring and one gradient bucket, whose numbers test-cost.c derives, with
   * the seed's DDP (a first launch takes ZeRO-2, whose buckets are its own). */
  ring_model_set_value (window->model, RING_PARAM_SHARDING, RING_SHARDING_DDP);
  ring_model_set_value (window->model, RING_PARAM_ALGORITHM, RING_ALGORITHM_FLAT_RING);
  ring_model_set_value (window->model, RING_PARAM_BUCKET_SIZE, 0);

  g_assert_cmpstr (ring_test_metric_value (window, "utilization"), ==, "72,5 %");
  g_assert_cmpstr (ring_test_metric_value (window, "busbw"), ==, "299,9 GB/s");
  g_assert_cmpstr (ring_test_metric_value (window, "tokens-per-second"), ==, "55,2 k Tokens/s");

  /* 1024 GPUs in 128 nodes, the ring across the NICs at 192 GB/s:
   * 0.43008 / (0.43008 + 0.3016118359375) = 58.8 %, from test-cost.c. */
  ring_model_set_value (window->model, RING_PARAM_GPUS, 1024);
  g_assert_cmpstr (ring_test_metric_value (window, "utilization"), ==, "58,8 %");
}

/* Issue 9's window in German: the cluster, the question and the collective's cards. */
static void
test_cluster_and_collective (RingWindowFixture *fixture,
                             gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  if (skip_without_german ())
    return;

  /* The defaults, whatever the case before left in the settings. */
  ring_model_reset (window->model);
  g_assert_cmpstr (ring_test_metric_title (window, "nodes"), ==, "Knoten");
  g_assert_cmpstr (ring_test_metric_title (window, "algorithm-used"), ==, "Algorithmus");
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Cluster-Aufbau"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "GPUs pro Knoten"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "NIC-Geschwindigkeit"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Netzwerklatenz"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Automatisch · Ring, Simple"));

  /* 1 MiB over eight H100 nodes: a tree with LL128 (test-window.c), in German words and
   * with a decimal comma. */
  ring_model_set_value (window->model, RING_PARAM_GPU, RING_GPU_H100);
  ring_model_set_value (window->model, RING_PARAM_GPUS, 64);
  ring_model_set_value (window->model, RING_PARAM_MESSAGE_SIZE, 1048576);
  g_assert_cmpstr (ring_test_metric_title (window, "allreduce-time"), ==, "All-Reduce-Zeit");
  g_assert_cmpstr (ring_test_metric_title (window, "channels"), ==, "Kanäle");
  g_assert_cmpstr (ring_test_metric_value (window, "algorithm-used"), ==, "Baum");
  /* The model's bus bandwidth as the card shows it, with a decimal comma. */
  {
    g_autofree char *busbw = ring_format_bandwidth (ring_model_get_result (window->model)
                                                    ->busbw_gbps * 1e9);

    g_assert_nonnull (strchr (busbw, ','));
    g_assert_cmpstr (ring_test_metric_value (window, "busbw"), ==, busbw);
  }
  /* H100's PCIe Gen5 links and 400 Gb/s NICs tie at 384 GB/s a node: PCIe binds. */
  g_assert_cmpstr (gtk_label_get_label (window->target_label), ==,
                   "Ein All-Reduce von 1 MiB über 64 GPUs in 8 Knoten: Baum, LL128 auf "
                   "12 Kanälen. Das Netzwerk jedes Knotens trägt 384 GB/s: Die "
                   "PCIe-Verbindungen der GPUs zu den NICs begrenzen, schnellere NICs ändern "
                   "also nichts.");
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Einzelnes All-Reduce"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Automatisch · Baum, LL128"));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (window->run_button)), ==,
                   "All-Reduce ausführen");

  /* The preset's toast. */
  {
    g_autofree char *toast = _ring_window_describe_preset (ring_preset_lookup ("dgx-h100"));

    g_assert_cmpstr (toast, ==, "DGX H100: GPU, GPUs pro Knoten, NICs, NIC-Geschwindigkeit, "
                                "Fabric");
  }
}

/* The training step's rows, the stragglers and the memory line, in German. */
static void
test_step_and_stragglers (RingWindowFixture *fixture,
                          gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  if (skip_without_german ())
    return;

  ring_model_reset (window->model);
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Gradienten-Bucket"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel,
                                          "Verlangsamung der Berechnung neben NCCL"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel, "Nachzügler"));
  g_assert_nonnull (ring_test_find_label (window->parameter_panel,
                                          "Geschwindigkeit der langsamen GPU"));
  g_assert_null (ring_test_find_label (window->parameter_panel, "Stragglers"));

  /* The defaults' 7B with DDP does not fit one GPU. */
  g_assert_false (ring_model_get_fits (window->model));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (window->fit_label), "Passt nicht: "));
}

/* The smallest window fits German as it fits English: nothing wider than 800 px, no
 * card cut. With GNOME's title bar buttons (close only, its default "appmenu:close"):
 * minimize and maximize beside it take the 50 px that German's longer labels need. */
static void
test_800x600 (RingWindowFixture *fixture,
              gconstpointer      user_data)
{
  RingWindow *window = fixture->window;

  g_autofree char *layout = NULL;

  if (skip_without_german ())
    return;

  g_object_get (gtk_settings_get_default (), "gtk-decoration-layout", &layout, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);

  ring_model_set_value (fixture->model, RING_PARAM_GPUS, 16);
  ring_test_resize_window (window, 800, 600);
  ring_test_assert_narrow_layout (window);
  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", layout, NULL);
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("RING_ALLREDUCE_LOCALEDIR");

  g_test_init (&argc, &argv, NULL);
  g_assert_nonnull (localedir);

  /* gtk_init () sets the locale from the environment, so the environment says German;
   * only when the C library has it, or GTK would warn and fall back to C. */
  if (setlocale (LC_ALL, "de_DE.UTF-8") != NULL)
    {
      g_setenv ("LC_ALL", "de_DE.UTF-8", TRUE);
      g_setenv ("LANGUAGE", "de", TRUE);
      german = TRUE;
    }
  setlocale (LC_ALL, "C.UTF-8");

  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (!ring_test_init_display ())
    return 0;

  ring_test_add_window ("/ring/german-ui/labels", test_labels);
  ring_test_add_window ("/ring/german-ui/decimal-comma", test_decimal_comma);
  ring_test_add_window ("/ring/german-ui/cluster-and-collective", test_cluster_and_collective);
  ring_test_add_window ("/ring/german-ui/step-and-stragglers", test_step_and_stragglers);
  ring_test_add_window ("/ring/german-ui/800x600", test_800x600);

  return g_test_run ();
}
