# Real projects compile as they are: --clang-arg, a vendored CUB winning
# over Debian's, OpenMP/MPI host code (tests/projects/realworld), CUB's
# radix sort against a host reference, the header declarations.
set(RP_SRC ${CMAKE_CURRENT_SOURCE_DIR}/realproj)
set(RP_OUT ${CMAKE_CURRENT_BINARY_DIR}/realproj)
file(MAKE_DIRECTORY ${RP_OUT})
set(RP_SIM $<TARGET_FILE:simulee>)
set(RP_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(rp_test name)
  simulee_test(realproj_${name} ${CMAKE_SOURCE_DIR} 120 ${ARGN})
endfunction()

# ---- --clang-arg: repeatable, reaches clang; bad values are usage errors
rp_test(clang_arg COMMAND ${RP_EXPECT} --code 0 --match "^2$"
  -- ${RP_SIM} ${RP_SRC}/fast_math.cu --clang-arg -ffast-math --clang-arg=-Wno-unused
     --grid 1 --block 4 --arg "f32[4]=8" --arg 4 --arg 4 --dump 0)
rp_test(clang_arg_missing COMMAND ${RP_EXPECT} --code 2 --match "build with -ffast-math"
  -- ${RP_SIM} ${RP_SRC}/fast_math.cu --grid 1 --block 4 --arg "f32[4]=8" --arg 4 --arg 4)
rp_test(clang_arg_value COMMAND ${RP_EXPECT} --code 0 --match "^2$"
  -- ${RP_SIM} ${RP_SRC}/fast_math.cu --clang-arg -Xclang --clang-arg -ffast-math
     --clang-arg -D__FAST_MATH__ --grid 1 --block 4 --arg "f32[4]=8" --arg 4 --arg 4 --dump 0)
rp_test(clang_arg_not_flag COMMAND ${RP_EXPECT} --code 2 --match "--clang-arg fast: not a clang flag"
  -- ${RP_SIM} ${RP_SRC}/fast_math.cu --clang-arg fast)
rp_test(clang_arg_output COMMAND ${RP_EXPECT} --code 2 --match "--clang-arg -o: simulee sets"
  -- ${RP_SIM} ${RP_SRC}/fast_math.cu --clang-arg -o)
rp_test(clang_arg_scan COMMAND ${RP_EXPECT} --code 0 --match "1 kernel: 1 checked"
  -- ${RP_SIM} scan ${RP_SRC}/fast_math.cu --clang-arg -ffast-math --no-progress -j 1)

# ---- a tree vendoring its own CUB (tests/projects/vendored): the scan
# compiles with it, not with Debian's 1.17 (its static_assert says which)
rp_test(vendored_scan SETUP rp_vendored COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/projects/run.sh 1 --
  ${RP_SIM} scan tests/projects/vendored -j 2 --format json -o ${RP_OUT}/vendored.json)
rp_test(vendored_findings REQUIRES rp_vendored COMMAND $<TARGET_FILE:simulee_scancheck> expect
  ${CMAKE_CURRENT_SOURCE_DIR}/projects/vendored.expected ${RP_OUT}/vendored.json)
# one file run with the project's -I: its CUB too; without it, Debian's
# (the file's static_assert names the cause)
rp_test(vendored_run_I COMMAND ${RP_EXPECT} --code 1 --match "block_reduce.cuh:19:.*data race"
  -- ${RP_SIM} tests/projects/vendored/src/block_sum.cu -I tests/projects/vendored/third_party/cub
     --grid 2 --block 128 --arg "i32[1024]=1" --arg "i32[1024]" --arg 4 --arg 1024)
rp_test(vendored_run_debian COMMAND ${RP_EXPECT} --code 2 --match "needs its own CUB 2.x"
  -- ${RP_SIM} tests/projects/vendored/src/block_sum.cu --grid 2 --block 128)

# ---- CUB's inline PTX: ThreadLoad<LOAD_LDG> of a byte (ld.global.nc.u8),
# MatchAny (vote.ballot.sync in a .reg .pred block), ThreadStore<STORE_CG>
# of ulonglong2 (st.cg.v2.u64) and of a byte, checked against a host
# reference; DeviceRadixSort's single-tile kernel sorts device keys as the
# host does (u32 and u8 keys)
foreach(opt -O0 -O2)
  rp_test(cub_thread_io${opt} COMMAND sh ${RP_SRC}/check_byte_peers.sh ${RP_SIM}
    ${RP_SRC}/cub_thread_io.cu ${opt})
  rp_test(radix_sort_u32${opt} COMMAND sh ${RP_SRC}/check_radix.sh ${RP_SIM}
    ${RP_SRC}/radix_sort.cu ${opt} u32 1000)
endforeach()
rp_test(radix_sort_u8 COMMAND sh ${RP_SRC}/check_radix.sh ${RP_SIM} ${RP_SRC}/radix_sort.cu -O2 u8 600)

# ---- cg::reduce of a user struct with a user operator (the realworld
# tree's argmin) against a host reference
foreach(opt -O0 -O2)
  rp_test(cg_reduce_struct${opt} COMMAND sh ${RP_SRC}/check_argmin.sh ${RP_SIM}
    ${CMAKE_SOURCE_DIR}/tests/projects/realworld/apps/cg/argmin_tile.cu ${opt})
endforeach()

# ---- cuRAND's Sobol32 device state: the points of each thread's offset
# against the sequence computed from the dumped direction vectors
foreach(opt -O0 -O2)
  rp_test(sobol32${opt} COMMAND sh ${RP_SRC}/check_sobol.sh ${RP_SIM} ${RP_SRC}/sobol.cu ${opt})
endforeach()

# ---- simulee run: --clang-arg reaches both sides of every file
rp_test(run_clang_arg COMMAND ${RP_EXPECT} --code 0 --match "^sum 2016$"
  -- ${RP_SIM} run --clang-arg -ffast-math ${RP_SRC}/fast_math_app.cu)
rp_test(run_clang_arg_missing COMMAND ${RP_EXPECT} --code 2 --match "build with -ffast-math"
  -- ${RP_SIM} run ${RP_SRC}/fast_math_app.cu)
