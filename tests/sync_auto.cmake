# The synchronisation kernels (tests/kernels/detect/sync_*.cu) under the
# automatic input search, lock-step and --its: the clean protocols stay clean
# and their racy twins race whatever the search picks. What the search would
# otherwise preset and so make a kernel genuinely racy is declared: the flag
# word a consumer spins on is --arg ...=0 (a flag found already set lets the
# consumer read before the producer wrote: a real race); kernels whose
# roles are block indices (producer block 1, consumer block 0) get their
# --grid, kernels whose roles are warps or whose shared tile is sized for a
# block get their --block; the rest (`_`) is searched. The __device__ lock
# and ticket words start at zero as on a GPU. Included by tests/CMakeLists.txt.

set(SAUTO_SIM $<TARGET_FILE:simulee>)
set(SAUTO_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect)
set(SAUTO_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

simulee_test(sync_auto_mp_blocks ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel mp_blocks: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_mp_blocks_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel mp_blocks: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_mp_blocks_narrow ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:28:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks_narrow --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_mp_blocks_narrow_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:28:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks_narrow --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_mp_blocks_nofence ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:42:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks_nofence --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_mp_blocks_nofence_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:42:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_blocks_nofence --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_mp_warps ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel mp_warps: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_warps --grid 1 --block 64 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_mp_warps_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel mp_warps: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_warps --grid 1 --block 64 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_mp_warps_nofence ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:67:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_warps_nofence --grid 1 --block 64 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_mp_warps_nofence_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_mp.cu:67:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_mp.cu --kernel mp_warps_nofence --grid 1 --block 64 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_ptx_mp ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel ptx_mp: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_mp --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_ptx_mp_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel ptx_mp: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_mp --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_ptx_mp_relaxed ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_ptx.cu:51:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_mp_relaxed --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_ptx_mp_relaxed_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_ptx.cu:51:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_mp_relaxed --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_ptx_red ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel ptx_red: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_red --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_ptx_red_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel ptx_red: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_ptx.cu --kernel ptx_red --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_chain ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel chain: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel chain --grid 3 --arg _ --arg i32[2]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_chain_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel chain: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel chain --grid 3 --arg _ --arg i32[2]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_last_block_sum ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel last_block_sum: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel last_block_sum --block 64 -j 1 --no-color)
simulee_test(sync_auto_last_block_sum_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel last_block_sum: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel last_block_sum --block 64 --its -j 1 --no-color)
simulee_test(sync_auto_last_block_nofence ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_handoff.cu:50:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel last_block_nofence --block 64 -j 1 --no-color)
simulee_test(sync_auto_last_block_nofence_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_handoff.cu:50:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_handoff.cu --kernel last_block_nofence --block 64 --its -j 1 --no-color)
simulee_test(sync_auto_lock_sum ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel lock_sum: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_lock.cu --kernel lock_sum  -j 1 --no-color)
simulee_test(sync_auto_lock_sum_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel lock_sum: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_lock.cu --kernel lock_sum --its -j 1 --no-color)
simulee_test(sync_auto_unlock_then_store ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_lock.cu:42:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_lock.cu --kernel unlock_then_store  -j 1 --no-color)
simulee_test(sync_auto_unlock_then_store_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_lock.cu:42:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_lock.cu --kernel unlock_then_store --its -j 1 --no-color)
simulee_test(sync_auto_named_pc ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_pc: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_pc --block 96 -j 1 --no-color)
simulee_test(sync_auto_named_pc_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_pc: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_pc --block 96 --its -j 1 --no-color)
simulee_test(sync_auto_named_pc_outsider ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:39:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_pc_outsider --block 96 -j 1 --no-color)
simulee_test(sync_auto_named_pc_outsider_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:39:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_pc_outsider --block 96 --its -j 1 --no-color)
simulee_test(sync_auto_named_two ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_two: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_two --block 128 -j 1 --no-color)
simulee_test(sync_auto_named_two_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_two: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_two --block 128 --its -j 1 --no-color)
simulee_test(sync_auto_named_two_cross ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:67:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_two_cross --block 128 -j 1 --no-color)
simulee_test(sync_auto_named_two_cross_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:67:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_two_cross --block 128 --its -j 1 --no-color)
simulee_test(sync_auto_named_ring ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_ring: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_ring --block 64 -j 1 --no-color)
simulee_test(sync_auto_named_ring_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel named_ring: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_ring --block 64 --its -j 1 --no-color)
simulee_test(sync_auto_named_ring_early ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:112:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_ring_early --block 64 -j 1 --no-color)
simulee_test(sync_auto_named_ring_early_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_named.cu:112:[0-9]+: error: data race \\(read-write, shared memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_named.cu --kernel named_ring_early --block 64 --its -j 1 --no-color)
simulee_test(sync_auto_vol_mp ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel vol_mp: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_volatile.cu --kernel vol_mp --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_vol_mp_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 0
  --match "^simulee: kernel vol_mp: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_volatile.cu --kernel vol_mp --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
simulee_test(sync_auto_vol_mp_nofence ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_volatile.cu:23:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_volatile.cu --kernel vol_mp_nofence --grid 2 --arg _ --arg i32[1]=0 --arg _ -j 1 --no-color)
simulee_test(sync_auto_vol_mp_nofence_its ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SAUTO_EXPECT} --code 1
  --match "sync_volatile.cu:23:[0-9]+: error: data race \\(read-write, global memory\\)"
  -- ${SAUTO_SIM} ${SAUTO_DIR}/sync_volatile.cu --kernel vol_mp_nofence --grid 2 --arg _ --arg i32[1]=0 --arg _ --its -j 1 --no-color)
