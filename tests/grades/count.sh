#!/bin/sh
# Run a command; check its exit status and how many lines of its output
# (stdout and stderr) match each pattern (used by tests/grades.cmake).
#   count.sh CODE [ERE N]... -- CMD ARGS...
# CODE: the expected exit status; ERE N: exactly N lines match ERE (grep -E).
code=$1; shift
pats=$(mktemp) || exit 99
tmp=$(mktemp) || exit 99
trap 'rm -f "$pats" "$tmp"' EXIT
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  [ $# -ge 2 ] || { echo "count.sh: ERE without N" >&2; exit 99; }
  printf '%s\n%s\n' "$1" "$2" >>"$pats"; shift 2
done
[ "$1" = "--" ] || { echo "count.sh: no -- CMD" >&2; exit 99; }
shift
"$@" >"$tmp" 2>&1 </dev/null
rc=$?
fail=0
[ "$rc" = "$code" ] || { echo "FAIL: exit status $rc, expected $code"; fail=1; }
while IFS= read -r ere && IFS= read -r n; do
  got=$(grep -Ec -- "$ere" "$tmp")
  [ "$got" = "$n" ] || { echo "FAIL: $got lines match /$ere/, expected $n"; fail=1; }
done <"$pats"
if [ "$fail" != 0 ]; then echo "--- command: $*"; cat "$tmp"; exit 1; fi
exit 0
