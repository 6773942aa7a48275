/* ring-help.h: the user help (the Mallard pages in help/): where it is, opening it, and the glossary's
 * terms as the window names them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* One entry of help/C/glossary.page: the id of its section, and the English words the
 * window uses for it (a row's or card's whole title, a choice, an abbreviation). */
typedef struct
{
  const char         *id;
  const char * const *phrases;   /* NULL-terminated */
} RingGlossaryTerm;

const RingGlossaryTerm *ring_glossary_get_terms  (guint       *n_terms);
/* The glossary's groups, the sections that hold the terms ("cluster", …). */
const char * const     *ring_glossary_get_groups (void);

/* The URI that shows @target, "index", a page ("glossary") or a page's section
 * ("glossary#nvls"). Installed, help:APP_ID[/PAGE][#SECTION], where Yelp looks in
 * DATADIR/help/LANG/APP_ID; with $RING_ALLREDUCE_HELPDIR set to a help/ folder (a build
 * tree's run, the tests), ghelp:/ABSOLUTE/help/LANG?PAGE#SECTION, its pages in the
 * language of the user's if it has them, else in C. */
char *ring_help_get_uri (const char *target);

/* Opens @target with the help browser; a failure is said in a toast of @window, a
 * RingWindow. */
void  ring_help_show    (GtkWindow  *window,
                         const char *target);

G_END_DECLS
