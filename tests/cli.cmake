# CLI tests: the `simulee` program's usage errors, exit statuses and
# end-to-end runs with --dump and --format json. Included by
# tests/CMakeLists.txt after simulee_unit is defined.

# The unit tests of the cli grammar link the parser sources of the program
# (cli/args.c has no main and calls no interpreter function).
target_sources(simulee_unit PRIVATE ${CMAKE_SOURCE_DIR}/cli/args.c)
target_compile_definitions(simulee_unit PRIVATE SIMULEE_VERSION="${PROJECT_VERSION}")

set(CLI_SRC ${CMAKE_CURRENT_SOURCE_DIR}/cli)
set(CLI_OUT ${CMAKE_CURRENT_BINARY_DIR}/cli)
set(CLI_EXPECT sh ${CLI_SRC}/expect.sh)

# Inputs (tiny.bc, truncated.bc, notbc.bc) are made by a fixture test, so a
# broken compile of tiny.cu fails tests, never the build.
add_test(NAME cli_inputs
  COMMAND sh ${CLI_SRC}/make_inputs.sh ${CLI_OUT} ${CLI_SRC} ${SIMULEE_CLANG}
          ${SIMULEE_CUDA_FLAGS})
set_tests_properties(cli_inputs PROPERTIES FIXTURES_SETUP cli_inputs)

# cli_test(NAME [NEEDS_INPUTS] [SETUP FIXTURE] ARGS expect.sh-options -- simulee-args...)
# SETUP: the test makes fixture FIXTURE (a report file other tests check).
function(cli_test name)
  cmake_parse_arguments(T "NEEDS_INPUTS" "SETUP" "ARGS" ${ARGN})
  set(requires)
  if(T_NEEDS_INPUTS)
    set(requires REQUIRES cli_inputs)
  endif()
  simulee_test(cli_${name} ${CLI_SRC} 60 SETUP ${T_SETUP} ${requires}
               COMMAND ${CLI_EXPECT} ${T_ARGS})
endfunction()

set(SIM $<TARGET_FILE:simulee>)

# ---- usage and input errors: exit 2, one line on stderr
cli_test(help ARGS --code 0 --match "^usage: simulee FILE" -- ${SIM} --help)
cli_test(version ARGS --code 0 --match "^simulee ${PROJECT_VERSION}$" -- ${SIM} --version)
cli_test(missing_file ARGS --code 2 --match "nonexistent.bc: No such file or directory"
  -- ${SIM} nonexistent.bc --grid 1 --block 1)
cli_test(no_file ARGS --code 2 --match "no input file" -- ${SIM} --grid 1 --block 1)
cli_test(unknown_option ARGS --code 2 --match "unknown option '--frobnicate'"
  -- ${SIM} tiny.cu --frobnicate)
cli_test(bad_format ARGS --code 2 --match "--format 'xml'" -- ${SIM} tiny.cu --format xml)
cli_test(bad_dims ARGS --code 2 --match "--grid '0,1'" -- ${SIM} tiny.cu --grid 0,1 --block 1)
cli_test(bad_buffer_type ARGS --code 2 --match "'i7' is not a buffer type"
  -- ${SIM} tiny.cu --grid 1 --block 1 --arg i7[4])
cli_test(block_2048 ARGS --code 2 --match "--block 2048,1,1: CUDA allows at most"
  -- ${SIM} tiny.cu --kernel scale --grid 1 --block 2048 --arg i32[1] --arg i32[1] --arg 1 --arg 1)
cli_test(block_too_many_threads ARGS --code 2 --match "a block has at most 1024"
  -- ${SIM} tiny.cu --grid 1 --block 64,32 --arg i32[1])
cli_test(too_many_threads ARGS --code 2 --match "simulee runs at most"
  -- ${SIM} tiny.cu --grid 2147483647 --block 1024 --arg i32[1])
cli_test(unknown_type ARGS --code 2 --match "unknown file type"
  -- ${SIM} ${CLI_SRC}/expect.sh --grid 1 --block 1)
