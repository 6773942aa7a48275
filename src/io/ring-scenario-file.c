/* ring-scenario-file.c: pinned scenarios to and from JSON.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "ring-file-writer.h"
#include "ring-printable.h"
#include "ring-report.h"
#include "ring-scenario-file.h"

/* Far more than four scenarios need: anything bigger is not a scenario file. */
#define MAX_FILE_BYTES (1024 * 1024)

static void
append_scenario (GString            *json,
                 const RingScenario *scenario,
                 const char         *indent)
{
  const RingParams *params = &scenario->params;
  gboolean first = TRUE;

  g_string_append_printf (json, "{\n%s  \"format\": \"%s\",\n%s  \"version\": %d,\n"
                          "%s  \"name\": ", indent, RING_SCENARIO_FORMAT, indent,
                          RING_SCENARIO_VERSION, indent);
  ring_report_append_json_text (json, scenario->name);
  g_string_append_printf (json, ",\n%s  \"parameters\": {", indent);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);
      double value = ring_params_get_value (params, id);

      if (info->withdrawn)
        continue;
      g_string_append_printf (json, "%s\n%s    \"%s\": ", first ? "" : ",", indent,
                              info->json_key);
      first = FALSE;
      if (info->kind == RING_PARAM_KIND_CHOICE)
        ring_report_append_json_text (json, ring_param_choice_name (id, (guint) value));
      else
        ring_report_append_json_number (json, value);
    }
  g_string_append_printf (json, "\n%s  }\n%s}", indent, indent);
}

char *
ring_scenario_file_to_json (RingScenario * const *scenarios,
                            guint                 n_scenarios)
{
  GString *json = g_string_new (NULL);

  g_return_val_if_fail (scenarios != NULL || n_scenarios == 0, NULL);

  if (n_scenarios == 1)
    append_scenario (json, scenarios[0], "");
  else
    {
      g_string_append (json, "[");
      for (guint i = 0; i < n_scenarios; i++)
        {
          g_string_append (json, i > 0 ? ",\n  " : "\n  ");
          append_scenario (json, scenarios[i], "  ");
        }
      g_string_append (json, n_scenarios > 0 ? "\n]" : "]");
    }
  g_string_append_c (json, '\n');

  return g_string_free (json, FALSE);
}

static gboolean G_GNUC_PRINTF (2, 3)
fail (GError     **error,
      const char  *format,
      ...)
{
  g_autofree char *message = NULL;
  g_autofree char *printable = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* A key or value quoted from the file may hold anything the pre-scan let through. */
  printable = ring_text_make_printable (message);
  g_set_error_literal (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FORMAT, printable);

  return FALSE;
}

static gboolean
read_number (JsonNode   *node,
             const char *key,
             double     *value,
             GError    **error)
{
  GType type = JSON_NODE_HOLDS_VALUE (node) ? json_node_get_value_type (node) : G_TYPE_NONE;

  if (type == G_TYPE_INT64)
    *value = (double) json_node_get_int (node);
  else if (type == G_TYPE_DOUBLE)
    *value = json_node_get_double (node);
  else
    /* TRANSLATORS: %s is a parameter's name in a scenario file, "gpus". */
    return fail (error, _("“%s” is not a number"), key);

  return TRUE;
}

static gboolean
read_choice (JsonNode    *node,
             RingParamId  id,
             const char  *key,
             double      *value,
             GError     **error)
{
  const char *name;
  guint choice;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    /* TRANSLATORS: %s is a parameter's name in a scenario file, "algorithm". */
    return fail (error, _("“%s” is not a name"), key);

  /* The names the command line takes, its aliases too ("ib", "zero3"). */
  name = json_node_get_string (node);
  if (ring_param_choice_from_name (id, name, &choice))
    {
      *value = choice;
      return TRUE;
    }

  /* TRANSLATORS: the first %s is a value, the second a parameter's name. */
  return fail (error, _("“%s” is no %s this version knows"), name, key);
}

static const RingParamInfo *
param_by_key (const char *key)
{
  for (guint id = 0; id < RING_N_PARAMS; id++)
    {
      const RingParamInfo *info = ring_param_info (id);

      if (!info->withdrawn && g_str_equal (info->json_key, key))
        return info;
    }

  return NULL;
}

