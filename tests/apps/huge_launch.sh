#!/bin/sh
# Launches of more threads than the detectors tell apart (tests/apps/
# huge_launch.cu, built once): the sampled check's note names the blocks
# checked; a race in a sampled block is witnessed with the launch's own
# blockIdx; a race between two blocks outside the sample is found by the
# word tracking; a kernel that orders blocks gets a note instead; an
# unchecked launch of 2^27 + 2048 threads runs; a grid of 65536 x 65535 blocks is
# refused with one line naming the limit.
#   sh huge_launch.sh SIMULEE APPS_DIR OUT_DIR OPT
set -u
SIM=$1 SRC=$2 OUT=$3 OPT=$4
rm -rf "$OUT"
mkdir -p "$OUT"
export SIMULEE_NO_COLOR=1
# every block up to the detectors' limit (the policy's own sample of
# large launches: sampled_check.sh)
export SIMULEE_CHECK_THREADS=0
fail() { echo "FAIL: $*"; for f in "$OUT"/*.out "$OUT"/*.err; do echo "--- $f"; cat "$f"; done; exit 1; }
"$SIM" run "-$OPT" --no-run -o "$OUT/huge" "$SRC/huge_launch.cu" >"$OUT/build.err" 2>&1 ||
  fail "build"
# run MODE CODE [env...]: the program's stdout/stderr into OUT/MODE.out/.err
run() {
  mode=$1 code=$2
  shift 2
  env "$@" SIMULEE_REPORT="$OUT/$mode.json" "$OUT/huge" "$mode" >"$OUT/$mode.out" 2>"$OUT/$mode.err"
  rc=$?
  [ "$rc" = "$code" ] || fail "$mode: exit status $rc, expected $code"
}
has() { grep -Eq "$2" "$OUT/$1.err" "$OUT/$1.out" || fail "$1: no line matching: $2"; }
hasnt() { ! grep -Eq "$2" "$OUT/$1.err" "$OUT/$1.out" || fail "$1: a line matching: $2"; }
NOTE='^simulee: note: kernel huge \(launch 1\): 67109888 threads are more than the 67108864 the detectors tell apart in one launch: checked on 32768 of its 65537 blocks \(linear block numbers 0-1023, 30720 blocks evenly spaced from 1024 to 64510, and blocks 64513-65536\); every block.s accesses of global memory were compared between blocks at 4-byte granularity$'

run clean 0
has clean "$NOTE"
has clean '^huge clean: no error, 0 wrong$'
has clean '^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 0 findings$'

run shared 1
has shared "$NOTE"
has shared 'huge_launch.cu:[0-9]+:[0-9]+: error: data race \(read-write, shared memory\) on .s. \+ 0$'
has shared '^note: threads block \(65536,0,0\) thread \(0,0,0\) write and block \(65536,0,0\) thread \(32,0,0\) read'
grep -q 'write by block (65536,0,0) thread (0,0,0) and read by block (65536,0,0) thread (32,0,0) (other warp) \[launch checked on a sample: 32768 of its 65537 blocks\]' "$OUT/shared.json" ||
  fail "shared: the JSON report's message"

run global 1
has global "$NOTE"
has global 'huge_launch.cu:[0-9]+:[0-9]+: error: data race \(read-write, global memory\) on buffer .flag. \+ 0$'
has global '^note: data race between blocks on global memory: block \(3002,0,0\) writes a 4-byte word that block \(5001,0,0\) reads \(found by the word tracking'
has global '^simulee: 1 launch of 1 kernel, 1 checked \(--check first:3\), 1 finding$'

# the same with the blocks on one thread (the parallel run above either
# kept or rerun serially: the same race, named the same way)
mkdir -p "$OUT/j1"
SIMULEE_JOBS=1 SIMULEE_REPORT="$OUT/j1/global.json" "$OUT/huge" global >"$OUT/j1/global.out" 2>"$OUT/j1/global.err"
[ $? = 1 ] || fail "global -j 1: exit status"
grep -q '^note: data race between blocks on global memory: block (3002,0,0) writes a 4-byte word that block (5001,0,0) reads' "$OUT/j1/global.err" ||
  fail "global -j 1: the race"

run fenced 0
has fenced "$NOTE"
has fenced '^simulee: note: kernel huge \(launch 1\): blocks outside the checked sample accessed the same words of global memory, but the kernel orders blocks \(a device-scope fence or an ordering atomic\): not reported as races$'
has fenced '^huge fenced: no error, 0 wrong$'

run double 0 SIMULEE_CHECK=none
has double '^huge double: no error, 0 wrong$'
hasnt double 'note: kernel huge'

run toomany 0
has toomany '^simulee: error: kernel huge: a launch of 4294901760 blocks is above simulee.s limit of 2147483647 blocks$'
has toomany '^huge toomany: too many resources requested for launch$'
echo ok
