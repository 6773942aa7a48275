/* ring-nccl-tests-json.c: the file nccl-tests writes with -J, read as its text log is.
 *
 * nccl-tests 2.17 and later write with -J FILE.json (src/util.cu, JSON_FILE_VERSION 3) one
 * object: "args" (the command line, the program first), "config" (nthreads, ngpus and
 * "devices", each the fields of a "#  Rank …" line), "results" (one object per row: size,
 * count, type, redop, root as the text prints it, then "out_of_place" and "in_place" with
 * time or cpu_time, alg_bw, bus_bw and nwrong, null where unchecked), and
 * "average_bus_bandwidth" ("average_bus_bandwidith" before February 2026). The values are
 * the ones the text log prints, so each becomes the line the text log would hold and goes
 * through the same reader (ring-nccl-tests-reader.c) with the same checks.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-model"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ring-nccl-tests-log-private.h"
#include "ring-printable.h"

static gboolean read_json (RingNcclReader  *reader,
                           const char      *text,
                           gsize            length,
                           GError         **error);

void
ring_nccl_log_enable_json (void)
{
  _ring_nccl_log_set_json_reader (read_json);
}

static void
set_malformed (GError    **error,
               const char *what)
{
  g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
               /* Translators: what is missing or wrong in an nccl-tests -J file */
               _("this JSON is not nccl-tests -J output: %s"), what);
}

/* A member as text: a string as it is, a number as the text log prints one; NULL for a
 * missing member, null, an object or a list. */
static char *
member_text (JsonObject *object,
             const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (node == NULL || !JSON_NODE_HOLDS_VALUE (node))
    return NULL;
  switch (json_node_get_value_type (node))
    {
    case G_TYPE_STRING:
      return g_strdup (json_node_get_string (node));
    case G_TYPE_INT64:
      return g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
    case G_TYPE_DOUBLE:
      return g_strdup (g_ascii_dtostr (buffer, sizeof buffer, json_node_get_double (node)));
    case G_TYPE_BOOLEAN:
      return g_strdup (json_node_get_boolean (node) ? "true" : "false");
    default:
      return NULL;
    }
}

/* A word of a line: never empty, never with a space inside (it would split in two). */
static void
append_word (GString    *line,
             const char *word)
{
  g_string_append_c (line, ' ');
  if (word == NULL || *word == '\0')
    {
      g_string_append (line, "N/A");
      return;
    }
  for (const char *p = word; *p != '\0'; p++)
    g_string_append_c (line, g_ascii_isspace (*p) ? '_' : *p);
}

static JsonObject *
object_member (JsonObject *object,
               const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
}

static JsonArray *
array_member (JsonObject *object,
              const char *name)
{
  JsonNode *node = object != NULL ? json_object_get_member (object, name) : NULL;

  return node != NULL && JSON_NODE_HOLDS_ARRAY (node) ? json_node_get_array (node) : NULL;
}

/* One half of a row: time, algbw, busbw, #wrong; "N/A" for a half the run left out. */
static void
append_half (GString    *line,
             JsonObject *half)
{
  g_autofree char *time = NULL;
  g_autofree char *algbw = NULL;
  g_autofree char *busbw = NULL;
  g_autofree char *wrong = NULL;

  if (half == NULL)
    {
      append_word (line, "N/A");
      return;
    }
  time = member_text (half, json_object_has_member (half, "cpu_time") ? "cpu_time" : "time");
  algbw = member_text (half, "alg_bw");
  busbw = member_text (half, "bus_bw");
  wrong = member_text (half, "nwrong");
  /* nccl-tests writes 0.000000 for a count of wrong elements. */
  if (wrong != NULL && strchr (wrong, '.') != NULL)
    {
      double value = g_ascii_strtod (wrong, NULL);

      if (value >= 0 && value < 9e15 && value == floor (value))
        {
          g_free (wrong);
          wrong = g_strdup_printf ("%.0f", value);
        }
    }
  append_word (line, time != NULL ? time : "?");
  append_word (line, algbw != NULL ? algbw : "?");
  append_word (line, busbw != NULL ? busbw : "?");
  append_word (line, wrong);
}

typedef struct
{
  RingNcclReader *reader;
  GError        **error;
  gboolean        ok;
} Feed;

