#!/bin/sh
# The report of one launch does not depend on -j (tests/pool.cmake).
#   same.sh SIMULEE PAR ERE CODE -- FILE ARGS...
# Runs `SIMULEE FILE ARGS -j J --stats` for J = 1, 2, 4 (text report and the
# --dump buffers on stdout, then --format json). Checks: the exit status is
# CODE at every J; stdout and the JSON report (without its wall times) are
# byte-identical at every J; the -j 1 report has a line matching ERE; PAR 1:
# at -j 2 and -j 4 the --stats line says the blocks ran on 2 / 4 threads
# (the parallel run was kept), PAR 0: no run was kept parallel (serial
# fallback), at every J.
sim=$1 par=$2 ere=$3 code=$4
shift 4
[ "$1" = -- ] && shift
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0
for j in 1 2 4; do
  "$sim" "$@" -j $j --stats >"$tmp/out$j" 2>"$tmp/err$j" </dev/null
  rc=$?
  if [ "$rc" != "$code" ]; then
    echo "FAIL: -j $j: exit status $rc, expected $code"; cat "$tmp/err$j"; fail=1
  fi
  "$sim" "$@" -j $j --format json -o "$tmp/rep$j.json" >/dev/null 2>&1 </dev/null
  grep -Ev '"(seconds|ips|commit)"' "$tmp/rep$j.json" >"$tmp/cmp$j.json"
  ran=$(grep -c 'detection run.* on [0-9]* threads' "$tmp/err$j")
  if [ "$par" = 1 ] && [ "$j" != 1 ] && ! grep -q "detection run on $j threads" "$tmp/err$j"; then
    echo "FAIL: -j $j: the blocks did not run on $j threads:"; cat "$tmp/err$j"; fail=1
  fi
  if [ "$par" = 0 ] && [ "$ran" != 0 ]; then
    echo "FAIL: -j $j: a parallel run was kept:"; cat "$tmp/err$j"; fail=1
  fi
done
for j in 2 4; do
  if ! cmp -s "$tmp/out1" "$tmp/out$j"; then
    echo "FAIL: the output at -j $j differs from -j 1:"; diff "$tmp/out1" "$tmp/out$j" | head -20; fail=1
  fi
  if ! cmp -s "$tmp/cmp1.json" "$tmp/cmp$j.json"; then
    echo "FAIL: the JSON report at -j $j differs from -j 1:"
    diff "$tmp/cmp1.json" "$tmp/cmp$j.json" | head -20; fail=1
  fi
done
if ! grep -Eq -- "$ere" "$tmp/out1"; then
  echo "FAIL: no line of the -j 1 report matches /$ere/:"; cat "$tmp/out1"; fail=1
fi
[ -s "$tmp/cmp1.json" ] || { echo "FAIL: no JSON report"; fail=1; }
exit $fail
