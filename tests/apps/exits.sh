#!/bin/sh
# What a run keeps on every way out, and simulee run / nvcc's containment
# (tests/apps.cmake):
#   exits.sh SIMULEE JSONCHECK WORK CASE
# build: builds tests/apps/exits.cu into WORK/exits (the other cases run
# it). The ways out of exits.cu (return thread _exit _Exit quick_exit segv
# abort throw, each also as CASE-report with SIMULEE_REPORT; term int fork
# flood kill-report): the finding is printed before the program's next line (as found),
# the summary line at the end, the exit status is the program's death or
# --error-exitcode, the JSON report holds the record. run_int: SIGINT to
# `simulee run` reaches the program. fifo, fifo_nvcc, bomb: clang bounded by
# --time-limit / SIMULEE_TIME_LIMIT and the memory cap (status 3, one
# line); kill_term, kill_kill: stopping simulee leaves no clang. inject,
# inject_nvcc: a file name with "\n::error ..." never starts a line;
# onto_input, onto_input_nvcc: -o onto a source is refused; report_dir,
# report_dir_env: a missing --report folder (status 2, one line, before the
# program runs). Prints "ok" when every check holds.
set -u
sim=$1 jc=$2 work=$3 case=$4
fail() { echo "FAIL: $case: $*"; [ -f "$out" ] && { echo "--- output:"; cat "$out"; }; exit 1; }
has() { grep -qE -- "$1" "$out" || fail "no line matches /$1/"; }
hasnt() { ! grep -qE -- "$1" "$out" || fail "a line matches /$1/"; }
cd "$(dirname "$0")/../.." || exit 1
prog=$work/exits
# the sanitizer build: the program runs with the sanitizers' runtime first
# (a wrapper that execs it, so pids and signals are the program's own);
# the program's own SIGSEGV is the runtime's to report, not ASan's
if [ -n "${EXITS_PRELOAD:-}" ] && [ "$case" != build ]; then
  wrap=$work/exits-asan.$case
  printf '#!/bin/sh\nASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}handle_segv=0 LD_PRELOAD=%s exec %s "$@"\n' \
    "$EXITS_PRELOAD" "$prog" >"$wrap"
  chmod +x "$wrap"
  prog=$wrap
fi
out=$work/$case.out
rm -f "$out"
FINDING="tests/apps/exits.cu:21:14: error: out-of-bounds write \(global memory\) at buffer 'bins'\[16\]$"
SUMMARY="^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 1 finding$"
export SIMULEE_NO_COLOR=1

# line number of the first line matching ERE in $out
lineof() { grep -nE -- "$1" "$out" | head -n 1 | cut -d: -f1; }
# the finding came before the program's next line, the summary at the end
as_found() {
  has "$FINDING"
  has "$SUMMARY"
  f=$(lineof "$FINDING") d=$(lineof "^histogram done, leaving by") s=$(lineof "$SUMMARY")
  [ -n "$d" ] || fail "no line of the program after the launch"
  [ "$f" -lt "$d" ] && [ "$d" -lt "$s" ] ||
    fail "finding at line $f, program's line at $d, summary at $s: not in that order"
}
# status CODE: the last command's exit status was CODE
status() { [ "$rc" = "$1" ] || fail "exit status $rc, expected $1"; }
report_ok() { # report_ok FILE NRECORDS CHECKS...
  f=$1 n=$2
  shift 2
  "$jc" "$f" "kernels#$n" "$@" || fail "report $f"
}
one_line() { # one_line ERE: the output is exactly one line matching ERE
  [ "$(wc -l <"$out")" = 1 ] || fail "not one line"
  has "$1"
}

case $case in
build)
  "$sim" run tests/apps/exits.cu -o "$prog" --no-run >"$work/build.out" 2>&1 ||
    { cat "$work/build.out"; fail "exits.cu does not build"; }
  ;;
return|thread|_exit|_Exit|quick_exit|segv|abort|throw|\
return-report|thread-report|_exit-report|_Exit-report|quick_exit-report|segv-report|\
abort-report|throw-report)
  mode=${case%-report}
  rep=
  [ "$mode" != "$case" ] && rep=$work/$case.json && rm -f "$rep"
  rc=0
  # a crash's core dump is of no use here
  (ulimit -c 0; SIMULEE_REPORT=$rep "$prog" "$mode" >"$out" 2>&1 </dev/null) || rc=$?
  case $mode in
  segv) status 139 ;;
  abort|throw) status 134 ;;
  *) status 1 ;; # --error-exitcode's default, also after _exit(0) and quick_exit(0)
  esac
  as_found
  [ "$mode" = quick_exit ] && has "^at_quick_exit ran$"
  [ "$mode" = throw ] && has "what\(\):  bad input"
  [ -n "$rep" ] && report_ok "$rep" 1 kernels.0.name=histogram \
    kernels.0.findings.0.kind=out-of-bounds kernels.0.findings.0.locations.0.line=21 \
    kernels.0.program_launch.line=74
  ;;
