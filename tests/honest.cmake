# Verdicts of the automatic search that can be trusted: our kernels of
# tests/honest/, compiled by simulee from the .cu at -O0 and -O2, several
# seeds, exact findings (tests/honest/seeds.sh checks each JSON report).
# Included by tests/CMakeLists.txt.

set(HONEST_SRC ${CMAKE_CURRENT_SOURCE_DIR}/honest)
set(HSIM $<TARGET_FILE:simulee>)
set(HJC $<TARGET_FILE:simulee_jsoncheck>)

# honest_test(NAME TIMEOUT SEEDS LEVELS CODE FILE [ARGS...] -- CHECK...)
function(honest_test name timeout seeds levels code file)
  simulee_test(honest_${name} ${HONEST_SRC} ${timeout}
               COMMAND sh ${HONEST_SRC}/seeds.sh ${HSIM} ${HJC} "${seeds}" "${levels}" ${code}
                       ${file} ${ARGN})
endfunction()

# "checked" means checked: a search the time limit stops is incomplete,
# with what was checked, exit 3 (one process at a time: -j 1)
honest_test(incomplete_O2 120 "1 2 3 4 5" 2 3 slow_search.cu --time-limit 2 -j 1 --
  kernels\#1 kernels.0.status=incomplete
  "kernels.0.message~the time limit of 2 s (--time-limit) ran out"
  "kernels.0.message~: the search stopped after " "kernels.0.message~ candidates (generation 0 of 100)"
  "kernels.0.message~ detection runs, " "kernels.0.message~ access sites")
honest_test(incomplete_O0 60 "1" 0 3 slow_search.cu --time-limit 2 -j 1 --
  kernels\#1 kernels.0.status=incomplete
  "kernels.0.message~the time limit of 2 s (--time-limit) ran out")
# a fixed launch's timeout names the limit given, not the time left
simulee_test(honest_fixed_timeout ${HONEST_SRC} 60
  COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/cli/expect.sh --code 3
    --match "^simulee: kernel long_filter: timeout \\(grid 1,1,1 block 64,1,1\\): kernel did not finish within the time limit of 1 s \\(--time-limit\\)$"
    -- ${HSIM} slow_search.cu --grid 1 --block 64 --arg f32[1024] --arg f32[64] --time-limit 1
       --no-color)
