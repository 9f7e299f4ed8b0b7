#!/bin/sh
# The witness is the run that produced the finding (tests/honest.cmake):
# search every bitcode file given (automatic mode, SEED, -j 2) and check that
# each finding's replay line reproduces it (simulee_replaycheck).
#   replay.sh SIMULEE REPLAYCHECK SEED FILE...
sim=$1 rc=$2 seed=$3
shift 3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
for f in "$@"; do
  "$sim" "$f" --seed "$seed" -j 2 --format json -o "$tmp/r.json" >/dev/null 2>&1
  [ -s "$tmp/r.json" ] || { echo "FAIL: $f: no report"; fail=1; continue; }
  "$rc" "$sim" "$tmp/r.json" >"$tmp/out" 2>&1 || { echo "FAIL: $f"; cat "$tmp/out"; fail=1; }
done
exit $fail
