# Detector tests: the detector kernels of tests/kernels/detect/ compiled at
# -O0 and -O2 at build time (into the build's tests/detect/), run through the
# library by the `detectk` CUnit suite (tests/unit/test_detectk.c). Included
# by tests/CMakeLists.txt.

set(DETECT_SRC_DIR ${CMAKE_CURRENT_SOURCE_DIR}/kernels/detect)
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
# detectk suite reports the missing bitcode until then. A kernel that does
# not compile fails the detectk suite, not the build.
file(GLOB DETECT_CU CONFIGURE_DEPENDS ${DETECT_SRC_DIR}/*.cu)
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  set(DETECT_BC)
  simulee_bitcode(DETECT_BC ${DETECT_OUT} "detector kernel" ${DETECT_CU})
  simulee_bitcode_target(detect_kernels ${DETECT_BC})
endif()
