# Cooperative groups from NVIDIA's own headers (CUnit suite `cg_real`,
# tests/unit/test_cg.c; ctest cg_real_headers). Only with a CUDA toolkit on
# this machine: tests/cg/cg_real.cu is compiled for sm_80 (where the headers
# read %reserved_smem_offset_1 for their scratch) at -O0 and -O2 through
# clang's normal CUDA path. Included by tests/CMakeLists.txt, before
# tests/math.cmake, so the toolkit is looked for here the same way.
set(CG_CUDA_TOOLKIT "" CACHE PATH "CUDA toolkit for the cg_real_headers test (empty: search)")
set(CG_TOOLKIT ${CG_CUDA_TOOLKIT})
simulee_find_cuda_toolkit(CG_TOOLKIT cooperative_groups.h)
if(CG_TOOLKIT AND EXISTS ${CG_TOOLKIT}/include/cooperative_groups.h)
  message(STATUS "cg tests: CUDA toolkit ${CG_TOOLKIT} found: test cg_real_headers enabled")
  set(CG_OUT ${CMAKE_CURRENT_BINARY_DIR}/cg)
  set(CG_SHIM ${CG_OUT}/shim)
  file(MAKE_DIRECTORY ${CG_SHIM})
  # CUDA 13 dropped texture_fetch_functions.h (clang-19's wrapper includes
  # it) and moved libcu++ (which the headers include) to include/cccl
  if(NOT EXISTS ${CG_TOOLKIT}/include/texture_fetch_functions.h)
    file(WRITE ${CG_SHIM}/texture_fetch_functions.h "/* empty: see tests/cg.cmake */\n")
  endif()
  set(CG_INC -I${CG_SHIM})
  if(EXISTS ${CG_TOOLKIT}/include/cccl)
    list(APPEND CG_INC -I${CG_TOOLKIT}/include/cccl)
  endif()
  set(CG_BC)
  simulee_bitcode(CG_BC ${CG_OUT} "cooperative groups kernel"
                  ${CMAKE_CURRENT_SOURCE_DIR}/cg/cg_real.cu STRICT
                  FLAGS -x cuda --cuda-device-only --cuda-path=${CG_TOOLKIT}
                        --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version ${CG_INC}
                        -gline-tables-only -emit-llvm -c)
  simulee_bitcode_target(cg_real_kernels ${CG_BC})
  target_compile_definitions(simulee_unit PRIVATE SIMULEE_CG_BIN="${CG_OUT}")
  add_test(NAME cg_real_headers COMMAND simulee_unit cg_real)
  set_tests_properties(cg_real_headers PROPERTIES TIMEOUT 120)
  # grid.sync() between two phases with NVIDIA's headers (their workspace
  # barrier on %envreg1/2): clean and exact, and racy without it
  set(CG_GS_BC)
  simulee_bitcode(CG_GS_BC ${CG_OUT} "NVIDIA grid.sync kernel"
                  ${CMAKE_CURRENT_SOURCE_DIR}/cg/grid_sync_real.cu STRICT
                  FLAGS -x cuda --cuda-device-only --cuda-path=${CG_TOOLKIT}
                        --cuda-gpu-arch=sm_80 -Wno-unknown-cuda-version ${CG_INC}
                        -gline-tables-only -emit-llvm -c)
  simulee_bitcode_target(cg_grid_sync_kernels ${CG_GS_BC})
  add_test(NAME cg_real_grid_sync
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cg/grid_sync_real.sh $<TARGET_FILE:simulee> ${CG_OUT})
  set_tests_properties(cg_real_grid_sync PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "^ok")
else()
  message(STATUS "cg tests: no CUDA toolkit found: tests cg_real_headers, cg_real_grid_sync (cooperative groups) skipped")
endif()
