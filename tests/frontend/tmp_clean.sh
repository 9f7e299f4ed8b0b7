#!/bin/sh
# Run simulee with a private TMPDIR and check that it leaves nothing there
# (the rewritten copies of spaced-chevron files, the bitcode).
#   tmp_clean.sh EXPECTED-STATUS SIMULEE ARGS...
want=$1
shift
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/t"
TMPDIR="$tmp/t" "$@" >"$tmp/out" 2>&1
rc=$?
left=$(ls -A "$tmp/t")
if [ "$rc" = "$want" ] && [ -z "$left" ]; then exit 0; fi
echo "FAIL: status $rc (expected $want), left in TMPDIR: $left"
cat "$tmp/out"
exit 1
