#!/bin/sh
# Determinism of the input search: run `simulee FILE --format json` with
# every -j given and check that the reports are byte-identical and that the
# exit status is the same.
#   same_report.sh SIMULEE FILE OUTDIR 'ARGS' J1 J2 ...
sim=$1 file=$2 out=$3 args=$4
shift 4
first=
for j in "$@"; do
  # shellcheck disable=SC2086
  "$sim" "$file" $args -j "$j" --format json -o "$out/same.j$j.json"
  rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    echo "FAIL: -j $j exited $rc"; exit 1
  fi
  if [ -z "$first" ]; then
    first=$j firstrc=$rc
  else
    [ "$rc" = "$firstrc" ] || { echo "FAIL: exit $rc with -j $j, $firstrc with -j $first"; exit 1; }
    cmp "$out/same.j$first.json" "$out/same.j$j.json" ||
      { echo "FAIL: -j $first and -j $j reports differ"; diff "$out/same.j$first.json" "$out/same.j$j.json" | head -20; exit 1; }
  fi
done
echo "ok: identical reports for -j $*"
