/* ring-units.c: parsing typed quantities, formatting shown ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "ring-units.h"

typedef struct
{
  const char *suffix;
  double      factor;
} Suffix;

/* Splits @text into a number (C locale) and what follows it, trimmed. */
static gboolean
split_number (const char  *text,
              double      *number,
              const char **rest)
{
  char *end = NULL;

  if (text == NULL)
    return FALSE;

  while (g_ascii_isspace (*text))
    text++;
  if (*text == '\0')
    return FALSE;

  /* g_ascii_strtod accepts "nan", "inf" and hex floats; people do not type those. */
  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == 'x' || *p == 'X')
        return FALSE;
      if (g_ascii_isalpha (*p) && *p != 'e' && *p != 'E')
        break;
    }

  errno = 0;
  *number = g_ascii_strtod (text, &end);
  if (end == text || errno == ERANGE || !isfinite (*number))
    return FALSE;

  while (g_ascii_isspace (*end))
    end++;
  *rest = end;

  return TRUE;
}

static gboolean
parse_with_suffixes (const char   *text,
                     const Suffix *suffixes,
                     gsize         n_suffixes,
                     double       *value)
{
  const char *rest;
  double number;
  g_autofree char *unit = NULL;

  if (!split_number (text, &number, &rest))
    return FALSE;

  unit = g_strchomp (g_strdup (rest));

  if (*unit == '\0')
    {
      *value = number;
      return TRUE;
    }

  for (gsize i = 0; i < n_suffixes; i++)
    {
      if (g_str_equal (unit, suffixes[i].suffix))
        {
          double scaled = number * suffixes[i].factor;

          if (!isfinite (scaled))
            return FALSE;
          *value = scaled;
          return TRUE;
        }
    }

  return FALSE;
}

gboolean
ring_parse_double (const char *text,
                   double     *value)
{
  return parse_with_suffixes (text, NULL, 0, value);
}

void
ring_text_accept_locale_decimal (char *text)
{
  const char *separator = localeconv ()->decimal_point;

  g_return_if_fail (text != NULL);

  /* Only a one-byte separator can be swapped in place; every locale glibc has uses one. */
  if (separator == NULL || strlen (separator) != 1 || *separator == '.'
      || strchr (text, '.') != NULL)
    return;
  g_strdelimit (text, separator, '.');
}

gboolean
ring_parse_count (const char *text,
                  double     *value)
{
  static const Suffix suffixes[] = {
    { "K", 1e3 }, { "k", 1e3 },
    { "M", 1e6 }, { "m", 1e6 },
    { "B", 1e9 }, { "b", 1e9 }, { "G", 1e9 }, { "g", 1e9 },
    { "T", 1e12 }, { "t", 1e12 },
  };

  return parse_with_suffixes (text, suffixes, G_N_ELEMENTS (suffixes), value);
}

gboolean
ring_parse_nic_speed (const char *text,
                      double     *gbit_per_s)
{
  /* NICs are sold in bits per second: a lowercase b (or none) is bits, an uppercase B is
   * bytes (×8); "ps" and "/s" mean the same; "GbE" is Ethernet's own spelling. */
  static const Suffix suffixes[] = {
    { "G", 1 }, { "Gb", 1 }, { "Gb/s", 1 }, { "Gbps", 1 }, { "Gbit/s", 1 }, { "GbE", 1 },
    { "g", 1 }, { "gb/s", 1 }, { "gbps", 1 },
    { "M", 1e-3 }, { "Mb/s", 1e-3 }, { "Mbps", 1e-3 },
    { "T", 1e3 }, { "Tb/s", 1e3 }, { "Tbps", 1e3 },
    { "GB/s", 8 }, { "GBps", 8 }, { "MB/s", 8e-3 }, { "TB/s", 8e3 },
  };

  return parse_with_suffixes (text, suffixes, G_N_ELEMENTS (suffixes), gbit_per_s);
}

