# Graded findings (docs/findings.md, "Levels and grades"): the default warp
# model is independent thread scheduling, a race that lock-step warps would
# order is a warning (warp-synchronous), a write-write race of the same bytes
# is a warning (same-value), a finding whose launch no host launch site makes
# is a note (outside-program-launches); the level reaches the text, JSON and
# SARIF reports, the exit status (--fail-on), the scan table and the
# suppressions. Kernels: tests/grades/ (each names the pattern it models).
# Included by tests/CMakeLists.txt after simulee_unit is defined.

set(GR_SRC tests/grades)
set(GR_OUT ${CMAKE_CURRENT_BINARY_DIR}/grades)
file(MAKE_DIRECTORY ${GR_OUT})
set(GR_COUNT sh ${CMAKE_CURRENT_SOURCE_DIR}/grades/count.sh)
set(GR_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(GSIM $<TARGET_FILE:simulee>)

# grades_test(NAME [SETUP FIXTURE] COMMAND ...): run from the source tree.
function(grades_test name)
  cmake_parse_arguments(T "" "SETUP" "COMMAND" ${ARGN})
  simulee_test(grades_${name} ${CMAKE_SOURCE_DIR} 120 SETUP ${T_SETUP} COMMAND ${T_COMMAND})
endfunction()

set(GR_REDUCE ${GR_SRC}/warp_reduce.cu --grid 1 --block 64 --arg i32[64]=1 --arg i32[1] --no-color)
set(GR_REDUCE_SYNC ${GR_SRC}/warp_reduce_sync.cu --grid 1 --block 64 --arg i32[64]=1 --arg i32[1]
    --no-color)
set(GR_FLAG ${GR_SRC}/flag_store.cu --grid 2 --block 32 --arg i32[64]=-1 --arg i32[1] --arg 64
    --no-color)
set(GR_LOST ${GR_SRC}/lost_update.cu --grid 2 --block 32 --arg i32[64]=1 --arg i32[1] --arg 64
    --no-color)
set(GR_ONE_WARP ${GR_SRC}/one_warp_barrier.cu --grid 1 --block 32 --arg i32[32]=iota --arg i32[32]
    --no-color)

# ---- warp-synchronous reduction: one warning by default (the chain of steps
# of the unrolled last warp is one bug; it was 20, one per pair of steps), none
# an error, exit 0; --fail-on warning: 1
foreach(lvl O0 O2)
  grades_test(warp_sync_${lvl} COMMAND ${GR_COUNT} 0
    "warning: data race \\(read-write, shared memory\\) on 'sdata' \\+ [0-9]+ \\[warp-synchronous\\]$" 1
    " error: " 0
    "^note: warp-synchronous: the code relies on implicit warp synchrony .*unsafe since Volta.*put __syncwarp\\(\\) between the two accesses, or use the _sync warp intrinsics$" 1
    "checked \\(grid 1,1,1 block 64,1,1\\), [0-9]+ instructions, 1 finding$" 1
    -- ${GSIM} ${GR_REDUCE} -${lvl})
  # with __syncwarp() between the steps: clean
  grades_test(warp_sync_fixed_${lvl} COMMAND ${GR_COUNT} 0
    "data race|finding" 0
    "checked \\(grid 1,1,1 block 64,1,1\\), [0-9]+ instructions$" 1
    -- ${GSIM} ${GR_REDUCE_SYNC} -${lvl})
endforeach()
grades_test(warp_sync_fail_on COMMAND ${GR_COUNT} 1
  "warning: data race .*\\[warp-synchronous\\]$" 1 -- ${GSIM} ${GR_REDUCE} --fail-on warning)
# lock-step warps order every step: clean (and --its is the default's alias)
grades_test(warp_sync_lockstep COMMAND ${GR_COUNT} 0
  "data race|finding" 0 "checked \\(grid 1,1,1 block 64,1,1\\), [0-9]+ instructions$" 1
  -- ${GSIM} ${GR_REDUCE} --warp-model lockstep)
grades_test(warp_sync_its_alias COMMAND ${GR_COUNT} 0
  "warning: data race .*\\[warp-synchronous\\]$" 1 -- ${GSIM} ${GR_REDUCE} --warp-model lockstep --its)
grades_test(warp_model_bad COMMAND ${GR_EXPECT} --code 2
  --match "^simulee: error: --warp-model 'volta': expected its or lockstep$"
  -- ${GSIM} ${GR_REDUCE} --warp-model volta)

# ---- same-value flag store: a warning with both values; error; off
grades_test(same_value COMMAND ${GR_COUNT} 0
  "^tests/grades/flag_store.cu:6:34: warning: data race \\(write-write, global memory\\) on buffer 'found' \\+ 0 \\[same-value\\]$" 1
  " error: " 0
  "^note: threads block \\(0,0,0\\) thread \\(0,0,0\\) write of 4 bytes, value 0x1 and block \\(0,0,0\\) thread \\(1,0,0\\) write of 4 bytes, value 0x1 \\(same warp\\)$" 1
  "^note: same-value: both writers store the same bytes" 1
  -- ${GSIM} ${GR_FLAG})
grades_test(same_value_error COMMAND ${GR_COUNT} 1
  "error: data race \\(write-write, global memory\\) on buffer 'found' \\+ 0 \\[same-value\\]$" 1
  -- ${GSIM} ${GR_FLAG} --same-value-races error)
grades_test(same_value_off COMMAND ${GR_COUNT} 0
  "data race|finding" 0 -- ${GSIM} ${GR_FLAG} --same-value-races off)
grades_test(same_value_fail_on COMMAND ${GR_COUNT} 1
  "warning: data race .*\\[same-value\\]$" 1 -- ${GSIM} ${GR_FLAG} --fail-on warning)
grades_test(same_value_bad COMMAND ${GR_EXPECT} --code 2
  --match "^simulee: error: --same-value-races 'maybe': expected error, warning or off$"
  -- ${GSIM} ${GR_FLAG} --same-value-races maybe)
grades_test(fail_on_bad COMMAND ${GR_EXPECT} --code 2
  --match "^simulee: error: --fail-on 'all': expected error, warning or note$"
  -- ${GSIM} ${GR_FLAG} --fail-on all)
# ---- lost update: the writers store the same bytes too, but a read races
# with them at that address: both races stay errors (also with off)
grades_test(lost_update COMMAND ${GR_COUNT} 1
  "^tests/grades/lost_update.cu:6:34: error: data race \\(read-write, global memory\\) on buffer 'count' \\+ 0$" 1
  "^tests/grades/lost_update.cu:6:34: error: data race \\(write-write, global memory\\) on buffer 'count' \\+ 0$" 1
  "warning|same-value" 0
  -- ${GSIM} ${GR_LOST} --same-value-races off)

# ---- the only barrier orders the lanes of one 32-thread block: needed under
# independent thread scheduling, redundant (a warning) under lock-step
grades_test(one_warp_barrier COMMAND ${GR_COUNT} 0
  "redundant|finding" 0 -- ${GSIM} ${GR_ONE_WARP})
grades_test(one_warp_barrier_lockstep COMMAND ${GR_COUNT} 0
  "^tests/grades/one_warp_barrier.cu:8:3: warning: redundant barrier: removing it creates no race" 1
  "reproduce with: .* --warp-model lockstep " 1
  -- ${GSIM} ${GR_ONE_WARP} --warp-model lockstep)
grades_test(one_warp_barrier_fail_on COMMAND ${GR_COUNT} 1
  "warning: redundant barrier" 1 -- ${GSIM} ${GR_ONE_WARP} --warp-model lockstep --fail-on warning)

# ---- levels and grades in JSON and SARIF
grades_test(flag_json SETUP grades_flag_json COMMAND ${GR_EXPECT} --code 0 --stdout-empty --
  ${GSIM} ${GR_FLAG} --format json -o ${GR_OUT}/flag.json)
simulee_json_test(grades_flag_json_fields grades_flag_json ${GR_OUT}/flag.json
  kernels.0.findings\#1 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.level=warning kernels.0.findings.0.grade=same-value
  kernels.0.findings.0.threads.0.value=1 kernels.0.findings.0.threads.1.value=1
  kernels.0.findings.0.message~same\ bytes)
grades_test(lost_json SETUP grades_lost_json COMMAND ${GR_EXPECT} --code 1 --stdout-empty --
  ${GSIM} ${GR_LOST} --format json -o ${GR_OUT}/lost.json)
simulee_json_test(grades_lost_json_fields grades_lost_json ${GR_OUT}/lost.json
  kernels.0.findings\#2 kernels.0.findings.0.level=error kernels.0.findings.0.grade=
  kernels.0.findings.1.level=error kernels.0.findings.1.grade=)
grades_test(reduce_json SETUP grades_reduce_json COMMAND ${GR_EXPECT} --code 0 --stdout-empty --
  ${GSIM} ${GR_REDUCE} --format json -o ${GR_OUT}/reduce.json)
simulee_json_test(grades_reduce_json_fields grades_reduce_json ${GR_OUT}/reduce.json
  kernels.0.findings\#1 kernels.0.findings.0.level=warning
  kernels.0.findings.0.grade=warp-synchronous kernels.0.findings.0.relation=same-warp
  kernels.0.findings.0.evidence~one\ chain\ of\ warp-synchronous\ steps
  kernels.0.findings.0.message~unsafe\ since\ Volta)
grades_test(flag_sarif SETUP grades_flag_sarif COMMAND ${GR_EXPECT} --code 0 --stdout-empty --
  ${GSIM} ${GR_FLAG} --format sarif -o ${GR_OUT}/flag.sarif)
simulee_json_test(grades_flag_sarif_fields grades_flag_sarif ${GR_OUT}/flag.sarif
  runs.0.results\#1 runs.0.results.0.level=warning
  runs.0.results.0.properties.grade=same-value runs.0.results.0.message.text~same-value:)
grades_test(lost_sarif SETUP grades_lost_sarif COMMAND ${GR_EXPECT} --code 1 --stdout-empty --
  ${GSIM} ${GR_LOST} --format sarif -o ${GR_OUT}/lost.sarif)
simulee_json_test(grades_lost_sarif_fields grades_lost_sarif ${GR_OUT}/lost.sarif
  runs.0.results\#2 runs.0.results.0.level=error !runs.0.results.0.properties.grade)

# ---- scan: errors and warnings counted apart; suppressions by grade
# (flag.cu: data-race:same-value silences its race; count.cu: the same
# comment does not silence races of no grade)
set(GR_SCAN ${GSIM} scan ${GR_SRC}/scan --grid 1 --block 64 -j 2 --no-progress --no-color)
grades_test(scan_table COMMAND ${GR_COUNT} 1
  "^count.cu +count_threads +checked +2 +0 +2 +0 +0 +0 +0 +0 +0 +0 +0 +[0-9.]+s$" 1
  "^flag.cu +mark_done +checked +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +1 +[0-9.]+s$" 1
  "^reduce.cu +block_sum +checked +0 +1 +1 +0 +0 +0 +0 +0 +0 +0 +0 +[0-9.]+s$" 1
  "^FILE +KERNEL +STATUS +error +warn +race " 1
  "^simulee scan: 3 files, 3 kernels: 3 checked. 3 findings: 2 errors, 1 warning \\(1 suppressed\\) in " 1
  "mark_done|flag.cu:5" 1
  -- ${GR_SCAN})
grades_test(scan_supp_file COMMAND ${GR_COUNT} 1
  "^reduce.cu +block_sum +checked +0 +0 +0 +0 +0 +0 +0 +0 +0 +0 +1 +[0-9.]+s$" 1
  "^simulee scan: 3 files, 3 kernels: 3 checked. 2 findings: 2 errors, 0 warnings \\(2 suppressed\\) in " 1
  -- ${GR_SCAN} --suppressions ${GR_SRC}/grades.supp)
# warnings alone: exit 0 unless --fail-on warning
grades_test(scan_warnings_only COMMAND ${GR_COUNT} 0
  "^simulee scan: 1 file, 1 kernel: 1 checked. 1 finding: 0 errors, 1 warning in " 1
  -- ${GSIM} scan ${GR_SRC}/scan/reduce.cu --grid 1 --block 64 -j 2 --no-progress)
grades_test(scan_fail_on COMMAND ${GR_COUNT} 1
  "^simulee scan: 1 file, 1 kernel: 1 checked. 1 finding: 0 errors, 1 warning in " 1
  -- ${GSIM} scan ${GR_SRC}/scan/reduce.cu --grid 1 --block 64 -j 2 --no-progress --fail-on warning)
# merge keeps the levels and grades of the shards
grades_test(scan_json SETUP grades_scan_json COMMAND ${GR_EXPECT} --code 1 --
  ${GR_SCAN} --format json -o ${GR_OUT}/scan.json)
grades_test(merge SETUP grades_merge COMMAND ${GR_EXPECT} --code 1 --stdout-empty --
  ${GSIM} merge ${GR_OUT}/scan.json -o ${GR_OUT}/merged.json)
set_tests_properties(grades_merge PROPERTIES FIXTURES_REQUIRED grades_scan_json)
simulee_json_test(grades_merge_fields grades_merge ${GR_OUT}/merged.json
  kernels.0.name=count_threads kernels.0.findings.0.level=error kernels.0.findings.0.grade=
  kernels.1.name=mark_done kernels.1.findings.0.grade=same-value
  kernels.1.findings.0.level=warning kernels.1.findings.0.suppressed=true
  kernels.2.name=block_sum kernels.2.findings.0.level=warning
  kernels.2.findings.0.grade=warp-synchronous)

# ---- outside-program-launches: the program launches copy_tiles with 64 and
# 128 threads only; the race needs more than 128: a note (shown with -v,
# never in the exit status unless --fail-on note)
set(GR_HOST ${GSIM} ${GR_SRC}/host_shapes.cu -j 2 --no-color)
grades_test(outside COMMAND ${GR_COUNT} 0
  "data race" 0 "kernel copy_tiles: checked .*, 1 note \\(-v shows it\\)$" 1 -- ${GR_HOST})
grades_test(outside_verbose COMMAND ${GR_COUNT} 0
  "^tests/grades/host_shapes.cu:10:13: note: data race \\(write-write, global memory\\) on buffer 'out' \\+ [0-9]+ \\[outside-program-launches\\]$" 1
  "^note: outside-program-launches: the witness launch is none the host code makes" 1
  -- ${GR_HOST} -v)
grades_test(outside_fail_on COMMAND ${GR_COUNT} 1
  "note: data race" 1 -- ${GR_HOST} -v --fail-on note)
grades_test(outside_no_host COMMAND ${GR_COUNT} 1
  "^tests/grades/host_shapes.cu:10:13: error: data race \\(write-write, global memory\\)" 1
  "outside-program-launches" 0
  -- ${GR_HOST} --no-host-launch)
grades_test(outside_json SETUP grades_outside_json COMMAND ${GR_EXPECT} --code 0 --stdout-empty --
  ${GR_HOST} --format json -o ${GR_OUT}/outside.json)
simulee_json_test(grades_outside_json_fields grades_outside_json ${GR_OUT}/outside.json
  kernels.0.findings\#1 kernels.0.findings.0.level=note
  kernels.0.findings.0.grade=outside-program-launches)
