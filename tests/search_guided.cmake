# The guided search (issue #10): block shapes real programs use,
# inner-dimension overruns, branch-outcome coverage.
#  - tests/kernels/auto/tile8.cu, a fixed 8x8 tile transpose, is clean for
#    its 8x8 block: from the .bc without host code (tests/evolve.cmake runs
#    every auto kernel at -O0/-O2 and seeds 2..5: the search prefers the
#    8x8 shape its index arithmetic names), here from the .cu (the host
#    launch 8x8) with five seeds; and it races when launched 16x16, so the
#    clean verdicts are not vacuous;
#  - tests/kernels/detect/dim_overrun.cu (detectk suite): tile[tx][ty + 1],
#    a local bins[0][v & 15] and a __device__ coef[band][tap + 1] are
#    out-of-bounds findings in a fixed launch; one-past-the-end address
#    computed and not read is not. tile_neighbour.cu (auto): the same
#    overrun found in automatic mode.
set(SHAPE_AUTO ${CMAKE_CURRENT_SOURCE_DIR}/kernels/auto)
set(SHAPE_OUT ${CMAKE_CURRENT_BINARY_DIR}/shape)
file(MAKE_DIRECTORY ${SHAPE_OUT})
foreach(seed 1 2 3 4 5)
  file(MAKE_DIRECTORY ${SHAPE_OUT}/seed${seed})
  add_test(NAME shape_tile8_cu_seed${seed}
    COMMAND $<TARGET_FILE:simulee_autocheck> check $<TARGET_FILE:simulee>
            ${SHAPE_AUTO}/tile8.cu ${SHAPE_AUTO}/tile8.cu ${SHAPE_OUT}/seed${seed} --seed ${seed})
  set_tests_properties(shape_tile8_cu_seed${seed} PROPERTIES WORKING_DIRECTORY ${SHAPE_OUT}
                       TIMEOUT 120)
endforeach()
# the host launch is the one used (8x8), not a search
simulee_test(shape_tile8_cu_host ${SHAPE_OUT} 120 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
  --match "checked \\(grid 5,3,1 block 8,8,1\\)"
  -- $<TARGET_FILE:simulee> ${SHAPE_AUTO}/tile8.cu --no-color)
# the same kernel launched 16x16 races on its tile
simulee_test(shape_tile8_16x16 ${SHAPE_OUT} 120 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
  --match "tile8.cu:15:[0-9]+: error: data race \\(write-write, shared memory\\)"
  -- $<TARGET_FILE:simulee> ${SHAPE_AUTO}/tile8.cu --grid 1 --block 16,16
     --arg f32[256]=iota --arg f32[256] --arg 16 --arg 16 --no-color)
# without host code the search keeps to the kernel's tile: every witness and
# detection launch of the .bc is at most 8x8 (seed 1 at -O0 and -O2)
foreach(opt O0 O2)
  simulee_test(shape_tile8_bc_${opt} ${SHAPE_OUT} 120 COMMAND
    sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
    --match "checked \\(grid [0-9]+,[0-9]+,1 block 8,8,1\\)"
    -- $<TARGET_FILE:simulee> ${CMAKE_CURRENT_BINARY_DIR}/auto/tile8.${opt}.bc --no-color)
endforeach()
# an inner-dimension overrun with a one-past-the-end pointer beside it: one
# finding, the read (line 18), not the address
simulee_test(shape_dim_overrun_text ${SHAPE_OUT} 120 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
  --match "^note: out of bounds: index 8 of an array dimension of 8: read of 4 bytes at shared 'tile' \\+ 32"
  -- $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect/dim_overrun.cu
     --kernel stencil --grid 1 --block 8,8 --arg f32[64]=1 --arg f32[64] --no-color)

# Branch-outcome coverage: tests/kernels/auto/branch_never.cu has a branch
# no input can take (v * v == 2): the JSON coverage names it (line 12,
# "true") and its store (line 13) as never reached, the search stops
# within its budget (after the 6 generations of patience with nothing new,
# not at the 100 of the budget), and the text says so. rare_branch.cu (auto: five seeds) is a race behind data-dependent
# branch outcomes.
simulee_test(branch_never_json ${SHAPE_OUT} 120 SETUP branch_never COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
  -- $<TARGET_FILE:simulee> ${CMAKE_CURRENT_BINARY_DIR}/auto/branch_never.O2.bc
     --format json -o ${SHAPE_OUT}/branch_never.json)
simulee_json_test(branch_never_fields branch_never ${SHAPE_OUT}/branch_never.json
  kernels.0.coverage.unreached\#1 kernels.0.coverage.unreached.0.line=13
  kernels.0.coverage.branches.total=4 kernels.0.coverage.branches.reached=3
  kernels.0.coverage.branches.unreached\#1
  kernels.0.coverage.branches.unreached.0.line=12
  kernels.0.coverage.branches.unreached.0.outcome=true
  kernels.0.stats.search.generations=6)
simulee_test(branch_never_text ${SHAPE_OUT} 120 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
  --match "^simulee: note: kernel square_guard: 1 of 4 branch outcomes never taken at line 12 true$"
  -- $<TARGET_FILE:simulee> ${CMAKE_CURRENT_BINARY_DIR}/auto/branch_never.O2.bc --no-color)

# Buffer sizes from thrust::device_vector<T> d(n) (cli/hints.c): the host
# side of tests/hints/thrust_size.cu compiles with Thrust's headers; the
# vector's size becomes the size of the buffer raw_pointer_cast(d.data())
# gives the kernel, so fill_all's `i <= n` write is out of bounds in
# automatic mode (five seeds) and fill_ok stays clean; without the host
# code nothing is sized and nothing is reported.
foreach(seed 1 2 3 4 5)
  simulee_test(thrust_size_seed${seed} ${CMAKE_SOURCE_DIR} 180 COMMAND
    sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
    --match "^tests/hints/thrust_size.cu:11:20: error: out-of-bounds write \\(global memory\\)"
    -- $<TARGET_FILE:simulee> tests/hints/thrust_size.cu --kernel fill_all --seed ${seed} -q
       --no-color)
endforeach()
simulee_test(thrust_size_json ${CMAKE_SOURCE_DIR} 180 SETUP thrust_size COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
  -- $<TARGET_FILE:simulee> tests/hints/thrust_size.cu --format json
     -o ${SHAPE_OUT}/thrust_size.json)
simulee_json_test(thrust_size_fields thrust_size ${SHAPE_OUT}/thrust_size.json
  kernels.0.name=fill_all kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
  kernels.0.launch_source.buffers=host kernels.0.findings.0.witness.args.1=56
  kernels.0.findings.0.witness.args.0~f32[56]
  kernels.1.name=fill_ok kernels.1.findings\#0 kernels.1.launch_source.buffers=host)
simulee_test(thrust_size_nohost ${CMAKE_SOURCE_DIR} 180 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0 --stdout-empty
  -- sh -c "$<TARGET_FILE:simulee> tests/hints/thrust_size.cu --kernel fill_all --no-host-launch -q --no-color | grep -c '^tests/hints/thrust_size.cu:11:20: error: out-of-bounds write' | grep -qx 1")