static gboolean
feed_line (Feed       *feed,
           GString    *line,
           const char *where)
{
  if (!feed->ok)
    return FALSE;
  feed->ok = _ring_nccl_reader_line (feed->reader, line->str, line->len, FALSE, feed->error);
  if (!feed->ok && where != NULL)
    /* Translators: a place in the JSON, such as "results[3]"; the reader's message follows */
    g_prefix_error (feed->error, _("%s of the JSON, read as a text log: "), where);
  g_string_truncate (line, 0);

  return feed->ok;
}

static void
feed_devices (Feed       *feed,
              JsonObject *config)
{
  JsonArray *devices = array_member (config, "devices");
  g_autoptr(GString) line = g_string_new (NULL);
  g_autofree char *threads = member_text (config, "nthreads");
  g_autofree char *gpus = member_text (config, "ngpus");

  g_string_append (line, "# nThread");
  append_word (line, threads != NULL ? threads : "1");
  g_string_append (line, " nGpus");
  append_word (line, gpus != NULL ? gpus : "1");
  feed_line (feed, line, "config");

  for (guint i = 0; devices != NULL && i < json_array_get_length (devices); i++)
    {
      JsonNode *node = json_array_get_element (devices, i);
      JsonObject *device = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      g_autofree char *rank = member_text (device, "rank");
      g_autofree char *group = member_text (device, "group");
      g_autofree char *pid = member_text (device, "pid");
      g_autofree char *host = member_text (device, "hostname");
      g_autofree char *index = member_text (device, "device");
      g_autofree char *bus = member_text (device, "device_hex");
      g_autofree char *name = member_text (device, "device_info");
      g_autofree char *where = g_strdup_printf ("config.devices[%u]", i);

      if (rank == NULL || host == NULL)
        continue;
      g_string_append (line, "#  Rank");
      append_word (line, rank);
      g_string_append (line, " Group");
      append_word (line, group != NULL ? group : "0");
      if (pid != NULL)
        {
          g_string_append (line, " Pid");
          append_word (line, pid);
        }
      g_string_append (line, " on");
      append_word (line, host);
      g_string_append (line, " device");
      append_word (line, index != NULL ? index : "0");
      g_string_append_printf (line, " [%s]", bus != NULL && strchr (bus, ' ') == NULL
                                             && strchr (bus, ']') == NULL ? bus : "0");
      /* The name keeps its spaces: it is the rest of the line. */
      if (name != NULL)
        g_string_append_printf (line, " %s", name);
      if (!feed_line (feed, line, where))
        return;
    }
}

static void
feed_results (Feed      *feed,
              JsonArray *results)
{
  g_autoptr(GString) line = g_string_new (NULL);
  gboolean cpu_time = FALSE;

  for (guint i = 0; i < json_array_get_length (results); i++)
    {
      JsonNode *node = json_array_get_element (results, i);
      JsonObject *row = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      JsonObject *out_of_place = object_member (row, "out_of_place");

      if (out_of_place != NULL && json_object_has_member (out_of_place, "cpu_time"))
        cpu_time = TRUE;
    }
  g_string_append_printf (line, "# size count type redop root %s algbw busbw #wrong "
                          "%s algbw busbw #wrong", cpu_time ? "cputime" : "time",
                          cpu_time ? "cputime" : "time");
  feed_line (feed, line, NULL);

  for (guint i = 0; i < json_array_get_length (results) && feed->ok; i++)
    {
      JsonNode *node = json_array_get_element (results, i);
      JsonObject *row = JSON_NODE_HOLDS_OBJECT (node) ? json_node_get_object (node) : NULL;
      g_autofree char *where = g_strdup_printf ("results[%u]", i);
      g_autofree char *size = member_text (row, "size");
      g_autofree char *count = member_text (row, "count");
      g_autofree char *type = member_text (row, "type");
      g_autofree char *redop = member_text (row, "redop");
      g_autofree char *root = member_text (row, "root");
      JsonObject *out_of_place = object_member (row, "out_of_place");

      if (row == NULL || size == NULL || count == NULL || type == NULL
          || out_of_place == NULL)
        {
          g_set_error (feed->error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                       /* Translators: a place in the JSON, such as "results[3]" */
                       _("%s of the JSON has no size, count, type or out-of-place times"),
                       where);
          feed->ok = FALSE;
          return;
        }
      g_strstrip (root != NULL ? root : (root = g_strdup ("-1")));
      g_string_append (line, size);
      append_word (line, count);
      append_word (line, type);
      append_word (line, redop != NULL ? redop : "none");
      append_word (line, root);
      append_half (line, out_of_place);
      append_half (line, object_member (row, "in_place"));
      feed_line (feed, line, where);
    }
}

