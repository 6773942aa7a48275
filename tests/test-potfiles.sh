#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# po/POTFILES.in lists every source file with translatable strings, and nothing else:
# a file missing from it is never translated, a file listed that is gone breaks xgettext.
#
# Usage: test-potfiles.sh SOURCE_ROOT
# Prints TAP.

set -u

top=${1:?usage: test-potfiles.sh SOURCE_ROOT}
potfiles="$top/po/POTFILES.in"
. "$(dirname "$0")/tap.sh"

if [ ! -f "$potfiles" ]; then
  echo "1..1"
  echo "not ok 1 - po/POTFILES.in exists"
  exit 1
fi

# The listed files, without comments and blank lines.
listed=$(sed -e 's/#.*//' -e 's/[[:space:]]*$//' -e '/^$/d' "$potfiles")

# A string literal marked for gettext in C (GNU style allows a space before the
# parenthesis; C_ and NC_ start with a context literal), or a translatable property in a
# GtkBuilder file. A call on a variable, like _(info->label), only looks up a string that
# an N_() elsewhere marked, and "_()" in a comment marks nothing: neither counts.
marker='(^|[^A-Za-z0-9_])(_|N_|C_|NC_|Q_|ngettext)[[:space:]]*\([[:space:]]*"|translatable="(yes|true|1)"'

# Every listed file exists.
for file in $listed; do
  if [ -f "$top/$file" ]; then
    ok "listed file $file exists"
  else
    not_ok "listed file $file exists"
    echo "po/POTFILES.in lists $file, which is not in the tree" >&2
  fi
done

# Every source file with translatable strings is listed.
found=$(cd "$top" && find src -type f \( -name '*.c' -o -name '*.h' -o -name '*.ui' \) \
          | LC_ALL=C sort)
for file in $found; do
  if grep -Eq "$marker" "$top/$file"; then
    if printf '%s\n' "$listed" | grep -Fqx "$file"; then
      ok "$file is in po/POTFILES.in"
    else
      not_ok "$file is in po/POTFILES.in"
      echo "$file has translatable strings but is not in po/POTFILES.in, e.g.:" >&2
      grep -En "$marker" "$top/$file" | head -n 3 | sed 's/^/  /' >&2
    fi
  fi
done

tap_done
