#!/bin/sh
# one_warning.sh ERE COMMAND...: the command exits 0 and prints exactly one
# ': warning: ' line, and a line matching ERE.
ere=$1; shift
out=$("$@" 2>&1)
rc=$?
n=$(printf '%s\n' "$out" | grep -c ': warning: ')
if [ "$rc" = 0 ] && [ "$n" = 1 ] && printf '%s\n' "$out" | grep -Eq -- "$ere"; then
  exit 0
fi
printf '%s\n' "$out"
echo "FAIL: exit status $rc (want 0), $n warning lines (want 1), a line matching /$ere/"
exit 1
