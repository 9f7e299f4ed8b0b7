# The automatic input search through the program (cli/check.c, evolve/):
# `simulee FILE` without a launch on kernels whose findings are declared in
# their `//@` headers, a race-free file, partly fixed launches (`--arg _`),
# determinism across -j, the new options' errors, --no-detect. The unit
# suite `evolve` (tests/unit/test_evolve.c) tests the engine on the kernels
# of tests/evolve/ compiled here. Included by tests/CMakeLists.txt.

set(EVOLVE_SRC ${CMAKE_CURRENT_SOURCE_DIR}/evolve)
set(EVOLVE_OUT ${CMAKE_CURRENT_BINARY_DIR}/evolve)
file(MAKE_DIRECTORY ${EVOLVE_OUT})
target_compile_definitions(simulee_unit PRIVATE SIMULEE_EVOLVE_BIN="${EVOLVE_OUT}")
file(GLOB EVOLVE_CU CONFIGURE_DEPENDS ${EVOLVE_SRC}/*.cu)
set(EVOLVE_BC)
simulee_bitcode(EVOLVE_BC ${EVOLVE_OUT} "search test kernel" ${EVOLVE_CU})
simulee_bitcode_target(evolve_kernels ${EVOLVE_BC})

set(SIM $<TARGET_FILE:simulee>)
set(EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(DETECT_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect)

# search_test(NAME [SETUP FIXTURE] ARGS expect.sh-options -- simulee-args...)
function(search_test name)
  cmake_parse_arguments(T "" "SETUP" "ARGS" ${ARGN})
  simulee_test(search_${name} ${EVOLVE_OUT} 120 SETUP ${T_SETUP} COMMAND ${EXPECT} ${T_ARGS})
endfunction()

# tests/kernels/detect/input_dependent.cu: every race its headers declare for
# chosen inputs is found with no input given (scatter_add: line 11, rw and
# ww; shared_hist: line 19, rw and ww; block_id: line 24, ww, with several
# blocks), each with a witness launch and a replay line
search_test(input_dependent SETUP search_input_dependent ARGS --code 1
  -- ${SIM} ${DETECT_DIR}/input_dependent.cu --format json -o ${EVOLVE_OUT}/input_dependent.json)
simulee_json_test(search_input_dependent_findings search_input_dependent ${EVOLVE_OUT}/input_dependent.json
  kernels\#3 summary.findings=5
  kernels.0.name=scatter_add kernels.0.status=checked kernels.0.findings\#2
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.locations.0.line=11
  kernels.0.findings.0.locations.1.line=11
  kernels.0.findings.1.kind=data-race kernels.0.findings.1.locations.0.line=11
  kernels.0.findings.0.witness.replay~--grid kernels.0.findings.0.witness.args\#2
  kernels.0.findings.0.witness.args.1~=rand:
  kernels.0.stats.seconds=0.0
  kernels.1.name=shared_hist kernels.1.findings\#2
  kernels.1.findings.0.kind=data-race kernels.1.findings.0.space=shared
  kernels.1.findings.0.locations.0.line=19 kernels.1.findings.1.locations.0.line=19
  kernels.1.findings.1.witness.replay~--kernel\ shared_hist
  kernels.2.name=block_id kernels.2.findings\#1
  kernels.2.findings.0.access=write-write kernels.2.findings.0.locations.0.line=24
  kernels.2.findings.0.relation=other-block)
# the same at -O0 and with two other seeds (text: the exit status and lines)
foreach(seed 2 3)
  search_test(input_dependent_seed${seed} ARGS --code 1
    --match "input_dependent.cu:24:.*data race \\(write-write, global memory\\)"
    -- ${SIM} ${DETECT_DIR}/input_dependent.cu -O0 --seed ${seed} --quiet --no-color)
endforeach()
# race-free kernels: nothing reported, exit 0
search_test(racefree ARGS --code 0 --stdout-empty
  -- ${SIM} ${DETECT_DIR}/racefree.cu --quiet)
search_test(racefree_kernels ARGS --code 0 --stdout-empty
  -- ${SIM} ${EVOLVE_OUT}/search.O2.bc --kernel copy --quiet)
# same seed, same report, whatever -j
add_test(NAME search_deterministic
  COMMAND sh ${EVOLVE_SRC}/same_report.sh ${SIM} ${DETECT_DIR}/input_dependent.cu ${EVOLVE_OUT}
          "--seed 7" 1 2 3)
set_tests_properties(search_deterministic PROPERTIES TIMEOUT 120)
# a partly fixed launch: the grid, block and two arguments given, `_` for the
# buffer the search fills
search_test(partial ARGS --code 0 --match "^simulee: kernel scale: checked \\(grid 2,1,1 block 4,1,1\\)"
  -- ${SIM} ${CMAKE_CURRENT_SOURCE_DIR}/cli/tiny.cu --kernel scale --grid 2 --block 4
     --arg _ --arg i32[8]=iota --arg 3 --arg 8)
# the fixed scalar of a searched launch stays: stride 0 makes every thread
# store to slot 0 of collide's table
search_test(fixed_scalar ARGS --code 1 --match "reproduce with: .* --arg 0 --arg [0-9]+$"
  -- ${SIM} ${EVOLVE_OUT}/search.O2.bc --kernel collide --arg _ --arg 0 --arg _ --quiet --no-color)
# the replay grammar: a rand buffer fills deterministically within its range
search_test(rand_fill ARGS --code 0 --match "^[0-3]$"
  -- ${SIM} ${CMAKE_CURRENT_SOURCE_DIR}/cli/tiny.cu --kernel scale --grid 1 --block 4
     --arg i32[4] --arg i32[4]=rand:5:0:3 --arg 1 --arg 4 --dump 1 --quiet)
search_test(rand_bad ARGS --code 2 --match "expected rand:SEED:LO:HI"
  -- ${SIM} ${CMAKE_CURRENT_SOURCE_DIR}/cli/tiny.cu --arg i32[4]=rand:5:0)
# --no-detect: the interpreter only
search_test(no_detect ARGS --code 0 --stdout-empty
  -- ${SIM} ${DETECT_DIR}/input_dependent.cu --kernel block_id --grid 3 --block 64
     --arg i32[64] --no-detect --quiet)
search_test(no_detect_search ARGS --code 0 --stdout-empty
  -- ${SIM} ${DETECT_DIR}/input_dependent.cu --no-detect --quiet)
# option errors: one line, exit 2
search_test(bad_population ARGS --code 2 --match "--population '0'"
  -- ${SIM} ${DETECT_DIR}/racefree.cu --population 0)
search_test(bad_seed ARGS --code 2 --match "--seed 'x'"
  -- ${SIM} ${DETECT_DIR}/racefree.cu --seed x)
search_test(bad_generations ARGS --code 2 --match "--generations '-1'"
  -- ${SIM} ${DETECT_DIR}/racefree.cu --generations -1)

# Coverage (evolve/coverage.c): tests/kernels/auto/debug_tail.cu has a store
# (line 13) that only a grid of more than 60000 blocks reaches; the search
# must say so per kernel (JSON "coverage": 2 of 3 access sites, line 13
# unreached; a text note) and still report the kernel clean; at -O0 the
# accesses to the kernel's own locals are not counted (the same 3 sites).
# tests/kernels/auto/slot_accumulate.cu (every site reached) gets no note.
foreach(opt O0 O2)
  search_test(coverage_${opt} SETUP search_coverage_${opt} ARGS --code 0
    -- ${SIM} ${CMAKE_CURRENT_BINARY_DIR}/auto/debug_tail.${opt}.bc --format json
       -o ${EVOLVE_OUT}/coverage_${opt}.json)
  simulee_json_test(search_coverage_${opt}_json search_coverage_${opt} ${EVOLVE_OUT}/coverage_${opt}.json
    kernels.0.name=debug_tail kernels.0.coverage.reached=2 kernels.0.coverage.total=3
    kernels.0.coverage.unreached\#1 kernels.0.coverage.unreached.0.line=13
    kernels.0.findings\#0)
endforeach()
search_test(coverage_note ARGS --code 0
  --match "^simulee: note: kernel debug_tail: 1 of 3 memory accesses never ran at line 13 \\(a race there was not checked\\)$"
  -- ${SIM} ${CMAKE_CURRENT_BINARY_DIR}/auto/debug_tail.O2.bc --no-color)
search_test(coverage_full ARGS --code 0 --stdout-empty
  -- sh -c "${SIM} ${CMAKE_CURRENT_BINARY_DIR}/auto/slot_accumulate.O2.bc --no-color | grep -c 'never ran' | grep -qx 0")
# simulee merge reads the coverage back and writes it unchanged
search_test(coverage_merge SETUP search_coverage_merge ARGS --code 0 --
  ${SIM} merge ${EVOLVE_OUT}/coverage_O2.json --format json -o ${EVOLVE_OUT}/coverage_merged.json)
set_tests_properties(search_coverage_merge PROPERTIES FIXTURES_REQUIRED search_coverage_O2)
simulee_json_test(search_coverage_merge_json search_coverage_merge ${EVOLVE_OUT}/coverage_merged.json
  kernels.0.coverage.reached=2 kernels.0.coverage.total=3 kernels.0.coverage.unreached.0.line=13)
