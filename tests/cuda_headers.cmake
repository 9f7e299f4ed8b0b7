# Compile tests of simulee's own CUDA headers (cuda/). Every tests/cuda/*.cu
# is compiled device-side with SIMULEE_CUDA_FLAGS at -O0 and -O2 and checked
# against the EXPECT/REJECT/ERROR comments it carries (see
# tests/cuda/check_compile.cmake), and once more as C++14 (std_includes.cu
# also as C++20; a file marked "// HOST-SIDE" also host-side);
# cuda_headers_emitted checks that cuda/EMITTED.txt (the list of
# external names the headers make clang emit) matches the headers.
file(GLOB SIMULEE_CUDA_HEADER_TESTS CONFIGURE_DEPENDS
     ${CMAKE_CURRENT_SOURCE_DIR}/cuda/*.cu)
string(JOIN "|" _simulee_cuda_flags ${SIMULEE_CUDA_FLAGS})
set(_simulee_cuda_out ${CMAKE_CURRENT_BINARY_DIR}/cuda)
file(MAKE_DIRECTORY ${_simulee_cuda_out})

function(simulee_cuda_header_test name src opt extra)
  add_test(NAME ${name}
           COMMAND ${CMAKE_COMMAND} -DCLANG=${SIMULEE_CLANG}
                   "-DFLAGS=${_simulee_cuda_flags}" -DSRC=${src}
                   -DOUT=${_simulee_cuda_out}/${name}.ll -DOPT=${opt}
                   "-DEXTRA=${extra}"
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/cuda/check_compile.cmake)
  set_tests_properties(${name} PROPERTIES LABELS cuda_headers TIMEOUT 60)
endfunction()

foreach(src ${SIMULEE_CUDA_HEADER_TESTS})
  get_filename_component(stem ${src} NAME_WE)
  foreach(opt O0 O2)
    simulee_cuda_header_test(cuda_headers_${stem}_${opt} ${src} -${opt} "")
  endforeach()
  # the headers must not need C++17 (clang's default) ...
  simulee_cuda_header_test(cuda_headers_${stem}_cxx14 ${src} -O0 -std=c++14)
  # a file marked "// HOST-SIDE" also compiles host-side, as the CLI's
  # launch hints compile it
  file(STRINGS ${src} host_mark REGEX "^// HOST-SIDE$")
  if(host_mark)
    simulee_cuda_header_test(cuda_headers_${stem}_host ${src} -O2 --cuda-host-only)
  endif()
endforeach()
# ... nor break under C++20
simulee_cuda_header_test(cuda_headers_std_includes_cxx20
  ${CMAKE_CURRENT_SOURCE_DIR}/cuda/std_includes.cu -O2 -std=c++20)

add_test(NAME cuda_headers_emitted
         COMMAND sh -c "e=\"$1\"; shift; \"$0\" \"$@\" | diff -u \"$e\" -"
                 ${CMAKE_CURRENT_SOURCE_DIR}/cuda/list_emitted.sh
                 ${SIMULEE_CUDA_DIR}/EMITTED.txt ${SIMULEE_CLANG}
                 ${SIMULEE_CUDA_FLAGS})
set_tests_properties(cuda_headers_emitted PROPERTIES LABELS cuda_headers
                     TIMEOUT 60)
