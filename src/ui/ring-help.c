/* ring-help.c: the user help: where it is, opening it with Yelp, and the glossary's terms.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-ui"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "ring-help.h"
#include "ring-window-private.h"

#define PHRASES(...) ((const char * const []) { __VA_ARGS__, NULL })

/* In help/C/glossary.page's order. The phrases are the window's own English words: the
 * glossary test finds each row's, card's and choice's title here, and each abbreviation
 * of a label or tooltip. */
static const RingGlossaryTerm glossary_terms[] = {
  { "all-reduce", PHRASES ("All-reduce") },
  { "scatter-reduce", PHRASES ("Scatter-reduce", "Reduce-scatter") },
  { "all-gather", PHRASES ("All-gather") },
  { "chunk", PHRASES ("Chunk", "Reduced gradient chunk", "In-flight chunk") },
  { "ring", PHRASES ("Ring") },
  { "tree", PHRASES ("Tree") },
  { "nvls", PHRASES ("NVLS", "NVLink SHARP") },
  { "nvls-tree", PHRASES ("NVLS tree", "NVLS-tree") },
  { "collnet", PHRASES ("CollNet") },
  { "halving-doubling", PHRASES ("Halving-doubling") },
  { "hierarchical", PHRASES ("Hierarchical") },
  { "flat-ring", PHRASES ("Flat ring") },
  { "auto", PHRASES ("Auto") },
  { "protocol", PHRASES ("Protocol") },
  { "simple", PHRASES ("Simple") },
  { "ll", PHRASES ("LL") },
  { "ll128", PHRASES ("LL128") },
  { "channel", PHRASES ("Channels", "Channel") },
  { "nccl", PHRASES ("NCCL") },
  { "nccl-tests", PHRASES ("nccl-tests") },

  { "gpu", PHRASES ("GPU", "GPUs") },
  { "gpus-in-the-ring", PHRASES ("GPUs in the ring") },
  { "node", PHRASES ("Node", "GPUs per node") },
  { "nvlink", PHRASES ("NVLink") },
  { "nvlink-domain", PHRASES ("NVLink domain") },
  { "nvswitch", PHRASES ("NVSwitch") },
  { "xgmi", PHRASES ("xGMI") },
  { "pcie", PHRASES ("PCIe", "PCIe generation") },
  { "in-node-bandwidth", PHRASES ("In-node bandwidth") },
  { "nic", PHRASES ("NIC", "NICs", "NICs per node", "NIC speed") },
  { "fabric", PHRASES ("Fabric") },
  { "infiniband", PHRASES ("InfiniBand", "NDR", "HDR") },
  { "sharp", PHRASES ("SHARP", "InfiniBand with SHARP") },
  { "roce", PHRASES ("RoCE") },
  { "tcp", PHRASES ("TCP over Ethernet", "TCP") },
  { "network-latency", PHRASES ("Network latency") },
  { "switch-tiers", PHRASES ("Switch tiers", "Nodes per leaf", "Oversubscription") },
  { "placement", PHRASES ("Placement", "Packed", "Scattered") },
  { "other-job", PHRASES ("Other job’s GPUs", "Other job’s load") },
  { "latency-per-hop", PHRASES ("Latency per hop") },
  { "straggler", PHRASES ("Stragglers", "Slow link", "Slow link’s speed", "Slow GPU",
                          "Slow GPU’s speed") },

  { "training-step", PHRASES ("Training Step", "Run Training Step") },
  { "single-collective", PHRASES ("Single Collective") },
  { "model-size", PHRASES ("Model size") },
  { "tokens-per-gpu", PHRASES ("Tokens per GPU") },
  { "compute", PHRASES ("Per-GPU compute", "TFLOP", "FLOP") },
  { "gradient-precision", PHRASES ("Gradient precision", "fp32", "bf16", "fp8") },
  { "gradient-bucket", PHRASES ("Gradient bucket") },
  { "sharding", PHRASES ("Sharding") },
  { "ddp", PHRASES ("DDP") },
  { "zero1", PHRASES ("ZeRO-1", "ZeRO") },
  { "zero2", PHRASES ("ZeRO-2") },
  { "fsdp", PHRASES ("FSDP") },
  { "activation-checkpointing", PHRASES ("Activation checkpointing") },
  { "tensor-parallelism", PHRASES ("Tensor parallelism", "Tensor-parallel traffic") },
  { "pipeline-parallelism", PHRASES ("Pipeline parallelism", "Micro-batches", "Pipeline sends",
                                     "Pipeline bubble") },
  { "context-parallelism", PHRASES ("Context parallelism", "Context-parallel traffic") },
  { "data-parallelism", PHRASES ("Data parallelism", "Data-parallel sync") },
  { "compute-slowdown", PHRASES ("Compute slowdown beside NCCL") },
  { "memory-fit", PHRASES ("Does not fit", "Memory per GPU") },

  { "compute-time", PHRASES ("Compute time / step", "Compute time") },
  { "allreduce-time", PHRASES ("All-reduce time / step", "All-reduce time") },
  { "exposed-communication", PHRASES ("Exposed communication") },
  { "step-time", PHRASES ("Step time", "Step Timing") },
  { "utilization", PHRASES ("GPU utilization") },
  { "mfu", PHRASES ("Model FLOPs utilization", "FLOPs") },
  { "bound", PHRASES ("Compute-bound", "Communication-limited", "Communication-bound") },
  { "steps-completed", PHRASES ("Steps completed") },
  { "throughput", PHRASES ("Cluster throughput") },
  { "nodes", PHRASES ("Nodes") },
  { "algorithm", PHRASES ("Algorithm") },
  { "nccl-version", PHRASES ("NCCL version", "PAT") },
  { "bus-bandwidth", PHRASES ("Bus bandwidth") },
  { "algorithm-bandwidth", PHRASES ("Algorithm bandwidth") },
  { "data-moved", PHRASES ("Data moved per GPU") },
  { "message-size", PHRASES ("Message size") },
  { "fitted-values", PHRASES ("Use Fit", "Fitted values") },
  { "scenario", PHRASES ("Scenarios", "Pin This Configuration") },
};

