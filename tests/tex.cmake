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

# Vector texels (u8x4, i16x4 normalized, f32x2) and layered textures against
# the host reference tests/tex/vref.c; legacy texture<> / surface<>
# references (--texref, the search's textures for them, a surface race).
add_executable(simulee_texvref ${CMAKE_CURRENT_SOURCE_DIR}/tex/vref.c)
target_link_libraries(simulee_texvref PRIVATE m)
add_test(NAME tex_vector
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tex/vector.sh $<TARGET_FILE:simulee>
          $<TARGET_FILE:simulee_texvref> ${CMAKE_CURRENT_SOURCE_DIR}/tex)
set_tests_properties(tex_vector PROPERTIES TIMEOUT 600 PASS_REGULAR_EXPRESSION "^ok")
add_test(NAME tex_legacy
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/tex/legacy.sh $<TARGET_FILE:simulee>
          $<TARGET_FILE:simulee_texvref> ${CMAKE_CURRENT_SOURCE_DIR}/tex)
set_tests_properties(tex_legacy PROPERTIES TIMEOUT 600 PASS_REGULAR_EXPRESSION "^ok")
