#!/bin/sh
# libNVVM (runtime/nvvm.c): tests/apps/nvvm.c built as NVIDIA's 7_libNVVM
# samples build theirs (a C compiler, the toolkit's nvvm/include and
# include, -lnvvm from nvvm/lib64, -lcuda), run with the toolkit's
# libcudadevrt.a and libdevice (added lazily): right results, the failures
# named. Prints "ok".
#   nvvm.sh TOOLKIT SRC WORK
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
for f in nvvm/include/nvvm.h nvvm/lib64/libnvvm.so nvvm/lib64/libnvvm.so.4 \
    nvvm/libdevice/libdevice.10.bc lib64/libcudadevrt.a; do
  [ -e "$tk/$f" ] || fail "no $f in the toolkit"
done
${CC:-cc} -std=c11 -Wall -Werror -o "$work/nvvm" "$src/nvvm.c" -I"$tk/include" \
  -I"$tk/nvvm/include" -L"$tk/nvvm/lib64" -lnvvm -L"$tk/lib64" -lcuda \
  -Wl,-rpath,"$tk/nvvm/lib64" >"$work/build.log" 2>&1 || { cat "$work/build.log"; fail "build"; }
LD_LIBRARY_PATH="$tk/lib64" SIMULEE_NO_COLOR=1 "$work/nvvm" "$tk/lib64/libcudadevrt.a" \
  "$tk/nvvm/libdevice/libdevice.10.bc" \
  >"$work/run.log" 2>&1 || { cat "$work/run.log"; fail "status"; }
for line in "libnvvm 2.0, NVVM IR 2.0" \
    "nvvm scale n=1000: 0 wrong" \
    "managed counter: 4 bytes, managed 1, initial 7, after the kernel 112; cuMemAlloc's managed 0" \
    "device-side launch: 0 wrong" \
    "link of NVVM output: CUDA_SUCCESS, of an object: CUDA_ERROR_NOT_SUPPORTED; host pointer of unknown memory: CUDA_ERROR_INVALID_VALUE" \
    "broken IR: NVVM_ERROR_COMPILATION, no result yes, log names it yes" \
    "corrupt bitcode: NVVM_ERROR_COMPILATION, no result yes, log names it yes" \
    "verify: NVVM_ERROR_INVALID_IR, log written" \
    "unknown option: NVVM_ERROR_INVALID_OPTION" \
    "result of a failed compile: NVVM_ERROR_INVALID_PROGRAM" \
    "no module: NVVM_ERROR_NO_MODULE_IN_PROGRAM" \
    "empty module: NVVM_ERROR_INVALID_INPUT" \
    "null program: NVVM_ERROR_INVALID_PROGRAM" \
    "destroyed twice: NVVM_ERROR_INVALID_PROGRAM"; do
  grep -qxF "$line" "$work/run.log" || { cat "$work/run.log"; fail "$line"; }
done
grep -q "^simulee: error: cuLinkAddData: simulee links PTX, cubins and fatbins of its own nvcc and the results of its libNVVM" "$work/run.log" ||
  { cat "$work/run.log"; fail "the object's line"; }
grep -q "3 launches of 3 kernels, 3 checked .*, 0 findings" "$work/run.log" ||
  { cat "$work/run.log"; fail "findings"; }
echo ok
