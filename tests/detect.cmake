# Detector tests: the detector kernels of tests/detect/ compiled at -O0 and
# -O2 at build time, run through the library by the `detectk` CUnit suite
# (tests/unit/test_detectk.c). Included by tests/CMakeLists.txt.

# detect/ calls model/: with static libraries the link line must list the
# model after the detectors. (Belongs in the top CMakeLists.txt next to the
# module libraries; kept here until the lead moves it.)
if(TARGET simulee_detect AND TARGET simulee_model)
  target_link_libraries(simulee_detect PUBLIC simulee_model)
endif()
