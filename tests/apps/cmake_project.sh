#!/bin/sh
# A CUDA project built against simulee's toolkit root instead of NVIDIA's
# (tests/apps.cmake):
#   cmake_project.sh TOOLKIT PROJECT WORK
# configures tests/apps/cmake_project with the one line of README.md, builds it
# and runs its ctest: sums_clean must pass and sums_racy fail with a data
# race; then builds it again with its Makefile (NVCC=TOOLKIT/bin/nvcc) and
# runs both programs. Prints "ok" when all that holds.
set -u
tk=$1 src=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
cmake -S "$src" -B "$work/build" -DCMAKE_CUDA_COMPILER="$tk/bin/nvcc" >"$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log"; fail "configure"; }
grep -q "The CUDA compiler identification is NVIDIA 12.0.140" "$work/configure.log" ||
  fail "compiler identification"
cmake --build "$work/build" >"$work/build.log" 2>&1 || { tail -20 "$work/build.log"; fail "build"; }
(cd "$work/build" && ctest --output-on-failure) >"$work/ctest.log" 2>&1 && fail "ctest passed"
cat "$work/ctest.log"
grep -q "Test #1: sums_clean .*Passed" "$work/ctest.log" || fail "sums_clean did not pass"
grep -q "Test #2: sums_racy .*\*\*\*Failed" "$work/ctest.log" || fail "sums_racy did not fail"
grep -q "sums.cu:12:27: error: data race (read-write, shared memory) on 'part'" "$work/ctest.log" ||
  fail "no data race in sums_racy"
grep -q "50% tests passed, 1 tests failed out of 2" "$work/ctest.log" || fail "ctest summary"
make -s -C "$src" NVCC="$tk/bin/nvcc" OUT="$work" "$work/sum_app" >"$work/make.log" 2>&1 ||
  { cat "$work/make.log"; fail "make"; }
SIMULEE_QUIET=1 "$work/sum_app" clean >"$work/clean.log" 2>&1 || { cat "$work/clean.log"; fail "make: clean run"; }
grep -qx "clean: 0 wrong" "$work/clean.log" || fail "make: clean output"
rc=0
"$work/sum_app" racy >"$work/racy.log" 2>&1 || rc=$?
[ "$rc" = 1 ] && grep -q "data race" "$work/racy.log" || { cat "$work/racy.log"; fail "make: racy run (status $rc)"; }
echo ok