cli_test(compile_error ARGS --code 2
  --match "cannot compile broken.cu: broken.cu:4:22: error: use of undeclared identifier 'not_declared_anywhere'"
  -- ${SIM} broken.cu --grid 1 --block 1 --arg i32[1])
# no launch: the input search picks one (tests/evolve.cmake checks more)
cli_test(no_launch ARGS --code 0 --match "^simulee: kernel scale: checked" -- ${SIM} tiny.cu)
cli_test(not_bitcode NEEDS_INPUTS ARGS --code 2 --match "simulee: error: .*notbc.bc: "
  -- ${SIM} ${CLI_OUT}/notbc.bc --grid 1 --block 1)
cli_test(truncated_bc NEEDS_INPUTS ARGS --code 2 --match "simulee: error: .*truncated.bc: "
  -- ${SIM} ${CLI_OUT}/truncated.bc --grid 1 --block 1)
cli_test(arg_count NEEDS_INPUTS ARGS --code 2
  --match "kernel scale.* takes 4 arguments, 2 --arg given"
  -- ${SIM} ${CLI_OUT}/tiny.bc --kernel scale --grid 1 --block 4 --arg i32[4] --arg i32[4])
cli_test(arg_count_hint ARGS --code 2 --match "use --kernel to pick one kernel"
  -- ${SIM} tiny.cu --grid 1 --block 4 --arg i32[4])
cli_test(arg_kind ARGS --code 2 --match "--arg 2 \\('0.5'\\) for parameter .* of scale: 0.5 is not an integer"
  -- ${SIM} tiny.cu --kernel scale --grid 1 --block 4 --arg i32[4] --arg i32[4] --arg 0.5 --arg 4)
cli_test(arg_pointer ARGS --code 2 --match "expected a buffer TYPE\\[COUNT\\] or null"
  -- ${SIM} tiny.cu --kernel scale --grid 1 --block 4 --arg 7 --arg i32[4] --arg 1 --arg 4)
cli_test(arg_struct_fields ARGS --code 2 --match "3 fields given, the struct has 2"
  -- ${SIM} tiny.cu --kernel use_struct --grid 1 --block 3 --arg f64[3] --arg {1,2,3})
cli_test(no_such_kernel ARGS --code 2 --match "no kernel named 'nope' \\(kernels: "
  -- ${SIM} tiny.cu --kernel nope --grid 1 --block 1)
cli_test(dump_not_buffer ARGS --code 2 --match "--dump 2: parameter 2 of scale is not a buffer"
  -- ${SIM} tiny.cu --kernel scale --grid 1 --block 4 --arg i32[4] --arg i32[4] --arg 1 --arg 4 --dump 2)
cli_test(output_unwritable ARGS --code 2 --match "/nonexistent/dir/r.json: No such file"
  -- ${SIM} tiny.cu --kernel scale --grid 1 --block 4 --arg i32[4] --arg i32[4] --arg 1 --arg 4
     -o /nonexistent/dir/r.json)

# ---- end-to-end: a run, its dump, its report
cli_test(dump_scale ARGS --code 0 --stdout ${CLI_SRC}/scale.expected
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --dump 0 --quiet)
cli_test(dump_scale_O0 ARGS --code 0 --stdout ${CLI_SRC}/scale.expected
  -- ${SIM} tiny.cu -O0 --kernel _Z5scalePiPKiii --grid 1 --block 8 --arg i32[8]
     --arg i32[8]=iota --arg 0x3 --arg 8 --dump 0 --quiet)
cli_test(dump_scale_bc NEEDS_INPUTS ARGS --code 0 --stdout ${CLI_SRC}/scale.expected
  -- ${SIM} ${CLI_OUT}/tiny.bc --kernel scale --grid 4 --block 2 --arg i32[8]
     --arg i32[8]=iota --arg 3 --arg 8 --dump 0 --quiet)
