# Barrier findings that hold up and say why, through the program at -O0 and
# -O2 (tests/kernels/detect/barrier_evidence.cu, barrier_conditions.cu; a
# fixed launch also runs the evaluation of back-to-back barriers): the
# evidence of a redundant barrier, no verdict without evidence (one warp,
# nothing run after the barrier), one finding for two barriers in a row, and
# the branch (line, operands) and the return behind a barrier divergence.
set(BAR_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect)
set(BAR_OUT ${CMAKE_CURRENT_BINARY_DIR}/barriers)
file(MAKE_DIRECTORY ${BAR_OUT})
set(BAR_SIM $<TARGET_FILE:simulee>)

# barrier_test(NAME [SETUP FIXTURE] expect.sh-options -- simulee-args...)
function(barrier_test name)
  cmake_parse_arguments(T "" "SETUP" "" ${ARGN})
  simulee_test(barriers_${name} ${BAR_DIR} 120 SETUP ${T_SETUP}
               COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${T_UNPARSED_ARGUMENTS})
endfunction()

set(BAR_TWICE --kernel publish_twice --grid 1 --block 128 --arg i32[128]=iota --arg i32[128])
set(BAR_OWN --kernel own_slot --grid 2 --block 64 --arg i32[128]=iota --arg i32[128])
set(BAR_GUARD --kernel guard_n --grid 1 --block 64 --arg i32[64] --arg 37)
set(BAR_EXIT --kernel early_exit --grid 1 --block 64 --arg i32[64]=iota --arg i32[64] --arg 40)
foreach(opt O0 O2)
  # two __syncthreads() in a row: one finding naming both, evidence stated
  barrier_test(pair_${opt} --code 0 --match
    "^barrier_evidence.cu:15:3: warning: redundant barrier: one of the barriers at lines 15 and 16 is redundant. removing both races$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_TWICE})
  barrier_test(pair_related_${opt} --code 0 --match "^barrier_evidence.cu:16:3: note: related barrier$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_TWICE})
  barrier_test(pair_evidence_${opt} --code 0 --match
    "^note: 1 execution with accesses of different threads on both sides \\(block 128x1x1\\), 1 barrier instance. access sites: 2 before \\(line 14\\), 2 after \\(line 17\\)$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_TWICE})
  # a barrier that orders nothing, with multi-warp evidence: reported, with
  # the evidence (text and JSON)
  barrier_test(redundant_${opt} --code 0 --match
    "^barrier_evidence.cu:32:3: warning: redundant barrier: removing it creates no race \\(1 execution, 2 barrier instances examined\\)$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_OWN})
  barrier_test(redundant_evidence_${opt} --code 0 --match
    "^note: 1 execution with accesses of different threads on both sides \\(block 64x1x1\\), 2 barrier instances. access sites: 2 before \\(line 31\\), 2 after \\(line 33\\)$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_OWN})
  barrier_test(redundant_json_${opt} SETUP barriers_json_${opt} --code 0
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_OWN} --format json -o ${BAR_OUT}/own_slot.${opt}.json)
  simulee_json_test(barriers_redundant_json_fields_${opt} barriers_json_${opt}
    ${BAR_OUT}/own_slot.${opt}.json kernels.0.findings\#1 kernels.0.findings.0.kind=redundant-barrier
    kernels.0.findings.0.executions=1 kernels.0.findings.0.instances=2
    "kernels.0.findings.0.evidence~1 execution with accesses of different threads on both sides (block 64x1x1), 2 barrier instances"
    "kernels.0.findings.0.evidence~access sites: 2 before (line 31), 2 after (line 33)")
  # no evidence: one warp per block; nothing ran after the barrier
  barrier_test(one_warp_${opt} --code 0 --match "^simulee: kernel own_slot: checked .*, [0-9]+ instructions$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} --kernel own_slot --grid 4 --block 32
       --arg i32[128]=iota --arg i32[128])
  barrier_test(never_ran_${opt} --code 0 --match "^simulee: kernel finish_if: checked .*, [0-9]+ instructions$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} --kernel finish_if --grid 1 --block 128
       --arg i32[128]=iota --arg i32[128] --arg 0)
  # if (threadIdx.x < n) __syncthreads(): the branch, its operands for a
  # thread on each side; divergent only (never also redundant)
  barrier_test(guard_branch_${opt} --code 1 --match
    "^note: barrier divergence in block \\(0,0,0\\): 37 of 64 threads reached the barrier, 27 did not \\(27 are lanes left behind by a divergent branch\\). branch at barrier_evidence.cu:40 \\(32 < 37 true for thread \\(32,0,0\\), which reached the barrier / 37 < 37 false for thread \\(37,0,0\\), which did not\\)$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_GUARD})
  barrier_test(guard_one_finding_${opt} --code 1 --match "^simulee: kernel guard_n: checked .*, 1 finding$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_GUARD})
  barrier_test(guard_witness_${opt} --code 1 --match
    "^note: threads block \\(0,0,0\\) thread \\(32,0,0\\) and block \\(0,0,0\\) thread \\(37,0,0\\)$"
    -- ${BAR_SIM} barrier_evidence.cu -${opt} ${BAR_GUARD})
endforeach()
# an early return: the threads that left are named by their return (at -O2
# the one `ret` of the kernel is at its closing brace)
barrier_test(early_return_O0 --code 1 --match
  "^note: barrier divergence in block \\(0,0,0\\): 40 of 64 threads reached the barrier, 24 did not \\(24 returned at line 30\\). branch at barrier_conditions.cu:30 \\(32 >= 40 false for thread \\(32,0,0\\), which reached the barrier / 40 >= 40 true for thread \\(40,0,0\\), which did not\\)$"
  -- ${BAR_SIM} barrier_conditions.cu -O0 ${BAR_EXIT})
barrier_test(early_return_O2 --code 1 --match
  "^note: barrier divergence in block \\(0,0,0\\): 40 of 64 threads reached the barrier, 24 did not \\(24 returned at line 34\\). branch at barrier_conditions.cu:30 \\(32 < 40 true for thread \\(32,0,0\\), which reached the barrier / 40 < 40 false for thread \\(40,0,0\\), which did not\\)$"
  -- ${BAR_SIM} barrier_conditions.cu -O2 ${BAR_EXIT})
