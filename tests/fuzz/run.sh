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
# The load harness runs LLVM's reader in process: an input on which LLVM
# itself aborts ("LLVM ERROR: ...") or faults inside LLVM's C++ code (the
# faulting frame in llvm:: or an anonymous namespace of LLVM's reader) is
# counted as an LLVM crash (issue 14, until the loader isolates them), kept in
# crashes/, and the harness goes on from its grown corpus (up to 100 times);
# with FUZZ_LLVM_CRASHES_FAIL=1 they fail the run like any other crash.
# Before fuzzing, a harness replays its regression inputs (tests/fuzz/regress/
# NAME/, if any): each must run clean and leave no artefact in
# BUILD_DIR/tests/fuzz/regress/NAME/, else the harness fails.
# Environment: FUZZ_HARNESSES (default: load args merge supp compdb runtime),
# FUZZ_RUNTIME_RUNS (the runtime harness's executions in runs mode, default 500),
# FUZZ_TIMEOUT (seconds of wall time one input may take, default 25; a run
# at nice 19 on a loaded machine may need more: its process can go
# unscheduled for that long).
set -u
build=${1:?usage: tests/fuzz/run.sh BUILD_DIR runs N|seconds S}
mode=${2:?usage}
n=${3:?usage}
# runs: a fixed seed (FUZZ_SEED, default 1), so that a CI run is the same
# run every time; seconds: a random one
case $mode in
  runs) limit="-runs=$n"; seed="-seed=${FUZZ_SEED:-1}" ;;
  seconds) limit="-max_total_time=$n"; seed= ;;
  *) echo "tests/fuzz/run.sh: mode is runs or seconds" >&2; exit 2 ;;
esac
fz=$build/tests/fuzz
src=$(cd "$(dirname "$0")" && pwd)

