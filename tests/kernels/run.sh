#!/bin/sh
# One run of the interpreter corpus (tests/kernels.cmake):
#   run.sh SIMULEE CHECK BITCODE SOURCE.cu REF [FLAG...]
# Finds the header line "//@ run REF: ARGS..." in SOURCE.cu, runs
# `SIMULEE BITCODE ARGS... FLAG... --quiet --no-color` with the detectors on
# (FLAG: e.g. --its), and requires exit status 0 with nothing on stderr (no
# finding, no problem); then CHECK compares the dumped buffers with the host
# reference REF.
set -f
simulee=$1 check=$2 bc=$3 cu=$4 ref=$5
shift 5
line=$(grep "^//@ run $ref: " "$cu")
if [ -z "$line" ] || [ "$(printf '%s\n' "$line" | wc -l)" != 1 ]; then
  echo "FAIL: $cu has no single '//@ run $ref:' line"; exit 1
fi
args=${line#*: }
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086
"$simulee" "$bc" $args "$@" --quiet --no-color >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
if [ "$rc" != 0 ] || [ -s "$tmp/err" ]; then
  echo "FAIL: exit status $rc (expected 0, no finding) for: simulee $bc $args $*"
  echo "--- stdout:"; head -c 4000 "$tmp/out"; echo "--- stderr:"; head -c 4000 "$tmp/err"
  exit 1
fi
# shellcheck disable=SC2086
"$check" "$ref" "$tmp/out" $args
