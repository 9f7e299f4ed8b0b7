#!/bin/sh
# Build the inputs of the CLI tests (tests/cli.cmake):
#   make_inputs.sh OUTDIR SRCDIR CLANG FLAGS...
# tiny.bc      tests/cli/tiny.cu compiled with the project's CUDA flags, -O2
# truncated.bc its first 256 bytes (valid magic, cut mid-stream)
# notbc.bc     a text file with a .bc name
set -e
out=$1; src=$2; clang=$3; shift 3
mkdir -p "$out"
"$clang" "$@" -O2 "$src/tiny.cu" -o "$out/tiny.bc"
head -c 256 "$out/tiny.bc" >"$out/truncated.bc"
printf 'this is not LLVM bitcode\n' >"$out/notbc.bc"
