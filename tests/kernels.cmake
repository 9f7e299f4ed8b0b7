# The interpreter corpus (tests/kernels/*.cu): our own CUDA kernels, each
# declaring in "//@ run REF: SIMULEE-ARGS" header lines the fixed launches it
# is run with. Included by tests/CMakeLists.txt.
#  - kernel_REF_O0 / kernel_REF_O2: the kernel's bitcode (built here at -O0
#    and -O2) run through the CLI with the detectors on: exit 0, no finding,
#    and every --dump buffer equal to the host reference REF
#    (tests/kernels/check.c, simulee_kcheck); kernel_REF_O2_its: the same
#    at -O2 under --its.
#  - kernel_mutant_FILE_N: FILE.cu without its N-th __syncthreads() call
#    (-O2): a run must report a data race, or the original that barrier as
#    redundant (tests/kernels/mutant.sh).
#  - kernel_check_*: the checker itself rejects wrong dumps.
#  - kernel_bad_*: bad and unsupported input through the CLI
#    (tests/kernels/bad/): exit status and one-line message.
# tests/kernels/auto/ (the search corpus, tests/evolve.cmake) and
# tests/kernels/detect/ (the detector kernels, tests/detect.cmake) are not part
# of this file: the globs below do not descend into subdirectories.

set(KERNELS_SRC ${CMAKE_CURRENT_SOURCE_DIR}/kernels)
set(KERNELS_OUT ${CMAKE_CURRENT_BINARY_DIR}/kernels)

# The host reference checker; it parses --arg values with the CLI's parsers.
add_executable(simulee_kcheck ${KERNELS_SRC}/check.c ${CMAKE_SOURCE_DIR}/cli/args.c)
target_include_directories(simulee_kcheck PRIVATE ${CMAKE_SOURCE_DIR} ${CMAKE_SOURCE_DIR}/include)
target_compile_definitions(simulee_kcheck PRIVATE SIMULEE_VERSION="${PROJECT_VERSION}")
target_link_libraries(simulee_kcheck PRIVATE simulee_core)
add_dependencies(simulee_unit simulee_kcheck)

