# Compiles one .cu file with simulee's CUDA flags and checks the result
# against the expectations written in the file's comments:
#   // EXPECT: text        the .ll output contains text (every -O level)
#   // EXPECT-O0: text     ... only when compiling at -O0 (likewise -O2)
#   // REJECT: text        the .ll output does not contain text
#   // ERROR: text         compilation must fail with text in clang's output
#                          (and without a crash)
# A file that compiles must also declare no external function besides the
# ones simulee implements: llvm.* intrinsics, libdevice __nv_*, vprintf,
# __assertfail, malloc and free (and the __simulee_* calls of texture and
# surface accesses and the nvcuda::wmma operations, which the interpreter
# reports unsupported by name).
# Variables: CLANG, FLAGS ("|"-separated), SRC, OUT (.ll to write),
#            OPT (-O0 or -O2), EXTRA ("|"-separated extra flags, optional).
# With --cuda-host-only in EXTRA the file's host side is compiled instead
# (as the CLI does for launch hints): it must compile without diagnostics;
# the expectations and the external-function check are for the device side
# and are skipped.
cmake_minimum_required(VERSION 3.20)
set(host_side OFF)
if(EXTRA MATCHES "--cuda-host-only")
  set(host_side ON)
  string(REPLACE "-Xclang|-target-feature|-Xclang|+ptx75|" "" FLAGS "${FLAGS}")
  string(REPLACE "--cuda-device-only|" "" FLAGS "${FLAGS}")
endif()
string(REPLACE "|" ";" flags "${FLAGS}")
string(REPLACE "|" ";" extra "${EXTRA}")
string(REGEX REPLACE "^-" "" level "${OPT}")
execute_process(
  COMMAND ${CLANG} ${flags} ${OPT} ${extra} -Wno-unused-command-line-argument
          -S ${SRC} -o ${OUT}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(STRINGS ${SRC} lines REGEX "^// (EXPECT|EXPECT-O[0-3]|REJECT|ERROR): ")
if(host_side)
  list(FILTER lines EXCLUDE REGEX "^// (EXPECT|REJECT)")
endif()

set(errors "")
foreach(line IN LISTS lines)
  if(line MATCHES "^// ERROR: (.*)$")
    list(APPEND want_errors "${CMAKE_MATCH_1}")
  endif()
endforeach()

if(want_errors)
  if(rc EQUAL 0)
    message(FATAL_ERROR "${SRC} ${OPT}: compiled, but must fail")
  endif()
  if(err MATCHES "PLEASE submit a bug report|Stack dump")
    message(FATAL_ERROR "${SRC} ${OPT}: clang crashed:\n${err}")
  endif()
  foreach(e IN LISTS want_errors)
    string(FIND "${err}" "${e}" at)
    if(at EQUAL -1)
      string(APPEND errors "missing diagnostic: ${e}\n")
    endif()
  endforeach()
else()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${SRC} ${OPT}: compilation failed:\n${err}")
  endif()
  if(NOT err STREQUAL "")
    message(FATAL_ERROR "${SRC} ${OPT}: unexpected diagnostics:\n${err}")
  endif()
  if(host_side)
    return()
  endif()
  file(READ ${OUT} ll)
  string(REGEX MATCHALL "\ndeclare [^@]*@[A-Za-z0-9_.$]+" decls "${ll}")
  foreach(d IN LISTS decls)
    string(REGEX REPLACE ".*@" "" name "${d}")
    set(known "^(llvm\\..*|__nv_.*|vprintf|__assertfail|malloc|free|__simulee_.*|_ZN6nvcuda4wmma.*)$")
    if(NOT name MATCHES "${known}")
      string(APPEND errors "unexpected external function: ${name}\n")
    endif()
  endforeach()
  foreach(line IN LISTS lines)
    if(line MATCHES "^// EXPECT(-(O[0-3]))?: (.*)$")
      set(only "${CMAKE_MATCH_2}")
      set(text "${CMAKE_MATCH_3}")
      if(only STREQUAL "" OR only STREQUAL level)
        string(FIND "${ll}" "${text}" at)
        if(at EQUAL -1)
          string(APPEND errors "expected in the bitcode: ${text}\n")
        endif()
      endif()
    elseif(line MATCHES "^// REJECT: (.*)$")
      string(FIND "${ll}" "${CMAKE_MATCH_1}" at)
      if(NOT at EQUAL -1)
        string(APPEND errors "must not be in the bitcode: ${CMAKE_MATCH_1}\n")
      endif()
    endif()
  endforeach()
endif()

if(NOT errors STREQUAL "")
  message(FATAL_ERROR "${SRC} ${OPT}:\n${errors}")
endif()
