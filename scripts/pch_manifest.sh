#!/bin/sh
# What a precompiled cuda_runtime.h depends on, for cli/compile.c to tell
# whether a file's -I/-D/-U flags could change it (then it compiles without):
#   pch_manifest.sh PCH CLANG CLANG-ARGS... HEADER
# runs the PCH's own clang command with -M and writes
#   PCH.deps    every header it reads (absolute paths, one per line)
#   PCH.idents  every identifier those headers contain (sorted, unique): a
#               macro that none of them names cannot change what they say
set -e
pch=$1 clang=$2
shift 2
"$clang" "$@" -M -MF "$pch.d" -o /dev/null 2>/dev/null
tr ' \\' '\n\n' <"$pch.d" | grep -v -e '^$' -e ':$' | sort -u >"$pch.deps.tmp"
tr '\n' '\0' <"$pch.deps.tmp" | xargs -0 cat | grep -oE '[A-Za-z_][A-Za-z0-9_]*' |
  LC_ALL=C sort -u >"$pch.idents.tmp"
mv "$pch.deps.tmp" "$pch.deps"
mv "$pch.idents.tmp" "$pch.idents"
rm -f "$pch.d"