/* nccl-tests nests four levels; a parser that recurses must not meet thousands. */
#define MAX_DEPTH 32

static gboolean
nesting_within (const char *text,
                gsize       length)
{
  gboolean in_string = FALSE;
  guint depth = 0;

  for (gsize i = 0; i < length; i++)
    {
      if (in_string)
        {
          if (text[i] == '\\')
            i++;
          else if (text[i] == '"')
            in_string = FALSE;
        }
      else if (text[i] == '"')
        in_string = TRUE;
      else if ((text[i] == '{' || text[i] == '[') && ++depth > MAX_DEPTH)
        return FALSE;
      else if ((text[i] == '}' || text[i] == ']') && depth > 0)
        depth--;
    }

  return TRUE;
}

static gboolean read_json_document (RingNcclReader  *reader,
                                    const char      *text,
                                    gsize            length,
                                    GError         **error);

/* Every message is text: json-glib reads C's octal escapes (\703) as bytes that are not
 * UTF-8, and both its own messages and the text reader's quote what it decoded. */
static gboolean
read_json (RingNcclReader  *reader,
           const char      *text,
           gsize            length,
           GError         **error)
{
  g_autoptr(GError) problem = NULL;

  if (read_json_document (reader, text, length, &problem))
    return TRUE;
  if (problem != NULL)
    {
      g_autofree char *message = ring_text_make_printable (problem->message);

      g_set_error_literal (error, problem->domain, problem->code, message);
    }

  return FALSE;
}

static gboolean
read_json_document (RingNcclReader  *reader,
                    const char      *text,
                    gsize            length,
                    GError         **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GError) json_error = NULL;
  g_autoptr(GString) line = g_string_new (NULL);
  JsonNode *root;
  JsonObject *document, *config, *average;
  JsonArray *args, *results;
  Feed feed = { reader, error, TRUE };

  if (!nesting_within (text, length))
    {
      /* Translators: what is wrong in an nccl-tests -J file; the number is a depth */
      g_autofree char *what = g_strdup_printf (_("it nests more than %u levels deep"),
                                               MAX_DEPTH);

      set_malformed (error, what);
      return FALSE;
    }
  if (!json_parser_load_from_data (parser, text, length, &json_error))
    {
      g_set_error (error, RING_NCCL_LOG_ERROR, RING_NCCL_LOG_ERROR_MALFORMED,
                   /* Translators: the JSON parser's message follows */
                   _("this JSON cannot be read: %s"), json_error->message);
      return FALSE;
    }
  root = json_parser_get_root (parser);
  document = root != NULL && JSON_NODE_HOLDS_OBJECT (root) ? json_node_get_object (root)
                                                           : NULL;
  results = array_member (document, "results");
  config = object_member (document, "config");
  if (results == NULL)
    {
      /* Translators: "results" is a JSON key, not translated */
      set_malformed (error, _("it has no “results” list"));
      return FALSE;
    }

  /* The program, as the text log announces it. */
  args = array_member (document, "args");
  if (args != NULL && json_array_get_length (args) > 0
      && JSON_NODE_HOLDS_VALUE (json_array_get_element (args, 0))
      && json_node_get_value_type (json_array_get_element (args, 0)) == G_TYPE_STRING)
    {
      const char *program = json_array_get_string_element (args, 0);

      if (_ring_nccl_collective_from_program (program) != RING_NCCL_COLLECTIVE_UNKNOWN)
        {
          g_string_append (line, "# Collective test starting:");
          append_word (line, program);
          if (!feed_line (&feed, line, "args[0]"))
            return FALSE;
        }
    }

  feed_devices (&feed, config);
  if (feed.ok)
    feed_results (&feed, results);
  if (!feed.ok)
    return FALSE;

  average = object_member (document, "average_bus_bandwidth");
  if (average == NULL)
    average = object_member (document, "average_bus_bandwidith");
  if (average != NULL)
    {
      g_autofree char *value = member_text (average, "bandwidth");

      if (value == NULL)
        value = member_text (average, "bandwidith");
      if (value != NULL)
        {
          g_string_append (line, "# Avg bus bandwidth :");
          append_word (line, value);
          feed_line (&feed, line, "average_bus_bandwidth");
        }
    }

  return feed.ok;
}
