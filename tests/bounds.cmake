# Constant indices past the end of a fixed-size array (issue #10): clang's
# -Warray-bounds warnings of a .cu file's device compile become
# out-of-bounds findings of the kernels whose code holds the warned line
# (cli/bounds.c). tests/kernels/bounds/const_index.cu: coef[band][5] in a
# __device__ function the kernel calls (fir_rows), tile[0][11] in a kernel
# (tile_corner), a clean twin (tile_ok) and a host function with its own
# overrun (no finding: not device code). At -O0 the run finds both (the
# getelementptr keeps the dimension) and the warning adds nothing (one
# finding per line, the run's, with its thread); at -O2 the indices are
# folded into byte offsets and the findings are clang's. From the .bc at
# -O2 (no clang run) tile[0][11] cannot be seen: its flat address is inside
# the tile.
set(BOUNDS_SRC ${CMAKE_CURRENT_SOURCE_DIR}/kernels/bounds)
set(BOUNDS_OUT ${CMAKE_CURRENT_BINARY_DIR}/bounds)
file(MAKE_DIRECTORY ${BOUNDS_OUT})
set(BOUNDS_BC)
simulee_bitcode(BOUNDS_BC ${BOUNDS_OUT} "bounds kernel" ${BOUNDS_SRC}/const_index.cu LEVELS O2)
simulee_bitcode_target(bounds_kernels ${BOUNDS_BC})

foreach(opt O0 O2)
  simulee_test(bounds_const_${opt} ${BOUNDS_OUT} 180 SETUP bounds_const_${opt} COMMAND
    sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
    -- $<TARGET_FILE:simulee> ${BOUNDS_SRC}/const_index.cu -${opt} --format json
       -o ${BOUNDS_OUT}/const_${opt}.json)
endforeach()
simulee_json_test(bounds_const_O0_fields bounds_const_O0 ${BOUNDS_OUT}/const_O0.json
  kernels\#3 kernels.0.name=fir_rows kernels.0.findings\#1
  kernels.0.findings.0.kind=out-of-bounds kernels.0.findings.0.locations.0.line=13
  kernels.0.findings.0.space=constant kernels.0.findings.0.threads\#1
  "kernels.0.findings.0.message~index 5 of an array dimension of 5"
  kernels.1.name=tile_corner kernels.1.findings\#1 kernels.1.findings.0.kind=out-of-bounds
  kernels.1.findings.0.locations.0.line=28 kernels.1.findings.0.space=shared
  "kernels.1.findings.0.message~index 11 of an array dimension of 8"
  kernels.2.name=tile_ok kernels.2.findings\#0)
simulee_json_test(bounds_const_O2_fields bounds_const_O2 ${BOUNDS_OUT}/const_O2.json
  kernels\#3 kernels.0.name=fir_rows kernels.0.findings\#1
  kernels.0.findings.0.kind=out-of-bounds kernels.0.findings.0.level=error
  kernels.0.findings.0.locations.0.line=13 kernels.0.findings.0.locations.0.function=fir_rows
  "kernels.0.findings.0.message=constant index 5 past the end of 'float[5]' (clang -Warray-bounds)"
  kernels.1.name=tile_corner kernels.1.findings\#1 kernels.1.findings.0.locations.0.line=28
  "kernels.1.findings.0.message=constant index 11 past the end of 'float[8]' (clang -Warray-bounds)"
  kernels.2.name=tile_ok kernels.2.findings\#0)
# the text report, a fixed launch at -O2
simulee_test(bounds_const_text ${BOUNDS_OUT} 180 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
  --match "const_index.cu:28:37: error: out-of-bounds access: constant index 11 past the end of 'float\\[8\\]' \\(clang -Warray-bounds\\)$"
  -- $<TARGET_FILE:simulee> ${BOUNDS_SRC}/const_index.cu --kernel tile_corner --grid 1
     --block 8,8 --arg f32[64]=iota --arg f32[64] --no-color)
# the .bc at -O2: nothing to see (documented)
simulee_test(bounds_const_bc_O2 ${BOUNDS_OUT} 180 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
  -- $<TARGET_FILE:simulee> ${BOUNDS_OUT}/const_index.O2.bc --kernel tile_corner --grid 1
     --block 8,8 --arg f32[64]=iota --arg f32[64] --no-color)
