#!/bin/sh
# Fuzz every harness of tests/fuzz/ for a duration and print, per harness,
# executions, coverage (libFuzzer's cov: edges, ft: features), corpus size and
# crashes (bench/README.md, "Fuzzing" records the results):
#   bench/fuzz.sh [SECONDS]        default 3600 per harness
# Builds the fuzz configuration in build-fuzz/ first (clang-19,
# -DSIMULEE_FUZZ=ON). Run it at low priority on a shared machine:
#   nice -n 19 bench/fuzz.sh 600
# Environment: FUZZ_BUILD_DIR (default build-fuzz), JOBS (build, default 2),
# FUZZ_HARNESSES (default: every harness).
set -eu
secs=${1:-3600}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
CC=clang-19 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMULEE_FUZZ=ON \
  >/dev/null
cmake --build "$build" --target simulee_fuzz -j "${JOBS:-2}" >/dev/null
echo "bench/fuzz.sh: $secs s per harness, commit $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'), $(nproc) cores"
exec sh "$root/tests/fuzz/run.sh" "$build" seconds "$secs"
