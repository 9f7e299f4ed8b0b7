# Confirmation of races by schedule perturbation (detect/confirm.c, the
# simI_schedule of interp.h): our kernels of tests/confirm/, compiled by
# simulee from the .cu (its default -O2), with exact reports. Included by
# tests/CMakeLists.txt.

set(CONFIRM_SRC ${CMAKE_CURRENT_SOURCE_DIR}/confirm)
set(CONFIRM_OUT ${CMAKE_CURRENT_BINARY_DIR}/confirm)
file(MAKE_DIRECTORY ${CONFIRM_OUT})
set(CSIM $<TARGET_FILE:simulee>)

# confirm_test(NAME [SETUP FIXTURE] ARGS expect.sh-options -- simulee-args...)
function(confirm_test name)
  cmake_parse_arguments(T "" "SETUP" "ARGS" ${ARGN})
  simulee_test(confirm_${name} ${CONFIRM_SRC} 120 SETUP ${T_SETUP}
               COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${T_ARGS})
endfunction()

# a lost update between two warps: confirmed, with the two results
confirm_test(lost_update ARGS --code 1 --stdout ${CONFIRM_SRC}/lost_update.expected
  -- ${CSIM} lost_update.cu --grid 1 --block 64 --arg i32[64]=3 --arg i32[1] --no-color)
# every writer stores the same 1: no schedule shows a difference (graded an
# error with --same-value-races error: a race the perturbation cannot show)
confirm_test(found_flag ARGS --code 1 --stdout ${CONFIRM_SRC}/found_flag.expected
  -- ${CSIM} found_flag.cu --grid 2 --block 64 --arg i32[128]=-1 --arg i32[1] --arg 128
     --no-color --same-value-races error)
# --no-confirm: the same race, no confirmation line
confirm_test(no_confirm ARGS --code 1 --stdout ${CONFIRM_SRC}/no_confirm.expected
  -- ${CSIM} lost_update.cu --grid 1 --block 64 --arg i32[64]=3 --arg i32[1] --no-color
     --no-confirm)
# each kind of schedule is the first to show its kernel's race
confirm_test(warp_reversed ARGS --code 1
  --match "^note: confirmed: the result differs: out\\[0\\]: 1 vs 0 under warp order reversed$"
  -- ${CSIM} last_writer.cu --kernel warp_id --grid 1 --block 64 --arg i32[1] --no-color)
confirm_test(block_reversed ARGS --code 1
  --match "^note: confirmed: the result differs: out\\[0\\]: 1 vs 0 under block order reversed$"
  -- ${CSIM} last_writer.cu --kernel block_id --grid 2 --block 32 --arg i32[1] --no-color)
confirm_test(not_taken_first ARGS --code 1
  --match "^note: confirmed: the result differs: out\\[0\\]: 2 vs 1 under divergent branches not-taken side first$"
  -- ${CSIM} last_writer.cu --kernel arm --grid 1 --block 2 --arg i32[1] --no-color)
# float values print as floats
confirm_test(float_values ARGS --code 1
  --match "^note: confirmed: the result differs: sum\\[0\\]: 0.5 vs 0.25 under warps interleaved instruction by instruction$"
  -- ${CSIM} last_writer.cu --kernel float_sum --grid 1 --block 64 --arg f32[64]=0.25
     --arg f32[1] --no-color)

# JSON: the confirmation object; merge reads it back and keeps it
confirm_test(json SETUP confirm_json ARGS --code 1
  -- ${CSIM} lost_update.cu --grid 1 --block 64 --arg i32[64]=3 --arg i32[1] --format json
     -o ${CONFIRM_OUT}/lost_update.json)
simulee_json_test(confirm_json_fields confirm_json ${CONFIRM_OUT}/lost_update.json
  kernels.0.findings\#2 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.confirmation.schedules=8 kernels.0.findings.0.confirmation.differs=true
  kernels.0.findings.0.confirmation.buffer=total kernels.0.findings.0.confirmation.offset=0
  kernels.0.findings.0.confirmation.values\#2 kernels.0.findings.0.confirmation.values.0=6
  kernels.0.findings.0.confirmation.values.1=3 kernels.0.findings.0.confirmation.type=i32
  "kernels.0.findings.0.confirmation.schedule=warps interleaved instruction by instruction")
confirm_test(flag_json SETUP confirm_flag_json ARGS --code 1
  -- ${CSIM} found_flag.cu --grid 2 --block 64 --arg i32[128]=-1 --arg i32[1] --arg 128
     --same-value-races error --format json -o ${CONFIRM_OUT}/found_flag.json)
simulee_json_test(confirm_flag_json_fields confirm_flag_json ${CONFIRM_OUT}/found_flag.json
  kernels.0.findings\#1 kernels.0.findings.0.confirmation.schedules=8
  kernels.0.findings.0.confirmation.differs=false !kernels.0.findings.0.confirmation.values)
confirm_test(merge_text ARGS --code 1
  --match "^note: confirmed: the result differs: total\\[0\\]: 6 vs 3 under warps interleaved instruction by instruction$"
  -- ${CSIM} merge ${CONFIRM_OUT}/lost_update.json --format text --no-color)
set_tests_properties(confirm_merge_text PROPERTIES FIXTURES_REQUIRED confirm_json)

# the automatic search confirms on each race's witness launch, the same
# report whatever -j
add_test(NAME confirm_deterministic
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/evolve/same_report.sh ${CSIM}
          ${CONFIRM_SRC}/lost_update.cu ${CONFIRM_OUT} "--seed 5" 1 2)
set_tests_properties(confirm_deterministic PROPERTIES TIMEOUT 120)
confirm_test(auto ARGS --code 1
  --match "^note: confirmed: the result differs: total\\[0\\]: [0-9]+ vs [0-9]+ under "
  -- ${CSIM} lost_update.cu --seed 5 --no-color)
