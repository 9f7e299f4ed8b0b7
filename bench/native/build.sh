#!/bin/sh
# Build a CUDA program's source for the host CPU with clang (the native
# reference of bench/apps.sh; bench/native/README.md):
#   sh bench/native/build.sh -o PROG FILE.cu|FILE.cpp...
# Each .cu is copied with its launches `k<<<G, B>>>(` rewritten to
# `simnat::launch<k>(G, B)(` (the only change; `#line` keeps the file's own
# names and lines in diagnostics) and compiled as C++17 at -O2 with
# cuda_native.h force-included; .cpp/.cc files are compiled as they are.
# shellcheck disable=SC2086 # FLAGS and the object list are words
set -eu
D=$(cd "$(dirname "$0")" && pwd)
CXX=${CXX:-clang++-19}
FLAGS=${SIMNAT_CXXFLAGS:--O2}
if [ "${1:-}" != -o ] || [ $# -lt 3 ]; then echo "usage: build.sh -o PROG FILE..." >&2; exit 2; fi
out=$2
shift 2
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# SIMNAT_SUPPORT=FILE.o: the support library compiled once (made if missing),
# as a CUDA program links a runtime built beforehand.
sup=${SIMNAT_SUPPORT:-$T/support.o}
[ -f "$sup" ] || "$CXX" -std=c++17 $FLAGS -I"$D" -c "$D/cuda_native.cpp" -o "$sup"
objs=$sup
i=0
for f in "$@"; do
  i=$((i + 1))
  case $f in
    *.cu)
      { printf '#line 1 "%s"\n' "$f"
        sed -E 's/([A-Za-z_][A-Za-z0-9_:]*(<[^<>;]*>)?)[[:space:]]*<<<([^;]*)>>>[[:space:]]*\(/simnat::launch<\1>(\3)(/g' "$f"
      } >"$T/$i.cpp"
      "$CXX" -std=c++17 $FLAGS -x c++ -include "$D/cuda_native.h" -I"$D/include" \
        -I"$(dirname "$f")" -c "$T/$i.cpp" -o "$T/$i.o" ;;
    *) "$CXX" -std=c++17 $FLAGS -c "$f" -o "$T/$i.o" ;;
  esac
  objs="$objs $T/$i.o"
done
"$CXX" $objs -o "$out"
