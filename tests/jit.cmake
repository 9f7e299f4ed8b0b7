# The native path of unchecked launches (jit/): every program of tests/apps
# (and the multi-file ones, and the Jacobi benchmark) built once and run
# under SIMULEE_CHECK=none with SIMULEE_JIT=0 and =1; stdout and exit status
# must be the same byte for byte (tests/jit/compare.sh). tests/jit/*.cu
# hold the cases the native path must take (exact results of operations the
# interpreter defines, math, atomics, faults, timeouts, texture objects, SIMD
# video assembly, __syncwarp) and those it must
# leave to the interpreter (printf, shuffles, order-dependent atomics,
# assert), with the number of native launches checked.
if(SIMULEE_FUZZ)
  return()
endif()
set(JIT_CMP sh ${CMAKE_CURRENT_SOURCE_DIR}/jit/compare.sh $<TARGET_FILE:simulee>
    ${CMAKE_CURRENT_BINARY_DIR}/jit)
function(jit_test name)
  simulee_test(jit_${name} ${CMAKE_SOURCE_DIR} 300 COMMAND ${JIT_CMP} ${ARGN})
endfunction()

jit_test(native_ops --native 10 tests/jit/native_ops.cu)
# (block_sum's barriers run natively, as coroutines; the other five fall back)
jit_test(fallbacks --native 1 tests/jit/fallbacks.cu)
# texture objects: 4 kernels native, the 2 surface kernels (traps) not
jit_test(textures --native 4 tests/jit/textures.cu)
# PTX SIMD video instructions in inline assembly
jit_test(video --native 1 tests/jit/video.cu)
# __syncwarp and tile syncs: the lanes of a warp pass it together
jit_test(warpsync --native 3 tests/jit/warpsync.cu)
# volatile shared memory: taken natively as it is once the kernel's checked
# launches found no race (a scan through a volatile pointer with barriers:
# its 3 unchecked launches native); while they found one (a legacy
# warp-synchronous sum), each volatile access is a lock-step point of the
# block's threads (its 3 unchecked launches native, its sums the lock
# step's); under --check none all 12 launches are native
jit_test(volatile --native 6 --check first:3 tests/jit/volatile.cu)
jit_test(volatile_unchecked --native 12 --check none tests/jit/volatile.cu)
# coroutines against the interpreter: a kernel's first large unchecked
# launch runs a few blocks each way; the rest and its later launches go to
# the engine the probe chose (forced here: which is faster is the
# benchmark's business): after "interpreter" only the two first launches
# are native, after "native" all six; the output the same either way
jit_test(probe --native 2 --env SIMULEE_JIT_PROBE=interpreter tests/jit/probe.cu)
jit_test(probe_native --native 6 --env SIMULEE_JIT_PROBE=native tests/jit/probe.cu)
# clock(), clock64() and %globaltimer (a per-thread counter, a tick a read:
# interp/sreg.h): spin-waits (clockBlock, a clock64 deadline, a globaltimer
# wait in inline assembly) and timing code around a loop and a barrier, all 9
# launches native with the interpreter's values
jit_test(clock --native 9 tests/jit/clock.cu)
# math functions with result pointers (sincospif into a thread's locals, as
# curand_normal's Box-Muller step; sincos straight into global memory): 6
# launches native; a result pointer past its buffer faults as interpreted
jit_test(math_out --native 6 tests/jit/math_out.cu)
jit_test(math_out_oob --native 1 tests/jit/math_out.cu -- oob)
# a recursion behind a mode parameter (cuda-samples' interval): compiled
# again with the launch's integer arguments as constants; the 4 launches of
# the iterative mode native, the recursive one interpreted
jit_test(recursion_mode --native 4 tests/jit/recursion_mode.cu)
jit_test(fault_oob --native 1 tests/jit/faults.cu -- oob)
jit_test(fault_misaligned --native 1 tests/jit/faults.cu -- misaligned)
jit_test(timeout --native 1 --env SIMULEE_MAX_STEPS=100000 tests/jit/faults.cu -- spin)
jit_test(fault_oob_bar --native 1 tests/jit/faults.cu -- oob_bar)
jit_test(timeout_bar --native 1 --env SIMULEE_MAX_STEPS=100000 tests/jit/faults.cu -- spin_bar)
jit_test(serial --some-native --env SIMULEE_JOBS=1 tests/jit/native_ops.cu)
# the persistent device heap: the list summed natively reads the nodes an
# interpreted launch allocated (the kernels with new and delete are refused)
jit_test(heap_list --native 1 tests/apps/device_heap.cu -- list)

