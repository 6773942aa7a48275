#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# Installs the build tree into a temporary DESTDIR, as a distribution package or Flatpak
# would, and checks that everything the desktop needs lands where it looks for it.
#
# Usage: test-install.sh BUILD_ROOT SOURCE_ROOT APP_ID BINDIR DATADIR LOCALEDIR LIBEXECDIR
#        PKGLIBDIR
# (the last five are absolute install paths, prefix included). Prints TAP.

set -u

build_root=${1:?usage: test-install.sh BUILD_ROOT SOURCE_ROOT APP_ID BINDIR DATADIR LOCALEDIR LIBEXECDIR PKGLIBDIR}
source_root=$2
app_id=$3
bindir=$4
datadir=$5
localedir=$6
libexecdir=$7
pkglibdir=$8

work=$(mktemp -d "${TMPDIR:-/tmp}/ring-install-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT
trap 'exit 1' INT TERM
destdir=$work/root
log=$work/install.log

. "$(dirname "$0")/tap.sh"

if ! meson install -C "$build_root" --destdir "$destdir" --no-rebuild --quiet >"$log" 2>&1
then
  cat "$log" >&2
  echo "not ok 1 - meson install --destdir"
  echo "1..1"
  exit 1
fi
check "meson install --destdir" true

root=$destdir
check "the executable is installed" test -x "$root$bindir/ring-allreduce"
# ring-allreduce looks for its window program in LIBEXECDIR (config.h) once installed.
check "the window program is installed in libexecdir" \
  test -x "$root$libexecdir/ring-allreduce-window"
check "the window program is not on the PATH" test ! -e "$root$bindir/ring-allreduce-window"
# And its export module in PKGLIBDIR (config.h), which it loads for an export.
check "the export module is installed in the package's libdir" \
  test -f "$root$pkglibdir/ring-allreduce-export.so"
check "the export module is not beside the executable" \
  test ! -e "$root$bindir/ring-allreduce-export.so"
# And the reference library of published runs in DATADIR/ring-allreduce (config.h), the
# validation set as the source tree holds it.
check "the reference library is installed, unchanged" \
  cmp -s "$source_root/tests/data/nccl-validation.tsv" "$root$datadir/ring-allreduce/nccl-validation.tsv"
check "the other collectives' published runs are installed beside it, unchanged" \
  cmp -s "$source_root/tests/data/nccl-validation-collectives.tsv" \
    "$root$datadir/ring-allreduce/nccl-validation-collectives.tsv"
check "the desktop entry is installed" test -f "$root$datadir/applications/$app_id.desktop"
check "the metainfo is installed" test -f "$root$datadir/metainfo/$app_id.metainfo.xml"
check "the app icon is installed" \
  test -f "$root$datadir/icons/hicolor/scalable/apps/$app_id.svg"
check "the symbolic icon is installed" \
  test -f "$root$datadir/icons/hicolor/symbolic/apps/$app_id-symbolic.svg"
check "the GSettings schema is installed" \
  test -f "$root$datadir/glib-2.0/schemas/$app_id.gschema.xml"
check "the installed schemas compile" \
  glib-compile-schemas --strict --dry-run "$root$datadir/glib-2.0/schemas"
check "the desktop entry names the installed icon" \
  grep -qx "Icon=$app_id" "$root$datadir/applications/$app_id.desktop"
check "the metainfo launches the installed desktop entry" \
  grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" \
  "$root$datadir/metainfo/$app_id.metainfo.xml"

# Where help:APP_ID finds the user help (Yelp looks in DATADIR/help/LANG/APP_ID).
check "the user help is installed" test -f "$root$datadir/help/C/$app_id/index.page"
check "the help's glossary is installed" test -f "$root$datadir/help/C/$app_id/glossary.page"
check "the German help is installed" \
  grep -q "<title>Glossar</title>" "$root$datadir/help/de/$app_id/glossary.page"

check "the German translation is installed" \
  test -f "$root$localedir/de/LC_MESSAGES/ring-allreduce.mo"
check "the desktop entry carries the German comment" \
  grep -q '^Comment\[de\]=' "$root$datadir/applications/$app_id.desktop"
# And every other language po/LINGUAS lists.
for lang in $(sed 's/#.*//' "$source_root/po/LINGUAS"); do
  [ "$lang" = de ] && continue
  check "the $lang translation is installed" \
    test -f "$root$localedir/$lang/LC_MESSAGES/ring-allreduce.mo"
done

tap_done
