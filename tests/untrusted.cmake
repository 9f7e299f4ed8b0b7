# Untrusted input through the interpreter (tests/untrusted/, the unit suite
# "untrusted" in tests/unit/test_untrusted.c): crash isolation of the LLVM
# reader, calls with the wrong signature, kernel printf, resource bounds.
# Included by tests/CMakeLists.txt.

set(UNTRUSTED_SRC ${CMAKE_CURRENT_SOURCE_DIR}/untrusted)
set(UNTRUSTED_OUT ${CMAKE_CURRENT_BINARY_DIR}/untrusted_kernels) # not UNT_OUT: its inputs script starts it afresh
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

# Untrusted input at the command line: numeric options with bounds, inputs
# that are not regular files, output that cannot be written, scan notes and
# usage errors, merge of hostile reports. Each test reproduces a defect of
# issue 14 (the old code wrapped, hung, crashed or exited 0). Included by
# tests/CMakeLists.txt after cli.cmake (the cli_inputs fixture: tiny.bc).

set(UNT_SRC ${CMAKE_CURRENT_SOURCE_DIR}/untrusted)
set(UNT_OUT ${CMAKE_CURRENT_BINARY_DIR}/untrusted)
set(UNT_EXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
set(UNT_SIM $<TARGET_FILE:simulee>)
set(UNT_TINY ${CMAKE_CURRENT_BINARY_DIR}/cli/tiny.bc)
# scale(out, in, k, n) of tests/cli/tiny.cu, a fixed race-free launch
set(UNT_SCALE ${UNT_TINY} --kernel scale --grid 1 --block 4 --arg i32[4] --arg i32[4]=1
    --arg 2 --arg 4)

add_test(NAME untrusted_inputs COMMAND sh ${UNT_SRC}/make_inputs.sh ${UNT_OUT})
set_tests_properties(untrusted_inputs PROPERTIES FIXTURES_SETUP untrusted_inputs)

# unt_test(NAME [TIMEOUT S] ARGS expect.sh-options -- command...): runs in
# UNT_OUT with the hostile inputs and tiny.bc made; TIMEOUT (default 30 s)
# turns a hang into a failure.
function(unt_test name)
  cmake_parse_arguments(T "" "TIMEOUT" "ARGS" ${ARGN})
  if(NOT T_TIMEOUT)
    set(T_TIMEOUT 30)
  endif()
  simulee_test(untrusted_${name} ${UNT_OUT} ${T_TIMEOUT}
               REQUIRES "untrusted_inputs;cli_inputs" COMMAND ${UNT_EXPECT} ${T_ARGS})
endfunction()

# ---- 1. numeric options: overflow checks and maxima, exit 2
# 2^64-1 steps wrapped the step limit to 0: the kernel never stopped
unt_test(max_steps_wrap ARGS --code 2
  --match "--max-steps 18446744073709551615: at most 1000000000000$"
  -- ${UNT_SIM} ${UNT_SCALE} --max-steps 18446744073709551615)
unt_test(max_steps_max ARGS --code 0 --match "^simulee: kernel scale: checked"
  -- ${UNT_SIM} ${UNT_SCALE} --max-steps 1000000000000)
unt_test(max_steps_over ARGS --code 2 --match "--max-steps 1000000000001: at most"
  -- ${UNT_SIM} ${UNT_SCALE} --max-steps 1000000000001)
unt_test(time_limit_none ARGS --code 0 --match "^simulee: kernel scale: checked"
  -- ${UNT_SIM} ${UNT_SCALE} --time-limit 0)
unt_test(time_limit_negative ARGS --code 2 --match "--time-limit '-1': expected 0 \\(none\\) to"
  -- ${UNT_SIM} ${UNT_SCALE} --time-limit -1)
unt_test(time_limit_huge ARGS --code 2 --match "--time-limit '1e300': expected 0"
  -- ${UNT_SIM} ${UNT_SCALE} --time-limit 1e300)
unt_test(mem_limit_suffix ARGS --code 0 --match "^simulee: kernel scale: checked"
  -- ${UNT_SIM} ${UNT_SCALE} --mem-limit 64M)
unt_test(mem_limit_none ARGS --code 0 --match "^simulee: kernel scale: checked"
  -- ${UNT_SIM} ${UNT_SCALE} --mem-limit 0)
unt_test(mem_limit_bad ARGS --code 2 --match "--mem-limit '12Q' is not a byte count"
  -- ${UNT_SIM} ${UNT_SCALE} --mem-limit 12Q)
unt_test(mem_limit_small ARGS --code 2 --match "--mem-limit 512: at least 1M"
  -- ${UNT_SIM} ${UNT_SCALE} --mem-limit 512)
unt_test(mem_limit_overflow ARGS --code 2 --match "--mem-limit '99999999999999G': at most"
  -- ${UNT_SIM} ${UNT_SCALE} --mem-limit 99999999999999G)
unt_test(scan_max_steps_wrap ARGS --code 2 --match "--max-steps 18446744073709551615: at most"
  -- ${UNT_SIM} scan noinclude --max-steps 18446744073709551615)

# ---- 3. inputs are regular files: at once, no hang, no memory growth
unt_test(file_dev_zero TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: /dev/zero: is a device, not a regular file$"
  -- ${UNT_SIM} /dev/zero)
unt_test(file_dev_zero_bc TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: /dev/zero: is a device" -- ${UNT_SIM} /dev/zero --grid 1 --block 1)
unt_test(file_fifo TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: fifo.bc: is a FIFO, not a regular file$" -- ${UNT_SIM} fifo.bc)
unt_test(file_folder TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: folder.bc: is a folder, not a file$" -- ${UNT_SIM} folder.bc)
unt_test(merge_dev_zero TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: merge: /dev/zero: is a device, not a regular file$"
  -- ${UNT_SIM} merge /dev/zero)
unt_test(merge_fifo TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: merge: fifo.json: is a FIFO, not a regular file$"
  -- ${UNT_SIM} merge fifo.json)
unt_test(merge_folder TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: merge: folder.json: is a folder, not a JSON report$"
  -- ${UNT_SIM} merge folder.json)
unt_test(merge_huge TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: merge: huge.json: larger than 67108864 bytes"
  -- ${UNT_SIM} merge huge.json)

# ---- 4. output that cannot be lost: a full disk is exit 2 with the reason
set(UNT_FULL sh -c "exec \"$@\" >/dev/full" full)
unt_test(full_text ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} ${UNT_SCALE} --its)
unt_test(full_dump ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} ${UNT_SCALE} --dump 0)
unt_test(full_json ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} ${UNT_SCALE} --format json)
unt_test(full_sarif ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} ${UNT_SCALE} --format sarif)
unt_test(full_output_text ARGS --code 2
  --match "^simulee: error: /dev/full: cannot write the report: No space left on device$"
  -- ${UNT_SIM} ${UNT_SCALE} -o /dev/full)
