#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
#
# tests/test-flatpak.sh SRC BUILD: the Flatpak built from flatpak/, installed and run.
#
# GNOME's runtime cannot be downloaded here, so build-aux/flatpak-runtime makes a stand-in
# Platform and Sdk from Debian 12 packages (cached in $XDG_CACHE_HOME/ring-allreduce-flatpak,
# keyed by its package lists and itself). build-aux/flatpak-offline-manifest copies the
# manifests changing only the runtime's ids and the sources: PLplot from Debian's orig
# tarball of 5.15.0, the Devel app from SRC, the release app from SRC's git HEAD.
# flatpak-builder builds and installs both into the cache's private installation (its own
# cache keeps PLplot between runs). Then, in the sandbox: --version, the strict JSON report
# with the seed's figures, every export format into a folder the sandbox is given, a write
# to a folder it is not given (the host's file checked), German, the window on Xvfb with a
# session bus compared with BUILD's window, the desktop file's Exec line, and Ctrl+E
# through the file-chooser and document portals.
#
# Skips (77) when not root or when the Debian archive cannot be reached and the cache
# is not complete, and with RING_SKIP_FLATPAK=1; under CI=true each of those fails.
set -euo pipefail

src=$(cd "$1" && pwd)
build=$(cd "$2" && pwd)
base_id=io.github.ringallreduce.RingAllReduce
plplot_tarball=plplot_5.15.0+dfsg2.orig.tar.xz
plplot_sha256=dfc483c009fa905773abfda860f775c74756a0ba54231cbce08dd9bb24b0f0fd
t0=$(date +%s)

step () { printf '\n# [%4ss] %s\n' "$(( $(date +%s) - t0 ))" "$*"; }
pass () { printf 'ok - %s\n' "$*"; }
fail () { printf 'not ok - %s\n' "$*"; exit 1; }

not_here () {
  if [ "${CI:-}" = true ]; then
    echo "CI=true and the Flatpak suite cannot run: $*" >&2
    exit 1
  fi
  echo "SKIP: $*"
  exit 77
}

[ "${RING_SKIP_FLATPAK:-}" = 1 ] && not_here "RING_SKIP_FLATPAK=1"
[ "$(id -u)" -eq 0 ] || not_here "needs root (mmdebstrap, bwrap into the runtime's trees)"

# What this needs on the host; build-aux/dev installs the packages.
for tool in flatpak:flatpak flatpak-builder:flatpak-builder mmdebstrap:mmdebstrap \
            bwrap:bubblewrap ostree:ostree Xvfb:xvfb dbus-run-session:dbus-bin \
            xdotool:xdotool import:imagemagick compare:imagemagick pdftotext:poppler-utils \
            curl:curl python3:python3 git:git flock:util-linux; do
  command -v "${tool%%:*}" >/dev/null \
    || fail "${tool%%:*} is missing: install the Debian package ${tool#*:}"
done

cache=${XDG_CACHE_HOME:-$HOME/.cache}/ring-allreduce-flatpak
mkdir -p "$cache/sources"
# One run at a time (two worktrees share the cache, and the document portal's mount).
exec 9>"$cache/lock"
flock 9

mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/*.sources 2>/dev/null \
         | grep -v security | head -n 1 || true)
[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" && $2 !~ /^\[/ { print $2; exit }' \
                             /etc/apt/sources.list 2>/dev/null || true)
export RING_DEBIAN_MIRROR=$mirror
if ! ls "$cache"/runtime-*/complete >/dev/null 2>&1 || [ ! -f "$cache/sources/$plplot_tarball" ]; then
  [ -n "$mirror" ] || not_here "apt has no Debian archive configured"
  curl -sSfI --max-time 20 "$mirror/dists/bookworm/Release" >/dev/null 2>&1 \
    || not_here "the Debian archive $mirror cannot be reached"
fi