# Is the first sanitizer report of log LLVM's: among its frames above the
# call from simulee (LLVMParse*, the harness, simI_*), some in LLVM's C++
# code (llvm::, an anonymous namespace) and none in simulee's sources?
llvm_frames() {
  sed -En '/ERROR: (AddressSanitizer|libFuzzer)/,/SUMMARY/p' "$1" | awk '
    /^ *#[0-9]+ / {
      if (done) next
      if ($0 ~ /LLVMParse|LLVMFuzzerTestOneInput|simI_/) { done = 1; next }
      if ($0 ~ /\/(interp|model|detect|evolve|cli)\//) ours = 1
      if ($0 ~ /llvm::|\(anonymous namespace\)::/) llvm = 1
    }
    /^SUMMARY/ { exit }
    END { exit !(llvm && !ours) }'
}
mkdir -p "$fz/crashes" "$fz/work" "$fz/logs"
status=0
for h in ${FUZZ_HARNESSES:-load args merge supp compdb runtime}; do
  bin=$fz/fuzz_$h
  if [ ! -x "$bin" ]; then
    echo "fuzz $h: no harness at $bin (configure with -DSIMULEE_FUZZ=ON)"
    status=1
    continue
  fi
  mkdir -p "$fz/work/$h"
  log=$fz/logs/$h.log
  # The runtime harness runs kernels and keeps the runtime's state between
  # inputs (an allocation table that grows): a fixed count of its own in
  # runs mode (FUZZ_RUNTIME_RUNS, default 500) keeps the stage's time
  if [ "$h" = runtime ] && [ "$mode" = runs ]; then
    limit="-runs=${FUZZ_RUNTIME_RUNS:-500}"
  fi
  # Leaks are checked, but for the load harness: LLVM's bitcode reader
  # leaks metadata nodes on malformed input (its defect); the loader's own
  # leaks show in the sanitizer stage's tests.
  leaks=1
  [ "$h" = load ] && leaks=0
  # A buffer of the --arg grammar may be declared far larger than RAM
  # (i32[3299999999]=list:1,2): simulee callocs it and touches what the
  # values fill, by design. The args harness may therefore make one large
  # lazy allocation (no malloc limit; the RSS limit still holds), and an
  # impossible one returns NULL (the parser's "out of memory" error).
  mlimit=2048
  [ "$h" = args ] && mlimit=1048576
  # The regression inputs of the harness (tests/fuzz/regress/NAME/) first:
  # each must run clean and leave no artefact, not even one written by a
  # process the harness forks (the load harness's isolated LLVM reader)
  if [ -d "$src/regress/$h" ]; then
    out=$fz/regress/$h
    rm -rf "$out"
    mkdir -p "$out"
    ASAN_OPTIONS="detect_leaks=$leaks:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    "$bin" -timeout=${FUZZ_TIMEOUT:-25} -detect_leaks=$leaks -rss_limit_mb=2048 -malloc_limit_mb=$mlimit \
      -artifact_prefix="$out/" "$src/regress/$h"/* >"$fz/logs/$h.regress.log" 2>&1 </dev/null
    rc=$?
    left=$(ls -A "$out")
    if [ "$rc" != 0 ] || [ -n "$left" ]; then
      echo "fuzz $h: the regression inputs of $src/regress/$h failed (exit status $rc, artefacts: ${left:-none}; log $fz/logs/$h.regress.log)"
      status=1
      continue
    fi
    echo "fuzz $h: $(ls "$src/regress/$h" | wc -l) regression inputs clean"
  fi
  t0=$(date +%s)
  execs=0 llvm=0 crashes=0 cov= ft= corp= rounds=0
  : >"$log"
  while :; do
    rounds=$((rounds + 1))
    # -max_len: the seeds are small; 64 KiB lets inputs grow past every
    # bound that matters here.
    ASAN_OPTIONS="detect_leaks=$leaks:allocator_may_return_null=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}" \
    "$bin" "$fz/work/$h" "$fz/corpus/$h" $limit $seed -max_len=65536 -timeout=${FUZZ_TIMEOUT:-25} -detect_leaks=$leaks \
      -rss_limit_mb=2048 -malloc_limit_mb=$mlimit -artifact_prefix="$fz/crashes/$h-" -print_final_stats=1 \
      >"$log.round" 2>&1 </dev/null
    rc=$?
    cat "$log.round" >>"$log"
    e=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log.round" | tail -n 1)
    execs=$((execs + ${e:-0}))
    c=$(grep -o 'cov: [0-9]*' "$log.round" | tail -n 1 | sed 's/cov: //')
    f=$(grep -o 'ft: [0-9]*' "$log.round" | tail -n 1 | sed 's/ft: //')
    k=$(grep -o 'corp: [0-9]*' "$log.round" | tail -n 1 | sed 's/corp: //')
    cov=${c:-$cov} ft=${f:-$ft} corp=${k:-$corp}
    [ "$rc" = 0 ] && break
    # an abort, fault or allocation failure of LLVM's own code: LLVM ERROR,
    # or a report whose frames above simulee's call into LLVM are LLVM's
    if [ "$h" = load ] && [ "${FUZZ_LLVM_CRASHES_FAIL:-0}" != 1 ] && [ "$rounds" -lt 100 ] &&
       { grep -q '^LLVM ERROR: ' "$log.round" || llvm_frames "$log.round"; }; then
      llvm=$((llvm + 1))
      if [ "$mode" = seconds ]; then
        left=$((n - ($(date +%s) - t0)))
        [ "$left" -gt 0 ] || break
        limit="-max_total_time=$left"
      else
        [ "$execs" -lt "$n" ] || break
        limit="-runs=$((n - execs))"
      fi
      continue
    fi
    crashes=1
    break
  done
  rm -f "$log.round"
  t1=$(date +%s)
  extra=
  [ "$h" = load ] && extra=", LLVM crashes $llvm"
  echo "fuzz $h: $execs executions in $((t1 - t0)) s, coverage ${cov:-?}, features ${ft:-?}, corpus ${corp:-?}, crashes $crashes$extra"
  if [ "$crashes" != 0 ]; then
    status=1
    echo "fuzz $h: exit status $rc; the report (from $log):"
    grep -E 'ERROR|SUMMARY|runtime error|LLVM ERROR|Test unit written|deadly signal' "$log" | tail -n 12
  fi
  case $mode in
    runs) limit="-runs=$n" ;;
    seconds) limit="-max_total_time=$n" ;;
  esac
done
exit $status
