#!/bin/sh
# A host program on nvJPEG built with CMake against simulee's toolkit root
# (tests/apps.cmake):
#   cmake_nvjpeg.sh TOOLKIT PROJECT WORK
# configures tests/apps/cmake_nvjpeg with CUDAToolkit_ROOT (find_package(CUDAToolkit), CUDA::nvjpeg
# and CUDA::nvjpeg_static), builds it and runs both programs (the static
# one, like CUDA::cudart_static's, names the runtime library without a path:
# LD_LIBRARY_PATH finds it); prints "ok" when each printed "ok".
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cmake -S "$src" -B "$work/build" -DCUDAToolkit_ROOT="$tk" >"$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log"; fail "configure"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "build"; }
for p in roundtrip roundtrip_static; do
  LD_LIBRARY_PATH=$tk/lib64 SIMULEE_QUIET=1 "$work/build/$p" >"$work/$p.log" 2>&1 || { cat "$work/$p.log"; fail "$p"; }
  grep -qx "ok" "$work/$p.log" || { cat "$work/$p.log"; fail "$p: output"; }
  cat "$work/$p.log"
done
echo ok
