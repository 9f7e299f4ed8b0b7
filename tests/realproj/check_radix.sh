#!/bin/sh
# Run CUB's single-tile radix sort kernel of radix_sort.cu on N random keys
# of TYPE (u32 or u8, one block of 256 threads, bits 0..end) and compare its
# output with the input sorted on the host (sort -n).
#   check_radix.sh SIMULEE FILE -O0|-O2 u32|u8 N
set -u
sim=$1 file=$2 opt=$3 ty=$4 n=$5
case $ty in
  u32) c=j bits=32 hi=4294967295 ;;
  u8) c=h bits=8 hi=255 ;;
  *) echo "check_radix.sh: TYPE is u32 or u8" >&2; exit 2 ;;
esac
k="_ZN3cub32CUB_101702___CUDA_ARCH_LIST___NS31DeviceRadixSortSingleTileKernelINS0_21DeviceRadixSortPolicyI${c}NS0_8NullTypeEjE9Policy800ELb0E${c}S3_jEEvPKT1_PS6_PKT2_PSA_T3_ii"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$sim" "$file" "$opt" --kernel "$k" --grid 1 --block 256 --arg "$ty[$n]=rand:11:0:$hi" \
  --arg "$ty[$n]" --arg null --arg null --arg "$n" --arg 0 --arg "$bits" --dump 0 --dump 1 \
  >"$tmp/out" 2>"$tmp/err" || { echo "FAIL: simulee exit status $?"; cat "$tmp/err"; exit 1; }
awk -v d="$tmp" '/ param 0$/ { f = d "/in"; next } / param 1$/ { f = d "/got"; next }
  /^(#|simulee:)/ { next } f { print > f }' "$tmp/out"
[ "$(wc -l <"$tmp/in")" -eq "$n" ] || { echo "FAIL: $(wc -l <"$tmp/in") keys dumped, not $n"; exit 1; }
sort -n "$tmp/in" >"$tmp/ref"
if ! cmp -s "$tmp/ref" "$tmp/got"; then
  echo "FAIL: the device sort differs from the host sort:"; diff "$tmp/ref" "$tmp/got" | head; exit 1
fi
# not already sorted: the test would pass with a copy
cmp -s "$tmp/in" "$tmp/ref" && { echo "FAIL: the input was sorted already"; exit 1; }
echo "sorted $n $ty keys as the host does"
