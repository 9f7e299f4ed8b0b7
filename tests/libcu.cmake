# libcu++ headers that clang cannot compile as Debian ships them, through
# simulee's stand-ins (cuda/cuda/std/): <cuda/std/complex> (dumped values
# against tests/libcu/complex.expected) and <cuda/std/chrono>
# (tests/libcu/chrono.sh), at -O0 and -O2, both also compiled host-side (their
# launch hints). Included by tests/CMakeLists.txt.
if(EXISTS /usr/include/cuda/std/detail/libcxx/include/complex)
  foreach(opt O0 O2)
    add_test(NAME libcu_complex_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh
              --stdout ${CMAKE_CURRENT_SOURCE_DIR}/libcu/complex.expected --
              $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/libcu/complex.cu -${opt}
              --grid 1 --block 2 --arg f64[32] --dump 0 --quiet --no-color)
    add_test(NAME libcu_chrono_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/libcu/chrono.sh $<TARGET_FILE:simulee>
              ${CMAKE_CURRENT_SOURCE_DIR}/libcu -${opt})
    set_tests_properties(libcu_chrono_${opt} PROPERTIES TIMEOUT 120 PASS_REGULAR_EXPRESSION "^ok")
    set_tests_properties(libcu_complex_${opt} PROPERTIES TIMEOUT 120)
    add_test(NAME libcu_ccomplex_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh
              --stdout ${CMAKE_CURRENT_SOURCE_DIR}/libcu/complex.expected --
              $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/libcu/ccomplex.cu -${opt}
              --grid 1 --block 2 --arg f64[32] --dump 0 --quiet --no-color)
    set_tests_properties(libcu_ccomplex_${opt} PROPERTIES TIMEOUT 120)
    # <cuda/std/barrier>: the exchange is exact and clean; without the wait
    # it races (host reference: out[i] = 3 * ((i + 1) % 64) + 1)
    add_test(NAME libcu_std_barrier_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
              --stdout ${CMAKE_CURRENT_SOURCE_DIR}/libcu/std_barrier.expected --
              $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/libcu/std_barrier.cu -${opt}
              --kernel phase_swap --grid 1 --block 64 --arg i32[64] --dump 0 --quiet --no-color)
    add_test(NAME libcu_std_barrier_race_${opt}
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 1
              --match "std_barrier.cu:33:22: error: data race \\(read-write, shared memory\\) on 's'" --
              $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/libcu/std_barrier.cu -${opt}
              --kernel phase_swap_nowait --grid 1 --block 64 --arg i32[64] --no-color)
    set_tests_properties(libcu_std_barrier_${opt} libcu_std_barrier_race_${opt} PROPERTIES TIMEOUT 120)
  endforeach()
  # the launch hints' host-side compile of both: a hint line, no compile error
  foreach(h complex:complex_ops chrono:timed_loop)
    string(REPLACE ":" ";" hp ${h})
    list(GET hp 0 f)
    list(GET hp 1 k)
    add_test(NAME libcu_${f}_host
      COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 0
              --match "note: kernel ${k}: grid 1,1,1 and block 2,1,1 as launched here" --
              $<TARGET_FILE:simulee> ${CMAKE_CURRENT_SOURCE_DIR}/libcu/${f}.cu --stats
              --no-color --time-limit 60)
    set_tests_properties(libcu_${f}_host PROPERTIES TIMEOUT 180)
  endforeach()
endif()
