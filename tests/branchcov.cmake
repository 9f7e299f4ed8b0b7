# What branch-outcome coverage gives the search (issue #10), with the
# SIMULEE_NO_BRANCH_COVERAGE=1 switch (bench/README.md "search" has the
# measurement over five seeds). tests/kernels/auto/tier_split.cu and
# sensor_levels.cu hide a race behind three nested data guards whose store
# is the same on every path: the auto tests (tests/evolve.cmake) find it at
# -O0 and -O2 with five seeds; without branch outcomes as coverage the same
# search (seed 1) stops after its 6 generations of patience having found
# nothing, and its JSON coverage has no "branches" record.
set(BRCOV_OUT ${CMAKE_CURRENT_BINARY_DIR}/branchcov)
file(MAKE_DIRECTORY ${BRCOV_OUT})
foreach(k tier_split sensor_levels)
  simulee_test(branchcov_off_${k} ${BRCOV_OUT} 120 SETUP branchcov_off_${k} COMMAND
    sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
    -- env SIMULEE_NO_BRANCH_COVERAGE=1 $<TARGET_FILE:simulee>
       ${CMAKE_CURRENT_BINARY_DIR}/auto/${k}.O2.bc --seed 1 --format json
       -o ${BRCOV_OUT}/${k}_off.json)
  simulee_json_test(branchcov_off_${k}_fields branchcov_off_${k} ${BRCOV_OUT}/${k}_off.json
    kernels.0.findings\#0 kernels.0.stats.search.generations=6
    !kernels.0.coverage.branches)
  simulee_test(branchcov_on_${k} ${BRCOV_OUT} 120 COMMAND
    sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
    --match "error: data race \\(write-write, global memory\\)"
    -- $<TARGET_FILE:simulee> ${CMAKE_CURRENT_BINARY_DIR}/auto/${k}.O2.bc --seed 1 --no-color)
endforeach()