static gboolean
read_parameters (JsonObject  *object,
                 RingParams  *params,
                 GError     **error)
{
  g_autoptr(GList) members = json_object_get_members (object);
  double values[RING_N_PARAMS] = { 0 };
  gboolean given[RING_N_PARAMS] = { FALSE };

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *key = l->data;
      JsonNode *node = json_object_get_member (object, key);
      const RingParamInfo *info = param_by_key (key);

      if (info == NULL)
        /* TRANSLATORS: %s is a name in a scenario file that names no parameter. */
        return fail (error, _("“%s” is not a parameter this version knows"), key);

      if (info->kind == RING_PARAM_KIND_CHOICE)
        {
          if (!read_choice (node, info->id, key, &values[info->id], error))
            return FALSE;
        }
      else
        {
          double value = 0;

          if (!read_number (node, key, &value, error))
            return FALSE;
          if (!(value >= info->minimum && value <= info->maximum))
            /* TRANSLATORS: a parameter's name, its value, and its range. */
            return fail (error, _("“%s” is %.15g, outside %.15g to %.15g"), key, value,
                         info->minimum, info->maximum);
          if (info->kind == RING_PARAM_KIND_COUNT && value != floor (value))
            /* TRANSLATORS: a parameter's name and its value. */
            return fail (error, _("“%s” is %.15g, not a whole number"), key, value);
          values[info->id] = value;
        }
      given[info->id] = TRUE;
    }

  /* As on the command line: a GPU brings its facts and a fabric its latency, and what is
   * given beside them wins. */
  ring_params_init_default (params);
  if (given[RING_PARAM_GPU])
    ring_params_apply_gpu (params, (RingGpuId) values[RING_PARAM_GPU]);
  if (given[RING_PARAM_FABRIC])
    ring_params_apply_fabric (params, (RingFabric) values[RING_PARAM_FABRIC]);
  for (guint id = 0; id < RING_N_PARAMS; id++)
    if (given[id])
      ring_params_set_value (params, id, values[id]);

  return ring_params_validate_named (params, RING_PARAM_NAMING_KEY, error);
}

static RingScenario *
read_scenario (JsonNode  *node,
               GError   **error)
{
  JsonObject *object;
  JsonNode *member;
  const char *format;
  gint64 version;
  g_autofree char *name = NULL;
  RingParams params;

  if (!JSON_NODE_HOLDS_OBJECT (node))
    return fail (error, _("a scenario is not a JSON object")), NULL;
  object = json_node_get_object (node);

  member = json_object_get_member (object, "format");
  format = member != NULL && JSON_NODE_HOLDS_VALUE (member)
           && json_node_get_value_type (member) == G_TYPE_STRING
           ? json_node_get_string (member) : NULL;
  if (g_strcmp0 (format, RING_SCENARIO_FORMAT) != 0)
    return fail (error, _("it is not a Ring All-Reduce scenario (its “format” is not “%s”)"),
                 RING_SCENARIO_FORMAT), NULL;

  member = json_object_get_member (object, "version");
  if (member == NULL || !JSON_NODE_HOLDS_VALUE (member)
      || json_node_get_value_type (member) != G_TYPE_INT64)
    return fail (error, _("its “version” is missing or not a whole number")), NULL;
  version = json_node_get_int (member);
  if (version > RING_SCENARIO_VERSION)
    {
      g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_NEWER,
                   /* TRANSLATORS: %d are versions of the scenario format. */
                   _("a newer version of Ring All-Reduce wrote it (format version %d; "
                     "this version reads %d)"), (int) MIN (version, G_MAXINT),
                   RING_SCENARIO_VERSION);
      return NULL;
    }
  if (version < 1)
    return fail (error, _("its “version” is %d; versions start at 1"),
                 (int) MAX (version, G_MININT)), NULL;

  member = json_object_get_member (object, "name");
  if (member == NULL || !JSON_NODE_HOLDS_VALUE (member)
      || json_node_get_value_type (member) != G_TYPE_STRING)
    return fail (error, _("its “name” is missing or not text")), NULL;
  name = g_strstrip (g_strdup (json_node_get_string (member)));
  if (*name == '\0')
    return fail (error, _("its “name” is empty")), NULL;
  if (!ring_scenario_name_is_valid (name))
    /* TRANSLATORS: %d is a number of characters. */
    return fail (error, _("its “name” is not a name of at most %d characters without "
                          "control characters"), RING_SCENARIO_MAX_NAME), NULL;

  member = json_object_get_member (object, "parameters");
  if (member == NULL || !JSON_NODE_HOLDS_OBJECT (member))
    return fail (error, _("its “parameters” are missing or not an object")), NULL;
  if (!read_parameters (json_node_get_object (member), &params, error))
    return NULL;

  return ring_scenario_new (name, &params);
}

/* A scenario file is two levels deep, a list of them three; far more is no scenario. */
#define MAX_NESTING 64

