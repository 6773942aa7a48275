#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
#
# build-aux/house-metrics counts what docs/design.md says it counts, on a small tree made
# here with one of each thing: an arrow up, a circle, comments, a long function, a long
# file, an algorithm id compared outside the registry and one inside it.
#
# Usage: test-house-metrics.sh SOURCE_ROOT
# Prints TAP.

set -u

top=${1:?usage: test-house-metrics.sh SOURCE_ROOT}
metrics="$top/build-aux/house-metrics"
. "$(dirname "$0")/tap.sh"

if ! command -v python3 > /dev/null; then
  echo "1..0 # SKIP python3 is not installed"
  exit 0
fi

tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree/src/model/algorithms" "$tree/src/render" "$tree/src/ui"
printf 'line\n%.0s' $(seq 1 7) > "$tree/README.md"

# model/ring-units.c (room cluster) includes model/ring-step.h (room step): one arrow up.
# ring-units.c and ring-step.c call each other: one circle of two files.
cat > "$tree/src/model/ring-step.h" << 'EOF'
/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once
double ring_step_time (double x);
EOF
cat > "$tree/src/model/ring-units.c" << 'EOF'
/* SPDX-License-Identifier: GPL-3.0-or-later
 * Copyright: the licence header is not counted. */
#include "ring-step.h"

/* Four words of comment. */
double
ring_units_scale (double x)
{
  return ring_step_time (x) * 2; /* two more */
}
EOF
cat > "$tree/src/model/ring-step.c" << 'EOF'
#include "ring-step.h"

double ring_units_scale (double x);

double
ring_step_time (double x)
{
  const char *text = "/* not a comment */";
  return x > 1 ? ring_units_scale (x - 1) : (double) text[0];
}
EOF
# The measured room sits above the model's top, which it fits: no arrow.
echo '#pragma once' > "$tree/src/model/ring-model.h"
echo '#include "ring-model.h"' > "$tree/src/model/ring-measurement.c"
# The render layer including the model points down: no arrow. An id that is only
# returned beside another comparison is not compared.
cat > "$tree/src/render/ring-draw.c" << 'EOF'
#include "../model/ring-step.h"

int
ring_draw (int algorithm)
{
  if (algorithm == RING_ALGORITHM_TREE)
    return 1;
  return algorithm != 0 ? RING_ALGORITHM_RING : 0;
}
EOF
cat > "$tree/src/model/algorithms/ring-algorithm-tree.c" << 'EOF'
int
tree_is (int algorithm)
{
  return algorithm == RING_ALGORITHM_TREE;
}
EOF
{
  printf 'int\nring_long (void)\n{\n'
  seq 1 900 | sed 's/.*/  (void) 0;/'
  printf '  return 0;\n}\n'
} > "$tree/src/ui/ring-long.c"

out=$("$metrics" "$tree" 2>&1)
status=$?
check "it runs (exit $status)" test "$status" -eq 0
has () {
  printf '%s\n' "$out" | grep -q -- "$1"
}
check "README lines" has '^README.md: 7 lines$'
check "one arrow up, named" has '^Arrows up (.*): 1$'
check "the arrow from the cluster room to the step room" \
  has 'model/ring-units.c (model/cluster) -> model/ring-step.h (model/step)'
check "one circle of two files" has '^Circles (files that call each other round): 1, 2 files in them$'
check "the circle named" has 'model/ring-step.c <-> model/ring-units.c'
# ring-units.c: 4 + 2 words in 6 lines of code, its licence header left out; ring-step.h:
# 2 lines; ring-step.c: no word (the string is code) in 8 lines; ring-model.h and
# ring-measurement.c: a line each. 6 / 18 lines: 33.
check "comment words of model/" has '^ *33 *18 lines  model$'
check "the longest function" has '^ *904  ring_long (ui/ring-long.c)$'
check "the file over 800 lines" has '^ *905  ui/ring-long.c$'
check "one algorithm id compared outside the registry" \
  has '^Algorithm ids compared outside the registry: 1$'
check "the place named" has '^  render/ring-draw.c:6$'

"$metrics" --comments "$tree/nowhere" > /dev/null 2>&1
check "a missing folder exits 2" test $? -eq 2
"$metrics" --bogus > /dev/null 2>&1
check "an unknown option exits 2" test $? -eq 2

tap_done
