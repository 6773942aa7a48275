/* test-hostile-names.c: a log named with an escape sequence, U+FFFE, a comma and quotes,
 * and one whose name is not UTF-8, through every output that names it: the SVG (read by
 * xmllint and for characters XML forbids), the PDF (its text through pdftotext), the CSV
 * (read back by an RFC 4180 reader), the text and JSON reports and the error messages
 * (no control byte on either stream).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <locale.h>
#include <string.h>

#include "ring-printable.h"
#include "ring-test-cli.h"
#include "ring-test-files.h"

/* ESC [ 2 J clears a terminal; U+FFFE is no XML character; the comma and the quotes need
 * a CSV's quoting. */
#define HOSTILE_NAME "a\033[2Jb\xef\xbf\xbe,\"q\".log"
/* What every output shows instead. */
#define SHOWN_NAME   "a\\x1b[2Jb\\uFFFE,\"q\".log"

static char *
copy_log (const char *dir,
          const char *name)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "nccl-logs",
                                                   "h100-1node.log", NULL);
  g_autofree char *contents = NULL;
  gsize length;
  char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_get_contents (source, &contents, &length, NULL));
  g_assert_true (g_file_set_contents (path, contents, length, NULL));

  return path;
}

/* No byte a terminal acts on: C0 controls but the newline, DEL, and C1 controls. */
static void
assert_no_control (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (c != '\n' && !ring_unichar_is_printable (c))
        g_error ("U+%04X at byte %zu of “%.60s”", c, (gsize) (p - text), text);
    }
}

/* The characters XML 1.0 allows (§2.2), raw or as references. */
static gboolean
is_xml_char (gunichar c)
{
  return c == 0x9 || c == 0xa || c == 0xd || (c >= 0x20 && c <= 0xd7ff)
         || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

static void
assert_xml_chars (const char *svg)
{
  g_assert_true (g_utf8_validate (svg, -1, NULL));
  for (const char *p = svg; *p != '\0'; p = g_utf8_next_char (p))
    {
      g_assert_true (is_xml_char (g_utf8_get_char (p)));
      if (g_str_has_prefix (p, "&#"))
        {
          gboolean hex = p[2] == 'x';
          guint64 c = g_ascii_strtoull (p + (hex ? 3 : 2), NULL, hex ? 16 : 10);

          g_assert_true (is_xml_char ((gunichar) c));
        }
    }
}

/* Splits RFC 4180 CSV (quoted fields, "" inside them, CRLF rows) into rows of fields;
 * fails the test on anything else. */
static GPtrArray *
read_csv (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  GPtrArray *row = NULL;
  const char *p = text;

  while (*p != '\0')
    {
      GString *field = g_string_new (NULL);

      if (row == NULL)
        row = g_ptr_array_new_with_free_func (g_free);
      if (*p == '"')
        {
          for (p++;; p++)
            {
              g_assert_true (*p != '\0');
              if (*p == '"' && p[1] == '"')
                g_string_append_c (field, *p++);
              else if (*p == '"')
                break;
              else
                g_string_append_c (field, *p);
            }
          p++;
          g_assert_true (*p == ',' || *p == '\r');
        }
      else
        {
          for (; *p != ',' && *p != '\r' && *p != '\0'; p++)
            {
              g_assert_true (*p != '"' && *p != '\n');
              g_string_append_c (field, *p);
            }
        }
      g_ptr_array_add (row, g_string_free (field, FALSE));
      if (*p == ',')
        p++;
      else
        {
          g_assert_true (p[0] == '\r' && p[1] == '\n');
          p += 2;
          g_ptr_array_add (rows, g_steal_pointer (&row));
        }
    }
  g_assert_null (row);

  return rows;
}

static void
test_exports (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *log = copy_log (dir, HOSTILE_NAME);
  g_autofree char *svg = g_build_filename (dir, "chart.svg", NULL);
  g_autofree char *pdf = g_build_filename (dir, "chart.pdf", NULL);
  g_autofree char *csv = g_build_filename (dir, "chart.csv", NULL);
  g_autofree char *xmllint = g_find_program_in_path ("xmllint");
  g_autofree char *pdftotext = NULL;
  g_autofree char *contents = NULL;
  g_autofree char *svg_text = NULL;
  g_autoptr(GPtrArray) rows = NULL;
  const char *paths[] = { svg, pdf, csv };
  gsize length;
  gboolean named = FALSE;

  if (ring_test_skip_without_plplot ())
    return;
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", log, "--export",
                                                 paths[i], "--chart",
                                                 "allreduce-vs-message-size", NULL);

      g_test_message ("%s: %s", paths[i], r.err);
      g_assert_cmpint (r.status, ==, 0);
      g_assert_cmpstr (r.err, ==, "");
    }

  /* The SVG: XML, with the name as the other outputs show it. */
  contents = ring_test_read_file (svg, &length);
  assert_xml_chars (contents);
  svg_text = ring_test_svg_text (contents, length);
  g_assert_nonnull (strstr (svg_text, "a\\x1b[2Jb\\uFFFE,\"q\".log"));
  ring_test_check_svg (svg);
  if (xmllint != NULL)
    {
      const char *argv[] = { xmllint, "--noout", svg, NULL };
      g_autofree char *err = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   NULL, &err, &status, NULL));
      g_test_message ("xmllint: %s", err);
      g_assert_cmpstr (err, ==, "");
      g_assert_true (g_spawn_check_wait_status (status, NULL));
    }
  g_clear_pointer (&contents, g_free);

  /* The CSV: RFC 4180 read back, the name whole in its columns' headers. */
  contents = ring_test_read_file (csv, NULL);
  rows = read_csv (contents);
  g_strdelimit (contents, "\r", '\n');
  assert_no_control (contents);
  g_assert_cmpuint (rows->len, >, 1);
  for (guint r = 0; r < rows->len; r++)
    g_assert_cmpuint (((GPtrArray *) rows->pdata[r])->len, ==,
                      ((GPtrArray *) rows->pdata[0])->len);
  for (guint c = 0; c < ((GPtrArray *) rows->pdata[0])->len; c++)
    named |= g_str_equal (((GPtrArray *) rows->pdata[0])->pdata[c], SHOWN_NAME " time (us)");
  g_assert_true (named);

  /* The PDF: its text holds the name as shown, and no control character. */
  pdftotext = ring_test_find_pdf_reader ();
  if (pdftotext != NULL)
    {
      const char *argv[] = { pdftotext, pdf, "-", NULL };
      g_autofree char *text = NULL;
      int status;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL,
                                   NULL, NULL, &text, NULL, &status, NULL));
      g_assert_true (g_spawn_check_wait_status (status, NULL));
      g_strdelimit (text, "\f", '\n');
      assert_no_control (text);
      g_assert_nonnull (strstr (text, "a\\x1b[2Jb"));
    }

  ring_test_remove_tmp_dir (dir);
}

