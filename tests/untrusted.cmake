# Untrusted input through the interpreter (tests/untrusted/, the unit suite
# "untrusted" in tests/unit/test_untrusted.c): crash isolation of the LLVM
# reader, calls with the wrong signature, kernel printf, resource bounds.
# Included by tests/CMakeLists.txt.

set(UNTRUSTED_SRC ${CMAKE_CURRENT_SOURCE_DIR}/untrusted)
set(UNTRUSTED_OUT ${CMAKE_CURRENT_BINARY_DIR}/untrusted)
set(UNTRUSTED_SIM $<TARGET_FILE:simulee>)
set(UNTRUSTED_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(untrusted_test name timeout)
  simulee_test(untrusted_${name} ${UNTRUSTED_SRC} ${timeout} COMMAND ${ARGN})
endfunction()

# a crash or abort inside LLVM's reader: one line, exit 2
untrusted_test(bitcode_sigsegv 60 ${UNTRUSTED_EXPECT} --code 2
  --match "^simulee: error: saxpy_sigsegv.bc: corrupt LLVM bitcode \\(the LLVM reader crashed: SIGSEGV\\)$"
  -- ${UNTRUSTED_SIM} saxpy_sigsegv.bc --grid 1 --block 32)
untrusted_test(bitcode_sigabrt 60 ${UNTRUSTED_EXPECT} --code 2
  --match "^simulee: error: saxpy_sigabrt.bc: corrupt LLVM bitcode \\(the LLVM reader crashed: SIGABRT\\)$"
  -- ${UNTRUSTED_SIM} saxpy_sigabrt.bc --grid 1 --block 32)
untrusted_test(ir_verify_debuginfo 60 ${UNTRUSTED_EXPECT} --code 2
  --match "^simulee: error: verify_debuginfo.ll: invalid LLVM IR \\(the LLVM reader crashed: SIGABRT\\)$"
  -- ${UNTRUSTED_SIM} verify_debuginfo.ll --grid 1 --block 1)
# a .bc name for something that is not a regular file: an error, no wait
untrusted_test(special_files 30 sh ${UNTRUSTED_SRC}/special_file.sh
  ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${UNTRUSTED_SIM})
