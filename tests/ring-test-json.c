/* ring-test-json.c: a strict JSON reader (RFC 8259) for the tests of what the programs
 * write: it accepts exactly the grammar, with none of json-glib's leniency.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-test"

#include "config.h"

#include <string.h>

#include "ring-test-json.h"

/* A strict JSON reader (RFC 8259), with none of json-glib's leniency: it accepts exactly
 * the grammar, and keeps the top-level object's members as their raw text. */

typedef struct
{
  const char *text;
  const char *at;
  char       *problem;
} Reader;

static gboolean
fail (Reader     *reader,
      const char *what)
{
  if (reader->problem == NULL)
    reader->problem = g_strdup_printf ("%s at offset %td: “%.20s”", what,
                                       reader->at - reader->text, reader->at);
  return FALSE;
}

static void
skip_space (Reader *reader)
{
  while (*reader->at == ' ' || *reader->at == '\t' || *reader->at == '\n'
         || *reader->at == '\r')
    reader->at++;
}

static gboolean
read_digits (Reader *reader)
{
  if (!g_ascii_isdigit (*reader->at))
    return fail (reader, "a digit expected");
  while (g_ascii_isdigit (*reader->at))
    reader->at++;
  return TRUE;
}

/* number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT ) */
static gboolean
read_number (Reader *reader)
{
  if (*reader->at == '-')
    reader->at++;
  if (*reader->at == '0')
    reader->at++;
  else if (*reader->at >= '1' && *reader->at <= '9')
    read_digits (reader);
  else
    return fail (reader, "a number expected");

  if (*reader->at == '.')
    {
      reader->at++;
      if (!read_digits (reader))
        return FALSE;
    }

  if (*reader->at == 'e' || *reader->at == 'E')
    {
      reader->at++;
      if (*reader->at == '+' || *reader->at == '-')
        reader->at++;
      if (!read_digits (reader))
        return FALSE;
    }

  return TRUE;
}

static gboolean
read_string (Reader  *reader,
             GString *value)
{
  if (*reader->at != '"')
    return fail (reader, "a string expected");
  reader->at++;

  while (*reader->at != '"')
    {
      guchar c = *reader->at;

      if (c == '\0' || c < 0x20)
        return fail (reader, "an unescaped control character or the end in a string");
      if (c == '\\')
        {
          reader->at++;
          if (*reader->at == 'u')
            {
              for (int i = 1; i <= 4; i++)
                if (!g_ascii_isxdigit (reader->at[i]))
                  return fail (reader, "a bad \\u escape");
              reader->at += 5;
              g_string_append_c (value, '?');
              continue;
            }
          if (strchr ("\"\\/bfnrt", *reader->at) == NULL || *reader->at == '\0')
            return fail (reader, "a bad escape");
        }
      g_string_append_c (value, *reader->at);
      reader->at++;
    }
  reader->at++;

  if (!g_utf8_validate (value->str, value->len, NULL))
    return fail (reader, "invalid UTF-8 in a string");

  return TRUE;
}

static gboolean read_value (Reader *reader, GString *raw);

static gboolean
read_literal (Reader     *reader,
              const char *literal)
{
  if (!g_str_has_prefix (reader->at, literal))
    return fail (reader, "an unknown literal");
  reader->at += strlen (literal);
  return TRUE;
}

/* An object (with @is_object) or an array, from its opening bracket; an object's members
 * go into @members when it is given, each as its value's raw text. */
static gboolean
read_container (Reader     *reader,
                gboolean    is_object,
                GHashTable *members)
{
  char close = is_object ? '}' : ']';

  reader->at++;
  skip_space (reader);
  if (*reader->at == close)
    {
      reader->at++;
      return TRUE;
    }

  for (;;)
    {
      g_autoptr(GString) key = g_string_new (NULL);
      g_autoptr(GString) raw = g_string_new (NULL);

      skip_space (reader);
      if (is_object)
        {
          if (!read_string (reader, key))
            return FALSE;
          skip_space (reader);
          if (*reader->at != ':')
            return fail (reader, "':' expected");
          reader->at++;
        }
      if (!read_value (reader, raw))
        return FALSE;
      if (members != NULL
          && !g_hash_table_insert (members, g_string_free (g_steal_pointer (&key), FALSE),
                                   g_string_free (g_steal_pointer (&raw), FALSE)))
        return fail (reader, "a repeated key");
      if (*reader->at == ',')
        {
          reader->at++;
          continue;
        }
      if (*reader->at == close)
        {
          reader->at++;
          return TRUE;
        }
      return fail (reader, "',' or the end of a container expected");
    }
}

/* Reads one value and its surrounding space; its raw text goes into @raw. */
static gboolean
read_value (Reader  *reader,
            GString *raw)
{
  const char *start;
  gboolean ok;

  skip_space (reader);
  start = reader->at;
  switch (*reader->at)
    {
    case '{':
      ok = read_container (reader, TRUE, NULL);
      break;
    case '[':
      ok = read_container (reader, FALSE, NULL);
      break;
    case '"':
      {
        g_autoptr(GString) value = g_string_new (NULL);

        ok = read_string (reader, value);
        break;
      }
    case 't':
      ok = read_literal (reader, "true");
      break;
    case 'f':
      ok = read_literal (reader, "false");
      break;
    case 'n':
      ok = read_literal (reader, "null");
      break;
    default:
      ok = read_number (reader);
      break;
    }

  if (ok && raw != NULL)
    g_string_append_len (raw, start, reader->at - start);
  skip_space (reader);

  return ok;
}

/* The members of the one object @json holds, each as its value's raw text; NULL, with
 * @problem set, when @json is not exactly one valid JSON object. */
GHashTable *
ring_test_json_parse_strictly (const char  *json,
                               char       **problem)
{
  g_autoptr(GHashTable) members = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                         g_free, g_free);
  Reader reader = { json, json, NULL };

  skip_space (&reader);
  if (*reader.at != '{')
    fail (&reader, "an object expected");
  else if (read_container (&reader, TRUE, members))
    {
      skip_space (&reader);
      if (*reader.at != '\0')
        fail (&reader, "the end of the text expected");
    }

  if (reader.problem != NULL)
    {
      *problem = reader.problem;
      return NULL;
    }

  return g_steal_pointer (&members);
}

JsonObject *
ring_test_parse_report (const char *json)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_data (parser, json, -1, &error);
  g_assert_no_error (error);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));

  return json_object_ref (json_node_get_object (root));
}
