# Containment of untrusted projects (simulee scan in CI): clang under the
# time and memory limits, scan bounds, escaped names, valid reports, notes
# for what is skipped. Included by tests/CMakeLists.txt.

set(CONTAIN_SRC ${CMAKE_CURRENT_SOURCE_DIR}/contain)
set(CONTAIN_SIM $<TARGET_FILE:simulee>)
set(CONTAIN_JCHECK $<TARGET_FILE:simulee_jsoncheck>)

function(contain_test name timeout script)
  simulee_test(contain_${name} ${CONTAIN_SRC} ${timeout} COMMAND
    sh ${CONTAIN_SRC}/${script} ${CONTAIN_SIM} ${CONTAIN_JCHECK} ${CONTAIN_SRC} ${ARGN})
endfunction()

# a FIFO include, a template bomb, a helper holding clang's stderr: stopped
# at --time-limit (exit 3; in a scan the bomb a timeout row, the FIFO
# include an error row before clang runs), the address-space limit
contain_test(clang_limits 90 limits.sh)
# hostile names: no output line starts with `::`, names escaped, strict
# UTF-8 JSON and SARIF, merge refuses non-UTF-8 and NUL names
contain_test(names 60 names.sh)
# special files named *.cu, a dangling link, a folder x.cu: notes; junk
# database entries: warnings, none usable: exit 2; llvm.stackrestore of an
# unsaved pointer: an error finding
contain_test(skipped 60 skipped.sh)
# --max-files over 2,000 empty files, files without kernel markers not
# compiled (host launches of a header's kernel kept), --scan-time-limit
contain_test(bounds 90 bounds.sh)
# a suppression line over 4 KiB read whole; a long --arg value's error
contain_test(errors 60 errors.sh)
# clang's message about a file outside the scanned tree: location only
contain_test(private 60 private.sh)
