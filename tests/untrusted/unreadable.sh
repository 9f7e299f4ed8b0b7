#!/bin/sh
# A scan of a tree with a folder it cannot open: the folder is a note of the
# report (text and JSON), not a silent skip (tests/untrusted.cmake).
#   unreadable.sh SIMULEE
# As root every folder opens, so there is nothing to test: exit 0 then.
sim=$1
[ "$(id -u)" = 0 ] && { echo "root reads every folder: nothing to test"; exit 0; }
t=$(mktemp -d) || exit 99
trap 'chmod -R u+rwx "$t"; rm -rf "$t"' EXIT
mkdir -p "$t/tree/locked"
printf '__global__ void top_copy(int *o, const int *i) { o[threadIdx.x] = i[threadIdx.x]; }\n' \
  >"$t/tree/top.cu"
printf '__global__ void hidden_race(int *p) { p[0] = threadIdx.x; }\n' >"$t/tree/locked/h.cu"
chmod 000 "$t/tree/locked"
cd "$t" || exit 99
"$sim" scan tree >"$t/out" 2>&1
rc=$?
fail=0
[ "$rc" = 0 ] || { echo "FAIL: exit status $rc, expected 0"; fail=1; }
grep -q '^tree/locked: note: folder not scanned (Permission denied): its .cu files are not checked$' \
  "$t/out" || { echo "FAIL: no note on the locked folder"; fail=1; }
"$sim" scan tree --format json >"$t/json" 2>&1
grep -q '"message": "folder not scanned (Permission denied)' "$t/json" ||
  { echo "FAIL: no note in the JSON report"; fail=1; }
[ "$fail" = 0 ] || { cat "$t/out"; exit 1; }
exit 0
