#!/bin/sh
# outside.sh EXPECT SIMULEE: nothing outside a scanned tree is read through
# it. A .cu file, a CMakeLists.txt or a folder that is a link to something
# outside the tree is skipped with a note naming the link; clang's message
# about a header of the tree that links to a file elsewhere keeps only its
# location; a finding in such a header is reported without its source line;
# an #include of a device or a FIFO is an error naming it, not compiled.
# The secret's text must appear in no output (text, JSON, SARIF).
expect=$1; sim=$2
d=$(mktemp -d) || exit 99
trap 'rm -rf "$d"' EXIT
mkdir -p "$d/outside/dir" "$d/t/inc" "$d/u/inc" "$d/v/inc" || exit 99
# outside the tree: a secret that parses as nothing, a kernel whose racy
# line carries a secret comment, a folder with a kernel
printf 'HUNTER2_SECRET_TOKEN leaked;\n' >"$d/outside/secret.txt"
printf '__global__ void far(int *p) { p[0] = threadIdx.x; } /* HUNTER2_IN_KERNEL */\n' >"$d/outside/kern.cuh"
printf '__global__ void away(int *p) { p[0] = threadIdx.x; }\n' >"$d/outside/dir/away.cu"
printf 'cmake_minimum_required(VERSION 3.16)\nproject(HUNTER2 NONE)\nfile(WRITE "%s/ran" x)\n' "$d" \
  >"$d/outside/CMakeLists.txt"
# t: the links out, beside one good file and a link inside the tree
printf '__global__ void ok(int *p) { p[threadIdx.x] = 1; }\n' >"$d/t/ok.cu"
ln -s "$d/outside/secret.txt" "$d/t/leak.cu"
ln -s "$d/outside/CMakeLists.txt" "$d/t/CMakeLists.txt"
ln -s "$d/outside/dir" "$d/t/linked"
ln -s ok.cu "$d/t/same.cu" # inside: checked
cd "$d" || exit 99
run() { sh "$expect" "$@" || exit 1; }
nosecret() {
  out=$("$@" 2>&1 </dev/null)
  case $out in *HUNTER2*) echo "FAIL: $*: the secret was printed:"; printf '%s\n' "$out"; exit 1 ;; esac
}
run --code 0 --match '^t/leak.cu: note: not checked: a symbolic link to a file outside the scanned tree$' \
  --match '^t/CMakeLists.txt: note: not checked: a symbolic link to a file outside the scanned tree$' \
  --match '^t/linked: note: folder not scanned \(a symbolic link\): its .cu files are not checked$' \
  --match '^ok.cu +ok +checked' --match '^same.cu +ok +checked' \
  -- "$sim" scan t -j 1 --no-color
[ -e "$d/ran" ] && { echo "FAIL: the linked CMakeLists.txt was configured"; exit 1; }
for f in text json sarif; do nosecret "$sim" scan t -j 1 --no-color --format $f; done
# u: a header of the tree that links to the secret: clang's message keeps
# its location only; one that links to the outside kernel: its race is
# found, its source line not quoted
ln -s "$d/outside/secret.txt" "$d/u/inc/secret.h"
printf '#include "inc/secret.h"\n__global__ void uses(int *p) { p[0] = 1; }\n' >"$d/u/uses.cu"
ln -s "$d/outside/kern.cuh" "$d/u/inc/kern.cuh"
printf '#include "inc/kern.cuh"\n' >"$d/u/far.cu"
run --code 1 --match '^simulee: u/uses.cu: error: u/inc/secret.h:1:1 error in a file outside the scanned tree \(clang.s message not shown: it may quote the file\)$' \
  --match '^u/inc/kern.cuh:1:[0-9]+: error: data race' \
  --match '^far.cu +far +checked +1 ' \
  -- "$sim" scan u -j 1 --no-color
for f in text json sarif; do nosecret "$sim" scan u -j 1 --no-color --format $f; done
# v: #include of /dev/zero, of a FIFO (through a header, <...>), of a link
# to a device: errors naming them, nothing compiled (no wait on the FIFO)
mkfifo "$d/v/inc/pipe.h" || exit 99
ln -s /dev/urandom "$d/v/inc/random.h"
printf '#include "/dev/zero"\n__global__ void a(int *p) { p[0] = 1; }\n' >"$d/v/zero.cu"
printf '#pragma once\n#include <pipe.h>\n' >"$d/v/inc/level.h"
printf '#include "inc/level.h"\n__global__ void b(int *p) { p[0] = 1; }\n' >"$d/v/fifo.cu"
printf '#include "inc/random.h"\n' >"$d/v/random.cu"
printf '__global__ void c(int *p) { p[threadIdx.x] = 1; }\n' >"$d/v/good.cu"
run --code 3 \
  --match '^simulee: v/zero.cu: error: zero.cu:1: #include "/dev/zero" names a device \(/dev/zero\), not a regular file: not compiled$' \
  --match '^simulee: v/fifo.cu: error: inc/level.h:2: #include <pipe.h> names a FIFO \(inc/pipe.h\), not a regular file: not compiled$' \
  --match '^simulee: v/random.cu: error: random.cu:1: #include "inc/random.h" names a device \(inc/random.h\), not a regular file: not compiled$' \
  --match '^good.cu +c +checked' \
  -- timeout 60 "$sim" scan v -j 1 --no-color
# w: a database of the tree whose command names an options file outside
# it (its -D would reach the replay line): not read, a warning; one in the
# tree is read
mkdir -p "$d/w" || exit 99
printf -- '-DHUNTER2_DEFINE=1\n' >"$d/outside/opts.rsp"
printf -- '-DWIDTH=4\n' >"$d/w/good.rsp"
printf '#ifndef WIDTH\n#error WIDTH\n#endif\n__global__ void wide(int *p) { p[threadIdx.x %% WIDTH] = threadIdx.x; }\n' >"$d/w/wide.cu"
cat >"$d/w/compile_commands.json" <<JSON
[{"directory": "$d/w", "file": "wide.cu",
  "arguments": ["nvcc", "@$d/outside/opts.rsp", "@good.rsp", "-c", "wide.cu"]}]
JSON
run --code 1 --match "^simulee: warning: $d/outside/opts.rsp: an options file outside the scanned tree, not read$" \
  --match '^wide.cu +wide +checked +1 ' -- "$sim" scan w -j 1 --no-color --configure=no
nosecret "$sim" scan w -j 1 --no-color --configure=no
echo ok
