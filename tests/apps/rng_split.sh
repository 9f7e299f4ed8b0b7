#!/bin/sh
# A Monte Carlo program split into a .cu file (kernels, nvcc -c) and a .cpp
# file compiled by the plain host compiler against the toolkit's headers,
# whose plan holds cuRAND device states (tests/apps/rng_split), as CMake
# builds such a program:
#   rng_split.sh TOOLKIT SRC WORK
# The host file compiles (curand_kernel.h's state types on the host), the
# program links and its paths repeat per seed. Prints "ok".
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
"$tk/bin/nvcc" -c "$src/paths.cu" -o "$work/paths.o" || fail "nvcc -c paths.cu"
c++ -std=c++17 -Wall -Werror -isystem "$tk/include" -I"$src" -c "$src/main.cpp" -o "$work/main.o" ||
  fail "c++ -c main.cpp"
"$tk/bin/nvcc" "$work/paths.o" "$work/main.o" -o "$work/rng" || fail "link"
"$work/rng" >"$work/rng.log" 2>&1 || { cat "$work/rng.log"; fail "status"; }
grep -qx "rng split: 500 of 500 paths repeat, 500 differ with another seed, mean near 1/2" "$work/rng.log" ||
  { cat "$work/rng.log"; fail "output"; }
grep -q "6 launches of 2 kernels, 6 checked .*, 0 findings" "$work/rng.log" || { cat "$work/rng.log"; fail "findings"; }
echo ok