exitcode)
  # _exit(0) after a finding: --error-exitcode's status
  rc=0
  SIMULEE_ERROR_EXITCODE=7 "$prog" _exit >"$out" 2>&1 </dev/null || rc=$?
  status 7
  has "$SUMMARY"
  ;;
term|term-report)
  # stopped by timeout (SIGTERM) while it waits: the finding and the
  # summary, and it dies of SIGTERM
  rep=
  [ "$case" = term-report ] && rep=$work/$case.json && rm -f "$rep"
  rc=0
  SIMULEE_REPORT=$rep timeout --preserve-status -s TERM 10 "$prog" wait >"$out" 2>&1 </dev/null ||
    rc=$?
  status 143
  as_found
  [ -n "$rep" ] && report_ok "$rep" 1 kernels.0.findings.0.kind=out-of-bounds
  ;;
int|int-report)
  # SIGINT once the finding is made (timeout only gives the program a
  # default SIGINT, which a background job of sh would ignore)
  rep=
  [ "$case" = int-report ] && rep=$work/$case.json && rm -f "$rep"
  rm -f "$work/$case.pid"
  SIMULEE_REPORT=$rep timeout -s KILL 120 "$prog" wait "$work/$case.pid" >"$out" 2>&1 </dev/null &
  tp=$!
  i=0
  while [ ! -s "$work/$case.pid" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
  [ -s "$work/$case.pid" ] || fail "the program did not start"
  sleep 0.2
  kill -INT "$(cat "$work/$case.pid")"
  rc=0
  wait $tp || rc=$?
  status 130
  as_found
  [ -n "$rep" ] && report_ok "$rep" 1 kernels.0.findings.0.kind=out-of-bounds
  ;;
kill-report)
  # SIGKILL: no summary, but the finding was printed and the report written
  # when the launch ended
  rep=$work/$case.json
  rm -f "$rep" "$work/$case.pid"
  SIMULEE_REPORT=$rep "$prog" wait "$work/$case.pid" >"$out" 2>&1 </dev/null &
  pp=$!
  i=0
  while [ ! -s "$work/$case.pid" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
  [ -s "$work/$case.pid" ] || fail "the program did not start"
  kill -KILL $pp
  rc=0
  wait $pp || rc=$?
  status 137
  has "$FINDING"
  hasnt "^simulee: 1 launch"
  report_ok "$rep" 1 kernels.0.findings.0.kind=out-of-bounds
  ;;
run_int)
  # SIGINT to simulee run: the program gets it, reports, dies of it; so
  # does simulee
  rep=$work/$case.json
  rm -f "$rep" "$work/$case.pid"
  timeout -s KILL 300 "$sim" run tests/apps/exits.cu --report "$rep" -- wait "$work/$case.pid" \
    >"$out" 2>&1 </dev/null &
  tp=$!
  i=0
  while [ ! -s "$work/$case.pid" ] && [ $i -lt 2400 ]; do sleep 0.1; i=$((i + 1)); done
  [ -s "$work/$case.pid" ] || fail "the program did not start"
  sleep 0.2
  kill -INT "$(pgrep -P $tp)"
  rc=0
  wait $tp || rc=$?
  status 130
  as_found
  report_ok "$rep" 1 kernels.0.findings.0.kind=out-of-bounds
  ;;
fork)
  # the child's finding and summary (its pid), the parent's counting it,
  # both records in the report, no partial report left behind
  rep=$work/$case.json
  rm -rf "$rep" "$work/tmp" && mkdir "$work/tmp"
  rc=0
  TMPDIR=$work/tmp SIMULEE_REPORT=$rep "$prog" fork >"$out" 2>&1 </dev/null || rc=$?
  status 1
  has "tests/apps/exits.cu:27:23: error: out-of-bounds access \(global memory\) at buffer 'a'\[64\]$"
  has "^simulee: process [0-9]+: 1 launch of 1 kernel, 1 checked \(--check first:3\), 1 finding$"
  has "^child exited with 1$"
  has "$FINDING"
  has "^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 2 findings \(1 in 1 child process\)$"
  report_ok "$rep" 2 kernels.0.name=histogram kernels.1.name=scale
  [ -z "$(ls "$work/tmp")" ] || fail "left in TMPDIR: $(ls "$work/tmp")"
  ;;
flood)
  # the printf cap's note on a line of its own
  rc=0
  "$prog" flood >"$out" 2>&1 </dev/null || rc=$?
  status 0
  has "^step 2000 of a long kernel log$"
  has "^\[simulee: printf output of this thread cut at 65536 bytes\]$"
  ;;
