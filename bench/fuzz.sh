#!/bin/sh
# Fuzz the libFuzzer harnesses of tests/fuzz/ one at a time, each for a
# duration, and print per harness executions, coverage (libFuzzer's cov:
# edges, ft: features), corpus size and crashes, plus the rows to record in
# bench/README.md ("One-hour fuzz runs"):
#   bench/fuzz.sh [SECONDS [HARNESS...]]   default 3600 s, every harness
#   bench/fuzz.sh 3600 args                one harness for an hour
# Builds the fuzz configuration in build-fuzz/ first (clang-19,
# -DSIMULEE_FUZZ=ON). It runs at the priority it is started with: on a
# machine of its own run it plainly (one harness uses one core); on a shared
# one, `nice -n 19 bench/fuzz.sh ...`, and say so in the record (the load
# averages before and after each harness are printed for that).
# Everything it writes (corpus copies, crash inputs, logs, the record) is
# under the build folder, which git ignores: BUILD/tests/fuzz/{work,crashes,
# logs}/ and BUILD/bench/fuzz-*.md.
# Environment: FUZZ_BUILD_DIR (default build-fuzz), JOBS (build, default 2),
# FUZZ_NO_BUILD=1 (use the harnesses already built).
set -eu
secs=${1:-3600}
[ $# -gt 0 ] && shift
harnesses=${*:-load args merge supp compdb}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD_DIR:-$root/build-fuzz}
if [ "${FUZZ_NO_BUILD:-0}" != 1 ]; then
  CC=clang-19 cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMULEE_FUZZ=ON \
    >/dev/null
  cmake --build "$build" --target simulee_fuzz -j "${JOBS:-2}" >/dev/null
fi
commit=$(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
mkdir -p "$build/bench"
record=$build/bench/fuzz-$(date -u +%Y%m%dT%H%M%SZ).md
{
  echo "bench/fuzz.sh: $secs s per harness, commit $commit, $(nproc) cores (${cpu:-?}), nice $(nice)"
  echo
  echo "| harness | executions | time | cov | ft | corpus | crashes | load average before / after |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- |"
} >"$record"
status=0
for h in $harnesses; do
  before=$(cut -d' ' -f1-3 /proc/loadavg)
  line=$(FUZZ_HARNESSES=$h sh "$root/tests/fuzz/run.sh" "$build" seconds "$secs" | tee /dev/stderr |
         grep "^fuzz $h: [0-9]* executions" || true)
  after=$(cut -d' ' -f1-3 /proc/loadavg)
  # fuzz NAME: N executions in S s, coverage C, features F, corpus K, crashes X[, LLVM crashes L]
  echo "$line" | sed -En "s/^fuzz ([a-z]+): ([0-9]+) executions in ([0-9]+) s, coverage ([0-9?]+), features ([0-9?]+), corpus ([0-9?]+), crashes (.*)$/| \\1 | \\2 | \\3 s | \\4 | \\5 | \\6 | \\7 | $before \\/ $after |/p" \
    >>"$record"
  case $line in
    *"crashes 0"*) ;;
    *) status=1 ;;
  esac
done
echo "bench/fuzz.sh: the record (for bench/README.md) is $record:"
cat "$record"
exit $status