# The scratch folder: a HOME of its own, so every run starts with no app data.
work=$(mktemp -d "$cache/run.XXXXXX")
xvfb_pid=
cleanup () {
  [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
keep=$build/tests/flatpak
rm -rf "$keep"; mkdir -p "$keep"

step "the stand-in runtime"
installation=$("$src/build-aux/flatpak-runtime" "$cache")
export FLATPAK_USER_DIR=$installation
flatpak --user info org.debian.Platform//12 >/dev/null || fail "the stand-in Platform is not installed"
flatpak --user info org.debian.Sdk//12 >/dev/null || fail "the stand-in Sdk is not installed"
pass "org.debian.Platform//12 and org.debian.Sdk//12 installed"

export HOME=$work/home
export XDG_CACHE_HOME=$HOME/.cache XDG_CONFIG_HOME=$HOME/.config XDG_DATA_HOME=$HOME/.local/share
unset DBUS_SESSION_BUS_ADDRESS WAYLAND_DISPLAY DISPLAY LC_ALL LANGUAGE LC_MESSAGES
export LANG=C.UTF-8 NO_AT_BRIDGE=1
mkdir -p "$HOME"
# The file-chooser portal hands the app $XDG_RUNTIME_DIR/doc/…, which the sandbox sees at
# /run/user/UID/doc: the two are the same only with XDG_RUNTIME_DIR=/run/user/UID.
export XDG_RUNTIME_DIR=/run/user/$(id -u)
[ -d "$XDG_RUNTIME_DIR" ] || install -d -m 700 "$XDG_RUNTIME_DIR"

step "PLplot's source: Debian's orig tarball"
tarball=$cache/sources/$plplot_tarball
if [ ! -f "$tarball" ]; then
  curl -sSf -o "$tarball.part" "$mirror/pool/main/p/plplot/$plplot_tarball"
  mv "$tarball.part" "$tarball"
fi
echo "$plplot_sha256  $tarball" | sha256sum -c --quiet - || { rm -f "$tarball"; fail "$plplot_tarball's sha256"; }
pass "$plplot_tarball, sha256 $plplot_sha256"

# Which variant BUILD is: its window is compared with the same variant's in the sandbox.
if grep -q '^#define DEVELOPMENT_BUILD 1' "$build/config.h"; then
  build_variant=.Devel
else
  build_variant=
fi
commit=$(git -C "$src" rev-parse HEAD)

# The builder's own cache lives beside the runtime it built against.
state=$(dirname "$installation")/builder
for variant in .Devel ""; do
  id=$base_id$variant
  step "flatpak-builder: $id"
  if [ -n "$variant" ]; then
    app_source=(--app-dir "$src")
  else
    app_source=(--app-git "file://$src" --app-commit "$commit")
  fi
  "$src/build-aux/flatpak-offline-manifest" "$src/flatpak/$id.json" "$work/$id.json" \
    --runtime org.debian.Platform --sdk org.debian.Sdk --runtime-version 12 \
    --plplot-archive "$tarball" --plplot-sha256 "$plplot_sha256" "${app_source[@]}"
  if ! (cd "$work" && flatpak-builder --user --install --force-clean --disable-rofiles-fuse \
          --state-dir="$state" "$work/build-$id" "$work/$id.json") > "$keep/build$variant.log" 2>&1; then
    tail -n 60 "$keep/build$variant.log"
    fail "flatpak-builder $id (the log: $keep/build$variant.log)"
  fi
  grep -E '^(Cache hit|Building module)' "$keep/build$variant.log" || true
  flatpak --user info "$id" >/dev/null || fail "$id is not installed"
  rm -rf "$work/build-$id"
  pass "$id built from its manifest and installed"
done

dev=$base_id.Devel
rel=$base_id
run () { flatpak run --user "$@"; }

step "the command line in the sandbox"
[ "$(run "$dev" --version)" = "ring-allreduce 0.1.0-devel" ] || fail "$dev --version: $(run "$dev" --version)"
[ "$(run "$rel" --version)" = "ring-allreduce 0.1.0" ] || fail "$rel --version: $(run "$rel" --version)"
pass "--version: 0.1.0-devel and 0.1.0"

# The seed's figures (docs/model.md): flat-ring at the defaults, then with one bucket (no
# overlap), where the step is compute plus the whole all-reduce.
run "$dev" --algorithm flat-ring --report=json > "$work/seed.json"
run "$dev" --algorithm flat-ring --bucket-size 0 --report=json > "$work/seed-one-bucket.json"
"$build/src/ring-allreduce" --algorithm flat-ring --report=json > "$work/seed-build.json"
python3 - "$work/seed.json" "$work/seed-one-bucket.json" "$work/seed-build.json" <<'EOF' || fail "the report's JSON"
import json, math, sys

def strict(path):
    def no_constant(name):
        raise ValueError(f"{path}: {name} is not JSON")
    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        if len(keys) != len(set(keys)):
            raise ValueError(f"{path}: a key twice")
        return dict(pairs)
    with open(path, encoding="utf-8") as f:
        return json.loads(f.read(), parse_constant=no_constant, object_pairs_hook=no_duplicates)

seed, one, host = (strict(p) for p in sys.argv[1:4])
expect = {"gpus": 8, "algorithm": "flat-ring", "bytes_moved_per_gpu": 49e9,
          "allreduce_time_s": 0.16340333, "latency_time_s": 7e-5,
          "bandwidth_time_s": 0.16333333, "compute_time_s": 0.43008}
for key, value in expect.items():
    got = seed[key]
    ok = got == value if isinstance(value, str) else math.isclose(got, value, rel_tol=1e-7)
    if not ok:
        sys.exit(f"{key}: {got}, the seed's is {value}")
    print(f"  {key} = {got}")
step = one["step_time_s"]
if not math.isclose(step, 0.43008 + 0.16340333, rel_tol=1e-7):
    sys.exit(f"one bucket: step_time_s {step}, the seed's is 0.59348333")
print(f"  one bucket: step_time_s = {step}")
if seed != host:
    diff = [k for k in set(seed) | set(host) if seed.get(k) != host.get(k)]
    sys.exit(f"the sandbox's report differs from the build tree's in {sorted(diff)}")
EOF
pass "--report=json: strict JSON, the seed's figures, the same as the build tree's report"

step "exports into a folder the sandbox is given"
out=$work/exports
mkdir -p "$out"
for fmt in png svg pdf csv; do
  run --filesystem="$out" "$dev" --export "$out/chart.$fmt" --chart utilization-vs-gpus \
    || fail "--export chart.$fmt"
done
run --filesystem="$out" "$dev" --export "$out/report.pdf" --chart all || fail "--export report.pdf"
[ "$(head -c 8 "$out/chart.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "chart.png is not a PNG"
[ "$(identify -format '%wx%h' "$out/chart.png")" = 1600x1000 ] || fail "chart.png is not 1600x1000"
grep -q '<svg' "$out/chart.svg" || fail "chart.svg has no <svg>"
# (read into files first: grep -q ends the pipe early, and pipefail counts the SIGPIPE)
pdftotext "$out/chart.pdf" "$work/chart.txt" && pdftotext "$out/report.pdf" "$work/report.txt"
grep -q 'GPU' "$work/chart.txt" || fail "chart.pdf has no text"
grep -q 'Ring All-Reduce' "$work/report.txt" || fail "report.pdf does not name the app"
"$build/src/ring-allreduce" --export "$work/build.csv" --chart utilization-vs-gpus
cmp -s "$out/chart.csv" "$work/build.csv" || fail "chart.csv differs from the build tree's"
for f in "$out"/*; do printf '  %s %s bytes\n' "$(basename "$f")" "$(stat -c %s "$f")"; done
pass "png, svg, pdf, csv and the PDF report written to the host through --filesystem"

step "a write outside the sandbox's permissions"
outside=$work/outside
mkdir -p "$outside"
printf 'the host file\n' > "$outside/chart.svg"
sum=$(sha256sum < "$outside/chart.svg")
run "$dev" --export "$outside/chart.svg" > "$work/denied.log" 2>&1 || true
run "$dev" --export "$outside/new.png" >> "$work/denied.log" 2>&1 || true
sed 's/^/  /' "$work/denied.log"
[ "$(sha256sum < "$outside/chart.svg")" = "$sum" ] || fail "the sandbox replaced a host file it was not given"
[ ! -e "$outside/new.png" ] || fail "the sandbox wrote a host folder it was not given"
[ "$(ls -A "$outside")" = chart.svg ] || fail "the folder changed: $(ls -A "$outside")"
pass "without --filesystem the host's file is unchanged and no file appeared"

step "German"
LANG=de_DE.UTF-8 run "$dev" --report=text > "$work/report-de.txt"
grep -q 'Trainingsschritt' "$work/report-de.txt" && grep -q 'GPUs im Ring' "$work/report-de.txt" \
  || { head -n 3 "$work/report-de.txt"; fail "the report is not German"; }
pass "LANG=de_DE.UTF-8: $(head -n 1 "$work/report-de.txt" | tr -s ' ')"

# The windows: one X server, a session bus for each window.
step "the window on Xvfb"
# -noreset: by default Xvfb resets when its last client leaves, and a window started while
# it resets cannot open the display (a clean clone's CI once lost "build-de" so, right
# after "build-en" had closed).
Xvfb -displayfd 3 -screen 0 1400x950x24 -nolisten tcp -noreset 3>"$work/display" 2>"$work/xvfb.log" &
xvfb_pid=$!
for _ in $(seq 50); do [ -s "$work/display" ] && break; sleep 0.2; done
[ -s "$work/display" ] || fail "Xvfb did not start"
export DISPLAY=:$(cat "$work/display")
if mountpoint -q "$XDG_RUNTIME_DIR/doc" 2>/dev/null && ! ls "$XDG_RUNTIME_DIR/doc" >/dev/null 2>&1; then
  fusermount3 -u -z "$XDG_RUNTIME_DIR/doc" || true   # a dead document portal's mount
fi

# window_session SHOT ID LANG COMMAND…: inside a session bus, start COMMAND, wait for its
# window, take it as SHOT.png (and its title as SHOT.title), then end the app. With
# SHOT=portal, press Ctrl+E, take the portal's dialog and accept its suggested name; with
# SHOT=help, press F1.
window_session () {
  local shot=$1 id=$2 lang=$3 wid="" pid i
  shift 3
  LANG=$lang "$@" > "$work/$shot.app.log" 2>&1 &
  pid=$!
  for i in $(seq 120); do
    wid=$(xdotool search --onlyvisible --name '^Ring All-Reduce' 2>/dev/null | head -n 1) || true
    [ -n "$wid" ] && break
    sleep 0.5
  done
  if [ -n "$wid" ]; then
    sleep 5
    xdotool getwindowname "$wid" > "$work/$shot.title"
    import -window "$wid" "$work/$shot.png"
    if [ "$shot" = portal ]; then
      xdotool windowfocus --sync "$wid" 2>/dev/null || true
      xdotool key --clearmodifiers ctrl+e
      for i in $(seq 60); do
        xdotool search --onlyvisible --name '^Export' >/dev/null 2>&1 && break
        sleep 0.5
      done
      sleep 2
      xdotool search --onlyvisible --name '^Export' getwindowname > "$work/portal-dialog.title" 2>/dev/null || true
      import -window root "$work/portal-dialog.png"
      xdotool key Return
      for i in $(seq 60); do
        ls "$work"/portal/*.png >/dev/null 2>&1 && break
        sleep 0.5
      done
      sleep 1
    fi
    if [ "$shot" = help ]; then
      xdotool windowfocus --sync "$wid" 2>/dev/null || true
      xdotool key --clearmodifiers F1
      sleep 3
    fi
  fi
  if [ -n "$id" ]; then flatpak kill "$id" 2>/dev/null || true; fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
export -f window_session
export work

# shoot SHOT ID LANG COMMAND…: window_session in a private session bus, with no stored
# settings (a fresh sandbox config, or the build tree's memory backend).
shoot () {
  rm -rf "$HOME/.var/app/$2/config"
  dbus-run-session -- bash -c 'window_session "$@"' _ "$@" 2>>"$work/dbus.log" || true
  [ -s "$work/$1.png" ] || { cat "$work/$1.app.log"; fail "no window ($1)"; }
}

host_window=(env GSETTINGS_SCHEMA_DIR="$build/data" GSETTINGS_BACKEND=memory
             RING_ALLREDUCE_LOCALEDIR="$build/po" "$build/src/ring-allreduce")
shoot build-en "" C.UTF-8 "${host_window[@]}"
shoot build-de "" de_DE.UTF-8 "${host_window[@]}"
shoot sandbox-en "$base_id$build_variant" C.UTF-8 flatpak run --user "$base_id$build_variant"
shoot sandbox-de "$base_id$build_variant" de_DE.UTF-8 flatpak run --user "$base_id$build_variant"
cp "$work"/*.png "$keep/"

# differing A B: the share of pixels (per mille) that differ by more than 15 %.
differing () {
  local n size
  n=$(compare -metric AE -fuzz 15% "$1" "$2" null: 2>&1 >/dev/null | cut -d' ' -f1) || true
  size=$(identify -format '%w*%h' "$1")
  printf '%.0f\n' "$(python3 -c "print(1000 * float('${n:-1e12}') / ($size))")"
}
for lang in en de; do
  a=$work/build-$lang.png b=$work/sandbox-$lang.png
  [ "$(identify -format '%wx%h' "$a")" = "$(identify -format '%wx%h' "$b")" ] \
    || fail "window sizes differ ($lang): $(identify -format '%wx%h' "$a") in the build tree, $(identify -format '%wx%h' "$b") in the sandbox"
  d=$(differing "$a" "$b")
  echo "  $lang: $(identify -format '%wx%h' "$b"), $d ‰ of the pixels differ from the build tree's"
  [ "$d" -le 50 ] || fail "the sandbox's window ($lang) is not the build tree's: $d ‰ differ"
done
# German shows: the sandbox's German window is nearer the build tree's German than its own English.
d_lang=$(differing "$work/sandbox-en.png" "$work/sandbox-de.png")
d_de=$(differing "$work/build-de.png" "$work/sandbox-de.png")
echo "  the sandbox's English and German windows: $d_lang ‰ differ"
[ "$d_lang" -gt "$d_de" ] || fail "the sandbox's window did not change with LANG=de_DE.UTF-8"
pass "the window in English and German, the build tree's size and pixels (within 5 %)"

step "the desktop file's Exec line"
desktop=$installation/exports/share/applications/$dev.desktop
[ -f "$desktop" ] || fail "no exported $dev.desktop"
exec_line=$(sed -n 's/^Exec=//p' "$desktop" | head -n 1)
echo "  Exec=$exec_line"
case "$exec_line" in
  *"flatpak run "*"--command=ring-allreduce "*"$dev"*) ;;
  *) fail "the Exec line does not run ring-allreduce in $dev" ;;
esac
# Its words, without the field codes and flatpak's @@ markers around them (no files here).
exec_argv=()
for word in $exec_line; do
  case "$word" in %?|@@*) ;; *) exec_argv+=("$word") ;; esac
done
shoot desktop "$dev" C.UTF-8 "${exec_argv[@]}"
pass "the desktop file's command opens the window: $(cat "$work/desktop.title")"

step "Ctrl+E through the file-chooser portal"
mkdir -p "$work/portal"
# The portal's dialog (xdg-desktop-portal-gtk, on the host) opens in the bus's folder.
(cd "$work/portal" && shoot portal "$dev" C.UTF-8 flatpak run --user "$dev")
cp "$work/portal-dialog.png" "$keep/" 2>/dev/null || true
echo "  the dialog: $(cat "$work/portal-dialog.title" 2>/dev/null)"
exported=$(ls "$work"/portal/*.png 2>/dev/null | head -n 1) || true
[ -n "$exported" ] || { sed 's/^/  /' "$work/portal.app.log" "$work/dbus.log"; fail "Ctrl+E wrote no file through the portal"; }
[ "$(head -c 8 "$exported" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$(basename "$exported") is not a PNG"
pass "Ctrl+E: the portal's dialog wrote $(basename "$exported") ($(identify -format '%wx%h' "$exported")) to the host"

step "the help in the bundle, and F1's URI"
for page in index glossary keyboard size-cluster; do
  run --command=test "$dev" -f "/app/share/help/C/$dev/$page.page" \
    || fail "the bundle has no /app/share/help/C/$dev/$page.page"
done
run --command=test "$dev" -f "/app/share/help/de/$dev/index.page" \
  || fail "the bundle has no German help"
shoot help "$dev" C.UTF-8 flatpak run --user --env=G_MESSAGES_DEBUG=ring-ui "$dev"
uri=$(sed -n 's/.*Opening the help at //p' "$work/help.app.log" | head -n 1)
echo "  F1: $uri"
case "$uri" in
  "help:$dev"|"help:$dev/"*) ;;
  *) sed 's/^/  /' "$work/help.app.log"; fail "F1 opened no help:$dev URI" ;;
esac
# help:ID/PAGE is DIR/help/LANG/ID/PAGE.page in one of the sandbox's XDG_DATA_DIRS.
page=${uri#help:$dev}; page=${page#/}; page=${page%%#*}
# shellcheck disable=SC2016
run --command=sh "$dev" -c 'IFS=:; for d in ${XDG_DATA_DIRS:-/app/share:/usr/share}; do
    [ -f "$d/help/C/$1/$2.page" ] && { echo "  resolves to $d/help/C/$1/$2.page"; exit 0; }
  done; exit 1' _ "$dev" "${page:-index}" \
  || fail "F1's $uri resolves to no page in the sandbox's XDG_DATA_DIRS"
pass "the help pages are in the bundle (C and de) and F1's URI resolves there"

step "done in $(( $(date +%s) - t0 )) s"
