# Helpers shared by the test groups (tests/*.cmake). Included by
# tests/CMakeLists.txt before them; it lives in tests/cmake/ so the glob of
# tests/*.cmake does not include it a second time.

# Every file of our CUDA headers (cuda/): the bitcode built with the
# project's flags depends on them.
file(GLOB_RECURSE SIMULEE_CUDA_HEADER_FILES CONFIGURE_DEPENDS ${SIMULEE_CUDA_DIR}/*)

# simulee_bitcode(OUT_VAR OUTDIR WHAT SOURCE... [LEVELS LEVEL...] [FLAGS FLAG...] [STRICT])
# Build-time bitcode of each SOURCE at each optimisation LEVEL (default O0
# O2): OUTDIR/STEM.LEVEL.bc, compiled by ${SIMULEE_CLANG} with FLAGS
# (default: the project's ${SIMULEE_CUDA_FLAGS}, and then the output also
# depends on our CUDA headers). WHAT names the kernels in the build's
# messages. Without STRICT a source that does not compile prints a warning
# and leaves no bitcode, so the tests that need it fail, not the build; with
# STRICT it fails the build. The outputs are appended to the list OUT_VAR.
function(simulee_bitcode out_var outdir what)
  cmake_parse_arguments(B "STRICT" "" "LEVELS;FLAGS" ${ARGN})
  if(NOT B_LEVELS)
    set(B_LEVELS O0 O2)
  endif()
  set(deps)
  if(NOT B_FLAGS)
    set(B_FLAGS ${SIMULEE_CUDA_FLAGS})
    set(deps ${SIMULEE_CUDA_HEADER_FILES})
  endif()
  set(outs ${${out_var}})
  foreach(src ${B_UNPARSED_ARGUMENTS})
    get_filename_component(n ${src} NAME_WE)
    foreach(opt ${B_LEVELS})
      set(bc ${outdir}/${n}.${opt}.bc)
      if(B_STRICT)
        set(compile ${SIMULEE_CLANG} ${B_FLAGS} -${opt} ${src} -o ${bc})
      else()
        set(compile sh -c "\"$0\" \"$@\" || echo 'warning: ${what} ${n} -${opt} did not compile'"
                    ${SIMULEE_CLANG} ${B_FLAGS} -${opt} ${src} -o ${bc})
      endif()
      add_custom_command(OUTPUT ${bc}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${outdir}
        COMMAND ${compile}
        DEPENDS ${src} ${deps}
        COMMENT "${what} ${n} -${opt}" VERBATIM)
      list(APPEND outs ${bc})
    endforeach()
  endforeach()
  set(${out_var} ${outs} PARENT_SCOPE)
endfunction()

# simulee_bitcode_target(TARGET FILE...): a target of the default build
# that makes FILEs, built before the unit tests.
function(simulee_bitcode_target target)
  add_custom_target(${target} ALL DEPENDS ${ARGN})
  add_dependencies(simulee_unit ${target})
endfunction()

# The checker of JSON report fields (tests/cli/jsoncheck.c) the CLI, scan,
# hints and search tests use.
add_executable(simulee_jsoncheck ${CMAKE_CURRENT_SOURCE_DIR}/cli/jsoncheck.c)
target_link_libraries(simulee_jsoncheck PRIVATE PkgConfig::JSONC)
add_dependencies(simulee_unit simulee_jsoncheck)

# simulee_json_test(NAME FIXTURE FILE CHECK...): test NAME runs
# simulee_jsoncheck on the report FILE that the test of FIXTURE writes.
function(simulee_json_test name fixture file)
  add_test(NAME ${name} COMMAND simulee_jsoncheck ${file} ${ARGN})
  set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED ${fixture} TIMEOUT 60)
endfunction()

# simulee_test(NAME DIR TIMEOUT [SETUP FIXTURE] [REQUIRES FIXTURE...] COMMAND ...):
# test NAME runs the command in DIR with a TIMEOUT in seconds; SETUP: it
# makes FIXTURE (a file other tests check); REQUIRES: it needs the
# FIXTUREs. The group wrappers (cli_test, hints_test, search_test,
# scan_test) call it with their prefix, folder and timeout.
function(simulee_test name dir timeout)
  cmake_parse_arguments(T "" "SETUP" "REQUIRES;COMMAND" ${ARGN})
  add_test(NAME ${name} COMMAND ${T_COMMAND})
  set_tests_properties(${name} PROPERTIES WORKING_DIRECTORY ${dir} TIMEOUT ${timeout})
  if(T_SETUP)
    set_tests_properties(${name} PROPERTIES FIXTURES_SETUP ${T_SETUP})
  endif()
  if(T_REQUIRES)
    set_tests_properties(${name} PROPERTIES FIXTURES_REQUIRED "${T_REQUIRES}")
  endif()
endfunction()

# simulee_find_cuda_toolkit(VAR HEADER): VAR (already set: a user's choice)
# or the last /usr/local/cuda, /usr/local/cuda-* with libdevice and
# include/HEADER; empty when this machine has no CUDA toolkit (CI).
function(simulee_find_cuda_toolkit var header)
  if(${var})
    return()
  endif()
  file(GLOB candidates /usr/local/cuda /usr/local/cuda-*)
  set(found "")
  foreach(c ${candidates})
    if(EXISTS ${c}/nvvm/libdevice/libdevice.10.bc AND EXISTS ${c}/include/${header})
      set(found ${c})
    endif()
  endforeach()
  set(${var} ${found} PARENT_SCOPE)
endfunction()
