# Uninitialized reads (initcheck: the interpreter's "written" shadow of
# shared, local and device-heap memory, simI_uninit; detect.c turns the
# events into uninitialized-read findings). Our kernels of tests/initcheck/,
# compiled by simulee at its default -O2 (exact reports) and at -O0 (the
# same findings and levels). Included by tests/CMakeLists.txt.

set(INITCHECK_SRC ${CMAKE_CURRENT_SOURCE_DIR}/initcheck)
set(INITCHECK_OUT ${CMAKE_CURRENT_BINARY_DIR}/initcheck)
file(MAKE_DIRECTORY ${INITCHECK_OUT})
set(ISIM $<TARGET_FILE:simulee>)

# initcheck_test(NAME [SETUP FIXTURE] ARGS expect.sh-options -- simulee-args...)
function(initcheck_test name)
  cmake_parse_arguments(T "" "SETUP" "ARGS" ${ARGN})
  simulee_test(initcheck_${name} ${INITCHECK_SRC} 120 SETUP ${T_SETUP}
               COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${T_ARGS})
endfunction()

set(TILE_ARGS --grid 1 --block 64 --arg f32[64]=1 --arg f32[64] --arg 60 --no-color)
set(LOCAL_ARGS --kernel local_sum --grid 1 --block 32 --arg i32[32]=1 --arg i32[32] --arg 3
    --no-color)
set(HEAP_ARGS --kernel heap_scratch --grid 1 --block 4 --arg i32[4] --arg 3 --no-color)
foreach(opt O2 O0)
  # a stale shared slot stored to global memory: error
  initcheck_test(shift_left_${opt} ARGS --code 1
    --match "^tile_tail.cu:10:46: error: uninitialized read \\(shared memory\\) of 'tile' \\+ 240$"
    -- ${ISIM} tile_tail.cu -${opt} --kernel shift_left ${TILE_ARGS})
  # the stale slot only feeds a discarded local: its value goes nowhere, no
  # finding
  initcheck_test(shift_unused_${opt} ARGS --code 0
    --match "^simulee: kernel shift_unused: checked \\(grid 1,1,1 block 64,1,1\\), [0-9]+ instructions$"
    -- ${ISIM} tile_tail.cu -${opt} --kernel shift_unused ${TILE_ARGS})
  # the tile written whole before the barrier: clean
  initcheck_test(shift_padded_${opt} ARGS --code 0
    --match "^simulee: kernel shift_padded: checked \\(grid 1,1,1 block 64,1,1\\), [0-9]+ instructions$"
    -- ${ISIM} tile_tail.cu -${opt} --kernel shift_padded ${TILE_ARGS})
  # a local array read before it is filled, summed into the output: error
  initcheck_test(local_sum_${opt} ARGS --code 1
    --match "^tile_tail.cu:41:36: error: uninitialized read \\(local memory\\) of stack \\+ [0-9]+$"
    -- ${ISIM} tile_tail.cu -${opt} ${LOCAL_ARGS})
  # device-heap memory is not initialized: error
  initcheck_test(heap_${opt} ARGS --code 1
    --match "^tile_tail.cu:53:36: error: uninitialized read \\(global memory\\) of device heap block 0 \\+ 12$"
    -- ${ISIM} tile_tail.cu -${opt} ${HEAP_ARGS})
