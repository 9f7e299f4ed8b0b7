# --arch (the clang target of a .cu file): tests/arch/arch.sh checks the
# dumped __CUDA_ARCH__ per target, the default and the usage errors, for
# single files and `simulee scan`. Included by tests/CMakeLists.txt.
if(EXISTS ${SIMULEE_CUDA_DIR}/cuda_runtime.h)
  add_test(NAME arch_targets
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/arch/arch.sh $<TARGET_FILE:simulee>
            ${CMAKE_CURRENT_SOURCE_DIR}/arch)
  set_tests_properties(arch_targets PROPERTIES TIMEOUT 240 PASS_REGULAR_EXPRESSION "^ok")
  # the target of each compilation database entry (tests/arch/compdb.sh)
  add_test(NAME arch_compdb
    COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/arch/compdb.sh $<TARGET_FILE:simulee>
            ${CMAKE_CURRENT_SOURCE_DIR}/arch)
  set_tests_properties(arch_compdb PROPERTIES TIMEOUT 300 PASS_REGULAR_EXPRESSION "^ok")
endif()
