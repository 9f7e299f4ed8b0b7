#!/bin/sh
# The pre-commit hook's script (scripts/pre-commit-simulee.sh) as pre-commit
# runs it: the hook's args, then the changed .cu files; the project's
# simulee.supp is used without being named.
#   precommit_test.sh SIMULEE SRC
set -u
sim=$1 src=$2
hook=$src/scripts/pre-commit-simulee.sh
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; cat "$tmp/log"; fails=1; }
cd "$src/tests/projects/solver" || exit 99
SIMULEE=$sim "$hook" compile_commands.json -j 2 --no-color src/jacobi.cu src/dot.cu >"$tmp/log" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "two files: exit status $rc, expected 1"
grep -q "^src/dot.cu:2[56]:[0-9]*: error: data race" "$tmp/log" || fail "two files: the race of dot.cu"
grep -q "^simulee scan: 2 files, 4 kernels: 4 checked; 1 finding: 1 error, 0 warnings (2 suppressed)" "$tmp/log" ||
  fail "two files: simulee.supp not applied"
# only the suppressed file: clean
SIMULEE=$sim "$hook" compile_commands.json -j 2 src/jacobi.cu >"$tmp/log" 2>&1
rc=$?
[ "$rc" = 0 ] || fail "jacobi.cu: exit status $rc, expected 0"
grep -q "matched no finding" "$tmp/log" && fail "jacobi.cu: warning about unused suppressions"
# no .cu file changed: nothing runs
SIMULEE=/nonexistent "$hook" -j 2 >"$tmp/log" 2>&1
rc=$?
[ "$rc" = 0 ] && [ ! -s "$tmp/log" ] || fail "no file: exit status $rc, output"
# an explicit --suppressions wins over simulee.supp (here: none applies)
printf '# nothing\n' >"$tmp/empty.supp"
SIMULEE=$sim "$hook" compile_commands.json -j 2 --suppressions "$tmp/empty.supp" src/jacobi.cu \
  >"$tmp/log" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "explicit suppressions: exit status $rc, expected 1"
exit $fails
