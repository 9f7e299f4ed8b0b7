#!/bin/sh
# The check policy's sample (tests/apps/sampled_check.cu, built once): a
# checked launch of more threads than --check-threads is checked on a sample
# of its blocks, the others run unchecked (native code, or interpreted with
# SIMULEE_JIT=0) and every element is still computed; a race and an
# out-of-bounds read in sampled blocks are found and named with the launch's
# own blockIdx; an invalid access outside the sample is counted; with
# SIMULEE_CHECK_THREADS=0 every block is checked (no note).
#   sh sampled_check.sh SIMULEE APPS_DIR OUT_DIR
set -u
SIM=$1 SRC=$2 OUT=$3
rm -rf "$OUT"
mkdir -p "$OUT"
export SIMULEE_NO_COLOR=1
unset SIMULEE_CHECK SIMULEE_CHECK_THREADS SIMULEE_JIT
fail() { echo "FAIL: $*"; for f in "$OUT"/*.out "$OUT"/*.err; do echo "--- $f"; cat "$f"; done; exit 1; }
"$SIM" run -O2 --no-run -o "$OUT/sc" "$SRC/sampled_check.cu" >"$OUT/build.err" 2>&1 || fail "build"
# run NAME MODE CODE [env...]: the program's output into OUT/NAME.out/.err
run() {
  name=$1 mode=$2 code=$3
  shift 3
  env "$@" SIMULEE_STATS=1 SIMULEE_REPORT="$OUT/$name.json" "$OUT/sc" "$mode" >"$OUT/$name.out" 2>"$OUT/$name.err"
  rc=$?
  [ "$rc" = "$code" ] || fail "$name: exit status $rc, expected $code"
}
has() { grep -Eq "$2" "$OUT/$1.err" "$OUT/$1.out" || fail "$1: no line matching: $2"; }
hasnt() { ! grep -Eq "$2" "$OUT/$1.err" "$OUT/$1.out" || fail "$1: a line matching: $2"; }
NOTE='^simulee: note: kernel stage \(launch 1\): 1048576 threads, more than the 65536 of --check-threads: checked on 256 of its 4096 blocks \(linear block numbers 0-63, 128 blocks evenly spaced from 64 to 4001, and blocks 4032-4095\); the other blocks ran unchecked \(--check-threads 0 or --check all checks every block\)$'
SAMPLED='; 1 checked on a sample of their blocks$'

run clean clean 0
has clean "$NOTE"
has clean '^sampled clean: no error, 0 wrong$'
has clean '^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 0 findings$'
has clean "$SAMPLED"
has clean '^simulee: stats: native: .* 1 kernels compiled'

# the blocks outside the sample interpreted: the same elements
run interp clean 0 SIMULEE_JIT=0
has interp "$NOTE"
has interp '^sampled clean: no error, 0 wrong$'
has interp "$SAMPLED"

run shared shared 1
has shared "$NOTE"
has shared 'sampled_check.cu:[0-9]+:[0-9]+: error: data race \(read-write, shared memory\) on .tile. \+ [0-9]+$'
has shared '^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 1 finding$'
grep -q '\[launch checked on a sample: 256 of its 4096 blocks\]' "$OUT/shared.json" ||
  fail "shared: the JSON report's message names the sample"

# one thread: the same race
run shared1 shared 1 SIMULEE_JOBS=1
has shared1 'error: data race \(read-write, shared memory\) on .tile. \+ [0-9]+$'

run edge edge 1
has edge "$NOTE"
has edge 'sampled_check.cu:[0-9]+:[0-9]+: error: out-of-bounds access \(global memory\) at buffer .in.\[1048476\]$'
has edge '^note: thread block \(4095,0,0\) thread \(156,0,0\) read of 4 bytes$'
has edge '^note: 100 dynamic instances$'

run inner inner 1
has inner "$NOTE"
has inner '^simulee: kernel stage: error \(grid 4096,1,1 block 256,1,1\): 1 invalid memory accesses in blocks outside the checked sample, run without detection \(--check-threads 0 checks every block\)$'
has inner '^sampled inner: an illegal memory access was encountered'

# every block checked: no note, the same race
run full shared 1 SIMULEE_CHECK_THREADS=0
hasnt full '^simulee: note: kernel stage'
has full 'error: data race \(read-write, shared memory\) on .tile. \+ [0-9]+$'
hasnt full "$SAMPLED"
! grep -q 'launch checked on a sample' "$OUT/full.json" || fail "full: a sample named"
# --check all checks every block too
run all clean 0 SIMULEE_CHECK=all
hasnt all '^simulee: note: kernel stage'
has all '^sampled clean: no error, 0 wrong$'

# a bad setting stops the program before main
run bad clean 2 SIMULEE_CHECK_THREADS=100
has bad '^simulee: error: SIMULEE_CHECK_THREADS=100 is not 0 \(every block\) or a number of threads from 2048 up$'
# and so does a bad --check-threads of simulee run, before it builds anything
"$SIM" run --check-threads 100 "$SRC/sampled_check.cu" >"$OUT/badcli.out" 2>"$OUT/badcli.err"
[ $? = 2 ] || fail "--check-threads 100: exit status"
grep -qx "simulee: error: run: --check-threads 100 is not 0 (every block) or a number of threads from 2048 up" "$OUT/badcli.err" ||
  fail "--check-threads 100: the message"
echo ok
