#!/bin/sh
# simulee set-up for a fresh Debian bookworm machine (run as root from the
# root of a clone; the two commands of README.md):
#   sh scripts/setup.sh run    install what is missing, build, run simulee on
#                              examples/reduce.cu and print its result
#   sh scripts/setup.sh test   install what is missing, build, run every test
#                              (ctest); with CI=true also install the .deb
#                              with dpkg -i, run it and remove it again
#                              (scripts/deb_check.sh --install); then the
#                              sanitizer and fuzz stages:
#                              an ASan+UBSan build in build-asan/ runs the unit,
#                              CLI, untrusted-input and kernel tests (LeakSanitizer on),
#                              and every libFuzzer harness of tests/fuzz/ (built
#                              with clang-19 in build-fuzz/) runs for
#                              FUZZ_RUNS executions
#   sh scripts/setup.sh deb    install what is missing, build, and write the
#                              Debian package build/simulee_VERSION_ARCH.deb
#                              (scripts/deb_check.sh checks its Depends:)
# Environment: SIMULEE_BUILD_DIR (default: build), JOBS (default: nproc),
# SIMULEE_ASAN_DIR (default: build-asan), SIMULEE_FUZZ_DIR (default:
# build-fuzz), FUZZ_RUNS (default 4000), SIMULEE_SANITIZER_STAGES (default 1;
# 0 runs only the default build's tests), SIMULEE_BUILD_MATRIX (default 1;
# 0 skips the test mode's compile-only builds of every build type with gcc
# and clang-19, step 4).
set -eu

mode=${1:-run}
case $mode in
  run|test|deb) ;;
  *) echo "usage: sh scripts/setup.sh run|test|deb" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SIMULEE_BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# 1. Debian packages (apt only when something is missing).
PKGS="cmake make gcc g++ pkg-config llvm-19-dev clang-19 libgsl-dev libcunit1-dev
libjson-c-dev libxxhash-dev libzstd-dev zlib1g-dev oclgrind libclang-rt-19-dev dpkg-dev file
man-db libcub-dev libthrust-dev libcu++-dev libomp-19-dev libmpich-dev libopenblas-dev libfftw3-dev libsuitesparse-dev libjpeg62-turbo-dev bubblewrap"
missing=
for p in $PKGS; do
  if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$'; then
    missing="$missing $p"
  fi
done
if [ -n "$missing" ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "setup.sh: missing Debian packages:$missing -- run as root" >&2
    exit 1
  fi
  echo "setup.sh: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  # shellcheck disable=SC2086 # one word per package
  apt-get install -y --no-install-recommends $missing </dev/null
fi

# 2. Configure and build (warnings are errors when testing).
werror=OFF
[ "$mode" = test ] && werror=ON
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMULEE_WERROR=$werror
cmake --build "$build" -j "$jobs"

# 3. Run the example, or the tests.
if [ "$mode" = run ]; then
  cd "$root"
  # the main job: no launch given, simulee searches for the inputs itself
  echo "\$ simulee examples/reduce.cu"
  rc=0
  "$build/simulee" examples/reduce.cu || rc=$?
  echo "simulee exit status: $rc (0 no finding, 1 finding(s), 2 usage or input error, 3 incomplete)"
  # a finding (1) is the expected result of this buggy example
  [ "$rc" -le 1 ] || exit "$rc"
  # the same kernel with a fixed launch, printing the block sums it computed
  echo
  echo "\$ simulee examples/reduce.cu --grid 4 --block 256 --arg 'f32[1024]=1' --arg 'f32[4]' --arg 1024 --dump 1"
  rc=0
  "$build/simulee" examples/reduce.cu --grid 4 --block 256 \
    --arg 'f32[1024]=1' --arg 'f32[4]' --arg 1024 --dump 1 || rc=$?
  echo "simulee exit status: $rc"
  [ "$rc" -le 1 ] || exit "$rc"
elif [ "$mode" = deb ]; then
  sh "$root/scripts/deb_check.sh" "$build"
  echo "setup.sh: install it with: apt-get install $(ls "$build"/simulee_*.deb | tail -1)"
else
  ctest --test-dir "$build" --output-on-failure -j "$jobs"
  if [ "${CI:-}" = true ]; then
    sh "$root/scripts/deb_check.sh" --install "$build"
  fi

  # 4. Build matrix: every source compiled (not linked, not tested) as Debug,
  # RelWithDebInfo and Release with gcc and clang-19, warnings as errors (the
  # default build above is gcc RelWithDebInfo). SIMULEE_BUILD_MATRIX=0 skips it.
  if [ "${SIMULEE_BUILD_MATRIX:-1}" = 1 ]; then
    for cc in gcc clang-19; do
      for type in Debug RelWithDebInfo Release; do
        [ "$cc/$type" = gcc/RelWithDebInfo ] && continue
        dir=$root/build-matrix/$cc-$type
        echo "setup.sh: compile check, $cc $type"
        CC=$cc cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=$type -DSIMULEE_WERROR=ON >/dev/null
        if ! cmake --build "$dir" -j "$jobs" --target simulee_compile_check >"$dir/build.log" 2>&1
        then
          cat "$dir/build.log" >&2
          echo "setup.sh: the $cc $type build failed" >&2
          exit 1
        fi
      done
    done
  fi
  [ "${SIMULEE_SANITIZER_STAGES:-1}" = 1 ] || exit 0

  # 5. Sanitizer stage: ASan + UBSan (every UBSan report fatal), LeakSanitizer
  # on; the unit, command-line, untrusted-input and kernel tests (the kernel
  # tests check simulee_kcheck, tests/kernels/check.c, frees what it allocates),
  # and whole programs under `simulee run` (tests/apps: the runtime library is
  # built with the sanitizers and `simulee run` preloads their runtime into the
  # programs): the runtime's misuse, parameter and alignment programs and one
  # program per area of the runtime (streams, graphs, cuBLAS, cuRAND, copies),
  # and every way out of a program (tests/exits.cmake: exit, _exit, signals,
  # fork; the program's own SIGSEGV left to the runtime's handler).
  asan=${SIMULEE_ASAN_DIR:-$root/build-asan}
  echo "setup.sh: sanitizer stage (ASan+UBSan) in $asan"
  cmake -S "$root" -B "$asan" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMULEE_WERROR=ON -DSIMULEE_SANITIZE=ON >/dev/null
  cmake --build "$asan" -j "$jobs" --target simulee simulee_unit simulee_jsoncheck simulee_kcheck
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$asan" --output-on-failure -j "$jobs" \
      -R '^(unit|cli_|untrusted_|kernel_|exits_|apps_(stream_misuse|event_misuse|lib_misuse|array_misuse|blaslt|texture|bad_free|copy_direction|after_reset|big_param|misaligned|vector_add_O0|shift_oob_O0|streams|graph_|blas_O0|rand_O0|copies|launch_ex))'

  # 6. Fuzz stage: every harness of tests/fuzz/ for a fixed number of
  # executions (clang-19, -fsanitize=fuzzer,address,undefined).
  fuzz=${SIMULEE_FUZZ_DIR:-$root/build-fuzz}
  echo "setup.sh: fuzz stage in $fuzz"
  CC=clang-19 cmake -S "$root" -B "$fuzz" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSIMULEE_FUZZ=ON \
    >/dev/null
  cmake --build "$fuzz" -j "$jobs" --target simulee_fuzz
  sh "$root/tests/fuzz/run.sh" "$fuzz" runs "${FUZZ_RUNS:-4000}"
fi
