# Classes of real CUDA programs (bench/README.md, "Real programs"): each test
# is a program of tests/apps/ written the way real ones are, checking its
# results against a host loop.
if(SIMULEE_FUZZ)
  return()
endif()
set(PROGS_SRC tests/apps)

# cooperative-groups tiles larger than a warp: reduce (int, float, a user
# struct), scans, shfl from one rank, any/all, with tiles of several sizes
# live in one block: right results and no finding
apps_test(cg_big_tiles ARGS --code 0 --match "^cg big tiles: 0 wrong \\(no error\\)$"
  --match "^simulee: 4 launches of 4 kernels, 4 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${PROGS_SRC}/cg_big_tiles.cu --no-color)

# driver API programs (cuInit, contexts, cuModuleLoad/LoadData of the GPU
# binary nvcc -fatbin/-cubin/-ptx writes, cuModuleGetGlobal, cuLaunchKernel)
# and NVRTC (a kernel compiled at run time): right, clean, failures named
add_test(NAME apps_driver_nvrtc
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/driver.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/driver ${APPS_OUT}/driver)
set_tests_properties(apps_driver_nvrtc PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "^ok\n$")

# cuSOLVER set up as the solver samples do: handles, streams and info objects
# work, the dense and the sparse LU solve (computed), cusolverRf's factors
# on the device return CUSOLVER_STATUS_NOT_SUPPORTED with its line, the program's
# host fallback is right
apps_test(solver_stubs ARGS --code 0 --match "^set-up: ok, stream kept: yes$"
  --match "^descriptor: base 1, type symmetric$" --match "^getrf workspace: CUSOLVER_STATUS_SUCCESS$"
  --match "^dense solve: 0 wrong$"
  --match "^sparse solve: 0 wrong, device factors: not supported, again: not supported$"
  --match "^simulee: warning: cusolverRfAccessBundledFactorsDevice is not supported by simulee's cuSOLVER: it returns CUSOLVER_STATUS_NOT_SUPPORTED$"
  --match "^host solve: 0 wrong$" --match "^tear-down: ok$"
  -- ${ASIM} run ${PROGS_SRC}/solver_stubs.cu --no-color)

# nvcuda::wmma GEMMs (half with a float accumulator, int8, tf32, double)
# against host loops: right and clean
apps_test(wmma_gemm ARGS --code 0 --match "^wmma gemms: 0 wrong \\(no error\\)$"
  --match "^simulee: 4 launches of 4 kernels, 4 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${PROGS_SRC}/wmma_gemm.cu --no-color)

# cudaMalloc / cudaFree in device code (the device heap): right and clean
apps_test(device_alloc ARGS --code 0 --match "^device alloc: 40 lines, 0 failed, 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${PROGS_SRC}/device_alloc.cu --no-color)

# half-precision textures (1 and 2 channels; point and linear sampling)
# against host loops: right and clean
apps_test(texture_half ARGS --code 0 --match "^half textures: 0 wrong \\(no error\\)$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${PROGS_SRC}/texture_half.cu --no-color)

# a host .cpp compiled by the plain host compiler holding cuRAND device
# states (curand_kernel.h's types on the host), linked with its kernels
add_test(NAME apps_rng_split
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/rng_split.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/rng_split ${APPS_OUT}/rng_split)
set_tests_properties(apps_rng_split PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "^ok\n$")

# cuFFT's extensions: cufftXtMakePlanMany plans (C2C both ways, R2C) against a
# host DFT; the multi-GPU calls say they are not supported; CUDA 12's statuses
apps_test(fft_xt ARGS --code 0
  --match "^fft xt n=24: 0 wrong, plans ok. devices 1, cufftXtSetGPUs CUFFT_NOT_SUPPORTED$"
  --match "^simulee: warning: cufftXtSetGPUs is not supported by simulee's cuFFT \\(one device\\): it returns CUFFT_NOT_SUPPORTED$"
  -- ${ASIM} run ${PROGS_SRC}/fft_xt.cu --no-color)

# NVTX annotations (ranges, marks, a domain, a named stream) link and keep
# their contracts; the annotated kernels' results are right
apps_test(nvtx_ranges ARGS --code 0
  --match "^nvtx: push levels 0 1, pops 1 0 -1, domain 0 0, ids distinct, 0 wrong$"
  -- ${ASIM} run ${PROGS_SRC}/nvtx_ranges.cu --no-color)

# dynamic parallelism with kernel templates whose arguments the device-side
# launch deduces, an overloaded kernel, cudaMemcpyAsync/cudaMemsetAsync in
# device code (a recursive quicksort): right against std::sort and clean
apps_test(dp_deduce ARGS --code 0 --match "^int: 700 keys, 0 wrong, flag set, done 700 \\(no error\\)$"
  --match "^float: 500 keys, 0 wrong, flag set, done 500 \\(no error\\)$"
  --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${PROGS_SRC}/dp_deduce.cu --no-color)
