# Thread block clusters (sm_90): tests/cluster/cluster.sh runs the kernels of
# tests/cluster/dsmem.cu (distributed shared memory through
# cluster_group::map_shared_rank, cluster.sync(), the cluster registers) at
# -O0 and -O2 with exact outputs and findings, the deadlock of a skipped
# cluster barrier and the --cluster usage errors. Included by
# tests/CMakeLists.txt.
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  foreach(opt O0 O2)
    add_test(NAME cluster_dsmem_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cluster/cluster.sh $<TARGET_FILE:simulee>
              ${CMAKE_CURRENT_SOURCE_DIR}/cluster ${opt})
    set_tests_properties(cluster_dsmem_${opt} PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "^ok")
  endforeach()
endif()
