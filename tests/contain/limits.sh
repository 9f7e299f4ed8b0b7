#!/bin/sh
# clang under simulee's limits (cli/compile.c): a .cu file that includes a
# FIFO (clang would block for ever) and an exponential template expansion
# stop at --time-limit (at least 5 s for clang) with one error line naming
# the file and the limit
# (exit 3); a scan reports such a file as a `timeout` row (a FIFO include:
# an `error` row naming it) and goes on; the
# child's process group is killed (a helper it left running is gone) and it
# runs under the address-space limit.
#   limits.sh SIMULEE JSONCHECK SRCDIR
sim=$1; jcheck=$2; src=$3
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
mkdir "$tmp/proj"
mkfifo "$tmp/proj/pipe.h" || exit 99
cat >"$tmp/proj/blocked.cu" <<'CU'
#include "pipe.h"
__global__ void blocked(int *p) { p[threadIdx.x] = 1; }
CU
cat >"$tmp/proj/fine.cu" <<'CU'
__global__ void fine(int *p) { p[threadIdx.x] = (int)threadIdx.x; }
CU
cd "$tmp" || exit 99

# clang's bound is --time-limit, at least 5 s: the three single runs below
# run side by side
cat >fakeclang <<'SH'
#!/bin/sh
sleep 120 &
echo $! >>"$FAKE_PIDS"
echo "error: address space limit $(ulimit -v) KiB" >&2
exit 1
SH
chmod +x fakeclang
# 1. a FIFO include: exit 3, one line naming the file and the limit
"$sim" proj/blocked.cu --time-limit 2 >out1 2>err1 &
p1=$!
# 2. the template bomb
"$sim" "$src/template_bomb.cu" --time-limit 2 >out2 2>err2 &
p2=$!
# 3. a fake clang leaving a helper behind that holds its stderr open: the
# whole process group is killed at the deadline
FAKE_PIDS=$tmp/pids SIMULEE_CLANG=$tmp/fakeclang "$sim" proj/fine.cu --time-limit 2 \
  --mem-limit 1M >out3 2>err3 &
p3=$!
wait $p1; rc1=$?; wait $p2; rc2=$?; wait $p3; rc3=$?
mv err1 err
[ "$rc1" = 3 ] || fail "FIFO include: exit $rc1, expected 3"
[ "$(wc -l <err)" = 1 ] || fail "FIFO include: stderr is not one line"
grep -q '^simulee: error: cannot compile proj/blocked.cu: clang ran past the time limit of 5 s (--time-limit, at least 5 s for clang) and was stopped$' err ||
  fail "FIFO include: no error naming the file and the limit"
mv err2 err
[ "$rc2" = 3 ] || fail "template bomb: exit $rc2, expected 3"
grep -q 'template_bomb.cu: clang ran past the time limit of 5 s' err || fail "template bomb: message"
mv err3 err
[ "$rc3" = 3 ] || fail "helper holding stderr: exit $rc3, expected 3"

# 4. a scan: a FIFO include is an error row naming it (the scan checks what
# a file includes before clang runs), the template bomb a timeout row, the
# other file checked, valid JSON
cp "$src/template_bomb.cu" proj/bomb.cu || exit 99
"$sim" scan proj --time-limit 2 --no-progress --format json -o report.json >out 2>err; rc=$?
[ "$rc" = 3 ] || fail "scan: exit $rc, expected 3"
grep -Eq '^blocked\.cu +- +error ' out || fail "scan: no error row for blocked.cu"
grep -q 'names a FIFO (pipe.h), not a regular file' out || fail "scan: the FIFO is not named"
grep -Eq '^bomb\.cu +- +timeout ' out || fail "scan: no timeout row for bomb.cu"
grep -Eq '^fine\.cu +fine +checked ' out || fail "scan: fine.cu not checked"
"$jcheck" report.json kernels#3 kernels.0.file=blocked.cu kernels.0.status=error \
  kernels.1.file=bomb.cu kernels.1.status=timeout 'kernels.1.message~time limit of 5 s' \
  kernels.2.status=checked >out 2>&1 || fail "scan JSON"
sleep 0.2
while read -r pid; do # gone, or a zombie its new parent has not reaped
  state=$(cut -d' ' -f3 "/proc/$pid/stat" 2>/dev/null)
  [ -z "$state" ] || [ "$state" = Z ] || fail "the helper $pid of the killed clang still runs"
done <pids
# 5. the address-space limit: --mem-limit, at least 1 GiB for clang
cat >fakeclang <<'SH'
#!/bin/sh
echo "error: address space limit $(ulimit -v) KiB" >&2
exit 1
SH
SIMULEE_CLANG=$tmp/fakeclang "$sim" proj/fine.cu --mem-limit 1M >out 2>err
grep -q 'address space limit 1048576 KiB' err || fail "clang's address space is not limited to 1 GiB"
SIMULEE_CLANG=$tmp/fakeclang "$sim" proj/fine.cu --mem-limit 3G >out 2>err
grep -q 'address space limit 3145728 KiB' err || fail "clang's address space is not --mem-limit"
exit 0
