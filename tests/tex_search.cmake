# Textures the automatic search makes (cudaTextureObject_t parameters
# recognised from their fetches): tests/tex/search.sh. Included by
# tests/CMakeLists.txt.
add_test(NAME tex_search
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tex/search.sh $<TARGET_FILE:simulee>
          ${CMAKE_CURRENT_SOURCE_DIR}/tex)
set_tests_properties(tex_search PROPERTIES TIMEOUT 600 PASS_REGULAR_EXPRESSION "^ok")