/* What json-glib lets through and a scenario file must not hold, found before it parses:
 * nesting past MAX_NESTING (its parser recurses once a level), a key twice in one object
 * (it keeps the last without a word), a second document after the first, a NUL (raw or
 * \u0000, which cuts a name short), half a surrogate pair (\ud800, which it turns into
 * bytes that are not UTF-8) and whole numbers too large to read (which it reads as -1).
 * Each is refused naming its line; what is not JSON at all is left to json-glib. */
typedef struct
{
  const char *text;
  gsize       length;
  gsize       at;
  guint       line;
  const char *last_key;  /* the key whose value comes next, for a message */
} Scanner;

static gboolean G_GNUC_PRINTF (3, 4)
scan_fail (Scanner     *scanner,
           GError     **error,
           const char  *format,
           ...)
{
  g_autofree char *problem = NULL;
  va_list args;

  va_start (args, format);
  problem = g_strdup_vprintf (format, args);
  va_end (args);
  /* TRANSLATORS: a line number in a scenario file, then what is wrong there */
  g_set_error (error, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FORMAT, _("line %u: %s"),
               scanner->line, problem);

  return FALSE;
}

static guint
scan_hex4 (const char *p)
{
  guint value = 0;

  for (guint i = 0; i < 4; i++)
    {
      if (!g_ascii_isxdigit (p[i]))
        return G_MAXUINT;
      value = value * 16 + g_ascii_xdigit_value (p[i]);
    }

  return value;
}

/* A string from its opening quote; its text, escapes decoded, in @decoded. FALSE with
 * @error for a NUL or half a surrogate pair; an unterminated string ends the scan. */
static gboolean
scan_string (Scanner  *scanner,
             GString  *decoded,
             GError  **error)
{
  g_string_truncate (decoded, 0);
  for (scanner->at++; scanner->at < scanner->length; scanner->at++)
    {
      const char *p = scanner->text + scanner->at;
      guint unit, low;

      if (*p == '"')
        {
          scanner->at++;
          return TRUE;
        }
      if (*p == '\0')
        return scan_fail (scanner, error, _("a NUL byte inside a string"));
      if (*p != '\\')
        {
          g_string_append_c (decoded, *p);
          continue;
        }
      if (scanner->at + 1 >= scanner->length)
        break;
      scanner->at++;
      if (p[1] != 'u')
        {
          /* JSON has eight one-letter escapes; json-glib also reads C's octal ones
           * (\333), which make bytes that are not UTF-8. */
          if (strchr ("\"\\/bfnrt", p[1]) == NULL || p[1] == '\0')
            {
              g_autofree char *shown = ring_text_make_printable ((char[]) { p[1], '\0' });

              /* TRANSLATORS: %s is the character after a backslash in a scenario file. */
              return scan_fail (scanner, error, _("\\%s is not an escape JSON knows"),
                                shown);
            }
          g_string_append_c (decoded, p[1] == 'n' ? '\n' : p[1] == 't' ? '\t' : p[1]);
          continue;
        }
      unit = scanner->at + 5 <= scanner->length ? scan_hex4 (p + 2) : G_MAXUINT;
      if (unit == G_MAXUINT)
        return scan_fail (scanner, error, _("\\u is not followed by four hexadecimal "
                                            "digits"));
      scanner->at += 4;
      if (unit == 0)
        return scan_fail (scanner, error, _("a NUL character (\\u0000) inside a string"));
      if (unit >= 0xdc00 && unit <= 0xdfff)
        return scan_fail (scanner, error, _("\\u%04x is half a character (a surrogate "
                                            "without its pair)"), unit);
      if (unit >= 0xd800 && unit <= 0xdbff)
        {
          low = scanner->at + 7 <= scanner->length && p[6] == '\\' && p[7] == 'u'
                ? scan_hex4 (p + 8) : G_MAXUINT;
          if (low < 0xdc00 || low > 0xdfff)
            return scan_fail (scanner, error, _("\\u%04x is half a character (a surrogate "
                                                "without its pair)"), unit);
          scanner->at += 6;
          unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
        }
      g_string_append_unichar (decoded, unit);
    }

  scanner->at = scanner->length;
  return TRUE;
}

