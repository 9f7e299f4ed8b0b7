#!/bin/sh
# --arch (tests/arch.cmake): arch.sh SIMULEE DIR
# The target reaches clang (__CUDA_ARCH__ in the dumped values), the default
# is sm_70, `simulee scan` takes it, and a target outside the list is a usage
# error (exit 2, one line naming it).
set -u
sim=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
run() { "$sim" "$dir/which.cu" --grid 1 --block 2 --arg 'i32[2]' --dump 0 --quiet --no-color "$@"; }
out=$(run) || fail "default: exit $?"
[ "$out" = "$(printf '7000\n7001')" ] || fail "default: got '$out'"
for a in sm_70:7000 sm_75:7500 sm_80:8001 sm_86:8601 sm_89:8901 sm_90:9001 sm_90a:9001; do
  t=${a%%:*} v=${a#*:}
  out=$(run --arch "$t") || fail "--arch $t: exit $?"
  [ "$(printf '%s\n' "$out" | head -1)" = "$v" ] || fail "--arch $t: got '$out', expected $v first"
done
# __nvvm_reflect("__CUDA_ARCH") at -O0 (not folded by clang) answers the target
for a in sm_70:700 sm_80:800 sm_86:860 sm_90a:900; do
  t=${a%%:*} v=${a#*:}
  out=$("$sim" "$dir/reflect.cu" -O0 --grid 1 --block 1 --arg 'u32[1]' --dump 0 --quiet --arch "$t") ||
    fail "reflect --arch $t: exit $?"
  [ "$out" = "$v" ] || fail "reflect --arch $t: got '$out', expected $v"
done
err=$(run --arch sm_61 2>&1); rc=$?
[ "$rc" = 2 ] || fail "--arch sm_61: exit $rc (expected 2)"
[ "$err" = "simulee: error: --arch sm_61: the target is one of sm_70, sm_75, sm_80, sm_86, sm_89, sm_90, sm_90a" ] ||
  fail "--arch sm_61: message '$err'"
"$sim" scan "$dir/which.cu" --arch sm_90 --no-progress --time-limit 20 -j 1 >/dev/null 2>&1; rc=$?
[ "$rc" = 0 ] || fail "scan --arch sm_90: exit $rc"
"$sim" scan "$dir/which.cu" --arch sm_12 --no-progress >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || fail "scan --arch sm_12: exit $rc (expected 2)"
echo ok
