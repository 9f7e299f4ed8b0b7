#!/bin/sh
# Driver API and NVRTC programs (tests/apps/driver), built as CUDA's samples
# build them: the kernels alone with nvcc -fatbin (and -cubin: the same GPU
# binary; -ptx: the same as text), the host .cpp linked with -lcuda (-lnvrtc):
#   driver.sh TOOLKIT SRC WORK
# The module loaded from memory and from the file, under each of the three
# names; NVRTC's program compiled at run time; virtual memory management
# and a link (vmm_main.cpp). Right and clean, and the
# failures a program meets named. Prints "ok".
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
nvcc="$tk/bin/nvcc"
"$nvcc" -fatbin -o "$work/k.fatbin" "$src/saxpy_kernels.cu" || fail "nvcc -fatbin"
( cd "$work" && "$nvcc" -cubin -arch=sm_80 "$src/saxpy_kernels.cu" ) || fail "nvcc -cubin"
[ -s "$work/saxpy_kernels.cubin" ] || fail "no saxpy_kernels.cubin"
"$nvcc" -ptx "$src/saxpy_kernels.cu" -o "$work/k.ptx" || fail "nvcc -ptx"
"$nvcc" -o "$work/drv" "$src/main.cpp" -lcuda || fail "link drv"
"$nvcc" -o "$work/rtc" "$src/nvrtc_main.cpp" -lcuda -lnvrtc || fail "link rtc"
for img in k.fatbin saxpy_kernels.cubin k.ptx; do
  for how in data file; do
    "$work/drv" "$work/$img" 1000 $how >"$work/drv.log" 2>&1 || { cat "$work/drv.log"; fail "$img $how: status"; }
    grep -qx "driver saxpy n=1000: 0 wrong, bias 16 bytes, 1 launch" "$work/drv.log" ||
      { cat "$work/drv.log"; fail "$img $how: output"; }
    grep -qx "compute mode default, texture 2D width agrees: yes, layers yes, peers 0" "$work/drv.log" ||
      { cat "$work/drv.log"; fail "$img: attributes"; }
    grep -qx "occupancy: block ok, grid ok" "$work/drv.log" || { cat "$work/drv.log"; fail "$img: occupancy"; }
    grep -qx "driver textures: 0 wrong" "$work/drv.log" || { cat "$work/drv.log"; fail "$img: textures"; }
    grep -qx "missing function: CUDA_ERROR_NOT_FOUND" "$work/drv.log" || fail "$img: missing function"
    grep -qx "PTX image: CUDA_ERROR_INVALID_IMAGE" "$work/drv.log" || fail "$img: PTX image"
    grep -q "^simulee: error: cuModuleLoadData: the image is PTX, which simulee cannot run" "$work/drv.log" ||
      { cat "$work/drv.log"; fail "$img: the PTX line"; }
    grep -q "4 launches of 3 kernels, 4 checked .*, 0 findings" "$work/drv.log" ||
      { cat "$work/drv.log"; fail "$img $how: findings"; }
  done
done
# a device binary needs a .cu file
"$nvcc" -fatbin -o "$work/x.fatbin" "$src/main.cpp" >"$work/bad.log" 2>&1 && fail "-fatbin of a .cpp"
grep -q "^nvcc fatal   : fatbin needs a .cu file" "$work/bad.log" || { cat "$work/bad.log"; fail "-fatbin of a .cpp: message"; }
( cd "$src" && "$work/rtc" ) >"$work/rtc.log" 2>&1 || { cat "$work/rtc.log"; fail "rtc: status"; }
grep -qx "header from the working folder: 32 of 32 shifted" "$work/rtc.log" || { cat "$work/rtc.log"; fail "rtc: header"; }
grep -qx "nvrtc 12.0 poly n=500: 0 wrong" "$work/rtc.log" || { cat "$work/rtc.log"; fail "rtc: output"; }
grep -q "^broken: NVRTC_ERROR_COMPILATION, log names it: yes" "$work/rtc.log" || { cat "$work/rtc.log"; fail "rtc: broken"; }
grep -q "2 launches of 2 kernels, 2 checked .*, 0 findings" "$work/rtc.log" || { cat "$work/rtc.log"; fail "rtc: findings"; }
# virtual memory management and a link (runtime/vmm.c, runtime/driver.c):
# right; the copy after cuMemUnmap is a finding (status 1)
"$nvcc" -o "$work/vmm" "$src/vmm_main.cpp" -lcuda || fail "link vmm"
head -1 "$work/k.ptx" | grep -qx "// simulee PTX: a GPU binary of simulee's nvcc, in base64" ||
  fail "-ptx: not text"
"$work/vmm" "$work/k.ptx" >"$work/vmm.log" 2>&1
[ $? -eq 1 ] || { cat "$work/vmm.log"; fail "vmm: status"; }
for line in "vmm 1, fd handles 1, compression 0" \
    "link: wall time 0, logs empty yes" \
    "granularity 2 MiB, compression granted 0, mapped twice: CUDA_ERROR_INVALID_VALUE" \
    "vmm: 0 wrong" \
    "cuMemFree of a range: CUDA_ERROR_INVALID_VALUE, copy after unmap: CUDA_ERROR_INVALID_VALUE, free of a mapped range: CUDA_ERROR_INVALID_VALUE"; do
  grep -qxF "$line" "$work/vmm.log" || { cat "$work/vmm.log"; fail "vmm: $line"; }
done
grep -q "vmm_main.cpp:[0-9]*: error: use after free: cudaMemcpy: the source" "$work/vmm.log" ||
  { cat "$work/vmm.log"; fail "vmm: the finding"; }
# two NVRTC programs' LTO IR linked by nvJitLink (runtime/jitlink.c): an
# extern __device__ function resolved across them; what it refuses
"$nvcc" -o "$work/jitlink" "$src/jitlink_main.cpp" -lcuda -lnvrtc -lnvJitLink || fail "link jitlink"
"$work/jitlink" >"$work/jitlink.log" 2>&1 || { cat "$work/jitlink.log"; fail "jitlink: status"; }
for line in "jitlink 12.0 axpy_blend n=700: 0 wrong" "no arch: MISSING_ARCH" "junk: INVALID_INPUT" \
    "defined twice: INVALID_INPUT, log names the link: yes" "destroyed handle: INVALID_INPUT" \
    "cuLink of two inputs: 0 wrong" "cuLink of a function defined twice: CUDA_ERROR_INVALID_IMAGE" \
    "simulee: error: nvJitLinkCreate: no -arch=sm_NN option (nvJitLink needs one)"; do
  grep -qxF "$line" "$work/jitlink.log" || { cat "$work/jitlink.log"; fail "jitlink: $line"; }
done
grep -q "^simulee: warning: .*jitlink_main.cpp:[0-9]*: nvJitLinkComplete: nvJitLink handle 0x[0-9a-f]* was destroyed: returns NVJITLINK_ERROR_INVALID_INPUT" "$work/jitlink.log" ||
  { cat "$work/jitlink.log"; fail "jitlink: the destroyed handle's line"; }
echo ok
