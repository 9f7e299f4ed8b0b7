#!/bin/sh
# Run every libFuzzer harness of tests/fuzz/ (built by -DSIMULEE_FUZZ=ON):
#   tests/fuzz/run.sh BUILD_DIR runs N      each harness for N executions
#   tests/fuzz/run.sh BUILD_DIR seconds S   each harness for S seconds
# Each starts from its seed corpus (BUILD_DIR/tests/fuzz/corpus/NAME) and
# grows a working copy in BUILD_DIR/tests/fuzz/work/NAME; crash inputs go to
# BUILD_DIR/tests/fuzz/crashes/. Prints one line per harness:
#   fuzz NAME: N executions in S s, coverage C, features F, corpus K, crashes X
# and exits 1 if any harness crashed (a sanitizer report, a leak, a timeout
# of 25 s on one input, more than 2 GiB), else 0.
# Environment: FUZZ_HARNESSES (default: load args merge supp compdb).
set -u
build=${1:?usage: tests/fuzz/run.sh BUILD_DIR runs N|seconds S}
mode=${2:?usage}
n=${3:?usage}
case $mode in
  runs) limit="-runs=$n" ;;
  seconds) limit="-max_total_time=$n" ;;
  *) echo "tests/fuzz/run.sh: mode is runs or seconds" >&2; exit 2 ;;
esac
fz=$build/tests/fuzz
mkdir -p "$fz/crashes" "$fz/work" "$fz/logs"
status=0
for h in ${FUZZ_HARNESSES:-load args merge supp compdb}; do
  bin=$fz/fuzz_$h
  if [ ! -x "$bin" ]; then
    echo "fuzz $h: no harness at $bin (configure with -DSIMULEE_FUZZ=ON)"
    status=1
    continue
  fi
  mkdir -p "$fz/work/$h"
  log=$fz/logs/$h.log
  t0=$(date +%s)
  # -max_len: the seeds are small; 64 KiB lets inputs grow past every bound
  # that matters here. Leaks are checked (-detect_leaks=1, the default).
  "$bin" "$fz/work/$h" "$fz/corpus/$h" $limit -max_len=65536 -timeout=25 \
    -rss_limit_mb=2048 -artifact_prefix="$fz/crashes/$h-" -print_final_stats=1 \
    >"$log" 2>&1 </dev/null
  rc=$?
  t1=$(date +%s)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | sed 's/cov: //')
  ft=$(grep -o 'ft: [0-9]*' "$log" | tail -n 1 | sed 's/ft: //')
  corp=$(grep -o 'corp: [0-9]*' "$log" | tail -n 1 | sed 's/corp: //')
  crashes=0
  [ "$rc" = 0 ] || crashes=1
  echo "fuzz $h: ${execs:-?} executions in $((t1 - t0)) s, coverage ${cov:-?}, features ${ft:-?}, corpus ${corp:-?}, crashes $crashes"
  if [ "$rc" != 0 ]; then
    status=1
    echo "fuzz $h: exit status $rc; the report (from $log):"
    grep -E 'ERROR|SUMMARY|runtime error|LLVM ERROR|Test unit written|deadly signal' "$log" | head -n 12
  fi
done
exit $status
