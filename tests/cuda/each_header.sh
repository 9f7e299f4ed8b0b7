#!/bin/sh
# Every public header simulee ships (cuda/, and the CCCL entry headers it
# forwards to) compiles wherever NVIDIA's does: the device and host passes
# of a .cu file (as `simulee run` compiles them), a host .cpp file with
# clang and with g++, a host .c file with clang and gcc (the headers NVIDIA
# makes C-clean), at -std=c++14/17/20 (C: c11), with -Wall -Werror.
# usage: each_header.sh CLANG CUDA_DIR [SETTING...]
# SETTING: cu-device cu-host cpp-clang cpp-gcc c-clang c-gcc (default all).
# STDS (environment): the C++ standards (default c++14 c++17 c++20).
# Prints one line per failing (header, setting, standard) with the compiler's
# first error, then "N failures"; exit status 1 when any.
CLANG=$1
CUDA=$2
shift 2
settings=${*:-cu-device cu-host cpp-clang cpp-gcc c-clang c-gcc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/simulee-hdr-XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
# the headers: every file of cuda/ but the generated tables and text
headers=$(cd "$CUDA" && find . -type f ! -name '*.txt' ! -name '*.md' ! -name '*.py' \
  ! -name curand_xorwow_jump.h | sed 's|^\./||' | LC_ALL=C sort)
# CCCL entry headers forwarded to (Debian's CUB/Thrust/libcu++)
cccl="thrust/device_vector.h thrust/host_vector.h thrust/sort.h thrust/reduce.h \
thrust/extrema.h cub/cub.cuh cuda/std/atomic cuda/std/cstdint cuda/std/type_traits \
cuda/atomic"
# the headers NVIDIA's toolkit lets a C file include
c_ok="builtin_types.h channel_descriptor.h cuComplex.h cublas_api.h cublas_v2.h cublasLt.h \
cuda.h cuda_runtime_api.h cuda_runtime.h cufft.h curand.h cusparse.h cusolverDn.h \
device_types.h driver_functions.h driver_types.h library_types.h surface_types.h \
texture_types.h vector_types.h vector_functions.h cuda_profiler_api.h nvToolsExt.h \
math_constants.h cuda_occupancy.h simulee_cuda_types.h nvjpeg.h"
# headers that exist only for device code, in NVIDIA's toolkit too
fails=0
try() { # setting std header command...
  s=$1 std=$2 h=$3
  shift 3
  if ! "$@" >"$tmp/out" 2>&1; then
    fails=$((fails + 1))
    line=$(grep -m1 'error' "$tmp/out")
    [ -n "$line" ] || line=$(grep -m1 . "$tmp/out")
    echo "$h: $s $std: $line"
  fi
}
cu_common="-x cuda -nocudainc -nocudalib --cuda-path=/nonexistent --cuda-gpu-arch=sm_70 \
-Wno-unknown-cuda-version -Xclang -fcuda-allow-variadic-functions -isystem $CUDA \
-include cuda_runtime.h -Wall -Werror -fsyntax-only"
for h in $headers $cccl; do
  printf '#include <%s>\nint simulee_each_header_probe;\n' "$h" >"$tmp/t.cu"
  cp "$tmp/t.cu" "$tmp/t.c"
  # a host .cpp then includes the standard library, whose headers spell
  # __attribute__((__noinline__)) (libstdc++'s shared_ptr_base.h)
  printf '#include <%s>\n#include <memory>\nint simulee_each_header_probe;\n' "$h" >"$tmp/t.cpp"
  for s in $settings; do
    # CUB is for nvcc (and clang in CUDA mode) only, NVIDIA's as this one
    case $h:$s in cub/*:cpp-*) continue ;; esac
    case $s in
    c-*)
      case " $(echo $c_ok) " in *" $h "*) ;; *) continue ;; esac
      cc=$CLANG
      [ "$s" = c-gcc ] && cc=gcc
      try "$s" c11 "$h" $cc -x c -std=c11 -isystem "$CUDA" -Wall -Werror -fsyntax-only "$tmp/t.c"
      continue ;;
    esac
    for std in ${STDS:-c++14 c++17 c++20}; do
      case $s in
      cu-device) try "$s" $std "$h" "$CLANG" $cu_common --cuda-device-only -Xclang -target-feature \
          -Xclang +ptx75 -std=$std "$tmp/t.cu" ;;
      cu-host) try "$s" $std "$h" "$CLANG" $cu_common --cuda-host-only -std=$std "$tmp/t.cu" ;;
      cpp-clang) try "$s" $std "$h" "$CLANG" -x c++ -isystem "$CUDA" -Wall -Werror -std=$std \
          -fsyntax-only "$tmp/t.cpp" ;;
      cpp-gcc) try "$s" $std "$h" g++ -x c++ -isystem "$CUDA" -Wall -Werror -std=$std \
          -fsyntax-only "$tmp/t.cpp" ;;
      esac
    done
  done
done
echo "$fails failures"
[ "$fails" = 0 ]
