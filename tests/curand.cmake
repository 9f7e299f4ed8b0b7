# cuRAND device generators against NVIDIA's: where a CUDA toolkit with the
# cuRAND host library is installed (/usr/local/cuda*, or -DSIMULEE_CURAND_TOOLKIT=DIR),
# tests/curand/nvidia.sh compares simulee's XORWOW and Philox-4x32-10 streams
# (raw and uniform) with cuRAND's host generators, which run on the CPU.
# Without a toolkit (CI) the test is not registered; the independent host
# references of tests/kernels/check.c (curand_streams.cu, curand_mrg.cu),
# written from the published algorithms, always run. Included by
# tests/CMakeLists.txt.
if(NOT SIMULEE_CURAND_TOOLKIT)
  file(GLOB _curand_candidates /usr/local/cuda /usr/local/cuda-*)
  foreach(c ${_curand_candidates})
    if(EXISTS ${c}/include/curand.h AND (EXISTS ${c}/lib64/libcurand.so OR EXISTS ${c}/lib/libcurand.so))
      set(SIMULEE_CURAND_TOOLKIT ${c})
    endif()
  endforeach()
endif()
if(SIMULEE_CURAND_TOOLKIT)
  add_test(NAME curand_vs_nvidia
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/curand/nvidia.sh $<TARGET_FILE:simulee>
            ${CMAKE_C_COMPILER} ${SIMULEE_CURAND_TOOLKIT} ${CMAKE_CURRENT_SOURCE_DIR}/curand)
  set_tests_properties(curand_vs_nvidia PROPERTIES TIMEOUT 180 PASS_REGULAR_EXPRESSION "^ok")
endif()
