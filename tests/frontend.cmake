# The front end on real-world code (issue 8): include folders found in the
# tree, the translation units a scan picks, nvcc's spaced launch chevrons;
# the realworld project (tests/projects/realworld) scanned as a whole.
target_sources(simulee_unit PRIVATE ${CMAKE_SOURCE_DIR}/cli/compile.c
                                    ${CMAKE_SOURCE_DIR}/cli/incdirs.c
                                    ${CMAKE_SOURCE_DIR}/cli/paths.c)

set(FE_SIM $<TARGET_FILE:simulee>)
set(FE_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(FE_RW tests/projects/realworld)
set(FE_OUT ${CMAKE_CURRENT_BINARY_DIR}/frontend)
file(MAKE_DIRECTORY ${FE_OUT})

function(fe_test name)
  simulee_test(frontend_${name} ${CMAKE_SOURCE_DIR} 600 ${ARGN})
endfunction()

# ---- the realworld tree: exactly the expected kernels, findings and notes
# (blur_tex is `checked`, but the search does not make texture objects: its
# fetches are in the coverage note;
# thrust::transform brings Thrust's own kernels, checked too)
fe_test(realworld_scan SETUP fe_realworld COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/projects/run.sh 1 --
  ${FE_SIM} scan ${FE_RW} -j 2 --format json -o ${FE_OUT}/realworld.json)
fe_test(realworld_findings REQUIRES fe_realworld COMMAND $<TARGET_FILE:simulee_scancheck> expect
  ${CMAKE_CURRENT_SOURCE_DIR}/projects/realworld.expected ${FE_OUT}/realworld.json)

# ---- include folders: --stats says which folder, and why
fe_test(stats_common COMMAND ${FE_EXPECT} --code 1
  --match "^simulee: stats: ${FE_RW}/samples/transpose/transpose.cu:5: #include \"grid_util.h\" found in ${FE_RW}/Common \\(2 folders of the tree hold it\\): -I ${FE_RW}/Common$"
  -- ${FE_SIM} scan ${FE_RW}/samples/transpose --root ${FE_RW} -j 1 --stats --no-color)
fe_test(stats_name_order COMMAND ${FE_EXPECT} --code 0
  --match "found in ${FE_RW}/gpu_include \\(2 folders of the tree hold it\\)"
  -- ${FE_SIM} scan ${FE_RW}/samples/stencil -j 1 --stats --no-color)
# a folder scan of samples/stencil alone: the header is not in the scanned
# folder, it is found in its repository's tree
fe_test(scan_repo_fallback COMMAND ${FE_EXPECT} --code 0
  --match "^simulee: stats: ${FE_RW}/samples/stencil/stencil.cu:3: #include \"stencil_coef.cuh\" found in ${FE_RW}/gpu_include"
  -- ${FE_SIM} scan ${FE_RW}/samples/stencil/ -j 1 --stats --no-color)
# a single file: the repository's tree (up to the folder with .git)
fe_test(single_file_upward COMMAND ${FE_EXPECT} --code 1
  --match "^simulee: stats: ${FE_RW}/inc/tile_config.h:4: #include \"grid_util.h\"|-I ${FE_RW}/Common$"
  -- ${FE_SIM} ${FE_RW}/samples/transpose/transpose.cu --stats --no-color)
fe_test(single_file_replay COMMAND ${FE_EXPECT} --code 1
  --match "reproduce with: simulee ${FE_RW}/samples/transpose/transpose.cu -I${FE_RW}/Common -I${FE_RW}/inc "
  -- ${FE_SIM} ${FE_RW}/samples/transpose/transpose.cu --no-color)
fe_test(scan_single_file COMMAND ${FE_EXPECT} --code 1
  --match "^simulee scan: 1 file, 1 kernel: 1 checked. 1 finding: 1 error, 0 warnings in "
  -- ${FE_SIM} scan ${FE_RW}/samples/transpose/transpose.cu -j 1 --no-color -q)

# ---- translation units: the included .cu is checked once, through its
# includer; a host-only file is a note and leaves the exit status alone
fe_test(included_cu COMMAND ${FE_EXPECT} --code 1
  --match "^simulee: stats: ${FE_RW}/solvers/jacobi_kernels.cu: included by ${FE_RW}/solvers/jacobi.cu, checked through it$"
  -- ${FE_SIM} scan ${FE_RW}/solvers -j 1 --stats --no-color)
fe_test(included_cu_totals COMMAND ${FE_EXPECT} --code 1
  --match "^simulee scan: 1 file, 1 kernel: 1 checked. 1 finding: 1 error, 0 warnings in "
  -- ${FE_SIM} scan ${FE_RW}/solvers -j 1 --no-color)
fe_test(host_only COMMAND ${FE_EXPECT} --code 0
  --match "^${FE_RW}/tools/device_query.cu: note: no kernels: the file's device code defines no __global__ function, nothing to check$"
  -- ${FE_SIM} scan ${FE_RW}/tools -j 1 --no-color)
fe_test(host_only_totals COMMAND ${FE_EXPECT} --code 0
  --match "^simulee scan: 1 file, 0 kernels: 0 checked. 0 findings: 0 errors, 0 warnings in "
  -- ${FE_SIM} scan ${FE_RW}/tools -j 1 --no-color)

# ---- spaced chevrons: clang's messages and the launch hints name the
# user's file at its own lines and columns
fe_test(chevrons_error_column COMMAND ${FE_EXPECT} --code 2
  --match "^simulee: error: cannot compile tests/frontend/chevrons_error.cu: tests/frontend/chevrons_error.cu:9:24: error: use of undeclared identifier 'not_declared'$"
  -- ${FE_SIM} tests/frontend/chevrons_error.cu --no-color)
fe_test(chevrons_hint COMMAND ${FE_EXPECT} --code 0
  --match "^tests/frontend/chevrons.cu:15: note: kernel rotate: grid 1,1,1 and block 64,1,1 as launched here"
  -- ${FE_SIM} tests/frontend/chevrons.cu --no-color --kernel rotate)
fe_test(chevrons_debug_info COMMAND ${FE_EXPECT} --code 1
  --match "^tests/frontend/chevrons.cu:9:20: error: data race .read-write, shared memory. on .s. \\+ 128$"
  -- ${FE_SIM} tests/frontend/chevrons.cu --no-color --kernel rotate_racy)

# ---- precompiled headers kept with -I/-D flags that cannot change them
set(FE_PCH sh ${CMAKE_CURRENT_SOURCE_DIR}/frontend/pch_used.sh)
set(FE_MACRO ${FE_SIM} tests/compile/macro.cu --grid 1 --block 4 --arg i32[4] --quiet
    --no-host-launch)
fe_test(pch_plain COMMAND ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO})
fe_test(pch_include_dir COMMAND ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO}
  -I ${FE_RW}/Common -I ${FE_RW}/inc)
