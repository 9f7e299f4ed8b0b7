#!/bin/sh
# The scan's own bounds: 2,000 empty .cu files with --max-files 100 (a note
# counts the 1,901 left out; the first 100 are read, not compiled: no kernel
# marker, a `no kernels` note each; exit 3); without the bound all are read
# and none compiled, the one kernel file is checked (exit 1); a file that
# only includes the header of a kernel another file launches is compiled,
# with that file's launch hints; --scan-time-limit stops
# starting files (a note, exit 3). Text without lines starting with `::`,
# strict JSON.
#   bounds.sh SIMULEE JSONCHECK SRCDIR
sim=$1; jcheck=$2; src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; head -40 "$f"; }; done; exit 1; }
mkdir "$tmp/many" "$tmp/slow"
i=0
while [ $i -lt 2000 ]; do : >"$tmp/many/e$i.cu"; i=$((i + 1)); done
cp "$src/shift_race.cu" "$tmp/many/z_race.cu"
cd "$tmp" || exit 99

"$sim" scan many --no-progress --max-files 100 --format json -o r.json >out 2>err; rc=$?
[ "$rc" = 3 ] || fail "--max-files 100: exit $rc, expected 3"
grep -Fq 'many/.: note: 1901 .cu files not scanned: --max-files 100 reached (the first 100 in path order were; the first left out: e1088.cu)' out ||
  fail "--max-files note"
[ "$(grep -c '^many/e[0-9]*\.cu: note: no kernels: ' out)" = 100 ] || fail "not one no-kernels note per file read"
grep -q '^::' out err && fail "a line starts with ::"
"$jcheck" r.json kernels#0 notes#101 >out 2>&1 || fail "JSON (--max-files)"

"$sim" scan many --no-progress --grid 1 --block 64 --format json -o r.json >out 2>err; rc=$?
[ "$rc" = 1 ] || fail "2,000 empty files and a race: exit $rc, expected 1"
grep -Eq '^z_race\.cu +shift +checked +1 ' out || fail "z_race.cu not checked"
[ "$(grep -c '^many/e[0-9]*\.cu: note: no kernels: ' out)" = 2000 ] || fail "no note for each of the 2,000 files"
"$jcheck" r.json kernels#1 kernels.0.file=z_race.cu notes#2000 >out 2>&1 || fail "JSON"

# host-only launches of a header's kernel stay (the header has __global__)
mkdir hosted
cat >hosted/kern.cuh <<'CU'
// Missing __syncthreads(): each thread reads the element its neighbour wrote.
__global__ void neighbour(int *v) {
  __shared__ int s[64];
  s[threadIdx.x] = v[threadIdx.x];
  v[threadIdx.x] = s[63 - threadIdx.x];
}
CU
cat >hosted/main.cu <<'CU'
#include "kern.cuh"
int main() {
  int *d = 0;
  cudaMalloc(&d, 64 * sizeof(int));
  neighbour<<<1, 64>>>(d);
  return 0;
}
CU
printf '#include "kern.cuh"\n' >hosted/a_include.cu # no marker of its own
"$sim" scan hosted --no-progress >out 2>err; rc=$?
[ "$rc" = 1 ] || fail "header kernel: exit $rc, expected 1"
grep -Eq '^a_include\.cu +neighbour +checked +1 ' out || fail "a file whose header has the kernel was not compiled"
grep -q "reproduce with: simulee hosted/a_include.cu --kernel neighbour -Ihosted --grid 1,1,1 --block 64,1,1 " out ||
  fail "main.cu's launch hint (block 64) lost"

# --scan-time-limit: the template bomb first, then nothing more is started
cp "$src/template_bomb.cu" slow/a_bomb.cu
cp "$src/fine.cu" slow/b_fine.cu
"$sim" scan slow --no-progress -j 1 --scan-time-limit 2 --format json -o r.json >out 2>err; rc=$?
[ "$rc" = 3 ] || fail "--scan-time-limit: exit $rc, expected 3"
grep -Eq '^a_bomb\.cu +- +timeout ' out || fail "--scan-time-limit: no timeout row"
grep -Fq 'slow/.: note: --scan-time-limit 2 s reached: 1 file not compiled, 0 kernels not checked (the first: b_fine.cu)' out ||
  fail "--scan-time-limit note"
"$jcheck" r.json kernels.0.status=timeout 'kernels.0.message~--scan-time-limit 2 s' >out 2>&1 || fail "JSON"

# bad values: one line, exit 2
"$sim" scan slow --max-files -1 >out 2>err; rc=$?
[ "$rc" = 2 ] && grep -q "^simulee: error: scan: --max-files '-1': expected 0 (none) to" err || fail "--max-files -1"
"$sim" scan slow --scan-time-limit x >out 2>err; rc=$?
[ "$rc" = 2 ] && grep -q "^simulee: error: scan: --scan-time-limit 'x': expected 0 (none) to" err || fail "--scan-time-limit x"
exit 0