fifo|fifo_nvcc|kill_term|kill_kill)
  # clang blocks on an #include of a FIFO
  rm -rf "$work/$case" && mkdir -p "$work/$case"
  mkfifo "$work/$case/pipe.h" || fail "mkfifo"
  printf '#include "pipe.h"\n__global__ void k(int *a) { a[0] = 1; }\nint main() { return 0; }\n' \
    >"$work/$case/fifo.cu"
  case $case in
  fifo)
    rc=0
    timeout -s KILL 60 "$sim" run --time-limit 1 "$work/$case/fifo.cu" >"$out" 2>&1 </dev/null ||
      rc=$?
    status 3
    one_line "^simulee: error: cannot compile .*fifo.cu: clang ran past the time limit of 5 s"
    ;;
  fifo_nvcc)
    rc=0
    SIMULEE_TIME_LIMIT=1 timeout -s KILL 60 "$sim" nvcc -c "$work/$case/fifo.cu" \
      -o "$work/$case/fifo.o" >"$out" 2>&1 </dev/null || rc=$?
    status 3
    has "^nvcc \(simulee\): error: .*clang ran past the time limit of 5 s"
    ;;
  kill_term|kill_kill)
    mark=SIMULEE_EXITS_MARK_$$_$case
    "$sim" run --time-limit 100 -D$mark "$work/$case/fifo.cu" >"$out" 2>&1 </dev/null &
    sp=$!
    i=0
    while ! pgrep -f "clang.*$mark" >/dev/null && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
    pgrep -f "clang.*$mark" >/dev/null || fail "clang did not start"
    [ $case = kill_term ] && kill -TERM $sp || kill -KILL $sp
    rc=0
    wait $sp || rc=$?
    [ $case = kill_term ] && status 143 || status 137
    i=0 # SIGKILL: the kernel delivers the parent-death signal
    while pgrep -f "clang.*$mark" >/dev/null && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
    ! pgrep -f "clang.*$mark" >/dev/null || fail "clang survived simulee"
    ;;
  esac
  ;;
bomb)
  # exponential template instantiation: stopped by the time limit (or the
  # memory cap, whichever comes first), one line
  mkdir -p "$work/bomb"
  cat >"$work/bomb/bomb.cu" <<'EOF'
template <int N, int M> struct Bomb {
  static const long v = Bomb<N - 1, 2 * M>::v + Bomb<N - 1, 2 * M + 1>::v;
};
template <int M> struct Bomb<0, M> { static const long v = 1; };
__global__ void k(long *a) { a[0] = Bomb<40, 0>::v; }
int main() { return 0; }
EOF
  rc=0
  timeout -s KILL 120 "$sim" run --time-limit 5 --mem-limit 1G "$work/bomb/bomb.cu" >"$out" 2>&1 \
    </dev/null || rc=$?
  status 3
  one_line "^simulee: error: cannot compile .*bomb.cu: clang ran (past the time limit of 5 s|out of memory under the limit of 1024 MiB)"
  ;;
inject|inject_nvcc)
  # a file name carrying a workflow command after a newline
  rm -rf "$work/$case" && mkdir -p "$work/$case"
  name="$work/$case/bad
::error file=x.cu::injected.cu"
  printf 'this is not CUDA\n' >"$name"
  rc=0
  if [ $case = inject ]; then
    "$sim" run "$name" >"$out" 2>&1 </dev/null || rc=$?
    status 2
    one_line "^simulee: error: .*bad\\\\n::error file=x.cu::injected.cu"
  else
    "$sim" nvcc -c "$name" -o "$work/$case/x.o" >"$out" 2>&1 </dev/null || rc=$?
    status 1
    has "^nvcc \(simulee\): error: "
    has "bad\\\\n::error file=x.cu::injected.cu"
  fi
  hasnt "^::"
  ;;
onto_input|onto_input_nvcc)
  mkdir -p "$work/$case"
  cp tests/apps/exits.cu "$work/$case/copy.cu"
  rc=0
  if [ $case = onto_input ]; then
    "$sim" run "$work/$case/copy.cu" -o "$work/$case/copy.cu" >"$out" 2>&1 </dev/null || rc=$?
    status 2
    one_line "^simulee: error: run: -o .*copy.cu is the source file .*copy.cu"
  else
    "$sim" nvcc "$work/$case/copy.cu" -o "$work/$case/copy.cu" >"$out" 2>&1 </dev/null || rc=$?
    status 2
    one_line "^nvcc fatal   : -o .*copy.cu is the input file"
  fi
  cmp -s tests/apps/exits.cu "$work/$case/copy.cu" || fail "the source was overwritten"
  ;;
report_dir)
  rc=0
  "$sim" run tests/apps/exits.cu --report "$work/nodir/r.json" >"$out" 2>&1 </dev/null || rc=$?
  status 2
  one_line "^simulee: error: run: --report .*nodir/r.json: the folder .*nodir: No such file or directory$"
  ;;
report_dir_env)
  # the built program with SIMULEE_REPORT: stops before main
  rc=0
  SIMULEE_REPORT=$work/nodir/r.json "$prog" >"$out" 2>&1 </dev/null || rc=$?
  status 2
  one_line "^simulee: error: .*nodir/r.json: cannot write the report: No such file or directory$"
  ;;
*)
  fail "unknown case"
  ;;
esac
echo ok
