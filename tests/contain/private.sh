#!/bin/sh
# Files outside the scanned tree stay private: a scanned file includes a
# file of another folder (-I from its compilation database) whose first line
# is a secret; clang's error about it would quote the secret's first word.
# The scan names the file and line only (text and JSON); a file of the tree
# keeps clang's message.
#   private.sh SIMULEE JSONCHECK SRCDIR
sim=$1; jcheck=$2
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; for f in "$tmp"/out "$tmp"/err; do [ -f "$f" ] && { echo "--- $f"; cat "$f"; }; done; exit 1; }
mkdir -p "$tmp/proj/src" "$tmp/private"
echo 'SECRETWORD:$6$hash:19000:0:99999:7:::' >"$tmp/private/shadow"
printf '#include "shadow"\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n' >"$tmp/proj/src/leak.cu"
printf '__global__ void k2(int *p) { p[threadIdx.x] = undeclared_name; }\n' >"$tmp/proj/src/own.cu"
cat >"$tmp/proj/compile_commands.json" <<JSON
[{"directory": "$tmp/proj", "file": "src/leak.cu", "arguments": ["nvcc", "-I$tmp/private", "-c", "src/leak.cu"]},
 {"directory": "$tmp/proj", "file": "src/own.cu", "arguments": ["nvcc", "-c", "src/own.cu"]}]
JSON
cd "$tmp" || exit 99
"$sim" scan proj/compile_commands.json --no-progress --format json -o r.json >out 2>err; rc=$?
[ "$rc" = 3 ] || fail "exit $rc, expected 3"
grep -q SECRETWORD out err r.json && fail "the private file's text reached the output"
grep -Fq "simulee: proj/src/leak.cu: error: private/shadow:1:1 error in a file outside the scanned tree (clang's message not shown" out ||
  fail "the private file's location is not named"
grep -Fq "proj/src/own.cu: error: src/own.cu:1:47: error: use of undeclared identifier 'undeclared_name'" out ||
  fail "a tree file's message was hidden"
"$jcheck" r.json kernels#2 'kernels.0.message~private/shadow:1:1 error in a file outside' >out 2>&1 || fail "JSON"
exit 0
