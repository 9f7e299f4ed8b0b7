# simulee scan / merge: the projects of tests/projects/ scanned as a whole,
# suppressions, shards and merge, exit statuses. Included by
# tests/CMakeLists.txt after simulee_unit is defined.

# suppressions and the JSON reader are unit-tested too (tests/unit/test_scan.c)
target_sources(simulee_unit PRIVATE ${CMAKE_SOURCE_DIR}/cli/suppress.c)

set(PROJ ${CMAKE_CURRENT_SOURCE_DIR}/projects)
set(SCAN_OUT ${CMAKE_CURRENT_BINARY_DIR}/scan)
file(MAKE_DIRECTORY ${SCAN_OUT})
add_executable(simulee_scancheck ${PROJ}/scancheck.c)
target_link_libraries(simulee_scancheck PRIVATE PkgConfig::JSONC)
add_dependencies(simulee_unit simulee_scancheck)

set(SCAN $<TARGET_FILE:simulee> scan)
set(MERGE $<TARGET_FILE:simulee> merge)
set(EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(ANY sh ${PROJ}/run.sh)
set(CHECK $<TARGET_FILE:simulee_scancheck>)
set(JCHECK $<TARGET_FILE:simulee_jsoncheck>)
set(IMG tests/projects/imgproc)
set(SOLVER_DB tests/projects/solver/compile_commands.json)
set(SOLVER_SUPP tests/projects/solver/simulee.supp)

# scan_test(NAME [SETUP F] [REQUIRES F...] COMMAND ...): run from the source
# tree, so report paths and replay lines are the ones a user sees.
function(scan_test name)
  simulee_test(scan_${name} ${CMAKE_SOURCE_DIR} 600 ${ARGN})
endfunction()

# ---- project imgproc (a folder): findings, statuses, notes, inline suppression
scan_test(imgproc SETUP scan_imgproc COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${IMG} -j 2 --format json -o ${SCAN_OUT}/imgproc.json)
scan_test(imgproc_findings REQUIRES scan_imgproc COMMAND
  ${CHECK} expect ${PROJ}/imgproc.expected ${SCAN_OUT}/imgproc.json)
# the report does not depend on the number of threads
scan_test(imgproc_j1 SETUP scan_imgproc_j1 COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${IMG} -j 1 --format json -o ${SCAN_OUT}/imgproc_j1.json)
scan_test(imgproc_j1_same REQUIRES "scan_imgproc;scan_imgproc_j1" COMMAND
  ${CHECK} same ${SCAN_OUT}/imgproc.json ${SCAN_OUT}/imgproc_j1.json)
# SARIF: one run, URIs relative to the project with SRCROOT, suppressions,
# the note and the compile error as notifications
scan_test(imgproc_sarif SETUP scan_imgproc_sarif COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${IMG} -j 2 --format sarif -o ${SCAN_OUT}/imgproc.sarif)
scan_test(imgproc_sarif_fields REQUIRES scan_imgproc_sarif COMMAND ${JCHECK}
  ${SCAN_OUT}/imgproc.sarif version=2.1.0 runs\#1
  runs.0.originalUriBaseIds.SRCROOT.uri~file:///
  runs.0.originalUriBaseIds.SRCROOT.uri~/tests/projects/imgproc/
  runs.0.invocations.0.executionSuccessful=false
  runs.0.invocations.0.toolExecutionNotifications.0.level=error
  runs.0.invocations.0.toolExecutionNotifications.0.message.text~invert_pixel
  runs.0.invocations.0.toolExecutionNotifications.0.locations.0.physicalLocation.artifactLocation.uri=src/broken.cu
  runs.0.invocations.0.toolExecutionNotifications.0.locations.0.physicalLocation.artifactLocation.uriBaseId=SRCROOT)
scan_test(imgproc_sarif_results REQUIRES scan_imgproc_sarif COMMAND ${JCHECK}
  ${SCAN_OUT}/imgproc.sarif runs.0.results\#7
  runs.0.results.0.ruleId=data-race
  runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri=src/filters.cu
  runs.0.results.0.locations.0.physicalLocation.artifactLocation.uriBaseId=SRCROOT
  !runs.0.results.0.suppressions
  runs.0.results.5.properties.kernel=_Z12mark_touchedPi
  runs.0.results.5.suppressions.0.kind=inSource
  runs.0.results.5.suppressions.0.justification=src/reduce.cu:39
  runs.0.results.6.ruleId=barrier-divergence)
# text: diagnostics under the path as given, the table, the totals
scan_test(imgproc_text COMMAND ${EXPECT} --code 1
  --match "^tests/projects/imgproc/src/filters.cu:22:[0-9]+: error: data race"
  -- ${SCAN} ${IMG} -j 2 --no-color)
scan_test(imgproc_totals COMMAND ${EXPECT} --code 1
  --match "^simulee scan: 5 files \\(1 did not compile\\), 10 kernels: 10 checked. 6 findings: 6 errors, 0 warnings \\(1 suppressed\\) in "
  -- ${SCAN} ${IMG} -j 2 --no-color --quiet)

# ---- shards: two shards and merge give the unsharded report
scan_test(imgproc_shard1 SETUP scan_shard1 COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${IMG} -j 2 --shard 1/2 --format json -o ${SCAN_OUT}/shard1.json)
scan_test(imgproc_shard2 SETUP scan_shard2 COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${IMG} -j 2 --shard 2/2 --format json -o ${SCAN_OUT}/shard2.json)
scan_test(merge SETUP scan_merged REQUIRES "scan_shard1;scan_shard2" COMMAND ${ANY} 0,1,3 --
  ${MERGE} ${SCAN_OUT}/shard2.json ${SCAN_OUT}/shard1.json -o ${SCAN_OUT}/merged.json)
scan_test(merge_same REQUIRES "scan_merged;scan_imgproc" COMMAND
  ${CHECK} same ${SCAN_OUT}/imgproc.json ${SCAN_OUT}/merged.json)
scan_test(merge_sarif REQUIRES "scan_shard1;scan_shard2" COMMAND ${ANY} 0,1,3 --
  ${MERGE} ${SCAN_OUT}/shard1.json ${SCAN_OUT}/shard2.json --format sarif
  -o ${SCAN_OUT}/merged.sarif)
scan_test(shards_disjoint REQUIRES "scan_shard1;scan_shard2" COMMAND ${JCHECK}
  ${SCAN_OUT}/shard1.json shard.index=1 shard.count=2)
scan_test(merge_duplicate REQUIRES scan_shard1 COMMAND ${EXPECT} --code 2
  --match "are both shard 1/2" -- ${MERGE} ${SCAN_OUT}/shard1.json ${SCAN_OUT}/shard1.json)
scan_test(merge_missing REQUIRES scan_shard1 COMMAND ${EXPECT} --code 2
  --match "shard 2 of 2 missing" -- ${MERGE} ${SCAN_OUT}/shard1.json)
# shards of different scans (here -O0 in one) do not merge
scan_test(mismatch1 SETUP scan_mismatch1 COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${SOLVER_DB} --kernel solver::jacobi_step --shard 1/2 --format json
  -o ${SCAN_OUT}/mismatch1.json)
scan_test(mismatch2 SETUP scan_mismatch2 COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${SOLVER_DB} --kernel solver::jacobi_step --shard 2/2 -O0 --format json
  -o ${SCAN_OUT}/mismatch2.json)
scan_test(merge_mismatch REQUIRES "scan_mismatch1;scan_mismatch2" COMMAND ${EXPECT} --code 2
  --match "come from different scans: .* and 'simulee scan .* -O0'"
  -- ${MERGE} ${SCAN_OUT}/mismatch1.json ${SCAN_OUT}/mismatch2.json)
scan_test(merge_not_report COMMAND ${EXPECT} --code 2
  --match "not a simulee JSON report" -- ${MERGE} ${SOLVER_DB})

# ---- project solver (a compile_commands.json): database flags, a
# suppressions file
scan_test(solver SETUP scan_solver COMMAND ${ANY} 0,1,3 --
  ${SCAN} ${SOLVER_DB} -j 2 --suppressions ${SOLVER_SUPP} --format json
  -o ${SCAN_OUT}/solver.json)
scan_test(solver_findings REQUIRES scan_solver COMMAND
  ${CHECK} expect ${PROJ}/solver.expected ${SCAN_OUT}/solver.json)
scan_test(solver_justification REQUIRES scan_solver COMMAND ${JCHECK}
  ${SCAN_OUT}/solver.json kernels.3.findings.0.suppression.kind=external
  kernels.3.findings.0.suppression.justification~simulee.supp:3
  summary.suppressed=2 summary.findings=1)

# ---- exit statuses
scan_test(exit_clean COMMAND ${EXPECT} --code 0 --
  ${SCAN} ${SOLVER_DB} --kernel solver::jacobi_step)
scan_test(exit_suppressed COMMAND ${EXPECT} --code 0 --match "2 suppressed" --
  ${SCAN} ${SOLVER_DB} --kernel solver::jacobi_inplace --suppressions ${SOLVER_SUPP})
scan_test(exit_compile_error COMMAND ${EXPECT} --code 3
  --match "broken.cu:8:24: error: use of undeclared identifier 'invert_pixel'"
  -- ${SCAN} ${IMG}/src/broken.cu -I ${IMG}/include)
scan_test(no_files COMMAND ${EXPECT} --code 2 --match "no .cu file to check"
  -- ${SCAN} ${IMG}/include)
scan_test(no_path COMMAND ${EXPECT} --code 2 --match "no PATH" -- ${SCAN})
scan_test(bad_shard COMMAND ${EXPECT} --code 2 --match "--shard '3/2'"
  -- ${SCAN} ${IMG} --shard 3/2)
scan_test(bad_suppressions COMMAND ${EXPECT} --code 2
  --match "bad.supp:2: unknown finding kind 'data-rase'"
  -- ${SCAN} ${IMG} --suppressions ${PROJ}/bad.supp)
scan_test(arg_refused COMMAND ${EXPECT} --code 2 --match "--arg and --dump"
  -- ${SCAN} ${IMG} --arg 1)
scan_test(help COMMAND ${EXPECT} --code 0 --match "^usage: simulee scan PATH"
  -- ${SCAN} --help)


# progress on stderr only when it is a terminal
scan_test(progress COMMAND sh ${PROJ}/progress.sh $<TARGET_FILE:simulee> ${IMG})
