/* test-palette.c: the charts' colours stay apart for people with colour-vision deficiency.
 *
 * The check: every pair of data-curve colours that one chart draws together is simulated
 * for protanopia, deuteranopia and tritanopia with the matrices of Machado, Oliveira and
 * Fernandes (2009, severity 1.0, on linear sRGB), and must differ by a CIEDE2000 ΔE of at
 * least 10 in each simulation and in normal vision: a difference people tell apart at a
 * glance on thin lines. The eight algorithm colours of the comparison chart, which also
 * differ in dash (NCCL's solid, the textbook ones dashed), need 8. Each curve colour has a
 * contrast of at least 3:1 with the background (WCAG 2.1, non-text contrast). Reference
 * lines (the grey limits and ideals) are deliberately quiet and not checked.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <math.h>

#include "ring-style.h"

typedef struct
{
  const char *name;
  double      m[3][3];
} Simulation;

/* Machado et al. 2009, Table 1 at severity 1.0. */
static const Simulation simulations[] = {
  { "normal", { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } } },
  { "protanopia", { { 0.152286, 1.052583, -0.204868 }, { 0.114503, 0.786281, 0.099216 },
                    { -0.003882, -0.048116, 1.051998 } } },
  { "deuteranopia", { { 0.367322, 0.860646, -0.227968 }, { 0.280085, 0.672501, 0.047413 },
                      { -0.011820, 0.042940, 0.968881 } } },
  { "tritanopia", { { 1.255528, -0.076749, -0.178779 }, { -0.078411, 0.930809, 0.147602 },
                    { 0.004733, 0.691367, 0.303900 } } },
};

static double
linear (double c)
{
  return c <= 0.04045 ? c / 12.92 : pow ((c + 0.055) / 1.055, 2.4);
}

static double
lab_f (double t)
{
  return t > 216.0 / 24389 ? cbrt (t) : (24389.0 / 27 * t + 16) / 116;
}

/* CIELAB (D65) of @color as @simulation sees it. */
static void
to_lab (const RingColor  *color,
        const Simulation *simulation,
        double            lab[3])
{
  double rgb[3] = { linear (color->red), linear (color->green), linear (color->blue) };
  double seen[3], x, y, z;

  for (int i = 0; i < 3; i++)
    seen[i] = CLAMP (simulation->m[i][0] * rgb[0] + simulation->m[i][1] * rgb[1]
                     + simulation->m[i][2] * rgb[2], 0, 1);
  x = 0.4124564 * seen[0] + 0.3575761 * seen[1] + 0.1804375 * seen[2];
  y = 0.2126729 * seen[0] + 0.7151522 * seen[1] + 0.0721750 * seen[2];
  z = 0.0193339 * seen[0] + 0.1191920 * seen[1] + 0.9503041 * seen[2];
  lab[0] = 116 * lab_f (y) - 16;
  lab[1] = 500 * (lab_f (x / 0.95047) - lab_f (y));
  lab[2] = 200 * (lab_f (y) - lab_f (z / 1.08883));
}

static double
degrees (double radians)
{
  double d = radians * 180 / G_PI;

  return d < 0 ? d + 360 : d;
}

static double
radians (double d)
{
  return d * G_PI / 180;
}

