#!/bin/sh
# Relocatable device code through simulee's nvcc (tests/apps.cmake):
#   rdc_nvcc.sh TOOLKIT SRC WORK
# builds tests/apps/rdc as a build system does with separate compilation
# (nvcc -dc per file, nvcc -dlink, the link), in one nvcc -rdc=true command
# and as a CMake target with CUDA_SEPARABLE_COMPILATION, and runs the three
# programs: right and clean. Prints "ok" when all that holds.
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
nvcc="$tk/bin/nvcc"
"$nvcc" -dc -arch=sm_70 "$src/main.cu" -o "$work/main.o" || fail "nvcc -dc main.cu"
"$nvcc" -dc -arch=sm_70 "$src/physics.cu" -o "$work/physics.o" || fail "nvcc -dc physics.cu"
"$nvcc" -dlink "$work/main.o" "$work/physics.o" -o "$work/dlink.o" || fail "nvcc -dlink"
"$nvcc" "$work/main.o" "$work/physics.o" "$work/dlink.o" -o "$work/separate" || fail "link"
"$nvcc" -rdc=true -O2 "$src/main.cu" "$src/physics.cu" -o "$work/whole" || fail "nvcc -rdc=true"
mkdir -p "$work/cmake" && cat >"$work/cmake/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.18)
project(particles LANGUAGES CXX CUDA)
add_executable(particles $src/main.cu $src/physics.cu)
set_target_properties(particles PROPERTIES CUDA_SEPARABLE_COMPILATION ON CUDA_ARCHITECTURES 70)
EOF
cmake -S "$work/cmake" -B "$work/cmake/build" -DCMAKE_CUDA_COMPILER="$nvcc" >"$work/cmake.log" 2>&1 &&
  cmake --build "$work/cmake/build" >>"$work/cmake.log" 2>&1 || { tail -20 "$work/cmake.log"; fail "cmake"; }
grep -q "cmake_device_link.o" "$work/cmake/build/CMakeFiles/particles.dir/build.make" ||
  fail "cmake: no device link step"
cp "$work/cmake/build/particles" "$work/cmake_built" || fail "cmake: no program"
for p in separate whole cmake_built; do
  "$work/$p" step >"$work/$p.log" 2>&1 || { cat "$work/$p.log"; fail "$p: status"; }
  grep -qx "step: 0 wrong" "$work/$p.log" || { cat "$work/$p.log"; fail "$p: output"; }
  grep -q "0 findings" "$work/$p.log" || { cat "$work/$p.log"; fail "$p: findings"; }
done
echo ok