/* The reports and the messages: no control byte reaches a terminal, and a name that is not
 * UTF-8 is shown with U+FFFD. */
static void
test_reports_and_messages (void)
{
  g_autofree char *dir = ring_test_make_tmp_dir ();
  g_autofree char *log = copy_log (dir, HOSTILE_NAME);
  g_autofree char *latin1 = copy_log (dir, "caf\xe9.log");
  g_autofree char *missing = g_build_filename (dir, "gone\033]0;title\007.log", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *report, *entry;

  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", log, "--report=text",
                                               NULL);

    g_assert_cmpint (r.status, ==, 0);
    assert_no_control (r.out);
    g_assert_nonnull (strstr (r.out, SHOWN_NAME ": 8 ranks"));
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", latin1,
                                               "--report=json", NULL);
    g_autoptr(GError) error = NULL;

    g_assert_cmpint (r.status, ==, 0);
    assert_no_control (r.out);
    json_parser_load_from_data (parser, r.out, -1, &error);
    g_assert_no_error (error);
    report = json_node_get_object (json_parser_get_root (parser));
    entry = json_array_get_object_element (json_object_get_array_member (report,
                                                                         "measurements"), 0);
    g_assert_cmpstr (json_object_get_string_member (entry, "file"), ==, "caf\xef\xbf\xbd.log");
  }
  {
    g_auto(RingTestRun) r = ring_test_run_cli (NULL, "--import-nccl", missing, "--report",
                                               NULL);

    g_test_message ("%s", r.err);
    g_assert_cmpint (r.status, ==, 2);
    assert_no_control (r.err);
    g_assert_nonnull (strstr (r.err, "gone\\x1b]0;title\\x07.log"));
  }

  g_remove (log);
  g_remove (latin1);
  ring_test_remove_tmp_dir (dir);
}

/* The helper itself: what is kept, what is shown escaped. */
static void
test_printable (void)
{
  const struct {
    const char *text;
    const char *shown;
  } cases[] = {
    { "plain.log", "plain.log" }, { "Größe ✓ 𝔸.log", "Größe ✓ 𝔸.log" },
    { "a\tb\nc", "a\\x09b\\x0ac" }, { "\x7f", "\\x7f" }, { "\xc2\x9b" "2J", "\\x9b2J" },
    { "\xef\xbf\xbe\xef\xbf\xbf", "\\uFFFE\\uFFFF" }, { "\xef\xb7\x90", "\\uFDD0" },
    { "\xf4\x8f\xbf\xbe", "\\u10FFFE" }, { "\xff", "\xef\xbf\xbd" }, { "", "" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = ring_text_make_printable (cases[i].text);

      g_assert_cmpstr (shown, ==, cases[i].shown);
    }
}

int
main (int   argc,
      char *argv[])
{
  setlocale (LC_ALL, "");
  if (!ring_test_init_cli (&argc, &argv))
    return g_test_run ();

  g_test_add_func ("/ring/hostile-names/printable", test_printable);
  g_test_add_func ("/ring/hostile-names/exports", test_exports);
  g_test_add_func ("/ring/hostile-names/reports-and-messages", test_reports_and_messages);

  return g_test_run ();
}
