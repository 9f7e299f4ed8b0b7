#!/bin/sh
# simulee set-up for a fresh Debian bookworm machine (run as root from the
# root of a clone; the two commands of README.md):
#   sh scripts/setup.sh run    install what is missing, build, run simulee on
#                              examples/reduce.cu and print its result
#   sh scripts/setup.sh test   install what is missing, build, run every test
#                              (ctest)
# Environment: SIMULEE_BUILD_DIR (default: build), JOBS (default: nproc).
set -eu

mode=${1:-run}
case $mode in
  run|test) ;;
  *) echo "usage: sh scripts/setup.sh run|test" >&2; exit 2 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
build=${SIMULEE_BUILD_DIR:-$root/build}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}

# 1. Debian packages (apt only when something is missing).
PKGS="cmake make gcc g++ pkg-config llvm-19-dev clang-19 libgsl-dev libcunit1-dev
libjson-c-dev libxxhash-dev libzstd-dev zlib1g-dev oclgrind
libcub-dev libthrust-dev libcu++-dev"
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

# 2. Configure and build.
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo
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
else
  ctest --test-dir "$build" --output-on-failure -j "$jobs"
fi