endforeach()
# partial tiles reading only bytes some thread wrote: clean; a stale
# neighbour a select discards: clean too (its value goes nowhere), the same
# at both levels
set(PT_ARGS --grid 2 --block 64 --arg f32[100]=1 --arg f32[100] --arg 100 --no-color)
foreach(opt O2 O0)
  foreach(k tail_pair halo_edges)
    initcheck_test(partial_${k}_${opt} ARGS --code 0
      --match "^simulee: kernel ${k}: checked \\(grid 2,1,1 block 64,1,1\\), [0-9]+ instructions$"
      -- ${ISIM} partial_tiles.cu -${opt} --kernel ${k} ${PT_ARGS})
  endforeach()
  initcheck_test(partial_byte_flags_${opt} ARGS --code 0
    --match "^simulee: kernel byte_flags: checked \\(grid 2,1,1 block 64,1,1\\), [0-9]+ instructions$"
    -- ${ISIM} partial_tiles.cu -${opt} --kernel byte_flags --grid 2 --block 64
       --arg i32[100]=iota --arg i32[100] --arg 100 --no-color)
  initcheck_test(partial_transpose_${opt} ARGS --code 0
    --match "^simulee: kernel void transpose_edges<16>: checked \\(grid 2,1,1 block 16,16,1\\), [0-9]+ instructions$"
    -- ${ISIM} partial_tiles.cu -${opt} --kernel _Z15transpose_edgesILi16EEvPKfPfii --grid 2,1 --block 16,16
       --arg f32[240]=iota --arg f32[240] --arg 20 --arg 12 --no-color)
  initcheck_test(partial_select_edge_${opt} ARGS --code 0
    --match "^simulee: kernel select_edge: checked \\(grid 2,1,1 block 64,1,1\\), [0-9]+ instructions$"
    -- ${ISIM} partial_tiles.cu -${opt} --kernel select_edge ${PT_ARGS})
endforeach()

# the whole reports at -O2
initcheck_test(shift_left_report ARGS --code 1 --stdout ${INITCHECK_SRC}/shift_left.expected
  -- ${ISIM} tile_tail.cu --kernel shift_left ${TILE_ARGS})
initcheck_test(shift_unused_report ARGS --code 0 --stdout-empty
  -- ${ISIM} tile_tail.cu --kernel shift_unused ${TILE_ARGS} --quiet)
initcheck_test(local_sum_report ARGS --code 1 --stdout ${INITCHECK_SRC}/local_sum.expected
  -- ${ISIM} tile_tail.cu ${LOCAL_ARGS})
# every slot filled (k = 4): clean
initcheck_test(heap_filled ARGS --code 0 --stdout-empty
  -- ${ISIM} tile_tail.cu --kernel heap_scratch --grid 1 --block 4 --arg i32[4] --arg 4 --quiet)
# --no-initcheck: the read is not reported
initcheck_test(off ARGS --code 0 --stdout-empty
  -- ${ISIM} tile_tail.cu --kernel shift_left ${TILE_ARGS} --no-initcheck --quiet)
# JSON: kind, level, evidence (the memory read); merge keeps the level
initcheck_test(json SETUP initcheck_json ARGS --code 1
  -- ${ISIM} tile_tail.cu --kernel shift_left ${TILE_ARGS} --format json
     -o ${INITCHECK_OUT}/shift_left.json)
simulee_json_test(initcheck_json_fields initcheck_json ${INITCHECK_OUT}/shift_left.json
  kernels.0.findings\#1 kernels.0.findings.0.kind=uninitialized-read
  kernels.0.findings.0.level=error kernels.0.findings.0.space=shared
  "kernels.0.findings.0.evidence=shared 'tile' + 240"
  "kernels.0.findings.0.message~the value reaches a store to global memory at tile_tail.cu:10")
# a read whose value goes nowhere is no finding in JSON either
initcheck_test(json_unused SETUP initcheck_json_unused ARGS --code 0
  -- ${ISIM} tile_tail.cu --kernel shift_unused ${TILE_ARGS} --format json
     -o ${INITCHECK_OUT}/shift_unused.json)