unt_test(full_output_json ARGS --code 2
  --match "^simulee: error: /dev/full: cannot write the report: No space left on device$"
  -- ${UNT_SIM} ${UNT_SCALE} --format json -o /dev/full)
# the dump goes to stdout when the report goes to -o
unt_test(full_dump_json_file ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} ${UNT_SCALE} --dump 0 --format json -o dump_report.json)
unt_test(full_scan ARGS --code 2
  --match "^simulee: error: stdout: cannot write the report: No space left on device$"
  -- ${UNT_FULL} ${UNT_SIM} scan noinclude)
unt_test(full_scan_json ARGS --code 2
  --match "^simulee: error: /dev/full: cannot write the report: No space left on device$"
  -- ${UNT_SIM} scan noinclude --format json -o /dev/full)
unt_test(full_help ARGS --code 2 --match "^simulee: error: stdout: cannot write the output$"
  -- ${UNT_FULL} ${UNT_SIM} --help)

# ---- 5. scan: a --kernel glob that matches nothing, notes for what is skipped
unt_test(scan_glob_nothing ARGS --code 2
  --match "^simulee: error: scan: --kernel 'copy_onw' matches no kernel of noinclude$"
  -- ${UNT_SIM} scan noinclude --kernel copy_onw)
unt_test(scan_glob_match ARGS --code 0 --match "1 kernel: 1 checked"
  -- ${UNT_SIM} scan noinclude --kernel "copy_*")
# deeper than 64 folders: a note (the racy kernel down there is not checked)
unt_test(scan_deep_note ARGS --code 0
  --match "^deep/d1/d2/.*/d64/d65: note: folder not scanned \\(deeper than 64 levels\\): its .cu files are not checked$"
  -- ${UNT_SIM} scan deep)
unt_test(scan_deep_note_json ARGS --code 0
  --match "\"message\": \"folder not scanned \\(deeper than 64 levels\\)"
  -- ${UNT_SIM} scan deep --format json)
