# A folder scan of CMake projects without a compilation database: configured
# (cli/configure.c) in a temporary build folder with simulee's toolkit as the
# CUDA compiler, then scanned with the database CMake writes; databases found
# in the tree and its build folders used for the files under them.
set(CF_SIM $<TARGET_FILE:simulee>)
set(CF_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(CF_TILES tests/projects/realworld/tiles)
set(CF_OUT ${CMAKE_CURRENT_BINARY_DIR}/configure)
file(MAKE_DIRECTORY ${CF_OUT})

function(cf_test name)
  simulee_test(configure_${name} ${CMAKE_SOURCE_DIR} 120 ${ARGN})
endfunction()

# ---- tiles: its kernel includes tiles/config.h (configure_file) and needs
# the target's -DTILES_CHANNELS: found and checked only by configuring; the
# exact kernel and finding (smooth_tile's missing barrier)
cf_test(tiles SETUP cf_tiles COMMAND ${CF_EXPECT} --code 1
  --match "reproduce with: simulee ${CF_TILES}/src/tiles.cu --kernel smooth_tile -DTILES_CHANNELS=1 -I/.*/simulee-cmake-[A-Za-z0-9]{6}/generated --std=c\\+\\+17 --arch sm_70 "
  -- ${CF_SIM} scan ${CF_TILES} -j 2 --no-color --format json -o ${CF_OUT}/tiles.json)
cf_test(tiles_findings REQUIRES cf_tiles COMMAND $<TARGET_FILE:simulee_scancheck> expect
  ${CMAKE_CURRENT_SOURCE_DIR}/projects/tiles.expected ${CF_OUT}/tiles.json)
# (the replay line above: the temporary build folder's -I and the
# database's -D reached clang)
# the replay line names the temporary build folder, which the scan removes:
# a note says so and how to keep it
cf_test(replay_note COMMAND ${CF_EXPECT} --code 1
  --match "note: the replay lines of 1 kernel name the temporary build folder /.*/simulee-cmake-[A-Za-z0-9]{6}, removed after the scan \\(the project's configured flags name it\\): scan with --configure=keep to run them$"
  -- ${CF_SIM} scan ${CF_TILES} -j 1 --no-color)
# --configure=no: today's discovery, and the generated header is missing
cf_test(no COMMAND ${CF_EXPECT} --code 3
  --match "^simulee: ${CF_TILES}/src/tiles.cu: error: src/tiles.cu:7:10: fatal error: 'tiles/config.h' file not found$"
  -- ${CF_SIM} scan ${CF_TILES} -j 1 --configure=no --no-color)
cf_test(bad_value COMMAND ${CF_EXPECT} --code 2
  --match "^simulee: error: scan: --configure 'maybe': expected yes, no, keep, unsafe or unsafe,keep$"
  -- ${CF_SIM} scan ${CF_TILES} --configure=maybe)
# --cmake-arg reaches the project: its option builds the other kernel
cf_test(cmake_arg COMMAND ${CF_EXPECT} --code 0
  --match "^src/tiles.cu +hist_shared +checked +0 +0 "
  -- ${CF_SIM} scan ${CF_TILES} -j 1 --cmake-arg -DTILES_USE_HIST=ON --no-color)
# --configure=keep: the build folder stays (its path in a note; the script
# removes it)
cf_test(keep COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/configure_keep.sh ${CF_SIM} ${CF_TILES})
set_tests_properties(configure_keep PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")

# ---- configuring fails: one line saying why, then today's discovery (the
# kernel needs no generated header: checked, exit status 0)
cf_test(fails COMMAND ${CF_EXPECT} --code 0
  --match "^simulee: note: tests/projects/realworld/needs_submodule: configuring with CMake failed \\(CMake Error at CMakeLists.txt:5 \\(include\\): include could not find requested file: third_party/cutlass/cmake/CutlassConfig.cmake\\). scanning without a compilation database$"
  -- ${CF_SIM} scan tests/projects/realworld/needs_submodule -j 1 --no-color)
cf_test(no_cmake COMMAND ${CF_EXPECT} --code 3
  --match "^simulee: note: ${CF_TILES}: configuring with CMake failed \\(cannot run cmake: /nonexistent/cmake: No such file or directory \\(install cmake or set SIMULEE_CMAKE\\)\\). scanning without a compilation database$"
  -- env SIMULEE_CMAKE=/nonexistent/cmake ${CF_SIM} scan ${CF_TILES} -j 1 --no-color)
# a configure step that hangs is stopped at the time limit
cf_test(hang COMMAND ${CF_EXPECT} --code 0
  --match "^simulee: note: tests/fixtures/configure_hang: configuring with CMake failed \\(cmake ran past the time limit of 5 s \\(--time-limit, or what --scan-time-limit left. at least 5 s\\) and was stopped\\). scanning without a compilation database$"
  -- ${CF_SIM} scan tests/fixtures/configure_hang -j 1 --time-limit 5 --no-color)
# ... and at what --scan-time-limit leaves (the scan goes on: a note counts
# nothing left out, the file is checked)
cf_test(hang_scan_limit COMMAND ${CF_EXPECT} --code 0
  --match "^simulee: note: tests/fixtures/configure_hang: configuring with CMake failed \\(cmake ran past the time limit of [0-9.]+ s "
  -- ${CF_SIM} scan tests/fixtures/configure_hang -j 1 --scan-time-limit 6 --no-color)

# ---- databases in the tree: a build folder's (the project is not
# configured: its CMakeLists.txt would fail), and solver/'s own (the folder
# scan gives the exact findings of the database scan, -D SOLVER_TILE
# included)
cf_test(build_folder_db COMMAND ${CF_EXPECT} --code 1
  --match "^src/norm.cu +sum_squares +checked +1 "
  -- ${CF_SIM} scan tests/fixtures/prebuilt -j 1 --no-color)
cf_test(nested_db SETUP cf_solver COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/projects/run.sh 1 --
  ${CF_SIM} scan tests/projects/solver -j 2 --suppressions tests/projects/solver/simulee.supp
  --format json -o ${CF_OUT}/solver.json)
cf_test(nested_db_findings REQUIRES cf_solver COMMAND $<TARGET_FILE:simulee_scancheck> expect
  ${CMAKE_CURRENT_SOURCE_DIR}/projects/solver.expected ${CF_OUT}/solver.json)

# ---- an older project (FindCUDA: no .cu file in CMake's database): the
# note, and the generated header found in the build folder (the race needs
# the kernel compiled: exit status 1, its row)
cf_test(findcuda_note COMMAND ${CF_EXPECT} --code 1
  --match "^simulee: note: tests/fixtures/findcuda: configured with CMake, but cmake wrote no compile_commands.json \\(FindCUDA's cuda_add_\\* targets are not in it\\): scanning without a compilation database, headers it generated looked for in its build folder$"
  -- ${CF_SIM} scan tests/fixtures/findcuda -j 1 --no-color)
cf_test(findcuda COMMAND ${CF_EXPECT} --code 1
  --match "^src/block_scan.cu +block_offsets +checked +1 +0 +1 "
  -- ${CF_SIM} scan tests/fixtures/findcuda -j 1 -q --no-color)
