# Whole programs under `simulee run` (runtime/, cli/prog.c): each program in
# tests/apps/ checks its own results against a host reference and prints
# them; the runtime's findings are checked exactly through the JSON report
# (one record per launch with new findings, naming the host line).
# In a sanitizer build (scripts/setup.sh's ASan+UBSan stage) the runtime
# library carries gcc's ASan and `simulee run` preloads its runtime into the
# programs (CMakeLists.txt, SIMULEE_ASAN_LIB); the fuzz build skips them.
if(SIMULEE_FUZZ)
  return()
endif()
set(APPS_SRC tests/apps)
set(APPS_OUT ${CMAKE_CURRENT_BINARY_DIR}/apps)
file(MAKE_DIRECTORY ${APPS_OUT})
set(APPS_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(ASIM $<TARGET_FILE:simulee>)

# apps_test(NAME [SETUP FIXTURE] ARGS expect.sh-options -- command...): run
# from the source tree, so report paths are tests/apps/...
function(apps_test name)
  cmake_parse_arguments(T "" "SETUP" "ARGS" ${ARGN})
  simulee_test(apps_${name} ${CMAKE_SOURCE_DIR} 120 SETUP ${T_SETUP}
               COMMAND ${APPS_EXPECT} ${T_ARGS})
endfunction()

# a shuffle that reads lanes outside its mask reads 0, as on GPUs (the
# second stage of a two-stage reduction): the sum is right, checked and not
apps_test(shfl_outside_mask ARGS --code 0
  --match "^shfl_outside_mask: sum 24561, host 24561: equal$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/shfl_outside_mask.cu --no-color)
apps_test(shfl_outside_mask_unchecked ARGS --code 0
  --match "^shfl_outside_mask: sum 24561, host 24561: equal$"
  -- ${ASIM} run ${APPS_SRC}/shfl_outside_mask.cu --no-color --check none)
apps_test(shfl_outside_mask_fixed ARGS --code 0
  --match "^shfl_outside_mask: sum 24561, host 24561: equal$"
  -- ${ASIM} run ${APPS_SRC}/shfl_outside_mask.cu --no-color -- fixed)

# cuRAND's quasi-random generators and the device API's Sobol' states over
# the same direction vectors: nets, the known first points, bit-for-bit
# agreement, pi, and the statuses of misuse
apps_test(rand_quasi ARGS --code 0
  --match "^rand_quasi: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/rand_quasi.cu --no-color)

# per-thread arrays beyond the default 8 KiB stack: the stack takes the
# deepest chain of static frames (kernel 12 KiB, callee 4 KiB)
# a partitioned pipeline (cuda::pipeline_role): one producer warp copies
# tiles into four shared stages, two consumer warps sum them: right and
# clean; without consumer_wait, the consumers' reads race with the copies
apps_test(pipeline_roles ARGS --code 0
  --match "^pipeline_roles: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/pipeline_roles.cu --no-color)
apps_test(pipeline_roles_nowait ARGS --code 1
  --match "^tests/apps/pipeline_roles.cu:34:14: error: data race \\(read-write, shared memory\\) on 'stage'"
  -- ${ASIM} run ${APPS_SRC}/pipeline_roles.cu --no-color -- nowait)

# NPP (runtime/npp.c): box filters with and without a border, the even
# histogram and the linear look-up table against host loops; a bad mask, an
# anchor outside it and a region past its image refused with NPP's statuses
apps_test(npp_image ARGS --code 0
  --match "^npp 12.0: 0 wrong$"
  --match "^mask 0: -33, anchor outside: -34, past the image: -1000$"
  --match "^simulee: error: nppiFilterBox_8u_C1R_Ctx: the source image \\(25 rows of 37 bytes from 0x[0-9a-f]+, step [0-9]+\\) is not inside one allocation"
  -- ${ASIM} run ${APPS_SRC}/npp_image.cu --no-color)
# a kernel on another stream rewrites the source right after the box filter
# read it: a race between launches naming the NPP call
apps_test(npp_image_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/npp_image.cu:16:41: error: data race \\(read-write, global memory\\)"
  --match "library call 2 \\(nppiFilterBoxBorder_8u_C1R_Ctx from tests/apps/npp_image.cu:38, on another stream\\) reads it"
  -- ${ASIM} run ${APPS_SRC}/npp_image.cu --no-color -- race)

# NPP edges and segments: Canny (Sobel 3x3 L2, 5x5 L1), a Prewitt gradient
# vector at an offset under border control, a comparison with a constant,
# an absolute difference, a constant border copy, a watershed with its
# labels and their compression, against host loops; a 5x5 Prewitt, Canny
# with a wrapped border and a region past its image refused
apps_test(npp_edges ARGS --code 0
  --match "^npp_edges: 0 wrong$"
  --match "^prewitt 5x5: -33, canny wrap: -9999, past the image: -1000$"
  --match "^simulee: error: nppiSegmentWatershed_8u_C1IR_Ctx: the source and destination image \\(30 rows of 41 bytes from 0x[0-9a-f]+, step [0-9]+\\) is not inside one allocation"
  -- ${ASIM} run ${APPS_SRC}/npp_edges.cu --no-color)
# a kernel on another stream rewrites the source right after Canny read it
apps_test(npp_edges_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/npp_edges.cu:19:41: error: data race \\(read-write, global memory\\)"
  --match "library call 2 \\(nppiFilterCannyBorder_8u_C1R_Ctx from tests/apps/npp_edges.cu:108, on another stream\\) reads it"
  -- ${ASIM} run ${APPS_SRC}/npp_edges.cu --no-color -- race)
# nvJPEG (runtime/jpeg.c, libjpeg-turbo): an image encoded from device
# planes (4:4:4, 4:2:0, planar and interleaved), its header read back and
# decoded into every output format against the original and against each
# other, a YUV re-encode, the batched and decoupled decoders, the program's
# allocators; corrupt data, a scale factor and a plane past its allocation
# refused with nvJPEG's statuses and one line each
apps_test(nvjpeg_codec ARGS --code 0
  --match "^nvjpeg 12: 0 wrong$"
  --match "^allocators: device used, pinned used$"
  --match "^simulee: warning: nvjpegDecodeParamsSetScaleFactor \\(a scale other than NVJPEG_SCALE_NONE\\) is not supported by simulee's nvJPEG: it returns NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED$"
  --match "^simulee: error: nvjpegDecode: the destination image's channel\\[1\\] \\(29 rows of 45 bytes from 0x[0-9a-f]+, pitch 5568\\) is not inside one allocation"
  -- ${ASIM} run ${APPS_SRC}/nvjpeg_codec.cu --no-color)
# a kernel on another stream writes the destination nvjpegDecode just
# wrote: a race between launches naming the nvJPEG call
apps_test(nvjpeg_codec_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/nvjpeg_codec.cu:23:19: error: data race \\(write-write, global memory\\)"
  --match "library call 9 \\(nvjpegDecode from tests/apps/nvjpeg_codec.cu:137, on another stream\\) writes it"
  -- ${ASIM} run ${APPS_SRC}/nvjpeg_codec.cu --no-color -- race)

# a register transpose through full-mask tile shuffles after a lane-divergent
# switch (a 24-lane last warp too): every lane the mask names is read as it
# is, at -O0 and -O2, checked and not
foreach(opt O0 O2)
  apps_test(shfl_diverged_${opt} ARGS --code 0 --match "^shfl_diverged: 0 wrong$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/shfl_diverged.cu --no-color)
endforeach()
apps_test(shfl_diverged_unchecked ARGS --code 0 --match "^shfl_diverged: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/shfl_diverged.cu --no-color --check none)

foreach(opt O0 O2)
  apps_test(big_frame_${opt} ARGS --code 0
    --match "^big_frame: 0 wrong$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/big_frame.cu --no-color)
endforeach()

foreach(opt O0 O2)
  # vector add: right output, clean, exit status the program's
  apps_test(vector_add_${opt} SETUP apps_vadd_${opt} ARGS --code 0
    --match "^vadd n=3000: 0 wrong$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/vector_add.cu --report ${APPS_OUT}/vadd.${opt}.json
       --no-color -- 3000)
  simulee_json_test(apps_vector_add_${opt}_report apps_vadd_${opt} ${APPS_OUT}/vadd.${opt}.json
    kernels\#0)
  # tiled matrix multiply launched with tile multiples only: clean
  apps_test(matmul_${opt} ARGS --code 0
    --match "^matmul 32x16x40 \\(padded 32x16x48\\): 0 wrong$"
    --match "^simulee: 3 launches of 1 kernel, 3 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/matmul.cu --no-color)
  # missing __syncthreads in a tree reduction: the race, with the launch line
  apps_test(reduce_race_${opt} SETUP apps_reduce_${opt} ARGS --code 1
    --match "^tests/apps/reduce_race.cu:32: note: kernel void block_sum<256>: launch 1 of the program, made here$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/reduce_race.cu --no-color
       --report ${APPS_OUT}/reduce.${opt}.json)
  simulee_json_test(apps_reduce_race_${opt}_report apps_reduce_${opt}
    ${APPS_OUT}/reduce.${opt}.json
    kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
    kernels.0.findings.0.space=shared kernels.0.program_launch.ordinal=1
    kernels.0.program_launch.line=32 kernels.0.program_launch.file=tests/apps/reduce_race.cu
    kernels.0.launch.block.0=256 kernels.0.launch.grid.0=3)
  # a[i - 1] at i == 0 only with the "delta" input: found, and the program
  # sees cudaErrorIllegalAddress at its copy
  apps_test(shift_oob_${opt} SETUP apps_shift_${opt} ARGS --code 1
    --match "^copy: cudaErrorIllegalAddress$"
    --match "out-of-bounds access .* at buffer 'a'\\[-1\\]$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/shift_oob.cu --no-color
       --report ${APPS_OUT}/shift.${opt}.json -- delta)
  simulee_json_test(apps_shift_oob_${opt}_report apps_shift_${opt} ${APPS_OUT}/shift.${opt}.json
    kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
    kernels.0.findings.0.locations.0.line=13 kernels.0.program_launch.line=26)
  # the same program with the plain input: right and clean
  apps_test(shift_clean_${opt} ARGS --code 0 --match "^0 wrong$"
    --match "checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/shift_oob.cu --no-color)
  # a scatter through the host's permutation: clean under run
  apps_test(scatter_${opt} ARGS --code 0 --match "^scatter n=1000: 0 wrong$"
    --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/scatter.cu --no-color)
  # nelr padded to the block and launched exactly: clean under run
  apps_test(padded_${opt} ARGS --code 0 --match "^padded 1000 to 1024: 0 wrong$"
    --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/padded.cu --no-color)
endforeach()
# the same kernels under the free search, which draws the permutation and
# nelr itself: the findings `run` does not have
apps_test(scatter_free_search ARGS --code 1
  --match "^tests/apps/scatter.cu:13:27: error: data race \\(write-write, global memory\\) on buffer 'out'"
  -- ${ASIM} ${APPS_SRC}/scatter.cu --kernel "void scatter<float>" --no-color)
apps_test(padded_free_search ARGS --code 1
  --match "^tests/apps/padded.cu:17:22: error: out-of-bounds write \\(global memory\\)"
  -- ${ASIM} ${APPS_SRC}/padded.cu --kernel init_state --no-color)

# 2048 threads per block: cudaErrorInvalidConfiguration, not sticky
apps_test(bad_config ARGS --code 0
  --match "^2048 threads: cudaErrorInvalidConfiguration$"
  --match "^after reading it: cudaSuccess$" --match "^1024 threads: cudaSuccess, 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/bad_config.cu --no-color)
# --error-exitcode: the status with findings; 0 keeps the program's
apps_test(error_exitcode ARGS --code 9 --match "data race"
  -- ${ASIM} run ${APPS_SRC}/reduce_race.cu --no-color --error-exitcode 9)
apps_test(error_exitcode_0 ARGS --code 0 --match "data race"
  -- ${ASIM} run ${APPS_SRC}/reduce_race.cu --no-color --error-exitcode 0)
# usage errors: one line, status 2
apps_test(usage_no_file ARGS --code 2 -- ${ASIM} run)
apps_test(usage_check ARGS --code 2 -- ${ASIM} run ${APPS_SRC}/vector_add.cu --check some)
apps_test(usage_suffix ARGS --code 2 -- ${ASIM} run ${APPS_SRC}/../apps.cmake)
# symbols, pointers in device memory, managed memory, properties, streams,
# printf, a failing assert (the one finding: exit 1)
apps_test(features SETUP apps_features ARGS --code 1 --match "^0 wrong$"
  --match "^hello from block 1 thread 1 tag 42$"
  --match "^tests/apps/features.cu:147: note: kernel check_positive: launch 8 of the program, made here$"
  -- ${ASIM} run ${APPS_SRC}/features.cu --no-color --report ${APPS_OUT}/features.json)
simulee_json_test(apps_features_report apps_features ${APPS_OUT}/features.json
  kernels\#1 kernels.0.name=check_positive kernels.0.findings\#1
  kernels.0.findings.0.kind=assertion kernels.0.program_launch.ordinal=8)
# order between launches (streams, events) and the host (managed memory)
apps_test(streams_race SETUP apps_streams_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/streams.cu:40: note: kernel add_one: launch 2 of the program, made here$"
  --match "race between launches: this launch writes it and launch 1 \\(kernel fill, on another stream\\) writes it"
  -- ${ASIM} run ${APPS_SRC}/streams.cu --no-color --report ${APPS_OUT}/streams_race.json -- race)
simulee_json_test(apps_streams_race_report apps_streams_race ${APPS_OUT}/streams_race.json
  kernels\#1 kernels.0.name=add_one kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.space=global kernels.0.findings.0.locations.0.line=22
  kernels.0.findings.0.locations.1.line=17)
# a loop of 210 launches that never synchronizes, then a kernel on a second
# stream reading what launches 1-10 wrote (tests/apps/order_merge.cu): the
# older launches of a stream are merged per granule (bounded memory) and the
# race is still found, naming launch 10
apps_test(order_merge ARGS --code 1 --match "^order_merge: 0 wrong$"
  --match "^tests/apps/order_merge.cu:27:23: error: data race \\(read-write, global memory\\) on buffer 'x' \\+ 0$"
  --match "race between launches: this launch reads it and launch 10 \\(kernel scale_x, on another stream\\) writes it"
  --match "^simulee: 211 launches of 3 kernels, 211 checked \\(--check all\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/order_merge.cu --no-color --check all)
apps_test(streams_event ARGS --code 0 --match "^event: 0 wrong$"
  --match "2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/streams.cu --no-color -- event)
apps_test(streams_managed_early SETUP apps_streams_early ARGS --code 1 --match "^early: 0 wrong$"
  --match "^tests/apps/streams.cu:49: error: data race .* on managed memory 'managed#0' \\+ 0$"
  --match "^tests/apps/streams.cu:47: note: kernel fill: launch 1 of the program, made here$"
  -- ${ASIM} run ${APPS_SRC}/streams.cu --no-color --report ${APPS_OUT}/streams_early.json -- early)
simulee_json_test(apps_streams_managed_early_report apps_streams_early
  ${APPS_OUT}/streams_early.json kernels\#1 kernels.0.findings\#1
  kernels.0.findings.0.kind=data-race kernels.0.program_launch.line=47)
apps_test(streams_managed_synced ARGS --code 0 --match "^synced: 0 wrong$"
  --match "1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/streams.cu --no-color -- synced)
# a program of three files (two GPU binaries, a host-only file) and the
# check policy: the summary says how many launches ran with detection
set(APPS_MULTI ${APPS_SRC}/multi/main.cu ${APPS_SRC}/multi/saxpy.cu ${APPS_SRC}/multi/reference.cpp)
foreach(policy "first:3;6" "all;20" "sample:4;6" "none;0")
  list(GET policy 0 p)
  list(GET policy 1 k)
  string(REPLACE ":" "_" pn ${p})
  apps_test(multi_check_${pn} ARGS --code 0 --match "^10 steps: 0 wrong$"
    --match "^simulee: 20 launches of 2 kernels, ${k} checked \\(--check ${p}\\), 0 findings$"
    -- ${ASIM} run --check ${p} ${APPS_MULTI} --no-color)
endforeach()
# an invalid access in a launch run without detection: the program still
# sees cudaErrorIllegalAddress, and the launch is reported as failed
apps_test(unchecked_fault ARGS --code 1 --match "^copy: cudaErrorIllegalAddress$"
  --match "1 invalid memory accesses in a launch run without detection"
  -- ${ASIM} run --check none ${APPS_SRC}/shift_oob.cu --no-color -- delta)
# CUDA graphs (runtime/graph.c): a captured pipeline launched 3 times and
# the same with CUDA 11's cudaGraphInstantiate, right and clean; a fork/join
# capture whose branches write one buffer: ordered by an event clean, without
# it a race between the two kernel nodes; an explicitly built graph; what
# CUDA refuses (the default stream, an unjoined fork, a synchronization
# inside a capture) with CUDA's error codes
foreach(mode pipeline legacy)
  apps_test(graph_${mode} ARGS --code 0 --match "^${mode}: 0 wrong, 0 bad capture states$"
    --match "^simulee: 6 launches of 2 kernels, 6 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run ${APPS_SRC}/graph.cu --no-color -- ${mode})
endforeach()
apps_test(graph_fork ARGS --code 0 --match "^fork: 0 wrong$"
  --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph.cu --no-color -- fork)
apps_test(graph_forkrace SETUP apps_graph_forkrace ARGS --code 1 --match "^forkrace: 0 wrong$"
  --match "^tests/apps/graph.cu:125: note: kernel add_one: launch 2 of the program, made here$"
  --match "race between launches: this launch writes it and launch 1 \\(kernel fill, on a graph branch not ordered with it\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/graph.cu --no-color --report ${APPS_OUT}/graph_forkrace.json -- forkrace)
simulee_json_test(apps_graph_forkrace_report apps_graph_forkrace ${APPS_OUT}/graph_forkrace.json
  kernels\#1 kernels.0.name=add_one kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.locations.0.line=39 kernels.0.findings.0.locations.1.line=34
  kernels.0.program_launch.line=125)
apps_test(graph_errors ARGS --code 0
  --match "^capture the default stream: cudaErrorStreamCaptureUnsupported$"
  --match "^end without a capture: cudaErrorIllegalState$"
  --match "^unjoined: cudaErrorStreamCaptureUnjoined, graph none$"
  --match "^the forked stream after the end: not capturing$"
  --match "^synchronize inside: cudaErrorStreamCaptureUnsupported$" --match "^status: invalidated$"
  --match "^end: cudaErrorStreamCaptureInvalidated, graph none$" --match "^errors: 0 wrong$"
  --match "^cudaMallocAsync inside: cudaSuccess, end: cudaSuccess, a memory allocation node, an address$"
  --match "^cudaFreeAsync inside: cudaErrorInvalidValue, end: cudaErrorStreamCaptureInvalidated, no graph, nothing happened$"
  --match "^simulee: error: cudaFreeAsync on a capturing stream frees 0x[0-9a-f]+, which no memory allocation node allocates"
  --match "^cudaStreamAddCallback inside: cudaErrorStreamCaptureUnsupported, end: cudaErrorStreamCaptureInvalidated, no graph, nothing happened$"
  --match "cudaStreamSynchronize on a capturing stream cannot be captured"
  -- ${ASIM} run ${APPS_SRC}/graph.cu --no-color -- errors)
apps_test(graph_explicit ARGS --code 0 --match "^explicit: 0 wrong$"
  --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph.cu --no-color -- explicit)
# CUDA 12's graph API beyond capture (runtime/graph.c, runtime/graphmem.c):
# memory allocation and free nodes around a 3-D memcpy node with pitches and
# an offset, launched 3 times, right, with the graph memory counters; a
# graph that never frees launched again (refused until cudaFree); the
# parameters of an instantiated graph updated (cudaGraphExecUpdate in both
# signatures, cudaGraphExecKernelNodeSetParams, a refused topology, a
# clone); a kernel node that reads what a free node freed (use after free);
# cudaGraphAddNode of those nodes, and of a conditional node of no handle
# (refused)
apps_test(graph_memory_alloc ARGS --code 0 --match "^alloc: 0 wrong$"
  --match "^counters: used 1920, used high 1920, reserved 4194304$"
  --match "^after trim: used 0, reserved 0, reserved high 4194304$"
  --match "^high reset: reserved high 0$"
  --match "^simulee: 3 launches of 1 kernel, 3 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_memory.cu --no-color -- alloc)
apps_test(graph_memory_again ARGS --code 0 --match "^second launch: cudaErrorInvalidValue$"
  --match "allocation of an earlier launch there is not freed yet"
  --match "^after cudaFree: cudaSuccess$" --match "^free node of host memory: cudaErrorInvalidValue$"
  -- ${ASIM} run ${APPS_SRC}/graph_memory.cu --no-color -- again)
apps_test(graph_memory_update ARGS --code 0 --match "^update: 0 wrong$"
  --match "^other topology: cudaErrorGraphExecUpdateFailure, result 2$"
  --match "^simulee: 6 launches of 1 kernel, 3 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_memory.cu --no-color -- update)
apps_test(graph_memory_stale ARGS --code 1
  --match "graph_memory.cu:257: error: use after free: cudaLaunchKernel: kernel scale's argument 'in'"
  --match "^stale: launch cudaSuccess, synchronize cudaErrorIllegalAddress$"
  -- ${ASIM} run ${APPS_SRC}/graph_memory.cu --no-color -- stale)
apps_test(graph_memory_node ARGS --code 0 --match "^node: 0 wrong$"
  --match "^conditional node: cudaErrorInvalidValue$" --match "^capture dependencies: roots 2 then 1$"
  --match "a conditional node needs a handle of cudaGraphConditionalHandleCreate.*the handle is none$"
  -- ${ASIM} run ${APPS_SRC}/graph_memory.cu --no-color -- node)
# stream-ordered allocation inside a capture (runtime/submit.c, graphmem.c):
# cudaMallocAsync / cudaMallocFromPoolAsync / cudaFreeAsync captured as
# memory nodes, the graph launched 4 times, right; the freed scratch
# buffer used after the graph (use after free); a captured free of memory
# allocated before the capture, and that graph launched twice (use after
# free, double free at the cudaGraphLaunch line)
apps_test(graph_alloc_capture ARGS --code 0 --match "^pipeline: 0 wrong$"
  --match "^addresses at capture: two$" --match "^nodes: 7, 2 allocation, 2 free$"
  --match "^graph memory after trim: 0$"
  --match "^simulee: 4 launches of 1 kernel, 3 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_alloc_capture.cu --no-color -- pipeline)
apps_test(graph_alloc_capture_stale ARGS --code 1 --match "^stale: cudaErrorIllegalAddress$"
  --match "graph_alloc_capture.cu:117: error: use after free: cudaLaunchKernel: kernel sum_into's argument 'x'"
  -- ${ASIM} run ${APPS_SRC}/graph_alloc_capture.cu --no-color -- stale)
apps_test(graph_alloc_capture_before ARGS --code 0
  --match "^captured free: cudaErrorInvalidValue, end of capture: cudaErrorStreamCaptureInvalidated$"
  --match "^simulee: error: cudaFreeAsync on a capturing stream frees 0x[0-9a-f]+, which no memory allocation node allocates \\(a graph.s free nodes free graph allocations only\\): it was allocated outside graphs. free it after the graph$"
  --match "^before: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_alloc_capture.cu --no-color -- before)
# conditional graph nodes (runtime/graph.c, submit.c; the device's
# cudaGraphSetConditional reaches the runtime through the interpreter, the
# native path refuses such kernels): a WHILE node running Jacobi sweeps to
# convergence inside one graph launch, the sweep count and the solution
# the host's; a captured IF node with an else body (bodies captured with
# cudaStreamBeginCaptureToGraph)
apps_test(graph_conditional_while ARGS --code 0 --match "^while: 0 wrong$"
  --match "^node type: conditional$"
  --match "^right-hand side 0: 17 sweeps \\(host 17\\)$" --match "^right-hand side 1: 16 sweeps \\(host 16\\)$"
  --match "^simulee: 68 launches of 3 kernels, 8 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_conditional.cu --no-color -- while)
apps_test(graph_conditional_if ARGS --code 0 --match "^if: 0 wrong$"
  --match "^vector 0: peak above 1, normalized$" --match "^vector 1: peak below 1, left alone$"
  --match "^left alone: 1$"
  --match "^simulee: 4 launches of 3 kernels, 4 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/graph_conditional.cu --no-color -- if)
# a function of a library simulee does not implement: named at link time,
# status 2
apps_test(unsupported_function ARGS --code 2
  --match "^simulee: error: the program calls cudnnCreate, which simulee's CUDA runtime does not implement$"
  -- ${ASIM} run ${APPS_SRC}/unsupported.cu)
# the functions of CUDA 12's runtime, cuBLAS, cuBLASLt and cuRAND that
# simulee does not implement (runtime/stubs.def): the program links, each
# call returns the library's "not supported" status, each function is named
# once on stderr (the program counts the lines)
apps_test(stubs ARGS --code 0 --match "^stubs: 0 wrong$"
  --match "^simulee: warning: cudaGraphAddChildGraphNode is not supported by simulee's CUDA runtime: it returns cudaErrorNotSupported$"
  --match "^simulee: warning: cudaGetDriverEntryPoint is not supported by simulee's CUDA runtime: it returns cudaErrorNotSupported$"
  --match "^simulee: warning: cublasCgemm_v2 is not supported by simulee's cuBLAS: it returns CUBLAS_STATUS_NOT_SUPPORTED$"
  --match "^simulee: warning: cublasLtMatrixTransformDescCreate is not supported by simulee's cuBLASLt: it returns CUBLAS_STATUS_NOT_SUPPORTED$"
  --match "^simulee: warning: curandGeneratePoisson is not supported by simulee's cuRAND: it returns CURAND_STATUS_NOT_INITIALIZED$"
  -- ${ASIM} run ${APPS_SRC}/stubs.cu --no-color)
# and every function of that table is exported by the runtime library
add_executable(simulee_stub_table ${CMAKE_SOURCE_DIR}/tests/apps/stub_table.c)
target_include_directories(simulee_stub_table PRIVATE ${CMAKE_SOURCE_DIR})
target_link_libraries(simulee_stub_table PRIVATE simulee_cudart ${CMAKE_DL_LIBS})
apps_test(stub_table ARGS --code 0 --match "^stub table: 873 functions, 0 missing$"
  -- $<TARGET_FILE:simulee_stub_table>)
# a program built with -o carries its kernels and reads SIMULEE_* itself
apps_test(built_program SETUP apps_built ARGS --code 0 --stdout-empty
  -- ${ASIM} run -o ${APPS_OUT}/vadd_prog --no-run ${APPS_SRC}/vector_add.cu)
add_test(NAME apps_built_program_runs COMMAND ${CMAKE_COMMAND} -E env SIMULEE_CHECK=all
         SIMULEE_QUIET=1 ${APPS_EXPECT} --code 0 --match "^vadd n=77: 0 wrong$"
         -- ${APPS_OUT}/vadd_prog 77)
set_tests_properties(apps_built_program_runs PROPERTIES FIXTURES_REQUIRED apps_built TIMEOUT 60)
# relocatable device code: a kernel calling device functions and using
# variables of another file (simulee run -rdc links the files' device code
# when the program runs): right and clean; a race inside the other file's
# function, at its line; without -rdc the call is named unsupported
set(APPS_RDC ${APPS_SRC}/rdc/main.cu ${APPS_SRC}/rdc/physics.cu)
foreach(opt O0 O2)
  apps_test(rdc_${opt} ARGS --code 0 --match "^step: 0 wrong$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -rdc -${opt} ${APPS_RDC} --no-color -- step)
endforeach()
apps_test(rdc_race ARGS --code 1 --match "^energy: 0 wrong$"
  --match "^tests/apps/rdc/main.cu:44: note: kernel energy: launch 2 of the program, made here$"
  --match "^tests/apps/rdc/physics.cu:10:60: error: data race \\(write-write, global memory\\)"
  --match "2 findings$"
  -- ${ASIM} run -rdc ${APPS_RDC} --no-color -- energy)
apps_test(rdc_missing ARGS --code 1 --match "^step: [1-9][0-9]* wrong$"
  --match "unsupported call to undefined function '_Z5accelff' .* \\(a device function of another file needs relocatable device code"
  -- ${ASIM} run ${APPS_RDC} --no-color -- step)
# the same through the toolkit's nvcc: -dc per file, -dlink, the link; one
# nvcc -rdc=true command; a CMake target with CUDA_SEPARABLE_COMPILATION
add_test(NAME apps_rdc_nvcc
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/rdc_nvcc.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/rdc ${APPS_OUT}/rdc_nvcc)
set_tests_properties(apps_rdc_nvcc PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION "^ok\n$")
# cudaLaunchKernelEx with a cluster attribute; 3-D pitched copies
apps_test(launch_ex ARGS --code 0 --match "^cluster launch: cudaSuccess, 0 wrong$"
  --match "^grid 7, cluster 2: cudaErrorInvalidConfiguration$"
  --match "^3-D copy \\(pitch 512\\): cudaSuccess cudaSuccess, 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/launch_ex.cu --no-color)
# Thrust and CUB from source through the runtime: right results, clean
apps_test(thrust_cub ARGS --code 0
  --match "^thrust::sort: 0 wrong, thrust::reduce: right, cub::DeviceScan: 0 wrong$"
  --match "checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/thrust_cub.cu --no-color)
# cuBLAS on OpenBLAS (runtime/blas.c): gemm with a transpose on a kernel's
# matrix, gemv transposed with strides, level 1, strided batches, status
# codes, against host references; clean
foreach(opt O0 O2)
  apps_test(blas_${opt} ARGS --code 0 --match "^blas: 0 wrong$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/blas.cu --no-color)
endforeach()
# cuBLASXt (runtime/blasxt.c): gemms of host matrices (one operand in device
# memory with a padded leading dimension) through cuBLAS, against host
# loops; a second device and a bad tile size refused (7: INVALID_VALUE)
apps_test(blasxt ARGS --code 0 --match "^blasxt: 0 wrong$"
  --match "^second device: 7, tile 0: 7, tile 64$"
  -- ${ASIM} run ${APPS_SRC}/blasxt.cu --no-color)
# library calls in the order between launches: cublasSgemm reading what a
# kernel on another stream writes, unordered: a race naming the call (and
# the kernel's line); ordered by an event: clean. The same for a kernel
# reading what curandGenerateUniform on another stream writes.
apps_test(liborder_race SETUP apps_liborder_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/liborder.cu:55: error: data race \\(read-write, global memory\\)"
  --match "race between launches: cublasSgemm reads it and launch 1 \\(kernel init_matrix, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/liborder.cu --no-color --report ${APPS_OUT}/liborder_race.json -- race)
simulee_json_test(apps_liborder_race_report apps_liborder_race ${APPS_OUT}/liborder_race.json
  kernels\#1 kernels.0.kernel=cublasSgemm kernels.0.findings\#1
  kernels.0.findings.0.kind=data-race kernels.0.findings.0.locations.0.line=55
  kernels.0.findings.0.locations.1.line=26)
apps_test(liborder_event ARGS --code 0 --match "^event: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/liborder.cu --no-color -- event)
apps_test(liborder_rand_race ARGS --code 1 --match "^rand_race: 0 wrong$"
  --match "^tests/apps/liborder.cu:90: note: kernel threshold: launch 1 of the program, made here$"
  --match "this launch reads it and library call 1 \\(curandGenerateUniform from tests/apps/liborder.cu:87, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/liborder.cu --no-color -- rand_race)
apps_test(liborder_rand_event ARGS --code 0 --match "^rand_event: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/liborder.cu --no-color -- rand_event)
# copies and memsets in the order between launches (tests/apps/copies.cu):
# an async upload on one stream and a kernel reading it on a non-blocking
# stream, unordered: a race naming cudaMemcpyAsync; ordered by events:
# clean. cudaMemsetAsync clearing what a kernel on another stream writes;
# a synchronous cudaMemcpy reading what a kernel on a non-blocking stream
# writes (race), on a blocking stream (clean); cudaMemcpyAsync on a blocking
# stream reading what a kernel on the per-thread default stream writes
# (race: that stream synchronizes with the legacy one only); a graph's memcpy
# node and the kernel node reading its bytes without the edge (race), with
# it (clean).
apps_test(copies_h2d_race SETUP apps_copies_h2d ARGS --code 1 --match "^h2d_race: 0 wrong$"
  --match "^tests/apps/copies.cu:71: note: kernel scale: launch 1 of the program, made here$"
  --match "race between launches: this launch reads it and library call 1 \\(cudaMemcpyAsync from tests/apps/copies.cu:67, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color --report ${APPS_OUT}/copies_h2d.json -- h2d_race)
simulee_json_test(apps_copies_h2d_race_report apps_copies_h2d ${APPS_OUT}/copies_h2d.json
  kernels\#1 kernels.0.name=scale kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.locations.0.line=34 kernels.0.program_launch.line=71)
apps_test(copies_h2d_event ARGS --code 0 --match "^h2d_event: 0 wrong$"
  --match "^simulee: 4 launches of 1 kernel, 3 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- h2d_event)
apps_test(copies_memset_race SETUP apps_copies_memset ARGS --code 1
  --match "^memset_race: 0 wrong$"
  --match "^tests/apps/copies.cu:104: error: data race \\(write-write, global memory\\)"
  --match "race between launches: cudaMemsetAsync writes it and launch 2 \\(kernel histogram, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color --report ${APPS_OUT}/copies_memset.json
     -- memset_race)
simulee_json_test(apps_copies_memset_race_report apps_copies_memset
  ${APPS_OUT}/copies_memset.json kernels\#1 kernels.0.kernel=cudaMemsetAsync
  kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.locations.0.line=104 kernels.0.findings.0.locations.1.line=43)
apps_test(copies_d2h_race ARGS --code 1 --match "^d2h_race: 0 wrong$"
  --match "^tests/apps/copies.cu:130: error: data race \\(read-write, global memory\\)"
  --match "race between launches: cudaMemcpy reads it and launch 1 \\(kernel square, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- d2h_race)
apps_test(copies_d2h_blocking ARGS --code 0 --match "^d2h_blocking: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- d2h_blocking)
apps_test(copies_per_thread ARGS --code 1 --match "^per_thread: 0 wrong$"
  --match "^tests/apps/copies.cu:150: error: data race \\(read-write, global memory\\)"
  --match "race between launches: cudaMemcpyAsync reads it and launch 1 \\(kernel square, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- per_thread)
# two uploads overlapping by one element on two non-blocking streams: a
# race between the two copies at that element (byte 2048); the earlier
# operation of a race, when a copy or library call, is named with the
# program's line that made it (a graph node's: its cudaGraphLaunch)
apps_test(copies_copy_race ARGS --code 1 --match "^copy_race: 0 wrong$"
  --match "^tests/apps/copies.cu:213: error: data race \\(write-write, global memory\\) on device memory 'cudaMalloc#0' \\+ 2048$"
  --match "race between launches: cudaMemcpyAsync writes it and library call 1 \\(cudaMemcpyAsync from tests/apps/copies.cu:212, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- copy_race)
apps_test(copies_graph_race ARGS --code 1 --match "^graph_race: 0 wrong$"
  --match "^tests/apps/copies.cu:182: note: kernel scale: launch 1 of the program, made here$"
  --match "this launch reads it and library call 1 \\(a memcpy node from tests/apps/copies.cu:187, on a graph branch not ordered with it\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- graph_race)
apps_test(copies_graph_edge ARGS --code 0 --match "^graph_edge: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/copies.cu --no-color -- graph_edge)
# cuBLAS in stream capture (tests/apps/blas_graph.cu): a captured
# cublasSgemm launched twice in a graph, right (alpha as captured) and
# clean; a fork whose kernel node rewrites what the gemm node reads, not
# ordered: a race naming cublasSgemm; a result to host memory inside a
# capture: refused with CUBLAS_STATUS_NOT_SUPPORTED, the capture invalidated
apps_test(blas_graph ARGS --code 0 --match "^graph: 0 wrong$"
  --match "^simulee: 4 launches of 2 kernels, 4 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/blas_graph.cu --no-color -- graph)
apps_test(blas_graph_race SETUP apps_blas_graph_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/blas_graph.cu:121: error: data race \\(read-write, global memory\\)"
  --match "race between launches: cublasSgemm reads it and launch 3 \\(kernel fill, on a graph branch not ordered with it\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/blas_graph.cu --no-color --report ${APPS_OUT}/blas_graph_race.json
     -- race)
simulee_json_test(apps_blas_graph_race_report apps_blas_graph_race
  ${APPS_OUT}/blas_graph_race.json kernels\#1 kernels.0.kernel=cublasSgemm
  kernels.0.findings\#1 kernels.0.findings.0.locations.1.line=39)
apps_test(blas_graph_dot_host ARGS --code 0 --match "^dot: CUBLAS_STATUS_NOT_SUPPORTED$"
  --match "^end: cudaErrorStreamCaptureInvalidated, graph none$" --match "^dot_host: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/blas_graph.cu --no-color -- dot_host)
# cuBLASLt (runtime/blaslt.c): a dense layer with every epilogue (bias,
# ReLU, GELU with its input kept, the bias gradient of B), fp16 and bf16
# strided batches of row-major matrices with 32F and 16F compute, against
# host loops; a matmul captured into a graph launched twice; an epilogue
# simulee does not compute named with its status
foreach(opt O0 O2)
  apps_test(blaslt_${opt} ARGS --code 0 --match "^blaslt: 0 wrong$"
    --match "^dgelu: CUBLAS_STATUS_NOT_SUPPORTED$"
    --match "^simulee: warning: cublasLtMatmul: the epilogue \\(192\\) is not supported by simulee's cuBLASLt: it returns CUBLAS_STATUS_NOT_SUPPORTED$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/blaslt.cu --no-color)
endforeach()
# cuBLAS's mixed-precision gemms (runtime/blas.c on runtime/gemm.c):
# GemmEx fp16 (fp16 and fp32 out, 32F and 16F compute), bf16, int8 into
# int32, tf32; strided bf16 and pointer-array batches, Hgemm and its strided
# batches, Sgeam transposing, Dgeam in place, Sgemm_64 and Isamax_64,
# against host loops; complex data named with its status
foreach(opt O0 O2)
  apps_test(gemm_ex_${opt} ARGS --code 0 --match "^gemm_ex: 0 wrong$"
    --match "^complex GemmEx: CUBLAS_STATUS_NOT_SUPPORTED$"
    --match "^simulee: warning: cublasGemmEx: the data types \\(A, C\\) \\(404\\) is not supported by simulee's cuBLAS: it returns CUBLAS_STATUS_NOT_SUPPORTED$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/gemm_ex.cu --no-color)
endforeach()
# CUDA arrays, texture and surface objects (runtime/array.c): an image
# pipeline (array copies, a linear-filtered downsample, a second texture
# object of the same array with normalized wrap addressing, a surface
# object writing a uchar4 array read back as normalized floats and copied
# out, a texture over linear memory a kernel rewrites between launches, a
# texture over pitched memory, a 3-D array by cudaMemcpy3D) against host
# loops; a 3-channel float array named as not supported
apps_test(texture ARGS --code 0 --match "^texture: 0 wrong$"
  --match "^3-channel array: cudaErrorNotSupported$"
  --match "^simulee: error: cudaMallocArray of a 3-channel 32-bit float texel is not supported by simulee's CUDA runtime$"
  --match "^simulee: 9 launches of 7 kernels, 9 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/texture.cu --no-color)
# registered host memory, stream-ordered pools, CUDA 12.2's prefetch and
# advice with a location, every device attribute (runtime/pool.c, more.c):
# kernels write a registered buffer through its host pointer, pool
# attributes count live bytes and their high-water mark; clean
apps_test(host_pool ARGS --code 0 --match "^host_pool: 0 wrong$"
  --match "^simulee: 4 launches of 2 kernels, 4 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/host_pool.cu --no-color)
# cuFFT, cuSPARSE and cuRAND calls on a capturing stream
# (tests/apps/lib_graph.cu): each a record submit decides on; an FFT node
# and an SpMV node (host scalars read at the capture) launched twice against
# host references, cuRAND refused with the capture invalidated, and run at
# once on a stream that is not capturing
apps_test(lib_graph ARGS --code 0 --match "^lib_graph: 0 wrong$"
  --match "^curand in capture: 201, end capture: cudaErrorStreamCaptureInvalidated$"
  --match "^simulee: error: curandGenerateUniform on a capturing stream cannot be captured \\(cudaErrorStreamCaptureUnsupported\\). the capture is invalidated$"
  --match "^simulee: 2 launches of 1 kernel, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/lib_graph.cu --no-color)
# cuFFT on FFTW3 (runtime/fft.c): a batched 1-D C2C forward and back on a
# kernel's signal (a stream set on the plan), 2-D R2C and C2R, 3-D Z2Z, a
# padded D2Z batch through the advanced layout, against a host DFT; a bad
# plan handle is CUFFT_INVALID_PLAN; clean
apps_test(fft ARGS --code 0 --match "^fft: 0 wrong$" --match "^bad plan: 1$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/fft.cu --no-color)
# cuSPARSE's generic API (runtime/sparse.c): CSR SpMV plain and transposed
# with beta, COO SpMV in double, SpMM against column- and row-major blocks,
# against host CSR loops
apps_test(sparse ARGS --code 0 --match "^sparse: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/sparse.cu --no-color)
# cuSPARSE's incomplete factorizations and triangular solves
# (runtime/sparse_ilu.c): ILU(0)- and IC(0)-preconditioned CG with SpSV on
# a 2-D Laplacian against a dense solve, the factors (and a double complex
# ILU(0)) against host factorizations, bsrsv2 with row- and column-major
# blocks, structural and numerical zero pivots, bad handles and info
# objects; both solves captured into a graph; the factors written on
# another stream after an event: clean
apps_test(sparse_ilu ARGS --code 0 --match "^sparse_ilu: 0 wrong$"
  --match "^structural zero: status 9, position 3$"
  --match "^numerical zero: status 9, position 2$"
  --match "^not positive: status 9, position 1$"
  --match "^null handle: 1, null position: 3, wrong info: 3, destroyed info: 3$"
  --match "cusparseDcsrilu02: cuSPARSE info object 0x[0-9a-f]+ was destroyed: returns CUSPARSE_STATUS_INVALID_VALUE$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/sparse_ilu.cu --no-color)
# the ILU factors written by a kernel on another stream right after
# cusparseSpSV_solve read them, nothing ordering them: a race between
# launches naming it
apps_test(sparse_ilu_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/sparse_ilu.cu:506:19: error: data race \\(read-write, global memory\\)"
  --match "this launch writes it and library call 10 \\(cusparseSpSV_solve from tests/apps/sparse_ilu.cu:243, on another stream\\) reads it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/sparse_ilu.cu --no-color -- race)
# cuSOLVER's dense routines (runtime/solver.c, OpenBLAS's LAPACK): LU with
# and without pivots (double, float, double complex), Cholesky with its
# inverse, QR least squares and Q, symmetric and Hermitian eigenpairs, the
# SVD, single complex QR, against host loops; devInfo of a singular and an
# indefinite matrix and of a bad leading dimension; a null handle and a null
# lwork; getrf + getrs captured into a graph; the factor read on another
# stream after an event: clean
apps_test(solver_dense ARGS --code 0 --match "^solver_dense: 0 wrong$"
  --match "^singular: status 0, devInfo 2$" --match "^indefinite: status 0, devInfo 2$"
  --match "^lda < m: status 3, devInfo -4$" --match "^null handle: 1, null lwork: 3$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/solver_dense.cu --no-color)
# the LU factor read by a kernel on another stream right after
# cusolverDnDgetrf, nothing ordering them: a race between launches naming it
apps_test(solver_dense_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/solver_dense.cu:87:21: error: data race \\(read-write, global memory\\)"
  --match "this launch reads it and library call 2 \\(cusolverDnDgetrf from tests/apps/solver_dense.cu:443, on another stream\\) writes it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/solver_dense.cu --no-color -- race)
# cuBLAS's batched LU family (runtime/blas_batched.c, OpenBLAS's LAPACK):
# getrf with and without pivots (double, single and double complex) and
# getrs plain and transposed, getri, matinv, geqrf, gels, against host
# loops; the info array of a singular matrix, a bad leading dimension's host
# info, gels with m < n, a null handle; getrf + getrs captured into a graph;
# the factors written on another stream after an event: clean
apps_test(blas_batched_lu ARGS --code 0 --match "^blas_batched_lu: 0 wrong$"
  --match "^singular: status 0, info 0 2 0$" --match "^lda < n: status 7, info -5$"
  --match "^gels m < n: status 15$" --match "^null handle: 1$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/blas_batched_lu.cu --no-color)
# the factors written by a kernel on another stream right after
# cublasDgetrsBatched read them, nothing ordering them: a race between
# launches naming it
apps_test(blas_batched_lu_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/blas_batched_lu.cu:265:19: error: data race \\(read-write, global memory\\)"
  --match "this launch writes it and library call 7 \\(cublasDgetrsBatched from tests/apps/blas_batched_lu.cu:282, on another stream\\) reads it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/blas_batched_lu.cu --no-color -- race)
# cuSOLVER's sparse API on SuiteSparse (runtime/solversp.c): a 2-D Poisson
# matrix solved by csrlsvchol/qr/lu (host and device, float and double,
# base 1), the RCM/AMD/METIS orderings with csrperm and issym, the low-level
# Cholesky (its device solve captured into a graph), QR and LU, LU's factors
# refactored, solved and extracted by cusolverRf (and its batched API),
# against host residuals
# and P A Q'; cuSPARSE's scatter and gather (runtime/sparse_vec.c); a null
# handle, a column outside the matrix, a column stored twice, an info object
# of another kind, a solve before the factor: statuses and lines
apps_test(solver_sparse ARGS --code 0 --match "^solver_sparse: 0 wrong$"
  --match "^rcm bandwidth: 12 \\(grid 12\\)$"
  --match "^null handle: 1, bad column: 3, twice: 3, other info: 3, solve first: 3$"
  --match "^scatter outside: 3$"
  --match "^simulee: error: cusparseScatter: index 1 of the sparse vector is 9, outside the dense vector of 6 \\(base 0\\)$"
  --match "^simulee: error: cusolverSpXcsrsymamdHost: row 0 stores column 0 twice \\(base 0\\)$"
  --match "cusolverSpDcsrlsvluHost: a null cuSOLVER sparse handle: returns CUSOLVER_STATUS_NOT_INITIALIZED$"
  --match "^simulee: error: cusolverSpDcsrlsvcholHost: stored element 5 of row 1 has column 147, outside the 144 x 144 matrix \\(base 0\\)$"
  --match "cusolverSpXcsrcholAnalysisHost: the info object is a csrqrInfoHost_t, not a csrcholInfoHost_t"
  --match "cusolverSpDcsrqrSolveHost: the csrqrInfoHost_t has not had the factorization yet"
  --match "^simulee: 0 launches of 0 kernels, 0 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/solver_sparse.cu --no-color)
# the matrix's values rewritten by a kernel on another stream right after
# cusolverSpDcsrlsvchol read them, nothing ordering them: a race between
# launches naming it
apps_test(solver_sparse_race ARGS --code 1 --match "^race: 0 wrong$"
  --match "^tests/apps/solver_sparse.cu:112:21: error: data race \\(read-write, global memory\\)"
  --match "this launch writes it and library call 5 \\(cusolverSpDcsrlsvchol from tests/apps/solver_sparse.cu:483, on another stream\\) reads it"
  --match "1 finding$"
  -- ${ASIM} run ${APPS_SRC}/solver_sparse.cu --no-color -- race)
# cuRAND's host API (runtime/rand.c): uniform and normal statistics for a
# fixed seed, XORWOW and Philox streams equal to the device API's (raw,
# uniform, uniform double exactly; normals within 1e-5), an offset, a host
# generator, status codes; clean
foreach(opt O0 O2)
  apps_test(rand_${opt} ARGS --code 0 --match "^rand: 0 wrong$"
    --match "^simulee: error: curandCreateGenerator: CURAND_RNG_PSEUDO_MRG32K3A \\(121\\) is not supported"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/rand.cu --no-color)
endforeach()
# simulee merge joins run reports (one per test of a suite) and keeps each
# record's program launch
add_test(NAME apps_merge_reports COMMAND ${APPS_EXPECT} --code 1 --stdout-empty --
         ${ASIM} merge ${APPS_OUT}/reduce.O2.json ${APPS_OUT}/shift.O2.json --allow-partial
         --format json -o ${APPS_OUT}/merged.json)
set_tests_properties(apps_merge_reports PROPERTIES FIXTURES_REQUIRED "apps_reduce_O2;apps_shift_O2"
                     FIXTURES_SETUP apps_merged TIMEOUT 60)
simulee_json_test(apps_merge_reports_fields apps_merged ${APPS_OUT}/merged.json
  kernels\#2 kernels.0.program_launch.line=32 kernels.1.program_launch.line=26)
# the configure route for real build systems (cli/nvcc.c, the toolkit root
# of the build): a CMake project (two .cu files, a library, CUDA::cudart and
# CUDA::cublas, two add_test) configured with the one line of README.md and docs/program.md, built,
# run by ctest (the clean test passes, the racy one fails with its race);
# the same project with a plain Makefile and NVCC=...
add_test(NAME apps_cmake_project
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/cmake_project.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/cmake_project ${APPS_OUT}/cmake_project)
set_tests_properties(apps_cmake_project PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "\nok\n")
# nvJPEG through CMake as NVIDIA's nvJPEG samples use it: a host C++ project
# (no CUDA language) whose find_package(CUDAToolkit) gives CUDA::nvjpeg and
# CUDA::nvjpeg_static from the toolkit root; both programs round-trip a JPEG
add_test(NAME apps_cmake_nvjpeg
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/cmake_nvjpeg.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/cmake_nvjpeg ${APPS_OUT}/cmake_nvjpeg)
set_tests_properties(apps_cmake_nvjpeg PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "\nok\n")

# simulee run --record: the replay of a recorded launch, --from (the
# recorded race at generation 0, not found by the same search without it),
# the byte cap, SIMULEE_RECORD; scan --launches (the search's wider blocks:
# a note, no error)
foreach(part run scan)
  add_test(NAME apps_record_${part}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/record.sh ${ASIM}
            ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/record_${part} ${part})
  set_tests_properties(apps_record_${part} PROPERTIES TIMEOUT 120
    PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
endforeach()

# a program's launches on several threads (simulee run -j, SIMULEE_JOBS):
# tests/apps/jacobi_pool.cu's sweeps run on 2 and 4 threads, its in-place
# sweep (an inter-block race) falls back to serial 3 times and then runs
# serially; its race between launches on two streams is found from the
# workers' merged records; the app tests' programs give the same output and
# reports at -j 1 and 2
foreach(opt O0 O2)
  add_test(NAME apps_run_jobs_${opt}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/run_jobs.sh ${ASIM}
            ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/run_jobs_${opt} ${opt})
  set_tests_properties(apps_run_jobs_${opt} PROPERTIES TIMEOUT 300
    PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
endforeach()
# -j: a number of threads from 1 to 1024; a built program stops at a bad
# SIMULEE_JOBS with one line and status 2
apps_test(usage_jobs ARGS --code 2
  --match "^simulee: error: run: -j 0 is not a number of threads from 1 to 1024$"
  -- ${ASIM} run -j 0 ${APPS_SRC}/vector_add.cu)
apps_test(usage_jobs_word ARGS --code 2
  --match "^simulee: error: run: -j two is not a number of threads from 1 to 1024$"
  -- ${ASIM} run --jobs two ${APPS_SRC}/vector_add.cu)
apps_test(usage_jobs_missing ARGS --code 2 --match "^simulee: error: run: --jobs needs a value$"
  -- ${ASIM} run ${APPS_SRC}/vector_add.cu --jobs)
add_test(NAME apps_built_program_bad_jobs COMMAND ${CMAKE_COMMAND} -E env SIMULEE_JOBS=2x
         ${APPS_EXPECT} --code 2 --stdout-empty
         --match "^simulee: error: SIMULEE_JOBS=2x is not a number of threads from 1 to 1024$"
         -- ${APPS_OUT}/vadd_prog 77)
set_tests_properties(apps_built_program_bad_jobs PROPERTIES FIXTURES_REQUIRED apps_built TIMEOUT 60)
add_test(NAME apps_built_program_jobs COMMAND ${CMAKE_COMMAND} -E env SIMULEE_JOBS=1025
         ${APPS_EXPECT} --code 2
         --match "^simulee: error: SIMULEE_JOBS=1025 is not a number of threads from 1 to 1024$"
         -- ${APPS_OUT}/vadd_prog 77)
set_tests_properties(apps_built_program_jobs PROPERTIES FIXTURES_REQUIRED apps_built TIMEOUT 60)
# scan --launches grades the search's findings by the recorded launches
# (tests/apps/record_grade): a race only wider blocks show, a kernel the
# program never launches, a scalar it never passes: notes with that reason
# (JSON grade_reason); races of the program's own launches stay errors;
# features.cu's assert stays, its out-of-bounds read (a buffer shorter than
# the program's) is a note; tests/projects/pitched keeps its three errors
foreach(part grade features pitched)
  add_test(NAME apps_record_${part}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/record.sh ${ASIM}
            ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/record_${part} ${part}
            $<TARGET_FILE:simulee_jsoncheck>)
  set_tests_properties(apps_record_${part} PROPERTIES TIMEOUT 180
    PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
endforeach()

# a read-only input left out of the memory model and out of the pool's
# tracking and undo copy only while no write can reach it (simI_ro_buffers):
# its own launch with two buffers is clean and right, its 64 blocks kept on
# 2 threads; the in-place call of the same kernel and a row table whose row 0
# is the input race on the input (the parallel run refused, then serial)
apps_test(readonly_split ARGS --code 0
  --match "^readonly_alias split n=8192: 0 wrong$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  --match "^simulee: stats: -j 2: 1 launch ran on 2 threads, 0 fell back"
  -- ${ASIM} run -O2 -j 2 --stats ${APPS_SRC}/readonly_alias.cu --no-color -- split)
foreach(part alias table)
  if(part STREQUAL "alias")
    set(ro_src readonly_alias.cu)
    set(ro_args -- alias)
    set(ro_line 24)
  else()
    set(ro_src readonly_table.cu)
    set(ro_args)
    set(ro_line 14)
  endif()
  apps_test(readonly_${part} SETUP apps_readonly_${part} ARGS --code 1
    --match "^tests/apps/${ro_src}:${ro_line}:[0-9]+: error: data race \\(read-write, global memory\\) on buffer 'in' \\+ 128$"
    --match "^simulee: stats: -j 2: no launch ran on several threads, 1 fell back"
    -- ${ASIM} run -O2 -j 2 --stats ${APPS_SRC}/${ro_src} --no-color
       --report ${APPS_OUT}/readonly_${part}.json ${ro_args})
  simulee_json_test(apps_readonly_${part}_report apps_readonly_${part}
    ${APPS_OUT}/readonly_${part}.json
    kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
    kernels.0.findings.0.space=global)
endforeach()

# ---- API misuse: handles (runtime/handles.c) are checked on every call; a
# destroyed or made-up one returns the error CUDA returns with one warning
# naming the call and the program's line, and nothing crashes
apps_test(stream_misuse ARGS --code 0
  --match "^destroy: cudaSuccess, again: cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/stream_misuse.cu:18: cudaStreamDestroy: stream 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/stream_misuse.cu:20: cudaLaunchKernel: stream 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/stream_misuse.cu:23: cudaLaunchKernel: 0x1234 is no stream the program created: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/stream_misuse.cu:26: cudaMemcpyAsync: stream 0x[0-9a-f]+ was destroyed"
  --match "^launch on a made-up stream: cudaErrorInvalidResourceHandle$"
  --match "^live stream: 0 wrong$"
  --match "^simulee: 2 launches of 1 kernel, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/stream_misuse.cu --no-color)
apps_test(event_misuse ARGS --code 0
  --match "^simulee: warning: tests/apps/event_misuse.cu:24: cudaEventDestroy: event 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/event_misuse.cu:26: cudaEventRecord: event 0x[0-9a-f]+ was destroyed"
  --match "^simulee: warning: tests/apps/event_misuse.cu:28: cudaEventSynchronize: event 0x[0-9a-f]+ was destroyed"
  --match "^simulee: warning: tests/apps/event_misuse.cu:32: cudaStreamWaitEvent: event 0x[0-9a-f]+ was destroyed"
  --match "^simulee: warning: tests/apps/event_misuse.cu:34: cudaEventRecord: 0x[0-9a-f]+ is a stream, not an event"
  --match "^record a destroyed event: cudaErrorInvalidResourceHandle$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/event_misuse.cu --no-color)
# invalid frees (twice, host memory, inside an allocation, cudaFreeHost of
# device memory): cudaErrorInvalidValue to the program and a finding each at
# its line, in the summary, the report and the exit status
apps_test(bad_free SETUP apps_bad_free ARGS --code 1
  --match "^free: cudaSuccess, twice: cudaErrorInvalidValue, host: cudaErrorInvalidValue, inside: cudaErrorInvalidValue, cudaFreeHost of device memory: cudaErrorInvalidValue, cudaFreeHost: cudaSuccess$"
  --match "^tests/apps/bad_free.cu:18: error: invalid free: cudaFree of 0x[0-9a-f]+: device memory 'cudaMalloc#0' \\+ 0 was freed before \\(a double free\\)$"
  --match "^tests/apps/bad_free.cu:19: error: invalid free: cudaFree of 0x[0-9a-f]+: the pointer is host memory, no allocation of cudaMalloc or cudaMallocManaged$"
  --match "^tests/apps/bad_free.cu:20: error: invalid free: cudaFree of 0x[0-9a-f]+: device memory 'cudaMalloc#1' \\+ 64 points inside an allocation, not to its start$"
  --match "^tests/apps/bad_free.cu:21: error: invalid free: cudaFreeHost of 0x[0-9a-f]+: device memory 'cudaMalloc#1' \\+ 0 is device memory \\(cudaFree frees it\\)$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 4 findings$"
  -- ${ASIM} run ${APPS_SRC}/bad_free.cu --no-color --report ${APPS_OUT}/bad_free.json)
simulee_json_test(apps_bad_free_report apps_bad_free ${APPS_OUT}/bad_free.json
  kernels\#4 kernels.0.kernel=cudaFree kernels.0.line=18 kernels.0.findings\#1
  kernels.0.findings.0.locations.0.line=18 kernels.3.kernel=cudaFreeHost kernels.3.line=21
  "kernels.2.findings.0.address=device memory 'cudaMalloc#1' + 64")
apps_test(bad_free_exitcode ARGS --code 7 --match "invalid free"
  -- ${ASIM} run ${APPS_SRC}/bad_free.cu --no-color --error-exitcode 7)
# a program without kernels (nothing registered with the runtime) keeps its
# API findings: the summary, the report and the exit status count them
apps_test(nokernel_free SETUP apps_nokernel_free ARGS --code 1
  --match "^free: cudaSuccess, again: cudaErrorInvalidValue$"
  --match "^tests/apps/nokernel_free.cu:12: error: invalid free: cudaFree of 0x[0-9a-f]+: device memory 'cudaMalloc#0' \\+ 0 was freed before \\(a double free\\)$"
  --match "^simulee: 0 launches of 0 kernels, 0 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/nokernel_free.cu --no-color --report ${APPS_OUT}/nokernel_free.json)
simulee_json_test(apps_nokernel_free_report apps_nokernel_free ${APPS_OUT}/nokernel_free.json
  kernels\#1 kernels.0.kernel=cudaFree kernels.0.line=12 kernels.0.findings\#1)
# a copy whose direction contradicts its pointers: refused (cudaErrorInvalidValue,
# nothing copied) and a finding at its line
apps_test(copy_direction SETUP apps_copy_direction ARGS --code 1
  --match "^up: cudaSuccess, swapped: cudaErrorInvalidValue, async swapped: cudaErrorInvalidValue, default: cudaSuccess, 0 wrong$"
  --match "^tests/apps/copy_direction.cu:16: error: copy direction: cudaMemcpy with cudaMemcpyDeviceToHost, but the destination 0x[0-9a-f]+ is device memory and the source 0x[0-9a-f]+ is host memory"
  --match "^tests/apps/copy_direction.cu:17: error: copy direction: cudaMemcpyAsync with cudaMemcpyHostToDevice, but the destination 0x[0-9a-f]+ is host memory"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 2 findings$"
  -- ${ASIM} run ${APPS_SRC}/copy_direction.cu --no-color --report ${APPS_OUT}/copy_direction.json)
simulee_json_test(apps_copy_direction_report apps_copy_direction ${APPS_OUT}/copy_direction.json
  kernels\#2 kernels.0.kernel=cudaMemcpy kernels.0.findings.0.locations.0.line=16
  kernels.1.kernel=cudaMemcpyAsync kernels.1.line=17)
# device memory used after cudaDeviceReset: the copy from the old pointer
# and the launch on it are findings at their lines (and its accesses fault)
apps_test(after_reset SETUP apps_after_reset ARGS --code 1
  --match "^copy: cudaErrorInvalidValue, kernel: cudaErrorIllegalAddress$"
  --match "^tests/apps/after_reset.cu:17: error: use after cudaDeviceReset: cudaMemcpy: the source is device memory 'cudaMalloc#0' \\+ 0, freed by cudaDeviceReset$"
  --match "^tests/apps/after_reset.cu:18: error: use after cudaDeviceReset: cudaLaunchKernel: kernel inc's argument 'p' is device memory 'cudaMalloc#0' \\+ 0, freed by cudaDeviceReset$"
  --match "^simulee: 2 launches of 1 kernel, 2 checked \\(--check first:3\\), 3 findings$"
  -- ${ASIM} run ${APPS_SRC}/after_reset.cu --no-color --report ${APPS_OUT}/after_reset.json)
simulee_json_test(apps_after_reset_report apps_after_reset ${APPS_OUT}/after_reset.json
  kernels\#3 kernels.0.kernel=cudaMemcpy kernels.0.line=17 kernels.1.kernel=cudaLaunchKernel
  kernels.1.line=18 kernels.1.findings.0.kind=out-of-bounds)
# a 32,000-byte struct parameter (CUDA allows 32,764 bytes): right results
foreach(opt O0 O2)
  apps_test(big_param_${opt} ARGS --code 0
    --match "^32000-byte parameter: cudaSuccess, 0 wrong$"
    --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
    -- ${ASIM} run -${opt} ${APPS_SRC}/big_param.cu --no-color)
endforeach()
# misaligned accesses: a 4-byte word at an odd address of global or shared
# memory is a finding and the launch fails with cudaErrorMisalignedAddress;
# the packed field's split stores and the aligned word are clean
apps_test(misaligned_clean ARGS --code 0
  --match "^global: cudaSuccess$" --match "^shared: cudaSuccess$"
  --match "^simulee: 2 launches of 2 kernels, 2 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/misaligned.cu --no-color)
apps_test(misaligned_global SETUP apps_misaligned ARGS --code 1
  --match "^global: cudaErrorMisalignedAddress$"
  --match "^tests/apps/misaligned.cu:19:35: error: misaligned address: write of 4 bytes \\(global memory\\) at buffer 'buf'\\[1\\]$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/misaligned.cu --no-color --report ${APPS_OUT}/misaligned.json -- global)
simulee_json_test(apps_misaligned_report apps_misaligned ${APPS_OUT}/misaligned.json
  kernels\#1 kernels.0.findings\#1 kernels.0.findings.0.kind=out-of-bounds
  kernels.0.findings.0.space=global kernels.0.findings.0.locations.0.line=19
  kernels.0.program_launch.line=35)
apps_test(misaligned_shared ARGS --code 1
  --match "^global: cudaSuccess$" --match "^shared: cudaErrorMisalignedAddress$"
  --match "^tests/apps/misaligned.cu:26:32: error: misaligned address: read of 4 bytes \\(shared memory\\) at 'stage'\\[2\\]$"
  -- ${ASIM} run -O2 ${APPS_SRC}/misaligned.cu --no-color -- shared)
# the kernel route finds the same store
apps_test(misaligned_kernel ARGS --code 1
  --match "^tests/apps/misaligned.cu:19:35: error: misaligned address: write of 4 bytes \\(global memory\\) at buffer 'buf'\\[1\\]$"
  -- ${ASIM} tests/apps/misaligned.cu --kernel pack --no-color)
# graph, cuBLAS and cuRAND handles used after their destroy: the libraries'
# errors and a warning each at the program's line
apps_test(lib_misuse ARGS --code 0
  --match "^graph: cudaSuccess, after destroy: cudaErrorInvalidResourceHandle, destroy twice: cudaErrorInvalidResourceHandle$"
  --match "^cublas: destroy twice 1, call after destroy 1$"
  --match "^curand: generate after destroy 101, destroy twice 101$"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:26: cudaGraphLaunch: graph exec 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:28: cudaGraphDestroy: graph 0x[0-9a-f]+ was destroyed"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:35: cublasDestroy_v2: cuBLAS handle 0x[0-9a-f]+ was destroyed: returns CUBLAS_STATUS_NOT_INITIALIZED$"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:37: cublasSasum_v2: cuBLAS handle 0x[0-9a-f]+ was destroyed"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:43: curandGenerateUniform: cuRAND generator 0x[0-9a-f]+ was destroyed: returns CURAND_STATUS_NOT_INITIALIZED$"
  --match "^simulee: warning: tests/apps/lib_misuse.cu:44: curandDestroyGenerator: cuRAND generator 0x[0-9a-f]+ was destroyed"
  -- ${ASIM} run ${APPS_SRC}/lib_misuse.cu --no-color)
# CUDA arrays, texture objects, cuBLASLt handles and memory pools released twice
apps_test(array_misuse ARGS --code 0
  --match "^texture: 0 wrong, destroy twice: cudaErrorInvalidValue, array: free twice: cudaErrorInvalidResourceHandle, copy after free: cudaErrorInvalidValue$"
  --match "^cublasLt: destroy twice 1, descriptor destroy twice 7$"
  --match "^simulee: warning: tests/apps/array_misuse.cu:38: cudaDestroyTextureObject: texture object 0x[0-9a-f]+ is none the program created, or was destroyed: returns cudaErrorInvalidValue$"
  --match "^simulee: warning: tests/apps/array_misuse.cu:40: cudaFreeArray: CUDA array 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidResourceHandle$"
  --match "^simulee: warning: tests/apps/array_misuse.cu:47: cublasLtDestroy: cuBLASLt handle 0x[0-9a-f]+ was destroyed: returns CUBLAS_STATUS_NOT_INITIALIZED$"
  --match "^simulee: warning: tests/apps/array_misuse.cu:51: cublasLtMatmulDescDestroy: cuBLASLt descriptor 0x[0-9a-f]+ was destroyed"
  --match "^pool: destroy twice cudaErrorInvalidValue$"
  --match "^simulee: warning: tests/apps/array_misuse.cu:61: cudaMemPoolDestroy: memory pool 0x[0-9a-f]+ was destroyed: returns cudaErrorInvalidValue$"
  -- ${ASIM} run ${APPS_SRC}/array_misuse.cu --no-color)

# a launch of more threads than the detectors tell apart: checked on a
# sample of its blocks, the report naming them, races in and between blocks
# found; unchecked, any size up to 2^31 - 1 blocks runs
add_test(NAME apps_huge_launch
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/huge_launch.sh ${ASIM}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/huge_launch O2)
set_tests_properties(apps_huge_launch PROPERTIES TIMEOUT 300
  PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
# the check policy's sample: a launch of more than --check-threads threads
# is checked on a sample of its blocks, the others run unchecked, every
# element computed; what the sample finds, and what it counts outside it
add_test(NAME apps_sampled_check
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/sampled_check.sh ${ASIM}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/sampled_check)
set_tests_properties(apps_sampled_check PROPERTIES TIMEOUT 300
  PASS_REGULAR_EXPRESSION "(^|\n)ok\n")

# the device heap is the program's, not a launch's (tests/apps/device_heap.cu):
# a linked list built with device new by one launch, summed by the next and
# deleted by a third; objects with virtual functions constructed by one launch
# and called by the next; launches that leak under the heap's limit get NULL
# once it is full: right and clean
apps_test(device_heap ARGS --code 0
  --match "^list: 6 lists of 25 nodes, 0 wrong$"
  --match "^shapes: 100 objects, 0 wrong$"
  --match "^leak: 64 of 150 launches got a block, none after the first refusal: yes$"
  --match "^simulee: 156 launches of 7 kernels, 9 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/device_heap.cu --no-color)
# a block freed by launch 2 and read by launch 3: the use after free, naming
# the free and its launch
apps_test(device_heap_uaf ARGS --code 1
  --match "^tests/apps/device_heap.cu:217:58: error: out-of-bounds access \\(global memory\\) at device heap block 0 \\+ 8$"
  --match "^note: use after free \\(freed at device_heap.cu:215:39 in launch 2\\): read of 4 bytes at device heap block 0 \\+ 8 by block \\(0,0,0\\) thread \\(0,0,0\\)$"
  --match "^uaf: an illegal memory access was encountered$"
  --match "^simulee: 3 launches of 3 kernels, 3 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/device_heap.cu --no-color -- uaf)
# ... and freed again by launch 3: the double free, naming the first
apps_test(device_heap_double ARGS --code 1
  --match "^tests/apps/device_heap.cu:236: note: kernel release: launch 3 of the program, made here$"
  --match "^note: double free \\(freed at device_heap.cu:215:39 in launch 2\\): write of 0 bytes at device heap block 0 \\+ 0 by block \\(0,0,0\\) thread \\(0,0,0\\)$"
  --match "^simulee: 3 launches of 2 kernels, 3 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/device_heap.cu --no-color -- double)
# initcheck's shadow of heap blocks lasts: a word launch 1 wrote is read
# clean by launch 2, one nobody wrote is reported in launch 3
apps_test(device_heap_uninit ARGS --code 1
  --match "^tests/apps/device_heap.cu:251:73: error: uninitialized read \\(global memory\\) of device heap block 0 \\+ 12$"
  --match "^note: read of 4 bytes of device heap block 0 \\+ 12 that no thread wrote since its allocation, by block"
  --match "^tests/apps/device_heap.cu:259: note: kernel read_back: launch 3 of the program, made here$"
  --match "^uninit: written 3$"
  --match "^simulee: 3 launches of 2 kernels, 3 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/device_heap.cu --no-color -- uninit)
# cudaDeviceSetLimit(cudaLimitMallocHeapSize) sizes the heap before its first
# use and is refused after it (cudaErrorInvalidValue, as CUDA)
apps_test(device_heap_limit ARGS --code 0
  --match "^limit: default 8388608$" --match "^limit: set before use 33554432$"
  --match "^limit: 24 MiB allocated, 40 MiB refused$"
  --match "^limit: set after use: cudaErrorInvalidValue, still 33554432$"
  --match "^simulee: 3 launches of 2 kernels, 3 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/device_heap.cu --no-color -- limit)

# libNVVM (runtime/nvvm.c): a C program as NVIDIA's 7_libNVVM samples are,
# NVVM IR compiled at run time and run through the driver API (a kernel, a
# __managed__ variable, a device-side launch linked with libcudadevrt.a),
# and libNVVM's failures (IR that does not parse, bad options, no module)
add_test(NAME apps_nvvm
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/nvvm.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/nvvm)
set_tests_properties(apps_nvvm PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION "^ok\n$")

# cubemap CUDA arrays (cudaArrayCubemap, layered too) filled by cudaMemcpy3D
# and sampled with texCubemap/texCubemapLayered against the host's face and
# texel of each direction; a cubemap whose faces are not square refused
apps_test(cubemap ARGS --code 0
  --match "^cubemap: 123 directions, 0 wrong, not square: cudaErrorInvalidValue$"
  --match "^simulee: warning: .*cubemap.cu:[0-9]+: cudaMalloc3DArray: a cubemap array \\(cudaArrayCubemap\\) of 8x9x6: its width and height must be equal"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/cubemap.cu --no-color)

# a checked launch of a grid that syncs (tests/apps/grid_prefix.cu, one
# cooperative kernel of 300 sweeps) is checked for its first --check-steps
# warp instructions, the rest runs unchecked: the result is the host loop's,
# a race in the first sweep is found, one in the last is not (found with
# --check-steps 0), an invalid access after the prefix is a record of its own
apps_test(grid_prefix ARGS --code 0
  --match "^simulee: note: kernel sweeps \\(launch 1\\): checked for its first 100000 warp instructions \\(--check-steps\\), the rest ran without detection \\(--check-steps 0 checks all of it\\)$"
  --match "^sweeps: 0 of 256 elements differ from the host loop$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 100000 -- 0)
apps_test(grid_prefix_race ARGS --code 1
  --match "grid_prefix.cu:23:10: error: data race \\(write-write, global memory\\) on buffer 'x' \\+ 1020$"
  --match "^note: threads block \\(3,0,0\\) thread \\(63,0,0\\) write and block \\(0,0,0\\) thread \\(0,0,0\\) write of 4 bytes"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 100000 -- 1)
apps_test(grid_prefix_late ARGS --code 0
  --match "^simulee: note: kernel sweeps \\(launch 1\\): checked for its first 100000 warp instructions"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 100000 -- 2)
apps_test(grid_prefix_late_all ARGS --code 1
  --match "grid_prefix.cu:23:10: error: data race \\(write-write, global memory\\) on buffer 'x' \\+ 1020$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 0 -- 2)
apps_test(grid_prefix_oob ARGS --code 1
  --match "^simulee: kernel sweeps: error \\(grid 4,1,1 block 64,1,1\\): 1 invalid memory accesses after the checked part of the launch, run without detection \\(--check-steps 0 checks all of it\\)$"
  --match "^sweeps: an illegal memory access was encountered$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings, 1 launch that did not run right$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 100000 -- 3)
# a bad --check-steps stops simulee run before it builds anything; a bad
# SIMULEE_CHECK_STEPS stops the program before main
apps_test(grid_prefix_badcli ARGS --code 2
  --match "^simulee: error: run: --check-steps 5000 is not 0 \\(all of a launch\\) or a number of warp instructions from 100000 up$"
  -- ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color --check-steps 5000)
apps_test(grid_prefix_badenv ARGS --code 2
  --match "^simulee: error: SIMULEE_CHECK_STEPS=12x is not 0 \\(all of a launch\\) or a number of warp instructions from 100000 up$"
  -- ${CMAKE_COMMAND} -E env SIMULEE_CHECK_STEPS=12x ${ASIM} run ${APPS_SRC}/grid_prefix.cu --no-color)

# blocks that wait for each other (tests/apps/chained_scan.cu, a chained
# scan of 512 blocks: more threads than --check-threads): every block runs
# in one pass with the sample checked, so no block waits forever for one
# of another pass; a flag published before its value is found; a kernel
# whose blocks do not wait (a last-block total) keeps the policy's split
apps_test(chained_scan ARGS --code 0
  --match "^simulee: note: kernel chained \\(launch 1\\): 131072 threads, more than the 65536 of --check-threads: checked on 256 of its 512 blocks \\(.*\\). every block ran in one pass, in the interpreter, since the kernel's blocks wait for each other"
  --match "^chained: 0 of 130995 sums differ from the host loop$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/chained_scan.cu --no-color -- 0)
apps_test(chained_scan_atomic ARGS --code 0
  --match "every block ran in one pass, in the interpreter, since the kernel's blocks wait for each other"
  --match "^chained: 0 of 130995 sums differ from the host loop$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/chained_scan.cu --no-color -- 1)
apps_test(chained_scan_race ARGS --code 1
  --match "chained_scan.cu:[0-9]+:[0-9]+: error: data race \\(read-write, global memory\\) on buffer 'prefix' \\+ 0$"
  --match "^note: threads block \\(0,0,0\\) thread \\(0,0,0\\) write and block \\(1,0,0\\) thread \\(0,0,0\\) read of 4 bytes"
  --match "^chained: 0 of 130995 sums differ from the host loop$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 1 finding$"
  -- ${ASIM} run ${APPS_SRC}/chained_scan.cu --no-color -- 2)
apps_test(chained_scan_lastblock ARGS --code 0
  --match "^simulee: note: kernel lastblock \\(launch 1\\): 131072 threads, .*. the other blocks ran unchecked"
  --match "^lastblock: total -12, host -12$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/chained_scan.cu --no-color -- 3)
# Thrust's scan, copy_if and scan_by_key (CUB's decoupled look-back) over
# 2^21 ints: right, with the look-back's .cg tile status an in-library
# warning, never a launch that times out
apps_test(thrust_lookback ARGS --code 0
  --match "^inclusive_scan: 0 of 2097152 differ$"
  --match "^copy_if: kept 1143901 \\(host 1143901\\), 0 differ$"
  --match "^inclusive_scan_by_key: 0 of 2097152 differ$"
  --match "DeviceScanKernel.*every block ran in one pass"
  --match "thread_store.cuh:[0-9]+:[0-9]+: warning: data race \\(read-write, global memory\\) .*\\[in-library\\]$"
  --match "^simulee: 7 launches of 7 kernels, 7 checked \\(--check first:3\\), 3 findings$"
  -- ${ASIM} run ${APPS_SRC}/thrust_lookback.cu --no-color)
# a compare-and-swap retry loop (a lock-free float maximum) is not a wait
# for another block: the policy's split, as for any kernel
apps_test(chained_scan_casmax ARGS --code 0
  --match "^simulee: note: kernel casmax \\(launch 1\\): 131072 threads, .*. the other blocks ran unchecked"
  --match "^casmax: 3, host 3$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/chained_scan.cu --no-color -- 4)