unt_test(scan_empty_db ARGS --code 2
  --match "^simulee: error: scan: empty_db/compile_commands.json: no .cu file to check$"
  -- ${UNT_SIM} scan empty_db/compile_commands.json)
# a folder the scan cannot read (not testable as root, who reads everything)
simulee_test(untrusted_scan_unreadable_note ${UNT_OUT} 60 REQUIRES untrusted_inputs
  COMMAND sh ${UNT_SRC}/unreadable.sh ${UNT_SIM})

# ---- 6. merge: wrong-typed fields, impossible shard counts
unt_test(merge_shard_overflow ARGS --code 2
  --match "^simulee: error: merge: shard_overflow.json: field 'count' is 4294967295, more than 1000000$"
  -- ${UNT_SIM} merge shard_overflow.json)
unt_test(merge_shard_2p32 ARGS --code 2
  --match "^simulee: error: merge: shard_2p32.json: field 'count' is 4294967296, more than 1000000$"
  -- ${UNT_SIM} merge shard_2p32.json)
unt_test(merge_shard_zero ARGS --code 2
  --match "^simulee: error: merge: shard_zero.json: impossible shard 0/4"
  -- ${UNT_SIM} merge shard_zero.json)
unt_test(merge_wrong_type ARGS --code 2
  --match "^simulee: error: merge: wrong_type.json: field 'line' is not a non-negative integer$"
  -- ${UNT_SIM} merge wrong_type.json)
unt_test(merge_wrong_dims ARGS --code 2
  --match "^simulee: error: merge: wrong_dims.json: field 'grid' is not an array of three positive 32-bit integers$"
  -- ${UNT_SIM} merge wrong_dims.json)
unt_test(merge_trailing ARGS --code 2
  --match "^simulee: error: merge: trailing.json: not a readable JSON report \\(text after the document at byte 41\\)$"
  -- ${UNT_SIM} merge trailing.json)

# the scan's other inputs: a suppressions file, a compilation database
unt_test(scan_supp_fifo TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: --suppressions fifo.json: is a FIFO, not a regular file$"
  -- ${UNT_SIM} scan noinclude --suppressions fifo.json)
unt_test(scan_db_fifo TIMEOUT 10 ARGS --code 2
  --match "^simulee: error: fifo.json: is a FIFO, not a regular file$"
  -- ${UNT_SIM} scan fifo.json)
# the text report quotes source lines: never from a device or a FIFO
unt_test(merge_text_source_device TIMEOUT 10 ARGS --code 1
  --match "^/dev/zero:2: error: data race"
  -- ${UNT_SIM} merge source_device.json --format text)
# kernels built here for the unit suite (SIMULEE_KERNEL_DIR/../untrusted)
set(UNTRUSTED_BC)
simulee_bitcode(UNTRUSTED_BC ${UNTRUSTED_OUT} "untrusted kernel" ${UNTRUSTED_SRC}/printf_data.cu
  ${UNTRUSTED_SRC}/bounds.cu ${UNTRUSTED_SRC}/big_shared.cu
  ${UNTRUSTED_SRC}/poke.cu ${UNTRUSTED_SRC}/devinit.cu ${UNTRUSTED_SRC}/probe.cu LEVELS O2)
simulee_bitcode_target(untrusted_kernels ${UNTRUSTED_BC})

# printf formats are data: %n prints as text, a null %s is "(null)", no finding
untrusted_test(printf_n_null 60 ${UNTRUSTED_EXPECT} --code 0
  --match "^simulee: kernel log_status: checked"
  -- ${UNTRUSTED_SIM} printf_data.cu --kernel log_status --grid 1 --block 64 --arg i32[64] --arg null)

# a 1 GiB static __shared__ array: a clear error naming it, exit 2, no memory
untrusted_test(big_static_shared 60 ${UNTRUSTED_EXPECT}
  --code 2 --match "variable 'huge_tile\\(int\\*\\)::tile': 1073741824 bytes\\) is more than the 233472 bytes"
  -- ${UNTRUSTED_SIM} big_shared.cu --kernel huge_tile --grid 4 --block 32 --arg i32[32])
# shared memory is per kernel: two 120 KiB tiles of one kernel add up (its own
# total, its largest variable), a kernel with none beside them is checked
untrusted_test(two_tiles_shared 60 ${UNTRUSTED_EXPECT}
  --code 2 --match "kernel two_tiles: static __shared__ memory of 245760 bytes \\(variable 'two_tiles\\(int\\*\\)::front': 122880 bytes\\) is more than the 233472 bytes"
  -- ${UNTRUSTED_SIM} big_shared.cu --kernel two_tiles --grid 4 --block 32 --arg i32[32])
