#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# ring-allreduce answers --report and --export without GTK or libadwaita (78 libraries and
# some 20 ms before main): it must not name them as NEEDED, nor load them, even through
# PLplot's driver, which it opens at run time. And it answers --report, --version and the
# lists with GLib and the model alone: what draws (cairo, Pango, PLplot, fontconfig) and
# json-glib come with the export module, loaded for an export only.
#
# Usage: test-headless-libs.sh RING_ALLREDUCE
# Prints TAP.

set -u

bin=${1:?usage: test-headless-libs.sh RING_ALLREDUCE}
unwanted='libgtk-4|libadwaita-1|libgdk'
drawing='libcairo|libpango|libplplot|libfontconfig|libjson-glib|libgio-2|ring-allreduce-export'
. "$(dirname "$0")/tap.sh"

lacks () {
  # lacks PATTERN FILE: FILE names none of the libraries PATTERN matches
  if grep -Eq "$1" "$2"; then
    grep -E "$1" "$2" | sed 's/^/  /' | head -n 5 >&2
    return 1
  fi
  return 0
}

lacks_unwanted () {
  lacks "$unwanted" "$1"
}

work=$(mktemp -d "${TMPDIR:-/tmp}/ring-headless-XXXXXX") || exit 1
trap 'rm -rf "$work"' EXIT

if command -v readelf >/dev/null 2>&1; then
  readelf -d "$bin" | grep NEEDED >"$work/needed"
  check "readelf: nothing of GTK is NEEDED" lacks_unwanted "$work/needed"
  check "readelf: it needs GLib (the listing worked)" grep -q libglib "$work/needed"
else
  echo "readelf is missing: install the Debian package binutils" >&2
  check "readelf is installed" false
fi

ldd "$bin" >"$work/ldd" 2>&1
check "ldd: nothing of GTK is loaded at start-up" lacks_unwanted "$work/ldd"
check "ldd: nothing that draws is loaded at start-up" lacks "$drawing" "$work/ldd"

# What the dynamic loader really opens, dlopen() included.
env -u DISPLAY -u WAYLAND_DISPLAY LD_DEBUG=libs "$bin" --report=json \
  >/dev/null 2>"$work/report"
check "--report=json opens nothing of GTK" lacks_unwanted "$work/report"
check "--report=json opens nothing that draws, nor the export module" \
  lacks "$drawing" "$work/report"
check "--report=json loaded GLib (the listing worked)" grep -q libglib "$work/report"
env -u DISPLAY -u WAYLAND_DISPLAY LD_DEBUG=libs "$bin" --preset list \
  >/dev/null 2>"$work/list"
check "--preset list opens nothing that draws" lacks "$drawing" "$work/list"
env -u DISPLAY -u WAYLAND_DISPLAY LD_DEBUG=libs "$bin" --export "$work/chart.png" \
  >/dev/null 2>"$work/export"
check "--export opens nothing of GTK" lacks_unwanted "$work/export"
check "--export wrote its chart" test -s "$work/chart.png"
check "--export loaded the export module" grep -q 'ring-allreduce-export' "$work/export"

tap_done
