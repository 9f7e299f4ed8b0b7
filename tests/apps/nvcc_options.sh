#!/bin/sh
# nvcc's options that build systems use, through simulee's nvcc:
#   nvcc_options.sh TOOLKIT APPS WORK
# -M / -MM (to stdout and -o FILE), -MD / -MMD with -MF and -MT beside -c,
# -E, --dryrun (prints the steps, builds nothing), -Xcompiler -fopenmp and
# -fopenmp through to the link, -Xcompiler with FindCUDA's quoted values,
# -lcuda, CUDA 13's include/cccl layout, host code at -O3 that relies on
# int wrap-around (-fwrapv).
# Prints "ok" when all that holds.
set -u
tk=$1 apps=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
nvcc="$tk/bin/nvcc"
s="$apps/split"
# -M: every header, the toolkit's included; -MM: the project's only
"$nvcc" -M "$s/blend.cu" >"$work/m.d" || fail "-M"
grep -q "^blend.o: .*blend.cu" "$work/m.d" || fail "-M: target line"
grep -q "blend.h" "$work/m.d" && grep -q "cuda_runtime.h" "$work/m.d" || fail "-M: headers"
"$nvcc" -MM "$s/blend.cu" -o "$work/mm.d" || fail "-MM -o"
grep -q "blend.h" "$work/mm.d" || fail "-MM: the project's header"
grep -q "cuda_runtime.h" "$work/mm.d" && fail "-MM: a system header"
# -MD / -MMD beside the compile
"$nvcc" -c "$s/blend.cu" -o "$work/b.o" -MD -MF "$work/b.d" -MT custom_target || fail "-MD"
[ -s "$work/b.o" ] || fail "-MD: no object"
grep -q "^custom_target:" "$work/b.d" && grep -q "cuda_runtime.h" "$work/b.d" || fail "-MD -MF -MT"
"$nvcc" -c "$s/main.cpp" -o "$work/m.o" -MMD -MF "$work/m.d2" || fail "-MMD"
grep -q "blend.h" "$work/m.d2" || fail "-MMD: the project's header"
grep -q "cuda_runtime.h" "$work/m.d2" && fail "-MMD: a system header"
# -E: the preprocessed host pass
"$nvcc" -E "$s/main.cpp" -o "$work/main.ii" || fail "-E"
grep -q "blend_on_device" "$work/main.ii" || fail "-E: output"
grep -q "#include" "$work/main.ii" && fail "-E: not preprocessed"
# --dryrun: the steps on stderr, nothing built
( cd "$work" && "$nvcc" --dryrun "$s/blend.cu" "$s/main.cpp" "$s/io.c" -o dry ) 2>"$work/dry.log" ||
  fail "--dryrun status"
grep -q '^#\$ ' "$work/dry.log" || fail "--dryrun: no steps"
[ -e "$work/dry" ] && fail "--dryrun built the program"
# OpenMP host code: -Xcompiler -fopenmp, and -fopenmp, through to the link
f="$apps/findcuda"
"$nvcc" -O2 -Xcompiler ,\"-g\" -Xcompiler -fopenmp "$f/main.cu" "$f/stencil.cu" -o "$work/omp1" ||
  fail "-Xcompiler -fopenmp"
"$nvcc" -fopenmp "$f/main.cu" "$f/stencil.cu" -o "$work/omp2" || fail "-fopenmp"
for p in omp1 omp2; do
  "$work/$p" 2000 >"$work/$p.log" 2>&1 || { cat "$work/$p.log"; fail "$p: status"; }
  grep -qx "openmp: 1" "$work/$p.log" && grep -qx "smooth n=2000: 0 wrong" "$work/$p.log" ||
    { cat "$work/$p.log"; fail "$p: output"; }
done
# Makefiles that link the driver library without calling it (-lcuda, as many
# benchmark suites' do): the toolkit's lib64/ has libcuda.so
"$nvcc" "$f/main.cu" "$f/stencil.cu" -o "$work/drv" -lcuda || fail "-lcuda"
"$work/drv" 2000 >"$work/drv.log" 2>&1 && grep -qx "smooth n=2000: 0 wrong" "$work/drv.log" ||
  { cat "$work/drv.log"; fail "drv: output"; }
# CUDA 13's include/cccl layout: a file that includes libcu++, CUB and Thrust
# through it (as a system folder, as CUDA 13's nvcc adds it) compiles
for d in nv cub thrust cuda; do [ -d "$tk/include/cccl/$d" ] || fail "include/cccl/$d"; done
printf '#include <nv/target>\n#include <cuda/std/atomic>\n#include <thrust/device_vector.h>\nint main() { return 0; }\n' >"$work/cccl.cu"
"$nvcc" -isystem "$tk/include/cccl" -c "$work/cccl.cu" -o "$work/cccl.o" || fail "-isystem include/cccl"
# host code at -O3 whose own check relies on int wrap-around (-fwrapv)
"$nvcc" -O3 "$apps/host_wrap.cu" -o "$work/wrap" || fail "-O3 host_wrap.cu"
"$work/wrap" >"$work/wrap.log" 2>&1 && grep -qx "host_wrap: 0 wrong" "$work/wrap.log" ||
  { cat "$work/wrap.log"; fail "wrap: output"; }
echo ok
