# Tensor-map bulk copies (issue 12, sm_90 TMA): cp.async.bulk.tensor loads
# of a map built from --arg tmap:TYPE:DIMS:BOX=FILL, in CUTLASS-style inline
# PTX with 32-bit shared addresses (tests/async/tma.cu) and through
# cuda::device::experimental over simulee's <cuda/barrier>
# (tests/async/tma_libcu.cu), at -O0 and -O2: clean kernels against host
# references (tests/async/expect/tma_*.txt, from the formula in each
# kernel's comment; elements outside the tensor arrive as zeros), the
# read-before-the-wait twins with the exact race, and the --arg errors.
# Included by tests/CMakeLists.txt.

set(TMA_SIM $<TARGET_FILE:simulee>)
set(TMA_DIR ${CMAKE_CURRENT_SOURCE_DIR})
set(TMA_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(tma_test name)
  simulee_test(tma_${name} ${TMA_DIR} 120 COMMAND ${TMA_EXPECT} ${ARGN})
endfunction()

# tma_clean(NAME FILE KERNEL REF DUMP ARGS...): no finding and parameter
# DUMP's values equal REF, at -O0 and -O2
function(tma_clean name file kernel ref dump)
  foreach(opt O0 O2)
    tma_test(${name}_${opt}_clean --code 0
      --match "^simulee: kernel ${kernel}: checked \\([^)]*\\), [0-9]+ instructions$"
      -- ${TMA_SIM} -${opt} ${file} --kernel ${kernel} ${ARGN} --no-color)
    tma_test(${name}_${opt}_result --code 0 --stdout ${TMA_DIR}/${ref}
      -- ${TMA_SIM} -${opt} ${file} --kernel ${kernel} ${ARGN} --dump ${dump} --quiet)
  endforeach()
endfunction()

set(TMA_SCALE --arch sm_90 --grid 3,3 --block 128 --arg tmap:f32:40x20:16x8=iota --arg f32[1152] --arg 48)
set(TMA_PAIR --arch sm_90 --grid 2,3 --block 256 --arg tmap:f32:48x20:32x8=iota --arg f32[1536] --arg 64)

# 2-D tiles over a 40x20 tensor with partial edge tiles
tma_clean(scale async/tma.cu tma_scale async/expect/tma_scale.txt 1 ${TMA_SCALE})
# a 3-D box partly outside the tensor (negative x, z past the end)
tma_clean(box3 async/tma.cu tma_box3 async/expect/tma_box3.txt 1
  --arch sm_90 --grid 1 --block 16 --arg tmap:f32:8x3x2:4x2x2=iota --arg f32[16] --arg -2 --arg 1 --arg 1)
# cuda::device::experimental::cp_async_bulk_tensor_2d_global_to_shared
tma_clean(libcu async/tma_libcu.cu pair_sum async/expect/tma_pair_sum.txt 1 ${TMA_PAIR} --arg 0)

foreach(opt O0 O2)
  # the tile read before the mbarrier wait: the copy's write races with it
  tma_test(scale_early_${opt} --code 1
    --match "^async/tma.cu:31:3: error: data race \\(read-write, shared memory\\) on 'tile' \\+ 128$"
    -- ${TMA_SIM} -${opt} async/tma.cu --kernel tma_scale_early ${TMA_SCALE} --no-color)
  tma_test(scale_early_other_${opt} --code 1
    --match "^async/tma.cu:73:13: note: the other access$"
    -- ${TMA_SIM} -${opt} async/tma.cu --kernel tma_scale_early ${TMA_SCALE} --no-color)
  tma_test(libcu_early_${opt} --code 1
    --match "^async/tma_libcu.cu:24:5: error: data race \\(read-write, shared memory\\) on 'tile' \\+ 132$"
    -- ${TMA_SIM} -${opt} async/tma_libcu.cu --kernel pair_sum ${TMA_PAIR} --arg 1 --no-color)
endforeach()

# the search does not make tensor maps: the kernel is unsupported, naming why
tma_test(search_needs_arg --code 3
  --match "^simulee: kernel tma_scale: unsupported: parameter 0 \\('a'\\) is a CUtensorMap: give it with --arg tmap:TYPE:DIMS:BOX\\[=FILL\\] \\(the automatic search does not make tensor maps\\)$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --no-color)
tma_test(search_needs_arg_partial --code 3
  --match "unsupported: parameter 0 \\('a'\\) is a CUtensorMap"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128 --arg _
     --arg f32[128] --arg 16 --no-color)
# --arg errors: one line, exit 2
tma_test(not_a_map --code 2
  --match "^simulee: error: --arg 0 \\('f32\\[3\\]'\\) for parameter 'a' \\(struct of 27 fields\\) of tma_scale: a CUtensorMap takes tmap:TYPE:DIMS:BOX\\[=FILL\\]$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg f32[3] --arg f32[128] --arg 16)
tma_test(map_for_pointer --code 2
  --match "a tensor map is for a CUtensorMap parameter$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg tmap:f32:40x20:16x8 --arg tmap:f32:16:16 --arg 16)
tma_test(box_row --code 2
  --match "^simulee: error: --arg 'tmap:f32:40x20:15x8': the box's rows are 60 bytes, not a multiple of 16$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg tmap:f32:40x20:15x8 --arg f32[128] --arg 16)
tma_test(box_rank --code 2
  --match "^simulee: error: --arg 'tmap:f32:40x20:16': missing the box \\(:WxH, 2 extents of 1..256\\)$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg tmap:f32:40x20:16 --arg f32[128] --arg 16)
tma_test(elem_type --code 2
  --match "the element type is one of u8 u16 u32 i32 u64 i64 f32 f64$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg tmap:i8:40x20:16x8 --arg f32[128] --arg 16)
# a 3-D map given to a 2-D copy: a finding at the copy, then the deadlock
# of the waiting threads
tma_test(wrong_rank --code 1
  --match "^note: tensor map of another rank than the copy's: read of 128 bytes at local stack \\+ 0 by block \\(0,0,0\\) thread \\(0,0,0\\)$"
  -- ${TMA_SIM} async/tma.cu --arch sm_90 --kernel tma_scale --grid 1 --block 128
     --arg tmap:f32:40x20x2:16x8x1 --arg f32[128] --arg 16 --no-color)
