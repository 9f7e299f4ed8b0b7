#!/bin/sh
# Thread block clusters (tests/cluster.cmake): cluster.sh SIMULEE DIR OPT
# Runs the kernels of dsmem.cu for sm_90 at -OPT and checks their exact
# outputs against the host's, their exact findings, the deadlock of a
# cluster barrier one thread skips, and the usage errors of --cluster.
set -u
sim=$1 dir=$2 opt=$3
fail() { echo "FAIL: $*"; exit 1; }
run() { "$sim" "$dir/dsmem.cu" --arch sm_90 -"$opt" --no-color "$@"; }
swap() { k=$1; shift; run --kernel "$k" --grid 4 --block 64 --arg 'i32[256]=iota' --arg 'i32[256]' "$@"; }

# the clean exchange: out[64b+t] = 10*in[64b+t] + in[64(b^1)+63-t] + 2000
want=$(awk 'BEGIN { for (b = 0; b < 4; b++) for (t = 0; t < 64; t++)
                      print 10 * (64 * b + t) + 64 * (b - b % 2 * 2 + 1) + 63 - t + 2000 }')
out=$(swap swap_tiles --dump 1 --quiet); rc=$?
[ "$rc" = 0 ] || fail "swap_tiles: exit $rc"
[ "$out" = "$want" ] || fail "swap_tiles: output differs from the host's"

# the first cluster.sync() missing: the peer's tile is read before written
rep=$(swap swap_tiles_nosync 2>&1); rc=$?
[ "$rc" = 1 ] || fail "swap_tiles_nosync: exit $rc (expected 1)"
[ "$(printf '%s\n' "$rep" | grep -c ': error: ')" = 1 ] || fail "swap_tiles_nosync: not one finding: $rep"
printf '%s\n' "$rep" | grep -q "dsmem.cu:29:[0-9]*: error: data race (read-write, shared memory) on 'tile' + " ||
  fail "swap_tiles_nosync: no race at the peer read: $rep"
printf '%s\n' "$rep" | grep -q "dsmem.cu:26:[0-9]*: note: the other access" ||
  fail "swap_tiles_nosync: the other access is not the tile store: $rep"
printf '%s\n' "$rep" | grep -q "(different blocks)" || fail "swap_tiles_nosync: not between blocks"
printf '%s\n' "$rep" | grep -q "reproduce with: .*--arch sm_90 " || fail "swap_tiles_nosync: replay without --arch"

# the last cluster.sync() missing: a block reads the tile of a block that ended
rep=$(swap swap_tiles_early_exit 2>&1); rc=$?
[ "$rc" = 1 ] || fail "swap_tiles_early_exit: exit $rc (expected 1)"
printf '%s\n' "$rep" | grep -q "dsmem.cu:29:[0-9]*: error: out-of-bounds access (shared memory) at 'tile' + [0-9]* of cluster rank [01]$" ||
  fail "swap_tiles_early_exit: no finding at the peer read: $rep"
printf '%s\n' "$rep" | grep -q "note: shared memory of a block of the cluster that has exited: read" ||
  fail "swap_tiles_early_exit: no note on the exited block: $rep"

# the distributed histogram: atomics into the owner block's shared memory
vals=$(awk 'BEGIN { for (i = 0; i < 256; i++) printf "%s%d", i ? "," : "", (i * 37 + 11) % 97 }')
want=$(awk 'BEGIN { for (i = 0; i < 256; i++) h[int(i / 128) * 64 + ((i * 37 + 11) % 97) % 64]++
                    for (k = 0; k < 128; k++) print h[k] + 0 }')
hist() { k=$1; shift; run --kernel "$k" --grid 8 --block 32 --arg "i32[256]=list:$vals" --arg 'i32[128]' "$@"; }
out=$(hist cluster_histogram --dump 1 --quiet); rc=$?
[ "$rc" = 0 ] || fail "cluster_histogram: exit $rc"
[ "$out" = "$want" ] || fail "cluster_histogram: output differs from the host's"
# without the second cluster.sync(): bins read while other blocks add to them
rep=$(hist cluster_histogram_nosync 2>&1); rc=$?
[ "$rc" = 1 ] || fail "cluster_histogram_nosync: exit $rc (expected 1)"
printf '%s\n' "$rep" | grep -q "dsmem.cu:88:[0-9]*: error: data race (read-write, shared memory) on 'bins' + " ||
  fail "cluster_histogram_nosync: no race at the bin read: $rep"
