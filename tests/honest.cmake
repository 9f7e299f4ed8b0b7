# Verdicts of the automatic search that can be trusted: our kernels of
# tests/honest/, compiled by simulee from the .cu at -O0 and -O2, several
# seeds, exact findings (tests/honest/seeds.sh checks each JSON report).
# Included by tests/CMakeLists.txt.

set(HONEST_SRC ${CMAKE_CURRENT_SOURCE_DIR}/honest)
set(HSIM $<TARGET_FILE:simulee>)
set(HJC $<TARGET_FILE:simulee_jsoncheck>)

# honest_test(NAME TIMEOUT SEEDS LEVELS CODE FILE [ARGS...] -- CHECK...)
function(honest_test name timeout seeds levels code file)
  simulee_test(honest_${name} ${HONEST_SRC} ${timeout}
               COMMAND sh ${HONEST_SRC}/seeds.sh ${HSIM} ${HJC} "${seeds}" "${levels}" ${code}
                       ${file} ${ARGN})
endfunction()

# "checked" means checked: a search or detection the time limit stops is
# incomplete, with what was checked, exit 3 (one process at a time: -j 1).
# Whether the first population or only the detection runs are cut depends on
# the machine's speed; the verdict and the account of what ran do not.
honest_test(incomplete_O2 120 "1 2 3 4 5" 2 3 slow_search.cu --time-limit 2 -j 1 --
  kernels\#1 kernels.0.status=incomplete
  "kernels.0.message~the time limit of 2 s (--time-limit) ran out"
  "kernels.0.message~ did not finish" "kernels.0.message~checked: "
  "kernels.0.message~ candidates" "kernels.0.message~ detection runs"
  "kernels.0.message~ access sites")
honest_test(incomplete_O0 60 "1" 0 3 slow_search.cu --time-limit 2 -j 1 --
  kernels\#1 kernels.0.status=incomplete
  "kernels.0.message~the time limit of 2 s (--time-limit) ran out")
# a fixed launch's timeout names the limit given, not the time left (1024
# threads of a million taps each: about 20 s of work, past the 1 s limit
# on any machine; the step budget raised so that it does not end it first)
simulee_test(honest_fixed_timeout ${HONEST_SRC} 60
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 3
    --match "^simulee: kernel long_filter: timeout \\(grid 1,1,1 block 1024,1,1\\): kernel did not finish within the time limit of 1 s \\(--time-limit\\)$"
    -- ${HSIM} slow_search.cu --grid 1 --block 1024 --arg f32[1024] --arg f32[1024] --time-limit 1
       --max-steps 4000000000
       --no-color)

# out-of-bounds with the right name: a[-1] is a finding in automatic mode
# too (no buffer size is involved), named as the buffer and a signed element
# index, never as an offset wrapped into the previous buffer
honest_test(below_start_auto 120 "1 2 3 4 5" "0 2" 1 shift_left.cu --
  kernels\#1 kernels.0.status=checked kernels.0.findings\#1
  kernels.0.findings.0.kind=out-of-bounds kernels.0.findings.0.locations.0.line=10
  "kernels.0.findings.0.headline=out-of-bounds access (global memory) at buffer 'sift2'[-1]")
honest_test(below_start_fixed 60 "1" "0 2" 1 shift_left.cu --grid 1 --block 32
  --arg f32[32] --arg f32[32] --arg 32 --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
  "kernels.0.findings.0.headline=out-of-bounds access (global memory) at buffer 'sift2'[-1]"
  "kernels.0.findings.0.message~out of bounds: read of 4 bytes at buffer 'sift2'[-1] by block (0,0,0) thread (0,0,0)")
# a .bc compiled with -g but without value names: the names of its debug
# info; without either, argN
simulee_test(honest_debug_names ${HONEST_SRC} 60
  COMMAND sh ${HONEST_SRC}/debug_names.sh ${HSIM} ${HONEST_SRC}
          ${CMAKE_CURRENT_BINARY_DIR}/honest_names ${SIMULEE_CLANG} ${SIMULEE_CUDA_FLAGS})
