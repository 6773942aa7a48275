/* ring-chart-kind.c: the kinds of chart, their names on the command line and their titles.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ring-chart-kind.h"

/* Chart kinds, in RingChartKind order. */
static const struct
{
  const char *name;
  const char *title;
} chart_kinds[] = {
  { "utilization-vs-gpus", N_("GPU utilization vs. ring size") },
  { "step-time-vs-gpus", N_("Step time vs. ring size") },
  { "bytes-moved-vs-gpus", N_("Data moved per GPU vs. ring size") },
  { "allreduce-vs-message-size", N_("All-reduce time and bus bandwidth vs. message size") },
  { "throughput-vs-gpus", N_("Cluster throughput vs. ring size") },
  { "utilization-map", N_("Utilization over GPUs and bandwidth") },
};

G_STATIC_ASSERT (G_N_ELEMENTS (chart_kinds) == RING_N_CHARTS);

const char *
ring_chart_kind_to_string (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return chart_kinds[kind].name;
}

gboolean
ring_chart_kind_from_string (const char    *name,
                             RingChartKind *kind)
{
  g_return_val_if_fail (name != NULL, FALSE);

  for (guint i = 0; i < RING_N_CHARTS; i++)
    {
      if (g_ascii_strcasecmp (name, chart_kinds[i].name) == 0)
        {
          if (kind != NULL)
            *kind = i;
          return TRUE;
        }
    }

  return FALSE;
}

const char *
ring_chart_kind_get_title (RingChartKind kind)
{
  g_return_val_if_fail (kind < RING_N_CHARTS, NULL);

  return g_dgettext (GETTEXT_PACKAGE, chart_kinds[kind].title);
}