file(GLOB KERNELS_CU CONFIGURE_DEPENDS ${KERNELS_SRC}/*.cu)
set(KERNELS_SIM $<TARGET_FILE:simulee>)
set(KERNELS_CHECK $<TARGET_FILE:simulee_kcheck>)

if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  set(KERNELS_BC)
  foreach(cu ${KERNELS_CU})
    get_filename_component(n ${cu} NAME_WE)
    # a kernel that does not compile fails its tests (no bitcode), not the build
    simulee_bitcode(KERNELS_BC ${KERNELS_OUT} "corpus kernel" ${cu})

    # one test per declared run and level (a changed header reconfigures)
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${cu})
    file(STRINGS ${cu} runs REGEX "^//@ run [A-Za-z0-9_]+: ")
    foreach(r ${runs})
      string(REGEX REPLACE "^//@ run ([A-Za-z0-9_]+): .*" "\\1" ref "${r}")
      foreach(opt O0 O2)
        add_test(NAME kernel_${ref}_${opt}
          COMMAND sh ${KERNELS_SRC}/run.sh ${KERNELS_SIM} ${KERNELS_CHECK}
                  ${KERNELS_OUT}/${n}.${opt}.bc ${cu} ${ref})
        set_tests_properties(kernel_${ref}_${opt} PROPERTIES TIMEOUT 120)
      endforeach()
      # the same run under --its (independent thread scheduling): the
      # corpus does not rely on lock-step warps either
      add_test(NAME kernel_${ref}_O2_its
        COMMAND sh ${KERNELS_SRC}/run.sh ${KERNELS_SIM} ${KERNELS_CHECK}
                ${KERNELS_OUT}/${n}.O2.bc ${cu} ${ref} --its)
      set_tests_properties(kernel_${ref}_O2_its PROPERTIES TIMEOUT 120)
    endforeach()

    # one mutant per __syncthreads() call
    file(READ ${cu} text)
    string(REGEX MATCHALL "__syncthreads\\(\\)" calls "${text}")
    list(LENGTH calls ncalls)
    if(ncalls EQUAL 0)
      continue()
    endif()
    foreach(k RANGE 1 ${ncalls})
      set(mcu ${KERNELS_OUT}/mutants/${n}_${k}.cu)
      set(mbc ${KERNELS_OUT}/mutants/${n}_${k}.O2.bc)
      add_custom_command(OUTPUT ${mcu}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${KERNELS_OUT}/mutants
        COMMAND sh ${KERNELS_SRC}/mutate.sh ${cu} ${k} ${mcu}
        DEPENDS ${cu} ${KERNELS_SRC}/mutate.sh
        COMMENT "corpus mutant ${n} without barrier ${k}" VERBATIM)
      simulee_bitcode(KERNELS_BC ${KERNELS_OUT}/mutants "corpus mutant" ${mcu} LEVELS O2)
      add_test(NAME kernel_mutant_${n}_${k}
        COMMAND sh ${KERNELS_SRC}/mutant.sh ${KERNELS_SIM}
                ${KERNELS_OUT}/${n}.O2.bc ${mbc} ${cu} ${k})
      set_tests_properties(kernel_mutant_${n}_${k} PROPERTIES TIMEOUT 120)
    endforeach()
  endforeach()
  simulee_bitcode_target(corpus_kernels ${KERNELS_BC})
endif()

# ---- the checker itself fails on a wrong value, a short dump, and a float
# outside its tolerance (and passes one inside)
set(KCHECK_DIR ${KERNELS_OUT}/kcheck)
file(MAKE_DIRECTORY ${KCHECK_DIR})
file(WRITE ${KCHECK_DIR}/seven.txt "7\n")
file(WRITE ${KCHECK_DIR}/empty.txt "")
file(WRITE ${KCHECK_DIR}/near.txt "6.00001\n")
file(WRITE ${KCHECK_DIR}/far.txt "6.001\n")
set(KCHECK_SUM --grid 1 --block 4 --arg i32[4]=iota --arg i32[1] --arg 4 --dump 1)
set(KCHECK_MM --grid 1 --block 1 --arg f32[1]=2 --arg f32[1]=3 --arg f32[1] --arg 1 --arg 1 --arg 1
    --dump 2)
set(KERNELS_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
add_test(NAME kernel_check_wrong_value COMMAND ${KERNELS_EXPECT} --code 1
  --match "^param 1 \\[0\\]: got 7, expected 6$"
  -- ${KERNELS_CHECK} reduce_sum ${KCHECK_DIR}/seven.txt ${KCHECK_SUM})
add_test(NAME kernel_check_short_dump COMMAND ${KERNELS_EXPECT} --code 1
  --match "^param 1: 0 values dumped, the buffer has 1$"
  -- ${KERNELS_CHECK} reduce_sum ${KCHECK_DIR}/empty.txt ${KCHECK_SUM})
add_test(NAME kernel_check_float_near COMMAND ${KERNELS_EXPECT} --code 0
  -- ${KERNELS_CHECK} matmul_tiled ${KCHECK_DIR}/near.txt ${KCHECK_MM})
add_test(NAME kernel_check_float_far COMMAND ${KERNELS_EXPECT} --code 1
  --match "got 6.001, expected 6$"
  -- ${KERNELS_CHECK} matmul_tiled ${KCHECK_DIR}/far.txt ${KCHECK_MM})

# ---- bad input through the CLI (tests/kernels/bad/); each asserts the exit
# status and the one-line message (expect.sh: with status 2, stderr must be
# exactly one "simulee: error:" line). tests/cli.cmake covers the other
# input errors (not bitcode, a 256-byte prefix of a .bc, usage errors).
set(KERNELS_BAD ${KERNELS_SRC}/bad)
function(kernel_bad name)
  add_test(NAME kernel_bad_${name} COMMAND ${KERNELS_EXPECT} ${ARGN})
  set_tests_properties(kernel_bad_${name} PROPERTIES TIMEOUT 60)
endfunction()

# a valid LLVM module that is host code: no kernel to run
kernel_bad(host_module --code 2
  --match "^simulee: error: .*host_only.ll: not a CUDA device module \\(target 'x86_64-pc-linux-gnu', no kernels\\)$"
  -- ${KERNELS_SIM} ${KERNELS_BAD}/host_only.ll --grid 1 --block 1)
# a corpus bitcode cut in half: the header is valid, the function blocks not
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  set(half_bc ${KERNELS_OUT}/bad_half.bc)
  add_custom_command(OUTPUT ${half_bc}
    COMMAND sh -c "n=$(wc -c <\"$0\"); head -c $((n / 2)) \"$0\" >\"$1\"" ${KERNELS_OUT}/reduce.O2.bc ${half_bc}
    DEPENDS ${KERNELS_OUT}/reduce.O2.bc
    COMMENT "corpus bad input: truncated bitcode" VERBATIM)
  add_custom_target(corpus_bad_inputs ALL DEPENDS ${half_bc})
  add_dependencies(simulee_unit corpus_bad_inputs)
  kernel_bad(truncated_half --code 2
    --match "^simulee: error: .*bad_half.bc: corrupt LLVM bitcode"
    -- ${KERNELS_SIM} ${half_bc} --grid 1 --block 1)
endif()
# a deadlock on a flag nobody sets: status timeout, exit 3, at the spin loop
kernel_bad(forever --code 3
  --match "^simulee: kernel wait_forever: timeout \\(grid 2,1,1 block 32,1,1\\): .*step budget of 100000 instructions at .*forever.cu:6:"
  -- ${KERNELS_SIM} ${KERNELS_BAD}/forever.cu --grid 2 --block 32 --arg i32[1] --arg i32[32]
     --max-steps 100000 --no-color)
# an off-by-one write: an out-of-bounds finding (exit 1) at the store, 4
# bytes past the end of the 100-element buffer
kernel_bad(oob_write --code 1
  --match "oob.cu:7:[0-9]+: error: out-of-bounds write \\(global memory\\) at .*'\\[100\\]$"
  -- ${KERNELS_SIM} ${KERNELS_BAD}/oob.cu --grid 2 --block 64 --arg i32[100]=iota --arg i32[100]
     --arg 100 --no-color)
# an unsupported construct (inline PTX simulee does not execute): named
# with the asm text, the kernel and the line, status unsupported (exit 3),
# and the file's other kernel still runs
set(ASM_RUN ${KERNELS_SIM} ${KERNELS_BAD}/asm_unknown.cu -O0 --grid 2 --block 32
    --arg u32[64]=iota --arg u32[64] --no-color)
kernel_bad(unsupported_asm --code 3
  --match "^simulee: kernel field: unsupported \\(grid 2,1,1 block 32,1,1\\): unsupported inline asm 'bfe.u32 \\$0, \\$1, 8, 4.' in _Z5fieldPKjPj at .*asm_unknown.cu:8$"
  -- ${ASM_RUN})
kernel_bad(unsupported_next_kernel --code 3
  --match "^simulee: kernel direct: checked \\(grid 2,1,1 block 32,1,1\\)"
  -- ${ASM_RUN})
# a call through a pointer that designates no function: the lanes trap, an
# error finding at the call's line (exit 1), at -O0 and -O2; the other
# kernel (calls through a __device__ table of function pointers) runs
foreach(opt O0 O2)
  set(INDIRECT_RUN ${KERNELS_SIM} ${KERNELS_BAD}/indirect.cu -${opt} --grid 2 --block 32
      --arg i64[64]=iota --arg i32[64] --no-color)
  kernel_bad(indirect_not_function_${opt} --code 1
    --match "^simulee: kernel fnptr_dispatch: error \\(grid 2,1,1 block 32,1,1\\): call through a pointer that is not a function of the call's type at .*indirect.cu:14:12 "
    -- ${INDIRECT_RUN})
  kernel_bad(indirect_table_${opt} --code 1
    --match "^simulee: kernel direct: checked \\(grid 2,1,1 block 32,1,1\\)"
    -- ${INDIRECT_RUN})
endforeach()
