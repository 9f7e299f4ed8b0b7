# What a program run under simulee keeps on every way out, and the
# containment of `simulee run` and nvcc (tests/apps/exits.sh, the program
# tests/apps/exits.cu built once): findings printed as their launch ends,
# the summary and the report after return, exit from a thread, _exit,
# _Exit, quick_exit, SIGSEGV, abort, an uncaught exception, SIGTERM,
# SIGINT (also to simulee run), a forked child; clang bounded by
# --time-limit and the memory cap and killed with simulee; file names
# escaped; -o onto a source refused; the --report folder checked first.
# In the ASan+UBSan build (scripts/setup.sh's sanitizer stage) they run
# with the sanitizers' runtime preloaded into the program, as `simulee run`
# does (EXITS_PRELOAD); the fuzz build skips them.
if(SIMULEE_FUZZ)
  return()
endif()
set(EXITS_WORK ${CMAKE_CURRENT_BINARY_DIR}/exits)
file(MAKE_DIRECTORY ${EXITS_WORK})
function(exits_test name timeout)
  add_test(NAME exits_${name}
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/exits.sh $<TARGET_FILE:simulee>
            $<TARGET_FILE:simulee_jsoncheck> ${EXITS_WORK} ${name})
  set_tests_properties(exits_${name} PROPERTIES TIMEOUT ${timeout}
    PASS_REGULAR_EXPRESSION "(^|\n)ok\n")
  if(SIMULEE_SANITIZE AND IS_ABSOLUTE "${SIMULEE_ASAN_LIB}")
    set_tests_properties(exits_${name} PROPERTIES ENVIRONMENT "EXITS_PRELOAD=${SIMULEE_ASAN_LIB}")
  endif()
  if(name STREQUAL "build")
    set_tests_properties(exits_${name} PROPERTIES FIXTURES_SETUP exits_prog)
  elseif(NOT name MATCHES "^(run_int|fifo|fifo_nvcc|kill_term|kill_kill|bomb|inject|inject_nvcc|onto_input|onto_input_nvcc|report_dir)$")
    set_tests_properties(exits_${name} PROPERTIES FIXTURES_REQUIRED exits_prog)
  endif()
endfunction()
exits_test(build 180)
foreach(way return thread _exit _Exit quick_exit segv abort throw term int)
  exits_test(${way} 60)
  exits_test(${way}-report 60)
endforeach()
foreach(case exitcode fork flood kill-report report_dir_env)
  exits_test(${case} 60)
endforeach()
foreach(case run_int fifo fifo_nvcc kill_term kill_kill bomb inject inject_nvcc onto_input
             onto_input_nvcc report_dir)
  exits_test(${case} 180)
endforeach()