fe_test(pch_define_unused COMMAND ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO} -D SCALE=5
  -DPROJECT_TILE -UPROJECT_DEBUG)
# a folder with a header of the same name as one the PCH reads
fe_test(pch_shadowing_dir COMMAND ${FE_PCH} no ${SIMULEE_CLANG} ${FE_MACRO}
  -I tests/frontend/shadow)
# macros the headers name
fe_test(pch_define_used COMMAND ${FE_PCH} no ${SIMULEE_CLANG} ${FE_MACRO} -D CUDART_VERSION=11000)
fe_test(pch_undef_used COMMAND ${FE_PCH} no ${SIMULEE_CLANG} ${FE_MACRO} -U __CUDA_ARCH__)
# another standard: its own PCH, built on first use in the per-user cache
# (a fresh one here) and used by that first compile already
fe_test(pch_std COMMAND ${CMAKE_COMMAND} -E env SIMULEE_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/pch_std_cache
  ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO} --std=c++17)
fe_test(pch_std_c++14_O0 COMMAND ${CMAKE_COMMAND} -E env SIMULEE_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/pch_std_cache
  ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO} --std=c++14 -O0)
# a compilation database's -std=c++17 keeps precompiled headers (scan)
fe_test(pch_std_compdb COMMAND ${CMAKE_COMMAND} -E env SIMULEE_CACHE_DIR=${CMAKE_CURRENT_BINARY_DIR}/pch_std_cache
  ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_SIM} scan tests/frontend/stddb/compile_commands.json -j 1
  --no-progress --time-limit 20)
# a standard spelled with other characters gets no PCH
fe_test(pch_std_odd COMMAND ${FE_PCH} no ${SIMULEE_CLANG} ${FE_MACRO} "--std=c++17 -x")
# the PCH's own standard; a forced include (read after the headers)
fe_test(pch_std_default COMMAND ${FE_PCH} yes ${SIMULEE_CLANG} ${FE_MACRO} --std=gnu++17
  --include=${FE_RW}/Common/grid_util.h)

# ---- .cu files that include each other: the first in path order stays
fe_test(include_cycle COMMAND ${FE_EXPECT} --code 0
  --match "^simulee scan: 1 file, 2 kernels: 2 checked. 0 findings: 0 errors, 0 warnings in "
  -- ${FE_SIM} scan tests/frontend/cycle -j 1 --no-color)
fe_test(include_cycle_which COMMAND ${FE_EXPECT} --code 0
  --match "^simulee: stats: tests/frontend/cycle/part_b.cu: included by tests/frontend/cycle/part_a.cu, checked through it$"
  -- ${FE_SIM} scan tests/frontend/cycle -j 1 --no-color --stats)

# ---- the rewritten copies go away (a clean run, a compile error, a scan)
set(FE_CLEAN sh ${CMAKE_CURRENT_SOURCE_DIR}/frontend/tmp_clean.sh)
fe_test(chevrons_tmp_clean COMMAND ${FE_CLEAN} 1 ${FE_SIM} tests/frontend/chevrons.cu)
fe_test(chevrons_tmp_clean_error COMMAND ${FE_CLEAN} 2 ${FE_SIM} tests/frontend/chevrons_error.cu)
fe_test(chevrons_tmp_clean_scan COMMAND ${FE_CLEAN} 1 ${FE_SIM} scan ${FE_RW}/samples -j 2)

# ---- spaced chevrons in a project header's launch macro: the header is
# shown to clang rewritten under its own name (-ivfsoverlay)
fe_test(chevrons_header_macro COMMAND ${FE_EXPECT} --code 1
  --match "^tests/frontend/launch_macro/smooth.cu:12: note: kernel smooth_racy: grid 1,1,1 and block 64,1,1 as launched here"
  -- ${FE_SIM} tests/frontend/launch_macro/smooth.cu --no-color)
fe_test(chevrons_header_scan COMMAND ${FE_EXPECT} --code 1
  --match "^tests/frontend/launch_macro/smooth.cu:9:45: error: data race .read-write, shared memory. on .s. \\+ 128$"
  -- ${FE_SIM} scan tests/frontend/launch_macro -j 1 --no-color)
fe_test(chevrons_header_tmp_clean COMMAND ${FE_CLEAN} 1 ${FE_SIM} tests/frontend/launch_macro/smooth.cu)
