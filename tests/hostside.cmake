# Host-side compilation as nvcc does it: every header of cuda/ in every
# setting (tests/cuda/each_header.sh: the device and host passes of a .cu
# file, a host .cpp with clang and g++, a host .c with clang and gcc, at
# C++14/17/20), and a program split into .cu kernels, a .cpp driver and a
# .c helper built by `simulee run` and by the toolkit's nvcc.
foreach(setting cu-device cu-host cpp-clang cpp-gcc c-clang c-gcc)
  add_test(NAME headers_each_${setting}
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cuda/each_header.sh ${SIMULEE_CLANG}
                   ${SIMULEE_CUDA_DIR} ${setting})
  set_tests_properties(headers_each_${setting} PROPERTIES LABELS cuda_headers TIMEOUT 900
                       PASS_REGULAR_EXPRESSION "^0 failures\n$")
endforeach()

if(SIMULEE_SANITIZE OR SIMULEE_FUZZ)
  return()
endif()
# .cu kernels (spaced launch chevrons), a C++ driver and a C helper with an
# implicit declaration, through `simulee run`
apps_test(split_run ARGS --code 0
  --match "^split n=1000: 0 wrong$" --match "^round trip: 0 changed$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/split/main.cpp ${APPS_SRC}/split/io.c
     --no-color -- 1000)
# the same through nvcc -c per file, and nvcc -x cu for the .cpp
add_test(NAME apps_split_nvcc
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/split_nvcc.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/split ${APPS_OUT}/split_nvcc)
set_tests_properties(apps_split_nvcc PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "^ok\n$")

# ---- build-system routes: nvcc's dependency, preprocessing and OpenMP
# options; CMake's FindCUDA with CUDA_TOOLKIT_ROOT_DIR (over an NVIDIA
# toolkit in /usr/local/cuda, where one is installed)
add_test(NAME apps_nvcc_options
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/nvcc_options.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/nvcc_options)
set_tests_properties(apps_nvcc_options PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "^ok\n$")
add_test(NAME apps_findcuda
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/findcuda.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/findcuda ${APPS_OUT}/findcuda)
set_tests_properties(apps_findcuda PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "\nok\n$|^ok\n$")

# ---- simulee run's link options and build errors
apps_test(run_link_options ARGS --code 0 --match "^openmp: 1$" --match "^smooth n=1500: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/findcuda/main.cu ${APPS_SRC}/findcuda/stencil.cu -fopenmp -pthread
     -Wl,--as-needed -L ${APPS_OUT} -lm --no-color -- 1500)
apps_test(run_link_missing_library ARGS --code 2
  --match "^simulee: error: the program does not link: .*cannot find -lsimulee_no_such_library"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/split/main.cpp ${APPS_SRC}/split/io.c
     -lsimulee_no_such_library)
# the first error message, not the source line a warning before it quotes
apps_test(run_first_error ARGS --code 2
  --match "^simulee: error: tests/apps/build_errors/warn_then_error.cpp: the host side does not compile: tests/apps/build_errors/warn_then_error.cpp:5:34: error: use of undeclared identifier 'not_declared_anywhere'$"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/build_errors/warn_then_error.cpp)

# ---- what nvcc accepts: PTX special registers with one '%' in inline asm
# with operands (%globaltimer, %clock64, %smid, %lanemask_lt), respelled for
# clang in both passes; a warp-aggregated compaction checked on the host
apps_test(ptx_sregs ARGS --code 0 --match "^kept 461 of 1000: right, timers backwards: 0$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/ptx_sregs.cu --no-color -- 1000)
# `__shared__ alignas(16)` (an alignment specifier after a memory space
# qualifier) and inline asm operands without commas between them, both as
# nvcc takes them: respelled in both passes, right, the tile aligned
apps_test(nvcc_spellings ARGS --code 0 --match "^spellings: 0 wrong, tile aligned yes$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/nvcc_spellings.cu --no-color)

# ---- cuda_fp16.h / cuda_bf16.h conversions in every rounding mode (device
# results equal the host's; exact answers for rounding, saturation, NaN), and
# Thrust with user functors against host loops
apps_test(half_conversions ARGS --code 0 --match "^conversions of 24 inputs: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/half_conversions.cu --no-color)
apps_test(thrust_functors ARGS --code 0 --match "^thrust functors n=500: 19 buckets, 0 wrong$"
  --match ", 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/thrust_functors.cu --no-color -- 500)

# ---- cooperative groups as CUDA 12 has them: thread_block_tile<32,
# thread_block>, 64-thread tiles with block_tile_memory, thread_group in
# generic code, labeled_partition, this_thread, scans; without the large
# tile's barrier, the race on the warp sums
apps_test(cg_tiles ARGS --code 0 --match "^cg tiles 4 blocks: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/cg_tiles.cu --no-color)
apps_test(cg_tiles_no_sync ARGS --code 1
  --match "^tests/apps/cg_tiles.cu:[0-9]+:[0-9]+: error: data race \\(read-write, shared memory\\) on 'warp_sums'"
  -- ${ASIM} run ${APPS_SRC}/cg_tiles.cu --no-color -D NO_TILE_SYNC)

# ---- CMake's CUDA language with a C++-linked target of .cu, .cpp (g++)
# and .c (gcc) files: the toolkit's lib64 is an implicit link directory
add_test(NAME apps_cmake_mixed
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/cmake_mixed.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/split ${APPS_OUT}/cmake_mixed)
set_tests_properties(apps_cmake_mixed PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "\nok\n$|^ok\n$")
