#!/bin/sh
# Recorded launches as the program's (bench/README.md, "scan --launches", one scan of tests/apps):
# every program of tests/apps/ runs under `simulee run --record` into one
# folder, then `simulee scan tests/apps` runs without and with `--launches`
# of it; prints each run's summary line and its error/note findings.
#   sh bench/launches.sh [BUILD_DIR]   (default build/)
set -eu
B=${1:-build}
SIM=$B/simulee
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
for f in tests/apps/*.cu tests/apps/record_scan/warp_partials.cu; do
  a=
  case $f in
    */vector_add.cu) a=3000 ;;
    */shift_oob.cu) a=delta ;;
  esac
  "$SIM" run "$f" --record "$T/rec" --error-exitcode 0 --no-color -- $a >/dev/null 2>&1 ||
    echo "run failed: $f"
done
echo "recorded: $(grep -c '^launch' "$T/rec/launches") launches, $(du -sk "$T/rec" | cut -f1) KiB"
for L in "" "--launches $T/rec"; do
  echo "== simulee scan tests/apps $L"
  "$SIM" scan tests/apps $L -v --no-progress -q --no-color 2>/dev/null >"$T/scan" || true
  tail -1 "$T/scan"
  grep -E "^tests.*: (error|note): " "$T/scan" | grep -v "the other access" |
    sed 's/ on .*//; s/ at buffer.*//' | sort | uniq -c
done
