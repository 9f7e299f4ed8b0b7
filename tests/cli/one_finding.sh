#!/bin/sh
# one_finding.sh ERE COMMAND...: the command exits 1 (a finding) and prints
# exactly one ': error: ' line, which matches ERE.
ere=$1; shift
out=$("$@" 2>&1)
rc=$?
n=$(printf '%s\n' "$out" | grep -c ': error: ')
if [ "$rc" = 1 ] && [ "$n" = 1 ] && printf '%s\n' "$out" | grep -Eq -- "$ere"; then
  exit 0
fi
printf '%s\n' "$out"
echo "FAIL: exit status $rc (want 1), $n error lines (want 1 matching /$ere/)"
exit 1
