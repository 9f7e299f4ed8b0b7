# Tests of the automatic input search (`simulee FILE` with no launch): the
# kernels of tests/kernels/auto/, whose bugs show only for particular inputs
# (and race-free kernels that must report nothing), compiled at -O0 and -O2
# at build time, run through the program in auto mode and checked by
# simulee_autocheck (tests/kernels/auto/autocheck.c: the `//@` grammar, the
# finding sets, the exit status, witnesses and replay lines, and the
# argument that the early stop does not miss the input-dependent bugs).
#  - auto_NAME_O0 / auto_NAME_O2: seed 1, default budget: the declared
#    findings exactly, the exit status, every witness and its replay line
#    (run, and it must reproduce the finding), and for the buggy kernels a
#    search that stopped before the generation budget (--early-stop);
#  - auto_NAME_seed2 ... _seed5: the same declarations with four more seeds;
#  - auto_NAME_deterministic: --seed 7 with -j 1 and -j 2, byte-identical
#    JSON reports;
#  - auto_NAME_cu: a few kernels from the .cu (the compile path).
# Included by tests/CMakeLists.txt after simulee_unit is defined.

set(AUTO_SRC_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels/auto)
set(AUTO_OUT ${CMAKE_CURRENT_BINARY_DIR}/auto)
file(MAKE_DIRECTORY ${AUTO_OUT})

add_executable(simulee_autocheck ${AUTO_SRC_DIR}/autocheck.c)
target_link_libraries(simulee_autocheck PRIVATE PkgConfig::JSONC)
add_dependencies(simulee_unit simulee_autocheck)

# Bitcode of every auto kernel at -O0 and -O2 with the project's CUDA flags
# (tests/cmake/helpers.cmake); a kernel that does not compile fails its
# tests, not the build.
file(GLOB AUTO_CU CONFIGURE_DEPENDS ${AUTO_SRC_DIR}/*.cu)
set(AUTO_BC)
simulee_bitcode(AUTO_BC ${AUTO_OUT} "auto kernel" ${AUTO_CU})
simulee_bitcode_target(auto_kernels ${AUTO_BC})

set(AUTOCHECK $<TARGET_FILE:simulee_autocheck>)
set(SIM $<TARGET_FILE:simulee>)
foreach(cu ${AUTO_CU})
  get_filename_component(n ${cu} NAME_WE)
  # the declared findings, exit status and replays, default budget, seed 1;
  # --early-stop: and the search of a buggy kernel stopped before the budget
  foreach(opt O0 O2)
    add_test(NAME auto_${n}_${opt}
      COMMAND ${AUTOCHECK} check ${SIM} ${cu} ${AUTO_OUT}/${n}.${opt}.bc ${AUTO_OUT}
              --early-stop)
  endforeach()
  # not a lucky seed: the same declarations hold for four more seeds (five
  # fixed seeds in all, each run alone)
  foreach(seed 2 3 4 5)
    add_test(NAME auto_${n}_seed${seed}
      COMMAND ${AUTOCHECK} check ${SIM} ${cu} ${AUTO_OUT}/${n}.O2.bc ${AUTO_OUT}/seed${seed}
              --seed ${seed})
    file(MAKE_DIRECTORY ${AUTO_OUT}/seed${seed})
  endforeach()
  # determinism: --seed 7 with -j 1 and -j 2 give the same report
  add_test(NAME auto_${n}_deterministic
    COMMAND ${AUTOCHECK} det ${SIM} ${AUTO_OUT}/${n}.O2.bc ${AUTO_OUT})
  set_tests_properties(auto_${n}_O0 auto_${n}_O2 auto_${n}_seed2 auto_${n}_seed3
                       auto_${n}_seed4 auto_${n}_seed5 auto_${n}_deterministic
                       PROPERTIES WORKING_DIRECTORY ${AUTO_OUT} TIMEOUT 120)
endforeach()

# The same from the .cu itself (simulee compiles it at its default -O2):
# the search, witnesses and replay lines through the compile path.
foreach(n warp_fold tail_return)
  add_test(NAME auto_${n}_cu
    COMMAND ${AUTOCHECK} check ${SIM} ${AUTO_SRC_DIR}/${n}.cu ${AUTO_SRC_DIR}/${n}.cu
            ${AUTO_OUT} --early-stop)
  set_tests_properties(auto_${n}_cu PROPERTIES WORKING_DIRECTORY ${AUTO_OUT} TIMEOUT 120)
endforeach()

# The shape a kernel is written for: a padded tile tile[8][8 + 1] indexed by
# threadIdx.x/y, no host code: every seed and level searches 8 x 8 blocks
# (not the padded 9) and reports nothing.
add_test(NAME auto_transpose_pad_shape
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/honest/seeds.sh ${SIM} $<TARGET_FILE:simulee_jsoncheck>
          "1 2 3 4 5" "0 2" 0 ${AUTO_SRC_DIR}/transpose_pad.cu --
          kernels\#1 kernels.0.status=checked kernels.0.launch.block.0=8
          kernels.0.launch.block.1=8 kernels.0.findings\#0)
set_tests_properties(auto_transpose_pad_shape PROPERTIES WORKING_DIRECTORY ${AUTO_OUT} TIMEOUT 300)

# Locks and flags in other orders: at 24 blocks (more than run at once) the
# blocks that wait for the last one spin past the step budget in ascending
# order; the reversed order ends, so the verdict is the race (no fence after
# the flag read), or checked (fences on both sides), never incomplete.
foreach(k wait_last wait_last_fenced)
  if(k STREQUAL wait_last)
    set(want --code 1 --match "^simulee: kernel wait_last: checked \\(grid 24,1,1"
             --match "spin_order.cu:15:[0-9]+: error: data race \\(read-write, global memory\\)")
  else()
    set(want --code 0 --match "^simulee: kernel wait_last_fenced: checked \\(grid 24,1,1 block 32,1,1\\), [0-9]+ instructions$")
  endif()
  add_test(NAME auto_spin_order_${k}_24
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${want} --
            ${SIM} ${AUTO_OUT}/spin_order.O0.bc --kernel ${k} --grid 24 --block 32
            --arg i32[1]=0 --arg i32[1]=0 --arg i32[24]=0 --max-steps 20000 --no-color)
  set_tests_properties(auto_spin_order_${k}_24 PROPERTIES TIMEOUT 120)
endforeach()

# A race inside a library's headers names the program's line that called the
# library: through the debug info's inlinedAt (-O2) or the one call site of
# the library function (-O0).
foreach(opt O0 O2)
  add_test(NAME auto_cg_flag_caller_${opt}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
            --match "in library code: a flag or tile status published with weak \\.cg stores and loads \\(thread_store\\.cuh, thread_load\\.cuh\\), called from cg_flag\\.cu:11;"
            -- ${SIM} ${AUTO_OUT}/cg_flag.${opt}.bc --seed 1 --format json)
  set_tests_properties(auto_cg_flag_caller_${opt} PROPERTIES TIMEOUT 120)
  add_test(NAME auto_cg_flag_caller_text_${opt}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
            --match "^note: in library code: a flag or tile status published with weak \\.cg stores and loads \\(thread_store\\.cuh, thread_load\\.cuh\\), called from cg_flag\\.cu:11$"
            -- ${SIM} ${AUTO_OUT}/cg_flag.${opt}.bc --seed 1 --no-color)
  set_tests_properties(auto_cg_flag_caller_text_${opt} PROPERTIES TIMEOUT 120)
endforeach()