gboolean
ring_parse_bytes (const char *text,
                  double     *value)
{
  static const Suffix suffixes[] = {
    { "B", 1 },
    { "k", 1e3 }, { "K", 1e3 }, { "kB", 1e3 }, { "KB", 1e3 },
    { "M", 1e6 }, { "MB", 1e6 },
    { "G", 1e9 }, { "GB", 1e9 },
    { "T", 1e12 }, { "TB", 1e12 },
    { "P", 1e15 }, { "PB", 1e15 },
    { "Ki", 1024.0 }, { "KiB", 1024.0 },
    { "Mi", 1048576.0 }, { "MiB", 1048576.0 },
    { "Gi", 1073741824.0 }, { "GiB", 1073741824.0 },
    { "Ti", 1099511627776.0 }, { "TiB", 1099511627776.0 },
  };

  return parse_with_suffixes (text, suffixes, G_N_ELEMENTS (suffixes), value);
}

/* Three significant figures, as people read a dial; the locale's decimal separator. */
static char *
format_scaled (double      value,
               const char *unit)
{
  if (fabs (value) >= 999.5)
    return g_strdup_printf ("%.0f %s", value, unit);

  return g_strdup_printf ("%.3g %s", value, unit);
}

char *
ring_format_duration (double seconds)
{
  /* Each unit while its value, as shown, stays under 1000: 999.6 µs is "1 ms", never
   * "1000 µs"; and never an exponent: 3.33e-12 s is "0.00333 ns". */
  static const struct
  {
    double      seconds;
    const char *unit;
    double      below;
  } units[] = {
    { 1e-9, "ns", 999.5 },
    { 1e-6, "µs", 999.5 },
    { 1e-3, "ms", 999.5 },
    { 1, "s", 600 },
    { 60, "min", 180 },
  };
  double magnitude = fabs (seconds);

  if (!isfinite (seconds))
    return g_strdup ("–");
  if (seconds == 0)
    return g_strdup ("0 s");
  /* Shorter than anything the model means: rounding noise of a difference. */
  if (magnitude < 1e-12)
    return g_strdup ("< 0.001 ns");

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (magnitude / units[i].seconds < units[i].below)
      return format_scaled (seconds / units[i].seconds, units[i].unit);

  return format_scaled (seconds / 3600, "h");
}

static char *
format_si (double      value,
           const char *suffixes[5],
           const char *unit)
{
  static const double factors[] = { 1, 1e3, 1e6, 1e9, 1e12 };
  guint i = 0;
  g_autofree char *scaled_unit = NULL;

  if (!isfinite (value))
    return g_strdup ("–");

  while (i < G_N_ELEMENTS (factors) - 1 && fabs (value) >= factors[i + 1] * 0.9995)
    i++;

  scaled_unit = g_strconcat (suffixes[i], unit, NULL);
  if (i == 0 && value == floor (value))
    return g_strdup_printf ("%.0f%s%s", value, *scaled_unit ? " " : "", scaled_unit);

  return format_scaled (value / factors[i], scaled_unit);
}

char *
ring_format_bytes (double bytes)
{
  const char *suffixes[5] = { "", "k", "M", "G", "T" };

  return format_si (bytes, suffixes, "B");
}

char *
ring_format_count (double count)
{
  const char *suffixes[5] = { "", "K", "M", "B", "T" };

  return format_si (count, suffixes, "");
}

char *
ring_format_rate (double      per_second,
                  const char *unit)
{
  const char *suffixes[5] = { "", "k ", "M ", "G ", "T " };
  g_autofree char *full_unit = g_strconcat (unit, "/s", NULL);

  return format_si (per_second, suffixes, full_unit);
}

/* Four significant figures: a bus bandwidth of 299.9 GB/s against a 300 GB/s link is the
 * whole point of the figure. Scaled so that tiny latency-bound rates stay readable. */
