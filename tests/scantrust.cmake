# Scanning an untrusted tree runs nothing of it and reads nothing outside
# it (tests/scantrust/): the toolkit's nvcc options files, the configure
# sandbox (cli/configure.c), links out of the tree, device and FIFO
# includes, the notes of skipped entries. Included by tests/CMakeLists.txt.
set(ST_SRC ${CMAKE_CURRENT_SOURCE_DIR}/scantrust)
set(ST_SIM $<TARGET_FILE:simulee>)
set(ST_EXPECT ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh)

function(st_test name timeout)
  simulee_test(scantrust_${name} ${CMAKE_SOURCE_DIR} ${timeout} COMMAND ${ARGN})
  set_tests_properties(scantrust_${name} PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")
endfunction()

# ---- options files: regular files of at most 1 MiB of text; errors name
# the file and byte offset and quote none of it
st_test(optfile 120 sh ${ST_SRC}/optfile.sh ${ST_EXPECT} ${ST_SIM})

# ---- configuring in the sandbox (bubblewrap): the tree's configure step
# writes outside its build folder, reads secrets (home, /tmp, environment),
# connects to 127.0.0.1, leaves a process running, loops forever; each
# also unconfined (--configure=unsafe) as the control. Skipped (77) where
# bwrap cannot make user namespaces; fallback (bwrap missing: nothing
# configured, one note) and hooks (the Action's script and the pre-commit
# hook keep the default) run everywhere.
set(ST_OUT ${CMAKE_CURRENT_BINARY_DIR}/scantrust_out)
file(MAKE_DIRECTORY ${ST_OUT})
foreach(c write read network daemon loop fallback hooks)
  st_test(sandbox_${c} 240 sh ${ST_SRC}/sandbox.sh ${c} ${ST_SIM} ${ST_OUT})
  set_tests_properties(scantrust_sandbox_${c} PROPERTIES SKIP_RETURN_CODE 77)
endforeach()

# ---- every skipped entry is a note, also when no .cu file is left
st_test(skipped 120 sh ${ST_SRC}/skipped.sh ${ST_EXPECT} ${ST_SIM})

# ---- nothing outside the tree read through it: links out skipped with a
# note, clang's messages about files elsewhere without their text, no
# source line of a file elsewhere, #include of a device or FIFO an error
st_test(outside 180 sh ${ST_SRC}/outside.sh ${ST_EXPECT} ${ST_SIM})

# ---- simulee's own options file (--args-file): the same rules
st_test(argsfile 60 sh ${ST_SRC}/argsfile.sh ${ST_EXPECT} ${ST_SIM})