/* A number or a literal; a whole number past 64 bits is refused as written. */
static gboolean
scan_scalar (Scanner  *scanner,
             GError  **error)
{
  gsize start = scanner->at;
  gboolean whole = TRUE;
  g_autofree char *word = NULL;
  guint64 magnitude;
  const char *digits;
  char *end = NULL;

  while (scanner->at < scanner->length
         && strchr ("+-.0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
                    scanner->text[scanner->at]) != NULL
         && scanner->text[scanner->at] != '\0')
    {
      whole &= strchr (".eE", scanner->text[scanner->at]) == NULL;
      scanner->at++;
    }
  if (scanner->at == start)
    {
      scanner->at = scanner->length;  /* not JSON: json-glib says what */
      return TRUE;
    }

  word = g_strndup (scanner->text + start, scanner->at - start);
  digits = word[0] == '-' ? word + 1 : word;
  if (!g_ascii_isdigit (digits[0]) && !g_str_equal (word, "true")
      && !g_str_equal (word, "false") && !g_str_equal (word, "null"))
    {
      scanner->at = scanner->length;  /* not JSON: json-glib says what */
      return TRUE;
    }
  if (!whole || !g_ascii_isdigit (digits[0]))
    return TRUE;
  errno = 0;
  magnitude = g_ascii_strtoull (digits, &end, 10);
  if (errno == ERANGE || magnitude > (guint64) G_MAXINT64)
    {
      g_autofree char *shown = ring_text_make_printable (word);

      if (scanner->last_key != NULL)
        /* TRANSLATORS: a name in a scenario file, then the number written there */
        return scan_fail (scanner, error, _("“%s” is %s, a number too large to read"),
                          scanner->last_key, shown);
      return scan_fail (scanner, error, _("%s is a number too large to read"), shown);
    }

  return TRUE;
}

static void
free_keys (gpointer keys)
{
  if (keys != NULL)
    g_hash_table_unref (keys);
}

static gboolean
check_strict_json (const char  *text,
                   gsize        length,
                   GError     **error)
{
  /* Per open container: an object's keys, or NULL for an array. */
  g_autoptr(GPtrArray) objects = g_ptr_array_new_with_free_func (free_keys);
  g_autoptr(GString) decoded = g_string_new (NULL);
  g_autofree char *key = NULL;
  Scanner scanner = { text, length, 0, 1, NULL };
  gboolean expect_key = FALSE, done = FALSE;

  while (scanner.at < length)
    {
      char c = text[scanner.at];
      GHashTable *keys = objects->len > 0 ? g_ptr_array_index (objects, objects->len - 1)
                                          : NULL;

      if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
        {
          scanner.line += c == '\n';
          scanner.at++;
          continue;
        }
      if (c == '\0')
        return scan_fail (&scanner, error, _("a NUL byte"));
      if (done)
        return scan_fail (&scanner, error, _("more text after the end of the JSON value: "
                                             "a file holds one (a list for several "
                                             "scenarios)"));

      if (c == '"' && expect_key && keys != NULL)
        {
          if (!scan_string (&scanner, decoded, error))
            return FALSE;
          if (g_hash_table_contains (keys, decoded->str))
            {
              g_autofree char *shown = ring_text_make_printable (decoded->str);

              /* TRANSLATORS: a name in a scenario file */
              return scan_fail (&scanner, error, _("“%s” appears twice in one object"), shown);
            }
          g_hash_table_add (keys, g_strdup (decoded->str));
          g_free (key);
          key = ring_text_make_printable (decoded->str);
          scanner.last_key = key;
          expect_key = FALSE;
          continue;
        }
      if (c == '{' || c == '[')
        {
          if (objects->len >= MAX_NESTING)
            /* TRANSLATORS: %d is a number of levels. */
            return fail (error, _("it nests deeper than %d levels"), MAX_NESTING);
          g_ptr_array_add (objects, c == '{' ? g_hash_table_new_full (g_str_hash, g_str_equal,
                                                                      g_free, NULL)
                                             : NULL);
          expect_key = c == '{';
          scanner.at++;
          continue;
        }
      if (c == '}' || c == ']')
        {
          if (objects->len == 0)
            return TRUE;  /* not JSON: json-glib says what */
          g_ptr_array_remove_index (objects, objects->len - 1);
          done = objects->len == 0;
          expect_key = FALSE;
          scanner.at++;
          continue;
        }
      if (c == ',')
        {
          expect_key = keys != NULL;
          scanner.at++;
          continue;
        }
      if (c == ':')
        {
          scanner.at++;
          continue;
        }
      if (c == '"')
        {
          if (!scan_string (&scanner, decoded, error))
            return FALSE;
        }
      else if (!scan_scalar (&scanner, error))
        return FALSE;
      done = objects->len == 0;
    }

  return TRUE;
}