cli_test(dump_two ARGS --code 0 --stdout ${CLI_SRC}/scale_two.expected
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --dump 0 --dump 1 --quiet)
cli_test(dump_float ARGS --code 0 --stdout ${CLI_SRC}/half_fill.expected
  -- ${SIM} tiny.cu --kernel half_fill --grid 2 --block 2 --arg f32[4]=7 --arg 0.2
     --dump 0 --quiet)
cli_test(dump_struct ARGS --code 0 --stdout ${CLI_SRC}/use_struct.expected
  -- ${SIM} tiny.cu --kernel use_struct --grid 1 --block 3 --arg f64[3] --arg {2,0.5}
     --dump 0 --quiet)
cli_test(status_line ARGS --code 0
  --match "^simulee: kernel scale: checked \\(grid 2,1,1 block 4,1,1\\), [0-9]+ instructions$"
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8)
cli_test(stats ARGS --code 0
  --match "^simulee: stats: kernel scale: [1-9][0-9]* instructions, 8 threads, [0-9.]+ s, [0-9]+ instructions/s$"
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --stats)
cli_test(timeout ARGS --code 3 --match "^simulee: kernel scale: timeout.*step budget of 2 instructions.* a kernel that needs more: --max-steps N$"
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --max-steps 2)

# ---- reports: JSON of a clean run with a dump
# (with -o, the report goes to the file and the dump to stdout)
cli_test(json_scale SETUP json_scale ARGS --code 0 --stdout ${CLI_SRC}/scale.expected
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --dump 0 --format json -o ${CLI_OUT}/scale.json)
simulee_json_test(cli_json_scale_fields json_scale ${CLI_OUT}/scale.json
  tool.name=simulee tool.version=${PROJECT_VERSION} kernels\#1
  kernels.0.file=tiny.cu kernels.0.kernel=_Z5scalePiPKiii kernels.0.name=scale
  kernels.0.status=checked kernels.0.message=
  kernels.0.launch.grid.0=2 kernels.0.launch.grid.1=1 kernels.0.launch.block.0=4
  kernels.0.launch.shared=0 kernels.0.launch.args\#4 kernels.0.launch.args.0=i32[8]
  kernels.0.launch.args.1=i32[8]=iota kernels.0.launch.args.3=8
  kernels.0.stats.threads=8 kernels.0.findings\#0
  kernels.0.dumps.0.param=0 kernels.0.dumps.0.type=i32 kernels.0.dumps.0.values\#8
  kernels.0.dumps.0.values.0=0 kernels.0.dumps.0.values.7=28
  summary.findings=0)
# every kernel of the file, JSON on stdout
cli_test(json_stdout ARGS --code 0 --match "\"name\": \"use_struct\""
  -- ${SIM} tiny.cu --kernel use_struct --grid 1 --block 2 --arg f64[2] --arg {1,2} --format json)

# ---- the bundled example: a shared-memory race found, reported three ways
set(REDUCE ${CMAKE_SOURCE_DIR}/examples/reduce.cu)
set(REDUCE_ARGS --grid 4 --block 256 --arg f32[1024]=1 --arg f32[4] --arg 1024)
cli_test(example_text ARGS --code 1
  --match "reduce.cu:[0-9]+:[0-9]+: error: data race \\(read-write, shared memory\\) on 'partial'"
  -- ${SIM} ${REDUCE} ${REDUCE_ARGS} --no-color)
cli_test(example_json SETUP example_json ARGS --code 1 --stdout-empty
  -- ${SIM} ${REDUCE} ${REDUCE_ARGS} --format json -o ${CLI_OUT}/reduce.json)
