/* ring-units.h: reading and writing quantities the way people type and read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "7e9", "7B", "1.5T": K M B/G T are powers of 1000, '.' the decimal point. FALSE for
 * anything else, NaN, infinities and overflow. */
gboolean ring_parse_count    (const char *text,
                              double     *value);
/* "1048576", "4GB", "512 KiB": SI and binary suffixes, "B" optional. */
gboolean ring_parse_bytes    (const char *text,
                              double     *value);
/* A NIC's line rate in Gb/s: "400", "400G", "100GbE", "1.6T", "50GB/s" (bytes: ×8). */
gboolean ring_parse_nic_speed (const char *text,
                               double     *gbit_per_s);
/* Locale-independent; rejects NaN and infinities. */
gboolean ring_parse_double   (const char *text,
                              double     *value);

/* Puts '.' for the locale's decimal separator in @text, unless it holds a '.' already, so
 * "1,5" as German prints it reads as "1.5". */
void     ring_text_accept_locale_decimal (char *text);

/* In the locale's decimal separator. */
char    *ring_format_duration  (double seconds);           /* "163 ms", "4.2 µs", "0.6 ns" */
char    *ring_format_bytes     (double bytes);             /* "28 GB", "3.5 MB" */
char    *ring_format_count     (double count);             /* "7 B", "1.5 T", "350 M" */
char    *ring_format_rate      (double per_second,
                                const char *unit);         /* "1.2 M tokens/s" */
char    *ring_format_bandwidth (double bytes_per_second);  /* "299.9 GB/s", "38 kB/s" */
/* Four significant figures, no exponent, no trailing zeros: "0.4489 GB/s", "1600 Gb/s";
 * "–" when not finite. */
char    *ring_format_figures   (double      value,
                                const char *unit);
/* "16 GiB" when a whole number of a binary unit, else as ring_format_bytes(). */
char    *ring_format_message_size (double bytes);
/* Three figures in binary units: "1.75 GiB", "8 B". */
char    *ring_format_binary_bytes (double bytes);
/* current / other − 1: "+12 %", "−2.1 %", "±0 %" below 0.05 %, "–" when not finite. */
char    *ring_format_change (double change);
/* @value to @figures significant figures, for a translated "%g": 0.448934 as 0.4489. */
double   ring_round_figures    (double      value,
                                guint       figures);
/* Digits grouped by @separator past four: "1024", "65 536". */
char    *ring_format_grouped   (guint64     value,
                                const char *separator);

G_END_DECLS
