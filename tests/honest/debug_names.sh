#!/bin/sh
# Parameter names of a .bc built without value names (tests/honest.cmake):
#   debug_names.sh SIMULEE SRCDIR OUTDIR CLANG FLAGS...
# FLAGS are the project's device flags; this drops -fno-discard-value-names
# and -gline-tables-only and builds at -O0 with -g (the names then live only
# in the debug info) and with -gline-tables-only (no name anywhere: argN).
set -u
sim=$1; src=$2; out=$3; clang=$4; shift 4
mkdir -p "$out" || exit 99
flags=
for f in "$@"; do
  case $f in -fno-discard-value-names|-gline-tables-only) ;; *) flags="$flags '$f'" ;; esac
done
fail() { echo "FAIL: $*"; exit 1; }
check() { # check G FILE ARGS... -- WANT
  g=$1; file=$2; shift 2
  bc=$out/$(basename "$file" .cu)$g.bc
  eval "\"$clang\" $flags $g -O0 \"$src/$file\" -o \"$bc\"" || fail "clang $file $g"
  args=; while [ "$1" != -- ]; do args="$args '$1'"; shift; done; shift
  rep=$(eval "\"$sim\" \"$bc\" $args --no-color" 2>&1); rc=$?
  [ "$rc" = 1 ] || fail "$file $g: exit $rc: $rep"
  printf '%s\n' "$rep" | grep -q -- "$1" || fail "$file $g: no line with '$1': $rep"
}
check -g shift_left.cu --grid 1 --block 32 --arg 'f32[32]' --arg 'f32[32]' --arg 32 \
  -- "error: out-of-bounds access (global memory) at buffer 'sift2'\[-1\]$"
check -g csr_degree.cu --grid 1 --block 32 --arg 'i32[9]=list:0,1,2,3,4,5,6,7,7' \
  --arg 'i32[7]=iota' --arg 'i32[8]' --arg 'i32[8]' --arg 8 \
  -- "error: out-of-bounds access (global memory) at buffer 'nlist'\[7\]$"
check -gline-tables-only shift_left.cu --grid 1 --block 32 --arg 'f32[32]' --arg 'f32[32]' \
  --arg 32 -- "error: out-of-bounds access (global memory) at buffer 'arg0'\[-1\]$"
echo ok
