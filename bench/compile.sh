#!/bin/sh
# How much of a CUDA tree simulee's front end compiles (issue 8): every
# translation unit a `simulee scan TREE` would pick (include folders found in
# the tree, included .cu files left to their includer), compiled as the scan
# does (device side and host side), no kernel run.
#
#   bench/compile.sh TREE [SCAN OPTIONS...]     e.g. -I DIR, -D NAME, -j 2
#
# Prints: files, compiled, host-only (no kernels), failed, the failures
# grouped by their first error (most frequent first, locations cut), and
# wall seconds per file. Environment: SIMULEE (default build/simulee), JOBS
# (default 1: seconds per file are those of one worker). Builds nothing.
set -eu
[ $# -ge 1 ] || { echo "usage: bench/compile.sh TREE [SCAN OPTIONS...]" >&2; exit 2; }
tree=$1
shift
SIM=${SIMULEE:-$(dirname "$0")/../build/simulee}
[ -x "$SIM" ] || { echo "bench/compile.sh: $SIM not built" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
t0=$(date +%s.%N)
set +e
# every file is compiled and loaded; each kernel runs one candidate of one
# step (a --kernel glob that matches nothing is a usage error)
"$SIM" scan "$tree" -j "${JOBS:-1}" --max-steps 1 --population 1 --generations 1 \
  --no-progress --no-color "$@" \
  --format json -o "$tmp/r.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
set -e
t1=$(date +%s.%N)
if [ "$rc" = 2 ] || [ ! -s "$tmp/r.json" ]; then
  echo "bench/compile.sh: simulee scan $tree failed (status $rc):" >&2
  cat "$tmp/err" >&2
  exit 1
fi
files=$(sed -n 's/^simulee scan: \([0-9]*\) files\{0,1\}.*/\1/p' "$tmp/out")
failed=$(sed -n 's/^simulee scan: [0-9]* files\{0,1\} (\([0-9]*\) did not compile).*/\1/p' "$tmp/out")
failed=${failed:-0}
hostonly=$(grep -c ': note: no kernels:' "$tmp/out" || true)
echo "tree:      $tree"
echo "files:     $files"
echo "compiled:  $((files - failed)) (host-only, no kernels: $hostonly)"
echo "failed:    $failed"
if [ "$failed" -gt 0 ]; then
  # "simulee: FILE: error: PATH:L:C: error: MESSAGE" -> "error: MESSAGE"
  cat "$tmp/out" "$tmp/err" | grep '^simulee: .*: error: ' |
    sed -e 's/^simulee: [^ ]*: error: //' -e 's/^[^ ]*:[0-9]*:[0-9]*: //' |
    sort | uniq -c | sort -rn | sed 's/^/  /'
fi
awk -v a="$t0" -v b="$t1" -v n="$files" -v j="${JOBS:-1}" \
  'BEGIN { printf "seconds:   %.2f wall, %.3f per file (-j %s)\n", b - a, n ? (b - a) / n : 0, j }'
