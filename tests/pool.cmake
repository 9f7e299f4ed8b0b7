# One launch on several threads (-j, simI_run_jobs): the report, the exit
# status and the computed buffers are the same at -j 1, 2 and 4; a clean
# launch keeps its parallel run, the others fall back to the serial run.
# Included by tests/CMakeLists.txt after simulee_unit is defined.

set(POOL_SRC ${CMAKE_CURRENT_SOURCE_DIR}/pool)
set(POOL_SAME sh ${POOL_SRC}/same.sh $<TARGET_FILE:simulee>)
set(POOL_CU ${POOL_SRC}/pool.cu)
set(POOL_LAUNCH --grid 64 --block 64)

foreach(opt O0 O2)
  # no bug: the parallel run is kept; every block sum is 64 * 2 * 2
  simulee_test(pool_clean_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 1 "^256$" 0 --
    ${POOL_CU} -${opt} --kernel scale_and_sum ${POOL_LAUNCH} --arg f32[4096]=2
    --arg f32[4096] --arg f32[64] --arg 4096 --arg 2.0 --dump 1 --dump 2)
  # inter-block race: found at every -j (the serial run after the conflict)
  simulee_test(pool_inter_block_race_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0
    "data race \\(read-write, global memory\\)" 1 --
    ${POOL_CU} -${opt} --kernel smooth_in_place ${POOL_LAUNCH} --arg f32[4096]=1
    --arg 4096 --dump 0)
  # intra-block race in shared memory
  simulee_test(pool_intra_block_race_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0
    "data race \\(read-write, shared memory\\)" 1 --
    ${POOL_CU} -${opt} --kernel shift_left ${POOL_LAUNCH} --arg i32[4096]=3
    --arg i32[4096] --arg 4096 --dump 1)
  # global atomics: the serial run, the bins as serial (4096 / 4 in bin 1)
  simulee_test(pool_atomics_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0 "^4096$" 0 --
    ${POOL_CU} -${opt} --kernel histogram ${POOL_LAUNCH} --arg u32[4096]=5
    --arg u32[4] --arg 4096 --arg 4 --dump 1)
  # out of bounds in the last block only
  simulee_test(pool_oob_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0 "out of bounds" 1 --
    ${POOL_CU} -${opt} --kernel copy_off_by_one ${POOL_LAUNCH} --arg i32[4000]=7
    --arg i32[4000] --arg 4000 --dump 1)
endforeach()
# an inter-block race between blocks 32 apart: different ranges at -j 2 and 4
foreach(opt O0 O2)
  simulee_test(pool_far_race_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0
    "data race \\(write-write, global memory\\)" 1 --
    ${POOL_CU} -${opt} --kernel fold_max ${POOL_LAUNCH} --arg i32[4096]=1
    --arg i32[32] --arg 32 --dump 1)
endforeach()
# a redundant barrier in an otherwise clean launch: the parallel run is kept
# and the workers' barrier evidence is one execution's
foreach(opt O0 O2)
  simulee_test(pool_redundant_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 1
    "redundant barrier: removing it creates no race \\(1 execution, 64 barrier instances" 0 --
    ${POOL_CU} -${opt} --kernel own_scale ${POOL_LAUNCH} --arg f32[4096]=1
    --arg f32[4096] --arg 4096 --dump 1)
endforeach()
# a __device__ array written per block (shared atomics only): kept parallel
# printf from every block: the serial run (a program run shows the text)
foreach(opt O0 O2)
  simulee_test(pool_device_var_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 1 "^64$" 0 --
    ${POOL_CU} -${opt} --kernel count_positive ${POOL_LAUNCH} --arg i32[4096]=5
    --arg u32[64] --arg 4096 --dump 1)
  simulee_test(pool_printf_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0 "report_blocks: checked" 0 --
    ${POOL_CU} -${opt} --kernel report_blocks ${POOL_LAUNCH} --arg i32[4096]=9)
endforeach()
# a conflict found at the last block, after the other workers wrote their
# tiles in place, and a write-write conflict on one word: the fallback
# restores the buffers exactly (the dumps are the serial run's at every -j)
foreach(opt O0 O2)
  simulee_test(pool_undo_late_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0
    "data race \\(read-write, global memory\\)" 1 --
    ${POOL_CU} -${opt} --kernel ring_increment ${POOL_LAUNCH} --arg f32[4096]=2
    --arg 4096 --dump 0)
  simulee_test(pool_undo_total_${opt} ${POOL_SRC} 120 COMMAND ${POOL_SAME} 0
    "data race \\(.*, global memory\\)" 1 --
    ${POOL_CU} -${opt} --kernel tally_in_place ${POOL_LAUNCH} --arg i32[4096]=3
    --arg i32[1] --arg 4096 --dump 0 --dump 1)
endforeach()
