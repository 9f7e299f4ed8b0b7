#!/bin/sh
# A program split into .cu kernels, a C++ host file and a C file
# (tests/apps/split), built through simulee's nvcc as a Makefile does:
#   split_nvcc.sh TOOLKIT SRC WORK
# nvcc -c per file (the .cpp and the .c compiled for the host against the
# toolkit's headers), the link by nvcc; the .cpp once more as CUDA
# (nvcc -x cu -c); both programs right and clean. Prints "ok".
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
nvcc="$tk/bin/nvcc"
"$nvcc" -c "$src/blend.cu" -o "$work/blend.o" || fail "nvcc -c blend.cu"
"$nvcc" -c "$src/main.cpp" -o "$work/main.o" || fail "nvcc -c main.cpp"
"$nvcc" -c "$src/io.c" -o "$work/io.o" || fail "nvcc -c io.c"
"$nvcc" "$work/blend.o" "$work/main.o" "$work/io.o" -o "$work/split" || fail "link"
"$nvcc" -x cu -c "$src/main.cpp" -o "$work/main_cu.o" || fail "nvcc -x cu -c main.cpp"
"$nvcc" "$work/blend.o" "$work/main_cu.o" "$work/io.o" -o "$work/split_cu" || fail "link (-x cu)"
for p in split split_cu; do
  "$work/$p" 777 >"$work/$p.log" 2>&1 || { cat "$work/$p.log"; fail "$p: status"; }
  grep -qx "split n=777: 0 wrong" "$work/$p.log" || { cat "$work/$p.log"; fail "$p: output"; }
  grep -qx "round trip: 0 changed" "$work/$p.log" || { cat "$work/$p.log"; fail "$p: C file"; }
  grep -q "1 launch of 1 kernel, 1 checked .*, 0 findings" "$work/$p.log" ||
    { cat "$work/$p.log"; fail "$p: findings"; }
done
echo ok