printf '%s\n' "$rep" | grep -q "dsmem.cu:84:[0-9]*: note: the other access" ||
  fail "cluster_histogram_nosync: the other access is not the atomicAdd: $rep"

# the cluster from --cluster: clusterid, rank, position and shape
want=$(awk 'BEGIN { for (by = 0; by < 2; by++) for (bx = 0; bx < 4; bx++) for (t = 0; t < 32; t++)
                      print int(bx / 2) * 100000 + (bx % 2 + 2 * by) * 1000 + (bx % 2) * 100 + by * 10 + 4 }')
out=$(run --kernel where --grid 4,2 --block 32 --cluster 2,2 --arg 'i32[256]' --dump 0 --quiet); rc=$?
[ "$rc" = 0 ] || fail "where --cluster 2,2: exit $rc"
[ "$out" = "$want" ] || fail "where --cluster 2,2: output differs from the host's"
# no cluster given: one block per cluster
out=$(run --kernel where --grid 2 --block 1 --arg 'i32[2]' --dump 0 --quiet | tr '\n' ' ')
[ "$out" = "1 100001 " ] || fail "where without a cluster: got '$out'"

# a thread skips the cluster barrier: a deadlock, reported where they wait
rep=$(run --kernel skip_one --grid 2 --block 64 --arg 'i32[128]' 2>&1); rc=$?
[ "$rc" = 3 ] || fail "skip_one: exit $rc (expected 3)"
printf '%s\n' "$rep" | grep -q "skip_one: timeout .*deadlock: threads wait at barrier.cluster (.*dsmem.cu:61:[0-9]*) for threads of their cluster that never arrive" ||
  fail "skip_one: $rep"

# usage errors: one line, exit 2
err=$(run --kernel where --grid 3 --block 32 --cluster 2 --arg 'i32[96]' 2>&1); rc=$?
[ "$rc" = 2 ] || fail "grid 3 cluster 2: exit $rc"
[ "$err" = "simulee: error: kernel where: grid 3x1x1 is not a multiple of the cluster 2x1x1" ] ||
  fail "grid 3 cluster 2: '$err'"
err=$(run --kernel where --grid 4 --block 32 --cluster 4,4,2 --arg 'i32[128]' 2>&1); rc=$?
[ "$rc" = 2 ] || fail "--cluster 4,4,2: exit $rc"
[ "$err" = "simulee: error: --cluster 4,4,2: a cluster has at most 16 blocks" ] || fail "--cluster 4,4,2: '$err'"
err=$(run --kernel where --grid 4 --block 32 --cluster 0 --arg 'i32[128]' 2>&1); rc=$?
[ "$rc" = 2 ] || fail "--cluster 0: exit $rc"

# multi_grid_group: a one-line error naming it
err=$("$sim" "$dir/multi_grid.cu" -"$opt" --no-color --grid 1 --block 32 --arg 'i32[64]' 2>&1); rc=$?
[ "$rc" = 2 ] || fail "multi_grid: exit $rc"
printf '%s\n' "$err" | grep -q "multi_grid.cu:9:[0-9]*: error: 'this_multi_grid' is unavailable: multi_grid_group (multi-device cooperative launch) is removed from CUDA 13 and not simulated by simulee" ||
  fail "multi_grid: '$err'"

# the search: the grid a multiple of the kernel's cluster, the race found
rep=$(run --kernel swap_tiles_nosync --time-limit 120 2>&1); rc=$?
[ "$rc" = 1 ] || fail "search swap_tiles_nosync: exit $rc (expected 1): $rep"
printf '%s\n' "$rep" | grep -q "dsmem.cu:29:[0-9]*: error: data race (read-write, shared memory) on 'tile'" ||
  fail "search swap_tiles_nosync: $rep"
echo ok
