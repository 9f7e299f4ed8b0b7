#!/bin/sh
# CMake's FindCUDA (tests/apps/findcuda: cuda_add_library, cuda_add_executable,
# nvcc -M for the dependency scan, -Xcompiler ,\"-g\" and -Xcompiler -fopenmp,
# the link by g++ with libgomp) with CUDA_TOOLKIT_ROOT_DIR naming simulee's
# toolkit, which wins over an NVIDIA toolkit in /usr/local/cuda:
#   findcuda.sh TOOLKIT SRC WORK
# Prints "ok" when the program builds, its OpenMP host check runs and it is
# right and clean.
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cmake -S "$src" -B "$work/build" -DCUDA_TOOLKIT_ROOT_DIR="$tk" >"$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log"; fail "configure"; }
grep -q "FindCUDA: nvcc $tk/bin/nvcc, CUDA 12.0" "$work/configure.log" ||
  { grep FindCUDA "$work/configure.log"; fail "FindCUDA did not take the named toolkit"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "build"; }
grep -q "NVCC-depend" "$work/build.log" || grep -rq "NVCC-depend" "$work/build" ||
  fail "no dependency scan (nvcc -M)"
# FindCUDA links the static runtime without a run path: the toolkit's lib64
LD_LIBRARY_PATH="$tk/lib64" "$work/build/smooth" 4000 >"$work/run.log" 2>&1 ||
  { cat "$work/run.log"; fail "status"; }
grep -qx "smooth n=4000: 0 wrong" "$work/run.log" || { cat "$work/run.log"; fail "output"; }
grep -qx "openmp: 1" "$work/run.log" || { cat "$work/run.log"; fail "OpenMP host code"; }
grep -q "1 launch of 1 kernel, 1 checked .*, 0 findings" "$work/run.log" ||
  { cat "$work/run.log"; fail "findings"; }
echo ok
