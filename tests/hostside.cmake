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

# ---- build-system routes: nvcc's dependency, preprocessing and OpenMP
# options; CMake's FindCUDA with CUDA_TOOLKIT_ROOT_DIR (over an NVIDIA
# toolkit in /usr/local/cuda, where one is installed)
add_test(NAME apps_nvcc_options
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/nvcc_options.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps ${APPS_OUT}/nvcc_options)
set_tests_properties(apps_nvcc_options PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "^ok\n$")
add_test(NAME apps_findcuda
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/apps/findcuda.sh ${SIMULEE_TOOLKIT}
          ${CMAKE_CURRENT_SOURCE_DIR}/apps/findcuda ${APPS_OUT}/findcuda)
set_tests_properties(apps_findcuda PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "\nok\n$|^ok\n$")

# ---- simulee run's link options and build errors
apps_test(run_link_options ARGS --code 0 --match "^openmp: 1$" --match "^smooth n=1500: 0 wrong$"
  -- ${ASIM} run ${APPS_SRC}/findcuda/main.cu ${APPS_SRC}/findcuda/stencil.cu -fopenmp -pthread
     -Wl,--as-needed -L ${APPS_OUT} -lm --no-color -- 1500)
apps_test(run_link_missing_library ARGS --code 2
  --match "^simulee: error: the program does not link: .*cannot find -lsimulee_no_such_library"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/split/main.cpp ${APPS_SRC}/split/io.c
     -lsimulee_no_such_library)
# the first error message, not the source line a warning before it quotes
apps_test(run_first_error ARGS --code 2
  --match "^simulee: error: tests/apps/build_errors/warn_then_error.cpp: the host side does not compile: tests/apps/build_errors/warn_then_error.cpp:5:34: error: use of undeclared identifier 'not_declared_anywhere'$"
  -- ${ASIM} run ${APPS_SRC}/split/blend.cu ${APPS_SRC}/build_errors/warn_then_error.cpp)