/* CIEDE2000 (Sharma, Wu and Dalal 2005). */
static double
ciede2000 (const double a[3],
           const double b[3])
{
  double c1 = hypot (a[1], a[2]), c2 = hypot (b[1], b[2]), c_bar = (c1 + c2) / 2;
  double g = 0.5 * (1 - sqrt (pow (c_bar, 7) / (pow (c_bar, 7) + pow (25, 7))));
  double a1 = (1 + g) * a[1], a2 = (1 + g) * b[1];
  double c1p = hypot (a1, a[2]), c2p = hypot (a2, b[2]);
  double h1 = c1p == 0 ? 0 : degrees (atan2 (a[2], a1));
  double h2 = c2p == 0 ? 0 : degrees (atan2 (b[2], a2));
  double dl = b[0] - a[0], dc = c2p - c1p, dh = 0, l_bar, cp_bar, h_bar, t, dtheta, rc, sl,
         sc, sh, rt, dhh;

  if (c1p * c2p != 0)
    {
      dh = h2 - h1;
      if (dh > 180)
        dh -= 360;
      else if (dh < -180)
        dh += 360;
    }
  dhh = 2 * sqrt (c1p * c2p) * sin (radians (dh / 2));
  l_bar = (a[0] + b[0]) / 2;
  cp_bar = (c1p + c2p) / 2;
  if (c1p * c2p == 0)
    h_bar = h1 + h2;
  else if (fabs (h1 - h2) <= 180)
    h_bar = (h1 + h2) / 2;
  else if (h1 + h2 < 360)
    h_bar = (h1 + h2 + 360) / 2;
  else
    h_bar = (h1 + h2 - 360) / 2;
  t = 1 - 0.17 * cos (radians (h_bar - 30)) + 0.24 * cos (radians (2 * h_bar))
      + 0.32 * cos (radians (3 * h_bar + 6)) - 0.20 * cos (radians (4 * h_bar - 63));
  dtheta = 30 * exp (-pow ((h_bar - 275) / 25, 2));
  rc = 2 * sqrt (pow (cp_bar, 7) / (pow (cp_bar, 7) + pow (25, 7)));
  sl = 1 + 0.015 * pow (l_bar - 50, 2) / sqrt (20 + pow (l_bar - 50, 2));
  sc = 1 + 0.045 * cp_bar;
  sh = 1 + 0.015 * cp_bar * t;
  rt = -sin (radians (2 * dtheta)) * rc;

  return sqrt (pow (dl / sl, 2) + pow (dc / sc, 2) + pow (dhh / sh, 2)
               + rt * (dc / sc) * (dhh / sh));
}

static double
luminance (const RingColor *color)
{
  return 0.2126 * linear (color->red) + 0.7152 * linear (color->green)
         + 0.0722 * linear (color->blue);
}

