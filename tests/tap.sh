# SPDX-License-Identifier: GPL-3.0-or-later
#
# TAP for the shell tests, sourced by them: ok and not_ok print a numbered result,
# check DESCRIPTION COMMAND... prints the one COMMAND earns, and tap_done prints the plan
# and fails when anything did.

n=0
failed=0

ok () {
  n=$((n + 1))
  echo "ok $n - $1"
}

not_ok () {
  n=$((n + 1))
  failed=$((failed + 1))
  echo "not ok $n - $1"
}

check () {
  # check DESCRIPTION COMMAND...
  description=$1
  shift
  if "$@"; then
    ok "$description"
  else
    not_ok "$description"
  fi
}

tap_done () {
  echo "1..$n"
  [ "$failed" -eq 0 ]
}
