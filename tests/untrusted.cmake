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
  --match "^simulee: error: saxpy_sigabrt.bc: corrupt LLVM bitcode \\(the LLVM reader crashed: SIGABRT\\): invalid behavior operand in module flag \\(unexpected constant\\)$"
  -- ${UNTRUSTED_SIM} saxpy_sigabrt.bc --grid 1 --block 32)
untrusted_test(ir_verify_debuginfo 60 ${UNTRUSTED_EXPECT} --code 2
  --match "^simulee: error: verify_debuginfo.ll: invalid LLVM IR \\(the LLVM reader crashed: SIGABRT\\): Instruction does not dominate all uses!$"
  -- ${UNTRUSTED_SIM} verify_debuginfo.ll --grid 1 --block 1)
# a .bc name for something that is not a regular file: an error, no wait
untrusted_test(special_files 30 sh ${UNTRUSTED_SRC}/special_file.sh
  ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh ${UNTRUSTED_SIM})

# kernels built here for the unit suite (SIMULEE_KERNEL_DIR/../untrusted)
set(UNTRUSTED_BC)
simulee_bitcode(UNTRUSTED_BC ${UNTRUSTED_OUT} "untrusted kernel" ${UNTRUSTED_SRC}/printf_data.cu
  ${UNTRUSTED_SRC}/bounds.cu ${UNTRUSTED_SRC}/big_shared.cu
  ${UNTRUSTED_SRC}/poke.cu ${UNTRUSTED_SRC}/devinit.cu LEVELS O2)
simulee_bitcode_target(untrusted_kernels ${UNTRUSTED_BC})

# printf formats are data: %n prints as text, a null %s is "(null)", no finding
untrusted_test(printf_n_null 60 ${UNTRUSTED_EXPECT} --code 0
  --match "^simulee: kernel log_status: checked"
  -- ${UNTRUSTED_SIM} printf_data.cu --kernel log_status --grid 1 --block 64 --arg i32[64] --arg null)

# a 1 GiB static __shared__ array: a clear error naming it, exit 2, no memory
untrusted_test(big_static_shared 60 sh -c "ulimit -v 4000000 && exec \"$@\"" sh ${UNTRUSTED_EXPECT}
  --code 2 --match "variable 'huge_tile\\(int\\*\\)::tile': 1073741824 bytes\\) is more than the 233472 bytes"
  -- ${UNTRUSTED_SIM} big_shared.cu --grid 4 --block 32 --arg i32[32])

# an index * 4 beyond int64 (kernel-controlled): wraps as address arithmetic,
# no host undefined behaviour, the accesses are out-of-bounds findings
untrusted_test(far_index 60 ${UNTRUSTED_EXPECT} --code 1
  --match "out-of-bounds write \\(global memory\\) at buffer 'arg0' \\+ 16$"
  -- ${UNTRUSTED_SIM} far_index.cu --grid 1 --block 4 --arg i32[4] --arg i32[4]
     --arg 4611686018427387905)