/* The reference pairs of Sharma et al.'s test data, so the formula is the published one. */
static void
test_ciede2000 (void)
{
  static const double pairs[][7] = {
    { 50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425 },
    { 50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669 },
    { 50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492 },
    { 60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644 },
    { 90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (pairs); i++)
    g_assert_cmpfloat_with_epsilon (ciede2000 (pairs[i], pairs[i] + 3), pairs[i][6], 1e-4);
}

typedef struct
{
  const char      *chart;
  const RingColor *colors[RING_N_ALGORITHMS - 1];
  double           min_delta_e;
} CurveSet;

static void
check_set (const RingStyle *style,
           const CurveSet  *set)
{
  double worst = HUGE_VAL;
  const char *worst_simulation = NULL;
  guint n = 0;

  while (n < G_N_ELEMENTS (set->colors) && set->colors[n] != NULL)
    n++;

  for (guint i = 0; i < n; i++)
    {
      double a = luminance (set->colors[i]), b = luminance (&style->background);
      double contrast = (MAX (a, b) + 0.05) / (MIN (a, b) + 0.05);

      if (contrast < 3)
        g_error ("%s (%s): curve %u has a contrast of %.2f:1 with the background",
                 set->chart, style->dark ? "dark" : "light", i, contrast);
    }

  for (guint s = 0; s < G_N_ELEMENTS (simulations); s++)
    for (guint i = 0; i < n; i++)
      for (guint j = i + 1; j < n; j++)
        {
          double lab_i[3], lab_j[3], delta_e;

          to_lab (set->colors[i], &simulations[s], lab_i);
          to_lab (set->colors[j], &simulations[s], lab_j);
          delta_e = ciede2000 (lab_i, lab_j);
          if (delta_e < worst)
            {
              worst = delta_e;
              worst_simulation = simulations[s].name;
            }
          if (delta_e < set->min_delta_e)
            g_error ("%s (%s): curves %u and %u differ by ΔE00 %.1f under %s, less than %.0f",
                     set->chart, style->dark ? "dark" : "light", i, j, delta_e,
                     simulations[s].name, set->min_delta_e);
        }
  if (worst_simulation != NULL)
    g_test_message ("%-26s %-5s worst ΔE00 %5.1f (%s)", set->chart,
                    style->dark ? "dark" : "light", worst, worst_simulation);
}

/* The colours each chart draws its data in, together. */
static void
test_colour_blind_safe (void)
{
  for (guint dark = 0; dark <= 1; dark++)
    {
      RingStyle style;
      const RingColor *a;

      ring_style_init (&style, dark);
      a = style.algorithms;
      {
        const CurveSet sets[] = {
          { "utilization-vs-gpus", { &style.series[1], &style.series[0], &style.series[2] },
            10 },
          { "step-time-vs-gpus", { &style.compute, &style.communication, &style.foreground },
            10 },
          { "throughput-vs-gpus", { &style.series[0], &style.series[1] }, 10 },
          { "allreduce-vs-message-size", { &style.series[0], &style.series[1],
                                           &style.communication }, 10 },
          { "bytes-moved-vs-gpus", { &style.series[0] }, 10 },
          { "utilization-map", { &style.compute, &style.communication }, 10 },
          /* Backward compute, exposed gradient collectives, exposed all-gathers. */
          { "step-timeline", { &style.compute, &style.communication, &style.series[0] }, 10 },
          { "utilization-vs-bucket-size", { &style.series[0], &style.foreground }, 10 },
          { "mfu-vs-data-parallel", { &style.series[0], &style.series[1],
                                      &style.communication }, 10 },
        };

        CurveSet algorithms = { "algorithm-comparison", { NULL }, 8 };

        for (guint i = 0; i < G_N_ELEMENTS (sets); i++)
          check_set (&style, &sets[i]);
        /* Every algorithm's own colour (RingAlgorithmInfo.color_rgb). */
        for (guint i = 0; i < RING_N_ALGORITHMS - 1; i++)
          algorithms.colors[i] = &a[i];
        check_set (&style, &algorithms);
      }
    }
}

/* The pinned scenarios' dashed curves (issue 10): apart from each other by ΔE00 8, and
 * by 6 from every curve of every chart they are drawn on, which their dashes set apart
 * further. */
static void
test_scenarios (void)
{
  for (guint dark = 0; dark <= 1; dark++)
    {
      RingStyle style;
      const RingColor *s;
      CurveSet together = { "scenarios", { NULL }, 8 };

      ring_style_init (&style, dark);
      s = style.scenarios;
      for (guint i = 0; i < 4; i++)
        together.colors[i] = &s[i];
      check_set (&style, &together);

      for (guint i = 0; i < 4; i++)
        {
          const CurveSet sets[] = {
            { "scenario on utilization", { &style.series[1], &style.series[0],
                                           &style.series[2], &s[i] }, 6 },
            { "scenario on step time", { &style.compute, &style.communication,
                                         &style.foreground, &s[i] }, 6 },
            { "scenario on throughput", { &style.series[0], &style.series[1], &s[i] }, 6 },
            { "scenario on message size", { &style.series[0], &style.series[1],
                                            &style.communication, &s[i] }, 6 },
          };

          for (guint c = 0; c < G_N_ELEMENTS (sets); c++)
            check_set (&style, &sets[c]);
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ring/palette/ciede2000", test_ciede2000);
  g_test_add_func ("/ring/palette/colour-blind-safe", test_colour_blind_safe);
  g_test_add_func ("/ring/palette/scenarios", test_scenarios);

  return g_test_run ();
}
