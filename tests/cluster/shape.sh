#!/bin/sh
# The cluster shape of a launch in the report (tests/cluster_shape.cmake):
# shape.sh SIMULEE DIR. For kernels that use clusters the text status line
# says "cluster X,Y,Z", the replay command has --cluster X,Y,Z and the JSON
# launch (and a finding's witness) "cluster": [x, y, z], whether the shape
# was given (--cluster), the kernel's (__cluster_dims__) or searched; a
# kernel without clusters has none of them.
set -u
sim=$1 dir=$2
fail() { echo "FAIL: $*"; exit 1; }
peer() { "$sim" "$dir/dsmem32.cu" --arch sm_90 --kernel peer_read32 --no-color "$@"; }
squeeze() { tr -d ' \n'; }

# given: --cluster 4 (clean), text and JSON
out=$(peer --cluster 4 --grid 8 --block 64 --arg 'i32[512]=iota' --arg 'i32[512]' --arg 1 2>&1); rc=$?
[ "$rc" = 0 ] || fail "given: exit $rc: $out"
printf '%s\n' "$out" | grep -q "^simulee: kernel peer_read32: checked (grid 8,1,1 block 64,1,1 cluster 4,1,1), [0-9]* instructions$" ||
  fail "given: status line '$out'"
js=$(peer --cluster 4 --grid 8 --block 64 --arg 'i32[512]=iota' --arg 'i32[512]' --arg 1 --format json | squeeze)
printf '%s' "$js" | grep -q '"launch":{"grid":\[8,1,1\],"block":\[64,1,1\],"shared":0,"cluster":\[4,1,1\],' ||
  fail "given: JSON launch: $js"
printf '%s' "$js" | grep -q '"replay":"simulee[^"]*--cluster4,1,1' || fail "given: JSON replay: $js"
# merge reads the shape back
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
peer --cluster 4 --grid 8 --block 64 --arg 'i32[512]=iota' --arg 'i32[512]' --arg 1 --format json -o "$tmp/r.json"
"$sim" merge "$tmp/r.json" | squeeze | grep -q '"launch":{"grid":\[8,1,1\],"block":\[64,1,1\],"shared":0,"cluster":\[4,1,1\],' ||
  fail "merge: the cluster is lost"

# given, with a finding: the replay line and the witness-free record
rep=$(peer --cluster 2 --grid 4 --block 64 --arg 'i32[256]=iota' --arg 'i32[256]' --arg 0 2>&1); rc=$?
[ "$rc" = 1 ] || fail "race: exit $rc"
printf '%s\n' "$rep" | grep -q "^simulee: kernel peer_read32: checked (grid 4,1,1 block 64,1,1 cluster 2,1,1), [0-9]* instructions, 1 finding$" ||
  fail "race: status line: $rep"
printf '%s\n' "$rep" | grep -q "^note: reproduce with: simulee .*dsmem32.cu --kernel peer_read32 --arch sm_90 --grid 4,1,1 --block 64,1,1 --cluster 2,1,1 --arg " ||
  fail "race: replay: $rep"

# the kernel's __cluster_dims__(2, 1, 1): shown although not given
out=$("$sim" "$dir/dsmem.cu" --arch sm_90 --kernel swap_tiles --grid 4 --block 64 --arg 'i32[256]=iota' --arg 'i32[256]' --no-color 2>&1)
printf '%s\n' "$out" | grep -q "^simulee: kernel swap_tiles: checked (grid 4,1,1 block 64,1,1 cluster 2,1,1), " ||
  fail "__cluster_dims__: '$out'"
js=$("$sim" "$dir/dsmem.cu" --arch sm_90 --kernel swap_tiles --grid 4 --block 64 --arg 'i32[256]=iota' --arg 'i32[256]' --format json | squeeze)
printf '%s' "$js" | grep -q '"cluster":\[2,1,1\]' || fail "__cluster_dims__: JSON: $js"

# searched: the record's launch and each finding's witness carry the shape
rep=$(peer -j 1 --seed 1 2>&1); rc=$?
[ "$rc" = 1 ] || fail "searched: exit $rc"
printf '%s\n' "$rep" | grep -q "^simulee: kernel peer_read32: checked (grid [0-9]*,1,1 block [0-9]*,1,1 cluster [1248],1,1), " ||
  fail "searched: status line: $rep"
printf '%s\n' "$rep" | grep -q "^note: reproduce with: .* --cluster [1248],1,1 --arg " || fail "searched: replay: $rep"
js=$(peer -j 1 --seed 1 --format json | squeeze)
printf '%s' "$js" | grep -q '"witness":{"grid":\[[0-9]*,1,1\],"block":\[[0-9]*,1,1\],"shared":0,"cluster":\[[1248],1,1\],' ||
  fail "searched: JSON witness: $js"

# no clusters: no shape anywhere
out=$("$sim" "$dir/../async/smem32.cu" --arch sm_80 --kernel stray32 --grid 1 --block 32 --arg 'i32[32]' --arg 0 --no-color 2>&1)
printf '%s\n' "$out" | grep -q "^simulee: kernel stray32: checked (grid 1,1,1 block 32,1,1), [0-9]* instructions$" ||
  fail "no cluster: '$out'"
js=$("$sim" "$dir/../async/smem32.cu" --arch sm_80 --kernel stray32 --grid 1 --block 32 --arg 'i32[32]' --arg 0 --format json | squeeze)
printf '%s' "$js" | grep -q '"cluster"' && fail "no cluster: JSON has a cluster: $js"
echo ok
