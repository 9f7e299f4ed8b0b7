# Texture and surface objects (cuda/texture_types.h, `--arg tex2d:...`):
# tests/tex/run.sh compares fetches with the host reference tests/tex/ref.c
# (blur with clamp addressing, every address mode, point and linear
# filtering with 9-bit weights, normalized coordinates and read mode) and
# checks the surface race, its clean variant, the trap and the usage
# errors. Included by tests/CMakeLists.txt.
add_executable(simulee_texref ${CMAKE_CURRENT_SOURCE_DIR}/tex/ref.c)
target_link_libraries(simulee_texref PRIVATE m)
add_test(NAME tex_objects
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tex/run.sh $<TARGET_FILE:simulee>
          $<TARGET_FILE:simulee_texref> ${CMAKE_CURRENT_SOURCE_DIR}/tex)
set_tests_properties(tex_objects PROPERTIES TIMEOUT 600 PASS_REGULAR_EXPRESSION "^ok")
