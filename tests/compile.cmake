# Compile tests: a .cu goes through clang-19 with the precompiled CUDA headers
# (build/pch) when the user's -I/-D flags cannot change them (see
# tests/frontend.cmake), with the plain headers otherwise, and falls back to the plain headers when clang rejects the precompiled ones.
# Included by tests/CMakeLists.txt.
set(COMPILE_SRC ${CMAKE_CURRENT_SOURCE_DIR}/compile)
set(COMPILE_RUN $<TARGET_FILE:simulee> ${COMPILE_SRC}/macro.cu --grid 1 --block 4
    --arg i32[4] --dump 0 --quiet)

function(compile_test name expected)
  add_test(NAME compile_${name}
    COMMAND ${CMAKE_COMMAND} -E env ${ARGN}
            sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --stdout ${COMPILE_SRC}/${expected}
            -- ${COMPILE_RUN})
  set_tests_properties(compile_${name} PROPERTIES TIMEOUT 60)
endfunction()

# the precompiled headers (the default), at -O2 and -O0
compile_test(pch scale2.expected SIMULEE_UNUSED=1)
add_test(NAME compile_pch_O0
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --stdout ${COMPILE_SRC}/scale2.expected
          -- ${COMPILE_RUN} -O0)
# without them
compile_test(no_pch scale2.expected SIMULEE_NO_PCH=1)
# a -D must reach clang (with the precompiled headers: they do not name SCALE)
add_test(NAME compile_define
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --stdout ${COMPILE_SRC}/scale5.expected
          -- ${COMPILE_RUN} -D SCALE=5)
# a precompiled header that clang rejects (here: not a PCH at all) costs a
# second compile, never a failure
compile_test(bad_pch scale2.expected SIMULEE_PCH_DIR=${COMPILE_SRC})
