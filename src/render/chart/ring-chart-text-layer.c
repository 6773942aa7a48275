/* ring-chart-text-layer.c: a chart's strings kept as text for an SVG file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "ring-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "ring-chart-text-layer.h"

struct _RingTextLayer
{
  GString *elements;
  guint    n_strings;
};

static const cairo_user_data_key_t layer_key;

RingTextLayer *
ring_text_layer_new (void)
{
  RingTextLayer *layer = g_new0 (RingTextLayer, 1);

  layer->elements = g_string_new (NULL);
  return layer;
}

void
ring_text_layer_free (RingTextLayer *layer)
{
  if (layer == NULL)
    return;

  g_string_free (layer->elements, TRUE);
  g_free (layer);
}

void
ring_text_layer_attach (RingTextLayer   *layer,
                        cairo_surface_t *surface)
{
  g_return_if_fail (surface != NULL);

  cairo_surface_set_user_data (surface, &layer_key, layer, NULL);
}

RingTextLayer *
ring_text_layer_get (cairo_t *cr)
{
  return cairo_surface_get_user_data (cairo_get_target (cr), &layer_key);
}

/* A coordinate as SVG reads it: '.' whatever the locale, to a hundredth of a unit. */
static void
append_number (GString *string,
               double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (fabs (value) < 0.005)
    value = 0;
  g_string_append (string, g_ascii_formatd (buffer, sizeof buffer, "%.2f", value));
}

void
ring_text_layer_add (RingTextLayer *layer,
                     double         x,
                     double         y,
                     double         angle_deg,
                     const char    *family,
                     double         size,
                     gboolean       bold,
                     double         red,
                     double         green,
                     double         blue,
                     double         anchor,
                     const char    *text)
{
  g_autofree char *escaped = NULL;
  g_autofree char *family_escaped = NULL;
  GString *e;

  g_return_if_fail (layer != NULL);
  g_return_if_fail (text != NULL);

  e = layer->elements;
  escaped = g_markup_escape_text (text, -1);
  family_escaped = g_markup_escape_text (family != NULL ? family : "sans-serif", -1);

  g_string_append (e, "<text x=\"");
  append_number (e, x);
  g_string_append (e, "\" y=\"");
  append_number (e, y);
  g_string_append_printf (e, "\" font-family=\"%s, sans-serif\" font-size=\"", family_escaped);
  append_number (e, size);
  g_string_append_c (e, '"');
  if (bold)
    g_string_append (e, " font-weight=\"bold\"");
  g_string_append_printf (e, " fill=\"#%02x%02x%02x\"", (int) lround (CLAMP (red, 0, 1) * 255),
                          (int) lround (CLAMP (green, 0, 1) * 255),
                          (int) lround (CLAMP (blue, 0, 1) * 255));
  if (anchor > 0.75)
    g_string_append (e, " text-anchor=\"end\"");
  else if (anchor > 0.25)
    g_string_append (e, " text-anchor=\"middle\"");
  if (fabs (angle_deg) > 0.01)
    {
      g_string_append (e, " transform=\"rotate(");
      append_number (e, angle_deg);
      g_string_append_c (e, ' ');
      append_number (e, x);
      g_string_append_c (e, ' ');
      append_number (e, y);
      g_string_append (e, ")\"");
    }
  g_string_append_printf (e, ">%s</text>\n", escaped);
  layer->n_strings++;
}

GString *
ring_text_layer_splice (RingTextLayer *layer,
                        const char    *svg,
                        gsize          length)
{
  static const char closing[] = "</svg>";
  GString *result = g_string_sized_new (length + layer->elements->len + 64);
  gsize at = length;

  g_return_val_if_fail (layer != NULL, result);

  /* The last closing tag: cairo writes one root element. */
  for (gsize i = length >= strlen (closing) ? length - strlen (closing) + 1 : 0; i-- > 0;)
    if (memcmp (svg + i, closing, strlen (closing)) == 0)
      {
        at = i;
        break;
      }

  g_string_append_len (result, svg, at);
  if (layer->n_strings > 0)
    {
      g_string_append (result, "<g id=\"text\" xml:space=\"preserve\">\n");
      g_string_append_len (result, layer->elements->str, layer->elements->len);
      g_string_append (result, "</g>\n");
    }
  g_string_append_len (result, svg + at, length - at);

  return result;
}
