/* ring-parameter-spec.h: what each parameter's control looks like (its group, title,
 * tooltip, slider scale and typed format), and the conversions between the model's values,
 * the slider and the typed field. Internal to the parameter panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ring-params.h"

G_BEGIN_DECLS

typedef enum
{
  CONTROL_SLIDER,       /* a typed field over a slider */
  CONTROL_CHOICE,       /* a drop-down of the model's choices */
  CONTROL_PRECISION,    /* fp32 | bf16 | fp8 */
} ControlKind;

/* How a parameter's slider maps to its value; the typed field is always linear. */
typedef enum
{
  SCALE_LOG2_SNAP,      /* one notch per power of two */
  SCALE_LOG10,
  SCALE_LOG10_PLUS_ONE, /* log10 (1 + v): a log scale that still reaches 0 */
  SCALE_PERCENT,        /* a fraction shown as 0 … 100 % */
  SCALE_LINEAR_SNAP,    /* one notch per whole number */
  SCALE_NIC_SPEEDS,     /* one notch per line rate in nic_speeds[] */
} ScaleKind;

/* How the typed field shows and reads its value. */
typedef enum
{
  FORMAT_PLAIN,         /* a number and its unit */
  FORMAT_COUNT,         /* 7 B, 1.5 T */
  FORMAT_NIC_SPEED,     /* 400 Gb/s; reads 400, 400G, 400Gb/s and 50GB/s */
  FORMAT_MESSAGE_SIZE,  /* 1 MiB; reads 1MiB, 4GB, 1048576 */
} FormatKind;

typedef struct
{
  RingParamId  id;
  const char  *group;    /* template child the row goes into */
  ControlKind  control;  /* titled as the row's title (ring_param_get_title()) */
  const char  *tooltip;
  ScaleKind    scale;
  FormatKind   format;
  const char  *unit;
  guint        digits;
  double       step;
  double       slider_minimum;  /* both 0: the parameter's range */
  double       slider_maximum;
  /* The typed field's lowest value and the one it starts from, where they are not the
   * row's (0: the row's minimum and default). */
  double       field_minimum;
  double       field_default;
} ParameterSpec;

/* The precision buttons, fp32 first. */
typedef struct
{
  const char *label;
  const char *tooltip;
  guint       bytes;
} RingPrecision;

#define RING_N_PRECISIONS 3

extern const RingPrecision ring_precisions[RING_N_PRECISIONS];

/* The rows, group by group, in the order they show. */
const ParameterSpec *_ring_parameter_specs_get            (guint               *n_specs);
/* The typed field's range and starting value. */
void                 _ring_parameter_spec_field_range     (const ParameterSpec *spec,
                                                           double              *minimum,
                                                           double              *maximum,
                                                           double              *start);
double               _ring_parameter_spec_nic_position    (double               gbit);
double               _ring_parameter_spec_to_slider       (ScaleKind            kind,
                                                           double               value);
double               _ring_parameter_spec_from_slider     (ScaleKind            kind,
                                                           double               position);
gboolean             _ring_parameter_spec_snaps           (ScaleKind            kind);
void                 _ring_parameter_spec_slider_range    (const ParameterSpec *spec,
                                                           double              *minimum,
                                                           double              *maximum);
char                *_ring_parameter_spec_format_plain    (double               value,
                                                           guint                digits,
                                                           const char          *unit);
/* A slider row as the keyboard and assistive technologies see it: named @title, one Tab
 * stop (its typed field); the row and its slider (@scale, or NULL) take no focus, and the
 * slider follows the field. */
void                 _ring_parameter_spec_make_one_tab_stop (GtkWidget           *row,
                                                             GtkWidget           *scale,
                                                             const char          *title);
/* The text @spec's field shows for @value (in the field's units: percent for a fraction). */
char                *_ring_parameter_spec_format          (const ParameterSpec *spec,
                                                           double               value);
/* A uint or double GValue as a double, and back (rounded for a uint). */
double               _ring_parameter_spec_value_get       (const GValue        *value);
void                 _ring_parameter_spec_value_set       (GValue              *value,
                                                           double               number);
/* What @typed means in @spec's field; FALSE if it is not a value the field accepts. */
gboolean             _ring_parameter_spec_parse           (const ParameterSpec *spec,
                                                           const char          *typed,
                                                           double              *value);
/* GtkSpinButton::output and ::input for a field of @spec's format. */
gboolean             _ring_parameter_panel_spin_output_cb (GtkSpinButton       *spin,
                                                           const ParameterSpec *spec);
int                  _ring_parameter_panel_spin_input_cb  (GtkSpinButton       *spin,
                                                           double              *new_value,
                                                           const ParameterSpec *spec);
/* GtkEditable::changed: the field marked as an error, with what it takes, while its text
 * is not a value. */
void                 _ring_parameter_panel_spin_changed_cb (GtkSpinButton       *spin,
                                                            const ParameterSpec *spec);

G_END_DECLS