untrusted_test(no_tile_beside_big 60 ${UNTRUSTED_EXPECT}
  --code 0 --match "^simulee: kernel no_tile: checked"
  -- ${UNTRUSTED_SIM} big_shared.cu --kernel no_tile --grid 4 --block 32 --arg i32[32])

# an index * 4 beyond int64 (kernel-controlled): wraps as address arithmetic,
# no host undefined behaviour, the accesses are out-of-bounds findings
untrusted_test(far_index 60 ${UNTRUSTED_EXPECT} --code 1
  --match "out-of-bounds write \\(global memory\\) at buffer 'out'\\[4\\]$"
  -- ${UNTRUSTED_SIM} far_index.cu --grid 1 --block 4 --arg i32[4] --arg i32[4]
     --arg 4611686018427387905)
# a database entry that is a FIFO: an error record for that file (clang would
# block on it), the other file is checked
unt_test(scan_db_entry_fifo TIMEOUT 60 ARGS --code 3
  --match "^simulee: fifo_db/stuck.cu: error: stuck.cu: is a FIFO, not a regular file$"
  -- ${UNT_SIM} scan fifo_db/compile_commands.json)
# a rand: range wider than the element type (found by tests/fuzz/fuzz_args):
# a signed overflow in simE_fill_rand before, caught by the sanitizer stage
unt_test(arg_rand_wide ARGS --code 0 --match "^simulee: kernel scale: checked"
  -- ${UNT_SIM} ${UNT_TINY} --kernel scale --grid 1 --block 4 --arg i32[4]
     --arg u64[2]=rand:0:0:1e40 --arg 2 --arg 4)

# found by tests/fuzz/fuzz_load: an intrinsic call with a missing operand
# (a segfault in lowering before calls were checked): unsupported by name
untrusted_test(fuzz_intrinsic_missing_operand 60 ${UNTRUSTED_EXPECT} --code 3
  --match "unsupported intrinsic 'llvm.nvvm.shfl.ptx.sreg.xd1.9' \\(not an LLVM intrinsic\\)"
  -- ${UNTRUSTED_SIM} ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/findings/load-intrinsic-missing-operand.bc
     --kernel scale --grid 1 --block 1)

# a 4 GiB buffer of one constant (copy-on-write mappings of one template):
# the kernel reads 1.5 where it looks, fixed launch and a search (whose many
# executions each write 2.5 into the table: none of them may see another's)
untrusted_test(constant_buffer_fixed 120 ${UNTRUSTED_EXPECT} --code 0 --stdout ${UNTRUSTED_SRC}/probe_dump.txt
  -- ${UNTRUSTED_SIM} probe.cu --grid 1 --block 32 --arg f32[1073741824]=1.5 --arg f32[1]
     --arg 1000000007 --quiet --dump 1)
untrusted_test(constant_buffer_search 300 ${UNTRUSTED_EXPECT} --code 0 --stdout ${UNTRUSTED_SRC}/probe_dump.txt
  -- ${UNTRUSTED_SIM} probe.cu --arg f32[1073741824]=1.5 --arg f32[1] --arg 1000000007 --quiet --dump 1)
# a few bytes of IR that make LLVM's reader allocate 8 GiB: the isolated
# reader's address-space bound makes it fail at once (it took 107 s and
# 8.4 GB before); under ASan the child ends by the sanitizer's report
untrusted_test(reader_memory_bound 60 ${UNTRUSTED_EXPECT} --code 2
  --match "^simulee: error: huge_splat.ll: invalid LLVM IR \\(the LLVM reader (crashed: SIGABRT\\): LLVM ERROR: out of memory|exited with status 1\\))$"
  -- ${UNTRUSTED_SIM} huge_splat.ll --grid 1 --block 1)

# an inline-PTX operand longer than any register or address: once copied
# into a fixed 40-byte buffer; now unsupported by name (exit 3)
untrusted_test(long_ptx_operand 60 ${UNTRUSTED_EXPECT} --code 3
  --match "unsupported inline asm 'mbarrier.init.shared.b64 .a_very_long_symbol"
  -- ${UNTRUSTED_SIM} ${UNTRUSTED_SRC}/long_ptx_operand.cu --grid 1 --block 1 --arg i32[1])