static const char * const glossary_groups[] = {
  "collectives", "cluster", "training", "measures", NULL,
};

const RingGlossaryTerm *
ring_glossary_get_terms (guint *n_terms)
{
  g_return_val_if_fail (n_terms != NULL, NULL);

  *n_terms = G_N_ELEMENTS (glossary_terms);

  return glossary_terms;
}

const char * const *
ring_glossary_get_groups (void)
{
  return glossary_groups;
}

/* The language folder of @help_dir to show: the first of the user's languages it has
 * pages in, as Yelp chooses among installed ones. */
static char *
find_language_dir (const char *help_dir)
{
  const char * const *languages = g_get_language_names ();

  for (guint i = 0; languages[i] != NULL; i++)
    {
      g_autofree char *dir = g_build_filename (help_dir, languages[i], NULL);
      g_autofree char *index = g_build_filename (dir, "index.page", NULL);

      /* Absolute and without "..": Yelp is started elsewhere. */
      if (g_file_test (index, G_FILE_TEST_IS_REGULAR))
        return g_canonicalize_filename (dir, NULL);
    }

  return NULL;
}

char *
ring_help_get_uri (const char *target)
{
  const char *help_dir = g_getenv ("RING_ALLREDUCE_HELPDIR");
  g_autofree char *page = NULL;
  const char *section;

  g_return_val_if_fail (target != NULL, NULL);

  section = strchr (target, '#');
  page = section != NULL ? g_strndup (target, section - target) : g_strdup (target);
  if (section != NULL)
    section++;
  if (g_str_equal (page, "index"))
    g_clear_pointer (&page, g_free);

  if (help_dir != NULL && *help_dir != '\0')
    {
      g_autofree char *dir = find_language_dir (help_dir);

      /* Yelp reads ghelp:/ABSOLUTE/DIR?PAGE#SECTION as the Mallard document in DIR;
       * help: URIs look only where help is installed. */
      if (dir != NULL)
        return g_strconcat ("ghelp:", dir,
                            page != NULL || section != NULL ? "?" : "",
                            page != NULL ? page : (section != NULL ? "glossary" : ""),
                            section != NULL ? "#" : "", section != NULL ? section : "",
                            NULL);
    }

  return g_strconcat ("help:", APPLICATION_ID, page != NULL ? "/" : "",
                      page != NULL ? page : "", section != NULL ? "#" : "",
                      section != NULL ? section : "", NULL);
}

static void
report_failure (GtkWindow    *window,
                const GError *error)
{
  g_autofree char *message = NULL;

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
#if GTK_CHECK_VERSION (4, 10, 0)
  if (g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    return;
#endif

  /* Translators: %s says why, from the system ("No application is registered …") */
  message = g_strdup_printf (_("Could not open the help: %s"), error->message);
  if (RING_IS_WINDOW (window))
    _ring_window_add_toast (RING_WINDOW (window), message);
}

#if GTK_CHECK_VERSION (4, 10, 0)
static void
launch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(GtkWindow) window = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_uri_launcher_launch_finish (GTK_URI_LAUNCHER (source), result, &error))
    report_failure (window, error);
}
#else
static void
show_uri_done_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(GtkWindow) window = user_data;
  g_autoptr(GError) error = NULL;

  if (!gtk_show_uri_full_finish (window, result, &error))
    report_failure (window, error);
}
#endif

void
ring_help_show (GtkWindow  *window,
                const char *target)
{
  g_autofree char *uri = NULL;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (target != NULL);

  uri = ring_help_get_uri (target);
  g_debug ("Opening the help at %s", uri);

  /* The window is kept until the launch has answered, for its toast. */
#if GTK_CHECK_VERSION (4, 10, 0)
  {
    g_autoptr(GtkUriLauncher) launcher = gtk_uri_launcher_new (uri);

    gtk_uri_launcher_launch (launcher, window, NULL, launch_done_cb, g_object_ref (window));
  }
#else
  gtk_show_uri_full (window, uri, GDK_CURRENT_TIME, NULL, show_uri_done_cb,
                     g_object_ref (window));
#endif
}
