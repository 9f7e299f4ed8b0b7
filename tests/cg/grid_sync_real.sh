#!/bin/sh
# grid.sync() with NVIDIA's headers (tests/cg.cmake): grid_sync_real.sh
# SIMULEE BITCODE_DIR. At -O0 and -O2, grid_two_phase is clean and its output
# is the host's (out[i] = mid[(i+37)%n] - mid[i], mid[i] = 3*in[i]+1, in =
# iota: 111 for i < n-37, else 111 - 3n), and grid_two_phase_nosync has the
# data race between the read of mid[] and a write of it.
set -u
sim=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
n=256
want=$(awk -v n=$n 'BEGIN { for (i = 0; i < n; i++) print (i + 37 < n) ? 111 : 111 - 3 * n }')
for o in O0 O2; do
  out=$("$sim" "$dir/grid_sync_real.$o.bc" --kernel grid_two_phase --grid 4 --block 64 \
        --arg "i32[$n]=iota" --arg "i32[$n]" --arg "i32[$n]" --arg $n --dump 2 --quiet --no-color)
  rc=$?
  [ "$rc" = 0 ] || fail "-$o grid_two_phase: exit $rc"
  [ "$out" = "$want" ] || fail "-$o grid_two_phase: output differs from the host's"
  rep=$("$sim" "$dir/grid_sync_real.$o.bc" --kernel grid_two_phase_nosync --grid 4 --block 64 \
        --arg "i32[$n]=iota" --arg "i32[$n]" --arg "i32[$n]" --arg $n --no-color 2>&1)
  rc=$?
  [ "$rc" = 1 ] || fail "-$o grid_two_phase_nosync: exit $rc (expected 1)"
  printf '%s\n' "$rep" | grep -q "grid_sync_real.cu:22:[0-9]*: error: data race (read-write, global memory) on buffer 'arg1' + " ||
    fail "-$o grid_two_phase_nosync: no race on mid[] at line 22: $rep"
done
echo ok
