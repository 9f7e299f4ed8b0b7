#!/bin/sh
# The barrier-deletion test of one corpus barrier (tests/kernels.cmake):
#   mutant.sh SIMULEE ORIGINAL.bc MUTANT.bc SOURCE.cu N
# MUTANT.bc is SOURCE.cu compiled without its N-th `__syncthreads()` call
# (mutate.sh). Over the runs declared by the "//@ run" lines of SOURCE.cu,
# the mutant must report a data race, or else the original must report that
# barrier (its line) as a redundant barrier. The corpus runs of the original
# are race-free (run.sh), so a race in the mutant is the deleted barrier's.
set -f
simulee=$1 orig=$2 mut=$3 cu=$4 n=$5
bline=$(awk -v n="$n" -v pat='__syncthreads()' '
{ line = $0; while ((p = index(line, pat)) > 0) { if (++seen == n) { print NR; exit }
  line = substr(line, p + length(pat)) } }' "$cu")
[ -n "$bline" ] || { echo "FAIL: $cu has no call number $n"; exit 1; }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
grep '^//@ run [A-Za-z0-9_]*: ' "$cu" | sed 's/^[^:]*: //' >"$tmp/runs"
[ -s "$tmp/runs" ] || { echo "FAIL: $cu declares no run"; exit 1; }
while read -r args; do
  # shellcheck disable=SC2086
  "$simulee" "$mut" $args --quiet --no-color >"$tmp/out" 2>&1 </dev/null
  if grep -q ': error: data race (' "$tmp/out"; then
    echo "barrier $n (line $bline) deleted: $(grep -m1 ': error: data race (' "$tmp/out")"
    exit 0
  fi
done <"$tmp/runs"
while read -r args; do
  # shellcheck disable=SC2086
  "$simulee" "$orig" $args --quiet --no-color >"$tmp/out" 2>&1 </dev/null
  if grep -q ":$bline:[0-9]*: warning: redundant barrier" "$tmp/out"; then
    echo "barrier $n (line $bline): redundant in the original"
    exit 0
  fi
done <"$tmp/runs"
echo "FAIL: deleting barrier $n (line $bline) of $cu gives no race in any run,"
echo "and the original does not report it redundant"
exit 1
