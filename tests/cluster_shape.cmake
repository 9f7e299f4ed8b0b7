# The cluster shape of a launch in the report (issue 12): text status line,
# replay command and JSON launch/witness for kernels that use clusters
# (given, __cluster_dims__ or searched), none for kernels without
# (tests/cluster/shape.sh). Included by tests/CMakeLists.txt.
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  add_test(NAME cluster_shape
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cluster/shape.sh $<TARGET_FILE:simulee>
            ${CMAKE_CURRENT_SOURCE_DIR}/cluster)
  set_tests_properties(cluster_shape PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "^ok")
endif()