simulee_json_test(cli_example_json_fields example_json ${CLI_OUT}/reduce.json
  kernels.0.name=block_sum kernels.0.status=checked
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.space=shared
  kernels.0.findings.0.access=read-write kernels.0.findings.0.locations\#2
  kernels.0.findings.0.locations.0.file~reduce.cu
  kernels.0.findings.0.address~partial kernels.0.findings.0.threads\#2)
cli_test(example_sarif SETUP example_sarif ARGS --code 1 --stdout-empty
  -- ${SIM} ${REDUCE} ${REDUCE_ARGS} --format sarif -o ${CLI_OUT}/reduce.sarif)
simulee_json_test(cli_example_sarif_fields example_sarif ${CLI_OUT}/reduce.sarif
  version=2.1.0 runs\#1 runs.0.tool.driver.name=simulee runs.0.tool.driver.rules\#8
  runs.0.tool.driver.rules.0.id=data-race runs.0.results.0.ruleId=data-race
  runs.0.results.0.level=error
  runs.0.results.0.locations.0.physicalLocation.artifactLocation.uri~reduce.cu
  runs.0.results.0.relatedLocations\#1
  runs.0.results.0.message.text~partial
  runs.0.invocations.0.executionSuccessful=true)

# ---- SIMD video intrinsics (__v*) through our headers, at -O2 and -O0
cli_test(video ARGS --code 0 --stdout ${CLI_SRC}/video.expected
  -- ${SIM} video.cu --grid 1 --block 1 --arg u32[8] --dump 0 --quiet)
cli_test(video_O0 ARGS --code 0 --stdout ${CLI_SRC}/video.expected
  -- ${SIM} video.cu -O0 --grid 1 --block 1 --arg u32[8] --dump 0 --quiet)

# ---- votes, ballots and matches in two 16-lane tiles of one warp
cli_test(tiles ARGS --code 0 --stdout ${CLI_SRC}/tiles.expected
  -- ${SIM} tiles.cu --grid 1 --block 32 --arg u32[96] --dump 0 --quiet)
cli_test(tiles_O0 ARGS --code 0 --stdout ${CLI_SRC}/tiles.expected
  -- ${SIM} tiles.cu -O0 --grid 1 --block 32 --arg u32[96] --dump 0 --quiet)

# ---- -q is --quiet: no status line, only the dump
cli_test(quiet_short ARGS --code 0 --stdout ${CLI_SRC}/scale.expected
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --dump 0 -q)

# ---- clang -O2 merges the two identical stores of an if/else into one
# store at line 0: the race is reported once, at the branch that chose it
# (it was one finding per unrolled copy, with no line)
simulee_test(cli_merged_store_line ${CLI_SRC} 60 COMMAND sh ${CLI_SRC}/one_finding.sh
  "^merged_store.cu:9:9: error: data race \\(write-write, global memory\\)"
  ${SIM} merged_store.cu --grid 2 --block 32 --arg u32[128] --arg u32[128]=5 --arg 128 --arg 0
  --same-value-races error)
# (both arms store 1: a same-value race, a warning by default)
simulee_test(cli_merged_store_warning ${CLI_SRC} 60 COMMAND ${CLI_EXPECT} --code 0
  --match "^merged_store.cu:9:9: warning: data race \\(write-write, global memory\\) on buffer 'seen' \\+ [0-9]+ \\[same-value\\]$"
  -- ${SIM} merged_store.cu --grid 2 --block 32 --arg u32[128] --arg u32[128]=5 --arg 128 --arg 0)

# ---- one finding per bug: the warp-synchronous chain of the unrolled warp
# tail is one finding naming its first and last line, and the same chain in
# the other template instantiation folds into it (one warning in all)
foreach(opt O0 O2)
  simulee_test(cli_fold_instantiations_${opt} ${CLI_SRC} 60 COMMAND sh ${CLI_SRC}/one_warning.sh
    "^note: one chain of warp-synchronous steps from line 6 to line 10 .*. also in kernel void block_sum<int>$"
    ${SIM} warp_tail_fold.cu -${opt} --its --grid 2 --block 64
    --arg f32[128]=1 --arg f32[2] --no-confirm)
endforeach()

# ---- the host-launch note's path, from a folder whose name is a prefix of
# the file's folder (it named a path that does not exist from there)
simulee_test(cli_hint_path ${CLI_SRC} 120 COMMAND sh ${CLI_SRC}/hint_path.sh ${SIM}
  ${CLI_SRC}/hint_path.cu)
