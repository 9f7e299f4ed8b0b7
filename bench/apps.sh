#!/bin/sh
# Cost of `simulee run` on three programs (bench/README.md, "Whole programs"):
# wall time of the whole command (build included) and of the launches, with
# detection on every launch (--check all) and with the default policy
# (first:3 per kernel and shape), and the build alone (--no-run).
#   sh bench/apps.sh [BUILD_DIR]   (default build/)
set -eu
B=${1:-build}
SIM=$B/simulee
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
row() { # name policy files... -- args
  name=$1 policy=$2
  shift 2
  s=$(date +%s.%N)
  SIMULEE_NO_COLOR=1 "$SIM" run --stats --check "$policy" "$@" >"$T/out" 2>"$T/err" || true
  e=$(date +%s.%N)
  grep -q " 0 wrong" "$T/out" || { echo "wrong output: $name"; cat "$T/out" "$T/err"; exit 1; }
  st=$(sed -n 's/^simulee: stats: //p' "$T/err")
  printf '| %s | %s | %.2f | %s |\n' "$name" "$policy" "$(echo "$e - $s" | bc)" "$st"
}
echo "| program | --check | wall s | runtime counters |"
echo "| --- | --- | --- | --- |"
for p in all first:3; do
  row "matmul.cu (3 launches)" $p tests/apps/matmul.cu
  row "multi/ (20 launches, 3 files)" $p tests/apps/multi/main.cu tests/apps/multi/saxpy.cu tests/apps/multi/reference.cpp
  row "jacobi.cu (200 launches)" $p bench/apps/jacobi.cu
done
s=$(date +%s.%N)
"$SIM" run --no-run -o "$T/prog" bench/apps/jacobi.cu
e=$(date +%s.%N)
printf '| jacobi.cu build only (--no-run) | - | %.2f | |\n' "$(echo "$e - $s" | bc)"
