# simulee scan --files F...: only the named .cu files, with the flags a scan
# of the root (the working directory) gives them; what the pre-commit hook
# (.pre-commit-hooks.yaml) runs on the changed files.
set(FILES_DIR ${CMAKE_SOURCE_DIR}/tests/projects/imgproc)
set(FILES_OUT ${CMAKE_CURRENT_BINARY_DIR}/scan_files)
file(MAKE_DIRECTORY ${FILES_OUT})
set(FSIM $<TARGET_FILE:simulee>)
set(FEXPECT sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)
function(files_test name)
  simulee_test(scan_files_${name} ${FILES_DIR} 300 ${ARGN})
endfunction()
# two files of imgproc: their kernels and findings as in the whole scan
# (the inline suppression in reduce.cu too), nothing of the other files;
# fill<unsigned int> of the shared header is checked as sync.cu's (the whole
# scan gives it to histogram.cu, the first file that includes the header)
files_test(two SETUP scan_files_two COMMAND ${FEXPECT} --code 1 --
  ${FSIM} scan --files src/sync.cu src/reduce.cu -j 2 --format json -o ${FILES_OUT}/two.json)
files_test(two_report REQUIRES scan_files_two COMMAND $<TARGET_FILE:simulee_scancheck>
  expect ${CMAKE_SOURCE_DIR}/tests/projects/imgproc_files.expected ${FILES_OUT}/two.json)
# text: paths relative to the working directory; an option after the files
files_test(text COMMAND ${FEXPECT} --code 1
  --match "^src/sync.cu:15:5: error: barrier divergence"
  -- ${FSIM} scan --files src/sync.cu --no-color -j 2)
files_test(totals COMMAND ${FEXPECT} --code 1
  --match "^simulee scan: 1 file, 3 kernels: 3 checked. 1 finding: 1 error, 0 warnings in "
  -- ${FSIM} scan --files src/sync.cu -q --no-color -j 2)
# a clean file: exit 0 (the header include/ found by the walk of the root)
files_test(clean COMMAND ${FEXPECT} --code 0
  --match "^simulee scan: 1 file, 1 kernel: 1 checked. 0 findings: 0 errors, 0 warnings in "
  -- ${FSIM} scan -q --no-color -j 2 --kernel blur_rows --files src/filters.cu)
# usage and input errors
files_test(missing COMMAND ${FEXPECT} --code 2 --match "src/nope.cu: No such file or directory"
  -- ${FSIM} scan --files src/sync.cu src/nope.cu)
files_test(not_cu COMMAND ${FEXPECT} --code 2 --match "include/imgproc: --files takes .cu files"
  -- ${FSIM} scan --files include/imgproc)
files_test(none COMMAND ${FEXPECT} --code 2 --match "--files needs at least one .cu file"
  -- ${FSIM} scan --files -j 2)
# a named file the scanned path does not give (cmake-build-* folders are
# skipped): a warning, or an error when no file is left
files_test(skipped COMMAND ${FEXPECT} --code 1
  --match "^simulee: warning: cmake-build-debug/generated.cu: not one of the files of the scanned path"
  -- ${FSIM} scan -q --no-color -j 2 --files cmake-build-debug/generated.cu src/sync.cu)
files_test(none_left COMMAND ${FEXPECT} --code 2
  --match "--files: none of the files is one that src gives"
  -- ${FSIM} scan src --files cmake-build-debug/generated.cu)
# with a compile_commands.json: its flags (solver needs its -D) and the
# project's suppressions (no "matched no finding" warning for the files
# left out)
simulee_test(scan_files_db ${CMAKE_SOURCE_DIR}/tests/projects/solver 300 COMMAND ${FEXPECT}
  --code 0 --match "^simulee scan: 1 file, 2 kernels: 2 checked. 0 findings: 0 errors, 0 warnings \\(2 suppressed\\) in "
  -- ${FSIM} scan compile_commands.json --suppressions simulee.supp -q --no-color -j 2
  --files src/jacobi.cu)