char *
ring_format_bandwidth (double bytes_per_second)
{
  static const char *units[] = { "B/s", "kB/s", "MB/s", "GB/s", "TB/s", "PB/s" };
  double value = bytes_per_second;
  guint i = 0;

  if (!isfinite (value))
    return g_strdup ("–");

  while (i < G_N_ELEMENTS (units) - 1 && fabs (value) >= 9999.5)
    {
      value /= 1000;
      i++;
    }

  /* Past the last unit, whole numbers: never an exponent. */
  if (fabs (value) >= 9999.5)
    return g_strdup_printf ("%.0f %s", value, units[i]);

  return g_strdup_printf ("%.4g %s", value, units[i]);
}

double
ring_round_figures (double value,
                    guint  figures)
{
  double decimals;

  g_return_val_if_fail (figures > 0, value);

  if (value == 0 || !isfinite (value))
    return value;

  /* Scaled by a power of ten that is a whole number, which a double holds exactly. */
  decimals = (double) figures - 1 - floor (log10 (fabs (value)));
  if (decimals >= 0)
    return round (value * pow (10, decimals)) / pow (10, decimals);

  return round (value / pow (10, -decimals)) * pow (10, -decimals);
}

char *
ring_format_figures (double      value,
                     const char *unit)
{
  double rounded = ring_round_figures (value, 4);
  int decimals = 0;
  g_autofree char *number = NULL;
  gsize len;

  g_return_val_if_fail (unit != NULL, NULL);

  if (!isfinite (value))
    return g_strdup ("–");

  /* Fixed notation with just the decimals four figures need: %g would write 1.235e+06. */
  if (rounded != 0)
    decimals = CLAMP (3 - (int) floor (log10 (fabs (rounded))), 0, 15);
  number = g_strdup_printf ("%.*f", decimals, rounded);
  len = strlen (number);
  if (decimals > 0)
    {
      while (len > 0 && number[len - 1] == '0')
        len--;
      /* The locale's decimal separator, whatever its length. */
      while (len > 0 && !g_ascii_isdigit (number[len - 1]))
        len--;
      number[len] = '\0';
    }

  if (*unit == '\0')
    return g_steal_pointer (&number);

  return g_strdup_printf ("%s %s", number, unit);
}

char *
ring_format_grouped (guint64     value,
                     const char *separator)
{
  char digits[32];
  GString *text;
  gsize len;

  g_return_val_if_fail (separator != NULL, NULL);

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, value);
  len = strlen (digits);
  if (len <= 4)
    return g_strdup (digits);

  text = g_string_new (NULL);
  for (gsize i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append (text, separator);
      g_string_append_c (text, digits[i]);
    }

  return g_string_free (text, FALSE);
}

char *
ring_format_message_size (double bytes)
{
  static const char *units[] = { "KiB", "MiB", "GiB", "TiB" };
  double scaled = bytes;

  if (!isfinite (bytes) || bytes < 0)
    return g_strdup ("–");

  /* nccl-tests' sizes are powers of two: 1 MiB reads as 1 MiB, not 1.05 MB. */
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    {
      scaled /= 1024;
      if (scaled < 1 || scaled != floor (scaled))
        break;
      if (scaled < 1024)
        return g_strdup_printf ("%.0f %s", scaled, units[i]);
    }

  return ring_format_bytes (bytes);
}

char *
ring_format_binary_bytes (double bytes)
{
  static const char *units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  double scaled = bytes;
  guint i = 0;

  if (!isfinite (bytes))
    return g_strdup ("–");

  /* Each unit while its value, as shown, stays under 1024. */
  while (i < G_N_ELEMENTS (units) - 1 && fabs (scaled) >= 1023.5)
    {
      scaled /= 1024;
      i++;
    }
  if (i == 0 && scaled == floor (scaled))
    return g_strdup_printf ("%.0f B", scaled);

  return format_scaled (scaled, units[i]);
}

char *
ring_format_change (double change)
{
  const char *sign = change < 0 ? "−" : "+";
  double percent = fabs (change) * 100;

  if (!isfinite (percent))
    return g_strdup ("–");
  if (percent < 0.05)
    return g_strdup ("±0 %");

  return g_strdup_printf ("%s%.*f %%", sign, percent < 10 ? 1 : 0, percent);
}
