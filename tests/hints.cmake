# Launch hints from the host code of a .cu file (cli/hints.c): the grid,
# block and dynamic shared size that every <<<>>> launch of a kernel gives as
# the same constant fix that part of the automatic search. The kernels of
# tests/hints/ are race-free only for the shape their host code launches (or
# have a real bug for it); each clean result has a twin run with
# --no-host-launch that must find the race, so no test passes vacuously.
# Included by tests/CMakeLists.txt after simulee_unit is defined.

set(HINTS_SRC tests/hints)
set(HINTS_OUT ${CMAKE_CURRENT_BINARY_DIR}/hints)
file(MAKE_DIRECTORY ${HINTS_OUT})
set(HINTS_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(HSIM $<TARGET_FILE:simulee>)

# hints_test(NAME [SETUP FIXTURE] ARGS expect.sh-options -- command...): run
# from the source tree, so report paths are tests/hints/...
function(hints_test name)
  cmake_parse_arguments(T "" "SETUP" "ARGS" ${ARGN})
  simulee_test(hints_${name} ${CMAKE_SOURCE_DIR} 120 SETUP ${T_SETUP}
               COMMAND ${HINTS_EXPECT} ${T_ARGS})
endfunction()

# ---- one shape: race-free as launched (grid 2,2 block 32,8 from line 35)
hints_test(shape SETUP hints_shape ARGS --code 0 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/shape.cu --format json -o ${HINTS_OUT}/shape.json)
simulee_json_test(hints_shape_fields hints_shape ${HINTS_OUT}/shape.json
  kernels\#1 kernels.0.name=flip_tiles kernels.0.findings\#0
  kernels.0.launch.block.0=32 kernels.0.launch.block.1=8 kernels.0.launch.block.2=1
  kernels.0.launch.grid.0=2 kernels.0.launch.grid.1=2
  kernels.0.launch_source.block=host kernels.0.launch_source.grid=host
  !kernels.0.launch_source.shared
  kernels.0.launch_source.file=tests/hints/shape.cu kernels.0.launch_source.line=35
  kernels.0.launch_source.sites=1
  kernels.0.replay~--block\ 32,8,1)
hints_test(shape_text ARGS --code 0
  --match "^tests/hints/shape.cu:35: note: kernel flip_tiles: grid 2,2,1, block 32,8,1 and buffer sizes as launched here"
  -- ${HSIM} ${HINTS_SRC}/shape.cu --no-color)
# the hint does not depend on the device side's -O level
hints_test(shape_O0 ARGS --code 0 --match "checked \\(grid 2,2,1 block 32,8,1\\)"
  -- ${HSIM} ${HINTS_SRC}/shape.cu -O0 --no-color)
# the same kernel searched over shapes the program never launches: the race
# (the race of flip_tiles: threads y and y + ROWS store the same element, a
# same-value race, a warning by default; --same-value-races error makes it
# fail as every race did before grades)
hints_test(shape_off SETUP hints_shape_off ARGS --code 1 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/shape.cu --no-host-launch --same-value-races error --format json
  -o ${HINTS_OUT}/shape_off.json)
simulee_json_test(hints_shape_off_fields hints_shape_off ${HINTS_OUT}/shape_off.json
  !kernels.0.launch_source kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.grade=same-value kernels.0.findings.0.level=error)
hints_test(shape_off_warning ARGS --code 0
  --match "^tests/hints/shape.cu:[0-9]+:[0-9]+: warning: data race .*\\[same-value\\]$"
  -- ${HSIM} ${HINTS_SRC}/shape.cu --no-host-launch --no-color)
# the user's options win over the host's: --block given, the grid still taken
hints_test(shape_user_block SETUP hints_shape_user ARGS --code 1 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/shape.cu --block 32,16 --same-value-races error --format json
  -o ${HINTS_OUT}/shape_user.json)
simulee_json_test(hints_shape_user_fields hints_shape_user ${HINTS_OUT}/shape_user.json
  kernels.0.launch_source.grid=host !kernels.0.launch_source.block
  kernels.0.launch.block.1=16 kernels.0.findings.0.kind=data-race)
# merge (and the JSON reader under it) keeps where the launch came from
hints_test(shape_merge SETUP hints_shape_merge ARGS --code 0 --stdout-empty --
  ${HSIM} merge ${HINTS_OUT}/shape.json --format json -o ${HINTS_OUT}/shape_merged.json)
set_tests_properties(hints_shape_merge PROPERTIES FIXTURES_REQUIRED hints_shape)
simulee_json_test(hints_shape_merge_fields hints_shape_merge ${HINTS_OUT}/shape_merged.json
  kernels.0.launch_source.block=host kernels.0.launch_source.grid=host
  kernels.0.launch_source.line=35 kernels.0.launch_source.sites=1)

# ---- a real bug at the launched shape is still found
hints_test(nosync SETUP hints_nosync ARGS --code 1 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/nosync.cu --format json -o ${HINTS_OUT}/nosync.json)
simulee_json_test(hints_nosync_fields hints_nosync ${HINTS_OUT}/nosync.json
  kernels.0.launch_source.block=host kernels.0.launch.block.1=8
  kernels.0.findings.0.kind=data-race)

hints_test(nosync_sarif SETUP hints_nosync_sarif ARGS --code 1 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/nosync.cu --format sarif -o ${HINTS_OUT}/nosync.sarif)
simulee_json_test(hints_nosync_sarif_fields hints_nosync_sarif ${HINTS_OUT}/nosync.sarif
  runs.0.results.0.properties.launchSource.block=host
  runs.0.results.0.properties.launchSource.line=28)

# ---- two launches with different shapes: no hint, the search as before
# (the same report as with --no-host-launch; the race is real: the program
# launches blockDim.y = 16)
hints_test(twoshapes_off SETUP hints_twoshapes_off ARGS --code 1 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/twoshapes.cu --no-host-launch --same-value-races error --format json
  -o ${HINTS_OUT}/twoshapes_off.json)
# (the buffers are the same constant size at both sites: those are taken)
hints_test(twoshapes SETUP hints_twoshapes ARGS --code 1 --
  ${HSIM} ${HINTS_SRC}/twoshapes.cu --same-value-races error --format json
  -o ${HINTS_OUT}/twoshapes.json)
simulee_json_test(hints_twoshapes_host hints_twoshapes ${HINTS_OUT}/twoshapes.json
  !kernels.0.launch_source.grid !kernels.0.launch_source.block
  kernels.0.launch_source.buffers=host kernels.0.launch.args.0~f32[16384]=
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.level=error
  kernels.0.findings.0.grade=same-value)
simulee_json_test(hints_twoshapes_fields hints_twoshapes_off ${HINTS_OUT}/twoshapes_off.json
  !kernels.0.launch_source kernels.0.findings.0.kind=data-race)
hints_test(twoshapes_stats ARGS --code 1
  --match "kernel flip_tiles: 2 launches in the host code. taken from them: nothing. not the same valid constant at every launch: grid, block"
  -- ${HSIM} ${HINTS_SRC}/twoshapes.cu --stats --same-value-races error)

# ---- template instantiations, each with its own launches
hints_test(template SETUP hints_template ARGS --code 0 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/template.cu --format json -o ${HINTS_OUT}/template.json)
simulee_json_test(hints_template_fields hints_template ${HINTS_OUT}/template.json
  kernels\#2 kernels.0.name=void\ flip_tiles<8> kernels.1.name=void\ flip_tiles<4>
  kernels.0.launch.block.1=8 kernels.0.launch_source.block=host
  kernels.0.launch_source.sites=3
  kernels.1.launch.block.1=4 kernels.1.launch_source.block=host
  kernels.1.launch_source.sites=1 kernels.1.launch_source.line=35
  kernels.0.findings\#0 kernels.1.findings\#0)
hints_test(template_off ARGS --code 1 --match "error: data race"
  -- ${HSIM} ${HINTS_SRC}/template.cu --no-host-launch --kernel "void flip_tiles<4>"
  --same-value-races error)

# ---- an explicit cudaLaunchKernel is a launch too
hints_test(explicit SETUP hints_explicit ARGS --code 0 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/explicit.cu --format json -o ${HINTS_OUT}/explicit.json)
simulee_json_test(hints_explicit_fields hints_explicit ${HINTS_OUT}/explicit.json
  kernels.0.launch_source.block=host kernels.0.launch.block.1=8
  kernels.0.launch_source.file=tests/hints/explicit.cu kernels.0.launch_source.line=29
  kernels.0.findings\#0)
hints_test(explicit_off ARGS --code 1 --match "error: data race"
  -- ${HSIM} ${HINTS_SRC}/explicit.cu --no-host-launch --same-value-races error)

# ---- host code our headers cannot compile: no hints, no noise, the device
# side checked as without host code (the search's race shows it)
hints_test(hostfail ARGS --code 1 --stdout-empty --
  sh -c "\"$1\" \"$2\" --same-value-races error --format json -o /dev/null 2>&1" sh ${HSIM}
  ${HINTS_SRC}/hostfail.cu)
hints_test(hostfail_text ARGS --code 1 --match "hostfail.cu:16:42: error: data race"
  -- ${HSIM} ${HINTS_SRC}/hostfail.cu --no-color --same-value-races error)
hints_test(hostfail_stats ARGS --code 1
  --match "no launch hints from the host code: .*simulee_hints_host_only_library.h' file not found"
  -- ${HSIM} ${HINTS_SRC}/hostfail.cu --stats --same-value-races error)
# ---- a source with no launch, binding or header that could hold one: no
# host-side clang run (nothing for it to read); its race still found
hints_test(skip_nolaunch ARGS --code 1
  --match "no launch hints from the host code: the source has no kernel launch"
  --match "error: data race"
  -- ${HSIM} tests/kernels/auto/strided_slots.cu --seed 1 --stats --no-color)

# ---- dynamic shared size and kernel names (namespace, anonymous, extern "C")
hints_test(shared SETUP hints_shared ARGS --code 0 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/shared.cu --format json -o ${HINTS_OUT}/shared.json)
simulee_json_test(hints_shared_fields hints_shared ${HINTS_OUT}/shared.json
  kernels.0.launch_source.shared=host kernels.0.launch.shared=512
  kernels.0.launch.block.0=128 kernels.0.findings\#0)
hints_test(names SETUP hints_names ARGS --code 0 --stdout-empty --
  ${HSIM} ${HINTS_SRC}/names.cu --format json -o ${HINTS_OUT}/names.json)
simulee_json_test(hints_names_fields hints_names ${HINTS_OUT}/names.json
  kernels\#3 kernels.0.launch.block.0=96 kernels.0.launch_source.block=host
  kernels.1.launch.block.0=64 kernels.1.launch_source.block=host
  kernels.2.launch.block.0=160 kernels.2.launch_source.block=host)

# ---- a scan joins the launches of a header's kernel over the files that
# launch it (header/b.cu launches flip_tiles<8> with a shape it races for;
# alone, header/a.cu's launches make it look clean); paths relative to the root
hints_test(header_alone ARGS --code 0 --match "flip_tiles<8>: checked \\(grid 2,2,1 block 32,8,1\\)"
  -- ${HSIM} ${HINTS_SRC}/header/a.cu --no-color)
hints_test(header_scan SETUP hints_header_scan ARGS --code 1 --
  ${HSIM} scan ${HINTS_SRC}/header -j 2 --no-progress --same-value-races error --format json
  -o ${HINTS_OUT}/header_scan.json)
simulee_json_test(hints_header_scan_fields hints_header_scan ${HINTS_OUT}/header_scan.json
  kernels\#2 kernels.0.name=void\ flip_tiles<4> kernels.1.name=void\ flip_tiles<8>
  kernels.0.file=a.cu kernels.0.launch_source.file=a.cu kernels.0.launch_source.sites=2
  kernels.0.launch_source.block=host kernels.0.launch.block.1=4 kernels.0.findings\#0
  !kernels.1.launch_source kernels.1.findings.0.kind=data-race
  kernels.1.findings.0.level=error)

# ---- arguments read from the launch sites (cli/hints.c: cudaSetupArgument
# values, grid/block values computed from them). Each program is checked
# from 5 seeds, and its --no-host-launch twin finds the race.
# tail_grid.cu: <<<(n + 255) / 256, 256>>>(d, n): the grid follows n; the
# race (idle threads of a partial last block) is found with n and the grid
# consistent (n = 2: one block), and the witness replays.
foreach(seed 1 2 3 4 5)
  hints_test(tail_grid_seed${seed} ARGS --code 1
    --match "^tests/hints/tail_grid.cu:16:.*data race \\(write-write, global memory\\)"
    -- ${HSIM} ${HINTS_SRC}/tail_grid.cu --seed ${seed} --no-color)
  # const_stride.cu: the literal 1024 at the launch is kept: clean
  hints_test(const_stride_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/const_stride.cu --seed ${seed} -q)
  # ws_block.cu: <<<1, ws>>>(buf, ws): block.x is the argument: clean
  hints_test(ws_block_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/ws_block.cu --seed ${seed} -q)
endforeach()
# two_strides.cu: sites pass different constants (fold_rows: 512 and 1024,
# race-free for both; fold_cols: 1024 and 256, racy at 256). The search draws
# the stride from the sites' constants: fold_rows has no error (a race seen
# only at a stride no site passes is a note), fold_cols's race is an error
# whose witness is the program's 256.
foreach(seed 1 2 3 4 5)
  hints_test(two_strides_rows_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_rows --seed ${seed} -q)
  hints_test(two_strides_cols_seed${seed} ARGS --code 1
    --match "^note: reproduce with: .*--kernel fold_cols .*--arg 256$"
    -- ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_cols --seed ${seed} --no-color)
endforeach()
hints_test(two_strides_rows_verbose ARGS --code 0
  --match "^tests/hints/two_strides.cu:11:25: note: data race \\(write-write, global memory\\) on buffer 'out' \\+ [0-9]+ \\[outside-program-launches\\]$"
  -- ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_rows -v --no-color)
hints_test(two_strides_text ARGS --code 0
  --match "^tests/hints/two_strides.cu:19: note: kernel fold_rows: grid 1,1,1, block 128,1,1 and scalar arguments from the sites' constants as in every launch"
  -- ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_rows --no-color)
hints_test(two_strides_json SETUP hints_two_strides ARGS --code 0 --
  ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_rows --format json -o ${HINTS_OUT}/two_strides.json)
simulee_json_test(hints_two_strides_fields hints_two_strides ${HINTS_OUT}/two_strides.json
  kernels.0.launch_source.args=host kernels.0.findings.0.level=note
  kernels.0.findings.0.grade=outside-program-launches)
hints_test(two_strides_nohost ARGS --code 1 --match "two_strides.cu:11:25: error: data race"
  -- ${HSIM} ${HINTS_SRC}/two_strides.cu --kernel fold_rows --no-host-launch -q --no-color)

hints_test(tail_grid_json SETUP hints_tail_grid ARGS --code 1 --
  ${HSIM} ${HINTS_SRC}/tail_grid.cu --format json -o ${HINTS_OUT}/tail_grid.json)
simulee_json_test(hints_tail_grid_fields hints_tail_grid ${HINTS_OUT}/tail_grid.json
  kernels.0.name=scale_pad kernels.0.launch_source.block=host
  kernels.0.launch_source.derived=host !kernels.0.launch_source.grid
  kernels.0.launch_source.line=23
  kernels.0.findings.0.witness.grid.0=1 kernels.0.findings.0.witness.block.0=256
  kernels.0.findings.0.witness.args.1=2)
hints_test(tail_grid_replay ARGS --code 1 --match "data race"
  -- ${HSIM} ${HINTS_SRC}/tail_grid.cu --grid 1 --block 256 --arg f32[256]=rand:2588616219:7:7
     --arg 2 -q --no-color)
hints_test(tail_grid_text ARGS --code 1
  --match "^tests/hints/tail_grid.cu:23: note: kernel scale_pad: block 256,1,1, dims computed from an argument and buffer sizes as launched here"
  -- ${HSIM} ${HINTS_SRC}/tail_grid.cu --no-color)
hints_test(const_stride_json SETUP hints_const_stride ARGS --code 0 --
  ${HSIM} ${HINTS_SRC}/const_stride.cu --format json -o ${HINTS_OUT}/const_stride.json)
simulee_json_test(hints_const_stride_fields hints_const_stride ${HINTS_OUT}/const_stride.json
  kernels.0.launch_source.args=host kernels.0.launch.args.2=1024 kernels.0.findings\#0)
hints_test(ws_block_json SETUP hints_ws_block ARGS --code 0 --
  ${HSIM} ${HINTS_SRC}/ws_block.cu --format json -o ${HINTS_OUT}/ws_block.json)
simulee_json_test(hints_ws_block_fields hints_ws_block ${HINTS_OUT}/ws_block.json
  kernels.0.launch_source.derived=host kernels.0.launch_source.grid=host
  kernels.0.findings\#0)
# float_weights.cu, blend_one: the literal 0.25f at the launch (a
# floating-point constant) is kept as the program passes it: clean from 5
# seeds
foreach(seed 1 2 3 4 5)
  hints_test(float_weight_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_one --seed ${seed} -q)
endforeach()
hints_test(float_weight_json SETUP hints_float_weight ARGS --code 0 --
  ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_one --format json
  -o ${HINTS_OUT}/float_weight.json)
simulee_json_test(hints_float_weight_fields hints_float_weight ${HINTS_OUT}/float_weight.json
  kernels.0.launch_source.args=host kernels.0.launch.args.2=0.25 kernels.0.findings\#0
  kernels.0.replay~--arg\ 0.25\ )
# float_weights.cu: different floating-point constants at the sites are
# drawn as the program's values: blend_ok (0.25f, 0.75f) has no error (the
# race needs a weight above 1: a note outside the program's launches),
# blend_bad (0.5f, 1.5f) an error whose witness is the program's 1.5f
foreach(seed 1 2 3 4 5)
  hints_test(float_weights_ok_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_ok --seed ${seed} -q)
  hints_test(float_weights_bad_seed${seed} ARGS --code 1
    --match "^note: reproduce with: .*--kernel blend_bad .*--arg 1.5 --arg [0-9]+$"
    -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_bad --seed ${seed} --no-color)
endforeach()
hints_test(float_weights_ok_verbose ARGS --code 0
  --match "^tests/hints/float_weights.cu:19:29: note: data race \\(read-write, shared memory\\) on 'tile' \\+ [0-9]+ \\[outside-program-launches\\]$"
  -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_ok -v --no-color)
hints_test(float_weights_nohost ARGS --code 1 --match "float_weights.cu:19:29: error: data race"
  -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_ok --no-host-launch -q --no-color)
foreach(n tail_grid const_stride ws_block)
  hints_test(${n}_nohost ARGS --code 1 --match "data race"
    -- ${HSIM} ${HINTS_SRC}/${n}.cu --no-host-launch -q --no-color)
endforeach()
hints_test(float_weight_nohost ARGS --code 1 --match "data race"
  -- ${HSIM} ${HINTS_SRC}/float_weights.cu --kernel blend_one --no-host-launch -q --no-color)

# ---- buffer sizes from the host's cudaMalloc: out-of-bounds in automatic
# mode. off_by_one.cu: clamp_all loops `i <= n` over n floats: the access
# one past the end is found from 5 seeds, with a witness that replays;
# clamp_ok (`i < n`) stays clean. Without the host code (--no-host-launch)
# buffers grow as used, but the bound-sized detection run (every buffer n
# elements) still shows clamp_all's access one past the end, and only
# clamp_all's (the blocks of a multi-block variant race as warnings: the
# kernel never reads blockIdx).
foreach(seed 1 2 3 4 5)
  hints_test(off_by_one_seed${seed} ARGS --code 1
    --match "^tests/hints/off_by_one.cu:9:9: error: out-of-bounds access \\(global memory\\)"
    -- ${HSIM} ${HINTS_SRC}/off_by_one.cu --seed ${seed} -q --no-color)
endforeach()
hints_test(off_by_one_json SETUP hints_off_by_one ARGS --code 1 --
  ${HSIM} ${HINTS_SRC}/off_by_one.cu --format json -o ${HINTS_OUT}/off_by_one.json)
simulee_json_test(hints_off_by_one_fields hints_off_by_one ${HINTS_OUT}/off_by_one.json
  kernels\#2 kernels.0.name=clamp_all kernels.0.findings\#1
  kernels.0.findings.0.kind=out-of-bounds kernels.0.launch_source.buffers=host
  kernels.0.findings.0.witness.replay~--grid
  kernels.1.name=clamp_ok kernels.1.findings\#0 kernels.1.launch_source.buffers=host)
hints_test(off_by_one_replay ARGS --code 1 --match "out-of-bounds access"
  -- ${HSIM} ${HINTS_SRC}/off_by_one.cu --kernel clamp_all --grid 1 --block 128
     --arg f32[121]=rand:1:0:9 --arg 121 --arg 5 -q --no-color)
hints_test(off_by_one_nohost ARGS --code 0 --stdout-empty
  -- sh -c "${HSIM} ${HINTS_SRC}/off_by_one.cu --no-host-launch -q --no-color > ${HINTS_OUT}/off_by_one_nohost.txt || true && grep -c out-of-bounds ${HINTS_OUT}/off_by_one_nohost.txt | grep -qx 1 && grep -q '^tests/hints/off_by_one.cu:9:9: error: out-of-bounds access (global memory)' ${HINTS_OUT}/off_by_one_nohost.txt")

# ---- the same report whatever -j with host-derived launches and sizes
foreach(n tail_grid off_by_one)
  foreach(j 1 2)
    hints_test(${n}_j${j} SETUP hints_${n}_j${j} ARGS --code 1 --
      ${HSIM} ${HINTS_SRC}/${n}.cu --seed 7 -j ${j} --format json -o ${HINTS_OUT}/${n}.j${j}.json)
  endforeach()
  add_test(NAME hints_${n}_deterministic
    COMMAND $<TARGET_FILE:simulee_autocheck> same ${HINTS_OUT}/${n}.j1.json ${HINTS_OUT}/${n}.j2.json)
  set_tests_properties(hints_${n}_deterministic PROPERTIES
    FIXTURES_REQUIRED "hints_${n}_j1;hints_${n}_j2" TIMEOUT 60)
endforeach()

# ---- sizes from two different arguments: no out-of-bounds finding from
# pairings the program never makes (two_sizes.cu: src holds m >= n)
foreach(seed 1 2 3 4 5)
  hints_test(two_sizes_seed${seed} ARGS --code 0 --stdout-empty
    -- ${HSIM} ${HINTS_SRC}/two_sizes.cu --seed ${seed} -q)
endforeach()
# simulee merge keeps the new launch_source parts
hints_test(tail_grid_merge SETUP hints_tail_grid_merge ARGS --code 1 --
  ${HSIM} merge ${HINTS_OUT}/tail_grid.json --format json -o ${HINTS_OUT}/tail_grid_merged.json)
set_tests_properties(hints_tail_grid_merge PROPERTIES FIXTURES_REQUIRED hints_tail_grid)
simulee_json_test(hints_tail_grid_merge_json hints_tail_grid_merge ${HINTS_OUT}/tail_grid_merged.json
  kernels.0.launch_source.derived=host kernels.0.launch_source.buffers=host
  kernels.0.launch_source.block=host)
