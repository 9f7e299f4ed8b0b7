# Pitched allocations in the host code (cli/hints.c): cudaMallocPitch(&p,
# &pitch, width * sizeof(float), height) sizes the kernel's buffer as
# pitch * height bytes, the pitch the row bytes rounded up to 512
# (SIMC_PITCH_ALIGN), and the kernel's `pitch` argument gets that same
# pitch in every search candidate. tests/projects/pitched/smooth.cu, a
# small program reading its sizes from the command line: smooth_rows runs
# one element past each row (x <= width), which shows when the width fills
# the pitch (a multiple of 128 floats, a width the search draws for
# pitched buffers): a read-write race with the next row's thread and,
# after the last row, out-of-bounds accesses; found from five seeds, each
# alone. smooth_rows_ok, the same filter with x < width, stays clean.
set(PITCH_SRC ${CMAKE_CURRENT_SOURCE_DIR}/projects/pitched)
set(PITCH_OUT ${CMAKE_CURRENT_BINARY_DIR}/pitched)
foreach(seed 1 2 3 4 5)
  file(MAKE_DIRECTORY ${PITCH_OUT}/seed${seed})
  add_test(NAME pitched_smooth_seed${seed}
    COMMAND $<TARGET_FILE:simulee_autocheck> check $<TARGET_FILE:simulee>
            ${PITCH_SRC}/smooth.cu ${PITCH_SRC}/smooth.cu ${PITCH_OUT}/seed${seed} --seed ${seed})
  set_tests_properties(pitched_smooth_seed${seed} PROPERTIES WORKING_DIRECTORY ${PITCH_OUT}
                       TIMEOUT 180)
endforeach()
# the parts taken from the host code, and the witness's pitch: the width
# (128 floats, 512 bytes) rounded up to 512
simulee_test(pitched_smooth_json ${PITCH_OUT} 180 SETUP pitched_smooth COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
  -- $<TARGET_FILE:simulee> ${PITCH_SRC}/smooth.cu --kernel smooth_rows --format json
     -o ${PITCH_OUT}/smooth.json)
simulee_json_test(pitched_smooth_fields pitched_smooth ${PITCH_OUT}/smooth.json
  kernels.0.name=smooth_rows kernels.0.launch_source.buffers=host
  kernels.0.launch_source.derived=host kernels.0.launch_source.block=host
  kernels.0.findings\#3 kernels.0.findings.0.kind=data-race
  kernels.0.findings.0.witness.args.1=512 kernels.0.findings.0.witness.args.2=128
  kernels.0.findings.0.witness.args.0~f32[24320]
  kernels.0.findings.1.kind=out-of-bounds kernels.0.findings.2.kind=out-of-bounds)
# the pitch follows the width: a fixed width of 100 floats (400 bytes) gets
# a pitch of 512 and a buffer of 512 * height bytes (the row's end falls in
# its padding: nothing to report)
simulee_test(pitched_smooth_width100 ${PITCH_OUT} 180 SETUP pitched_w100 COMMAND
  sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
  -- $<TARGET_FILE:simulee> ${PITCH_SRC}/smooth.cu --kernel smooth_rows --arg _ --arg _
     --arg 100 --arg 20 --arg _ --format json -o ${PITCH_OUT}/w100.json)
simulee_json_test(pitched_smooth_w100_fields pitched_w100 ${PITCH_OUT}/w100.json
  kernels.0.findings\#0 kernels.0.launch.args.1=512 kernels.0.launch.args.0~f32[2560])
