#!/bin/sh
# Run a command and check its exit status and output (used by tests/cli.cmake).
#   expect.sh [--code N] [--match ERE] [--stdout FILE] [--stdout-empty] -- CMD ARGS...
# --code N        the exit status must be N (default 0)
# --match ERE     stdout+stderr must contain a line matching ERE (grep -E);
#                 repeatable: every ERE must match
# --stdout FILE   stdout must equal FILE byte for byte
# --stdout-empty  stdout must be empty
# With an expected status of 2 (usage/input error) stderr must be exactly one
# line starting with "simulee: error: ".
code=0; want=; empty=0
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
: >"$tmp/match"
while [ $# -gt 0 ]; do
  case "$1" in
    --code) code=$2; shift 2 ;;
    --match) printf '%s\n' "$2" >>"$tmp/match"; shift 2 ;;
    --stdout) want=$2; shift 2 ;;
    --stdout-empty) empty=1; shift ;;
    --) shift; break ;;
    *) echo "expect.sh: bad option $1" >&2; exit 99 ;;
  esac
done
"$@" >"$tmp/out" 2>"$tmp/err" </dev/null
rc=$?
fail=0
show() { echo "--- command: $*"; echo "--- stdout:"; cat "$tmp/out"; echo "--- stderr:"; cat "$tmp/err"; }
if [ "$rc" != "$code" ]; then
  echo "FAIL: exit status $rc, expected $code"; fail=1
fi
cat "$tmp/out" "$tmp/err" >"$tmp/all"
while IFS= read -r match; do
  if ! grep -Eq -- "$match" "$tmp/all"; then
    echo "FAIL: no line matches /$match/"; fail=1
  fi
done <"$tmp/match"
if [ -n "$want" ] && ! cmp -s "$tmp/out" "$want"; then
  echo "FAIL: stdout differs from $want:"; diff "$want" "$tmp/out" | head -20; fail=1
fi
if [ "$empty" = 1 ] && [ -s "$tmp/out" ]; then
  echo "FAIL: stdout is not empty"; fail=1
fi
if [ "$code" = 2 ]; then
  lines=$(wc -l <"$tmp/err")
  if [ "$lines" != 1 ] || ! head -n 1 "$tmp/err" | grep -q '^simulee: error: '; then
    echo "FAIL: stderr must be one 'simulee: error: ' line, got $lines lines"; fail=1
  fi
fi
if [ "$fail" != 0 ]; then show "$@"; exit 1; fi
exit 0
