# 32-bit shared-window addresses (issue 12): shared memory addressed as
# CUTLASS and CUB do, `(uint32_t)__cvta_generic_to_shared(p)` passed to
# inline PTX (cp.async, ld/st.shared, st.shared.v4, ldmatrix, mbarrier) and
# to clang's sm_80 builtins through an inttoptr; clusters with
# mapa.shared::cluster.u32 and ld/st.shared::cluster.u32. Our kernels
# tests/async/smem32.cu and tests/cluster/dsmem32.cu at -O0 and -O2: clean
# kernels with their host-reference output (tests/async/expect/,
# tests/cluster/expect/, computed from the formula in each kernel's
# comment), buggy twins with the exact finding. Included by
# tests/CMakeLists.txt.

set(S32_SIM $<TARGET_FILE:simulee>)
set(S32_DIR ${CMAKE_CURRENT_SOURCE_DIR})
set(S32_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(s32_test name)
  simulee_test(smem32_${name} ${S32_DIR} 120 COMMAND ${S32_EXPECT} ${ARGN})
endfunction()

# s32_clean(NAME FILE KERNEL REF DUMP ARGS...): at -O0 and -O2 no finding,
# and parameter DUMP's values equal REF
function(s32_clean name file kernel ref dump)
  foreach(opt O0 O2)
    s32_test(${name}_${opt}_clean --code 0
      --match "^simulee: kernel ${kernel}: checked \\([^)]*\\), [0-9]+ instructions$"
      -- ${S32_SIM} -${opt} ${file} --kernel ${kernel} ${ARGN} --no-color)
    s32_test(${name}_${opt}_result --code 0 --stdout ${S32_DIR}/${ref}
      -- ${S32_SIM} -${opt} ${file} --kernel ${kernel} ${ARGN} --dump ${dump} --quiet)
  endforeach()
endfunction()

set(S32_TILES --arch sm_80 --grid 2 --block 16 --arg f32[512]=iota --arg f32[128] --arg 4)
set(S32_RING --arch sm_80 --grid 1 --block 64 --arg i32[256]=iota --arg i32[32] --arg 8)
set(S32_PEER --arch sm_90 --cluster 2 --grid 4 --block 64 --arg i32[256]=iota --arg i32[256])

# cp.async tiles with 32-bit addresses: clean and exact
s32_clean(tiles async/smem32.cu tile_sum32 async/expect/tiles32.txt 1 ${S32_TILES})
# mbarrier ring with 32-bit addresses (CUTLASS's arrive with a scratch
# state register, a try_wait branch loop): clean and exact
s32_clean(ring async/smem32.cu ring32 async/expect/ring32.txt 1 ${S32_RING} --arg -1)
# ldmatrix.x4 and .x4.trans after st.shared.v4
s32_clean(ldsm async/smem32.cu ldsm async/expect/ldsm.txt 0
  --arch sm_80 --grid 1 --block 32 --arg u32[128] --arg 0)
s32_clean(ldsm_trans async/smem32.cu ldsm async/expect/ldsm_trans.txt 0
  --arch sm_80 --grid 1 --block 32 --arg u32[128] --arg 1)
# 8- and 16-bit st.shared/ld.shared through 32-bit registers
s32_clean(bytes async/smem32.cu bytes32 async/expect/bytes32.txt 0
  --arch sm_80 --grid 1 --block 32 --arg i32[32])
# clang's builtins on pointers made back from 32-bit addresses
s32_clean(nvvm async/smem32.cu mirror32 async/expect/mirror.txt 1
  --arch sm_80 --grid 1 --block 64 --arg i32[64]=iota --arg i32[64])
# distributed shared memory through mapa.shared::cluster.u32
s32_clean(peer_read cluster/dsmem32.cu peer_read32 cluster/expect/peer_read32.txt 1 ${S32_PEER} --arg 1)
s32_clean(peer_push cluster/dsmem32.cu peer_push32 cluster/expect/peer_push32.txt 1 ${S32_PEER} --arg 1)

foreach(opt O0 O2)
  # the wait moved after the use: the neighbour's copy is still in flight
  s32_test(tiles_late_wait_${opt} --code 1
    --match "^note: cp.async at smem32.cu:18 \\(pending\\) vs read at smem32.cu:26: the copy was still in flight"
    -- ${S32_SIM} -${opt} async/smem32.cu --kernel tile_sum32_late_wait ${S32_TILES} --no-color)
  s32_test(tiles_late_wait_site_${opt} --code 1
    --match "^async/smem32.cu:18:3: error: data race \\(read-write, shared memory\\) on 'buf' \\+ 16$"
    -- ${S32_SIM} -${opt} async/smem32.cu --kernel tile_sum32_late_wait ${S32_TILES} --no-color)
  # the consumer reads a slot before its full barrier's phase completes
  s32_test(ring_early_read_${opt} --code 1
    --match "^async/smem32.cu:94:3: error: data race \\(read-write, shared memory\\) on 'slot' \\+ 128$"
    -- ${S32_SIM} -${opt} async/smem32.cu --kernel ring32 ${S32_RING} --arg 3 --no-color)
  # a 32-bit address past the variable's end, and one naming no variable
  s32_test(overrun_${opt} --code 1
    --match "^async/smem32.cu:98:3: error: out-of-bounds access \\(shared memory\\) at 'tile'\\[32\\]$"
    -- ${S32_SIM} -${opt} async/smem32.cu --kernel stray32 --arch sm_80 --grid 1 --block 32
       --arg i32[32] --arg 1 --no-color)
  s32_test(novar_${opt} --code 1
    --match "^note: invalid shared pointer: read of 4 bytes at shared \\+ 0 by block \\(0,0,0\\) thread \\(0,0,0\\)$"
    -- ${S32_SIM} -${opt} async/smem32.cu --kernel stray32 --arch sm_80 --grid 1 --block 32
       --arg i32[32] --arg 2 --no-color)
  # the first cluster barrier skipped: the peer's tile is read before written
  s32_test(peer_read_race_${opt} --code 1
    --match "^cluster/dsmem32.cu:36:3: error: data race \\(read-write, shared memory\\) on 'tile' \\+ 0$"
    -- ${S32_SIM} -${opt} cluster/dsmem32.cu --kernel peer_read32 ${S32_PEER} --arg 0 --no-color)
  s32_test(peer_read_race_other_${opt} --code 1
    --match "^cluster/dsmem32.cu:32:11: note: the other access$"
    -- ${S32_SIM} -${opt} cluster/dsmem32.cu --kernel peer_read32 ${S32_PEER} --arg 0 --no-color)
  # the owner reads its inbox while the peer's st.shared::cluster may still come
  s32_test(peer_push_race_${opt} --code 1
    --match "^cluster/dsmem32.cu:52:30: error: data race \\(read-write, shared memory\\) on 'inbox' \\+ 0$"
    -- ${S32_SIM} -${opt} cluster/dsmem32.cu --kernel peer_push32 ${S32_PEER} --arg 0 --no-color)
endforeach()
