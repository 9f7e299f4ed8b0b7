#!/bin/sh
# Run byte_peers (cub_thread_io.cu) on 64 random bytes, 2 warps, and check
# every output against a host reference computed here from the dumped input:
# pairs[2i] = in[i], pairs[2i+1] = the lanes of i's warp whose byte has the
# same low 4 bits, flipped[i] = in[i] ^ 0xff.
#   check_byte_peers.sh SIMULEE FILE -O0|-O2
set -u
sim=$1 file=$2 opt=$3
out=$("$sim" "$file" "$opt" --kernel byte_peers --grid 2 --block 32 --arg 'u8[64]=rand:3:0:255' \
  --arg 'u64[128]' --arg 'u8[64]' --arg 64 --dump 0 --dump 1 --dump 2 2>&1) || {
  echo "FAIL: simulee exit status $?"; echo "$out"; exit 1; }
echo "$out" | awk '
  /^# kernel byte_peers param / { p = $NF; k = 0; next }
  /^simulee:/ { next }
  p == 0 { in_[k++] = $1; next }
  p == 1 { pr[k++] = $1; next }
  p == 2 { fl[k++] = $1; next }
  END {
    bad = 0
    for (i = 0; i < 64; i++) {
      w = int(i / 32) * 32; m = 0
      for (j = 0; j < 32; j++) if (in_[w + j] % 16 == in_[i] % 16) m += 2 ^ j
      if (pr[2 * i] != in_[i] || pr[2 * i + 1] != m || fl[i] != 255 - in_[i]) {
        printf "FAIL: element %d: in %s, pairs %s %s, flipped %s; want peers %d\n",
          i, in_[i], pr[2 * i], pr[2 * i + 1], fl[i], m; bad = 1
      }
    }
    if (length(in_) != 64) { print "FAIL: " length(in_) " input values dumped"; bad = 1 }
    exit bad
  }'