set_tests_properties(honest_debug_names PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")
# a __shared__ array: the variable and a signed element index
foreach(opt O0 O2)
  simulee_test(honest_tile_right_${opt} ${HONEST_SRC} 60
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
      --match "^tile_bounds.cu:12:12: error: out-of-bounds access \\(shared memory\\) at 'tile'\\[64\\]$"
      -- ${HSIM} tile_bounds.cu -${opt} --kernel tile_right --grid 1 --block 64 --arg f32[64]
         --arg f32[64] --no-color)
  simulee_test(honest_tile_left_${opt} ${HONEST_SRC} 60
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/grades/count.sh 1
      "^tile_bounds.cu:20:22: error: out-of-bounds access \\(shared memory\\) at 'tile'\\[-1\\]$" 1
      "^note: out of bounds: read of 4 bytes at shared 'tile'\\[-1\\] by block \\(0,0,0\\) thread \\(0,0,0\\)$" 1
      -- ${HSIM} tile_bounds.cu -${opt} --kernel tile_left --grid 1 --block 64 --arg f32[64]
         --arg f32[64] --no-color)
endforeach()
# past the end: an element index too (CSR: the first neighbour of a vertex
# with no edges at the end of the graph is nlist[nedges])
honest_test(csr_fixed 60 "1" "0 2" 1 csr_degree.cu --grid 1 --block 32
  --arg i32[9]=list:0,1,2,3,4,5,6,7,7 --arg i32[7]=iota --arg i32[8] --arg i32[8] --arg 8 --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
  kernels.0.findings.0.locations.0.line=15
  "kernels.0.findings.0.headline=out-of-bounds access (global memory) at buffer 'nlist'[7]")

# the witness is the run that produced the finding: every finding of the
# search corpus and of the detector corpus (automatic mode, -O2 bitcode)
# is reproduced by its replay line (same kind, same lines)
add_executable(simulee_replaycheck ${HONEST_SRC}/replaycheck.c)
target_link_libraries(simulee_replaycheck PRIVATE PkgConfig::JSONC)
add_dependencies(simulee_unit simulee_replaycheck)
set(HRC $<TARGET_FILE:simulee_replaycheck>)
file(GLOB HONEST_AUTO_CU CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/kernels/auto/*.cu)
file(GLOB HONEST_DETECT_CU CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect/*.cu)
set(HONEST_AUTO_BC)
foreach(f ${HONEST_AUTO_CU})
  get_filename_component(n ${f} NAME_WE)
  list(APPEND HONEST_AUTO_BC ${CMAKE_CURRENT_BINARY_DIR}/auto/${n}.O2.bc)
endforeach()
set(HONEST_DETECT_BC)
foreach(f ${HONEST_DETECT_CU})
  get_filename_component(n ${f} NAME_WE)
  list(APPEND HONEST_DETECT_BC ${CMAKE_CURRENT_BINARY_DIR}/detect/${n}.O2.bc)
endforeach()
simulee_test(honest_replay_auto ${HONEST_SRC} 300
  COMMAND sh ${HONEST_SRC}/replay.sh ${HSIM} ${HRC} 1 ${HONEST_AUTO_BC})
simulee_test(honest_replay_detect ${HONEST_SRC} 300
  COMMAND sh ${HONEST_SRC}/replay.sh ${HSIM} ${HRC} 1 ${HONEST_DETECT_BC})

# the bundled example confirms its race: among the executions that showed
# it, the witness is one whose confirmation shows a difference
honest_test(reduce_confirmed 120 "1 2 3 4 5" "0 2" 1 ${CMAKE_SOURCE_DIR}/examples/reduce.cu --
  kernels\#1 kernels.0.status=checked kernels.0.findings\#1
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.level=error
  kernels.0.findings.0.locations.0.line=25 kernels.0.findings.0.locations.1.line=22
  kernels.0.findings.0.confirmation.differs=true)

# a kernel's own preconditions bound the search: a failing assert on a
# block shape the search invented is discarded (counted in JSON), the race
# at the one shape the assert allows is found, and the kernel that races
# only when its assert fails is clean
honest_test(assert_shape_auto 180 "1 2 3 4 5" "0 2" 1 warp_assert.cu --
  kernels\#2 kernels.0.name=warp_partials kernels.0.status=checked kernels.0.findings\#2
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.locations.0.line=15
  kernels.0.findings.1.kind=data-race kernels.0.findings.1.locations.0.line=15
  kernels.0.launch.block.0=32 kernels.0.stats.search.discarded>0
  kernels.1.name=warp_reverse kernels.1.status=checked kernels.1.findings\#0)
# the same assert failing at a launch the user gives is a finding
honest_test(assert_shape_fixed 60 "1" "0 2" 1 warp_assert.cu --kernel warp_reverse --grid 2
  --block 64 --arg f32[128] --arg f32[128] --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=assertion
  kernels.0.findings.0.locations.0.line=23)
# and at the launch the program makes (its host code: <<<4, 64>>>)
honest_test(assert_shape_host 60 "1 2" "0 2" 1 assert_host.cu --
  kernels\#1 kernels.0.launch.block.0=64 kernels.0.findings\#1
  kernels.0.findings.0.kind=assertion kernels.0.findings.0.locations.0.line=12)
# a race that needs several blocks of a kernel that never reads blockIdx or
# gridDim, with no host launch: a warning that says why
honest_test(unread_grid_warning 120 "1 2 3 4 5" "2" 0
  ${CMAKE_CURRENT_BINARY_DIR}/auto/slot_accumulate.O2.bc --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.level=warning
  "kernels.0.findings.0.message~only with several blocks, and the kernel never reads blockIdx or gridDim and has no launch in the host code")
# ... and in automatic mode: the graph-sized detection run (buffers sized by
# the vertex count, the last vertex without edges) shows the read one past
# the edge list; the guarded twin stays clean
honest_test(csr_auto 180 "1 2 3 4 5" "0 2" 1 csr_degree.cu --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
  kernels.0.findings.0.locations.0.line=15
  "kernels.0.findings.0.headline=out-of-bounds access (global memory) at buffer 'nlist'[62]")
honest_test(csr_guarded_auto 180 "1 2 3 4 5" "0 2" 0 csr_sum.cu --
  kernels\#1 kernels.0.status=checked kernels.0.findings\#0)

# an enum parameter takes its enumerators' values (the .cu compile keeps the
# enum's type): the switch's default (a race on element 0) is never run, the
# in-place shift of one enumerator races
honest_test(enum_op 180 "1 2 3" "0 2" 1 enum_op.cu --
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.locations.0.line=17 kernels.0.findings.0.locations.1.line=17)
