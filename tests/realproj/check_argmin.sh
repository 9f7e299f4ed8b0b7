#!/bin/sh
# Run tile_argmin<32> (tests/projects/realworld/apps/cg/argmin_tile.cu: a
# cg::reduce of a (value, index) struct with the project's operator) on 128
# random floats, 2 blocks of 64, and check each tile's index and value
# against a host reference computed here from the dumped input.
#   check_argmin.sh SIMULEE FILE -O0|-O2
set -u
sim=$1 file=$2 opt=$3
out=$("$sim" "$file" "$opt" --kernel 'void tile_argmin<32>' --grid 2 --block 64 \
  --arg 'f32[128]=rand:5:-100:100' --arg 'i32[4]' --arg 'f32[4]' --arg 128 \
  --dump 0 --dump 1 --dump 2 2>&1) || { echo "FAIL: simulee exit status $?"; echo "$out"; exit 1; }
echo "$out" | awk '
  / param [0-9]+$/ { p = $NF; k = 0; next }
  /^(#|simulee:)/ { next }
  p == 0 { x[k++] = $1 + 0; next }
  p == 1 { w[k++] = $1 + 0; next }
  p == 2 { m[k++] = $1 + 0; next }
  END {
    bad = (length(x) != 128)
    for (t = 0; t < 4; t++) {
      bi = 32 * t
      for (j = 32 * t; j < 32 * t + 32; j++) if (x[j] < x[bi]) bi = j
      if (w[t] != bi || m[t] != x[bi]) {
        printf "FAIL: tile %d: got index %d value %s, want %d %s\n", t, w[t], m[t], bi, x[bi]; bad = 1
      }
    }
    exit bad
  }'