GPtrArray *
ring_scenario_file_parse (const char  *text,
                          gssize       length,
                          GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GPtrArray) scenarios = NULL;
  g_autoptr(GError) json_error = NULL;
  JsonNode *root;

  g_return_val_if_fail (text != NULL, NULL);

  if (length < 0)
    length = strlen (text);
  if (length == 0)
    return fail (error, _("it is empty")), NULL;
  if (!check_strict_json (text, length, error))
    return NULL;
  if (!g_utf8_validate_len (text, length, NULL))
    return fail (error, _("it is not text (not UTF-8)")), NULL;
  if (!json_parser_load_from_data (parser, text, length, &json_error))
    {
      /* json-glib quotes what it could not read, which may be anything. */
      g_autofree char *problem = ring_text_make_printable (json_error->message);

      return fail (error, _("it is not JSON: %s"), problem), NULL;
    }

  root = json_parser_get_root (parser);
  scenarios = g_ptr_array_new_with_free_func ((GDestroyNotify) ring_scenario_free);
  if (root != NULL && JSON_NODE_HOLDS_ARRAY (root))
    {
      JsonArray *array = json_node_get_array (root);
      guint n = json_array_get_length (array);

      if (n == 0)
        return fail (error, _("it holds no scenario")), NULL;
      for (guint i = 0; i < n; i++)
        {
          g_autoptr(GError) item_error = NULL;
          RingScenario *scenario = read_scenario (json_array_get_element (array, i),
                                                  &item_error);

          if (scenario == NULL)
            {
              /* TRANSLATORS: %u counts the scenarios in a file from 1; %s is the problem. */
              g_set_error (error, item_error->domain, item_error->code,
                           _("scenario %u: %s"), i + 1, item_error->message);
              return NULL;
            }
          g_ptr_array_add (scenarios, scenario);
        }
    }
  else
    {
      RingScenario *scenario = root != NULL ? read_scenario (root, error)
                                            : (fail (error, _("it is empty")), NULL);

      if (scenario == NULL)
        return NULL;
      g_ptr_array_add (scenarios, scenario);
    }

  return g_steal_pointer (&scenarios);
}

static gboolean
name_error (GError       **error,
            GFile         *file,
            const GError  *problem)
{
  g_autofree char *parse_name = g_file_get_parse_name (file);
  g_autofree char *name = ring_text_make_printable (parse_name);

  g_set_error (error, problem->domain, problem->code,
               /* TRANSLATORS: the first %s is a file, the second what is wrong with it. */
               _("Cannot open the scenario file “%s”: %s"), name, problem->message);

  return FALSE;
}

GPtrArray *
ring_scenario_file_load (GFile         *file,
                         GCancellable  *cancellable,
                         GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) problem = NULL;
  g_autofree char *buffer = NULL;
  gsize length = 0;
  GPtrArray *scenarios;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  /* Only a regular file: a FIFO would block, a directory has no text. */
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_TYPE, G_FILE_QUERY_INFO_NONE,
                            cancellable, &problem);
  if (info != NULL && g_file_info_get_file_type (info) != G_FILE_TYPE_REGULAR)
    {
      g_set_error_literal (&problem, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           _("it is not a regular file"));
      return name_error (error, file, problem), NULL;
    }
  if (info == NULL && g_error_matches (problem, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
    {
      g_clear_error (&problem);
      g_set_error_literal (&problem, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           _("there is no such file"));
    }
  if (info != NULL)
    stream = g_file_read (file, cancellable, &problem);
  if (stream == NULL)
    return name_error (error, file, problem), NULL;

  buffer = g_malloc (MAX_FILE_BYTES + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, MAX_FILE_BYTES + 1, &length,
                                cancellable, &problem))
    return name_error (error, file, problem), NULL;
  if (length > MAX_FILE_BYTES)
    {
      g_set_error_literal (&problem, RING_SCENARIO_ERROR, RING_SCENARIO_ERROR_FORMAT,
                           _("it is larger than 1 MiB, too large for a scenario file"));
      return name_error (error, file, problem), NULL;
    }

  scenarios = ring_scenario_file_parse (buffer, length, &problem);
  if (scenarios == NULL)
    return name_error (error, file, problem), NULL;

  return scenarios;
}

gboolean
ring_scenario_file_save (GFile                *file,
                         RingScenario * const *scenarios,
                         guint                 n_scenarios,
                         GCancellable         *cancellable,
                         GError              **error)
{
  g_autoptr(RingFileWriter) writer = NULL;
  g_autofree char *json = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (n_scenarios > 0, FALSE);

  json = ring_scenario_file_to_json (scenarios, n_scenarios);
  writer = ring_file_writer_new (file, cancellable, error);
  if (writer == NULL)
    return FALSE;
  ring_file_writer_write (writer, json, strlen (json));

  return ring_file_writer_commit (writer, error);
}