# the kernel corpus (tests/kernels/*.cu, both -O0 and -O2 bitcode): one
# launch of every kernel interpreted and native, memory compared
add_executable(simulee_kcompare jit/kcompare.c)
target_include_directories(simulee_kcompare PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(simulee_kcompare PRIVATE simulee_jit simulee_interp)
simulee_test(jit_kernels ${CMAKE_CURRENT_BINARY_DIR} 600 COMMAND sh -c
  "$<TARGET_FILE:simulee_kcompare> --min-native 60 kernels/*.O0.bc kernels/*.O2.bc")

# the threshold: threads of unchecked launches, or the interpreter's
# instructions of the kernel (simJ_note_interpreted)
add_executable(simulee_jit_threshold jit/threshold.c)
target_include_directories(simulee_jit_threshold PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(simulee_jit_threshold PRIVATE simulee_jit simulee_interp)
simulee_test(jit_min_insns ${CMAKE_CURRENT_BINARY_DIR} 300 COMMAND
  $<TARGET_FILE:simulee_jit_threshold> kernels/matmul.O2.bc)

file(GLOB JIT_APPS CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/tests/apps/*.cu)
foreach(f ${JIT_APPS})
  get_filename_component(n ${f} NAME_WE)
  if(n STREQUAL "unsupported")
    continue() # does not build (its test is the build error)
  endif()
  file(RELATIVE_PATH rel ${CMAKE_SOURCE_DIR} ${f})
  jit_test(apps_${n} ${rel})
endforeach()
jit_test(apps_multi --some-native tests/apps/multi/main.cu tests/apps/multi/saxpy.cu
         tests/apps/multi/reference.cpp)
jit_test(apps_jacobi --native 200 bench/apps/jacobi.cu)
# the default threshold: a kernel compiled after 65536 threads unchecked
jit_test(threshold --native 185 --env SIMULEE_JIT_MIN_THREADS=65536 bench/apps/jacobi.cu)

# simulee run --no-jit: every launch interpreted; by default the unchecked
# ones are native (--stats counts them) once the kernel has run 65536
# threads unchecked: jacobi's 4096-thread launches 4..18 are interpreted
# (the first 3 are checked), the other 182 native
set(JIT_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
simulee_test(jit_cli_no_jit ${CMAKE_SOURCE_DIR} 300 COMMAND ${JIT_EXPECT} --code 0
  --match "^jacobi n=4096 steps=200: 0 wrong$"
  --match "^simulee: stats: native: 0 launches as native code .* \\(SIMULEE_JIT=0\\)$"
  -- $<TARGET_FILE:simulee> run --no-jit --check none --stats bench/apps/jacobi.cu)
simulee_test(jit_cli_default ${CMAKE_SOURCE_DIR} 300 COMMAND ${JIT_EXPECT} --code 0
  --match "^jacobi n=4096 steps=200: 0 wrong$"
  --match "^simulee: stats: native: 182 launches as native code .*, 1 kernels compiled"
  -- $<TARGET_FILE:simulee> run --stats bench/apps/jacobi.cu)
# blocks on two threads (jacobi_pool's 16384-thread sweeps)
jit_test(jobs2 --native 12 --env SIMULEE_JOBS=2 tests/apps/jacobi_pool.cu -- sweep)
