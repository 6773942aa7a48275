/* ring-units.h: reading and writing quantities the way people type and read them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* "7e9", "7B", "1.5T", "70M", "7 billion" is not accepted. Suffixes K M B/G T are powers of
 * 1000. Always parsed with '.' as the decimal point. FALSE for anything else, for NaN,
 * infinities and overflow. */
gboolean ring_parse_count    (const char *text,
                              double     *value);
/* "1048576", "1MiB", "4GB", "512 KiB", "16GiB": SI (kB MB GB TB) and binary (KiB MiB GiB
 * TiB) suffixes, optional "B". */
gboolean ring_parse_bytes    (const char *text,
                              double     *value);
/* A NIC's line rate in Gb/s: "400" (a bare number is Gb/s, as NICs are sold), "400G",
 * "400Gb/s", "400Gbps", "100GbE", "1.6T", "50GB/s" (bytes: ×8). */
gboolean ring_parse_nic_speed (const char *text,
                               double     *gbit_per_s);
/* A plain floating-point number, locale-independent; rejects NaN and infinities. */
gboolean ring_parse_double   (const char *text,
                              double     *value);

/* Where the locale's decimal separator is not '.' ("," in German), puts '.' for it in
 * @text (in place) unless @text already holds a '.': a number typed as the program prints
 * it ("1,5") reads as the parsers above read "1.5". */
void     ring_text_accept_locale_decimal (char *text);

/* Human text for the window; these follow the locale's decimal separator. */
char    *ring_format_duration  (double seconds);           /* "163 ms", "4.2 µs", "0.6 ns" */
char    *ring_format_bytes     (double bytes);             /* "28 GB", "3.5 MB" */
char    *ring_format_count     (double count);             /* "7 B", "1.5 T", "350 M" */
char    *ring_format_rate      (double per_second,
                                const char *unit);         /* "1.2 M tokens/s" */
char    *ring_format_bandwidth (double bytes_per_second);  /* "299.9 GB/s", "38 kB/s" */
/* A value the user typed or a preset set, in its parameter's own unit, as people write it:
 * four significant figures, no exponent, no trailing zeros ("395.6 Gb/s", "0.4489 GB/s",
 * "1600 Gb/s", "989 TFLOP/s"); "–" when not finite. */
char    *ring_format_figures   (double      value,
                                const char *unit);
/* A message size as nccl-tests sizes are read: a whole number of KiB, MiB, GiB or TiB when
 * it is one ("1 MiB", "16 GiB"), else as ring_format_bytes() ("4 GB", "1.5 MB", "8 B"). */
char    *ring_format_message_size (double bytes);
/* Bytes in binary units, three figures: "1.75 GiB", "512 KiB", "8 B"; for a view whose
 * sizes are nccl-tests' powers of two, beside ring_format_message_size(). */
char    *ring_format_binary_bytes (double bytes);
/* A relative difference, current / other − 1, in per cent: "+12 %", "−2.1 %", "±0 %" below
 * 0.05 %; "–" when there is none (NaN, infinite). */
char    *ring_format_change (double change);
/* @value rounded to @figures significant figures: what a translated "%g" (whose msgid must
 * stay) shows as people write a number, 0.448934 as 0.4489, 14.1965 as 14.2, 1026.89 as
 * 1027. Zero, NaN and infinities stay as they are. */
double   ring_round_figures    (double      value,
                                guint       figures);
/* A whole number with @separator between groups of three digits past four digits:
 * "1024", "65 536", "1 048 576". */
char    *ring_format_grouped   (guint64     value,
                                const char *separator);

G_END_DECLS
