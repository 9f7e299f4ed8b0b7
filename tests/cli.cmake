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

# cli_test(NAME [NEEDS_INPUTS] ARGS expect.sh-options -- simulee-args...)
function(cli_test name)
  cmake_parse_arguments(T "NEEDS_INPUTS" "" "ARGS" ${ARGN})
  add_test(NAME cli_${name} COMMAND ${CLI_EXPECT} ${T_ARGS})
  set_tests_properties(cli_${name} PROPERTIES WORKING_DIRECTORY ${CLI_SRC} TIMEOUT 60)
  if(T_NEEDS_INPUTS)
    set_tests_properties(cli_${name} PROPERTIES FIXTURES_REQUIRED cli_inputs)
  endif()
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
cli_test(no_launch ARGS --code 2 --match "no launch given" -- ${SIM} tiny.cu)
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
cli_test(timeout ARGS --code 3 --match "^simulee: kernel scale: timeout"
  -- ${SIM} tiny.cu --kernel scale --grid 2 --block 4 --arg i32[8] --arg i32[8]=iota
     --arg 3 --arg 8 --max-steps 2)
