#!/bin/sh
# How much of a CUDA tree simulee's front end compiles (issue 8): every
# translation unit a `simulee scan TREE` would pick (include folders found in
# the tree, included .cu files left to their includer), compiled as the scan
# does (device side and host side), no kernel run.
#
#   bench/compile.sh TREE [SCAN OPTIONS...]     e.g. -I DIR, -D NAME, -j 2
#
# Prints: files, compiled, host-only (no kernels), failed, the failures
# grouped by their first error (most frequent first, locations cut), the
# compile rate, and wall and CPU seconds per file (CPU: this process's
# children, cmake and clang included: the figure that holds on a loaded
# machine). A file that holds the line
#   // bench/compile.sh: expected not to compile
# (a test's fixture that must fail) is counted as an expected failure and
# left out of the rate. A CMake project of TREE is configured first, as the
# scan does (pass --configure=no to measure without). Environment: SIMULEE
# (default build/simulee), JOBS (default 1: seconds per file are those of
# one worker). Builds nothing.
set -eu
[ $# -ge 1 ] || { echo "usage: bench/compile.sh TREE [SCAN OPTIONS...]" >&2; exit 2; }
tree=$1
shift
SIM=${SIMULEE:-$(dirname "$0")/../build/simulee}
[ -x "$SIM" ] || { echo "bench/compile.sh: $SIM not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s.%N)
c0=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
set +e
# every file is compiled and loaded; each kernel runs one candidate of one
# step (a --kernel glob that matches nothing is a usage error)
"$SIM" scan "$tree" -j "${JOBS:-1}" --max-steps 1 --population 1 --generations 1 \
  --no-progress --no-color "$@" \
  --format json -o "$tmp/r.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
t1=$(date +%s.%N)
# CPU seconds of the finished children (utime + stime of this shell's
# reaped children, in clock ticks)
c1=$(awk '{ print $14 + $15 + $16 + $17 }' /proc/$$/stat)
hz=$(getconf CLK_TCK)
if [ "$rc" = 2 ] || [ ! -s "$tmp/r.json" ]; then
  echo "bench/compile.sh: simulee scan $tree failed (status $rc):" >&2
  cat "$tmp/err" >&2
  exit 1
fi
files=$(sed -n 's/^simulee scan: \([0-9]*\) files\{0,1\}.*/\1/p' "$tmp/out")
failed=$(sed -n 's/^simulee scan: [0-9]* files\{0,1\} (\([0-9]*\) did not compile).*/\1/p' "$tmp/out")
failed=${failed:-0}
hostonly=$(grep -c ': note: no kernels:' "$tmp/out" || true)
# the files that failed ("simulee: FILE: error: ..."), and of them those
# declared to fail
cat "$tmp/out" "$tmp/err" | sed -n 's/^simulee: \([^ ]*\.cu\): error: .*/\1/p' | sort -u >"$tmp/failed"
expected=0
while IFS= read -r f; do
  if [ -f "$f" ] && grep -q '^// bench/compile.sh: expected not to compile' "$f"; then
    expected=$((expected + 1))
  fi
done <"$tmp/failed"
echo "tree:      $tree"
echo "files:     $files"
echo "compiled:  $((files - failed)) (host-only, no kernels: $hostonly)"
echo "failed:    $failed (declared not to compile: $expected)"
if [ "$failed" -gt 0 ]; then
  # "simulee: FILE: error: PATH:L:C: error: MESSAGE" -> "error: MESSAGE"
  cat "$tmp/out" "$tmp/err" | grep '^simulee: .*: error: ' |
    sed -e 's/^simulee: [^ ]*: error: //' -e 's/^[^ ]*:[0-9]*:[0-9]*: //' |
    sort | uniq -c | sort -rn | sed 's/^/  /'
fi
# the rate: compiled files over the files not declared to fail
awk -v f="$files" -v x="$failed" -v e="$expected" \
  'BEGIN { n = f - e; printf "rate:      %d/%d = %.1f%% (files declared not to compile left out)\n", f - x, n, n ? 100 * (f - x) / n : 0 }'
awk -v a="$t0" -v b="$t1" -v n="$files" -v j="${JOBS:-1}" -v c="$((c1 - c0))" -v hz="$hz" \
  'BEGIN { printf "seconds:   %.2f wall, %.3f per file (-j %s); %.2f CPU, %.3f per file\n", b - a, n ? (b - a) / n : 0, j, c / hz, n ? c / hz / n : 0 }'
