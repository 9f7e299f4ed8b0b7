#!/bin/sh
# <cuda/std/chrono> (tests/libcu.cmake): chrono.sh SIMULEE DIR OPT
# The durations and casts are exact; the two threads' elapsed times (the
# simulated %globaltimer, a per-thread counter one tick on per read:
# interp/sreg.h) are positive multiples of 4, the same for both threads (two
# reads each), and a second run gives the same numbers.
set -u
sim=$1 dir=$2 opt=$3
fail() { echo "FAIL: $*"; exit 1; }
run() {
  "$sim" "$dir/chrono.cu" "$opt" --grid 1 --block 2 --warp-size 1 --arg 'i64[9]' \
    --arg 'i32[2]' --dump 0 --quiet --no-color
}
a=$(run) || fail "exit $?"
b=$(run) || fail "second run: exit $?"
[ "$a" = "$b" ] || fail "two runs differ: '$a' / '$b'"
set -- $a
[ "$1 $2 $3 $4 $5 $6 $9" = "3000 125 2 1 250000000 1 1234" ] || fail "durations: got '$a'"
e0=$7 e1=$8
[ "$e0" -gt 0 ] && [ $((e0 % 4)) = 0 ] || fail "thread 0 elapsed $e0"
[ "$e1" = "$e0" ] || fail "thread 1 elapsed $e1 (thread 0: $e0)"
echo ok
