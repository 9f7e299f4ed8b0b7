# Asynchronous copies and mbarriers (issue 12 point 2, issue 8's <cuda/barrier>,
# <cuda/pipeline>, cuda_pipeline.h, cooperative_groups/memcpy_async.h):
# our kernels under tests/async/, at -O0 and -O2, through the `simulee`
# program. Clean kernels: no finding, and their output equals the host
# reference in tests/async/expect/ (computed from the formulas in each
# kernel's comment; the input is `iota`). Buggy twins: the exact finding.
# Included by tests/CMakeLists.txt.

set(ASYNC_SIM $<TARGET_FILE:simulee>)
set(ASYNC_DIR ${CMAKE_CURRENT_SOURCE_DIR}/async)
set(ASYNC_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(async_test name)
  simulee_test(async_${name} ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${ASYNC_EXPECT} ${ARGN})
endfunction()

# async_clean(NAME FILE KERNEL REF DUMP ARGS...): at -O0 and -O2 the kernel
# is checked with no finding, and parameter DUMP's values equal REF
function(async_clean name file kernel ref dump)
  foreach(opt O0 O2)
    async_test(${name}_${opt}_clean --code 0
      --match "^simulee: kernel ${kernel}: checked \\([^)]*\\), [0-9]+ instructions$"
      -- ${ASYNC_SIM} -${opt} ${ASYNC_DIR}/${file} --kernel ${kernel} ${ARGN} --no-color)
    async_test(${name}_${opt}_result --code 0 --stdout ${ASYNC_DIR}/expect/${ref}
      -- ${ASYNC_SIM} -${opt} ${ASYNC_DIR}/${file} --kernel ${kernel} ${ARGN} --dump ${dump} --quiet)
  endforeach()
endfunction()

set(TILES_ARGS --grid 2 --block 64 --arg f32[512]=iota --arg f32[128] --arg 4)
set(ITILES_ARGS --grid 2 --block 64 --arg i32[512]=iota --arg i32[128] --arg 4)

# cp.async (cuda_pipeline.h) double-buffered tiles: clean and exact
async_clean(tiles cpasync_tiles.cu tiles_ok tiles.txt 1 ${TILES_ARGS})
foreach(opt O0 O2)
  # the wait moved after the use: the read races with the copy in flight
  async_test(tiles_late_wait_${opt} --code 1
    --match "^note: cp.async at cpasync_tiles.cu:43 \\(pending\\) vs read at cpasync_tiles.cu:45: the copy was still in flight"
    -- ${ASYNC_SIM} -${opt} ${ASYNC_DIR}/cpasync_tiles.cu --kernel tiles_late_wait ${TILES_ARGS} --no-color)
  async_test(tiles_late_wait_first_${opt} --code 1
    --match "^note: cp.async at cpasync_tiles.cu:39 \\(pending\\) vs read at cpasync_tiles.cu:45"
    -- ${ASYNC_SIM} -${opt} ${ASYNC_DIR}/cpasync_tiles.cu --kernel tiles_late_wait ${TILES_ARGS} --no-color)
  # no barrier before the refill: the copy races with the last reads (the
  # witness is the copy or the read, as the warp model orders the pair)
  async_test(tiles_no_refill_barrier_${opt} --code 1
    --match "^async/cpasync_tiles.cu:(64:7|68:12): error: data race \\(read-write, shared memory\\) on 'buf'"
    -- ${ASYNC_SIM} -${opt} async/cpasync_tiles.cu --kernel tiles_no_refill_barrier ${TILES_ARGS} --no-color)
endforeach()
# the automatic search finds the double-buffering race whatever the seed
foreach(seed 1 2 3 4 5)
  async_test(tiles_late_wait_auto_seed${seed} --code 1
    --match "^note: cp.async at cpasync_tiles.cu:4[35] \\(pending\\) vs read at cpasync_tiles.cu:45"
    -- ${ASYNC_SIM} ${ASYNC_DIR}/cpasync_tiles.cu --kernel tiles_late_wait --seed ${seed} -j 1 --no-color)
endforeach()

# mbarrier producer/consumer ring across two warps (inline PTX): clean and
# exact; one consumer arrive missing: a deadlock at the producer's wait
async_clean(ring mbar_pc.cu ring ring.txt 1 --grid 1 --block 64 --arg i32[256]=iota --arg i32[32] --arg 8 --arg -1)
foreach(opt O0 O2)
  async_test(ring_missing_arrive_${opt} --code 1
    --match "^async/mbar_pc.cu:43:18: error: deadlock: threads wait here for an mbarrier phase that never completes"
    -- ${ASYNC_SIM} -${opt} async/mbar_pc.cu --kernel ring --grid 1 --block 64 --arg i32[256]=iota
       --arg i32[32] --arg 8 --arg 1 --no-color)
  async_test(ring_missing_arrive_status_${opt} --code 1
    --match "^simulee: kernel ring: error \\(grid 1,1,1 block 64,1,1\\): deadlock: 64 threads of block \\(0,0,0\\) wait at .*mbar_pc.cu:43:18 for an mbarrier phase that never completes"
    -- ${ASYNC_SIM} -${opt} async/mbar_pc.cu --kernel ring --grid 1 --block 64 --arg i32[256]=iota
       --arg i32[32] --arg 8 --arg 1 --no-color)
endforeach()
foreach(opt O0 O2)
  # the consumer reads before the phase completes: no release/acquire
  async_test(ring_early_read_${opt} --code 1
    --match "^async/mbar_pc.cu:90:21: error: data race \\(read-write, shared memory\\) on 'slot'"
    -- ${ASYNC_SIM} -${opt} async/mbar_pc.cu --kernel ring_early_read --grid 1 --block 64
       --arg i32[256]=iota --arg i32[32] --arg 8 --no-color)
  # copies tracked by an mbarrier stay in flight until its phase completes
  async_test(barrier_early_read_${opt} --code 1
    --match "^note: cp.async at libcu_tiles.cu:92 \\(pending\\) vs read at libcu_tiles.cu:93: the copy was still in flight"
    -- ${ASYNC_SIM} -${opt} async/libcu_tiles.cu --kernel barrier_early_read --grid 2 --block 64
       --arg i32[128]=iota --arg i32[128] --no-color)
endforeach()
# cp.async.bulk with the mbarrier's transaction count
async_clean(bulk mbar_pc.cu bulk_stage bulk.txt 1 --grid 2 --block 64 --arg i32[128]=iota --arg i32[128])

# libcu++ as simulee provides it: cuda::barrier + cuda::memcpy_async,
# cuda::pipeline of the block and of a thread (with <cuda/std/atomic> from
# Debian's libcu++ in the same file)
async_clean(barrier libcu_tiles.cu barrier_scale barrier_scale.txt 1
  --grid 2 --block 64 --arg i32[128]=iota --arg i32[128] --arg i32[1])
async_clean(barrier_total libcu_tiles.cu barrier_scale barrier_total.txt 2
  --grid 2 --block 64 --arg i32[128]=iota --arg i32[128] --arg i32[1])
async_clean(pipeline libcu_tiles.cu pipeline_tiles pipeline_tiles.txt 1 ${ITILES_ARGS})
async_clean(thread_pipeline libcu_tiles.cu thread_pipeline tiles.txt 1 ${ITILES_ARGS})

# the NVVM intrinsics of clang's sm_80 builtins
async_clean(nvvm nvvm_builtins.cu mirror mirror.txt 1 --arch sm_80 --grid 1 --block 64
  --arg i32[64]=iota --arg i32[64])

# what is not executed is reported by name
async_test(unsupported_tma --code 3
  --match "unsupported inline asm 'cp.async.bulk.tensor.1d.global.shared::cta.bulk_group"
  -- ${ASYNC_SIM} ${ASYNC_DIR}/unsupported_async.cu --grid 1 --block 32 --arg i32[32] --arg i32[4] --no-color)

# the inline-PTX spellings one by one: arrive (with a count, .release.cta),
# arrive.noComplete, arrive_drop, expect_tx, complete_tx, pending_count,
# inval, test_wait with a token and with a parity, a try_wait branch loop,
# st.release.gpu / ld.acquire.gpu, activemask, nanosleep
async_clean(forms mbar_forms.cu forms forms.txt 0 --grid 1 --block 32 --arg u32[12] --arg i32[1])

foreach(opt O0 O2)
  # cooperative groups: reading the tile before cg::wait
  async_test(cg_early_read_${opt} --code 1
    --match "^note: cp.async at libcu_tiles.cu:103 \\(pending\\) vs read at libcu_tiles.cu:104: the copy was still in flight"
    -- ${ASYNC_SIM} -${opt} async/libcu_tiles.cu --kernel cg_early_read --grid 2 --block 64
       --arg i32[128]=iota --arg i32[128] --no-color)
endforeach()
# independent thread scheduling: the clean pipelines stay clean, the late
# wait is still found
foreach(k pipeline_tiles thread_pipeline)
  async_test(${k}_its --code 0
    --match "^simulee: kernel ${k}: checked \\([^)]*\\), [0-9]+ instructions$"
    -- ${ASYNC_SIM} ${ASYNC_DIR}/libcu_tiles.cu --kernel ${k} ${ITILES_ARGS} --its --no-color)
endforeach()
async_test(ring_its --code 0 --match "^simulee: kernel ring: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${ASYNC_SIM} ${ASYNC_DIR}/mbar_pc.cu --kernel ring --grid 1 --block 64 --arg i32[256]=iota
     --arg i32[32] --arg 8 --arg -1 --its --no-color)
async_test(tiles_ok_its --code 0 --match "^simulee: kernel tiles_ok: checked \\([^)]*\\), [0-9]+ instructions$"
  -- ${ASYNC_SIM} ${ASYNC_DIR}/cpasync_tiles.cu --kernel tiles_ok ${TILES_ARGS} --its --no-color)
async_test(tiles_late_wait_its --code 1
  --match "^note: cp.async at cpasync_tiles.cu:43 \\(pending\\) vs read at cpasync_tiles.cu:45"
  -- ${ASYNC_SIM} ${ASYNC_DIR}/cpasync_tiles.cu --kernel tiles_late_wait ${TILES_ARGS} --its --no-color)
