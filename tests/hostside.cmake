# Host-side compilation as nvcc does it: every header of cuda/ in every
# setting (tests/cuda/each_header.sh: the device and host passes of a .cu
# file, a host .cpp with clang and g++, a host .c with clang and gcc, at
# C++14/17/20), and a program split into .cu kernels, a .cpp driver and a
# .c helper built by `simulee run` and by the toolkit's nvcc.
foreach(setting cu-device cu-host cpp-clang cpp-gcc c-clang c-gcc)
  add_test(NAME headers_each_${setting}
           COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cuda/each_header.sh ${SIMULEE_CLANG}
                   ${SIMULEE_CUDA_DIR} ${setting})
  set_tests_properties(headers_each_${setting} PROPERTIES LABELS cuda_headers TIMEOUT 900
                       PASS_REGULAR_EXPRESSION "^0 failures\n$")
endforeach()

if(SIMULEE_SANITIZE OR SIMULEE_FUZZ)
  return()
endif()
# .cu kernels (spaced launch chevrons), a C++ driver and a C helper with an
# implicit declaration, through `simulee run`
apps_test(split_run ARGS --code 0
  --match "^split n=1000: 0 wrong$" --match "^round trip: 0 changed$"
  --match "^simulee: 1 launch of 1 kernel, 1 checked \\(--check first:3\\), 0 findings$"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/split/main.cpp ${APPS_SRC}/split/io.c
     --no-color -- 1000)
# the same through nvcc -c per file, and nvcc -x cu for the .cpp
add_test(NAME apps_split_nvcc
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/split_nvcc.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/split ${APPS_OUT}/split_nvcc)
set_tests_properties(apps_split_nvcc PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "^ok\n$")
