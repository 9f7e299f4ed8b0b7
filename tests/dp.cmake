# Dynamic parallelism (issue 12 point 7): device-side <<<>>> launches
# compile (cli/compile.c rewrites them for cuda/simulee_dp.h) and their
# child grids run in the interpreter (interp/exec.c, SIMI_DP_* in
# include/simulee/interp.h). Our kernels under tests/dp/, at -O0 and -O2,
# through the `simulee` program: results against host references in
# tests/dp/expect/, exact findings, and the limits as one-line errors.
# Included by tests/CMakeLists.txt.

set(DP_SIM $<TARGET_FILE:simulee>)
set(DP_DIR ${CMAKE_CURRENT_SOURCE_DIR}/dp)
set(DP_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(dp_test name)
  simulee_test(dp_${name} ${CMAKE_CURRENT_SOURCE_DIR} 120 COMMAND ${DP_EXPECT} ${ARGN})
endfunction()

# dp_clean(NAME FILE KERNEL REF DUMP ARGS...): at -O0 and -O2 the kernel is
# checked with no finding, and parameter DUMP's values equal REF
function(dp_clean name file kernel ref dump)
  foreach(opt O0 O2)
    dp_test(${name}_${opt}_clean --code 0
      --match "^simulee: kernel ${kernel}: checked \\([^)]*\\), [0-9]+ instructions$"
      -- ${DP_SIM} -${opt} ${DP_DIR}/${file} --kernel ${kernel} ${ARGN} --no-color)
    dp_test(${name}_${opt}_result --code 0 --stdout ${DP_DIR}/expect/${ref}
      -- ${DP_SIM} -${opt} ${DP_DIR}/${file} --kernel ${kernel} ${ARGN} --dump ${dump} --quiet)
  endforeach()
endfunction()

# a recursive sum: two child grids per level, combined after the wait
dp_clean(recsum recsum.cu rsum recsum.txt 1
  --grid 1 --block 32 --arg i32[1000]=iota --arg i64[64] --arg 0 --arg 1000 --arg 0)
# a kernel template launched from a kernel template
dp_clean(template launch.cu "void scale_then_offset<float>" scale.txt 0
  --grid 2 --block 32 --arg f32[100]=iota --arg 2 --arg 0.5 --arg 100)
# a launch from a __device__ helper; fire-and-forget children per block
dp_clean(helper launch.cu fill_from_helper fill.txt 0
  --grid 3 --block 32 --arg i32[300] --arg 100)

foreach(opt O0 O2)
  # a recursion without a base case stops at CUDA's nesting depth
  dp_test(depth_${opt} --code 1
    --match "^note: kernel trapped: device-side launch at .*limits.cu:9:5 nests child grids 25 deep: above CUDA's limit of 24$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/limits.cu --kernel dive --grid 1 --block 1 --arg i32[1] --arg 0 --no-color)
  # an absurd child grid: one line, no memory for it
  dp_test(absurd_${opt} --code 2
    --match "^simulee: error: kernel flood: device-side launch at .*limits.cu:17:25: a child grid of 2000000000 blocks of 1024 threads makes 2000000000 child blocks and 2048000000000 child threads in this launch, above simulee's limits of 65536 and 1048576$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/limits.cu --kernel flood --grid 1 --block 1 --arg i32[1] --arg 2000000000 --no-color)
  # a recursion that stops at depth 3 but whose grandchildren are left
  # running: the top thread's wait covers them (clean); without it, a race
  dp_test(tree_ok_${opt} --code 0
    --match "^simulee: kernel tree_ok: checked \\([^)]*\\), [0-9]+ instructions$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel tree_ok --grid 1 --block 32 --arg i32[32] --arg i32[1] --no-color)
  dp_test(tree_nosync_${opt} --code 1
    --match "^note: block \\(0,0,0\\) thread \\(5,0,0\\) runs in child grid 'leaf' \\(launched at race.cu:64\\)"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel tree_nosync --grid 1 --block 32 --arg i32[32] --arg i32[1] --no-color)
endforeach()
# a kernel template whose arguments the launch deduces, an overloaded kernel
# (the one taking as many arguments): the probe names each (cuda/simulee_dp.h)
foreach(opt O0 O2)
  dp_test(deduced_template_${opt} --code 0 --stdout ${DP_DIR}/expect/deduce.txt
    -- ${DP_SIM} -${opt} ${DP_DIR}/deduce.cu --kernel parent --grid 1 --block 32 --arg f32[32]
       --dump 0 --quiet)
  dp_test(deduced_template_${opt}_clean --code 0
    --match "^simulee: kernel parent: checked \\([^)]*\\), [0-9]+ instructions$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/deduce.cu --kernel parent --grid 1 --block 32 --arg f32[32] --no-color)
endforeach()
# a template whose arguments deduce conflicting types: one line
dp_test(deduced_template_mismatch --code 2
  --match "^simulee: error: cannot compile .*deduce_bad.cu:8: a device-side launch of a kernel template or an overloaded kernel whose parameter types differ from the call's argument types"
  -- ${DP_SIM} ${DP_DIR}/deduce_bad.cu --kernel parent --grid 1 --block 32 --arg f32[32] --no-color)

# parent/child ordering (docs/support.md, "Dynamic parallelism")
set(DP_HISTO --grid 1 --block 32 --arg i32[32] --arg i32[1] --arg 32)
foreach(opt O0 O2)
  # waiting with cudaDeviceSynchronize() before reading the child's output
  dp_test(histo_ok_${opt} --code 0
    --match "^simulee: kernel histo_ok: checked \\([^)]*\\), [0-9]+ instructions$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel histo_ok ${DP_HISTO} --no-color)
  # reading it without the wait: a race with the child's write, both sites
  dp_test(histo_nosync_${opt} --code 1
    --match "^.*race.cu:24:14: error: data race \\(read-write, global memory\\) on buffer 't' \\+ 124$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel histo_nosync ${DP_HISTO} --no-color)
  dp_test(histo_nosync_other_${opt} --code 1
    --match "^.*race.cu:10:19: note: the other access$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel histo_nosync ${DP_HISTO} --no-color)
  dp_test(histo_nosync_child_${opt} --code 1
    --match "^note: block \\(0,0,0\\) thread \\(31,0,0\\) runs in child grid 'square' \\(launched at race.cu:23\\): a parent sees a child grid's writes only after cudaDeviceSynchronize\\(\\)"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel histo_nosync ${DP_HISTO} --no-color)
  # the parent overwrites after the launch what the child reads
  dp_test(reuse_early_${opt} --code 1
    --match "^.*race.cu:37:42: error: data race \\(read-write, global memory\\) on buffer 'stage' \\+ 0$"
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel reuse_early --grid 1 --block 32
       --arg i32[32] --arg i32[32] --arg 32 --no-color)
  # a race inside the child grid, between its own threads
  dp_test(child_internal_${opt} --code 1
    --match "\"message\": \"data race \\(read-write, shared memory\\) on shared 's' \\+ 128: read by block \\(0,0,0\\) thread \\(31,0,0\\) of child grid 'reverse_nosync' \\(launched at race.cu:52\\) and write by block \\(0,0,0\\) thread \\(32,0,0\\) of child grid 'reverse_nosync' \\(launched at race.cu:52\\) \\(other warp\\)\""
    -- ${DP_SIM} -${opt} ${DP_DIR}/race.cu --kernel reverse_launcher --grid 1 --block 32
       --arg i32[64]=iota --arg 64 --format json)
endforeach()

# simulee scan over a project folder: the host's launch shape, the racy
# kernel found, the synchronised one clean
dp_test(scan_racy --code 1
  --match "^table.cu +build_racy +checked +1 +0 +1 "
  -- ${DP_SIM} scan ${DP_DIR}/scan --no-color -j 1)
dp_test(scan_ok --code 1
  --match "^table.cu +build_ok +checked +0 +0 +0 "
  -- ${DP_SIM} scan ${DP_DIR}/scan --no-color -j 1)

# a child grid's stacks and shared memory are given back when it ends: the
# recursion's 31 grids fit a memory limit that holds a few of them at once
dp_test(recsum_mem_limit --code 0 --stdout ${DP_DIR}/expect/recsum.txt
  -- ${DP_SIM} -O0 ${DP_DIR}/recsum.cu --kernel rsum --grid 1 --block 32 --arg i32[1000]=iota
     --arg i64[64] --arg 0 --arg 1000 --arg 0 --mem-limit 2M --dump 1 --quiet)
