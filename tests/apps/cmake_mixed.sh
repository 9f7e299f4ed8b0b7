#!/bin/sh
# A CMake project of .cu kernels, a .cpp driver and a .c helper
# (tests/apps/split) in one target with CUDA_SEPARABLE_COMPILATION, which
# CMake links with the C++ compiler: -lcudadevrt and -lcudart_static must be
# found in the toolkit's lib64 (CMAKE_CUDA_IMPLICIT_LINK_DIRECTORIES, read
# from nvcc -v's host link line):
#   cmake_mixed.sh TOOLKIT SRC WORK
# Prints "ok" when it builds and runs right and clean.
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work/proj" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cat >"$work/proj/CMakeLists.txt" <<EOT
cmake_minimum_required(VERSION 3.18)
project(split LANGUAGES C CXX CUDA)
add_executable(split $src/main.cpp $src/blend.cu $src/io.c)
find_package(CUDAToolkit REQUIRED)
target_include_directories(split PRIVATE $src)
target_link_libraries(split PRIVATE CUDA::cudart)
set_target_properties(split PROPERTIES CUDA_SEPARABLE_COMPILATION ON CUDA_ARCHITECTURES 70
                      LINKER_LANGUAGE CXX)
EOT
cmake -S "$work/proj" -B "$work/build" -DCMAKE_CUDA_COMPILER="$tk/bin/nvcc" >"$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log"; fail "configure"; }
grep -q "CMAKE_CUDA_IMPLICIT_LINK_DIRECTORIES \"$tk/lib64\"" "$work"/build/CMakeFiles/*/CMakeCUDACompiler.cmake ||
  fail "no implicit link directory"
cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "build"; }
# the static runtime's linker script gives no run path: the toolkit's lib64
LD_LIBRARY_PATH="$tk/lib64" "$work/build/split" 321 >"$work/run.log" 2>&1 ||
  { cat "$work/run.log"; fail "status"; }
grep -qx "split n=321: 0 wrong" "$work/run.log" && grep -qx "round trip: 0 changed" "$work/run.log" ||
  { cat "$work/run.log"; fail "output"; }
echo ok
