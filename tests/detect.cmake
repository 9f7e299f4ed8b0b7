# Detector tests: the detector kernels of tests/detect/ compiled at -O0 and
# -O2 at build time, run through the library by the `detectk` CUnit suite
# (tests/unit/test_detectk.c). Included by tests/CMakeLists.txt.

set(DETECT_SRC_DIR ${CMAKE_CURRENT_SOURCE_DIR}/detect)
set(DETECT_OUT ${CMAKE_CURRENT_BINARY_DIR}/detect)
string(JOIN "|" DETECT_FLAGS ${SIMULEE_CUDA_FLAGS})
target_compile_definitions(simulee_unit PRIVATE
  SIMULEE_DETECT_SRC="${DETECT_SRC_DIR}"
  SIMULEE_DETECT_BIN="${DETECT_OUT}"
  SIMULEE_DETECT_CLANG="${SIMULEE_CLANG}"
  SIMULEE_DETECT_FLAGS="${DETECT_FLAGS}"
  SIMULEE_DETECT_CUDA_DIR="${SIMULEE_CUDA_DIR}")

# Bitcode of every detector kernel at -O0 and -O2, built with the project's
# CUDA flags. Only once our CUDA headers exist (cuda/cuda_runtime.h): the
# detectk suite reports the missing bitcode until then.
file(GLOB DETECT_CU CONFIGURE_DEPENDS ${DETECT_SRC_DIR}/*.cu)
file(GLOB_RECURSE DETECT_CUDA_HEADERS CONFIGURE_DEPENDS ${SIMULEE_CUDA_DIR}/*)
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  set(DETECT_BC)
  foreach(cu ${DETECT_CU})
    get_filename_component(n ${cu} NAME_WE)
    foreach(opt O0 O2)
      set(bc ${DETECT_OUT}/${n}.${opt}.bc)
      # a kernel that does not compile fails the detectk suite, not the build
      add_custom_command(OUTPUT ${bc}
        COMMAND ${CMAKE_COMMAND} -E make_directory ${DETECT_OUT}
        COMMAND sh -c "\"$0\" \"$@\" || echo 'warning: detector kernel ${n} -${opt} did not compile'"
                ${SIMULEE_CLANG} ${SIMULEE_CUDA_FLAGS} -${opt} ${cu} -o ${bc}
        DEPENDS ${cu} ${DETECT_CUDA_HEADERS}
        COMMENT "detector kernel ${n} -${opt}" VERBATIM)
      list(APPEND DETECT_BC ${bc})
    endforeach()
  endforeach()
  add_custom_target(detect_kernels ALL DEPENDS ${DETECT_BC})
  add_dependencies(simulee_unit detect_kernels)
endif()
