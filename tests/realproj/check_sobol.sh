#!/bin/sh
# Run sobol_points (sobol.cu) with 32 random direction vectors, 16 threads of
# 4 points each, and check every point against the Sobol sequence computed
# here: point i is the XOR of the direction vectors of the set bits of
# i ^ (i >> 1).
#   check_sobol.sh SIMULEE FILE -O0|-O2
set -u
sim=$1 file=$2 opt=$3
out=$("$sim" "$file" "$opt" --grid 1 --block 16 --arg 'u32[32]=rand:9:0:4294967295' \
  --arg 'u32[64]' --arg 4 --dump 0 --dump 1 2>&1) || { echo "FAIL: simulee exit status $?"; echo "$out"; exit 1; }
echo "$out" | awk '
  function bxor(a, b,   r, p) {
    r = 0; p = 1
    while (a > 0 || b > 0) { if (a % 2 != b % 2) r += p; a = int(a / 2); b = int(b / 2); p *= 2 }
    return r
  }
  / param [0-9]+$/ { p = $NF; k = 0; next }
  /^(#|simulee:)/ { next }
  p == 0 { d[k++] = $1 + 0; next }
  p == 1 { got[k++] = $1 + 0; next }
  END {
    bad = (length(d) != 32 || length(got) != 64)
    for (i = 0; i < 64; i++) {
      g = bxor(i, int(i / 2)); x = 0
      for (b = 0; g > 0; b++) { if (g % 2) x = bxor(x, d[b]); g = int(g / 2) }
      if (got[i] != x) { printf "FAIL: point %d: got %d, want %d\n", i, got[i], x; bad = 1 }
    }
    exit bad
  }'
