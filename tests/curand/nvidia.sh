#!/bin/sh
# simulee's cuRAND device generators against NVIDIA's (tests/curand.cmake):
#   nvidia.sh SIMULEE CC TOOLKIT DIR
# builds curand_host.c with the toolkit's cuRAND host API (it runs on the
# CPU), and requires simulee's dump of streams.cu (64 threads, subsequence =
# thread) to equal its output line for line: XORWOW and Philox-4x32-10 raw
# draws and uniform floats.
set -u
sim=$1 cc=$2 tk=$3 dir=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
lib=$tk/lib64
[ -e "$lib/libcurand.so" ] || lib=$tk/lib
"$cc" -O1 "$dir/curand_host.c" -I"$tk/include" -L"$lib" -lcurand -o "$tmp/host" ||
  { echo "FAIL: cannot build curand_host.c"; exit 1; }
seed=0x2545f4914f6cdd1d
LD_LIBRARY_PATH=$lib "$tmp/host" $seed 64 >"$tmp/want" || { echo "FAIL: curand_host: exit $?"; exit 1; }
"$sim" "$dir/streams.cu" --grid 2 --block 32 --arg 'u32[256]' --arg 'u32[256]' --arg 'f32[256]' \
  --arg 'f32[256]' --arg $seed --dump 0 --dump 1 --dump 2 --dump 3 --quiet --no-color >"$tmp/got" ||
  { echo "FAIL: simulee: exit $?"; exit 1; }
[ "$(wc -l <"$tmp/want")" = 1028 ] || { echo "FAIL: curand_host printed $(wc -l <"$tmp/want") lines"; exit 1; }
diff "$tmp/want" "$tmp/got" >"$tmp/diff" || { echo "FAIL: simulee differs from cuRAND:"; head -20 "$tmp/diff"; exit 1; }
echo ok
