# Synchronisation tests (issue 9) through the `simulee` program: the notes a
# race carries when atomics and fences did not order it (docs/findings.md),
# the spin lock of the repro that was reported as a race, and a flag nobody
# sets ending as a timeout at the spinning site. Kernels under
# tests/kernels/detect/ (sync_*.cu) and tests/sync/. Included by
# tests/CMakeLists.txt.

set(SYNC_DETECT ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect)
set(SYNC_SRC ${CMAKE_CURRENT_SOURCE_DIR}/sync)
set(SYNC_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(SYNC_SIM $<TARGET_FILE:simulee>)

function(sync_test name)
  simulee_test(sync_${name} ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${SYNC_EXPECT} ${ARGN})
endfunction()

# a block-scope fence hands data to another block: the note names it
sync_test(note_scope_fence --code 1
  --match "^note: the release at sync_mp.cu:29 is __threadfence_block \\(block scope\\). block \\(0,0,0\\) is outside it$"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_mp.cu --kernel mp_blocks_narrow --grid 2 --block 32
     --arg i32[2] --arg i32[1] --arg i32[1] --no-color)
# a lock from atomicCAS_block / atomicExch_block shared by blocks
sync_test(note_scope_atomic --code 1
  --match "^note: the release at sync_lock.cu:30 is an atomic of block scope. block \\(1,0,0\\) is outside it$"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_lock.cu --kernel lock_sum_block --grid 3 --block 32
     --arg i32[1] --arg i32[3]=iota --no-color)
# the consumer forgets its fence
sync_test(note_no_acquire --code 1
  --match "^note: the read at sync_mp.cu:71 observed a release, but no fence follows it \\(no acquire\\)$"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_mp.cu --kernel mp_warps_nofence --grid 1 --block 64
     --arg i32[2] --arg i32[1] --arg i32[1] --no-color)
# st.relaxed instead of st.release
sync_test(note_not_release --code 1
  --match "^note: the write at sync_ptx.cu:12 that the acquire at sync_ptx.cu:19 observed is no release"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_ptx.cu --kernel ptx_mp_relaxed --grid 2 --block 32
     --arg i32[1] --arg i32[1] --arg i32[1] --no-color)
# JSON carries the note as `why`
sync_test(note_json --code 1
  --match "\"why\": *\"the release at sync_mp.cu:29 is __threadfence_block"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_mp.cu --kernel mp_blocks_narrow --grid 2 --block 32
     --arg i32[2] --arg i32[1] --arg i32[1] --format json)
# the fenced global spin lock: clean, with the sum of every block's value
sync_test(spinlock_clean --code 0 --match "^simulee: kernel lock_sum: checked"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_lock.cu --kernel lock_sum --grid 8 --block 32
     --arg i32[1] --arg i32[8]=iota)
# nobody sets the flag: timeout at the spinning loop, exit 3
sync_test(deadlock_timeout --code 3
  --match "timeout.*step budget of 100000 instructions at .*sync/never_set.cu:6"
  -- ${SYNC_SIM} ${SYNC_SRC}/never_set.cu --grid 2 --block 32 --arg i32[1] --max-steps 100000)
# a named barrier id read from memory out of PTX's 0..15: the launch stops
# with the error naming it (the kernel trapped: exit 1, a finding)
sync_test(named_bad_id --code 1
  --match "^note: kernel trapped: named barrier id 16 out of range \\(0..15\\)$"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_named.cu --kernel named_bad_id --grid 1 --block 64
     --arg i32[1]=16 --arg i32[64] --no-color)
# the producer/consumer ring over named barriers 1 and 2 (literal PTX): clean
sync_test(named_ring_clean --code 0 --match "^simulee: kernel named_ring: checked"
  -- ${SYNC_SIM} ${SYNC_DETECT}/sync_named.cu --kernel named_ring --grid 2 --block 64
     --arg i32[128]=iota --arg i32[64])
# merged shard reports keep the note: merge reads `why` back
simulee_test(sync_why_shard ${CMAKE_CURRENT_SOURCE_DIR} 120 SETUP sync_why_shard COMMAND
  ${SYNC_EXPECT} --code 1 --stdout-empty -- ${SYNC_SIM} ${SYNC_DETECT}/sync_mp.cu
  --kernel mp_blocks_narrow --grid 2 --block 32 --arg i32[2] --arg i32[1] --arg i32[1]
  --format json -o ${CMAKE_CURRENT_BINARY_DIR}/sync_why_shard.json)
simulee_test(sync_why_merge ${CMAKE_CURRENT_SOURCE_DIR} 120 SETUP sync_why_merge
  REQUIRES sync_why_shard COMMAND ${SYNC_EXPECT} --code 1 --stdout-empty -- ${SYNC_SIM} merge
  ${CMAKE_CURRENT_BINARY_DIR}/sync_why_shard.json --format json
  -o ${CMAKE_CURRENT_BINARY_DIR}/sync_why_merged.json)
simulee_json_test(sync_why_merged_fields sync_why_merge ${CMAKE_CURRENT_BINARY_DIR}/sync_why_merged.json
  "kernels.0.findings.0.why=the release at sync_mp.cu:29 is __threadfence_block (block scope)$<SEMICOLON> block (0,0,0) is outside it")