simulee_json_test(initcheck_json_unused_fields initcheck_json_unused
  ${INITCHECK_OUT}/shift_unused.json kernels\#1 kernels.0.status=checked kernels.0.findings\#0)
initcheck_test(merge_level ARGS --code 1
  --match "^tile_tail.cu:10:46: error: uninitialized read \\(shared memory\\) of 'tile' \\+ 240$"
  -- ${ISIM} merge ${INITCHECK_OUT}/shift_left.json --format text --no-color)
set_tests_properties(initcheck_merge_level PROPERTIES FIXTURES_REQUIRED initcheck_json)

# Where the stale value goes (flows.cu): a select that discards it, or a
# shared copy nothing reads, is clean; a global store, an address, an
# atomic's operand, a printf argument and a call's argument and result are
# errors naming the use, at -O0 and -O2 alike.
set(IC_COUNT sh ${CMAKE_CURRENT_SOURCE_DIR}/grades/count.sh)
set(FL_ARGS --grid 2 --block 64 --arg f32[100]=1 --arg f32[100] --arg 100 --no-color)
set(FL_HEAD "error: uninitialized read \\(shared memory\\) of")
# a stale value that reaches only an address or a printf argument: a warning
set(FL_WHEAD "warning: uninitialized read \\(shared memory\\) of")
foreach(opt O2 O0)
  foreach(k halo_discard stash_unused)
    simulee_test(initcheck_flow_${k}_${opt} ${INITCHECK_SRC} 120
      COMMAND ${IC_COUNT} 0 "uninitialized" 0 "kernel ${k}: checked" 1
              -- ${ISIM} flows.cu -${opt} --kernel ${k} ${FL_ARGS})
  endforeach()
  simulee_test(initcheck_flow_halo_missing_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 1 "uninitialized" 1
      "^flows.cu:56:47: ${FL_HEAD} 'tile' \\+ 260$" 1
      "by block \\(0,0,0\\) thread \\(63,0,0\\). the value reaches a store to global memory at flows.cu:56$" 1
      -- ${ISIM} flows.cu -${opt} --kernel halo_missing ${FL_ARGS})
  simulee_test(initcheck_flow_gather_index_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 1 "uninitialized" 1
      "^flows.cu:65:26: ${FL_HEAD} 'sidx' \\+ 144$" 1
      "by block \\(1,0,0\\) thread \\(35,0,0\\). the value reaches a store to global memory at flows.cu:65$" 1
      -- ${ISIM} flows.cu -${opt} --kernel gather_index --grid 2 --block 64
         --arg i32[100]=iota --arg f32[100]=1 --arg f32[100] --arg 100 --no-color)
  simulee_test(initcheck_flow_atomic_stale_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 1 "uninitialized" 1
      "^flows.cu:76:39: ${FL_HEAD} 'tile' \\+ 144$" 1
      ". the value reaches an operand of an atomic at flows.cu:77$" 1
      -- ${ISIM} flows.cu -${opt} --kernel atomic_stale ${FL_ARGS})
  simulee_test(initcheck_flow_print_stale_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 0 "uninitialized" 1
      "^flows.cu:87:35: ${FL_WHEAD} 'tile' \\+ 252$" 1
      ". the value reaches a printf argument at flows.cu:87 \\(not global memory or a branch: a warning\\)$" 1
      -- ${ISIM} flows.cu -${opt} --kernel print_stale --grid 2 --block 64 --arg f32[100]=1
         --arg 100 --no-color)
  simulee_test(initcheck_flow_scale_helper_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 1 "uninitialized" 1
      "^flows.cu:98:20: ${FL_HEAD} 'tile' \\+ 252$" 1
      ". the value reaches a store to global memory at flows.cu:99$" 1
      -- ${ISIM} flows.cu -${opt} --kernel scale_helper ${FL_ARGS})
  # (at -O2 the accumulator's load is hoisted out of the loop without a line)
  simulee_test(initcheck_flow_accumulate_uninit_${opt} ${INITCHECK_SRC} 120
    COMMAND ${IC_COUNT} 1 "uninitialized" 1
      "${FL_HEAD} 'acc' \\+ 0$" 1
      "by block \\(0,0,0\\) thread \\(0,0,0\\). the value reaches a store to global memory at flows.cu:107$" 1
      -- ${ISIM} flows.cu -${opt} --kernel accumulate_uninit ${FL_ARGS})
endforeach()
